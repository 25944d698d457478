from __future__ import annotations

import io
import itertools
from pathlib import Path

import pytest
from gpiozero.pins.mock import MockFactory

from hal.box import open_hardware, open_sim_hardware
from hal.config import HardwareConfig, load_hardware_config
from hal.display import SimDisplay, TM1637Display
from hal.events import (
    ButtonHeld,
    ButtonPressed,
    ButtonReleased,
    DisplayFault,
    EventQueue,
    HalEvent,
    TagRemoved,
    TagSeen,
)
from hal.selftest import HardwareTest, SimActor
from hal.sim import SimButtons, SimReader
from hal.timing import ManualClock
from hal.tm1637 import FakeTM1637, TracingFactory
from tests.hal.conftest import fake_box


def test_sim_buttons_press_click_and_hold(events: EventQueue[HalEvent], clock: ManualClock) -> None:
    with SimButtons(events=events, clock=clock) as buttons:
        buttons.press(2)
        assert events.drain() == [ButtonPressed("seat2", 100.0)]
        clock.advance(0.1)
        buttons.release(2)
        assert [type(e) for e in events.drain()] == [ButtonReleased]
        buttons.click("menu")
        assert [type(e) for e in events.drain()] == [ButtonPressed, ButtonReleased]
        buttons.hold("menu", 10.5)
        assert [(type(e), getattr(e, "seconds", None)) for e in events.drain()] == [
            (ButtonPressed, None),
            (ButtonHeld, 3.0),
            (ButtonHeld, 10.0),
            (ButtonReleased, None),
        ]


def test_sim_buttons_need_a_clock_that_can_jump(events: EventQueue[HalEvent]) -> None:
    with SimButtons(events=events, clock=lambda: 0.0) as buttons, pytest.raises(TypeError):
        buttons.click(0)


def test_sim_reader_scan_goes_through_the_parser(events: EventQueue[HalEvent], clock: ManualClock) -> None:
    with SimReader(events=events, clock=clock) as reader:
        reader.scan("0A00B1C2D3")
        reader.scan("0A00B1C2D3")  # still lying on the antenna
        reader.write(b"\x02garbage\x03")
        assert events.drain() == [TagSeen("0A00B1C2D3", 100.0)]
        clock.advance(1.0)
        reader.tick()
        assert events.drain() == [TagRemoved("0A00B1C2D3", 100.5)]
        assert reader.parser.stats.stale == 1  # the short frame waited, then went stale


def test_sim_hardware_shares_one_queue_and_clock(clock: ManualClock) -> None:
    config = HardwareConfig.from_dict({"reader": {"protocol": "lines"}})
    with open_sim_hardware(config, clock=clock) as hw:
        assert hw.sim_buttons is not None and hw.sim_reader is not None
        hw.sim_buttons.press(0)
        hw.sim_reader.scan("CARD-07")
        hw.display.show_scores(3, 1)
        assert [type(e) for e in hw.events.drain()] == [ButtonPressed, TagSeen]
        assert hw.sim_display is hw.display and hw.display.text == "03:01"


def test_real_hardware_on_mock_pins_keeps_going_without_a_display(
    factory: MockFactory, tmp_path: Path
) -> None:
    config, errors = load_hardware_config(
        {"reader": {"enabled": True, "port": str(tmp_path / "no-such-reader")}}
    )
    assert errors == []
    with open_hardware(config, pin_factory=factory) as hw:
        assert isinstance(hw.display, TM1637Display) and hw.buttons is not None
        hw.display.show_scores(1, 0)  # nobody ACKs: logged, evented, not raised
        factory.pin(5).drive_low()  # seat 0's default GPIO (docs/deploy.md)
        seen = [hw.events.get(timeout=5) for _ in range(3)]
        kinds = {type(e).__name__ for e in seen}
        assert {"DisplayFault", "ButtonPressed", "ReaderOffline"} <= kinds
        assert hw.problems == []


def test_real_hardware_with_a_display_on_the_wire() -> None:
    tracing = TracingFactory()
    chip = FakeTM1637(tracing, clk=23, dio=24)
    with open_hardware(HardwareConfig(), pin_factory=tracing) as hw:
        hw.display.show_text("AccU")
        assert chip.state.lit == (0x77, 0x58, 0x58, 0x3E)
        assert not any(isinstance(e, DisplayFault) for e in hw.events.drain())
    tracing.close()


def test_a_part_that_cannot_open_is_reported_and_replaced(factory: MockFactory) -> None:
    factory.pin(23)  # a clash the config could not see: someone else holds GPIO23 (CLK)
    from gpiozero import DigitalOutputDevice

    with DigitalOutputDevice(23, pin_factory=factory), open_hardware(
        HardwareConfig(), pin_factory=factory
    ) as hw:
        assert isinstance(hw.display, SimDisplay)
        assert hw.problems and hw.problems[0].startswith("display:")
        hw.display.show_text("----")  # the app does not care


