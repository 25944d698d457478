"""One phone's websocket on the server: its seat, its latest state, its control frames and
the task that writes them (docs/phones.md)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import deque
from collections.abc import Callable

from aiohttp import web

from firmware.app.phones import protocol as p
from firmware.app.phones.limits import Limits, Ticket

wire = logging.getLogger("firmware.app.phones.wire")


class Connection:
    """One websocket: its seat once joined, its latest state and its control frames."""

    def __init__(self, ws: web.WebSocketResponse, ip: str, limits: Limits, clock: Callable[[], float]) -> None:
        self.ws = ws
        self.ip = ip
        self.limits = limits
        self.clock = clock
        self.seat: int | None = None
        self.lang: p.Lang = "it"
        self.latest: str | None = None  # the newest state not yet written: older ones are dropped
        self.sent_state: str | None = None
        self.control: deque[str] = deque()
        self.wake = asyncio.Event()
        self.sent = asyncio.Event()  # the writer sent a frame: room in the control queue
        self.tokens = float(limits.tap_burst)
        self.stamp = clock()
        self.dropped = 0
        self.refs = 0
        self.closing = False
        self.ticket: Ticket | None = None  # its TCP connection in the server's Gate
        self.name: str | None = None  # the person the phone said it is (join / resume), checked

    def allow(self) -> bool:
        """The token bucket: ``taps_per_s``, bursts of ``tap_burst``."""
        now = self.clock()
        self.tokens = min(self.limits.tap_burst, self.tokens + (now - self.stamp) * self.limits.taps_per_s)
        self.stamp = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        self.dropped += 1
        return False

    def send(self, frame: str) -> None:
        if len(self.control) >= self.limits.control_queue:
            self.control.popleft()  # a phone that does not read loses old errors, not the table
        self.control.append(frame)
        self.wake.set()

    def set_state(self, frame: str) -> None:
        if frame != self.sent_state and frame != self.latest:
            self.latest = frame
            self.wake.set()

    async def room(self, timeout: float) -> bool:
        """Wait until the writer has sent the answers queued (the phone reads them): the next
        frame is read only then, so a phone's own answers are never dropped; False if it
        does not read them within ``timeout``."""
        deadline = self.clock() + timeout
        while len(self.control) >= self.limits.control_queue // 2 and not self.closing:
            if self.clock() > deadline:
                return False
            self.sent.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.sent.wait(), max(0.01, deadline - self.clock()))
        return True

    def bye(self, code: p.ByeCode) -> None:
        self.latest = None  # what was said before stays said (bounded), then the reason, then the close
        self.send(p.bye_frame(code, self.lang))
        self.closing = True
        self.wake.set()

    async def writer(self) -> None:
        """Writes what is due, newest state last; a write that does not finish in
        ``send_s`` (a phone that stopped reading) closes the connection."""
        try:
            while not self.ws.closed:
                await self.wake.wait()
                self.wake.clear()
                while self.control or self.latest is not None:
                    if self.control:
                        frame = self.control.popleft()
                    elif (state := self.latest) is not None:
                        frame, self.latest, self.sent_state = state, None, state
                    else:
                        break
                    await asyncio.wait_for(self.ws.send_str(frame), self.limits.send_s)
                    self.sent.set()
                if self.closing:
                    await asyncio.wait_for(self.ws.close(), self.limits.send_s)
                    return
        except (TimeoutError, ConnectionError, RuntimeError) as exc:
            wire.info("phone %s (seat %s) not reading: closed (%s)", self.ip, self.seat, type(exc).__name__)
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self.ws.close(code=1008), 1.0)
