"""One catalogue for every string on the screen and the phone page, in five languages.

``tr("your_turn", "de")`` → ``"Du bist dran"``; ``tr("waits", "it", name="Anna")``;
``tr("hands_n", "hr", n=3)`` → the plural form the language wants for 3.
A missing key shows itself (``"?key"``) so a forgotten string is seen on the
screenshots, never a crash. Card and suit names come from the engine's decks
(``Deck.name_of(card, lang)``).

The words are gettext catalogues (docs/translating.md): the English source and the keys in
ui/messages.py, every other language in ui/locale/<lang>/LC_MESSAGES/tressette.po, compiled
to a .mo by the build. A message a language has not translated yet is shown in English; a
.mo that is missing (a checkout nobody built) is read from its .po, with one warning.
"""

from __future__ import annotations

import gettext
import io
import logging
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Union

from firmware.engine.cards import DECKS
from firmware.engine.variants import PRESETS
from ui import locale_tool
from ui.messages import SOURCE, Source

LANGUAGES: tuple[str, ...] = ("it", "de", "en", "hr", "nl")
LANGUAGE_NAMES = {"it": "Italiano", "de": "Deutsch", "en": "English", "hr": "Hrvatski", "nl": "Nederlands"}
DEFAULT_LANGUAGE = "it"
"""The box's own language (and what an unknown language code gets); English is only the
catalogue's source language, the one translators translate from."""

_log = logging.getLogger(__name__)

SOURCES: dict[str, Source] = {s.key: s for s in SOURCE}


def load_translations(lang: str) -> gettext.NullTranslations:
    """``lang``'s compiled catalogue; its .po when the .mo is missing or older (one warning);
    none (English) for the source language or a language without a catalogue."""
    if lang == locale_tool.SOURCE_LANGUAGE:
        return gettext.NullTranslations()
    mo, po = locale_tool.mo_path(lang), locale_tool.po_path(lang)
    if mo.is_file() and not (po.is_file() and po.stat().st_mtime > mo.stat().st_mtime):
        with mo.open("rb") as f:
            return gettext.GNUTranslations(f)
    if not po.is_file():
        _log.warning("i18n: no catalogue for %r: it is shown in English", lang)
        return gettext.NullTranslations()
    why = "is older than its .po" if mo.is_file() else "is missing"
    try:
        data = locale_tool.mo_bytes(po, lang)
    except ImportError:
        _log.warning("i18n: %s %s and Babel is not installed to read the .po: %s is shown in English",
                     mo.name, why, lang)
        return gettext.NullTranslations()
    _log.warning("i18n: %s/%s %s: read from the .po (build it: python -m ui.locale_tool compile)",
                 lang, mo.name, why)
    return gettext.GNUTranslations(io.BytesIO(data))


TRANSLATIONS: dict[str, gettext.NullTranslations] = {lang: load_translations(lang) for lang in LANGUAGES}


def _count(value: object) -> int | None:
    try:
        return int(str(value))
    except ValueError:
        return None


def text_of(key: str, lang: str, n: int | None = None) -> str | None:
    """The template of ``key`` in ``lang`` (its form for the count ``n``), unformatted; None
    for a key the catalogue does not have."""
    src = SOURCES.get(key)
    if src is None and key.endswith("_one") and key[:-4] in SOURCES and SOURCES[key[:-4]].plural:
        key, src, n = key[:-4], SOURCES[key[:-4]], 1  # the singular by its old name
    if src is None:
        return None
    t = TRANSLATIONS.get(lang) or TRANSLATIONS[DEFAULT_LANGUAGE]
    if src.plural:
        return t.npgettext(key, src.text, src.plural, 2 if n is None else n)
    return t.pgettext(key, src.text)


def tr(key: str, lang: str = DEFAULT_LANGUAGE, /, **args: object) -> str:
    """``key`` in ``lang``, with its arguments; a message with a count takes the form of its
    ``n`` (ngettext: "1 mano", "3 mani"; Croatian's three forms)."""
    text = text_of(key, lang, _count(args["n"]) if "n" in args else None)
    if text is None:
        return "?" + key
    if "n" not in args and key.endswith("_one") and key not in SOURCES:
        text = text.replace("{n}", "1")  # a count's singular by its old name, "hands_n_one"
    return text.format(**args) if args else text


