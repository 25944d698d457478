"""The table controller: every event becomes an engine action or a clear refusal.

Synchronous and single-threaded on purpose: the main loop feeds it events one
at a time (:meth:`TableController.handle`), and the tests do the same with no
threads, no pygame and no clock of their own. Computer players never run
here: the controller *asks* for a move (:meth:`cpu_request`) and the answer
comes back later through the queue as a :class:`PlayerMoved`.

Write-before-apply (DESIGN.md): an action is checked by the engine
(``check``), written to the journal, and only then applied. A hand's deal
seed is written before the hand is dealt. So after a power cut the journal
holds everything that happened, and at most one action that was written but
not yet shown, which replay simply applies.
"""

from __future__ import annotations

import hashlib
import logging
import os
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from firmware.app.events import PlayerFailed, PlayerMoved, Shutdown, Tick
from firmware.app.journal_guard import JOURNAL_ERROR_CODE, JournalGuard
from firmware.app.messages import Message, Term, engine_refusal, english, has, msg, window_refusal
from firmware.app.referee import RefereeMatch
from firmware.config import GameSettings, check_seats
from firmware.engine import (
    Action,
    Call,
    Claim,
    Declare,
    Discard,
    IllegalAction,
    Match,
    Play,
    RecordError,
    TressetteError,
    ZuTun,
    check,
    make_variant,
)
from firmware.engine.records import action_to_json, replay
from firmware.store import Journal, JournalFailure, StoreError

log = logging.getLogger("firmware.app.controller")

COLLECTIVE_WINDOWS = ("start", "after_first_trick")
"""Declaration windows open to every seat at once: a computer waits before
playing until the people at the table have declared or said they are done."""

HOME, PLAY, HAND_OVER, MATCH_OVER, ENROL = "home", "play", "hand_over", "match_over", "enrol"


@dataclass(frozen=True, slots=True)
class CpuRequest:
    """Ask the computer in ``seat`` for declarations (``kind="declare"``) or a move."""

    seat: int
    kind: str  # "declare" | "play"
    generation: int
    asked: tuple[int, ...] = ()

    @property
    def key(self) -> tuple[int, str, int, tuple[int, ...]]:
        return (self.seat, self.kind, self.generation, self.asked)


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


def derive_seed(seed: int, what: str, n: int) -> int:
    """A 31-bit seed from ``seed`` and a number: the same on every machine and run."""
    digest = hashlib.blake2b(f"{seed}/{what}/{n}".encode(), digest_size=8).digest()
    return int.from_bytes(digest) & 0x7FFF_FFFF


def seat_kind(spec: str) -> str:
    return "computer" if spec.startswith("cpu:") else spec


@dataclass(slots=True)
class ControllerOptions:
    auto_next: bool = False  # deal the next hand / match without waiting for a tap
    matches: int | None = None  # stop (Shutdown) after this many finished matches
    seed: int | None = None  # deal seeds; None = from os.urandom
    first_dealer: int | None = None
    settings_file: Any = None  # pathlib.Path: where SetSetting intents are kept (<state_dir>/settings.toml)


