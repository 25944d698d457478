"""Four-player signals (RULES.md §3.3, §3.5), for the normal and hard levels.

A signal is spoken with a card (``Play.signals``); ``view.signal_options``
says which names the engine accepts with each playable card (classic:
``busso``, ``volo``, ``striscio``; alternative: ``busso``, ``ribusso``,
``cerco_la_meglio``, ``tutto_fuori``), and ``view.signals`` holds every
signal spoken so far. Games without signals get the plain play.

- sending: a signal is sent only when it is true of the hand after the card
  is played (the engine refuses a false *volo*; we never bluff *tutto fuori*);
- reading: the partner's *busso* / *striscio* on a lead asks us to return the
  suit; *volo* is already visible as a void once he fails to follow, and is
  read by :func:`signal_voids` for the hard level's sampling.
"""

from __future__ import annotations

from firmware.engine import RANK, SUIT, THIRDS, Card, Play, Suit, View, mask_of
from firmware.engine.cards import cards_of
from firmware.players.base import play_for_card


def _sends(view: View, card: Card, name: str) -> bool:
    """Whether we want to say ``name`` with ``card`` (the engine already refuses false
    volo / busso / ribusso; we never bluff the ones it cannot check)."""
    deck = view.variant.deck
    suit = SUIT[card]
    rest = mask_of(view.hand) & ~(1 << card) & deck.suit_mask(suit)
    if name == "volo":
        return rest == 0
    if name == "striscio":
        if view.variant.options.get("striscio_meaning", "many") == "many":
            return rest.bit_count() >= 3
        return 1 <= rest.bit_count() <= 2 and all(THIRDS[x] == 0 for x in cards_of(rest))
    if name == "busso":
        if view.variant.signals == "alternative":
            return True  # offered only when true: "I hold the highest unplayed card"
        # classic: "play your highest and return it": we hold the suit's top and more of it.
        return not view.trick and rest.bit_count() >= 1 and RANK[card] <= 1
    if name == "ribusso":
        return True  # offered only when true
    if name == "tutto_fuori":
        return rest.bit_count() >= 3 and not any(RANK[x] <= 2 for x in cards_of(rest | 1 << card))
    return False  # cerco_la_meglio: not used


def play_with_signals(view: View, card: Card) -> Play:
    """The play of ``card`` with every signal on offer that we mean (all of them true)."""
    plain = play_for_card(view, card)
    offered = dict(view.signal_options).get(card, ())
    names = tuple(x for x in offered if _sends(view, card, x))
    if not names:
        return plain
    return Play(plain.seat, card, names)


def partner_request(view: View) -> Suit | None:
    """The suit the partner asked us to return with busso / striscio, if any (last one)."""
    asked = partner_request_by(view)
    return None if asked is None else asked[0]


def partner_request_by(view: View) -> tuple[Suit, str] | None:
    """The partner's last request (:func:`partner_request`) and the signal that made it
    (``busso``, or ``striscio`` where it means "many more"); an opponent's signal asks
    nothing of us."""
    partners = _partners(view)
    asking = ("busso", "striscio") if view.variant.options.get("striscio_meaning", "many") == "many" else ("busso",)
    wanted: tuple[Suit, str] | None = None
    for sig_seat, card, names in _signals_seen(view):
        if sig_seat in partners:
            said = next((x for x in asking if x in names), None)
            if said is not None:
                wanted = SUIT[card], said
            if "volo" in names and wanted is not None and wanted[0] == SUIT[card]:
                wanted = None
    return wanted


def _partners(view: View) -> set[int]:
    if not view.sides or view.sides[view.seat] is None:
        return set()
    mine = view.sides[view.seat]
    return {s for s, x in enumerate(view.sides) if x == mine and s != view.seat}


def signal_voids(view: View) -> dict[int, int]:
    """Seat -> bit set of suits it announced *volo* in (it holds no more of them)."""
    out: dict[int, int] = {}
    for seat, card, names in _signals_seen(view):
        if "volo" in names:
            out[seat] = out.get(seat, 0) | 1 << SUIT[card]
    return out


