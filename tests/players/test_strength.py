"""The hard level beats random play by a wide margin (short, seeded, no clock)."""

from __future__ import annotations

from firmware.engine import Match, make_variant
from firmware.players import make_player
from tests.players.conftest import play_hand


def _margin(variant_name: str, a: str, b: str, hands: int, worlds: int) -> float:
    """Mean points per hand of ``a`` minus ``b``; seats swapped every hand."""
    variant = make_variant(variant_name)
    total = 0.0
    for h in range(hands):
        a_side = h % 2
        match = Match(variant, first_dealer=h % variant.n_seats)
        players = [
            make_player(a if variant.side_of(s) == a_side else b, seed=100 * h + s, worlds=worlds)
            for s in range(variant.n_seats)
        ]
        play_hand(match, players, seed=500 + h // 2)
        points = match.results[-1].points
        total += points[a_side] - points[1 - a_side]
    return total / hands


def test_hard_beats_random_by_a_wide_margin() -> None:
    # 11 card points a hand are shared; random play gives most of them away.
    assert _margin("tressette2", "hard", "random", hands=8, worlds=6) > 3.0


def test_normal_beats_random() -> None:
    assert _margin("tressette2", "normal", "random", hands=20, worlds=1) > 1.5
