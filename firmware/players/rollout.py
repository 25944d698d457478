"""Fast playouts inside one imagined world (a full :class:`HandState`).

The hard level scores a candidate card in a sampled world by playing the
rest of the hand with :func:`policy_card`, a cheap version of the normal
rules on bitmasks that may look at every hand of *that world* (the world is
imagined, so this is no peeking at the real table). The policy is
deterministic: the same world answers every candidate card with the same
strategy, so the difference between two cards in one world is due to the
cards, not to noise (common random numbers).
"""

from __future__ import annotations

from collections.abc import Callable

from firmware.engine import (
    RANK,
    SUIT,
    THIRDS,
    TRESSETTE_VALUES,
    Card,
    CardMask,
    HandState,
    card_list,
)
from firmware.engine.moves import apply_unchecked

_DECLARING_WINDOWS = frozenset({"turn", "first_card", "first_trick"})


_LEAD_KEY = tuple(THIRDS[c] * 16 - RANK[c] for c in range(len(THIRDS)))
"""Per card, (thirds, -rank) in one number (ranks are below 16), compared as the pair:
the order of :func:`cheapest` (fewest thirds, aces last, the weakest) and of
:func:`sure_lead` (the richest, the strongest)."""

_RICH_KEY = tuple(-(THIRDS[c] * 16 + RANK[c]) for c in range(len(THIRDS)))
"""Per card, (thirds, rank) in one number, turned: least first is the order of :func:`richest`."""

_WEAK_KEY = tuple(-RANK[c] for c in range(len(THIRDS)))
"""Per card, its rank turned: least first is the order of :func:`weakest`."""


def _least_by(key: tuple[int, ...], name: str, doc: str) -> Callable[[CardMask], Card]:
    """The function giving the card of a mask with the least ``key`` (the lowest card id of
    equals; -1 for an empty mask). Made once per order instead of written once per order:
    the key is the closure's, so a pick costs no more than a loop written out."""

    def pick(mask: CardMask) -> Card:
        best, least = -1, 1 << 30
        while mask:
            low = mask & -mask
            c = low.bit_length() - 1
            mask ^= low
            k = key[c]
            if k < least:
                best, least = c, k
        return best

    pick.__name__ = pick.__qualname__ = name
    pick.__doc__ = doc
    return pick


cheapest = _least_by(_LEAD_KEY, "cheapest", "Fewest thirds, aces last, then the weakest card.")
richest = _least_by(
    _RICH_KEY, "richest",
    "Most thirds, then the weakest of them (the strong ones kept): what loads a trick "
    "the partner holds for sure.",
)  # fmt: skip
weakest = _least_by(_WEAK_KEY, "weakest", "The weakest card (the highest rank number).")


def avoid_points_card(legal: CardMask, trick: list[Card], suit_masks: tuple[CardMask, ...]) -> Card:
    """Ciapanò (points count against you): duck under the trick with the highest card that
    still loses; when it must win, win with the highest; when void, throw the richest."""
    if not trick:
        return weakest_overall(legal)
    best = trick[0]
    for c in trick[1:]:
        if SUIT[c] == SUIT[best] and RANK[c] < RANK[best]:
            best = c
    lead = suit_masks[SUIT[trick[0]]]
    if not legal & lead:
        return max(card_list(legal), key=lambda c: (THIRDS[c], -RANK[c]))
    losers = legal & ~((1 << best) - 1) & suit_masks[SUIT[best]]
    if losers:
        return min(card_list(losers), key=lambda c: RANK[c])
    return min(card_list(legal), key=lambda c: RANK[c])


def weakest_overall(mask: CardMask) -> Card:
    return max(card_list(mask), key=lambda c: (RANK[c], -THIRDS[c]))




