"""The score display: two scores, four characters, blank, a short blink.

:class:`SegmentDisplay` holds what should be shown and writes it to a *sink*:
the TM1637 on the box (:class:`TM1637Display`) or memory in the simulator and
the tests (:class:`SimDisplay`). A sink that stops acknowledging is logged
once, reported as a :class:`~hal.events.DisplayFault` event, and retried with
back-off from :meth:`SegmentDisplay.tick`; the game never notices.
"""

from __future__ import annotations

import logging
import threading
import time
from collections import deque
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from hal.closing import Closing
from hal.events import DisplayFault, DisplayRestored, EventSink
from hal.timing import Backoff, Clock, PeriodicThread
from hal.tm1637 import (
    DIGITS,
    SEG_DP,
    SEGMENT_NAMES,
    TM1637,
    DisplayNotResponding,
    encode_text,
)

if TYPE_CHECKING:
    from gpiozero.pins import Factory

log = logging.getLogger("hal.display")


@dataclass(frozen=True, slots=True)
class Frame:
    """Everything the display shows at one moment."""

    digits: tuple[int, ...] = (0,) * DIGITS
    brightness: int = 4
    on: bool = True

    @property
    def lit(self) -> tuple[int, ...]:
        """The segments a person sees (nothing while switched off)."""
        return self.digits if self.on else (0,) * DIGITS


class Sink(Protocol):
    """Where frames go. Raises :class:`DisplayNotResponding` when nobody answers."""

    def write(self, frame: Frame) -> None: ...

    def close(self) -> None: ...


