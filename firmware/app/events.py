"""Events of the one queue that are the application's own.

The queue carries three families, all small frozen values:

- HAL events (:mod:`hal.events`): buttons, tags, reader and display status;
- UI intents (:mod:`ui.intents`): what the person at the screen wants;
- the ones below: a computer player's answer, a clock tick, a request to stop.
"""

from __future__ import annotations

from dataclasses import dataclass

from firmware.engine import Action
from hal.events import EventQueue


@dataclass(frozen=True, slots=True)
class PlayerMoved:
    """A computer player's answer for ``seat``, computed for ``generation``.

    ``actions`` are applied in order (declarations first, then the play).
    An answer whose generation is not the controller's current one was
    computed for a state that no longer exists (a card was played meanwhile,
    a new game started) and is ignored.
    """

    seat: int
    actions: tuple[Action, ...]
    generation: int
    think_ms: int = 0
    asked: tuple[int, ...] = ()  # the declaration-ask key it answers, if any


@dataclass(frozen=True, slots=True)
class PlayerFailed:
    """A computer player raised; the controller falls back to a legal move."""

    seat: int
    generation: int
    error: str
    asked: tuple[int, ...] = ()  # a failed declaration ask is not asked again


@dataclass(frozen=True, slots=True)
class Tick:
    """Time passed (monotonic seconds): auto-advance, blink ends."""

    now: float


@dataclass(frozen=True, slots=True)
class Shutdown:
    """Stop the main loop cleanly (SIGTERM, window closed, --matches reached)."""

    reason: str = ""


def one_queue() -> EventQueue:
    """The program's one event queue (a HAL :class:`EventQueue` that is always truthy).

    ``hal.box.open_*_hardware(events=q)`` does ``events or EventQueue()``; an
    empty EventQueue has ``len() == 0`` and would be replaced by a second,
    private queue. Truthiness here keeps the queue one.
    """
    return _OneQueue()


class _OneQueue(EventQueue):
    def __bool__(self) -> bool:
        return True
