"""HAL events and the one thread-safe queue they travel in.

Every event is a small frozen value carrying the monotonic time ``at`` it
happened (the clock the producing device was given). The HAL knows nothing of
cards or games: a button has a name, a tag has an id, and what they *mean* is
the application's business.

Button names: ``"seat0"`` … ``"seat3"`` for the *Accuso* buttons (one per
seat) and ``"menu"`` for the menu button.
"""

from __future__ import annotations

import queue
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Generic, Protocol, TypeVar

ButtonName = str
"""``"seat0"`` … ``"seat3"`` or ``"menu"``."""

TagId = str
"""A tag id as the reader reported it (RDM6300: 10 upper-case hex digits)."""

MENU: ButtonName = "menu"


def seat_button(seat: int) -> ButtonName:
    """The name of the *Accuso* button of ``seat`` (0-based)."""
    if not 0 <= seat <= 3:
        raise ValueError(f"seat must be 0..3, not {seat}")
    return f"seat{seat}"


def seat_of(button: ButtonName) -> int | None:
    """The seat of an *Accuso* button name, ``None`` for the menu button."""
    if button.startswith("seat") and button[4:].isdigit():
        return int(button[4:])
    return None


class _OfButton:
    """What every button event says of its button: the seat it belongs to."""

    __slots__ = ()
    button: ButtonName

    @property
    def seat(self) -> int | None:
        """The seat of an *Accuso* button, ``None`` for the menu button."""
        return seat_of(self.button)


@dataclass(frozen=True, slots=True)
class ButtonPressed(_OfButton):
    """A debounced press (time of the first contact edge)."""

    button: ButtonName
    at: float = 0.0


@dataclass(frozen=True, slots=True)
class ButtonReleased(_OfButton):
    """A debounced release."""

    button: ButtonName
    at: float = 0.0


@dataclass(frozen=True, slots=True)
class ButtonHeld(_OfButton):
    """The button has now been held down for ``seconds`` (one of its hold thresholds).

    For the menu button the thresholds are 3 s (back to the home screen) and
    10 s (safe shutdown request) by default; each fires once per press.
    """

    button: ButtonName
    seconds: float
    at: float = 0.0


@dataclass(frozen=True, slots=True)
class TagSeen:
    """A tag arrived on the antenna (or a code was scanned); reported once."""

    tag_id: TagId
    at: float = 0.0


@dataclass(frozen=True, slots=True)
class TagRemoved:
    """The tag has not been read for longer than the repeat window."""

    tag_id: TagId
    at: float = 0.0


@dataclass(frozen=True, slots=True)
class ReaderOnline:
    """The serial reader was opened (at start or after a replug)."""

    port: str
    at: float = 0.0


@dataclass(frozen=True, slots=True)
class ReaderOffline:
    """The serial reader is missing or was unplugged; the HAL keeps retrying."""

    reason: str
    at: float = 0.0


@dataclass(frozen=True, slots=True)
class DisplayFault:
    """The score display stopped acknowledging (unplugged?); the HAL keeps retrying."""

    reason: str
    at: float = 0.0


@dataclass(frozen=True, slots=True)
class DisplayRestored:
    """The score display acknowledges again after a fault."""

    at: float = 0.0


HalEvent = (
    ButtonPressed
    | ButtonReleased
    | ButtonHeld
    | TagSeen
    | TagRemoved
    | ReaderOnline
    | ReaderOffline
    | DisplayFault
    | DisplayRestored
)
ButtonEvent = ButtonPressed | ButtonReleased | ButtonHeld
ReaderEvent = TagSeen | TagRemoved | ReaderOnline | ReaderOffline


E = TypeVar("E")


class EventSink(Protocol):
    """Where a HAL device puts its events: any queue that takes HAL events.

    The program's one queue carries more than HAL events (the app's own, the
    UI's intents); a device only needs to put its own kind into it.
    """

    def put(self, event: HalEvent, /) -> None: ...

    def put_all(self, events: Iterable[HalEvent], /) -> None: ...


class EventQueue(Generic[E]):
    """The one queue HAL devices push into, from any thread.

    A thin wrapper over :class:`queue.Queue` so producers need only ``put``
    and consumers get ``get(timeout=)``, ``get_nowait()`` and ``drain()``.
    Typed by what travels in it: ``EventQueue[HalEvent]`` in the HAL's own
    tests, the app's ``EventQueue[Event]`` (every event of the program) on the box.
    """

    def __init__(self) -> None:
        self._queue: queue.Queue[E] = queue.Queue()

    def put(self, event: E, /) -> None:
        self._queue.put(event)

    def put_all(self, events: Iterable[E], /) -> None:
        for event in events:
            self._queue.put(event)

    def get(self, timeout: float | None = None) -> E:
        """Block for the next event; raise :class:`queue.Empty` after ``timeout``."""
        return self._queue.get(timeout=timeout)

    def get_nowait(self) -> E | None:
        try:
            return self._queue.get_nowait()
        except queue.Empty:
            return None

    def drain(self) -> list[E]:
        """Everything queued right now, oldest first."""
        events: list[E] = []
        while (event := self.get_nowait()) is not None:
            events.append(event)
        return events

    def empty(self) -> bool:
        return self._queue.empty()

    def __len__(self) -> int:
        return self._queue.qsize()

    def __bool__(self) -> bool:
        # A queue is there even when empty: ``events or EventQueue()`` must
        # not swap an empty shared queue for a private one.
        return True
