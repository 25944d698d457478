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

from dataclasses import replace

from firmware.app.core import PLAY, Outcome, Table
from firmware.app.journal_guard import JournalGuard
from firmware.app.messages import Message, Term, msg, refusal
from firmware.engine import IllegalAction, Match
from firmware.engine.actions import Declare, Undo
from firmware.engine.declarations import DECLARABLE_RANKS
from firmware.engine.refusals import Refusal
from firmware.engine.scoresheet import (
    SUDDEN_NAMES,
    Amend,
    SheetHand,
    Tally,
    deck_thirds,
    is_sheet_end,
    thirds_out,
)
from ui.intents import SheetTally
from ui.model import SheetEntryModel

SHEET_MODE = "scoresheet"


class ScoreSheetKeeping:
    """A score-sheet match's hands: begun with no cards, accusi as said, the count entered."""

    def __init__(self, table: Table, guard: JournalGuard) -> None:
        self.table = table
        self.guard = guard
        self.choosing: int | None = None  # the seat choosing its accuso on the screen
        self.asking_all = False  # opened by the screen's Accusi button: the next seats follow
        self.amending: int | None = None  # the finished hand (0-based) whose count is being corrected
        # a tap that ends a hand or the match, not journalled until confirmed, and its question
        self.pending: Declare | Tally | Amend | None = None
        self.question: Message | None = None

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
        self.amending = self.pending = self.question = None
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

    def declare(self, action: Declare, *, confirmed: bool = False) -> Outcome:
        t = self.table
        sheet = self._sheet()
        if sheet is None or t.match is None:
            return t.refuse(msg("r_no_hand"))
        try:
            sheet.check_declare(action)
        except IllegalAction as exc:
            return t.refuse(refusal(exc))
        if action.kind == "decima" and not confirmed:  # it ends the hand: asked first, nothing journalled
            return self._ask(action, msg("q_sheet_decima", n=action.seat + 1, side=self._unit(t.match, action.seat),
                                         what=Term("q_the_match" if t.match.games_to_win == 1 else "q_the_game")))
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

    def tally(self, entry: SheetTally, *, confirmed: bool = False) -> Outcome:
        t = self.table
        if entry.amend is not None:
            return self.amend(entry, confirmed=confirmed)
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
            after = t.match.check_entry(tally)
        except IllegalAction as exc:
            return t.refuse(refusal(exc))
        ends = tally.end in ("claim", "zu_tun", "decima") or tally.sudden is not None or after.finished
        if ends and not confirmed:  # a tap that ends the game or the match: asked first
            return self._ask(tally, self._consequence(self._what(tally), after))
        self.pending = self.question = None
        failed = self.guard.write_entry(tally)
        if failed is not None:
            return failed
        t.match.keep(tally)
        self.choosing, self.asking_all = None, False
        t.changed()
        return Outcome(True)

    # ------------------------------------------------------------ asked first

    def _ask(self, entry: Declare | Tally | Amend, question: Message) -> Outcome:
        """A tap that ends a hand or the match: held (not journalled) until *Confirm*."""
        self.pending, self.question = entry, question
        self.table.changed()
        return Outcome(True)

    def confirm(self, yes: bool) -> Outcome:
        """The question's *Confirm* (the entry held is journalled and kept) or *Back*
        (dropped: nothing was written)."""
        entry, self.pending, self.question = self.pending, None, None
        t = self.table
        if entry is None:
            t.changed()
            return Outcome(False, "nothing to confirm")
        if not yes:
            t.say(msg("m_sheet_not_entered"))
            t.changed()
            return Outcome(True)
        if isinstance(entry, Declare):
            return self.declare(entry, confirmed=True)
        if isinstance(entry, Amend):
            return self._correct(entry)
        return self.tally(_intent_of(entry), confirmed=True)

    def _unit(self, match: Match, seat: int) -> Message:
        """``seat``'s scoring unit as the screen names it: its side, or the seat itself."""
        v = match.variant
        side = v.side_of(seat)
        if sum(1 for s in range(v.n_seats) if v.side_of(s) == side) == 1:
            return msg("seat_n", n=seat + 1)
        return msg("side_n", n=side + 1)

    def _what(self, tally: Tally) -> Message:
        """How a count ends its hand, in a few words (the question's first half)."""
        if tally.sudden is not None:
            return msg("q_sheet_sudden", what=tally.sudden.capitalize(), n=(tally.sudden_side or 0) + 1)
        if tally.end in ("claim", "zu_tun", "decima"):
            return msg(f"q_end_{tally.end}", n=(tally.by or 0) + 1)
        return msg("sh_enter")

    def _consequence(self, what: Message, after: Match) -> Message:
        """"Decima: seat 1 · Side 1 wins the match 21-0. Confirm?": what the engine says follows."""
        score = "-".join(str(x) for x in after.counted_totals)
        if after.finished and after.winner is not None:
            who = self._winner(after, after.winner)
            stake = after.ledger[-1] if after.ledger else None
            if stake is not None and stake.multiplier > 1:  # a sudden win: its stake, not points it never counted
                return msg("q_sheet_match_x", what=what, who=who, x=stake.multiplier)
            return msg("q_sheet_match", what=what, who=who, score=score)
        decided = after.hand_decided
        if decided is not None:
            return msg("q_sheet_game", what=what, who=self._winner(after, decided.winners[0]), score=score,
                       n=decided.game + 1)
        return msg("q_sheet_goes_on", what=what, score=score)

    def _winner(self, match: Match, unit: int) -> Message:
        v = match.variant
        seats = [s for s in range(v.n_seats) if v.side_of(s) == unit]
        return msg("seat_n", n=seats[0] + 1) if len(seats) == 1 else msg("side_n", n=unit + 1)

    # ------------------------------------------------------------ corrections

    def last_entry(self) -> Declare | Tally | None:
        """What *Undo last entry* takes back now (None: nothing in this hand)."""
        t = self.table
        return t.match.last_sheet_entry() if self.keeping and t.match is not None else None

    def undo(self) -> Outcome:
        """*Undo last entry*: the last accuso said or the count of the hand, taken back by an
        entry of its own (``{"seat": s, "undo": 1}``), journalled before it is applied."""
        t = self.table
        if not self.keeping or t.match is None:
            return t.refuse(msg("r_no_hand"))
        last = self.last_entry()
        seat = last.seat if last is not None else 0
        return self._correct(Undo(seat, 1))

    def edit(self, hand: int | None) -> Outcome:
        """Open the count screen on finished hand ``hand`` (0-based) to correct it; None closes it."""
        t = self.table
        if hand is None:
            self.amending = None
            t.changed()
            return Outcome(True)
        if not self.keeping or t.match is None:
            return t.refuse(msg("r_no_hand"))
        entries = t.match.sheet_entries()
        if not 0 <= hand < len(entries) or not entries[hand] or not isinstance(entries[hand][-1], Tally):
            return t.refuse(refusal(IllegalAction(Refusal.SHEET_AMEND_HAND, hand=hand + 1)))
        self.amending = hand
        self.choosing, self.asking_all = None, False
        self.pending = self.question = None
        t.say(msg("m_sheet_amend", n=hand + 1))
        t.changed()
        return Outcome(True)

    def amend(self, entry: SheetTally, *, confirmed: bool = False) -> Outcome:
        """The count screen's *Count the hand* on a finished hand: its count replaced
        (``{"seat": s, "amend": N, "tally": ...}``), checked like any count; asked first when
        it ends the match, or no longer."""
        t = self.table
        hand = entry.amend
        if not self.keeping or t.match is None or hand is None:
            return t.refuse(msg("r_no_hand"))
        end = entry.end
        if not is_sheet_end(end):
            return t.refuse(refusal(IllegalAction(Refusal.SHEET_END, end=str(end))))
        entries = t.match.sheet_entries()
        old = entries[hand][-1] if 0 <= hand < len(entries) and entries[hand] else None
        seat = old.seat if isinstance(old, Tally) else 0
        amend = Amend(hand, Tally(seat, tuple(entry.thirds), end, entry.by, entry.sudden, entry.sudden_side,
                                  entry.partner))
        try:
            after = t.match.check_correction(amend)
        except IllegalAction as exc:
            return t.refuse(refusal(exc))
        m = t.match
        changes = after.finished != m.finished or after.winners != m.winners or after.ledger != m.ledger
        if changes and not confirmed:
            what = msg("q_sheet_amended", n=hand + 1)
            return self._ask(amend, self._consequence(what, after))
        return self._correct(amend)

    def _correct(self, correction: Undo | Amend) -> Outcome:
        """Journal a correction (un-ending the match in the same transaction when it does),
        then count the match again with it."""
        t = self.table
        assert t.match is not None
        try:
            after = t.match.check_correction(correction)
        except IllegalAction as exc:
            return t.refuse(refusal(exc))
        failed = self.guard.write_entry(correction, reopen=t.match.finished and not after.finished)
        if failed is not None:
            return failed
        t.match.correct_sheet(correction)
        self.amending = None
        self.choosing, self.asking_all = None, False
        self.pending = self.question = None
        score = "-".join(str(x) for x in t.match.counted_totals)
        if isinstance(correction, Amend):
            t.say(msg("m_sheet_amended", n=correction.hand + 1, score=score))
        else:
            t.say(msg("m_sheet_undone", score=score))
        t.changed()
        return Outcome(True)

    # ------------------------------------------------------------ the screen

    def entry(self) -> SheetEntryModel | None:
        """What the count screen offers now (None: no hand is being kept, none corrected)."""
        t = self.table
        amend: tuple[int, ...] | None = None
        if self.amending is not None and self.keeping and t.match is not None:
            sheet = self._amended_sheet(t.match, self.amending)
            old = t.match.sheet_entries()[self.amending][-1]
            amend = old.thirds if isinstance(old, Tally) else None
        else:
            sheet = self._sheet()
        if sheet is None:
            return None
        model = self._entry_model(sheet)
        last = self.last_entry()
        undo = "" if last is None else "count" if isinstance(last, Tally) else last.kind
        count = None
        if amend is not None and t.match is not None and self.amending is not None:
            old_count = t.match.sheet_entries()[self.amending][-1]
            count = old_count if isinstance(old_count, Tally) else None
        return replace(model, amend=self.amending if amend is not None else None, amend_thirds=amend or (),
                       amend_count=count, question=self.question, undo=undo)

    def _amended_sheet(self, match: Match, hand: int) -> SheetHand | None:
        """The hand ``hand`` as it stood before its count (its accusi said, its totals before)."""
        entries = match.sheet_entries()
        if not 0 <= hand < len(entries):
            return None
        fresh = Match(match.variant, first_dealer=match.hands[0].dealer)
        for i, h in enumerate(entries[: hand + 1]):
            fresh.begin_hand({"sheet": True})
            for e in h if i < hand else h[:-1]:
                fresh.keep(e)
        return fresh.sheet

    def _entry_model(self, sheet: SheetHand) -> SheetEntryModel:
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
            choices=choices, accusi=v.accusi and decima is None and self.amending is None, decima=decima,
        )  # fmt: skip


def _intent_of(t: Tally) -> SheetTally:
    """A count held for its question, as the screen sent it."""
    return SheetTally(t.thirds, t.end, t.by, t.sudden, t.sudden_side, t.partner)
