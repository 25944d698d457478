"""While the hand-start declaration waits for the person, the status asks for it (issue
38: it said "Nuova partita: …" and gave no prompt)."""

from __future__ import annotations

import dataclasses

import pytest

from firmware.engine.actions import Declare as DeclareAction
from tests.ui.conftest import MakeUI
from tools import demo
from ui.i18n import msg, tr


@pytest.mark.parametrize("lang", ["it", "de", "en"])
def test_the_status_asks_for_the_declaration_over_the_new_game_news(lang: str, make_ui: MakeUI) -> None:
    m = demo.my_turn_model("tressette2", 1, 0)
    m = dataclasses.replace(m, declarable=(DeclareAction(m.me, "napoletana", suit=0),), declare_prompt=True,
                            message=msg("m_new_game", variant="Tressette"))
    ui = make_ui((480, 320), m, language=lang)
    text, _colour = ui.table.status_text(m)
    assert text == tr("declare_turn", lang)


def test_a_refusal_still_shows_while_the_declaration_waits(make_ui: MakeUI) -> None:
    m = demo.my_turn_model("tressette2", 1, 0)
    m = dataclasses.replace(m, declarable=(DeclareAction(m.me, "napoletana", suit=0),), declare_prompt=True,
                            message=msg("r_turn_of", n=2))
    ui = make_ui((480, 320), m, language="it")
    assert tr("r_turn_of", "it", n=2) in ui.table.status_text(m)[0]
