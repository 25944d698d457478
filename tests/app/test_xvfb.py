"""A person at the simulator: a real window on Xvfb, xdotool clicks, screenshots.

Home → *Gioca* → declare if offered → play cards by clicking them, with a
screenshot after each step in ``test-artifacts/sim/``. Where to click comes
from the UI's own layout functions applied to the same model the simulator
shows (rebuilt from the journal), so the test clicks what a person would see.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame
import pytest

from firmware.config import check_seats
from firmware.engine import Declare, Play, View
from firmware.engine.records import replay
from firmware.store import Journal

from .conftest import REPO

if TYPE_CHECKING:
    from ui.model import TableModel

pytestmark = pytest.mark.xvfb

TOOLS = ("Xvfb", "xdotool", "import", "xwininfo")
ARTIFACTS = REPO / "test-artifacts" / "sim"
SIZE = (800, 480)
WINDOW = (1100, 480)


@pytest.fixture
def xdisplay() -> Iterator[str]:
    from tools.simsession import xvfb

    missing = [t for t in TOOLS if shutil.which(t) is None]
    if missing:
        pytest.skip(f"needs {', '.join(missing)}")
    with xvfb(SIZE) as display:  # the screen and the table panel beside it: WINDOW
        yield display


def x(display: str, *args: str) -> str:
    out = subprocess.run(args, env=dict(os.environ, DISPLAY=display), capture_output=True, timeout=20)
    return out.stdout.decode()


def click_at(display: str, origin: tuple[int, int], pos: tuple[int, int], settle: float = 0.5) -> None:
    """A real click at ``pos`` of the simulator's screen (its window at ``origin``), then a
    moment for the screen to answer."""
    x(display, "xdotool", "mousemove", str(origin[0] + pos[0]), str(origin[1] + pos[1]), "click", "1")
    time.sleep(settle)


def window_origin(display: str) -> tuple[int, int] | None:
    """Where the simulator's window is on the root (``xwininfo``; xdotool's search
    trips over SDL's helper windows)."""
    for line in x(display, "xwininfo", "-root", "-tree").splitlines():
        if "simulator" in line and "+" in line:
            geometry = line.split()[-1]  # +X+Y absolute
            _, gx, gy = geometry.split("+")
            return int(gx), int(gy)
    return None


def stop(sim: subprocess.Popen[bytes]) -> str:
    """SIGTERM the simulator (a clean stop, as systemd does), kill it if it hangs; its stderr."""
    if sim.poll() is None:
        sim.send_signal(signal.SIGTERM)
        try:
            sim.wait(15)
        except subprocess.TimeoutExpired:
            sim.kill()
            sim.wait()
    assert sim.stderr is not None
    err = sim.stderr.read().decode()
    sim.stderr.close()
    return err


def shot(display: str, name: str) -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS / name
    x(display, "import", "-window", "root", str(path))
    assert path.exists() and path.stat().st_size > 10_000
    return path


def wait(cond: Callable[[], bool], timeout: float = 20.0, what: str = "") -> None:
    """Bounded wait on the other process (its window, its journal)."""
    deadline = time.monotonic() + timeout
    while not cond():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.1)