def policy_card(s: HandState, counting_model: bool = False) -> Card:
    """The policy's card for the seat to move. ``counting_model``: in games of more than
    two seats, judge sure winners as a card counter at the seat would (against every
    card it cannot see, the partner's shown cards excepted) instead of from the world's
    open hands: the model of the other seats that :func:`world_weight` replays."""
    legal = s.legal_mask()
    if legal & (legal - 1) == 0:
        return legal.bit_length() - 1
    if s.variant.inverted:
        return avoid_points_card(legal, s.trick, s.suit_masks)
    if not s.follows:
        return briscola_card(s, legal)
    if s.trump is not None and not counting_model:
        # Briscola (the trump known to all, seed 001): sure winners judged against the
        # trumps of the seats void in the suit too.
        return _trump_follow(s, legal) if s.trick else _trump_lead(s, legal)
    counting = counting_model and s.n > 2
    if not s.trick:
        # Lead a sure winner, the richest; else the cheapest card.
        opp = _rivals(s) if counting else _opponents(s)
        c = sure_lead(legal, opp, s.suit_masks)
        return c if c >= 0 else cheapest(legal)
    return _follow_card(s, legal, counting)


def _opponents(s: HandState) -> CardMask:
    """Every card the other side holds in the world."""
    side_of = s.hand_sides.__getitem__
    my_side = side_of(s.to_move)
    opp = 0
    for p in range(s.n):
        if side_of(p) != my_side:
            opp |= s.hands[p]
    return opp


def _rivals(s: HandState) -> CardMask:
    """What a card counter at the seat to move counts as possibly against it: any card
    not in its hand may be anywhere (the partner's shown cards excepted)."""
    me = s.to_move
    side_of = s.hand_sides.__getitem__
    my_side = side_of(me)
    rivals = 0
    for p in range(s.n):
        if p != me:
            rivals |= s.hands[p] & ~(s.known[p] if side_of(p) == my_side else 0)
    return rivals


def sure_lead(legal: CardMask, opp: CardMask, suit_masks: tuple[CardMask, ...]) -> Card:
    """The richest card of ``legal`` (the weakest of equals) that no card of ``opp`` can
    beat, in a game without trump; -1 when there is none."""
    best, key = -1, -1 << 30
    m = legal
    while m:
        low = m & -m
        c = low.bit_length() - 1
        m ^= low
        if not opp & suit_masks[SUIT[c]] & (low - 1):
            k = _LEAD_KEY[c]
            if k > key:
                best, key = c, k
    return best


def sure_take(winners: CardMask, later_opp: CardMask, suit_mask: CardMask, trick: list[Card]) -> Card:
    """The weakest card of ``winners`` (which take the trick now) that no card of
    ``later_opp`` (the opponents still to play) can beat in ``suit_mask``, the suit that
    holds the trick, unless the trick is blank and that card is worth a third; -1: none."""
    if later_opp:
        sure = 0
        m = winners
        while m:
            low = m & -m
            m ^= low
            if not later_opp & suit_mask & (low - 1):
                sure |= low
        if not sure:
            return -1
        winners = sure
    w = weakest(winners)
    if THIRDS[w] != 1:
        return w
    for c in trick:
        if THIRDS[c]:
            return w
    return -1


def _follow_card(s: HandState, legal: CardMask, counting: bool) -> Card:
    """:func:`policy_card` for a seat that follows, in a game without trump (or in the
    counting model): load the partner's sure trick, take a trick cheaply, else the
    cheapest card."""
    n = s.n
    side_of = s.hand_sides.__getitem__
    my_side = side_of(s.to_move)
    suit_masks = s.suit_masks
    trick = s.trick
    bi = s.trick_winner_index(trick)
    best = trick[bi]
    pos = len(trick)
    later_opp = 0
    for i in range(pos + 1, n):
        p = (s.leader + i) % n
        if side_of(p) != my_side:
            later_opp |= s.hands[p]
    if counting and pos < n - 1:
        later_opp = _rivals(s)
    suit = SUIT[best]
    higher_than = suit_masks[suit] & ((1 << best) - 1)
    if side_of((s.leader + bi) % n) == my_side:
        if not later_opp & higher_than:
            # Partner holds the trick for sure: load it.
            return richest(legal)
        return cheapest(legal)
    winners = legal & higher_than
    trump = s.trump
    if trump is not None and suit != trump and not legal & suit_masks[SUIT[trick[0]]]:
        winners |= legal & suit_masks[trump]  # briscola: a trump takes it
    if winners:
        w = sure_take(winners, later_opp, suit_masks[suit], trick)
        if w >= 0:
            return w
    return cheapest(legal)


