"""Imagining the hidden cards: one full :class:`HandState` consistent with a view.

``determinize(view, rng)`` deals the cards this seat cannot place (the
view's ``unseen``) into the other hands' hidden places, the talon and the
cards aside, so that every public fact still holds:

- each seat holds its shown cards (draws shown, declared cards) and exactly
  ``hand_count`` cards;
- a seat that failed to follow a suit holds none of it face down, unless it drew
  a card face down after the last such trick (then it may have drawn one of the
  suit); the view's voids (public, true: firmware/engine/view.py) hold outright;
- a seat that declared a three of a kind does not hold the fourth card (the
  missing suit), unless it drew face down since (it might have drawn it);
- partners' *volo* signals, where the view carries signals, act as voids;
- the alternative system's *busso* / *ribusso* place the card they name.

The talon order of a sampled world is random. ``view_for(world, seat)`` equals
the view again: tests check that, which proves the world is consistent.
"""

from __future__ import annotations

import random
from typing import Literal

from firmware.engine import (
    SUIT,
    THIRDS,
    Call,
    Card,
    CardMask,
    Deal,
    Discard,
    HandState,
    View,
    mask_of,
)
from firmware.engine.cards import card_list, cards_of
from firmware.engine.played import Draw
from firmware.engine.state import caller_of
from firmware.players.rollout import policy_card
from firmware.players.signals import signal_holdings, signal_lengths, signal_voids, silence_ranges


class Inconsistent(ValueError):
    """No deal fits the view (it cannot happen for a view made by the engine)."""


def hidden_constraints(view: View) -> list[CardMask]:
    """Per seat: the unseen cards it may hold face down (all for the own seat: none)."""
    v = view.variant
    deck = v.deck
    n = v.n_seats
    unseen = mask_of(view.unseen)
    allowed = [unseen] * n
    allowed[view.seat] = 0
    hidden_draw_tricks: list[list[int]] = [[] for _ in range(n)]
    for d in view.draws:
        if d.card is None:
            hidden_draw_tricks[d.seat].append(d.trick)
    void_trick = _void_tricks(view)
    sig_voids = signal_voids(view)
    for seat in range(n):
        if seat == view.seat:
            continue
        banned = 0
        for suit in view.seats[seat].voids:  # public and true (firmware/engine/view.py)
            banned |= deck.suit_mask(suit)
        for suit, t in void_trick[seat].items():
            # A face-down draw after trick t may have brought a card of the suit.
            if not any(dt >= t for dt in hidden_draw_tricks[seat]):
                banned |= deck.suit_mask(suit)
        for suit in range(len(deck.suits)):
            if sig_voids.get(seat, 0) >> suit & 1 and not hidden_draw_tricks[seat]:
                banned |= deck.suit_mask(suit)
        if not hidden_draw_tricks[seat]:
            for decl in view.declarations:
                if decl.seat == seat and decl.kind == "three" and decl.missing is not None:
                    assert decl.rank is not None
                    banned |= 1 << deck.card(decl.missing, decl.rank)
        allowed[seat] = unseen & ~banned
    # busso / ribusso of the alternative system: the named card is in that hand.
    for holder, cards in signal_holdings(view).items():
        if holder == view.seat:
            continue
        for seat in range(n):
            if seat != holder:
                allowed[seat] &= ~cards
    return allowed


def _void_tricks(view: View) -> list[dict[int, int]]:
    """Per seat: suit -> index of the last trick in which it failed to follow that suit
    (a face-down draw before it cannot have brought the suit: it had none then)."""
    n = view.variant.n_seats
    out: list[dict[int, int]] = [{} for _ in range(n)]
    if not view.variant.follows_suit:
        return out  # Briscola: another suit played says nothing of what a seat holds
    plays: list[tuple[int, list[tuple[int, Card]]]] = []
    for i, t in enumerate(view.tricks):
        plays.append((i, [((t.leader + j) % n, c) for j, c in enumerate(t.cards)]))
    plays.append((len(view.tricks), list(view.trick)))
    for i, cards in plays:
        if not cards:
            continue
        lead = SUIT[cards[0][1]]
        for seat, c in cards[1:]:
            if SUIT[c] != lead:
                out[seat][lead] = i
    return out


