"""A reader fitted, the game's deck never enrolled: the cards are tapped on the picker.

The reader and the picker can both be present (docs/box.md §4): a scan wins, the picker
is always there. A person with a reader but an untagged (or not yet enrolled) deck plays
all the same: the game starts, every card is tapped on the picker, and enrolment stays
in Settings → Real cards. A tag the reader sees meanwhile names no card of that deck: it
is ignored, and the table is told so once per match (not a refusal and a blink for every
card laid on the antenna).

A part of the controller that reads the table only (:func:`cards_by_touch`) and says
one message (:meth:`UnknownDeckTags.seen`).
"""

from __future__ import annotations

from firmware.app.core import Table
from firmware.app.messages import Term, msg


def reader_knows_deck(t: Table) -> bool:
    """A reader is fitted and the game's deck is enrolled: its cards can be scanned."""
    v = t.variant
    return t.reader_fitted and v is not None and t.cards is not None and t.cards.enrolled(v.deck.name)


def cards_by_touch(t: Table) -> bool:
    """The cards are entered on the picker: what the prompts ask for (tap, not scan)."""
    return not reader_knows_deck(t)


class UnknownDeckTags:
    """Tags seen while the game's deck is not enrolled: ignored, said once per match."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self._told: tuple[int | None, str] | None = None  # (match, deck) already told

    def applies(self) -> bool:
        """A tag now cannot name a card: a game is on and its deck is not enrolled."""
        t = self.table
        v = t.variant
        return v is not None and t.match is not None and t.cards is not None and not t.cards.enrolled(v.deck.name)

    def seen(self) -> None:
        t = self.table
        assert t.variant is not None
        key = (t.match_id, t.variant.deck.name)
        if self._told == key:
            return  # said already: the cards are tapped, the reader is ignored
        self._told = key
        t.say(msg("m_reader_unknown_deck", deck=Term("deck_" + t.variant.deck.name)))
        t.changed()
