"""Phone seats, the table controller's part: a phone's tap in, the table's facts out.

A phone is one more input device (docs/phones.md): the server thread turns a
tap into a :class:`~firmware.app.phones.events.PhoneIntent` carrying the
touchscreen's own intent, and this part routes it through the controller's
same methods as the seat it came from, so it is checked by the engine and
written to the journal before it is applied. Before that, a tap must be among
the seat's legal actions now (the engine's, with the table's windows: the list
its phone is shown, :func:`~firmware.app.phones.seatview.allows`); any other
is refused to that phone and moves nothing, not even the generation, so no
phone can keep the computers' answers stale. What it owns:

- the phone seats' state as the server last said it (held, connected, code);
- each phone's last refusal (it goes to that phone, never to the shared
  screen: "you hold the 3 of coppe" is nobody else's business);
- the seats the touchscreen freed, until the loop hands them to the server;
- whom the match waits for.

It uses the table, the seats' moves (:class:`Moves`), the declaration
windows (:class:`Windows`) and the next deal; it offers the controller
:meth:`PhoneSeats.on_intent`, :meth:`~PhoneSeats.on_status`,
:meth:`~PhoneSeats.free`, :meth:`~PhoneSeats.wait_refusal`,
:meth:`~PhoneSeats.facts` and :meth:`~PhoneSeats.model`.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Protocol

import ui.intents as ui
from firmware.app.core import HAND_OVER, MATCH_OVER, PLAY, Said, Table
from firmware.app.messages import Message, msg, refusal
from firmware.app.phones.events import PhoneIntent, PhoneSeatState, PhoneStatus
from firmware.app.phones.seatview import Coached, Notice, TableFacts, allows
from firmware.engine import Action, Call, Claim, Discard, IllegalAction, Play, ZuTun, check
from firmware.engine.names import BadName, check_name
from firmware.store import JournalFailure, StoreError
from ui.model import PhoneSeatModel, PhonesModel

if TYPE_CHECKING:
    from firmware.engine import Declare


def waiting_args(waiting: Sequence[int]) -> tuple[tuple[str, str], ...]:
    """``ph_waiting_for``'s arguments for the seats (0-based) whose phone the match awaits:
    ``n`` picks the singular or the plural form, ``seats`` all but the last ("1, 2"),
    ``last`` the last ("3"); one seat: ``seats`` is it."""
    names = [str(s + 1) for s in waiting]
    if len(names) <= 1:
        one = names[0] if names else ""
        return (("n", str(len(names))), ("seats", one), ("last", one))
    return (("n", str(len(names))), ("seats", ", ".join(names[:-1])), ("last", names[-1]))


log = logging.getLogger("firmware.app.phones")


class Moves(Protocol):
    """The seats' part (firmware/app/seats.py): a seat's moves, from the screen or its phone."""

    def play_for(self, seat: int, card: int, signals: tuple[str, ...] = ()) -> None: ...

    def play_refusal_for(self, seat: int) -> Message | None: ...

    def declare(self, action: Declare) -> None: ...

    def claim_for(self, seat: int) -> None: ...

    def call_for(self, seat: int, card: int) -> None: ...

    def zu_tun_for(self, seat: int, card: int) -> None: ...


class Windows(Protocol):
    """The declaration windows' part (firmware/app/declaring.py), as far as phones ask it."""

    def nothing_to_declare(self, seat: int) -> object: ...

    def pending_accusi(self) -> set[int]: ...

    def may_declare_now(self, seat: int) -> bool: ...

    def declaration_refusal(self, seat: int) -> Message | None: ...

    def cards_wait(self) -> bool: ...


class Coach(Protocol):
    """The table's coach (firmware/app/coaching.py), as far as phones ask it."""

    @property
    def casual(self) -> bool: ...

    def request_phone_hint(self, seat: int) -> Message | None: ...

    def phone_coached(self, seat: int) -> Coached | None: ...


