"""Simulated doubles for the laptop and the tests.

They are not stubs: each runs the real HAL code on simulated hardware.

* :class:`SimButtons` is :class:`~hal.buttons.TableButtons` on gpiozero mock
  pins: ``press(seat)`` drives the pin low, so debounce and hold detection are
  the box's own. Its clock can jump, so ``hold(MENU, 3)`` takes no real time.
* :class:`~hal.display.SimDisplay` (re-exported here) keeps what it shows.
* :class:`SimReader` feeds scans through the real parser, in-process.
* :class:`PtyReaderFeed` is the other end of a pseudo-terminal pair: it writes
  reader frames into the master while the real :class:`~hal.reader.ReaderThread`
  reads the slave through pyserial, at a stable path (a symlink standing in for
  ``/dev/serial/by-id/...``) that survives :meth:`~PtyReaderFeed.unplug` and
  :meth:`~PtyReaderFeed.replug`. :class:`PtyReader` bundles the two.
"""

from __future__ import annotations

import os
import tempfile
import time
import tty
from collections.abc import Mapping, Sequence
from pathlib import Path

from gpiozero.pins.mock import MockFactory

from hal.buttons import DEFAULT_BOUNCE_MAX, DEFAULT_DEBOUNCE, TableButtons
from hal.closing import Closing
from hal.display import SimDisplay
from hal.events import MENU, ButtonName, EventSink, ReaderEvent, TagId, seat_button
from hal.reader import ReaderThread, TagParser, encode_scan, make_parser
from hal.timing import Backoff, Clock, JumpingClock, OffsetClock

__all__ = ["PtyReader", "PtyReaderFeed", "SimButtons", "SimDisplay", "SimReader"]

SIM_PINS: dict[ButtonName, int] = {
    "seat0": 17, "seat1": 27, "seat2": 22, "seat3": 23, MENU: 24,
}  # fmt: skip


def _name(button: int | ButtonName) -> ButtonName:
    return seat_button(button) if isinstance(button, int) else button


class SimButtons(TableButtons):
    """The table buttons on mock pins you can press from code or the simulator window.

    ``press(0)`` / ``press("menu")``, ``release(...)``, ``click(...)`` and
    ``hold(button, seconds)``. The clock is an :class:`~hal.timing.OffsetClock`
    (real time that can jump), unless one is injected.
    """

    def __init__(
        self,
        *,
        events: EventSink,
        pins: Mapping[ButtonName, int] | None = None,
        clock: Clock | None = None,
        holds: Mapping[ButtonName, Sequence[float]] | None = None,
        debounce: float = DEFAULT_DEBOUNCE,
        tick_interval: float | None = None,
        bounce_max: float = DEFAULT_BOUNCE_MAX,
    ) -> None:
        self.factory = MockFactory()
        self.clock: Clock = clock if clock is not None else OffsetClock()
        super().__init__(
            SIM_PINS if pins is None else pins,
            events=events,
            pin_factory=self.factory,
            clock=self.clock,
            holds=holds,
            debounce=debounce,
            bounce_max=bounce_max,
            tick_interval=tick_interval,
        )
        self._debounce = debounce

    def _advance(self, seconds: float) -> None:
        if not isinstance(self.clock, JumpingClock):
            raise TypeError("this clock cannot jump; inject an OffsetClock or ManualClock")
        self.clock.advance(seconds)

    def press(self, button: int | ButtonName) -> None:
        """Close the contact of a seat's *Accuso* button (or ``"menu"``)."""
        self.factory.pin(self.pins[_name(button)]).drive_low()

    def release(self, button: int | ButtonName) -> None:
        self.factory.pin(self.pins[_name(button)]).drive_high()

    def click(self, button: int | ButtonName) -> None:
        """Press and release, each held past the debounce window."""
        self.press(button)
        self._advance(self._debounce * 2)
        self.release(button)
        self._advance(self._debounce * 2)
        self.tick()

    def hold(self, button: int | ButtonName, seconds: float) -> None:
        """Press, let ``seconds`` pass on the clock (holds fire), release."""
        self.press(button)
        self._advance(seconds)
        self.tick()
        self.release(button)
        self._advance(self._debounce * 2)
        self.tick()

    def close(self) -> None:
        super().close()
        self.factory.close()


