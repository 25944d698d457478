"""The whole hardware set from a :class:`~hal.config.HardwareConfig`: real or simulated.

The app builds one :class:`Hardware` at start-up and reads ``hw.events``::

    config, problems = hal.config.load_hardware_config(settings.get("hardware"))
    with (open_sim_hardware(config) if laptop else open_hardware(config)) as hw:
        hw.problems += problems          # show them on the screen
        while running:
            hw.tick()                    # from the main loop, ~10 Hz or more
            for event in hw.events.drain(): ...
            hw.display.show_scores(12, 9)

A part that is disabled or fails to open is replaced so the app never checks
for ``None`` on the display (it gets a :class:`~hal.display.SimDisplay`), and
the reason goes into ``hw.problems``.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from hal.buttons import TableButtons
from hal.closing import Closing
from hal.config import HardwareConfig
from hal.display import SegmentDisplay, SimDisplay, TM1637Display
from hal.events import EventQueue, HalEvent, ReaderEvent
from hal.reader import ReaderThread, make_parser
from hal.sim import PtyReader, SimButtons, SimReader
from hal.timing import Clock, OffsetClock

if TYPE_CHECKING:
    from gpiozero.pins import Factory

log = logging.getLogger("hal")


class Reader(Protocol):
    def tick(self, now: float | None = None) -> list[ReaderEvent]: ...

    def close(self) -> None: ...


class _ThreadReader:
    """A :class:`ReaderThread` seen through the :class:`Reader` protocol."""

    def __init__(self, thread: ReaderThread) -> None:
        self.thread = thread

    def tick(self, now: float | None = None) -> list[ReaderEvent]:
        return []  # the thread polls its parser itself

    def close(self) -> None:
        self.thread.close()


@dataclass
class Hardware(Closing):
    """Buttons, display and reader sharing one event queue; ``close()``/``with``."""

    events: EventQueue[Any]  # the one queue: HAL events and whatever else the program puts in it
    display: SegmentDisplay
    buttons: TableButtons | None = None
    reader: Reader | None = None
    config: HardwareConfig = field(default_factory=HardwareConfig)
    problems: list[str] = field(default_factory=list)
    sim: bool = False

    def tick(self, now: float | None = None) -> None:
        """Let time pass for every part (cheap; call it from the main loop)."""
        if self.buttons is not None:
            self.buttons.tick(now)
        self.display.tick(now)
        if self.reader is not None:
            self.reader.tick(now)

    def close(self) -> None:
        for part in (self.reader, self.buttons, self.display):
            if part is not None:
                try:
                    part.close()
                except Exception:  # closing must reach every part
                    log.exception("closing %r", part)



def open_hardware(
    config: HardwareConfig,
    *,
    events: EventQueue[Any] | None = None,
    pin_factory: Factory | None = None,
) -> Hardware:
    """The box's real hardware; what cannot be opened is reported, not raised."""
    events = events if events is not None else EventQueue[HalEvent]()
    problems: list[str] = []
    buttons: TableButtons | None = None
    b = config.buttons
    if b.enabled:
        try:
            buttons = TableButtons(
                b.pins(),
                events=events,
                pin_factory=pin_factory,
                pull_up=b.pull_up,
                debounce=b.debounce_ms / 1000,
                bounce_max=b.bounce_max_ms / 1000,
                holds=b.holds(),
            )
        except Exception as exc:
            problems.append(f"buttons: {exc}")
    display: SegmentDisplay | None = None
    d = config.display
    if d.enabled:
        try:
            display = TM1637Display(
                clk=d.clk, dio=d.dio, pin_factory=pin_factory, events=events, brightness=d.brightness
            )
        except Exception as exc:
            problems.append(f"display: {exc}")
    reader: Reader | None = None
    r = config.reader
    if r.enabled:
        parser = make_parser(r.protocol, pattern=r.pattern, repeat_window=r.repeat_window_ms / 1000)
        reader = _ThreadReader(ReaderThread(r.port, parser=parser, events=events, baudrate=r.baud))
    for problem in problems:
        log.error("hardware: %s", problem)
    return Hardware(
        events=events,
        display=display or SimDisplay(events=events),
        buttons=buttons,
        reader=reader,
        config=config,
        problems=problems,
    )


@dataclass
class SimHardware(Hardware):
    """The simulator's set: typed doubles to press, read and scan."""

    sim_buttons: SimButtons | None = None
    sim_display: SimDisplay | None = None
    sim_reader: SimReader | PtyReader | None = None
    clock: Clock | None = None


def open_sim_hardware(
    config: HardwareConfig | None = None,
    *,
    events: EventQueue[Any] | None = None,
    clock: Clock | None = None,
    pty_reader: bool = False,
    tick_interval: float | None = None,
) -> SimHardware:
    """Doubles for every part, configured like the box.

    ``pty_reader=True`` runs the real :class:`~hal.reader.ReaderThread` over a
    pty pair instead of feeding the parser in-process. ``tick_interval`` gives
    the buttons their own ticking thread; by default call ``hw.tick()``.
    """
    config = config or HardwareConfig()
    events = events if events is not None else EventQueue[HalEvent]()
    clock = clock or OffsetClock()  # one clock, so a scripted hold moves every part
    b, r = config.buttons, config.reader
    buttons = SimButtons(
        events=events,
        pins=b.pins(),
        clock=clock,
        holds=b.holds(),
        debounce=b.debounce_ms / 1000,
        bounce_max=b.bounce_max_ms / 1000,
        tick_interval=tick_interval,
    )
    display = SimDisplay(events=events, clock=clock, brightness=config.display.brightness)
    parser = make_parser(r.protocol, pattern=r.pattern, repeat_window=r.repeat_window_ms / 1000)
    reader: SimReader | PtyReader
    if pty_reader:
        reader = PtyReader(events=events, protocol=r.protocol, parser=parser, clock=clock)
    else:
        reader = SimReader(events=events, protocol=r.protocol, parser=parser, clock=clock)
    return SimHardware(
        events=events,
        display=display,
        buttons=buttons,
        reader=reader,
        config=config,
        sim=True,
        sim_buttons=buttons,
        sim_display=display,
        sim_reader=reader,
        clock=clock,
    )