class PhoneSeats:
    """The phone seats' state and the routing of their taps; see the module docstring."""

    def __init__(self, table: Table, moves: Moves, windows: Windows, next_hand: Callable[[], object]) -> None:
        self.table = table
        self.moves = moves
        self.windows = windows
        self.next_hand = next_hand
        self.status = PhoneStatus()
        self.refusals: dict[int, Notice] = {}
        self.frees: list[int] = []  # freed on the touchscreen, for the server
        self.codes_drawn = 0  # fresh join codes asked for on the touchscreen, for the server
        self.coach: Coach | None = None  # hints and ratings for the phones (the controller sets it)

    # ------------------------------------------------------------ who is here

    def phone_seats(self) -> list[int]:
        return [s for s, spec in enumerate(self.table.seats) if spec.kind == "phone"]

    def seat_state(self, seat: int) -> PhoneSeatState | None:
        return next((x for x in self.status.seats if x.seat == seat), None)

    def connected(self, seat: int) -> bool:
        state = self.seat_state(seat)
        return state is not None and state.connected

    def waiting_for(self) -> list[int]:
        """The phone seats of the match on the table whose phone is not here: the match waits."""
        t = self.table
        if t.match_id is None or t.phase not in (PLAY, HAND_OVER):
            return []
        return [s for s in self.phone_seats() if not self.connected(s)]

    def wait_refusal(self) -> Message | None:
        """Why nobody may play now (a phone seat is empty), or None."""
        waiting = self.waiting_for()
        if not waiting:
            return None
        return msg("ph_waiting_for", **dict(waiting_args(waiting)))

    def join_open(self) -> frozenset[int]:
        """The phone seats whose short code the touchscreen shows: nobody holds them."""
        t = self.table
        if t.match_id is None or t.phase in (MATCH_OVER,):
            return frozenset()
        held = {x.seat for x in self.status.seats if x.held}
        return frozenset(s for s in self.phone_seats() if s not in held)

    # ------------------------------------------------------------ events

    def on_status(self, ev: PhoneStatus) -> None:
        before = {x.seat: x for x in self.status.seats}
        self.status = ev
        self._names(ev)
        for x in ev.seats:
            was = before.get(x.seat)
            if x.connected and (was is None or not was.connected):
                self.table.say(msg("ph_joined", n=x.seat + 1))
            elif was is not None and was.connected and not x.connected:
                self.table.say(msg("ph_away", n=x.seat + 1))
        if ev.error:
            self.table.say(msg("ph_no_server", why=ev.error), "error")
        elif (wait := self.wait_refusal()) is not None:
            self.table.say(wait)  # the status line says for whom the match still waits
        self.table.version += 1

    def names_again(self) -> None:
        """A new match: the names the phones gave, on the seats they still hold (their
        status may not change with it: the same phones, the same seats)."""
        self._names(self.status)

    def _names(self, ev: PhoneStatus) -> None:
        """A phone that said who it is names its seat in the match (journalled: the history,
        the records and the statistics per person know it)."""
        t = self.table
        phones = set(self.phone_seats())
        players = list(t.players) + [None] * (len(t.seats) - len(t.players))
        changed = False
        for x in ev.seats:
            if x.name is None or x.seat not in phones or x.seat >= len(players) or players[x.seat] == x.name:
                continue
            try:
                name = check_name(x.name)
            except BadName:
                continue  # the protocol checked it: never here
            if name in players:
                continue  # one person, one seat: the name stays where it was first
            players[x.seat] = name
            changed = True
        if not changed or t.match_id is None:
            return
        t.players = players
        try:
            t.journal.set_players(t.match_id, players)
        except (JournalFailure, StoreError) as exc:
            log.warning("the phones' names are shown but not journalled: %s", exc)

    def free(self, seat: int) -> None:
        """The touchscreen frees ``seat``: another phone may take it with a new code."""
        if seat not in self.phone_seats():
            self.table.refuse(msg("ph_not_phone_seat", n=seat + 1))
            return
        self.frees.append(seat)
        self.refusals.pop(seat, None)
        self.table.say(msg("ph_freed", n=seat + 1))

    def new_codes(self) -> None:
        """The touchscreen asks for fresh join codes (the server resets its count of
        wrong guesses with them: docs/phones.md, the security model)."""
        if not self.join_open():
            return
        self.codes_drawn += 1
        self.table.say(msg("ph_new_codes"))

    def take_frees(self) -> list[int]:
        out, self.frees = self.frees, []
        return out

    def on_intent(self, ev: PhoneIntent) -> None:
        """A phone's tap: as the touchscreen's intent, for the phone's seat; its refusal
        goes back to that phone and the shared screen keeps what it showed."""
        t = self.table
        seat = ev.seat
        before = t.message
        if not (0 <= seat < len(t.seats)) or t.seats[seat].kind != "phone":
            self._refused(seat, msg("ph_not_phone_seat", n=seat + 1), before)
            return
        if ev.v != t.generation:
            self._refused(seat, msg("w_stale"), before)
            return
        wait = self.wait_refusal()
        if wait is not None and not isinstance(ev.intent, ui.NextHand):
            self._refused(seat, wait, before)
            return
        if not self.allowed(seat, ev.intent):
            # not among what the seat may do now: said to that phone, and nothing else moves
            # (a "nothing to declare" outside any window once moved the generation on, and
            # every computer's answer was dropped as stale: one phone froze the table)
            self._refused(seat, self._why_not(seat, ev.intent), before)
            return
        self._route(seat, ev.intent)
        said = t.message
        if said.seq != before.seq and said.level == "refusal":
            self._refused(seat, said.message, before)
        else:
            self.refusals.pop(seat, None)

    def allowed(self, seat: int, intent: ui.Intent) -> bool:
        """``intent`` is among ``seat``'s legal actions now: the engine's view of the seat and
        the table's facts, judged as the phone's own list is made (seatview.allows)."""
        game = self.table.match
        view = game.view_for(seat) if game is not None and game.state is not None else None
        return allows(view, self.facts(), seat, intent)

    def _why_not(self, seat: int, intent: ui.Intent) -> Message:
        """Why ``seat`` may not make ``intent`` now, in the table's words: its turn, the
        windows, else the engine's reason for the action. Asked only: nothing changes."""
        t, w = self.table, self.windows
        game = t.match
        if isinstance(intent, ui.NextHand) or t.phase != PLAY or game is None or game.state is None:
            return msg("r_no_hand") if t.phase != PLAY else msg("ph_refused")
        state = game.state
        action: Action | None = None
        match intent:
            case ui.PlayCard(card=card, signals=signals):
                why = self.moves.play_refusal_for(seat)
                if why is not None:
                    return why
                discard = state.pending is not None and state.pending[0] == "discard"
                action = Discard(seat, card) if discard else Play(seat, card, signals)
            case ui.Discard(card=card):
                why = self.moves.play_refusal_for(seat)
                if why is not None:
                    return why
                action = Discard(seat, card)
            case ui.Declare(declare_action=decl):
                if decl.seat != seat:
                    return msg("ph_not_phone_seat", n=decl.seat + 1)
                why = w.declaration_refusal(seat)
                if why is not None:
                    return why
                action = decl
            case ui.NothingToDeclare():
                return w.declaration_refusal(seat) or msg("ph_refused")
            case ui.Claim():
                action = Claim(seat)
            case ui.Call(card=card):
                action = Call(seat, card)
            case ui.ZuTun(card=card):
                action = ZuTun(seat, card)
            case ui.Hint():
                return msg("r_no_hint_now") if self.coach is not None and self.coach.casual else msg("r_rated_no_help")
        if action is not None:
            try:
                check(state, action)
            except IllegalAction as exc:
                return refusal(exc)
        return msg("ph_refused")

    def _refused(self, seat: int, message: Message, before: Said) -> None:
        t = self.table
        last = self.refusals.get(seat)
        self.refusals[seat] = Notice(message, "refusal", (last.seq + 1) if last is not None else 1)
        t.message = before  # the shared screen keeps its note
        t.version += 1

    def _route(self, seat: int, intent: ui.Intent) -> None:
        t, m = self.table, self.moves
        match intent:
            case ui.PlayCard(card=card, signals=signals):
                m.play_for(seat, card, signals)
            case ui.Discard(card=card):
                m.play_for(seat, card)
            case ui.Declare(declare_action=action):
                if action.seat != seat:
                    t.refuse(msg("ph_not_phone_seat", n=action.seat + 1))
                else:
                    m.declare(action)
            case ui.NothingToDeclare():
                self.windows.nothing_to_declare(seat)
            case ui.Claim():
                m.claim_for(seat)
            case ui.Call(card=card):
                m.call_for(seat, card)
            case ui.ZuTun(card=card):
                m.zu_tun_for(seat, card)
            case ui.Hint():
                why = self.coach.request_phone_hint(seat) if self.coach is not None else msg("r_rated_no_help")
                if why is not None:
                    t.refuse(why)
            case ui.NextHand():
                if t.phase == HAND_OVER:
                    self.next_hand()
                else:
                    t.refuse(msg("r_no_hand"))
            case _:
                t.refuse(msg("r_no_hand"))

    def model(self) -> PhonesModel:
        """What the touchscreen's join screen shows: the address, a QR code per open seat
        (``join_url``: the code and the join token in the URL's fragment, never sent in a
        request), who is here."""
        url = self.status.url
        seats = []
        for s in self.phone_seats():
            x = self.seat_state(s) or PhoneSeatState(s, False, False)
            join = f"{url}/#join={x.code}" if x.code and url else ""
            if join and x.token:
                join += f"&key={x.token}"
            seats.append(PhoneSeatModel(s, x.held, x.connected, x.code, join))
        return PhonesModel(url, tuple(seats), tuple(self.waiting_for()), self.status.error, self.status.also)

    # ------------------------------------------------------------ what the phones are sent

    def facts(self) -> TableFacts:
        """The public facts every phone's state carries (firmware/app/phones/seatview.py)."""
        t, w = self.table, self.windows
        phones = set(self.phone_seats())
        said = t.message
        notice = Notice(said.message, said.level, said.seq) if said.message and said.level != "refusal" else None
        phase = str(t.phase) if t.match_id is not None else "home"
        return TableFacts(
            v=t.generation,
            phase=phase,
            kinds=tuple(spec.kind for spec in t.seats),
            connected=tuple(self.connected(s) if s in phones else None for s in range(len(t.seats))),
            totals=tuple(t.totals),
            waiting_for=tuple(self.waiting_for()),
            prompt=frozenset(s for s in w.pending_accusi() if s in phones) if t.phase == PLAY else frozenset(),
            may_declare=frozenset(s for s in phones if t.phase == PLAY and w.may_declare_now(s)),
            cards_wait=t.phase == PLAY and w.cards_wait(),
            match_over=t.phase == MATCH_OVER,
            winner=t.winner,
            notice=notice,
            refusals=tuple(sorted(self.refusals.items())),
            names=tuple(t.players),
            hints=self.coach is not None and self.coach.casual and t.phase == PLAY,
            coached=self._coached(phones),
        )

    def _coached(self, phones: set[int]) -> tuple[tuple[int, Coached], ...]:
        if self.coach is None:
            return ()
        said = ((s, self.coach.phone_coached(s)) for s in sorted(phones))
        return tuple((s, c) for s, c in said if c is not None)
