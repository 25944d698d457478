"""The table every part of the controller reads, and the values the parts pass each other.

The controller is parts that own their state (docs/box.md §2), one module each:

- :mod:`firmware.app.core`          — :class:`Table`: the match, who sits where, the
  phase, what the screen says (the board every part reads and the messages it shows);
- :mod:`firmware.app.journal_guard` — the journal that cannot be written: refuse, show, retry;
- :mod:`firmware.app.declaring`     — declaration windows: when each seat may declare,
  who the computers wait for, the *Accuso* button;
- :mod:`firmware.app.dealing`       — real cards: the scans a deal needs before the first card;
- :mod:`firmware.app.enrolment`     — learning a real deck's card tags;
- :mod:`firmware.app.lifecycle`     — a match from its start to its end: new, resume,
  next hand, the one check-journal-apply path of every action, the end;
- :mod:`firmware.app.scoresheet`    — score sheet only: hands kept from what the table says;
- :mod:`firmware.app.picker`        — real cards without a reader: what the card picker shows;
- :mod:`firmware.app.seats`         — what each seat does (the person at the screen, the
  computers, real cards) turned into actions;
- :mod:`firmware.app.reviewing`     — a whole match's review on the screen;
- :mod:`firmware.app.coaching`      — undo, hints and the hand's rating in casual matches;
- :mod:`firmware.app.controller`    — composes them: one ``handle(event)`` over every
  event of the queue, the LED display, and the frozen snapshot the screen model is built
  from (:mod:`firmware.app.present`).

Each part is a class with its own attributes, given the parts it uses when it is made;
the arrows go one way (a part never calls back into one that uses it).
"""

from __future__ import annotations

import enum
import logging
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from firmware.app.cards_map import CardsMap
from firmware.app.messages import Message, english
from firmware.config import GameSettings
from firmware.engine import HandState, Match, Variant
from firmware.engine.match import HandRecord
from firmware.engine.names import PersonName
from firmware.engine.seating import SeatSpec
from firmware.store import Journal
from ui.intents import HomeChoice

if TYPE_CHECKING:
    from ui.model import Banner

log = logging.getLogger("firmware.app.controller")

ONE_POSITION = frozenset({"hint_says", "hint_wait"})
"""Messages about the position they were said in (the coach's hint, and its wait): gone
with the next accepted action, as a refusal is."""


class Phase(enum.StrEnum):
    """Where the table is. A ``StrEnum``: the values are the words the screen and logs use."""

    HOME = "home"
    PLAY = "play"
    HAND_OVER = "hand_over"
    MATCH_OVER = "match_over"
    ENROL = "enrol"


HOME, PLAY, HAND_OVER, MATCH_OVER, ENROL = (
    Phase.HOME,
    Phase.PLAY,
    Phase.HAND_OVER,
    Phase.MATCH_OVER,
    Phase.ENROL,
)


class AskKind(enum.StrEnum):
    DECLARE = "declare"
    PLAY = "play"


AskKey = tuple[int, ...]
"""Which declaration window a computer was asked about: (hand, tricks, cards in trick, seat)."""


@dataclass(frozen=True, slots=True)
class CpuRequest:
    """Ask the computer in ``seat`` for declarations (``kind=DECLARE``) or a move."""

    seat: int
    kind: AskKind
    generation: int
    asked: AskKey = ()

    @property
    def key(self) -> tuple[int, str, int, AskKey]:
        return (self.seat, str(self.kind), self.generation, self.asked)


@dataclass(frozen=True, slots=True)
class DisplayState:
    """What the LED score display should show now."""

    text: str  # four characters, or "" when ``scores`` is set
    scores: tuple[int, int] | None = None
    blink_seq: int = 0  # bumps on every refusal / win: the driver blinks once per bump
    win: bool = False


@dataclass(slots=True)
class Said:
    """The message on screen now: a catalogue key + args (``ui.i18n.Message``), never English."""

    message: Message = Message()
    level: str = "info"  # "info" | "refusal" | "error"
    seq: int = 0

    @property
    def text(self) -> str:
        """In English: for the log, the tests and ``Outcome.reason``."""
        return english(self.message)


@dataclass(slots=True)
class Outcome:
    accepted: bool
    reason: str = ""


@dataclass(slots=True)
class ControllerOptions:
    auto_next: bool = False  # deal the next hand / match without waiting for a tap
    matches: int | None = None  # stop (Shutdown) after this many finished matches
    seed: int | None = None  # deal seeds derived from it; None: every hand's fresh (engine.fresh_seed)
    first_dealer: int | None = None
    settings_file: Path | None = None  # where SetSetting intents are kept (<state_dir>/settings.toml)


@dataclass(frozen=True, slots=True)
class LastGame:
    """A finished match's game as the home screen offers it again: its preset, options,
    seats and journal mode (``scoresheet``, ``casual``, ...)."""

    variant: str
    options: dict[str, object]
    seats: tuple[SeatSpec, ...]
    mode: str
    match_id: int = 0  # its journal id: a choice made on the home screen since is newer (KeptChoice)


@dataclass(frozen=True, slots=True)
class KeptChoice:
    """What the home screen showed chosen and not yet played (firmware.app.homechoice),
    and ``after``: the newest match the table knew when it was chosen. A match played
    since (a journal id above it) is newer than the choice; a clock is not asked, as the
    box's may be wrong after a power cut."""

    choice: HomeChoice
    after: int