def _beats_later(c: Card, led: int, trump: int, seats: list[CardMask], sm: tuple[CardMask, ...]) -> bool:
    """Briscola: one of ``seats`` (the hands still to play to this trick) can beat ``c``,
    which leads the trick now, in a trick led in suit ``led``: a higher card of ``c``'s suit
    played by a seat that follows it (or that trumps), or a trump from a seat void in
    the led suit when ``c`` is no trump."""
    suit = SUIT[c]
    higher = sm[suit] & ((1 << c) - 1)
    for h in seats:
        follows = h & sm[led]
        if suit == led:
            if follows & higher:
                return True
            if not follows and suit != trump and h & sm[trump]:
                return True
        elif suit == trump and not follows and h & higher:
            return True
    return False


def _trump_lead(s: HandState, legal: CardMask) -> Card:
    """Briscola's lead: the richest card no opponent can follow higher or trump, else
    the cheapest card, a trump last (it may take a rich trick later)."""
    sides = s.hand_sides
    my_side = sides[s.to_move]
    sm = s.suit_masks
    trump = s.trump
    assert trump is not None
    opps = [s.hands[p] for p in range(s.n) if sides[p] != my_side]
    best, key = -1, -1 << 30
    m = legal
    while m:
        low = m & -m
        c = low.bit_length() - 1
        m ^= low
        if not _beats_later(c, SUIT[c], trump, opps, sm):
            k = _LEAD_KEY[c]
            if k > key:
                best, key = c, k
    if best >= 0:
        return best
    plain = legal & ~sm[trump]
    return cheapest(plain or legal)


def _trump_follow(s: HandState, legal: CardMask) -> Card:
    """Briscola's follower: load the partner's trick only if no later opponent can take
    it; take a trick with the cheapest sure winner (a trump only for two thirds or more);
    else the cheapest card, a trump last."""
    n = s.n
    sides = s.hand_sides
    my_side = sides[s.to_move]
    sm = s.suit_masks
    trump = s.trump
    assert trump is not None
    trick = s.trick
    led = SUIT[trick[0]]
    bi = s.trick_winner_index(trick)
    best = trick[bi]
    best_seat = (s.leader + bi) % n
    pos = len(trick)
    later_opps = [s.hands[(s.leader + i) % n] for i in range(pos + 1, n) if sides[(s.leader + i) % n] != my_side]
    if sides[best_seat] == my_side:
        if not _beats_later(best, led, trump, later_opps, sm):
            return richest(legal & ~sm[trump] or legal)
        return cheapest(legal & ~sm[trump] or legal)
    winners = 0
    m = legal
    while m:
        low = m & -m
        c = low.bit_length() - 1
        m ^= low
        if s.trick_winner_index([best, c]) == 1:
            winners |= low
    value = 0
    for c in trick:
        value += THIRDS[c]
    if winners:
        sure = 0
        m = winners
        while m:
            low = m & -m
            m ^= low
            if not _beats_later(low.bit_length() - 1, led, trump, later_opps, sm):
                sure |= low
        if sure:
            # The cheapest sure winner: a card of the suit before a trump, the weakest.
            w = weakest(sure & ~sm[trump] or sure)
            if SUIT[w] == trump:
                if value >= 2:  # a trump only for a trick worth two thirds or more
                    return w
            elif value >= 1 or THIRDS[w] != 1:
                return w
    plain = legal & ~sm[trump]
    return cheapest(plain or legal)


def _briscola_cheap_key(s: HandState, c: Card) -> tuple[bool, int, int]:
    """Briscola: what a card costs to give away: a trump last, then its points, the
    strongest last (RULES.md §3.8: the game's own order and count)."""
    return (SUIT[c] == s.trump, s.worth[c], -s.strength[c])


