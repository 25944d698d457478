"""A phone without a browser: the protocol's client side, for the benchmark and the tests.

:class:`PhoneClient` speaks exactly what the page speaks (docs/phones.md): it
joins with a short code or resumes with its secret, keeps the latest state,
and taps. It never touches the program's insides: only the websocket.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from typing import Any

import aiohttp


class PhoneClient:
    def __init__(self, session: aiohttp.ClientSession, base: str, *, origin: str | None = None) -> None:
        self.session = session
        self.base = base.rstrip("/")
        self.origin = origin if origin is not None else self.base
        self.ws: aiohttp.ClientWebSocketResponse | None = None
        self.secret: str | None = None
        self.seat: int | None = None
        self.state: dict[str, Any] | None = None
        self.welcome: dict[str, Any] | None = None
        self.inbox: list[dict[str, Any]] = []  # every frame but states, in order
        self.states = 0
        self.state_at = 0.0  # time.perf_counter() of the last state
        self.closed: int | None = None  # the close code, once closed
        self._reader: asyncio.Task[None] | None = None
        self._changed = asyncio.Event()

    async def open(self) -> None:
        self.ws = await self.session.ws_connect(self.base + "/ws", headers={"Origin": self.origin},
                                                autoping=True, max_msg_size=1 << 20)  # fmt: skip
        self.closed = None
        self._reader = asyncio.create_task(self._read(self.ws))

    async def _read(self, ws: aiohttp.ClientWebSocketResponse) -> None:
        async for msg in ws:
            if msg.type != aiohttp.WSMsgType.TEXT:
                break
            obj = json.loads(msg.data)
            if obj.get("type") == "state":
                self.state = obj
                self.states += 1
                self.state_at = time.perf_counter()
            else:
                if obj.get("type") == "welcome":
                    self.welcome = obj
                    self.seat = obj["seat"]
                    self.secret = obj.get("secret", self.secret)
                self.inbox.append(obj)
            self._changed.set()
        self.closed = ws.close_code if ws.close_code is not None else 1006
        self._changed.set()

    async def send(self, obj: dict[str, Any] | str) -> None:
        assert self.ws is not None
        await self.ws.send_str(obj if isinstance(obj, str) else json.dumps(obj))

    async def wait(self, pred: Any, timeout: float = 5.0) -> None:
        """Until ``pred(self)`` holds; TimeoutError otherwise."""
        deadline = time.monotonic() + timeout
        while not pred(self):
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError("phone: waited in vain")
            self._changed.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._changed.wait(), left)

    async def frame(self, kind: str, timeout: float = 5.0) -> dict[str, Any]:
        """The next frame of type ``kind`` not yet taken from the inbox."""
        await self.wait(lambda c: any(m["type"] == kind for m in c.inbox) or c.closed is not None, timeout)
        for i, m in enumerate(self.inbox):
            if m["type"] == kind:
                return self.inbox.pop(i)
        raise ConnectionError(f"closed ({self.closed}) before a {kind} frame")

    async def join(self, code: str, lang: str = "en", *, token: str | None = None,
                   name: str | None = None) -> dict[str, Any]:
        """Join with the short code, typed; with the QR code's ``token`` as well, scanned;
        ``name``: who plays, as typed on the join page."""
        if self.ws is None:
            await self.open()
        message: dict[str, Any] = {"type": "join", "code": code, "lang": lang}
        if token is not None:
            message["token"] = token
        if name is not None:
            message["name"] = name
        await self.send(message)
        return await self._answer()

    async def resume(self, secret: str | None = None, lang: str = "en") -> dict[str, Any]:
        if self.ws is None or self.closed is not None:
            await self.open()
        await self.send({"type": "resume", "secret": secret or self.secret, "lang": lang})
        return await self._answer()

    async def _answer(self) -> dict[str, Any]:
        await self.wait(lambda c: any(m["type"] in ("welcome", "error", "bye") for m in c.inbox)
                        or c.closed is not None)  # fmt: skip
        for i, m in enumerate(self.inbox):
            if m["type"] in ("welcome", "error", "bye"):
                return self.inbox.pop(i)
        raise ConnectionError(f"closed ({self.closed})")

    async def tap(self, what: str, **fields: Any) -> None:
        assert self.state is not None
        await self.send({"type": what, "v": self.state["v"], **fields})

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()
        if self._reader is not None:
            await asyncio.gather(self._reader, return_exceptions=True)