# --- the technician's self-test ---------------------------------------------------


def run_sim_test(protocol: str = "rdm6300") -> tuple[int, str]:
    clock = ManualClock()
    config = HardwareConfig.from_dict({"reader": {"enabled": True, "protocol": protocol}})
    out = io.StringIO()
    with open_sim_hardware(config, clock=clock) as hw:
        rc = HardwareTest(hw, out=out, actor=SimActor(hw), sleep=clock.advance).run()
    return rc, out.getvalue()


@pytest.mark.parametrize("protocol", ["rdm6300", "lines"])
def test_hardware_test_walks_everything_against_the_doubles(protocol: str) -> None:
    rc, text = run_sim_test(protocol)
    assert rc == 0, text
    for line in (
        "press Accuso of seat 1 (GPIO5)",
        "press Accuso of seat 4 (GPIO19)",
        "held the menu button 3 s",
        "ok: display",
        "result: 8 passed, 0 failed, 0 skipped",
    ):
        assert line in text
    assert ("tag 0A00B1C2D3" if protocol == "rdm6300" else "tag CARD-01") in text


def test_hardware_test_lights_every_segment() -> None:
    clock = ManualClock()
    with open_sim_hardware(clock=clock) as hw:
        HardwareTest(hw, out=io.StringIO(), sleep=clock.advance).display()
        assert hw.sim_display is not None
        singles = [f.digits for f in hw.sim_display.sink.frames if sum(f.digits) and bin(sum(f.digits)).count("1") == 1]
        lit = {(i, d) for digits in singles for i, d in enumerate(digits) if d}
        assert lit == {(i, 1 << bit) for i in range(4) for bit in range(8)}


def test_hardware_test_reports_what_did_not_happen(factory: MockFactory) -> None:
    fake_time = itertools.count(step=100.0)
    out = io.StringIO()
    config = HardwareConfig.from_dict({"buttons": {"seats": [17, 27]}})
    with open_hardware(config, pin_factory=factory) as hw:
        rc = HardwareTest(hw, out=out, clock=lambda: float(next(fake_time)), pause=0).run()
    text = out.getvalue()
    assert rc == 1
    assert "FAILED: button seat0 (GPIO17): no press and release" in text
    assert "FAILED: display: the TM1637 does not acknowledge" in text
    assert "reader: skipped" in text
    assert "result: 0 passed, 5 failed, 1 skipped" in text


def test_cli_hardware_test_sim(capsys: pytest.CaptureFixture[str]) -> None:
    from firmware.cli import main

    assert main(["hardware-test", "--sim"]) == 0
    text = capsys.readouterr().out
    assert "hardware-test (simulated)" in text and "reader online" in text


def test_an_empty_shared_queue_is_kept(clock: ManualClock) -> None:
    shared: EventQueue[HalEvent] = EventQueue()
    assert shared and len(shared) == 0
    with open_sim_hardware(events=shared, clock=clock) as hw:
        assert hw.events is shared
        hw.sim_buttons.press(1)  # type: ignore[union-attr]
        assert len(shared) == 1


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("[hardware.buttons]\nmenu = false\n", None),  # documented: a box without a menu button
        (b"# Einstellungen f\xfcr die Box\n[hardware.buttons]\nmenu = 26\n", "is not UTF-8"),
        ("[hardware.buttons]\nmenu = false\n[hardware]\nx = " + "[" * 3000 + "]" * 3000, "nested too deeply"),
    ],
)
def test_cli_hardware_test_reads_any_settings_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, text: str | bytes, problem: str | None
) -> None:
    """Each of these crashed hardware-test (KeyError: 'menu', UnicodeDecodeError, RecursionError)."""
    from firmware.cli import main

    path = tmp_path / "t.toml"
    path.write_bytes(text if isinstance(text, bytes) else text.encode())
    rc = main(["hardware-test", "--sim", "--config", str(path)])
    out = capsys.readouterr().out
    if problem is None:
        assert rc == 0 and "Press Accuso of seat 1 when done" in out
    else:
        assert rc == 1 and problem in out


@pytest.mark.parametrize(("connected", "line"), [
    (True, "screen: display card0-HDMI-A-1"),
    (False, "screen: NONE (no display connected to card0): the box runs without it"),
])
def test_hardware_test_says_what_it_sees_of_the_screen(factory: MockFactory, tmp_path: Path,
                                                      connected: bool, line: str) -> None:
    root = fake_box(tmp_path, ("card0",), {"card0-HDMI-A-1": "connected" if connected else "disconnected"})
    out = io.StringIO()
    config = HardwareConfig.from_dict({"buttons": {"enabled": False}, "display": {"enabled": False}})
    with open_hardware(config, pin_factory=factory) as hw:
        HardwareTest(hw, out=out, pause=0, screen_root=root).run()
    assert any(said.startswith(line) for said in out.getvalue().splitlines()[1:3])
