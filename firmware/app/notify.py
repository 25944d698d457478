"""systemd notification and the deploy health file, pure Python.

``sd_notify`` is a datagram on the unix socket named by ``$NOTIFY_SOCKET``
(an abstract socket when it starts with ``@``); no dependency needed.
``READY=1`` goes out once the first frame is drawn; ``WATCHDOG=1`` only from
the main loop (:meth:`Notifier.loop_alive`), so a hung main loop stops the
pings and systemd's ``WatchdogSec`` restarts the service.

The health file (docs/deploy.md; read by deploy/device_install.py) is
``/run/tressette/health``: ``{"version": ..., "time": <unix time>, "status": "ok", ...}``
rewritten atomically from the main loop every few seconds.
"""

from __future__ import annotations

import json
import logging
import os
import socket
import time
from collections.abc import Callable
from importlib.metadata import version
from pathlib import Path
from typing import Any

from firmware import __version__

log = logging.getLogger("firmware.app.notify")

DEFAULT_HEALTH = Path("/run/tressette/health")


def release_version() -> str:
    try:
        return version("tressette-box")
    except Exception:  # run from a source tree that was never installed, or its metadata unreadable
        return __version__


def sd_notify(state: str, env: dict[str, str] | None = None) -> bool:
    """Send ``state`` (e.g. ``"READY=1"``) to systemd; False when not under systemd."""
    addr = (env if env is not None else os.environ).get("NOTIFY_SOCKET")
    if not addr:
        return False
    if addr.startswith("@"):
        addr = "\0" + addr[1:]
    try:
        with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM | socket.SOCK_CLOEXEC) as s:
            s.connect(addr)
            s.sendall(state.encode())
        return True
    except OSError as exc:
        log.warning("sd_notify(%s) failed: %s", state, exc)
        return False


def watchdog_interval(env: dict[str, str] | None = None) -> float | None:
    """Half of ``$WATCHDOG_USEC`` in seconds (if it is meant for this process)."""
    e = env if env is not None else os.environ
    usec = e.get("WATCHDOG_USEC")
    pid = e.get("WATCHDOG_PID")
    if not usec or (pid and pid != str(os.getpid())):
        return None
    try:
        return int(usec) / 2_000_000
    except ValueError:
        return None


def write_health(path: Path, info: dict[str, Any]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.tmp")
    tmp.write_text(json.dumps(info, sort_keys=True) + "\n", encoding="utf-8")
    os.replace(tmp, path)


class Notifier:
    """What the main loop tells the outside world: READY, WATCHDOG, STOPPING, health."""

    def __init__(
        self,
        *,
        health_path: Path | None = None,
        env: dict[str, str] | None = None,
        clock: Callable[[], float] = time.monotonic,
        health_every: float = 2.0,
        status: Callable[[], dict[str, Any]] | None = None,
    ) -> None:
        self.env = dict(os.environ) if env is None else env
        self.health_path = health_path
        self.clock = clock
        self.interval = watchdog_interval(self.env)
        if self.interval is None and self.env.get("NOTIFY_SOCKET"):
            self.interval = 5.0
        self.health_every = health_every
        self.status = status or (lambda: {})
        self.version = release_version()
        self.ready_sent = False
        self.pings = 0
        self._status_text = "playing"
        self._last_ping = float("-inf")
        self._last_health = float("-inf")

    def ready(self) -> None:
        if not self.ready_sent:
            self.ready_sent = True
            sd_notify("READY=1\nSTATUS=playing", self.env)
            self.loop_alive(force=True)

    def loop_alive(self, *, force: bool = False) -> None:
        """Call once per main-loop iteration: pings the watchdog and refreshes health."""
        now = self.clock()
        if self.interval is not None and (force or now - self._last_ping >= self.interval / 2):
            self._last_ping = now
            if sd_notify("WATCHDOG=1", self.env):
                self.pings += 1
        if self.health_path is not None and (force or now - self._last_health >= self.health_every):
            self._last_health = now
            info = {"version": self.version, "time": time.time(), "status": "ok", "pid": os.getpid()}
            info.update(self.status())
            try:
                write_health(self.health_path, info)
            except OSError as exc:
                log.warning("health file %s: %s", self.health_path, exc)
                self.health_path = None

    def set_status(self, text: str) -> None:
        """systemd's STATUS= line (``systemctl status``), sent when it changes."""
        if text != self._status_text:
            self._status_text = text
            sd_notify(f"STATUS={text}", self.env)

    def stopping(self) -> None:
        sd_notify("STOPPING=1", self.env)
