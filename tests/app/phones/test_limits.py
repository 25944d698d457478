"""The phone server's bounds without a network: the Gate, the join tokens, the tries
(docs/phones.md, "Limits"; the attacks at full size are in test_hostile.py)."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from firmware.app.phones import protocol as p
from firmware.app.phones.joining import CodeBook
from firmware.app.phones.limits import Gate, Limits, Ticket, Tries

Op = tuple[str, int]
OPS = st.lists(st.tuples(st.sampled_from(["admit", "admit", "admit", "seat", "gone"]),
                         st.integers(0, 40)), max_size=200)  # fmt: skip


@settings(max_examples=200, deadline=None)
@given(ops=OPS, cap=st.integers(1, 12), per=st.integers(1, 6))
def test_the_gate_keeps_its_bounds_lets_every_newcomer_in_and_never_drops_a_seat(
    ops: list[Op], cap: int, per: int,
) -> None:
    gate = Gate(Limits(max_connections=cap, per_address=per))
    live: list[Ticket] = []
    for op, k in ops:
        if op == "admit":
            ip = f"10.0.0.{k % 4}"
            could = gate.total < cap or bool(gate.unseated)
            seated_before = set(gate.seated)
            t = gate.admit(ip, lambda: None)
            assert (t is not None) == could  # refused only when every connection holds a seat
            assert seated_before <= gate.seated  # a seat is never dropped for a newcomer
            if t is not None:
                live.append(t)
        elif live:
            t = live[k % len(live)]
            if op == "gone":
                gate.gone(t)
                live.remove(t)
            else:
                gate.seat(t)
        live = [t for t in live if t in gate.seated or t in gate.unseated.get(t.ip, {})]
        assert gate.total == len(gate.seated) + sum(len(q) for q in gate.unseated.values()) == len(live)
        assert all(len(q) <= per for q in gate.unseated.values())
        assert gate.total <= max(cap, len(gate.seated))


def test_the_gate_drops_the_oldest_of_the_crowd_not_the_newcomer() -> None:
    gate = Gate(Limits(max_connections=6, per_address=4))
    gone: list[str] = []
    def dropper(name: str) -> Callable[[], None]:
        return lambda: gone.append(name)

    crowd = [gate.admit("10.0.0.66", dropper(f"crowd{k}")) for k in range(4)]
    phone = gate.admit("10.0.0.7", lambda: gone.append("phone"))
    assert phone is not None and all(crowd)
    gate.admit("10.0.0.66", lambda: gone.append("crowd4"))  # its own address is full: its oldest goes
    assert gone == ["crowd0"]
    gate.admit("10.0.0.8", lambda: gone.append("other"))
    gate.admit("10.0.0.9", lambda: gone.append("other2"))  # the total: the address holding most
    assert gone == ["crowd0", "crowd1"] and gate.total == 6
    gate.seat(phone)
    for k in range(20):  # a stream of newcomers from everywhere: the seat stays
        gate.admit(f"10.0.1.{k}", lambda: None)
    assert phone in gate.seated and "phone" not in gone


def test_a_qr_code_token_joins_once_and_closes_with_its_code() -> None:
    book = CodeBook()
    book.offer(frozenset({0, 2}))
    token = book.token_of(0)
    code = book.code_of(0)
    assert token is not None and code is not None and p.TOKEN_RE.fullmatch(token)
    assert book.take_token("A" * 22) is None
    assert book.take_token(token) == 0
    assert book.code_of(0) is None and book.token_of(0) is None  # the code went with it
    assert book.take(code) is None and book.closed[code] == 0 and book.closed[token] == 0
    old = book.token_of(2)
    book.renew()
    assert old is not None and book.token_of(2) not in (None, old) and book.closed[old] == 2
    assert book.take_token(old) is None


def test_made_up_tokens_count_against_their_address_only() -> None:
    now = [0.0]
    tries = Tries(Limits(wrong_codes_per_ip=2, wrong_codes_all=3), lambda: now[0])
    for ip in ("10.0.0.1", "10.0.0.2", "10.0.0.3", "10.0.0.4"):
        tries.failed(ip, typed=False)
    assert tries.wait("10.0.0.9") == 0.0  # the table's ceiling is of typed codes
    tries.failed("10.0.0.1", typed=False)
    assert tries.wait("10.0.0.1", typed=False) == 60.0
    for ip in ("10.0.0.5", "10.0.0.6", "10.0.0.7"):
        tries.failed(ip)
    assert tries.wait("10.0.0.9") == 60.0 and tries.wait("10.0.0.9", typed=False) == 0.0


@pytest.mark.parametrize("token", ["A" * 21, "A" * 23, "A" * 21 + "/", 12, None])
def test_a_join_token_is_22_url_safe_characters_or_refused(token: object) -> None:
    with pytest.raises(p.ProtocolError) as err:
        p.parse(json.dumps({"type": "join", "code": "123456", "token": token}))
    assert err.value.code == "bad_message"
    ok = p.parse(json.dumps({"type": "join", "code": "123456", "token": "aZ0_-" * 4 + "xy"}))
    assert ok == p.Join("123456", "it", "aZ0_-" * 4 + "xy")
