"""Declaration windows: when each seat may declare, and who the table waits for.

The engine says whether a declaration is *legal* (``declare_window``,
``possible_declarations``). This module owns *when* a person gets the chance,
so that the computers, who answer at once, never take it away (RULES.md §2, §3):

- **before the first card** (``start``: tressette2): every seat at once. The
  computers declare as soon as the hand is dealt; the first card of a computer
  waits until every person who could declare has declared or said *nothing to
  declare*. The napoletana decima of tressette4 and chiamata may also be
  declared here (RULES.md §3.4), but nobody waits for it: a person who holds
  one declares it at once or, at the latest, in the onori round.
- **at your turn** (``turn``: Treschetten; ``first_card``: Treseta,
  terziglio, briscola; ``first_trick``: treschetten4): a person's window is
  his own turn to play, so nobody waits; playing a card ends it.
- **onori after trick 1** (``after_first_trick``: tressette4, chiamata with
  accusi): one round in turn from trick 1's winner (seed 003). Each seat in
  that order gets its turn: a computer is asked, a person with something to
  declare is prompted (the screen shows his declarations and *Nothing to
  declare*; his *Accuso* button says the same) and the round waits for him; a
  seat with nothing possible passes at once. Trick 2 is led only after the
  round, and a declaration out of turn is refused.

The state here is small: the seats that have *passed* in the window open now
(``accusi_done``), the seat choosing on the screen (``declaring``) and the
computer windows already asked about (``asked``). ``passed`` is cleared each
time a new window opens (the hand's first card, the end of trick 1).
"""

from __future__ import annotations

import enum

from firmware.app.core import PLAY, AskKey, Outcome, Table
from firmware.app.journal_guard import JournalGuard
from firmware.app.messages import Message, msg, refusal
from firmware.engine import Action, Declare, IllegalAction, NothingToDeclare, Play

COLLECTIVE_WINDOWS = ("start", "after_first_trick")
"""Presets with a window open to every seat at once (before the first card; the
onori round): the computers wait for the people there."""


class Window(enum.Enum):
    """The kind of declaration window open at this moment of the hand."""

    NONE = "none"  # no collective window: at most a seat's own turn
    START = "start"  # before the first card, every seat at once
    ONORI = "onori"  # after trick 1, in turn from its winner


