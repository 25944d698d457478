"""The tricks each side took this hand, on request (issue 24.10): P, or a tap on the
score box; the person's side first. Only cards played face up to a trick are shown
(RULES.md §4: every card played is public), for every preset, and at every size the
rows stay on the screen."""

from __future__ import annotations

import pygame
import pytest

from firmware.engine import PRESETS
from tests.ui.conftest import MakeUI
from tools import demo
from ui.model import TableModel
from ui.textcheck import RecordingSurface

SIZES = [(800, 480), (480, 320)]


def _mid_hand(variant: str) -> TableModel:
    return demo.find_model(variant, lambda m: m.tricks_played >= 2 and any(m.side_cards), start=6)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("variant", sorted(PRESETS))
def test_the_taken_cards_show_on_request_and_are_the_tricks_cards(variant: str, size: tuple[int, int], make_ui: MakeUI) -> None:
    model = _mid_hand(variant)
    ui = make_ui(size, model)
    ui.show("table")
    ui.update(5.0)
    assert ui.key(pygame.K_p)
    scr = ui.table
    assert scr.show_taken
    rows = scr.taken_rows()
    shown = [c for _, cards in rows for c in cards]
    assert sorted(shown) == sorted(c for side in model.side_cards for c in side)  # the tricks' cards, no other
    assert not set(shown) & set(model.hand)  # never a card still held
    mine = model.side_of(model.me)
    assert rows[0][1] == tuple(sorted(model.side_cards[mine]))  # the person's side first
    rec = RecordingSurface(size, ui.ctx.fonts.meta)
    ui.draw(rec)
    W, H = size
    for t in rec.texts:
        assert t.rect.right <= W and t.rect.bottom <= H, t
    ui.tap((W // 2, H // 2))  # a tap closes it
    assert not scr.show_taken


def test_a_tap_on_the_score_box_opens_it_and_esc_closes_it(make_ui: MakeUI) -> None:
    model = _mid_hand("tressette2")
    ui = make_ui((800, 480), model)
    ui.show("table")
    ui.update(5.0)
    lay = ui.table.layout
    assert lay is not None
    ui.tap(lay.score.center)
    assert ui.table.show_taken
    ui.key(pygame.K_ESCAPE)
    assert not ui.table.show_taken and ui.screen == "table"
