"""The menu button's short press after a hand (docs/box.md "Buttons"): with a screen the
first press only says "again to deal" (a press meant as "back", or made as the last trick
fell, dealt the next hand and skipped past the count); the second deals, or after the
match goes home. Without a screen the first press deals (nothing to skip past)."""

from __future__ import annotations

from firmware.app.core import HAND_OVER, HOME, MATCH_OVER, PLAY
from tests.app.conftest import MakeTable, Table
from ui.intents import NextHand


def _hand_over(make_table: MakeTable) -> Table:
    table = make_table(seats=["cpu:easy", "cpu:easy"], options={"accusi": False})
    table.ctl.new_match()
    table.pump()
    assert table.ctl.phase == HAND_OVER
    return table


def test_one_press_after_a_hand_keeps_the_count_the_second_deals(make_table: MakeTable) -> None:
    table = _hand_over(make_table)
    ctl = table.ctl
    assert ctl.match is not None
    hands = len(ctl.match.hands)
    assert table.hw.sim_buttons is not None
    table.hw.sim_buttons.click("menu")
    table.pump()
    assert ctl.phase == HAND_OVER and len(ctl.match.hands) == hands
    assert ctl.message.message.key == "m_menu_again_deal"
    assert table.hw.display.text == "dEAL"
    table.hw.sim_buttons.click("menu")
    table.pump()
    assert len(ctl.match.hands) > hands  # dealt (and, all computers, maybe played out)


def test_a_press_left_over_from_one_hand_does_not_deal_the_next(make_table: MakeTable) -> None:
    table = _hand_over(make_table)
    ctl = table.ctl
    assert table.hw.sim_buttons is not None
    table.hw.sim_buttons.click("menu")  # armed at the end of hand 1 ...
    table.pump()
    table.put(NextHand())  # ... but the screen's button dealt
    if ctl.phase != HAND_OVER:
        return  # the match ended meanwhile: nothing left to show
    assert ctl.match is not None
    hands = len(ctl.match.hands)
    table.hw.sim_buttons.click("menu")
    table.pump()
    assert ctl.phase == HAND_OVER and len(ctl.match.hands) == hands


def test_after_the_match_the_second_press_goes_home(make_table: MakeTable) -> None:
    table = _hand_over(make_table)
    ctl = table.ctl
    for _ in range(40):
        if ctl.phase == MATCH_OVER:
            break
        table.put(NextHand())
    assert ctl.phase == MATCH_OVER
    assert table.hw.sim_buttons is not None
    table.hw.sim_buttons.click("menu")
    table.pump()
    assert ctl.phase == MATCH_OVER and ctl.message.message.key == "m_menu_again_home"
    table.hw.sim_buttons.click("menu")
    table.pump()
    assert ctl.phase == HOME


def test_without_a_screen_one_press_deals(make_table: MakeTable) -> None:
    table = _hand_over(make_table)
    ctl = table.ctl
    ctl.set_screen_missing("no display")
    assert ctl.match is not None
    hands = len(ctl.match.hands)
    assert table.hw.sim_buttons is not None
    table.hw.sim_buttons.click("menu")
    table.pump()
    assert len(ctl.match.hands) > hands or ctl.phase in (PLAY, MATCH_OVER)
