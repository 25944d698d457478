"""``tressette self-test``: the installer's go/no-go for a new release (docs/deploy.md §4)."""

from __future__ import annotations

from pathlib import Path

import pytest

from firmware import cli, selftest


def test_self_test_passes_on_this_checkout(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["self-test", "--state-dir", str(tmp_path / "state")]) == 0
    out = capsys.readouterr().out
    assert "ok    import firmware" in out
    assert "ok    state dir writable" in out
    assert out.rstrip().endswith("self-test: passed")
    assert list((tmp_path / "state").iterdir()) == []  # the probe is cleaned up


def test_a_module_not_written_yet_is_skipped_with_a_note(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(selftest, "MODULES", ("firmware", "firmware.not_written_yet", "nowhere.at_all"))
    lines: list[str] = []
    assert selftest.run_checks(tmp_path, lines.append)
    assert "skip  import firmware.not_written_yet: not in this release yet" in lines
    assert "skip  import nowhere.at_all: not in this release yet" in lines


def test_a_module_that_fails_to_import_fails(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    (tmp_path / "broken_for_selftest.py").write_text("raise RuntimeError('half-written')\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(selftest, "MODULES", ("broken_for_selftest",))
    lines: list[str] = []
    assert not selftest.run_checks(tmp_path, lines.append)
    assert "FAIL  import broken_for_selftest: RuntimeError: half-written" in lines


def test_an_unwritable_state_dir_fails(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(selftest, "MODULES", ("firmware",))
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    lines: list[str] = []
    assert not selftest.run_checks(blocker / "state", lines.append)
    assert any(line.startswith("FAIL  state dir writable") for line in lines)
    assert lines[-1] == "self-test: FAILED"