def hidden_counts(view: View) -> list[int]:
    return [
        0 if sv.seat == view.seat else sv.hand_count - len(sv.shown) for sv in view.seats
    ]


def _sample(
    view: View,
    rng: random.Random,
    allowed: list[CardMask],
    need: list[int],
    unseen: list[Card],
    tries: int = 200,
) -> list[CardMask]:
    """Per seat: a random set of hidden cards within ``allowed``, ``need[s]`` of them, drawn
    from ``unseen`` (shuffled here); the rest goes to the talon."""
    seats = [s for s in range(len(need)) if need[s] > 0]
    for _ in range(tries):
        rng.shuffle(unseen)
        # The most constrained seat first: it is the one that may run short.
        order = sorted(seats, key=lambda s: ((allowed[s]).bit_count() - need[s], rng.random()))
        taken = 0
        hidden = [0] * len(need)
        ok = True
        for s in order:
            pool = [c for c in unseen if allowed[s] >> c & 1 and not taken >> c & 1]
            if len(pool) < need[s]:
                ok = False
                break
            chosen = pool[: need[s]]
            m = mask_of(chosen)
            hidden[s] = m
            taken |= m
        if ok:
            return hidden
    return _sample_by_matching(view, rng, allowed, need)


def _sample_by_matching(
    view: View, rng: random.Random, allowed: list[CardMask], need: list[int]
) -> list[CardMask]:
    """Slow path: a bipartite matching of hidden places to cards (always finds one if any)."""
    unseen = card_list(mask_of(view.unseen))
    rng.shuffle(unseen)
    slots = [s for s in range(len(need)) for _ in range(need[s])]
    rng.shuffle(slots)
    match_of_card: dict[Card, int] = {}

    def augment(slot: int, seen: set[Card]) -> bool:
        seat = slots[slot]
        for c in unseen:
            if allowed[seat] >> c & 1 and c not in seen:
                seen.add(c)
                if c not in match_of_card or augment(match_of_card[c], seen):
                    match_of_card[c] = slot
                    return True
        return False

    for i in range(len(slots)):
        if not augment(i, set()):
            raise Inconsistent("no deal of the unseen cards fits the view")
    hidden = [0] * len(need)
    for c, slot in match_of_card.items():
        hidden[slots[slot]] |= 1 << c
    return hidden


def determinize(view: View, rng: random.Random) -> HandState:
    """A full hand state consistent with ``view``; hidden cards and talon order at random."""
    return Sampler(view)(rng)


