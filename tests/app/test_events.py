"""The one queue's events, every type of the ``Event`` union with any values.

``TableController.handle`` is one ``match`` ending in ``assert_never``: mypy
lists a new event type nobody handles. This checks the other half at run time:
whatever values the events carry (a seat that does not exist, a card not in the
deck, a declaration of a computer seat), the controller handles, refuses or
ignores them; it never raises, and the journal still replays to the table.
"""

from __future__ import annotations

from typing import get_args, get_type_hints

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from firmware.app.events import Event
from tests.app.conftest import MakeTable

from .test_controller import journal_ok

EVENT_TYPES = [t for member in get_args(Event) for t in (get_args(member) or (member,))]


def event_of(kind: type) -> st.SearchStrategy[object]:
    """``kind`` with its int fields near the game's range (seats, cards, ids), the rest any value."""
    ints = {name: st.integers(-3, 60) for name, hint in get_type_hints(kind).items() if hint is int}
    return st.builds(kind, **ints)


def test_the_union_names_every_family() -> None:
    names = {t.__name__ for t in EVENT_TYPES}
    assert {"ButtonPressed", "TagSeen", "PlayCard", "NothingToDeclare", "PlayerMoved", "Tick", "Shutdown"} <= names


@pytest.mark.parametrize(
    ("variant", "seats"),
    [
        ("tressette4", ["human", "cpu:easy", "cpu:easy", "cpu:easy"]),
        ("treschetten2", ["cpu:easy", "human"]),
        ("terziglio3", ["table", "table", "table"]),
    ],
)
def test_any_event_with_any_values_is_handled_or_refused(make_table: MakeTable, variant: str, seats: list[str]) -> None:
    table = make_table(variant=variant, seats=seats, seed=1)
    ctl = table.ctl
    ctl.new_match()
    table.pump()

    @settings(max_examples=60, deadline=None, derandomize=True,
              suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])  # fmt: skip
    @given(events=st.lists(st.one_of([event_of(t) for t in EVENT_TYPES]), max_size=8))
    def feed(events: list[Event]) -> None:
        for event in events:
            ctl.handle(event)
        table.pump()
        if ctl.match_id is not None:
            journal_ok(table)

    feed()
