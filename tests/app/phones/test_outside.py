"""A player with a phone attacks the box's phone server from outside (docs/phones.md,
"Limits"): each attacker here is a plain websocket or socket on the loopback network
that found a promise broken; the fix made it hold."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import aiohttp

from firmware.app.phones.server import Limits
from tests.app.phones.conftest import MakeLive


async def _until_closed(ws: aiohttp.ClientWebSocketResponse, deadline: float, every: float) -> list[Any]:
    """Pings ``ws`` every ``every`` s (and reads) until the server closes it or ``deadline``."""
    seen: list[Any] = []
    while not ws.closed and time.monotonic() < deadline:
        await ws.ping(b"x")
        quiet = min(deadline, time.monotonic() + every)
        while not ws.closed and time.monotonic() < quiet:
            try:
                msg = await asyncio.wait_for(ws.receive(), max(0.01, quiet - time.monotonic()))
            except TimeoutError:
                break
            if msg.type != aiohttp.WSMsgType.PONG:
                seen.append(msg.json() if msg.type == aiohttp.WSMsgType.TEXT else msg.type)
    return seen


def test_pings_do_not_keep_a_socket_without_a_seat_open(make_live: MakeLive) -> None:
    """A websocket that never joins but pings every 0.3 s: aiohttp answered each ping
    inside ``receive`` and started its timeout again, so the socket held a slot for as long
    as it liked ("a websocket that holds no seat 5 s after it opened is closed")."""
    live = make_live(Limits(hello_s=1.0, send_s=2.0))

    async def scenario(live: Any, s: aiohttp.ClientSession) -> None:
        ws = await s.ws_connect(live.base + "/ws", headers={"Origin": live.base}, autoping=False)
        start = time.monotonic()
        seen = await _until_closed(ws, start + 6.0, 0.3)
        took = time.monotonic() - start
        await ws.close()
        assert took < 1.0 + 1.5, f"open {took:.1f} s"
        said = [m for m in seen if isinstance(m, dict)]
        assert said and said[0]["type"] == "bye" and said[0]["code"] == "timeout", said

    live.run(scenario)


def test_a_ping_flood_is_rate_limited_like_any_frame(make_live: MakeLive) -> None:
    """Websocket pings were answered by aiohttp before the server saw them: a phone could
    make the box write a pong for each of as many pings as it could send, never counted.
    Now a ping is a frame like any other: past the burst it is dropped, and a flood is closed."""
    live = make_live(Limits(hello_s=5.0, send_s=2.0, tap_burst=10, taps_per_s=5.0, flood_drops=50))

    async def scenario(live: Any, s: aiohttp.ClientSession) -> None:
        ws = await s.ws_connect(live.base + "/ws", headers={"Origin": live.base}, autoping=False)
        for _ in range(200):
            if ws.closed:
                break
            await ws.ping(b"p")
        pongs, texts = 0, []
        deadline = time.monotonic() + 4.0
        while not ws.closed and time.monotonic() < deadline:
            try:
                msg = await asyncio.wait_for(ws.receive(), 0.5)
            except TimeoutError:
                break
            if msg.type == aiohttp.WSMsgType.PONG:
                pongs += 1
            elif msg.type == aiohttp.WSMsgType.TEXT:
                texts.append(msg.json())
        await ws.close()
        assert pongs <= 10 + 5, pongs  # the burst (and what the rate refilled meanwhile)
        assert {"type": "error", "code": "rate_limited"}.items() <= texts[0].items(), texts
        assert texts[-1]["type"] == "bye" and texts[-1]["code"] == "flood", texts

    live.run(scenario)
