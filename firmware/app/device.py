"""``tressette run``: the program the box runs (systemd, Type=notify).

Full screen on KMSDRM (``SDL_VIDEODRIVER=kmsdrm`` comes from the unit), the
real buttons, score display and card reader from the ``[hardware]`` settings,
``READY=1`` after the first frame and ``WATCHDOG=1`` from the main loop only,
the health file for the deploy check, a clean shutdown on SIGTERM (the
iteration finishes, the journal is closed; nothing is lost because every
action was journalled before it was applied). Holding the menu button 10 s
asks for a safe power-off: the program stops cleanly, then runs
``systemctl poweroff`` (the box grants the service user that right, see
docs/box.md).

A screen that does not open is not a crash (:class:`ScreenKeeper`): one log
line, ``noSc`` on the LED display, the table keeps refereeing real cards with
the buttons and the reader, the screen is tried again every few seconds (a
display plugged in late), and the health file says ``"screen": "absent"``
(no display: not the release's fault) or ``"failed"`` (a display is there and
does not open).
"""

from __future__ import annotations

import argparse
import contextlib
import logging
import os
import subprocess
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from firmware import config
from firmware.app.computers import box_budget
from firmware.app.controller import ControllerOptions
from firmware.app.messages import msg
from firmware.app.network import start_network
from firmware.app.notify import DEFAULT_HEALTH
from firmware.app.runtime import Runtime
from firmware.cliopts import options_from
from hal import screen
from hal.box import open_hardware
from hal.config import HardwareConfig
from hal.network import NmcliNetwork

if TYPE_CHECKING:
    from firmware.app.runtime import Runtime

log = logging.getLogger("firmware.app.device")


class DeviceScreen:
    """The touchscreen, full screen, nothing beside it."""

    def __init__(self, rt: Runtime, *, fullscreen: bool = True) -> None:
        # start-up: pygame only when a window or screen is opened (tressette replay, history and run without a screen never load it)
        import pygame

        # start-up: pygame only when a window or screen is opened (tressette replay, history and run without a screen never load it)
        from ui.app import UIApp

        self.rt = rt
        pygame.display.init()
        pygame.font.init()
        flags = pygame.FULLSCREEN if fullscreen else 0
        size = (0, 0) if fullscreen else (800, 480)
        self.surface = pygame.display.set_mode(size, flags)
        pygame.mouse.set_visible(False)
        ui = rt.settings.ui
        self.ui = UIApp(
            self.surface,
            settings={
                "language": ui.language,
                "deck_style": ui.deck_style,
                "german_style": ui.german_style,
                "sounds": ui.sounds,
                "speed": ui.speed,
                "safe_play": ui.safe_play,
                "brightness": max(10, round(ui.brightness * 100 / 7)),
            },
        )
        # start-up: pygame only when a window or screen is opened (tressette replay, history and run without a screen never load it)
        from ui.probe import ProbeFile

        # where a tap lands, for a test driving the real screen (scripts/virtual-pi test)
        self.probe = ProbeFile.from_env()
        # start-up: pygame only when a window or screen is opened (tressette replay, history and run without a screen never load it)
        from ui.frames import FramePacer

        self.pacer = FramePacer()

    def pump(self) -> None:
        # start-up: pygame only when a window or screen is opened (tressette replay, history and run without a screen never load it)
        import pygame

        for event in pygame.event.get():
            self.pacer.wake()
            if event.type == pygame.QUIT:
                continue  # nobody closes the box's screen; SIGTERM stops the program
            self.ui.handle(event)

    def present(self) -> None:
        # start-up: pygame only when a window or screen is opened (tressette replay, history and run without a screen never load it)
        import pygame

        if self.pacer.due(self.ui.model, self.ui.shown):  # (a still picture: five frames a second, ui/frames.py)
            self.ui.draw(self.surface)
            if self.pacer.changed(self.surface):
                pygame.display.flip()
        if self.probe is not None:
            self.probe.write(self.ui)

    def close(self) -> None:
        # start-up: pygame only when a window or screen is opened (tressette replay, history and run without a screen never load it)
        import pygame

        pygame.display.quit()


