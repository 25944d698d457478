"""A game named without its seats plays with as many as it has (issue 24.4):
``tressette sim --variant tressette4`` with the settings' two seats used to stop on the
home screen with a half-English refusal ("Questa partita non può cominciare: this variant
has 4 seats, the settings name 2"). Now the settings' seats are fitted to the game; seats
named explicitly in the wrong number are refused in the screen's language, saying what to do."""

from __future__ import annotations

import pytest

import ui.intents as ui
from firmware.config import fit_seats
from firmware.engine import PRESETS, make_variant
from firmware.engine.seating import HUMAN, TABLE, SeatSpec
from tests.app.conftest import MakeTable
from tests.uishare import shared
from ui.i18n import LANGUAGES, render


@pytest.mark.parametrize("variant", sorted(PRESETS))
def test_the_settings_seats_fit_every_game(make_table: MakeTable, variant: str) -> None:
    table = make_table(seats=["human", "cpu:hard"])
    table.put(ui.NewGame(variant, {}, ()))  # no seats named: the settings'
    n = make_variant(variant).n_seats
    ctl = table.ctl
    assert ctl.phase != "home", ctl.message.message
    assert len(ctl.seats) == n
    assert ctl.seats[0].kind == "human" and all(s.computer for s in ctl.seats[1:])
    assert all(s.level == "hard" for s in ctl.seats[1:])  # more seats like the last computer named


@pytest.mark.parametrize("lang", LANGUAGES)
def test_seats_named_in_the_wrong_number_are_refused_in_the_screens_language(make_table: MakeTable, lang: str) -> None:
    table = make_table()
    two = (ui.SeatSetup("human", None), ui.SeatSetup("computer", "normal"))
    table.put(ui.NewGame("tressette4", {}, two))
    said = table.ctl.message.message
    assert said.key == "r_seats_count"
    text = render(said, lang)
    assert "4" in text and "2" in text
    if lang != "en":
        assert not any(w in text for w in ("variant", "settings", "seats")), text


def test_fit_seats_keeps_the_first_and_takes_more_like_the_last_computer() -> None:
    hard, easy = SeatSpec.cpu("hard"), SeatSpec.cpu("easy")
    assert fit_seats([HUMAN, hard], 4) == [HUMAN, hard, hard, hard]
    assert fit_seats([HUMAN, easy, hard, hard], 2) == [HUMAN, easy]
    assert fit_seats([HUMAN], 3) == [HUMAN, SeatSpec.cpu("normal"), SeatSpec.cpu("normal")]
    assert fit_seats([TABLE, TABLE], 4) == [TABLE] * 4


def test_the_home_screen_preset_with_too_few_seats_shows_them_all() -> None:
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    from ui.app import UIApp

    pygame.display.init()
    pygame.font.init()
    app = shared(UIApp(pygame.Surface((800, 480)), settings={}, sounds=False))
    app.preset_home("tressette4", {}, (ui.SeatSetup("human", None), ui.SeatSetup("computer", "hard")))
    assert len(app.home.seats) == 4 and app.home.seats[:2] == [("human", None), ("computer", "hard")]
    assert app.home.new_game_intent().variant == "tressette4"
    assert len(app.home.new_game_intent().seats) == 4
