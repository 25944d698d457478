"""Clocks and back-off: time is injected so tests never sleep.

Every time-dependent HAL piece (debounce, hold, stale partial frames, the tag
repeat window, retry back-off) takes ``clock=`` — a zero-argument callable
returning monotonic seconds — and a ``tick(now)``/``poll(now)`` method that a
loop (the app's main loop, a small thread, or a test) calls.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

Clock = Callable[[], float]


@runtime_checkable
class JumpingClock(Protocol):
    """A clock a simulation can move on without waiting (:class:`ManualClock`, :class:`OffsetClock`)."""

    def __call__(self) -> float: ...

    def advance(self, seconds: float) -> float: ...


class ManualClock:
    """A clock that only moves when told to: for tests.

    >>> clock = ManualClock(10.0)
    >>> clock.advance(0.5)
    10.5
    >>> clock()
    10.5
    """

    def __init__(self, start: float = 0.0) -> None:
        self._now = start
        self._lock = threading.Lock()

    def __call__(self) -> float:
        with self._lock:
            return self._now

    def advance(self, seconds: float) -> float:
        with self._lock:
            self._now += seconds
            return self._now

    def set(self, now: float) -> None:
        with self._lock:
            self._now = now


class OffsetClock:
    """Real monotonic time plus a jump the simulator can add.

    The simulated buttons use it so a scripted ``hold(menu, 3)`` runs the
    real hold-detection code without waiting three real seconds.
    """

    def __init__(self, base: Clock = time.monotonic) -> None:
        self._base = base
        self._offset = 0.0
        self._lock = threading.Lock()

    def __call__(self) -> float:
        with self._lock:
            return self._base() + self._offset

    def advance(self, seconds: float) -> float:
        with self._lock:
            self._offset += seconds
            return self._base() + self._offset


@dataclass(slots=True)
class Backoff:
    """Exponential back-off: ``initial``, doubling up to ``maximum``.

    >>> b = Backoff(initial=0.5, maximum=2.0)
    >>> [b.next_delay() for _ in range(4)]
    [0.5, 1.0, 2.0, 2.0]
    >>> b.reset(); b.next_delay()
    0.5
    """

    initial: float = 0.5
    maximum: float = 30.0
    factor: float = 2.0
    _current: float = 0.0

    def next_delay(self) -> float:
        self._current = (
            self.initial if self._current == 0.0 else min(self._current * self.factor, self.maximum)
        )
        return self._current

    def reset(self) -> None:
        self._current = 0.0


class PeriodicThread:
    """Call ``fn()`` every ``interval`` seconds on a daemon thread until closed.

    On the box this drives the time-based parts (hold detection, the end of a
    debounce window); tests pass ``tick_interval=None`` and call ``tick``.
    """

    def __init__(self, fn: Callable[[], object], interval: float, *, name: str) -> None:
        self._fn = fn
        self._interval = interval
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name=name, daemon=True)
        self._thread.start()

    def _run(self) -> None:
        while not self._stop.wait(self._interval):
            self._fn()

    def close(self) -> None:
        self._stop.set()
        if self._thread is not threading.current_thread():
            self._thread.join(timeout=2.0)
