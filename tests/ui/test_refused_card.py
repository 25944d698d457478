"""A refused card drops back at once, with a shake and a sound (issue 38: it stayed lifted
10 s and more after the message was gone, and took the hint's lift: the card that looked
chosen was the wrong one)."""

from __future__ import annotations

import dataclasses

import pytest

import ui.intents as it
from tests.ui.conftest import SIZES, MakeUI
from tools import demo
from ui.model import TableModel


def _following() -> TableModel:
    """My turn with a card led and some of my cards not allowed (I must follow suit)."""
    for seed in range(1, 40):
        m = demo.my_turn_model("tressette2", seed, 3)
        if m.trick and len(m.playable) < len(m.hand):
            return m
    raise AssertionError("no position with a refused card")


@pytest.mark.parametrize("hinted", [False, True], ids=["plain", "hinted"])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_refused_card_drops_back_shakes_and_sounds(size: tuple[int, int], hinted: bool, make_ui: MakeUI,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    m = _following()
    hint = sorted(m.playable)[0]
    if hinted:
        m = dataclasses.replace(m, hint_card=hint)
    ui = make_ui(size, m, language="de")
    ui.show("table")
    heard: list[str] = []
    monkeypatch.setattr(ui.table.ctx, "play", heard.append)
    ui.update(1.0)  # past the double-tap guard of a card just played
    table = ui.table
    assert table.layout is not None
    refused, box = next((c, r) for c, r in table.layout.hand_hit if c not in m.playable)
    table.tap(box.center)
    assert not [x for x in ui.intents() if isinstance(x, it.PlayCard)]
    lifted = table.model.hand[table.cursor] if table.cursor is not None else None
    assert lifted == (hint if hinted else None)  # the hint's lift kept, the refused card down
    assert "refuse" in heard
    assert table.shaking(refused) != 0 or table.shaking(refused, at=0.03) != 0
    ui.update(1.0)
    assert table.shaking(refused) == 0  # a short shake, then still
