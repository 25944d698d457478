"""The exact solver agrees with brute-force minimax on small positions."""

from __future__ import annotations

import random

import pytest

from firmware.engine import HandState, deal_seeded, make_variant
from firmware.engine.cards import cards_of
from firmware.players.solver import (
    TwoHandSolver,
    brute_force,
    endgame_positions,
    generic_best,
)


def _small_positions(name: str, count: int, seed: int, max_cards: int) -> list[HandState]:
    v = make_variant(name)
    rng = random.Random(seed)
    out: list[HandState] = []
    while len(out) < count:
        s = HandState.start(v, deal_seeded(v, rng.randrange(1 << 30), rng.randrange(v.n_seats)), 0)
        k = rng.randint(1, max_cards)
        mid_trick = rng.random() < 0.5
        while not s.over and (
            s.talon_left > 0
            or max(h.bit_count() for h in s.hands) > k
            or (mid_trick and not s.trick)
        ):
            s.play_fast(rng.choice(list(cards_of(s.legal_mask()))))
        if not s.over:
            out.append(s)
    return out


def _after(s: HandState, card: int) -> HandState:
    c = s.copy()
    c.play_fast(card)
    return c


@pytest.mark.parametrize("name", ["tressette2", "treschetten2"])
def test_lean_solver_equals_brute_force(name: str) -> None:
    for s in _small_positions(name, 120, seed=1, max_cards=4):
        me = s.to_move
        truth = brute_force(s, me) - s.thirds[me]
        card, value = TwoHandSolver(s.variant.deck).best_move(s)
        assert value == truth
        assert brute_force(_after(s, card), me) - s.thirds[me] == truth


@pytest.mark.parametrize("name", ["tressette2", "treschetten2"])
def test_floored_move_is_optimal_in_whole_points(name: str) -> None:
    # RULES.md §1: only floor(thirds / 3) is credited.
    for s in _small_positions(name, 120, seed=2, max_cards=4):
        me = s.to_move
        best = max(brute_force(_after(s, c), me) // 3 for c in cards_of(s.legal_mask()))
        card, _ = TwoHandSolver(s.variant.deck).best_move_floored(s)
        assert brute_force(_after(s, card), me) // 3 == best


def test_solver_table_is_reused_across_positions() -> None:
    # A position's value depends on the two hands only: one table serves a whole match.
    positions = endgame_positions("tressette2", 3, seed=4)
    solver = TwoHandSolver(positions[0].variant.deck)
    for s in positions:
        me = s.to_move
        _, v1 = solver.best_move(s)
        _, v2 = TwoHandSolver(s.variant.deck).best_move(s)
        assert v1 == v2
        assert solver.exact(s.hands[me], s.hands[1 - me]) == v1


@pytest.mark.parametrize("name", ["treseta4", "briscola", "terziglio3"])
def test_generic_solver_equals_brute_force(name: str) -> None:
    for s in _small_positions(name, 25, seed=3, max_cards=2):
        side = s.side_of(s.to_move) if hasattr(s, "side_of") else s.variant.side_of(s.to_move)
        card, gain = generic_best(s)
        start = sum(s.thirds[x] for x in range(s.n) if s.variant.side_of(x) == side)
        assert gain == brute_force(s, side) - start
        assert brute_force(_after(s, card), side) - start == gain


@pytest.mark.parametrize("players", [2, 3, 4])
def test_ciapano_exact_value_avoids_points(players: int) -> None:
    """seeds 001, 003: in Ciapanò the points taken count against you, so the exact
    ending minimises the seat's take (paranoid: the others push it up)."""
    from firmware.players.solver import generic_value

    v = make_variant("ciapano", {"players": players})
    rng = random.Random(players)
    checked = 0
    while checked < 12:
        s = HandState.start(v, deal_seeded(v, rng.randrange(1 << 30), 0), 0)
        k = rng.randint(1, 2 if players > 2 else 3)
        while not s.over and max(h.bit_count() for h in s.hands) > k:
            s.play_fast(rng.choice(list(cards_of(s.legal_mask()))))
        if s.over:
            continue
        side = s.hand_sides[s.to_move]
        start = s.thirds[:]
        got = generic_value(s, side, -(1 << 30), 1 << 30, start, avoid=True)
        assert got == brute_force(s, side, avoid=True) - sum(start[x] for x in range(s.n) if s.hand_sides[x] == side)
        checked += 1