def has(key: str) -> bool:
    return key in SOURCES


def _catalogue() -> dict[str, tuple[str, ...]]:
    """Every key's words in LANGUAGES' order; a message with a count is there as its plural
    (for 5) and, as ``key_one``, its singular: how tests read the words of a language."""
    out: dict[str, tuple[str, ...]] = {}
    for key, src in SOURCES.items():
        if src.plural:
            out[key + "_one"] = tuple(text_of(key, lang, 1) or "" for lang in LANGUAGES)
            out[key] = tuple(text_of(key, lang, 5) or "" for lang in LANGUAGES)
        else:
            out[key] = tuple(text_of(key, lang) or "" for lang in LANGUAGES)
    return out


CATALOGUE: Mapping[str, tuple[str, ...]] = _catalogue()
"""A read-only view: key → its words in each of LANGUAGES (for tests and the phone page)."""



# ------------------------------------------------------------ app messages
# The table program (firmware/app) says things in no language: a catalogue key
# and its arguments. Arguments that are words themselves (a card, a suit, a
# level) travel as small values and are named in the reader's language here.


@dataclass(frozen=True, slots=True)
class Term:
    """A catalogue word used as an argument (``Term("hard")`` → "difficile")."""

    key: str


@dataclass(frozen=True, slots=True)
class CardName:
    """A card named in the reader's language: ``CardName("italian", card)`` → "tre di coppe"."""

    deck: str
    card: int


@dataclass(frozen=True, slots=True)
class SuitName:
    deck: str
    suit: int


@dataclass(frozen=True, slots=True)
class DeclName:
    """A declaration (accuso) named as the table screen names it."""

    deck: str
    kind: str
    suit: int | None = None
    rank: int | None = None
    missing: int | None = None


@dataclass(frozen=True, slots=True)
class Amount:
    """Points (an expected loss) said in the game's unit, the nearest third, with the word
    for points in its number: "⅓ di punto", "1 punto e ⅓", "2 Punkte", "under ⅓ of a point"."""

    value: float


def thirds_glyphs(thirds: int) -> str:
    """7 thirds → "2⅓", 2 → "⅔", 0 → "0"."""
    whole, rest = divmod(thirds, 3)
    frac = ("", "⅓", "⅔")[rest]
    return frac if whole == 0 and frac else f"{whole}{frac}"


def amount_text(value: float, lang: str) -> str:
    """An expected loss in points as a player says it, to the nearest third (the game's unit):
    ``0.42`` → "⅓ di punto"; ``1.4`` → "1 punto e ⅓" / "1⅓ Punkte" / "1⅓ points"; a loss
    above zero that rounds to none is "under a third", never "0"."""
    thirds = round(value * 3)
    if thirds == 0:
        return tr("pts_under" if value > 0.005 else "pts_none", lang)
    whole, rest = divmod(thirds, 3)
    frac = ("", "⅓", "⅔")[rest]
    if whole == 0:
        return tr("pts_frac", lang, frac=frac)
    if rest == 0:
        return tr("pts_n", lang, n=whole)
    return tr("pts_n_frac", lang, n=whole, frac=frac)


Arg = Union[str, int, Term, CardName, SuitName, DeclName, Amount, "Message"]


@dataclass(frozen=True, slots=True)
class Message:
    """Something to tell the people at the table: a catalogue ``key`` + ``args``.

    ``text`` is shown as given when there is no key (a rare engine refusal has
    only its English reason); with a key it is ignored. Falsy when empty.
    """

    key: str = ""
    args: tuple[tuple[str, Arg], ...] = ()
    text: str = ""

    def __bool__(self) -> bool:
        return bool(self.key or self.text)


