"""The tally of cards played so far (firmware/engine/tally.py) holds only public cards:
over random games of every preset, every seat's view of the same moment gives the same
tally, its played cards are exactly the tricks' and the open trick's, and nothing in it
is a card some seat holds face down."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from firmware.engine import PRESETS, Match, make_variant, view_for
from firmware.engine.cards import card_list
from firmware.engine.tally import public_tally
from tests.engine.test_variants_properties import TABLES, _table_id
from tests.engine.test_variants_support import random_action

ALL: list[tuple[str, dict[str, object]]] = [(name, {}) for name in PRESETS if all(t[0] != name for t in TABLES)] + TABLES
ALL += [("treschetten2", {"open_draws": "hidden"})]


@pytest.mark.parametrize("table", ALL, ids=[_table_id(t) for t in ALL])
@settings(max_examples=3, deadline=None, derandomize=True)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_the_tally_is_the_same_from_every_seat_and_only_public(seed: int, table: tuple[str, dict[str, object]]) -> None:
    name, options = table
    rng = random.Random(seed)
    match = Match(make_variant(name, options), first_dealer=rng.randrange(3))
    state = match.start_hand(seed=seed)
    while True:
        tallies = [public_tally(view_for(state, s)) for s in range(state.n)]
        assert all(t == tallies[0] for t in tallies), "a seat's tally holds what only it saw"
        t = tallies[0]
        in_tricks = [c for tr in state.tricks for c in tr.cards] + list(state.trick)
        assert list(t.played) == in_tricks
        assert not set(t.played) & set(t.face_up)
        hidden = {c for s in range(state.n) for c in card_list(state.hands[s] & ~state.known[s])}
        assert not set(t.face_up) & hidden, "a face-down card in the tally"
        if state.over:
            break
        match.apply(random_action(state, rng))


def test_shown_draws_are_in_the_tally_hidden_ones_not() -> None:
    for draws, expect in (("shown", True), ("hidden", False)):
        match = Match(make_variant("treschetten2", {"open_draws": draws}))
        state = match.start_hand(seed=5)
        rng = random.Random(5)
        while not state.draws:
            match.apply(random_action(state, rng))
        drawn = {d.card for d in state.draws}
        t = public_tally(view_for(state, 0))
        assert bool(drawn & set(t.face_up)) is expect
