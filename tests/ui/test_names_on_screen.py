"""Names on the touchscreen: a name cut to fit is cut between characters as a person sees
them (never between a letter and its accent, inside an emoji's joiners or a flag), and
hostile names on every seat draw the table and the count at both sizes, in every language."""

from __future__ import annotations

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from firmware.engine.names import graphemes
from tools import demo
from ui.app import UIApp
from ui.fonts import Fonts
from ui.navigation import ScreenName
from ui.theme import DEFAULT

FAMILY = "👨\u200d👩\u200d👧\u200d👦"
HOSTILE = ("<svg onload=p=1>", FAMILY * 4 + "x", "Zoe\u0308\u0301 🇭🇷🇮🇹", "محمد Đurđa")


def _fonts() -> Fonts:
    pygame.font.init()
    return Fonts(DEFAULT)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(["a", "é", "e\u0301", FAMILY, "🇭🇷", "👍🏽", "ß", "王", " "]), min_size=1, max_size=15),
       st.integers(20, 200))
def test_a_name_cut_to_fit_is_cut_between_characters(parts: list[str], width: int) -> None:
    fonts = _fonts()
    text = "".join(parts)
    surf = fonts.fit(text, 14, width)
    shown, _, cut = fonts.meta[id(surf)]
    if cut:
        assert shown.endswith("…")
        whole = graphemes(text)
        assert shown[:-1] in {"".join(whole[:k]).rstrip() for k in range(len(whole) + 1)}, (ascii(text), ascii(shown))


@pytest.mark.parametrize("lang", ["it", "de", "en"])
@pytest.mark.parametrize("size", [(800, 480), (480, 320)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_hostile_names_on_every_seat_draw_the_table_and_the_count(lang: str, size: tuple[int, int]) -> None:
    pygame.display.init()
    pygame.font.init()
    for model, screen in ((demo.busiest("treseta4"), "table"), (demo.finished_model("treseta4"), "hand_end")):
        ui = UIApp(pygame.Surface(size), settings={"language": lang}, sounds=False)
        ui.set_model(demo.named(model, HOSTILE))
        ui.update(5.0)
        ui.show(screen)
        ui.draw()


def _app(lang: str = "en") -> UIApp:
    pygame.display.init()
    pygame.font.init()
    return UIApp(pygame.Surface((800, 480)), settings={"language": lang}, sounds=False)


def test_people_among_themselves_are_never_them_in_the_history() -> None:
    from ui.history import HistoryScreen, sheet_side_names, sheet_side_who
    from ui.model import HistoryRow, ScoreSheet

    ui = _app()
    screen = ui.screens[ScreenName.HISTORY]
    assert isinstance(screen, HistoryScreen)
    row = HistoryRow(3, "treseta4", 0.0, "over", (31, 20), 4, "", "referee", ("Anna", None, "Marco", None), (0, 2))
    assert screen.row_text(row)[2] == "Won by Anna + Marco  31–20"
    unnamed = HistoryRow(4, "treseta4", 0.0, "over", (31, 20), 4, "", "referee", (), (1, 3))
    assert screen.row_text(unnamed)[2] == "Won by Seat 2 + 4  31–20"
    from firmware.engine.seating import TABLE, SeatSpec

    sheet = ScoreSheet(3, "treseta4", (TABLE,) * 4, (0, 1, 0, 1))
    assert sheet_side_names(sheet, ui.ctx) == ["Seat 1 + 3", "Seat 2 + 4"]
    assert [sheet_side_who(sheet, s) for s in (0, 1)] == ["", ""]
    named = ScoreSheet(3, "treseta4", (SeatSpec("human"), SeatSpec.cpu(), SeatSpec("phone"), SeatSpec.cpu()),
                       (0, 1, 0, 1), players=("Anna", None, "Zoë", None))
    assert sheet_side_names(named, ui.ctx) == ["Anna + Zoë", "Them"]


def test_the_hand_end_names_a_side_of_people_by_its_people() -> None:
    from dataclasses import replace

    from ui.handend import HandEndScreen

    ui = _app("de")
    model = demo.finished_model("treseta4")
    ui.set_model(demo.named(model, ("", "Đurđa", "", "Jürgen")))
    screen = ui.screens[ScreenName.HAND_END]
    assert isinstance(screen, HandEndScreen)
    assert screen.side_name(1) == "Đurđa + Jürgen"
    ui.set_model(replace(model, seats=tuple(replace(s, kind="table") for s in model.seats), show_hand=False))
    assert screen.side_name(0) == "Platz 1 + 3" and screen.side_name(1) == "Platz 2 + 4"