def msg(key: str, /, **args: Arg) -> Message:
    """``msg("r_not_held", card=CardName("italian", 5))``."""
    return Message(key, tuple(args.items()))


def arg_text(value: object, lang: str) -> str:
    if isinstance(value, Message):
        return render(value, lang)
    if isinstance(value, Term):
        return tr(value.key, lang)
    if isinstance(value, CardName):
        return DECKS[value.deck].name_of(value.card, lang)
    if isinstance(value, SuitName):
        return DECKS[value.deck].suit_name(value.suit, lang)
    if isinstance(value, DeclName):
        return describe_declare(value.deck, value.kind, value.suit, value.rank, value.missing, lang)
    if isinstance(value, Amount):
        return amount_text(value.value, lang)
    return str(value)


def render(message: Message | str, lang: str) -> str:
    """A message in ``lang``; a plain string is shown as given."""
    if isinstance(message, str):
        return message
    if not message.key:
        return message.text
    return tr(message.key, lang, **{k: arg_text(v, lang) for k, v in message.args})


GERMAN_DATIVE = {"Kelch": "Kelchen", "Kelche": "Kelchen", "Schwerter": "Schwertern", "Stäbe": "Stäben",
                 "Schell": "Schellen"}
# "tre assi", "Drei Asse", "three aces": a three or four of a kind names its rank in the
# plural, as said at the table (seed 000: „Drei Zehner“, „Vier Assen“; seed 002: die Dreien):
# the messages rank_pl_<code> (3, 2, A, 10, 9), a rank without one keeps its code.
def rank_plural(code: str, lang: str) -> str:
    return tr("rank_pl_" + code, lang) if has("rank_pl_" + code) else code


SUIT_IN_THE_GENITIVE = frozenset({"hr"})
"""Languages whose napoletana and decima put the suit in the genitive ("napolitana od kupa"),
where German takes its dative: the deck's ``suit_genitive`` names (firmware/engine/decktables.py).
A three's missing suit stays as named ("fali: kupe")."""


def decl_suit(deck_name: str, suit: int, lang: str) -> str:
    deck = DECKS[deck_name]
    return deck.suit_name_genitive(suit, lang) if lang in SUIT_IN_THE_GENITIVE else deck.suit_name(suit, lang)


def describe_declare(deck_name: str, kind: str, suit: int | None, rank: int | None,
                     missing: int | None, lang: str) -> str:
    """A declaration's name: "napoletana di coppe", "tre assi (manca spade)"."""

    deck = DECKS[deck_name]
    if kind in ("napoletana", "decima") and suit is not None:
        name = decl_suit(deck_name, suit, lang)
        if lang == "de":  # "Napoli in Stäben": the dative of the plural suit names
            name = GERMAN_DATIVE.get(name, name)
        return tr("d_" + kind, lang, suit=name)
    rank_code = deck.ranks[rank or 0]
    rank_code = rank_plural(rank_code, lang)
    if kind == "four":
        return tr("d_four", lang, rank=rank_code)
    if missing is None:
        return tr("d_three_open", lang, rank=rank_code)
    return tr("d_three", lang, rank=rank_code, suit=deck.suit_name(missing, lang))


def declare_labels(deck_name: str, kind: str, suit: int | None, rank: int | None,
                   missing: int | None, lang: str) -> list[str]:
    """A declaration's names for its button, the full one first, then shorter ones: the
    kind is abbreviated, never the suit a three lacks (it is the point of declaring)."""
    full = describe_declare(deck_name, kind, suit, rank, missing, lang)
    if kind == "decima" and suit is not None:
        name = decl_suit(deck_name, suit, lang)
        return [full, tr("d_decima_short", lang, suit=GERMAN_DATIVE.get(name, name) if lang == "de" else name)]
    if kind != "three" or missing is None:
        return [full]
    deck = DECKS[deck_name]
    code = deck.ranks[rank or 0]
    plural = rank_plural(code, lang)
    name = deck.suit_name(missing, lang)
    return [full, tr("d_three_short", lang, rank=plural, suit=name), tr("d_three_tiny", lang, code=code, suit=name)]