def signal_holdings(view: View) -> dict[int, int]:
    """Seat -> cards it must still hold, from the alternative system's true signals.

    *busso* says "I hold the highest unplayed card of the suit", *ribusso* "the
    second-highest" (RULES.md §3.5; the engine refuses them when false). Counted
    over the cards played before that trick; when the named card is not the one
    led with and is still unseen, it is in that seat's hand now.
    """
    if view.variant.signals != "alternative":
        return {}
    deck = view.variant.deck
    unseen = mask_of(view.unseen)
    out: dict[int, int] = {}
    for sig in view.signals:
        names = tuple(sig.names)
        if "busso" not in names and "ribusso" not in names:
            continue
        played = 0
        for t in view.tricks[: sig.trick]:
            for c in t.cards:
                played |= 1 << c
        order = [c for c in cards_of(deck.suit_mask(SUIT[sig.card])) if not played >> c & 1]
        named = []
        if "busso" in names and order:
            named.append(order[0])
        if "ribusso" in names and len(order) > 1:
            named.append(order[1])
        for c in named:
            if c != sig.card and unseen >> c & 1:
                out[sig.seat] = out.get(sig.seat, 0) | 1 << c
    return out


STRISCIO_MORE = 3
"""Classic *striscio* ("many more of this suit"): how many more our levels hold when they
send it (:func:`_sends`), read as a lower bound on the suit in the sender's hand."""


def signal_lengths(view: View) -> list[tuple[int, Suit, int]]:
    """(seat, suit, at least this many of the suit in its hand now) from the classic
    system's signals as our levels send them: *striscio* (meaning many) says three more
    of the suit, *busso* one more; every card of the suit the seat played since counts
    off. Only bounds above zero are listed."""
    v = view.variant
    if v.signals != "classic":
        return []
    many = v.options.get("striscio_meaning", "many") == "many"
    n = v.n_seats
    plays = [((t.leader + j) % n, c, i) for i, t in enumerate(view.tricks) for j, c in enumerate(t.cards)]
    plays.extend((seat, c, len(view.tricks)) for seat, c in view.trick)
    bounds: dict[tuple[int, Suit], int] = {}
    for sig in view.signals:
        names = tuple(sig.names)
        more = STRISCIO_MORE if many and "striscio" in names else 1 if "busso" in names else 0
        if "volo" in names or not more:
            continue
        suit = SUIT[sig.card]
        since = sum(1 for seat, c, i in plays if seat == sig.seat and SUIT[c] == suit and i > sig.trick)
        left = more - since
        key = (sig.seat, suit)
        if left > bounds.get(key, 0):
            bounds[key] = left
    return [(seat, suit, k) for (seat, suit), k in bounds.items()]


def silence_ranges(view: View) -> list[tuple[int, Suit, int, int]]:
    """(seat, suit, at least, at most this many of the suit in its hand now) for the
    partners' *silent* leads in the classic system: our levels send *volo* with a suit's
    last card and *striscio* (meaning many) with three more (:func:`_sends`), so a
    partner's lead that says neither holds one or two more of the suit; every card of
    the suit it played since counts off. Only partners: the opponents (a person, the
    reference) may signal otherwise, and so may a person at our side (measurement only:
    ``hard-silence``, docs/players.md)."""
    v = view.variant
    if v.signals != "classic" or v.options.get("striscio_meaning", "many") != "many":
        return []
    partners = _partners(view)
    if not partners:
        return []
    n = v.n_seats
    spoken = {(sig.trick, sig.card): tuple(sig.names) for sig in view.signals}
    plays = [((t.leader + j) % n, c, i) for i, t in enumerate(view.tricks) for j, c in enumerate(t.cards)]
    plays.extend((seat, c, len(view.tricks)) for seat, c in view.trick)
    out: dict[tuple[int, Suit], tuple[int, int]] = {}
    leads = [(t.leader, t.cards[0], i) for i, t in enumerate(view.tricks)]
    if view.trick:
        leads.append((view.trick[0][0], view.trick[0][1], len(view.tricks)))
    for seat, card, i in leads:
        if seat not in partners:
            continue
        names = spoken.get((i, card), ())
        if "volo" in names or "striscio" in names:
            continue
        suit = SUIT[card]
        since = sum(1 for s, c, j in plays if s == seat and SUIT[c] == suit and j > i)
        lo, hi = max(0, 1 - since), 2 - since
        key = (seat, suit)
        old = out.get(key)
        out[key] = (lo, hi) if old is None else (max(lo, old[0]), min(hi, old[1]))
    return [(seat, suit, lo, hi) for (seat, suit), (lo, hi) in out.items() if hi >= lo]


def _signals_seen(view: View) -> list[tuple[int, Card, tuple[str, ...]]]:
    """Signals spoken this hand, oldest first: (seat, card, names)."""
    return [(sig.seat, sig.card, tuple(sig.names)) for sig in view.signals]
