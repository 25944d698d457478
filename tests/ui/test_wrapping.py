"""Wrapped text never leaves one word alone on its last line ("…, tieni le / buone").

``Fonts.wrap`` breaks greedily, then brings the word before a lone last word down
beside it (``no_widow``) while the line above keeps two words or more. Checked
on the break itself (hypothesis, any words and widths) and on every message of
the catalogue, in it/de/en, at the widths the screens wrap at.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import pygame
import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.ui.conftest import MakeUI
from ui.fonts import Fonts, greedy_lines, no_widow
from ui.i18n import CATALOGUE, LANGUAGES, tr

WORDS = st.lists(st.text(alphabet="abcdeèßü", min_size=1, max_size=9), min_size=1, max_size=30)


def _widowed(lines: list[str], fits: Callable[[str], bool]) -> bool:
    """A lone last word that could have had company."""
    if len(lines) < 2 or " " in lines[-1]:
        return False
    above = lines[-2].split(" ")
    return len(above) >= 3 and fits(f"{above[-1]} {lines[-1]}")


def _fits(font: pygame.font.Font, width: int) -> Callable[[str], bool]:
    """Whether a line drawn in ``font`` is at most ``width`` px wide."""
    return lambda t: font.size(t)[0] <= width


@given(WORDS, st.integers(4, 60))
def test_the_break_keeps_every_word_in_order_and_no_widow(words: list[str], width: int) -> None:
    def fits(t: str) -> bool:
        return len(t) <= width

    para = " ".join(words)
    lines = no_widow(greedy_lines(para, fits), fits)
    assert " ".join(lines).split(" ") == words  # nothing lost, nothing moved out of order
    assert all(fits(x) or " " not in x for x in lines)  # a line too long is a single long word
    assert not _widowed(lines, fits)
    assert len(lines) == len(greedy_lines(para, fits))  # never a line more


def _sample(template: str) -> str:
    """A catalogue template with its fields filled as the screens fill them."""
    fills = {"card": "asso di coppe", "keep": "tre di spade", "better": "re di denari", "suit": "bastoni",
             "name": "CPU 2", "points": "1 punto e ⅓", "worth": "⅓", "n": "3", "what": "napoletana",
             "signal": "busso", "hint": "quattro di denari: apri con una carta che non vale niente"}
    return re.sub(r"\{(\w+)\}", lambda m: fills.get(m.group(1), "12"), template)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_catalogue_message_wraps_to_a_lone_word(lang: str, make_ui: MakeUI) -> None:
    make_ui((800, 480), language=lang)  # pygame and the fonts ready
    fonts = Fonts()
    font_sizes = (12, 14, 16, 18)
    widths = range(160, 780, 23)
    checked = 0
    for key in CATALOGUE:
        text = _sample(tr(key, lang))
        if " " not in text:
            continue
        for size in font_sizes:
            font = fonts.font(size, False)
            for w in widths:
                for para_lines in _paragraphs(fonts.wrap(text, size, w), text):
                    assert not _widowed(para_lines, _fits(font, w)), (key, w, para_lines)
                    checked += 1
    assert checked > 1000


def _paragraphs(lines: list[str], text: str) -> list[list[str]]:
    """The wrapped lines grouped back by the paragraph they came from."""
    out: list[list[str]] = []
    k = 0
    for para in text.split("\n"):
        n_words = len(para.split(" "))
        group: list[str] = []
        seen = 0
        while seen < n_words and k < len(lines):
            group.append(lines[k])
            seen += len(lines[k].split(" "))
            k += 1
        out.append(group)
    return out
