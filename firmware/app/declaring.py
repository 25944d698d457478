"""Declaration windows: when each seat may declare, and who the computers wait for.

The engine says whether a declaration is legal now (``declare_window``); this
module owns the table's side of it: a person declares through the screen or
the *Accuso* button, and while a person's window is open the computers wait.
"""

from __future__ import annotations

from firmware.app.core import PLAY, AskKey, Outcome, TableCore
from firmware.app.messages import Message, msg, window_refusal
from firmware.engine import Action, Declare, Play

COLLECTIVE_WINDOWS = ("start", "after_first_trick")
"""Declaration windows open to every seat at once: a computer waits before
playing until the people at the table have declared or said they are done."""


class DeclarationWindows(TableCore):
    """Who may declare now; the *Accuso* button; the computers' waiting."""

    def _reset_declarations(self) -> None:
        self.accusi_done = set()
        self.declaring = None
        self.asked = set()

    def _declarations_after(self, action: Action) -> None:
        if isinstance(action, Play) and action.seat not in self.accusi_done:
            self.accusi_done.add(action.seat)
        if isinstance(action, Declare):
            if not self._possible_declarations(action.seat):
                self.accusi_done.add(action.seat)
                if self.declaring == action.seat:
                    self.declaring = None
        elif self.declaring is not None and self._window(self.declaring) is not None:
            self.declaring = None

    def _window(self, seat: int) -> Message | str | None:
        if self.referee is not None:
            return self.referee.declare_window(seat)
        assert self.match is not None and self.match.state is not None
        return self.match.state.declare_window(seat)

    def _possible_declarations(self, seat: int) -> list[Declare]:
        if self.phase != PLAY:
            return []
        if self.referee is not None:
            return self.referee.possible_declarations(seat)
        assert self.match is not None and self.match.state is not None
        return self.match.state.possible_declarations(seat)

    def _window_message(self, seat: int, reason: object) -> Message:
        """Why ``seat`` may not declare now, in catalogue words (the referee's are already)."""
        if isinstance(reason, Message):
            return reason
        if self.match is None or self.match.state is None:
            return Message(text=str(reason))
        st = self.match.state
        if st.over:
            return msg("r_hand_over")
        if st.pending is not None:
            kind, owner = st.pending
            return msg("r_first_call" if kind == "call" else "r_first_discard", n=owner + 1)
        found = window_refusal(self.match.variant, seat, st.to_move, bool(st.tricks), bool(st.trick), st.tricks)
        return found or Message(text=str(reason))

    def pending_accusi(self) -> set[int]:
        """People who may still declare in a window open to everyone (computers wait)."""
        v = self.variant
        if self.phase != PLAY or v is None or not v.accusi:
            return set()
        if v.preset.declare_window not in COLLECTIVE_WINDOWS:
            return set()
        return {
            s
            for s, spec in enumerate(self.seats)
            if spec.person and s not in self.accusi_done and self._possible_declarations(s)
        }

    def accusi_open(self) -> bool:
        return bool(self.pending_accusi()) or self.declaring is not None

    def accuso_button(self, seat: int) -> Outcome:
        """A seat's *Accuso* button: open (or close) its declaration on the screen."""
        if self.phase != PLAY or seat >= len(self.seats):
            return self.refuse(msg("r_no_hand") if self.phase != PLAY else msg("r_no_seat", n=seat + 1))
        if self.seats[seat].computer:
            return self.refuse(msg("r_seat_is_cpu", n=seat + 1))
        if self.declaring == seat:
            self.declaring = None
            self.accusi_done.add(seat)
            self.say(msg("m_accusi_closed", n=seat + 1))
            self._changed()
            return Outcome(True)
        reason = self._window(seat)
        if reason is not None:
            return self.refuse(self._window_message(seat, reason))
        if not self._possible_declarations(seat):
            self.accusi_done.add(seat)
            self._changed()
            return self.refuse(msg("r_nothing_to_declare"))
        self.declaring = seat
        self.say(msg("m_choose_accuso", n=seat + 1))
        self._changed()
        return Outcome(True)

    def declare_request(self) -> tuple[int, AskKey] | None:
        """A computer seat that may declare now and was not asked yet: (seat, ask key)."""
        if self.phase != PLAY or self.match is None or self.match.state is None:
            return None
        state = self.match.state
        if not self.match.variant.accusi:
            return None
        for seat, spec in enumerate(self.seats):
            if not spec.computer or state.declare_window(seat) is not None:
                continue
            key = (len(self.match.hands), len(state.tricks), len(state.trick), seat)
            if key not in self.asked and state.possible_declarations(seat):
                return seat, key
        return None

    def computers_wait(self) -> bool:
        """A person's declaration window is open: no computer plays a card now."""
        return bool(self.pending_accusi())
