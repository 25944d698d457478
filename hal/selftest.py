"""``tressette hardware-test``: a technician's walk through the box's hardware.

1. every button: "press Accuso of seat 1" … then "hold menu for 3 s";
2. the display: every segment of every digit in turn, all segments at each
   brightness, text, scores and a blink — and whether the chip ACKed;
3. the reader: each scanned tag id is printed until the menu button is pressed.

Everything is injected (the :class:`~hal.box.Hardware`, the output stream, the
pause between display steps, an *actor*), so the same walk runs on the box
(a person acts), with ``--sim`` (a script presses and scans the doubles) and
in the tests.
"""

from __future__ import annotations

import argparse
import functools
import queue
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TextIO

from hal import screen
from hal.box import Hardware, SimHardware, open_hardware, open_sim_hardware
from hal.config import HardwareConfig, load_file
from hal.display import SimDisplay, ascii_art
from hal.events import (
    MENU,
    ButtonHeld,
    ButtonName,
    ButtonPressed,
    ButtonReleased,
    DisplayFault,
    HalEvent,
    ReaderOffline,
    ReaderOnline,
    TagRemoved,
    TagSeen,
    seat_of,
)
from hal.sim import PtyReader
from hal.timing import Clock, JumpingClock
from hal.tm1637 import DIGITS, SEGMENT_NAMES

BOX_CONFIG = Path("/etc/tressette/tressette.toml")  # the box's settings file (firmware.config)

Actor = Callable[[str, list[HalEvent]], None]
"""Called with the step name at its start (no events yet) and after each event."""

SIM_TAGS = {"rdm6300": ("0A00B1C2D3", "1F2E3D4C5B"), "lines": ("CARD-01", "CARD-02")}


@dataclass
class Report:
    passed: list[str] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)


def _label(button: str) -> str:
    seat = seat_of(button)
    return "the menu button" if seat is None else f"Accuso of seat {seat + 1}"


def _released(name: ButtonName, event: HalEvent, _seen: list[HalEvent]) -> bool:
    """``wait_for``'s test for the button ``name`` let go."""
    return isinstance(event, ButtonReleased) and event.button == name


def _describe(event: HalEvent) -> str:
    match event:
        case ButtonPressed(button=b):
            return f"pressed {_label(b)}"
        case ButtonReleased(button=b):
            return f"released {_label(b)}"
        case ButtonHeld(button=b, seconds=s):
            return f"held {_label(b)} {s:g} s"
        case TagSeen(tag_id=t):
            return f"tag {t}"
        case TagRemoved(tag_id=t):
            return f"tag {t} removed"
        case ReaderOnline(port=p):
            return f"reader online ({p})"
        case ReaderOffline(reason=r):
            return f"reader OFFLINE: {r}"
        case DisplayFault(reason=r):
            return f"display fault: {r}"
    return type(event).__name__


