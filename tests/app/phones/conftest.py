"""Phone seats driven without a network: the server's two sides played in process.

:class:`PhoneTable` is the synchronous :class:`tests.app.conftest.Table` plus what the
server thread does for the controller: say which phones are here (``PhoneStatus``),
turn a phone's JSON frame into a ``PhoneIntent`` through the protocol's one door
(:func:`firmware.app.phones.protocol.parse`), and render each phone seat's state
from the feed the loop publishes (:func:`firmware.app.phones.link.build_feed`).
"""

from __future__ import annotations

import json
import random
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

import pytest

from firmware.app.phones import protocol as p
from firmware.app.phones.events import PhoneIntent, PhoneSeatState, PhoneStatus
from firmware.app.phones.link import build_feed
from firmware.app.phones.seatview import seat_state
from firmware.engine.variants import PRESETS
from tests.app.conftest import Table

if TYPE_CHECKING:
    import aiohttp

    from firmware.app.phones.limits import Limits

T = TypeVar("T")


def seat_mixes(n: int) -> list[list[str]]:
    """Phone seats mixed with every other kind a dealt game takes: all phones, one phone
    and computers, phones and the touchscreen, phones and computers alternating."""
    mixes = [["phone"] * n, ["phone"] + ["cpu:easy"] * (n - 1), ["human"] + ["phone"] * (n - 1)]
    if n >= 3:
        mixes.append(["phone" if s % 2 == 0 else "cpu:easy" for s in range(n)])
    return mixes


def preset_mixes() -> list[tuple[str, list[str]]]:
    from firmware.engine import make_variant

    return [(name, mix) for name in PRESETS for mix in seat_mixes(make_variant(name).n_seats)]


class PhoneTable(Table):
    def connect(self, *seats: int) -> None:
        """These phone seats' phones are here (and every other phone seat's is not)."""
        phones = [s for s, spec in enumerate(self.ctl.seats) if spec.kind == "phone"]
        self.put(PhoneStatus(tuple(PhoneSeatState(s, s in seats, s in seats) for s in phones)))

    def connect_all(self) -> None:
        self.connect(*[s for s, spec in enumerate(self.ctl.seats) if spec.kind == "phone"])

    def state(self, seat: int, lang: str = "en") -> dict[str, Any]:
        feed = build_feed(self.ctl)
        assert feed.facts is not None
        state: dict[str, Any] = json.loads(p.dumps(seat_state(feed.views[seat], feed.facts, lang)))
        return state

    def send(self, seat: int, frame: dict[str, Any] | str) -> None:
        """A phone's frame, through the protocol, as the server posts it."""
        raw = frame if isinstance(frame, str) else json.dumps(frame)
        message = p.parse(raw)
        assert isinstance(message, p.Tap)
        self.put(PhoneIntent(seat, message.intent(seat), message.v))

    def phone_move(self, seat: int, rng: random.Random) -> bool:
        """The phone of ``seat`` does something its state offers; False if nothing."""
        st = self.state(seat)
        legal, v = st["legal"], st["v"]
        if legal["declare"] and rng.random() < 0.7:
            self.send(seat, {"type": "declare", "v": v, "declaration": rng.choice(legal["declare"])})
        elif legal["nothing"]:
            self.send(seat, {"type": "nothing", "v": v})
        elif legal["call"]:
            self.send(seat, {"type": "call", "v": v, "card": rng.choice(legal["call"])})
        elif legal["play"]:
            card = rng.choice(legal["play"])
            sig = legal["signals"].get(str(card), [])
            self.send(seat, {"type": "play", "v": v, "card": card, "signals": sig[:1]})
        elif legal["zutun"]:
            self.send(seat, {"type": "zutun", "v": v, "card": legal["zutun"][0]})
        elif legal["claim"]:
            self.send(seat, {"type": "claim", "v": v})
        else:
            return False
        return True


class MakePhoneTable(Protocol):
    """The ``make_phone_table`` fixture: a :class:`PhoneTable` in a fresh state directory."""

    def __call__(
        self,
        *,
        variant: str = ...,
        seats: list[str] | None = ...,
        options: dict[str, object] | None = ...,
        seed: int | None = ...,
        auto_next: bool = ...,
        pty_reader: bool = ...,
    ) -> PhoneTable: ...


