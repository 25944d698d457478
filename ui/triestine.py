"""The Triestine pattern's own drawing: its suit signs, its swords and batons, its aces.

The Triestine (Trieste, Istria, the Croatian coast: the deck of Trešeta and
Briškula) descends from the Venetian pattern and keeps its northern suit
signs: curved sabres interlaced into an oval and long straight batons crossed
into a trellis, where the southern decks (Napoletane, Piacentine) lay separate
swords and clubs; ornate goblets; coins with a petalled rosette. Its numeral
cards are indexed 1 to 7 and its courts 11, 12, 13 (Fante, Cavallo, Re), its
courts are double-headed with their name on a label across the middle
(ui.courts), and each ace carries a motto on a scroll, as the printed decks
do (Modiano's; the wording varies by maker and town); the ace of coins is the
pattern's sun, a great coin in a ring of rays, and the ace of batons is held
up by a hand::

    coppe    UNA COPPA DI BUON VIN / FA CORAGGIO FA MORBIN
    denari   NON VAL SAPER / CHI HA FORTUNA CONTRA
    spade    IL GIUOCO DELLA SPADA / A MOLTI NON AGGRADA
    bastoni  MOLTE VOLTE LE GIUOCATE / VAN FINIRE A BASTONATE

All drawn by code in fractions of a rectangle (ui.paint).
"""

from __future__ import annotations

import math
from collections.abc import Callable

import pygame

from ui.paint import RGB, Pt, band, bezier, oval, shade, shape, sub

Colours = tuple[RGB, RGB, RGB]

MOTTOS: tuple[tuple[str, str], ...] = (
    ("UNA COPPA DI BUON VIN", "FA CORAGGIO FA MORBIN"),
    ("NON VAL SAPER", "CHI HA FORTUNA CONTRA"),
    ("IL GIUOCO DELLA SPADA", "A MOLTI NON AGGRADA"),
    ("MOLTE VOLTE LE GIUOCATE", "VAN FINIRE A BASTONATE"),
)
"""The aces' mottos, per suit (coppe, denari, spade, bastoni): two lines, one a scroll."""

INDEX = {"A": "1", "2": "2", "3": "3", "4": "4", "5": "5", "6": "6", "7": "7", "F": "11", "C": "12", "R": "13"}
"""The corner index of each rank: numerals by value, the courts 11 (Fante), 12 (Cavallo), 13 (Re)."""

STEEL = (176, 190, 210)


# ---------------------------------------------------------------- the signs


def draw_goblet(s: pygame.Surface, r: pygame.Rect, c: Colours) -> None:
    """A Venetian goblet: a wide lobed bowl, a knop on the stem, a broad foot."""
    main, band_c, dark = c
    shape(s, main, r, [(0.1, 0.1), (0.9, 0.1), (0.86, 0.3), (0.72, 0.46), (0.56, 0.52), (0.44, 0.52), (0.28, 0.46),
                       (0.14, 0.3)])
    for i in range(5):  # the bowl's gadroons
        x = 0.22 + i * 0.14
        shape(s, band_c, r, [(x - 0.04, 0.28), (x + 0.04, 0.28), (x + 0.02 - (x - 0.5) * 0.2, 0.44),
                             (x - 0.02 - (x - 0.5) * 0.2, 0.44)], 0)
    shape(s, dark, r, [(0.14, 0.22), (0.86, 0.22), (0.85, 0.27), (0.15, 0.27)], 0)
    oval(s, shade(main, 0.7), r, 0.5, 0.1, 0.82, 0.1)  # the rim, seen from above
    shape(s, main, r, [(0.45, 0.5), (0.55, 0.5), (0.56, 0.82), (0.44, 0.82)])
    oval(s, band_c, r, 0.5, 0.64, 0.22, 0.1)  # the knop
    shape(s, main, r, [(0.44, 0.8), (0.56, 0.8), (0.84, 0.93), (0.82, 0.98), (0.18, 0.98), (0.16, 0.93)])
    shape(s, dark, r, [(0.2, 0.93), (0.8, 0.93), (0.8, 0.95), (0.2, 0.95)], 0)


