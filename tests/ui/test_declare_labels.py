"""An accuso button keeps the suit a three lacks (the point of the declaration): at
480x320 in German "Drei Zweien (ohne Stä…" was cut. Every kind x deck x language at
both sizes: the label chosen fits its button whole and names the missing suit."""

from __future__ import annotations

from dataclasses import replace

import pytest

from firmware.engine.actions import Declare
from firmware.engine.cards import DECKS
from firmware.engine.declarations import DECLARABLE_RANKS
from tests.ui.conftest import SIZES, MakeUI
from tools import demo
from ui.layout import table_layout
from ui.navigation import ScreenName
from ui.table import TableScreen

DECK_OF_GAME = {"italian": "tressette2", "bavarian": "treschetten2"}


def _declarations(deck: str) -> list[Declare]:
    d = DECKS[deck]
    out: list[Declare] = []
    for suit in range(len(d.suits)):
        out += [Declare(0, "napoletana", suit=suit), Declare(0, "decima", suit=suit)]
    for rank in DECLARABLE_RANKS:
        out.append(Declare(0, "four", rank=rank))
        out += [Declare(0, "three", rank=rank, missing=m) for m in range(len(d.suits))]
    return out


@pytest.mark.parametrize("lang", ["it", "de", "en"])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("deck", ["italian", "bavarian"])
def test_every_declaration_fits_its_button_with_its_missing_suit(make_ui: MakeUI, deck: str, size: tuple[int, int], lang: str) -> None:
    ui = make_ui(size, language=lang)
    model = demo._declaring_model()
    lay = table_layout(model, size, ui.ctx.theme)
    rects = [b.rect for b in lay.buttons if b.name.startswith("declare:")]
    assert rects
    narrow = min(rects, key=lambda r: r.w)
    scr = ui.screens[ScreenName.TABLE]
    assert isinstance(scr, TableScreen)
    scr.size = size
    scr.model = replace(model, deck=deck)
    for d in _declarations(deck):
        text = scr.declare_label(d, narrow)
        assert scr._label_fits(text, narrow), (deck, lang, size, text, narrow)
        if d.kind == "three":
            assert d.missing is not None
            assert DECKS[deck].suit_name(d.missing, lang) in text, text
        if d.kind in ("napoletana", "decima") and d.suit is not None:
            suit = DECKS[deck].suit_name(d.suit, lang)
            assert suit[:4] in text, text  # the suit named (German: in the dative, "Stäben")