def probe_of(tmp_path: Path) -> dict[str, Any]:
    """The simulator's probe file (``ui.probe``, written after each flip that changed it), or {}."""
    try:
        data = json.loads((tmp_path / "probe.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def settled(tmp_path: Path, ok: Callable[[dict[str, Any]], bool] = lambda p: True, before: str | None = None,
            timeout: float = 20.0, what: str = "the screen") -> dict[str, Any]:
    """Wait for the screen to show what ``ok`` asks (and to differ from the probe text ``before``),
    with nothing animating; then the frame listed is given to the X server before a picture."""
    got: dict[str, Any] = {}

    def ready() -> bool:
        nonlocal got
        got = probe_of(tmp_path)
        if not got or got.get("busy") or got.get("flying") or not ok(got):
            return False
        return before is None or json.dumps(got, sort_keys=True) != before

    wait(ready, timeout, what)
    time.sleep(0.15)  # the frame listed is flipped; let the X server have it
    return got


def journal_reaches(state: Path, n: int) -> Callable[[], bool]:
    """``wait``'s condition: the journal under ``state`` holds ``n`` actions or more."""
    return lambda: journal_len(state) >= n


def open_sim(display: str, tmp_path: Path, *args: str) -> tuple[subprocess.Popen[bytes], int, int]:
    """``tressette sim`` in a real X11 window on ``display``, state under ``tmp_path``:
    the process and the window's origin, once the window is up (the caller stops it)."""
    env = dict(os.environ, DISPLAY=display, SDL_AUDIODRIVER="dummy", PYTHONPATH=str(REPO),
               TRESSETTE_SIM_PROBE=str(tmp_path / "probe.json"))  # what the screen shows: probe_of
    env.pop("SDL_VIDEODRIVER", None)  # a real X11 window this time
    sim = subprocess.Popen(
        [sys.executable, "-m", "firmware.cli", "sim", "--state-dir", str(tmp_path / "state"),
         "--config", str(tmp_path / "s.toml"), *args],
        env=env, cwd=REPO, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
    )  # fmt: skip

    def window_up() -> bool:
        assert sim.stderr is not None
        assert sim.poll() is None, sim.stderr.read().decode()[-3000:]
        return window_origin(display) is not None

    try:
        wait(window_up, timeout=60, what="the window")
    except BaseException:
        stop(sim)
        raise
    origin = window_origin(display)
    assert origin is not None
    return sim, origin[0], origin[1]


def journal_len(state: Path) -> int:
    if not (state / "journal.sqlite3").exists():
        return -1
    with Journal.open(state) as j:
        row = j.unfinished()
        if row is None:
            return -1
        return sum(len(h["actions"]) for h in j.record(row.id)["hands"]) if j.hands(row.id) else 0


def screen_model(state: Path) -> tuple[TableModel, View]:
    """The model the simulator shows the human (seat 0), rebuilt from the journal."""
    from ui.model import model_from_view

    with Journal.open(state) as j:
        row = j.unfinished()
        assert row is not None, "no match in the journal"
        match = replay(j.record(row.id))
    view = match.view_for(0)
    return model_from_view(view, seats=check_seats(row.seats), totals=tuple(match.totals)), view


def test_click_through_a_game_in_the_simulator_window(xdisplay: str, tmp_path: Path) -> None:
    from ui.app import UIApp
    from ui.layout import table_layout
    from ui.model import TableModel

    for old in ARTIFACTS.glob("*.png"):
        old.unlink()
    state = tmp_path / "state"
    sim, ox, oy = open_sim(xdisplay, tmp_path, "--seed", "4", "--think-ms", "100")
    try:

        def click(pos: tuple[int, int]) -> None:
            x(xdisplay, "xdotool", "mousemove", str(ox + pos[0]), str(oy + pos[1]), "click", "1")

        settled(tmp_path, lambda p: p["screen"] == "home", what="the home screen")
        shot(xdisplay, "01-home.png")

        # the home screen's "Gioca" button, where the UI's layout puts it
        mirror = UIApp(pygame.Surface(SIZE))
        mirror.set_model(TableModel())
        start = next(b for b in mirror.home.buttons(SIZE) if b.name == "start")
        click(start.rect.center)
        wait(lambda: journal_len(state) >= 0, what="a new game in the journal")
        settled(tmp_path, lambda p: p["screen"] == "table", what="the cards dealt")
        shot(xdisplay, "02-dealt.png")

        played = 0
        step = 3
        deadline = time.monotonic() + 60
        while played < 3 and time.monotonic() < deadline:
            model, view = screen_model(state)
            n = journal_len(state)
            declares = [a for a in view.legal if isinstance(a, Declare)]
            plays = [a for a in view.legal if isinstance(a, Play)]
            layout = table_layout(model, SIZE)
            if declares:
                button = next(b for b in layout.buttons if b.name.startswith("declare"))
                click(button.rect.center)
                what = "declaration"
            elif plays and view.my_turn:
                # as a person does: the card is tapped once the table is at rest (under load the
                # window can still be showing the last trick when the journal already says our turn)
                settled(tmp_path, what="the table at rest before card " + str(played + 1))
                card = plays[0].card
                rect = next(r for c, r in layout.hand_hit if c == card)
                click(rect.center)
                played += 1
                what = f"card {played}"
            else:
                time.sleep(0.2)  # the computer is thinking (bounded by the deadline)
                continue
            wait(journal_reaches(state, n + 1), what=f"the {what} in the journal")
            settled(tmp_path, what=f"the {what} landed")  # the card flies; then the picture
            shot(xdisplay, f"{step:02d}-after-{what.replace(' ', '-')}.png")
            step += 1
        assert played == 3

        # the table panel: the Accuso button of seat 1 (a refusal or the accusi panel)
        from ui.simpanel import SimPanel

        panel = SimPanel(pygame.Rect(SIZE[0], 0, WINDOW[0] - SIZE[0], WINDOW[1]), n_seats=2)
        click(panel.layout()["seat0"].center)
        time.sleep(0.8)
        shot(xdisplay, f"{step:02d}-accuso-button.png")

        assert sim.poll() is None, "the simulator is still running"
        assert journal_len(state) >= 6
    finally:
        err = stop(sim)
    assert sim.returncode == 0, err[-3000:]
    assert "Traceback" not in err, err


ONORI_SEATS = ["human", "cpu:easy", "cpu:easy", "cpu:easy"]


def onori_script(tmp_path: Path) -> tuple[int, list[tuple[int, TableModel, int]], int, TableModel]:
    """A seed where the person (seat 0) of a tressette4 table has onori after trick 1.

    The same controller, seats and seed as ``tressette sim --seed N`` (the computers'
    choices depend on the seed only), driven in-process: what the person clicks
    (his first legal card at each turn) and the screen he then sees.
    """
    from firmware.app.controller import ControllerOptions, TableController
    from firmware.app.events import EventBus, one_queue
    from firmware.app.seats import ComputerSeats, SyncExecutor
    from firmware.config import GameSettings
    from ui.intents import PlayCard

    for seed in range(1, 200):
        events = one_queue()
        with Journal.open(tmp_path / f"mirror{seed}") as journal:
            settings = GameSettings(variant="tressette4", seats=check_seats(ONORI_SEATS), think_ms=0)
            ctl = TableController(journal, settings, options=ControllerOptions(seed=seed))
            seats = ComputerSeats(events.put, seed=seed, executor=SyncExecutor(), rate_worlds=1)
            ctl.new_match()
            steps: list[tuple[int, TableModel, int]] = []  # (journal length before, model, card)

            def pump(ctl: TableController = ctl, seats: ComputerSeats = seats, events: EventBus = events) -> None:
                while True:
                    seats.poll(ctl)
                    event = events.get_nowait()
                    if event is None:
                        return
                    ctl.handle(event)

            pump()
            match = ctl.match
            assert match is not None and match.state is not None  # the hand is dealt
            while ctl.phase == "play" and len(match.state.tricks) < 1:
                if ctl.table.mover() == 0:
                    model = ctl.model()
                    card = next(a.card for a in match.view_for(0).legal if isinstance(a, Play))
                    steps.append((len(match.hands[-1].actions), model, card))
                    ctl.handle(PlayCard(card))
                pump()
            if 0 in ctl.pending_accusi():
                return seed, steps, len(match.hands[-1].actions), ctl.model()
            seats.close()
    raise AssertionError("no seed gave the person onori")


def test_a_person_declares_onori_in_the_simulator_window(xdisplay: str, tmp_path: Path) -> None:
    """tressette4: after trick 1 the computers wait; the prompt and Nothing to declare are on screen."""
    from ui.layout import table_layout

    seed, steps, at_prompt, prompt_model = onori_script(tmp_path)
    state = tmp_path / "state"
    sim, ox, oy = open_sim(xdisplay, tmp_path, "--seed", str(seed), "--think-ms", "50",
                           "--variant", "tressette4", "--seats", ",".join(ONORI_SEATS))
    try:

        def click(pos: tuple[int, int]) -> None:
            x(xdisplay, "xdotool", "mousemove", str(ox + pos[0]), str(oy + pos[1]), "click", "1")

        for before, model, card in steps:
            wait(journal_reaches(state, before), timeout=60, what="the person's turn in trick 1")
            settled(tmp_path, lambda p: p["model"]["my_turn"] and p["tap_ready"], timeout=60,
                    what="the cards landed, the person's turn on the screen")
            rect = next(r for c, r in table_layout(model, SIZE).hand_hit if c == card)
            click(rect.center)
            wait(journal_reaches(state, before + 1), timeout=60, what="the person's card in the journal")
        wait(lambda: journal_len(state) >= at_prompt, timeout=60, what="trick 1 complete")
        time.sleep(2.0)  # nothing more may happen: the computers wait for the person
        assert journal_len(state) == at_prompt, "a computer played while the person may declare onori"
        shot(xdisplay, "onori-01-prompt.png")
        buttons = {b.name: b for b in table_layout(prompt_model, SIZE).buttons}
        assert "declare_none" in buttons
        declare = next(b for name, b in buttons.items() if name.startswith("declare:"))
        click(declare.rect.center)
        wait(lambda: journal_len(state) > at_prompt, timeout=60, what="the onori in the journal")
        settled(tmp_path, lambda p: p["model"]["declarations"] > 0, what="the onori on the screen")
        shot(xdisplay, "onori-02-declared.png")
        with Journal.open(state) as j:
            row = j.unfinished()
            assert row is not None, "no match in the journal"
            match = replay(j.record(row.id))
        assert match.state is not None and match.state.declarations_of(0), "the person's onori were recorded"
    finally:
        err = stop(sim)
    assert sim.returncode == 0, err[-3000:]
    assert "Traceback" not in err, err


def test_escape_on_the_home_screen_asks_before_the_simulator_closes(xdisplay: str, tmp_path: Path) -> None:
    """The keyboard in the real window: Esc at home asks (No keeps the window), Esc then
    Enter (Yes) closes the simulator cleanly (issue 13: Esc went home and never asked)."""
    sim, ox, oy = open_sim(xdisplay, tmp_path, "--seed", "4")
    try:
        x(xdisplay, "xdotool", "mousemove", str(ox + 400), str(oy + 200))  # keys go where the pointer is
        settled(tmp_path, lambda p: p["screen"] == "home", what="the home screen")

        def key(name: str, asking: bool) -> None:
            x(xdisplay, "xdotool", "key", name)
            settled(tmp_path, lambda p: (p["question"] is not None) == asking,
                    what="the question asked" if asking else "the question gone")

        key("Escape", asking=True)
        shot(xdisplay, "esc-asks.png")
        key("Escape", asking=False)  # No
        assert sim.poll() is None, "closed without asking"
        key("Escape", asking=True)
        x(xdisplay, "xdotool", "key", "Return")  # Yes
        wait(lambda: sim.poll() is not None, timeout=20, what="the simulator to close")
        assert sim.returncode == 0
    finally:
        stop(sim)
