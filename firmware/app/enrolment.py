"""Enrolment: learning a real deck's card tags, every card scanned once.

Asked for from Settings → Real cards, or on the way to a game with real cards
whose deck is not known yet (that game starts when the deck is complete). The
tag map itself is :mod:`firmware.app.cards_map`; this is the table's side: the
phase, what the screen and the display show, where it goes back to.
"""

from __future__ import annotations

from firmware.app.cards_map import Enrolment
from firmware.app.core import ENROL, Outcome, TableCore
from firmware.app.messages import Term, msg
from firmware.engine.cards import DECKS


class EnrolmentFlow(TableCore):
    """Start, feed, stop and finish an enrolment."""

    def start_enrolment(self, deck: str) -> Outcome:
        if self.cards is None:
            return self.refuse(msg("r_no_card_store"))
        if deck not in DECKS:
            return self.refuse(msg("r_no_deck", deck=deck))
        self.enrol = Enrolment(deck, self.cards)
        self.phase_before_enrol = self.phase
        self.phase = ENROL
        self.say(self.enrol.prompt())
        self._changed()
        return Outcome(True)

    def stop_enrolment(self) -> Outcome:
        """Leave an enrolment half done: nothing saved, the deck's previous map stays."""
        if self.enrol is None:
            return Outcome(False, "not enrolling")
        self.enrol = None
        self._after_enrol = None  # the table game that waited for this deck is not started
        self.phase = self.phase_before_enrol
        self.say(msg("m_enrol_stopped"))
        self._changed()
        return Outcome(True)

    def enrol_scan(self, tag_id: str) -> None:
        """A tag seen while enrolling: it is the card the screen asked for."""
        assert self.enrol is not None
        note = self.enrol.scan(tag_id)
        self.say(note.message, note.level)
        if note.level == "refusal":
            self.blink_seq += 1
        if self.enrol.done:
            self.enrol_finished()

    def enrol_finished(self) -> None:
        assert self.enrol is not None and self.cards is not None
        try:
            self.cards.save(self.enrol.deck_name, self.enrol.mapping)
        except (OSError, ValueError) as exc:  # a full or read-only state directory
            why = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
            self.say(msg("m_cards_not_saved", deck=Term("deck_" + self.enrol.deck_name), why=why), "error")
            self.blink_seq += 1
            self.enrol = None
            self.phase = self.phase_before_enrol
            self._after_enrol = None  # the game waiting for the deck cannot start
            self._changed()
            return
        self.say(msg("m_enrolled", deck=Term("deck_" + self.enrol.deck_name), n=len(self.enrol.mapping)))
        self.enrol = None
        self.phase = self.phase_before_enrol
        self._changed()
        pending, self._after_enrol = self._after_enrol, None
        if pending is not None:
            self.new_match(*pending)