def briscola_card(s: HandState, legal: CardMask) -> Card:
    """Briscola's policy (no suit to follow, a trump): lead the cheapest card; behind an
    opponent, take a trick with the richest card of its suit that wins for sure, with the
    cheapest sure trump when the trick holds ten points or more, else give the cheapest;
    behind a partner who holds the trick for sure, load it with the richest plain card."""
    cards = card_list(legal)
    if not s.trick:
        return min(cards, key=lambda c: _briscola_cheap_key(s, c))
    n = s.n
    sides = s.hand_sides
    me = s.to_move
    later = [s.hands[(s.leader + i) % n] for i in range(len(s.trick) + 1, n)
             if sides[(s.leader + i) % n] != sides[me]]
    bi = s.trick_winner_index(s.trick)
    best = s.trick[bi]

    def holds(c: Card) -> bool:
        """No later opponent's card takes a trick ``c`` holds."""
        return not any(s.trick_winner_index([c, x]) == 1 for h in later for x in card_list(h))

    if sides[(s.leader + bi) % n] == sides[me]:
        if holds(best):
            plain = [c for c in cards if SUIT[c] != s.trump] or cards
            return max(plain, key=lambda c: (s.worth[c], s.strength[c]))
        return min(cards, key=lambda c: _briscola_cheap_key(s, c))
    value = sum(s.worth[c] for c in s.trick)
    takers = [c for c in cards if s.trick_winner_index([best, c]) == 1 and holds(c)]
    plain = [c for c in takers if SUIT[c] != s.trump]
    if plain:
        return max(plain, key=lambda c: (s.worth[c], s.strength[c]))
    trumps = [c for c in takers if SUIT[c] == s.trump]
    if trumps and value >= 30:  # ten points or more: worth a trump
        return min(trumps, key=lambda c: (s.worth[c], -s.strength[c]))
    return min(cards, key=lambda c: _briscola_cheap_key(s, c))


def declare_now(s: HandState, seen: list[CardMask] | None = None) -> None:
    """In a playout: make every declaration that is open now (declaring is always worth it).

    ``seen`` (a playout's own, one mask a seat, 0 at first): the hand each seat held when
    it last looked with its window open at its turn (treschetten's "turn" window). Unless
    a 3, 2 or ace (the cards every combination needs) came into the hand since, it holds
    nothing new to declare: what it could declare then was declared, a declaration is
    never made twice (nor a three after its four), and a napoletana is declared with
    the run it has when its 3-2-A are first held; so the look is skipped (the same
    declarations: a test plays both ways)."""
    v = s.variant
    if not v.accusi:
        return
    window = v.preset.declare_window
    if window in _DECLARING_WINDOWS:
        if window != "turn" and s.tricks:
            return  # first_card / first_trick: the window closed with trick 1
        seats = [s.to_move]
    elif window == "after_first_trick" and len(s.tricks) == 1 and not s.trick:
        seats = list(range(s.n))
    else:
        return
    for seat in seats:
        held = s.hands[seat]
        looked = seen is not None and window == "turn" and s.declare_window(seat) is None
        if looked and seen is not None:
            fresh = held & ~seen[seat] & _DECLARABLE
            seen[seat] = held
            if not fresh:
                continue
        if _combo_possible(s, seat):
            for d in s.possible_declarations(seat):
                if d.kind == "three" and any(
                    e.kind == "four" and e.rank == d.rank for e in s.possible_declarations(seat)
                ):
                    continue
                try:
                    apply_unchecked(s, d)
                except ValueError:
                    continue


_DECLARABLE = sum(1 << c for c in range(len(RANK)) if RANK[c] <= 2)
"""The cards of the ranks every declaration needs (3, 2, A; Bavarian 10, 9, A)."""


def _combo_possible(s: HandState, seat: int) -> bool:
    """Cheap pre-check: a declaration needs three cards of rank 3, 2 or A."""
    held = s.hands[seat]
    k = 0
    while held:
        low = held & -held
        held ^= low
        if RANK[low.bit_length() - 1] <= 2:
            k += 1
            if k >= 3:
                return True
    return False


