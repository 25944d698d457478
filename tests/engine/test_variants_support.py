"""Helpers for the test_variants_* files: explicit deals, scripted hands, random games.

(Named test_variants_* to live beside them; it holds no tests of its own.)
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from typing import Any

from firmware.engine import (
    CODE,
    Action,
    Claim,
    Declare,
    HandState,
    Match,
    Play,
    Variant,
    legal_actions,
)
from firmware.engine.records import action_to_json


def cards(text: str) -> list[str]:
    return text.split()


def fill_deal(
    variant: Variant, given: Mapping[int, str], aside: str = "", first_aside: bool = False
) -> dict[str, list[str]]:
    """A whole explicit deal: ``given`` hands as written, the rest of the deck in id order
    to the remaining seats (then the aside), so tests only write the cards that matter."""
    deck = variant.deck
    used = {c for text in given.values() for c in cards(text)} | set(cards(aside))
    rest = [CODE[c] for c in deck.cards if CODE[c] not in used]
    spec: dict[str, list[str]] = {}
    aside_cards = cards(aside)
    if first_aside:
        need = variant.aside_size - len(aside_cards)
        aside_cards += rest[:need]
        rest = rest[need:]
    for seat in range(variant.n_seats):
        hand = cards(given.get(seat, ""))
        need = variant.hand_size - len(hand)
        spec[str(seat)] = hand + rest[:need]
        rest = rest[need:]
    need = variant.aside_size - len(aside_cards)
    aside_cards += rest[:need]
    rest = rest[need:]
    if aside_cards:
        spec["aside"] = aside_cards
    spec["talon"] = rest
    return spec


def play(match: Match, *codes: str) -> None:
    """Play the cards named, each by the seat to move."""
    assert match.state is not None
    deck = match.variant.deck
    for code in codes:
        match.apply(Play(match.state.to_move, deck.parse(code)))


def play_out_lowest(match: Match) -> None:
    """Finish the hand playing each seat's first legal card (strongest first)."""
    state = match.state
    assert state is not None
    while not state.over:
        plays = [a for a in legal_actions(state) if isinstance(a, Play)]
        match.apply(plays[0])


def random_action(state: HandState, rng: random.Random, claims: bool = False) -> Action:
    """A random legal action of any seat: declarations often, claims rarely."""
    options: list[Action] = []
    for seat in range(state.n):
        options += legal_actions(state, seat)
    decls = [a for a in options if isinstance(a, Declare)]
    if decls and rng.random() < 0.5:
        return rng.choice(decls)
    if claims and rng.random() < 0.02:
        found = [a for a in options if isinstance(a, Claim)]
        if found:
            return rng.choice(found)
    rest = [a for a in options if not isinstance(a, (Declare, Claim))]
    choice = rng.choice(rest or options)
    if isinstance(choice, Play):
        signals = state.legal_signals(choice.card)
        if signals and rng.random() < 0.3:
            picked = tuple(s for s in signals if rng.random() < 0.5)
            return Play(choice.seat, choice.card, picked)
    return choice


def random_match(variant: Variant, seed: int, max_hands: int = 40, claims: bool = False) -> Match:
    rng = random.Random(seed)
    match = Match(variant, first_dealer=rng.randrange(variant.n_seats))
    while not match.finished and len(match.hands) < max_hands:
        match.start_hand(seed=rng.randrange(1 << 30))
        assert match.state is not None
        while not match.hand_over:
            match.apply(random_action(match.state, rng, claims))
    return match


def record(variant: Variant, dealer: int, deal: Mapping[str, Any], actions: Iterable[Action]) -> dict[str, Any]:
    return {
        "format": "tressette-record/1",
        "variant": variant.name,
        "options": variant.to_json(),
        "hands": [
            {
                "dealer": dealer,
                "deal": dict(deal),
                "actions": [action_to_json(variant.deck, a) for a in actions],
            }
        ],
    }
