"""Phone seats at the table controller (firmware/app/phoneseats.py), no network.

A phone's tap is the touchscreen's intent for its own seat through the same
controller path (journal first); its refusal goes to that phone; the match
waits, saying for whom, while a phone seat is empty.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import hal.events as hal
import ui.intents as ui
from firmware.app.phones.events import PhoneIntent
from firmware.config import check_seats
from firmware.engine import Declare, Play
from firmware.engine.records import replay
from firmware.engine.seating import HUMAN, SeatSpec
from tests.app.phones.conftest import MakePhoneTable, PhoneTable, drive, preset_mixes
from tests.uishare import shared


def test_phone_is_a_seat_kind_that_mixes_but_not_with_real_cards() -> None:
    assert [str(s) for s in check_seats("phone,cpu:hard,human,phone")] == ["phone", "cpu:hard", "human", "phone"]
    with pytest.raises(ValueError, match="phone"):
        check_seats(["phone", "table"])


def test_the_match_waits_for_an_empty_phone_seat_and_says_for_whom(make_phone_table: MakePhoneTable) -> None:
    t: PhoneTable = make_phone_table(variant="tressette2", seats=["human", "phone"], seed=4)
    t.ctl.new_match()
    t.pump()
    assert t.ctl.phones.waiting_for() == [1]
    assert t.ctl.cpu_request() is None
    if t.ctl.table.mover() == 0:
        assert t.ctl.match is not None
        first = t.ctl.match.view_for(0).legal[0]
        assert isinstance(first, Play)
        t.put(ui.PlayCard(first.card))
        assert t.ctl.message.message.key == "ph_waiting_for" and dict(t.ctl.message.message.args)["seats"] == "2"
    t.connect(1)
    assert t.ctl.phones.waiting_for() == []
    assert t.state(1)["waiting_for"] == []


def test_computers_wait_while_a_phone_is_away(make_phone_table: MakePhoneTable) -> None:
    t: PhoneTable = make_phone_table(variant="treseta4", seats=["phone", "cpu:easy", "phone", "cpu:easy"], seed=2)
    t.ctl.new_match()
    t.pump()
    t.connect(0)  # seat 3's phone is not here
    assert t.ctl.match is not None and t.ctl.match.state is not None
    n = len(t.ctl.match.state.trick) + len(t.ctl.match.state.tricks)
    t.pump()
    assert len(t.ctl.match.state.trick) + len(t.ctl.match.state.tricks) == n
    assert t.state(0)["waiting_for"] == [2]
    assert t.ctl.message.message.key == "ph_waiting_for"  # the status line says for whom


def test_a_phone_refusal_goes_to_that_phone_only(make_phone_table: MakePhoneTable) -> None:
    t: PhoneTable = make_phone_table(variant="tressette2", seats=["phone", "phone"], seed=1)
    t.ctl.new_match()
    t.pump()
    t.connect_all()
    screen = t.ctl.message
    mover = t.ctl.table.mover()
    assert mover is not None
    idle = 1 - mover
    st = t.state(idle, "de")
    t.send(idle, {"type": "play", "v": st["v"], "card": st["hand"][0]})
    assert t.ctl.message == screen  # the shared screen says what it said
    refusal = t.state(idle, "de")["refusal"]
    assert refusal["key"] in ("r_turn_of", "r_declare_or_nothing") and refusal["text"]
    assert refusal["text"] != t.state(idle, "en")["refusal"]["text"]  # in the phone's language
    assert t.state(1 - idle)["refusal"] is None
    # not held: the card names a card of the other hand, which its phone must not learn
    mover = 1 - idle
    other_hand = t.state(idle)["hand"]
    st = t.state(mover)
    t.send(mover, {"type": "play", "v": st["v"], "card": other_hand[0]})
    sent = t.state(mover)["refusal"]
    assert sent is None or str(other_hand[0]) not in str(sent.get("args", {}))
    assert t.ctl.message == screen


def test_a_stale_tap_and_a_tap_for_another_seat_change_nothing(make_phone_table: MakePhoneTable) -> None:
    t: PhoneTable = make_phone_table(variant="tressette2", seats=["phone", "cpu:easy"], seed=3)
    t.ctl.new_match()
    t.pump()
    t.connect_all()
    journal = t.journal.conn.execute("SELECT COUNT(*) FROM actions").fetchone()
    st = t.state(0)
    t.put(PhoneIntent(0, ui.PlayCard(st["legal"]["play"][0] if st["legal"]["play"] else st["hand"][0]), st["v"] - 1))
    assert t.state(0)["refusal"]["key"] == "w_stale"
    t.put(PhoneIntent(1, ui.PlayCard(0), t.ctl.generation))  # the computer's seat
    t.put(PhoneIntent(7, ui.PlayCard(0), t.ctl.generation))  # no such seat
    t.put(PhoneIntent(0, ui.Declare(Declare(1, "four", rank=0)), t.ctl.generation))  # another seat's
    assert t.journal.conn.execute("SELECT COUNT(*) FROM actions").fetchone() == journal


def test_the_phone_seats_accuso_button_sends_its_choice_to_the_phone(make_phone_table: MakePhoneTable) -> None:
    """tressette4 with onori: the button of a phone seat works, the choice is on the
    phone; the screen never opens that seat's hand."""
    for seed in range(40):
        t: PhoneTable = make_phone_table(variant="tressette2", seats=["phone", "cpu:easy"], seed=seed)
        t.ctl.new_match()
        t.pump()
        t.connect_all()
        if t.state(0)["legal"]["declare"]:
            break
    else:
        pytest.skip("no declaration in 40 seeds")
    t.put(hal.ButtonPressed("seat0"))
    assert t.ctl.declaring is None
    assert t.ctl.message.message.key == "ph_declare_on_phone"
    assert not t.ctl.model().show_hand
    st = t.state(0)
    t.send(0, {"type": "declare", "v": st["v"], "declaration": st["legal"]["declare"][0]})
    assert any(d["seat"] == 0 for d in t.state(0)["declarations"])


