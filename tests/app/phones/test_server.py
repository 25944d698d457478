"""The phone server over real sockets (docs/phones.md, "Joining", "The security model").

A real :class:`PhoneServer` on its thread and asyncio loop, the table pumped
meanwhile, phones as plain websocket clients speaking the page's protocol.
"""

from __future__ import annotations

import asyncio
import json
import os
import secrets
import stat
from typing import Any

import aiohttp

from firmware.app.phones.client import PhoneClient
from firmware.app.phones.joining import CLAIMS_FILE
from firmware.app.phones.limits import Limits
from tests.app.phones.conftest import MakeLive
from ui.i18n import tr
from ui.intents import FreePhoneSeat, NewPhoneCodes


async def joined(live: Any, session: aiohttp.ClientSession, seat: int) -> PhoneClient:
    phone = PhoneClient(session, live.base)
    answer = await phone.join(await live.code(seat))
    assert answer["type"] == "welcome" and answer["seat"] == seat, answer
    await phone.wait(lambda c: c.state is not None)
    return phone


def actions(live: Any) -> int:
    ctl = live.table.ctl
    return len(live.table.journal.conn.execute("SELECT 1 FROM actions WHERE match = ?", (ctl.match_id,)).fetchall())


# ------------------------------------------------------------------ pages


def test_only_its_own_pages_are_served(make_live: MakeLive) -> None:
    live = make_live()

    async def scenario(live: Any, s: aiohttp.ClientSession) -> None:
        async with s.get(live.base + "/") as r:
            assert r.status == 200 and r.content_type == "text/html"
            assert "default-src 'self'" in r.headers["Content-Security-Policy"]
            assert r.headers["X-Content-Type-Options"] == "nosniff"
        async with s.get(live.base + "/static/index.html") as r:
            assert r.status == 200
        async with s.get(live.base + "/i18n/de.json") as r:
            assert r.status == 200 and (await r.json())["t"]["w_seat_taken"].startswith("Der Platz")
        for bad in ("/static/", "/static/../server.py", "/static/%2e%2e/server.py", "/static/..%2fserver.py",
                    "/static//etc/passwd", "/static/%2fetc%2fpasswd", "/i18n/fr.json", "/i18n/../x.json",
                    "/cards/italian/../server.py", "/cards/italian/", "/cards/french/3d.png", "/cards/../x",
                    "/server.py", "/web/", "/static/.hidden", "/static/index.html/"):  # fmt: skip
            async with s.get(live.base + bad) as r:
                assert r.status == 404, bad
        async with s.post(live.base + "/ws", data=b"x" * 100_000) as r:
            assert r.status in (405, 413)

    live.run(scenario)


def test_the_page_speaks_the_phone_s_language_where_the_box_has_it(make_live: MakeLive) -> None:
    """/i18n/auto.json (phone.js asks for it when no language of navigator.languages is the
    box's): the phone's Accept-Language where the box speaks it, else the box's own."""
    live = make_live()
    live.server.language = lambda: "nl"

    async def scenario(live: Any, s: aiohttp.ClientSession) -> None:
        for accept, lang in (("hr-HR,hr;q=0.9,en;q=0.8", "hr"), ("fr-FR,fr;q=0.9", "nl"), ("", "nl"),
                             ("de-AT;q=0.5,en-GB", "en"), ("x-" * 150, "nl")):
            async with s.get(live.base + "/i18n/auto.json", headers={"Accept-Language": accept}) as r:
                data = await r.json()
                assert r.status == 200 and data["lang"] == lang, (accept[:40], data["lang"])
                assert data["t"]["p_join"] == tr("p_join", lang)

    live.run(scenario)


def test_the_socket_wants_the_pages_own_origin(make_live: MakeLive) -> None:
    live = make_live()

    async def scenario(live: Any, s: aiohttp.ClientSession) -> None:
        for origin in ("http://evil.example", "null", f"http://127.0.0.1:{live.server.port + 1}", ""):
            try:
                await s.ws_connect(live.base + "/ws", headers={"Origin": origin})
                raise AssertionError(f"origin {origin!r} was let in")
            except aiohttp.WSServerHandshakeError as exc:
                assert exc.status == 403
        try:
            await s.ws_connect(live.base + "/ws", headers={"Origin": ""}, origin=None)
        except aiohttp.WSServerHandshakeError as exc:
            assert exc.status == 403

    live.run(scenario)


