"""A card's tag seen by the reader, or a scan simulated: a deck being enrolled takes
it, a deck never enrolled opens the picker, else the card is played at the table.
"""

from __future__ import annotations

from firmware.app.core import Table
from firmware.app.enrolment import EnrolmentFlow
from firmware.app.messages import msg
from firmware.app.seats import SeatActions
from firmware.app.unknown_deck import UnknownDeckTags
from firmware.engine import TressetteError


class CardScans:
    """The reader's tags (and the simulator's scans) to the part they are for."""

    def __init__(
        self, table: Table, enrolment: EnrolmentFlow, unknown_deck: UnknownDeckTags, seat_actions: SeatActions
    ) -> None:
        self.table = table
        self.enrolment = enrolment
        self.unknown_deck = unknown_deck
        self.seat_actions = seat_actions

    def simulated(self, code: str) -> None:
        # Without a reader pipeline (unit tests) a simulated scan is the card itself.
        v = self.table.variant
        if v is None:
            self.table.refuse(msg("r_nothing_to_scan"))
            return
        try:
            card = v.deck.parse(code)
        except TressetteError:
            self.table.refuse(msg("r_bad_card_code", code=str(code)))
            return
        self.seat_actions.play_table_card(card)

    def tag_seen(self, tag: str) -> None:
        if self.enrolment.enrol is not None:
            self.enrolment.scan(tag)
            return
        cards = self.table.cards
        if cards is None:
            self.table.refuse(msg("r_no_deck_map"))
            return
        v = self.table.variant
        card = cards.card_of(tag, v.deck.name if v is not None else None)
        if card is None and self.unknown_deck.applies():
            self.unknown_deck.seen()  # a deck never enrolled: its cards are tapped on the picker
            return
        if card is None:
            self.table.refuse(msg("r_unknown_tag", tag=str(tag)))
            return
        self.seat_actions.play_table_card(card)
