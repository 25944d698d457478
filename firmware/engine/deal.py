"""The deal: chance made explicit (OpenSpiel style) and seeded.

A hand starts from a :class:`Deal`, made either from a seed through an
injected ``random.Random`` or written out card by card (a record, a test, a
table of real cards). Talon index 0 is the top card.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from firmware.engine.cards import Card, Seat, codes
from firmware.engine.errors import IllegalAction
from firmware.engine.variants import Variant


@dataclass(frozen=True, slots=True)
class Deal:
    hands: tuple[tuple[Card, ...], ...]
    talon: tuple[Card, ...] = ()
    aside: tuple[Card, ...] = ()

    def to_json(self, variant: Variant) -> dict[str, list[str]]:
        out = {str(seat): codes(hand) for seat, hand in enumerate(self.hands)}
        out["talon"] = codes(self.talon)
        if self.aside:
            out["aside"] = codes(self.aside)
        return out


def deal_order(variant: Variant, dealer: Seat) -> list[Seat]:
    """Seats in the order they receive cards: from the one after the dealer."""
    n = variant.n_seats
    return [(dealer + 1 + i) % n for i in range(n)]


def shuffled(variant: Variant, rng: random.Random) -> list[Card]:
    cards = list(variant.deck.cards)
    rng.shuffle(cards)
    return cards


def deal_from_order(variant: Variant, cards: Sequence[Card], dealer: Seat) -> Deal:
    """Deal a stacked deck in packets (5+5, 4+4, …), then the cards aside, then the talon."""
    hands: list[list[Card]] = [[] for _ in range(variant.n_seats)]
    pos = 0
    for packet in variant.packets:
        for seat in deal_order(variant, dealer):
            hands[seat].extend(cards[pos : pos + packet])
            pos += packet
    aside = tuple(cards[pos : pos + variant.aside_size])
    pos += variant.aside_size
    return Deal(tuple(tuple(h) for h in hands), tuple(cards[pos:]), aside)


def deal_seeded(variant: Variant, seed: int, dealer: Seat) -> Deal:
    return deal_from_order(variant, shuffled(variant, random.Random(seed)), dealer)


def deal_explicit(variant: Variant, spec: Mapping[str, Sequence[str]]) -> Deal:
    """A deal written out as ``{"0": [...], "1": [...], "talon": [...]}``; checked whole."""
    deck = variant.deck
    try:
        hands = tuple(
            tuple(deck.parse(c) for c in spec[str(seat)]) for seat in range(variant.n_seats)
        )
    except KeyError as exc:
        raise IllegalAction(f"the deal has no hand for seat {exc.args[0]}") from None
    talon = tuple(deck.parse(c) for c in spec.get("talon", ()))
    aside = tuple(deck.parse(c) for c in spec.get("aside", ()))
    all_cards = [c for h in hands for c in h] + list(talon) + list(aside)
    if len(set(all_cards)) != len(all_cards):
        raise IllegalAction("the deal holds a card twice")
    if sorted(all_cards) != list(deck.cards):
        raise IllegalAction(f"the deal must hold the whole {deck.name} deck once")
    for seat, hand in enumerate(hands):
        if len(hand) != variant.hand_size:
            raise IllegalAction(
                f"seat {seat} is dealt {len(hand)} cards; {variant.name} deals {variant.hand_size}"
            )
    if len(aside) != variant.aside_size:
        raise IllegalAction(
            f"{len(aside)} cards are aside; {variant.name} lays {variant.aside_size} aside"
        )
    if len(talon) != variant.talon_size:
        raise IllegalAction(
            f"the talon holds {len(talon)} cards; {variant.name} needs {variant.talon_size}"
        )
    return Deal(hands, talon, aside)
