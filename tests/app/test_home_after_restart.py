"""After a power cut at a match's end the home screen offers that match's game and mode
again, as it does without the cut (issue: it came back to Tressette for two, score sheet off)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

import ui.intents as ui
from firmware.app.controller import HOME, MATCH_OVER
from firmware.engine import PRESETS, make_variant
from firmware.engine.actions import Declare
from hal.events import ButtonPressed
from tests.app.conftest import MakeTable, ui_on

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")


def _decima_ends_a_sheet_match(make_table: MakeTable, d: Path) -> None:
    """A tressette4 score-sheet match ended by a decima (RULES.md §3.4: it wins the match)."""
    t = make_table(variant="tressette4", seats=["table"] * 4, state_dir=d)
    t.ctl.new_match(scoresheet=True)
    t.put(ButtonPressed("seat2"))
    t.put(ui.Declare(Declare(2, "decima", suit=1)))
    t.put(ui.SheetConfirm(yes=True))  # a decima ends the hand: asked first
    t.put(ui.SheetTally((0, 6), "decima", 2))
    t.put(ui.SheetConfirm(yes=True))  # and the match: asked again
    assert t.ctl.phase == MATCH_OVER
    t.close()  # the power goes at the match's end


def test_a_score_sheet_match_ended_then_a_power_cut_offers_the_score_sheet_again(
    make_table: MakeTable, tmp_path: Path
) -> None:
    from ui.app import UIApp

    d = tmp_path / "box"
    _decima_ends_a_sheet_match(make_table, d)
    again = make_table(variant="tressette2", seats=["human", "cpu:normal"], state_dir=d)  # the settings' game
    assert not again.ctl.boot() and again.ctl.phase == HOME
    app = ui_on(again)
    assert isinstance(app, UIApp)
    assert app.home.variants[app.home.vi] == "tressette4" and app.home.scoresheet
    intent = app.home.new_game_intent()
    assert intent.variant == "tressette4" and intent.scoresheet and len(intent.seats) == 4


@pytest.mark.parametrize("name", ["treseta4", "briscola", "terziglio3"])
def test_a_played_match_ended_then_a_power_cut_offers_its_game_options_and_seats(
    make_table: MakeTable, tmp_path: Path, name: str
) -> None:
    from ui.app import UIApp

    d = tmp_path / name
    n = make_variant(name, {}).n_seats
    seats = ["human"] + ["cpu:hard"] * (n - 1)
    target = max(int(c) for o in PRESETS[name].options if o.key == "target" for c in o.choices)
    t = make_table(variant=name, seats=seats, options={"target": target}, state_dir=d)
    t.ctl.new_match(casual=True)
    mid = t.match_id
    t.journal.finish_match(mid, 0, [target, 0])  # as a match's end writes it
    t.close()
    again = make_table(variant="tressette2", seats=["human", "cpu:normal"], state_dir=d)
    assert not again.ctl.boot() and again.ctl.phase == HOME
    app = ui_on(again)
    assert isinstance(app, UIApp)
    home = app.home
    assert home.variants[home.vi] == name and home.options["target"] == target
    assert home.casual and not home.scoresheet
    assert [s.kind for s in home.seats] == ["human"] + ["computer"] * (n - 1)


def test_a_fresh_box_offers_the_settings_game(make_table: MakeTable, tmp_path: Path) -> None:
    from ui.app import UIApp

    t = make_table(variant="treseta4", seats=["human", "cpu:easy", "cpu:easy", "cpu:easy"])
    assert not t.ctl.boot()
    app = ui_on(t)
    assert isinstance(app, UIApp)
    assert app.home.variants[app.home.vi] == "treseta4" and not app.home.scoresheet
