"""What every part of the table controller shares: its state, its values, its messages.

The controller is split by concern, one module each (README "Where things are"):

- :mod:`firmware.app.lifecycle`  — a match from its start to its end: new, resume,
  next hand, the one check-journal-apply path of every action, the end;
- :mod:`firmware.app.declaring`  — declaration windows: when each seat may declare,
  who the computers wait for, the *Accuso* button;
- :mod:`firmware.app.enrolment`  — learning a real deck's card tags;
- :mod:`firmware.app.dealing`    — real cards: the scans a deal needs before the first card;
- :mod:`firmware.app.scoresheet` — score sheet only: hands kept from what the table says;
- :mod:`firmware.app.picker`     — real cards without a reader: what the card picker shows;
- :mod:`firmware.app.seats`      — who sits where: the person at the screen, the
  computers (what to ask them, their answers), real cards;
- :mod:`firmware.app.controller` — the facade: one ``handle(event)`` over every
  event of the queue, the LED display and the screen model.

Each part is a class over :class:`TableCore`; :class:`~firmware.app.controller.TableController`
joins them. The hooks a part needs from another are declared here.
"""

from __future__ import annotations

import enum
import logging
import os
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from firmware.app.messages import Message, english, msg
from firmware.config import GameSettings, SeatSpec
from firmware.engine import Action, Match, Variant
from firmware.engine.match import HandRecord
from firmware.store import Journal

if TYPE_CHECKING:
    from firmware.app.cards_map import CardsMap, Enrolment
    from firmware.app.dealing import DealScan
    from ui.model import Banner

log = logging.getLogger("firmware.app.controller")


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
    seed: int | None = None  # deal seeds; None = from os.urandom
    first_dealer: int | None = None
    settings_file: Path | None = None  # where SetSetting intents are kept (<state_dir>/settings.toml)


