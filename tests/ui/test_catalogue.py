"""The catalogue as gettext (docs/translating.md): every message translated in every
language, the same arguments and the plural forms the language has, the compiled .mo as its
.po, the template as ui/messages.py, a missing catalogue or word never a crash, the decks'
words in every language, the glyphs of every language in the shipped fonts, the phone's
language chosen from its own."""

from __future__ import annotations

import gettext
import logging
import shutil
import string
from pathlib import Path

import pygame.freetype
import pytest
from babel.messages.plurals import get_plural

from firmware import config
from firmware.engine.cards import DECKS
from ui import locale_tool
from ui.fonts import ASSETS
from ui.i18n import (
    CATALOGUE,
    LANGUAGE_NAMES,
    LANGUAGES,
    SOURCES,
    choose_language,
    load_translations,
    text_of,
    tr,
)
from ui.keyboard import ACCENTS, LETTERS
from ui.theme import DEFAULT

TRANSLATED = [lang for lang in LANGUAGES if lang != locale_tool.SOURCE_LANGUAGE]
BOUNDED_COUNTS = {"ph_waiting_for": "n is 1 to 3 phones: the singular is said for one only"}
"""Messages whose count never reaches 21: their singular may leave out an argument of the
plural (GNU msgfmt -c would want it in Croatian's first form, used for 21, 31 …)."""


def fields(text: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(text) if f}


def test_every_language_has_its_catalogue_and_its_name() -> None:
    assert locale_tool.SOURCE_LANGUAGE in LANGUAGES
    assert sorted(locale_tool.po_languages()) == sorted(TRANSLATED)
    assert set(LANGUAGE_NAMES) == set(LANGUAGES)
    assert LANGUAGE_NAMES["hr"] == "Hrvatski" and LANGUAGE_NAMES["nl"] == "Nederlands"
    assert set(config.LANGUAGES) == set(LANGUAGES)  # what the settings file may say


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_message_is_translated(lang: str) -> None:
    """A new message (ui/messages.py, then `python -m ui.locale_tool extract` and `update`)
    is untranslated in every .po until someone writes it: this names its key."""
    catalog = locale_tool.read(lang)
    keys = {str(m.context) for m in catalog if m.id}
    assert not set(SOURCES) - keys, f"{lang}: not in the .po (run extract and update): {sorted(set(SOURCES) - keys)}"
    assert not keys - set(SOURCES), f"{lang}: no longer in ui/messages.py: {sorted(keys - set(SOURCES))}"
    _done, missing, fuzzy = locale_tool.stats(lang)
    assert not missing, f"{lang}: untranslated: {' '.join(missing)}"
    assert not fuzzy, f"{lang}: fuzzy (to check, then unmark): {' '.join(fuzzy)}"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_arguments_and_plural_forms_agree_with_the_source(lang: str) -> None:
    catalog = locale_tool.read(lang)
    plural = get_plural(lang)
    assert catalog.num_plurals == plural.num_plurals
    assert catalog.plural_expr == plural.plural_expr, "the .po's Plural-Forms are not its language's"
    form_of = gettext.c2py(catalog.plural_expr)
    counted = {form_of(n) for n in range(1000) if n != 1}  # the forms said for counts other than one
    bad = []
    for m in catalog:
        if not m.id or not m.string:
            continue
        if isinstance(m.id, tuple):
            singular, many = (str(x) for x in m.id)
            forms = tuple(str(x) for x in m.string) if isinstance(m.string, tuple | list) else (str(m.string),)
            if len(forms) != plural.num_plurals:
                bad.append(f"{m.context}: {len(forms)} forms, {lang} has {plural.num_plurals}")
            for i, form in enumerate(forms):
                if not fields(form) <= fields(singular) | fields(many):
                    bad.append(f"{m.context}[{i}]: {sorted(fields(form) - fields(singular) - fields(many))} not in the source")
                if i in counted and m.context not in BOUNDED_COUNTS and not fields(many) <= fields(form):
                    bad.append(f"{m.context}[{i}]: lacks {sorted(fields(many) - fields(form))}")
        else:
            assert isinstance(m.string, str) and isinstance(m.id, str)
            if fields(m.string) != fields(m.id):
                bad.append(f"{m.context}: {sorted(fields(m.string))} where the source has {sorted(fields(m.id))}")
    assert not bad, f"{lang}:\n" + "\n".join(bad)


