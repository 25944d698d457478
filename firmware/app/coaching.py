"""The coach in words: its reasons and marks as catalogue messages (docs/coach.md).

:mod:`firmware.coach` answers in typed references (a card, a suit, a signal,
a value in thirds) and never imports the screen; this module turns them into
:class:`ui.i18n.Message` values that the table screen and ``tressette
analyse`` render in it/de/en.
"""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import Callable
from concurrent.futures import Executor
from typing import Any

from firmware.app.core import HAND_OVER, MATCH_OVER, PLAY, Outcome
from firmware.app.events import HintReady, ReviewProgress, ReviewReady
from firmware.app.journal_guard import JournalGuard
from firmware.coach import (
    RATE_WORLDS,
    CardRef,
    Coach,
    Hint,
    Mark,
    Reason,
    SignalRef,
    SuitRef,
    Thirds,
)
from firmware.coach.reasons import ReasonArg
from firmware.coach.review import HandReview, review_match
from firmware.engine import IllegalAction, Play, Undo, View
from firmware.store import JournalFailure, StoreError
from ui.i18n import Amount, Arg, CardName, Message, SuitName, Term, amount_text, msg, thirds_glyphs

log = logging.getLogger("firmware.app.coaching")


def thirds_words(thirds: int) -> Message | str:
    """``0`` → "nothing" (a catalogue word), ``4`` → "1⅓"."""
    if thirds == 0:
        return msg("c_worth_0")
    return thirds_glyphs(thirds)


def points_words(points: float, lang: str = "en") -> str:
    """An expected loss in points as a player says it, in thirds: ``0.42`` → "⅓ di punto"."""
    return amount_text(points, lang)


def _arg(deck: str, value: ReasonArg) -> Arg:
    if isinstance(value, CardRef):
        return CardName(deck, value.card)
    if isinstance(value, SuitRef):
        return SuitName(deck, value.suit)
    if isinstance(value, SignalRef):
        return Term("sig_" + value.name)
    if isinstance(value, Thirds):
        return thirds_words(value.thirds)
    return value


def reason_message(reason: Reason, deck: str) -> Message:
    """``Reason("c_top", card=CardRef(0))`` → a message naming the card in the reader's language."""
    return Message(reason.key, tuple((k, _arg(deck, v)) for k, v in reason.args))


def mark_message(mark: Mark) -> Message:
    return msg("m_" + mark)


# ---------------------------------------------------------------- the table's coach


