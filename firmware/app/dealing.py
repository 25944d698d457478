"""Real cards: what the box must see of a deal before the first card.

The people shuffle and deal; the engine's *table deal* (docs/records.md) says
which cards the box needs to know (``firmware/engine/table.py``): a computer
seat's hand (scanned face down to the box at the deal), briscola's shown card,
the cards aside where they score or lie face up. This module asks for them one
by one on the screen, then hands the deal to the lifecycle, which starts the hand. Nothing is journalled until the
table deal is complete; a power cut in the middle asks for the scans again.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from firmware.app.core import Outcome, Table
from firmware.app.messages import CardName, Message, msg
from firmware.app.unknown_deck import cards_by_touch
from firmware.engine import Variant
from firmware.engine.cards import CODE


@dataclass(slots=True)
class DealScan:
    """The scans a table deal still needs: ``needs`` in order, what each got so far."""

    dealer: int
    needs: list[tuple[str, int]]
    got: dict[str, list[int]] = field(default_factory=dict)
    under_talon: bool = False  # Briscola: the trump is the card turned up under the talon

    @property
    def current(self) -> tuple[str, int] | None:
        for key, count in self.needs:
            if len(self.got.get(key, [])) < count:
                return key, count
        return None

    def last(self) -> tuple[str, int] | None:
        """(key, card): the card entered last for the deal, or None (the needs are filled in order)."""
        for key, _ in reversed(self.needs):
            if self.got.get(key):
                return key, self.got[key][-1]
        return None

    def seat_of(self, key: str) -> int | None:
        """The seat whose card it is: a computer's; briscola's shown card lies with the dealer
        (Briscola's, under the talon, with nobody)."""
        if key == "trump":
            return None if self.under_talon else self.dealer
        return int(key) if key.isdigit() else None

    def spec(self) -> dict[str, Any]:
        out: dict[str, Any] = {"table": True}
        for key, cards in self.got.items():
            out[key] = CODE[cards[0]] if key == "trump" else [CODE[c] for c in cards]
        return out

    def prompt(self, touch: bool = False) -> Message:
        """What to scan next; ``touch``: to tap on the card picker (no reader fitted)."""
        current = self.current
        assert current is not None
        key, count = current
        n = len(self.got.get(key, [])) + 1
        verb = "m_pick" if touch else "m_scan"
        if key == "trump":
            return msg(f"{verb}_trump_talon" if self.under_talon else f"{verb}_trump")
        if key == "aside":
            return msg(f"{verb}_aside", n=n, m=count)
        return msg(f"{verb}_cpu_hand", seat=int(key) + 1, n=n, m=count)


def deal_needs(variant: Variant, computers: list[int]) -> list[tuple[str, int]]:
    """What a table deal of ``variant`` must know, with ``computers`` at the table."""
    needs = [(str(seat), variant.hand_size) for seat in computers]
    if variant.trump_shown or variant.trump_under_talon:
        needs.append(("trump", 1))
    if (variant.preset.aside_role == "widow" or variant.aside_shown) and variant.aside_size:
        needs.append(("aside", variant.aside_size))
    return needs


@dataclass(frozen=True, slots=True)
class TableDeal:
    """A table deal with every scan it needed: for the lifecycle to check, journal and start."""

    dealer: int
    spec: dict[str, Any]
    scanned: bool  # the screen asked for at least one card


class DealScanning:
    """Asking for the scans of a table deal; the complete deal goes to the lifecycle."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.scan: DealScan | None = None  # the deal's scans still to come

    def begin(self, dealer: int) -> TableDeal | None:
        """The next hand of a real-card game: ask for what the deal needs; the deal
        itself at once when it needs nothing."""
        t = self.table
        assert t.variant is not None
        computers = [s for s, spec in enumerate(t.seats) if spec.computer]
        needs = deal_needs(t.variant, computers)
        self.scan = DealScan(dealer, needs, under_talon=t.variant.trump_under_talon)
        if not needs:
            return self._complete()
        t.say(self.scan.prompt(cards_by_touch(t)))
        t.changed()
        return None

    def card(self, card: int) -> Outcome | TableDeal:
        """A card scanned for the deal: the refusal or the prompt for the next, or the deal."""
        t = self.table
        scan = self.scan
        assert scan is not None
        current = scan.current
        assert current is not None
        key = current[0]
        seen = [c for k, cards in scan.got.items() for c in cards]
        dealer_known = str(scan.dealer) in scan.got
        # briscola: the shown card of a computer dealer is one of his scanned cards
        again_ok = key == "trump" and dealer_known and card in scan.got[str(scan.dealer)] and not scan.under_talon
        if card in seen and not again_ok:
            return t.refuse(msg("e_deal_table_card", card=CardName(self._deck_name(), card)))
        scan.got.setdefault(key, []).append(card)
        t.changed()
        if scan.current is None:
            return self._complete()
        t.say(scan.prompt(cards_by_touch(t)))
        return Outcome(True)

    def take_back(self, card: int) -> Outcome:
        """The card entered last for the deal, tapped by mistake, taken back (nothing of the
        deal is journalled before it is complete): the prompt asks for it again."""
        t = self.table
        scan = self.scan
        last = scan.last() if scan is not None else None
        if scan is None or last is None:
            return t.refuse(msg("e_correct_nothing"))
        if last[1] != card:
            return t.refuse(msg("r_take_back_changed"))
        key = last[0]
        scan.got[key].pop()
        if not scan.got[key]:
            del scan.got[key]
        t.changed()
        seat = scan.seat_of(key)
        said = CardName(self._deck_name(), card)
        t.say(msg("m_taken_back", card=said, n=seat + 1) if seat is not None else msg("m_taken_back_aside", card=said))
        return Outcome(True)

    def cancel(self) -> None:
        self.scan = None

    def _deck_name(self) -> str:
        assert self.table.variant is not None
        return self.table.variant.deck.name

    def _complete(self) -> TableDeal:
        scan = self.scan
        assert scan is not None
        self.scan = None
        return TableDeal(scan.dealer, scan.spec(), bool(scan.needs))