def test_a_count_takes_the_form_its_language_says() -> None:
    assert [tr("hands_n", "it", n=n) for n in (1, 2, 5)] == ["1 mano", "2 mani", "5 mani"]
    assert [tr("hands_n", "de", n=n) for n in (1, 2)] == ["1 Runde", "2 Runden"]
    one, few, many = (tr("pts_n", "hr", n=n) for n in (1, 3, 5))
    assert len({one, few, many}) == 3, (one, few, many)  # Croatian: punat, punta, punata
    assert tr("pts_n", "hr", n=21) == one.replace("1", "21")
    assert tr("hands_n_one", "it") == "1 mano"  # the singular by its old name


def test_the_template_is_what_ui_messages_py_says(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``python -m ui.locale_tool extract`` has been run: the .pot's messages are ui/messages.py's."""
    from babel.messages.pofile import read_po

    monkeypatch.setattr(locale_tool, "TEMPLATE", tmp_path / "fresh.pot")
    locale_tool.extract()
    with (tmp_path / "fresh.pot").open("rb") as f:
        fresh = {(m.context, m.id) for m in read_po(f) if m.id}
    with (locale_tool.LOCALE_DIR / "tressette.pot").open("rb") as f:
        kept = {(m.context, m.id) for m in read_po(f) if m.id}
    assert fresh == kept, f"run python -m ui.locale_tool extract: {sorted(fresh ^ kept)[:10]}"
    assert {c for c, _ in fresh} == set(SOURCES)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_compiled_catalogue_is_its_po(lang: str, caplog: pytest.LogCaptureFixture) -> None:
    mo = locale_tool.mo_path(lang)
    assert mo.is_file(), f"{mo} not built: python -m ui.locale_tool compile (scripts/setup does)"
    assert mo.read_bytes() == locale_tool.mo_bytes(locale_tool.po_path(lang), lang), \
        f"{mo} is older than its .po: python -m ui.locale_tool compile"
    with caplog.at_level(logging.WARNING):
        load_translations(lang)
    assert not caplog.records


def test_a_missing_mo_is_read_from_its_po_and_a_missing_catalogue_is_english(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    monkeypatch.setattr(locale_tool, "LOCALE_DIR", tmp_path)
    po = locale_tool.po_path("it")
    po.parent.mkdir(parents=True)
    shutil.copy(Path(locale_tool.__file__).parent / "locale" / "it" / "LC_MESSAGES" / "tressette.po", po)
    with caplog.at_level(logging.WARNING):
        italian = load_translations("it")
        dutch = load_translations("nl")
    assert italian.pgettext("home", "Home") == "Inizio"
    assert dutch.pgettext("home", "Home") == "Home"
    said = [r.getMessage() for r in caplog.records]
    assert len(said) == 2 and "is missing" in said[0] and "read from the .po" in said[0], said
    assert "'nl'" in said[1] and "English" in said[1], said


def test_a_missing_key_shows_itself_in_every_language() -> None:
    for lang in (*LANGUAGES, "fr"):
        assert tr("no_such_key", lang) == "?no_such_key"
        assert tr("no_such_key", lang, n=2) == "?no_such_key"
    assert text_of("no_such_key", "hr") is None
    assert tr("home", "fr") == tr("home", "it")  # an unknown language: the box's own


def test_an_untranslated_message_is_named_by_its_key(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """How CI names a string added without its translations: its .po entry is empty."""
    monkeypatch.setattr(locale_tool, "LOCALE_DIR", tmp_path)
    po = locale_tool.po_path("hr")
    po.parent.mkdir(parents=True)
    text = (Path(locale_tool.__file__).parent / "locale" / "hr" / "LC_MESSAGES" / "tressette.po").read_text("utf-8")
    text = text.replace('msgctxt "home"\nmsgid "Home"\nmsgstr "Početak"', 'msgctxt "home"\nmsgid "Home"\nmsgstr ""')
    po.write_text(text, encoding="utf-8")
    _done, missing, _fuzzy = locale_tool.stats("hr")
    assert missing == ["home"]
    assert locale_tool.main(["check"]) == 1


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_deck_names_its_cards_and_suits(lang: str) -> None:
    """The decks keep their words (firmware/engine/decktables.py): in every language."""
    for deck in DECKS.values():
        assert len(deck.suit_names[lang]) == len(deck.suits), (deck.name, lang)
        assert len(deck.rank_names[lang]) == len(deck.ranks), (deck.name, lang)
        assert lang in deck.card_name, (deck.name, lang)
        names = {deck.name_of(c, lang) for c in deck.cards}
        assert len(names) == deck.size and not any("{" in n for n in names), (deck.name, lang)
    assert DECKS["italian"].name_of(DECKS["italian"].parse("Ac"), "hr") == "as kupa"


def test_the_phone_gets_its_own_language_where_the_box_has_it() -> None:
    assert choose_language("hr-HR,hr;q=0.9,en-US;q=0.8,en;q=0.7", "it") == "hr"
    assert choose_language("nl-BE", "de") == "nl"
    assert choose_language("fr-FR,fr;q=0.9,de;q=0.5", "it") == "de"
    assert choose_language("en;q=0.3,nl;q=0.8", "it") == "nl"  # by quality, not order
    assert choose_language("fr-FR,ja", "hr") == "hr"  # none the box speaks: the box's own
    assert choose_language("", "nl") == "nl"
    assert choose_language("de;q=0,xx;q=abc,,;;", "en") == "en"  # refused or garbled: the box's
    assert choose_language("", "fr") == "it"


def all_words() -> str:
    out = [text for row in CATALOGUE.values() for text in row]
    out += list(LANGUAGE_NAMES.values())
    for deck in DECKS.values():
        for lang in LANGUAGES:
            out += [deck.name_of(c, lang) for c in deck.cards]
            out += list(deck.suit_genitive.get(lang, ()))
    out += ["".join(rows) for rows in LETTERS.values()] + list(ACCENTS)
    return "".join(out)


@pytest.mark.parametrize("bold", [False, True])
@pytest.mark.parametrize("size", [10, 12, 28])
def test_every_glyph_of_the_five_languages_is_in_the_font(size: int, bold: bool) -> None:
    """č ć đ š ž, ë, ß, accented capitals, and every character of every message: none is
    drawn as the empty box, at the smallest text of either screen (10 and 12 px) or a title."""
    pygame.freetype.init()
    font = pygame.freetype.Font(str(ASSETS / (DEFAULT.font_bold_file if bold else DEFAULT.font_file)), size)
    wanted = set(all_words() + "čćđšžČĆĐŠŽëËïÏéÉèÈàÀìÌòÒùÙäÄöÖüÜßẞ") - set("\n\t")
    missing = sorted(ch for ch, metrics in zip(sorted(wanted), font.get_metrics("".join(sorted(wanted))), strict=True)
                     if metrics is None)
    assert not missing, [f"U+{ord(c):04X} {c}" for c in missing]


def test_the_keys_are_the_same_in_every_language() -> None:
    """Keyboard shortcuts stay language-independent (ui/hand_view.py HAND_KEYS and T, H, U…): the
    rules' Keys page names the same keys in every language."""
    from ui.hand_view import HAND_KEYS
    from ui.i18n import rules_pages

    for lang in LANGUAGES:
        title, body = rules_pages(lang)[-1]
        assert " ".join(HAND_KEYS[10:]) in body, lang
        for key in ("T ", "P ", "H ", "U ", "N ", "L ", "D ", "Esc"):  # Enter is "Invio" in Italian
            assert key in body, (lang, key)
