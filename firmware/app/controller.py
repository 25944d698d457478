"""The table controller: every event becomes an engine action or a clear refusal.

Synchronous and single-threaded on purpose: the main loop feeds it events one
at a time (:meth:`TableController.handle`), and the tests do the same with no
threads, no pygame and no clock of their own. Computer players never run
here: the controller *asks* for a move (:meth:`cpu_request`) and the answer
comes back later through the queue as a :class:`PlayerMoved`.

The controller composes its parts, one class and module each, each owning its
state (see :mod:`firmware.app.core` and docs/box.md §2): the table, the journal
guard, the declaration windows, the deal's scans, enrolment, the match
lifecycle, the seats, the match's review and the coach, the buttons and the box
without its screen (:mod:`firmware.app.buttons`), the reader's tags
(:mod:`firmware.app.scans`), the settings changed on the screen
(:mod:`firmware.app.screensettings`). This module routes events to them
(:meth:`TableController.handle`, one ``match`` over
:data:`~firmware.app.events.Event`) and says what the LED display shows; the
parts are read into the frozen :class:`~firmware.app.present.TableSnapshot` the
screen model is built from by :mod:`firmware.app.snapshot`.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any, assert_never

import hal.events as hal
import ui.intents as ui
from firmware.app.browse import HistoryBrowser
from firmware.app.buttons import TableButtons
from firmware.app.cards_map import CardsMap, Enrolment
from firmware.app.coaching import CoachActions
from firmware.app.core import (
    ENROL,
    HAND_OVER,
    HOME,
    MATCH_OVER,
    PLAY,
    AskKind,
    ControllerOptions,
    CpuRequest,
    DisplayState,
    Outcome,
    Phase,
    Said,
    Table,
)
from firmware.app.corrections import TableCorrections
from firmware.app.dealing import DealScan, DealScanning
from firmware.app.declaring import COLLECTIVE_WINDOWS, DeclarationWindows, Window
from firmware.app.enrolment import EnrolmentFlow
from firmware.app.events import (
    Event,
    HintReady,
    MatchReviewFailed,
    MatchReviewProgress,
    MatchReviewReady,
    PlayerFailed,
    PlayerMoved,
    ReviewProgress,
    ReviewReady,
    Shutdown,
    Tick,
)
from firmware.app.guide import GUIDE_LEVEL, GUIDE_SEED, GUIDE_VARIANT, GuidedHand
from firmware.app.homechoice import HomeChoices
from firmware.app.household import Household
from firmware.app.journal_guard import JOURNAL_ERROR_CODE, JournalGuard
from firmware.app.lifecycle import MatchLifecycle
from firmware.app.messages import Message, Term, msg
from firmware.app.network import NetworkPart
from firmware.app.phones.events import PhoneIntent, PhoneStatus
from firmware.app.phoneseats import PhoneSeats
from firmware.app.present import (
    TableSnapshot,
    build_model,
    stats_model,
)
from firmware.app.reviewing import MatchReviewing
from firmware.app.revokes import TableRevokes
from firmware.app.scans import CardScans
from firmware.app.scoresheet import ScoreSheetKeeping
from firmware.app.screensettings import ScreenSettings
from firmware.app.seats import SeatActions
from firmware.app.snapshot import TableReading
from firmware.app.unknown_deck import UnknownDeckTags
from firmware.config import GameSettings
from firmware.engine import Action, Match, Variant
from firmware.engine.names import BadName
from firmware.engine.scoresheet import Amend
from firmware.engine.seating import HUMAN, SeatSpec, check_seat
from firmware.store import Journal, JournalFailure
from hal.network import NetworkBusy, NetworkChanged, NetworkDone, NetworkScanned
from ui.model import Banner, Stats, TableModel

__all__ = [
    "COLLECTIVE_WINDOWS",
    "ENROL",
    "HAND_OVER",
    "HOME",
    "MATCH_OVER",
    "PLAY",
    "AskKind",
    "ControllerOptions",
    "CpuRequest",
    "DisplayState",
    "Outcome",
    "Phase",
    "Said",
    "TableController",
]

log = logging.getLogger("firmware.app.controller")


PlayIntent = (
    ui.PlayCard | ui.Discard | ui.Claim | ui.Hint | ui.Undo | ui.Call | ui.ZuTun | ui.Declare | ui.NothingToDeclare
    | ui.SheetTally | ui.SheetAccusi | ui.SheetUndo | ui.SheetEdit | ui.SheetConfirm | ui.TakeBack | ui.AbandonHand
    | ui.CallRevoke
)
SheetIntent = (
    ui.Declare | ui.NothingToDeclare | ui.SheetTally | ui.SheetAccusi | ui.SheetUndo | ui.SheetEdit | ui.SheetConfirm
)
SHEET_INTENTS = (ui.Declare, ui.NothingToDeclare, ui.SheetTally, ui.SheetAccusi, ui.SheetUndo, ui.SheetEdit,
                 ui.SheetConfirm)
BrowseIntent = ui.ShowHistory | ui.OpenSheet | ui.OpenReplay | ui.OpenReview | ui.OpenReviewHand
TableIntent = (
    ui.Signal | ui.ShowScreen | ui.NewGame | ui.Continue | ui.NextHand | ui.SetLevel | ui.SetSetting | ui.EnrolDeck
    | ui.Quit | ui.SimButton | ui.SimScan
)

# The LED display's code for "no screen" ("no Sc"), shown while the table is idle.
NO_SCREEN_CODE = "noSc"


class TableController:
    """Events in; journal writes, engine actions, a screen model and a display state out.

    It makes its parts and gives each only the parts it uses (the arrows of
    docs/box.md §2: seats → lifecycle → dealing, enrolment; lifecycle, seats,
    coaching → declarations → guard → table; coaching → reviewing).
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
        self.table = table = Table(journal, settings, options=options, cards=cards, on_shutdown=on_shutdown)
        self.guard = JournalGuard(table)
        self.declarations = DeclarationWindows(table, self.guard)
        self.dealing = DealScanning(table)
        self.enrolment = EnrolmentFlow(table)
        self.unknown_deck = UnknownDeckTags(table)  # a reader, the deck not enrolled: the picker
        self.scoresheet = ScoreSheetKeeping(table, self.guard)  # score sheet only: no cards at all
        self.lifecycle = MatchLifecycle(table, self.guard, self.declarations, self.dealing, self.enrolment,
                                        self.scoresheet)
        self.seat_actions = SeatActions(table, self.guard, self.declarations, self.lifecycle)
        self.corrections = TableCorrections(table, self.guard, self.declarations, self.lifecycle)  # real cards
        self.revokes = TableRevokes(table, self.guard, self.declarations, self.lifecycle)  # real cards
        self.reviewing = MatchReviewing(table)
        self.coaching = CoachActions(table, self.guard, self.declarations, self.reviewing)
        # phone seats (docs/phones.md): a phone's taps through the seats' moves
        self.phones = PhoneSeats(table, self.seat_actions, self.declarations, self.lifecycle.next_hand)
        self.seat_actions.phones_wait = self.phones.wait_refusal
        self.phones.coach = self.coaching  # a phone seat asks for its own hint (docs/phones.md)
        self.browser = HistoryBrowser(journal)  # the history screens' last request
        self.guide = GuidedHand(table)  # "Learn to play": the lessons of the guided hand
        self.network = NetworkPart(table)  # the box's Wi-Fi (firmware/app/network.py)
        self.household = Household(journal.path.parent)  # the names a seat can be given
        self.home_choices = HomeChoices(table, journal.path.parent)  # the home screen's choice, kept
        self.scans = CardScans(table, self.enrolment, self.unknown_deck, self.seat_actions)  # the reader's tags
        self.buttons = TableButtons(table, self.declarations, self.scoresheet, self.lifecycle, self.phones)
        self.settings_kept = ScreenSettings(table)  # a setting changed on the screen; the display's brightness
        self.reading = TableReading(table, self.declarations, self.dealing, self.enrolment, self.corrections,
                                    self.scoresheet, self.phones, self.coaching, self.browser, self.reviewing)
        self.reader_online: bool | None = None

    # ------------------------------------------------------------ events

    def handle(self, event: Event) -> None:
        """One event of the queue. A journal write that fails on the way (a
        hand, a match, a seat's level not written) pauses the match: nothing
        of it was applied (write-before-apply), and it is retried."""
        try:
            self._dispatch(event)
        except JournalFailure as exc:
            self.guard.failed(exc)
        self._observe_guide()

    def _observe_guide(self) -> None:
        t = self.table
        # the seat's view only while a lesson is played (a lesson match's first hand): built
        # after every event, it was over a quarter of what handling one cost (a profile of tests/app)
        match = t.match
        playing = match is not None and match.state is not None and self.guide.active()
        view = match.view_for(self.view_seat()) if match is not None and playing else None
        before = self.guide.current
        self.guide.observe(view)
        if self.guide.current != before:
            t.version += 1

    def _dispatch(self, event: Event) -> None:
        match event:
            case PlayerMoved() | PlayerFailed() | HintReady() | ReviewProgress() | ReviewReady():
                self._worker_answer(event)
            case MatchReviewProgress() | MatchReviewReady() | MatchReviewFailed():
                self._review_answer(event)
            case Tick():
                pass
            case Shutdown(reason=reason):
                self.table.stop(reason or "shutdown")
            # a phone seat's tap, the phone seats' state, a seat freed on the screen
            case PhoneIntent():
                self.phones.on_intent(event)
            case PhoneStatus():
                self.phones.on_status(event)
            case ui.FreePhoneSeat(seat=seat):
                self.phones.free(seat)
            case ui.NewPhoneCodes():
                self.phones.new_codes()
            case ui.Guide(step=step):
                self._guide(step)
            case ui.AddPerson(name=name):
                self._add_person(name)
            case ui.ForgetPerson(name=name):
                self.household.forget(name)
                self.table.changed()
            case ui.HomeChoice():
                self.home_choices.keep(event)
            # the box's Wi-Fi: Settings → Network's asks, the network worker's answers
            case ui.NetworkScan() | ui.NetworkConnect() | ui.NetworkForget() | ui.NetworkHotspot():
                self.network.on_intent(event)
            case NetworkScanned() | NetworkDone() | NetworkChanged() | NetworkBusy():
                self.network.on_event(event)
            case (ui.PlayCard() | ui.Discard() | ui.Claim() | ui.Hint() | ui.Undo() | ui.Call() | ui.ZuTun()
                  | ui.Declare() | ui.NothingToDeclare() | ui.SheetTally() | ui.SheetAccusi() | ui.SheetUndo()
                  | ui.SheetEdit() | ui.SheetConfirm() | ui.TakeBack() | ui.AbandonHand()
                  | ui.CallRevoke()):  # fmt: skip
                self._play_intent(event)
            case ui.ShowHistory() | ui.OpenSheet() | ui.OpenReplay() | ui.OpenReview() | ui.OpenReviewHand():
                self._browse_intent(event)
            case (ui.Signal() | ui.ShowScreen() | ui.NewGame() | ui.Continue() | ui.NextHand() | ui.SetLevel()
                  | ui.SetSetting() | ui.EnrolDeck() | ui.Quit() | ui.SimButton() | ui.SimScan()):  # fmt: skip
                self._table_intent(event)
            case hal.ButtonPressed() | hal.ButtonHeld() | hal.TagSeen() | hal.ReaderOnline() | hal.ReaderOffline():
                self._hardware(event)
            case hal.DisplayFault(reason=reason):
                log.warning("score display fault: %s", reason)
            case hal.ButtonReleased() | hal.TagRemoved() | hal.DisplayRestored():
                pass
            case _:
                assert_never(event)

    def _worker_answer(self, event: PlayerMoved | PlayerFailed | HintReady | ReviewProgress | ReviewReady) -> None:
        match event:
            case PlayerMoved():
                self.seat_actions.on_player_moved(event)
            case PlayerFailed():
                self.seat_actions.on_player_failed(event)
            case HintReady():
                self.coaching.on_hint_ready(event)
            case ReviewProgress():
                self.coaching.on_review_progress(event)
            case ReviewReady():
                self.coaching.on_review_ready(event)
            case _:
                assert_never(event)

    def _review_answer(self, event: MatchReviewProgress | MatchReviewReady | MatchReviewFailed) -> None:
        match event:
            case MatchReviewProgress():
                self.reviewing.on_match_review_progress(event)
            case MatchReviewReady():
                self.reviewing.on_match_review_ready(event)
            case MatchReviewFailed():
                self.reviewing.on_match_review_failed(event)
            case _:
                assert_never(event)

    def _hardware(
        self, event: hal.ButtonPressed | hal.ButtonHeld | hal.TagSeen | hal.ReaderOnline | hal.ReaderOffline
    ) -> None:
        match event:
            case hal.ButtonPressed():
                self.buttons.pressed(event.seat)
            case hal.ButtonHeld():
                self.buttons.held(event)
            case hal.TagSeen(tag_id=tag):
                self.scans.tag_seen(tag)
            case hal.ReaderOnline():
                if self.reader_online is False:
                    self.table.say(msg("m_reader_back"))
                self.reader_online = True
            case hal.ReaderOffline(reason=reason):
                self.reader_online = False
                self.table.blink_seq += 1
                self.table.say(msg("m_reader_off", why=str(reason)), "error")
            case _:
                assert_never(event)

    def _play_intent(self, event: PlayIntent) -> None:
        """A move of the hand asked for on the screen."""
        seats = self.seat_actions
        if self.scoresheet.keeping and isinstance(event, SHEET_INTENTS):
            self._sheet_intent(event)
            return
        match event:
            case ui.PlayCard(card=card, signals=signals):
                seats.play_card(card, signals)
            case ui.Discard(card=card):
                seats.play_card(card)
            case ui.Claim():
                seats.claim()
            case ui.Hint():
                self.coaching.request_hint()
            case ui.Undo():
                self.coaching.undo()
            case ui.TakeBack(seat=seat, card=card):
                if self.dealing.scan is not None:
                    self.dealing.take_back(card)  # a card the deal showed the box
                elif seat is not None:
                    self.corrections.take_back(seat, card)
                else:
                    self.table.refuse(msg("e_correct_nothing"))
            case ui.AbandonHand(hand=hand):
                self.corrections.abandon(hand)
            case ui.CallRevoke(seat=seat, hand=hand):
                self.revokes.call(seat, hand)
            case ui.Call(card=card):
                seats.call(card)
            case ui.ZuTun(card=card):
                seats.zu_tun(card)
            case ui.Declare(declare_action=action):
                seats.declare(action)
            case ui.NothingToDeclare():
                seats.screen_nothing_to_declare()
            case ui.SheetTally() | ui.SheetAccusi() | ui.SheetUndo() | ui.SheetEdit() | ui.SheetConfirm():
                self.table.refuse(msg("r_no_hand"))  # a count belongs to a score-sheet match
            case _:
                assert_never(event)

    def _sheet_intent(self, event: SheetIntent) -> None:
        """Score sheet only (firmware.app.scoresheet): an accuso said, the choice closed, the
        hand's count, a correction, a question answered; after a count or a decima the
        lifecycle closes the hand, after a correction the table follows the match."""
        sheet = self.scoresheet
        if isinstance(event, (ui.SheetUndo, ui.SheetEdit)) or (
            isinstance(event, ui.SheetConfirm) and isinstance(sheet.pending, Amend)
        ) or (isinstance(event, ui.SheetTally) and event.amend is not None):
            was_finished = self.table.finished()
            match event:
                case ui.SheetUndo():
                    done = sheet.undo()
                case ui.SheetEdit(hand=hand):
                    done = sheet.edit(hand)
                case ui.SheetConfirm(yes=yes):
                    done = sheet.confirm(yes)
                case ui.SheetTally():
                    done = sheet.tally(event)
            if done.accepted:
                self.lifecycle.corrected(was_finished)
            return
        match event:
            case ui.Declare(declare_action=action):
                done = sheet.declare(action)
            case ui.NothingToDeclare():
                done = sheet.done()
            case ui.SheetTally():
                done = sheet.tally(event)
            case ui.SheetAccusi():
                done = sheet.ask_all()
            case ui.SheetConfirm(yes=yes):
                done = sheet.confirm(yes)
            case ui.SheetUndo() | ui.SheetEdit():  # handled above
                return
            case _:
                assert_never(event)
        if done.accepted and self.table.hand_over() and self.phase == PLAY:
            self.lifecycle.hand_closed()

    def _browse_intent(self, event: BrowseIntent) -> None:
        """The history and the reviews asked for on the screen."""
        match event:
            case ui.ShowHistory(offset=offset, limit=limit):
                self.browser.show_page(offset, limit)
                self.table.version += 1
            case ui.OpenSheet(match_id=match_id):
                self.browser.open_sheet(match_id)
                self.table.version += 1
            case ui.OpenReplay(match_id=match_id, hand=hand):
                self.browser.open_replay(match_id, hand)
                self.table.version += 1
            case ui.OpenReview(match_id=match_id):
                self.reviewing.open_match_review(match_id)
            case ui.OpenReviewHand(match_id=match_id, hand=hand):
                self.reviewing.open_review_hand(match_id, hand)
            case _:
                assert_never(event)

    def _table_intent(self, event: TableIntent) -> None:
        """A game, a setting, a simulated button or card: the table's own business."""
        match event:
            case ui.Signal() | ui.ShowScreen():
                pass  # the screen's own business; signals travel with the PlayCard
            case ui.NewGame():
                self._new_game(event)
            case ui.Continue():
                self._continue()
            case ui.NextHand():
                self.lifecycle.next_hand()
            case ui.SetLevel(seat=seat, level=level):
                self.seat_actions.set_level(seat, level)
            case ui.SetSetting(key=key, value=value):
                self.settings_kept.set(key, value)
            case ui.EnrolDeck(deck=str() as deck):  # (re)learn a deck's tags: every card scanned once
                self.enrolment.start(deck)
            case ui.EnrolDeck():
                self.enrolment.stop()
            case ui.Quit():
                self.table.stop("quit")
            case ui.SimButton():
                self._sim_button(event)
            case ui.SimScan(card_code=code):
                self.scans.simulated(code)
            case _:
                assert_never(event)

    def _new_game(self, ev: ui.NewGame) -> None:
        try:  # the screen's seats as they were chosen, checked (an intent may carry anything)
            seats = [check_seat(s) for s in ev.seats] if ev.seats else None
        except ValueError as exc:
            self.table.refuse(msg("r_bad_game", why=str(exc)))
            return
        self.new_match(ev.variant, dict(ev.options), seats, casual=ev.casual, scoresheet=ev.scoresheet,
                       players=list(ev.players) if ev.players else ())

    def _guide(self, step: str) -> None:
        """Learn to play: a hand of tressette2 against the easy computer from the guide's
        seed; the lessons on it are dismissed one by one or skipped together."""
        if step == "start":
            people = [HUMAN, SeatSpec.cpu(GUIDE_LEVEL)]
            self.lifecycle.new_match(GUIDE_VARIANT, {}, people, lesson_seed=GUIDE_SEED)
        elif step == "dismiss":
            self.guide.dismiss()
        else:
            self.guide.skip()

    def _continue(self) -> None:
        if self.phase in (HOME, MATCH_OVER):
            row = self.journal.unfinished()
            if row is not None:
                self.lifecycle.resume(row.id)
                return
        self.table.version += 1

    def _sim_button(self, ev: ui.SimButton) -> None:
        if ev.button == "menu" and ev.hold_s >= 3.0:
            self.handle(hal.ButtonHeld("menu", 10.0 if ev.hold_s >= 10.0 else 3.0))
        else:
            self.handle(hal.ButtonPressed(ev.button))


    def display(self) -> DisplayState:
        blink = self.table.blink_seq
        if self.guard.error is not None:
            return DisplayState(JOURNAL_ERROR_CODE, None, blink)
        v = self.variant
        enrol = self.enrolment.enrol
        if self.phase == ENROL and enrol is not None:
            return DisplayState(f"{len(enrol.mapping):4d}"[-4:], None, blink)
        if self.buttons.screen_missing is not None and (v is None or self.phase == HOME or self.buttons.needs_screen()):
            return DisplayState(NO_SCREEN_CODE, None, blink)
        if v is None or self.phase == HOME:
            return DisplayState("----", None, blink)
        if self.phase == PLAY and (self.declarations.accusi_open() or self.scoresheet.choosing is not None):
            return DisplayState("AccU", None, blink)
        if self.phase == HAND_OVER and self.buttons.menu_armed == self.buttons.menu_marker():
            return DisplayState("dEAL", None, blink)  # the menu button again deals
        totals = self.totals
        win = self.phase == MATCH_OVER
        if v.n_sides == 2:  # two players, or two partnerships
            return DisplayState("", (totals[0], totals[1]), blink, win)
        # three and four seats each for himself: the seat to play and its score
        seat = self.table.to_move()
        if seat is None or win:
            seat = self.winner if self.winner is not None else 0
        side = v.side_of(seat)
        # every digit lit ("1-07", not "1- 7": a dark digit between reads as a broken one)
        return DisplayState(f"{seat + 1}-{min(totals[side], 99):02d}", None, blink, win)

    def view_seat(self) -> int:
        return self.reading.view_seat()

    def snapshot(self) -> TableSnapshot:
        """The table now, read once from the parts: what the screen model is built from."""
        return self.reading.snapshot()

    @property
    def screen_missing(self) -> str | None:
        """Why the touchscreen is not open (set by the device program), None while it is."""
        return self.buttons.screen_missing

    @property
    def power_off_requested(self) -> bool:
        return self.buttons.power_off_requested

    @property
    def brightness(self) -> int | None:
        return self.settings_kept.brightness

    def set_screen_missing(self, why: str | None) -> None:
        self.buttons.set_screen_missing(why)

    def start_without_screen(self) -> Outcome:
        return self.buttons.start_without_screen()

    def menu_after_hand(self) -> Outcome:
        return self.buttons.menu_after_hand()


    def model(self, stats: Stats | None = None) -> TableModel:
        """The screen's :class:`ui.model.TableModel` for the current state."""
        model = build_model(self.snapshot(), stats_model(self.journal) if stats is None else stats)
        revoke = self.revokes.offer()
        if revoke is not None:  # real cards: *Revoke!* on the table, in the picker, at the hand's end
            picker = replace(model.picker, revoke=True) if model.picker is not None and model.picker.seat is not None else model.picker
            model = replace(model, revoke=revoke, picker=picker)
        lesson = self.guide.model(model.deck, model.me)
        if lesson is not None:
            model = replace(model, lesson=lesson)
        model = replace(model, household=tuple(self.household.people))
        network = self.network.model()
        return replace(model, network=network) if network is not None else model

    def _add_person(self, text: str) -> None:
        """A name typed on the screen joins the household's list; a bad one is said, not kept."""
        try:
            self.household.add(text)
        except BadName as exc:
            log.info("a name typed on the screen refused: %s", exc)  # the reason, never the text
            self.table.refuse(msg("r_bad_name", why=Term("name_" + exc.why)))
            return
        self.table.changed()

    # ------------------------------------------------------------ the parts, asked through the controller
    # What the device program, the main loop, the workers and the tests ask the table;
    # each answer is one part's.

    @property
    def journal(self) -> Journal:
        return self.table.journal

    @property
    def settings(self) -> GameSettings:
        return self.table.settings

    @property
    def opts(self) -> ControllerOptions:
        return self.table.opts

    @property
    def cards(self) -> CardsMap | None:
        return self.table.cards

    @property
    def match(self) -> Match | None:
        return self.table.match

    @property
    def match_id(self) -> int | None:
        return self.table.match_id

    @property
    def match_mode(self) -> str:
        return self.table.match_mode

    @property
    def seats(self) -> list[SeatSpec]:
        return self.table.seats

    @property
    def variant(self) -> Variant | None:
        return self.table.variant

    @property
    def real_cards(self) -> bool:
        return self.table.real_cards

    @property
    def totals(self) -> list[int]:
        return self.table.totals

    @property
    def winner(self) -> int | None:
        return self.table.winner

    @property
    def message(self) -> Said:
        return self.table.message

    @property
    def blink_seq(self) -> int:
        return self.table.blink_seq

    @property
    def banners(self) -> list[Banner]:
        return self.table.banners

    @property
    def generation(self) -> int:
        return self.table.generation

    @property
    def phase(self) -> Phase:
        return self.table.phase

    @phase.setter
    def phase(self, phase: Phase) -> None:
        self.table.phase = phase

    @property
    def version(self) -> int:
        return self.table.version

    @version.setter
    def version(self, version: int) -> None:
        self.table.version = version

    @property
    def stopping(self) -> str | None:
        return self.table.stopping

    @stopping.setter
    def stopping(self, reason: str | None) -> None:
        self.table.stopping = reason

    def say(self, message: Message, level: str = "info") -> None:
        self.table.say(message, level)

    def stop(self, reason: str) -> None:
        self.table.stop(reason)

    def humans(self) -> list[int]:
        return self.table.humans()

    # the lifecycle's
    def boot(self) -> bool:
        return self.lifecycle.boot()

    def resume(self, match_id: int) -> bool:
        return self.lifecycle.resume(match_id)

    def new_match(
        self,
        variant: str | None = None,
        options: dict[str, Any] | None = None,
        seats: Sequence[SeatSpec] | None = None,
        *,
        casual: bool = False,
        scoresheet: bool = False,
        players: Sequence[str | None] | None = None,
    ) -> Outcome:
        out = self.lifecycle.new_match(variant, options, seats, casual=casual, scoresheet=scoresheet,
                                       players=players)
        if out.accepted and self.phones.phone_seats():
            self.phones.names_again()  # the phones still holding their seats keep naming them
        return out

    def next_hand(self) -> Outcome:
        return self.lifecycle.next_hand()

    def submit(self, action: Action) -> Outcome:
        return self.lifecycle.submit(action)

    @property
    def reader_fitted(self) -> bool:
        """A card reader is fitted (without one: no enrolment, the card picker)."""
        return self.table.reader_fitted

    @reader_fitted.setter
    def reader_fitted(self, fitted: bool) -> None:
        self.table.reader_fitted = fitted

    @property
    def keeping_score(self) -> bool:
        return self.scoresheet.keeping

    # the journal's
    @property
    def journal_error(self) -> str | None:
        return self.guard.error

    def journal_failed(self, exc: JournalFailure) -> Outcome:
        return self.guard.failed(exc)

    def journal_state(self) -> str:
        return self.guard.state()

    def retry_journal(self, now: float | None = None) -> bool:
        """Probe the journal when due; True when it was failing and works again, and
        what its failure left waiting (a deal, a match's end) is done."""
        if not self.guard.retry(now):
            return False
        try:
            self.lifecycle.journal_resumed()
        except JournalFailure as exc:
            self.guard.failed(exc)
        return self.guard.error is None

    # the declaration windows'
    @property
    def declaring(self) -> int | None:
        return self.declarations.declaring

    @property
    def accusi_done(self) -> set[int]:
        return self.declarations.accusi_done

    def pending_accusi(self) -> set[int]:
        return self.declarations.pending_accusi()

    def window(self) -> Window:
        return self.declarations.window()

    def onori_order(self) -> list[int]:
        return self.declarations.onori_order()

    def onori_turn(self) -> int | None:
        return self.declarations.onori_turn()

    def computers_wait(self) -> bool:
        return self.declarations.computers_wait()

    def may_declare_now(self, seat: int) -> bool:
        return self.declarations.may_declare_now(seat)

    def declare_prompt(self, seat: int) -> bool:
        return self.declarations.declare_prompt(seat)

    def accuso_button(self, seat: int) -> Outcome:
        return self.declarations.accuso_button(seat)

    def cards_wait(self) -> bool:
        return self.declarations.cards_wait()

    def accusi_open(self) -> bool:
        return self.declarations.accusi_open()

    def nothing_to_declare(self, seat: int) -> Outcome:
        return self.declarations.nothing_to_declare(seat)

    # the seats'
    def cpu_request(self) -> CpuRequest | None:
        return self.seat_actions.cpu_request()

    # the deal's and the enrolment's
    @property
    def deal_scan(self) -> DealScan | None:
        return self.dealing.scan

    @property
    def enrol(self) -> Enrolment | None:
        return self.enrolment.enrol

    def start_enrolment(self, deck: str) -> Outcome:
        return self.enrolment.start(deck)

    def stop_enrolment(self) -> Outcome:
        return self.enrolment.stop()

    # the coach's
    @property
    def casual(self) -> bool:
        return self.coaching.casual

    @property
    def review_lines(self) -> tuple[Message, ...]:
        return self.coaching.review_lines

    def hint_card(self) -> int | None:
        return self.coaching.hint_card()

    def can_undo(self) -> bool:
        return self.coaching.can_undo()

    def can_hint(self) -> bool:
        return self.coaching.can_hint()

    def close_match_review(self) -> None:
        self.reviewing.close_match_review()
