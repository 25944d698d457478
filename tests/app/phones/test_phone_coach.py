"""The coach on a phone (docs/phones.md, "The coach on a phone"; issue 38): a phone seat asks
for its own hint in a practice match and sees its hand's rating, privately; a claim is offered
only where it stands. In process, through the protocol's one door (tests/app/phones/conftest.py).
"""

from __future__ import annotations

import asyncio
import random
from dataclasses import replace
from typing import Any

import aiohttp
import pytest

from firmware.app.phones.client import PhoneClient
from firmware.app.phones.limits import Limits
from firmware.coach import Coach
from firmware.engine import View
from tests.app.phones.conftest import Live, MakeLive, MakePhoneTable, PhoneTable, drive


def to_phone_turn(table: PhoneTable, seat: int, rng: random.Random) -> None:
    """Play on (every phone through its state, computers on their own) until ``seat``'s phone
    is to play a card."""
    ctl = table.ctl
    for _ in range(200):
        table.pump()
        st = table.state(seat)
        if st["legal"]["play"] and not st["legal"]["discard"]:
            return
        phones = [s for s, spec in enumerate(ctl.seats) if spec.kind == "phone"]
        movers = [s for s in phones if s != seat and (table.state(s)["legal"]["play"] or table.state(s)["legal"]["nothing"])]
        if st["legal"]["nothing"] or st["legal"]["declare"] or st["legal"]["call"]:
            table.phone_move(seat, rng)
        elif movers:
            table.phone_move(movers[0], rng)
    raise AssertionError("the phone's turn never came")


def practice(make: MakePhoneTable, seats: list[str], variant: str = "tressette2") -> PhoneTable:
    table = make(variant=variant, seats=seats, seed=3)
    table.ctl.new_match(casual=True)
    table.connect_all()
    table.pump()
    return table