class HardwareTest:
    def __init__(
        self,
        hw: Hardware,
        *,
        out: TextIO,
        actor: Actor | None = None,
        timeout: float = 30.0,
        pause: float = 0.15,
        sleep: Callable[[float], object] = time.sleep,
        clock: Clock = time.monotonic,
        screen_root: Path | None = None,
    ) -> None:
        self.hw = hw
        # Where to look for the touchscreen (``/`` on the box); None: not asked (the doubles).
        self.screen_root = screen_root
        self.out = out
        self.actor = actor
        self.timeout = timeout
        self.pause = pause
        self.sleep = sleep
        self.clock = clock
        self.report = Report()

    def say(self, text: str) -> None:
        print(text, file=self.out, flush=True)

    def run(self) -> int:
        """Walk through everything; 0 if all passed, 1 otherwise."""
        self.say(f"hardware-test ({'simulated' if self.hw.sim else 'the box'})")
        for problem in self.hw.problems:
            self.say(f"  ! {problem}")
        self.screen()
        self.buttons()
        self.display()
        self.reader()
        r = self.report
        self.say(f"result: {len(r.passed)} passed, {len(r.failed)} failed, {len(r.skipped)} skipped")
        for failure in r.failed:
            self.say(f"  FAILED {failure}")
        return 1 if r.failed or self.hw.problems else 0

    # - waiting on the queue -

    def wait_for(
        self, step: str, done: Callable[[HalEvent, list[HalEvent]], bool], timeout: float
    ) -> HalEvent | None:
        """Events until ``done``; each one is shown. ``None`` after ``timeout``."""
        seen: list[HalEvent] = []
        if self.actor is not None:
            self.actor(step, seen)
        deadline = self.clock() + timeout
        while True:
            self.hw.tick()
            try:
                event: HalEvent = self.hw.events.get(timeout=0.05)
            except queue.Empty:
                if self.clock() > deadline:
                    return None
                continue
            seen.append(event)
            self.say(f"    {_describe(event)}")
            if done(event, seen):
                return event
            if self.actor is not None:
                self.actor(step, seen)

    # - the steps -

    def screen(self) -> None:
        """What the kernel shows of the touchscreen: a note, not a pass or a fail
        (``tressette self-test`` opens it; the box runs without one)."""
        if self.screen_root is None:
            return

        seen = screen.presence(self.screen_root)
        if seen.has_screen:
            self.say(f"screen: {seen.describe()}")
        else:
            self.say(f"screen: NONE ({seen.describe()}): the box runs without it, see docs/deploy.md")

    def buttons(self) -> None:
        buttons = self.hw.buttons
        if buttons is None:
            self.report.skipped.append("buttons")
            self.say("buttons: skipped (disabled or not available)")
            return
        self.say("buttons:")
        for name in buttons.names:
            gpio = buttons.pins[name]
            self.say(f"  press {_label(name)} (GPIO{gpio})")
            got = self.wait_for(
                f"press {name}",
                functools.partial(_released, name),
                self.timeout,
            )
            self._verdict(f"button {name} (GPIO{gpio})", got is not None, "no press and release")
        if MENU in buttons.names:
            home = self.hw.config.buttons.home_hold_s
            self.say(f"  hold the menu button for {home:g} s")
            got = self.wait_for(
                "hold menu",
                lambda e, _: isinstance(e, ButtonHeld) and e.button == MENU,
                self.timeout + home,
            )
            self._verdict("menu hold", got is not None, f"no {home:g} s hold seen")
            # let go: drain the release
            self.wait_for("release menu", lambda e, _: isinstance(e, ButtonReleased), 2.0)

    def display(self) -> None:
        d = self.hw.display
        if isinstance(d, SimDisplay) and not self.hw.sim:
            self.report.skipped.append("display")
            self.say("display: skipped (disabled or not available)")
            return
        self.say("display: every segment of every digit in turn — watch it")
        for digit in range(DIGITS):
            for bit, name in enumerate(SEGMENT_NAMES):
                digits = tuple((1 << bit) if i == digit else 0 for i in range(DIGITS))
                d.show_digits(digits, f"digit {digit + 1} segment {name}")
                self._pause()
        self.say("  all segments, brightness 0 to 7")
        for level in range(8):
            d.brightness = level
            d.show_text("8.8.:8.8.")
            self._pause()
        d.brightness = self.hw.config.display.brightness
        self.say(ascii_art(d.frame.lit))
        for text in ("AccU", "PEzz", "----"):
            d.show_text(text)
            self._pause(4)
        d.show_scores(12, 9)
        self.say(ascii_art(d.frame.lit))
        d.blink()
        for _ in range(12):
            self._pause()
            d.tick()
        self._verdict(
            "display", not d.faulted, "the TM1637 does not acknowledge: check CLK/DIO/5V/GND"
        )
        d.blank()

    def reader(self) -> None:
        if self.hw.reader is None:
            self.report.skipped.append("reader")
            self.say("reader: skipped (disabled in [hardware.reader])")
            return
        # a box without a menu button (menu = false) ends the step with any button
        end = finish_button(self.hw.buttons.names if self.hw.buttons is not None else [])
        label = "any button" if end is None else _label(end)
        self.say(f"reader: scan tags; each id is shown. Press {label} when done.")
        tags: list[str] = []

        def done(event: HalEvent, _: list[HalEvent]) -> bool:
            if isinstance(event, TagSeen):
                tags.append(event.tag_id)
            return isinstance(event, ButtonPressed) and (end is None or event.button == end)

        finished = self.wait_for("scan", done, self.timeout * 2)
        if finished is None:
            self.say("  (timed out)")
        self._verdict("reader", bool(tags), "no tag was read")

    def _verdict(self, what: str, ok: bool, why: str) -> None:
        if ok:
            self.report.passed.append(what)
            self.say(f"  ok: {what}")
        else:
            self.report.failed.append(f"{what}: {why}")
            self.say(f"  FAILED: {what}: {why}")

    def _pause(self, times: int = 1) -> None:
        if self.pause > 0:
            self.sleep(self.pause * times)


