"""A game's rules with pictures (ui/rules.py): every fact is the engine's (rulebook), the
pages a game has follow its options, every page fits at every size and language, and the
rules open from the table at the game being played."""

from __future__ import annotations

from dataclasses import replace

import pygame
import pytest

from firmware.engine import PRESETS, make_variant
from firmware.engine.cards import DECKS, THIRDS
from firmware.engine.declarations import possible
from firmware.engine.offers import signal_names
from firmware.engine.rulebook import rule_sheet
from tests.ui.conftest import MakeUI
from tools import demo
from ui.fonts import min_text_px
from ui.rules import game_pages, page_lines, sheet_for, value_of
from ui.textcheck import RecordingSurface, problems


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_the_pictures_say_what_the_engine_counts(preset: str) -> None:
    v = make_variant(preset)
    sheet = rule_sheet(v)
    deck = DECKS[sheet.deck]
    assert sheet.order == tuple(deck.card(0, r) for r in range(len(deck.ranks)))
    assert all(value_of(sheet, i) == THIRDS[c] for i, c in enumerate(sheet.order))
    assert sheet.hand_points == 11  # the cards and the last trick of either deck (RULES.md §1)
    assert bool(sheet.declarations) == v.accusi
    assert sheet.signals == signal_names(v)
    for ex in sheet.declarations:
        # the example hand holds the declaration: the engine offers it from those cards
        held = sum(1 << c for c in ex.cards)
        offered = possible(v.deck, 0, held, v.preset.napoletana_extends, ())
        assert any(d.kind == ex.kind for d in offered)
        assert ex.points == (len(ex.cards) if ex.kind == "napoletana" else {"three": 3, "four": 4}[ex.kind])


def test_pages_follow_the_options() -> None:
    assert game_pages(sheet_for("tressette4")) == ["values", "declarations", "signals", "sudden"]
    assert game_pages(sheet_for("tressette4", {"sudden_wins": False, "accusi": False, "signals": "none"})) == ["values"]
    assert game_pages(sheet_for("ciapano")) == ["values"]
    assert game_pages(sheet_for("tressette2", {"bogus": 1})) == game_pages(sheet_for("tressette2"))
    assert any("×16" in line for line in page_lines(sheet_for("tressette4"), "sudden", "it"))


@pytest.mark.parametrize("lang", ["it", "de", "en"])
@pytest.mark.parametrize("size", [(800, 480), (480, 320)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_picture_page_of_every_game_fits(size: tuple[int, int], lang: str, make_ui: MakeUI) -> None:
    ui = make_ui(size, language=lang)
    for preset in sorted(PRESETS):
        ui.home.select_variant(preset)
        ui.show("home")
        ui.show("rules")
        for page, (kind, _) in enumerate(ui.rules.pages()):
            if kind == "text":
                break
            ui.rules.page = page
            rec = RecordingSurface(size, ui.ctx.fonts.meta)
            ui.draw(rec)
            found = problems(rec, min_px=min_text_px(size[1]))
            assert not found, (preset, kind, found)


def test_the_table_opens_the_rules_of_the_game_played_and_back_returns(make_ui: MakeUI) -> None:
    model = replace(demo.busiest("treschetten3"))
    ui = make_ui((480, 320), model)
    ui.home.select_variant("tressette2")  # another game chosen on the home screen: not that one
    assert ui.screen == "table"
    ui.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_r, mod=0, unicode="r"))
    assert ui.screen == "rules" and ui.rules.variant == "treschetten3"
    assert ui.rules.sheet().deck == "bavarian"
    ui.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
    assert ui.screen == "table"


def test_the_menu_s_rules_during_a_match_are_the_match_s_with_its_options(make_ui: MakeUI) -> None:
    """≡ → home → Rules while a match of the chosen game is on: its options (no sudden wins
    here), not the home screen's defaults."""
    model = replace(demo.busiest("tressette4"), options=(("accusi", False), ("signals", "classic"),
                                                         ("sudden_wins", False), ("target", 31)))
    ui = make_ui((800, 480), model)
    ui.home.select_variant("tressette4")
    ui.show("home")
    ui.show("rules")
    assert ui.rules.came_from == "home"
    assert [k for k, _ in ui.rules.pages() if k != "text"] == ["values", "signals"]