@pytest.fixture
def make_phone_table(tmp_path: Path) -> Iterator[MakePhoneTable]:
    tables: list[PhoneTable] = []

    def make(**kw: Any) -> PhoneTable:
        t = PhoneTable(tmp_path / f"state{len(tables)}", **kw)
        tables.append(t)
        return t

    yield make
    for t in tables:
        t.close()


def drive(
    table: PhoneTable, rng: random.Random, on_point: Callable[[PhoneTable], object] | None = None,
    limit: int = 400,
) -> None:
    """Play the hand on the table to its end: phones through their states, the touchscreen
    through its intents, computers on their own; ``on_point(table)`` before every move."""
    import ui.intents as ui

    ctl = table.ctl
    for _ in range(limit):
        if ctl.phase != "play":
            return
        if on_point is not None:
            on_point(table)
        phones = [s for s, spec in enumerate(ctl.seats) if spec.kind == "phone"]
        waiting = [s for s in phones if table.state(s)["legal"]["nothing"]]
        humans_waiting = [s for s in ctl.pending_accusi() if ctl.seats[s].kind == "human"]
        mover = ctl.table.mover()
        if waiting:
            table.phone_move(waiting[0], rng)
        elif humans_waiting:
            table.put(ui.NothingToDeclare())
        elif mover is not None and ctl.seats[mover].kind == "phone":
            assert table.phone_move(mover, rng), table.state(mover)
        elif mover is not None and ctl.seats[mover].kind == "human":
            assert table.human_plays()
        else:
            table.pump()
            if ctl.table.mover() == mover and ctl.phase == "play":
                raise AssertionError(f"stuck: seat {mover} to move, {ctl.message.text}")
    raise AssertionError("the hand did not end")


# ------------------------------------------------------------------ a live server


class Live:
    """A :class:`PhoneTable` with the real server on its thread (port chosen by the system)
    and the loop publishing to it; :meth:`run` drives the table while phones talk."""

    def __init__(self, table: PhoneTable, limits: Limits | None = None) -> None:
        from firmware.app.phones.limits import Limits
        from firmware.app.phones.link import PhoneLink
        from firmware.app.phones.server import PhoneServer

        self.table = table
        self.server = PhoneServer(table.events.put, host="127.0.0.1", port=0, address="127.0.0.1",
                                  state_dir=table.state_dir, limits=limits or Limits(hello_s=2.0, send_s=2.0))  # fmt: skip
        self.link = PhoneLink(lambda: self.server)
        table.loop.phones = self.link
        table.pump()  # starts the server for the phone seats, publishes the table
        assert self.server.port != 0, self.server.error

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.server.port}"

    def codes(self) -> dict[int, str]:
        return {x.seat: x.code for x in self.table.ctl.phones.status.seats if x.code is not None}

    async def code(self, seat: int, timeout: float = 5.0) -> str:
        import asyncio
        import time

        deadline = time.monotonic() + timeout
        while seat not in self.codes():
            assert time.monotonic() < deadline, "no code offered"
            await asyncio.sleep(0.005)
        return self.codes()[seat]

    def run(self, scenario: Callable[[Live, aiohttp.ClientSession], Awaitable[T]]) -> T:
        """``scenario(live, session)`` with the table pumped every few ms meanwhile."""
        import asyncio

        import aiohttp

        async def main() -> T:
            async def pump() -> None:
                while True:
                    self.table.pump()
                    await asyncio.sleep(0.002)

            pumping = asyncio.create_task(pump())
            try:
                async with aiohttp.ClientSession() as session:
                    return await scenario(self, session)
            finally:
                pumping.cancel()

        return asyncio.run(main())

    def close(self) -> None:
        self.server.stop()


class MakeLive(Protocol):
    """The ``make_live`` fixture: a started match (treseta4, two phones, by default) on a live server."""

    def __call__(
        self,
        limits: Limits | None = None,
        *,
        variant: str = ...,
        seats: list[str] | None = ...,
        options: dict[str, object] | None = ...,
        seed: int | None = ...,
    ) -> Live: ...


@pytest.fixture
def make_live(make_phone_table: MakePhoneTable) -> Iterator[MakeLive]:
    lives: list[Live] = []

    def make(limits: Limits | None = None, **kw: Any) -> Live:
        kw.setdefault("variant", "treseta4")
        kw.setdefault("seats", ["phone", "cpu:easy", "phone", "cpu:easy"])
        table = make_phone_table(**kw)
        table.ctl.new_match()
        live = Live(table, limits)
        lives.append(live)
        return live

    yield make
    for live in lives:
        live.close()