class Sampler:
    """:func:`determinize` for many worlds of one view: what the view fixes (the
    constraints, the shown cards, the state's public part) is worked out once, each
    call only deals the hidden cards and the talon order. ``Sampler(view)(rng)``
    draws from ``rng`` exactly as ``determinize(view, rng)`` does and returns the
    same world.

    With ``lengths`` the classic signals' suit lengths (:func:`signal_lengths`: a
    *striscio* says three more of the suit) hold too: the hidden cards are dealt again,
    up to :data:`LENGTH_TRIES` times, until every bound is met; then the cards a bound
    asks for are placed first (as many as the seat may hold) and the rest dealt
    around them."""

    def __init__(self, view: View, *, lengths: bool = False, silence: bool = False) -> None:
        v = view.variant
        n = v.n_seats
        self.view = view
        self.lengths = [
            (seat, v.deck.suit_mask(suit), k) for seat, suit, k in signal_lengths(view) if seat != view.seat
        ] if lengths else []
        self.caps: list[tuple[int, CardMask, int]] = []
        """With ``silence``: (seat, suit, at most) from the partners' silent leads
        (:func:`silence_ranges`; their lower bounds join ``lengths``)."""
        if silence:
            for seat, suit, lo, hi in silence_ranges(view):
                if lo:
                    self.lengths.append((seat, v.deck.suit_mask(suit), lo))
                self.caps.append((seat, v.deck.suit_mask(suit), hi))
        self.allowed = hidden_constraints(view)
        self.need = hidden_counts(view)
        self.unseen = card_list(mask_of(view.unseen))
        self.unseen_mask = mask_of(view.unseen)
        self.shown = [mask_of(sv.shown) for sv in view.seats]
        self.own = mask_of(view.hand)
        # Start from the engine's own constructor so that every slot it adds exists.
        # (A placeholder deal: every field it sets is overwritten here or per world.)
        dummy = tuple((v.deck.cards[0],) for _ in range(n))
        s = HandState.start(v, Deal(dummy, (), ()), view.dealer, view.prior, view.target or None)
        s.leader = view.leader
        s.trick = [c for _, c in view.trick]
        s.tricks = list(view.tricks)
        s.thirds = [sv.thirds for sv in view.seats]
        s.played = view.played_mask
        s.known = self.shown
        s.voids = [sum(1 << x for x in sv.voids) for sv in view.seats]
        s.declarations = list(view.declarations)
        s.over = view.over
        s.last_winner = None
        s.ended_by = "play"
        s.zu_tun_seat = None
        s.trump = view.trump
        s.trump_card = view.trump_card
        s.signals = view.signals
        s.called = view.called
        s.pending = _pending(view)
        s.claim_seat = None
        s.claim_ok = None
        s.talon_pos = len(view.draws)
        self.template = s

    def __call__(self, rng: random.Random) -> HandState:
        return self.world(self.hidden(rng), rng)

    def hidden(self, rng: random.Random) -> list[CardMask]:
        """Per seat, the hidden cards of one world (the first half of a call); with
        ``lengths`` they meet the signals' suit lengths."""
        hidden = _sample(self.view, rng, self.allowed, self.need, self.unseen[:])
        if (self.lengths or self.caps) and not self._meets(hidden):
            hidden = self._resample(rng, hidden)
        return hidden

    def world(self, hidden: list[CardMask], rng: random.Random) -> HandState:
        """The world of those hidden cards, the rest of the talon in an order drawn from
        ``rng`` (the second half of a call)."""
        view = self.view
        v = view.variant
        n = v.n_seats
        shown = self.shown
        hands = [shown[s] | hidden[s] for s in range(n)]
        hands[view.seat] = self.own
        rest = self.unseen_mask
        for h in hidden:
            rest &= ~h
        rest_cards = card_list(rest)
        rng.shuffle(rest_cards)
        talon_left = view.talon_left
        under = view.trump_under_talon
        if under is not None:
            # Briscola: the trump lies face up under the talon, the last card drawn.
            talon_left -= 1
        future_talon = rest_cards[:talon_left] + ([under] if under is not None else [])
        leftover = tuple(rest_cards[talon_left:])  # aside / widow cards nobody holds

        s = self.template.copy()
        s.hands = hands
        draws: list[Draw] = []
        for d in view.draws:
            if d.card is not None:
                card = d.card
            else:
                # A face-down draw by another seat: any card of its hand stands for it.
                card = next(iter(cards_of(hidden[d.seat] or hands[d.seat] or v.deck.mask)))
            # Briscola's trump, drawn last from under the talon, is drawn face up
            trump_drawn = d.card is not None and d.card == view.trump_card
            draws.append(Draw(d.trick, d.seat, card, v.draws_shown or trump_drawn))
        s.talon = tuple(d.card for d in draws) + tuple(future_talon)
        s.draws = draws
        _place_aside(s, view, leftover)
        s.hand_sides = _sides(view, hands)
        return s

    def _meets(self, hidden: list[CardMask]) -> bool:
        shown = self.shown
        return all(((shown[seat] | hidden[seat]) & suit).bit_count() >= k for seat, suit, k in self.lengths) and all(
            ((shown[seat] | hidden[seat]) & suit).bit_count() <= k for seat, suit, k in self.caps
        )

    def _resample(self, rng: random.Random, hidden: list[CardMask]) -> list[CardMask]:
        """Hidden cards that meet the signals' suit lengths (see :class:`Sampler`)."""
        view = self.view
        for _ in range(LENGTH_TRIES - 1):
            hidden = _sample(view, rng, self.allowed, self.need, self.unseen[:])
            if self._meets(hidden):
                return hidden
        placed_first = self._placed_first(rng, hidden)
        for _ in range(LENGTH_TRIES if self.caps else 0):
            if self._meets(placed_first):
                break
            placed_first = self._placed_first(rng, hidden)
        return placed_first

    def _placed_first(self, rng: random.Random, hidden: list[CardMask]) -> list[CardMask]:
        """The cards the lower bounds ask for placed first, the rest dealt around them
        (``hidden`` back if the view's constraints leave no such deal)."""
        view = self.view
        need = self.need[:]
        allowed = self.allowed[:]
        placed = [0] * len(need)
        free = self.unseen_mask
        for seat, suit, k in self.lengths:
            held = (self.shown[seat] | placed[seat]) & suit
            pool = card_list(free & allowed[seat] & suit)
            rng.shuffle(pool)
            take = mask_of(pool[: max(0, min(k - held.bit_count(), need[seat]))])
            placed[seat] |= take
            need[seat] -= take.bit_count()
            free &= ~take
        for seat in range(len(need)):
            allowed[seat] &= free
        try:
            rest = _sample(view, rng, allowed, need, card_list(free))
        except Inconsistent:
            return hidden  # the bounds and the view's constraints cannot all hold
        return [placed[s] | rest[s] for s in range(len(need))]


