"""Too many connections must not stop the watchdog (docs/reliability.md, docs/phones.md "Limits").

The simulator runs headless with two phone seats, as the box runs under its unit:
its descriptors limited (here 1,024 soft and hard, the limit the box had before the
unit set one: what matters is that the attack needs more), systemd's watchdog
socket to ping. While two phones play a whole hand, 1,100 idle connections are
held open against the phone server and 2,000 more are attempted. The watchdog
pings keep coming, the phones play the hand to its end, the program is not
restarted, its log stays short and without a traceback, and the journal replays.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import os
import resource
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import aiohttp
import pytest

from firmware.app.phones.client import PhoneClient
from firmware.engine.records import replay
from firmware.store import Journal

from ..conftest import REPO
from .test_phone_powercut import SECRETS, free_port, journal_actions, play

pytestmark = pytest.mark.hostile

LIMIT = 1024
IDLE = 1100
ATTEMPTS = 2000
WATCHDOG_S = 6.0  # WATCHDOG_USEC: a ping is due every 1.5 s, and none may be missing for 6


def start(state: Path, port: int, notify: str) -> subprocess.Popen[bytes]:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYTHONPATH=str(REPO),
               NOTIFY_SOCKET=notify, WATCHDOG_USEC=str(int(WATCHDOG_S * 1e6)))  # fmt: skip
    env.pop("WATCHDOG_PID", None)
    cmd = [sys.executable, "-m", "firmware.cli", "sim", "--headless", "--variant", "treseta4",
           "--seats", "phone,cpu:easy,phone,cpu:easy", "--state-dir", str(state), "--seed", "11",
           "--think-ms", "0", "--config", str(state / "settings.toml"),
           "--phones-host", "127.0.0.1", "--phones-port", str(port)]  # fmt: skip

    def limited() -> None:
        resource.setrlimit(resource.RLIMIT_NOFILE, (LIMIT, LIMIT))

    return subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            preexec_fn=limited)  # fmt: skip


class Pings:
    """The datagrams the program sends systemd, with their times, read on a thread."""

    def __init__(self, path: str) -> None:
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        self.sock.bind(path)
        self.sock.settimeout(0.2)
        self.got: list[tuple[float, str]] = []
        self.stop = False
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _read(self) -> None:
        while not self.stop:
            with contextlib.suppress(TimeoutError):
                self.got.append((time.monotonic(), self.sock.recv(4096).decode()))

    def watchdog(self) -> list[float]:
        return [t for t, text in self.got if "WATCHDOG=1" in text]

    def close(self) -> None:
        self.stop = True
        self.thread.join(2)
        self.sock.close()


def idle_connections(port: int, n: int, nets: int = 50) -> list[socket.socket]:
    """``n`` connections that never send a byte, from ``nets`` loopback addresses."""
    out = []
    for k in range(n):
        sock = socket.socket()
        sock.bind((f"127.0.5.{k % nets + 1}", 0))
        sock.setblocking(False)
        with contextlib.suppress(BlockingIOError, OSError):
            sock.connect(("127.0.0.1", port))
        out.append(sock)
    return out


async def attempts(port: int, n: int, stop: asyncio.Event) -> int:
    """``n`` connections, each closed at once or after a few bytes of nothing much."""
    made = 0
    for k in range(n):
        if stop.is_set():
            break
        try:
            _, writer = await asyncio.wait_for(asyncio.open_connection(
                "127.0.0.1", port, local_addr=(f"127.0.6.{k % 30 + 1}", 0)), 0.5)  # fmt: skip
            if k % 3 == 0:
                writer.write(b"GET / HTTP/1.1\r\nHost: x")  # a request never finished
            writer.close()
            made += 1
        except (TimeoutError, OSError):
            pass
        if k % 20 == 0:
            await asyncio.sleep(0.01)
    return made


def test_a_siege_of_connections_stops_neither_the_watchdog_nor_the_hand(tmp_path: Path) -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    need = IDLE + 400
    if soft < need:
        if hard != resource.RLIM_INFINITY and hard < need:
            pytest.skip(f"the test itself needs {need} descriptors (hard limit {hard})")
        resource.setrlimit(resource.RLIMIT_NOFILE, (need, hard))
    state = tmp_path / "state"
    state.mkdir()
    (state / "phones.json").write_text(json.dumps(
        {"seats": {str(s): hashlib.sha256(x.encode()).hexdigest() for s, x in SECRETS.items()}}))  # fmt: skip
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    pings = Pings(str(tmp_path / "notify.sock"))
    proc = start(state, port, str(tmp_path / "notify.sock"))
    idle: list[socket.socket] = []
    besieged: list[float] = []

    async def reconnect(net: aiohttp.ClientSession, seat: int) -> PhoneClient:
        deadline = time.monotonic() + 30
        while True:
            phone = PhoneClient(net, base)
            try:
                answer = await phone.resume(SECRETS[seat])
                assert answer["type"] == "welcome", answer
                await phone.wait(lambda c: c.state is not None, timeout=10)
                return phone
            except (aiohttp.ClientError, ConnectionError, OSError, TimeoutError):
                assert time.monotonic() < deadline, "the phone never got its seat"
                await asyncio.sleep(0.1)

    async def siege() -> int:
        nets = {s: aiohttp.ClientSession(connector=aiohttp.TCPConnector(local_addr=(f"127.0.0.{s + 2}", 0)))
                for s in SECRETS}  # fmt: skip
        try:
            phones = {s: await reconnect(nets[s], s) for s in SECRETS}
            besieged.append(time.monotonic())
            idle.extend(idle_connections(port, IDLE))
            stop = asyncio.Event()
            attempting = asyncio.create_task(attempts(port, ATTEMPTS, stop))
            await play(phones, lambda: all(p.state is not None and p.state["phase"] != "play"
                                           for p in phones.values()), timeout=60)  # fmt: skip
            with contextlib.suppress(asyncio.TimeoutError):  # a box that stopped accepting: bounded
                await asyncio.wait_for(asyncio.shield(attempting), 20)
            stop.set()
            made = await attempting
            besieged.append(time.monotonic())
            assert proc.poll() is None  # never restarted: the same process all along
            for p in phones.values():
                await p.close()
            return made
        finally:
            for net in nets.values():
                await net.close()

    try:
        made = asyncio.run(siege())
    finally:
        for sock in idle:
            sock.close()
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        pings.close()
        assert proc.stderr is not None
        err = proc.stderr.read().decode(errors="replace")
        proc.stderr.close()
    assert made >= ATTEMPTS * 0.9
    beats = [t for t in pings.watchdog() if besieged[0] - WATCHDOG_S <= t <= besieged[1] + WATCHDOG_S]
    gaps = [b - a for a, b in zip([besieged[0], *beats], [*beats, besieged[1]], strict=True)]
    assert max(gaps) < WATCHDOG_S, (max(gaps), len(beats), err[-2000:])
    assert "Traceback" not in err, err[-3000:]
    assert len(err.encode()) < 50_000, len(err.encode())
    assert journal_actions(state) >= 40  # every card of the hand
    with Journal.open(state) as j:
        rows = j.conn.execute("SELECT id FROM matches").fetchall()
        assert len(rows) == 1
        done = replay(j.record(rows[0][0]))
    assert done.hands and done.hands[0] is not None
