"""Real cards: which tag is which card, per deck, learnt by enrolment.

Each physical deck has a tag (or a barcode) under every card. Enrolment asks
for the deck's cards one by one in a fixed order (the screen names the card);
each scan ties the tag to that card. The map is saved in the state directory
as ``cards-<deck>.json`` (``{"tag": "3d", ...}``), written atomically (temp +
fsync + rename), and can be redone per deck at any time; an enrolment only
replaces the saved map when it is complete.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from firmware.config import atomic_write
from firmware.engine import CODE, Card
from firmware.engine.cards import DECKS
from ui.i18n import CardName, Message, Term, msg


class CardsMap:
    """The saved tag → card maps of the decks, in ``state_dir``."""

    def __init__(self, state_dir: Path | str) -> None:
        self.dir = Path(state_dir)
        self._maps: dict[str, dict[str, Card]] = {}
        self._saved: dict[str, bool] = {}

    def path(self, deck: str) -> Path:
        return self.dir / f"cards-{deck}.json"

    def load(self, deck: str) -> dict[str, Card]:
        if deck not in self._maps:
            d = DECKS[deck]
            try:
                raw = json.loads(self.path(deck).read_text(encoding="utf-8"))
                self._maps[deck] = {str(t): d.parse(c) for t, c in raw.items()}
            except (OSError, ValueError):
                self._maps[deck] = {}
            self._saved[deck] = len(self._maps[deck]) == d.size
        return self._maps[deck]

    def saved(self, deck: str) -> bool:
        """A complete map of this deck is on disk (the simulator's stand-in tags are not)."""
        self.load(deck)
        return self._saved.get(deck, False)

    def enrolled(self, deck: str) -> bool:
        return len(self.load(deck)) == DECKS[deck].size

    def card_of(self, tag: str, deck: str | None) -> Card | None:
        decks = [deck] if deck else list(DECKS)
        for name in decks:
            card = self.load(name).get(tag)
            if card is not None:
                return card
        return None

    def tag_of(self, card: Card, deck: str) -> str | None:
        for tag, c in self.load(deck).items():
            if c == card:
                return tag
        return None

    def save(self, deck: str, mapping: dict[str, Card]) -> None:
        text = json.dumps({t: CODE[c] for t, c in mapping.items()}, indent=1, sort_keys=True)
        atomic_write(self.path(deck), text + "\n")
        self._maps[deck] = dict(mapping)
        self._saved[deck] = len(mapping) == DECKS[deck].size


@dataclass(frozen=True, slots=True)
class Note:
    message: Message
    level: str = "info"


class Enrolment:
    """Scan every card of ``deck`` once, in the order :meth:`prompt` asks."""

    def __init__(self, deck_name: str, cards: CardsMap) -> None:
        self.deck_name = deck_name
        self.deck = DECKS[deck_name]
        self.cards = cards
        self.order: list[Card] = list(self.deck.cards)
        self.mapping: dict[str, Card] = {}

    @property
    def done(self) -> bool:
        return len(self.mapping) == len(self.order)

    @property
    def expected(self) -> Card | None:
        return None if self.done else self.order[len(self.mapping)]

    def prompt(self) -> Message:
        """What to scan next: "Scan tre di coppe (3c), card 1 of 40", in the screen's language."""
        card = self.expected
        if card is None:
            return msg("m_enrol_complete", deck=Term("deck_" + self.deck_name))
        n = len(self.mapping) + 1
        return msg(
            "m_enrol_scan", card=CardName(self.deck_name, card), code=CODE[card], n=n, total=len(self.order)
        )

    def scan(self, tag: str) -> Note:
        if self.done:
            return Note(msg("r_enrol_done"))
        if tag in self.mapping:
            return Note(msg("m_enrol_tag_twice", code=CODE[self.mapping[tag]], next=self.prompt()), "refusal")
        self.mapping[tag] = self.order[len(self.mapping)]
        return Note(self.prompt())
