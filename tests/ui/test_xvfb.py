"""A real window under Xvfb: a click by xdotool on a bright card reaches the game.

Runs ``python -m tools.demo`` (tressette2, seed 7, computer opponent) at 480x320
in a private X server, waits for the human's turn, clicks a playable card
where the pure layout says it is, and saves a screenshot of the screen.
"""

from __future__ import annotations

import os
import select
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import IO

import pytest

from firmware.engine import CODE
from tools import demo
from ui.intents import SeatSetup
from ui.layout import table_layout
from ui.model import model_from_view

pytestmark = pytest.mark.xvfb
ROOT = Path(__file__).resolve().parents[2]
needed = ("Xvfb", "xdotool", "import")


def _read_line(stream: IO[str], timeout: float) -> str:
    """The next line the other process prints, waiting at most ``timeout`` s."""
    ready, _, _ = select.select([stream], [], [], timeout)
    assert ready, f"no output within {timeout} s"
    return stream.readline().strip()


def _wait_for(stream: IO[str], wanted: str, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while (line := _read_line(stream, max(0.1, deadline - time.monotonic()))) != wanted:
        assert line, f"the demo ended before {wanted!r}"


@pytest.mark.skipif(any(shutil.which(x) is None for x in needed), reason="needs Xvfb, xdotool, imagemagick")
def test_click_a_card_in_a_real_window(artifacts: Path, tmp_path: Path) -> None:
    # Xvfb picks a free display and writes its number once it accepts clients.
    read_fd, write_fd = os.pipe()
    xvfb = subprocess.Popen(
        ["Xvfb", "-displayfd", str(write_fd), "-screen", "0", "640x400x24", "-nolisten", "tcp", "-noreset"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, pass_fds=(write_fd,),
    )
    os.close(write_fd)
    app = None
    try:
        with os.fdopen(read_fd) as numbers:
            display = ":" + _read_line(numbers, 30.0)
        env = dict(os.environ, DISPLAY=display, SDL_VIDEODRIVER="x11", SDL_AUDIODRIVER="dummy",
                   SDL_VIDEO_WINDOW_POS="0,0", UI_SIZE="480x320")
        app = subprocess.Popen([sys.executable, "-m", "tools.demo"], cwd=ROOT, env=env,
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        assert app.stdout is not None
        _wait_for(app.stdout, "ready")
        # the same seeded hand, after the computer's lead: where is a card I may play?
        match = demo.play_match("tressette2", 7, 0)
        state = match.state
        assert state is not None
        while state.to_move != 0:
            match.apply(next(a for a in match.view_for(state.to_move).legal if type(a).__name__ == "Play"))
        model = model_from_view(match.view_for(0), seats=(SeatSetup("human", None), SeatSetup("computer", "normal")))
        card, rect = next((c, r) for c, r in table_layout(model, (480, 320)).hand_hit if c in model.playable)
        _wait_for(app.stdout, "your turn")  # the computer's card is shown, nothing flies
        subprocess.run(["xdotool", "mousemove", str(rect.centerx), str(rect.centery), "click", "1"],
                       env=env, check=True)
        assert _read_line(app.stdout, 30.0) == f"played {CODE[card]}"
        _wait_for(app.stdout, "your turn")  # the trick was held, the draws flew, my turn again
        shot = artifacts / "xvfb_window_480x320.png"
        subprocess.run(["import", "-display", display, "-window", "root", "-crop", "480x320+0+0", str(shot)],
                       env=env, check=True)
        assert shot.stat().st_size > 10_000
    finally:
        if app is not None:
            app.terminate()
            app.wait(5)
        xvfb.terminate()
        xvfb.wait(5)
