"""The two decks as plain tables (RULES.md §1): their codes, ranks, suits and names.

The lowest module of the engine: :mod:`firmware.engine.cards` makes its decks
(:class:`~firmware.engine.cards.Deck`: parsing, masks) from these tables, and
the refusals' English sentences (:mod:`firmware.engine.refusals`) name cards,
suits and ranks from them without importing the cards that raise refusals.
"""

from __future__ import annotations

from dataclasses import dataclass, field

Suit = int
"""A suit index within its deck, 0-3."""
Rank = int
"""A rank index within its deck: 0 is the strongest (the 3, or the Bavarian 10)."""


@dataclass(frozen=True, slots=True)
class DeckTable:
    """One of the two decks of RULES.md §1, as data."""

    name: str
    offset: int
    suits: tuple[str, ...]
    ranks: tuple[str, ...]
    rank_thirds: tuple[int, ...]
    suit_names: dict[str, tuple[str, ...]] = field(hash=False, compare=False)
    rank_names: dict[str, tuple[str, ...]] = field(hash=False, compare=False)
    # How a card is named in each language: "{rank} di {suit}", the suit in the case a card's
    # name puts it in where it has one (Croatian: "as kupa", the genitive of the suit_names).
    card_name: dict[str, str] = field(hash=False, compare=False, default_factory=dict)
    suit_genitive: dict[str, tuple[str, ...]] = field(hash=False, compare=False, default_factory=dict)
    # Natural order of the napoletana extension (4, 5, 6, 7, F, C, R) as rank indices.
    extension: tuple[Rank, ...] = ()

    def suit_name(self, suit: Suit, lang: str = "native") -> str:
        lang = self.native_lang if lang == "native" else lang
        return self.suit_names[lang][suit]

    def suit_name_genitive(self, suit: Suit, lang: str) -> str:
        """The suit's name in the genitive where ``lang`` declines it ("kupa"), else as named."""
        return self.suit_genitive.get(lang, self.suit_names[lang])[suit]

    @property
    def native_lang(self) -> str:
        return "it" if self.name == "italian" else "de"


CARD_NAME: dict[str, str] = {
    "it": "{rank} di {suit}",  # "tre di denari"
    "de": "{suit} {rank}",  # "Herz Zehn"
    "en": "{rank} of {suit}",  # "three of coins"
    "hr": "{rank} {suit}",  # "trica dinara": the suit in the genitive (suit_genitive)
    "nl": "{suit} {rank}",  # "munten drie"
}
"""A card's name in each language the box speaks (ui/i18n.py LANGUAGES: a test checks that
every deck names its cards and suits in each of them). The deck's words stay here with the
deck, not in the screen's catalogue: the engine names cards in its refusals and the CLI, and
imports nothing from the screen."""

ITALIAN_TABLE = DeckTable(
    name="italian",
    offset=0,
    suits=("c", "d", "s", "b"),
    ranks=("3", "2", "A", "R", "C", "F", "7", "6", "5", "4"),
    rank_thirds=(1, 1, 3, 1, 1, 1, 0, 0, 0, 0),
    suit_names={
        "it": ("coppe", "denari", "spade", "bastoni"),
        "de": ("Kelch", "Münzen", "Schwerter", "Stäbe"),
        "en": ("cups", "coins", "swords", "clubs"),
        "hr": ("kupe", "dinari", "špade", "bate"),
        "nl": ("kelken", "munten", "zwaarden", "staven"),
    },
    rank_names={
        "it": ("tre", "due", "asso", "re", "cavallo", "fante", "sette", "sei", "cinque", "quattro"),
        "de": ("Drei", "Zwei", "Ass", "König", "Reiter", "Bube", "Sieben", "Sechs", "Fünf", "Vier"),
        "en": ("three", "two", "ace", "king", "knight", "knave", "seven", "six", "five", "four"),
        "hr": ("trica", "duja", "as", "kralj", "konj", "fanat", "sedmica", "šestica", "petica", "četvorka"),
        "nl": ("drie", "twee", "aas", "heer", "ruiter", "boer", "zeven", "zes", "vijf", "vier"),
    },
    card_name=CARD_NAME,
    suit_genitive={"hr": ("kupa", "dinara", "špada", "bata")},
    # 4, 5, 6, 7, F (8), C (9), R (10) as rank indices.
    extension=(9, 8, 7, 6, 5, 4, 3),
)

BAVARIAN_TABLE = DeckTable(
    name="bavarian",
    offset=40,
    suits=("e", "l", "h", "s"),
    ranks=("10", "9", "A", "K", "O", "U", "8", "7"),
    rank_thirds=(1, 1, 3, 1, 1, 1, 0, 0),
    suit_names={
        "it": ("ghiande", "foglie", "cuori", "sonagli"),
        "de": ("Eichel", "Laub", "Herz", "Schell"),
        "en": ("acorns", "leaves", "hearts", "bells"),
        "hr": ("žir", "list", "srce", "tikva"),
        "nl": ("eikels", "bladeren", "harten", "bellen"),
    },
    rank_names={
        "it": ("dieci", "nove", "asso", "re", "ober", "unter", "otto", "sette"),
        "de": ("Zehn", "Neun", "Ass", "König", "Ober", "Unter", "Acht", "Sieben"),
        "en": ("ten", "nine", "ace", "king", "ober", "unter", "eight", "seven"),
        "hr": ("desetka", "devetka", "as", "kralj", "ober", "unter", "osmica", "sedmica"),
        "nl": ("tien", "negen", "aas", "heer", "ober", "unter", "acht", "zeven"),
    },
    card_name=CARD_NAME,
    suit_genitive={"hr": ("žira", "lista", "srca", "tikve")},
)

TABLES: dict[str, DeckTable] = {ITALIAN_TABLE.name: ITALIAN_TABLE, BAVARIAN_TABLE.name: BAVARIAN_TABLE}

CODE: list[str] = [r + s for t in (ITALIAN_TABLE, BAVARIAN_TABLE) for s in t.suits for r in t.ranks]
"""Every card's code, indexed by card id (the decks occupy 0-39 and 40-71)."""
