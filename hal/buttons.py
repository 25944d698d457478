"""Table buttons: one *Accuso* button per seat and a menu button.

gpiozero's :class:`~gpiozero.DigitalInputDevice` (a ``Button`` without its
hold thread, which would add one polling thread per button and up to a second
to every close) reports raw contact edges; the debounce
and hold logic is ours (:class:`Debouncer`), driven by an injected clock, so
the tests can bounce a mock pin and advance time without sleeping (gpiozero's
mock pins do not simulate bounce, and its ``hold_time`` runs on real time).

Debounce is *leading edge, then hold off until the contact is quiet*: the
first edge of a burst is the press (so the earliest *Accuso* wins, to the
millisecond, with no added latency). After it, no change is reported until
the contact has shown no edge for ``debounce`` seconds: every bounce restarts
that wait, so a worn switch bouncing for 20–50 ms gives one press and one
release, not one per bounce. If the contact settled on the other level during
the wait, that change is reported when the wait ends. A contact that is still
chattering ``bounce_max`` seconds after the edge is taken as it is (a broken
switch does not hold the button down for ever, so it cannot fire the 10 s
shutdown hold).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING

from hal.closing import Closing
from hal.events import (
    MENU,
    ButtonEvent,
    ButtonHeld,
    ButtonName,
    ButtonPressed,
    ButtonReleased,
    EventSink,
)
from hal.timing import Clock, PeriodicThread

if TYPE_CHECKING:
    from gpiozero import DigitalInputDevice
    from gpiozero.pins import Factory

DEFAULT_DEBOUNCE = 0.030
"""Quiet time the contact needs after a reported edge before the next change counts."""
DEFAULT_BOUNCE_MAX = 0.250
"""Longest bounce waited out; a contact chattering longer is taken as it is."""
DEFAULT_MENU_HOLDS: tuple[float, ...] = (3.0, 10.0)
"""Menu hold thresholds: 3 s = back to the home screen, 10 s = safe shutdown."""


class Debouncer:
    """Debounce and hold detection for one button: pure, no I/O, no clock of its own.

    Feed raw contact edges with :meth:`edge` and let time pass with
    :meth:`tick`; both return the debounced events that became due.

    >>> d = Debouncer("menu", debounce=0.03, holds=(3.0,))
    >>> d.edge(True, 0.000), d.edge(False, 0.002), d.edge(True, 0.004)
    ([ButtonPressed(button='menu', at=0.0)], [], [])
    >>> d.tick(3.5)
    [ButtonHeld(button='menu', seconds=3.0, at=3.0)]
    """

    def __init__(
        self,
        name: ButtonName,
        *,
        debounce: float = DEFAULT_DEBOUNCE,
        holds: Sequence[float] = (),
        bounce_max: float = DEFAULT_BOUNCE_MAX,
    ) -> None:
        self.name = name
        self.debounce = debounce
        self.bounce_max = max(bounce_max, debounce)
        self.holds = tuple(sorted(holds))
        self._raw = False
        self._stable = False
        self._last_edge = float("-inf")
        self._lock_until = float("-inf")
        self._give_up_at = float("-inf")
        self._pressed_at = 0.0
        self._holds_fired = 0

    @property
    def pressed(self) -> bool:
        """The debounced state."""
        return self._stable

    def edge(self, pressed: bool, now: float) -> list[ButtonEvent]:
        """The contact went to ``pressed`` at ``now``."""
        events = self._settle(now)
        self._raw = pressed
        self._last_edge = now
        if now >= self._lock_until:
            if self._raw != self._stable:
                events += self._transition(now)
        else:
            # Still bouncing: wait for quiet again, but not past bounce_max.
            self._lock_until = min(max(self._lock_until, now + self.debounce), self._give_up_at)
        return events

    def tick(self, now: float) -> list[ButtonEvent]:
        """Report what time alone made due: a settled change, a hold threshold."""
        return self._settle(now)

    def _settle(self, now: float) -> list[ButtonEvent]:
        events: list[ButtonEvent] = []
        if self._raw != self._stable and now >= self._lock_until:
            # The contact settled on the other level during the lock-out.
            at = max(self._lock_until, self._last_edge)
            events += self._due_holds(at)
            events += self._transition(at)
        events += self._due_holds(now)
        return events

    def _due_holds(self, now: float) -> list[ButtonEvent]:
        events: list[ButtonEvent] = []
        while (
            self._stable
            and self._holds_fired < len(self.holds)
            and now - self._pressed_at >= self.holds[self._holds_fired]
        ):
            seconds = self.holds[self._holds_fired]
            events.append(ButtonHeld(self.name, seconds, self._pressed_at + seconds))
            self._holds_fired += 1
        return events

    def _transition(self, at: float) -> list[ButtonEvent]:
        self._stable = self._raw
        self._lock_until = at + self.debounce
        self._give_up_at = at + self.bounce_max
        if self._stable:
            self._pressed_at = at
            self._holds_fired = 0
            return [ButtonPressed(self.name, at)]
        return [ButtonReleased(self.name, at)]


class TableButtons(Closing):
    """The table's buttons on gpiozero, pushing debounced events into ``events``.

    ``pins`` maps a button name (``"seat0"`` … ``"seat3"``, ``"menu"``) to a
    BCM GPIO number; buttons close the contact to ground (``pull_up=True``).
    With ``tick_interval`` set, a small thread calls :meth:`tick`; tests pass
    ``tick_interval=None`` with a manual clock and call :meth:`tick` themselves.
    """

    def __init__(
        self,
        pins: Mapping[ButtonName, int],
        *,
        events: EventSink,
        pin_factory: Factory | None = None,
        pull_up: bool = True,
        debounce: float = DEFAULT_DEBOUNCE,
        holds: Mapping[ButtonName, Sequence[float]] | None = None,
        bounce_max: float = DEFAULT_BOUNCE_MAX,
        clock: Clock = time.monotonic,
        tick_interval: float | None = 0.01,
    ) -> None:
        # optional: the Pi's GPIO library, absent on a laptop (the simulated pins stand in)
        from gpiozero import DigitalInputDevice

        if holds is None:
            holds = {MENU: DEFAULT_MENU_HOLDS}
        self.events = events
        self.pins = dict(pins)
        self._clock = clock
        self._lock = threading.Lock()
        self._debouncers = {
            name: Debouncer(
                name, debounce=debounce, holds=holds.get(name, ()), bounce_max=bounce_max
            )
            for name in self.pins
        }
        self._buttons: dict[ButtonName, DigitalInputDevice] = {}
        self._ticker: PeriodicThread | None = None
        try:
            for name, pin in self.pins.items():
                button = DigitalInputDevice(
                    pin, pull_up=pull_up, bounce_time=None, pin_factory=pin_factory
                )
                button.when_activated = self._callback(name, True)
                button.when_deactivated = self._callback(name, False)
                self._buttons[name] = button
        except BaseException:
            self.close()
            raise
        if tick_interval is not None:
            self._ticker = PeriodicThread(self.tick, tick_interval, name="hal-buttons-tick")

    def _callback(self, name: ButtonName, pressed: bool) -> Callable[[], None]:
        def on_edge() -> None:
            self.edge(name, pressed)

        return on_edge

    @property
    def names(self) -> list[ButtonName]:
        return list(self.pins)

    def is_pressed(self, name: ButtonName) -> bool:
        """The debounced state of one button."""
        return self._debouncers[name].pressed

    def edge(self, name: ButtonName, pressed: bool, now: float | None = None) -> list[ButtonEvent]:
        """A raw contact edge (called from gpiozero's callback thread)."""
        with self._lock:
            events = self._debouncers[name].edge(pressed, self._clock() if now is None else now)
            self.events.put_all(events)
        return events

    def tick(self, now: float | None = None) -> list[ButtonEvent]:
        """Let time pass: settle lock-outs, fire hold thresholds."""
        with self._lock:
            at = self._clock() if now is None else now
            events = [e for d in self._debouncers.values() for e in d.tick(at)]
            events.sort(key=lambda e: e.at)
            self.events.put_all(events)
        return events

    def close(self) -> None:
        if self._ticker is not None:
            self._ticker.close()
            self._ticker = None
        for button in self._buttons.values():
            button.close()
        self._buttons.clear()

    @property
    def closed(self) -> bool:
        return not self._buttons