def test_a_foreign_host_name_is_refused_dns_rebinding(make_live: MakeLive) -> None:
    """A web page elsewhere whose name was made to point at the box (DNS rebinding) sends
    its own name as Host and as Origin: the box answers only to its own names."""
    live = make_live()

    async def scenario(live: Any, s: aiohttp.ClientSession) -> None:
        evil = f"evil.example:{live.server.port}"
        for path in ("/", "/static/phone.js", "/i18n/it.json", "/cards/italian/3d", "/nowhere"):
            async with s.get(live.base + path, headers={"Host": evil}) as r:
                assert r.status == 403, path
        try:
            await s.ws_connect(live.base + "/ws", headers={"Host": evil, "Origin": f"http://{evil}"})
            raise AssertionError("a foreign host was let in")
        except aiohttp.WSServerHandshakeError as exc:
            assert exc.status == 403
        async with s.get(f"http://localhost:{live.server.port}/") as r:
            assert r.status == 200

    live.run(scenario)


# ------------------------------------------------------------------ joining


def test_join_resume_and_the_seat_file(make_live: MakeLive) -> None:
    live = make_live()
    ctl = live.table.ctl

    async def scenario(live: Any, s: aiohttp.ClientSession) -> None:
        await live.code(0)
        await live.code(2)
        assert set(live.codes()) == {0, 2}
        assert ctl.phones.waiting_for() == [0, 2] and ctl.cpu_request() is None  # the match waits
        phone = await joined(live, s, 0)
        assert len(phone.secret or "") == 43
        await phone.wait(lambda c: c.state["waiting_for"] == [2])  # the table heard of it
        assert phone.state is not None and phone.state["seat"] == 0
        assert 0 not in live.codes()  # used up: the screen shows no code for a held seat
        await phone.close()
        again = PhoneClient(s, live.base)
        answer = await again.resume(phone.secret)
        assert answer == {"type": "welcome", "seat": 0, "lang": "en", **answer} and "secret" not in answer
        await again.wait(lambda c: c.state is not None)
        assert again.state is not None and again.state["hand"] == phone.state["hand"]
        await again.close()

    live.run(scenario)
    path = live.table.state_dir / CLAIMS_FILE
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600
    text = path.read_text()
    assert set(json.loads(text)["seats"]) == {"0"} and len(json.loads(text)["seats"]["0"]) == 64


def test_wrong_guessed_and_stale_secrets_and_codes_get_nothing(make_live: MakeLive) -> None:
    live = make_live()
    ctl = live.table.ctl

    async def scenario(live: Any, s: aiohttp.ClientSession) -> None:
        code = await live.code(0)
        stranger = PhoneClient(s, live.base)
        wrong = f"{(int(code) + 1) % 10**6:06d}"
        answer = await stranger.join(wrong)
        assert answer["code"] == "bad_code" and answer["text"]
        for _ in range(3):
            assert (await stranger.resume(secrets.token_urlsafe(32)))["code"] == "unknown_secret"
        await stranger.send({"type": "play", "v": 0, "card": 1})
        assert (await stranger.frame("error"))["code"] == "not_joined"
        assert stranger.state is None and stranger.seat is None
        # the seat's owner, then its freed secret
        owner = await joined(live, s, 0)
        thief = PhoneClient(s, live.base)
        assert (await thief.join(code))["code"] == "seat_taken"  # the used code: a second device
        live.table.put(FreePhoneSeat(0))
        bye = await owner.frame("bye")
        assert bye["code"] == "seat_freed"
        await owner.wait(lambda c: c.closed is not None)
        stale = PhoneClient(s, live.base)
        assert (await stale.resume(owner.secret))["code"] == "unknown_secret"
        new_code = await live.code(0)
        assert new_code != code
        assert (await thief.join(new_code))["type"] == "welcome"  # freed: another phone takes it

    before = actions(live)
    live.run(scenario)
    assert actions(live) == before and ctl.match is not None


def test_codes_are_rate_limited(make_live: MakeLive) -> None:
    live = make_live(Limits(wrong_codes_per_ip=3, wrong_codes_all=10))

    async def scenario(live: Any, s: aiohttp.ClientSession) -> None:
        code = await live.code(0)
        guesser = PhoneClient(s, live.base)
        guesses = [f"{(int(code) + k) % 10**6:06d}" for k in range(1, 4)]
        for g in guesses:
            if g != live.codes().get(2):
                assert (await guesser.join(g))["code"] in ("bad_code", "code_closed")
        answer = await guesser.join(code)  # even the right one, now
        assert answer["code"] == "too_many_tries" and 0 < answer["retry_after"] <= 60
        assert 0 in live.codes()  # the seat is still offered, nobody holds it
        await guesser.close()

    live.run(scenario)