class SegmentDisplay(Closing):
    """The display logic over any :class:`Sink` (thread-safe).

    ``text`` is what was last asked for (``"12:09"``, ``"AccU"``, ``""`` when
    blank); ``frame`` is what should be lit now, blink included; ``history``
    keeps the last texts shown, oldest first.
    """

    def __init__(
        self,
        sink: Sink,
        *,
        events: EventSink | None = None,
        clock: Clock = time.monotonic,
        brightness: int = 4,
        backoff: Backoff | None = None,
        tick_interval: float | None = None,
        history: int = 200,
    ) -> None:
        self._sink = sink
        self._events = events
        self._clock = clock
        self._lock = threading.RLock()
        self._backoff = backoff or Backoff(initial=0.5, maximum=30.0)
        self._check_brightness(brightness)
        self._text = ""
        self._digits: tuple[int, ...] = (0,) * DIGITS
        self._brightness = brightness
        self._blink: deque[tuple[float, bool]] = deque()
        self._blink_on = True
        self._written: Frame | None = None
        self._faulted = False
        self._retry_at = 0.0
        self.history: deque[str] = deque(maxlen=history)
        self._ticker: PeriodicThread | None = None
        self._push()
        if tick_interval is not None:
            self._ticker = PeriodicThread(self.tick, tick_interval, name="hal-display-tick")

    # - what to show -

    def show_scores(self, left: int, right: int) -> None:
        """Two scores 0–99 around the colon: ``show_scores(12, 9)`` shows ``12:09``."""
        for score in (left, right):
            if not 0 <= score <= 99:
                raise ValueError(f"a score must be 0..99 to fit, not {score}")
        self.show_text(f"{left:02d}:{right:02d}")

    def show_text(self, text: str) -> None:
        """Up to four characters (``AccU``, ``PEzz``, ``----``); ``.``/``:`` add dots."""
        digits = encode_text(text)
        with self._lock:
            self._text, self._digits = text, digits
            self.history.append(text)
            self._push()

    def show_digits(self, digits: tuple[int, ...], text: str = "") -> None:
        """Raw segment bytes (the self-test lights segments one at a time)."""
        if len(digits) != DIGITS or not all(0 <= d <= 0xFF for d in digits):
            raise ValueError(f"need {DIGITS} bytes 0..255, got {digits!r}")
        with self._lock:
            self._text, self._digits = text, tuple(digits)
            self.history.append(text)
            self._push()

    def blank(self) -> None:
        self.show_digits((0,) * DIGITS, "")

    def blink(self, times: int = 3, period: float = 0.3) -> None:
        """Flash the current content off and on ``times`` times (driven by :meth:`tick`)."""
        with self._lock:
            now = self._clock()
            half = period / 2
            self._blink.clear()
            for i in range(times):
                self._blink.append((now + (2 * i) * half, False))
                self._blink.append((now + (2 * i + 1) * half, True))
            self._advance_blink(now)
            self._push()

    @property
    def blinking(self) -> bool:
        return bool(self._blink)

    @property
    def brightness(self) -> int:
        return self._brightness

    @brightness.setter
    def brightness(self, value: int) -> None:
        self._check_brightness(value)
        with self._lock:
            self._brightness = value
            self._push()

    @staticmethod
    def _check_brightness(value: int) -> None:
        if not 0 <= value <= 7:
            raise ValueError(f"brightness must be 0..7, not {value}")

    # - what is shown -

    @property
    def text(self) -> str:
        return self._text

    @property
    def frame(self) -> Frame:
        return Frame(self._digits, self._brightness, self._blink_on)

    @property
    def colon(self) -> bool:
        return bool(self._digits[1] & SEG_DP)

    @property
    def faulted(self) -> bool:
        """True while the display does not acknowledge."""
        return self._faulted

    def lit_segments(self) -> list[set[str]]:
        """Per digit, the names of the lit segments (``a``–``g``, ``dp``)."""
        return [
            {name for bit, name in enumerate(SEGMENT_NAMES) if byte >> bit & 1}
            for byte in self.frame.lit
        ]

    # - time and the sink -

    def tick(self, now: float | None = None) -> None:
        """Advance a blink; retry a faulted display when its back-off expires."""
        with self._lock:
            at = self._clock() if now is None else now
            self._advance_blink(at)
            if self._faulted and at >= self._retry_at:
                self._push(at, retry=True)
            else:
                self._push(at)

    def _advance_blink(self, now: float) -> None:
        while self._blink and self._blink[0][0] <= now:
            self._blink_on = self._blink.popleft()[1]

    def _push(self, now: float | None = None, *, retry: bool = False) -> None:
        frame = self.frame
        if self._faulted and not retry:
            return  # wait for the back-off; tick() will write the latest frame
        if frame == self._written and not retry:
            return
        at = self._clock() if now is None else now
        try:
            self._sink.write(frame)
        except DisplayNotResponding as exc:
            self._written = None
            self._retry_at = at + self._backoff.next_delay()
            if not self._faulted:
                self._faulted = True
                log.warning("score display not responding (%s); retrying in the background", exc)
                if self._events is not None:
                    self._events.put(DisplayFault(str(exc), at))
            return
        self._written = frame
        if self._faulted:
            self._faulted = False
            self._backoff.reset()
            log.info("score display responding again")
            if self._events is not None:
                self._events.put(DisplayRestored(at))

    def close(self) -> None:
        """Stop the ticker, switch the display off, release the pins."""
        if self._ticker is not None:
            self._ticker.close()
            self._ticker = None
        with self._lock:
            try:
                if not self._faulted:
                    self._sink.write(Frame((0,) * DIGITS, self._brightness, on=False))
            except DisplayNotResponding:
                pass
            finally:
                self._sink.close()



class TM1637Sink:
    """Frames to a :class:`~hal.tm1637.TM1637` (one full write per frame)."""

    def __init__(self, chip: TM1637) -> None:
        self.chip = chip

    def write(self, frame: Frame) -> None:
        self.chip.write(frame.digits, brightness=frame.brightness, on=frame.on)

    def close(self) -> None:
        self.chip.close()


class TM1637Display(SegmentDisplay):
    """The box's score display: a TM1637 on ``clk``/``dio`` (BCM numbers)."""

    def __init__(
        self,
        *,
        clk: int,
        dio: int,
        pin_factory: Factory | None = None,
        events: EventSink | None = None,
        clock: Clock = time.monotonic,
        brightness: int = 4,
        backoff: Backoff | None = None,
        tick_interval: float | None = 0.05,
        bit_delay: float = 2e-6,
    ) -> None:
        chip = TM1637(clk, dio, pin_factory=pin_factory, bit_delay=bit_delay)
        try:
            super().__init__(
                TM1637Sink(chip),
                events=events,
                clock=clock,
                brightness=brightness,
                backoff=backoff,
                tick_interval=tick_interval,
            )
        except BaseException:
            chip.close()
            raise


