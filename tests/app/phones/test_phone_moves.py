"""The rarer moves of a phone seat, on the real path (a frame through the protocol, the
same intent as the touchscreen's, the engine's verdict back on the phone's state):
chiamarsi fuori right and wrong (tressette4), zu tun's card (treschetten2), terziglio's
discard (terziglio3 with the widow dealt). The same moves from a real page are in
test_phone_page_moves.py.
"""

from __future__ import annotations

import random
from typing import Any, TypedDict

import ui.intents as ui
from tests.app.phones.conftest import MakePhoneTable, PhoneTable


class _Table(TypedDict):
    variant: str
    seats: list[str]
    options: dict[str, object]


TRESSETTE4: _Table = {"variant": "tressette4", "seats": ["phone", "cpu:easy", "phone", "cpu:easy"],
              "options": {"target": 21}}  # fmt: skip


def phone_turn(t: PhoneTable, seat: int, rng: random.Random) -> bool:
    """``seat``'s phone does what its state asks now (never a claim or zu tun); False if nothing."""
    st = t.state(seat)
    lg, v = st["legal"], st["v"]
    if lg["declare"]:
        t.send(seat, {"type": "declare", "v": v, "declaration": lg["declare"][0]})
    elif lg["nothing"]:
        t.send(seat, {"type": "nothing", "v": v})
    elif lg["play"]:
        t.send(seat, {"type": "play", "v": v, "card": rng.choice(lg["play"])})
    else:
        return False
    return True


def play_until(t: PhoneTable, stop: Any, rng: random.Random, limit: int = 4000) -> None:
    """Phones and computers play (hand after hand) until ``stop(t)``."""
    phones = [s for s, spec in enumerate(t.ctl.seats) if spec.kind == "phone"]
    for _ in range(limit):
        if stop(t):
            return
        assert t.ctl.phase != "match_over", "the match ended first"
        if t.ctl.phase == "hand_over":
            t.put(ui.NextHand())
        else:
            for s in phones:
                if phone_turn(t, s, rng):
                    break
        t.pump()
    raise AssertionError("never got there")


def claim_offered(seat: int, right: bool) -> Any:
    def ok(t: PhoneTable) -> bool:
        state = t.ctl.match.state if t.ctl.match is not None else None
        if t.ctl.phase != "play" or state is None or not t.state(seat)["legal"]["claim"]:
            return False
        return (state.hand_total(seat) >= state.target) == right

    return ok


def test_chiamarsi_fuori_from_a_phone_right_wins_the_game(make_phone_table: MakePhoneTable) -> None:
    """RULES.md, tressette4 (seed 004): a right claim ends the hand, the claiming side wins."""
    t = make_phone_table(**TRESSETTE4, seed=2)
    t.ctl.new_match()
    t.connect_all()
    t.pump()
    play_until(t, claim_offered(2, right=True), random.Random(2))
    t.send(2, {"type": "claim", "v": t.state(2)["v"]})
    t.pump()
    result = t.state(2)["result"]
    assert result is not None and result["ended_by"] == "claim"
    assert result["claim_seat"] == 2 and result["claim_ok"] is True
    assert t.state(0)["result"] == result  # the partner's phone says the same
    assert t.ctl.phase in ("hand_over", "match_over")


def test_chiamarsi_fuori_from_a_phone_wrong_loses_the_game(make_phone_table: MakePhoneTable) -> None:
    t = make_phone_table(**TRESSETTE4, seed=3)
    t.ctl.new_match()
    t.connect_all()
    t.pump()
    play_until(t, claim_offered(0, right=False), random.Random(3))
    t.send(0, {"type": "claim", "v": t.state(0)["v"]})
    t.pump()
    result = t.state(0)["result"]
    assert result is not None and result["ended_by"] == "claim"
    assert result["claim_seat"] == 0 and result["claim_ok"] is False


def test_zu_tun_from_a_phone_lays_the_chosen_ten_and_wins(make_phone_table: MakePhoneTable) -> None:
    """RULES.md, zu tun (seed 000): offered only when valid; the ten picked on the phone."""
    t = make_phone_table(variant="treschetten2", seats=["phone", "cpu:easy"], seed=1)
    t.ctl.new_match()
    t.connect_all()
    t.pump()
    play_until(t, lambda t: t.ctl.phase == "play" and bool(t.state(0)["legal"]["zutun"]), random.Random(1))
    st = t.state(0)
    ten = st["legal"]["zutun"][-1]
    assert ten in st["hand"]
    t.send(0, {"type": "zutun", "v": st["v"], "card": ten})
    t.pump()
    after = t.state(0)
    assert after["result"] is not None and after["result"]["ended_by"] == "zu_tun"
    assert after["result"]["zu_tun_seat"] == 0 and ten not in after["hand"]


def test_terziglio_dealers_discard_from_a_phone(make_phone_table: MakePhoneTable) -> None:
    """terziglio3 with the widow dealt: the dealer lays a card away before the first trick
    (RULES.md, terziglio). The phone's state names the discard; the tap goes through."""
    t = make_phone_table(variant="terziglio3", seats=["phone", "cpu:easy", "cpu:easy"], options={"widow": "dealt"})
    t.ctl.new_match()
    t.connect_all()
    t.pump()
    state = t.ctl.match.state if t.ctl.match is not None else None
    assert state is not None and state.pending is not None and state.pending[0] == "discard", state
    owner = state.pending[1]
    assert owner == 0, "the first dealer is seat 1's phone"
    st = t.state(0)
    lg = st["legal"]
    assert lg["discard"] and lg["discard"] == lg["play"] == sorted(st["hand"])
    card = lg["discard"][0]
    t.send(0, {"type": "play", "v": st["v"], "card": card})
    t.pump()
    after = t.state(0)
    assert card not in after["hand"] and after["legal"]["discard"] == []
    assert t.ctl.match is not None and t.ctl.match.state is not None and card in t.ctl.match.state.widow