def test_a_guesser_cannot_keep_a_real_phone_waiting_once_the_screen_draws_fresh_codes(make_live: MakeLive) -> None:
    """The count of all wrong codes is of guesses at the codes on the screen now: a fresh
    code (the join screen's *New code*) makes the guesses so far worthless and lets the
    real phone in at once; the old code is closed (docs/phones.md, the security model).
    Every socket here comes from one address: its own limit is set apart, the next test
    shows it stays."""
    live = make_live(Limits(wrong_codes_per_ip=10, wrong_codes_all=4))

    async def scenario(live: Any, s: aiohttp.ClientSession) -> None:
        code = await live.code(0)
        taken = set(live.codes().values())
        guesses = [g for g in (f"{(int(code) + k) % 10**6:06d}" for k in range(1, 20)) if g not in taken][:4]
        guesser = PhoneClient(s, live.base)
        for g in guesses:  # four wrong codes: the whole table's ceiling
            assert (await guesser.join(g))["code"] == "bad_code"
        phone = PhoneClient(s, live.base)
        answer = await phone.join(code)
        assert answer["code"] == "too_many_tries" and answer["text"] and 0 < answer["retry_after"] <= 60
        live.table.put(NewPhoneCodes())
        deadline = asyncio.get_running_loop().time() + 5
        while live.codes().get(0) in (None, code):
            assert asyncio.get_running_loop().time() < deadline, "no fresh code"
            await asyncio.sleep(0.005)
        fresh = live.codes()[0]
        late = PhoneClient(s, live.base)
        assert (await late.join(code))["code"] in ("code_closed", "too_many_tries")
        assert (await PhoneClient(s, live.base).join(fresh))["type"] == "welcome"

    before = actions(live)
    live.run(scenario)
    assert actions(live) == before


def test_fresh_codes_clear_the_tables_count_and_keep_each_addresss_own() -> None:
    from firmware.app.phones.joining import CodeBook
    from firmware.app.phones.limits import Tries

    now = [0.0]
    tries = Tries(Limits(wrong_codes_per_ip=2, wrong_codes_all=3), lambda: now[0])
    for ip in ("10.0.0.1", "10.0.0.2", "10.0.0.3"):
        tries.failed(ip)
    assert tries.wait("10.0.0.9") == 60.0  # the ceiling: everyone waits
    tries.failed("10.0.0.1")
    tries.fresh_codes()
    assert tries.wait("10.0.0.9") == 0.0  # a phone that never guessed wrong: at once
    assert tries.wait("10.0.0.1") == 60.0  # the guesser's own count stays
    now[0] = 60.0
    assert tries.wait("10.0.0.1") == 0.0
    book = CodeBook()
    book.offer(frozenset({0, 2}))
    old = dict(book.codes)
    book.renew()
    assert set(book.codes.values()) == {0, 2} and not set(book.codes) & set(old)
    assert all(book.closed[c] == seat for c, seat in old.items())  # the old ones say: closed


def test_the_same_phone_again_replaces_its_old_socket(make_live: MakeLive) -> None:
    live = make_live()

    async def scenario(live: Any, s: aiohttp.ClientSession) -> None:
        first = await joined(live, s, 2)
        second = PhoneClient(s, live.base)
        assert (await second.resume(first.secret))["type"] == "welcome"
        assert (await first.frame("bye"))["code"] == "replaced"
        await first.wait(lambda c: c.closed is not None)
        await second.wait(lambda c: c.state is not None)
        # the server's status reaches the table through the loop (pumped meanwhile): wait for it
        deadline = asyncio.get_running_loop().time() + 5
        while True:
            status = {x.seat: x for x in live.table.ctl.phones.status.seats}
            if status[2].held and status[2].connected or asyncio.get_running_loop().time() > deadline:
                break
            await asyncio.sleep(0.01)
        assert status[2].held and status[2].connected

    live.run(scenario)


# ------------------------------------------------------------------ playing


async def play_one(live: Any, phone: PhoneClient) -> None:
    """The phone plays its first legal card once it is its turn."""
    await phone.wait(lambda c: c.state is not None and c.state["to_move"] == c.seat and c.state["legal"]["play"]
                     or (c.state is not None and bool(c.state["legal"]["nothing"])), timeout=10)  # fmt: skip
    assert phone.state is not None
    if phone.state["legal"]["nothing"]:
        await phone.tap("nothing")
    else:
        await phone.tap("play", card=phone.state["legal"]["play"][0])
    v = phone.state["v"]
    await phone.wait(lambda c: c.state is not None and c.state["v"] > v)


