"""The lean two-seat playout plays exactly the engine-driven playout."""

from __future__ import annotations

import random

import pytest

from firmware.engine import RANK, SUIT, THIRDS, HandState, deal_seeded, make_variant
from firmware.engine.cards import cards_of
from firmware.players.rollout import (
    _LEAD_KEY,
    _RICH_KEY,
    _WEAK_KEY,
    declare_now,
    lean4_eligible,
    lean4_playout,
    lean_avoid_eligible,
    lean_avoid_playout,
    lean_eligible,
    lean_playout,
    margin,
    playout,
    playout_margin,
    policy_card,
)


def _two_hand_points(name: str, options: dict[str, object], seed: int, count: int) -> list[HandState]:
    """Points of two-handed hands reached by random play, at any card (mid-trick too)."""
    variant = make_variant(name, options)
    rng = random.Random(seed)
    out: list[HandState] = []
    for _ in range(count):
        s = HandState.start(variant, deal_seeded(variant, rng.randrange(1 << 30), rng.randrange(2)), 0)
        for _ in range(rng.randrange(0, 39)):
            s.play_fast(rng.choice(list(cards_of(s.legal_mask()))))
            if s.over:
                break
        if not s.over:
            out.append(s)
    return out


def test_lean_playout_equals_engine_playout() -> None:
    points = _two_hand_points("tressette2", {}, seed=1, count=200)
    assert len(points) > 150
    for s in points:
        assert lean_eligible(s)
        engine = s.copy()
        playout(engine)
        assert lean_playout(s) == engine.thirds


def test_lean_ciapano_playout_equals_engine_playout() -> None:
    """Two-handed Ciapanò (seeds 001, 003: all forty cards dealt, points against the taker):
    the bitmask loop plays the policy's cards, from any point of a hand, mid-trick too."""
    points = _two_hand_points("ciapano", {"players": 2}, seed=2, count=200)
    assert len(points) > 150
    for s in points:
        assert lean_avoid_eligible(s) and not lean_eligible(s)
        engine = s.copy()
        playout(engine)
        assert lean_avoid_playout(s) == engine.thirds
        for side in (0, 1):
            assert playout_margin(s.copy(), side) == margin(engine, side)
    four = make_variant("ciapano")
    assert not lean_avoid_eligible(HandState.start(four, deal_seeded(four, 1, 0), 0))


def test_lean_playout_not_used_where_declarations_happen_in_play() -> None:
    s = HandState.start(make_variant("treschetten2"), deal_seeded(make_variant("treschetten2"), 1, 0), 0)
    assert not lean_eligible(s)


@pytest.mark.parametrize("name", ["treseta4", "tressette4", "treschetten4"])
def test_lean_four_hand_playout_equals_engine_playout(name: str) -> None:
    variant = make_variant(name)
    rng = random.Random(2)
    checked = 0
    for _ in range(150):
        s = HandState.start(variant, deal_seeded(variant, rng.randrange(1 << 30), rng.randrange(4)), 0)
        for _ in range(rng.randrange(4, 39)):
            s.play_fast(rng.choice(list(cards_of(s.legal_mask()))))
            if s.over:
                break
        if s.over or not lean4_eligible(s):
            continue
        engine = s.copy()
        playout(engine)
        assert lean4_playout(s) == engine.thirds
        assert playout_margin(s.copy(), 0) == margin(engine, 0)
        checked += 1
    assert checked > 100


@pytest.mark.parametrize("name", ["treseta4", "tressette4", "briscola", "ciapano"])
def test_playout_margin_equals_engine_playout_from_any_point(name: str) -> None:
    """The mixed path (engine while accusi may come, then the lean loop) changes nothing."""
    variant = make_variant(name)
    rng = random.Random(3)
    for _ in range(60):
        s = HandState.start(variant, deal_seeded(variant, rng.randrange(1 << 30), rng.randrange(4)), 0)
        for _ in range(rng.randrange(0, 12)):
            s.play_fast(rng.choice(list(cards_of(s.legal_mask()))))
        engine = s.copy()
        playout(engine)
        for side in range(max(s.hand_sides) + 1):
            assert playout_margin(s.copy(), side) == margin(engine, side)


