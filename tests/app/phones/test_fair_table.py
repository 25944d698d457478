"""One phone cannot freeze the table (issue 35): a tap the seat may not make now changes nothing.

A phone seated at a table of computers that keeps sending ``nothing`` (and other
taps its state does not offer) with the current ``v`` used to move the table's
generation on with every ``nothing``: each computer's answer, thought for the
generation it was asked in, came back stale and was dropped, and the table
froze. Here the attacker is a plain websocket client on 127.0.0.1 against the
real server; the computers think for one *round* (their answers are held and
handed back a round later, as a thinking pause would), and the attacker floods
in every round. Time is counted in rounds, not seconds: the flooded table must
play exactly the cards the quiet one plays.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import Executor, Future
from typing import Any

import aiohttp

from firmware.app.phones.client import PhoneClient
from firmware.app.phones.limits import Limits
from tests.app.phones.conftest import Live, MakeLive, MakePhoneTable, PhoneTable

# the attacker's taps beside ``nothing``: none is offered to a treseta4 seat at any time
# (no claims, no calls, no zu tun, no collective window) or to a seat not to move
NEVER_LEGAL: tuple[dict[str, Any], ...] = (
    {"type": "nothing"},
    {"type": "claim"},
    {"type": "next"},
    {"type": "call", "card": 2},
    {"type": "zutun", "card": 9},
    {"type": "declare", "declaration": {"kind": "four", "suit": 0, "rank": 0}},
)


class HeldExecutor(Executor):
    """The computers think for one round: a job asked for is run when the round ends."""

    def __init__(self) -> None:
        self.jobs: list[Callable[[], object]] = []

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        self.jobs.append(lambda: fn(*args, **kwargs))
        return Future()

    def take(self) -> list[Callable[[], object]]:
        out, self.jobs = self.jobs, []
        return out


def settle(table: PhoneTable) -> None:
    """The loop handles everything queued now (the computers' answers it asks for are held)."""
    table.loop.step(timeout=0)
    for _ in range(1000):
        if table.events.empty():
            return
        table.loop.step(timeout=0)
    raise AssertionError("the queue never emptied")


def played(table: PhoneTable) -> int:
    st = table.hand_state
    return sum(len(t.cards) for t in st.tricks) + len(st.trick)


def flooded_rounds(live: Live, rounds: int, flood: int) -> tuple[int, list[int]]:
    """Cards played in ``rounds`` rounds while the phone of seat 0 sends ``flood`` taps it
    may not make in each (with its state's ``v``), playing its own card when its turn
    comes; and the generation after each round's flood, against the one before it."""
    table = live.table
    ctl = table.ctl
    held = HeldExecutor()
    table.seats.executor = held
    moved: list[int] = []

    async def scenario() -> int:
        async with aiohttp.ClientSession() as s:
            phone = PhoneClient(s, live.base)
            for _ in range(500):
                settle(table)  # the server's status, with the seat's code, comes through the queue
                if 0 in live.codes():
                    break
                await asyncio.sleep(0.01)
            answer = await phone.join(live.codes()[0])
            assert answer["type"] == "welcome", answer
            for _ in range(100):
                settle(table)
                if not ctl.phones.waiting_for():
                    break
                await asyncio.sleep(0.01)  # the server thread's status is on its way
            assert not ctl.phones.waiting_for()
            start = played(table)
            for _ in range(rounds):
                due = held.take()  # asked a round ago: thought long enough
                await phone.wait(lambda c: c.state is not None and c.state["v"] == ctl.generation)
                assert phone.state is not None
                st = phone.state
                if st["to_move"] == 0 and st["legal"]["play"]:
                    await phone.tap("play", card=st["legal"]["play"][0])  # its own card, as a phone plays
                    await phone.send({"type": "ping"})
                    await phone.frame("pong")
                    settle(table)
                    due += held.take()
                    await phone.wait(lambda c: c.state is not None and c.state["v"] == ctl.generation)
                    assert phone.state is not None
                    st = phone.state
                before = ctl.generation
                for i in range(flood):
                    tap = NEVER_LEGAL[i % len(NEVER_LEGAL)]
                    await phone.send({**tap, "v": st["v"]})
                await phone.send({"type": "ping"})
                await phone.frame("pong")  # every tap of the flood is read and answered (or posted)
                settle(table)
                moved.append(ctl.generation - before)
                for job in due:
                    job()  # the answers come back: each for the generation it was asked in
                settle(table)
            await phone.close()
            return played(table) - start

    return asyncio.run(scenario()), moved


# the rate limit is not what is tested: the flood (15 a second) is under it
OPEN = Limits(hello_s=5.0, send_s=5.0, taps_per_s=1000.0, tap_burst=1000, flood_drops=10**6)
SEATS = ["phone", "cpu:easy", "cpu:easy", "cpu:easy"]


def test_a_phone_flooding_taps_it_may_not_make_does_not_freeze_the_computers(make_live: MakeLive) -> None:
    quiet = make_live(OPEN, seats=SEATS, seed=5)
    cards_quiet, _ = flooded_rounds(quiet, rounds=24, flood=0)
    loud = make_live(OPEN, seats=SEATS, seed=5)
    cards_loud, moved = flooded_rounds(loud, rounds=24, flood=2 * len(NEVER_LEGAL))
    assert cards_quiet >= 20, cards_quiet  # the computers play a card a round, the phone its own
    assert set(moved) == {0}, moved  # the generation never moved for a flood (it did 24 times: 0 cards)
    assert cards_loud == cards_quiet, (cards_loud, cards_quiet)  # 30 cards in 24 rounds, flood or not


def test_the_flood_gets_an_error_for_that_phone_and_the_table_keeps_its_words(make_live: MakeLive) -> None:
    live = make_live(OPEN, seats=SEATS, seed=5)
    ctl = live.table.ctl
    table = live.table

    async def scenario(live: Live, s: aiohttp.ClientSession) -> None:
        phone = PhoneClient(s, live.base)
        await phone.join(await live.code(0))
        # the computers play up to the phone's turn: then the table waits for it, and v stays
        await phone.wait(lambda c: c.state is not None and c.state["to_move"] == 0 and c.state["v"] == ctl.generation)
        assert phone.state is not None and not phone.state["waiting_for"]
        journal = table.journal.conn.execute("SELECT COUNT(*) FROM actions").fetchone()
        generation, said = ctl.generation, ctl.message
        v = phone.state["v"]
        for tap in NEVER_LEGAL:
            await phone.send({**tap, "v": v})
            error = await phone.frame("error")
            assert error["code"] == "not_legal" and error["text"], error
        assert ctl.generation == generation and ctl.message == said
        assert table.journal.conn.execute("SELECT COUNT(*) FROM actions").fetchone() == journal

    live.run(scenario)


def test_the_loop_refuses_a_tap_the_seat_may_not_make_even_if_the_server_let_it_through(
    make_phone_table: MakePhoneTable,
) -> None:
    """The server's check works on the feed, which may be a step behind: the loop's own
    check is the authority. ``nothing`` outside any declaration window, straight into the
    queue with the current ``v``: refused to that phone, nothing else moves."""
    t = make_phone_table(variant="treseta4", seats=SEATS, seed=5)
    t.ctl.new_match()
    t.pump()
    t.connect_all()
    journal = t.journal.conn.execute("SELECT COUNT(*) FROM actions").fetchone()
    for tap in NEVER_LEGAL * 3:
        generation, said, blinks = t.ctl.generation, t.ctl.message, t.ctl.table.blink_seq
        seq = (t.state(0)["refusal"] or {"seq": 0})["seq"]
        t.send(0, {**tap, "v": t.ctl.generation})
        assert t.ctl.generation == generation and t.ctl.message == said, tap
        assert t.ctl.table.blink_seq == blinks, tap  # the display does not blink for a phone's tap
        refusal = t.state(0)["refusal"]
        assert refusal is not None and refusal["seq"] == seq + 1 and refusal["text"], tap
    assert t.journal.conn.execute("SELECT COUNT(*) FROM actions").fetchone() == journal
