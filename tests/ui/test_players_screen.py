"""Home → Who plays: a person for each people seat, from the household's list or typed once."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

import ui.intents as it
from firmware.engine.seating import PHONE, SeatSpec
from ui.app import UIApp
from ui.model import TableModel

SIZES = [(800, 480), (480, 320)]


def _ui(size: tuple[int, int] = (800, 480), lang: str = "en") -> UIApp:
    pygame.display.init()
    pygame.font.init()
    ui = UIApp(pygame.Surface(size), settings={"language": lang}, sounds=False)
    ui.set_model(TableModel(household=("Anna", "Đurđa", "Zoë 🃏")))
    ui.show("home")
    ui.home.select_variant("treseta4")
    ui.home.seats = [SeatSpec("human"), SeatSpec.cpu("hard"), PHONE, SeatSpec.cpu("normal")]
    ui.intents()
    return ui


def _tap(ui: UIApp, name: str, size: tuple[int, int] = (800, 480)) -> None:
    box = next(b for b in ui.current.buttons(size) if b.name == name)
    ui.tap(box.rect.center)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_names_chosen_from_the_list_go_with_play(size: tuple[int, int]) -> None:
    ui = _ui(size)
    _tap(ui, "players", size)
    assert ui.screen == "players"
    names = {b.name for b in ui.current.buttons(size)}
    assert {"person:0", "person:2", "type:0", "type:2"} <= names and "person:1" not in names  # no computer's
    _tap(ui, "person:0", size)  # nobody → Anna
    _tap(ui, "person:2", size)  # nobody → Anna is taken: Đurđa
    assert ui.home.players == ["Anna", None, "Đurđa", None]
    _tap(ui, "back", size)
    _tap(ui, "start", size)
    (game,) = [x for x in ui.intents() if isinstance(x, it.NewGame)]
    assert isinstance(game, it.NewGame) and game.players == ("Anna", None, "Đurđa", None)


def test_a_name_typed_once_is_checked_given_to_the_seat_and_kept() -> None:
    ui = _ui()
    _tap(ui, "players")
    _tap(ui, "type:2")
    for ch in "Ivo":
        ui.handle(pygame.event.Event(pygame.KEYDOWN, key=0, unicode=ch))
    _tap(ui, "page:accents")
    _tap(ui, "ch:ć")
    _tap(ui, "ok")
    assert ui.home.players[2] == "Ivoć"
    sent = [x for x in ui.intents() if not isinstance(x, it.ShowScreen)]
    assert sent == [ui.home.chosen(), it.AddPerson("Ivoć")]  # the seat's name kept with the choice


@pytest.mark.parametrize("typed", ["", "   ", "x" * 21])
def test_a_bad_name_is_said_and_not_sent(typed: str) -> None:
    ui = _ui()
    _tap(ui, "players")
    _tap(ui, "type:0")
    ui.players.keyboard.type(typed)
    _tap(ui, "ok")
    assert not [x for x in ui.intents() if not isinstance(x, it.ShowScreen)]
    assert ui.players.typing == 0 and ui.players.problem
    _tap(ui, "cancel")
    assert ui.players.typing is None and ui.home.players[0] is None


def test_backspace_takes_a_whole_character() -> None:
    ui = _ui()
    _tap(ui, "players")
    _tap(ui, "type:0")
    ui.players.keyboard.type("A👍🏽")
    _tap(ui, "back")
    assert ui.players.keyboard.text == "A"


@pytest.mark.parametrize("lang", ["it", "de", "en"])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_hostile_names_are_drawn_as_text_without_a_crash(lang: str, size: tuple[int, int]) -> None:
    """Whatever the household list holds reaches the screen as glyphs, at both sizes."""
    hostile = ("<img src=x onerror=alert(1)>"[:20], "👨\u200d👩\u200d👧\u200d👦" * 5, "محمد Đurđa", "Z\u0301\u0302\u0303\u0304")
    ui = _ui(size, lang)
    ui.set_model(TableModel(household=hostile))
    ui.home.players = [hostile[0], None, hostile[1], None]
    for screen in ("home", "players"):
        ui.show(screen)
        ui.draw()
    ui.players.press("type:0")
    ui.players.keyboard.type(hostile[2])
    ui.draw()


def test_statistics_per_person_from_a_journal_reach_the_people_screen(tmp_path: Path) -> None:
    from firmware.app.present import stats_model
    from firmware.store import Journal
    from ui.people import person_lines

    with Journal.open(tmp_path) as j:
        a = j.new_match("treseta4", {}, ["table"] * 4, mode="referee", players=["Anna", None, "<b>M</b>", None])
        j.add_hand(a, 0, 0, {"seed": 1})
        j.finish_match(a, 0, [31, 20])
        b = j.new_match("tressette2", {}, ["human", "cpu:hard"], players=["Anna", None])
        j.finish_match(b, 1, [10, 21])
        stats = stats_model(j)
    anna = next(p for p in stats.people if p.name == "Anna")
    assert anna.name == "Anna" and [g.variant for g in anna.games] == ["treseta4", "tressette2"]
    lines = person_lines(anna, lambda key, **kw: key + ":" + ",".join(f"{k}={v}" for k, v in kw.items()), "en")
    assert ("ps_with:name=<b>M</b>", "1/1") in lines
    assert ("ps_against:name=cpu_level:level=hard:", "0/1") in lines and ("people_only:", "1/1") in lines
    for size in SIZES:
        for lang in ("it", "de", "en"):
            ui = _ui(size, lang)
            ui.set_model(TableModel(stats=stats))
            ui.show("stats")
            if not any(b.name == "people" for b in ui.current.buttons(size)):
                _tap(ui, "history", size)  # a small screen with charts: People is under Matches played
            _tap(ui, "people", size)
            assert ui.screen == "people"
            ui.draw()
            _tap(ui, "next", size)
            ui.draw()
            _tap(ui, "back", size)
            assert ui.screen == "stats"
