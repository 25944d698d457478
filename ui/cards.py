"""Card art drawn by our code: both decks, any size, cached surfaces.

No downloaded images: every suit is a few polygons and circles, drawn at
three times the asked size and smooth-scaled down (cheap antialiasing), then
kept in a cache keyed by (card, size, style), so a frame only blits.

Styles are data (:data:`STYLES`): three Italian patterns and two German ones
differ in palette, face tint and back pattern; the Piacentine pattern also has
its own suit signs (slender chalices, sun-rayed coins, curved sabres, straight
batons) and double-headed court figures (ui.courts: faces, clothes, the suit
held, the Cavallo's horse); the Triestine (ui.triestine), the deck of the
Croatian coast, has the Venetian family's interlaced sabres and trellised
batons, corner indices 1-7 and 11-13, double-headed courts with their name on a
label, and a motto on each ace.

Suits: Italian coppe (cups), denari (coins), spade (swords), bastoni (clubs);
German Eichel (acorns), Laub (leaves), Herz (hearts), Schellen (bells).
Number cards show their pips, court cards a figure (re/König with a crown,
cavallo on a horse, fante/Unter and Ober with the suit below or above), and
every card its rank and suit in two corners.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from firmware.engine.cards import CODE, DECK_OF, RANK, SUIT, Card
from ui import courts, triestine
from ui.fonts import Fonts

RGB = tuple[int, int, int]
SCALE = 3  # draw at 3x, smoothscale down


@dataclass(frozen=True, slots=True)
class CardStyle:
    name: str
    face: RGB
    edge: RGB
    ink: tuple[RGB, RGB, RGB, RGB]  # corner rank colour per suit
    # per suit: (main, second, third) colours of the symbol
    suits: tuple[tuple[RGB, RGB, RGB], ...]
    back: RGB
    back2: RGB
    back_pattern: str  # "diamonds" | "tartan" | "lozenge" | "stripes"
    robe: tuple[RGB, RGB]
    court_bg: RGB


GOLD = (224, 172, 40)
RED = (196, 36, 36)
BLUE = (52, 92, 178)
GREEN = (58, 132, 58)
BROWN = (128, 78, 36)
DARK = (30, 30, 30)

STYLES: dict[str, CardStyle] = {
    "napoletane": CardStyle(
        "napoletane",
        face=(252, 247, 232),
        edge=(120, 100, 70),
        ink=((176, 30, 30), (176, 120, 10), (30, 60, 150), (40, 110, 40)),
        suits=(
            (GOLD, RED, (120, 60, 20)),  # coppe
            (GOLD, RED, GREEN),  # denari
            (BLUE, GOLD, RED),  # spade
            (GREEN, BROWN, (200, 150, 60)),  # bastoni
        ),
        back=(30, 60, 130),
        back2=(200, 60, 50),
        back_pattern="diamonds",
        robe=(RED, BLUE),
        court_bg=(246, 230, 190),
    ),
    "piacentine": CardStyle(
        "piacentine",
        face=(255, 255, 255),
        edge=(60, 60, 60),
        ink=((30, 30, 30), (30, 30, 30), (30, 30, 30), (30, 30, 30)),
        suits=(
            (RED, GOLD, BLUE),
            (GOLD, BLUE, RED),
            ((90, 110, 150), RED, GOLD),
            ((170, 70, 40), (90, 40, 20), GREEN),
        ),
        back=(170, 30, 40),
        back2=(240, 220, 180),
        back_pattern="tartan",
        robe=(BLUE, RED),
        court_bg=(236, 240, 250),
    ),
    "triestine": CardStyle(
        "triestine",
        face=(253, 251, 244),
        edge=(50, 44, 40),
        ink=((30, 30, 30), (30, 30, 30), (30, 30, 30), (30, 30, 30)),
        suits=(
            ((232, 190, 60), (190, 36, 40), (40, 70, 150)),  # goblets: gold, red gadroons, blue
            ((236, 196, 64), (190, 36, 40), (40, 70, 150)),  # coins: gold, red rosette, blue ring
            ((150, 172, 206), (232, 190, 60), (190, 36, 40)),  # sabres: steel, gold hilt, red grip
            ((214, 150, 70), (190, 36, 40), (40, 110, 70)),  # batons: wood, red bands, green knobs
        ),
        back=(40, 70, 150),
        back2=(236, 200, 70),
        back_pattern="lozenge",
        robe=(RED, (40, 110, 70)),
        court_bg=(250, 244, 226),
    ),
    "salzburger": CardStyle(
        "salzburger",
        face=(250, 246, 236),
        edge=(90, 90, 90),
        ink=((110, 70, 20), (40, 120, 40), (190, 30, 30), (180, 130, 10)),
        suits=(
            ((150, 100, 40), (200, 170, 60), (90, 60, 20)),  # Eichel
            ((60, 150, 50), (30, 90, 30), (120, 180, 80)),  # Laub
            ((210, 30, 40), (150, 20, 30), (250, 120, 120)),  # Herz
            ((236, 190, 40), RED, (130, 90, 10)),  # Schellen
        ),
        back=(40, 100, 60),
        back2=(230, 210, 150),
        back_pattern="lozenge",
        robe=(GREEN, RED),
        court_bg=(240, 236, 214),
    ),
    "bavarian": CardStyle(
        "bavarian",
        face=(255, 253, 245),
        edge=(40, 40, 40),
        ink=((90, 60, 20), (30, 100, 30), (170, 20, 20), (160, 110, 0)),
        suits=(
            ((130, 90, 30), (220, 190, 80), (80, 50, 10)),
            ((40, 130, 40), (20, 80, 20), (140, 200, 90)),
            ((200, 20, 30), (130, 10, 20), (255, 140, 140)),
            ((240, 200, 50), (30, 90, 170), (130, 90, 10)),
        ),
        back=(40, 70, 140),
        back2=(250, 250, 250),
        back_pattern="stripes",
        robe=(BLUE, GOLD),
        court_bg=(230, 238, 250),
    ),
}

PIP_COUNT = {"3": 3, "2": 2, "A": 1, "7": 7, "6": 6, "5": 5, "4": 4, "10": 10, "9": 9, "8": 8}
COURTS = {"R": "king", "C": "knight", "F": "knave", "K": "king", "O": "ober", "U": "unter"}

_LAYOUTS: dict[int, list[tuple[float, float]]] = {
    1: [(0.5, 0.5)],
    2: [(0.5, 0.25), (0.5, 0.75)],
    3: [(0.5, 0.17), (0.5, 0.5), (0.5, 0.83)],
    4: [(0.28, 0.22), (0.72, 0.22), (0.28, 0.78), (0.72, 0.78)],
    5: [(0.28, 0.2), (0.72, 0.2), (0.5, 0.5), (0.28, 0.8), (0.72, 0.8)],
    6: [(0.28, 0.17), (0.72, 0.17), (0.28, 0.5), (0.72, 0.5), (0.28, 0.83), (0.72, 0.83)],
    7: [(0.28, 0.15), (0.72, 0.15), (0.5, 0.33), (0.28, 0.52), (0.72, 0.52), (0.28, 0.85), (0.72, 0.85)],
    8: [(x, y) for y in (0.13, 0.38, 0.62, 0.87) for x in (0.28, 0.72)],
    9: [(x, y) for y in (0.13, 0.38, 0.62, 0.87) for x in (0.26, 0.74)] + [(0.5, 0.5)],
    10: [(x, y) for y in (0.12, 0.37, 0.63, 0.88) for x in (0.25, 0.75)] + [(0.5, 0.25), (0.5, 0.75)],
}


def style_for(deck: str, deck_style: str, german_style: str) -> str:
    return german_style if deck == "bavarian" else deck_style


def corner_index(style: str, deck: str, rank_code: str) -> str:
    """What a card's corner says of its rank: the engine's letter (R, C, F, A, 2..7), or on the
    Triestine its number (1..7, and 11, 12, 13 for Fante, Cavallo, Re)."""
    return triestine.INDEX[rank_code] if style == "triestine" and deck == "italian" else rank_code


# ------------------------------------------------------------------ suit symbols


def _pt(r: pygame.Rect, fx: float, fy: float) -> tuple[float, float]:
    return (r.x + fx * r.w, r.y + fy * r.h)


def _poly(s: pygame.Surface, color: RGB, r: pygame.Rect, pts: list[tuple[float, float]]) -> None:
    pygame.draw.polygon(s, color, [_pt(r, x, y) for x, y in pts])


def _ellipse(s: pygame.Surface, color: RGB, r: pygame.Rect, fx: float, fy: float, fw: float, fh: float, width: int = 0) -> None:
    rect = pygame.Rect(0, 0, max(1, fw * r.w), max(1, fh * r.h))
    rect.center = (int(r.x + fx * r.w), int(r.y + fy * r.h))
    pygame.draw.ellipse(s, color, rect, width)


def draw_cup(s: pygame.Surface, r: pygame.Rect, c: tuple[RGB, RGB, RGB]) -> None:
    main, band, dark = c
    _poly(s, main, r, [(0.08, 0.08), (0.92, 0.08), (0.78, 0.42), (0.58, 0.52), (0.42, 0.52), (0.22, 0.42)])
    _ellipse(s, dark, r, 0.5, 0.09, 0.84, 0.12)
    _poly(s, band, r, [(0.14, 0.22), (0.86, 0.22), (0.82, 0.3), (0.18, 0.3)])
    _poly(s, main, r, [(0.44, 0.5), (0.56, 0.5), (0.6, 0.8), (0.4, 0.8)])
    _ellipse(s, band, r, 0.5, 0.62, 0.26, 0.1)
    _poly(s, main, r, [(0.4, 0.78), (0.6, 0.78), (0.82, 0.94), (0.18, 0.94)])
    _ellipse(s, dark, r, 0.5, 0.94, 0.64, 0.08)


def draw_coin(s: pygame.Surface, r: pygame.Rect, c: tuple[RGB, RGB, RGB]) -> None:
    main, centre, ring = c
    _ellipse(s, DARK, r, 0.5, 0.5, 1.0, 1.0)
    _ellipse(s, main, r, 0.5, 0.5, 0.9, 0.9)
    _ellipse(s, ring, r, 0.5, 0.5, 0.66, 0.66)
    _ellipse(s, main, r, 0.5, 0.5, 0.54, 0.54)
    for i in range(8):  # the rosette of the denaro
        a = i * math.pi / 4
        _ellipse(s, centre, r, 0.5 + 0.17 * math.cos(a), 0.5 + 0.17 * math.sin(a), 0.12, 0.12)
    _ellipse(s, centre, r, 0.5, 0.5, 0.16, 0.16)


def draw_sword(s: pygame.Surface, r: pygame.Rect, c: tuple[RGB, RGB, RGB]) -> None:
    blade, hilt, grip = c
    _poly(s, DARK, r, [(0.5, 0.0), (0.7, 0.14), (0.67, 0.7), (0.33, 0.7), (0.3, 0.14)])
    _poly(s, blade, r, [(0.5, 0.03), (0.66, 0.15), (0.63, 0.68), (0.37, 0.68), (0.34, 0.15)])
    _poly(s, (230, 236, 250), r, [(0.5, 0.07), (0.54, 0.15), (0.52, 0.66), (0.48, 0.66), (0.46, 0.15)])
    _poly(s, hilt, r, [(0.06, 0.67), (0.94, 0.67), (0.94, 0.77), (0.06, 0.77)])
    _ellipse(s, hilt, r, 0.08, 0.72, 0.18, 0.16)
    _ellipse(s, hilt, r, 0.92, 0.72, 0.18, 0.16)
    _poly(s, grip, r, [(0.4, 0.77), (0.6, 0.77), (0.6, 0.91), (0.4, 0.91)])
    _ellipse(s, hilt, r, 0.5, 0.93, 0.3, 0.14)


def draw_club(s: pygame.Surface, r: pygame.Rect, c: tuple[RGB, RGB, RGB]) -> None:
    leaf, wood, light = c
    _poly(s, DARK, r, [(0.2, 0.98), (0.46, 0.98), (0.8, 0.06), (0.52, 0.0)])
    _poly(s, wood, r, [(0.23, 0.96), (0.44, 0.96), (0.77, 0.08), (0.55, 0.03)])
    _poly(s, light, r, [(0.32, 0.94), (0.37, 0.94), (0.68, 0.08), (0.63, 0.07)])
    for fy, side in ((0.28, -1), (0.5, 1), (0.7, -1)):  # knots with leaves
        fx = 0.34 + (1 - fy) * 0.36
        _ellipse(s, leaf, r, fx + side * 0.2, fy, 0.3, 0.13)
    _ellipse(s, wood, r, 0.66, 0.07, 0.3, 0.14)


def draw_acorn(s: pygame.Surface, r: pygame.Rect, c: tuple[RGB, RGB, RGB]) -> None:
    nut, cap, stem = c
    _poly(s, stem, r, [(0.46, 0.0), (0.56, 0.0), (0.56, 0.2), (0.46, 0.2)])
    _ellipse(s, DARK, r, 0.5, 0.62, 0.7, 0.74)
    _ellipse(s, nut, r, 0.5, 0.62, 0.62, 0.68)
    _ellipse(s, (255, 230, 160), r, 0.4, 0.62, 0.12, 0.36)
    _ellipse(s, DARK, r, 0.5, 0.32, 0.86, 0.4)
    _ellipse(s, cap, r, 0.5, 0.32, 0.8, 0.34)
    for fx in (0.3, 0.45, 0.6, 0.72):
        _ellipse(s, stem, r, fx, 0.3, 0.08, 0.08)


def draw_leaf(s: pygame.Surface, r: pygame.Rect, c: tuple[RGB, RGB, RGB]) -> None:
    main, vein, light = c
    pts = []
    for i in range(25):  # a pointed leaf: two arcs
        t = i / 24
        pts.append((0.5 + 0.46 * math.sin(math.pi * t) * (1 - 0.3 * t), 0.04 + 0.8 * t))
    pts += [(1 - x, y) for x, y in reversed(pts)]
    _poly(s, DARK, r, [(0.5 + (x - 0.5) * 1.06, y) for x, y in pts])
    _poly(s, main, r, pts)
    _poly(s, light, r, [(0.5 + (x - 0.5) * 0.5 - 0.08, y) for x, y in pts[:25]] + [(0.42, 0.84)])
    _poly(s, vein, r, [(0.48, 0.08), (0.52, 0.08), (0.53, 1.0), (0.47, 1.0)])


def draw_heart(s: pygame.Surface, r: pygame.Rect, c: tuple[RGB, RGB, RGB]) -> None:
    main, dark, light = c
    pts = []
    for i in range(40):
        t = i / 40 * 2 * math.pi
        x = 16 * math.sin(t) ** 3
        y = 13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t)
        pts.append((0.5 + x / 34, 0.45 - y / 34))
    _poly(s, dark, r, [(0.5 + (x - 0.5) * 1.08, 0.47 + (y - 0.47) * 1.08) for x, y in pts])
    _poly(s, main, r, pts)
    _ellipse(s, light, r, 0.32, 0.3, 0.14, 0.1)


def draw_bell(s: pygame.Surface, r: pygame.Rect, c: tuple[RGB, RGB, RGB]) -> None:
    main, band, dark = c
    _ellipse(s, dark, r, 0.5, 0.06, 0.2, 0.12)
    _ellipse(s, DARK, r, 0.5, 0.54, 0.92, 0.92)
    _ellipse(s, main, r, 0.5, 0.54, 0.84, 0.84)
    _poly(s, band, r, [(0.1, 0.42), (0.9, 0.42), (0.92, 0.54), (0.08, 0.54)])
    _ellipse(s, dark, r, 0.5, 0.76, 0.14, 0.14)
    _poly(s, dark, r, [(0.48, 0.76), (0.52, 0.76), (0.52, 0.94), (0.48, 0.94)])
    _ellipse(s, (255, 240, 170), r, 0.34, 0.28, 0.14, 0.1)


# -- the Piacentine pattern's own signs (north Italian: Piacenza, Emilia, Lombardy):
# tall slender chalices, a sun-rayed coin, curved sabres, and straight turned batons
# instead of the Neapolitan rough clubs; its court figures are double-headed.


def draw_chalice(s: pygame.Surface, r: pygame.Rect, c: tuple[RGB, RGB, RGB]) -> None:
    main, band, dark = c
    _poly(s, DARK, r, [(0.2, 0.02), (0.8, 0.02), (0.7, 0.36), (0.55, 0.44), (0.45, 0.44), (0.3, 0.36)])
    _poly(s, main, r, [(0.24, 0.05), (0.76, 0.05), (0.67, 0.34), (0.55, 0.41), (0.45, 0.41), (0.33, 0.34)])
    _poly(s, band, r, [(0.27, 0.14), (0.73, 0.14), (0.71, 0.2), (0.29, 0.2)])
    _poly(s, main, r, [(0.46, 0.4), (0.54, 0.4), (0.54, 0.82), (0.46, 0.82)])  # a long stem
    for fy in (0.52, 0.66):
        _ellipse(s, band, r, 0.5, fy, 0.2, 0.06)
    _poly(s, main, r, [(0.45, 0.8), (0.55, 0.8), (0.74, 0.95), (0.26, 0.95)])
    _ellipse(s, dark, r, 0.5, 0.96, 0.5, 0.06)


def draw_sun_coin(s: pygame.Surface, r: pygame.Rect, c: tuple[RGB, RGB, RGB]) -> None:
    main, centre, ring = c
    for i in range(16):  # the rays
        a = i * math.pi / 8
        tip = (0.5 + 0.5 * math.cos(a), 0.5 + 0.5 * math.sin(a))
        left = (0.5 + 0.36 * math.cos(a - 0.2), 0.5 + 0.36 * math.sin(a - 0.2))
        rr = (0.5 + 0.36 * math.cos(a + 0.2), 0.5 + 0.36 * math.sin(a + 0.2))
        _poly(s, ring if i % 2 else main, r, [tip, left, rr])
    _ellipse(s, DARK, r, 0.5, 0.5, 0.74, 0.74)
    _ellipse(s, main, r, 0.5, 0.5, 0.68, 0.68)
    _ellipse(s, centre, r, 0.5, 0.5, 0.44, 0.44)
    _ellipse(s, main, r, 0.5, 0.5, 0.22, 0.22)


def draw_sabre(s: pygame.Surface, r: pygame.Rect, c: tuple[RGB, RGB, RGB]) -> None:
    blade, hilt, grip = c
    pts_out, pts_in = [], []
    for i in range(13):  # a blade curving to the right as it rises
        t = i / 12
        y = 0.72 - 0.7 * t
        x = 0.5 + 0.22 * math.sin(math.pi * t * 0.9)
        half = 0.09 * (1 - t) + 0.01
        pts_out.append((x - half, y))
        pts_in.append((x + half, y))
    _poly(s, DARK, r, [(x - 0.02, y) for x, y in pts_out] + [(x + 0.02, y) for x, y in reversed(pts_in)])
    _poly(s, blade, r, pts_out + list(reversed(pts_in)))
    _poly(s, hilt, r, [(0.18, 0.7), (0.82, 0.7), (0.82, 0.77), (0.18, 0.77)])
    _poly(s, grip, r, [(0.43, 0.77), (0.57, 0.77), (0.57, 0.92), (0.43, 0.92)])
    _ellipse(s, hilt, r, 0.5, 0.94, 0.2, 0.1)


def draw_baton(s: pygame.Surface, r: pygame.Rect, c: tuple[RGB, RGB, RGB]) -> None:
    """The Piacentine baton: a slender staff swelling to a knob, with knots where twigs were
    cut, leaning a little; only the grip is banded (rings all along read as stacked barrels)."""
    wood, dark, band = c

    def staff(widen: float, colour: RGB) -> None:
        pts_l, pts_r = [], []
        for i in range(11):
            t = i / 10  # 0 at the foot, 1 at the head
            y = 0.97 - 0.9 * t
            x = 0.44 + 0.14 * t
            half = (0.05 + 0.07 * t * t) + widen
            pts_l.append((x - half, y))
            pts_r.append((x + half, y))
        _poly(s, colour, r, pts_l + list(reversed(pts_r)))

    staff(0.03, DARK)
    staff(0.0, wood)
    _ellipse(s, DARK, r, 0.58, 0.08, 0.3, 0.16)
    _ellipse(s, wood, r, 0.58, 0.08, 0.25, 0.12)  # the knob
    _ellipse(s, (240, 200, 120), r, 0.53, 0.06, 0.08, 0.05)
    _poly(s, (240, 200, 120), r, [(0.44, 0.92), (0.47, 0.92), (0.55, 0.14), (0.52, 0.14)])  # light along it
    for fy, side in ((0.34, 1), (0.5, -1), (0.66, 1)):  # cut twigs: small stubs
        t = (0.97 - fy) / 0.9
        fx = 0.44 + 0.14 * t + side * (0.06 + 0.07 * t * t)
        _poly(s, dark, r, [(fx, fy - 0.025), (fx + side * 0.12, fy - 0.06), (fx + side * 0.12, fy - 0.02), (fx, fy + 0.025)])
    _poly(s, band, r, [(0.36, 0.84), (0.54, 0.84), (0.54, 0.88), (0.36, 0.88)])  # the grip's band


SUIT_DRAW = {
    "italian": (draw_cup, draw_coin, draw_sword, draw_club),
    "bavarian": (draw_acorn, draw_leaf, draw_heart, draw_bell),
}
STYLE_SUIT_DRAW = {
    "piacentine": (draw_chalice, draw_sun_coin, draw_sabre, draw_baton),
    "triestine": triestine.SIGNS,
}
DOUBLE_HEADED = {"piacentine", "triestine"}  # court figures mirrored top and bottom
LABELLED = {"triestine"}  # the court's name on a label across its middle


def draw_suit(s: pygame.Surface, deck: str, suit: int, rect: pygame.Rect, style: CardStyle) -> None:
    draw = STYLE_SUIT_DRAW[style.name] if deck == "italian" and style.name in STYLE_SUIT_DRAW else SUIT_DRAW[deck]
    draw[suit](s, rect, style.suits[suit])


# ---------------------------------------------------------------- court figures


def _figure(s: pygame.Surface, r: pygame.Rect, kind: str, deck: str, suit: int, st: CardStyle,
            fonts: Fonts | None = None) -> None:
    """A court card: a standing figure, or (Piacentine, Triestine) a half figure mirrored top
    and bottom (ui.courts)."""
    if st.name not in DOUBLE_HEADED or deck != "italian":
        _standing(s, r, kind, deck, suit, st)
        return

    def emblem(surf: pygame.Surface, rect: pygame.Rect) -> None:
        draw_suit(surf, deck, suit, rect, st)

    label = None
    if st.name in LABELLED and fonts is not None:
        label = fonts.text(courts.label_text(kind, suit), max(8, r.w // 9), st.edge, bold=True, art=True)
    courts.double_headed(s, r, kind, suit, courts.costume(st.name, suit, st.court_bg), emblem, st.edge, label)


HORSE = (168, 112, 64)
HORSE_DARK = (96, 60, 30)


def _horse_head(s: pygame.Surface, r: pygame.Rect, flip: bool = False, front: bool = False) -> None:
    """A horse's head and neck in profile, facing left: a long muzzle, an ear, an eye and the
    mane; ``front`` draws only the bridle and the mane over the rider."""
    def P(pts: list[tuple[float, float]]) -> list[tuple[float, float]]:
        return [((1 - x) if flip else x, y) for x, y in pts]

    neck = P([(0.55, 1.0), (0.95, 1.0), (0.8, 0.42), (0.62, 0.12), (0.42, 0.06), (0.3, 0.12),
              (0.04, 0.4), (0.02, 0.52), (0.14, 0.58), (0.34, 0.46), (0.48, 0.56)])
    if not front:
        _poly(s, HORSE_DARK, r, [(x, y) for x, y in neck])
        _poly(s, HORSE, r, [(x + (0.02 if not flip else -0.02), y + 0.02) for x, y in neck[:-1]] + [neck[-1]])
        return
    _poly(s, HORSE_DARK, r, P([(0.62, 0.12), (0.7, -0.02), (0.74, 0.14)]))  # the ear
    _ellipse(s, DARK, r, (1 - 0.42) if flip else 0.42, 0.22, 0.08, 0.06)  # the eye
    _ellipse(s, DARK, r, (1 - 0.08) if flip else 0.08, 0.47, 0.06, 0.05)  # the nostril
    for i in range(5):  # the mane down the neck
        t = i / 4
        x, y = 0.66 + 0.2 * t, 0.14 + 0.8 * t
        _poly(s, HORSE_DARK, r, P([(x, y), (x + 0.14, y + 0.05), (x + 0.04, y + 0.16)]))
    pygame.draw.line(s, (170, 30, 30), _pt(r, *P([(0.12, 0.52)])[0]), _pt(r, *P([(0.58, 0.3)])[0]), max(2, r.w // 40))


def _standing(s: pygame.Surface, r: pygame.Rect, kind: str, deck: str, suit: int, st: CardStyle,
              frame: bool = True, hat: str | None = None, bare: bool = False) -> None:
    """A standing figure told apart as a player knows them: the king crowned, bearded, with a
    sceptre; the knight on a horse; the knave (Fante, Unter) bare-chinned in a feathered cap
    holding his sign low; the Ober in a plumed hat holding his sign high. ``hat``: another
    court's headgear; ``bare``: no suit sign (the caller draws it)."""
    skin = (240, 200, 160)
    robe, robe2 = st.robe
    if frame:
        pygame.draw.rect(s, st.court_bg, r, border_radius=int(r.w * 0.06))
        pygame.draw.rect(s, st.edge, r, max(1, r.w // 60), border_radius=int(r.w * 0.06))
    if kind == "knight":  # the horse first, the rider on top
        _ellipse(s, HORSE_DARK, r, 0.5, 0.72, 0.74, 0.27)
        _ellipse(s, HORSE, r, 0.5, 0.72, 0.7, 0.24)
        for fx, lean in ((0.22, -0.04), (0.34, 0.03), (0.64, -0.03), (0.78, 0.04)):  # legs, hooves
            _poly(s, HORSE, r, [(fx - 0.035, 0.76), (fx + 0.035, 0.76), (fx + 0.03 + lean, 0.95), (fx - 0.03 + lean, 0.95)])
            _poly(s, DARK, r, [(fx - 0.035 + lean, 0.94), (fx + 0.035 + lean, 0.94), (fx + 0.04 + lean, 0.98), (fx - 0.04 + lean, 0.98)])
        _poly(s, HORSE_DARK, r, [(0.14, 0.66), (0.04, 0.74), (0.06, 0.9), (0.12, 0.78), (0.18, 0.7)])  # the tail
        _horse_head(s, pygame.Rect(int(r.x + r.w * 0.62), int(r.y + r.h * 0.4), int(r.w * 0.38), int(r.h * 0.3)), flip=True)
        _horse_head(s, pygame.Rect(int(r.x + r.w * 0.62), int(r.y + r.h * 0.4), int(r.w * 0.38), int(r.h * 0.3)),
                    flip=True, front=True)
        body_top, body_bot, head_y = 0.3, 0.7, 0.2
    else:
        body_top, body_bot, head_y = 0.34, 0.96, 0.22
    _poly(s, robe, r, [(0.36, body_top), (0.64, body_top), (0.8, body_bot), (0.2, body_bot)])
    _poly(s, robe2, r, [(0.44, body_top), (0.56, body_top), (0.6, body_bot), (0.4, body_bot)])
    if kind == "king":  # the royal cape and an ermine collar
        _poly(s, (150, 20, 40), r, [(0.3, body_top + 0.02), (0.36, body_top), (0.24, body_bot), (0.14, body_bot)])
        _poly(s, (150, 20, 40), r, [(0.7, body_top + 0.02), (0.64, body_top), (0.76, body_bot), (0.86, body_bot)])
        _ellipse(s, (250, 250, 245), r, 0.5, body_top + 0.01, 0.4, 0.06)
    _ellipse(s, skin, r, 0.5, head_y, 0.24, 0.15)
    _ellipse(s, DARK, r, 0.45, head_y, 0.03, 0.02)
    _ellipse(s, DARK, r, 0.55, head_y, 0.03, 0.02)
    top = head_y - 0.075
    headgear = hat or kind
    if kind == "king" or headgear == "king":
        _poly(s, (235, 235, 230), r, [(0.4, head_y + 0.03), (0.6, head_y + 0.03), (0.56, head_y + 0.12),
                                      (0.5, head_y + 0.14), (0.44, head_y + 0.12)])  # the beard
        _poly(s, GOLD, r, [(0.36, top + 0.02), (0.36, top - 0.1), (0.43, top - 0.04), (0.5, top - 0.12),
                           (0.57, top - 0.04), (0.64, top - 0.1), (0.64, top + 0.02)])
        for fx in (0.43, 0.5, 0.57):
            _ellipse(s, RED, r, fx, top - 0.01, 0.04, 0.025)
    elif headgear in ("knave", "unter"):
        _ellipse(s, robe2, r, 0.5, top, 0.34, 0.08)
        _poly(s, (250, 250, 250), r, [(0.6, top - 0.02), (0.78, top - 0.14), (0.72, top - 0.02)])  # a feather
    elif headgear in ("knight", "ober"):
        _ellipse(s, (60, 60, 60), r, 0.5, top + 0.01, 0.44, 0.06)
        _poly(s, (60, 60, 60), r, [(0.4, top), (0.6, top), (0.56, top - 0.08), (0.44, top - 0.08)])
        if headgear == "ober":
            _poly(s, RED, r, [(0.56, top - 0.06), (0.8, top - 0.16), (0.7, top - 0.02)])  # the plume
    if kind == "king":  # the sceptre in his left hand
        pygame.draw.line(s, GOLD, _pt(r, 0.74, 0.36), _pt(r, 0.8, 0.86), max(2, r.w // 28))
        _ellipse(s, GOLD, r, 0.74, 0.35, 0.08, 0.05)
    if bare:
        return
    # the suit the figure holds: Ober high, Unter low (German), at the hand otherwise
    fy = 0.3 if kind == "ober" else (0.74 if kind == "unter" else 0.52 if kind != "knight" else 0.46)
    fx = 0.24 if kind != "knight" else 0.22
    size = 0.3 if kind != "knave" else 0.34
    sr = pygame.Rect(0, 0, int(r.w * size), int(r.w * size * 1.25))
    sr.center = (int(r.x + fx * r.w), int(r.y + fy * r.h))
    draw_suit(s, deck, suit, sr, st)


# ------------------------------------------------------------------ the cache


class CardArt:
    """Card faces and backs at any size, drawn once and cached."""

    def __init__(self, fonts: Fonts, max_cached: int = 1000) -> None:
        self.fonts = fonts
        self._cache: dict[tuple[object, ...], pygame.Surface] = {}
        self._max = max_cached

    def _get(self, key: tuple[object, ...], make: object) -> pygame.Surface:
        surf = self._cache.get(key)
        if surf is None:
            if len(self._cache) >= self._max:
                self._cache.clear()
            surf = make()  # type: ignore[operator]
            self._cache[key] = surf
        return surf

    def face(self, card: Card, w: int, h: int, style: str) -> pygame.Surface:
        return self._get(("f", card, w, h, style), lambda: self._face(card, w, h, STYLES[style]))

    def dimmed(self, card: Card, w: int, h: int, style: str, alpha: int = 110) -> pygame.Surface:
        def make() -> pygame.Surface:
            # darker and half-way to grey, the suit's colours still there (a fully grey card
            # lost its suit: issue 24.5); a figure's colours must not look playable
            face = self.face(card, w, h, style)
            surf = face.copy()
            grey = pygame.transform.grayscale(face)
            grey.set_alpha(150)
            surf.blit(grey, (0, 0))
            shade = pygame.Surface((w, h), pygame.SRCALPHA)
            pygame.draw.rect(shade, (20, 30, 25, alpha), shade.get_rect(), border_radius=_radius(w))
            surf.blit(shade, (0, 0))
            return surf

        return self._get(("d", card, w, h, style, alpha), make)

    def back(self, w: int, h: int, style: str) -> pygame.Surface:
        return self._get(("b", w, h, style), lambda: self._back(w, h, STYLES[style]))

    def suit_icon(self, deck: str, suit: int, size: int, style: str) -> pygame.Surface:
        def make() -> pygame.Surface:
            big = pygame.Surface((size * SCALE, size * SCALE), pygame.SRCALPHA)
            draw_suit(big, deck, suit, big.get_rect().inflate(-SCALE * 2, -SCALE * 2), STYLES[style])
            return pygame.transform.smoothscale(big, (size, size))

        return self._get(("s", deck, suit, size, style), make)

    # -- drawing

    def _face(self, card: Card, w: int, h: int, st: CardStyle) -> pygame.Surface:
        W, H = w * SCALE, h * SCALE
        big = pygame.Surface((W, H), pygame.SRCALPHA)
        rad = _radius(W)
        pygame.draw.rect(big, st.face, (0, 0, W, H), border_radius=rad)
        pygame.draw.rect(big, st.edge, (0, 0, W, H), max(2, W // 50), border_radius=rad)
        deck = DECK_OF[card].name
        suit, code = SUIT[card], CODE[card]
        rank_code = code[:-1]
        # corner index strip on the left: rank above suit, so an overlapped card still reads
        idx_w = int(W * 0.3)
        art = pygame.Rect(idx_w, int(H * 0.06), W - idx_w - int(W * 0.06), H - int(H * 0.12))
        if rank_code in COURTS:
            _figure(big, art, COURTS[rank_code], deck, suit, st, self.fonts)
        elif st.name == "triestine" and deck == "italian":
            self._triestine(big, art, suit, PIP_COUNT[rank_code], st)
        else:
            n = PIP_COUNT[rank_code]
            self._pips(big, art, deck, suit, n, st)
        small = pygame.transform.smoothscale(big, (w, h))
        self._corner(small, card, w, h, st, deck, suit, rank_code)
        return small

    def _triestine(self, s: pygame.Surface, art: pygame.Rect, suit: int, n: int, st: CardStyle) -> None:
        colours = st.suits[suit]
        if n == 1:
            def sign(surf: pygame.Surface, rect: pygame.Rect) -> None:
                draw_suit(surf, "italian", suit, rect, st)

            def words(line: str) -> pygame.Surface:
                return self.fonts.text(line, max(8, art.w // 8), st.edge, bold=True, art=True)

            triestine.ace(s, art, suit, colours, sign, words)
        elif suit == 2:
            triestine.swords(s, art, n, colours)
        elif suit == 3:
            triestine.batons(s, art, n, colours)
        else:
            self._pips(s, art, "italian", suit, n, st)

    def _pips(self, s: pygame.Surface, art: pygame.Rect, deck: str, suit: int, n: int, st: CardStyle) -> None:
        frac = 0.8 if n == 1 else 0.5 if n <= 3 else 0.4 if n <= 7 else 0.34
        pw = int(art.w * frac)
        ph = min(int(pw * 1.2), int(art.h / max(1.5, len({y for _, y in _LAYOUTS[n]}) * 1.05)))
        pw = min(pw, int(ph / 1.2)) if n > 1 else pw
        for fx, fy in _LAYOUTS[n]:
            r = pygame.Rect(0, 0, pw, ph if n > 1 else int(pw * 1.25))
            r.center = (int(art.x + fx * art.w), int(art.y + fy * art.h))
            draw_suit(s, deck, suit, r, st)

    def _corner(self, s: pygame.Surface, card: Card, w: int, h: int, st: CardStyle, deck: str, suit: int, rank_code: str) -> None:
        ink = st.ink[suit]
        index = corner_index(st.name, deck, rank_code)
        size = max(9, int(w * (0.24 if len(index) == 1 else 0.2 if index == "10" else 0.18)))
        label = self.fonts.text(index, size, ink, bold=True, art=True)
        if label.get_width() > int(w * 0.28):  # "13" in a narrow strip
            label = pygame.transform.smoothscale(label, (int(w * 0.28), label.get_height()))
        x = max(2, int(w * 0.15) - label.get_width() // 2)
        y = int(h * 0.03)
        s.blit(label, (x, y))
        icon = max(8, int(w * 0.22))
        ic = self.suit_icon(deck, suit, icon, st.name)
        s.blit(ic, (int(w * 0.15) - icon // 2, y + label.get_height()))
        if st.name in LABELLED:  # a double-ended card: the index again, turned, at the foot
            s.blit(pygame.transform.rotate(label, 180), (int(w * 0.15) - label.get_width() // 2 + (x - x),
                                                         h - y - label.get_height()))
            s.blit(pygame.transform.rotate(ic, 180), (int(w * 0.15) - icon // 2,
                                                      h - y - label.get_height() - icon))

    def _back(self, w: int, h: int, st: CardStyle) -> pygame.Surface:
        W, H = w * SCALE, h * SCALE
        big = pygame.Surface((W, H), pygame.SRCALPHA)
        rad = _radius(W)
        pygame.draw.rect(big, (250, 250, 245), (0, 0, W, H), border_radius=rad)
        inner = pygame.Rect(0, 0, W, H).inflate(-W // 8, -W // 8)
        pat = pygame.Surface(inner.size, pygame.SRCALPHA)
        pat.fill(st.back)
        step = max(6, W // 6)
        if st.back_pattern in ("diamonds", "lozenge"):
            for yy in range(-step, inner.h + step, step):
                for xx in range(-step, inner.w + step, step):
                    off = step // 2 if (yy // step) % 2 else 0
                    cx, cy = xx + off, yy
                    d = step // 2 - (step // 8 if st.back_pattern == "lozenge" else step // 5)
                    pygame.draw.polygon(pat, st.back2, [(cx, cy - d), (cx + d, cy), (cx, cy + d), (cx - d, cy)])
        elif st.back_pattern == "tartan":
            for xx in range(0, inner.w, step):
                pygame.draw.rect(pat, st.back2, (xx, 0, max(2, step // 5), inner.h))
            for yy in range(0, inner.h, step):
                pygame.draw.rect(pat, st.back2, (0, yy, inner.w, max(2, step // 5)))
        else:
            for xx in range(-inner.h, inner.w, step):
                pygame.draw.line(pat, st.back2, (xx, inner.h), (xx + inner.h, 0), max(2, step // 4))
        big.blit(pat, inner.topleft)
        pygame.draw.rect(big, st.back2, inner, max(2, W // 40))
        pygame.draw.rect(big, st.edge, (0, 0, W, H), max(2, W // 50), border_radius=rad)
        return pygame.transform.smoothscale(big, (w, h))


def _radius(w: int) -> int:
    return max(2, int(w * 0.07))


__all__ = ["CardArt", "STYLES", "corner_index", "style_for", "draw_suit", "RANK"]