def draw_rosette_coin(s: pygame.Surface, r: pygame.Rect, c: Colours) -> None:
    """The Triestine coin: a gold disc with a coloured ring and an eight-petalled rosette."""
    main, petal, ring = c
    side = min(r.w, r.h)  # a coin is round whatever room it is given
    r = pygame.Rect(0, 0, side, side).move(r.centerx - side // 2, r.centery - side // 2)
    oval(s, main, r, 0.5, 0.5, 0.96, 0.96)
    oval(s, ring, r, 0.5, 0.5, 0.78, 0.78)
    oval(s, main, r, 0.5, 0.5, 0.64, 0.64)
    for i in range(8):
        a = i * math.pi / 4
        tip = (0.5 + 0.29 * math.cos(a), 0.5 + 0.29 * math.sin(a))
        l_ = (0.5 + 0.12 * math.cos(a - 0.45), 0.5 + 0.12 * math.sin(a - 0.45))
        r_ = (0.5 + 0.12 * math.cos(a + 0.45), 0.5 + 0.12 * math.sin(a + 0.45))
        shape(s, petal, r, [(0.5, 0.5), l_, tip, r_], 0)
    oval(s, ring, r, 0.5, 0.5, 0.16, 0.16)
    for i in range(16):  # the milled edge
        a = i * math.pi / 8
        oval(s, shade(main, 0.75), r, 0.5 + 0.44 * math.cos(a), 0.5 + 0.44 * math.sin(a), 0.04, 0.04, 0)


def _sabre_path(foot: Pt, tip: Pt, bulge: float) -> list[Pt]:
    """A curved blade from the guard at ``foot`` to ``tip``, bowed sideways by ``bulge``."""
    (x0, y0), (x1, y1) = foot, tip
    return bezier((x0, y0), (x0 + bulge, y0 + (y1 - y0) * 0.33), (x1 + bulge, y0 + (y1 - y0) * 0.72), (x1, y1), 14)


def _sabre(s: pygame.Surface, r: pygame.Rect, foot: Pt, tip: Pt, bulge: float, c: Colours, width: float,
           hilt_down: bool = True) -> None:
    blade, hilt, grip = c
    asp = r.h / r.w
    path = _sabre_path(foot, tip, bulge)
    halves = [width * (1 - 0.75 * (i / (len(path) - 1)) ** 2) for i in range(len(path))]
    halves[-1] = width * 0.05
    shape(s, blade, r, band(path, halves, asp))
    shape(s, shade(blade, 1.45), r, band(path[1:-2], [h * 0.25 for h in halves[1:-2]], asp), 0)
    d = 1 if hilt_down else -1
    fx, fy = foot
    gw = width * 3.2
    # the guard with its curled quillons, the grip and the pommel
    shape(s, hilt, r, band(bezier((fx - gw, fy - d * width * 0.9), (fx - gw * 0.4, fy + d * width * 0.4),
                                  (fx + gw * 0.4, fy + d * width * 0.4), (fx + gw, fy - d * width * 0.9), 8),
                           width * 0.45, asp))
    gl = width * 2.6 / asp
    shape(s, grip, r, [(fx - width * 0.55, fy + d * width * 0.3), (fx + width * 0.55, fy + d * width * 0.3),
                       (fx + width * 0.5, fy + d * gl), (fx - width * 0.5, fy + d * gl)])
    oval(s, hilt, r, fx, fy + d * (gl + width * 0.5 / asp), width * 1.6, width * 1.4 / asp)


def draw_tri_sabre(s: pygame.Surface, r: pygame.Rect, c: Colours) -> None:
    """One curved sabre, point up: the corner's and the Fante's sign."""
    _sabre(s, r, (0.5, 0.74), (0.54, 0.03), -0.14, c, 0.09)


def _staff(s: pygame.Surface, r: pygame.Rect, a: Pt, b: Pt, c: Colours, width: float) -> None:
    """A long turned baton from ``a`` to ``b``: bands near both ends, a knob at each end."""
    wood, band_c, knob = c
    asp = r.h / r.w
    path = [a, b]
    shape(s, wood, r, band(path, width, asp))
    (ax, ay), (bx, by) = a, b
    shape(s, shade(wood, 1.4), r, band([(ax + (bx - ax) * 0.06, ay + (by - ay) * 0.06),
                                        (ax + (bx - ax) * 0.94, ay + (by - ay) * 0.94)], width * 0.25, asp), 0)
    for t in (0.12, 0.2, 0.8, 0.88):
        x, y = ax + (bx - ax) * t, ay + (by - ay) * t
        dx, dy = (bx - ax) * 0.025, (by - ay) * 0.025
        shape(s, band_c, r, band([(x - dx, y - dy), (x + dx, y + dy)], width * 1.15, asp))
    for x, y in (a, b):
        oval(s, knob, r, x, y, width * 2.6, width * 2.6 / asp)


def draw_tri_baton(s: pygame.Surface, r: pygame.Rect, c: Colours) -> None:
    """One baton, leaning: the corner's and the Fante's sign."""
    _staff(s, r, (0.32, 0.94), (0.68, 0.06), c, 0.09)


# ---------------------------------------------------------------- the numeral cards


def swords(s: pygame.Surface, art: pygame.Rect, n: int, c: Colours) -> None:
    """``n`` sabres as the Venetian patterns lay them: pairs of blades bowed apart into nested
    ovals, one hilt at each end, and a straight sword through the middle when ``n`` is odd."""
    pairs = n // 2
    width = 0.07 if n <= 3 else 0.05
    for j in range(pairs):  # concentric ovals, the inner ones shorter
        bulge = (0.46, 0.3, 0.15)[j] if pairs > 1 else 0.42
        foot, tip = (0.5, 0.9 - 0.1 * j), (0.52, 0.06 + 0.1 * j)
        _sabre(s, art, foot, tip, -bulge, c, width)
        _sabre(s, art, (1 - foot[0], 1 - foot[1]), (1 - tip[0], 1 - tip[1]), bulge, c, width, hilt_down=False)
    if n % 2:
        _sabre(s, art, (0.5, 0.88), (0.5, 0.08), 0.0, c, width)
    if n in (2, 4, 6):  # a flower where the blades leave room
        _flower(s, sub(art, 0.38, 0.44, 0.24, 0.12), c)


def batons(s: pygame.Surface, art: pygame.Rect, n: int, c: Colours) -> None:
    """``n`` long batons crossed into a trellis, a straight one up the middle when ``n`` is odd."""
    pairs = n // 2
    width = 0.05 if n <= 3 else 0.042
    span = 0.46 if pairs == 1 else 0.36
    for j in range(pairs):
        off = (j - (pairs - 1) / 2) * (0.36 if pairs == 2 else 0.3)
        _staff(s, art, (0.5 + off - span / 2, 0.93), (0.5 + off + span / 2, 0.07), c, width)
    for j in range(pairs):
        off = (j - (pairs - 1) / 2) * (0.36 if pairs == 2 else 0.3)
        _staff(s, art, (0.5 + off + span / 2, 0.93), (0.5 + off - span / 2, 0.07), c, width)
    if n % 2:
        _staff(s, art, (0.5, 0.95), (0.5, 0.05), c, width)


def _flower(s: pygame.Surface, r: pygame.Rect, c: Colours) -> None:
    for a in range(4):
        ang = a * math.pi / 2 + math.pi / 4
        oval(s, c[2], r, 0.5 + 0.22 * math.cos(ang), 0.5 + 0.3 * math.sin(ang), 0.36, 0.5)
    oval(s, c[1], r, 0.5, 0.5, 0.3, 0.4)


# ---------------------------------------------------------------- the aces


def ace(s: pygame.Surface, art: pygame.Rect, suit: int, c: Colours, sign: Callable[[pygame.Surface, pygame.Rect], None],
        text: Callable[[str], pygame.Surface]) -> None:
    """The ace: its sign large in the middle, wreathed with leaves, and its motto on two
    scrolls, above and below (``text`` renders a line of the motto)."""
    leaf = (70, 130, 60)
    asp = art.h / art.w
    if suit == 1:  # the ace of coins is a sun: rays round a great coin
        cx, cy, rad = 0.5, 0.5, 0.5
        for i in range(24):
            a = i * math.pi / 12
            long_ = rad * (1.0 if i % 2 else 0.8)
            tip = (cx + long_ * math.cos(a), cy + long_ * math.sin(a) / asp)
            base = [(cx + rad * 0.55 * math.cos(a + d), cy + rad * 0.55 * math.sin(a + d) / asp) for d in (-0.11, 0.11)]
            shape(s, c[0] if i % 2 else c[1], art, [base[0], tip, base[1]])
        sign(s, sub(art, 0.14, 0.5 - 0.36 / asp, 0.72, 0.72 / asp))
        for k, line in enumerate(MOTTOS[suit]):
            _scroll(s, sub(art, 0.0, 0.02 if k == 0 else 0.84, 1.0, 0.14), text(line))
        return
    for side in (-1, 1):  # a laurel sprig either side of the sign
        stem = bezier((0.5, 0.8), (0.5 + side * 0.5, 0.72), (0.5 + side * 0.5, 0.32), (0.5 + side * 0.18, 0.22), 12)
        pygame.draw.lines(s, shade(leaf, 0.7), False, [(art.x + x * art.w, art.y + y * art.h) for x, y in stem],
                          max(1, art.w // 60))
        for i in range(2, 12, 2):
            x, y = stem[i]
            tip = (x + side * 0.1, y - 0.02)
            shape(s, leaf, art, band([(x, y), tip], 0.03, asp))
    if suit == 2:
        _sabre(s, art, (0.5, 0.72), (0.54, 0.18), -0.12, c, 0.1)
    elif suit == 3:  # the baton held up by a hand from a sleeve, as on the Venetian aces
        _staff(s, art, (0.32, 0.78), (0.68, 0.21), c, 0.09)
        shape(s, (190, 36, 40), art, [(0.06, 0.8), (0.22, 0.7), (0.3, 0.76), (0.14, 0.86)])
        shape(s, (236, 200, 70), art, [(0.2, 0.71), (0.25, 0.68), (0.33, 0.74), (0.28, 0.77)])
        oval(s, (246, 208, 170), art, 0.36, 0.69, 0.2, 0.08)
        for i in range(3):  # the fingers round the staff
            oval(s, (246, 208, 170), art, 0.4 + 0.015 * i, 0.655 + 0.02 * i, 0.1, 0.025)
    else:
        sign(s, sub(art, 0.08, 0.27, 0.84, 0.46 if suit == 1 else 0.5))
    for k, line in enumerate(MOTTOS[suit % 4]):
        _scroll(s, sub(art, 0.0, 0.02 if k == 0 else 0.84, 1.0, 0.14), text(line))


def _scroll(s: pygame.Surface, r: pygame.Rect, words: pygame.Surface) -> None:
    """A ribbon with folded ends, the words squeezed to fit it."""
    paper = (250, 244, 222)
    fold = shade(paper, 0.8)
    shape(s, fold, r, [(0.0, 0.3), (0.12, 0.3), (0.12, 0.9), (0.0, 0.9), (0.05, 0.6)])
    shape(s, fold, r, [(1.0, 0.3), (0.88, 0.3), (0.88, 0.9), (1.0, 0.9), (0.95, 0.6)])
    shape(s, paper, r, [(0.07, 0.1), (0.93, 0.1), (0.93, 0.76), (0.07, 0.76)])
    inner = sub(r, 0.1, 0.16, 0.8, 0.54)
    w = min(inner.w, words.get_width() * inner.h // max(1, words.get_height()))
    squeezed = pygame.transform.smoothscale(words, (max(1, w), inner.h))
    s.blit(squeezed, squeezed.get_rect(center=inner.center))


SIGNS = (draw_goblet, draw_rosette_coin, draw_tri_sabre, draw_tri_baton)
"""The suit signs in suit order (coppe, denari, spade, bastoni): corners, pips, the courts' hands."""

__all__ = ["INDEX", "MOTTOS", "SIGNS", "ace", "batons", "draw_goblet", "draw_rosette_coin", "draw_tri_baton",
           "draw_tri_sabre", "swords"]
