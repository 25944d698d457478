"""Decks, cards and their values.

A card is a plain ``int`` (python-chess style: ``Card = int`` like ``Square``):
the hot paths of search keep hands as bitmasks of cards, and tables indexed by
card give suit, strength and value without any object on the heap. The two
decks occupy disjoint ranges (Italian 0-39, Bavarian 40-71) so that a card id
alone says which card it is; parsing a code needs the deck, because ``As`` is
the asso di spade in one deck and the Schellen Ass in the other.

>>> ITALIAN.parse("3d") == ITALIAN.card(1, 0)
True
>>> ITALIAN.code(ITALIAN.parse("Cb"))
'Cb'
>>> BAVARIAN.code(BAVARIAN.parse("10h"))
'10h'
>>> thirds_of(ITALIAN.parse("Ac")), thirds_of(ITALIAN.parse("Rs")), thirds_of(ITALIAN.parse("7d"))
(3, 1, 0)
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, fields

from firmware.engine.decktables import BAVARIAN_TABLE, ITALIAN_TABLE, DeckTable
from firmware.engine.decktables import Rank as Rank
from firmware.engine.decktables import Suit as Suit
from firmware.engine.errors import IllegalAction
from firmware.engine.refusals import Refusal

Card = int
"""A card id: ``deck.offset + suit * len(deck.ranks) + rank``."""
Seat = int
"""A seat, 0..n-1 in turn order (counter-clockwise at the table)."""
CardMask = int
"""A set of cards as a bitmask: bit ``c`` set for card ``c``."""


@dataclass(frozen=True, slots=True)
class Deck(DeckTable):
    """One of the two decks of RULES.md §1: its table (:mod:`firmware.engine.decktables`)
    and what is done with it."""

    @classmethod
    def of(cls, table: DeckTable) -> Deck:
        return cls(**{f.name: getattr(table, f.name) for f in fields(table)})

    @property
    def size(self) -> int:
        return len(self.suits) * len(self.ranks)

    def card(self, suit: Suit, rank: Rank) -> Card:
        return self.offset + suit * len(self.ranks) + rank

    @property
    def cards(self) -> tuple[Card, ...]:
        return tuple(range(self.offset, self.offset + self.size))

    @property
    def mask(self) -> CardMask:
        return ((1 << self.size) - 1) << self.offset

    def suit_mask(self, suit: Suit) -> CardMask:
        n = len(self.ranks)
        return ((1 << n) - 1) << (self.offset + suit * n)

    def contains(self, card: Card) -> bool:
        return self.offset <= card < self.offset + self.size

    def counting_numbers(self) -> tuple[str, ...]:
        """The numbered ranks worth a third, strongest first (the 3 and 2; the Bavarian 10
        and 9): with the court cards, what the count's thirds are made of."""
        return tuple(r for r, t in zip(self.ranks, self.rank_thirds, strict=True) if t == 1 and r.isdigit())

    def code(self, card: Card) -> str:
        return CODE[card]

    def parse(self, code: str) -> Card:
        """The card with this code, e.g. ``"3d"``, ``"10h"``; codes are case-sensitive."""
        if not isinstance(code, str) or len(code) < 2:
            raise IllegalAction(Refusal.NOT_CARD_CODE, code=code)
        rank_code, suit_code = code[:-1], code[-1]
        if suit_code not in self.suits or rank_code not in self.ranks:
            raise IllegalAction(
                Refusal.NOT_OF_DECK,
                deck=self.name,
                code=code,
                ranks=" ".join(self.ranks),
                suits=" ".join(self.suits),
            )
        return self.card(self.suits.index(suit_code), self.ranks.index(rank_code))

    def name_of(self, card: Card, lang: str = "native") -> str:
        """A card's name for people: "tre di denari", "Herz Zehn", "three of coins"."""
        lang = self.native_lang if lang == "native" else lang
        rank = self.rank_names[lang][RANK[card]]
        pattern = self.card_name.get(lang, "{rank} of {suit}")
        return pattern.format(rank=rank, suit=self.suit_name_genitive(SUIT[card], lang))

ITALIAN = Deck.of(ITALIAN_TABLE)
BAVARIAN = Deck.of(BAVARIAN_TABLE)

DECKS: dict[str, Deck] = {ITALIAN.name: ITALIAN, BAVARIAN.name: BAVARIAN}

