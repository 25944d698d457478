"""Real cards: what the box must see of a deal before the first card.

The people shuffle and deal; the engine's *table deal* (docs/records.md) says
which cards the box needs to know (``firmware/engine/table.py``): a computer
seat's hand (scanned face down to the box at the deal), briscola's shown card,
the cards aside where they score or lie face up. This module asks for them one
by one on the screen, then starts the hand. Nothing is journalled until the
table deal is complete; a power cut in the middle asks for the scans again.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from firmware.app.core import HAND_OVER, PLAY, Outcome, TableCore
from firmware.app.messages import CardName, Message, msg, refusal
from firmware.engine import IllegalAction, Variant
from firmware.engine.cards import CODE


@dataclass(slots=True)
class DealScan:
    """The scans a table deal still needs: ``needs`` in order, what each got so far."""

    dealer: int
    needs: list[tuple[str, int]]
    got: dict[str, list[int]] = field(default_factory=dict)

    @property
    def current(self) -> tuple[str, int] | None:
        for key, count in self.needs:
            if len(self.got.get(key, [])) < count:
                return key, count
        return None

    def spec(self) -> dict[str, Any]:
        out: dict[str, Any] = {"table": True}
        for key, cards in self.got.items():
            out[key] = CODE[cards[0]] if key == "trump" else [CODE[c] for c in cards]
        return out

    def prompt(self, touch: bool = False) -> Message:
        """What to scan next; ``touch``: to tap on the card picker (no reader)."""
        current = self.current
        assert current is not None
        key, count = current
        n = len(self.got.get(key, [])) + 1
        verb = "m_pick" if touch else "m_scan"
        if key == "trump":
            return msg(f"{verb}_trump")
        if key == "aside":
            return msg(f"{verb}_aside", n=n, m=count)
        return msg(f"{verb}_cpu_hand", seat=int(key) + 1, n=n, m=count)


def deal_needs(variant: Variant, computers: list[int]) -> list[tuple[str, int]]:
    """What a table deal of ``variant`` must know, with ``computers`` at the table."""
    needs = [(str(seat), variant.hand_size) for seat in computers]
    if variant.trump_shown:
        needs.append(("trump", 1))
    if (variant.preset.aside_role == "widow" or variant.aside_shown) and variant.aside_size:
        needs.append(("aside", variant.aside_size))
    return needs


class DealScanning(TableCore):
    """Asking for the scans of a table deal, then starting the hand."""

    def begin_table_hand(self, hand: int, dealer: int) -> Outcome:
        """The next hand of a real-card game: scan what the deal needs, else start it."""
        assert self.variant is not None
        computers = [s for s, spec in enumerate(self.seats) if spec.computer]
        needs = deal_needs(self.variant, computers)
        self.deal_scan = DealScan(dealer, needs)
        if not needs:
            return self._start_table_hand()
        self.say(self.deal_scan.prompt(not self.reader_fitted))
        self._changed()
        return Outcome(True)

    def deal_scan_card(self, card: int) -> Outcome:
        scan = self.deal_scan
        assert scan is not None
        current = scan.current
        assert current is not None
        key = current[0]
        seen = [c for k, cards in scan.got.items() for c in cards]
        dealer_known = str(scan.dealer) in scan.got
        # briscola: the shown card of a computer dealer is one of his scanned cards
        again_ok = key == "trump" and dealer_known and card in scan.got[str(scan.dealer)]
        if card in seen and not again_ok:
            return self.refuse(msg("e_deal_table_card", card=CardName(self._deck_name(), card)))
        scan.got.setdefault(key, []).append(card)
        self._changed()
        if scan.current is None:
            return self._start_table_hand()
        self.say(scan.prompt(not self.reader_fitted))
        return Outcome(True)

    def _deck_name(self) -> str:
        assert self.variant is not None
        return self.variant.deck.name

    def _start_table_hand(self) -> Outcome:
        scan = self.deal_scan
        assert scan is not None and self.match is not None and self.match_id is not None
        spec = scan.spec()
        self.deal_scan = None
        try:
            self.match.check_deal(spec)  # checked whole before anything is written
        except IllegalAction as exc:
            self.phase = HAND_OVER
            self.next_hand()  # ask again from the first scan
            return self.refuse(refusal(exc))
        self.journal.add_hand(self.match_id, len(self.match.hands), scan.dealer, spec)
        self.match.start_hand(spec)
        self._reset_declarations()
        self.phase = PLAY
        if scan.needs:
            self.say(msg("m_deal_scanned"))
        self._changed()
        return Outcome(True)