def test_taps_become_journaled_actions_and_stale_ones_change_nothing(make_live: MakeLive) -> None:
    live = make_live()

    async def scenario(live: Any, s: aiohttp.ClientSession) -> None:
        a, b = await joined(live, s, 0), await joined(live, s, 2)
        for _ in range(500):
            if actions(live) >= 4:
                break
            movers = [c for c in (a, b) if c.state is not None and (
                c.state["to_move"] == c.seat and c.state["legal"]["play"] or c.state["legal"]["nothing"])]  # fmt: skip
            if movers:
                await play_one(live, movers[0])
            else:
                await asyncio.sleep(0.01)
        n = actions(live)
        assert n >= 4
        assert a.state is not None
        old = {**a.state, "v": a.state["v"] - 1}
        await a.send({"type": "play", "v": old["v"], "card": a.state["hand"][0]})
        assert (await a.frame("error"))["code"] == "stale"
        await a.send({"type": "play", "v": a.state["v"], "card": 9999})
        assert (await a.frame("error"))["code"] == "bad_message"
        ctl = live.table.ctl
        await a.wait(lambda c: c.state is not None and c.state["v"] == ctl.generation)
        held = set(a.state["hand"])
        foreign = next(c for c in range(40) if c not in held)
        # a card not its to play now (not its turn, or not following suit), a card it does not
        # hold: not among the state's legal actions, so answered at once and never posted
        unplayable = [c for c in a.state["hand"] if c not in a.state["legal"]["play"]]
        for card in unplayable[:1] + [foreign]:
            await a.tap("play", card=card)
            assert (await a.frame("error"))["code"] == "not_legal"
        assert actions(live) == n and ctl.message.level != "refusal"

    live.run(scenario)
    assert live.table.ctl.message.level != "refusal"  # a phone's refusal is that phone's, not the screen's


# ------------------------------------------------------------------ hostile phones


def test_a_flood_a_huge_frame_and_a_silent_socket_stall_nobody(make_live: MakeLive) -> None:
    live = make_live(Limits(hello_s=0.5, send_s=1.0, taps_per_s=20, tap_burst=20, flood_drops=100))

    async def scenario(live: Any, s: aiohttp.ClientSession) -> None:
        good = await joined(live, s, 0)
        flood = await joined(live, s, 2)
        for _ in range(400):
            await flood.send({"type": "ping"})
        assert (await flood.frame("error"))["code"] == "rate_limited"
        assert (await flood.frame("bye"))["code"] == "flood"
        big = PhoneClient(s, live.base)
        await big.open()
        await big.send("x" * 100_000)
        await big.wait(lambda c: c.closed is not None)
        assert big.closed == 1009  # message too big
        silent = PhoneClient(s, live.base)
        await silent.open()
        assert (await silent.frame("bye", timeout=3))["code"] == "timeout"
        idler = PhoneClient(s, live.base)  # talks, but never takes a seat: its slot is not kept
        await idler.open()
        for _ in range(20):
            if idler.closed is not None or any(m["type"] == "bye" for m in idler.inbox):
                break
            await idler.send({"type": "ping"})
            await asyncio.sleep(0.1)
        assert (await idler.frame("bye", timeout=3))["code"] == "timeout"
        # meanwhile the good phone is served as ever
        await good.send({"type": "ping"})
        await good.frame("pong", timeout=5)
        status = {x.seat: x for x in live.table.ctl.phones.status.seats}
        assert status[0].connected

    live.run(scenario)


def test_a_phone_that_never_reads_cannot_stall_the_table(make_live: MakeLive) -> None:
    """A raw socket joins, then never reads again while the table changes: the others get
    every state at once, the server keeps one state for it (not a pile), and closes it
    when a write blocks too long."""
    live = make_live(Limits(send_s=0.5), seats=["phone", "phone", "phone", "phone"])

    async def scenario(live: Any, s: aiohttp.ClientSession) -> None:
        import socket

        state = live.table.ctl.match.state
        quiet = (state.to_move + 3) % 4  # the trick's last: three cards are played before its turn
        code = await live.code(quiet)
        sock = socket.socket()
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1024)
        sock.connect(("127.0.0.1", live.server.port))
        key = "dGhlIHNhbXBsZSBub25jZQ=="
        sock.sendall((f"GET /ws HTTP/1.1\r\nHost: 127.0.0.1:{live.server.port}\r\nUpgrade: websocket\r\n"
                      f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n"
                      f"Origin: http://127.0.0.1:{live.server.port}\r\n\r\n").encode())  # fmt: skip
        payload = json.dumps({"type": "join", "code": code}).encode()
        mask = b"\x01\x02\x03\x04"
        body = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
        sock.sendall(bytes([0x81, 0x80 | len(payload)]) + mask + body)  # never read again
        others = [await joined(live, s, seat) for seat in range(4) if seat != quiet]
        start = actions(live)
        for _ in range(1000):  # the table moves on; the silent phone's seat is connected
            if actions(live) >= start + 3:
                break
            movers = [c for c in others if c.state is not None and (
                c.state["to_move"] == c.seat and c.state["legal"]["play"] or c.state["legal"]["nothing"])]  # fmt: skip
            if movers:
                await play_one(live, movers[0])
            else:
                await asyncio.sleep(0.01)
        assert actions(live) >= start + 3  # the three reading phones played on
        conns = [c for c in live.server.conns if c.seat == quiet]
        assert conns  # it holds its seat all along
        for c in conns:
            assert len(c.control) <= c.limits.control_queue
        sock.close()

    live.run(scenario)


