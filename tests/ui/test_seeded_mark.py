"""A seeded run says so on the table, small (issue "A fair table"): "seeded 42" in the
screen's language, on the felt, clear of every name, card, button and word; an
unseeded table shows no seed and no mark."""

from __future__ import annotations

from dataclasses import replace

import pytest

from firmware.engine.variants import PRESETS
from tests.ui.conftest import MakeUI
from tools import demo
from ui.i18n import tr
from ui.textcheck import RecordingSurface

SIZES = [(800, 480), (480, 320)]
SEED = 1234567


@pytest.mark.parametrize("lang", ["it", "de", "en"])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("variant", list(PRESETS))
def test_a_seeded_table_is_marked_where_nothing_else_is(variant: str, size: tuple[int, int], lang: str,
                                                        make_ui: MakeUI) -> None:
    ui = make_ui(size, replace(demo.busiest(variant), seeded=SEED), language=lang)
    ui.update(5.0)
    rec = RecordingSurface(size, ui.ctx.fonts.meta)
    ui.draw(rec)
    lay = ui.table.layout
    assert lay is not None
    want = tr("seeded_mark", lang, n=str(SEED))
    marks = [t for t in rec.texts if t.text == want]
    assert len(marks) == 1, [t.text for t in rec.texts]
    mark = marks[0].rect
    assert rec.get_rect().contains(mark)
    assert marks[0].size >= ui.ctx.fonts.min_size
    others = [t for t in rec.texts if t.text != want and t.rect.colliderect(mark)]
    assert not others, [t.text for t in others]
    taken = [b.rect for b in lay.buttons] + [lay.score, lay.status, *lay.trick_slots.values()]
    taken += [a.label for a in lay.seats.values()] + [c for a in lay.seats.values() for c in a.cards]
    taken += [r for _, r in lay.hand] + ([lay.talon] if lay.talon is not None else [])
    assert mark.collidelist(taken) < 0, (mark, [r for r in taken if r.colliderect(mark)])


@pytest.mark.parametrize("lang", ["it", "de", "en"])
@pytest.mark.parametrize("variant", ["tressette2", "treseta4"])
def test_an_unseeded_table_shows_no_mark(variant: str, lang: str, make_ui: MakeUI) -> None:
    model = demo.busiest(variant)
    assert model.seeded is None
    ui = make_ui((800, 480), model, language=lang)
    ui.update(5.0)
    rec = RecordingSurface((800, 480), ui.ctx.fonts.meta)
    ui.draw(rec)
    word = tr("seeded_mark", lang, n="").strip()
    assert rec.texts and not [t.text for t in rec.texts if word in t.text]
