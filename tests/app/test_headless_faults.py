"""A headless simulator never waits for ever in silence: seats nobody can play are refused
in one line, and a state directory that is unusable at start is one line, then the match
starts as soon as the journal can be written (outside fault injection, points 1 and 3)."""

from __future__ import annotations

import errno
import os
import subprocess
import sys
from pathlib import Path

import pytest

from firmware import cli
from firmware.app import runtime
from firmware.engine import PRESETS, make_variant
from firmware.store import Journal

from .conftest import REPO


def _refuse_to_start(*args: object, **kwargs: object) -> None:
    raise AssertionError("the simulator started a table nobody can play (it would wait for ever)")


def _seat_lists(n: int) -> list[list[str]]:
    """Every kind of seat nobody plays headless, in the places the matrix needs: all at the
    table, one table seat with computers first or last, a person at the screen with computers."""
    return [["table"] * n, ["table"] + ["cpu:easy"] * (n - 1), ["cpu:easy"] * (n - 1) + ["table"],
            ["human"] + ["cpu:easy"] * (n - 1)]


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_headless_table_seats_are_refused_in_one_line(
    preset: str, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Before: `sim --headless --seats table,cpu:easy` printed nothing and never ended. A Runtime
    # built here would be that wait: the test fails instead of hanging.
    monkeypatch.setattr(runtime, "Runtime", _refuse_to_start)
    n = make_variant(preset).n_seats
    for seats in _seat_lists(n):
        rc = cli.main(["sim", "--headless", "--variant", preset, "--seats", ",".join(seats), "--matches", "1",
                       "--config", str(tmp_path / "s.toml"), "--state-dir", str(tmp_path / "state")])
        err = capsys.readouterr().err
        assert rc == 2, err
        assert len(err.strip().splitlines()) == 1, err
        if "human" in seats:
            assert "no screen to tap for seat 1" in err
        else:
            assert "cannot play the real cards of table seat" in err and "card-reader panel" in err
        assert "cpu:hard,cpu:normal" in err  # the way to a headless game
    assert not (tmp_path / "state").exists()  # nothing made for a game that cannot start


def test_headless_table_seats_from_the_settings_file_are_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(runtime, "Runtime", _refuse_to_start)
    cfg = tmp_path / "s.toml"
    cfg.write_text('[game]\nvariant = "treseta4"\nseats = ["table", "cpu:easy", "table", "cpu:easy"]\n')
    rc = cli.main(["sim", "--headless", "--config", str(cfg), "--state-dir", str(tmp_path / "state")])
    err = capsys.readouterr().err
    assert rc == 2 and "table seats 1, 3" in err, err


def test_the_refusal_names_every_seat_nobody_can_play() -> None:
    from firmware.app.sim import headless_refusal

    assert headless_refusal(["cpu:hard", "cpu:normal"]) is None
    assert "seats 1, 2" in (headless_refusal(["table", "table"]) or "")
    assert "seat 2" in (headless_refusal(["computer", "human"]) or "")


def test_the_issues_command_ends_at_once_in_one_line(tmp_path: Path) -> None:
    """Exactly the command that hung: a real process, bounded."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", PYTHONPATH=str(REPO))
    done = subprocess.run(
        [sys.executable, "-m", "firmware.cli", "sim", "--headless", "--seats", "table,cpu:easy", "--matches", "1",
         "--state-dir", str(tmp_path / "d"), "--config", str(tmp_path / "s.toml")],
        env=env, cwd=REPO, capture_output=True, timeout=60,
    )  # fmt: skip
    assert done.returncode == 2
    assert len(done.stderr.decode().strip().splitlines()) == 1, done.stderr.decode()


# ------------------------------------------------------------------ point 3: an unusable state dir


def _start_sim(state: Path, tmp_path: Path) -> subprocess.Popen[bytes]:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", PYTHONPATH=str(REPO))
    return subprocess.Popen(
        [sys.executable, "-m", "firmware.cli", "sim", "--headless", "--seats", "cpu:easy,cpu:easy",
         "--matches", "1", "--state-dir", str(state), "--config", str(tmp_path / "s.toml"), "--seed", "4"],
        env=env, cwd=REPO, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
    )  # fmt: skip


def test_a_state_dir_unusable_at_start_is_one_line_then_the_match_is_played(tmp_path: Path) -> None:
    """Before: a 40-line traceback ("drawing failed … JournalFailure"), and once the file
    system worked again "journal writable again" but never a match. The state directory
    here lies behind a link to a directory that does not exist yet (mkdir fails, as on a
    read-only or missing file system); the directory appears while the program waits."""
    later = tmp_path / "mounted-later"
    (tmp_path / "link").symlink_to(later)
    state = tmp_path / "link" / "state"
    proc = _start_sim(state, tmp_path)
    try:
        assert proc.stderr is not None
        first = proc.stderr.readline().decode()  # blocks until the program says something
        assert "cannot be written" in first and str(state) in first and "retried until it can be" in first
        later.mkdir()  # the file system is back
        rc = proc.wait(timeout=120)
        rest = proc.stderr.read().decode()
    finally:
        proc.kill()
        proc.wait()
    err = first + rest
    assert rc == 0, err
    assert "Traceback" not in err and "drawing failed" not in err, err
    assert "1 match(es) played" in rest
    errors = [line for line in err.splitlines() if " ERROR " in line]
    assert errors == [first.rstrip("\n")], err  # the failure said once, in one line
    with Journal.open(later / "state") as j:
        (row,) = j.matches()
        assert row.finished is not None and row.seats == ["cpu:easy", "cpu:easy"]


def test_a_read_only_state_dir_at_start_starts_the_named_match_when_it_is_writable(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """In process, the read-only file system itself (EROFS) for the first opens: the screen is
    drawn without a drawing failure, and the match asked for at start is started after the retry."""
    from firmware import config
    from firmware.app.controller import ControllerOptions
    from firmware.app.core import HOME, PLAY

    real_open = Journal.open
    read_only = {"on": True}

    def open_(state_dir: Path | str) -> Journal:
        if read_only["on"]:
            raise OSError(errno.EROFS, "Read-only file system")
        return real_open(state_dir)

    monkeypatch.setattr(Journal, "open", staticmethod(open_))
    settings, problems = config.load(tmp_path / "s.toml")
    settings.game.seats = config.check_seats(["cpu:easy", "cpu:easy"])
    rt = runtime.Runtime(settings=settings, state_dir=tmp_path / "state", think_ms=0, seed=1,
                         options=ControllerOptions(auto_next=True, matches=1, seed=1), problems=problems)
    with rt:
        rt.start_sim(size=(800, 480), headless=True)
        # The retry's clock is the test's from the first failure on: how long a loaded
        # machine takes over a step moves no retry earlier or later.
        clock = [0.0]
        rt.ctl.guard.clock = lambda: clock[0]
        assert rt.ctl.boot() is False
        with pytest.raises(Exception) as failed:
            rt.ctl.new_match()
        rt.ctl.journal_failed(failed.value)  # type: ignore[arg-type]
        rt.loop.step(timeout=0.01)  # draws: no JournalFailure out of the screen's model
        assert rt.ctl.phase == HOME and rt.ctl.journal_error == "Read-only file system"
        read_only["on"] = False
        clock[0] += 20.0  # past any back-off: the next step's probe opens the journal
        rt.loop.step(timeout=0.01)
        assert rt.ctl.match_id is not None, rt.ctl.message.text
        assert rt.ctl.journal_error is None and rt.ctl.phase == PLAY
        assert [str(s) for s in rt.ctl.seats] == ["cpu:easy", "cpu:easy"]