class OpenScreen(Protocol):
    """What :class:`ScreenKeeper` needs of a screen (:class:`DeviceScreen`)."""

    @property
    def ui(self) -> Any: ...

    def pump(self) -> None: ...

    def present(self) -> None: ...

    def close(self) -> None: ...


SCREEN_OK, SCREEN_ABSENT, SCREEN_FAILED = "ok", "absent", "failed"
RETRY_S = (2.0, 5.0, 10.0)  # then every RETRY_MAX_S
RETRY_MAX_S = 30.0


class ScreenKeeper:
    """The touchscreen when it opens; the rest of the table when it does not.

    Stands in the main loop's ``pump``/``present``: it ticks the hardware,
    drives the screen while it is open, and otherwise tries to open it again
    (2, 5, 10, then every 30 s). One log line per change of state, never a
    traceback; :meth:`health` goes into the health file.
    """

    def __init__(
        self,
        rt: Runtime,
        *,
        open_screen: Callable[[], OpenScreen] | None = None,
        driver: str | None = None,
        root: Path = Path("/"),
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.rt = rt
        self.driver = driver if driver is not None else os.environ.get("SDL_VIDEODRIVER", "")
        fullscreen = self.driver not in ("dummy", "x11", "wayland")
        self.open_screen = open_screen or (lambda: DeviceScreen(rt, fullscreen=fullscreen))
        self.root = root
        self.clock = clock
        self.screen: OpenScreen | None = None
        self.state = ""
        self.detail = ""
        self.tries = 0
        self.next_try = float("-inf")

    # ------------------------------------------------------------ the loop's hooks

    def pump(self) -> None:
        if self.rt.hw is not None:
            self.rt.hw.tick()
        if self.screen is None:
            if self.clock() >= self.next_try:
                self.try_open()
            return
        try:
            self.screen.pump()
        except Exception as exc:  # the display went away under us
            self._lost(exc)

    def present(self) -> None:
        if self.screen is None:
            return
        try:
            self.screen.present()
        except Exception as exc:
            self._lost(exc)

    def health(self) -> dict[str, object]:
        info: dict[str, object] = {"screen": self.state or SCREEN_FAILED}
        if self.state != SCREEN_OK:
            info["screen_detail"] = self.detail
        return info

    # ------------------------------------------------------------ opening

    def try_open(self) -> bool:
        self.tries += 1
        try:
            screen = self.open_screen()
        except Exception as exc:  # pygame.error, or whatever the driver raises
            self._failed(exc)
            return False
        self.screen = screen
        loop = self.rt.loop
        loop.ui = screen.ui
        loop._home_preset = None  # a new UI (after a loss): offer the table's game again
        loop.wait_for_ui = True
        self.rt.ctl.set_screen_missing(None)
        self.rt.ctl.version += 1  # draw the table as it is now
        if self.state not in ("", SCREEN_OK):
            log.warning("screen: open after %d tries (%s)", self.tries, self.driver or "default driver")
        self.state, self.detail, self.tries = SCREEN_OK, "", 0
        return True

    def _failed(self, exc: BaseException) -> None:
        _quit_display()
        state, detail = self.classify(exc)
        delay = RETRY_S[self.tries - 1] if self.tries <= len(RETRY_S) else RETRY_MAX_S
        self.next_try = self.clock() + delay
        if (state, detail) != (self.state, self.detail):
            what = "no screen on this box" if state == SCREEN_ABSENT else "the screen does not open"
            log.error("screen: %s (%s: %s); running without it: table buttons, card reader and "
                      "LED score work; LED shows noSc; trying again every %.0f-%.0f s",
                      what, self.driver or "default driver", detail, RETRY_S[0], RETRY_MAX_S)
        self.state, self.detail = state, detail
        self.rt.ctl.set_screen_missing(detail)

    def classify(self, exc: BaseException) -> tuple[str, str]:
        """``absent``: the kernel shows no display (no device, nothing connected);
        ``failed``: a display is there and the driver cannot open it."""
        error = f"{exc}".strip() or type(exc).__name__
        if self.driver == "kmsdrm":
            seen = screen.presence(self.root)
            if not seen.has_screen:
                return SCREEN_ABSENT, seen.describe()
            return SCREEN_FAILED, f"{error} on {seen.describe()}"
        return SCREEN_FAILED, error

    def _lost(self, exc: BaseException) -> None:
        log.error("screen: lost (%s): %s", self.driver, exc)
        screen, self.screen = self.screen, None
        self.rt.loop.ui = None
        if screen is not None:
            with contextlib.suppress(Exception):
                screen.close()
        self.tries = 0
        self._failed(exc)

    def close(self) -> None:
        if self.screen is not None:
            self.screen.close()
            self.screen = None


def _quit_display() -> None:
    """Leave SDL's video clean for the next try (a half-open KMSDRM keeps the device)."""
    with contextlib.suppress(Exception):
        # start-up: pygame only when a window or screen is opened (tressette replay, history and run without a screen never load it)
        import pygame

        pygame.display.quit()


def build_hardware(rt: Runtime) -> None:

    config = rt.settings.hardware_config or HardwareConfig()
    rt.hw = open_hardware(config, events=rt.events)
    rt.closers.append(rt.hw)
    # No reader in [hardware]: real cards are entered on the card picker (app/picker.py).
    rt.ctl.reader_fitted = rt.hw.reader is not None
    for problem in rt.hw.problems:
        rt.ctl.say(msg("m_hardware", why=str(problem)), "error")
    rt.display = rt.hw.display
    rt.loop.display.display = rt.display
    # the Wi-Fi through NetworkManager (docs/deploy.md, "The network"): its worker thread, the boot policy
    start_network(rt.ctl.network, NmcliNetwork(), post=rt.events.put, state_dir=rt.state_dir,
                  settings=rt.settings.network, closers=rt.closers)
    keeper = rt.screen = ScreenKeeper(rt)
    rt.closers.append(keeper)
    rt.loop.pump = keeper.pump
    rt.loop.present = keeper.present
    keeper.try_open()


def health_path(arg: str | None) -> Path:
    """docs/deploy.md: ``$RUNTIME_DIRECTORY/health``, falling back to /run/tressette/health."""
    if arg:
        return Path(arg)
    runtime = os.environ.get("RUNTIME_DIRECTORY", "").split(":")[0]
    return Path(runtime) / "health" if runtime else DEFAULT_HEALTH


@dataclass(frozen=True, slots=True)
class RunOptions:
    """``tressette run``'s options, with the parser's defaults (firmware.cli)."""

    config: str | None = None  # None: config.BOX_CONFIG
    state_dir: str | None = None  # None: $TRESSETTE_STATE_DIR, else the settings'
    health_file: str | None = None  # None: health_path's default
    log_level: str = "INFO"
    phones_port: int | None = None  # None: the settings' [phones]
    phones_host: str | None = None
    budget: str | None = None  # hard's counted budget; None: this board's

    @classmethod
    def from_args(cls, args: argparse.Namespace) -> RunOptions:
        return options_from(cls, args)


def main(namespace: argparse.Namespace) -> int:
    args = RunOptions.from_args(namespace)
    logging.basicConfig(
        level=logging.getLevelNamesMapping().get(args.log_level.upper(), logging.INFO),
        format="%(name)s %(levelname)s %(message)s",  # journald adds the time
    )
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

    settings, problems = config.load(Path(args.config) if args.config else config.BOX_CONFIG)
    config.phone_arguments(settings, args.phones_port, args.phones_host)
    state_dir = Path(
        args.state_dir or os.environ.get("TRESSETTE_STATE_DIR") or settings.state_dir
    )
    rt = Runtime(
        settings=settings,
        state_dir=state_dir,
        options=ControllerOptions(),
        think_ms=settings.game.think_ms,
        plays=box_budget(args.budget),
        seed=None,
        problems=problems,
        health_path=health_path(args.health_file),
    )
    with rt:
        rt.install_signals()
        build_hardware(rt)
        rt.ctl.boot()
        rt.loop.run()
        rt.notifier.stopping()
        power_off = rt.ctl.power_off_requested
    log.info("stopped: %s", rt.ctl.stopping)
    if power_off:
        log.warning("menu held: powering off")
        try:
            subprocess.run(["systemctl", "poweroff", "--no-wall"], check=False, timeout=30)
        except (OSError, subprocess.SubprocessError) as exc:
            log.error("power-off failed: %s", exc)
            return 1
    return 0

