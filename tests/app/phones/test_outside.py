"""A player with a phone attacks the box's phone server from outside (docs/phones.md,
"Limits"): each attacker here is a plain websocket or socket on the loopback network
that found a promise broken; the fix made it hold."""

from __future__ import annotations

import asyncio
import contextlib
import socket
import time
from typing import Any

import aiohttp

from firmware.app.phones.client import PhoneClient
from firmware.app.phones.limits import Limits
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
        seen = await _until_closed(ws, start + 12.0, 0.3)
        took = time.monotonic() - start
        await ws.close()
        # closed after hello_s, and well before the 12 s a socket kept open by its pings
        # reaches (a loaded machine answers late, not never)
        assert took < 1.0 + 5.0, f"open {took:.1f} s"
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
        # read until the box closes the flood (a busy machine may pause longer than a
        # moment between two frames: no gap ends the reading, only the deadline)
        deadline = time.monotonic() + 10.0
        while not ws.closed and time.monotonic() < deadline:
            try:
                msg = await asyncio.wait_for(ws.receive(), max(0.01, deadline - time.monotonic()))
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


def _send_queue(server_port: int, client: socket.socket) -> int | None:
    """Bytes the server's end of ``client``'s connection holds unsent (Linux: /proc/net/tcp),
    or None once that connection is gone."""
    ip, port = client.getsockname()
    want_local = f"{socket.htonl(0x7F000001):08X}:{server_port:04X}"
    want_remote = f"{int.from_bytes(socket.inet_aton(ip), 'little'):08X}:{port:04X}"
    with open("/proc/net/tcp", encoding="ascii") as f:
        for line in f.readlines()[1:]:
            cols = line.split()
            if cols[1] == want_local and cols[2] == want_remote and cols[3] == "01":  # ESTABLISHED
                return int(cols[4].split(":")[0], 16)
    return None


def test_a_phone_that_asks_and_never_reads_holds_little_and_not_for_long(make_live: MakeLive) -> None:
    """Pipelined requests for a card picture, never a byte read: the box filled its kernel
    send buffer (autotuned to 4 MiB, ~2.7 MiB seen on loopback) and kept the connection for
    as long as the attacker liked: 128 such connections pinned ~360 MB of kernel memory, the
    memory every phone's TCP shares. A connection that does not read is now dropped after
    ``send_s`` and never holds more than its small send buffer meanwhile."""
    limits = Limits(send_s=1.5)
    live = make_live(limits)
    port = live.server.port
    pictures = live.server.cards.get("italian", {})
    name = next(iter(pictures), None)
    path = f"/cards/italian/{name}" if name else "/static/phone.js"
    request = f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode() * 2000

    async def scenario(live: Any, s: aiohttp.ClientSession) -> None:
        hogs = []
        for k in range(4):
            c = socket.socket()
            c.bind((f"127.0.2.{k + 1}", 0))
            c.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
            c.connect(("127.0.0.1", port))
            c.setblocking(False)
            with contextlib.suppress(BlockingIOError):
                c.send(request)
            hogs.append(c)
        try:
            await asyncio.sleep(0.5)
            held = [_send_queue(port, c) for c in hogs]
            assert all(q is not None and q <= 256 * 1024 for q in held), held
            # dropped after send_s: watched up to 10 s more (a loaded machine drops them late,
            # the old box never)
            dropped = time.monotonic() + limits.send_s + 10.0
            while any(_send_queue(port, c) is not None for c in hogs):
                assert time.monotonic() < dropped, [_send_queue(port, c) for c in hogs]
                await asyncio.sleep(0.1)
            assert live.server.gate.total == 0
        finally:
            for c in hogs:
                c.close()

    live.run(scenario)


def test_a_phone_reconnecting_in_a_loop_does_not_flood_the_other_phones(make_live: MakeLive) -> None:
    """One player's own secret, its socket opened, resumed and closed as fast as the box
    answers (each socket well within the message rate): every open and close was a new
    PhoneStatus, so the table said "seat 1: phone connected" / "waiting for the phone of
    seat 1" and sent every other phone a fresh state for each: ~150 states a second, 2.4 MB
    in 10 s to the victim's phone. A phone gone away is now news only once it has stayed
    away ``status_s``: back sooner, it was never away."""
    limits = Limits(hello_s=2.0, send_s=2.0)
    live = make_live(limits)

    async def scenario(live: Any, s: aiohttp.ClientSession) -> None:
        attacker_net = aiohttp.ClientSession(connector=aiohttp.TCPConnector(local_addr=("127.0.3.1", 0)))
        victim_net = aiohttp.ClientSession(connector=aiohttp.TCPConnector(local_addr=("127.0.3.2", 0)))
        try:
            mine = PhoneClient(attacker_net, live.base)
            assert (await mine.join(await live.code(0)))["type"] == "welcome"
            secret = mine.secret
            victim = PhoneClient(victim_net, live.base)
            assert (await victim.join(await live.code(2)))["type"] == "welcome"
            await asyncio.sleep(1.0)  # the joins' own news is out
            states = victim.states
            # 3 s of loops, and at least 30 of them however slowly a busy machine answers
            start = time.monotonic()
            loops = 0
            while loops < 30 or time.monotonic() - start < 3.0:
                assert time.monotonic() - start < 60.0, f"{loops} loops in 60 s"
                again = PhoneClient(attacker_net, live.base)
                assert (await again.resume(secret))["type"] == "welcome"
                await again.close()
                loops += 1
            await asyncio.sleep(0.5)
            took = time.monotonic() - start
            flood = victim.states - states
            # at most two states for each status_s the attack lasted (the old box: ~150 a second)
            assert flood <= took / limits.status_s * 2 + 2, (flood, loops, took)
            await victim.close()
            await mine.close()
        finally:
            await attacker_net.close()
            await victim_net.close()

    live.run(scenario)
