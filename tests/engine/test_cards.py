"""Decks, codes and values (RULES.md §1)."""

from __future__ import annotations

import doctest

import pytest

import firmware.engine.cards as cards_module
import firmware.engine.variants as variants_module
from firmware.engine import BAVARIAN, ITALIAN, RANK, THIRDS, Deck, IllegalAction
from firmware.engine.cards import beats


def test_doctests_of_the_core_hold() -> None:
    for module in (cards_module, variants_module):
        assert doctest.testmod(module).failed == 0


@pytest.mark.parametrize("deck", [ITALIAN, BAVARIAN])
def test_each_deck_holds_ten_and_two_thirds_points(deck: Deck) -> None:  # seed 002, seed 000
    assert sum(THIRDS[c] for c in deck.cards) == 32


def test_rank_order_italian() -> None:
    order = [ITALIAN.parse(r + "c") for r in "3 2 A R C F 7 6 5 4".split()]
    assert [RANK[c] for c in order] == list(range(10))
    assert all(beats(hi, lo) for hi, lo in zip(order, order[1:], strict=False))


def test_rank_order_bavarian_10_and_9_play_the_3_and_2() -> None:
    order = [BAVARIAN.parse(r + "h") for r in "10 9 A K O U 8 7".split()]
    assert all(beats(hi, lo) for hi, lo in zip(order, order[1:], strict=False))
    assert [THIRDS[c] for c in order] == [1, 1, 3, 1, 1, 1, 0, 0]


def test_another_suit_never_wins_without_trump() -> None:
    assert not beats(ITALIAN.parse("3d"), ITALIAN.parse("4c"))
    assert beats(ITALIAN.parse("4d"), ITALIAN.parse("3c"), trump=1)


@pytest.mark.parametrize("deck", [ITALIAN, BAVARIAN])
def test_codes_round_trip(deck: Deck) -> None:
    assert all(deck.parse(deck.code(c)) == c for c in deck.cards)


@pytest.mark.parametrize("bad", ["3x", "1c", "3", "", "3D", "ac", "11h"])
def test_bad_codes_are_refused_with_a_message(bad: str) -> None:
    with pytest.raises(IllegalAction, match="card"):
        ITALIAN.parse(bad)


def test_same_code_different_deck() -> None:
    assert ITALIAN.parse("As") != BAVARIAN.parse("As")
    assert ITALIAN.name_of(ITALIAN.parse("3d")) == "tre di denari"
    assert BAVARIAN.name_of(BAVARIAN.parse("10h")) == "Herz Zehn"
    assert ITALIAN.name_of(ITALIAN.parse("Cb"), "en") == "knight of clubs"
