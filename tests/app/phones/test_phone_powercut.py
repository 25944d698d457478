"""A power cut mid-hand with phones at the table (docs/phones.md, "Joining" 4).

The simulator runs headless with two phone seats and two computers; two phones
(plain websocket clients) hold their seats by their secrets and play. The
process is killed (SIGKILL) mid-hand and started again: the phones reconnect
by themselves with the same secrets, are sent exactly the hand the journal
holds, and the hand goes on to its end; the journal replays.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import aiohttp

from firmware.app.phones.client import PhoneClient
from firmware.engine import view_for
from firmware.engine.records import replay
from firmware.store import Journal

from ..conftest import REPO

SECRETS = {0: "A" * 43, 2: "B" * 42 + "C"}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start(state: Path, port: int) -> subprocess.Popen[bytes]:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYTHONPATH=str(REPO))
    cmd = [sys.executable, "-m", "firmware.cli", "sim", "--headless", "--variant", "treseta4",
           "--seats", "phone,cpu:easy,phone,cpu:easy", "--state-dir", str(state), "--seed", "11",
           "--think-ms", "0", "--config", str(state / "settings.toml"),
           "--phones-host", "127.0.0.1", "--phones-port", str(port)]  # fmt: skip
    return subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)


def journal_actions(state: Path) -> int:
    import sqlite3

    db = state / "journal.sqlite3"
    if not db.exists():
        return 0
    conn = sqlite3.connect(db)
    try:
        return int(conn.execute("SELECT COUNT(*) FROM actions").fetchone()[0])
    except sqlite3.Error:
        return 0
    finally:
        conn.close()


async def reconnect(session: aiohttp.ClientSession, base: str, seat: int, timeout: float = 30.0) -> PhoneClient:
    """What the page does: resume with the stored secret until the box answers."""
    deadline = time.monotonic() + timeout
    while True:
        phone = PhoneClient(session, base)
        try:
            answer = await phone.resume(SECRETS[seat])
            assert answer["type"] == "welcome" and answer["seat"] == seat, answer
            await phone.wait(lambda c: c.state is not None, timeout=10)
            return phone
        except (aiohttp.ClientError, ConnectionError, OSError, TimeoutError):
            if time.monotonic() > deadline:
                raise
            await asyncio.sleep(0.1)


async def play(phones: dict[int, PhoneClient], until: Any, timeout: float = 30.0) -> None:
    """The phones play their first legal card (or say nothing to declare) until ``until()``."""
    deadline = time.monotonic() + timeout
    while not until():
        assert time.monotonic() < deadline, "the hand did not go on"
        for phone in phones.values():
            st = phone.state
            if st is None or st["phase"] != "play":
                continue
            if st["legal"]["nothing"]:
                await phone.tap("nothing")
            elif st["to_move"] == phone.seat and st["legal"]["play"]:
                await phone.tap("play", card=st["legal"]["play"][0])
            else:
                continue
            v = st["v"]
            await phone.wait(lambda c, v=v: c.state is not None and c.state["v"] != v, timeout=10)
        await asyncio.sleep(0.01)


def test_phones_reconnect_after_a_power_cut_and_the_hand_goes_on(tmp_path: Path) -> None:
    state = tmp_path / "state"
    state.mkdir()
    (state / "phones.json").write_text(json.dumps(
        {"seats": {str(s): hashlib.sha256(x.encode()).hexdigest() for s, x in SECRETS.items()}}))  # fmt: skip
    port = free_port()
    base = f"http://127.0.0.1:{port}"

    async def first_half() -> None:
        async with aiohttp.ClientSession() as session:
            phones = {s: await reconnect(session, base, s) for s in SECRETS}
            await play(phones, lambda: journal_actions(state) >= 15)
            for p in phones.values():
                await p.close()

    proc = start(state, port)
    try:
        asyncio.run(first_half())
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait(10)
    killed_at = journal_actions(state)
    assert 15 <= killed_at < 40

    with Journal.open(state) as j:
        row = j.unfinished()
        assert row is not None
        match = replay(j.record(row.id))
    assert match.state is not None and not match.state.over
    hands = {s: list(view_for(match.state, s).hand) for s in SECRETS}

    async def second_half() -> None:
        async with aiohttp.ClientSession() as session:
            phones = {s: await reconnect(session, base, s) for s in SECRETS}
            for s, phone in phones.items():
                assert phone.state is not None and phone.state["hand"] == hands[s]  # exactly the hand
            await play(phones, lambda: all(p.state is not None and p.state["phase"] != "play"
                                           for p in phones.values()))  # fmt: skip
            for p in phones.values():
                await p.close()

    proc = start(state, port)
    try:
        asyncio.run(second_half())
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
    with Journal.open(state) as j:
        rows = j.conn.execute("SELECT id FROM matches").fetchall()
        assert len(rows) == 1  # the same match, not a new one
        done = replay(j.record(rows[0][0]))
    assert done.hands and done.hands[0] is not None
    assert journal_actions(state) >= 40  # every card of the hand, none lost, none twice
