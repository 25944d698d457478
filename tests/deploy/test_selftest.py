"""``tressette self-test``: the installer's go/no-go for a new release (docs/deploy.md §4)."""

from __future__ import annotations

import ctypes
import os
from pathlib import Path

import pytest

from firmware import cli, selftest
from hal.screen import ProbeResult
from tests.hal.conftest import fake_box


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


# --------------------------------------------------------------------------- the unit's video driver (issue 17)

REPO = Path(__file__).resolve().parents[2]


def _unit(tmp_path: Path, driver: str) -> Path:
    unit = tmp_path / "tressette.service"
    text = (REPO / "systemd/tressette.service").read_text()
    unit.write_text(text.replace("SDL_VIDEODRIVER=kmsdrm", f"SDL_VIDEODRIVER={driver}"))
    return unit


def _box_with_display(root: Path) -> Path:
    return fake_box(root, ("card0",), {"card0-Virtual-1": "connected"})


def test_the_shipped_unit_is_checked_and_no_screen_is_said_clearly(tmp_path: Path) -> None:
    lines: list[str] = []
    ok = selftest.run_checks(tmp_path / "state", lines.append, unit=REPO / "systemd/tressette.service",
                             root=tmp_path)  # a box without /dev/dri
    assert ok
    video = next(line for line in lines if "video driver of the unit" in line)
    assert video.startswith("skip") and "NO SCREEN on this box: no DRM device" in video


def test_a_display_that_does_not_open_fails_and_names_the_package(tmp_path: Path) -> None:
    # This machine has no DRM device: SDL's kmsdrm really fails, as on a box whose driver is broken.
    root = _box_with_display(tmp_path / "box")
    probed: list[Path] = []

    def probe(card: Path) -> ProbeResult:
        probed.append(card)
        return ProbeResult(False, f"{card}: EGL does not initialise (EGL_NOT_INITIALIZED)", ("libgl1-mesa-dri",))

    with pytest.raises(RuntimeError) as failed:
        selftest.check_video(_unit(tmp_path, "kmsdrm"), root, probe)

    assert "kmsdrm not available" in str(failed.value)
    assert "install libgl1-mesa-dri (deploy/provision does)" in str(failed.value)
    assert probed == [root / "dev/dri/card0"]
    assert os.environ["SDL_VIDEODRIVER"] == "dummy"  # nothing else in this process is disturbed


def test_a_failing_video_check_fails_the_self_test(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(selftest, "MODULES", ("firmware",))
    root = _box_with_display(tmp_path / "box")
    lines: list[str] = []

    assert not selftest.run_checks(tmp_path / "state", lines.append, unit=_unit(tmp_path, "kmsdrm"), root=root)

    assert any(line.startswith("FAIL  video driver of the unit: RuntimeError: kmsdrm not available") for line in lines)
    assert lines[-1] == "self-test: FAILED"


def test_a_real_mode_is_opened_and_closed_with_the_units_driver(tmp_path: Path) -> None:
    # SDL's offscreen driver opens a real mode without any display hardware.
    detail = selftest.check_video(_unit(tmp_path, "offscreen"), tmp_path)
    assert detail.startswith("offscreen ") and detail.endswith("opened and closed")
    assert os.environ["SDL_VIDEODRIVER"] == "dummy"


@pytest.mark.parametrize("driver", ["dummy", None])
def test_a_unit_without_a_real_driver_is_skipped(tmp_path: Path, driver: str | None) -> None:
    unit = _unit(tmp_path, "dummy") if driver else tmp_path / "missing.service"
    with pytest.raises(selftest.Skip):
        selftest.check_video(unit, tmp_path)


def test_the_unit_comes_from_the_option_then_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TRESSETTE_UNIT", "/from/env.service")
    assert selftest.unit_from("/from/arg.service") == Path("/from/arg.service")
    assert selftest.unit_from(None) == Path("/from/env.service")
    monkeypatch.delenv("TRESSETTE_UNIT")
    assert selftest.unit_from(None) == Path(selftest.DEFAULT_UNIT)


@pytest.mark.parametrize(("held", "passes"), [(True, True), (None, True), (False, False)])
def test_a_mode_refused_while_the_running_release_holds_the_screen_is_not_a_broken_release(
        tmp_path: Path, held: bool | None, passes: bool) -> None:
    # The driver stack opens (probe ok) but SDL gives no mode: with the screen held by the
    # running release (or unknown) that is no verdict on the new one, whose health check
    # judges the screen after the switch; with the screen free it is a failure.
    root = _box_with_display(tmp_path / "box")
    unit = _unit(tmp_path, "kmsdrm")

    def probe(card: Path) -> ProbeResult:
        return ProbeResult(True, f"{card}: GBM and EGL 1.4 (Mesa Project)")

    if passes:
        detail = selftest.check_video(unit, root, probe, lambda card: held)
        assert "no mode while the running release holds the screen (kmsdrm not available)" in detail
    else:
        with pytest.raises(RuntimeError, match=r"kmsdrm not available \(.*GBM and EGL"):
            selftest.check_video(unit, root, probe, lambda card: held)


def test_whether_another_process_holds_a_card_is_asked_of_libdrm(tmp_path: Path) -> None:
    from hal import screen

    assert screen.screen_held_elsewhere(tmp_path / "card9") is None  # does not open: cannot tell

    def no_libdrm(name: str) -> ctypes.CDLL:
        raise OSError(f"{name}: cannot open shared object file")

    assert screen.screen_held_elsewhere(Path("/dev/null"), loader=no_libdrm) is None
