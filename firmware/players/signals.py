"""Four-player signals (RULES.md §3.3, §3.5), for the normal and hard levels.

The engine offers a signal as part of a :class:`Play` (``Play.signals``, a
tuple of names). While no variant offers signals, every function here falls
back to the plain play, so the levels already run the four-player games
without signals. The structure is ready for the names the variants engineer
documents in docs/records.md; until then the names below are the ones of
RULES.md in lower case with spaces as underscores (``busso``, ``volo``,
``striscio``, ``ribusso``, ``cerco_la_meglio``, ``tutto_fuori``).

- sending: a signal is sent only when it is true of the hand after the card
  is played (the engine refuses a false *volo*; we never bluff *tutto fuori*);
- reading: the partner's *busso* / *striscio* on a lead asks us to return the
  suit; *volo* is already visible as a void once he fails to follow, and is
  read by :func:`signal_voids` for the hard level's sampling.
"""

from __future__ import annotations

from firmware.engine import RANK, SUIT, THIRDS, Card, Play, Suit, View, mask_of
from firmware.engine.cards import cards_of
from firmware.players.base import legal_plays, play_for_card


def _truthful(view: View, card: Card, name: str) -> bool:
    deck = view.variant.deck
    suit = SUIT[card]
    hand = mask_of(view.hand) & ~(1 << card)
    rest = hand & deck.suit_mask(suit)
    outside = deck.mask & ~mask_of(view.hand) & ~view.played_mask
    unplayed = (rest | outside) & deck.suit_mask(suit)
    order = sorted(cards_of(unplayed), key=lambda x: RANK[x])
    if name == "volo":
        return rest == 0
    if name == "striscio":
        return rest.bit_count() >= 3
    if name == "busso":
        # classic: "play your highest and return it"; alternative: "I hold the highest".
        return bool(order) and order[0] in cards_of(rest)
    if name == "ribusso":
        return len(order) >= 2 and order[1] in cards_of(rest)
    if name == "tutto_fuori":
        return rest.bit_count() >= 3 and not any(THIRDS[x] and RANK[x] <= 2 for x in cards_of(rest))
    return False


def play_with_signals(view: View, card: Card) -> Play:
    """The play of ``card`` carrying the most informative signals that are all true."""
    options = [a for a in legal_plays(view) if a.card == card]
    true_ones = [a for a in options if all(_truthful(view, card, s) for s in a.signals)]
    if not true_ones:
        return play_for_card(view, card)
    return max(true_ones, key=lambda a: len(a.signals))


def partner_request(view: View) -> Suit | None:
    """The suit the partner asked us to return with busso / striscio, if any (last one)."""
    v = view.variant
    me = v.side_of(view.seat)
    wanted: Suit | None = None
    for sig_seat, card, names in _signals_seen(view):
        if sig_seat != view.seat and v.side_of(sig_seat) == me:
            if "busso" in names or "striscio" in names:
                wanted = SUIT[card]
            if "volo" in names and wanted == SUIT[card]:
                wanted = None
    return wanted


def signal_voids(view: View) -> dict[int, int]:
    """Seat -> bit set of suits it announced *volo* in (it holds no more of them)."""
    out: dict[int, int] = {}
    for seat, card, names in _signals_seen(view):
        if "volo" in names:
            out[seat] = out.get(seat, 0) | 1 << SUIT[card]
    return out


def _signals_seen(view: View) -> list[tuple[int, Card, tuple[str, ...]]]:
    """Signals made this hand, oldest first, if the view carries them.

    The engine records signals with the plays; views gain them as the
    variants engineer adds the four-player games (attribute ``signals`` of
    the view: (seat, card, names) triples). Without it: none.
    """
    raw = getattr(view, "signals", ())
    out: list[tuple[int, Card, tuple[str, ...]]] = []
    for item in raw or ():
        try:
            seat, card, names = item
        except (TypeError, ValueError):
            continue
        out.append((int(seat), int(card), tuple(names)))
    return out
