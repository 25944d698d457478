"""Real cards: a revoke (renonce) noticed by the box or called by the table (docs/box.md, "A revoke").

A person who did not follow suit while holding it is believed void in that suit; when
he later lays a card of it, the box takes the card (it is what happened: the engine's
:class:`~firmware.engine.table.RevokeSeen`) and tells the table who revoked in which
trick. *Revoke!* on the touchscreen, any time in a real-card hand or at its end before
the next hand is dealt, names the seat that revoked; the question says what follows
(the variant's ``revoke`` option, RULES.md §3.7: the hand lost per cappotto, replayed,
or counted as played; the match's end when the penalty reaches the target). Only a
*yes* sends it. The call is a journal entry of its own, ``{"seat": 2, "revoke": true}``,
written before it is applied (docs/records.md): a power cut resumes to the hand before
or after the call, never between.
"""

from __future__ import annotations

import logging

from firmware.app.core import HAND_OVER, PLAY, Outcome, Table
from firmware.app.declaring import DeclarationWindows
from firmware.app.journal_guard import JournalGuard
from firmware.app.lifecycle import MatchLifecycle
from firmware.app.messages import Message, SuitName, Term, msg, refusal
from firmware.engine import IllegalAction, Match, Revoke
from firmware.engine.table import RevokeSeen
from ui.model import RevokeModel

log = logging.getLogger("firmware.app.revokes")


def revoke_seen_message(deck: str, seen: RevokeSeen) -> Message:
    """"Seat 2 revoked in trick 3 (did not follow coppe)": the box took a card that
    contradicts what the seat showed; *Revoke!* is there to call it."""
    return msg("m_revoke_seen", n=seen.seat + 1, trick=seen.trick, suit=SuitName(deck, seen.suit))


def consequence(match: Match, seat: int) -> Message:
    """What a revoke of ``seat`` called now does, worked out on a copy of the match: the
    question names it (the totals after it, the match's end)."""
    after = match.preview_revoke(seat)
    penalty = match.variant.revoke_penalty
    score = " – ".join(str(x) for x in after.counted_totals)
    what = msg("revoke_" + penalty, score=score, n=after.next_dealer + 1)
    ends = Term("revoke_ends_match") if after.finished and not match.finished else ""
    return msg("ask_revoke", n=seat + 1, what=what, ends=ends)


class TableRevokes:
    """*Revoke!* at a real-card table: what it offers now, and calling it."""

    def __init__(
        self, table: Table, guard: JournalGuard, declarations: DeclarationWindows, lifecycle: MatchLifecycle
    ) -> None:
        self.table = table
        self.guard = guard
        self.declarations = declarations
        self.lifecycle = lifecycle

    def offer(self) -> RevokeModel | None:
        """The seats *Revoke!* may name now (each with the question its call asks), or None:
        no real-card hand being played, or over and not yet followed by the next."""
        t = self.table
        match = t.match
        if not t.real_cards or t.match_mode == "scoresheet" or match is None or match.state is None:
            return None
        if not match.variant.follows_suit:
            return None  # Briscola: no suit to follow, no revoke (RULES.md §3.8)
        state = match.state
        if not (t.phase == PLAY and not state.over) and not (t.phase == HAND_OVER and state.over):
            return None
        if state.ended_by == "abandoned":
            return None
        seats: list[tuple[int, Message | None]] = []
        for seat in range(match.variant.n_seats):
            if not state.is_hidden(seat):
                continue
            why = match.revoke_refusal(seat)
            seats.append((seat, consequence(match, seat) if why is None else None))
        if not any(q is not None for _, q in seats) and state.over:
            return None  # the hand's end: nothing left to call
        return RevokeModel(len(match.hands), tuple(seats), match.variant.revoke_penalty)

    def call(self, seat: int, hand: int) -> Outcome:
        """A revoke of ``seat`` called (the screen asked first about ``hand``, the number of
        hands dealt then: a late answer never calls it in the next hand)."""
        t = self.table
        offer = self.offer()
        match = t.match
        if offer is None or match is None:
            return t.refuse(msg("r_no_hand"))
        if hand != offer.hand:
            return t.refuse(msg("r_revoke_changed"))
        why = match.revoke_refusal(seat)
        if why is not None:
            return t.refuse(refusal(why))
        if self.guard.error is not None:
            return self.guard.refusal()
        entry = Revoke(seat)
        refused = self.guard.write_entry(entry)  # never applied before it is on disk
        if refused is not None:
            return refused
        try:
            match.revoke(entry)
        except IllegalAction as exc:  # cannot happen: revoke_refusal asked the engine
            log.error("revoke refused by the engine after it was journalled: %s", exc)
            return t.refuse(refusal(exc))
        penalty = match.variant.revoke_penalty
        log.info("hand %d: a revoke of seat %d called (%s)", len(match.hands), seat + 1, penalty)
        self.declarations.reset()
        t.changed()
        if penalty == "as_played":
            if t.phase == PLAY:
                self.declarations.prompt()
            t.say(msg("m_revoke_as_played", n=seat + 1))
            return Outcome(True)
        if penalty == "replay":
            self.lifecycle.after_abandon(msg("m_revoke_replay", n=seat + 1, dealer=match.next_dealer + 1))
            return Outcome(True)
        self.lifecycle.hand_closed()
        if not t.finished():
            score = "-".join(map(str, t.totals))
            t.say(msg("m_revoke_cappotto", n=seat + 1, score=score))
        return Outcome(True)
