"""Practice only: the cards played so far by suit, a tab of the peek at the tricks taken
(ui/played_cards.py); absent when practice is off, as at a real table."""

from __future__ import annotations

from dataclasses import replace
from itertools import combinations

import pygame
import pytest

from firmware.engine.cards import DECKS
from firmware.engine.variants import PRESETS
from tests.ui.conftest import MakeUI
from tools import demo
from ui.app import UIApp
from ui.layout import table_layout
from ui.model import TableModel
from ui.played_cards import tab_rects, tally_available, tally_cells
from ui.theme import DEFAULT


def click(pos: tuple[int, int]) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, touch=False)


def score(ui: UIApp) -> pygame.Rect:
    return table_layout(ui.model, ui.surface.get_size()).score


def tabs(ui: UIApp) -> dict[str, pygame.Rect]:
    lay = ui.table.layout
    assert lay is not None
    return tab_rects(ui.table.peek_panel(lay), ui.ctx.theme.min_touch)


@pytest.mark.parametrize("size", [(800, 480), (480, 320)])
@pytest.mark.parametrize("variant", sorted(PRESETS))
def test_practice_peeks_at_the_cards_played_by_suit(make_ui: MakeUI, variant: str, size: tuple[int, int]) -> None:
    model = replace(demo.busiest(variant), casual=True)
    assert model.played_cards, "the sample has cards played"
    ui = make_ui(size, model)
    assert tally_available(model)
    ui.handle(click(score(ui).center))
    assert ui.table.show_taken
    ui.handle(click(tabs(ui)["played"].center))
    assert ui.table.show_taken and ui.table.peek_tab == "played"
    ui.draw()
    ui.handle(click(tabs(ui)["taken"].center))
    assert ui.table.peek_tab == "taken"
    ui.handle(click((size[0] // 2, size[1] - 10)))  # anywhere else: back to the table
    assert not ui.table.show_taken


def test_no_cards_played_view_when_practice_is_off(make_ui: MakeUI) -> None:
    model = demo.sample_model("tressette2", 1, 6)
    assert any(model.side_cards) and not model.casual and not tally_available(model)
    ui = make_ui((800, 480), model)
    ui.handle(click(score(ui).center))
    assert ui.table.show_taken  # the tricks taken: as before
    ui.handle(click(tabs(ui)["played"].center))  # no tab there: the tap closes the peek
    assert not ui.table.show_taken and ui.table.peek_tab != "played"
    ui.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_p, mod=0, unicode="p"))
    ui.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=0, unicode="\t"))
    assert ui.table.peek_tab != "played"


def test_practice_before_the_first_trick_opens_on_the_cards_played(make_ui: MakeUI) -> None:
    model = replace(demo.busiest("tressette2"), casual=True)
    assert not any(model.side_cards) and model.played_cards
    ui = make_ui((480, 320), model)
    ui.handle(click(score(ui).center))
    assert ui.table.show_taken and ui.table.peek_tab == "played"


@pytest.mark.parametrize("deck", sorted(DECKS))
@pytest.mark.parametrize("size", [(800, 480), (480, 320)])
def test_every_card_has_a_place_inside_the_panel_and_none_overlap(deck: str, size: tuple[int, int]) -> None:
    W, H = size
    area = pygame.Rect(10, 50, W - 20, H - 80)
    rows = tally_cells(deck, area, DEFAULT.card_ratio)
    cells = [r for row in rows for _, r in row]
    cards = [c for row in rows for c, _ in row]
    d = DECKS[deck]
    assert sorted(cards) == sorted(d.card(s, r) for s in range(len(d.suits)) for r in range(len(d.ranks)))
    assert all(area.contains(r) for r in cells)
    assert not any(a.colliderect(b) for a, b in combinations(cells, 2))
    assert min(r.h for r in cells) >= H * 0.15  # the rank and the suit stay readable


def test_the_model_carries_the_engine_s_public_tally() -> None:
    model: TableModel = demo.sample_model("tressette2", 1, 7)
    assert len(model.played_cards) >= 5 and model.face_up_cards  # tressette2 shows its draws
    taken = [c for side in model.side_cards for c in side]
    assert list(model.played_cards) == taken + [pc.card for pc in model.trick]
    assert not set(model.face_up_cards) & set(model.played_cards)
