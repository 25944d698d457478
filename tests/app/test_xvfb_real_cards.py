"""An ordinary deck under Xvfb, clicked as a person would: a whole treseta4 hand entered
on the card picker, and three hands of a tressette4 score sheet with an accuso by the
table panel's Accuso button. Where to click comes from the simulator's own probe file
(``TRESSETTE_SIM_PROBE``: the boxes its screens test taps against); screenshots in
``test-artifacts/real-cards/``."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any, TypeVar

import pytest

from firmware.engine import Match, Play, deal_seeded, legal_actions, make_variant
from firmware.engine.records import replay
from firmware.store import Journal

from .conftest import REPO

pytestmark = pytest.mark.xvfb

TOOLS = ("Xvfb", "xdotool", "import", "xwininfo")
ARTIFACTS = REPO / "test-artifacts" / "real-cards"
SIZE = (800, 480)
T = TypeVar("T")


@pytest.fixture
def xdisplay() -> Iterator[str]:
    from tools.simsession import xvfb

    missing = [t for t in TOOLS if shutil.which(t) is None]
    if missing:
        pytest.skip(f"needs {', '.join(missing)}")
    with xvfb(SIZE) as display:
        yield display


def x(display: str, *args: str) -> str:
    return subprocess.run(args, env=dict(os.environ, DISPLAY=display), capture_output=True, timeout=20).stdout.decode()


def origin(display: str) -> tuple[int, int] | None:
    for line in x(display, "xwininfo", "-root", "-tree").splitlines():
        if "simulator" in line and "+" in line:
            _, gx, gy = line.split()[-1].split("+")
            return int(gx), int(gy)
    return None


def wait(cond: Callable[[], T | None], timeout: float = 30.0, what: str = "") -> T:
    """Bounded wait on the simulator: what ``cond`` gave once it gave something true."""
    deadline = time.monotonic() + timeout
    while True:
        got = cond()
        if got:
            return got
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.1)


class Sim:
    """``tressette sim`` in a real window, its probe file read back after every frame."""

    def __init__(self, display: str, tmp: Path, toml: str, *args: str) -> None:
        self.display, self.state, self.probe_path = display, tmp / "state", tmp / "probe.json"
        (tmp / "s.toml").write_text(toml, encoding="utf-8")
        env = dict(os.environ, DISPLAY=display, SDL_AUDIODRIVER="dummy", PYTHONPATH=str(REPO),
                   TRESSETTE_SIM_PROBE=str(self.probe_path))
        env.pop("SDL_VIDEODRIVER", None)
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "firmware.cli", "sim", "--state-dir", str(self.state),
             "--config", str(tmp / "s.toml"), "--seed", "5", "--think-ms", "0", *args],
            env=env, cwd=REPO, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)  # fmt: skip
        try:
            self.ox, self.oy = wait(lambda: self._up(), 60, "the window")
        except AssertionError as exc:  # say what the program and the X server had, for the next one who sees it
            windows = x(display, "xwininfo", "-root", "-tree")[-2000:]  # read while the program is alive
            self.proc.kill()
            _, err = self.proc.communicate(timeout=10)
            raise AssertionError(f"{exc}; the windows on {display}: {windows}; "
                                 f"the simulator's stderr: {err.decode(errors='replace')[-3000:]}") from exc
        self.shots = 0

    def _up(self) -> tuple[int, int] | None:
        assert self.proc.stderr is not None
        assert self.proc.poll() is None, self.proc.stderr.read().decode()[-3000:]
        return origin(self.display)

    def probe(self) -> dict[str, Any]:
        for _ in range(50):
            try:
                probe: dict[str, Any] = json.loads(self.probe_path.read_text())
                return probe
            except (OSError, ValueError):
                time.sleep(0.1)
        raise AssertionError("no probe file")

    def click(self, rect: Sequence[int]) -> None:
        cx, cy = rect[0] + rect[2] // 2, rect[1] + rect[3] // 2
        x(self.display, "xdotool", "mousemove", str(self.ox + cx), str(self.oy + cy), "click", "1")

    def tap_until(self, rect: Sequence[int], done: Callable[[], bool], what: str) -> None:
        """Tap at a person's pace until ``done`` (a tap the loaded machine's window did not
        take yet is tapped again, as a person would; a second one that lands is refused:
        that card is already played)."""
        for attempt in range(4):
            if attempt:
                print(f"tapped again: {what}", file=sys.stderr)
            # two taps closer than 0.35 s are one: the screen says when it takes the next
            wait(lambda: self.probe().get("tap_ready", True), 10, "the screen ready for a tap")
            self.click(rect)
            deadline = time.monotonic() + 8
            while time.monotonic() < deadline:
                if done():
                    return
                time.sleep(0.1)
        self.shot("timed-out")
        raise AssertionError(f"timed out waiting for {what}")

    def button(self, name: str, timeout: float = 20.0) -> list[int]:
        def found() -> list[int] | None:
            rect: list[int] | None = next((b["rect"] for b in self.probe()["buttons"] if b["name"] == name), None)
            return rect

        return wait(found, timeout, f"the button {name}")

    def shot(self, name: str) -> Path:
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        self.shots += 1
        path = ARTIFACTS / f"{self.shots:02d}-{name}.png"
        x(self.display, "import", "-window", "root", str(path))
        assert path.stat().st_size > 10_000
        return path

    def record(self) -> dict[str, Any] | None:
        if not (self.state / "journal.sqlite3").exists():
            return None
        with Journal.open(self.state) as j:
            rows = j.matches(limit=1)
            return j.record(rows[0].id) if rows else None

    def n_entries(self) -> int:
        rec = self.record()
        return -1 if rec is None else sum(len(h["actions"]) for h in rec["hands"])

    def entries_over(self, n: int) -> Callable[[], bool]:
        """``wait``'s condition: more than ``n`` entries in the journal."""
        return lambda: self.n_entries() > n

    def journal(self) -> dict[str, Any]:
        """The match's record (a match has started)."""
        rec = self.record()
        assert rec is not None, "no match in the journal"
        return rec

    def stop(self) -> str:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        assert self.proc.stderr is not None
        err = self.proc.stderr.read().decode()
        self.proc.stderr.close()
        return err


