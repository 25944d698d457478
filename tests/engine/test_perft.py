"""Perft-style counts: distinct legal play sequences of the first two tricks.

Written down once from this engine and checked ever after, like chess perft:
a change in follow-suit, trick winner or draw logic changes them.
"""

from __future__ import annotations

import pytest

from firmware.engine import HandState, Play, deal_seeded, legal_actions, make_variant
from firmware.engine.moves import apply


def perft(state: HandState, plies: int) -> int:
    if plies == 0 or state.over:
        return 1
    return sum(
        perft(apply(state, a), plies - 1) for a in legal_actions(state) if isinstance(a, Play)
    )


@pytest.mark.parametrize(
    ("variant", "seed", "expected"),
    [
        ("tressette2", 1, 576),
        ("tressette2", 2, 792),
        ("tressette2", 3, 672),
        ("treschetten2", 1, 353),
        ("treschetten2", 2, 276),
        ("treschetten2", 3, 1952),
    ],
)
def test_perft_two_tricks(variant: str, seed: int, expected: int) -> None:
    v = make_variant(variant)
    state = HandState.start(v, deal_seeded(v, seed, 0), 0)
    assert perft(state, 2 * v.n_seats) == expected


@pytest.mark.parametrize(("variant", "hand"), [("tressette2", 10), ("treschetten2", 8)])
def test_perft_one_ply_is_the_whole_hand(variant: str, hand: int) -> None:
    v = make_variant(variant)
    assert perft(HandState.start(v, deal_seeded(v, 9, 0), 0), 1) == hand
