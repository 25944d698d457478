"""Card counting from a view: what is still out, what is sure to win.

Everything here reads a :class:`View` only, so the easy and normal levels
count exactly what a careful person at the seat could count (RULES.md §4).
"""

from __future__ import annotations

from dataclasses import dataclass

from firmware.engine import SUIT, THIRDS, Card, CardMask, Seat, View, mask_of
from firmware.engine.cards import beats


@dataclass(frozen=True, slots=True)
class Counting:
    """The card counter's notebook for one decision."""

    hand: CardMask
    outside: CardMask  # not played and not in my hand: other hands, talon, aside
    shown: tuple[CardMask, ...]  # per seat: cards known to be in that hand
    voids: tuple[int, ...]  # per seat: bit s set when the seat holds no card of suit s
    suit_masks: tuple[CardMask, ...]


def count(view: View) -> Counting:
    deck = view.variant.deck
    hand = mask_of(view.hand)
    outside = deck.mask & ~hand & ~view.played_mask
    shown = tuple(mask_of(sv.shown) for sv in view.seats)
    voids = tuple(sum(1 << s for s in sv.voids) for sv in view.seats)
    suit_masks = tuple(deck.suit_mask(s) for s in range(len(deck.suits)))
    return Counting(hand, outside, shown, voids, suit_masks)


def higher_in_suit(card: Card, suit_mask: CardMask) -> CardMask:
    """The cards of ``card``'s suit that beat it (lower ids within a suit are stronger)."""
    return suit_mask & ((1 << card) - 1)


def is_top(card: Card, c: Counting, against: CardMask | None = None) -> bool:
    """No card that could still be played against it beats ``card``."""
    rivals = c.outside if against is None else against
    return not (higher_in_suit(card, c.suit_masks[SUIT[card]]) & rivals)


def trick_best(view: View) -> tuple[Seat, Card]:
    """The seat and card currently winning the trick (non-empty trick)."""
    best_seat, best = view.trick[0]
    for seat, card in view.trick[1:]:
        if beats(card, best, view.trump, view.variant.values.strength):
            best_seat, best = seat, card
    return best_seat, best


def trick_thirds(view: View) -> int:
    return sum(THIRDS[c] for _, c in view.trick)


