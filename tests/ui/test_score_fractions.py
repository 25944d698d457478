"""The hand's points in thirds (⅓, ⅔) in the score box are readable at 480x320 (issue 38:
the fraction's figures were about 4 px high): the glyph is drawn larger than the digits,
its ink at least 1.4 times as tall as a digit's, inside the box."""

from __future__ import annotations

import dataclasses

import pytest

from tests.ui.conftest import SIZES, MakeUI
from tools import demo


def _tallest_ink(make_ui: MakeUI, size: tuple[int, int], thirds: tuple[int, int]) -> int:
    """The tallest run of rows with the hand column's (accent) ink in the score box."""
    m = dataclasses.replace(demo.busiest("tressette2"), side_thirds=thirds, declared=(0, 0))
    ui = make_ui(size, m, language="it")
    ui.update(5.0)
    ui.show("table")
    ui.draw()
    lay = ui.table.layout
    assert lay is not None
    r = lay.score
    x0 = r.x + int(r.w * 0.62) + 2
    top = r.top + (r.h - 4) // 3 + 2  # under the heading row (target, total, hand)

    def inked(x: int, y: int) -> bool:
        red, green, blue = ui.surface.get_at((x, y))[:3]
        return red > 120 and green > 100 and blue < red - 60  # the accent's yellow, anti-aliased too

    rows = [y for y in range(top, r.bottom) if any(inked(x, y) for x in range(x0, r.right - 2))]
    assert rows and rows[-1] < r.bottom - 1, "the hand's points inside the box"
    best = run = 1
    for a, b in zip(rows, rows[1:], strict=False):
        run = run + 1 if b == a + 1 else 1
        best = max(best, run)
    return best


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_hand_column_s_fractions_are_tall_enough(size: tuple[int, int], make_ui: MakeUI) -> None:
    digits = _tallest_ink(make_ui, size, (6, 9))  # 2 and 3: digits only
    fractions = _tallest_ink(make_ui, size, (7, 8))  # 2⅓ and 2⅔
    assert fractions >= 1.4 * digits, (fractions, digits)
