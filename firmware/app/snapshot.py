"""The table read once from its parts: the frozen :class:`~firmware.app.present.TableSnapshot`
the screen model is built from (:meth:`TableReading.snapshot`), and the seat the
screen is drawn for (:meth:`TableReading.view_seat`). Reads only; the
controller (:mod:`firmware.app.controller`) makes it with the parts it reads.
"""

from __future__ import annotations

from dataclasses import replace

from firmware.app.browse import HistoryBrowser, live_sheet
from firmware.app.coaching import CoachActions
from firmware.app.core import ENROL, HOME, MATCH_OVER, Table
from firmware.app.corrections import TableCorrections
from firmware.app.dealing import DealScanning
from firmware.app.declaring import DeclarationWindows
from firmware.app.enrolment import EnrolmentFlow
from firmware.app.phones.seatview import public_view
from firmware.app.phoneseats import PhoneSeats, waiting_args
from firmware.app.picker import picker_for
from firmware.app.present import (
    Asked,
    Coached,
    Hand,
    SheetSnapshot,
    TableSnapshot,
    enrol_status,
    enrolled_decks,
    journal_resumable,
)
from firmware.app.reviewing import MatchReviewing
from firmware.app.scoresheet import ScoreSheetKeeping
from firmware.engine import Match
from ui.model import Banner


class TableReading:
    """What the screen shows, read from the parts (each asked for its own)."""

    def __init__(
        self,
        table: Table,
        declarations: DeclarationWindows,
        dealing: DealScanning,
        enrolment: EnrolmentFlow,
        corrections: TableCorrections,
        scoresheet: ScoreSheetKeeping,
        phones: PhoneSeats,
        coaching: CoachActions,
        browser: HistoryBrowser,
        reviewing: MatchReviewing,
    ) -> None:
        self.table = table
        self.declarations = declarations
        self.dealing = dealing
        self.enrolment = enrolment
        self.corrections = corrections
        self.scoresheet = scoresheet
        self.phones = phones
        self.coaching = coaching
        self.browser = browser
        self.reviewing = reviewing

    def view_seat(self) -> int:
        if self.declarations.declaring is not None:
            return self.declarations.declaring
        human = self.table.human_seat()
        return 0 if human is None else human

    def snapshot(self) -> TableSnapshot:
        """The table now, read once from the parts: what the screen model is built from."""
        t = self.table
        base = TableSnapshot(
            phase=t.phase, message=t.message.message, resumable=journal_resumable(self.table.journal),
            enrolled=enrolled_decks(t.cards), enrolling=enrol_status(self.enrolment.enrol), match_id=t.match_id,
            variant=t.variant, seats=tuple(t.seats), players=tuple(t.players), totals=tuple(t.totals), winner=t.winner,
            hand_no=len(t.hands()), dealing=self.dealing.scan is not None, asked=self.asked(),
            picker=picker_for(t, self.dealing.scan, self.declarations, self.corrections),
            phones=self.phones.model() if self.phones.phone_seats() else None, seeded=t.opts.seed,
        )  # fmt: skip
        if t.phase not in (HOME, ENROL) and self.scoresheet.keeping and t.match is not None:
            return replace(base, sheet=self.sheet_snapshot(t.match))
        if t.phase in (HOME, ENROL) or t.match_id is None or t.match is None or t.match.state is None:
            return base
        return replace(base, hand=self.hand(t.match, t.match_id), coached=self.coached())

    def hand(self, match: Match, match_id: int) -> Hand:
        d = self.declarations
        seat = self.view_seat()
        banners = list(self.table.banners)
        if d.accusi_open():
            banners.append(Banner("info", None, key="b_accusi_open"))
        if waiting := self.phones.waiting_for():  # the match waits for a phone: say for whom, all along
            banners.append(Banner("info", None, key="ph_waiting_for", args=waiting_args(waiting)))
        view = match.view_for(seat)
        if self.table.seats[seat].kind != "human" and d.declaring is None and self.phones.phone_seats():
            # a phone game with nobody at the screen: the shared table, what every seat sees
            view = public_view([match.view_for(s) for s in range(len(self.table.seats))])
        final = None
        if self.table.phase == MATCH_OVER and match.hands:  # the end of a match shows it hand by hand
            final = live_sheet(match, match_id, self.table.seats, self.table.players)
        decided = match.hand_decided
        # real cards: the table seat that acts now makes its call, zu tun or claim with the
        # screen's buttons, whoever the screen is drawn for
        mover = self.table.mover()
        acting = None
        if self.table.real_cards and mover is not None and mover != seat and self.table.seats[mover].kind == "table":
            acting = match.view_for(mover)
        return Hand(
            acting=acting,
            view=view, seat=seat, show_hand=self.table.seats[seat].kind == "human" or d.declaring is not None,
            banners=tuple(banners), may_declare=d.may_declare_now(seat), cards_wait=d.cards_wait(),
            declare_prompt=d.declare_prompt(seat), level_at_target=match.level_at_target, final_sheet=final,
            games_won=tuple(match.games_won) if match.games_to_win > 1 else None,
            game_won_by=tuple(decided.winners) if decided is not None else (),
        )  # fmt: skip

    def sheet_snapshot(self, match: Match) -> SheetSnapshot:
        final = None
        if match.results and self.table.match_id is not None:  # the score sheet, hand by hand: to correct a hand
            final = live_sheet(match, self.table.match_id, self.table.seats, self.table.players)
        return SheetSnapshot(match, self.scoresheet.entry(), final)

    def coached(self) -> Coached:
        c = self.coaching
        if not c.casual and not c.review_lines:
            return Coached()
        return Coached(c.casual, c.can_hint(), c.can_undo(), c.hint_card(), c.review_lines)

    def asked(self) -> Asked:
        b = self.browser
        review, hand = self.reviewing.review_models()
        return Asked(b.page, b.sheet, b.replay, review, hand)
