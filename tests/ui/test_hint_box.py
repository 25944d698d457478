"""The coach's hint in the status never covers the index of the card it raises (issue 38:
at de 480x320 the box lay over the hinted card's corner)."""

from __future__ import annotations

import dataclasses

import pytest
from pygame import Rect

from tests.ui.conftest import SIZES, MakeUI
from tools import demo
from ui.i18n import Amount, CardName, Message, SuitName, msg
from ui.textcheck import RecordingSurface


def _reason(key: str, deck: str, card: int) -> Message:
    name = CardName(deck, card)
    return msg("hint_says", hint=msg(key, card=name, suit=SuitName(deck, 0), worth=Amount(1), keep=name))


@pytest.mark.parametrize("lang", ["de", "it", "en"])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("variant", ["tressette2", "treseta4"])
def test_the_hint_box_leaves_the_hinted_card_s_index_in_sight(variant: str, size: tuple[int, int], lang: str,
                                                             make_ui: MakeUI) -> None:
    base = demo.hint_model(variant)
    bad = []
    for card, key in [(c, k) for c in base.hand for k in ("c_duck", "c_void", "c_top")]:
        m = dataclasses.replace(base, hint_card=card, message=_reason(key, base.deck, card))
        ui = make_ui(size, m, language=lang)
        ui.update(5.0)
        ui.show("table")
        rec = RecordingSurface(size, ui.ctx.fonts.meta)
        ui.draw(rec)
        lay = ui.table.layout
        assert lay is not None
        r = next(r for c, r in lay.hand if c == card).move(0, -lay.lift)
        edge = max(3, r.h // 14)  # the card's margin above its rank letter
        index = Rect(r.x, r.y + edge, max(10, r.w * 3 // 10), r.h * 3 // 10 - edge)
        over = [p for p in rec.panels + [t.rect for t in rec.texts] if p.colliderect(index)]
        if over:
            bad.append((card, key, tuple(index), [tuple(p) for p in over]))
    assert not bad, bad