# The templates whose {name} is the subject of the verb: "CPU 2 chiama" reads well, "Tu
# chiama" / "Du ruft" / "You calls" do not. Each has a "_you" form for the person's own
# seat (and "_us"/"_them" where a pair may be meant); ``said_by`` picks it.
SUBJECT_KEYS: tuple[str, ...] = (
    "called_by", "b_call", "b_declares", "b_claim", "claim_ok", "claim_wrong", "side_wins", "game_won",
)


def said_by(key: str, lang: str, name: str, who: str = "", /, **args: object) -> str:
    """``tr(key, name=name)`` in the grammar of who speaks: ``who`` is "you" (the person's own
    seat), "us" (their pair), "them" (another pair) or "" (a seat by its name)."""
    if who and has(f"{key}_{who}"):
        return tr(f"{key}_{who}", lang, **args)
    return tr(key, lang, name=name, **args)


def option_label(key: str, lang: str) -> str:
    return tr("o_" + key, lang) if has("o_" + key) else key.replace("_", " ")


def value_label(value: object, lang: str) -> str:
    if isinstance(value, bool):
        return tr("on" if value else "off", lang)
    if isinstance(value, str) and has("ov_" + value):
        return tr("ov_" + value, lang)
    return str(value).replace("_", " ")


def variant_label(name: str, lang: str, fallback: str = "") -> str:
    return tr("v_" + name, lang) if has("v_" + name) else (fallback or name)




# ---------------------------------------------------------------- rules pages
# Short but real, from RULES.md: (title, body) per page, the messages rules_p<i>_title and
# rules_p<i>_body, in the same order in every language.

RULES_PAGE_COUNT = sum(1 for key in SOURCES if key.startswith("rules_p") and key.endswith("_title"))


def rules_pages(lang: str) -> list[tuple[str, str]]:
    return [(tr(f"rules_p{i}_title", lang), tr(f"rules_p{i}_body", lang)) for i in range(RULES_PAGE_COUNT)]


RULES_PAGES: dict[str, list[tuple[str, str]]] = {lang: rules_pages(lang) for lang in LANGUAGES}


RULES_PAGE_OF: dict[str, int] = {
    "tressette2": 2,
    "treschetten2": 4,
    "treschetten3": 4,
    "treschetten4": 4,
    "treseta4": 5,
    "treseta_hr": 5,
    "tressette4": 5,
    "terziglio3": 7,
    "chiamata": 8,
    "ciapano": 9,
    "briscola": 10,
    "briskula2": 11,
    "briskula4": 11,
}
"""The rules page of each preset (the same order in every language): the rules screen
opens at the game chosen on the home screen, and the page names the games it is about."""


def rules_page(lang: str, i: int) -> tuple[str, str]:
    """Page ``i`` of the rules, its body led by the names of the games it is about."""
    title, body = rules_pages(lang)[i]
    names = [variant_label(v, lang, PRESETS[v].title) for v, page in RULES_PAGE_OF.items()
             if page == i and v in PRESETS]
    if names:
        body = f"{tr('rules_games', lang)}: {', '.join(names)}.\n{body}"
    return title, body


def choose_language(accept: str, box: str) -> str:
    """The language for a phone: the first of its Accept-Language (or ``navigator.languages``,
    comma-separated) that the box speaks, by quality and then order ("hr-HR,hr;q=0.9,en;q=0.8"
    → "hr"), else the box's own language ``box``."""
    wanted: list[tuple[float, int, str]] = []
    for i, part in enumerate(accept.split(",")[:32]):
        tag, _, params = part.strip().partition(";")
        q = 1.0
        if params.strip().startswith("q="):
            try:
                q = float(params.strip()[2:])
            except ValueError:
                q = 0.0
        lang = tag.strip().split("-")[0].split("_")[0].lower()
        if lang in LANGUAGES and q > 0:
            wanted.append((-q, i, lang))
    if wanted:
        return min(wanted)[2]
    return box if box in LANGUAGES else DEFAULT_LANGUAGE
