"""The table's coach: undo, hints and the hand's rating in casual matches (docs/coach.md).

What the coach says is put in words by :mod:`firmware.app.coach_words`.
"""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import Callable
from concurrent.futures import Executor
from typing import Any

from firmware.app.coach_words import reason_message, review_messages
from firmware.app.core import HAND_OVER, MATCH_OVER, PLAY, Outcome, Table
from firmware.app.declaring import DeclarationWindows
from firmware.app.events import HintReady, ReviewProgress, ReviewReady
from firmware.app.journal_guard import JournalGuard
from firmware.app.phones.seatview import Coached
from firmware.app.reviewing import MatchReviewing
from firmware.coach import RATE_WORLDS, Coach, Hint
from firmware.coach.review import review_match
from firmware.engine import IllegalAction, Play, Undo, View
from firmware.store import JournalFailure, StoreError
from ui.i18n import Message, msg

log = logging.getLogger("firmware.app.coaching")


# ---------------------------------------------------------------- the table's coach


class CoachActions:
    """Undo and hints in casual matches; the journal marks a match they were used in.

    A match is started *casual* (``new_match(casual=True)``, journal mode
    ``casual``) or rated (the default, mode ``engine``): a rated match offers
    neither undo nor hints. The first undo or hint turns a casual match into an
    ``assisted`` one, which the statistics keep apart (``hard:help``).

    Undo takes back the person's last card and every action since (the
    computers' answers), journalled as ``{"seat": s, "undo": n}`` before it is
    applied, like every action (docs/records.md), so a power cut and
    ``tressette replay`` pass through it exactly.

    A hint is computed off the loop thread by :class:`CoachWorker` (the loop's
    computer worker runs it) and comes back as a :class:`HintReady` event
    carrying the generation it was asked for: a hint for a state that no longer
    exists is dropped.
    """

    def __init__(
        self, table: Table, guard: JournalGuard, declarations: DeclarationWindows, reviewing: MatchReviewing
    ) -> None:
        self.table = table
        self.guard = guard
        self.declarations = declarations
        self.reviewing = reviewing
        self.hint: Hint | None = None  # the hint shown now (for ``hint_generation``)
        self.hint_generation = -1
        self.hint_wanted: int | None = None  # the generation a hint was asked for, not yet answered
        self.review_lines: tuple[Message, ...] = ()  # the last hand's rating, for the hand-end screen
        self.reviewed: tuple[int, int] | None = None  # (match, hand) whose review was asked for
        # phone seats (docs/phones.md, "The coach on a phone"): each asks for its own hint, and
        # is told it and its hand's rating privately (firmware/app/phoneseats.py sends them)
        self.phone_wanted: dict[int, int] = {}  # seat -> the generation it asked a hint for
        self.phone_hints: dict[int, tuple[int, Hint]] = {}  # seat -> (generation, the hint)
        self.phone_ratings: dict[int, tuple[Message, ...]] = {}  # seat -> its last hand's rating

    # ------------------------------------------------------------ state

    @property
    def casual(self) -> bool:
        return self.table.match_mode in ("casual", "assisted")

    def _assisted(self) -> bool:
        """Mark the match as helped (journal first); False if the journal refused."""
        if self.table.match_mode == "casual" and self.table.match_id is not None:
            try:
                self.table.journal.set_mode(self.table.match_id, "assisted")
            except JournalFailure as exc:
                self.guard.failed(exc)
                return False
            self.table.match_mode = "assisted"
        return True

    def _coach_seat(self) -> int | None:
        """The person at the screen whose turn it is to play a card, or None."""
        if self.table.phase != PLAY or self.table.match is None or self.table.match.state is None:
            return None
        state = self.table.match.state
        if state.over or state.pending is not None:
            return None
        seat = state.to_move
        return seat if self.table.seats[seat].kind == "human" else None

    def can_undo(self) -> bool:
        seat = self._undo_seat()
        return seat is not None

    def _undo_seat(self) -> int | None:
        if not self.casual or self.table.phase != PLAY or self.table.match is None:
            return None
        for seat in self.table.humans():
            if self.table.match.undo_count(seat) is not None:
                return seat
        return None

    def can_hint(self) -> bool:
        return self.casual and self._coach_seat() is not None

    def _phone_turn(self, seat: int) -> bool:
        """``seat`` is a phone's, and it is to play a card now (what a hint is for)."""
        t = self.table
        if t.phase != PLAY or t.match is None or t.match.state is None or not 0 <= seat < len(t.seats):
            return False
        state = t.match.state
        return t.seats[seat].kind == "phone" and not state.over and state.pending is None and state.to_move == seat

    # ------------------------------------------------------------ undo

    def undo(self) -> Outcome:
        """Take back the person's last card and the computers' answers since."""
        if not self.casual:
            return self.table.refuse(msg("r_rated_no_help"))
        seat = self._undo_seat()
        if seat is None or self.table.match is None or self.table.match_id is None:
            return self.table.refuse(msg("r_nothing_to_undo"))
        n = self.table.match.undo_count(seat)
        assert n is not None
        entry = Undo(seat, n)
        if self.guard.error is not None:
            return self.guard.refusal()
        if not self._assisted():  # marked before it is used: a power cut cannot unmark it
            return Outcome(False, "journal not writable")
        refused = self.guard.write_entry(entry)  # never undo what is not on disk
        if refused is not None:
            return refused
        try:
            self.table.match.undo(entry)
        except IllegalAction as exc:  # cannot happen: undo_count said where the card is
            log.error("undo refused by the engine after it was journalled: %s", exc)
            return self.table.refuse(msg("r_nothing_to_undo"))
        self.declarations.reset()
        self.hint = None
        self.hint_wanted = None
        self.table.changed()
        self.table.say(msg("m_undone", n=n))
        self.declarations.prompt()
        return Outcome(True)

    # ------------------------------------------------------------ hints

    def request_hint(self) -> Outcome:
        """The person asks for a hint (the Hint button, key H): the worker computes it."""
        if not self.casual:
            return self.table.refuse(msg("r_rated_no_help"))
        seat = self._coach_seat()
        if seat is None:
            return self.table.refuse(msg("r_no_hint_now"))
        if self.hint is not None and self.hint_generation == self.table.generation:
            return Outcome(True)  # already on screen
        if self.guard.error is not None:
            return self.guard.refusal()
        if not self._assisted():
            return Outcome(False, "journal not writable")
        self.hint_wanted = self.table.generation
        self.table.say(msg("hint_wait"))
        return Outcome(True)

    def request_phone_hint(self, seat: int) -> Message | None:
        """The phone of ``seat`` asks for a hint (checked by the phone server and the table
        first: seatview.allows): worked out once per position for that seat, from its own
        view only, and sent to that phone alone. None, or why not."""
        if not self.casual:
            return msg("r_rated_no_help")
        if not self._phone_turn(seat):
            return msg("r_no_hint_now")
        generation = self.table.generation
        done = self.phone_hints.get(seat)
        if (done is not None and done[0] == generation) or self.phone_wanted.get(seat) == generation:
            return None  # said, or being worked out: asking again costs nothing
        if self.guard.error is not None or not self._assisted():
            return msg("ph_refused")
        self.phone_wanted[seat] = generation
        self.table.version += 1  # its phone shows that the coach thinks
        return None

    def phone_coached(self, seat: int) -> Coached | None:
        """What the coach told the phone of ``seat``: its hint for this position (or that it
        is being worked out), its last hand's rating at the hand's end; None: nothing."""
        t = self.table
        done = self.phone_hints.get(seat)
        hint = done is not None and done[0] == t.generation
        thinking = self.phone_wanted.get(seat) == t.generation
        rating = self.phone_ratings.get(seat, ()) if t.phase in (HAND_OVER, MATCH_OVER) else ()
        if not (hint or thinking or rating):
            return None
        if done is None or not hint:
            return Coached(t.generation, thinking=thinking, rating=rating)
        deck = t.variant.deck.name if t.variant is not None else "italian"
        action = done[1].action
        card = action.card if isinstance(action, Play) else None
        return Coached(t.generation, card, reason_message(done[1].reason, deck), False, rating)

    def coach_request(self) -> tuple[int, int] | None:
        """(seat, generation) of a hint to compute now, or None: the screen's person first,
        then the phones that asked (each for its own seat, on the position it asked on)."""
        generation = self.table.generation
        if self.hint_wanted is not None:
            if self.hint_wanted != generation:
                self.hint_wanted = None
            elif (seat := self._coach_seat()) is not None:
                return seat, generation
        self.phone_wanted = {s: g for s, g in self.phone_wanted.items() if g == generation and self._phone_turn(s)}
        return (min(self.phone_wanted), generation) if self.phone_wanted else None

    def on_hint_ready(self, ev: HintReady) -> None:
        if self.phone_wanted.get(ev.seat) is not None:
            if self.phone_wanted[ev.seat] == ev.generation == self.table.generation:
                del self.phone_wanted[ev.seat]
                self.phone_hints[ev.seat] = (ev.generation, ev.hint)
                self.table.version += 1  # to that seat's phone only (firmware/app/phoneseats.py)
            return
        if ev.generation != self.table.generation or self.hint_wanted != ev.generation:
            return  # a hint for a position that is gone
        self.hint_wanted = None
        self.hint = ev.hint
        self.hint_generation = ev.generation
        deck = self.table.variant.deck.name if self.table.variant is not None else "italian"
        self.table.say(msg("hint_says", hint=reason_message(ev.hint.reason, deck)))

    # ------------------------------------------------------------ the hand's review

    def review_request(self) -> tuple[int, int, dict[str, Any], frozenset[int]] | None:
        """(match, hand, record, seats) of a finished hand to rate now, once per hand:
        the plays of the people at the screen, in every match (rated ones too)."""
        if self.table.phase not in (HAND_OVER, MATCH_OVER) or self.table.match is None or self.table.match_id is None:
            return None
        # and the phone seats' (each told its own: docs/phones.md, "The coach on a phone")
        phones = [s for s, spec in enumerate(self.table.seats) if spec.kind == "phone"]
        people = frozenset(self.table.humans()) | frozenset(phones)
        hand = len(self.table.match.hands) - 1
        if not people or hand < 0 or not self.table.match.hand_over or self.table.match_mode == "referee":
            return None
        if self.reviewed == (self.table.match_id, hand):
            return None
        self.reviewed = (self.table.match_id, hand)
        self.phone_ratings = {}
        self.review_lines = (msg("analysing", n=0),) if self.table.humans() else ()
        self.table.version += 1
        return self.table.match_id, hand, self.table.journal.record(self.table.match_id), people

    def on_review_progress(self, ev: ReviewProgress) -> None:
        if self.reviewed == (ev.match, ev.hand) and ev.total and self.table.humans():
            self.review_lines = (msg("analysing", n=100 * ev.done // ev.total),)
            self.table.version += 1

    def on_review_ready(self, ev: ReviewReady) -> None:
        if self.reviewed != (ev.match, ev.hand) or self.table.variant is None:
            return
        deck = self.table.variant.deck.name
        self.review_lines = review_messages(ev.review, self.table.humans(), deck)
        self.phone_ratings = {s: review_messages(ev.review, [s], deck)
                              for s, spec in enumerate(self.table.seats) if spec.kind == "phone"}  # fmt: skip
        self.reviewing.keep_hand_review(ev.match, ev.hand, ev.review)  # not rated again there
        for seat in self.table.humans():
            rated = [p for p in ev.review.seat_plays(seat) if p.mark != "forced"]
            acc = ev.review.accuracy(seat)
            if acc is None:
                continue
            try:  # the accuracy over time (Statistics); a journal refusal only loses the figure
                self.table.journal.add_rating(ev.match, ev.hand, seat, acc, ev.review.loss(seat), len(rated))
            except (StoreError, JournalFailure, sqlite3.Error) as exc:
                log.warning("rating of hand %d not kept: %s", ev.hand, exc)
        self.table.version += 1

    def hint_card(self) -> int | None:
        """The card the hint on screen names, if it is still for this position."""
        if self.hint is None or self.hint_generation != self.table.generation:
            return None
        action = self.hint.action
        return action.card if isinstance(action, Play) else None


class CoachWorker:
    """Runs the coach off the loop thread and posts :class:`HintReady` to the queue."""

    def __init__(self, post: Callable[[Any], None], executor: Executor, *, rate_worlds: int | None = None) -> None:
        self.post = post
        self.executor = executor
        # One budget for the hint and the ratings, no clock and no seed of the box's: the
        # live hint is the card the hand's rating and the match's review name for the same
        # position, on every box, at every load, after an undo too (docs/coach.md, *One
        # answer*). The computers' pause has no say in it (``rate_worlds``: fewer for tests only).
        worlds = RATE_WORLDS if rate_worlds is None else rate_worlds
        self.coach = Coach(worlds=worlds)
        self._inflight: tuple[int, int] | None = None
        self.rater = Coach(worlds=worlds)  # its own (the same answers): never shared across threads

    def poll(self, coaching: CoachActions) -> bool:
        review = coaching.review_request()
        if review is not None:
            self.executor.submit(self._review, *review)
            return True
        req = coaching.coach_request()
        match = coaching.table.match
        if req is None or req == self._inflight or match is None:
            return False
        self._inflight = req
        seat, generation = req
        view = match.view_for(seat)
        self.executor.submit(self._think, view, seat, generation)
        return True

    def _review(self, match: int, hand: int, doc: dict[str, Any], seats: frozenset[int]) -> None:
        def progress(done: int, total: int) -> None:
            self.post(ReviewProgress(match, hand, done, total))

        try:
            review = review_match(doc, self.rater, progress, seats, only_hand=hand)
        except Exception:  # the coach must never stop the table
            log.exception("review failed")
            return
        self.post(ReviewReady(match, hand, review.hands[hand]))

    def _think(self, view: View, seat: int, generation: int) -> None:
        try:
            hint = self.coach.hint(view)
        except Exception:  # the coach must never stop the table
            log.exception("hint failed")
            return
        self.post(HintReady(seat, generation, hint))
