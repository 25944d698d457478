"""The table controller: every event becomes an engine action or a clear refusal.

Synchronous and single-threaded on purpose: the main loop feeds it events one
at a time (:meth:`TableController.handle`), and the tests do the same with no
threads, no pygame and no clock of their own. Computer players never run
here: the controller *asks* for a move (:meth:`cpu_request`) and the answer
comes back later through the queue as a :class:`PlayerMoved`.

The controller is the join of its parts, one module each (see
:mod:`firmware.app.core`): the match lifecycle, the declaration windows,
enrolment and the seats. This module only routes events to them
(:meth:`TableController.handle`, one ``match`` over :data:`~firmware.app.events.Event`)
and says what the LED display and the screen show.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, assert_never

import hal.events as hal
import ui.intents as ui
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
)
from firmware.app.dealing import DealScanning
from firmware.app.declaring import COLLECTIVE_WINDOWS, DeclarationWindows
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
from firmware.app.journal_guard import JOURNAL_ERROR_CODE
from firmware.app.lifecycle import MatchLifecycle
from firmware.app.messages import msg
from firmware.app.reviewing import MatchReviewing
from firmware.app.scoresheet import ScoreSheetKeeping
from firmware.app.seats import SeatActions
from firmware.config import SeatSpec, check_seat
from firmware.engine import TressetteError
from firmware.store import JournalFailure

if TYPE_CHECKING:
    from ui.model import Stats, TableModel

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


# The LED display's code for "no screen" ("no Sc"), shown while the table is idle.
NO_SCREEN_CODE = "noSc"


class TableController(
    MatchLifecycle, DeclarationWindows, EnrolmentFlow, DealScanning, SeatActions, CoachActions, MatchReviewing,
    ScoreSheetKeeping,
):
    """Events in; journal writes, engine actions, a screen model and a display state out."""

    # Why the touchscreen is not open (set by the device program), None while it is.
    # Without it the table still referees real cards: buttons, reader, LED score.
    screen_missing: str | None = None

    # ------------------------------------------------------------ events

    def handle(self, event: Event) -> None:
        """One event of the queue. A journal write that fails on the way (a
        hand, a match, a seat's level not written) pauses the match: nothing
        of it was applied (write-before-apply), and it is retried."""
        try:
            self._dispatch(event)
        except JournalFailure as exc:
            self.journal_failed(exc)

    def _dispatch(self, event: Event) -> None:
        match event:
            # the application's own
            case PlayerMoved():
                self.on_player_moved(event)
            case PlayerFailed():
                self.on_player_failed(event)
            case HintReady():
                self.on_hint_ready(event)
            case ReviewProgress():
                self.on_review_progress(event)
            case ReviewReady():
                self.on_review_ready(event)
            case MatchReviewProgress():
                self.on_match_review_progress(event)
            case MatchReviewReady():
                self.on_match_review_ready(event)
            case MatchReviewFailed():
                self.on_match_review_failed(event)
            case Tick():
                pass
            case Shutdown(reason=reason):
                self.stop(reason or "shutdown")
            # the person at the screen
            case ui.PlayCard(card=card, signals=signals):
                self.play_card(card, signals)
            case ui.Discard(card=card):
                self.play_card(card)
            case ui.Claim():
                self.claim()
            case ui.Hint():
                self.request_hint()
            case ui.Undo():
                self.undo()
            case ui.Call(card=card):
                self.call(card)
            case ui.ZuTun(card=card):
                self.zu_tun(card)
            case ui.Declare(declare_action=action):
                self.sheet_declare(action) if self.keeping_score else self.declare(action)
            case ui.NothingToDeclare():
                self.sheet_done() if self.keeping_score else self.screen_nothing_to_declare()
            case ui.SheetTally():
                self.sheet_tally(event)
            case ui.Signal() | ui.ShowScreen():
                pass  # the screen's own business; signals travel with the PlayCard
            case ui.NewGame():
                self._new_game(event)
            case ui.Continue():
                self._continue()
            case ui.NextHand():
                self.next_hand()
            case ui.SetLevel(seat=seat, level=level):
                self.set_level(seat, level)
            case ui.SetSetting(key=key, value=value):
                self._set_setting(key, value)
            case ui.ShowHistory(offset=offset, limit=limit):
                self.browser.show_page(offset, limit)
                self.version += 1
            case ui.OpenSheet(match_id=match_id):
                self.browser.open_sheet(match_id)
                self.version += 1
            case ui.OpenReplay(match_id=match_id, hand=hand):
                self.browser.open_replay(match_id, hand)
                self.version += 1
            case ui.OpenReview(match_id=match_id):
                self.open_match_review(match_id)
            case ui.OpenReviewHand(match_id=match_id, hand=hand):
                self.open_review_hand(match_id, hand)
            case ui.Quit():
                self.stop("quit")
            case ui.SimButton():
                self._sim_button(event)
            case ui.SimScan(card_code=code):
                self._sim_scan(code)
            # the hardware
            case hal.ButtonPressed():
                self._button_pressed(event.seat)
            case hal.ButtonHeld():
                self._button_held(event)
            case hal.TagSeen(tag_id=tag):
                self._tag_seen(tag)
            case hal.ReaderOnline():
                if self.reader_online is False:
                    self.say(msg("m_reader_back"))
                self.reader_online = True
            case hal.ReaderOffline(reason=reason):
                self.reader_online = False
                self.blink_seq += 1
                self.say(msg("m_reader_off", why=str(reason)), "error")
            case hal.DisplayFault(reason=reason):
                log.warning("score display fault: %s", reason)
            case hal.ButtonReleased() | hal.TagRemoved() | hal.DisplayRestored():
                pass
            case _:
                assert_never(event)

    def _new_game(self, ev: ui.NewGame) -> None:
        seats: list[SeatSpec] | None = None
        if ev.seats:
            seats = []
            for s in ev.seats:
                spec = f"cpu:{s.level or 'normal'}" if s.kind == "computer" else s.kind
                try:
                    seats.append(check_seat(spec))
                except ValueError as exc:
                    self.refuse(msg("r_bad_game", why=str(exc)))
                    return
        self.new_match(ev.variant, dict(ev.options), seats, casual=ev.casual, scoresheet=ev.scoresheet)

    def _continue(self) -> None:
        if self.phase in (HOME, MATCH_OVER):
            row = self.journal.unfinished()
            if row is not None:
                self.resume(row.id)
                return
        self.version += 1

    def _set_setting(self, key: str, value: bool | int | str) -> None:
        if key == "enrol_deck":  # (re)learn a deck's tags: every card scanned once
            if value:
                self.start_enrolment(str(value))
            else:
                self.stop_enrolment()
        elif key == "brightness" and isinstance(value, int):
            self.brightness = max(0, min(7, round(value * 7 / 100)))
            self.version += 1
            self._persist("brightness", self.brightness)
        elif key in ("language", "deck_style", "german_style", "sounds", "speed"):
            self._persist(key, value)

    def _persist(self, key: str, value: bool | int | str) -> None:
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

    def _sim_button(self, ev: ui.SimButton) -> None:
        if ev.button == "menu" and ev.hold_s >= 3.0:
            self.handle(hal.ButtonHeld("menu", 10.0 if ev.hold_s >= 10.0 else 3.0))
        else:
            self.handle(hal.ButtonPressed(ev.button))

    def _sim_scan(self, code: str) -> None:
        # Without a reader pipeline (unit tests) a simulated scan is the card itself.
        v = self.variant
        if v is None:
            self.refuse(msg("r_nothing_to_scan"))
            return
        try:
            card = v.deck.parse(code)
        except TressetteError:
            self.refuse(msg("r_bad_card_code", code=str(code)))
            return
        self.play_table_card(card)

    def _button_pressed(self, seat: int | None) -> None:
        if seat is not None:
            self.sheet_accuso(seat) if self.keeping_score else self.accuso_button(seat)
        elif self.phase in (HAND_OVER, MATCH_OVER):
            self.menu_after_hand()
        elif self.phase == HOME and self.screen_missing is not None:
            self.start_without_screen()

    def _menu_marker(self) -> tuple[int | None, int, str]:
        return (self.match_id, len(self._hands()), str(self.phase))

    def menu_after_hand(self) -> Outcome:
        """The menu button's short press after a hand (docs/box.md): the first press only
        says what a second one does (and the LED shows ``dEAL``), the second deals the
        next hand, or after the match goes home. The count stays up: a press meant as
        "back", or one made as the last trick fell, does not skip past the result.
        Without a screen there is no result to skip past: the first press deals."""
        if self.screen_missing is not None or self.menu_armed == self._menu_marker():
            self.menu_armed = None
            return self.next_hand()
        self.menu_armed = self._menu_marker()
        self.say(msg("m_menu_again_home" if self.phase == MATCH_OVER else "m_menu_again_deal"))
        return Outcome(True, "menu again to go on")

    # ------------------------------------------------------------ without a screen

    def set_screen_missing(self, why: str | None) -> None:
        """The device program says whether the touchscreen is open (``None``) or why not."""
        if why != self.screen_missing:
            if why is not None and self.screen_missing is None:
                self.blink_seq += 1  # the LED display shows the code: make it noticed
            self.screen_missing = why
            self.version += 1

    def _needs_screen(self) -> bool:
        """A seat of this match plays through the touchscreen (a person there, or a
        computer whose cards the screen names): without it the match waits."""
        return any(spec.kind != "table" for spec in self.seats)

    def start_without_screen(self) -> Outcome:
        """The menu button at home, with no screen: the unfinished match, else a refereed
        real-card game of the settings' variant (every seat "table": nobody can play on a
        screen that is not there, and a computer could not show its cards)."""
        from firmware.config import TABLE
        from firmware.engine import make_variant

        row = self.journal.unfinished()
        if row is not None and self.resume(row.id):
            return Outcome(True, "resumed")
        options = dict(self.settings.options)
        try:
            variant = make_variant(self.settings.variant, dict(options))
        except TressetteError as exc:
            return self.refuse(msg("r_bad_game", why=str(exc)))
        if variant.preset.call_partner:  # every hand opens with a call, chosen on the screen
            return self.refuse(msg("r_bad_game", why=f"{variant.name}: the call is made on the screen"))
        return self.new_match(variant.name, options, [TABLE] * variant.n_seats)

    def _button_held(self, ev: hal.ButtonHeld) -> None:
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

    def _tag_seen(self, tag: str) -> None:
        if self.enrol is not None:
            self.enrol_scan(tag)
            return
        if self.cards is None:
            self.refuse(msg("r_no_deck_map"))
            return
        v = self.variant
        card = self.cards.card_of(tag, v.deck.name if v is not None else None)
        if card is None:
            self.refuse(msg("r_unknown_tag", tag=str(tag)))
            return
        self.play_table_card(card)

    # ------------------------------------------------------------ outputs

    def display(self) -> DisplayState:
        if self.journal_error is not None:
            return DisplayState(JOURNAL_ERROR_CODE, None, self.blink_seq)
        v = self.variant
        if self.phase == ENROL and self.enrol is not None:
            return DisplayState(f"{len(self.enrol.mapping):4d}"[-4:], None, self.blink_seq)
        if self.screen_missing is not None and (v is None or self.phase == HOME or self._needs_screen()):
            return DisplayState(NO_SCREEN_CODE, None, self.blink_seq)
        if v is None or self.phase == HOME:
            return DisplayState("----", None, self.blink_seq)
        if self.phase == PLAY and self.accusi_open():
            return DisplayState("AccU", None, self.blink_seq)
        if self.phase == HAND_OVER and self.menu_armed == self._menu_marker():
            return DisplayState("dEAL", None, self.blink_seq)  # the menu button again deals
        totals = self.totals
        win = self.phase == MATCH_OVER
        if v.n_sides == 2:  # two players, or two partnerships
            return DisplayState("", (totals[0], totals[1]), self.blink_seq, win)
        # three and four seats each for himself: the seat to play and its score
        seat = self._to_move()
        if seat is None or win:
            seat = self.winner if self.winner is not None else 0
        side = v.side_of(seat)
        # every digit lit ("1-07", not "1- 7": a dark digit between reads as a broken one)
        return DisplayState(f"{seat + 1}-{min(totals[side], 99):02d}", None, self.blink_seq, win)

    def view_seat(self) -> int:
        if self.declaring is not None:
            return self.declaring
        human = self._human_seat()
        return 0 if human is None else human

    def model(self, stats: Stats | None = None) -> TableModel:
        """The screen's :class:`ui.model.TableModel` for the current state."""
        from firmware.app.present import build_model

        return build_model(self, stats)