def distinct_legal(s: HandState) -> list[Card]:
    """The legal cards of the seat to move, one of each group that plays alike: same
    suit, same thirds, and no card of another hand or of the trick between them in rank
    (a card of the trick between them: one of them takes it, the other not)."""
    me = s.to_move
    outside = 0
    for p in range(s.n):
        if p != me:
            outside |= s.hands[p]
    for c in s.trick:
        outside |= 1 << c
    if s.worth is not TRESSETTE_VALUES.thirds:
        # another game's order and count (Briscola): the id order is not its rank order,
        # so no two cards are taken as alike (a hand of three is searched whole).
        return card_list(s.legal_mask())
    return distinct_cards(s.legal_mask(), outside)


def distinct_cards(legal: int, outside: int) -> list[Card]:
    """The cards of ``legal``, one of each group that plays alike (same suit, same thirds,
    no card of ``outside`` between them in rank): the stronger one is kept."""
    out: list[Card] = []
    prev = -1
    m = legal
    while m:
        low = m & -m
        c = low.bit_length() - 1
        m ^= low
        if (
            prev >= 0
            and SUIT[prev] == SUIT[c]
            and THIRDS[prev] == THIRDS[c]
            and not outside & ((low - 1) & ~((1 << (prev + 1)) - 1))
        ):
            continue  # plays exactly like the stronger card just kept
        out.append(c)
        prev = c
    return out


def playout(s: HandState) -> None:
    """Play ``s`` to the end of the hand with the policy (in place)."""
    declaring = s.variant.accusi and s.variant.preset.declare_window not in ("start", "none")
    seen = [0] * s.n
    while not s.over:
        if declaring:
            declare_now(s, seen)
        s.play_fast(policy_card(s))


def side_score(s: HandState, side: int) -> int:
    """Thirds of ``side``'s tricks plus its declarations (3 thirds a point)."""
    sides = s.hand_sides
    total = 0
    for seat in range(s.n):
        if sides[seat] == side:
            total += s.thirds[seat]
    for d in s.declarations:
        if sides[d.seat] == side:
            total += 3 * d.points
    return total


def margin(s: HandState, side: int) -> float:
    """``side``'s score minus the others' (their mean when there are several).

    In Ciapanò the points count against you, so the margin changes sign.
    """
    n_sides = max(s.hand_sides) + 1
    mine = side_score(s, side)
    others = sum(side_score(s, x) for x in range(n_sides) if x != side)
    m = mine - others / (n_sides - 1)
    return -m if s.variant.inverted else m


def lean_eligible(s: HandState) -> bool:
    """Two seats, no trump, not inverted, no declarations during play: the lean playout
    plays exactly what :func:`playout` would (a test checks it), about three times faster."""
    v = s.variant
    return (
        s.n == 2
        and s.trump is None
        and not v.inverted
        and not s.widow
        and s.pending is None
        and (not v.accusi or v.preset.declare_window in ("start", "none"))
    )


def lean_playout(s: HandState) -> list[int]:
    """The thirds per seat at the end of the hand when both seats follow the policy.

    Its own loop on two bitmasks and the talon, without the engine's bookkeeping
    (tricks, draws, voids); ``s`` is not changed.
    """
    h0, h1 = s.hands[0], s.hands[1]
    talon = s.talon
    pos = s.talon_pos
    n_tal = len(talon)
    th = s.thirds[:]
    leader = s.leader
    pending = s.trick[0] if s.trick else -1
    sm = s.suit_masks
    suit_of, thirds_of = SUIT, THIRDS
    while True:
        if pending < 0:
            hand, opp = (h0, h1) if leader == 0 else (h1, h0)
            if not hand:
                break
            # lead: the richest sure winner, else the cheapest card
            a = sure_lead(hand, opp, sm)
            if a < 0:
                a = cheapest(hand)
            if leader == 0:
                h0 &= ~(1 << a)
            else:
                h1 &= ~(1 << a)
        else:
            a = pending
            pending = -1
        fhand = h1 if leader == 0 else h0
        follow = fhand & sm[suit_of[a]]
        legal = follow or fhand
        b = -1
        winners = legal & sm[suit_of[a]] & ((1 << a) - 1)
        if winners:
            w = weakest(winners)
            if thirds_of[a] >= 1 or thirds_of[w] != 1:
                b = w
        if b < 0:
            b = legal.bit_length() - 1 if legal & (legal - 1) == 0 else cheapest(legal)
        if leader == 0:
            h1 &= ~(1 << b)
        else:
            h0 &= ~(1 << b)
        winner = 1 - leader if (winners >> b) & 1 else leader
        th[winner] += thirds_of[a] + thirds_of[b]
        leader = winner
        if pos < n_tal:
            card = talon[pos]
            pos += 1
            if winner == 0:
                h0 |= 1 << card
            else:
                h1 |= 1 << card
            if pos < n_tal:
                card = talon[pos]
                pos += 1
                if winner == 0:
                    h1 |= 1 << card
                else:
                    h0 |= 1 << card
        if not h0 and not h1:
            th[winner] += 3
            break
    return th


