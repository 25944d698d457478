"""*Nothing to declare* in the record: kept where it was said, changing nothing in the hand.

A person's *Nothing to declare* (the onori round of seed 003, the window before the
first card) is the table's business, not a rule of the hand; but it must survive a
power cut, or the resumed table asks the person again. So it is a record entry
(``{"seat": 1, "nothing_to_declare": true}``, docs/records.md) like the undo, and
``Match.passed()`` says who has passed in the window open now: since the last card
played or taken back.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from firmware.engine import (
    PRESETS,
    IllegalAction,
    Match,
    NothingToDeclare,
    Play,
    Undo,
    make_variant,
)
from firmware.engine.errors import RecordError
from firmware.engine.moves import legal_actions
from firmware.engine.records import dumps, entry_from_json, entry_to_json, loads, replay
from tests.engine.builders import snapshot


def test_a_pass_is_kept_in_the_record_and_changes_nothing() -> None:
    match = Match(make_variant("tressette4"))
    state = match.start_hand(seed=5)
    before = snapshot(state)
    match.record(NothingToDeclare(2))
    assert snapshot(state) == before
    assert match.passed() == {2}
    assert match.hands[-1].effective() == []  # not an action: undo counts never see it
    doc = json.loads(dumps(match))
    assert doc["hands"][0]["actions"] == [{"seat": 2, "nothing_to_declare": True}]
    again = loads(dumps(match))
    assert again.passed() == {2} and again.state is not None and snapshot(again.state) == before


def test_a_card_closes_the_window_and_an_undo_forgets_the_passes() -> None:
    match = Match(make_variant("tressette2"))
    state = match.start_hand(seed=3)
    match.record(NothingToDeclare(0))
    first = next(a for a in legal_actions(state) if isinstance(a, Play))
    match.apply(first)
    assert match.passed() == frozenset()  # a new window, nobody has passed in it
    match.record(NothingToDeclare(1))
    match.record(NothingToDeclare(0))
    assert match.passed() == {0, 1}
    n = match.undo_count(first.seat)
    assert n == 1
    match.undo(Undo(first.seat, n))
    assert match.passed() == frozenset()


def test_no_pass_outside_a_hand_or_for_a_seat_that_is_not_there() -> None:
    match = Match(make_variant("tressette2"))
    with pytest.raises(IllegalAction):
        match.record(NothingToDeclare(0))
    match.start_hand(seed=1)
    with pytest.raises(IllegalAction):
        match.record(NothingToDeclare(2))


@pytest.mark.parametrize(
    "obj",
    [{"seat": 0, "nothing_to_declare": False}, {"seat": 0, "nothing_to_declare": 1},
     {"seat": "0", "nothing_to_declare": True}, {"seat": True, "nothing_to_declare": True},
     {"seat": 0, "nothing_to_declare": True, "play": "3c"}, {"nothing_to_declare": True}],
)  # fmt: skip
def test_bad_pass_entries_say_what_is_wrong(obj: dict[str, Any]) -> None:
    with pytest.raises(RecordError, match="nothing to declare"):
        entry_from_json(make_variant("tressette2").deck, obj)


def test_a_pass_for_a_seat_that_is_not_there_is_refused_with_its_place() -> None:
    match = Match(make_variant("tressette2"))
    match.start_hand(seed=2)
    doc = json.loads(dumps(match))
    doc["hands"][0]["actions"].append({"seat": 5, "nothing_to_declare": True})
    with pytest.raises(RecordError, match="hand 1, action 0"):
        replay(doc)


@settings(max_examples=25, deadline=None, derandomize=True)
@given(
    name=st.sampled_from(sorted(PRESETS)),
    seed=st.integers(0, 1000),
    script=st.lists(st.integers(0, 4), min_size=1, max_size=40),
)
def test_passes_among_any_actions_and_undos_change_nothing_and_are_counted_since_the_last_card(
    name: str, seed: int, script: list[int]
) -> None:
    """0-2: an action; 3: undo the last card (if any); 4: a random seat passes."""
    rng = random.Random(seed)
    variant = make_variant(name)
    match = Match(variant)
    state = match.start_hand(seed=seed)
    since: set[int] = set()
    for step in script:
        if state.over:
            break
        if step == 4:
            seat = rng.randrange(variant.n_seats)
            match.record(NothingToDeclare(seat))
            since.add(seat)
        elif step == 3:
            plays = [a for a in match.hands[-1].effective() if isinstance(a, Play)]
            if plays:
                n = match.undo_count(plays[-1].seat)
                assert n is not None
                match.undo(Undo(plays[-1].seat, n))
                since.clear()
        else:
            actions = [a for a in legal_actions(state) if type(a).__name__ != "Claim"]
            action = rng.choice(actions)
            match.apply(action)
            if isinstance(action, Play):
                since.clear()
        if not state.over:
            assert match.passed() == since
    fresh = Match(variant)
    s2 = fresh.start_hand(seed=seed)
    for a in match.hands[-1].effective():
        fresh.apply(a)
    assert snapshot(state) == snapshot(s2)
    again = loads(dumps(match))
    assert again.state is not None and snapshot(again.state) == snapshot(state)
    assert [entry_to_json(variant.deck, e) for e in again.hands[-1].actions] == [
        entry_to_json(variant.deck, e) for e in match.hands[-1].actions
    ]
