"""A revoke called survives a power cut (issue 36): SIGKILL a real-card match in which
people revoke and the table calls revokes, at random moments; then cut the journal just
before and just after every revoke entry and boot from it.

The journal only ever grows (a revoke is a new row, ``{"seat": 2, "revoke": true}``,
written before it is applied); every prefix a kill leaves replays through the engine, and
a controller that boots from it stands exactly where the replay stands: before the call
or after it, never between (the hand counted or not, the match ended or not).
"""

from __future__ import annotations

import json
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from firmware.engine.records import replay
from tests.app.conftest import REPO, Table
from tests.app.revoke_child import VARIANT
from tests.app.test_powercut import cut_matches, env, journal, record
from tests.engine.builders import snapshot

CHILD = [sys.executable, "-m", "tests.app.revoke_child"]


def booted_as_replayed(state: Path) -> bool:
    """Boot a controller from ``state``: it stands where the replay of its journal stands.
    False if there was no unfinished match to resume."""
    matches, _ = journal(state)
    if not matches or matches[0][1] is not None:
        return False
    rebuilt = replay(record(state, matches[0][0]))  # every prefix left by a kill replays
    table = Table(state, variant=VARIANT, seats=["table"] * 4)
    try:
        table.ctl.reader_fitted = False
        assert table.ctl.boot()
        live = table.ctl.match
        assert live is not None
        assert live.variant.revoke_penalty == rebuilt.variant.revoke_penalty
        if rebuilt.hands and rebuilt.hand_over and rebuilt.results[-1].revoke_penalty == "replay":
            # a hand replayed for a revoke is dealt again at once, by the same dealer
            assert len(live.hands) == len(rebuilt.hands) + 1
            assert live.hands[-1].dealer == rebuilt.hands[-1].dealer
            assert live.totals == rebuilt.totals
        elif rebuilt.state is not None and live.state is not None:
            assert snapshot(live.state) == snapshot(rebuilt.state)
            assert live.state.revoke == rebuilt.state.revoke
            assert live.hands[-1].actions == rebuilt.hands[-1].actions
            assert live.totals == rebuilt.totals and live.results == rebuilt.results
            assert live.finished == rebuilt.finished
    finally:
        table.close()
    return True


def kinds_of(actions: list[Any]) -> list[str]:
    return [next(iter(set(json.loads(a[3])) - {"seat"})) for a in actions]


@pytest.mark.parametrize("penalty", ["cappotto", "replay"])
def test_revokes_survive_sigkill_and_resume_exactly(tmp_path: Path, penalty: str) -> None:
    kills, states = cut_matches(tmp_path, lambda state, k: [*CHILD, str(state), str(k + 1), penalty],
                                booted_as_replayed, step=12, kills=5, least=3)
    assert kills >= 3
    assert any("revoke" in kinds_of(journal(state)[1]) for state in states), "the script called revokes"


def test_a_cut_just_before_or_after_a_revoke_resumes_to_a_whole_state(tmp_path: Path) -> None:
    """One scripted match, then its journal cut just before and just after every revoke
    (the two places a kill inside one can leave it): each boots exactly."""
    full = tmp_path / "full"
    full.mkdir()
    done = subprocess.run([*CHILD, str(full), "11", "cappotto"], env=env(), cwd=REPO, capture_output=True,
                          timeout=120)  # fmt: skip
    assert done.returncode == 0, done.stderr.decode()[-2000:]
    _, actions = journal(full)
    marks = [i for i, a in enumerate(actions) if "revoke" in json.loads(a[3])]
    assert len(marks) >= 2, kinds_of(actions)
    cuts = sorted({k for i in marks[:12] for k in (i, i + 1)})
    for k in cuts:
        cut = tmp_path / f"cut{k}"
        shutil.copytree(full, cut)
        keep = actions[:k]
        last_hand = keep[-1][1] if keep else 0
        conn = sqlite3.connect(cut / "journal.sqlite3")
        try:
            conn.execute("UPDATE matches SET finished = NULL, winner = NULL, totals = NULL")
            for m, h, idx, _ in actions[k:]:
                conn.execute("DELETE FROM actions WHERE match = ? AND hand = ? AND idx = ?", (m, h, idx))
            conn.execute("DELETE FROM hands WHERE hand > ?", (last_hand,))  # hands dealt after the cut never were
            conn.commit()
        finally:
            conn.close()
        assert booted_as_replayed(cut), f"cut at {k}"
