"""The replay of a hand (issue 24.10): it plays itself (Auto, a tap pauses it), goes on
from hand to hand, and a finished hand is shown with every hand face up (the record
after the hand is public, RULES.md §4); a hand still going shows only the seat's own."""

from __future__ import annotations

import dataclasses

import pygame

import ui.intents as it
from firmware.app.browse import hand_replay
from tests.app.conftest import MakeTable, Table, make_table  # noqa: F401  (the table fixture, here beside the screen)
from tests.app.test_coaching import _play, _start
from tests.ui.conftest import MakeUI
from tools import demo
from ui.app import UIApp
from ui.history import REPLAY_STEP_S, ReplayScreen
from ui.model import HandReplay


def _hand(table: Table) -> None:
    for _ in range(400):
        if table.ctl.phase != "play":
            return
        if not _play(table):
            table.pump()


def test_a_finished_hand_replays_face_up_a_hand_going_on_does_not(make_table: MakeTable) -> None:  # noqa: F811
    table = make_table()
    _start(table, "tressette2", casual=False)
    _hand(table)
    assert table.ctl.phase == "hand_over"
    table.put(it.NextHand())
    for _ in range(3):  # a few cards of the second hand
        _play(table)
    mid = table.ctl.match_id
    assert mid is not None
    done = hand_replay(table.journal, mid, 1)
    going = hand_replay(table.journal, mid, 2)
    assert done.hands == going.hands == 2
    for f in done.frames:
        other = f.seats[1]
        assert len(other.shown) == other.hand_count  # every card of the other hand, face up
    assert done.frames[0].seats[1].hand_count > 0
    for f in going.frames:
        other = f.seats[1]
        assert len(other.shown) < other.hand_count or other.hand_count == 0  # hidden while it is played


def _replay_ui(make_ui: MakeUI, hands: int = 3, hand: int = 2) -> tuple[UIApp, HandReplay]:
    base = demo.sample_history_model()
    assert base.replay is not None
    rp = dataclasses.replace(base.replay, hand=hand, hands=hands)
    ui = make_ui((800, 480), dataclasses.replace(base, replay=rp))
    ui.show("replay")
    ui.intents()
    return ui, rp


def _frame(ui: UIApp, dt: float) -> None:
    ui.update(dt)
    ui.draw()


def test_auto_plays_a_step_at_a_time_and_goes_on_to_the_next_hand(make_ui: MakeUI) -> None:
    ui, rp = _replay_ui(make_ui)
    scr = ui.current
    assert isinstance(scr, ReplayScreen)
    ui.draw()
    scr.press("play")
    assert scr.playing
    for k in range(1, len(rp.frames)):
        _frame(ui, REPLAY_STEP_S * 0.6)
        _frame(ui, REPLAY_STEP_S * 0.6)
        assert scr.step == k
    _frame(ui, REPLAY_STEP_S)
    assert it.OpenReplay(rp.match_id, rp.hand + 1) in ui.intents()  # on to the next hand
    nxt = dataclasses.replace(rp, hand=rp.hand + 1)
    ui.set_model(dataclasses.replace(ui.model, replay=nxt))
    assert scr.step == 0 and scr.playing  # its deal, still playing


def test_a_tap_pauses_and_the_last_hand_stops_at_its_end(make_ui: MakeUI) -> None:
    ui, rp = _replay_ui(make_ui, hands=2, hand=2)
    scr = ui.current
    assert isinstance(scr, ReplayScreen)
    ui.draw()
    scr.press("play")
    _frame(ui, REPLAY_STEP_S)
    assert scr.step == 1
    play = next(b for b in scr.buttons((800, 480)) if b.name == "play")
    ui.tap(play.rect.center)
    assert not scr.playing
    _frame(ui, REPLAY_STEP_S * 3)
    assert scr.step == 1  # paused
    scr.step = len(rp.frames) - 1
    scr.press("play")
    _frame(ui, REPLAY_STEP_S)
    assert not scr.playing and not [x for x in ui.intents() if isinstance(x, it.OpenReplay)]


def test_back_from_a_deal_opens_the_previous_hand_at_its_end(make_ui: MakeUI) -> None:
    ui, rp = _replay_ui(make_ui, hands=3, hand=2)
    scr = ui.current
    assert isinstance(scr, ReplayScreen)
    assert scr.step == 0
    scr.press("prev")
    assert it.OpenReplay(rp.match_id, 1) in ui.intents()
    ui.set_model(dataclasses.replace(ui.model, replay=dataclasses.replace(rp, hand=1)))
    assert scr.step == len(rp.frames) - 1
    ui.key(pygame.K_PAGEDOWN)
    assert it.OpenReplay(rp.match_id, 2) in ui.intents()


def test_a_replay_left_stops_playing(make_ui: MakeUI) -> None:
    ui, _ = _replay_ui(make_ui)
    scr = ui.current
    assert isinstance(scr, ReplayScreen)
    ui.draw()
    scr.press("play")
    ui.show("home")
    for _ in range(5):
        _frame(ui, REPLAY_STEP_S)
    assert not scr.playing and not [x for x in ui.intents() if isinstance(x, it.OpenReplay)]


def test_a_single_hand_has_no_jumps() -> None:
    assert HandReplay(1, 1).hands == 0
