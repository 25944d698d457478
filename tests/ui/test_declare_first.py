"""A card played while a declaration offered is off the screen asks first (issue 38: at
480x320 the accusi were behind *More*, a card was played, six points lost unsaid)."""

from __future__ import annotations

import dataclasses

import pytest

import ui.intents as it
from firmware.engine.actions import Declare as DeclareAction
from tests.ui.conftest import SIZES, MakeUI
from tools import demo
from ui.app import UIApp
from ui.model import TableModel


def _model(offers: int) -> TableModel:
    m = demo.my_turn_model("tressette2", 1, 0)
    offer = [DeclareAction(m.me, "napoletana", suit=0), DeclareAction(m.me, "three", rank=1),
             DeclareAction(m.me, "three", rank=0), DeclareAction(m.me, "napoletana", suit=2)][:offers]
    return dataclasses.replace(m, declarable=tuple(offer), declare_prompt=True)


def _tap_a_card(ui: UIApp) -> None:
    table = ui.table
    assert table.layout is not None
    card, box = next((c, r) for c, r in table.layout.hand_hit if c in table.model.playable)
    table.tap(box.center)


def test_a_card_with_a_declaration_behind_more_asks_first(make_ui: MakeUI) -> None:
    ui = make_ui((480, 320), _model(4), language="it")
    ui.show("table")
    assert ui.table.layout is not None
    names = [b.name for b in ui.table.layout.buttons]
    assert "more" in names  # four offers and nothing to declare: not all on one page
    _tap_a_card(ui)
    assert [x for x in ui.intents() if isinstance(x, it.PlayCard)] == []
    assert ui.question is not None
    question, intent = ui.question
    assert isinstance(intent, it.PlayCard)
    assert "accus" in question.lower()


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_declaration_in_sight_does_not_ask(size: tuple[int, int], make_ui: MakeUI) -> None:
    ui = make_ui(size, _model(1), language="it")
    ui.show("table")
    assert ui.table.layout is not None
    assert "more" not in [b.name for b in ui.table.layout.buttons]
    _tap_a_card(ui)
    assert ui.question is None
    assert [x for x in ui.intents() if isinstance(x, it.PlayCard)]
