"""Undo in the record (casual matches against the computer): the hand is rebuilt exactly.

An undo takes back a seat's last card and every action since; it is kept in
the record where it happened (``{"seat": 0, "undo": 3}``, docs/records.md), so
``replay`` of the record and the journal's resume reach the very same state.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from firmware.engine import PRESETS, IllegalAction, Match, Play, make_variant
from firmware.engine.actions import Undo
from firmware.engine.errors import RecordError
from firmware.engine.moves import legal_actions
from firmware.engine.records import dumps, entry_from_json, loads, replay
from tests.engine.builders import snapshot


def _step(match: Match, rng: random.Random) -> None:
    """One random legal action (declarations included; never a claim, which ends the hand)."""
    assert match.state is not None
    actions = [a for a in legal_actions(match.state) if type(a).__name__ != "Claim"]
    match.apply(rng.choice(actions))


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_undo_restores_the_state_before_the_card(name: str) -> None:
    rng = random.Random(3)
    match = Match(make_variant(name))
    state = match.start_hand(seed=11)
    snapshots: list[tuple[int, tuple[Any, ...]]] = []
    for _ in range(9):
        if state.over:
            break
        snapshots.append((len(match.hands[-1].effective()), snapshot(state)))
        _step(match, rng)
    seat = next(a.seat for a in reversed(match.hands[-1].effective()) if isinstance(a, Play))
    n = match.undo_count(seat)
    assert n is not None and n >= 1
    before = len(match.hands[-1].effective()) - n
    expected = dict(snapshots)[before]
    match.undo(Undo(seat, n))
    assert match.state is state  # rebuilt in place
    assert snapshot(state) == expected
    # The record keeps the undo and replays to the same state.
    again = loads(dumps(match))
    assert again.state is not None and snapshot(again.state) == expected
    assert json.loads(dumps(match))["hands"][0]["actions"][-1] == {"seat": seat, "undo": n}


def test_undo_is_refused_unless_it_starts_at_the_seats_card() -> None:
    match = Match(make_variant("tressette2"))
    state = match.start_hand(seed=2)
    with pytest.raises(IllegalAction):
        match.undo(Undo(0, 1))  # nothing played yet
    assert match.undo_count(0) is None
    mover = state.to_move
    match.apply(next(a for a in legal_actions(state) if isinstance(a, Play)))
    with pytest.raises(IllegalAction):
        match.undo(Undo(1 - mover, 1))  # not the other seat's card
    with pytest.raises(IllegalAction):
        match.undo(Undo(mover, 2))  # more than was played
    with pytest.raises(IllegalAction):
        match.undo(Undo(mover, 0))
    assert match.undo_count(mover) == 1
    match.undo(Undo(mover, 1))
    assert not state.trick and state.to_move == mover


def test_no_undo_after_the_hand_is_over() -> None:
    rng = random.Random(1)
    match = Match(make_variant("tressette2"))
    state = match.start_hand(seed=4)
    while not state.over:
        _step(match, rng)
    assert match.undo_count(0) is None and match.undo_count(1) is None
    with pytest.raises(IllegalAction):
        match.undo(Undo(0, 1))


@pytest.mark.parametrize(
    "obj",
    [{"seat": 0, "undo": "2"}, {"seat": "0", "undo": 2}, {"seat": 0, "undo": True},
     {"seat": 0, "undo": 1, "play": "3c"}],
)
def test_bad_undo_entries_say_what_is_wrong(obj: dict[str, Any]) -> None:
    with pytest.raises(RecordError):
        entry_from_json(make_variant("tressette2").deck, obj)


def test_an_illegal_undo_in_a_record_is_refused_with_its_place() -> None:
    match = Match(make_variant("tressette2"))
    match.start_hand(seed=2)
    doc = json.loads(dumps(match))
    doc["hands"][0]["actions"].append({"seat": 0, "undo": 1})
    with pytest.raises(RecordError, match="hand 1, action 0"):
        replay(doc)


@settings(max_examples=25, deadline=None, derandomize=True)
@given(
    name=st.sampled_from(sorted(PRESETS)),
    seed=st.integers(0, 1000),
    script=st.lists(st.integers(0, 3), min_size=1, max_size=40),
)
def test_any_mix_of_plays_and_undos_equals_replaying_what_stands(
    name: str, seed: int, script: list[int]
) -> None:
    """0-2: an action; 3: undo the last card of the seat that played last (if any)."""
    rng = random.Random(seed)
    match = Match(make_variant(name))
    state = match.start_hand(seed=seed)
    for step in script:
        if state.over:
            break
        if step == 3:
            plays = [a for a in match.hands[-1].effective() if isinstance(a, Play)]
            if plays:
                seat = plays[-1].seat
                n = match.undo_count(seat)
                assert n is not None
                match.undo(Undo(seat, n))
            continue
        _step(match, rng)
    fresh = Match(make_variant(name))
    s2 = fresh.start_hand(seed=seed)
    for a in match.hands[-1].effective():
        fresh.apply(a)
    assert snapshot(state) == snapshot(s2)
    again = loads(dumps(match))
    assert again.state is not None and snapshot(again.state) == snapshot(state)
