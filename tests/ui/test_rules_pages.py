"""The rules screen opens at the game chosen on the home screen, every game is named on
its page, and the general page's sentence on a hand's 11 points is true of every game."""

from __future__ import annotations

import itertools

import pytest

from firmware.engine import PRESETS, TRESSETTE_VALUES, make_variant
from tests.ui.conftest import MakeUI
from ui.i18n import RULES_PAGE_OF, RULES_PAGES, rules_page, variant_label


def test_every_language_has_the_same_pages() -> None:
    assert len({len(p) for p in RULES_PAGES.values()}) == 1


@pytest.mark.parametrize("lang", ["it", "de", "en"])
@pytest.mark.parametrize("preset", list(PRESETS))
def test_every_game_has_a_page_that_names_it(preset: str, lang: str) -> None:
    assert preset in RULES_PAGE_OF
    _, body = rules_page(lang, RULES_PAGE_OF[preset])
    assert variant_label(preset, lang, PRESETS[preset].title) in body.split("\n")[0]


@pytest.mark.parametrize("preset", list(PRESETS))
def test_the_open_page_is_the_chosen_game(make_ui: MakeUI, preset: str) -> None:
    ui = make_ui((480, 320))
    ui.home.select_variant(preset)
    ui.show("rules")
    assert ui.screen == "rules" and ui.rules.variant == preset and ui.rules.page == 0
    assert ui.rules.pages()[0] == ("values", 0)  # its pictures first, then its page of text
    assert ("text", RULES_PAGE_OF[preset]) in ui.rules.pages()


@pytest.mark.parametrize("preset", list(PRESETS))
def test_a_hand_between_two_sides_is_worth_11_points(preset: str) -> None:
    """The general page: cards and last trick make 11; two sides always score 11 in all
    (thirds split 32 = a + b lose at most 2 thirds... i.e. floor(a/3) + floor(b/3) = 10).
    Briscola counts its own way (RULES.md §3.8): its page says its 120."""
    variant = make_variant(preset)
    if variant.values is not TRESSETTE_VALUES:
        assert variant.values.deck_thirds(variant.deck) == 360
        for lang in ("it", "de", "en"):
            assert "120" in rules_page(lang, RULES_PAGE_OF[preset])[1]
        return
    deck = variant.deck
    thirds = sum(deck.rank_thirds) * len(deck.suits)
    assert thirds // 3 + 1 == 11
    for a in range(thirds + 1):
        assert a // 3 + (thirds - a) // 3 + 1 == 11
    # three or more sides: the lost thirds may leave 10, as the page says
    assert any(sum(p // 3 for p in split) + 1 == 10
               for split in itertools.product(range(thirds + 1), repeat=2) if sum(split) <= thirds
               for split in [(*split, thirds - sum(split))])
