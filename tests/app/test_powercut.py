"""Power cuts: SIGKILL the running simulator at random moments, restart, compare.

After every kill the journal must hold one match whose actions are contiguous
and extend, unchanged, what was there before the previous restart (nothing
lost, nothing duplicated, nothing rewritten) and which replays through the
engine. At the end the stored totals and winner must equal an uninterrupted
replay of the journal.
"""

from __future__ import annotations

import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

from firmware.engine.records import replay

from .conftest import REPO

TRESSETTE = [sys.executable, "-m", "firmware.cli"]


def sim_cmd(state: Path) -> list[str]:
    return [
        *TRESSETTE, "sim", "--headless", "--seats", "cpu:easy,cpu:easy", "--matches", "1",
        "--state-dir", str(state), "--seed", "5", "--think-ms", "15",
        "--config", str(state / "settings.toml"),
    ]  # fmt: skip


def env() -> dict[str, str]:
    e = dict(os.environ)
    e.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYTHONPATH=str(REPO))
    return e


def journal(state: Path) -> tuple[list[tuple[Any, ...]], list[tuple[Any, ...]]]:
    db = state / "journal.sqlite3"
    if not db.exists():
        return [], []
    conn = sqlite3.connect(db)
    try:
        tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        if "matches" not in tables:  # killed while it created the schema: nothing yet
            return [], []
        matches = conn.execute("SELECT id, finished, winner, totals FROM matches").fetchall()
        actions = conn.execute("SELECT match, hand, idx, action FROM actions ORDER BY match, hand, idx").fetchall()
    finally:
        conn.close()
    return matches, actions


def record(state: Path, match: int) -> dict[str, Any]:
    from firmware.store import Journal

    with Journal.open(state) as j:
        return j.record(match)


CUT_GUARD_S = 150.0
"""How long a power-cut test may go on cutting before it stops short. The tests check the
number of cuts made, so the clock is only a guard, under pytest's 300 s: a slow or busy machine
makes such a test slower, never failed. (The ten cuts below take 11 to 14 s in a whole run of
the suite on a 2-core host; the guards of 40 to 60 s that stood here left a busier machine
three times that, no more.)"""


