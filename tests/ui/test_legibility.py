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
def test_a_card_that_may_not_be_played_is_dimmed_but_keeps_its_suit_colours(style: str) -> None:
    """Fully grey, the dimmed cards lost their suits' colours: darker, still coloured."""
    art = CardArt(Fonts())
    deck = DECKS["bavarian" if style in ("salzburger", "bayerische", "bavarian", "german") else "italian"]
    for card in (deck.card(s, 4) for s in range(len(deck.suits))):  # a pip card of each suit
        face, dim = art.face(card, 60, 97, style), art.dimmed(card, 60, 97, style, 90)
        if _saturation(face) < 0.25:
            continue  # a suit drawn in black (spade, Laub in some styles): nothing to keep
        assert _saturation(dim) >= 0.45 * _saturation(face), (style, card)
        assert _brightness(dim) < 0.85 * _brightness(face), (style, card)


def _share(surf: pygame.Surface, colour: tuple[int, int, int], tol: int = 40) -> float:
    w, h = surf.get_size()
    hit = total = 0
    for y in range(0, h, 2):
        for x in range(0, w, 2):
            p = surf.get_at((x, y))
            total += 1
            hit += all(abs(a - b) <= tol for a, b in zip(p[:3], colour, strict=True))
    return hit / total


@pytest.mark.parametrize("style", sorted(STYLES))
def test_the_court_cards_are_told_apart_by_their_figures(style: str) -> None:
    """Issue 24.9: the Cavallo had no horse in the Piacentine pattern. At a hand card's size
    at 800x480 (the gallery's deck pages): the knight shows its horse, no other court does,
    the king his gold crown, and the three courts of a suit are three different pictures."""
    from tools.gallery import DECK_CARD
    from ui.cards import DOUBLE_HEADED, GOLD, HORSE
    from ui.courts import HORSE_COATS

    art = CardArt(Fonts())
    deck = DECKS["bavarian" if style in ("salzburger", "bavarian") else "italian"]
    courts = [i for i, code in enumerate(deck.ranks) if code in ("R", "C", "F", "K", "O", "U")]
    assert len(courts) == 3
    w, h = DECK_CARD
    for suit in range(len(deck.suits)):
        faces = {deck.ranks[i]: art.face(deck.card(suit, i), w, h, style) for i in courts}
        knight = faces.get("C")
        coat = HORSE_COATS[suit % 4] if style in DOUBLE_HEADED else HORSE  # the figures' horses vary by suit
        if knight is not None:
            horse = _share(knight, coat, 12)
            assert horse > 0.03, (style, suit)
            assert all(_share(faces[k], coat, 12) < horse / 4 for k in faces if k != "C"), (style, suit)
        king = faces.get("R", faces.get("K"))
        assert king is not None and _share(king, GOLD, 30) > 0.004, (style, suit)
        pics = list(faces.values())
        for i in range(3):
            for j in range(i + 1, 3):
                a, b = pics[i], pics[j]
                diff = sum(1 for y in range(0, h, 3) for x in range(0, w, 3)
                           if sum(abs(p - q) for p, q in zip(a.get_at((x, y))[:3], b.get_at((x, y))[:3], strict=True)) > 60)
                assert diff / ((h // 3 + 1) * (w // 3 + 1)) > 0.06, (style, suit, i, j)
