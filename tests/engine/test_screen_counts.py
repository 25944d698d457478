"""What the screens ask the engine instead of working it out (rules only in the engine).

The chiamarsi fuori question's count (:attr:`View.claim_points`), chiamata's caller
(:attr:`View.caller`, :func:`caller_of`) and the cards lying aside
(:attr:`View.cards_aside`) are the engine's; the table screen and touch-play read
them. Checked over seeded games of every preset.
"""

from __future__ import annotations

import random

import pytest

from firmware.engine import (
    PRESETS,
    Call,
    Claim,
    HandState,
    Match,
    apply,
    legal_actions,
    make_variant,
    view_for,
)
from firmware.engine.state import caller_of
from tests.engine.test_variants_support import random_action


def _positions(name: str, seed: int, hands: int = 2) -> list[HandState]:
    """Every position of a few seeded hands of ``name`` (copies)."""
    v = make_variant(name)
    rng = random.Random(seed)
    match = Match(v, first_dealer=rng.randrange(v.n_seats))
    out = []
    for _ in range(hands):
        if match.finished:
            break
        match.start_hand(seed=rng.randrange(1 << 30))
        assert match.state is not None
        while not match.hand_over:
            out.append(match.state.copy())
            match.apply(random_action(match.state, rng))
    return out


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_the_claim_is_asked_with_the_count_it_is_judged_by(name: str) -> None:
    """RULES.md (tressette4, chiamarsi fuori): a claim is right when the claimant's side has
    the target: the match total, the hand's declarations and card points, thirds floored
    (HandState.hand_total). The question on the screen names the same number."""
    v = make_variant(name)
    for state in _positions(name, seed=7):
        for seat in range(state.n):
            view = view_for(state, seat)
            if v.preset.call_partner:  # chiamata: each seat counts for itself until the sides are known
                assert view.claim_points >= view.totals[v.side_of(seat)]
                continue
            assert view.claim_points == state.hand_total(seat), (seat, state.tricks)


def test_a_claim_made_at_the_count_shown_is_judged_right() -> None:
    """tressette4: a claim whose count on the screen reaches the target is right."""
    v = make_variant("tressette4")
    for seed in range(40):
        for state in _positions("tressette4", seed, hands=3):
            for action in legal_actions(state):
                if isinstance(action, Claim):
                    shown = view_for(state, action.seat).claim_points
                    after = apply(state, action)
                    assert after.claim_ok == (shown >= after.target), (seed, shown, v.target)
                    return
    pytest.skip("no claim offered in these seeds")


@pytest.mark.parametrize("name", sorted(n for n in PRESETS if make_variant(n).preset.call_partner))
def test_the_caller_is_the_player_after_the_dealer(name: str) -> None:
    """Chiamata (RULES.md): the player after the dealer calls a card; every seat sees who."""
    for state in _positions(name, seed=3):
        assert state.caller == caller_of(state.dealer, state.n) == (state.dealer + 1) % state.n
        if state.pending is not None and state.pending[0] == "call":
            assert state.pending[1] == state.caller
            assert any(isinstance(a, Call) for a in legal_actions(state, state.caller))
        for seat in range(state.n):
            view = view_for(state, seat)
            assert view.caller == (state.caller if state.called is not None else None)


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_the_cards_aside_are_the_ones_in_no_hand_trick_or_talon(name: str) -> None:
    for state in _positions(name, seed=5):
        in_hands = sum(h.bit_count() for h in state.hands)
        in_tricks = state.played.bit_count()
        expected = state.variant.deck.size - in_hands - in_tricks - state.talon_left
        for seat in range(state.n):
            assert view_for(state, seat).cards_aside == expected
