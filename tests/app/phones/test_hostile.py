"""Hostile clients against a live phone server (docs/phones.md, "Limits"; issue "A fair table").

Every attacker here is a plain socket or websocket on the loopback network. The
box tells phones apart by their address, so the attackers and the phones take
different loopback source addresses (127.0.0.N: the whole of 127/8 is this
machine), each one bound before it connects: to the server they are different
hosts on a LAN.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import logging
import re
import socket
import time
from collections.abc import Iterator
from typing import Any

import aiohttp
import pytest

from firmware.app.phones.client import PhoneClient
from firmware.app.phones.limits import Limits
from tests.app.phones.conftest import Live, MakeLive


def session_from(ip: str) -> aiohttp.ClientSession:
    """A client whose every connection comes from the loopback address ``ip``."""
    return aiohttp.ClientSession(connector=aiohttp.TCPConnector(local_addr=(ip, 0), force_close=True))


def qr_of(live: Live, seat: int) -> tuple[str, str]:
    """The code and the join token the touchscreen's QR code for ``seat`` carries."""
    url = next(s.join_url for s in live.table.ctl.phones.model().seats if s.seat == seat)
    m = re.search(r"#join=(\d{6})&key=([A-Za-z0-9_-]+)$", url)
    assert m is not None, url
    return m.group(1), m.group(2)


async def wait_for_qr(live: Live, seat: int, timeout: float = 5.0) -> tuple[str, str]:
    deadline = time.monotonic() + timeout
    while True:
        with contextlib.suppress(AssertionError, StopIteration):
            return qr_of(live, seat)
        assert time.monotonic() < deadline, "no QR code offered"
        await asyncio.sleep(0.005)


# ------------------------------------------------------------------ squatters


async def squat(base: str, sessions: list[aiohttp.ClientSession], n: int) -> list[asyncio.Task[None]]:
    """``n`` websockets that never say a word, each opened again as soon as it is closed."""

    async def one(k: int) -> None:
        s = sessions[k % len(sessions)]
        while True:
            try:
                ws = await s.ws_connect(base + "/ws", headers={"Origin": base}, autoping=True)
                while not ws.closed:
                    await ws.receive()
            except (TimeoutError, aiohttp.ClientError, OSError):
                pass
            await asyncio.sleep(0.05)

    tasks = [asyncio.create_task(one(k)) for k in range(n)]
    await asyncio.sleep(0.5)  # every squatter has its socket
    return tasks


def test_squatters_cannot_keep_a_seats_phone_or_the_qr_code_out(make_live: MakeLive) -> None:
    """40 sockets from two addresses held open without a word and opened again when
    closed (the issue's 40 against 32 slots): the seat's own phone (its secret) gets back
    in every time it reloads, a new phone joins by the QR code; each address keeps at
    most its share, the squatters pushing out only their own."""
    limits = Limits(send_s=2.0)  # the box's own numbers otherwise
    live = make_live(limits)

    async def scenario(live: Any, s: aiohttp.ClientSession) -> None:
        owner_net, newcomer_net = session_from("127.0.0.2"), session_from("127.0.0.3")
        squat_nets = [session_from(f"127.0.0.{20 + k}") for k in range(2)]
        try:
            owner = PhoneClient(owner_net, live.base)
            code = await live.code(0)
            assert (await owner.join(code))["type"] == "welcome"
            secret = owner.secret
            await owner.close()
            tasks = await squat(live.base, squat_nets, 40)
            try:
                for _ in range(8):  # the phone reloads its page, again and again
                    again = PhoneClient(owner_net, live.base)
                    answer = await again.resume(secret)
                    assert answer["type"] == "welcome" and answer["seat"] == 0, answer
                    await again.wait(lambda c: c.state is not None)
                    await again.close()
                    await asyncio.sleep(0.1)
                code2, token = await wait_for_qr(live, 2)
                newcomer = PhoneClient(newcomer_net, live.base)
                answer = await newcomer.join(code2, token=token)
                assert answer["type"] == "welcome" and answer["seat"] == 2, answer
                gate = live.server.gate
                assert gate.total <= limits.max_connections and gate.dropped > 0
                assert max(len(q) for q in gate.unseated.values()) <= limits.per_address
            finally:
                for t in tasks:
                    t.cancel()
                await asyncio.gather(*tasks, return_exceptions=True)
        finally:
            for net in (owner_net, newcomer_net, *squat_nets):
                await net.close()

    live.run(scenario)


