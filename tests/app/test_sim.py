"""``tressette sim``: unattended headless play, and the window's wiring in-process."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest

import ui.intents as it
from firmware import config
from firmware.app.controller import PLAY, ControllerOptions
from firmware.app.runtime import Runtime
from firmware.store import Journal
from tests.app.conftest import MakeTable
from ui.history import ReplayScreen
from ui.intents import SimButton

from .conftest import REPO


def test_headless_unattended_hard_against_normal(tmp_path: Path) -> None:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", PYTHONPATH=str(REPO))
    state = tmp_path / "state"
    done = subprocess.run(
        [sys.executable, "-m", "firmware.cli", "sim", "--headless", "--seats", "cpu:hard,cpu:normal",
         "--matches", "1", "--state-dir", str(state), "--config", str(tmp_path / "s.toml"), "--seed", "2"],
        env=env, cwd=REPO, capture_output=True, timeout=120,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr.decode()[-3000:]
    assert b"1 match(es) played" in done.stderr
    assert b"seeded run, --seed 2" in done.stderr  # a seeded run says so
    with Journal.open(state) as j:
        (row,) = j.matches()
        assert row.finished is not None and row.winner in (0, 1)
        assert row.seats == ["cpu:hard", "cpu:normal"]
        assert row.totals is not None and max(row.totals) >= 21


def click(rect: pygame.Rect) -> None:
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, pos=rect.center, button=1, touch=False))


def steps_until(rt: Runtime, cond: Callable[[], object], timeout: float = 5.0) -> None:
    """Run the real main loop until ``cond()``; bounded (the reader thread uses a real pty)."""
    deadline = time.monotonic() + timeout
    while not cond():
        assert time.monotonic() < deadline, rt.ctl.message.text
        rt.loop.step(timeout=0.01)


def test_window_panel_drives_buttons_and_the_pty_reader(tmp_path: Path) -> None:
    settings, problems = config.load(tmp_path / "s.toml")
    settings.game.seats = config.check_seats(["table", "table"])
    settings.game.options = {"accusi": True}
    rt = Runtime(settings=settings, state_dir=tmp_path / "state", think_ms=0, seed=1,
                 options=ControllerOptions(seed=1, first_dealer=1), problems=problems)  # fmt: skip
    with rt:
        rt.start_sim(size=(800, 480), headless=True)
        assert rt.reader is not None  # table seats: the real reader thread over a pty
        steps_until(rt, lambda: rt.ctl.reader_online)
        rt.ctl.new_match()
        assert rt.window is not None
        layout = rt.window.panel.panel.layout()
        # the Accuso button of seat 1 (seat0): mouse -> SimButton -> mock pin -> debounce
        click(layout["seat0"])
        steps_until(rt, lambda: rt.ctl.declaring == 0)
        click(layout["seat0"])
        steps_until(rt, lambda: rt.ctl.declaring is None and 0 in rt.ctl.accusi_done)
        # a card of the panel: SimScan -> tag -> pty -> ReaderThread -> parser -> TagSeen
        click(layout["card:4b"])

        def trick_begun() -> bool:
            assert rt.ctl.match is not None and rt.ctl.match.state is not None
            return bool(rt.ctl.match.state.trick)

        steps_until(rt, trick_begun)
        assert rt.ctl.match is not None and rt.ctl.match.state is not None
        assert rt.ctl.match.state.trick == [39]
        assert rt.ctl.phase == PLAY
        # the LED display of the panel shows what the HAL display double shows (drawn here:
        # a headless simulator draws no panel, nobody sees it)
        rt.loop.refresh(force=True)
        rt.window.panel.draw(rt.window.window)
        assert rt.display is not None
        assert rt.window.panel.panel.segments == tuple(rt.display.frame.lit)
        # keyboard: U unplugs the reader, U again plugs it back
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_u, mod=0, unicode="u"))
        steps_until(rt, lambda: rt.ctl.reader_online is False)
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_u, mod=0, unicode="u"))
        steps_until(rt, lambda: rt.ctl.reader_online is True)
        # the window's close button stops the loop
        pygame.event.post(pygame.event.Event(pygame.QUIT))
        rt.loop.step(timeout=0)
        assert rt.ctl.stopping == "window closed"


def test_panel_measures_a_held_menu_button_and_enrols_the_deck_asked_for(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 13.4: the panel's clock runs (a hold is measured, a highlight fades);
    13.6: "Enrol Italian" after a Treschetten game shows and scans Italian cards."""
    settings, problems = config.load(tmp_path / "s.toml")
    settings.game.seats = config.check_seats(["human", "cpu:normal"])
    settings.game.variant = "treschetten2"
    rt = Runtime(settings=settings, state_dir=tmp_path / "state", think_ms=0, seed=1,
                 options=ControllerOptions(seed=1), problems=problems)  # fmt: skip
    with rt:
        rt.start_sim(size=(800, 480), headless=True)
        rt.ctl.new_match()
        assert rt.window is not None
        ui_panel = rt.window.panel
        clock = [100.0]
        monkeypatch.setattr("firmware.app.window.time.monotonic", lambda: clock[0])
        ui_panel._last = clock[0]
        surface = rt.window.window
        menu = ui_panel.panel.layout()["menu"]
        ui_panel.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=menu.center, button=1))
        clock[0] += 3.2
        sent: list[SimButton] = []
        monkeypatch.setattr(rt.window, "sim_intent", sent.append)
        ui_panel.draw(surface)
        ui_panel.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=menu.center, button=1))
        assert [(x.button, x.hold_s) for x in sent] == [("menu", 3.2)]
        clock[0] += 1.0
        ui_panel.draw(surface)
        assert not ui_panel.panel._flash  # the click's highlight faded
        rt.ctl.start_enrolment("italian")
        ui_panel.draw(surface)
        assert ui_panel.panel.deck == "italian"
        assert "card:3d" in ui_panel.panel.layout()  # Italian codes, not Bavarian
        # 13.11: at home, the reader panel shows the deck of the game chosen there
        from hal.events import ButtonHeld

        rt.ctl.stop_enrolment()
        rt.ctl.handle(ButtonHeld("menu", 3.0))
        ui = rt.window.ui
        ui.show("home")
        for variant, deck in (("treschetten2", "bavarian"), ("tressette2", "italian")):
            ui.home.select_variant(variant)
            ui_panel.draw(surface)
            assert ui_panel.panel.deck == deck


