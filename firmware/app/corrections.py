"""Real cards: a card entered by mistake taken back, a hand abandoned (docs/box.md, "Corrections").

At a table of real cards a person names each card on the picker (or scans it); a
mis-tap, a card of another seat, is accepted when the box cannot know better.
*Take back* takes back the last card a person entered (the engine's
:meth:`~firmware.engine.match.Match.correct`: and every entry since, what the box had
inferred from it too), one card a tap, through the trick on the table and the last
trick taken. *Abandon hand* (asked first on the screen) ends the hand with no
points; its dealer deals again.

Both are journal entries of their own, written before they are applied, like every
action (``{"seat": 1, "correct": "3c"}``, ``{"seat": 0, "abandon": true}``,
docs/records.md): a power cut at any point resumes to the hand before or after,
never between.
"""

from __future__ import annotations

import logging

from firmware.app.core import PLAY, Outcome, Table
from firmware.app.declaring import DeclarationWindows
from firmware.app.journal_guard import JournalGuard
from firmware.app.lifecycle import MatchLifecycle
from firmware.app.messages import CardName, msg, refusal
from firmware.engine import Abandon, Correct, IllegalAction

log = logging.getLogger("firmware.app.corrections")


class TableCorrections:
    """*Take back* and *Abandon hand* at a real-card table: what they offer now, and doing them."""

    def __init__(
        self, table: Table, guard: JournalGuard, declarations: DeclarationWindows, lifecycle: MatchLifecycle
    ) -> None:
        self.table = table
        self.guard = guard
        self.declarations = declarations
        self.lifecycle = lifecycle

    def _playing(self) -> bool:
        t = self.table
        return (
            t.phase == PLAY and t.real_cards and t.match_mode != "scoresheet"
            and t.match is not None and t.match.state is not None and not t.match.state.over
        )  # fmt: skip

    def take_back_offer(self) -> tuple[int, int] | None:
        """(seat, card): the card *Take back* would take back now, or None."""
        if not self._playing():
            return None
        assert self.table.match is not None
        last = self.table.match.last_entered()
        return None if last is None else (last.seat, last.card)

    def abandon_offer(self) -> int | None:
        """The dealer who deals again if the hand is abandoned now, or None: nothing to abandon."""
        if not self._playing():
            return None
        assert self.table.match is not None and self.table.match.state is not None
        return self.table.match.state.dealer

    def take_back(self, seat: int, card: int) -> Outcome:
        """Take back ``seat``'s ``card``, as the screen named it: refused if the last card
        entered is another by now (a late tap must not take back a card nobody saw named)."""
        t = self.table
        offer = self.take_back_offer()
        if offer is None:
            return t.refuse(msg("e_correct_nothing"))
        if offer != (seat, card):
            return t.refuse(msg("r_take_back_changed"))
        if self.guard.error is not None:
            return self.guard.refusal()
        entry = Correct(seat, card)
        refused = self.guard.write_entry(entry)  # never take back what is not on disk
        if refused is not None:
            return refused
        assert t.match is not None and t.variant is not None
        try:
            t.match.correct(entry)
        except IllegalAction as exc:  # cannot happen: take_back_offer asked the engine
            log.error("correction refused by the engine after it was journalled: %s", exc)
            return t.refuse(refusal(exc))
        self.declarations.reset()
        t.changed()  # a computer's answer to the card taken back is dropped
        t.say(msg("m_taken_back", card=CardName(t.variant.deck.name, card), n=seat + 1))
        self.declarations.prompt()
        return Outcome(True)

    def abandon(self, hand: int) -> Outcome:
        """The hand counts nothing; the same dealer deals again (the screen asked first about
        ``hand``, the number of hands dealt then: a late answer never abandons the next)."""
        t = self.table
        dealer = self.abandon_offer()
        if dealer is None:
            return t.refuse(msg("r_no_hand"))
        assert t.match is not None
        if hand != len(t.match.hands):
            return t.refuse(msg("r_abandon_changed"))
        if self.guard.error is not None:
            return self.guard.refusal()
        entry = Abandon(dealer)
        refused = self.guard.write_entry(entry)
        if refused is not None:
            return refused
        assert t.match is not None
        try:
            t.match.abandon(entry)
        except IllegalAction as exc:  # cannot happen: abandon_offer read the dealer
            log.error("abandon refused by the engine after it was journalled: %s", exc)
            return t.refuse(refusal(exc))
        log.info("hand %d abandoned; seat %d deals again", len(t.match.hands), dealer + 1)
        self.declarations.reset()
        t.changed()
        self.lifecycle.after_abandon()
        return Outcome(True)