def test_a_silent_socket_is_closed_within_seconds(make_live: MakeLive) -> None:
    live = make_live(Limits(send_s=2.0))

    async def scenario(live: Any, s: aiohttp.ClientSession) -> None:
        silent = PhoneClient(s, live.base)
        await silent.open()
        start = time.monotonic()
        assert (await silent.frame("bye", timeout=10))["code"] == "timeout"
        # hello_s (5 s) and then some for a busy machine; never closed: the 10 s above run out
        assert time.monotonic() - start <= Limits().hello_s + 3 <= 8

    live.run(scenario)


# ------------------------------------------------------------------ guessers


def test_guessers_elsewhere_never_block_the_qr_code_and_each_address_waits_for_itself(make_live: MakeLive) -> None:
    """Twenty wrong codes from twenty other addresses: the code typed by hand waits
    (the table's ceiling, docs/phones.md says why), the QR code's token joins at once;
    an address that guessed wrong five times waits for itself, whatever it sends."""
    live = make_live()

    async def scenario(live: Any, s: aiohttp.ClientSession) -> None:
        nets = {k: session_from(f"127.0.1.{k}") for k in range(1, 23)}
        try:
            code, token = await wait_for_qr(live, 0)
            taken = {c for c in live.codes().values()}
            wrong = (f"{(int(code) + k) % 10**6:06d}" for k in range(1, 100))
            guesses = [g for g in wrong if g not in taken]
            for k in range(1, 21):  # one wrong code from each of twenty addresses
                answer = await PhoneClient(nets[k], live.base).join(guesses[k])
                assert answer["code"] == "bad_code", answer
            typed = await PhoneClient(nets[21], live.base).join(code)
            assert typed["code"] == "too_many_tries"  # typed codes: the table's ceiling
            scanned = await PhoneClient(nets[21], live.base).join(code, token=token)
            assert scanned["type"] == "welcome" and scanned["seat"] == 0, scanned
            # one address's own five: it waits, even for a real QR code's token
            code2, token2 = await wait_for_qr(live, 2)
            greedy = PhoneClient(nets[22], live.base)
            for g in guesses[30:35]:
                assert (await greedy.join(g))["code"] in ("bad_code", "too_many_tries")
            assert (await PhoneClient(nets[22], live.base).join(code2))["code"] == "too_many_tries"
            bogus = await PhoneClient(nets[1], live.base).join(code2, token="A" * 22)
            assert bogus["code"] == "bad_code"  # a made-up token is no way round the count
            assert 2 in live.codes()
        finally:
            for net in nets.values():
                await net.close()

    live.run(scenario)


# ------------------------------------------------------------------ idle connections


def test_idle_connections_are_capped_and_never_crowd_out_a_page_or_a_phone(make_live: MakeLive) -> None:
    limits = Limits(send_s=2.0, max_connections=48, per_address=8)
    live = make_live(limits)

    async def scenario(live: Any, s: aiohttp.ClientSession) -> None:
        idle: list[socket.socket] = []
        try:
            for k in range(300):  # from ten addresses: more than the cap in all
                sock = socket.socket()
                sock.bind((f"127.0.2.{k % 10 + 1}", 0))
                sock.setblocking(False)
                with contextlib.suppress(BlockingIOError):
                    sock.connect(("127.0.0.1", live.server.port))
                idle.append(sock)
            await asyncio.sleep(0.3)
            phone_net = session_from("127.0.0.4")
            try:
                async with phone_net.get(live.base + "/") as r:
                    assert r.status == 200
                phone = PhoneClient(phone_net, live.base)
                assert (await phone.join(await live.code(0)))["type"] == "welcome"
                gate = live.server.gate
                assert gate.total <= limits.max_connections
                assert max(len(q) for q in gate.unseated.values()) <= limits.per_address
                await phone.close()
            finally:
                await phone_net.close()
        finally:
            for sock in idle:
                sock.close()

    live.run(scenario)


def test_a_connection_without_a_whole_request_is_closed_in_idle_s(make_live: MakeLive) -> None:
    """Slowloris: a request line dribbled byte by byte, and a connection that never says a
    word, are both closed when ``idle_s`` is up; the server counts neither afterwards."""
    live = make_live(Limits(send_s=2.0, idle_s=0.5))

    async def scenario(live: Any, s: aiohttp.ClientSession) -> None:
        started = time.monotonic()
        mute = await asyncio.open_connection("127.0.0.1", live.server.port, local_addr=("127.0.0.8", 0))
        slow = await asyncio.open_connection("127.0.0.1", live.server.port, local_addr=("127.0.0.9", 0))
        closed: dict[str, float] = {}

        async def watch(name: str, reader: asyncio.StreamReader) -> None:
            with contextlib.suppress(OSError):
                await reader.read()  # until the server closes it
            closed[name] = time.monotonic() - started

        watchers = [asyncio.create_task(watch("mute", mute[0])), asyncio.create_task(watch("slow", slow[0]))]
        for byte in b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n":
            if "slow" in closed:
                break
            with contextlib.suppress(OSError):
                slow[1].write(bytes([byte]))
            await asyncio.sleep(0.05)
        deadline = time.monotonic() + 10
        while len(closed) < 2 and time.monotonic() < deadline:
            await asyncio.sleep(0.02)
        # idle_s (0.5 s) and the slack a busy machine needs, below hello_s (5 s), the next timer
        assert set(closed) == {"mute", "slow"} and max(closed.values()) < 4.5, closed
        assert "127.0.0.8" not in live.server.gate.unseated and "127.0.0.9" not in live.server.gate.unseated
        await asyncio.gather(*watchers)
        for _, writer in (mute, slow):
            writer.close()

    live.run(scenario)


