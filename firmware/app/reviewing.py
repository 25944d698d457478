"""The review of a whole match on the screen (docs/coach.md, "The match's review").

A person opens it from a match of the history (the score sheet's *Review*) or
at the end of a match (the end screen's *Review*). The coach rates every card
the people at the screen played, hand by hand, on a worker thread of its own
(:class:`ReviewWorker`: the table and the computers never wait for it); the
screen shows the progress, then one row per hand (accuracy, points lost, the
worst mark) and, hand by hand, every trick with the rated play and the hint
that would have been given.

**The cache.** A review costs seconds of CPU (a tressette2 hand, one seat, at
the default 64 worlds: about 0.2-0.4 s here, 3-4 times that on a Pi), so it is
kept twice:

- in memory, the last :data:`MEMORY` reviews of this run, by the record's
  digest: reopening a review is instant;
- on disk, one file per match, ``<state dir>/reviews/match-<id>.json``
  (beside the journal), written atomically; inside, ``{"key": ..., "review":
  ...}`` with the review in the checked format of
  :func:`firmware.coach.review.review_to_json`.

The key is a SHA-256 of the match's record (every hand and action: a match
from the history that went on since has another), the seats rated, the coach's
budget (worlds and seed) and :data:`CACHE_VERSION` (raised when the coach's
numbers change). A file with another key, or that does not read back (not
JSON, a review that fails :func:`~firmware.coach.review.review_from_json`'s
checks), is rated again and replaced, never believed. At most :data:`KEEP`
files stay: the oldest go. A state directory that cannot be written costs only
the disk copy (logged); the review is shown all the same.
"""

from __future__ import annotations

import hashlib
import json
import logging
from collections import OrderedDict
from collections.abc import Callable, Mapping
from concurrent.futures import Executor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from firmware.app.browse import hand_replay, score_sheet
from firmware.app.coach_words import reason_message
from firmware.app.core import Table
from firmware.app.events import MatchReviewFailed, MatchReviewProgress, MatchReviewReady
from firmware.coach import MARKS, RATE_WORLDS, Coach, accuracy
from firmware.coach.review import (
    HandReview,
    MatchReview,
    review_from_json,
    review_match,
    review_to_json,
)
from firmware.config import atomic_write
from firmware.engine import TressetteError, make_variant
from firmware.store import Journal
from ui.model import HandReplay, MatchReviewView, RatedCard, ReviewHandView, ReviewRow, ScoreSheet

log = logging.getLogger("firmware.app.reviewing")

CACHE_VERSION = 3  # 2: the mark "good" and each rating's standard error; 3: worlds seeded by the position
MEMORY = 8
KEEP = 64
CACHE_DIR = "reviews"


