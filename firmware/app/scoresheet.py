"""Score sheet only (*segnapunti*): the table plays its own cards, the box keeps the match.

The controller's part for a match journalled with mode ``scoresheet``: every seat is a
person with his own cards (no reader, no picker, no computer). A hand is begun with no
cards (``{"sheet": true}``, docs/records.md); a seat's *Accuso* button opens its choice
on the touchscreen (every declaration the engine accepts said aloud,
:func:`firmware.engine.scoresheet.said_declaration`), journalled when chosen; at the
hand's end the points each side took are entered on the screen (:class:`ui.intents.SheetTally`)
and become the engine's :class:`~firmware.engine.scoresheet.Tally`: checked, journalled,
then kept. Target, best of two, the stake ledger, the LED display, the score sheet,
history and resume are the played match's own paths (the engine's ``Match``).

A part of the controller (docs/box.md §2) that uses the table and the journal guard
only: :attr:`ScoreSheetKeeping.keeping`, the entries :meth:`~ScoreSheetKeeping.begin`
(from the lifecycle's next hand), :meth:`~ScoreSheetKeeping.accuso`,
:meth:`~ScoreSheetKeeping.declare`, :meth:`~ScoreSheetKeeping.done`,
:meth:`~ScoreSheetKeeping.tally` (after a count or a decima the controller lets the
lifecycle close the hand), and :meth:`~ScoreSheetKeeping.entry` for the screen.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from firmware.app.core import PLAY, Outcome, Table
from firmware.app.journal_guard import JournalGuard
from firmware.app.messages import msg, refusal
from firmware.engine import IllegalAction
from firmware.engine.actions import Declare
from firmware.engine.declarations import DECLARABLE_RANKS
from firmware.engine.refusals import Refusal
from firmware.engine.scoresheet import (
    SUDDEN_NAMES,
    SheetHand,
    Tally,
    deck_thirds,
    is_sheet_end,
    thirds_out,
)
from ui.model import SheetEntryModel

if TYPE_CHECKING:
    from ui.intents import SheetTally

SHEET_MODE = "scoresheet"


class ScoreSheetKeeping:
    """A score-sheet match's hands: begun with no cards, accusi as said, the count entered."""

    def __init__(self, table: Table, guard: JournalGuard) -> None:
        self.table = table
        self.guard = guard
        self.choosing: int | None = None  # the seat choosing its accuso on the screen
        self.asking_all = False  # opened by the screen's Accusi button: the next seats follow

    @property
    def keeping(self) -> bool:
        return self.table.match_mode == SHEET_MODE and self.table.match is not None

    def _sheet(self) -> SheetHand | None:
        t = self.table
        if t.phase != PLAY or t.match is None:
            return None
        sheet = t.match.sheet
        return sheet if sheet is not None and not sheet.over else None

    def begin(self, hand: int, dealer: int) -> Outcome:
        """The next hand: nothing dealt by the box; journalled before it is begun."""
        t = self.table
        assert t.match is not None and t.match_id is not None
        spec = {"sheet": True}
        t.journal.add_hand(t.match_id, hand, dealer, spec)
        t.match.begin_hand(spec)
        self.choosing = None
        self.asking_all = False
        t.phase = PLAY
        t.say(msg("m_sheet_hand", n=hand + 1, seat=dealer + 1))
        t.changed()
        return Outcome(True)

    # ------------------------------------------------------------ accusi

    def choices(self, seat: int) -> list[Declare]:
        """Every declaration ``seat`` may say now, as the engine accepts it said aloud."""
        sheet = self._sheet()
        if sheet is None:
            return []
        v = sheet.variant
        suits = range(len(v.deck.suits))
        candidates: list[Declare] = []
        if v.preset.decima:
            candidates += [Declare(seat, "decima", suit=x) for x in suits]
        # a napoletana with how far it extends where the game counts it (tressette2: 4, 5, ...)
        longest = len(v.deck.extension) if v.preset.napoletana_extends else 0
        candidates += [Declare(seat, "napoletana", suit=x, extra=k) for x in suits for k in range(longest + 1)]
        for rank in DECLARABLE_RANKS:
            candidates += [Declare(seat, "four", rank=rank), Declare(seat, "three", rank=rank)]
        out = []
        for cand in candidates:
            try:
                sheet.check_declare(cand)
            except IllegalAction:
                continue
            out.append(cand)
        return out

    def accuso(self, seat: int) -> Outcome:
        """A seat's *Accuso* button: its choice opens on the screen; pressed again, closed."""
        t = self.table
        if self._sheet() is None:
            return t.refuse(msg("r_no_hand"))
        if not 0 <= seat < len(t.seats):
            return t.refuse(msg("r_no_seat", n=seat + 1))
        if self.choosing == seat:
            return self.done()
        if not self.choices(seat):
            return t.refuse(msg("r_nothing_to_declare"))
        self.choosing = seat
        self.asking_all = False
        t.say(msg("m_choose_accuso", n=seat + 1))
        t.changed()
        return Outcome(True)

    def _next_asked(self, after: int) -> int | None:
        """The next seat (in seat order, after ``after``) that has something to declare."""
        n = len(self.table.seats)
        return next((s for s in range(after + 1, n) if self.choices(s)), None)

    def ask_all(self) -> Outcome:
        """The count screen's *Accusi* button: each seat with something to declare is
        offered its choice in turn, from seat 1 (seats with nothing are passed over)."""
        t = self.table
        if self._sheet() is None:
            return t.refuse(msg("r_no_hand"))
        first = self._next_asked(-1)
        if first is None:
            return t.refuse(msg("r_nothing_to_declare"))
        self.choosing, self.asking_all = first, True
        t.say(msg("m_choose_accuso", n=first + 1))
        t.changed()
        return Outcome(True)

    def done(self) -> Outcome:
        """*Nothing (more) to declare*: the choice closes (nothing to journal); asked from
        the screen's *Accusi* button, the next seat with something to declare is offered."""
        seat, self.choosing = self.choosing, None
        if seat is not None:
            nxt = self._next_asked(seat) if self.asking_all else None
            if nxt is not None:
                self.choosing = nxt
                self.table.say(msg("m_accusi_next", n=seat + 1, next=nxt + 1))
            else:
                self.asking_all = False
                self.table.say(msg("m_accusi_closed", n=seat + 1))
        self.table.changed()
        return Outcome(True)

    def declare(self, action: Declare) -> Outcome:
        t = self.table
        sheet = self._sheet()
        if sheet is None or t.match is None:
            return t.refuse(msg("r_no_hand"))
        try:
            sheet.check_declare(action)
        except IllegalAction as exc:
            return t.refuse(refusal(exc))
        failed = self.guard.write_entry(action)  # journal first: a power cut keeps it
        if failed is not None:
            return failed
        t.match.keep(action)
        if self.choosing == action.seat and not self.choices(action.seat):
            self.choosing = self._next_asked(action.seat) if self.asking_all else None
            self.asking_all = self.choosing is not None
            if self.choosing is not None:
                t.say(msg("m_choose_accuso", n=self.choosing + 1))
        if sheet.decima is not None:
            self.choosing, self.asking_all = None, False  # a decima ends the hand: the points before it are asked
            t.say(msg("m_sheet_decima", n=action.seat + 1))
        t.changed()
        return Outcome(True)

    # ------------------------------------------------------------ the count

    def tally(self, entry: SheetTally) -> Outcome:
        t = self.table
        sheet = self._sheet()
        if sheet is None or t.match is None:
            return t.refuse(msg("r_no_hand"))
        end = entry.end
        if not is_sheet_end(end):
            return t.refuse(refusal(IllegalAction(Refusal.SHEET_END, end=str(end))))
        tally = Tally(sheet.dealer, tuple(entry.thirds), end,
                      entry.by, entry.sudden, entry.sudden_side, entry.partner)  # fmt: skip
        try:
            sheet.check_tally(tally)
        except IllegalAction as exc:
            return t.refuse(refusal(exc))
        failed = self.guard.write_entry(tally)
        if failed is not None:
            return failed
        t.match.keep(tally)
        self.choosing, self.asking_all = None, False
        t.changed()
        return Outcome(True)

    # ------------------------------------------------------------ the screen

    def entry(self) -> SheetEntryModel | None:
        """What the count screen offers now (None: no hand is being kept)."""
        sheet = self._sheet()
        if sheet is None:
            return None
        v = sheet.variant
        sides = sheet.hand_sides()
        units = tuple(tuple(s for s in range(v.n_seats) if sides[s] == side) for side in range(max(sides) + 1))
        ends = ["play"]
        if v.claims:
            ends.append("claim")
        if v.options.get("zu_tun", False):
            ends.append("zu_tun")
        sudden: tuple[str, ...] = ()
        decima = sheet.decima.seat if sheet.decima is not None else None
        if decima is not None:
            ends = ["decima"]
        elif v.sudden_wins:
            sudden = SUDDEN_NAMES
        elif v.options.get("cappotto", "none") != "none":
            sudden = ("cappotto",)
        choosing = self.choosing
        choices = tuple(self.choices(choosing)) if choosing is not None else ()
        return SheetEntryModel(
            n_seats=v.n_seats, units=units, full=deck_thirds(v), out=thirds_out(v), ends=tuple(ends),
            sudden=sudden, caller=sheet.caller if v.preset.call_partner else None, choosing=choosing,
            choices=choices, accusi=v.accusi and decima is None, decima=decima,
        )  # fmt: skip