def thirds_shown(sim: Sim, thirds: int) -> Callable[[], bool]:
    """``wait``'s condition: the count screen shows ``thirds`` for the first side."""
    return lambda: bool(sim.probe()["sheet_entry"]["thirds"][0] == thirds)


def game_toml(variant: str, seats: list[str], options: str = "") -> str:
    return (f'[game]\nvariant = "{variant}"\nseats = {json.dumps(seats)}\nthink_ms = 0\n\n'
            f"[game.options]\n{options}\n\n[ui]\nlanguage = \"it\"\n")


def test_a_whole_treseta4_hand_entered_by_taps_on_the_picker(xdisplay: str, tmp_path: Path) -> None:
    """Four people with an ordinary deck: every card laid is one tap on the picker, in the
    order a seeded deal plays; the box's count is the dealt hand's."""
    for old in ARTIFACTS.glob("*picker*.png"):
        old.unlink()
    v = make_variant("treseta4", {"accusi": False})
    sim = Sim(xdisplay, tmp_path, game_toml("treseta4", ["table"] * 4, "accusi = false"))
    try:
        sim.click(sim.button("start"))
        wait(lambda: sim.probe().get("picker"), 30, "the picker")
        sim.shot("picker-first-card")
        dealer = sim.journal()["hands"][0]["dealer"]
        dealt = Match(v, first_dealer=dealer)
        st = dealt.start_hand({"seed": 77})
        assert deal_seeded(v, 77, dealer)
        n = 0
        while not st.over:
            action = next(a for a in legal_actions(st) if isinstance(a, Play))
            p = wait(lambda: (q := sim.probe()).get("picker") and q["picker"]["seat"] == st.to_move and q, 20,
                     f"the picker for seat {st.to_move}")
            cell = next(c for c in p["cards"] if c["card"] == action.card)
            assert cell["playable"], f"{cell['code']} dimmed"
            if p["picker"]["ends_hand"]:  # the hand's last card is asked first, naming it
                sim.tap_until(cell["rect"], lambda: bool(sim.probe().get("question")), "the last card's question")
                sim.shot("picker-last-card-question")
                sim.tap_until(sim.button("yes"), sim.entries_over(n), "the last card in the journal")
            else:
                sim.tap_until(cell["rect"], sim.entries_over(n), f"card {n + 1} in the journal")
            dealt.apply(action)
            n += 1
            if n in (1, 5, 20):
                time.sleep(0.3)
                sim.shot(f"picker-after-{n}")
        # the last trick stays in view a moment (ui/speed.py), then the hand's end: waited
        # for, not slept on (a busy machine shows it later)
        wait(lambda: sim.probe().get("screen") == "hand_end", 30, "the hand's end screen")
        sim.shot("picker-hand-over")
        box = replay(sim.journal())
        assert box.results == dealt.results and box.totals == dealt.totals
    finally:
        err = sim.stop()
    assert "Traceback" not in err, err[-3000:]


