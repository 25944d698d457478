"""Learn to play, as a person meets it: the simulator's window on Xvfb, xdotool clicks on
the home screen's *Impara a giocare*, the accuso's lesson on the table, Esc (the lessons
end, the hand goes on), the accuso declared, Esc home; screenshots in ``test-artifacts/sim/``
(``guide-*.png``)."""

from __future__ import annotations

import time
from pathlib import Path

import pygame
import pytest

from firmware.engine import Declare
from firmware.store import Journal

from .test_xvfb import SIZE, journal_len, open_sim, screen_model, shot, stop, wait, x, xdisplay  # noqa: F401

pytestmark = pytest.mark.xvfb


def _mode(state: Path) -> str | None:
    with Journal.open(state) as j:
        row = j.unfinished()
        return None if row is None else row.mode


def test_learn_to_play_in_the_simulator_window(xdisplay, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]  # noqa: F811
    from ui.app import UIApp
    from ui.layout import table_layout
    from ui.model import TableModel

    state = tmp_path / "state"
    sim, ox, oy = open_sim(xdisplay, tmp_path, "--think-ms", "100")
    try:
        def click(pos: tuple[int, int]) -> None:
            x(xdisplay, "xdotool", "mousemove", str(ox + pos[0]), str(oy + pos[1]), "click", "1")

        time.sleep(1.0)
        shot(xdisplay, "guide-01-home.png")
        mirror = UIApp(pygame.Surface(SIZE))
        mirror.set_model(TableModel())
        learn = next(b for b in mirror.home.buttons(SIZE) if b.name == "learn")
        click(learn.rect.center)
        # the settings' computer is normal: the guide says it plays easy, and asks (issue 38)
        mirror.home.press("learn")
        yes = next(b for b in mirror.question_buttons(SIZE) if b.name == "yes")
        time.sleep(0.5)
        click(yes.rect.center)
        wait(lambda: journal_len(state) >= 0, what="the guided hand in the journal")
        assert _mode(state) == "lesson"
        time.sleep(1.0)
        shot(xdisplay, "guide-02-accuso-lesson.png")
        x(xdisplay, "xdotool", "key", "Escape")  # Esc on a lesson: the lessons end, the hand goes on
        time.sleep(1.0)
        shot(xdisplay, "guide-03-after-esc.png")
        model, view = screen_model(state)
        assert any(isinstance(a, Declare) for a in view.legal)  # the guide's seed: an accuso held
        button = next(b for b in table_layout(model, SIZE).buttons if b.name.startswith("declare"))
        n = journal_len(state)
        click(button.rect.center)  # still the table: the accuso's button answers
        wait(lambda: journal_len(state) > n, what="the accuso in the journal")
        time.sleep(1.0)
        shot(xdisplay, "guide-04-declared.png")
        x(xdisplay, "xdotool", "key", "Escape")  # no lesson now: Esc goes home, the match kept
        time.sleep(1.0)
        shot(xdisplay, "guide-05-home.png")
        assert _mode(state) == "lesson"
    finally:
        err = stop(sim)
    assert "Traceback" not in err, err[-3000:]