class TableController(JournalGuard):
    """Events in; journal writes, engine actions, a screen model and a display state out.

    A journal that cannot be written pauses the match visibly and is retried
    (:class:`~firmware.app.journal_guard.JournalGuard`).
    """

    def __init__(
        self,
        journal: Journal,
        settings: GameSettings | None = None,
        *,
        options: ControllerOptions | None = None,
        cards: Any = None,  # firmware.app.cards_map.CardsMap, for real cards
        on_shutdown: Callable[[str], None] | None = None,
    ) -> None:
        self.journal = journal
        self.settings = settings or GameSettings()
        self.opts = options or ControllerOptions()
        seed = self.opts.seed
        self.rng = random.Random(seed if seed is not None else int.from_bytes(os.urandom(8)))
        self.match_seed = 0  # the first hand's deal seed; the next hands are derived from it
        self.cards = cards
        self.on_shutdown = on_shutdown
        self.match: Match | None = None
        self.referee: RefereeMatch | None = None
        self.match_id: int | None = None
        self.seats: list[str] = []
        self.phase = HOME
        self.generation = 0
        self.version = 0  # bumps on every visible change: the loop redraws
        self.message = Said()
        self.blink_seq = 0
        self.accusi_done: set[int] = set()
        self.declaring: int | None = None
        self.asked: set[tuple[int, ...]] = set()
        self.finished_here = 0
        self.stopping: str | None = None
        self._msg_age = 0
        self.power_off_requested = False
        self.reader_online: bool | None = None
        self.banners: list[Any] = []
        self.enrol: Any = None  # firmware.app.cards_map.Enrolment while enrolling
        self.phase_before_enrol = HOME
        self._after_enrol: tuple[str, dict[str, Any], list[str]] | None = None  # a table game waiting
        self.brightness: int | None = None  # set from the screen's settings (0..7)
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

    # ------------------------------------------------------------ matches

    @property
    def variant(self) -> Any:
        if self.match is not None:
            return self.match.variant
        if self.referee is not None:
            return self.referee.variant
        return None

    def boot(self) -> bool:
        """Resume the unfinished match from the journal, if any; True if resumed."""
        row = self.journal.unfinished()
        if row is None:
            self.phase = HOME
            self.version += 1
            return False
        return self.resume(row.id)

    def resume(self, match_id: int) -> bool:
        row = self.journal.match(match_id)
        if row is None:
            return False
        doc = self.journal.record(match_id)
        try:
            if row.mode == "referee":
                referee = RefereeMatch.from_record(doc)
                match = None
            else:
                match = replay(doc)
                referee = None
        except (RecordError, TressetteError) as exc:
            log.error("match %s cannot be replayed: %s", match_id, exc)
            self.journal.abandon_match(match_id)
            self.say(msg("m_resume_failed", match=match_id, why=str(exc)), "error")
            self.phase = HOME
            return False
        self._install(match_id, list(row.seats), match, referee)
        first = doc["hands"][0]["deal"] if doc["hands"] else {}
        seed = first.get("seed") if isinstance(first, dict) else None
        # The journalled first deal seed is the match seed: the next hands go on
        # from it, whatever --seed this run was started with.
        self.match_seed = seed if isinstance(seed, int) else self._new_match_seed(match_id)
        n_actions = sum(len(h["actions"]) for h in doc["hands"])
        if self._finished():
            self._close_match()
        elif not self._hands() or self._hand_over():
            self.phase = HAND_OVER
            if self.opts.auto_next or not self._hands():
                self.next_hand()
        else:
            self.phase = PLAY
        self.say(msg("m_resumed", match=match_id, hand=max(1, len(self._hands())), n=n_actions))
        log.info("resumed match %s (%d actions)", match_id, n_actions)
        return True

    def _install(
        self, match_id: int, seats: list[str], match: Match | None, referee: RefereeMatch | None
    ) -> None:
        self.match_id = match_id
        self.seats = seats
        self.match = match
        self.referee = referee
        self.accusi_done = set()
        self.declaring = None
        self.asked = set()
        self.banners = []
        self._changed()

    def new_match(
        self,
        variant: str | None = None,
        options: dict[str, Any] | None = None,
        seats: Sequence[str] | None = None,
    ) -> Outcome:
        name = variant or self.settings.variant
        if options is None:  # the settings' options belong to the settings' variant
            options = self.settings.options if name == self.settings.variant else {}
        opts = dict(options)
        try:
            v = make_variant(name, opts)
            seat_list = check_seats(list(seats or self.settings.seats), v.n_seats)
        except (TressetteError, ValueError) as exc:
            return self.refuse(msg("r_bad_game", why=str(exc)))
        mode = "referee" if "table" in seat_list else "engine"
        if mode == "referee" and self.cards is not None and not self.cards.enrolled(v.deck.name):
            # Real cards need the deck's tags first: enrol, then this game starts.
            self._after_enrol = (name, opts, seat_list)
            return self.start_enrolment(v.deck.name)
        if self.match_id is not None and not self._finished():
            self.journal.abandon_match(self.match_id)
        match_id = self.journal.new_match(v.name, v.to_json(), seat_list, mode=mode)
        self.match_seed = self._new_match_seed(match_id)
        dealer = self.opts.first_dealer
        if dealer is None:
            dealer = random.Random(self.match_seed).randrange(v.n_seats)
        if mode == "referee":
            self._install(match_id, seat_list, None, RefereeMatch(v, first_dealer=dealer))
        else:
            self._install(match_id, seat_list, Match(v, first_dealer=dealer), None)
        self.phase = HAND_OVER
        self.next_hand()
        self.say(msg("m_new_game", variant=Term("v_" + v.name) if has("v_" + v.name) else v.preset.title))
        return Outcome(True)

    def _new_match_seed(self, match_id: int) -> int:
        """Derived from --seed and the match id (no two matches of a seeded run
        share deals, even across restarts), else from the controller's random."""
        if self.opts.seed is None:
            return self.rng.randrange(1 << 31)
        return derive_seed(self.opts.seed, "match", match_id)

    def _hand_seed(self, hand: int) -> int:
        """Hand 0 is dealt from the match seed itself (so it is journalled with
        the first hand); hand N from the match seed and N."""
        return self.match_seed if hand == 0 else derive_seed(self.match_seed, "hand", hand)

    def next_hand(self) -> Outcome:
        if self.phase == MATCH_OVER:
            self.phase = HOME
            self.version += 1
            return Outcome(True)
        if self.phase != HAND_OVER or self.match_id is None:
            return Outcome(False, "no hand to deal now")  # a stray tap: nothing to show
        hand = len(self._hands())
        if self.referee is not None:
            dealer = self.referee.next_dealer
            spec: dict[str, Any] = {"table": True}
            self.journal.add_hand(self.match_id, hand, dealer, spec)
            self.referee.start_hand(spec)
        else:
            assert self.match is not None
            dealer = self.match.next_dealer
            spec = {"seed": self._hand_seed(hand)}
            self.journal.add_hand(self.match_id, hand, dealer, spec)
            self.match.start_hand(spec)
        self.accusi_done = set()
        self.declaring = None
        self.phase = PLAY
        self._changed()
        return Outcome(True)

    def _hands(self) -> list[Any]:
        if self.match is not None:
            return self.match.hands
        if self.referee is not None:
            return self.referee.hands
        return []

    def _hand_over(self) -> bool:
        if self.match is not None:
            return self.match.hand_over
        return self.referee is not None and self.referee.hand_over

    def _finished(self) -> bool:
        if self.match is not None:
            return self.match.finished
        return self.referee is not None and self.referee.finished

    @property
    def totals(self) -> list[int]:
        if self.match is not None:
            return list(self.match.totals)
        if self.referee is not None:
            return list(self.referee.totals)
        return []

    @property
    def winner(self) -> int | None:
        if self.match is not None:
            return self.match.winner
        return self.referee.winner if self.referee is not None else None

    def _close_match(self) -> None:
        assert self.match_id is not None
        row = self.journal.match(self.match_id)
        if row is not None and row.finished is None:
            self.journal.finish_match(self.match_id, self.winner, self.totals)
            self.finished_here += 1
        self.phase = MATCH_OVER
        self.blink_seq += 1
        self.say(self._win_message())
        if self.opts.matches is not None and self.finished_here >= self.opts.matches:
            self.stop(f"{self.finished_here} match(es) played")
        elif self.opts.auto_next:
            self.new_match(self.variant.name, dict(self.variant.options), self.seats)

    def _win_message(self) -> Message:
        score = "-".join(map(str, self.totals))
        v, winner = self.variant, self.winner
        humans = [s for s, spec in enumerate(self.seats) if spec == "human"]
        if winner is not None and v is not None and any(v.side_of(s) == winner for s in humans):
            return msg("m_you_win", score=score)
        return msg("m_match_won", side=msg("side_n", n=(winner or 0) + 1), score=score)

    def stop(self, reason: str) -> None:
        self.stopping = reason
        if self.on_shutdown is not None:
            self.on_shutdown(reason)

    # ------------------------------------------------------------ actions

    def submit(self, action: Action) -> Outcome:
        """Check, journal, apply: the one path every action takes."""
        if self.phase != PLAY or self.match_id is None:
            return self.refuse(msg("r_no_hand"))
        if self.referee is not None:
            return self._submit_referee(action)
        match = self.match
        assert match is not None and match.state is not None
        try:
            check(match.state, action)
        except IllegalAction as exc:
            return self.refuse(engine_refusal(match.state, action, str(exc)))
        hand = len(match.hands) - 1
        idx = len(match.hands[-1].actions)
        if self.journal_error is not None:
            return self.journal_refusal()
        try:
            self.journal.add_action(self.match_id, hand, idx, action_to_json(match.variant.deck, action))
        except JournalFailure as exc:  # never apply what is not on disk
            return self.journal_failed(exc)
        except StoreError as exc:  # never apply what is not on disk
            log.error("journal refused action: %s", exc)
            return self.refuse(msg("r_not_recorded", why=str(exc)))
        match.apply(action)
        self._age_message()
        self._after(action)
        return Outcome(True)

    def _submit_referee(self, action: Action) -> Outcome:
        ref = self.referee
        assert ref is not None and self.match_id is not None
        reason = ref.check(action)
        if reason is not None:
            return self.refuse(reason)
        hand = len(ref.hands) - 1
        idx = len(ref.hands[-1].actions)
        if self.journal_error is not None:
            return self.journal_refusal()
        try:
            self.journal.add_action(self.match_id, hand, idx, ref.action_json(action))
        except JournalFailure as exc:
            return self.journal_failed(exc)
        except StoreError as exc:
            return self.refuse(msg("r_not_recorded", why=str(exc)))
        notes = ref.apply(action)
        self._age_message()  # before this action's own notes, which must be seen
        for note in notes:
            self.say(note, "refusal")
            self.blink_seq += 1
        self._after(action)
        return Outcome(True)

    def _age_message(self) -> None:
        """A note fades after a few moves; an error (reader unplugged, journal) stays longer."""
        self._msg_age += 1
        # A refusal answers the moment it was made ("wait, seat 2 plays"): the next
        # accepted action makes it stale. Notes stay a few moves, errors longer.
        keep = {"error": 12, "refusal": 1}.get(self.message.level, 3)
        if self.message.message and self._msg_age >= keep:
            self.message = Said(Message(), "info", self.message.seq + 1)

    def _after(self, action: Action) -> None:
        if isinstance(action, Play) and action.seat not in self.accusi_done:
            self.accusi_done.add(action.seat)
        if isinstance(action, Declare):
            if not self._possible_declarations(action.seat):
                self.accusi_done.add(action.seat)
                if self.declaring == action.seat:
                    self.declaring = None
        elif self.declaring is not None and self._window(self.declaring) is not None:
            self.declaring = None
        self._changed()
        if self._hand_over():
            self.phase = HAND_OVER
            if self._finished():
                self._close_match()
            else:
                self.say(msg("m_hand_over", score="-".join(map(str, self.totals))))
                if self.opts.auto_next:
                    self.next_hand()

    # ------------------------------------------------------------ declarations

    def _window(self, seat: int) -> Message | str | None:
        if self.referee is not None:
            return self.referee.declare_window(seat)
        assert self.match is not None and self.match.state is not None
        return self.match.state.declare_window(seat)

    def _possible_declarations(self, seat: int) -> list[Declare]:
        if self.phase != PLAY:
            return []
        if self.referee is not None:
            return self.referee.possible_declarations(seat)
        assert self.match is not None and self.match.state is not None
        return self.match.state.possible_declarations(seat)

    def _window_message(self, seat: int, reason: object) -> Message:
        """Why ``seat`` may not declare now, in catalogue words (the referee's are already)."""
        if isinstance(reason, Message):
            return reason
        if self.match is None or self.match.state is None:
            return Message(text=str(reason))
        st = self.match.state
        if st.over:
            return msg("r_hand_over")
        pending = getattr(st, "pending", None)
        if pending is not None:
            kind, owner = pending
            return msg("r_first_call" if kind == "call" else "r_first_discard", n=owner + 1)
        found = window_refusal(self.match.variant, seat, st.to_move, bool(st.tricks), bool(st.trick), st.tricks)
        return found or Message(text=str(reason))

    def pending_accusi(self) -> set[int]:
        """People who may still declare in a window open to everyone (computers wait)."""
        v = self.variant
        if self.phase != PLAY or v is None or not v.accusi:
            return set()
        if v.preset.declare_window not in COLLECTIVE_WINDOWS:
            return set()
        return {
            s
            for s, spec in enumerate(self.seats)
            if not spec.startswith("cpu:")
            and s not in self.accusi_done
            and self._possible_declarations(s)
        }

    def accusi_open(self) -> bool:
        return bool(self.pending_accusi()) or self.declaring is not None

    def accuso_button(self, seat: int) -> Outcome:
        """A seat's *Accuso* button: open (or close) its declaration on the screen."""
        if self.phase != PLAY or seat >= len(self.seats):
            return self.refuse(msg("r_no_hand") if self.phase != PLAY else msg("r_no_seat", n=seat + 1))
        spec = self.seats[seat]
        if spec.startswith("cpu:"):
            return self.refuse(msg("r_seat_is_cpu", n=seat + 1))
        if self.declaring == seat:
            self.declaring = None
            self.accusi_done.add(seat)
            self.say(msg("m_accusi_closed", n=seat + 1))
            self._changed()
            return Outcome(True)
        reason = self._window(seat)
        if reason is not None:
            return self.refuse(self._window_message(seat, reason))
        if not self._possible_declarations(seat):
            self.accusi_done.add(seat)
            self._changed()
            return self.refuse(msg("r_nothing_to_declare"))
        self.declaring = seat
        self.say(msg("m_choose_accuso", n=seat + 1))
        self._changed()
        return Outcome(True)

    # ------------------------------------------------------------ computers

    def cpu_request(self) -> CpuRequest | None:
        """What a computer should think about now, or None."""
        if self.phase != PLAY or self.match is None or self.match.state is None:
            return None
        if self.journal_error is not None:
            return None  # paused: asked again when the journal is writable
        state = self.match.state
        v = self.match.variant
        if v.accusi:
            for seat, spec in enumerate(self.seats):
                if not spec.startswith("cpu:") or state.declare_window(seat) is not None:
                    continue
                key = (len(self.match.hands), len(state.tricks), len(state.trick), seat)
                if key not in self.asked and state.possible_declarations(seat):
                    return CpuRequest(seat, "declare", self.generation, key)
        mover = self._mover()
        if mover is not None and self.seats[mover].startswith("cpu:") and not self.pending_accusi():
            return CpuRequest(mover, "play", self.generation)
        return None

    def _mover(self) -> int | None:
        """The seat that must act now: a pending call/discard's owner, else the seat to play."""
        if self.match is None or self.match.state is None or self.match.state.over:
            return None
        state = self.match.state
        pending = getattr(state, "pending", None)
        if pending is not None:
            return int(pending[1])
        return state.to_move

    def on_player_moved(self, ev: PlayerMoved) -> None:
        if ev.generation != self.generation or self.journal_error is not None:
            log.debug("stale answer from seat %d ignored", ev.seat)
            return
        if ev.asked:
            self.asked.add(ev.asked)
        for action in ev.actions:
            if action.seat != ev.seat:
                log.error("player of seat %d answered for seat %d", ev.seat, action.seat)
                break
            if self.submit(action).accepted:
                continue
            if self.journal_error is not None:
                break  # not the computer's fault: it is asked again after the retry
            if isinstance(action, Declare):
                continue  # e.g. a three after its four: skip it, nothing else changes
            log.error("computer seat %d made an illegal move %r", ev.seat, action)
            self._fallback(ev.seat)
            break
        self.version += 1

    def _fallback(self, seat: int) -> None:
        """A broken computer answer must not stall the table: play a legal card."""
        if self.match is None or self.match.state is None or self.phase != PLAY:
            return
        if self._mover() != seat:
            return
        legal = [a for a in self.match.view_for(seat).legal if not isinstance(a, (Declare, Claim))]
        plays = [a for a in legal if isinstance(a, Play)]
        if plays or legal:
            self.submit((plays or legal)[0])

    # ------------------------------------------------------------ events

    def handle(self, event: object) -> None:
        """One event of the queue. Unknown events are logged and dropped."""
        name = type(event).__name__
        handler = getattr(self, f"_on_{name}", None)
        if handler is None:
            log.debug("unhandled event %r", event)
            return
        try:
            handler(event)
        except JournalFailure as exc:  # a hand, a match, a setting not written: paused
            self.journal_failed(exc)

    # app events
    def _on_PlayerMoved(self, ev: PlayerMoved) -> None:
        self.on_player_moved(ev)

    def _on_PlayerFailed(self, ev: PlayerFailed) -> None:
        if ev.generation == self.generation:
            log.error("computer seat %d failed: %s", ev.seat, ev.error)
            if ev.asked:
                self.asked.add(ev.asked)
            self._fallback(ev.seat)
            self.version += 1

    def _on_Tick(self, ev: Tick) -> None:
        pass

    def _on_Shutdown(self, ev: Shutdown) -> None:
        self.stop(ev.reason or "shutdown")

    # ui intents
    def _human_seat(self) -> int | None:
        """The seat at the screen: the human to move, else the first human seat."""
        humans = [s for s, spec in enumerate(self.seats) if spec == "human"]
        if not humans:
            return None
        mover = self._mover()
        if mover in humans:
            return mover
        return humans[0]

    def _on_PlayCard(self, ev: Any) -> None:
        if self.referee is not None:
            # A table game: a tap on a card stands in for a scan (reader-less play).
            self.play_table_card(ev.card)
            return
        seat = self._human_seat()
        if seat is None:
            self.refuse(msg("r_no_screen_seat"))
            return
        if self.match is None or self.match.state is None or self.phase != PLAY:
            self.refuse(msg("r_no_hand"))
            return
        mover = self._mover()
        if mover != seat:
            self.refuse(msg("r_turn_of", n=(mover or 0) + 1))
            return
        pending = getattr(self.match.state, "pending", None)
        if pending is not None and pending[0] == "discard":
            self.submit(Discard(seat, ev.card))
            return
        self.submit(Play(seat, ev.card, tuple(getattr(ev, "signals", ()))))

    def _on_Claim(self, ev: Any) -> None:
        seat = self._human_seat()
        if seat is None:
            self.refuse(msg("r_no_screen_seat"))
            return
        self.submit(Claim(seat))

    def _on_Call(self, ev: Any) -> None:
        seat = self._human_seat()
        if seat is None:
            self.refuse(msg("r_no_screen_seat"))
            return
        self.submit(Call(seat, ev.card))

    def _on_Declare(self, ev: Any) -> None:
        action = ev.declare_action
        if self.seats and self.seats[action.seat].startswith("cpu:"):
            self.refuse(msg("r_cpu_seat"))
            return
        self.submit(action)

    def _on_ZuTun(self, ev: Any) -> None:
        seat = self._human_seat()
        if seat is None:
            self.refuse(msg("r_no_screen_seat"))
            return
        self.submit(ZuTun(seat, ev.card))

    def _on_NewGame(self, ev: Any) -> None:
        seats = None
        if ev.seats:
            seats = [
                f"cpu:{s.level or 'normal'}" if s.kind == "computer" else s.kind for s in ev.seats
            ]
        self.new_match(ev.variant, dict(ev.options), seats)

    def _on_Continue(self, ev: Any) -> None:
        if self.phase in (HOME, MATCH_OVER):
            row = self.journal.unfinished()
            if row is not None:
                self.resume(row.id)
                return
        self.version += 1

    def _on_NextHand(self, ev: Any) -> None:
        self.next_hand()

    def _on_SetLevel(self, ev: Any) -> None:
        if 0 <= ev.seat < len(self.seats) and self.seats[ev.seat].startswith("cpu:"):
            try:
                spec = check_seats([f"cpu:{ev.level}"])[0]
            except ValueError:
                self.refuse(msg("r_bad_level", level=str(ev.level)))
                return
            self.seats[ev.seat] = spec
            if self.match_id is not None:
                self.journal.set_seats(self.match_id, self.seats)
            self.say(msg("m_level_now", n=ev.seat + 1, level=Term(ev.level)))
            self._changed()

    def _on_SetSetting(self, ev: Any) -> None:
        if ev.key == "enrol_deck":  # (re)learn a deck's tags: every card scanned once
            if ev.value:
                self.start_enrolment(str(ev.value))
            else:
                self.stop_enrolment()
        elif ev.key == "brightness" and isinstance(ev.value, int):
            self.brightness = max(0, min(7, round(ev.value * 7 / 100)))
            self.version += 1
            self._persist("brightness", self.brightness)
        elif ev.key in ("language", "deck_style", "german_style", "sounds"):
            self._persist(ev.key, ev.value)

    def _persist(self, key: str, value: Any) -> None:
        """Keep a setting changed on the screen in ``<state_dir>/settings.toml``.

        The settings file itself (/etc on the box, read-only under the unit) is
        never written: the overlay is layered over it at the next start.
        """
        path = self.opts.settings_file
        if path is None:
            return
        from firmware.config import save_screen_setting

        try:
            save_screen_setting(path, key, value)
        except ValueError as exc:
            log.warning("setting %s=%r refused: %s", key, value, exc)
            self.refuse(msg("r_bad_setting", setting=key, value=str(value)))
        except OSError as exc:
            log.warning("setting %s not saved to %s: %s", key, path, exc)
            self.say(msg("m_settings_not_saved", why=str(exc)), "error")

    def _on_Quit(self, ev: Any) -> None:
        self.stop("quit")

    def _on_SimButton(self, ev: Any) -> None:
        from hal.events import ButtonHeld, ButtonPressed

        if ev.button == "menu" and ev.hold_s >= 3.0:
            self.handle(ButtonHeld("menu", 10.0 if ev.hold_s >= 10.0 else 3.0))
        else:
            self.handle(ButtonPressed(ev.button))

    def _on_SimScan(self, ev: Any) -> None:
        # Without a reader pipeline (unit tests) a simulated scan is the card itself.
        v = self.variant
        if v is None:
            self.refuse(msg("r_nothing_to_scan"))
            return
        try:
            card = v.deck.parse(ev.card_code)
        except TressetteError:
            self.refuse(msg("r_bad_card_code", code=str(ev.card_code)))
            return
        self.play_table_card(card)

    # hal events
    def _on_ButtonPressed(self, ev: Any) -> None:
        seat = ev.seat
        if seat is not None:
            self.accuso_button(seat)
        elif self.phase in (HAND_OVER, MATCH_OVER):
            self.next_hand()

    def _on_ButtonHeld(self, ev: Any) -> None:
        if ev.button != "menu":
            return
        if ev.seconds >= 10.0:
            self.power_off_requested = True
            self.say(msg("m_power_off"))
            self.stop("power-off")
        elif ev.seconds >= 3.0 and self.phase != ENROL:
            # Back to the home screen; the match stays in the journal ("Continue").
            self.phase = HOME
            self._changed()
            self.say(msg("m_menu_kept"))

    def _on_ButtonReleased(self, ev: Any) -> None:
        pass

    def _on_TagSeen(self, ev: Any) -> None:
        if self.enrol is not None:
            note = self.enrol.scan(ev.tag_id)
            self.say(note.message, note.level)
            if note.level == "refusal":
                self.blink_seq += 1
            if self.enrol.done:
                self.enrol_finished()
            return
        if self.cards is None:
            self.refuse(msg("r_no_deck_map"))
            return
        v = self.variant
        card = self.cards.card_of(ev.tag_id, v.deck.name if v is not None else None)
        if card is None:
            self.refuse(msg("r_unknown_tag", tag=str(ev.tag_id)))
            return
        self.play_table_card(card)

    def _on_TagRemoved(self, ev: Any) -> None:
        pass

    def _on_ReaderOnline(self, ev: Any) -> None:
        if self.reader_online is False:
            self.say(msg("m_reader_back"))
        self.reader_online = True

    def _on_ReaderOffline(self, ev: Any) -> None:
        self.reader_online = False
        self.blink_seq += 1
        self.say(msg("m_reader_off", why=str(ev.reason)), "error")

    def _on_DisplayFault(self, ev: Any) -> None:
        log.warning("score display fault: %s", ev.reason)

    def _on_DisplayRestored(self, ev: Any) -> None:
        pass

    # ------------------------------------------------------------ real cards

    def play_table_card(self, card: int) -> Outcome:
        """A scanned card: the play of the seat to move, if legal as far as we can know."""
        if self.phase != PLAY:
            return self.refuse(msg("r_scan_ignored"))
        if self.referee is None:
            return self.refuse(msg("r_screen_game"))
        seat = self.referee.to_move
        if self.seats[seat] != "table":
            return self.refuse(msg("r_table_turn", n=seat + 1))
        return self.submit(Play(seat, card))

    def start_enrolment(self, deck: str) -> Outcome:
        from firmware.app.cards_map import Enrolment

        if self.cards is None:
            return self.refuse(msg("r_no_card_store"))
        from firmware.engine.cards import DECKS

        if deck not in DECKS:
            return self.refuse(msg("r_no_deck", deck=deck))
        self.enrol = Enrolment(deck, self.cards)
        self.phase_before_enrol = self.phase
        self.phase = ENROL
        self.say(self.enrol.prompt())
        self._changed()
        return Outcome(True)

    def stop_enrolment(self) -> Outcome:
        """Leave an enrolment half done: nothing saved, the deck's previous map stays."""
        if self.enrol is None:
            return Outcome(False, "not enrolling")
        self.enrol = None
        self._after_enrol = None  # the table game that waited for this deck is not started
        self.phase = self.phase_before_enrol
        self.say(msg("m_enrol_stopped"))
        self._changed()
        return Outcome(True)

    def enrol_finished(self) -> None:
        assert self.enrol is not None
        self.cards.save(self.enrol.deck_name, self.enrol.mapping)
        self.say(msg("m_enrolled", deck=Term("deck_" + self.enrol.deck_name), n=len(self.enrol.mapping)))
        self.enrol = None
        self.phase = getattr(self, "phase_before_enrol", HOME)
        self._changed()
        pending, self._after_enrol = getattr(self, "_after_enrol", None), None
        if pending is not None:
            self.new_match(*pending)

    def _journal_resumed(self) -> None:
        """The journal works again: redo what its failure left waiting."""
        if self.match_id is None or self.stopping is not None:
            return
        if self.phase == HAND_OVER:
            if self._finished():
                self._close_match()
            elif self.opts.auto_next or not self._hands():
                self.next_hand()
        elif self.phase == MATCH_OVER and self.opts.auto_next and self.variant is not None:
            self.new_match(self.variant.name, dict(self.variant.options), self.seats)

    # ------------------------------------------------------------ outputs

    def display(self) -> DisplayState:
        if self.journal_error is not None:
            return DisplayState(JOURNAL_ERROR_CODE, None, self.blink_seq)
        v = self.variant
        if self.phase == ENROL and self.enrol is not None:
            return DisplayState(f"{len(self.enrol.mapping):4d}"[-4:], None, self.blink_seq)
        if v is None or self.phase == HOME:
            return DisplayState("----", None, self.blink_seq)
        if self.phase == PLAY and self.accusi_open():
            return DisplayState("AccU", None, self.blink_seq)
        totals = self.totals
        win = self.phase == MATCH_OVER
        if v.n_sides == 2:  # two players, or two partnerships
            return DisplayState("", (totals[0], totals[1]), self.blink_seq, win)
        # three and four seats each for himself: the seat to play and its score
        seat = self._to_move()
        if seat is None or win:
            seat = self.winner if self.winner is not None else 0
        side = v.side_of(seat)
        return DisplayState(f"{seat + 1}-{min(totals[side], 99):2d}", None, self.blink_seq, win)

    def _to_move(self) -> int | None:
        if self.phase != PLAY:
            return None
        if self.match is not None and self.match.state is not None:
            return self.match.state.to_move
        if self.referee is not None:
            return self.referee.to_move
        return None

    def view_seat(self) -> int:
        if self.declaring is not None:
            return self.declaring
        human = self._human_seat()
        return 0 if human is None else human

    def model(self, stats: Any = None) -> Any:
        """The screen's :class:`ui.model.TableModel` for the current state."""
        from firmware.app.present import build_model

        return build_model(self, stats)