_DUCK_LEAD_KEY = tuple(THIRDS[c] - RANK[c] * 16 for c in range(len(THIRDS)))
"""Per card, (-rank, thirds) in one number: least first is :func:`weakest_overall`'s card
(the weakest rank, then the fewest thirds), the lowest card id of equals."""

_DUMP_KEY = tuple(RANK[c] - THIRDS[c] * 16 for c in range(len(THIRDS)))
"""Per card, (-thirds, rank) in one number: least first is the richest card, the strongest
of equals: what :func:`avoid_points_card` throws away when it cannot follow."""

duck_lead = _least_by(_DUCK_LEAD_KEY, "duck_lead", "The weakest card, the fewest thirds of equals (Ciapanò's lead).")
dump = _least_by(_DUMP_KEY, "dump", "The richest card, the strongest of equals (Ciapanò, void in the suit led).")


def lean_avoid_eligible(s: HandState) -> bool:
    """Two-handed Ciapanò (points count against the taker), no talon, widow or trump: the
    lean loop plays exactly what :func:`playout` would (a test checks it)."""
    return (
        s.n == 2
        and s.variant.inverted
        and s.trump is None
        and not s.talon_left
        and not s.widow
        and s.pending is None
        and not s.variant.accusi
    )


def lean_avoid_playout(s: HandState) -> list[int]:
    """The thirds per seat at the end of a two-handed Ciapanò hand when both seats follow
    :func:`avoid_points_card`, on two bitmasks; ``s`` is not changed. The leaves of the
    one world's search (:mod:`firmware.players.known`) are these playouts."""
    h0, h1 = s.hands[0], s.hands[1]
    th = s.thirds[:]
    leader = s.leader
    pending = s.trick[0] if s.trick else -1
    sm = s.suit_masks
    suit_of, thirds_of = SUIT, THIRDS
    winner = leader
    while True:
        if pending < 0:
            hand = h0 if leader == 0 else h1
            if not hand:
                break
            a = duck_lead(hand)
            if leader == 0:
                h0 &= ~(1 << a)
            else:
                h1 &= ~(1 << a)
        else:
            a = pending
            pending = -1
        fhand = h1 if leader == 0 else h0
        suit = sm[suit_of[a]]
        follow = fhand & suit
        if not follow:
            b = dump(fhand)
            winner = leader
        else:
            losers = follow & ~((1 << a) - 1)  # weaker than the card led: the higher ids
            if losers:
                b = (losers & -losers).bit_length() - 1  # the strongest card that still loses
                winner = leader
            else:
                b = (follow & -follow).bit_length() - 1  # must win: with the strongest
                winner = 1 - leader
        if leader == 0:
            h1 &= ~(1 << b)
        else:
            h0 &= ~(1 << b)
        th[winner] += thirds_of[a] + thirds_of[b]
        leader = winner
        if not h0 and not h1:
            th[winner] += 3
            break
    return th


