"""Who sits where: the seats' side of the table controller.

Seats are :class:`~firmware.engine.seating.SeatSpec` values, in turn order: ``human``
(the touchscreen), ``computer`` with a level (a computer player), ``table`` (a
person with real cards, read by the card reader). The strings ``human``,
``cpu:LEVEL``, ``table`` exist only at the edges (settings, ``--seats``, journal).

:class:`SeatActions` turns what a seat does into engine actions: the person at
the screen (a card, a claim, a call, zu tun, a declaration), a card scanned
for a table seat, a computer's answer. It also says what a computer should
think about now (:meth:`SeatActions.cpu_request`); the computers themselves
think on the worker of :mod:`firmware.app.computers`, which asks the controller
and never this part directly (the main loop → the worker → the controller → this
part: no module entered twice on the way).
"""

from __future__ import annotations

import logging
from collections.abc import Callable

# the computers' worker, once in this module: read from here too (the tests' tables)
from firmware.app.computers import ComputerSeats as ComputerSeats
from firmware.app.computers import SyncExecutor as SyncExecutor
from firmware.app.core import PLAY, AskKind, CpuRequest, Outcome, Table
from firmware.app.declaring import DeclarationWindows
from firmware.app.events import PlayerFailed, PlayerMoved
from firmware.app.journal_guard import JournalGuard
from firmware.app.lifecycle import MatchLifecycle
from firmware.app.messages import Message, Term, msg
from firmware.app.picker import after_table_card
from firmware.app.revokes import revoke_seen_message
from firmware.engine import Call, Claim, Declare, Discard, Play, ZuTun
from firmware.engine.seating import Level, SeatSpec, check_seat
from firmware.engine.table import revokes_seen

log = logging.getLogger("firmware.app.seats")


