"""The rules with pictures as a person meets them: the simulator's window on Xvfb at
480x320, *Rules* tapped on the home screen (the chosen game's *What counts*: its cards
drawn), ▶ to its declarations, *Back*; then from a match's table, key R (the game being
played) and Esc back to the table. Screenshots in ``test-artifacts/sim/`` (``rules-*.png``)."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pygame
import pytest

from .test_xvfb import click_at, open_sim, settled, shot, stop, x, xdisplay  # noqa: F401

pytestmark = pytest.mark.xvfb

SMALL = (480, 320)


def _distinct_colours(path: Path, box: pygame.Rect) -> int:
    pic = pygame.image.load(str(path))
    return len({tuple(pic.get_at((px, py))) for px in range(box.x, box.right, 3) for py in range(box.y, box.bottom, 3)})


def test_the_rules_with_pictures_from_home_and_from_the_table(xdisplay, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]  # noqa: F811
    from ui.app import UIApp
    from ui.model import TableModel

    sim, ox, oy = open_sim(xdisplay, tmp_path, "--seed", "4", "--think-ms", "100", "--size", "480x320")
    try:
        def on(screen: str) -> dict[str, Any]:
            """The screen shown and at rest (the probe says so), before a picture is taken."""
            return settled(tmp_path, lambda p: p["screen"] == screen, what=f"the {screen} screen")

        def click(pos: tuple[int, int]) -> None:
            click_at(xdisplay, (ox, oy), pos, 0)

        def key(name: str) -> None:
            x(xdisplay, "xdotool", "key", name)

        on("home")
        mirror = UIApp(pygame.Surface(SMALL))
        mirror.set_model(TableModel())
        home = {b.name: b for b in mirror.home.buttons(SMALL)}
        felt = shot(xdisplay, "rules-00-home.png")
        click(home["nav:rules"].rect.center)
        on("rules")
        mirror.show("rules")
        rules = {b.name: b for b in mirror.rules.buttons(SMALL)}
        values = shot(xdisplay, "rules-01-what-counts.png")
        # a row of ten cards is drawn in the middle: many colours, where the home screen had few
        band = pygame.Rect(ox + 20, oy + 110, 440, 60)
        assert _distinct_colours(values, band) > _distinct_colours(felt, band) + 20
        click(rules["next"].rect.center)
        time.sleep(0.6)  # the next page of the same screen: the probe does not tell the pages apart
        shot(xdisplay, "rules-02-declarations.png")
        click(rules["back"].rect.center)
        on("home")
        click(home["start"].rect.center)
        dealt = settled(tmp_path, lambda p: p["screen"] == "table" and p["model"]["hand"] > 0, what="the cards dealt")
        x(xdisplay, "xdotool", "mousemove", str(ox + 240), str(oy + 160))  # keys go where the pointer is
        table = shot(xdisplay, "rules-03-table.png")
        key("r")
        on("rules")
        again = shot(xdisplay, "rules-04-from-the-table.png")
        assert _distinct_colours(again, band) > 20
        key("Escape")
        # back at the table as it was left (a computer's card meanwhile would change its top)
        back_probe = on("table")
        back = shot(xdisplay, "rules-05-back-at-the-table.png")
        if back_probe["model"]["trick"] == dealt["model"]["trick"]:
            top = pygame.Rect(ox + 150, oy + 4, 200, 40)  # the table's top (the other seat's cards), not the title
            assert pygame.image.load(str(back)).get_at(top.center) == pygame.image.load(str(table)).get_at(top.center)
    finally:
        err = stop(sim)
    assert "Traceback" not in err, err[-3000:]
