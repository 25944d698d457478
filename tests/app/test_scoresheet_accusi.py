"""Score sheet only: the count screen's *Accusi* button asks every seat in turn (the
table's Accuso button stays), and the English screen says "declarations", not "accusi"."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

import ui.intents as ui
from firmware.app.controller import PLAY
from firmware.engine import PRESETS, make_variant
from firmware.engine.actions import Declare
from hal.events import ButtonPressed
from tests.app.conftest import MakeTable, Table
from ui.i18n import tr

if TYPE_CHECKING:
    from ui.sheetentry import SheetEntryPanel

ACCUSI_GAMES = sorted(n for n in PRESETS if make_variant(n).accusi)


def sheet_match(make_table: MakeTable, name: str) -> Table:
    t = make_table(variant=name, seats=["table"] * make_variant(name).n_seats, options={})
    assert t.ctl.new_match(scoresheet=True).accepted and t.ctl.phase == PLAY
    return t


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_the_count_screen_offers_accusi_where_the_game_has_them(make_table: MakeTable, name: str) -> None:
    t = sheet_match(make_table, name)
    entry = t.ctl.model().sheet_entry
    assert entry is not None and entry.accusi == make_variant(name).accusi


@pytest.mark.parametrize("name", ACCUSI_GAMES)
def test_the_accusi_button_offers_every_seat_in_turn(make_table: MakeTable, name: str) -> None:
    t = sheet_match(make_table, name)
    ctl = t.ctl
    n = make_variant(name).n_seats
    t.put(ui.SheetAccusi())
    asked = []
    while ctl.scoresheet.choosing is not None:
        seat = ctl.scoresheet.choosing
        asked.append(seat)
        entry = ctl.model().sheet_entry
        assert entry is not None and entry.choosing == seat and entry.choices
        t.put(ui.NothingToDeclare())
        assert len(asked) <= n
    assert asked == [s for s in range(n) if ctl.scoresheet.choices(s)] and asked[0] == 0
    assert ctl.phase == PLAY


def test_a_declaration_moves_the_choice_to_the_next_seat(make_table: MakeTable) -> None:
    t = sheet_match(make_table, "tressette4")
    ctl = t.ctl
    t.put(ui.SheetAccusi())
    assert ctl.scoresheet.choosing == 0
    entry = ctl.model().sheet_entry
    assert entry is not None
    said = next(d for d in entry.choices if d.kind == "napoletana")
    t.put(ui.Declare(said))
    while ctl.scoresheet.choosing == 0:
        t.put(ui.NothingToDeclare())
    assert ctl.scoresheet.choosing == 1


def test_a_seats_table_button_asks_that_seat_only(make_table: MakeTable) -> None:
    t = sheet_match(make_table, "tressette4")
    ctl = t.ctl
    t.put(ButtonPressed("seat2"))
    assert ctl.scoresheet.choosing == 2
    t.put(ui.NothingToDeclare())
    assert ctl.scoresheet.choosing is None


def test_the_english_screen_says_declarations() -> None:
    for key in ("m_accusi_closed", "m_choose_accuso", "m_accusi_next"):
        assert "accus" not in tr(key, "en", n=1, next=2).lower()
    assert "declarations" in tr("m_accusi_closed", "en", n=1)


def test_a_napoletana_choice_says_its_points(make_table: MakeTable) -> None:
    import pygame

    from ui.cards import CardArt
    from ui.fonts import Fonts
    from ui.layout import ButtonSpec
    from ui.sheetentry import SheetEntryPanel
    from ui.widgets import Ctx

    pygame.font.init()
    t = sheet_match(make_table, "tressette2")
    t.put(ui.SheetAccusi())
    model = t.ctl.model()
    assert model.sheet_entry is not None
    choices = model.sheet_entry.choices
    assert any(d.kind == "napoletana" and d.extra for d in choices)
    for lang, word in (("it", "punti"), ("de", "Punkte"), ("en", "points")):
        fonts = Fonts()
        panel = SheetEntryPanel(Ctx(fonts, CardArt(fonts), settings={"language": lang}), lambda _e: None)
        for i, d in enumerate(choices):
            text = panel.label(model, ButtonSpec(f"sh_decl:{i}", pygame.Rect(0, 0, 1, 1), "decl",
                                                 intent=ui.Declare(d)))  # as the panel lays it out
            if d.kind == "napoletana":
                assert text.endswith(f"{3 + (d.extra or 0)} {word}"), text
            assert "(" not in text or d.kind == "three"
    assert isinstance(choices[0], Declare)


def _panel(lang: str = "en") -> tuple[SheetEntryPanel, list[object]]:
    import pygame

    from ui.cards import CardArt
    from ui.fonts import Fonts
    from ui.sheetentry import SheetEntryPanel
    from ui.widgets import Ctx

    pygame.font.init()
    fonts = Fonts()
    sent: list[object] = []
    return SheetEntryPanel(Ctx(fonts, CardArt(fonts), settings={"language": lang}), sent.append), sent


@pytest.mark.parametrize("name", [n for n in sorted(PRESETS) if make_variant(n).n_sides == 2])
def test_the_side_that_follows_from_the_other_says_so(make_table: MakeTable, name: str) -> None:
    """Seat 1 = 6⅔ then + twice on seat 2: seat 1 becomes the rest, and is marked as such."""
    t = sheet_match(make_table, name)
    model = t.ctl.model()
    entry = model.sheet_entry
    panel, _ = _panel()
    panel.sync(model)
    assert entry is not None
    if len(panel.st.thirds) != 2 or entry.out:
        pytest.skip("not two sides played out in this game")
    from ui.sheetentry import entry_layout

    def tap(name: str) -> None:  # the button of that name as the panel lays it out, tapped
        lay = entry_layout(model, panel.st, (800, 480), panel.ctx.theme)
        panel.press(model, next(b for b in lay.buttons if b.name == name))

    for name in ["sh_plus:0"] * 6 + ["sh_third:0", "sh_third:0"]:
        tap(name)
    assert panel.st.thirds[0] == 20 and panel.st.tied == 1
    tap("sh_plus:1")
    tap("sh_plus:1")
    assert panel.st.thirds[0] == entry.full - panel.st.thirds[1] and panel.st.tied == 0
    import pygame

    surf = pygame.Surface((480, 320))
    panel.draw(surf, model)  # the marked row draws (its words: the catalogue's sh_rest)


def test_the_rest_is_said_in_every_language() -> None:
    assert tr("sh_rest", "it", full="11⅔") == "il resto di 11⅔"
    assert "11⅔" in tr("sh_rest", "de", full="11⅔") and "11⅔" in tr("sh_rest", "en", full="11⅔")
