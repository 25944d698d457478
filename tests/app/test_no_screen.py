"""A box whose screen does not open does not crash-loop (issue 17).

On an arm64 Debian box without a DRM device ``tressette run`` died with
``pygame.error: kmsdrm not available``; systemd restarted it until the unit
failed and the installer rolled back to no release. Now the device program
logs one line, shows ``noSc`` on the LED display, referees real cards with the
buttons and the reader, tries the screen again (a display plugged in late)
and says ``"screen": "absent"`` or ``"failed"`` in its health file.

The driver failure is simulated by a screen opener that raises what SDL
raises, and for real by asking SDL for ``kmsdrm`` on this machine (which has
no DRM device).
"""

from __future__ import annotations

import json
import logging
import os
import signal
import socket
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pygame
import pytest

from firmware.app.cards_map import CardsMap
from firmware.app.controller import NO_SCREEN_CODE, PLAY
from firmware.app.device import RETRY_MAX_S, DeviceScreen, ScreenKeeper
from firmware.config import Settings
from firmware.engine import PRESETS, make_variant
from hal import screen
from hal.events import ButtonHeld
from tests.app.conftest import MakeTable
from tests.hal.conftest import fake_box

REPO = Path(__file__).resolve().parents[2]


class Driver:
    """Opens the screen as SDL would: raises ``error`` while there is one."""

    def __init__(self, rt: Any, error: str | None) -> None:
        self.rt = rt
        self.error = error
        self.calls = 0

    def __call__(self) -> DeviceScreen:
        self.calls += 1
        if self.error is not None:
            raise pygame.error(self.error)
        return DeviceScreen(self.rt, fullscreen=False)  # the dummy driver: a real surface


def keep(table: Any, root: Path, error: str | None = "kmsdrm not available") -> tuple[ScreenKeeper, Driver]:
    rt = SimpleNamespace(hw=table.hw, loop=table.loop, ctl=table.ctl, settings=Settings())
    driver = Driver(rt, error)
    keeper = ScreenKeeper(rt, open_screen=driver, driver="kmsdrm", root=root,  # type: ignore[arg-type]
                          clock=table.clock)
    table.loop.pump = keeper.pump
    table.loop.present = keeper.present
    keeper.try_open()
    return keeper, driver


def with_display(root: Path) -> Path:
    return fake_box(root, ("card0",), {"card0-DSI-1": "connected"})


def screen_errors(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.name == "firmware.app.device" and r.levelno >= logging.ERROR]


