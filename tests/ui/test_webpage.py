"""The phone page's parts that live in Python: its card art (the touchscreen's own
drawing code, as PNG), its words (the one catalogue), and that phone.js asks for
no word the box does not send."""

from __future__ import annotations

import json
import re
import struct
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from firmware.engine.cards import CODE, DECKS
from ui.cards import STYLES
from ui.i18n import CATALOGUE, LANGUAGES, describe_declare, text_of
from ui.webart import CARD_H, CARD_W, WebArt, card_names
from ui.webtext import (
    PAGE_PREFIXES,
    declaration_names,
    page_catalogue,
    page_catalogue_json,
    page_keys,
)

WEB = Path(__file__).resolve().parents[2] / "firmware" / "app" / "phones" / "web"
# the page's scripts, as index.html loads them
PAGE_SCRIPTS = tuple(re.findall(r'<script src="/static/([a-z-]+\.js)"></script>', (WEB / "index.html").read_text(encoding="utf-8")))


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    w, h = struct.unpack(">II", data[16:24])
    return w, h


@pytest.mark.parametrize(("deck", "style"), [("italian", "napoletane"), ("italian", "piacentine"), ("italian", "triestine"),
                                             ("bavarian", "salzburger"), ("bavarian", "bavarian")])
def test_every_card_and_the_back_is_a_png_of_the_card_size(deck: str, style: str) -> None:
    art = WebArt(deck, style)
    names = card_names(deck)
    assert len(names) == len(DECKS[deck].cards) + 1
    for name in names:
        data = art.png(name)
        assert data is not None, name
        assert png_size(data) == (CARD_W, CARD_H)


def test_the_art_is_the_touchscreens_drawing() -> None:
    """The same pixels as ui.cards.CardArt draws for the screen: no second art."""
    import pygame

    from ui.cards import CardArt
    from ui.fonts import Fonts

    card = DECKS["italian"].parse("Rc")
    surf = CardArt(Fonts()).face(card, CARD_W, CARD_H, "napoletane")
    path = Path(pytest.importorskip("tempfile").mkdtemp()) / "Rc.png"
    path.write_bytes(WebArt("italian", "napoletane").png("Rc.png") or b"")
    loaded = pygame.image.load(str(path))
    for xy in [(CARD_W // 2, CARD_H // 2), (10, 10), (CARD_W // 3, CARD_H // 4), (CARD_W - 20, CARD_H - 30)]:
        assert loaded.get_at(xy) == surf.get_at(xy), xy


def test_pictures_are_cached_once_rendered() -> None:
    art = WebArt("bavarian", "salzburger")
    assert art.png("10h.png") is art.png("10h.png")


@given(st.text(max_size=40))
def test_no_name_but_a_cards_reaches_the_art(name: str) -> None:
    """A request's name is looked up among the deck's codes, never used as a path."""
    art = WebArt("italian", "napoletane")
    codes = {CODE[c] for c in DECKS["italian"].cards} | {"back"}
    data = art.png(name)
    assert (data is not None) == (name.endswith(".png") and name[:-4] in codes)


@pytest.mark.parametrize("name", ["../ui/cards.py", "/etc/passwd.png", "3d.png/..", "3D.png", "10h.png", "", "back",
                                  "..%2F3d.png", "3d.PNG"])
def test_hostile_names_get_no_picture(name: str) -> None:
    assert WebArt("italian", "napoletane").png(name) is None


def test_unknown_deck_or_style_is_refused() -> None:
    with pytest.raises(ValueError):
        WebArt("french", "napoletane")
    with pytest.raises(ValueError):
        WebArt("italian", "nope")
    assert set(STYLES) >= {"napoletane", "piacentine", "triestine", "salzburger", "bavarian"}


def test_write_makes_a_static_copy(tmp_path: Path) -> None:
    paths = WebArt("italian", "piacentine").write(tmp_path)
    assert sorted(p.name for p in paths) == sorted(card_names("italian"))


# ---------------------------------------------------------------- words


def js_keys() -> tuple[set[str], set[str]]:
    """The keys the page's scripts name: t("key") exactly, and t("prefix_" + …) prefixes."""
    js = "".join((WEB / name).read_text(encoding="utf-8") for name in PAGE_SCRIPTS)
    exact = set(re.findall(r'\bt\("([a-z0-9_]+)"[,)]', js))
    prefixes = set(re.findall(r'\bt\("([a-z0-9_]+_)"\s*\+', js))
    return exact, prefixes


def test_every_word_the_page_asks_for_is_sent_and_in_the_catalogue() -> None:
    exact, prefixes = js_keys()
    sent = set(page_keys())
    assert exact, "the page names its words"
    assert exact <= sent, sorted(exact - sent)
    assert prefixes <= set(PAGE_PREFIXES), sorted(prefixes - set(PAGE_PREFIXES))
    for k in sent:
        assert k in CATALOGUE


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_page_catalogue_is_the_one_catalogue(lang: str) -> None:
    data = json.loads(page_catalogue_json(lang))
    assert data["lang"] == lang
    assert data["t"] == {k: text_of(k, lang, 2) for k in page_keys()}
    for deck in DECKS.values():
        for c in deck.cards:
            assert data["cards"][str(c)] == deck.name_of(c, lang)
    assert data == page_catalogue(lang)


def test_an_unknown_language_is_refused() -> None:
    with pytest.raises(ValueError):
        page_catalogue("fr")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_declaration_names_are_the_touchscreens(lang: str) -> None:
    names = declaration_names(lang)
    assert names["italian|napoletana|0||"] == describe_declare("italian", "napoletana", 0, None, None, lang)
    assert names["bavarian|three||2|1"] == describe_declare("bavarian", "three", None, 2, 1, lang)
    assert names["italian|four||0|"] == describe_declare("italian", "four", None, 0, None, lang)
    assert all(v and "?" not in v for v in names.values())


def test_the_page_guards_a_double_tap_as_long_as_the_touchscreen() -> None:
    from ui.table import DOUBLE_TAP_S

    js = (WEB / "phone.js").read_text(encoding="utf-8")
    found = re.search(r"const DOUBLE_TAP_MS = (\d+);", js)
    assert found is not None, "phone.js names its double-tap guard"
    ms = int(found.group(1))
    assert ms == round(DOUBLE_TAP_S * 1000)


def test_the_page_loads_nothing_from_outside() -> None:
    """No CDN, no font service: every URL in the page is the box's own."""
    for name in ("index.html", *PAGE_SCRIPTS, "phone.css"):
        text = (WEB / name).read_text(encoding="utf-8")
        assert not re.search(r"(https?:)?//[a-z0-9.-]+\.[a-z]{2,}", text.replace("${location.host}", "")), name
        assert "@import" not in text
