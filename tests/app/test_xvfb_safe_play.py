"""Safe play as a person meets it at 480x320: the simulator's window on Xvfb with
``[ui] safe_play = true``; the finger (the mouse button) held on a card shows it enlarged,
the first tap lifts the card and nothing is played, the second tap plays it. Screenshots
in ``test-artifacts/sim/`` (``safe-*.png``)."""

from __future__ import annotations

import time
from pathlib import Path

import pygame
import pytest

from firmware.engine import Declare, Play

from .test_xvfb import (  # noqa: F401
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


def test_two_taps_play_a_card_at_480x320(xdisplay, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]  # noqa: F811
    from ui.app import UIApp
    from ui.layout import table_layout
    from ui.model import TableModel

    (tmp_path / "s.toml").write_text('[ui]\nsafe_play = true\n')
    state = tmp_path / "state"
    sim, ox, oy = open_sim(xdisplay, tmp_path, "--seed", "4", "--think-ms", "100", "--size", "480x320")
    try:
        def at(pos: tuple[int, int]) -> tuple[str, str]:
            return str(ox + pos[0]), str(oy + pos[1])

        def click(pos: tuple[int, int]) -> None:
            x(xdisplay, "xdotool", "mousemove", *at(pos), "click", "1")

        settled(tmp_path, lambda p: p["screen"] == "home", what="the home screen")
        mirror = UIApp(pygame.Surface(SMALL))
        mirror.set_model(TableModel())
        start = next(b for b in mirror.home.buttons(SMALL) if b.name == "start")
        click(start.rect.center)
        wait(lambda: journal_len(state) >= 0, what="a new game in the journal")
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            model, view = screen_model(state)
            if any(isinstance(a, Declare) for a in view.legal):
                n = journal_len(state)
                button = next(b for b in table_layout(model, SMALL).buttons if b.name.startswith("declare"))
                click(button.rect.center)
                wait(journal_reaches(state, n + 1), what="the declaration in the journal")
                continue
            if view.my_turn and any(isinstance(a, Play) for a in view.legal):
                break
            time.sleep(0.2)
        else:
            raise AssertionError("the person's turn never came")
        # the deal's cards landed, my turn on the screen too (a busy machine draws it later)
        settled(tmp_path, lambda p: p["model"]["my_turn"] and p["tap_ready"], timeout=60, what="my turn")
        card = next(a.card for a in view.legal if isinstance(a, Play))
        rect = next(r for c, r in table_layout(model, SMALL).hand_hit if c == card)
        n = journal_len(state)
        x(xdisplay, "xdotool", "mousemove", *at(rect.center), "mousedown", "1")
        time.sleep(0.6)
        held = shot(xdisplay, "safe-01-finger-down.png")
        x(xdisplay, "xdotool", "mouseup", "1")
        time.sleep(1.5)
        assert journal_len(state) == n, "one tap played the card with safe play on"
        lifted = shot(xdisplay, "safe-02-lifted.png")
        # the finger's card is drawn enlarged above the hand while it is down, gone after
        big = pygame.Rect(0, 0, 10, 10)
        big.midbottom = (rect.centerx, rect.y - 12)
        pic_held, pic_lifted = pygame.image.load(str(held)), pygame.image.load(str(lifted))
        probe = (ox + big.centerx, oy + big.centery - 30)
        assert pic_held.get_at(probe) != pic_lifted.get_at(probe)
        click(rect.center)
        wait(journal_reaches(state, n + 1), what="the card played by the second tap")
        time.sleep(0.8)
        shot(xdisplay, "safe-03-played.png")
        model, view = screen_model(state)
        assert card not in view.hand
    finally:
        err = stop(sim)
    assert "Traceback" not in err, err[-3000:]
