"""Perft-style counts (python-chess style) for a fixed deal of every preset.

Two counts per deal: the checked path (every legal action of the seat to move:
calls, discards, declarations and plays; claims are left out, they end the hand
at once) and the fast path (legal_mask / play_fast, plays only), which must agree
with the checked path restricted to plays. A change in the rules of any preset
changes these numbers.
"""

from __future__ import annotations

import pytest

from firmware.engine import Claim, HandState, Match, Play, apply, legal_actions, make_variant


def perft_checked(state: HandState, plies: int, plays_only: bool = False) -> int:
    if plies == 0 or state.over:
        return 1
    total = 0
    for action in legal_actions(state):
        if isinstance(action, Claim) or (plays_only and not isinstance(action, Play)):
            continue
        total += perft_checked(apply(state, action), plies - 1, plays_only)
    return total


def perft_fast(state: HandState, plies: int) -> int:
    if plies == 0 or state.over:
        return 1
    total = 0
    mask = state.legal_mask()
    while mask:
        low = mask & -mask
        mask ^= low
        child = state.copy()
        child.play_fast(low.bit_length() - 1)
        total += perft_fast(child, plies - 1)
    return total


def start(name: str, options: dict[str, object] | None = None) -> HandState:
    """Seed 2026, seat 0 deals."""
    match = Match(make_variant(name, options), first_dealer=0)
    state = match.start_hand(seed=2026)
    # A call or a discard comes first: take the first one offered, as a fixed opening.
    while state.pending is not None:
        state = apply(state, legal_actions(state)[0])
    return state


CASES = [
    # name, options, plies, checked count, fast count (plays only)
    ("treseta4", {}, 7, 15665, 9426),
    ("treseta_hr", {}, 7, 15665, 9426),
    ("tressette4", {}, 7, 11708, 9426),
    ("briscola", {}, 7, 15665, 9426),
    ("chiamata", {}, 7, 9426, 9426),
    ("ciapano", {}, 7, 9426, 9426),
    ("ciapano", {"players": 3}, 5, 4248, 4248),
    ("ciapano", {"players": 2}, 4, 5570, 5570),
    ("terziglio3", {}, 5, 4056, 2967),
    ("terziglio3", {"widow": "dealt"}, 5, 4305, 4305),
    ("treschetten3", {}, 5, 1146, 1146),
    ("treschetten4", {}, 7, 1594, 1594),
    # Briscola: no suit to follow, three cards held while the talon lasts: 3 per ply
    ("briskula2", {}, 6, 729, 729),
    ("briskula4", {}, 6, 729, 729),
]


@pytest.mark.parametrize(("name", "options", "plies", "checked", "fast"), CASES)
def test_perft(name: str, options: dict[str, object], plies: int, checked: int, fast: int) -> None:
    state = start(name, options)
    assert perft_checked(state, plies) == checked
    assert perft_fast(state, plies) == fast == perft_checked(state, plies, plays_only=True)


def test_chiamata_perft_starts_with_the_call() -> None:
    match = Match(make_variant("chiamata"), first_dealer=0)
    state = match.start_hand(seed=2026)
    assert perft_checked(state, 1) == 3  # the three 3s the caller does not hold