def test_too_many_sockets_the_newest_gets_in_and_a_seat_is_never_dropped(make_live: MakeLive) -> None:
    """At the cap a newcomer is let in and the oldest socket that holds no seat goes: a
    crowd pushes only itself out (docs/phones.md, "Limits"; tests/app/phones/test_hostile.py
    has the crowd at full size)."""
    live = make_live(Limits(max_connections=3))

    async def scenario(live: Any, s: aiohttp.ClientSession) -> None:
        seated = await joined(live, s, 0)
        b, c = PhoneClient(s, live.base), PhoneClient(s, live.base)
        await b.open()
        await c.open()
        d = PhoneClient(s, live.base)
        assert (await d.join(await live.code(2)))["type"] == "welcome"  # the newest: in
        await b.wait(lambda x: x.closed is not None)  # the oldest without a seat: out
        assert c.closed is None and seated.closed is None
        await seated.send({"type": "ping"})
        await seated.frame("pong")
        assert live.server.gate.total == 3 and len(live.server.gate.seated) == 2

    live.run(scenario)


class _StuckSocket:
    """A websocket whose writes never finish: a phone that stopped reading, its buffers full."""

    closed = False
    close_code: int | None = None

    async def send_str(self, data: str) -> None:
        await asyncio.Event().wait()

    async def close(self, code: int = 1000) -> None:
        self.closed = True
        self.close_code = code


def test_a_write_that_never_finishes_closes_that_phone_only() -> None:
    import time

    from firmware.app.phones.connection import Connection

    async def scenario() -> None:
        ws = _StuckSocket()
        conn = Connection(ws, "10.0.0.9", Limits(send_s=0.2, control_queue=4), time.monotonic)  # type: ignore[arg-type]
        writer = asyncio.create_task(conn.writer())
        for k in range(100):  # the table moves on: its newest state only is kept
            conn.set_state(json.dumps({"type": "state", "v": k}))
            conn.send(json.dumps({"type": "error", "code": "stale"}))
        assert len(conn.control) <= 4 and conn.latest is not None
        await asyncio.wait_for(writer, 2.0)
        assert ws.closed and ws.close_code == 1008

    asyncio.run(scenario())


def test_every_bad_frame_gets_exactly_one_error_and_changes_nothing(make_live: MakeLive) -> None:
    import random

    live = make_live()
    rng = random.Random(4)
    frames = ["", "{", "[]", "null", '"join"', "{}", '{"type": "fly"}', '{"type": "play"}',
              '{"type": "play", "v": "1", "card": 1}', '{"type": "ping", "x": 1}', "\\u0000" * 50,
              '{"type": "join", "code": "12"}', '{"type": "resume", "secret": 7}',
              '{"type": "declare", "v": 0, "declaration": []}', '{"type": "lang", "lang": "fr"}',
              "[" * 3000]  # fmt: skip
    frames += [bytes(rng.randrange(256) for _ in range(rng.randrange(1, 200))).decode("latin-1") for _ in range(8)]

    async def scenario(live: Any, s: aiohttp.ClientSession) -> None:
        phone = await joined(live, s, 0)
        before = actions(live)
        errors = len([m for m in phone.inbox if m["type"] == "error"])
        for f in frames:
            await phone.send(f)
        await phone.send({"type": "ping"})
        await phone.frame("pong")  # every answer to the frames before it is in
        got = [m for m in phone.inbox if m["type"] == "error"]
        assert len(got) - errors == len(frames), [m.get("detail") for m in got]
        assert all(m["code"] in ("bad_json", "bad_message") and m["text"] for m in got)
        assert actions(live) == before and phone.closed is None

    live.run(scenario)