def playout_margin(s: HandState, side: int) -> float:
    """Finish ``s`` with the policy and return ``side``'s margin (``s`` may be consumed)."""
    if lean_avoid_eligible(s):
        th = lean_avoid_playout(s)
        return float(th[1 - side] - th[side])  # points count against the taker
    if lean_eligible(s):
        th = lean_playout(s)
        decl = [0, 0]
        for d in s.declarations:
            decl[s.hand_sides[d.seat]] += 3 * d.points
        mine = th[side] + decl[side]
        other = th[1 - side] + decl[1 - side]
        return float(mine - other)
    declaring = s.variant.accusi and s.variant.preset.declare_window not in ("start", "none")
    seen = [0] * s.n
    while not s.over and not lean4_eligible(s):
        # The engine's path until the accusi windows close (then the lean loop), or to the end.
        if declaring:
            declare_now(s, seen)
        s.play_fast(policy_card(s))
    if not s.over:
        th = lean4_playout(s)
        decl = [0, 0]
        for d in s.declarations:
            decl[s.hand_sides[d.seat]] += 3 * d.points
        mine = th[side] + th[side + 2] + decl[side]
        other = th[1 - side] + th[3 - side] + decl[1 - side]
        return float(mine - other)
    return margin(s, side)


def lean4_eligible(s: HandState) -> bool:
    """Four seats in two partnerships, no talon, no trump, not inverted, and no accuso
    still possible: :func:`lean4_playout` plays exactly what :func:`playout` would."""
    v = s.variant
    if s.n != 4 or s.talon_left or s.trump is not None or v.inverted or s.widow or s.pending:
        return False
    if s.hand_sides != (0, 1, 0, 1):
        return False
    if v.accusi:
        window = v.preset.declare_window
        if window in ("first_card", "first_trick") and not s.tricks:
            return False
        if window == "after_first_trick" and len(s.tricks) <= 1:
            return False
        if window == "turn":
            return False
    return True


def lean4_playout(s: HandState) -> list[int]:
    """The thirds per seat at the end of the hand when all four follow the policy, on
    bitmasks only (``s`` is not changed)."""
    hands = s.hands[:]
    th = s.thirds[:]
    leader = s.leader
    trick = s.trick[:]
    sm = s.suit_masks
    suit_of, rank_of, thirds_of = SUIT, RANK, THIRDS
    while True:
        pos = len(trick)
        me = (leader + pos) & 3
        hand = hands[me]
        legal = (hand & sm[suit_of[trick[0]]] or hand) if pos else hand
        if legal & (legal - 1) == 0:
            c = legal.bit_length() - 1
        elif not pos:
            c = sure_lead(legal, hands[(me + 1) & 3] | hands[(me + 3) & 3], sm)
            if c < 0:
                c = cheapest(legal)
        else:
            bi = 0
            for i in range(1, pos):
                if suit_of[trick[i]] == suit_of[trick[bi]] and rank_of[trick[i]] < rank_of[trick[bi]]:
                    bi = i
            best = trick[bi]
            partner_best = (bi - pos) % 2 == 0
            later_opp = 0
            for i in range(pos + 1, 4):
                if (i - pos) % 2 == 1:
                    later_opp |= hands[(leader + i) & 3]
            higher_than = sm[suit_of[best]] & ((1 << best) - 1)
            if partner_best:
                c = cheapest(legal) if later_opp & higher_than else richest(legal)
            else:
                winners = legal & higher_than
                c = sure_take(winners, later_opp, sm[suit_of[best]], trick) if winners else -1
                if c < 0:
                    c = cheapest(legal)
        hands[me] = hand & ~(1 << c)
        trick.append(c)
        if len(trick) == 4:
            bi = 0
            lead_suit = suit_of[trick[0]]
            for i in range(1, 4):
                if suit_of[trick[i]] == lead_suit and rank_of[trick[i]] < rank_of[trick[bi]]:
                    bi = i
            winner = (leader + bi) & 3
            th[winner] += thirds_of[trick[0]] + thirds_of[trick[1]] + thirds_of[trick[2]] + thirds_of[trick[3]]
            leader = winner
            trick = []
            if not (hands[0] | hands[1] | hands[2] | hands[3]):
                th[winner] += 3
                return th
