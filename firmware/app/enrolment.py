"""Enrolment: learning a real deck's card tags, every card scanned once.

Asked for from Settings → Real cards, at any time (a game of real cards whose deck
is not enrolled starts all the same: its cards are tapped on the card picker,
:mod:`firmware.app.unknown_deck`; enrolled mid-match, the next cards can be
scanned). The tag map itself is :mod:`firmware.app.cards_map`; this is the table's side: the
phase, what the screen and the display show, where it goes back to.
"""

from __future__ import annotations

from firmware.app.cards_map import Enrolment
from firmware.app.core import ENROL, Outcome, Phase, Table
from firmware.app.messages import Term, msg
from firmware.engine.cards import DECKS


class EnrolmentFlow:
    """Start, feed, stop and finish an enrolment."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.enrol: Enrolment | None = None  # while enrolling a deck's tags
        self.phase_before = Phase.HOME

    def start(self, deck: str) -> Outcome:
        """Enrol ``deck``: every card scanned once, in the order the screen asks."""
        t = self.table
        if t.cards is None:
            return t.refuse(msg("r_no_card_store"))
        if deck not in DECKS:
            return t.refuse(msg("r_no_deck", deck=deck))
        self.enrol = Enrolment(deck, t.cards)
        self.phase_before = t.phase
        t.phase = ENROL
        t.say(self.enrol.prompt())
        t.changed()
        return Outcome(True)

    def stop(self) -> Outcome:
        """Leave an enrolment half done: nothing saved, the deck's previous map stays."""
        t = self.table
        if self.enrol is None:
            return Outcome(False, "not enrolling")
        self.enrol = None
        t.phase = self.phase_before
        t.say(msg("m_enrol_stopped"))
        t.changed()
        return Outcome(True)

    def scan(self, tag_id: str) -> None:
        """A tag seen while enrolling: it is the card the screen asked for."""
        t = self.table
        assert self.enrol is not None
        note = self.enrol.scan(tag_id)
        t.say(note.message, note.level)
        if note.level == "refusal":
            t.blink_seq += 1
        if self.enrol.done:
            self._finished()

    def _finished(self) -> None:
        t = self.table
        assert self.enrol is not None and t.cards is not None
        deck = Term("deck_" + self.enrol.deck_name)
        try:
            t.cards.save(self.enrol.deck_name, self.enrol.mapping)
        except (OSError, ValueError) as exc:  # a full or read-only state directory
            why = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
            t.say(msg("m_cards_not_saved", deck=deck, why=why), "error")
            t.blink_seq += 1
            self.enrol = None
            t.phase = self.phase_before
            t.changed()
            return
        t.say(msg("m_enrolled", deck=deck, n=len(self.enrol.mapping)))
        self.enrol = None
        t.phase = self.phase_before
        t.changed()