def test_the_server_loops_errors_are_one_line_each(caplog: pytest.LogCaptureFixture) -> None:
    """asyncio's "socket.accept() out of system resource" (descriptors gone) and its like:
    one line, no traceback (the fold then keeps it to one a minute)."""
    from firmware.app.phones.server import _loop_error

    loop = asyncio.new_event_loop()
    try:
        with caplog.at_level(logging.WARNING, logger="firmware.app.phones.wire"):
            _loop_error(loop, {"message": "socket.accept() out of system resource\nsocket: <x>",
                               "exception": OSError(24, "Too many open files")})  # fmt: skip
    finally:
        loop.close()
    (record,) = [r for r in caplog.records if r.name == "firmware.app.phones.wire"]
    assert record.exc_info is None and "Traceback" not in caplog.text
    assert record.getMessage() == ("phone server: socket.accept() out of system resource "
                                   "(OSError: [Errno 24] Too many open files)")  # fmt: skip


# ------------------------------------------------------------------ the log


@pytest.fixture
def log_text() -> Iterator[io.StringIO]:
    """What the box's journal would get: every logger at INFO, as `tressette run` sets it."""
    out = io.StringIO()
    handler = logging.StreamHandler(out)
    handler.setFormatter(logging.Formatter("%(name)s %(levelname)s %(message)s"))
    root = logging.getLogger()
    old = root.level
    root.addHandler(handler)
    root.setLevel(logging.INFO)
    yield out
    root.removeHandler(handler)
    root.setLevel(old)


GARBAGE = [
    b"GET /\x00\x01 HTTP/1.1\r\n\r\n",
    b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: x\r\n\r\n",
    b"GET / HTTP/9.9\r\n\r\n",
    b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n",
    b"GET / HTTP/1.1\r\n" + b"X: " + b"a" * 9000 + b"\r\n\r\n",
    b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03" + bytes(range(40)),
    b"G\xc3\xa9T / HTTP/1.1\r\n\r\n",
    b"GET / HTTP/1.1\r\nHost 127.0.0.1\r\n\r\n",
]


async def malformed(port: int, n: int, ips: list[str], concurrency: int = 8) -> int:
    """``n`` malformed requests, ``concurrency`` at a time; how many were answered."""
    answered = 0
    sem = asyncio.Semaphore(concurrency)

    async def one(k: int) -> None:
        nonlocal answered
        async with sem:
            try:
                reader, writer = await asyncio.open_connection(
                    "127.0.0.1", port, local_addr=(ips[k % len(ips)], 0))
                writer.write(GARBAGE[k % len(GARBAGE)])
                await writer.drain()
                if await asyncio.wait_for(reader.read(64), 5):
                    answered += 1
                writer.close()
                with contextlib.suppress(OSError):
                    await writer.wait_closed()
            except (TimeoutError, OSError):
                pass

    await asyncio.gather(*(one(k) for k in range(n)))
    return answered


@pytest.mark.hostile
def test_ten_thousand_malformed_requests_add_little_to_the_log(make_live: MakeLive, log_text: io.StringIO) -> None:
    live = make_live(Limits(send_s=2.0))
    ips = [f"127.0.3.{k}" for k in range(1, 9)]

    async def scenario(live: Any, s: aiohttp.ClientSession) -> tuple[int, int]:
        before = len(log_text.getvalue().encode())
        answered = await malformed(live.server.port, 10_000, ips)
        async with s.get(live.base + "/") as r:  # still serving
            assert r.status == 200
        return answered, len(log_text.getvalue().encode()) - before

    answered, added = live.run(scenario)
    text = log_text.getvalue()
    assert answered >= 9_000  # every one was read and refused, not just cut off
    assert "Traceback" not in text
    assert added < 50_000, (added, text[-3000:])
    assert added > 0, "not one line: the errors are not even said"
