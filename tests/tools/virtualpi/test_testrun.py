"""What the test's run reads from the guest (tools/virtualpi/testrun.py): systemd's properties,
the health and probe files, the journal's count, the screen's buttons and the hand's progress;
its step log and its waits. The guest is a fake: ssh and the file reader answer from here."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tools.virtualpi import cache, guest, testrun
from tools.virtualpi.testrun import StepFailed

Run = testrun.TestRun


@pytest.fixture
def run(tmp_path: Path) -> Iterator[Run]:
    r = Run(cache.paths_for(tmp_path / "cache", "k"), tmp_path)
    yield r
    r.files.close()


def _files(monkeypatch: pytest.MonkeyPatch, run: Run, **texts: str | None) -> list[tuple[str, ...]]:
    """The guest's files as given (named by their constant in guest.py); the reads recorded."""
    paths = {getattr(guest, name): text for name, text in texts.items()}
    asked: list[tuple[str, ...]] = []

    def read(*want: str) -> dict[str, str | None]:
        asked.append(want)
        return {w: paths.get(w) for w in want}

    monkeypatch.setattr(run.files, "read", read)
    return asked


def _ssh(monkeypatch: pytest.MonkeyPatch, run: Run, answer: str) -> list[str]:
    scripts: list[str] = []

    def ssh(script: str, *, timeout: float = 180.0, check: bool = True, data: str | None = None) -> str:
        scripts.append(script)
        return answer

    monkeypatch.setattr(run, "ssh", ssh)
    return scripts


def test_systemds_properties_are_read_as_a_mapping(monkeypatch: pytest.MonkeyPatch, run: Run) -> None:
    scripts = _ssh(monkeypatch, run, "MainPID=1234\nNRestarts=2\nActiveState=active\nExecMainStatus=\n\n")
    assert run.unit("MainPID", "NRestarts", "ActiveState", "ExecMainStatus") == {
        "MainPID": "1234", "NRestarts": "2", "ActiveState": "active", "ExecMainStatus": ""}
    assert scripts == ["systemctl show tressette -p MainPID,NRestarts,ActiveState,ExecMainStatus"]
    _ssh(monkeypatch, run, "Environment=A=1 B=2\n")
    assert run.unit("Environment") == {"Environment": "A=1 B=2"}  # only the first = splits


def test_the_health_file_is_json_or_nothing_yet(monkeypatch: pytest.MonkeyPatch, run: Run) -> None:
    asked = _files(monkeypatch, run, HEALTH_FILE='{"status": "ok", "phase": "play", "match": 3}\n')
    assert run.health() == {"status": "ok", "phase": "play", "match": 3}
    assert asked == [("/run/tressette/health",)]
    for text in (None, "", "  \n"):  # not written yet, or being written
        _files(monkeypatch, run, HEALTH_FILE=text)
        assert run.health() == {}


def test_the_probe_file_is_the_screen(monkeypatch: pytest.MonkeyPatch, run: Run) -> None:
    asked = _files(monkeypatch, run, PROBE_FILE='{"screen": "home", "buttons": []}')
    assert run.screen() == {"screen": "home", "buttons": []}
    assert asked == [("/run/tressette/probe.json",)]
    _files(monkeypatch, run, PROBE_FILE=None)
    assert run.screen() == {}


def test_the_journals_action_count_is_read_read_only(monkeypatch: pytest.MonkeyPatch, run: Run) -> None:
    scripts = _ssh(monkeypatch, run, "57\n")
    assert run.journal_actions() == 57
    (script,) = scripts
    assert "file:/var/lib/tressette/journal.sqlite3?mode=ro" in script and "select count(*) from actions" in script
    _ssh(monkeypatch, run, "Traceback ...\n")
    with pytest.raises(ValueError):
        run.journal_actions()


def _screen(monkeypatch: pytest.MonkeyPatch, run: Run, scr: dict[str, Any]) -> None:
    monkeypatch.setattr(run, "screen", lambda: scr)


def test_a_button_is_found_by_name_only_when_enabled(monkeypatch: pytest.MonkeyPatch, run: Run) -> None:
    _screen(monkeypatch, run, {"screen": "settings", "buttons": [
        {"name": "back", "enabled": True, "rect": [0, 0, 60, 40]},
        {"name": "network", "enabled": False, "rect": [10, 100, 200, 40]},
    ]})
    assert run._button("back") == ("settings", [0, 0, 60, 40])
    assert run._button("network") is None
    assert run._button("nowhere") is None
    _screen(monkeypatch, run, {})
    assert run._button("back") is None


def test_the_hands_progress_is_what_a_played_card_changes(run: Run) -> None:
    model = {"hand_no": 1, "tricks_played": 4, "trick": ["1C"], "hand": ["3S", "7D"], "hand_over": False,
             "totals": [0, 0]}
    assert run.progress({"model": model}) == (1, 4, ["1C"], ["3S", "7D"], False)
    assert run.progress({}) == (None, None, None, None, None)


def test_play_until_stops_at_the_cut_or_the_hands_end(monkeypatch: pytest.MonkeyPatch, run: Run) -> None:
    table = {"screen": "table", "busy": False, "model": {
        "in_game": True, "tricks_played": guest.CUT_AFTER_TRICKS, "my_turn": True, "hand_over": False}}
    _screen(monkeypatch, run, table)
    assert run.play_until("cut", 60) is table
    over = {"screen": "table", "model": {"in_game": True, "hand_over": True}}
    _screen(monkeypatch, run, over)
    assert run.play_until("hand_over", 60) is over
    _screen(monkeypatch, run, {"screen": "home", "model": {}})
    with pytest.raises(StepFailed, match="the table is not on the screen: home"):
        run.play_until("cut", 60)


def test_a_wait_returns_the_first_true_value_else_says_what_it_last_saw(run: Run) -> None:
    seen = iter([None, 0, {"status": "ok"}])
    assert run.wait("health", lambda: next(seen), 60, every=0) == {"status": "ok"}
    with pytest.raises(StepFailed, match=r"^the home screen: not within 0 s \(last seen: 'table'\)$"):
        run.wait("the home screen", lambda: _Falsy("table"), 0, every=0)

    def broken() -> object:
        raise ValueError("Expecting value: line 1 column 1")

    with pytest.raises(StepFailed, match=r"last seen: 'ValueError: Expecting value: line 1 column 1'"):
        run.wait("the probe", broken, 0, every=0)


class _Falsy(str):
    """A value a check returns that is not yet what it waits for, shown as it is."""

    def __bool__(self) -> bool:
        return False


def test_the_step_log_has_minutes_and_seconds_since_the_start(run: Run, tmp_path: Path,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    run.t0 = time.monotonic() - 125.4
    run.say("step  image")
    with run.step("boot"):
        pass
    lines = (tmp_path / "steps.log").read_text().splitlines()
    assert lines == ["[02:05] step  image", "[02:05] step  boot", "[02:05] ok    boot (0 s)"]
    assert capsys.readouterr().out.splitlines() == lines
    assert [name for name, _ in run.times] == ["boot"] and run.current == "boot"