def test_seats_named_on_the_command_line_never_throw_away_an_unfinished_match(tmp_path: Path, make_table: MakeTable) -> None:
    """Tried as a player: ``--seats human,cpu:easy`` quietly resumed a match against hard.
    It still resumes (a match is not thrown away unasked), and now it says so."""
    state = tmp_path / "state"
    table = make_table(state_dir=state, seats=["cpu:hard", "cpu:hard"], seed=3)
    table.ctl.new_match()
    table.pump()
    table.close()
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", PYTHONPATH=str(REPO))
    done = subprocess.run(
        [sys.executable, "-m", "firmware.cli", "sim", "--headless", "--seats", "cpu:easy,cpu:easy",
         "--matches", "1", "--state-dir", str(state), "--config", str(tmp_path / "s.toml"), "--seed", "2"],
        env=env, cwd=REPO, capture_output=True, timeout=120,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr.decode()[-3000:]
    assert b"The unfinished match 1 is resumed; the seats you named start with the next new game" in done.stderr
    with Journal.open(state) as j:
        (row,) = j.matches()
        assert row.seats == ["cpu:hard", "cpu:hard"] and row.finished is not None


def test_a_display_that_does_not_answer_is_a_message_not_an_unseen_game(tmp_path: Path) -> None:
    """Found in CI: the simulator's X server, resetting as its last client left, refused the
    simulator's connection; SDL 2.32 fell back to its offscreen driver and the simulator played
    on in no window, until the test gave up a minute later. A window asked for is a window, or
    one line saying why not and exit 2."""
    free = next(n for n in range(4711, 4811) if not Path(f"/tmp/.X11-unix/X{n}").exists())
    env = {k: v for k, v in os.environ.items() if k not in ("SDL_VIDEODRIVER", "WAYLAND_DISPLAY")}
    env |= {"DISPLAY": f":{free}", "SDL_AUDIODRIVER": "dummy", "PYTHONPATH": str(REPO)}
    done = subprocess.run(
        [sys.executable, "-m", "firmware.cli", "sim", "--seats", "human,cpu:easy",
         "--state-dir", str(tmp_path / "state"), "--config", str(tmp_path / "s.toml")],
        env=env, cwd=REPO, capture_output=True, timeout=60,
    )  # fmt: skip
    err = done.stderr.decode()
    assert done.returncode == 2, err[-3000:]
    assert f"tressette sim: no window could be opened on ':{free}'" in err
    assert "--headless plays without a window" in err and "Traceback" not in err


def test_a_replay_plays_itself_in_the_real_loop(tmp_path: Path) -> None:
    """The replay's Auto, driven by the main loop as the box drives it (the UI advanced at
    every turn of the loop and once more before each frame), not by a test's own rhythm
    of one update per frame: it steps on until the hand's end."""
    settings, problems = config.load(tmp_path / "s.toml")
    settings.game.variant = "tressette2"
    settings.game.seats = config.check_seats(["cpu:easy", "cpu:easy"])
    rt = Runtime(settings=settings, state_dir=tmp_path / "state", think_ms=0, seed=1,
                 options=ControllerOptions(seed=1, auto_next=False), problems=problems)  # fmt: skip
    now = [0.0]

    def clock() -> float:  # a twentieth of a second each time the loop looks: no real waiting
        now[0] += 0.05
        return now[0]

    with rt:
        rt.start_sim(size=(800, 480), headless=True)
        rt.loop.clock = clock
        rt.ctl.new_match()
        steps_until(rt, lambda: rt.ctl.phase != PLAY, timeout=60)
        assert rt.window is not None and rt.ctl.match_id is not None
        ui = rt.window.ui
        rt.events.put(it.OpenReplay(rt.ctl.match_id, 1))
        steps_until(rt, lambda: ui.model.replay is not None)
        ui.show("replay")
        scr = ui.current
        assert isinstance(scr, ReplayScreen)
        rt.loop.refresh(force=True)
        scr.press("play")
        assert scr.playing
        steps_until(rt, lambda: scr.step >= 3, timeout=30)
