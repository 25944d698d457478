"""The one queue's event type, and the events that are the application's own.

The queue carries three families, all small frozen values, joined in one
union :data:`Event`:

- HAL events (:mod:`hal.events`): buttons, tags, reader and display status;
  the network's (:mod:`hal.network`): networks scanned, attempts ended, its state;
- UI intents (:mod:`ui.intents`): what the person at the screen wants;
- the ones below (:data:`AppEvent`): a computer player's answer, a clock
  tick, a request to stop.

The controller handles an ``Event`` with one ``match`` ending in
``assert_never``: a new event type that is not handled is a type error.
"""

from __future__ import annotations

from dataclasses import dataclass

from firmware.app.phones.events import PhoneIntent, PhoneStatus
from firmware.coach import Hint
from firmware.coach.review import HandReview, MatchReview
from firmware.engine import Action
from hal.events import EventQueue, HalEvent
from hal.network import NetworkEvent
from ui.intents import Intent


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
class HintReady:
    """The coach's hint for ``seat``, computed for ``generation`` (stale ones are dropped)."""

    seat: int
    generation: int
    hint: Hint


@dataclass(frozen=True, slots=True)
class ReviewProgress:
    """The coach is rating hand ``hand`` of match ``match``: ``done`` of ``total`` cards."""

    match: int
    hand: int
    done: int
    total: int


@dataclass(frozen=True, slots=True)
class ReviewReady:
    """The coach's rating of hand ``hand`` of match ``match`` (the person's plays)."""

    match: int
    hand: int
    review: HandReview


@dataclass(frozen=True, slots=True)
class MatchReviewProgress:
    """The coach is reviewing match ``match`` (record ``digest``): ``done`` of ``total`` cards."""

    match: int
    digest: str
    done: int
    total: int


@dataclass(frozen=True, slots=True)
class MatchReviewReady:
    """The review of match ``match`` (firmware/app/reviewing.py), computed or read back."""

    match: int
    digest: str
    review: MatchReview


@dataclass(frozen=True, slots=True)
class MatchReviewFailed:
    """The review of match ``match`` could not be made: ``why``, for the screen."""

    match: int
    digest: str
    why: str


@dataclass(frozen=True, slots=True)
class Tick:
    """Time passed (monotonic seconds): auto-advance, blink ends."""

    now: float


@dataclass(frozen=True, slots=True)
class Shutdown:
    """Stop the main loop cleanly (SIGTERM, window closed, --matches reached)."""

    reason: str = ""


AppEvent = (
    PlayerMoved | PlayerFailed | HintReady | ReviewProgress | ReviewReady
    | MatchReviewProgress | MatchReviewReady | MatchReviewFailed | Tick | Shutdown
    | PhoneIntent | PhoneStatus
)

Event = HalEvent | NetworkEvent | Intent | AppEvent
"""Everything that travels in the program's one queue."""

EventBus = EventQueue[Event]


def one_queue() -> EventBus:
    """The program's one event queue.

    ``hal.box.open_*_hardware(events=q)`` puts the HAL's events into it, the
    main loop the UI's intents, the computer seats their answers.
    """
    return EventQueue[Event]()
