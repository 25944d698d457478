"""A phone says who plays (issue 36): the name typed on the join page, checked by the
protocol like every field, shown to every seat as text, journalled with the match."""

from __future__ import annotations

import json
from typing import Any

import aiohttp
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from firmware.app.phones import protocol as p
from firmware.app.phones.client import PhoneClient
from firmware.engine.names import BadName, check_name
from tests.app.phones.conftest import Live, MakeLive

HOSTILE = "<svg onload=p=1>"  # 16 characters: a fine name, shown as those characters


def test_join_and_resume_carry_a_checked_name() -> None:
    j = p.parse(json.dumps({"type": "join", "code": "123456", "name": "  Đurđa "}))
    assert isinstance(j, p.Join) and j.name == "Đurđa"
    r = p.parse(json.dumps({"type": "resume", "secret": "a" * 43, "name": HOSTILE}))
    assert isinstance(r, p.Resume) and r.name == HOSTILE
    assert p.parse(json.dumps({"type": "join", "code": "123456", "name": ""})) == p.Join("123456")


@pytest.mark.parametrize("name", ["A\nINFO forged", "\u202eanna", "x" * 21, "x" * 3000, 7, ["Anna"], {"a": 1}])
def test_a_bad_name_is_refused_as_bad_name(name: object) -> None:
    with pytest.raises(p.ProtocolError) as err:
        p.parse(json.dumps({"type": "join", "code": "123456", "name": name}))
    assert err.value.code in ("bad_name", "too_big")
    assert "\n" not in str(err.value)


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=40))
def test_any_name_is_refused_or_taken_as_the_validator_says(name: str) -> None:
    frame = json.dumps({"type": "join", "code": "123456", "name": name})
    try:
        expected = check_name(name) if name else None
    except BadName:
        expected = None
        with pytest.raises(p.ProtocolError):
            p.parse(frame)
        return
    message = p.parse(frame)
    assert isinstance(message, p.Join) and message.name == expected


def test_a_phone_names_its_seat_for_every_seat_and_the_journal(make_live: MakeLive) -> None:
    live = make_live()

    async def scenario(live: Live, session: aiohttp.ClientSession) -> dict[str, Any]:
        a, b = PhoneClient(session, live.base), PhoneClient(session, live.base)
        codes = {s: await live.code(s) for s in (0, 2)}
        assert (await a.join(codes[0], name=HOSTILE))["type"] == "welcome"
        bad = await b.join(codes[2], name="Zoë\u202e")
        assert bad["type"] == "error" and bad["code"] == "bad_name"
        assert (await b.join(codes[2], name="Zoë 🃏"))["type"] == "welcome"
        await b.wait(lambda c: c.state is not None and c.state["seats"][0]["name"] == HOSTILE
                     and c.state["seats"][2]["name"] == "Zoë 🃏")
        state = b.state
        assert state is not None
        await a.close()
        await b.close()
        return state

    state = live.run(scenario)
    assert [s["name"] for s in state["seats"]] == [HOSTILE, None, "Zoë 🃏", None]
    table = live.table
    row = table.journal.match(table.ctl.match_id or 0)
    assert row is not None and row.players == (HOSTILE, None, "Zoë 🃏", None)
    assert [s.name for s in table.ctl.model().seats] == [HOSTILE, "", "Zoë 🃏", ""]


def test_a_new_match_from_the_screen_keeps_the_phones_names(make_live: MakeLive) -> None:
    import ui.intents as ui

    live = make_live()

    async def scenario(live: Live, session: aiohttp.ClientSession) -> None:
        a = PhoneClient(session, live.base)
        assert (await a.join(await live.code(0), name="Ivo"))["type"] == "welcome"
        await a.wait(lambda c: c.state is not None and c.state["seats"][0]["name"] == "Ivo")
        live.table.put(ui.NewGame("treseta4", {}, tuple(live.table.ctl.seats)))  # nobody named on the screen
        await a.wait(lambda c: c.state is not None and c.state["seats"][0]["name"] == "Ivo"
                     and live.table.journal.match(live.table.ctl.match_id or 0) is not None)
        await a.close()

    first = live.table.ctl.match_id
    live.run(scenario)
    assert live.table.ctl.match_id != first
    row = live.table.journal.match(live.table.ctl.match_id or 0)
    assert row is not None and row.players == ("Ivo", None, None, None)