class TableCore:
    """The controller's state and the small queries and messages every part uses."""

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
        seed = self.opts.seed
        self.rng = random.Random(seed if seed is not None else int.from_bytes(os.urandom(8)))
        self.cards = cards
        self.on_shutdown = on_shutdown
        self.match: Match | None = None
        self.match_id: int | None = None
        self.match_mode = "engine"  # the journal's mode: engine (rated), casual, assisted, referee
        self.seats: list[SeatSpec] = []
        self.phase = Phase.HOME
        self.generation = 0
        self.version = 0  # bumps on every visible change: the loop redraws
        self.message = Said()
        self.blink_seq = 0
        self.finished_here = 0
        self.stopping: str | None = None
        self._msg_age = 0
        self.power_off_requested = False
        # the menu button's first short press after a hand: (match, hand, phase) it was for
        self.menu_armed: tuple[int | None, int, str] | None = None
        self.reader_online: bool | None = None
        # A card reader is fitted (the device's [hardware] names one; the simulator always
        # has one). Without it a real-card game needs no enrolled deck: the card picker.
        self.reader_fitted = True
        self.banners: list[Banner] = []
        # the history screens' last request (pages, a score sheet, a hand replayed)
        from firmware.app.browse import HistoryBrowser

        self.browser = HistoryBrowser(journal)
        self.enrol: Enrolment | None = None  # while enrolling a deck's tags
        self.deal_scan: DealScan | None = None  # real cards: the deal's scans still to come
        self.phase_before_enrol = Phase.HOME
        self._after_enrol: tuple[str, dict[str, Any], list[SeatSpec]] | None = None  # a table game waiting
        self.brightness: int | None = None  # set from the screen's settings (0..7)
        # Why the journal cannot be written, while it cannot (firmware.app.journal_guard).
        self.journal_error: str | None = None
        # The declaration windows' state (firmware.app.declaring owns it).
        self.accusi_done: set[int] = set()  # seats whose window has passed (played, or said done)
        self.declaring: int | None = None  # the seat choosing its declarations on the screen
        self.asked: set[AskKey] = set()  # computer declaration windows already asked about
        self._window_key: tuple[int, str] = (0, "")  # the window these belong to
        report = journal.report
        if report.moved_aside is not None:
            self.say(msg("m_journal_moved", why=report.reason, file=report.moved_aside.name), "error")

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

    def _changed(self) -> None:
        self.generation += 1
        self.version += 1

    def _age_message(self) -> None:
        """A note fades after a few moves; an error (reader unplugged, journal) stays longer."""
        self._msg_age += 1
        # A refusal answers the moment it was made ("wait, seat 2 plays"): the next
        # accepted action makes it stale. Notes stay a few moves, errors longer.
        keep = {"error": 12, "refusal": 1}.get(self.message.level, 3)
        if self.message.message and self._msg_age >= keep:
            self.message = Said(Message(), "info", self.message.seq + 1)

    # ------------------------------------------------------------ the match, read

    @property
    def variant(self) -> Variant | None:
        return self.match.variant if self.match is not None else None

    @property
    def real_cards(self) -> bool:
        """A game of real cards: the people deal, the box referees (table deals)."""
        return any(spec.kind == "table" for spec in self.seats)

    def _hands(self) -> list[HandRecord]:
        return self.match.hands if self.match is not None else []

    def _hand_over(self) -> bool:
        return self.match is not None and self.match.hand_over

    def _finished(self) -> bool:
        return self.match is not None and self.match.finished

    @property
    def totals(self) -> list[int]:
        """The totals the screen, the LED display and the messages show: after a hand that
        won a game of a best-of-two match, the totals it was won at (engine: counted_totals)."""
        return list(self.match.counted_totals) if self.match is not None else []

    @property
    def winner(self) -> int | None:
        return self.match.winner if self.match is not None else None

    def _mover(self) -> int | None:
        """The seat that must act now: a pending call/discard's owner, else the seat to play."""
        if self.match is None or self.match.state is None or self.match.state.over:
            return None
        state = self.match.state
        if state.pending is not None:
            return int(state.pending[1])
        return state.to_move

    def _to_move(self) -> int | None:
        if self.phase != PLAY:
            return None
        if self.match is not None and self.match.state is not None:
            return self.match.state.to_move
        return None

    def humans(self) -> list[int]:
        """The seats played at the touchscreen."""
        return [s for s, spec in enumerate(self.seats) if spec.kind == "human"]

    def _human_seat(self) -> int | None:
        """The seat at the screen: the human to move, else the first human seat."""
        humans = self.humans()
        if not humans:
            return None
        mover = self._mover()
        if mover in humans:
            return mover
        return humans[0]

    # ------------------------------------------------------------ hooks one part offers another

    def next_hand(self) -> Outcome:
        raise NotImplementedError  # firmware.app.lifecycle

    def new_match(
        self,
        variant: str | None = None,
        options: dict[str, Any] | None = None,
        seats: Sequence[SeatSpec] | None = None,
        *,
        casual: bool = False,
        scoresheet: bool = False,
    ) -> Outcome:
        raise NotImplementedError  # firmware.app.lifecycle

    def submit(self, action: Action) -> Outcome:
        raise NotImplementedError  # firmware.app.lifecycle

    def _close_match(self) -> None:
        raise NotImplementedError  # firmware.app.lifecycle

    def _reset_declarations(self) -> None:
        raise NotImplementedError  # firmware.app.declaring

    def _declarations_after(self, action: Action) -> None:
        raise NotImplementedError  # firmware.app.declaring

    def declare_request(self) -> tuple[int, AskKey] | None:
        raise NotImplementedError  # firmware.app.declaring

    def computers_wait(self) -> bool:
        raise NotImplementedError  # firmware.app.declaring

    def pending_accusi(self) -> set[int]:
        raise NotImplementedError  # firmware.app.declaring

    def cards_wait(self) -> bool:
        raise NotImplementedError  # firmware.app.declaring

    def declarations_prompt(self) -> None:
        raise NotImplementedError  # firmware.app.declaring

    def play_refusal(self, seat: int) -> Message | None:
        raise NotImplementedError  # firmware.app.declaring

    def declaration_refusal(self, seat: int) -> Message | None:
        raise NotImplementedError  # firmware.app.declaring

    def nothing_to_declare(self, seat: int) -> Outcome:
        raise NotImplementedError  # firmware.app.declaring

    def start_enrolment(self, deck: str) -> Outcome:
        raise NotImplementedError  # firmware.app.enrolment

    def begin_table_hand(self, hand: int, dealer: int) -> Outcome:
        raise NotImplementedError  # firmware.app.dealing

    def begin_sheet_hand(self, hand: int, dealer: int) -> Outcome:
        raise NotImplementedError  # firmware.app.scoresheet

    def deal_scan_card(self, card: int) -> Outcome:
        raise NotImplementedError  # firmware.app.dealing