class MemorySink:
    """Frames kept in memory; ``connected = False`` makes it refuse like an unplugged chip."""

    def __init__(self) -> None:
        self.frames: list[Frame] = []
        self.connected = True
        self.closed = False

    def write(self, frame: Frame) -> None:
        if not self.connected:
            raise DisplayNotResponding("simulated display unplugged")
        self.frames.append(frame)

    def close(self) -> None:
        self.closed = True


class SimDisplay(SegmentDisplay):
    """The laptop/test double: the same logic, frames kept in memory.

    Read ``text``, ``history``, ``frame`` / ``lit_segments()`` (to draw it, see
    :func:`segment_polygons`); ``sink.frames`` is every frame written.
    """

    def __init__(
        self,
        *,
        events: EventSink | None = None,
        clock: Clock = time.monotonic,
        brightness: int = 4,
        tick_interval: float | None = None,
    ) -> None:
        self.sink = MemorySink()
        super().__init__(
            self.sink,
            events=events,
            clock=clock,
            brightness=brightness,
            tick_interval=tick_interval,
        )


Point = tuple[float, float]


def segment_polygons(width: float, height: float) -> dict[str, list[Point]]:
    """Polygons for one digit's segments in a ``width`` × ``height`` box.

    Pure geometry for the simulator window: fill ``polygons[name]`` for each
    name in ``display.lit_segments()[i]`` (``dp`` is a small square at the
    bottom right; the colon is ``dp`` of digit 1, draw it between digits 1
    and 2 if you prefer).

    >>> sorted(segment_polygons(40, 70))
    ['a', 'b', 'c', 'd', 'dp', 'e', 'f', 'g']
    """
    t = min(width, height) * 0.16  # stroke thickness
    h = t / 2
    left, right = h, width - h - t
    top, mid, bottom = h, height / 2, height - h

    def horizontal(y: float) -> list[Point]:
        x0, x1 = left + h, right - h
        return [(x0, y), (x0 + h, y - h), (x1 - h, y - h), (x1, y), (x1 - h, y + h), (x0 + h, y + h)]

    def vertical(x: float, y0: float, y1: float) -> list[Point]:
        y0, y1 = y0 + h, y1 - h
        return [(x, y0), (x + h, y0 + h), (x + h, y1 - h), (x, y1), (x - h, y1 - h), (x - h, y0 + h)]

    return {
        "a": horizontal(top),
        "b": vertical(right, top, mid),
        "c": vertical(right, mid, bottom),
        "d": horizontal(bottom),
        "e": vertical(left, mid, bottom),
        "f": vertical(left, top, mid),
        "g": horizontal(mid),
        "dp": [
            (width - t, height - t),
            (width, height - t),
            (width, height),
            (width - t, height),
        ],
    }


def ascii_art(digits: tuple[int, ...]) -> str:
    """Three text lines drawing four 7-segment digits (for logs and ``--sim``).

    >>> ascii_art((0x06, 0x5B | 0x80, 0x3F, 0x6F)).splitlines()
    ['     _   _   _  ', '  |  _|.| | |_| ', '  | |_  |_|  _| ']
    """
    rows = ["", "", ""]
    for i, byte in enumerate(digits):
        def on(seg: int, char: str, b: int = byte) -> str:
            return char if b & seg else " "

        colon = i == 1 and byte & SEG_DP
        rows[0] += " " + on(0x01, "_") + " " + " "
        rows[1] += on(0x20, "|") + on(0x40, "_") + on(0x02, "|") + ("." if colon else " ")
        rows[2] += on(0x10, "|") + on(0x08, "_") + on(0x04, "|") + (" " if colon else on(SEG_DP, "."))
    return "\n".join(rows)
