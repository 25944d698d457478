"""Invariants over random seeded games (hypothesis): tressette2 and treschetten2."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from firmware.engine import (
    Draw,
    HandState,
    Match,
    ZuTun,
    legal_actions,
    make_variant,
    view_for,
)
from firmware.engine.records import dumps, loads

VARIANTS = ["tressette2", "treschetten2"]
seeds = st.integers(min_value=0, max_value=2**32 - 1)


def random_match(name: str, seed: int, options: dict[str, object] | None = None) -> Match:
    rng = random.Random(seed)
    match = Match(make_variant(name, options), first_dealer=rng.randrange(2))
    while not match.finished:
        state = match.start_hand(seed=rng.randrange(2**31))
        while not state.over:
            actions = legal_actions(state)
            # Give the other seat a chance at its open declarations too (tressette2).
            other = 1 - state.to_move
            actions += legal_actions(state, other) if state.to_move != other else []
            match.apply(actions[rng.randrange(len(actions))])
        assert len(match.results) < 60, "a match must end"
    return match


@settings(max_examples=25, deadline=None, derandomize=True)
@given(seed=seeds, name=st.sampled_from(VARIANTS))
def test_matches_end_and_replay_reproduces_them(seed: int, name: str) -> None:
    match = random_match(name, seed)
    again = loads(dumps(match))
    assert again.totals == match.totals
    assert again.winner == match.winner and again.finished
    assert again.results == match.results
    for result in match.results:
        assert min(result.points) >= 0
        if result.ended_by == "play":
            # 11 points between the two players before declarations (seed 002, seed 000).
            assert sum(result.card_points) == 11
            assert sum(result.thirds) == 35


@settings(max_examples=30, deadline=None, derandomize=True)
@given(seed=seeds, name=st.sampled_from(VARIANTS), shown=st.booleans())
def test_every_card_played_once(seed: int, name: str, shown: bool) -> None:
    options: dict[str, object] = {"open_draws": "shown" if shown else "hidden"} if name == "treschetten2" else {}
    v = make_variant(name, options)
    rng = random.Random(seed)
    match = Match(v)
    state = match.start_hand(seed=seed)
    order: list[int] = []
    while not state.over:
        plays = [a for a in legal_actions(state) if not isinstance(a, ZuTun)]
        a = plays[rng.randrange(len(plays))]
        if hasattr(a, "card"):
            order.append(a.card)
        match.apply(a)
    assert sorted(order) == list(v.deck.cards)
    assert state.talon_left == 0 and not any(state.hands)


def permute_hidden(state: HandState, seat: int, rng: random.Random) -> HandState:
    """The same public situation with the hidden cards dealt differently."""
    n = state.n
    hidden_in_hand = [state.hands[s] & ~state.known[s] if s != seat else 0 for s in range(n)]
    talon_rest = list(state.talon[state.talon_pos :])
    pool = [c for s in range(n) for c in range(72) if hidden_in_hand[s] >> c & 1] + talon_rest
    past_hidden = {
        d.card
        for d in state.draws
        if not d.shown and d.seat != seat and pool.count(d.card)
    }
    shuffled = pool[:]
    rng.shuffle(shuffled)
    mapping = dict(zip(pool, shuffled, strict=True))
    new = state.copy()
    for s in range(n):
        if s == seat:
            continue
        keep = state.hands[s] & ~hidden_in_hand[s]
        for c in range(72):
            if hidden_in_hand[s] >> c & 1:
                keep |= 1 << mapping[c]
        new.hands[s] = keep
    new.talon = state.talon[: state.talon_pos] + tuple(mapping[c] for c in talon_rest)
    new.draws = [
        Draw(d.trick, d.seat, mapping[d.card], d.shown) if d.card in past_hidden else d
        for d in state.draws
    ]
    return new


@settings(max_examples=30, deadline=None, derandomize=True)
@given(seed=seeds, name=st.sampled_from(VARIANTS), shown=st.booleans())
def test_no_hidden_card_is_reachable_from_a_view(seed: int, name: str, shown: bool) -> None:
    options: dict[str, object] = {"open_draws": "shown" if shown else "hidden"} if name == "treschetten2" else {}
    rng = random.Random(seed)
    match = Match(make_variant(name, options))
    state = match.start_hand(seed=seed)
    while not state.over:
        for seat in range(state.n):
            view = view_for(state, seat)
            # Whatever the hidden cards are, the view is the same.
            assert view_for(permute_hidden(state, seat, rng), seat) == view
        actions = legal_actions(state)
        match.apply(actions[rng.randrange(len(actions))])


def test_permutation_helper_really_moves_hidden_cards() -> None:
    # Guard against a swap test that swaps nothing.
    match = Match(make_variant("tressette2", {"accusi": False}))
    state = match.start_hand(seed=3)
    moved = permute_hidden(state, 0, random.Random(1))
    assert moved.hands[1] != state.hands[1] or moved.talon != state.talon
    assert moved.hands[0] == state.hands[0]