class Table:
    """The board every part reads: the match, who sits where, the phase, what the screen says.

    Its own methods are queries of the match and the messages (:meth:`say`,
    :meth:`refuse`); what a part decides stays in that part.
    """

    def __init__(
        self,
        journal: Journal,
        settings: GameSettings | None = None,
        *,
        options: ControllerOptions | None = None,
        cards: CardsMap | None = None,
        on_shutdown: Callable[[str], None] | None = None,
    ) -> None:
        self.journal = journal
        self.settings = settings or GameSettings()
        self.opts = options or ControllerOptions()
        self.cards = cards
        self.on_shutdown = on_shutdown
        self.match: Match | None = None
        self.match_id: int | None = None
        self.match_mode = "engine"  # the journal's mode: engine (rated), casual, assisted, referee, scoresheet
        # The newest match of the journal, read once at start when none is left to resume
        # (a power cut after a match's end): the home screen offers its game and mode again.
        self.last_game: LastGame | None = None
        # What the person chose on the home screen and has not played yet, kept across a
        # power cut (firmware.app.homechoice): offered at start when newer than last_game.
        self.home_choice: KeptChoice | None = None
        # A card reader is fitted (the device's [hardware] names one; the simulator always
        # has one). Without it a real-card game needs no enrolled deck: the card picker.
        self.reader_fitted = True
        self.seats: list[SeatSpec] = []
        # who plays each seat: a person's name (firmware.engine.names) or None; the journal keeps it
        self.players: list[PersonName | None] = []
        self.phase = Phase.HOME
        self.generation = 0  # bumps on every change of the position: a computer's late answer is dropped
        self.version = 0  # bumps on every visible change: the loop redraws
        self.message = Said()
        self.blink_seq = 0
        self.stopping: str | None = None
        self._msg_age = 0
        self.banners: list[Banner] = []

    # ------------------------------------------------------------ messages

    def say(self, message: Message, level: str = "info") -> None:
        """Show ``message`` (``msg(key, **args)``): the screen says it in its language."""
        self.message = Said(message, level, self.message.seq + 1)
        self._msg_age = 0
        self.version += 1
        if level != "info":
            log.info("%s: %s", level, english(message))

    def refuse(self, message: Message) -> Outcome:
        """A clear refusal on screen and a blink on the display; nothing recorded."""
        self.blink_seq += 1
        self.say(message, "refusal")
        return Outcome(False, english(message))

    def changed(self) -> None:
        """The position changed: a new generation (late answers dropped) and a redraw."""
        self.generation += 1
        self.version += 1

    def age_message(self) -> None:
        """A note fades after a few moves; an error (reader unplugged, journal) stays longer."""
        self._msg_age += 1
        # A refusal answers the moment it was made ("wait, seat 2 plays"), and a hint the
        # position it was asked in: the next accepted action makes either stale. Notes stay
        # a few moves, errors longer.
        keep = {"error": 12, "refusal": 1}.get(self.message.level, 3)
        if self.message.message.key in ONE_POSITION:
            keep = 1
        if self.message.message and self._msg_age >= keep:
            self.message = Said(Message(), "info", self.message.seq + 1)

    def stop(self, reason: str) -> None:
        self.stopping = reason
        if self.on_shutdown is not None:
            self.on_shutdown(reason)

    # ------------------------------------------------------------ the match, read

    @property
    def variant(self) -> Variant | None:
        return self.match.variant if self.match is not None else None

    @property
    def real_cards(self) -> bool:
        """A game of real cards: the people deal, the box referees (table deals)."""
        return any(spec.kind == "table" for spec in self.seats)

    def hands(self) -> list[HandRecord]:
        return self.match.hands if self.match is not None else []

    def hand_over(self) -> bool:
        return self.match is not None and self.match.hand_over

    def finished(self) -> bool:
        return self.match is not None and self.match.finished

    def state(self) -> HandState | None:
        """The hand being played, if any."""
        return self.match.state if self.match is not None else None

    @property
    def totals(self) -> list[int]:
        """The totals the screen, the LED display and the messages show: after a hand that
        won a game of a best-of-two match, the totals it was won at (engine: counted_totals)."""
        return list(self.match.counted_totals) if self.match is not None else []

    @property
    def winner(self) -> int | None:
        return self.match.winner if self.match is not None else None

    def mover(self) -> int | None:
        """The seat that must act now: a pending call/discard's owner, else the seat to play."""
        if self.match is None or self.match.state is None or self.match.state.over:
            return None
        state = self.match.state
        if state.pending is not None:
            return int(state.pending[1])
        return state.to_move

    def to_move(self) -> int | None:
        if self.phase != Phase.PLAY:
            return None
        if self.match is not None and self.match.state is not None:
            return self.match.state.to_move
        return None

    def humans(self) -> list[int]:
        """The seats played at the touchscreen."""
        return [s for s, spec in enumerate(self.seats) if spec.kind == "human"]

    def human_seat(self) -> int | None:
        """The seat at the screen: the human to move, else the first human seat."""
        humans = self.humans()
        if not humans:
            return None
        mover = self.mover()
        if mover in humans:
            return mover
        return humans[0]