# Flat tables indexed by card id, for the hot paths.
SUIT: list[Suit] = []
RANK: list[Rank] = []
THIRDS: list[int] = []
CODE: list[str] = []  # the same as firmware.engine.decktables.CODE
DECK_OF: list[Deck] = []
for _deck in (ITALIAN, BAVARIAN):
    for _s, _sc in enumerate(_deck.suits):
        for _r, _rc in enumerate(_deck.ranks):
            SUIT.append(_s)
            RANK.append(_r)
            THIRDS.append(_deck.rank_thirds[_r])
            CODE.append(_rc + _sc)
            DECK_OF.append(_deck)


@dataclass(frozen=True, slots=True)
class CardValues:
    """A game's order and worth of the cards, per card id (RULES.md §1): which card of a
    suit takes which, what each is worth in thirds of a point, and what the last trick
    adds. The deck's own order and the tressette count are :data:`TRESSETTE_VALUES`;
    a game that ranks or counts the same cards otherwise carries its own tables, and the
    engine reads them from its variant, never from the deck."""

    name: str
    strength: tuple[int, ...]  # per card id: 0 the strongest card of its suit
    thirds: tuple[int, ...]  # per card id: its worth in thirds of a point
    last_trick: int  # thirds the last trick adds

    @property
    def full_thirds(self) -> int:
        """The thirds a whole deck and the last trick hold (per deck: ``thirds`` has both)."""
        return self.last_trick + sum(self.thirds)

    def deck_thirds(self, deck: Deck) -> int:
        """The thirds of every card of ``deck`` and the last trick."""
        return sum(self.thirds[c] for c in deck.cards) + self.last_trick


TRESSETTE_VALUES = CardValues("tressette", tuple(RANK), tuple(THIRDS), 3)
"""Tressette's order and count, the decks' own: ``3 2 A R C F 7 6 5 4``; the ace a point,
3, 2 and courts a third; the last trick a point."""


def _briscola_values() -> CardValues:
    """Briscola's order ``A 3 R C F 7 6 5 4 2`` and count (A 11, 3 10, R 4, C 3, F 2: 120 in
    the deck; no last trick) on the Italian deck (RULES.md §3.8). Points are kept in the
    engine's one unit, thirds, three to a point, so every count divides exactly."""
    order = ("A", "3", "R", "C", "F", "7", "6", "5", "4", "2")
    points = {"A": 11, "3": 10, "R": 4, "C": 3, "F": 2}
    strength, thirds = list(RANK), list(THIRDS)
    for c in ITALIAN.cards:
        rank = ITALIAN.ranks[RANK[c]]
        strength[c] = order.index(rank)
        thirds[c] = 3 * points.get(rank, 0)
    return CardValues("briscola", tuple(strength), tuple(thirds), 0)


BRISCOLA_VALUES = _briscola_values()
"""Briscola's order and count on the Italian deck (the Bavarian ids keep tressette's)."""


def thirds_of(card: Card) -> int:
    """The card's value in thirds of a point: ace 3, 3/2/court 1, the rest 0."""
    return THIRDS[card]


def mask_of(cards: Iterable[Card]) -> CardMask:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def cards_of(mask: CardMask) -> Iterator[Card]:
    """The cards of a mask, lowest id first (strongest first within a suit)."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def card_list(mask: CardMask) -> list[Card]:
    """The cards of a mask as a list; a plain loop, as search calls it in its inner loops."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def codes(cards: Iterable[Card]) -> list[str]:
    return [CODE[c] for c in cards]


def beats(
    challenger: Card, holder: Card, trump: Suit | None = None, strength: Sequence[int] = RANK
) -> bool:
    """Whether ``challenger`` takes a trick currently held by ``holder``.

    Only a card of the held card's suit (or a trump over a non-trump) wins;
    within a suit the lower ``strength`` (the game's order, default the deck's rank
    index) is the stronger card.
    """
    if SUIT[challenger] == SUIT[holder]:
        return strength[challenger] < strength[holder]
    return trump is not None and SUIT[challenger] == trump


def playable(hand: Iterable[Card], lead: Card | None, follow: bool = True) -> list[Card]:
    """The cards of ``hand`` that may go on a trick led by ``lead`` (RULES.md §1:
    follow suit if you can, else any card; no obligation to win or to trump; with
    ``follow`` False, as in Briscola, any card).

    >>> p = ITALIAN.parse
    >>> codes(playable([p("3d"), p("Ac"), p("4d")], p("Rd")))
    ['3d', '4d']
    >>> codes(playable([p("3d"), p("Ac")], p("Rs")))
    ['3d', 'Ac']
    """
    cards = list(hand)
    if lead is None or not follow:
        return cards
    return [c for c in cards if SUIT[c] == SUIT[lead]] or cards
