"""What a player must be able to read on the table (issue 24.5)."""

from __future__ import annotations

import colorsys

import pygame
import pytest

from firmware.engine.cards import DECKS
from ui.cards import STYLES, CardArt
from ui.fonts import Fonts


def _saturation(surf: pygame.Surface) -> float:
    """The mean saturation of the card's most colourful tenth of pixels."""
    w, h = surf.get_size()
    sats = []
    for y in range(0, h, 2):
        for x in range(0, w, 2):
            r, g, b, a = surf.get_at((x, y))
            if a > 200:
                sats.append(colorsys.rgb_to_hsv(r / 255, g / 255, b / 255)[1])
    sats.sort(reverse=True)
    top = sats[: max(1, len(sats) // 10)]
    return sum(top) / len(top)


def _brightness(surf: pygame.Surface) -> float:
    w, h = surf.get_size()
    px = [surf.get_at((x, y)) for y in range(0, h, 3) for x in range(0, w, 3)]
    return sum(p.r + p.g + p.b for p in px if p.a > 200) / max(1, len(px))


@pytest.mark.parametrize("style", sorted(STYLES))
def test_a_card_that_may_not_be_played_is_dimmed_but_keeps_its_suit_colours(style):
    """Fully grey, the dimmed cards lost their suits' colours: darker, still coloured."""
    art = CardArt(Fonts())
    deck = DECKS["bavarian" if style in ("salzburger", "bayerische", "bavarian", "german") else "italian"]
    for card in (deck.card(s, 4) for s in range(len(deck.suits))):  # a pip card of each suit
        face, dim = art.face(card, 60, 97, style), art.dimmed(card, 60, 97, style, 90)
        if _saturation(face) < 0.25:
            continue  # a suit drawn in black (spade, Laub in some styles): nothing to keep
        assert _saturation(dim) >= 0.45 * _saturation(face), (style, card)
        assert _brightness(dim) < 0.85 * _brightness(face), (style, card)
