"""No word on the screen that is not in the catalogue (docs/translating.md): every gallery
scene drawn in a pseudo-language, each catalogue message's letters turned into look-alikes
("Ƥŀȧẏ"), and what is still written in plain letters on the screen is listed. What may be:
the cards' and suits' names (the decks' own, firmware/engine/decktables.py), the languages'
names (each written in its own language), and the gallery's people, networks and decks."""

from __future__ import annotations

import gettext
import re

import pytest

from firmware.engine.cards import DECKS
from tests.ui.conftest import MakeUI
from tools import coach_samples
from tools.gallery import scenes
from ui import i18n
from ui.textcheck import RecordingSurface

PLAIN = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
LOOKS = "ȧƀƈḓḗƒɠħīĵķŀḿƞǿƥɋřşŧŭṽẇẋẏẑȦƁƇḒḖƑƓĦĪĴĶĿḾȠǾƤɊŘŞŦŬṼẆẊẎẐ"
TO_PSEUDO = str.maketrans(PLAIN, LOOKS)


def pseudo(text: str) -> str:
    """The letters outside ``{arguments}`` and ``%x`` formats as look-alikes."""
    return "".join(part if part.startswith(("{", "%")) else part.translate(TO_PSEUDO)
                   for part in re.split(r"(\{[^}]*\}|%.)", text))


class Pseudo(gettext.NullTranslations):
    def pgettext(self, context: str, message: str) -> str:
        return pseudo(message)

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        return pseudo(msgid1 if n == 1 else msgid2)


def allowed_words() -> set[str]:
    words: set[str] = set()
    for deck in DECKS.values():
        for names in (*deck.suit_names.values(), *deck.rank_names.values()):
            words.update(w for name in names for w in name.split())
        for pattern in deck.card_name.values():  # "{rank} of {suit}"
            words.update(re.sub(r"\{\w+\}", " ", pattern).split())
    words.update(i18n.LANGUAGE_NAMES.values())
    words.add("ABC")  # the on-screen keyboard's letters key, beside "?123" and "àè"
    words.update({"Tressette", "tressette", "local", "http"})  # the box's name and address
    # the gallery's people and Wi-Fi networks (ui/gallery.py), and their short forms
    words.update({"Anna", "Marco", "Zoë", "Jürgen", "Jür", "Đurđa", "Đur", "Nonna", "Pina", "Vodafone", "FRITZ",
                  "Box", "KL", "Bar", "Sport", "ospiti", "Casa", "Rossi"})
    return words


SCENES = scenes(coach_samples.scenes())


@pytest.mark.parametrize("size", [(800, 480)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_word_on_every_screen_comes_from_the_catalogue(size: tuple[int, int], make_ui: MakeUI,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(i18n.TRANSLATIONS, "en", Pseudo())
    allowed = allowed_words()
    found: dict[str, set[str]] = {}
    for name, setup in SCENES.items():
        ui = make_ui(size, language="en")
        setup(ui)
        rec = RecordingSurface(size, ui.ctx.fonts.meta)
        ui.draw(rec)
        for box in rec.texts:
            # a word with two plain letters or more; a code or a password (letters and digits) is none
            if plain_words(box.text, allowed):
                found.setdefault(box.text, set()).add(name)
    assert not found, "\n".join(f"{text!r} on {', '.join(sorted(where))}" for text, where in sorted(found.items()))


def plain_words(text: str, allowed: set[str]) -> list[str]:
    """The words of ``text`` in plain letters (two or more; a code with digits is none)."""
    return [w for w in re.findall(r"[^\W_]+", text)
            if len(re.findall("[A-Za-z]", w)) >= 2 and not re.search(r"\d", w) and w not in allowed]


@pytest.mark.parametrize("deck", list(DECKS))
@pytest.mark.parametrize("n_seats", [2, 3, 4])
def test_every_word_of_the_simulators_panel_comes_from_the_catalogue(
        deck: str, n_seats: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """The table panel beside the simulator's screen (ui/simpanel.py): the Accuso buttons,
    the menu button and its holds, the display's and the reader's titles, in every state."""
    import pygame

    from ui.simpanel import SimPanel

    monkeypatch.setitem(i18n.TRANSLATIONS, "en", Pseudo())
    allowed = allowed_words()
    found: dict[str, set[str]] = {}
    panel = SimPanel(pygame.Rect(0, 0, 300, 480), n_seats=n_seats, deck=deck, language="en")
    for online in (None, True, False):
        panel.set_table(reader_online=online, message=i18n.tr("m_reader_back", "en"))
        rec = RecordingSurface((300, 480), panel.fonts.meta)
        panel.draw(rec)
        for box in rec.texts:
            if plain_words(box.text, allowed):
                found.setdefault(box.text, set()).add(f"reader {online}")
    assert not found, "\n".join(f"{text!r} with {', '.join(sorted(where))}" for text, where in sorted(found.items()))
