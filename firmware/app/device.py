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
"""

from __future__ import annotations

import argparse
import logging
import os
import subprocess
import sys
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from firmware.app.runtime import Runtime

log = logging.getLogger("firmware.app.device")


class DeviceScreen:
    """The touchscreen, full screen, nothing beside it."""

    def __init__(self, rt: Runtime, *, fullscreen: bool = True) -> None:
        import pygame

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
                "brightness": max(10, round(ui.brightness * 100 / 7)),
            },
        )

    def pump(self) -> None:
        import pygame

        self.rt.hw.tick()
        for event in pygame.event.get():
            if event.type == pygame.QUIT:
                continue  # nobody closes the box's screen; SIGTERM stops the program
            self.ui.handle(event)

    def present(self) -> None:
        import pygame

        self.ui.draw(self.surface)
        pygame.display.flip()

    def close(self) -> None:
        import pygame

        pygame.display.quit()


def build_hardware(rt: Runtime) -> None:
    from firmware.app.messages import msg
    from hal.box import open_hardware
    from hal.config import HardwareConfig

    config = rt.settings.hardware_config or HardwareConfig()
    rt.hw = open_hardware(config, events=rt.events)
    rt.closers.append(rt.hw)
    for problem in rt.hw.problems:
        rt.ctl.say(msg("m_hardware", why=str(problem)), "error")
    rt.display = rt.hw.display
    rt.loop.display.display = rt.display
    fullscreen = os.environ.get("SDL_VIDEODRIVER", "") not in ("dummy", "x11", "wayland")
    screen = DeviceScreen(rt, fullscreen=fullscreen)
    rt.closers.append(screen)
    rt.loop.ui = screen.ui
    rt.loop.pump = screen.pump
    rt.loop.present = screen.present
    rt.loop.wait_for_ui = True


def health_path(arg: str | None) -> Path:
    """docs/deploy.md: ``$RUNTIME_DIRECTORY/health``, falling back to /run/tressette/health."""
    if arg:
        return Path(arg)
    runtime = os.environ.get("RUNTIME_DIRECTORY", "").split(":")[0]
    return Path(runtime) / "health" if runtime else Path("/run/tressette/health")


def main(args: argparse.Namespace) -> int:
    logging.basicConfig(
        level=getattr(logging, str(args.log_level).upper(), logging.INFO),
        format="%(name)s %(levelname)s %(message)s",  # journald adds the time
    )
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from firmware import config
    from firmware.app.controller import ControllerOptions
    from firmware.app.runtime import Runtime

    settings, problems = config.load(Path(args.config) if args.config else config.BOX_CONFIG)
    state_dir = Path(
        args.state_dir or os.environ.get("TRESSETTE_STATE_DIR") or settings.state_dir
    )
    rt = Runtime(
        settings=settings,
        state_dir=state_dir,
        options=ControllerOptions(),
        think_ms=settings.game.think_ms,
        seed=None,
        problems=problems,
        health_path=health_path(args.health_file),
    )
    with rt:
        rt.install_signals()
        rt.start_device()
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


if __name__ == "__main__":  # pragma: no cover
    from firmware.cli import main as cli_main

    sys.exit(cli_main(["run", *sys.argv[1:]]))
