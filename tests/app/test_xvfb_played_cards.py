"""The cards played so far, as a person meets them in a practice match: the simulator's
window on Xvfb at 480x320, *casual* toggled on the home screen, a card played, a tap on
the score, the *Cards played* tab. Screenshots in ``test-artifacts/sim/`` (``played-*.png``)."""

from __future__ import annotations

import time
from pathlib import Path

import pygame
import pytest

from firmware.engine import Declare, Play

from .test_xvfb import (  # noqa: F401
    click_at,
    journal_len,
    journal_reaches,
    open_sim,
    screen_model,
    settled,
    shot,
    stop,
    wait,
    x,
    xdisplay,
)

pytestmark = pytest.mark.xvfb

SMALL = (480, 320)


def test_a_practice_match_shows_the_cards_played_by_suit(xdisplay, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]  # noqa: F811
    from dataclasses import replace

    from ui.app import UIApp
    from ui.layout import table_layout
    from ui.model import TableModel
    from ui.played_cards import tab_rects, tally_cells

    state = tmp_path / "state"
    sim, ox, oy = open_sim(xdisplay, tmp_path, "--seed", "4", "--think-ms", "100", "--size", "480x320")
    try:
        def click(pos: tuple[int, int]) -> None:
            click_at(xdisplay, (ox, oy), pos)

        settled(tmp_path, lambda p: p["screen"] == "home", what="the home screen")
        mirror = UIApp(pygame.Surface(SMALL))
        mirror.set_model(TableModel())
        home = {b.name: b for b in mirror.home.buttons(SMALL)}
        click(home["casual"].rect.center)  # practice: hints and undo, and the peek
        click(home["start"].rect.center)
        wait(lambda: journal_len(state) >= 0, what="a new game in the journal")
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            model, view = screen_model(state)
            n = journal_len(state)
            if any(isinstance(a, Declare) for a in view.legal):
                button = next(b for b in table_layout(model, SMALL).buttons if b.name.startswith("declare"))
                click(button.rect.center)
                wait(journal_reaches(state, n + 1), what="the declaration in the journal")
                continue
            if view.my_turn and any(isinstance(a, Play) for a in view.legal):
                settled(tmp_path, lambda p: p["model"]["my_turn"] and p["tap_ready"], timeout=60, what="my turn")
                card = next(a.card for a in view.legal if isinstance(a, Play))
                click(next(r for c, r in table_layout(model, SMALL).hand_hit if c == card).center)
                wait(journal_reaches(state, n + 1), what="the card in the journal")
                break
            time.sleep(0.2)
        else:
            raise AssertionError("the person's turn never came")
        time.sleep(1.0)
        model, _ = screen_model(state)
        model = replace(model, casual=True)
        lay = table_layout(model, SMALL)
        click(lay.score.center)
        mirror.set_model(model)
        mirror.show("table")
        mirror.draw()  # lays the table out at the screen's size
        assert mirror.table.layout is not None
        panel = mirror.table.peek_panel(mirror.table.layout)
        tabs = tab_rects(panel, mirror.ctx.theme.min_touch)
        click(tabs["played"].center)
        path = shot(xdisplay, "played-01-by-suit.png")
        pic = pygame.image.load(str(path))
        top = max(r.bottom for r in tabs.values()) + 6
        cells = tally_cells(model.deck, pygame.Rect(panel.x + 8, top + 4, panel.w - 16, panel.bottom - top - 30),
                            mirror.ctx.theme.card_ratio)
        where = {c: r for row in cells for c, r in row}
        played = [c for c in model.played_cards]
        assert card in played
        unseen = next(c for c in where if c not in played and c not in model.face_up_cards)

        def light(c: int) -> int:
            r = where[c]
            px = pic.get_at((ox + r.centerx, oy + r.y + r.h // 4))
            return int(px.r) + int(px.g) + int(px.b)

        assert light(card) > light(unseen) + 150, "the card played is drawn in full, an unseen one faint"
        click((SMALL[0] // 2, SMALL[1] - 4))  # any other tap: back to the table
        shot(xdisplay, "played-02-back.png")
    finally:
        err = stop(sim)
    assert "Traceback" not in err, err[-3000:]