def finish_button(names: list[ButtonName]) -> ButtonName | None:
    """The button that ends the reader step: menu, else the first seat's, else none."""
    if MENU in names:
        return MENU
    return names[0] if names else None


class SimActor:
    """What a technician would do, done to the simulated doubles."""

    def __init__(self, hw: SimHardware) -> None:
        self.hw = hw
        self._scanned = False
        self._pressed_menu = False

    def _reader_ready(self) -> bool:
        reader = self.hw.sim_reader
        # a pty reader flushes what was written before its port opened
        return not isinstance(reader, PtyReader) or bool(reader.thread.online)

    def __call__(self, step: str, seen: list[HalEvent]) -> None:
        buttons, reader = self.hw.sim_buttons, self.hw.sim_reader
        if buttons is None:
            return
        if step.startswith("press ") and not seen:
            buttons.click(step.removeprefix("press "))
        elif step == "hold menu" and not seen:
            buttons.hold(MENU, self.hw.config.buttons.home_hold_s + 0.1)
        elif step == "scan" and reader is not None:
            tags = SIM_TAGS[self.hw.config.reader.protocol]
            if not self._scanned and self._reader_ready():
                self._scanned = True
                for tag in tags:
                    reader.scan(tag)
            n_seen = sum(isinstance(e, TagSeen) for e in seen)
            end = finish_button(buttons.names)
            if n_seen >= len(tags) and not self._pressed_menu and end is not None:
                self._pressed_menu = True
                buttons.click(end)


@dataclass(frozen=True, slots=True)
class HardwareTestOptions:
    """``tressette hardware-test``'s options, with the parser's defaults (firmware.cli)."""

    sim: bool = False
    config: str | None = None  # None: BOX_CONFIG where it exists, unless --sim
    timeout: float = 30.0  # seconds to wait for each step on the box

    @classmethod
    def from_args(cls, args: argparse.Namespace) -> HardwareTestOptions:
        return cls(sim=args.sim, config=args.config, timeout=args.timeout)


def main(namespace: argparse.Namespace) -> int:
    """``tressette hardware-test [--sim] [--config FILE]``."""
    args = HardwareTestOptions.from_args(namespace)
    path = args.config or (BOX_CONFIG if BOX_CONFIG.exists() and not args.sim else None)
    config, problems = load_file(path) if path else (HardwareConfig(), [])
    if args.sim:
        # the doubles always have a reader; give the test something to read

        config = replace(config, reader=replace(config.reader, enabled=True))
        with open_sim_hardware(config, pty_reader=True) as hw:
            hw.problems += problems
            # display pauses jump the simulated clock instead of sleeping
            sleep = hw.clock.advance if isinstance(hw.clock, JumpingClock) else time.sleep
            test = HardwareTest(hw, out=sys.stdout, actor=SimActor(hw), sleep=sleep, timeout=5.0)
            return test.run()
    with open_hardware(config) as hw:
        hw.problems += problems
        rc = HardwareTest(hw, out=sys.stdout, timeout=args.timeout,
                          screen_root=Path("/")).run()
        if any("pin factory" in p for p in hw.problems):
            print("not on the box? --sim runs the test against the simulated doubles")
        return rc
