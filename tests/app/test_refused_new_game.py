"""A new game the engine refuses (a computer at a talon table of real cards) never
ends the match in progress: the refusal comes before the journal gives it up."""

from __future__ import annotations

import ui.intents as it
from tests.app.conftest import MakeTable, Table


def test_a_refused_new_game_keeps_the_match_in_progress(make_table: MakeTable) -> None:
    table: Table = make_table(seed=3)
    ctl = table.ctl
    ctl.new_match()
    first = ctl.match_id
    assert first is not None
    table.put(it.NewGame("tressette2", {}, (it.SeatSetup("table", None), it.SeatSetup("computer", "normal"))))
    assert ctl.match_id == first and ctl.match is not None
    row, unfinished = table.journal.match(first), table.journal.unfinished()
    assert row is not None and row.finished is None
    assert unfinished is not None and unfinished.id == first