def test_free_a_seat_only_a_phone_seat(make_phone_table: MakePhoneTable) -> None:
    t: PhoneTable = make_phone_table(variant="tressette2", seats=["human", "phone"], seed=1)
    t.ctl.new_match()
    t.pump()
    t.put(ui.FreePhoneSeat(0))
    assert t.ctl.message.level == "refusal" and t.ctl.phones.take_frees() == []
    t.put(ui.FreePhoneSeat(1))
    assert t.ctl.phones.take_frees() == [1] and t.ctl.message.message.key == "ph_freed"


@pytest.mark.parametrize(("name", "mix"), [x for x in preset_mixes() if x[1].count("phone") >= 2][::3],
                         ids=lambda x: x if isinstance(x, str) else ",".join(x))  # fmt: skip
def test_phones_play_hands_and_deal_the_next_the_journal_replays(make_phone_table: MakePhoneTable, name: str,
                                                                 mix: list[str]) -> None:  # fmt: skip
    t: PhoneTable = make_phone_table(variant=name, seats=mix, seed=9)
    t.ctl.new_match()
    t.pump()
    t.connect_all()
    rng = random.Random(1)
    phone = mix.index("phone")
    for _ in range(2):
        drive(t, rng)
        if t.ctl.phase != "hand_over":
            break
        t.send(phone, {"type": "next", "v": t.state(phone)["v"]})
        assert t.ctl.phase == "play"
    assert t.ctl.match_id is not None
    record = t.journal.record(t.ctl.match_id)
    replayed = replay(record)
    assert t.ctl.match is not None
    assert replayed.totals == t.ctl.match.totals


def test_treseta4_two_phones_two_computers_a_whole_match(make_phone_table: MakePhoneTable) -> None:
    t: PhoneTable = make_phone_table(variant="treseta4", seats=["phone", "cpu:normal", "phone", "cpu:normal"], seed=5)
    t.ctl.new_match()
    t.pump()
    t.connect_all()
    rng = random.Random(3)
    for _ in range(30):
        drive(t, rng)
        if t.ctl.phase == "match_over":
            break
        t.send(2, {"type": "next", "v": t.state(2)["v"]})
    assert t.ctl.phase == "match_over"
    st = t.state(0)
    assert st["match_over"] and st["winner"] == t.ctl.winner and st["score"]["totals"] == list(t.ctl.totals)


def test_the_touchscreen_model_offers_each_open_seat_a_code_and_a_qr_url(make_phone_table: MakePhoneTable) -> None:
    import segno

    from firmware.app.phones.events import PhoneSeatState, PhoneStatus

    t: PhoneTable = make_phone_table(variant="treseta4", seats=["phone", "cpu:easy", "phone", "human"], seed=1)
    t.ctl.new_match()
    t.pump()
    t.put(PhoneStatus((PhoneSeatState(0, False, False, "123456"), PhoneSeatState(2, True, True)),
                      url="http://tressette.local:8337"))  # fmt: skip
    phones = t.ctl.model().phones
    assert phones is not None and phones.waiting_for == (0,)
    seats = {x.seat: x for x in phones.seats}
    assert seats[0].join_url == "http://tressette.local:8337/#join=123456" and seats[2].join_url == ""
    assert seats[2].held and seats[2].connected and seats[2].code is None
    assert segno.make(seats[0].join_url).designator  # the join screen's QR code
    assert make_phone_table(variant="tressette2", seats=["human", "cpu:easy"]).ctl.model().phones is None