def wait_for_progress(proc: subprocess.Popen[bytes], state: Path, n: int, timeout: float = 20.0) -> None:
    """Bounded wait until the running process journals more than ``n`` actions."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline and proc.poll() is None:
        try:
            if len(journal(state)[1]) > n:
                return
        except sqlite3.Error:
            pass  # the database is being created right now
        time.sleep(0.02)


def cut_after_some(cmd: list[str], state: Path, after: int) -> bool:
    """Run ``cmd`` (a child that plays on the journal in ``state``) and SIGKILL it once it has
    journalled more than ``after`` actions, unless it ends first; True if it was killed.
    Whatever it printed holds no traceback."""
    proc = subprocess.Popen(cmd, env=env(), cwd=REPO, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    killed = False
    try:
        # such a child plays a whole match in well under a second on an idle machine: the cut
        # falls right after a number of new actions, not after a pause
        wait_for_progress(proc, state, after)
        proc.wait(timeout=0)
    except subprocess.TimeoutExpired:
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(timeout=10)
        killed = True
    finally:
        assert proc.stderr is not None
        err = proc.stderr.read().decode()
        proc.stderr.close()
    assert "Traceback" not in err, err[-2000:]
    return killed


def kill_until_finished(
    state: Path, cmd_of: Callable[[int], list[str]], check: Callable[[Path], object], *,
    step: int, kills: int, seconds: float = CUT_GUARD_S, seed: int = 20261206,
) -> int:
    """Run the child ``cmd_of(kills so far)`` on ``state`` again and again, cut after a random
    1..``step`` new actions, until ``kills`` cuts, the match's end or ``seconds``: after each
    run the journal of its one match only grew, contiguous, and ``check(state)`` holds (it may
    boot, and booting may journal the next deal). Returns the cuts made."""
    rng = random.Random(seed)
    before: list[tuple[Any, ...]] = []
    made = 0
    deadline = time.monotonic() + seconds
    while made < kills and time.monotonic() < deadline:
        made += cut_after_some(cmd_of(made), state, len(before) + rng.randrange(1, step))
        matches, actions = journal(state)
        if not matches:
            continue
        assert len(matches) == 1
        check_contiguous(actions)
        assert actions[: len(before)] == before, "an entry was lost or rewritten"
        check(state)
        before = journal(state)[1]
        if matches[0][1] is not None:
            break
    return made


def cut_matches(
    root: Path, cmd_of: Callable[[Path, int], list[str]], check: Callable[[Path], object], *,
    step: int, kills: int, least: int, matches: int = 4,
) -> tuple[int, list[Path]]:
    """:func:`kill_until_finished` on a fresh state directory under ``root``, and again on
    another while fewer than ``least`` cuts were made in all (at most ``matches`` matches): a
    scripted match may end before its cuts, since how many actions a child journals between a
    look at the journal and the kill is the machine's pace (2 cuts, not 3, in a whole run of
    the suite). ``cmd_of(state, runs so far)``: the child, its seed from the runs before it.
    Returns the cuts made and the state directories, one per match."""
    made = 0
    states: list[Path] = []
    for n in range(matches):
        state = root / f"state{n}"
        state.mkdir()
        states.append(state)
        made += kill_until_finished(state, partial(_child_of, cmd_of, state, made), check, step=step,
                                    kills=kills - made, seed=20261206 + n)
        if made >= least:
            break
    return made, states


def _child_of(cmd_of: Callable[[Path, int], list[str]], state: Path, before: int, runs: int) -> list[str]:
    return cmd_of(state, before + runs)


def check_contiguous(actions: list[tuple[Any, ...]]) -> None:
    hands: dict[int, list[int]] = {}
    for _, hand, idx, _ in actions:
        hands.setdefault(hand, []).append(idx)
    assert sorted(hands) == list(range(len(hands)))
    for idxs in hands.values():
        assert idxs == list(range(len(idxs)))


def test_power_cut_at_random_moments(tmp_path: Path) -> None:
    rng = random.Random(20261129)
    state = tmp_path / "state"
    state.mkdir()
    before: list[tuple[Any, ...]] = []
    kills = 0
    mid_match = 0  # kills that hit a match in progress, with moves already journalled
    deadline = time.monotonic() + CUT_GUARD_S
    while kills < 10 and time.monotonic() < deadline:
        proc = subprocess.Popen(sim_cmd(state), env=env(), cwd=REPO,
                                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)  # fmt: skip
        try:
            if rng.random() < 0.2:  # sometimes while it starts up / resumes
                proc.wait(timeout=rng.uniform(0.0, 0.8))
            else:  # else once it has journalled a move of its own, a little later
                wait_for_progress(proc, state, len(before))
                proc.wait(timeout=rng.uniform(0.0, 0.4))
        except subprocess.TimeoutExpired:
            os.kill(proc.pid, signal.SIGKILL)
            proc.wait(timeout=10)
            kills += 1
        finally:
            assert proc.stderr is not None
            proc.stderr.close()
        matches, actions = journal(state)
        if not matches:
            continue
        assert len(matches) == 1, "a restart continues the same match, never a new one"
        check_contiguous(actions)
        assert actions[: len(before)] == before, "an action was lost or rewritten"
        replay(record(state, matches[0][0]))  # every prefix left by a kill replays
        before = actions
        if matches[0][1] is not None:
            break  # the match ended before this kill
        mid_match += bool(actions) and proc.returncode == -signal.SIGKILL
    assert kills >= 8 and mid_match >= 5
    # let it finish undisturbed
    matches, _ = journal(state)
    if matches and matches[0][1] is None or not matches:
        done = subprocess.run(sim_cmd(state), env=env(), cwd=REPO, capture_output=True, timeout=60)
        assert done.returncode == 0, done.stderr.decode()[-2000:]
    matches, actions = journal(state)
    assert len(matches) == 1
    check_contiguous(actions)
    assert actions[: len(before)] == before
    match_id, finished, winner, totals = matches[0]
    assert finished is not None
    rebuilt = replay(record(state, match_id))
    assert rebuilt.finished and rebuilt.winner == winner
    assert rebuilt.totals == json.loads(totals)
    # the same --seed after every restart: the deals went on, none repeated
    seeds = [hand["deal"]["seed"] for hand in record(state, match_id)["hands"]]
    assert len(set(seeds)) == len(seeds), f"a restart repeated a deal: {seeds}"


def test_an_unseeded_hand_is_dealt_again_the_same_after_a_power_cut(tmp_path: Path) -> None:
    """The box's own deals (no --seed): each hand's 128-bit seed is journalled before the
    hand is dealt, so the hand a power cut interrupts resumes with the very same cards,
    and the simulator says nothing of seeds (it is not seeded)."""
    state = tmp_path / "state"
    cmd = [a for a in sim_cmd(state) if a not in ("--seed", "5")]
    assert "--seed" not in cmd
    records = []
    for _ in range(2):
        n = len(journal(state)[1])
        proc = subprocess.Popen(cmd, env=env(), cwd=REPO, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        wait_for_progress(proc, state, n + 3)
        os.kill(proc.pid, signal.SIGKILL)  # the power goes mid-hand
        proc.wait(timeout=10)
        assert proc.stderr is not None
        err = proc.stderr.read().decode()
        proc.stderr.close()
        assert "seeded run" not in err, err
        records.append(record(state, 1))
    first, second = records
    cut = len(first["hands"]) - 1  # the hand the cut interrupted
    assert first["hands"][cut]["actions"] and len(second["hands"]) >= len(first["hands"])
    assert [h["deal"] for h in second["hands"][: cut + 1]] == [h["deal"] for h in first["hands"]]
    assert second["hands"][cut]["actions"][: len(first["hands"][cut]["actions"])] == first["hands"][cut]["actions"]
    seeds = [h["deal"]["seed"] for h in second["hands"]]
    assert all(isinstance(s, str) and len(s) == 32 and int(s, 16) >= 0 for s in seeds), seeds
    assert len(set(seeds)) == len(seeds)
    replay(second)  # the resumed hand goes on from the same cards: every action legal
