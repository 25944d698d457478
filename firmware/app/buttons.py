"""The box's buttons and the box without its touchscreen (docs/box.md): a seat's button
(the *Accuso*; on a score sheet the accuso chosen), the menu button's short press
after a hand (the first says what a second does) and its long presses (home,
power off); with no screen the menu button starts or resumes a refereed game and
the LED display says why the screen is dark.
"""

from __future__ import annotations

import hal.events as hal
from firmware.app.core import ENROL, HAND_OVER, HOME, MATCH_OVER, Outcome, Table
from firmware.app.declaring import DeclarationWindows
from firmware.app.lifecycle import MatchLifecycle
from firmware.app.messages import msg
from firmware.app.phoneseats import PhoneSeats
from firmware.app.scoresheet import ScoreSheetKeeping
from firmware.engine import TressetteError, make_variant
from firmware.engine.seating import TABLE


class TableButtons:
    """The buttons' presses, and whether the touchscreen is there: each press to its part."""

    def __init__(
        self,
        table: Table,
        declarations: DeclarationWindows,
        scoresheet: ScoreSheetKeeping,
        lifecycle: MatchLifecycle,
        phones: PhoneSeats,
    ) -> None:
        self.table = table
        self.declarations = declarations
        self.scoresheet = scoresheet
        self.lifecycle = lifecycle
        self.phones = phones
        # Why the touchscreen is not open (set by the device program), None while it is.
        # Without it the table still referees real cards: buttons, reader, LED score.
        self.screen_missing: str | None = None
        self.power_off_requested = False
        # the menu button's first short press after a hand: (match, hand, phase) it was for
        self.menu_armed: tuple[int | None, int, str] | None = None

    def pressed(self, seat: int | None) -> None:
        if seat is not None and self.scoresheet.keeping:
            self.scoresheet.accuso(seat)  # score sheet only: the accuso chosen on the screen
        elif seat is not None:
            self.declarations.accuso_button(seat)
        elif self.table.phase in (HAND_OVER, MATCH_OVER):
            self.menu_after_hand()
        elif self.table.phase == HOME and self.screen_missing is not None:
            self.start_without_screen()

    def menu_marker(self) -> tuple[int | None, int, str]:
        return (self.table.match_id, len(self.table.hands()), str(self.table.phase))

    def menu_after_hand(self) -> Outcome:
        """The menu button's short press after a hand (docs/box.md): the first press only
        says what a second one does (and the LED shows ``dEAL``), the second deals the
        next hand, or after the match goes home. The count stays up: a press meant as
        "back", or one made as the last trick fell, does not skip past the result.
        Without a screen there is no result to skip past: the first press deals."""
        if self.screen_missing is not None or self.menu_armed == self.menu_marker():
            self.menu_armed = None
            return self.lifecycle.next_hand()
        self.menu_armed = self.menu_marker()
        self.table.say(msg("m_menu_again_home" if self.table.phase == MATCH_OVER else "m_menu_again_deal"))
        return Outcome(True, "menu again to go on")

    def set_screen_missing(self, why: str | None) -> None:
        """The device program says whether the touchscreen is open (``None``) or why not."""
        if why != self.screen_missing:
            if why is not None and self.screen_missing is None:
                self.table.blink_seq += 1  # the LED display shows the code: make it noticed
            self.screen_missing = why
            self.table.version += 1

    def needs_screen(self) -> bool:
        """A seat of this match plays through the touchscreen (a person there, or a
        computer whose cards the screen names): without it the match waits."""
        return any(spec.kind != "table" for spec in self.table.seats)

    def start_without_screen(self) -> Outcome:
        """The menu button at home, with no screen: the unfinished match, else a refereed
        real-card game of the settings' variant (every seat "table": nobody can play on a
        screen that is not there, and a computer could not show its cards)."""
        row = self.table.journal.unfinished()
        if row is not None and self.lifecycle.resume(row.id):
            return Outcome(True, "resumed")
        settings = self.table.settings
        options = dict(settings.options)
        try:
            variant = make_variant(settings.variant, dict(options))
        except TressetteError as exc:
            return self.table.refuse(msg("r_bad_game", why=str(exc)))
        if variant.preset.call_partner:  # every hand opens with a call, chosen on the screen
            return self.table.refuse(msg("r_bad_game", why=f"{variant.name}: the call is made on the screen"))
        out = self.lifecycle.new_match(variant.name, options, [TABLE] * variant.n_seats)
        if out.accepted and self.phones.phone_seats():
            self.phones.names_again()  # the phones still holding their seats keep naming them
        return out

    def held(self, ev: hal.ButtonHeld) -> None:
        if ev.button != "menu":
            return
        if ev.seconds >= 10.0:
            self.power_off_requested = True
            self.table.say(msg("m_power_off"))
            self.table.stop("power-off")
        elif ev.seconds >= 3.0 and self.table.phase != ENROL:
            # Back to the home screen; the match stays in the journal ("Continue").
            self.table.phase = HOME
            self.table.changed()
            self.table.say(msg("m_menu_kept"))