class SeatActions:
    """What each seat does, turned into engine actions; what the computers are asked."""

    def __init__(
        self, table: Table, guard: JournalGuard, declarations: DeclarationWindows, lifecycle: MatchLifecycle
    ) -> None:
        self.table = table
        self.guard = guard
        self.declarations = declarations
        self.lifecycle = lifecycle
        # Why the match waits for a phone seat, or None: the phone seats' part says
        # (firmware/app/phoneseats.py; the controller joins the two).
        self.phones_wait: Callable[[], Message | None] = lambda: None

    # ------------------------------------------------------------ computers

    def cpu_request(self) -> CpuRequest | None:
        """What a computer should think about now, or None."""
        if self.table.phase != PLAY or self.table.match is None or self.table.match.state is None:
            return None
        if self.guard.error is not None:
            return None  # paused: asked again when the journal is writable
        found = self.declarations.declare_request()
        if found is not None:
            seat, key = found
            return CpuRequest(seat, AskKind.DECLARE, self.table.generation, key)
        mover = self.table.mover()
        if mover is not None and self.table.seats[mover].computer and not self.declarations.computers_wait():
            if self.phones_wait() is not None:
                return None  # the match waits for a phone
            return CpuRequest(mover, AskKind.PLAY, self.table.generation)
        return None

    def on_player_moved(self, ev: PlayerMoved) -> None:
        if ev.generation != self.table.generation or self.guard.error is not None:
            log.debug("stale answer from seat %d ignored", ev.seat)
            return
        if ev.asked:
            self.declarations.asked.add(ev.asked)
        for action in ev.actions:
            if action.seat != ev.seat:
                log.error("player of seat %d answered for seat %d", ev.seat, action.seat)
                break
            if self.lifecycle.submit(action).accepted:
                continue
            if self.guard.error is not None:
                break  # not the computer's fault: it is asked again after the retry
            if isinstance(action, Declare):
                continue  # e.g. a three after its four: skip it, nothing else changes
            log.error("computer seat %d made an illegal move %r", ev.seat, action)
            self._fallback(ev.seat)
            break
        self.declarations.prompt()  # the onori round may have come to a person
        self.table.version += 1

    def on_player_failed(self, ev: PlayerFailed) -> None:
        if ev.generation == self.table.generation:
            log.error("computer seat %d failed: %s", ev.seat, ev.error)
            if ev.asked:
                self.declarations.asked.add(ev.asked)
            self._fallback(ev.seat)
            self.declarations.prompt()
            self.table.version += 1

    def _fallback(self, seat: int) -> None:
        """A broken computer answer must not stall the table: play a legal card."""
        if self.table.match is None or self.table.match.state is None or self.table.phase != PLAY:
            return
        if self.table.mover() != seat or self.declarations.cards_wait():
            return
        legal = [a for a in self.table.match.view_for(seat).legal if not isinstance(a, (Declare, Claim))]
        plays = [a for a in legal if isinstance(a, Play)]
        if plays or legal:
            self.lifecycle.submit((plays or legal)[0])

    def set_level(self, seat: int, level: Level) -> None:
        """Change a computer seat's level during the match (key L)."""
        if not (0 <= seat < len(self.table.seats) and self.table.seats[seat].computer):
            return
        try:
            spec = check_seat(SeatSpec.cpu(level))
        except ValueError:
            self.table.refuse(msg("r_bad_level", level=str(level)))
            return
        self.table.seats[seat] = spec
        if self.table.match_id is not None:
            self.table.journal.set_seats(self.table.match_id, [str(s) for s in self.table.seats])
        self.table.say(msg("m_level_now", n=seat + 1, level=Term(level)))
        self.table.changed()

    # ------------------------------------------------------------ the person at the screen

    def _screen_seat(self) -> int | None:
        if self.table.real_cards:
            # Real cards: the screen's buttons (call, zu tun, claim) act for the table
            # seat that must act now.
            mover = self.table.mover()
            if mover is not None and self.table.seats[mover].kind == "table":
                return mover
            self.table.refuse(msg("r_table_turn", n=(mover or 0) + 1))
            return None
        seat = self.table.human_seat()
        if seat is None:
            self.table.refuse(msg("r_no_screen_seat"))
        return seat

    def play_card(self, card: int, signals: tuple[str, ...] = ()) -> None:
        """A card tapped on the screen: the human's play (or discard)."""
        if self.table.real_cards:
            # A table game: a tap on a card stands in for a scan (reader-less play),
            # with the signals chosen on the screen.
            self.play_table_card(card, signals, tapped=True)
            return
        seat = self._screen_seat()
        if seat is None:
            return
        self.play_for(seat, card, signals)

    def play_refusal_for(self, seat: int) -> Message | None:
        """Why ``seat`` may play no card now as the table sees it (no hand, a phone awaited,
        another seat's turn, the onori round), else None: the card itself is the engine's
        to judge. Asked only: nothing changes."""
        if self.table.match is None or self.table.match.state is None or self.table.phase != PLAY:
            return msg("r_no_hand")
        waiting = self.phones_wait()
        if waiting is not None:
            return waiting
        mover = self.table.mover()
        if mover != seat and seat in self.declarations.pending_accusi() and self.declarations.computers_wait():
            # The table waits for *him*: "wait, seat 2 plays" would send him waiting too.
            return msg("r_declare_or_nothing")
        if mover != seat:
            return msg("r_turn_of", n=(mover or 0) + 1)
        return self.declarations.play_refusal(seat)

    def play_for(self, seat: int, card: int, signals: tuple[str, ...] = ()) -> None:
        """``seat``'s card (or discard): tapped on the screen or on its phone."""
        refused = self.play_refusal_for(seat)
        if refused is not None:
            self.table.refuse(refused)
            return
        assert self.table.match is not None and self.table.match.state is not None
        pending = self.table.match.state.pending
        if pending is not None and pending[0] == "discard":
            self.lifecycle.submit(Discard(seat, card))
            return
        self.lifecycle.submit(Play(seat, card, signals))

    def claim(self) -> None:
        seat = self._screen_seat()
        if seat is not None:
            self.claim_for(seat)

    def call(self, card: int) -> None:
        seat = self._screen_seat()
        if seat is not None:
            self.call_for(seat, card)

    def zu_tun(self, card: int) -> None:
        seat = self._screen_seat()
        if seat is not None:
            self.zu_tun_for(seat, card)

    # a seat's own claim, call and zu tun: from the screen above, or from its phone
    def claim_for(self, seat: int) -> None:
        self.lifecycle.submit(Claim(seat))

    def call_for(self, seat: int, card: int) -> None:
        self.lifecycle.submit(Call(seat, card))

    def zu_tun_for(self, seat: int, card: int) -> None:
        self.lifecycle.submit(ZuTun(seat, card))

    def declare(self, action: Declare) -> None:
        """A declaration chosen on the screen, for a person's seat."""
        if not 0 <= action.seat < len(self.table.seats):
            self.table.refuse(msg("r_no_seat", n=action.seat + 1))
            return
        if self.table.seats[action.seat].computer:
            self.table.refuse(msg("r_cpu_seat"))
            return
        refusal = self.declarations.declaration_refusal(action.seat)
        if refusal is not None:
            self.table.refuse(refusal)
            return
        self.lifecycle.submit(action)

    def screen_nothing_to_declare(self) -> None:
        """*Nothing to declare* tapped: for the seat choosing now, else the seat at the screen."""
        seat = self.declarations.declaring if self.declarations.declaring is not None else self._screen_seat()
        if seat is not None:
            self.declarations.nothing_to_declare(seat)

    # ------------------------------------------------------------ real cards

    def play_table_card(self, card: int, signals: tuple[str, ...] = (), *, tapped: bool = False) -> Outcome:
        """A scanned card (``tapped``: named on the picker): the play of the seat to move,
        if legal as far as we can know."""
        if self.lifecycle.dealing.scan is not None:
            return self.lifecycle.deal_card(card)  # a card the deal shows the box
        if self.table.match_mode == "scoresheet":
            return self.table.refuse(msg("r_sheet_no_cards"))  # the box keeps the score only
        if self.table.phase != PLAY:
            return self.table.refuse(msg("r_scan_ignored"))
        if not self.table.real_cards or self.table.match is None or self.table.match.state is None:
            return self.table.refuse(msg("r_screen_game"))
        state = self.table.match.state
        seat = state.to_move
        if self.table.seats[seat].kind != "table":
            return self.table.refuse(msg("r_table_turn", n=seat + 1))
        wait = self.declarations.play_refusal(seat)
        if wait is not None:
            return self.table.refuse(wait)
        seq, tricks = self.table.message.seq, len(state.tricks)
        seen = len(revokes_seen(state.holdings))
        if state.pending is not None and state.pending[0] == "discard":
            out = self.lifecycle.submit(Discard(seat, card))  # terziglio: the dealer's card laid away
        else:
            out = self.lifecycle.submit(Play(seat, card, signals))
        after_table_card(self.table, out, seq, tricks, tapped)
        proved = revokes_seen(state.holdings)[seen:]
        if out.accepted and proved and self.table.variant is not None:
            # the card contradicts a void the seat showed: taken, and the table told (issue 36)
            self.table.say(revoke_seen_message(self.table.variant.deck.name, proved[-1]), "warning")
        return out
