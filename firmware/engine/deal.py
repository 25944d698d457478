"""The deal: chance made explicit (OpenSpiel style) and seeded.

A hand starts from a :class:`Deal`, made either from a seed through an
injected ``random.Random`` or written out card by card (a record, a test, a
table of real cards). Talon index 0 is the top card.

A seed is an integer (a seeded run's, a test's, an old record's) or a string of
hex digits (:func:`fresh_seed`: the box's own deals, 128 bits from the operating
system, written as text so that no JSON reader rounds it). Either is the one
integer ``random.Random`` is seeded with, used whole (docs/records.md).
"""

from __future__ import annotations

import random
import re
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from firmware.engine.cards import Card, Seat, codes
from firmware.engine.errors import IllegalAction
from firmware.engine.refusals import Refusal
from firmware.engine.variants import Variant


@dataclass(frozen=True, slots=True)
class Deal:
    """Who got which card. A *table* deal (real cards) knows only part of it: a seat in
    ``hidden`` holds unknown cards (its ``hands`` entry is empty), the talon is unknown,
    and ``trump`` is briscola's shown card (see :mod:`firmware.engine.table`)."""

    hands: tuple[tuple[Card, ...], ...]
    talon: tuple[Card, ...] = ()
    aside: tuple[Card, ...] = ()
    table: bool = False
    hidden: tuple[bool, ...] = ()
    trump: Card | None = None

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
    talon = tuple(cards[pos:])
    if variant.trump_under_talon and talon:
        # Briscola: the next card is turned up and laid under the talon, drawn last.
        talon = (*talon[1:], talon[0])
    return Deal(tuple(tuple(h) for h in hands), talon, aside)


DEAL_BITS = 128
"""The entropy of an unseeded deal: a fresh draw from the operating system per hand."""

MAX_SEED_DIGITS = 64
"""A written seed's hex digits at most (256 bits): more is no seed the box wrote."""

_HEX = re.compile(r"[0-9a-f]+")


def fresh_seed() -> str:
    """A new hand's seed: ``DEAL_BITS`` bits from the operating system, as lowercase hex.

    Every unseeded hand draws its own, so no hand is derivable from another's
    cards. The one draw from outside in the engine: kept beside :func:`seed_value`
    so that the seed's written form has one home."""
    return secrets.token_hex(DEAL_BITS // 8)


def seed_value(seed: object) -> int:
    """The integer a deal seed stands for: an ``int`` as given, a string of lowercase hex
    digits (at most :data:`MAX_SEED_DIGITS`) read base 16; anything else is refused."""
    if isinstance(seed, int) and not isinstance(seed, bool):
        return seed
    if isinstance(seed, str) and len(seed) <= MAX_SEED_DIGITS and _HEX.fullmatch(seed):
        return int(seed, 16)
    raise IllegalAction(Refusal.DEAL_SEED, value=repr(seed)[:80])


def deal_seeded(variant: Variant, seed: int | str, dealer: Seat) -> Deal:
    """The deck shuffled by ``random.Random(n).shuffle``, ``n`` the seed's whole integer."""
    return deal_from_order(variant, shuffled(variant, random.Random(seed_value(seed))), dealer)


def deal_explicit(variant: Variant, spec: Mapping[str, Sequence[str]]) -> Deal:
    """A deal written out as ``{"0": [...], "1": [...], "talon": [...]}``; checked whole."""
    deck = variant.deck
    try:
        hands = tuple(
            tuple(deck.parse(c) for c in spec[str(seat)]) for seat in range(variant.n_seats)
        )
    except KeyError as exc:
        raise IllegalAction(Refusal.DEAL_NO_HAND, seat=int(exc.args[0])) from None
    talon = tuple(deck.parse(c) for c in spec.get("talon", ()))
    aside = tuple(deck.parse(c) for c in spec.get("aside", ()))
    all_cards = [c for h in hands for c in h] + list(talon) + list(aside)
    if len(set(all_cards)) != len(all_cards):
        raise IllegalAction(Refusal.DEAL_CARD_TWICE)
    if sorted(all_cards) != list(deck.cards):
        raise IllegalAction(Refusal.DEAL_WHOLE_DECK, deck=deck.name)
    for seat, hand in enumerate(hands):
        if len(hand) != variant.hand_size:
            raise IllegalAction(
                Refusal.DEAL_HAND_SIZE, seat=seat, n=len(hand), variant=variant.name, need=variant.hand_size
            )
    if len(aside) != variant.aside_size:
        raise IllegalAction(
            Refusal.DEAL_ASIDE_SIZE, n=len(aside), variant=variant.name, need=variant.aside_size
        )
    if len(talon) != variant.talon_size:
        raise IllegalAction(
            Refusal.DEAL_TALON_SIZE, n=len(talon), variant=variant.name, need=variant.talon_size
        )
    return Deal(hands, talon, aside)


def deal_table(variant: Variant, spec: Mapping[str, object], dealer: Seat) -> Deal:
    """A deal of real cards: ``{"table": true}``, plus what was scanned at the deal —
    a computer seat's hand (``"2": [...]``), briscola's ``"trump"``, the ``"aside"``."""
    deck = variant.deck
    n = variant.n_seats
    seen: set[Card] = set()

    def cards(key: str) -> tuple[Card, ...]:
        raw = spec.get(key, ())
        if not isinstance(raw, (list, tuple)):
            raise IllegalAction(Refusal.DEAL_TABLE_NEEDS, variant=variant.name, what=key)
        out = tuple(deck.parse(str(c)) for c in raw)
        for c in out:
            if c in seen:
                raise IllegalAction(Refusal.DEAL_TABLE_CARD, card=c)
            seen.add(c)
        return out

    hands = []
    hidden = []
    for seat in range(n):
        given = str(seat) in spec
        hand = cards(str(seat)) if given else ()
        if given and len(hand) != variant.hand_size:
            raise IllegalAction(
                Refusal.DEAL_HAND_SIZE, seat=seat, n=len(hand), variant=variant.name, need=variant.hand_size
            )
        if given and variant.talon_size:
            raise IllegalAction(Refusal.DEAL_TABLE_TALON, variant=variant.name, seat=seat)
        hands.append(hand)
        hidden.append(not given)
    aside = cards("aside")
    scores_aside = variant.preset.aside_role == "widow" or variant.aside_shown
    if (aside or scores_aside) and len(aside) != variant.aside_size:
        raise IllegalAction(Refusal.DEAL_TABLE_ASIDE, variant=variant.name, need=variant.aside_size)
    trump: Card | None = None
    if variant.trump_shown or variant.trump_under_talon:
        code = spec.get("trump")
        wrong = Refusal.DEAL_TABLE_TRUMP_TALON if variant.trump_under_talon else Refusal.DEAL_TABLE_TRUMP
        if not isinstance(code, str):
            raise IllegalAction(wrong, variant=variant.name)
        trump = deck.parse(code)
        if variant.trump_under_talon:
            if trump in seen:  # Briscola: the card under the talon is in no hand
                raise IllegalAction(wrong, variant=variant.name)
        elif (not hidden[dealer] and trump not in hands[dealer]) or (hidden[dealer] and trump in seen):
            raise IllegalAction(Refusal.DEAL_TABLE_TRUMP, variant=variant.name)
    return Deal(tuple(hands), (), aside, table=True, hidden=tuple(hidden), trump=trump)