def test_the_shared_table_says_whose_turn_and_for_whom_it_waits(make_phone_table: MakePhoneTable) -> None:
    """The touchscreen of a phone game: "seat 1 plays", never "your turn"; a banner says for
    whom the match waits as long as it waits."""
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    from ui.app import UIApp
    from ui.textcheck import RecordingSurface

    t: PhoneTable = make_phone_table(variant="treseta4", seats=["phone", "cpu:easy", "phone", "cpu:easy"], seed=3)
    t.ctl.new_match()
    t.pump()
    t.connect(0)
    model = t.ctl.model()
    assert any(b.key == "ph_waiting_for" and dict(b.args)["seats"] == "3" for b in model.banners)
    t.connect_all()
    model = t.ctl.model()
    assert not any(b.key == "ph_waiting_for" for b in model.banners)
    pygame.display.init()
    pygame.font.init()
    to_move = model.to_move
    assert to_move is not None and model.seats[to_move].kind == "phone"
    for lang, yours in (("en", "Your turn"), ("it", "Tocca a te"), ("de", "Du bist dran")):
        ui = shared(UIApp(pygame.Surface((800, 480)), settings={"language": lang}))
        ui.set_model(model)
        ui.show("table")
        ui.update(0.1)
        rec = RecordingSurface((800, 480), ui.ctx.fonts.meta)
        ui.draw(rec)
        shown = " ".join(x.text for x in rec.texts)
        assert yours not in shown and str(to_move + 1) in shown, shown


TAPS = st.lists(st.tuples(st.sampled_from(["play", "call", "zutun", "claim", "nothing", "declare", "next"]),
                          st.integers(0, 1), st.integers(0, 127), st.integers(-2, 1)), min_size=1, max_size=12)  # fmt: skip


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(taps=TAPS, name=st.sampled_from(["tressette2", "treschetten2"]))
def test_any_tap_is_a_legal_action_journaled_or_a_refusal_that_changes_nothing(
    make_phone_table: MakePhoneTable, taps: list[tuple[str, int, int, int]], name: str
) -> None:
    """Hostile phones: whatever a phone sends, the table either applies exactly one legal
    action of that seat (journal first) or answers that phone and nothing changes."""
    t: PhoneTable = make_phone_table(variant=name, seats=["phone", "phone"], seed=len(taps))
    t.ctl.new_match()
    t.pump()
    t.connect_all()
    for what, seat, card, dv in taps:
        before = t.journal.conn.execute("SELECT COUNT(*) FROM actions").fetchone()[0]
        assert t.ctl.match is not None
        state = t.ctl.match.state
        assert state is not None
        snapshot = (state.hands, state.trick, len(state.tricks), t.ctl.phase)
        legal = set(t.ctl.match.view_for(seat).legal) if t.ctl.phase == "play" else set()
        v = t.ctl.generation + dv
        frame: dict[str, Any] = {"type": what, "v": max(0, v)}
        if what in ("play", "call", "zutun"):
            frame["card"] = card
        if what == "declare":
            frame["declaration"] = {"kind": "four", "rank": card % 10}
        seq = (t.state(seat)["refusal"] or {"seq": 0})["seq"]
        generation = t.ctl.generation
        t.send(seat, frame)
        after = t.journal.conn.execute("SELECT COUNT(*) FROM actions").fetchone()[0]
        state2 = t.ctl.match.state
        if after == before and t.ctl.phase == snapshot[3]:
            assert state2 is not None
            assert (state2.hands, state2.trick, len(state2.tricks)) == snapshot[:3]
            assert t.ctl.generation == generation  # a refusal: the computers' answers stand
            refusal = t.state(seat)["refusal"]
            assert refusal is not None and refusal["seq"] > seq and refusal["text"]
        elif after > before:
            assert dv == 0  # only a tap on the state now
            assert legal or what == "nothing"  # nothing to declare is journaled, not an engine move


def test_the_new_game_screen_offers_phone_seats_never_beside_real_cards() -> None:
    from ui.home import SEAT_CYCLE, next_seat

    for n in (2, 3, 4):
        seats: list[SeatSpec] = [HUMAN] + [SeatSpec.cpu("normal")] * (n - 1)
        seen = set()
        for step in range(6 * len(SEAT_CYCLE)):
            i = step % n
            seats[i] = next_seat(seats, i, {2: "tressette2", 3: "terziglio3", 4: "treseta4"}[n])
            seen.add(seats[i][0])
            kinds = {k for k, _ in seats}
            assert not ("phone" in kinds and "table" in kinds)
            check_seats([str(spec) for spec in seats])  # the controller takes it, as the settings file names it
        assert "phone" in seen
