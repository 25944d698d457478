"""``tressette self-test``: is this release fit to run on this box?

The device-side installer (deploy/device_install.py) runs it inside a freshly
installed release venv *before* switching ``current`` to it; a non-zero exit
discards the release. Each check prints one line, ``ok``/``skip``/``FAIL``,
so the deploy log on the laptop says exactly what broke.

Checks:
- the release's packages import (a package not written yet is skipped with a
  note; one that exists but fails to import is a failure);
- pygame imports and its display initialises with ``SDL_VIDEODRIVER=dummy``;
- the video driver the unit will use (``SDL_VIDEODRIVER`` from
  ``/etc/systemd/system/tressette.service``, ``--unit`` or ``$TRESSETTE_UNIT``):
  where a display is connected, a real mode is opened and closed (without DRM
  master and without a page flip, so the running release keeps the screen);
  where none is, the line says so and the check passes: a box without a
  screen runs without one (docs/deploy.md);
- the state directory is writable (create, fsync, remove a probe file).
"""

from __future__ import annotations

import argparse
import functools
import importlib
import importlib.util
import os
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from firmware.cliopts import options_from
from hal import screen

if TYPE_CHECKING:
    from hal.screen import ProbeResult

DEFAULT_STATE_DIR = "/var/lib/tressette"
DEFAULT_UNIT = "/etc/systemd/system/tressette.service"
# The release's own packages, in import order (engine first: everything sees it).
MODULES = ("firmware", "firmware.engine", "firmware.players", "hal", "ui")


@dataclass(frozen=True, slots=True)
class SelfTestOptions:
    """``tressette self-test``'s options, with the parser's defaults (firmware.cli)."""

    state_dir: str | None = None  # None: $TRESSETTE_STATE_DIR or DEFAULT_STATE_DIR
    unit: str | None = None  # None: $TRESSETTE_UNIT or DEFAULT_UNIT

    @classmethod
    def from_args(cls, args: argparse.Namespace) -> SelfTestOptions:
        return options_from(cls, args)


class Skip(Exception):
    """A check that does not apply yet (the module is not written)."""


def state_dir_from(arg: str | None) -> Path:
    return Path(arg or os.environ.get("TRESSETTE_STATE_DIR") or DEFAULT_STATE_DIR)


def _exists(name: str) -> bool:
    try:
        return importlib.util.find_spec(name) is not None
    except ModuleNotFoundError:  # the parent package is missing
        return False


def check_import(name: str) -> str:
    if not _exists(name):
        raise Skip("not in this release yet")
    module = importlib.import_module(name)
    return module.__file__ or ""  # None for a namespace package


def check_pygame() -> str:
    # Must be set before pygame touches SDL; the installer runs as root on a
    # box whose screen belongs to the running service, so never the real driver.
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    # start-up: pygame only when a window or screen is opened (tressette replay, history and run without a screen never load it)
    import pygame

    pygame.display.init()
    try:
        driver = pygame.display.get_driver()
    finally:
        pygame.display.quit()
    return f"pygame {pygame.version.ver}, video driver {driver}"


def unit_from(arg: str | None) -> Path:
    return Path(arg or os.environ.get("TRESSETTE_UNIT") or DEFAULT_UNIT)


def check_video(unit: Path, root: Path = Path("/"),
                probe: Callable[[Path], ProbeResult] | None = None,
                held: Callable[[Path], bool | None] | None = None) -> str:
    """Open and close a real mode with the unit's video driver, where a display exists."""

    try:
        driver = screen.unit_video_driver(unit.read_text())
    except OSError as exc:
        raise Skip(f"no unit at {unit} ({exc.strerror}): not a box") from exc
    if driver is None or driver == "dummy":
        raise Skip(f"the unit sets no real video driver ({driver or 'none'})")
    if driver == "kmsdrm":
        seen = screen.presence(root)
        if not seen.has_screen:
            raise Skip(f"NO SCREEN on this box: {seen.describe()}; the release runs without one "
                       "and opens it when a display is plugged in")
    try:
        return open_real_mode(driver)
    except Exception as exc:
        if driver != "kmsdrm":
            raise
        card = root / "dev/dri" / screen.presence(root).connected[0].split("-")[0]
        result = (probe or screen.probe_kmsdrm)(card)
        if not result.ok:
            missing = f": install {' '.join(result.missing)} (deploy/provision does)" if result.missing else ""
            raise RuntimeError(f"{exc}; {result.detail}{missing}") from exc
        if (held or screen.screen_held_elsewhere)(card) is not False:
            # The driver stack opens; the mode itself waits for the screen the running
            # release holds. Its health check judges the screen after the switch.
            return (f"{result.detail}; no mode while the running release holds the screen "
                    f"({exc}): the health check judges it after the switch")
        raise RuntimeError(f"{exc} ({result.detail})") from exc


