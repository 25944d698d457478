"""``tressette bench phones --seconds S`` bounds the whole bench (issue: a fair table,
part 7): before, ``--seconds`` was ignored and a wait that ran out under load ended in
``TimeoutError`` and exit 70. Now the bench stops at the bound, reports what it measured,
says what it did not, and exits 1; a timeout is one line, exit 1."""

from __future__ import annotations

import os
import subprocess
import sys
import time

import pytest

from firmware import cli
from tests.app.conftest import REPO
from tools.bench import phones as bench


def test_seconds_bounds_the_whole_bench() -> None:
    env = dict(os.environ, PYTHONPATH=str(REPO), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    t0 = time.monotonic()
    done = subprocess.run([sys.executable, "-m", "firmware.cli", "bench", "phones", "--seconds", "2"],
                          env=env, cwd=REPO, capture_output=True, text=True, timeout=120)  # fmt: skip
    spent = time.monotonic() - t0
    assert done.returncode == 1, (done.stdout, done.stderr)
    assert "cut short by --seconds 2" in done.stdout and "Traceback" not in done.stderr, done.stderr
    # the bound, plus the interpreter's start-up and the program's close under a loaded CI
    # (5 s at load 8); the old bench ran its 100 taps and both simulators: 20-60 s, exit 0
    assert spent < 2 + 30, spent


def test_a_timeout_under_load_is_one_line_and_exit_1(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def slow(taps: int, seed: int, budget: bench.Budget | None = None) -> list[tuple[float, float]]:
        raise TimeoutError("phone: waited in vain")

    monkeypatch.setattr(bench, "latency", slow)
    assert cli.main(["bench", "phones", "--seconds", "5"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "no taps measured: phone: waited in vain" in err, err


def test_memory_not_measured_in_time_is_said_and_the_taps_reported(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def taps(n: int, seed: int, budget: bench.Budget | None = None) -> list[tuple[float, float]]:
        return [(5.0, 20.0)] * n

    def memory(budget: bench.Budget | None = None) -> tuple[float, float]:
        raise TimeoutError("the simulator's phone server did not answer")

    monkeypatch.setattr(bench, "latency", taps)
    monkeypatch.setattr(bench, "memory", memory)
    assert cli.main(["bench", "phones", "--seconds", "30", "--hands", "1"]) == 1
    out = capsys.readouterr().out
    assert "20 of 20 taps" in out and "median   20.0 ms" in out
    assert "memory: not measured (the simulator's phone server did not answer)" in out


def test_the_budget_cuts_every_wait_to_what_is_left() -> None:
    b = bench.Budget(time.monotonic() + 2.0)
    assert 1.5 < b.left(10) <= 2.0 and b.left(0.5) == 0.5 and not b.over
    gone = bench.Budget(time.monotonic() - 1.0)
    assert gone.over and gone.left(10) == 0.01