class SimReader(Closing):
    """A card reader you ``scan(tag)``: the bytes go through the real parser.

    ``protocol`` is ``"rdm6300"`` (tag ids are 10 hex digits) or ``"lines"``.
    Call :meth:`tick` to let the repeat window run out (:class:`TagRemoved`).
    """

    def __init__(
        self,
        *,
        events: EventSink,
        protocol: str = "rdm6300",
        parser: TagParser | None = None,
        clock: Clock = time.monotonic,
    ) -> None:
        self.events = events
        self.protocol = protocol
        self.parser = parser or make_parser(protocol)
        self._clock = clock
        self.scanned: list[TagId] = []
        self.closed = False

    def scan(self, tag: TagId) -> list[ReaderEvent]:
        """One read of ``tag`` (call again within the window = still lying there)."""
        self.scanned.append(tag)
        return self.write(encode_scan(self.protocol, tag))

    def write(self, data: bytes) -> list[ReaderEvent]:
        """Raw bytes as if they came down the wire (garbage welcome)."""
        events = self.parser.feed(data, self._clock())
        self.events.put_all(events)
        return events

    def tick(self, now: float | None = None) -> list[ReaderEvent]:
        events = self.parser.poll(self._clock() if now is None else now)
        self.events.put_all(events)
        return events

    def close(self) -> None:
        self.closed = True



class PtyReaderFeed(Closing):
    """The reader's end of a pty pair: write frames, unplug, replug.

    ``link`` is the stable path the reader thread opens (a symlink to the
    current slave, like ``/dev/serial/by-id/...``); by default one in a fresh
    temporary directory.
    """

    def __init__(self, link: str | Path | None = None, *, protocol: str = "rdm6300") -> None:
        if link is None:
            self._tmp: tempfile.TemporaryDirectory[str] | None = tempfile.TemporaryDirectory(
                prefix="hal-sim-"
            )
            link = Path(self._tmp.name) / "usb-Sim_Card_Reader-if00-port0"
        else:
            self._tmp = None
        self.link = Path(link)
        self.protocol = protocol
        self._master: int | None = None
        self._slave: int | None = None
        self.replug()

    @property
    def port(self) -> str:
        return str(self.link)

    @property
    def plugged(self) -> bool:
        return self._master is not None

    def replug(self) -> None:
        """A new pty appears at the same stable path."""
        self.unplug()
        self._master, self._slave = os.openpty()
        tty.setraw(self._slave)  # no echo, no line buffering before pyserial opens it
        self.link.parent.mkdir(parents=True, exist_ok=True)
        self.link.symlink_to(os.ttyname(self._slave))

    def unplug(self) -> None:
        """The cable is pulled: the pty goes away (the reader's reads fail)."""
        if self.link.is_symlink():
            self.link.unlink()
        for fd in (self._master, self._slave):
            if fd is not None:
                os.close(fd)
        self._master = self._slave = None

    def write(self, data: bytes) -> None:
        if self._master is None:
            raise OSError("the simulated reader is unplugged")
        view = memoryview(data)
        while view:
            view = view[os.write(self._master, view) :]

    def scan(self, tag: TagId) -> None:
        self.write(encode_scan(self.protocol, tag))

    def close(self) -> None:
        self.unplug()
        if self._tmp is not None:
            self._tmp.cleanup()
            self._tmp = None



class PtyReader(Closing):
    """The real :class:`~hal.reader.ReaderThread` reading a :class:`PtyReaderFeed`.

    What the simulator uses when it wants the box's exact serial path:
    ``scan(tag)``, ``unplug()``, ``replug()``, ``close()``.
    """

    def __init__(
        self,
        *,
        events: EventSink,
        protocol: str = "rdm6300",
        parser: TagParser | None = None,
        link: str | Path | None = None,
        backoff: Backoff | None = None,
        clock: Clock = time.monotonic,
    ) -> None:
        self.feed = PtyReaderFeed(link, protocol=protocol)
        self.thread = ReaderThread(
            self.feed.port,
            parser=parser or make_parser(protocol),
            events=events,
            backoff=backoff or Backoff(initial=0.05, maximum=0.5),
            clock=clock,
        )

    def scan(self, tag: TagId) -> None:
        self.feed.scan(tag)

    def write(self, data: bytes) -> None:
        self.feed.write(data)

    def unplug(self) -> None:
        self.feed.unplug()

    def replug(self) -> None:
        self.feed.replug()

    def tick(self, now: float | None = None) -> list[ReaderEvent]:
        return []  # the thread polls on its own

    def close(self) -> None:
        self.thread.close()
        self.feed.close()