def record_digest(doc: Mapping[str, Any], seats: frozenset[int]) -> str:
    """What a review depends on in the match: its record and the seats rated."""
    text = json.dumps({"record": doc, "seats": sorted(seats)}, sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def cache_key(digest: str, worlds: int | None, seed: int) -> str:
    """The disk file's key: the record's digest, the coach's budget, the cache's version."""
    text = f"{CACHE_VERSION}:{worlds}:{seed}:{digest}"
    return hashlib.sha256(text.encode("ascii")).hexdigest()


def cache_path(cache_dir: Path, match_id: int) -> Path:
    return cache_dir / f"match-{int(match_id)}.json"


def load_cached(cache_dir: Path | None, match_id: int, key: str) -> MatchReview | None:
    """The stored review of ``match_id`` if its key is ``key`` and it reads back; else None."""
    if cache_dir is None:
        return None
    path = cache_path(cache_dir, match_id)
    try:
        if not path.is_file() or path.stat().st_size > 8 << 20:
            return None
        obj = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(obj, dict) or obj.get("key") != key:
            return None
        return review_from_json(obj.get("review"))
    except (OSError, ValueError, RecursionError) as exc:
        log.warning("stored review %s not used: %s", path, exc)
        return None


def store_cached(cache_dir: Path | None, match_id: int, key: str, review: MatchReview, keep: int = KEEP) -> None:
    """Keep ``review`` on disk (atomically); the oldest files beyond ``keep`` go."""
    if cache_dir is None:
        return
    try:
        text = json.dumps({"key": key, "review": review_to_json(review)}, ensure_ascii=False)
        atomic_write(cache_path(cache_dir, match_id), text + "\n")
        files = sorted(cache_dir.glob("match-*.json"), key=lambda p: p.stat().st_mtime)
        for old in files[: max(0, len(files) - keep)]:
            old.unlink(missing_ok=True)
    except (OSError, ValueError) as exc:
        log.warning("review of match %d not kept on disk: %s", match_id, exc)


# ---------------------------------------------------------------- the worker's side


@dataclass(frozen=True, slots=True)
class ReviewJob:
    """A match to review: its record, the seats to rate, the hands already rated."""

    match_id: int
    digest: str
    doc: Mapping[str, Any]
    seats: frozenset[int]
    known: Mapping[int, HandReview]
    cache_dir: Path | None


class Superseded(Exception):
    """Another review was asked for: this one stops at its next card."""


class ReviewWorker:
    """Reviews matches on an executor of its own; posts progress, the review, or why not."""

    def __init__(self, post: Callable[[Any], None], executor: Executor, *, worlds: int | None = None) -> None:
        self.post = post
        self.executor = executor
        self.seed = 0  # the box's coach: one answer a position, whatever the box's seed
        self.worlds = RATE_WORLDS if worlds is None else worlds
        self.coach = Coach(worlds=self.worlds)  # its own: never shared across threads
        self.wanted: str | None = None

    def poll(self, ctl: MatchReviewing) -> bool:
        job = ctl.match_review_job()
        if job is None:
            return False
        self.wanted = job.digest
        self.executor.submit(self.run, job)
        return True

    def run(self, job: ReviewJob) -> None:
        key = cache_key(job.digest, self.worlds, self.seed)
        cached = load_cached(job.cache_dir, job.match_id, key)
        if cached is not None:
            self.post(MatchReviewReady(job.match_id, job.digest, cached))
            return

        def progress(done: int, total: int) -> None:
            if self.wanted != job.digest:
                raise Superseded
            self.post(MatchReviewProgress(job.match_id, job.digest, done, total))

        try:
            review = review_match(job.doc, self.coach, progress, job.seats, known=job.known)
        except Superseded:
            return
        except Exception as exc:  # the coach must never stop the table: the screen says why
            log.exception("review of match %d failed", job.match_id)
            self.post(MatchReviewFailed(job.match_id, job.digest, str(exc) or type(exc).__name__))
            return
        store_cached(job.cache_dir, job.match_id, key, review)
        self.post(MatchReviewReady(job.match_id, job.digest, review))


# ---------------------------------------------------------------- the controller's side


@dataclass(slots=True)
class ReviewState:
    """The review the screen shows (or waits for)."""

    match_id: int
    digest: str
    variant: str
    options: dict[str, Any]
    seats: frozenset[int]
    done: int = 0
    total: int = 0
    review: MatchReview | None = None
    problem: str = ""  # a catalogue key: review_none, review_failed, review_sheet
    why: str = ""
    sheet: ScoreSheet | None = None  # a score sheet's match: its hands' points (no card to rate)
    job: ReviewJob | None = None
    hand: ReviewHandView | None = field(default=None)


class MatchReviewing:
    """Opens a match's review for the screen; keeps the last ones in memory."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.review_state: ReviewState | None = None
        self._memory: OrderedDict[str, MatchReview] = OrderedDict()  # the last reviews, by digest
        self._rated: dict[tuple[int, int], HandReview] = {}  # hands rated at their end

    def keep_hand_review(self, match_id: int, hand: int, review: HandReview) -> None:
        """A hand rated at its end (firmware.app.coaching): the match's review reuses it."""
        rated = self._rated
        for k in [k for k in rated if k[0] != match_id]:
            del rated[k]  # only the match at the table
        rated[(match_id, hand)] = review

    def open_match_review(self, match_id: int) -> None:
        """The screen asks for match ``match_id``'s review: from memory at once, else a job."""
        self.table.version += 1
        row = self.table.journal.match(match_id)
        if row is None:
            self.review_state = None
            return
        seats = frozenset(i for i, s in enumerate(row.seats) if s == "human")
        doc = self.table.journal.record(match_id)
        digest = record_digest(doc, seats)
        st = self.review_state
        if st is not None and st.digest == digest and st.problem != "review_failed":
            return  # already shown, or on its way
        st = ReviewState(match_id, digest, row.variant, dict(row.options), seats)
        self.review_state = st
        if row.mode == "scoresheet" and doc["hands"]:
            st.problem = "review_sheet"  # the table's own cards: no card to rate, the hands' points
            st.sheet = score_sheet(self.table.journal, match_id)
            return
        if not seats or not doc["hands"]:
            st.problem = "review_none"  # computers or real cards only: no play of a person to rate
            return
        hit = self._memory.get(digest)
        if hit is not None:
            self._memory.move_to_end(digest)
            st.review = hit
            return
        known = {h: r for (m, h), r in self._rated.items() if m == match_id}
        cache_dir = self.table.journal.path.parent / CACHE_DIR
        st.job = ReviewJob(match_id, digest, doc, seats, known, cache_dir)

    def match_review_job(self) -> ReviewJob | None:
        """The review for the worker to compute now, once."""
        st = self.review_state
        if st is None or st.job is None:
            return None
        job, st.job = st.job, None
        return job

    def _current(self, digest: str) -> ReviewState | None:
        st = self.review_state
        return st if st is not None and st.digest == digest else None

    def on_match_review_progress(self, ev: MatchReviewProgress) -> None:
        st = self._current(ev.digest)
        if st is not None and st.review is None:
            st.done, st.total = ev.done, ev.total
            self.table.version += 1

    def on_match_review_ready(self, ev: MatchReviewReady) -> None:
        mem = self._memory
        mem[ev.digest] = ev.review
        while len(mem) > MEMORY:
            mem.popitem(last=False)
        st = self._current(ev.digest)
        if st is not None:
            st.review = ev.review
            st.done = st.total
            self.table.version += 1

    def on_match_review_failed(self, ev: MatchReviewFailed) -> None:
        st = self._current(ev.digest)
        if st is not None:
            st.problem, st.why = "review_failed", ev.why
            self.table.version += 1

    def close_match_review(self) -> None:
        if self.review_state is not None:
            self.review_state = None
            self.table.version += 1

    def open_review_hand(self, match_id: int, hand: int) -> None:
        """Hand ``hand`` (1-based) of the review on screen, trick by trick."""
        st = self.review_state
        self.table.version += 1
        if st is None or st.match_id != match_id or st.review is None:
            return
        try:
            st.hand = review_hand(self.table.journal, st, hand)
        except (KeyError, TressetteError, ValueError) as exc:
            log.warning("match %d hand %d: no review: %s", match_id, hand, exc)
            st.hand = None

    def review_models(self) -> tuple[MatchReviewView | None, ReviewHandView | None]:
        st = self.review_state
        if st is None:
            return None, None
        return match_review_view(st), st.hand


def deck_of(variant: str, options: Mapping[str, Any]) -> str:
    try:
        return make_variant(variant, dict(options)).deck.name
    except TressetteError:
        return "italian"


# ------------------------------------------------------------------ the coach's review


def match_review_view(st: ReviewState) -> MatchReviewView:
    """A match's review (firmware/app/reviewing.py) as the screen shows it: the progress,
    then per hand the accuracy, the points lost and the marks of the people's cards."""
    review = st.review
    if review is None:
        return MatchReviewView(st.match_id, st.variant, st.done, st.total, problem=st.problem, why=st.why,
                               sheet=st.sheet)
    rows = []
    every: list[float] = []
    for h in review.hands:
        mine = [p.rated for p in h.plays if p.rated.seat in st.seats]
        rated = [p for p in mine if p.mark != "forced"]
        every += [p.loss for p in rated]
        marks = tuple(sum(1 for p in rated if p.mark == m) for m in MARKS)
        rows.append(ReviewRow(h.index + 1, accuracy([p.loss for p in rated], h.scale), sum(p.loss for p in mine),
                              (marks[0], marks[1], marks[2], marks[3], marks[4]), h.undos))
    scale = review.hands[0].scale if review.hands else 1.0  # Briscola's 120 (coach.loss_scale)
    return MatchReviewView(st.match_id, st.variant, ready=True, rows=tuple(rows), accuracy=accuracy(every, scale))


def review_hand(journal: Journal, st: ReviewState, hand: int) -> ReviewHandView:
    """Hand ``hand`` (1-based) of the review: the deal and each trick as the person saw it,
    with his rated cards of that trick (mark, loss, the hint and why)."""
    if st.review is None or not 1 <= hand <= len(st.review.hands):
        raise KeyError(hand)
    reviewed = st.review.hands[hand - 1]
    replay = hand_replay(journal, st.match_id, hand)
    return review_hand_view(st.match_id, hand, reviewed, replay, st.seats, deck_of(st.variant, st.options))


def review_hand_view(match_id: int, hand: int, reviewed: HandReview, replay: HandReplay,
                     seats: frozenset[int], deck: str) -> ReviewHandView:
    """A hand's review trick by trick from its replay and its ratings (pure: the gallery's
    coach pictures use it on a record, tools/coach_samples.py)."""
    # the deal, then each trick as it was taken (a trick taken again after an undo: the last)
    last: dict[int, int] = {}
    for i, f in enumerate(replay.frames):
        if i > 0 and f.trick and f.trick == f.last_trick:
            last[f.tricks_played - 1] = i
    steps = [0, *sorted(last.values())] if replay.frames else []
    frames = tuple(replay.frames[i] for i in steps)
    per_trick: dict[int, list[RatedCard]] = {}
    for p in reviewed.plays:
        r = p.rated
        if r.seat in seats:
            per_trick.setdefault(p.trick, []).append(
                RatedCard(r.seat, r.card, r.mark, r.loss, r.best, reason_message(r.reason, deck)))
    plays = tuple(() if k == 0 else tuple(per_trick.get(frames[k].tricks_played - 1, ())) for k in range(len(frames)))
    losses = [p.rated.loss for p in reviewed.plays if p.rated.seat in seats and p.rated.mark != "forced"]
    return ReviewHandView(match_id, hand, frames, plays, accuracy(losses, reviewed.scale))