class DeclarationWindows:
    """Who may declare now, who the table waits for; the *Accuso* button; *Nothing to declare*."""

    def __init__(self, table: Table, guard: JournalGuard) -> None:
        self.table = table
        self.guard = guard
        self.accusi_done: set[int] = set()  # seats whose window has passed (played, or said done)
        self.declaring: int | None = None  # the seat choosing its declarations on the screen
        self.asked: set[AskKey] = set()  # computer declaration windows already asked about
        self._window_key: tuple[int, str] = (0, "")  # the window these belong to

    def reset(self) -> None:
        """A hand dealt, resumed or taken back: the window open now starts again."""
        t = self.table
        # who said "nothing to declare" in the window open now is in the record (a resume)
        self.accusi_done = set(t.match.passed()) if t.match is not None else set()
        self.declaring = None
        self.asked = set()
        self._window_key = self._progress_key()

    # ------------------------------------------------------------ the window open now

    def window(self) -> Window:
        """The collective window open now (``NONE`` outside one, or when declarations are off)."""
        v = self.table.variant
        if self.table.phase != PLAY or v is None or not v.accusi:
            return Window.NONE
        st = self.table.state()
        if st is None or st.over:
            return Window.NONE
        if v.preset.declare_window not in COLLECTIVE_WINDOWS:
            return Window.NONE
        if not st.tricks and not st.trick:
            # The decima right after the deal is optional (it may wait for the onori round).
            return Window.START if v.preset.declare_window == "start" else Window.NONE
        if v.preset.declare_window == "after_first_trick" and len(st.tricks) == 1 and not st.trick:
            return Window.ONORI
        return Window.NONE

    def _progress_key(self) -> tuple[int, str]:
        """Where the hand is, as far as windows go: before the first card, right after trick 1, else."""
        st = self.table.state()
        if st is None:
            return (len(self.table.hands()), "")
        if not st.tricks and not st.trick:
            return (len(self.table.hands()), "start")
        if len(st.tricks) == 1 and not st.trick:
            return (len(self.table.hands()), "onori")
        return (len(self.table.hands()), "play")

    def _sync_window(self) -> None:
        """A new window opened (first card played, trick 1 complete): nobody has passed in it."""
        key = self._progress_key()
        if key != self._window_key:
            self._window_key = key
            self.accusi_done = set()
            self.declaring = None

    def onori_order(self) -> list[int]:
        """The seats in turn from trick 1's winner (the onori round's order)."""
        st = self.table.state()
        n = len(self.table.seats)
        if st is None or not st.tricks:
            return []
        winner = st.tricks[0].winner
        return [(winner + i) % n for i in range(n)]

    def turn_over(self, seat: int) -> bool:
        """``seat`` has had its chance in the window open now."""
        if seat in self.accusi_done:
            return True
        if not self.possible(seat):
            return True  # nothing it could declare (or no longer: a later seat declared)
        if self.table.seats[seat].computer:
            return self.ask_key(seat) in self.asked
        return False

    def onori_turn(self) -> int | None:
        """In the onori round: the seat whose turn it is to declare; None once the round is over."""
        if self.window() is not Window.ONORI:
            return None
        return next((s for s in self.onori_order() if not self.turn_over(s)), None)

    def pending_accusi(self) -> set[int]:
        """The people the table waits for now, to declare or to say *nothing to declare*."""
        w = self.window()
        if w is Window.NONE:
            return set()
        if w is Window.ONORI:
            turn = self.onori_turn()
            return {turn} if turn is not None and self.table.seats[turn].person else set()
        return {s for s, spec in enumerate(self.table.seats) if spec.person and not self.turn_over(s)}

    def computers_wait(self) -> bool:
        """No computer plays a card now: a person may still declare, or the onori round runs."""
        w = self.window()
        if w is Window.ONORI:
            return self.onori_turn() is not None
        return w is Window.START and bool(self.pending_accusi())

    def cards_wait(self) -> bool:
        """No card may be played by anyone now (the onori round is not over)."""
        return self.window() is Window.ONORI and self.onori_turn() is not None

    def accusi_open(self) -> bool:
        return bool(self.pending_accusi()) or self.declaring is not None

    def may_declare_now(self, seat: int) -> bool:
        """The table lets ``seat`` declare now (the engine's window, and the round's turn)."""
        if not self.possible(seat):
            return False
        if seat in self.accusi_done and self.window() is not Window.NONE:
            return False  # closed in a window open to all (its buttons go: 13.10)
        turn = self.onori_turn()
        return self.window() is not Window.ONORI or turn == seat

    def declare_prompt(self, seat: int) -> bool:
        """Show ``seat`` its prompt with *Nothing to declare*: the table waits for it."""
        return seat in self.pending_accusi()

    # ------------------------------------------------------------ the computers

    def ask_key(self, seat: int) -> AskKey:
        st = self.table.state()
        if st is None:
            return ()
        return (len(self.table.hands()), len(st.tricks), len(st.trick), seat)

    def declare_request(self) -> tuple[int, AskKey] | None:
        """A computer seat that may declare now and was not asked yet: (seat, ask key)."""
        if self.table.phase != PLAY or self.table.match is None or self.table.match.state is None:
            return None
        if not self.table.match.variant.accusi:
            return None
        if self.window() is Window.ONORI:
            turn = self.onori_turn()
            if turn is None or not self.table.seats[turn].computer:
                return None  # the round waits for a person, or is over
            return turn, self.ask_key(turn)
        state = self.table.match.state
        for seat, spec in enumerate(self.table.seats):
            if not spec.computer or state.declare_window(seat) is not None:
                continue
            key = self.ask_key(seat)
            if key not in self.asked and state.possible_declarations(seat):
                return seat, key
        return None

    # ------------------------------------------------------------ after an action

    def after(self, action: Action) -> None:
        if isinstance(action, Play):
            self.accusi_done.add(action.seat)
        if isinstance(action, Declare):
            if not self.possible(action.seat):
                self.accusi_done.add(action.seat)
                if self.declaring == action.seat:
                    self.declaring = None
        elif self.declaring is not None and self.window_refusal(self.declaring) is not None:
            self.declaring = None
        self._sync_window()
        self.prompt()

    def prompt(self) -> None:
        """The onori round reached a person: open his choice on the screen and say so."""
        turn = self.onori_turn()
        if turn is None or not self.table.seats[turn].person:
            if self.table.message.message.key == "m_onori_turn":
                self.table.say(Message())  # his turn is over: the prompt would send him looking
            return
        if self.declaring == turn:
            return
        if self.table.seats[turn].kind == "phone":  # a phone chooses on the phone, not on the screen
            if self.table.message.message != msg("m_onori_turn", n=turn + 1):
                self.table.say(msg("m_onori_turn", n=turn + 1))
            return
        self.declaring = turn
        self.table.say(msg("m_onori_turn", n=turn + 1))

    # ------------------------------------------------------------ the people

    def window_refusal(self, seat: int) -> IllegalAction | None:
        """The engine's refusal of a declaration of ``seat`` now (its window), else None."""
        assert self.table.match is not None and self.table.match.state is not None
        state = self.table.match.state
        reason = state.declare_window(seat)
        if reason is not None and self.possible(seat):
            return None  # open for one kind only (the decima right after the deal)
        return reason

    def possible(self, seat: int) -> list[Declare]:
        if self.table.phase != PLAY:
            return []
        assert self.table.match is not None and self.table.match.state is not None
        return self.table.match.state.possible_declarations(seat)

    def declaration_refusal(self, seat: int) -> Message | None:
        """Why the table does not take a declaration of ``seat`` now (the round's order), else None."""
        turn = self.onori_turn()
        if turn is not None and turn != seat:
            return msg("r_onori_in_turn", n=turn + 1)
        return None

    def play_refusal(self, seat: int) -> Message | None:
        """Why a card may not be played now: the onori round is still on."""
        if self.cards_wait():
            turn = self.onori_turn()
            return msg("r_onori_first", n=(turn or 0) + 1)
        return None

    def nothing_to_declare(self, seat: int) -> Outcome:
        """``seat`` says it has nothing (more) to declare in the window open now."""
        if self.table.phase != PLAY or not 0 <= seat < len(self.table.seats):
            return self.table.refuse(msg("r_no_hand"))
        refused = self.declaration_refusal(seat)
        if refused is not None:
            return self.table.refuse(refused)
        if self.table.match is not None and self.table.match_id is not None and self.window() is not Window.NONE:
            failed = self.guard.write_entry(NothingToDeclare(seat))  # a resume must not ask again
            if failed is not None:
                return failed
            self.table.match.nothing_to_declare(NothingToDeclare(seat))
        self.accusi_done.add(seat)
        if self.declaring == seat:
            self.declaring = None
        self.table.say(msg("m_accusi_closed", n=seat + 1))
        self.table.changed()
        self.prompt()
        return Outcome(True)

    def accuso_button(self, seat: int) -> Outcome:
        """A seat's *Accuso* button: open its declaration on the screen; pressed again, nothing (more)."""
        if self.table.phase != PLAY or seat >= len(self.table.seats):
            return self.table.refuse(msg("r_no_hand") if self.table.phase != PLAY else msg("r_no_seat", n=seat + 1))
        if self.table.seats[seat].computer:
            return self.table.refuse(msg("r_seat_is_cpu", n=seat + 1))
        if self.declaring == seat:
            return self.nothing_to_declare(seat)
        reason = self.window_refusal(seat)
        if reason is not None:
            return self.table.refuse(refusal(reason))
        refused = self.declaration_refusal(seat)
        if refused is not None:
            return self.table.refuse(refused)
        if not self.possible(seat):
            self.accusi_done.add(seat)
            self.table.changed()
            return self.table.refuse(msg("r_nothing_to_declare"))
        if self.table.seats[seat].kind == "phone":  # its hand is on the phone: choose there
            self.table.say(msg("ph_declare_on_phone", n=seat + 1))
            return Outcome(True)
        self.declaring = seat
        self.table.say(msg("m_choose_accuso", n=seat + 1))
        self.table.changed()
        return Outcome(True)