def test_three_hands_of_a_tressette4_score_sheet_with_an_accuso_by_the_table_button(
        xdisplay: str, tmp_path: Path) -> None:  # fmt: skip
    from ui.simpanel import SimPanel

    for old in ARTIFACTS.glob("*sheet*.png"):
        old.unlink()
    sim = Sim(xdisplay, tmp_path, game_toml("tressette4", ["table"] * 4))
    try:
        sim.click(sim.button("scoresheet"))
        time.sleep(0.5)
        sim.shot("sheet-home")
        sim.click(sim.button("start"))
        wait(lambda: sim.probe().get("sheet_entry"), 30, "the count screen")
        sim.shot("sheet-hand-1")
        import pygame

        panel = SimPanel(pygame.Rect(SIZE[0], 0, 300, 480), n_seats=4)
        points = [(20, 15), (11, 24), (18, 17)]  # thirds per side: 6⅔ - 5, 3⅔ - 8, 6 - 5⅔
        for hand, (ours, _theirs) in enumerate(points):
            if hand:
                sim.click(sim.button("next_hand"))
                wait(lambda: sim.probe().get("sheet_entry"), 20, f"hand {hand + 1}")
            if hand == 1:  # seat 2 declares a napoletana with the table's Accuso button
                r = panel.layout()["seat1"]
                sim.click([r.x, r.y, r.w, r.h])
                p = wait(lambda: (q := sim.probe()).get("sheet_entry", {}).get("choosing") == 1 and q, 20,
                         "the accuso choice")
                sim.shot("sheet-accuso-choice")
                nap = next(i for i, d in enumerate(p["sheet_entry"]["choices"]) if d[0] == "napoletana")
                n = sim.n_entries()
                sim.click(sim.button(f"sh_decl:{nap}"))
                wait(sim.entries_over(n), 20, "the accuso in the journal")
                sim.click(sim.button("sh_done"))
                wait(lambda: sim.probe()["sheet_entry"]["choosing"] is None, 20, "the choice closed")
            whole, rest = divmod(ours, 3)
            for _ in range(whole):
                sim.click(sim.button("sh_plus:0"))
                time.sleep(0.05)
            for _ in range(rest):
                sim.click(sim.button("sh_third:0"))
                time.sleep(0.05)
            wait(thirds_shown(sim, ours), 10, "the points shown")
            sim.shot(f"sheet-count-{hand + 1}")
            n = sim.n_entries()
            sim.click(sim.button("sh_enter"))
            wait(sim.entries_over(n), 20, f"hand {hand + 1}'s count in the journal")
            time.sleep(0.8)
            sim.shot(f"sheet-hand-{hand + 1}-counted")
        box = replay(sim.journal())
        assert box.totals == [6 + 3 + 6, 5 + 8 + 3 + 5]
        assert [len(r.declarations) for r in box.results] == [0, 1, 0]
        assert sim.probe()["model"]["totals"] == box.totals
    finally:
        err = sim.stop()
    assert "Traceback" not in err, err[-3000:]
