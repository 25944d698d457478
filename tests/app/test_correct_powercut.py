"""Corrections and abandoned hands survive a power cut (issue 36): SIGKILL a real-card match
entered on the picker, with mistakes taken back and hands abandoned, at random moments;
then cut the journal at every point around each correction and abandon and boot from it.

The journal only ever grows (a correction is a new row, ``{"seat": 1, "correct": "3c"}``,
an abandon ``{"seat": 0, "abandon": true}``); every prefix a kill leaves replays through
the engine, and a controller that boots from it stands exactly where the replay stands:
before the correction, or after it, never between.
"""

from __future__ import annotations

import json
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

from firmware.engine.records import replay
from tests.app.conftest import REPO, Table
from tests.app.correct_child import seats_of
from tests.app.test_powercut import cut_matches, env, journal, record
from tests.engine.builders import snapshot

CHILD = [sys.executable, "-m", "tests.app.correct_child"]
VARIANT = "treseta4"


def booted_as_replayed(state: Path, variant: str = VARIANT) -> bool:
    """Boot a controller from ``state``: it stands where the replay of its journal stands.
    False if there was no unfinished match to resume."""
    matches, _ = journal(state)
    if not matches or matches[0][1] is not None:
        return False
    rebuilt = replay(record(state, matches[0][0]))  # every prefix left by a kill replays
    table = Table(state, variant=variant, seats=seats_of(variant))
    try:
        table.ctl.reader_fitted = False
        assert table.ctl.boot()
        live = table.ctl.match
        assert live is not None
        if rebuilt.hands and rebuilt.hand_over and rebuilt.results[-1].ended_by == "abandoned":
            # an abandoned hand is dealt again at once, by the same dealer
            assert len(live.hands) == len(rebuilt.hands) + 1
            assert live.hands[-1].dealer == rebuilt.hands[-1].dealer
            assert live.totals == rebuilt.totals
        elif rebuilt.state is not None and live.state is not None:
            assert snapshot(live.state) == snapshot(rebuilt.state)
            assert live.hands[-1].effective() == rebuilt.hands[-1].effective()
            assert live.totals == rebuilt.totals
            assert live.furthest == rebuilt.furthest  # how far a correction may reach back
            assert live.last_entered() == rebuilt.last_entered()
    finally:
        table.close()
    return True


def test_corrections_survive_sigkill_and_resume_exactly(tmp_path: Path) -> None:
    kills, states = cut_matches(tmp_path, lambda state, k: [*CHILD, str(state), str(k + 1), VARIANT],
                                booted_as_replayed, step=12, kills=6, least=4)
    assert kills >= 4
    actions = [a for state in states for a in journal(state)[1]]
    kinds = [next(iter(set(json.loads(a[3])) - {"seat"})) for a in actions]
    assert "correct" in kinds and "abandon" in kinds, "the script took back cards and abandoned hands"


def test_a_cut_at_any_point_of_a_correction_or_an_abandon_resumes_to_a_whole_state(tmp_path: Path) -> None:
    """One scripted match, then its journal cut just before and just after every correction
    and abandon (the two places a kill inside one can leave it): each boots exactly."""
    full = tmp_path / "full"
    full.mkdir()
    done = subprocess.run([*CHILD, str(full), "11", VARIANT], env=env(), cwd=REPO, capture_output=True, timeout=120)
    assert done.returncode == 0, done.stderr.decode()[-2000:]
    _, actions = journal(full)
    marks = [i for i, a in enumerate(actions) if {"correct", "abandon"} & set(json.loads(a[3]))]
    assert len(marks) >= 10
    cuts = sorted({k for i in marks[:24] for k in (i, i + 1)})
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
            # hands dealt after the cut never were, but the one the abandon's redeal had begun
            conn.execute("DELETE FROM hands WHERE hand > ?", (last_hand + 1,))
            if not keep or json.loads(keep[-1][3]).get("abandon") is not True:
                conn.execute("DELETE FROM hands WHERE hand > ?", (last_hand,))
            conn.commit()
        finally:
            conn.close()
        assert booted_as_replayed(cut), f"cut at {k}"