class CoachActions(JournalGuard):
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

    hint: Hint | None = None  # the hint shown now (for ``hint_seat`` at ``hint_generation``)
    hint_seat: int | None = None
    hint_generation: int = -1
    hint_wanted: int | None = None  # the generation a hint was asked for, not yet answered
    review_lines: tuple[Message, ...] = ()  # the last hand's rating, for the hand-end screen
    reviewed: tuple[int, int] | None = None  # (match, hand) whose review was asked for

    # ------------------------------------------------------------ state

    @property
    def casual(self) -> bool:
        return self.match_mode in ("casual", "assisted")

    def _assisted(self) -> bool:
        """Mark the match as helped (journal first); False if the journal refused."""
        if self.match_mode == "casual" and self.match_id is not None:
            try:
                self.journal.set_mode(self.match_id, "assisted")
            except JournalFailure as exc:
                self.journal_failed(exc)
                return False
            self.match_mode = "assisted"
        return True

    def _coach_seat(self) -> int | None:
        """The person at the screen whose turn it is to play a card, or None."""
        if self.phase != PLAY or self.match is None or self.match.state is None:
            return None
        state = self.match.state
        if state.over or state.pending is not None:
            return None
        seat = state.to_move
        return seat if self.seats[seat].kind == "human" else None

    def can_undo(self) -> bool:
        seat = self._undo_seat()
        return seat is not None

    def _undo_seat(self) -> int | None:
        if not self.casual or self.phase != PLAY or self.match is None:
            return None
        for seat in self.humans():
            if self.match.undo_count(seat) is not None:
                return seat
        return None

    def can_hint(self) -> bool:
        return self.casual and self._coach_seat() is not None

    # ------------------------------------------------------------ undo

    def undo(self) -> Outcome:
        """Take back the person's last card and the computers' answers since."""
        if not self.casual:
            return self.refuse(msg("r_rated_no_help"))
        seat = self._undo_seat()
        if seat is None or self.match is None or self.match_id is None:
            return self.refuse(msg("r_nothing_to_undo"))
        n = self.match.undo_count(seat)
        assert n is not None
        entry = Undo(seat, n)
        if self.journal_error is not None:
            return self.journal_refusal()
        if not self._assisted():  # marked before it is used: a power cut cannot unmark it
            return Outcome(False, "journal not writable")
        refused = self.write_entry(entry)  # never undo what is not on disk
        if refused is not None:
            return refused
        try:
            self.match.undo(entry)
        except IllegalAction as exc:  # cannot happen: undo_count said where the card is
            log.error("undo refused by the engine after it was journalled: %s", exc)
            return self.refuse(msg("r_nothing_to_undo"))
        self._reset_declarations()
        self.hint = None
        self.hint_wanted = None
        self._changed()
        self.say(msg("m_undone", n=n))
        self.declarations_prompt()
        return Outcome(True)

    # ------------------------------------------------------------ hints

    def request_hint(self) -> Outcome:
        """The person asks for a hint (the Hint button, key H): the worker computes it."""
        if not self.casual:
            return self.refuse(msg("r_rated_no_help"))
        seat = self._coach_seat()
        if seat is None:
            return self.refuse(msg("r_no_hint_now"))
        if self.hint is not None and self.hint_generation == self.generation:
            return Outcome(True)  # already on screen
        if self.journal_error is not None:
            return self.journal_refusal()
        if not self._assisted():
            return Outcome(False, "journal not writable")
        self.hint_wanted = self.generation
        self.say(msg("hint_wait"))
        return Outcome(True)

    def coach_request(self) -> tuple[int, int] | None:
        """(seat, generation) of a hint to compute now, or None."""
        if self.hint_wanted is None or self.hint_wanted != self.generation:
            self.hint_wanted = None
            return None
        seat = self._coach_seat()
        return None if seat is None else (seat, self.generation)

    def on_hint_ready(self, ev: HintReady) -> None:
        if ev.generation != self.generation or self.hint_wanted != ev.generation:
            return  # a hint for a position that is gone
        self.hint_wanted = None
        self.hint = ev.hint
        self.hint_seat = ev.seat
        self.hint_generation = ev.generation
        deck = self.variant.deck.name if self.variant is not None else "italian"
        self.say(msg("hint_says", hint=reason_message(ev.hint.reason, deck)))

    # ------------------------------------------------------------ the hand's review

    def review_request(self) -> tuple[int, int, dict[str, Any], frozenset[int]] | None:
        """(match, hand, record, seats) of a finished hand to rate now, once per hand:
        the plays of the people at the screen, in every match (rated ones too)."""
        if self.phase not in (HAND_OVER, MATCH_OVER) or self.match is None or self.match_id is None:
            return None
        people = frozenset(self.humans())
        hand = len(self.match.hands) - 1
        if not people or hand < 0 or not self.match.hand_over or self.match_mode == "referee":
            return None
        if self.reviewed == (self.match_id, hand):
            return None
        self.reviewed = (self.match_id, hand)
        self.review_lines = (msg("analysing", n=0),)
        self.version += 1
        return self.match_id, hand, self.journal.record(self.match_id), people

    def on_review_progress(self, ev: ReviewProgress) -> None:
        if self.reviewed == (ev.match, ev.hand) and ev.total:
            self.review_lines = (msg("analysing", n=100 * ev.done // ev.total),)
            self.version += 1

    def on_review_ready(self, ev: ReviewReady) -> None:
        if self.reviewed != (ev.match, ev.hand) or self.variant is None:
            return
        self.review_lines = review_messages(ev.review, self.humans(), self.variant.deck.name)
        keep = getattr(self, "keep_hand_review", None)
        if keep is not None:  # the match's review will not rate this hand again
            keep(ev.match, ev.hand, ev.review)
        for seat in self.humans():
            rated = [p for p in ev.review.seat_plays(seat) if p.mark != "forced"]
            acc = ev.review.accuracy(seat)
            if acc is None:
                continue
            try:  # the accuracy over time (Statistics); a journal refusal only loses the figure
                self.journal.add_rating(ev.match, ev.hand, seat, acc, ev.review.loss(seat), len(rated))
            except (StoreError, JournalFailure, sqlite3.Error) as exc:
                log.warning("rating of hand %d not kept: %s", ev.hand, exc)
        self.version += 1

    def hint_card(self) -> int | None:
        """The card the hint on screen names, if it is still for this position."""
        if self.hint is None or self.hint_generation != self.generation:
            return None
        action = self.hint.action
        return action.card if isinstance(action, Play) else None


class CoachWorker:
    """Runs the coach off the loop thread and posts :class:`HintReady` to the queue."""

    def __init__(self, post: Callable[[Any], None], executor: Executor, *, seed: int = 0,
                 think_ms: int | None = None) -> None:
        self.post = post
        self.executor = executor
        # think_ms 0 (tests, as for the computers): one fixed world, no clock.
        self.coach = (
            Coach(seed=seed, worlds=1) if think_ms == 0 else Coach(seed=seed, worlds=None, think_ms=think_ms)
        )
        self._inflight: tuple[int, int] | None = None
        # Ratings at a fixed budget: the same hand is rated the same on every box.
        self.rater = Coach(seed=seed, worlds=1 if think_ms == 0 else RATE_WORLDS)

    def poll(self, ctl: CoachActions) -> bool:
        review = ctl.review_request()
        if review is not None:
            self.executor.submit(self._review, *review)
            return True
        req = ctl.coach_request()
        if req is None or req == self._inflight or ctl.match is None:
            return False
        self._inflight = req
        seat, generation = req
        view = ctl.match.view_for(seat)
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


def review_messages(review: HandReview, seats: list[int], deck: str) -> tuple[Message, ...]:
    """The hand-end lines for the people at the screen: accuracy, the costliest play, why."""
    lines: list[Message] = []
    for seat in seats:
        acc = review.accuracy(seat)
        if acc is None:
            continue
        lines.append(msg("review_acc", n=f"{acc:.0f}", points=Amount(review.loss(seat))))
        worst = review.costliest(seat)
        if worst is None:
            lines.append(msg("no_mistakes"))
            continue
        lines.append(
            msg(
                "costliest",
                card=CardName(deck, worst.card),
                mark=mark_message(worst.mark),
                points=Amount(worst.loss),
                better=CardName(deck, worst.best),
            )
        )
        lines.append(reason_message(worst.reason, deck))
    return tuple(lines)
