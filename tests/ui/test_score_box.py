"""The score box says what the match is played to in every game (chiamata and ciapano,
four sides, had no room for the heading), and the card in the left column (talon, trump,
called card, widow) stays clear of the left seat and of the status row."""

from __future__ import annotations

import pytest

from firmware.engine.variants import PRESETS
from tests.ui.conftest import MakeUI
from tools import demo
from ui.i18n import tr
from ui.textcheck import RecordingSurface

SIZES = [(800, 480), (480, 320), (1280, 800)]


@pytest.mark.parametrize("lang", ["it", "de", "en"])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("variant", list(PRESETS))
def test_the_score_box_names_the_target(variant: str, size: tuple[int, int], lang: str, make_ui: MakeUI) -> None:
    ui = make_ui(size, demo.busiest(variant), language=lang)
    ui.update(5.0)
    rec = RecordingSurface(size, ui.ctx.fonts.meta)
    ui.draw(rec)
    lay = ui.table.layout
    assert lay is not None
    want = tr("to_target", lang, n=ui.model.target)
    inside = [t for t in rec.texts if t.text == want and lay.score.contains(t.rect)]
    assert inside, [t.text for t in rec.texts if lay.score.colliderect(t.rect)]
    if lay.talon is not None:
        assert not lay.talon.colliderect(lay.status), (lay.talon, lay.status)
        for area in lay.seats.values():
            assert not any(lay.talon.colliderect(c) for c in area.cards)
            assert not lay.talon.colliderect(area.label)


@pytest.mark.parametrize("lang", ["it", "de", "en"])
@pytest.mark.parametrize("size", [(800, 480), (480, 320)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("variant", [v for v, p in PRESETS.items() if demo.busiest(v).n_sides > 2])
def test_the_rows_of_a_three_or_four_side_score_box_are_readable(variant: str, size: tuple[int, int], lang: str, make_ui: MakeUI) -> None:
    """Played by touch at 480x320: the 3-4-side score box drew its rows at the 10 px the
    small screen allows at the least; the names and totals are what a player looks up all
    match long, they get 12 px (800x480's minimum) at both sizes (the heading may be 11)."""
    ui = make_ui(size, demo.busiest(variant), language=lang)
    ui.update(5.0)
    rec = RecordingSurface(size, ui.ctx.fonts.meta)
    ui.draw(rec)
    lay = ui.table.layout
    assert lay is not None
    heading = {tr("to_target", lang, n=ui.model.target), tr("total_short", lang), tr("hand_short", lang)}
    rows = [t for t in rec.texts if lay.score.contains(t.rect) and t.text not in heading]
    assert len(rows) >= 3 * ui.model.n_sides
    assert min(t.size for t in rows) >= 12, [(t.text, t.size) for t in rows]