def test_no_screen_is_one_log_line_a_code_on_the_led_and_the_health_file(
        make_table: MakeTable, tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    table = make_table(seats=["table", "table"])
    keeper, driver = keep(table, tmp_path)
    table.pump()

    assert keeper.health() == {"screen": "absent", "screen_detail": screen.presence(tmp_path).describe()}
    assert table.hw.display.text == NO_SCREEN_CODE
    assert table.loop.ui is None
    (line,) = screen_errors(caplog)
    assert "no screen on this box" in line and "kmsdrm not available" not in line  # the cause, said plainly
    assert "table buttons, card reader and LED score work" in line

    for _ in range(20):  # it keeps trying, quietly: minutes of retries, still one line
        table.clock.advance(RETRY_MAX_S)
        table.pump()
    assert driver.calls == 21
    assert len(screen_errors(caplog)) == 1


def test_retries_back_off_to_every_thirty_seconds(make_table: MakeTable, tmp_path: Path) -> None:
    table = make_table(seats=["table", "table"])
    keeper, driver = keep(table, tmp_path)
    tries_at = []
    for second in range(1, 121):
        table.clock.advance(1.0)
        before = driver.calls
        table.pump()
        if driver.calls > before:
            tries_at.append(second)
    assert tries_at[:4] == [2, 7, 17, 47]
    assert all(b - a == RETRY_MAX_S for a, b in zip(tries_at[3:], tries_at[4:], strict=False))


def test_a_display_plugged_in_late_is_opened(make_table: MakeTable, tmp_path: Path,
                                            caplog: pytest.LogCaptureFixture) -> None:
    table = make_table(seats=["table", "table"])
    keeper, driver = keep(table, tmp_path)
    table.pump()
    assert table.hw.display.text == NO_SCREEN_CODE

    driver.error = None  # the cable goes in
    table.clock.advance(RETRY_MAX_S)
    table.pump()

    assert keeper.health() == {"screen": "ok"}
    assert table.loop.ui is keeper.screen.ui  # type: ignore[union-attr]
    assert table.ctl.screen_missing is None
    assert table.hw.display.text == "----"
    assert table.loop.stats.frames > 0
    assert any("screen: open after" in r.getMessage() for r in caplog.records)
    keeper.close()


def test_a_connected_display_that_does_not_open_is_a_failure_not_an_absence(
        make_table: MakeTable, tmp_path: Path) -> None:
    table = make_table(seats=["table", "table"])
    keeper, _ = keep(table, with_display(tmp_path / "box"), error="EGL not initialized")

    health = keeper.health()

    assert health["screen"] == "failed"
    assert "EGL not initialized" in str(health["screen_detail"])
    assert "card0-DSI-1" in str(health["screen_detail"])


def test_a_screen_lost_while_running_is_tried_again(make_table: MakeTable, tmp_path: Path) -> None:
    table = make_table(seats=["table", "table"])
    keeper, driver = keep(table, tmp_path, error=None)
    assert keeper.health() == {"screen": "ok"}
    opened = keeper.screen

    def broken() -> None:
        raise pygame.error("video system not initialized")

    opened.present = broken  # type: ignore[union-attr,method-assign]
    driver.error = "kmsdrm not available"
    table.clock.advance(1.0)
    table.pump()

    assert keeper.screen is None and table.loop.ui is None
    assert keeper.health()["screen"] == "absent"
    table.clock.advance(1.0)
    table.pump()  # the next frame
    assert table.hw.display.text == NO_SCREEN_CODE


# --------------------------------------------------------------------------- what still works


def enrolled(table: Any, deck: Any) -> None:
    CardsMap(table.state_dir).save(deck.name, {f"0A{c:08X}": c for c in deck.cards})
    table.cards.__init__(table.state_dir)  # reload


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_without_a_screen_the_menu_button_starts_a_refereed_real_card_game(
        make_table: MakeTable, tmp_path: Path, preset: str) -> None:
    variant = make_variant(preset)
    table = make_table(variant=preset, seats=["human"] + ["cpu:normal"] * (variant.n_seats - 1))
    enrolled(table, variant.deck)
    keep(table, tmp_path)
    table.pump()
    ctl = table.ctl
    assert table.hw.display.text == NO_SCREEN_CODE

    blinks = ctl.blink_seq
    assert table.hw.sim_buttons is not None
    table.hw.sim_buttons.click("menu")
    table.pump()

    if variant.preset.call_partner:  # chiamata: each hand opens with a call made on the screen
        assert ctl.match is None and ctl.blink_seq == blinks + 1
        assert table.hw.display.text == NO_SCREEN_CODE
        return
    assert ctl.real_cards
    assert [str(s) for s in ctl.seats] == ["table"] * variant.n_seats  # nobody needs the screen
    cards = iter(variant.deck.cards)

    def scan() -> None:  # a real card through the reader
        table.clock.advance(1.0)
        assert table.hw.sim_reader is not None
        table.hw.sim_reader.tick()
        table.hw.sim_reader.scan(f"0A{next(cards):08X}")
        table.pump()

    for _ in range(8):  # the deal's scans some games need (briscola's trump, a widow)
        if ctl.phase == PLAY:
            break
        scan()
    assert ctl.phase == PLAY, ctl.message.text
    assert ctl.match is not None and ctl.match.state is not None
    seat = ctl.match.state.to_move
    assert ctl.match_id is not None
    before = len(list(table.journal.iter_actions(ctl.match_id)))
    scan()
    actions = [a for _, _, a in table.journal.iter_actions(ctl.match_id)]
    assert len(actions) == before + 1 and actions[-1].get("seat") == seat  # refereed, journalled
    assert table.hw.display.text not in (NO_SCREEN_CODE, "----")  # the LED shows the score


def test_without_a_screen_an_unfinished_match_is_resumed_by_the_menu_button(make_table: MakeTable,
                                                                           tmp_path: Path) -> None:
    table = make_table(seats=["table", "table"])
    enrolled(table, make_variant("tressette2").deck)
    keep(table, tmp_path)
    ctl = table.ctl
    ctl.new_match()
    match_id = ctl.match_id
    table.put(ButtonHeld("menu", 3.0))  # home; the match stays in the journal
    assert ctl.phase == "home" and table.hw.display.text == NO_SCREEN_CODE

    assert table.hw.sim_buttons is not None
    table.hw.sim_buttons.click("menu")
    table.pump()

    assert ctl.match_id == match_id and ctl.phase == PLAY


@pytest.mark.parametrize("seats", [["human", "cpu:normal"], ["table", "table"]])
def test_a_match_that_needs_the_screen_shows_the_code_one_that_does_not_shows_the_score(
        make_table: MakeTable, tmp_path: Path, seats: list[str]) -> None:
    table = make_table(seats=seats)
    enrolled(table, make_variant("tressette2").deck)
    ctl = table.ctl
    ctl.new_match(seats=None)
    keep(table, tmp_path)
    table.pump()

    shown = table.hw.display.text
    if "human" in seats:
        assert shown == NO_SCREEN_CODE
    else:
        assert shown != NO_SCREEN_CODE


# --------------------------------------------------------------------------- for real


needs_no_drm = pytest.mark.skipif(screen.presence().has_screen,
                                  reason="this machine has a display: SDL's kmsdrm might open it")


@needs_no_drm
def test_sdls_real_kmsdrm_failure_is_kept_and_a_late_display_opens(
        make_table: MakeTable, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    table = make_table(seats=["table", "table"])
    rt = SimpleNamespace(hw=table.hw, loop=table.loop, ctl=table.ctl, settings=Settings())
    monkeypatch.setenv("SDL_VIDEODRIVER", "kmsdrm")
    keeper = ScreenKeeper(rt, clock=table.clock)  # type: ignore[arg-type]
    keeper.open_screen = lambda: DeviceScreen(rt, fullscreen=False)  # type: ignore[arg-type]
    table.loop.pump, table.loop.present = keeper.pump, keeper.present

    assert not keeper.try_open()
    assert keeper.health()["screen"] == "absent"

    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")  # "plugged in": a driver that opens
    table.clock.advance(RETRY_MAX_S)
    table.pump()
    assert keeper.health() == {"screen": "ok"}
    keeper.close()


@needs_no_drm
def test_tressette_run_without_a_screen_stays_up_and_reports_it(tmp_path: Path) -> None:
    sock_path = str(tmp_path / "notify.sock")
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    sock.bind(sock_path)
    env = dict(os.environ, SDL_VIDEODRIVER="kmsdrm", SDL_AUDIODRIVER="dummy", GPIOZERO_PIN_FACTORY="mock",
               NOTIFY_SOCKET=sock_path, WATCHDOG_USEC="2000000", PYTHONPATH=str(REPO))
    env.pop("WATCHDOG_PID", None)
    health = tmp_path / "run/health"
    proc = subprocess.Popen(
        [sys.executable, "-m", "firmware.cli", "run", "--config", str(tmp_path / "etc.toml"),
         "--state-dir", str(tmp_path / "state"), "--health-file", str(health)],
        env=env, cwd=REPO, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
    )
    try:
        sock.settimeout(30)
        assert sock.recv(200).decode().startswith("READY=1")
        for _ in range(3):  # alive: the watchdog is fed
            assert sock.recv(200).decode().startswith("WATCHDOG=1")
        info = json.loads(health.read_text())
        assert info["status"] == "ok" and info["screen"] == "absent"
        assert "no DRM device" in info["screen_detail"]
        assert proc.poll() is None
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(timeout=15) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        sock.close()
        assert proc.stderr is not None
        err = proc.stderr.read().decode()
        proc.stderr.close()
    assert "Traceback" not in err, err
    screen_lines = [line for line in err.splitlines() if "screen:" in line]
    assert len(screen_lines) == 1 and "no screen on this box" in screen_lines[0], err