def open_real_mode(driver: str) -> str:
    # start-up: pygame only when a window or screen is opened (tressette replay, history and run without a screen never load it)
    import pygame

    pygame.display.quit()
    os.environ["SDL_VIDEODRIVER"] = driver
    # The running release is DRM master and keeps the screen: open without it, never flip.
    os.environ["SDL_KMSDRM_REQUIRE_DRM_MASTER"] = "0"
    try:
        pygame.display.init()
        surface = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        size = surface.get_size()
        return f"{pygame.display.get_driver()} {size[0]}x{size[1]}, opened and closed"
    finally:
        pygame.display.quit()
        os.environ["SDL_VIDEODRIVER"] = "dummy"


def check_state_dir(path: Path) -> str:
    """The state directory takes a written, fsynced file. A missing directory is made only
    when its parent exists (as the unit's StateDirectory= makes /var/lib/tressette), and
    said; a missing tree above it is a wrong path, not made: the check fails naming it."""
    made = ""
    if not path.is_dir():
        parent = path.parent
        if parent.exists() and not parent.is_dir():
            raise NotADirectoryError(f"{parent} is not a directory")
        if not parent.is_dir():
            missing = parent
            while not missing.parent.is_dir() and missing.parent != missing:
                missing = missing.parent
            raise FileNotFoundError(f"{path} does not exist, nor does {missing}: a wrong --state-dir? "
                                    "(a box's is made by its unit's StateDirectory=)")
        path.mkdir()
        made = ", made it"
    fd, probe = tempfile.mkstemp(prefix=".self-test-", dir=path)
    try:
        os.write(fd, b"ok\n")
        os.fsync(fd)
    finally:
        os.close(fd)
        os.unlink(probe)
    return str(path) + made


def run_checks(state_dir: Path, out: Callable[[str], None] = print, *,
               unit: Path | None = None, root: Path = Path("/")) -> bool:
    checks: list[tuple[str, Callable[[], str]]] = [
        (f"import {name}", functools.partial(check_import, name)) for name in MODULES
    ]
    checks.append(("pygame (SDL_VIDEODRIVER=dummy)", check_pygame))
    if unit is not None:
        checks.append(("video driver of the unit", lambda: check_video(unit, root)))
    checks.append(("state dir writable", lambda: check_state_dir(state_dir)))
    passed = True
    for label, check in checks:
        try:
            detail = check()
        except Skip as note:
            out(f"skip  {label}: {note}")
        except Exception as exc:  # report every failure, not just the first
            passed = False
            out(f"FAIL  {label}: {type(exc).__name__}: {exc}")
        else:
            out(f"ok    {label}" + (f" ({detail})" if detail else ""))
    out("self-test: " + ("passed" if passed else "FAILED"))
    return passed


def main(args: argparse.Namespace) -> int:
    return check(SelfTestOptions.from_args(args))


def check(opts: SelfTestOptions) -> int:
    """The checks the options name; the exit status (0: fit to run)."""
    return 0 if run_checks(state_dir_from(opts.state_dir), unit=unit_from(opts.unit)) else 1


if __name__ == "__main__":
    sys.exit(check(SelfTestOptions(state_dir=sys.argv[1] if len(sys.argv) > 1 else None)))
