"""The guided first hand ("Learn to play"): a hand of tressette2 against the easy
computer, dealt from a fixed seed, with a short lesson at each new thing.

A part of the controller (docs/box.md §2) given the :class:`~firmware.app.core.Table`.
What each lesson says is the engine's (:func:`firmware.engine.lessons.lessons_for`,
from the view of the seat at the screen): this part only remembers which lessons
were shown and whether the guide was skipped. Whether a match is a lesson is the
journal's (mode ``lesson``), so a power cut in the guided hand resumes it with its
lessons (those already shown come back once if still true) and the statistics
never count it.
"""

from __future__ import annotations

from dataclasses import dataclass

from firmware.app.core import HAND_OVER, PLAY, Table
from firmware.app.messages import Message, msg
from firmware.engine import View
from firmware.engine.lessons import Lesson, LessonKind, lessons_for
from firmware.engine.seating import Level
from ui.i18n import Amount, DeclName, SuitName
from ui.model import LessonModel

GUIDE_VARIANT = "tressette2"
GUIDE_LEVEL: Level = "easy"
# Hand 0 of this seed (dealer: seat 1) gives the person at the screen a napoletana to
# declare, tricks where they must follow and one where they hold none of the suit led,
# and tricks worth points: tests/app/test_guide.py plays it through and checks it.
GUIDE_SEED = 48


@dataclass(frozen=True, slots=True)
class Shown:
    """A lesson on the screen: its kind and the position's facts it spoke of."""

    lesson: Lesson
    key: tuple[object, ...]


def lesson_key(lesson: Lesson) -> tuple[object, ...]:
    return (lesson.kind, lesson.suit, lesson.cards, lesson.thirds, lesson.declaration)


class GuidedHand:
    """Which lessons were shown in the guided hand, which one is on the screen now."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.shown: set[LessonKind] = set()
        self.current: Shown | None = None
        self.skipped: int | None = None  # the match whose guide was skipped
        self.match_id: int | None = None

    def active(self) -> bool:
        """A lesson match's first hand, while it is played (or just counted), not skipped."""
        t = self.table
        return (t.match_mode == "lesson" and t.match_id is not None and t.match_id != self.skipped
                and len(t.hands()) == 1 and t.phase in (PLAY, HAND_OVER))  # fmt: skip

    def observe(self, view: View | None) -> None:
        """After each event: the lesson on screen stays while it is true of the position; a
        lesson not shown yet that is true now comes up (each kind once)."""
        t = self.table
        if t.match_id != self.match_id:
            self.match_id, self.shown, self.current = t.match_id, set(), None
        if view is None or not self.active():
            self.current = None
            return
        now = lessons_for(view)
        if self.current is not None and any(lesson_key(x) == self.current.key for x in now):
            return
        self.current = None
        for lesson in now:
            if lesson.kind == "trick" and lesson.thirds == 0:
                continue  # a trick of no points teaches nothing yet: wait for one that counts
            if lesson.kind not in self.shown:
                self.shown.add(lesson.kind)
                self.current = Shown(lesson, lesson_key(lesson))
                return

    def dismiss(self) -> None:
        self.current = None
        self.table.version += 1

    def skip(self) -> None:
        """The lessons end; the hand goes on as any other."""
        self.skipped = self.table.match_id
        self.current = None
        self.table.version += 1

    def model(self, deck: str, me: int) -> LessonModel | None:
        if self.current is None or not self.active():
            return None
        lesson = self.current.lesson
        marked = frozenset(lesson.cards) if lesson.kind == "follow" else frozenset()
        return LessonModel(lesson.kind, lesson_text(lesson, deck, me), marked)


def lesson_text(lesson: Lesson, deck: str, me: int) -> Message:
    """The lesson in catalogue words; every fact in it is the lesson's (the engine's)."""
    match lesson.kind:
        case "accuso":
            d = lesson.declaration
            assert d is not None
            name = DeclName(deck, d.kind, d.suit, d.rank, d.missing)
            return msg("g_accuso", decl=name, worth=Amount(d.points))
        case "follow":
            assert lesson.suit is not None
            return msg("g_follow", suit=SuitName(deck, lesson.suit), n=len(lesson.cards))
        case "void":
            assert lesson.suit is not None
            return msg("g_void" if not lesson.takes else "g_void_any", suit=SuitName(deck, lesson.suit))
        case "trick":
            key = "g_trick_mine" if lesson.winner == me else "g_trick_theirs"
            return msg(key, worth=Amount(lesson.thirds / 3), last=msg("g_last_point") if lesson.last else "")
        case "count":
            return msg("g_count")
    raise AssertionError(lesson.kind)  # pragma: no cover - LessonKind is closed
