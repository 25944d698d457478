"""Undo survives a power cut: SIGKILL a casual match with undos at random moments, resume, compare.

The journal only ever grows (an undo is a new row, ``{"seat": 0, "undo": n}``),
every prefix a kill leaves replays through the engine, and a controller that
boots from it stands exactly where the replay stands.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from firmware.engine.records import replay
from tests.app.conftest import REPO, Table
from tests.app.test_powercut import (
    CUT_GUARD_S,
    check_contiguous,
    cut_after_some,
    env,
    journal,
    record,
)

CHILD = [sys.executable, "-m", "tests.app.undo_child"]


def test_undo_survives_sigkill_and_resumes_exactly(tmp_path: Path) -> None:
    rng = random.Random(20261201)
    state = tmp_path / "state"
    state.mkdir()
    before: list[tuple[Any, ...]] = []
    kills = 0
    deadline = time.monotonic() + CUT_GUARD_S
    while kills < 6 and time.monotonic() < deadline:
        kills += cut_after_some([*CHILD, str(state), "7"], state, len(before) + rng.randrange(1, 6))
        matches, actions = journal(state)
        if not matches:
            continue
        assert len(matches) == 1
        check_contiguous(actions)
        assert actions[: len(before)] == before, "an action was lost or rewritten"
        doc = record(state, matches[0][0])
        rebuilt = replay(doc)  # every prefix left by a kill replays, undos included
        finished = matches[0][1] is not None  # the child may end the match before a kill
        table = Table(state, seats=["human", "cpu:normal"])
        try:
            assert table.ctl.boot() is not finished  # an unfinished match resumes, a finished one not
            if not finished and rebuilt.state is not None and table.ctl.match is not None and table.ctl.match.state is not None:
                assert table.ctl.match.view_for(0) == rebuilt.view_for(0)
                assert table.ctl.match.hands[-1].effective() == rebuilt.hands[-1].effective()
        finally:
            table.close()
        before = journal(state)[1]  # booting may deal the next hand: that is journalled too
        if matches[0][1] is not None:
            break
    assert kills >= 4
    matches, actions = journal(state)
    undos = [a for a in actions if "undo" in json.loads(a[3])]
    assert undos, "the script took back cards"
    done = subprocess.run([*CHILD, str(state), "7"], env=env(), cwd=REPO, capture_output=True, timeout=120)
    assert done.returncode == 0, done.stderr.decode()[-2000:]
    matches, actions = journal(state)
    check_contiguous(actions)
    assert actions[: len(before)] == before
    rebuilt = replay(record(state, matches[0][0]))
    if matches[0][1] is not None:
        assert rebuilt.finished and json.loads(matches[0][3]) == rebuilt.totals
