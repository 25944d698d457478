"""hal.screen: is there a screen, what does its driver need, does the real driver open (issue 17).

The driver failure is simulated for real where this machine has Mesa: with
``LIBGL_DRIVERS_PATH`` pointing nowhere, Mesa finds no DRI driver, exactly as
on a box without ``libgl1-mesa-dri`` (EGL_NOT_INITIALIZED).
"""

from __future__ import annotations

import ctypes
import os
import subprocess
import sys
from pathlib import Path

import pytest

from hal import screen
from hal.screen import Presence, ProbeResult
from tests.hal.conftest import fake_box

REPO = Path(__file__).resolve().parents[2]


def test_no_drm_device_is_no_screen(tmp_path: Path) -> None:
    seen = screen.presence(fake_box(tmp_path))
    assert seen == Presence("no-device") and not seen.has_screen
    assert "no DRM device" in seen.describe()


def test_a_card_with_nothing_plugged_in_is_no_screen(tmp_path: Path) -> None:
    seen = screen.presence(fake_box(tmp_path, ("card0",), {"card0-HDMI-A-1": "disconnected",
                                                          "card0-HDMI-A-2": "unknown"}))
    assert seen == Presence("no-display", ("card0",)) and not seen.has_screen
    assert seen.describe() == "no display connected to card0"


def test_a_connected_connector_is_a_screen(tmp_path: Path) -> None:
    seen = screen.presence(fake_box(tmp_path, ("card0", "card1"),
                                    {"card0-HDMI-A-1": "disconnected", "card1-DSI-1": "connected"}))
    assert seen.has_screen and seen.connected == ("card1-DSI-1",)


@pytest.mark.parametrize(("unit", "driver"), [
    ("[Service]\nEnvironment=SDL_VIDEODRIVER=kmsdrm\n", "kmsdrm"),
    ('Environment="A=1 b" SDL_VIDEODRIVER=dummy\nEnvironment=X=1\n', "dummy"),
    ("Environment=SDL_VIDEODRIVER=kmsdrm\nEnvironment=SDL_VIDEODRIVER=offscreen\n", "offscreen"),
    ("# Environment=SDL_VIDEODRIVER=x11\nEnvironment=TRESSETTE_STATE_DIR=/x\n", None),
    ('Environment="unterminated\n', None),
])
def test_the_units_video_driver(unit: str, driver: str | None) -> None:
    assert screen.unit_video_driver(unit) == driver


def test_the_shipped_unit_uses_kmsdrm_and_provisioning_knows_its_packages() -> None:
    driver = screen.unit_video_driver((REPO / "systemd/tressette.service").read_text())
    assert driver == "kmsdrm"
    assert "libgl1-mesa-dri" in screen.VIDEO_PACKAGES[driver]  # issue 17: "EGL not initialized"


def test_missing_packages_are_named() -> None:
    installed = {"libdrm2", "libgbm1", "libegl1", "libegl-mesa0", "libgles2"}
    assert screen.missing_packages("kmsdrm", installed.__contains__) == ["libgl1-mesa-dri"]
    assert screen.missing_packages("dummy", installed.__contains__) == []


@pytest.mark.parametrize(("absent", "package"), [("libdrm.so.2", "libdrm2"), ("libgbm.so.1", "libgbm1"),
                                                 ("libEGL.so.1", "libegl1"), ("libGLESv2.so.2", "libgles2")])
def test_a_library_that_does_not_load_names_its_package(absent: str, package: str) -> None:
    def loader(name: str) -> ctypes.CDLL:
        if name == absent:
            raise OSError(f"{name}: cannot open shared object file: No such file or directory")
        return ctypes.CDLL(name)

    result = screen.probe_kmsdrm(Path("/dev/null"), loader=loader)

    assert not result.ok and result.missing == (package,)
    assert absent in result.detail


def test_probe_results_travel_as_json() -> None:
    result = ProbeResult(False, "EGL does not initialise", ("libgl1-mesa-dri",))
    assert ProbeResult.from_json(result.to_json()) == result


# --------------------------------------------------------------------------- the real stack


def _mesa() -> bool:
    try:
        for name in ("libEGL.so.1", "libgbm.so.1", "libdrm.so.2", "libGLESv2.so.2"):
            ctypes.CDLL(name)
    except OSError:
        return False
    return True


needs_mesa = pytest.mark.skipif(not _mesa(), reason="needs Mesa's EGL, GBM and GLES on this machine")


def _probe_in_child(card: Path, *, dri: bool) -> ProbeResult:
    env = dict(os.environ)
    if not dri:
        env["LIBGL_DRIVERS_PATH"] = "/nonexistent"  # as a box without libgl1-mesa-dri
    proc = subprocess.run([sys.executable, str(REPO / "hal/screen.py"), "--probe", str(card)],
                          capture_output=True, text=True, env=env, timeout=60, check=False)
    result = ProbeResult.from_json(proc.stdout)
    assert proc.returncode == (0 if result.ok else 1)
    return result


@needs_mesa
def test_the_real_driver_stack_opens_when_mesa_has_its_dri_drivers(tmp_path: Path) -> None:
    # No DRM device here: Mesa's GBM falls back to its software driver, EGL initialises.
    result = _probe_in_child(Path("/dev/null"), dri=True)
    assert result.ok, result.detail
    assert "EGL" in result.detail


@needs_mesa
def test_without_the_dri_drivers_the_probe_names_libgl1_mesa_dri(tmp_path: Path) -> None:
    result = _probe_in_child(Path("/dev/null"), dri=False)
    assert not result.ok
    assert result.missing == ("libgl1-mesa-dri",)


@needs_mesa
@pytest.mark.parametrize("dri", [True, False])
def test_egl_not_initialised_is_told_as_sdl_tells_it(dri: bool) -> None:
    code = ("from hal import screen; print(screen.probe_egl("
            "screen.EGL_PLATFORM_SURFACELESS_MESA, None).to_json())")
    env = dict(os.environ, **({} if dri else {"LIBGL_DRIVERS_PATH": "/nonexistent"}))
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env,
                          cwd=REPO, timeout=60, check=True)
    result = ProbeResult.from_json(proc.stdout)
    if dri:
        assert result.ok and result.detail.startswith("EGL 1.")
    else:
        assert not result.ok and "EGL_NOT_INITIALIZED" in result.detail
        assert result.missing == ("libgl1-mesa-dri",)


@needs_mesa
def test_a_card_that_does_not_open_is_said(tmp_path: Path) -> None:
    result = screen.probe_kmsdrm(tmp_path / "card9")
    assert not result.ok and "cannot open" in result.detail
