"""Score sheet corrections survive a power cut: SIGKILL a score-sheet match with questions,
undos and amended counts at random moments (also inside a correction that un-ends the match),
resume, compare.

The journal only ever grows (a correction is a new row: ``{"seat": 0, "undo": 1}``,
``{"seat": 0, "amend": 1, "tally": ...}``), every prefix a kill leaves replays through the
engine, a match is finished in the journal exactly when its replay is, and a controller that
boots from it stands exactly where the replay stands.
"""

from __future__ import annotations

import json
import random
import sys
import time
from pathlib import Path
from typing import Any

from firmware.engine.records import replay
from tests.app.conftest import Table
from tests.app.test_powercut import CUT_GUARD_S, check_contiguous, cut_after_some, journal, record

CHILD = [sys.executable, "-m", "tests.app.sheet_child"]


def test_sheet_corrections_survive_sigkill_and_resume_exactly(tmp_path: Path) -> None:
    rng = random.Random(20261206)
    state = tmp_path / "state"
    state.mkdir()
    before: list[tuple[Any, ...]] = []
    kills = 0
    deadline = time.monotonic() + CUT_GUARD_S
    while kills < 6 and time.monotonic() < deadline:
        kills += cut_after_some([*CHILD, str(state), str(kills)], state, len(before) + rng.randrange(1, 6))
        matches, actions = journal(state)
        if not matches:
            continue
        assert actions[: len(before)] == before, "an action was lost or rewritten"
        match_id = matches[-1][0]
        for m in matches:
            check_contiguous([a for a in actions if a[0] == m[0]])
        rebuilt = replay(record(state, match_id))  # every prefix left by a kill replays, corrections included
        finished = matches[-1][1] is not None
        if finished:
            assert rebuilt.finished and json.loads(matches[-1][3]) == rebuilt.totals
        table = Table(state, variant="tressette4", seats=["table"] * 4)
        try:
            assert table.ctl.boot() is not finished  # unfinished (or un-ended again) resumes
            if not finished:
                assert table.ctl.match is not None
                assert table.ctl.totals == rebuilt.totals and table.ctl.match.sheet_entries() == rebuilt.sheet_entries()
                # killed after the entry that ends the match, before it was marked finished: closed now
                assert table.ctl.match.finished == rebuilt.finished
        finally:
            table.close()
        before = journal(state)[1]  # a finished match stays; the next run starts another
    assert kills >= 4
    _, actions = journal(state)
    kinds = {k for a in actions for k in ("undo", "amend") if k in json.loads(a[3])}
    assert kinds == {"undo", "amend"}, "the script corrected entries"
