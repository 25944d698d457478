"""Safe play (Settings → Play with two taps): the first tap lifts a card, the second plays it;
one tap stays the default. On a 480x320 screen the card under the finger is shown enlarged
while the finger is down, in either mode."""

from __future__ import annotations

import pygame
import pytest

from firmware.engine.variants import PRESETS
from tests.ui.conftest import MakeUI
from tools import demo
from ui import intents as it
from ui.app import DEFAULT_SETTINGS, UIApp
from ui.layout import table_layout
from ui.model import TableModel
from ui.settings import SETTING_CHOICES


def click(pos: tuple[int, int]) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, touch=False)


def lift(pos: tuple[int, int]) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1, touch=False)


def playable(ui: UIApp, model: TableModel) -> list[tuple[int, pygame.Rect]]:
    return [(c, r) for c, r in table_layout(model, ui.surface.get_size()).hand_hit if c in model.playable]


@pytest.fixture
def turn_model() -> TableModel:
    return demo.my_turn_model("tressette2", 1, 4)


def test_one_tap_plays_by_default() -> None:
    assert DEFAULT_SETTINGS["safe_play"] is False
    assert SETTING_CHOICES["safe_play"] == (True, False)


@pytest.mark.parametrize("size", [(800, 480), (480, 320)])
def test_the_first_tap_lifts_and_the_second_plays(make_ui: MakeUI, turn_model: TableModel,
                                                  size: tuple[int, int]) -> None:
    ui = make_ui(size, turn_model, safe_play=True)
    (card, rect), (other, other_rect) = playable(ui, turn_model)[:2]
    ui.handle(click(rect.center))
    assert ui.intents() == []
    assert ui.table.lifted == card and turn_model.hand[ui.table.cursor or 0] == card
    ui.handle(click(other_rect.center))  # another card: that one is lifted instead
    assert ui.intents() == [] and ui.table.lifted == other
    ui.update(1.0)
    # the lifted card rose: its visible part is where it was drawn, lifted
    ui.handle(click(other_rect.center))
    assert ui.intents() == [it.PlayCard(other)]
    assert ui.table.lifted is None


def test_a_refused_card_is_not_lifted(make_ui: MakeUI, turn_model: TableModel) -> None:
    ui = make_ui((800, 480), turn_model, safe_play=True)
    card, rect = playable(ui, turn_model)[0]
    ui.handle(click(rect.center))
    dimmed = next(r for c, r in table_layout(turn_model, (800, 480)).hand_hit if c not in turn_model.playable)
    ui.handle(click(dimmed.center))
    assert ui.table.lifted is None and ui.intents() == []
    ui.handle(click(rect.center))  # the first card again: lifted anew, not played
    assert ui.intents() == [] and ui.table.lifted == card


def test_a_lifted_card_drops_with_a_new_hand(make_ui: MakeUI, turn_model: TableModel) -> None:
    ui = make_ui((800, 480), turn_model, safe_play=True)
    card, rect = playable(ui, turn_model)[0]
    ui.handle(click(rect.center))
    assert ui.table.lifted == card
    ui.set_model(demo.sample_model("tressette2", 7, 0))
    assert ui.table.lifted is None


@pytest.mark.parametrize("safe", [True, False])
def test_the_touched_card_is_enlarged_while_the_finger_is_down_at_480x320(
        make_ui: MakeUI, turn_model: TableModel, safe: bool) -> None:
    ui = make_ui((480, 320), turn_model, safe_play=safe)
    card, rect = playable(ui, turn_model)[0]
    ui.handle(click(rect.center))
    lay = ui.table.layout
    assert lay is not None
    big = ui.table.pressed_rect(lay)
    assert big is not None and ui.table.pressed is not None and ui.table.pressed[0] == card
    assert big.h > lay.card_size[1] * 1.5 and pygame.Rect(0, 0, 480, 320).contains(big)
    assert big.bottom <= rect.y  # above the hand: the finger does not cover it
    ui.draw()
    assert ui.surface.get_at(big.center) != ui.surface.get_at((2, 2))  # drawn (not the felt)
    ui.handle(lift(rect.center))
    assert ui.table.pressed is None and ui.table.pressed_rect(lay) is None


def test_no_enlarged_card_on_the_tall_screen(make_ui: MakeUI, turn_model: TableModel) -> None:
    ui = make_ui((800, 480), turn_model, safe_play=True)
    _, rect = playable(ui, turn_model)[0]
    ui.handle(click(rect.center))
    lay = ui.table.layout
    assert lay is not None and ui.table.pressed is not None and ui.table.pressed_rect(lay) is None


def test_a_lost_finger_up_does_not_leave_the_card_enlarged(make_ui: MakeUI, turn_model: TableModel) -> None:
    ui = make_ui((480, 320), turn_model)
    _, rect = playable(ui, turn_model)[0]
    ui.handle(click(rect.center))
    ui.update(5.0)
    assert ui.table.pressed is None


@pytest.mark.parametrize("variant", sorted(PRESETS))
def test_two_taps_in_every_game(make_ui: MakeUI, variant: str) -> None:
    """Every preset's touchscreen seat: one tap lifts (nothing sent), the second plays
    (terziglio's dealer discarding before play included, where the sample has it)."""
    model = demo.busiest(variant)
    assert model.my_turn or model.discardable, variant
    ui = make_ui((480, 320), model, safe_play=True)
    card, rect = next((c, r) for c, r in table_layout(model, (480, 320)).hand_hit if ui.table.can_play(c))
    ui.handle(click(rect.center))
    assert ui.intents() == [] and ui.table.lifted == card
    ui.handle(click(rect.center))
    sent = ui.intents()
    assert len(sent) == 1 and getattr(sent[0], "card", None) == card, sent