LENGTH_TRIES = 8
"""Deals of the hidden cards tried per world for the signals' suit lengths (``lengths``)
before the cards the bounds ask for are placed first."""


def _pending(view: View) -> tuple[Literal["call", "discard"], int] | None:
    for a in view.legal:
        if isinstance(a, Call):
            return ("call", a.seat)
        if isinstance(a, Discard):
            return ("discard", a.seat)
    return None


def _place_aside(s: HandState, view: View, leftover: tuple[Card, ...]) -> None:
    """Cards dealt to nobody: treschetten3's two aside, terziglio3's / ciapano's widow."""
    v = view.variant
    if v.aside_shown:
        s.aside = view.aside
        s.widow = ()
        return
    if v.widow_dealt:
        # The widow went to the hands face up; the dealer's discard is the new widow.
        s.aside = ()
        s.widow = view.aside if view.seat == view.dealer else leftover
        return
    s.aside = leftover
    s.widow = leftover if v.preset.aside_role == "widow" else ()


def _sides(view: View, hands: list[CardMask]) -> tuple[int, ...]:
    """The hand's sides; chiamata's secret partner is the holder of the called card."""
    if all(x is not None for x in view.sides):
        return tuple(x for x in view.sides if x is not None)
    n = view.variant.n_seats
    if view.called is None:
        caller = caller_of(view.dealer, n)
        return tuple(0 if seat == caller else 1 for seat in range(n))
    caller = next(seat for seat, x in enumerate(view.sides) if x == 0)
    holder = next((seat for seat in range(n) if hands[seat] >> view.called & 1), caller)
    return tuple(0 if seat in (caller, holder) else 1 for seat in range(n))


MISS = 0.6
"""Weight factor of a world for each past card another seat played that a card
counter's policy, holding that world's cards, would not have played."""


def past_plays(view: View) -> list[tuple[int, Card]]:
    """Every card of the hand so far, in order: (seat, card)."""
    n = view.variant.n_seats
    out = [((t.leader + j) % n, c) for t in view.tricks for j, c in enumerate(t.cards)]
    out.extend(view.trick)
    return out


def world_weight(view: View, world: HandState, plays: list[tuple[int, Card]], miss: float = MISS) -> float:
    """How well the other seats' past cards fit this world: the hand is replayed from
    its start with the world's cards, and every card another seat chose that the
    counting policy (:func:`~firmware.players.rollout.policy_card` with a card
    counter's knowledge) would not have chosen multiplies the weight by ``miss``.
    Only for games without a talon and without a pending call (the start is then the
    current hands plus the cards played)."""

    if not plays or world.talon or world.pending is not None or world.variant.inverted:
        return 1.0
    n = world.n
    s = world.copy()
    hands = s.hands
    for seat, c in plays:
        hands[seat] |= 1 << c
    first = view.tricks[0].leader if view.tricks else view.leader
    s.leader = first
    s.trick = []
    s.tricks = []
    s.played = 0
    s.thirds = [0] * n
    s.voids = [0] * n
    s.over = False
    w = 1.0
    me = view.seat
    for seat, c in plays:
        if seat != me:
            legal = s.legal_mask()
            if legal & (legal - 1):
                model = policy_card(s, counting_model=True)
                if model != c and (SUIT[model] != SUIT[c] or THIRDS[model] != THIRDS[c]):
                    w *= miss
        s.play_fast(c)
    return w