def test_briscola_sure_winners_count_the_trumps_of_void_seats() -> None:
    """seed 001 (briscola): a seat that cannot follow may trump, so a card is sure only
    if no later hand has a legal card that beats it (the engine's ``beats``)."""
    from firmware.engine.cards import beats
    from firmware.players.rollout import _beats_later

    variant = make_variant("briscola")
    rng = random.Random(5)
    checked = 0
    for _ in range(80):
        s = HandState.start(variant, deal_seeded(variant, rng.randrange(1 << 30), rng.randrange(4)), 0)
        for _ in range(rng.randrange(0, 30)):
            s.play_fast(rng.choice(list(cards_of(s.legal_mask()))))
        if s.over:
            continue
        trump = s.trump
        assert trump is not None
        led_card = s.trick[0] if s.trick else None
        for c in cards_of(s.legal_mask()):
            led = SUIT[led_card] if led_card is not None else SUIT[c]
            if SUIT[c] not in (led, trump):
                continue  # a discard never holds the trick
            for h in s.hands:
                legal = (h & s.suit_masks[led]) or h
                truth = any(beats(x, c, trump) for x in cards_of(legal))
                assert _beats_later(c, led, trump, [h], s.suit_masks) == truth, (c, led, h)
                checked += 1
    assert checked > 500


def test_card_order_tables_order_cards_as_their_pairs() -> None:
    """cheapest, richest, weakest and sure_lead compare one number per card: it must order every
    two cards of every deck exactly as (thirds, -rank) and (thirds, rank) do."""
    cards = range(len(THIRDS))
    for a in cards:
        for b in cards:
            assert (_LEAD_KEY[a] < _LEAD_KEY[b]) == ((THIRDS[a], -RANK[a]) < (THIRDS[b], -RANK[b]))
            assert (_LEAD_KEY[a] == _LEAD_KEY[b]) == ((THIRDS[a], RANK[a]) == (THIRDS[b], RANK[b]))
            # richest and weakest take the least of a turned key
            assert (_RICH_KEY[a] < _RICH_KEY[b]) == ((THIRDS[a], RANK[a]) > (THIRDS[b], RANK[b]))
            assert (_WEAK_KEY[a] < _WEAK_KEY[b]) == (RANK[a] > RANK[b])


def _playout_looking_every_turn(s: HandState) -> None:
    """The playout as it was before ``seen``: every declaration window looked at afresh."""
    while not s.over:
        declare_now(s)
        s.play_fast(policy_card(s))


@pytest.mark.parametrize(
    ("name", "options"),
    [
        ("treschetten2", {}),
        ("treschetten2", {"announce_when": "after_trick"}),
        ("treschetten3", {}),
        ("treschetten3", {"announce_when": "after_trick"}),
    ],
)
def test_a_playout_skipping_unchanged_hands_declares_the_same(name: str, options: dict[str, object]) -> None:
    """Declaring at every turn (treschetten): a seat whose hand gained no card since its
    last look is not looked at again, and every playout ends with the same declarations,
    the same tricks and the same margin as when every turn is looked at."""
    variant = make_variant(name, options)
    rng = random.Random(17)
    declared = 0
    for _ in range(150):
        s = HandState.start(variant, deal_seeded(variant, rng.randrange(1 << 30), rng.randrange(variant.n_seats)), 0)
        for _ in range(rng.randrange(0, 12)):
            if s.over:
                break
            if rng.random() < 0.5:
                declare_now(s)
            s.play_fast(rng.choice(list(cards_of(s.legal_mask()))))
        if s.over:
            continue
        fast, slow = s.copy(), s.copy()
        playout(fast)
        _playout_looking_every_turn(slow)
        assert fast.declarations == slow.declarations
        assert fast.thirds == slow.thirds and fast.tricks == slow.tricks
        assert playout_margin(s.copy(), 0) == margin(slow, 0)
        declared += len(slow.declarations)
    assert declared > 20  # the declarations were there to be missed
