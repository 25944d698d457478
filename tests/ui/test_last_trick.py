"""The last-trick review (a tap on the table's middle, key T): each card over its player's
name, the names apart from one another on their own plates (issue 13: four names ran
into one another at 800x480), for every game at every size and language."""

from __future__ import annotations

import functools

import pytest

from firmware.engine.variants import PRESETS
from tests.ui.conftest import MakeUI
from tools import demo
from ui.fonts import min_text_px
from ui.model import TableModel
from ui.textcheck import RecordingSurface, problems
from ui.trick_view import last_trick_cells

SIZES = [(800, 480), (480, 320), (1280, 800)]


@functools.cache
def _full_last_trick(variant: str) -> TableModel:
    n = PRESETS[variant].n_seats
    return demo.find_model(variant, lambda m: len(m.last_trick) == n and m.my_turn, start=n)


@pytest.mark.parametrize("lang", ["it", "de", "en"])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("variant", list(PRESETS))
def test_last_trick_names_stand_apart(variant: str, size: tuple[int, int], lang: str, make_ui: MakeUI) -> None:
    ui = make_ui(size, _full_last_trick(variant), language=lang)
    ui.update(5.0)
    ui.table.show_last = True
    rec = RecordingSurface(size, ui.ctx.fonts.meta)
    ui.draw(rec)
    found = problems(rec, min_px=min_text_px(size[1]))
    assert not found, found
    names = {ui.table.seat_name(pc.seat) for pc in ui.model.last_trick}
    boxes = sorted((t.rect for t in rec.texts if t.text in names), key=lambda r: r.x)
    assert len(boxes) == len(ui.model.last_trick)
    for a, b in zip(boxes, boxes[1:], strict=False):
        assert b.x - a.right >= 10, (a, b)  # a clear gap, not one run of words


@pytest.mark.parametrize("n", [2, 3, 4])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_last_trick_cells_fit_and_never_touch(n: int, size: tuple[int, int]) -> None:
    for name_w in ([40] * n, [160] * n, [30, 200, 90, 120][:n]):
        cells = last_trick_cells((90, 150), name_w, size, 14)
        assert len(cells) == n
        screen = (0, 0, *size)
        for card, plate in cells:
            assert card.colliderect(screen) and plate.bottom <= size[1] and card.x >= 0 and plate.right <= size[0]
            assert plate.top > card.bottom
        for (c1, p1), (c2, p2) in zip(cells, cells[1:], strict=False):
            assert p2.x - p1.right >= 10 and c2.x > c1.right