def test_a_phone_gets_the_coachs_hint_for_its_own_view_and_nobody_else_sees_it(
    make_phone_table: MakePhoneTable, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = practice(make_phone_table, ["phone", "cpu:easy", "phone", "cpu:easy"], "treseta4")
    asked: list[View] = []
    real = Coach.hint

    def spy(self: Coach, view: View) -> Any:
        asked.append(view)
        return real(self, view)

    monkeypatch.setattr(Coach, "hint", spy)
    to_phone_turn(table, 0, random.Random(1))
    st = table.state(0)
    assert st["legal"]["hint"] is True and table.state(2)["legal"]["hint"] is False
    before = table.ctl.message
    table.send(0, {"type": "hint", "v": st["v"]})
    table.pump()
    st = table.state(0)
    hint = st["coach"]["hint"]
    # the coach was asked once, with exactly the engine's view of seat 0: no other hand
    match = table.ctl.match
    assert match is not None
    assert asked == [match.view_for(0)]
    assert hint["card"] in st["legal"]["play"] and hint["text"].startswith("Hint: ")
    # the same coach the touchscreen asks, at the fixture's budget: the same answer
    expected = real(Coach(worlds=1), match.view_for(0))
    assert hint["card"] == getattr(expected.action, "card", None)
    assert table.state(2)["coach"] is None  # the other phone is told nothing
    assert table.ctl.message == before  # nor is the shared screen
    assert table.ctl.table.match_mode == "assisted"  # a helped match, as on the touchscreen
    # asking again on the same position is free: no second search
    table.send(0, {"type": "hint", "v": st["v"]})
    table.pump()
    assert len(asked) == 1 and table.state(0)["coach"]["hint"] == hint


def test_no_hint_in_a_rated_match_nor_out_of_turn(make_phone_table: MakePhoneTable) -> None:
    table = make_phone_table(variant="treseta4", seats=["phone", "cpu:easy", "phone", "cpu:easy"], seed=3)
    table.ctl.new_match()  # rated: no help
    table.connect_all()
    to_phone_turn(table, 0, random.Random(1))
    st = table.state(0)
    assert st["legal"]["hint"] is False
    table.send(0, {"type": "hint", "v": st["v"]})
    table.pump()
    st = table.state(0)
    assert st["coach"] is None and st["refusal"]["key"] == "r_rated_no_help"
    assert table.ctl.table.match_mode == "engine"

    table = practice(make_phone_table, ["phone", "cpu:easy", "phone", "cpu:easy"], "treseta4")
    to_phone_turn(table, 0, random.Random(1))
    st2 = table.state(2)  # seat 2 is not to move
    assert st2["legal"]["hint"] is False
    table.send(2, {"type": "hint", "v": st2["v"]})
    table.pump()
    assert table.state(2)["refusal"]["key"] == "r_no_hint_now" and table.state(0)["coach"] is None
    assert table.ctl.table.match_mode == "casual"  # a refused hint helped nobody


def test_a_phone_sees_its_hands_rating_at_the_hands_end(make_phone_table: MakePhoneTable) -> None:
    table = practice(make_phone_table, ["phone", "cpu:easy"])
    drive(table, random.Random(2))
    table.pump()
    st = table.state(0)
    assert st["phase"] in ("hand_over", "match_over")
    rating = st["coach"]["rating"]
    assert rating and any("%" in line for line in rating), rating
    assert not table.ctl.coaching.review_lines  # nobody at the screen: the shared screen says nothing


def test_a_claim_is_offered_only_where_it_stands(make_phone_table: MakePhoneTable) -> None:
    """From the first trick on the engine takes a claim (a wrong one loses the match, as at
    a real table); the state says whether it would stand (View.claim_stands), and the page
    offers it only then (tests/app/phones/test_phone_page_a11y.py)."""
    table = make_phone_table(variant="tressette4", seats=["phone", "cpu:easy", "phone", "cpu:easy"], seed=3)
    table.ctl.new_match()
    table.connect_all()
    to_phone_turn(table, 0, random.Random(1))
    match = table.ctl.match
    assert match is not None
    view = match.view_for(0)
    st = table.state(0)
    assert st["legal"]["claim"] is True and st["legal"]["claim_stands"] is False
    target = view.variant.target
    assert view.claim_points < target and not view.claim_stands
    stands = replace(view, totals=(target - 1, 0), unit_declared=(1, 0))
    assert stands.claim_points >= target and stands.claim_stands


# ------------------------------------------------------------------ from outside: a live server


async def until_my_card(me: PhoneClient, others: list[PhoneClient]) -> None:
    """Every phone says *nothing to declare* when asked and the others play their first card,
    until ``me`` is to play a card."""
    for _ in range(200):
        if me.state is not None and me.state["legal"]["play"]:
            return
        for c in [me, *others]:
            lg = c.state["legal"] if c.state is not None else {}
            if lg.get("nothing"):
                await c.tap("nothing")
            elif c is not me and lg.get("play"):
                await c.tap("play", card=lg["play"][0])
        await asyncio.sleep(0.05)
    raise AssertionError("never my turn")


def live_practice(make: MakePhoneTable, limits: Limits) -> Live:
    table = make(variant="treseta4", seats=["phone", "cpu:easy", "phone", "cpu:easy"], seed=3)
    table.ctl.new_match(casual=True)
    return Live(table, limits)


def test_hostile_hint_requests_are_capped_refused_and_never_cross_seats(
    make_phone_table: MakePhoneTable, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A hint is a search of the coach's: a phone flooding ``hint`` gets one request to the
    table per ``hint_s`` and ``rate_limited`` for the rest; a hint out of its turn or for
    another seat is refused (``not_legal``, ``bad_message``) before the table hears of it;
    the answer goes to the asking phone only."""
    searches: list[int] = []
    real = Coach.hint

    def spy(self: Coach, view: View) -> Any:
        searches.append(view.seat)
        return real(self, view)

    monkeypatch.setattr(Coach, "hint", spy)
    limits = Limits(hello_s=2.0, send_s=2.0, hint_s=30.0)
    live = live_practice(make_phone_table, limits)

    async def scenario(live: Live, s: aiohttp.ClientSession) -> None:
        me, other = PhoneClient(s, live.base), PhoneClient(s, live.base)
        assert (await me.join(await live.code(0)))["seat"] == 0
        assert (await other.join(await live.code(2)))["seat"] == 2
        await until_my_card(me, [other])
        assert me.state is not None and me.state["legal"]["hint"] is True
        # another seat's phone, out of its turn: refused at the door
        await other.tap("hint")
        assert (await other.frame("error"))["code"] == "not_legal"
        # a hint "for seat 0" from seat 2's phone: the message names no seat
        await other.tap("hint", seat=0)
        assert (await other.frame("error"))["code"] == "bad_message"
        # a flood: 30 at once
        for _ in range(30):
            await me.tap("hint")
        await me.wait(lambda c: c.state is not None and (c.state.get("coach") or {}).get("hint") is not None)
        await asyncio.sleep(0.3)
        limited = [m for m in me.inbox if m["type"] == "error" and m["code"] == "rate_limited"]
        assert len(limited) == 29 and all(m["retry_after"] > 0 for m in limited)
        assert searches == [0]  # one search, from seat 0's view
        assert other.state is not None and other.state.get("coach") is None
        assert me.state is not None
        assert me.state["coach"]["hint"]["card"] in me.state["legal"]["play"]
        await me.close()
        await other.close()

    try:
        live.run(scenario)
    finally:
        live.close()


def test_no_hint_from_a_phone_in_a_rated_match(make_live: MakeLive) -> None:
    live = make_live(Limits(hello_s=2.0, send_s=2.0))  # rated (the fixture's match)

    async def scenario(live: Live, s: aiohttp.ClientSession) -> None:
        me, other = PhoneClient(s, live.base), PhoneClient(s, live.base)
        assert (await me.join(await live.code(0)))["seat"] == 0
        assert (await other.join(await live.code(2)))["seat"] == 2
        await until_my_card(me, [other])
        assert me.state is not None and me.state["legal"]["hint"] is False
        await me.tap("hint")
        assert (await me.frame("error"))["code"] == "not_legal"
        await me.close()
        await other.close()

    live.run(scenario)
    assert live.table.ctl.table.match_mode == "engine"
