"""systemd notification and the deploy health file, pure Python.

``sd_notify`` is a datagram on the unix socket named by ``$NOTIFY_SOCKET``
(an abstract socket when it starts with ``@``); no dependency needed.
``READY=1`` goes out once the first frame is drawn; ``WATCHDOG=1`` only from
the main loop (:meth:`Notifier.loop_alive`), so a hung main loop stops the
pings and systemd's ``WatchdogSec`` restarts the service. The :class:`Notifier`
opens its socket once, at start, and keeps it: a ping needs no new descriptor,
so a process out of descriptors (a crowd of connections) still pings while its
loop lives, and only a stalled loop stops the pings.

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


def _address(env: dict[str, str] | None) -> str | None:
    addr = (env if env is not None else os.environ).get("NOTIFY_SOCKET")
    if not addr:
        return None
    return "\0" + addr[1:] if addr.startswith("@") else addr


def _connect(addr: str) -> socket.socket:
    s = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM | socket.SOCK_CLOEXEC)
    try:
        s.connect(addr)
    except OSError:
        s.close()
        raise
    return s


def sd_notify(state: str, env: dict[str, str] | None = None) -> bool:
    """Send ``state`` (e.g. ``"READY=1"``) to systemd on a socket of its own; False when
    not under systemd. The main loop's pings go through :class:`NotifySocket`."""
    addr = _address(env)
    if addr is None:
        return False
    try:
        with _connect(addr) as s:
            s.sendall(state.encode())
        return True
    except OSError as exc:
        log.warning("sd_notify(%s) failed: %s", state, exc)
        return False


class NotifySocket:
    """``$NOTIFY_SOCKET``, connected once and kept (connected again only if a send fails)."""

    def __init__(self, env: dict[str, str] | None = None) -> None:
        self.addr = _address(env)
        self.sock: socket.socket | None = None
        self._failing = False
        if self.addr is not None:
            try:
                self.sock = _connect(self.addr)
            except OSError as exc:
                log.warning("notify socket %s: %s", self.addr, exc)

    def send(self, state: str) -> bool:
        """False when not under systemd or the datagram could not go (said once per spell)."""
        if self.addr is None:
            return False
        for attempt in (0, 1):
            try:
                if self.sock is None:
                    self.sock = _connect(self.addr)
                self.sock.sendall(state.encode())
                self._failing = False
                return True
            except OSError as exc:
                if self.sock is not None:
                    self.sock.close()
                    self.sock = None
                if attempt and not self._failing:
                    self._failing = True
                    log.warning("sd_notify(%s) failed: %s", state.split("\n")[0], exc)
        return False

    def close(self) -> None:
        if self.sock is not None:
            self.sock.close()
            self.sock = None


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
        self.notify = NotifySocket(self.env)  # opened now, while descriptors are plenty
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
            self.notify.send("READY=1\nSTATUS=playing")
            self.loop_alive(force=True)

    def loop_alive(self, *, force: bool = False) -> None:
        """Call once per main-loop iteration: pings the watchdog and refreshes health."""
        now = self.clock()
        if self.interval is not None and (force or now - self._last_ping >= self.interval / 2):
            self._last_ping = now
            if self.notify.send("WATCHDOG=1"):
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
            self.notify.send(f"STATUS={text}")

    def stopping(self) -> None:
        self.notify.send("STOPPING=1")
