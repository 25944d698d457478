"""Double-headed court figures: the Piacentine's and the Triestine's Re, Cavallo and Fante.

A double-headed court shows the upper half of its figure twice, the second
turned upside down, so the card reads the same from either end. The half is
drawn here as a person would recognise it on a real card: a face (eyes, brows,
nose, mouth, hair), clothes (a robe with its front panel and trim, the king's
ermine collar, the knave's ruff), the headgear of the rank (crown, plumed hat,
feathered cap), arms and hands, the suit sign held up in one hand, the king's
sceptre in the other; the Cavallo is a rider behind his horse's head and neck
(ears, eye, nostril, mane, bridle and reins).

The Piacentine halves are divided by a thin diagonal line; the Triestine's by a
label with the card's name as the real deck prints it (``RE DI COPPE``,
``CAVAL DI SPADE``, ``FANTE DI DANARI``).

Everything is in fractions of the half's rectangle (ui.paint), drawn at the
card cache's 3x and smooth-scaled with the card.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from ui.paint import INK, RGB, Pt, band, bezier, ellipse, ink_width, oval, shade, shape, stroke, sub

Emblem = Callable[[pygame.Surface, pygame.Rect], None]  # draws the suit sign into a rectangle

GOLD = (226, 176, 44)
WHITE = (250, 248, 240)
SKIN = (246, 208, 170)


@dataclass(frozen=True, slots=True)
class Costume:
    robe: RGB  # the robe's main colour
    panel: RGB  # its front panel
    trim: RGB  # braid, belt, cuffs
    sleeve: RGB
    hat: RGB
    plume: RGB
    hair: RGB
    beard: RGB
    horse: RGB
    mane: RGB
    bg: RGB  # the court's panel behind the figure
    arched: bool = False  # the king's crown closed by arches under a cross (Piacentine)
    brocade: bool = False  # the robe figured with gold dots (Piacentine)


# colours that vary a court from one suit to the next, as on the printed decks
_HAIR = ((120, 72, 30), (214, 168, 70), (70, 44, 26), (170, 96, 40))
_BEARD = ((236, 232, 220), (214, 168, 70), (120, 80, 40), (200, 196, 188))
HORSE_COATS = ((184, 96, 48), (160, 100, 54), (190, 186, 178), (112, 66, 34))  # chestnut, bay, grey, dark bay (never the paper's white)
_MANE = ((200, 196, 186), (70, 40, 20), (150, 146, 140), (40, 26, 16))

PALETTES: dict[str, tuple[tuple[RGB, RGB, RGB, RGB, RGB], ...]] = {
    # (robe, panel, trim, sleeve, hat) per suit: coppe, denari, spade, bastoni
    "piacentine": (
        ((200, 40, 44), (44, 84, 170), GOLD, (44, 84, 170), (44, 84, 170)),
        ((44, 84, 170), (236, 196, 64), (200, 40, 44), (200, 40, 44), (200, 40, 44)),
        ((60, 130, 70), (200, 40, 44), GOLD, (236, 196, 64), (200, 40, 44)),
        ((200, 40, 44), (236, 196, 64), (44, 84, 170), (60, 130, 70), (44, 84, 170)),
    ),
    "triestine": (
        ((190, 36, 40), (236, 200, 70), (40, 70, 150), (40, 70, 150), (190, 36, 40)),
        ((40, 110, 70), (190, 36, 40), (236, 200, 70), (236, 200, 70), (40, 70, 150)),
        ((40, 70, 150), (236, 200, 70), (190, 36, 40), (190, 36, 40), (40, 110, 70)),
        ((236, 200, 70), (40, 70, 150), (190, 36, 40), (190, 36, 40), (40, 110, 70)),
    ),
}

LABEL_SUIT = ("COPPE", "DANARI", "SPADE", "BASTONI")
LABEL_RANK = {"king": "RE", "knight": "CAVAL", "knave": "FANTE"}


def costume(style: str, suit: int, bg: RGB) -> Costume:
    robe, panel, trim, sleeve, hat = PALETTES[style][suit % 4]
    piacentine = style == "piacentine"
    return Costume(robe, panel, trim, sleeve, hat, plume=WHITE if suit % 2 else (200, 40, 44),
                   hair=_HAIR[suit % 4], beard=_BEARD[suit % 4], horse=HORSE_COATS[suit % 4], mane=_MANE[suit % 4], bg=bg,
                   arched=piacentine, brocade=piacentine)


def label_text(kind: str, suit: int) -> str:
    """The Triestine court's label, as the deck prints it: ``RE DI COPPE``."""
    return f"{LABEL_RANK[kind]} DI {LABEL_SUIT[suit % 4]}"


# ---------------------------------------------------------------- the card


def double_headed(s: pygame.Surface, r: pygame.Rect, kind: str, suit: int, cos: Costume, emblem: Emblem,
                  edge: RGB, label: pygame.Surface | None = None) -> None:
    """The court card's picture in ``r``: the half figure, the same turned, and between them a
    diagonal line (no ``label``) or the label band (Triestine)."""
    rad = int(r.w * 0.06)
    pygame.draw.rect(s, cos.bg, r, border_radius=rad)
    half = pygame.Surface((r.w, r.h // 2), pygame.SRCALPHA)
    half_figure(half, half.get_rect(), kind, cos, emblem)
    s.blit(half, r.topleft)
    s.blit(pygame.transform.rotate(half, 180), (r.x, r.bottom - half.get_height()))
    lw = ink_width(r, 0.014)
    mid = r.y + r.h // 2
    if label is None:
        pygame.draw.line(s, edge, (r.x + r.w // 14, mid + r.h // 16), (r.right - r.w // 14, mid - r.h // 16), lw * 2)
    else:
        bh = int(r.h * 0.085)
        box = pygame.Rect(r.x, mid - bh // 2, r.w, bh)
        pygame.draw.rect(s, WHITE, box)
        pygame.draw.rect(s, edge, box, lw)
        inner = box.inflate(-int(r.w * 0.08), -int(bh * 0.3))
        text = pygame.transform.smoothscale(label, (inner.w, inner.h)) if label.get_width() > inner.w else \
            pygame.transform.smoothscale(label, (label.get_width(), inner.h))
        s.blit(text, text.get_rect(center=box.center))
    pygame.draw.rect(s, edge, r, max(1, r.w // 60), border_radius=rad)


def half_figure(s: pygame.Surface, r: pygame.Rect, kind: str, cos: Costume, emblem: Emblem) -> None:
    """The upper half of a court figure, its waist at the bottom edge of ``r``."""
    if kind == "knight":
        _person(s, r, kind, cos, emblem, cx=0.62, scale=0.9)
        return
    _person(s, r, kind, cos, emblem)


# ---------------------------------------------------------------- a person


def _person(s: pygame.Surface, r: pygame.Rect, kind: str, cos: Costume, emblem: Emblem,
            cx: float = 0.5, scale: float = 1.0) -> None:
    def P(pts: list[Pt]) -> list[Pt]:  # around the figure's axis, scaled about the waist
        return [(cx + (x - 0.5) * scale, 1.0 - (1.0 - y) * scale) for x, y in pts]

    def X(x: float) -> float:
        return cx + (x - 0.5) * scale

    def Y(y: float) -> float:
        return 1.0 - (1.0 - y) * scale

    def dot(fx: float, fy: float, fw: float, fh: float, c: RGB, line: bool = True) -> None:
        oval(s, c, r, X(fx), Y(fy), fw * scale, fh * scale, None if line else 0)

    asp = r.h / r.w
    # the torso: a robe widening to the waist, its front panel and trim
    shape(s, cos.robe, r, P([(0.2, 0.58), (0.32, 0.5), (0.68, 0.5), (0.8, 0.58), (0.9, 1.02), (0.1, 1.02)]))
    if cos.brocade:  # a figured cloth: rows of gold quatrefoils
        fleck = cos.trim if cos.trim != cos.robe else WHITE
        for row, fy in enumerate((0.62, 0.72, 0.82, 0.92)):
            for fx in (0.2, 0.27, 0.34, 0.66, 0.73, 0.8):
                fx += 0.035 * (row % 2)
                if abs(fx - 0.5) < 0.08 + (fy - 0.5) * 0.12 or abs(fx - 0.5) > 0.28 + (fy - 0.58) * 0.3:
                    continue
                oval(s, fleck, r, X(fx), Y(fy), 0.03 * scale, 0.025 * scale, 0)
    shape(s, cos.panel, r, P([(0.42, 0.5), (0.58, 0.5), (0.63, 1.02), (0.37, 1.02)]))
    for x0, x1 in ((0.42, 0.37), (0.58, 0.63)):
        stroke(s, cos.trim, r, (X(x0), Y(0.52)), (X(x1), Y(1.0)), 0.025 * scale)
    for fy in (0.66, 0.78, 0.9):  # buttons down the front
        dot(0.5, fy, 0.035, 0.03, cos.trim)
    if kind == "king":
        # the royal mantle's edges, then the ermine collar
        shape(s, shade(cos.robe, 0.7), r, P([(0.2, 0.58), (0.3, 0.54), (0.24, 1.02), (0.1, 1.02)]))
        shape(s, shade(cos.robe, 0.7), r, P([(0.8, 0.58), (0.7, 0.54), (0.76, 1.02), (0.9, 1.02)]))
        shape(s, WHITE, r, P([(0.24, 0.56), (0.38, 0.48), (0.62, 0.48), (0.76, 0.56), (0.7, 0.64), (0.5, 0.6),
                              (0.3, 0.64)]))
        for fx, fy in ((0.32, 0.57), (0.42, 0.53), (0.58, 0.53), (0.68, 0.57), (0.5, 0.56)):
            ellipse(s, INK, r, X(fx), Y(fy), 0.018 * scale, 0.03 * scale)
    elif kind == "knave":
        stroke(s, shade(cos.trim, 0.8), r, (X(0.14), Y(0.9)), (X(0.86), Y(0.9)), 0.05 * scale)  # the belt
        dot(0.5, 0.9, 0.07, 0.05, GOLD)
        dot(0.5, 0.5, 0.32, 0.08, WHITE)  # the ruff
        for fx in (0.4, 0.46, 0.54, 0.6):
            stroke(s, shade(WHITE, 0.8), r, (X(fx), Y(0.48)), (X(fx), Y(0.52)), 0.008 * scale)
    else:  # the rider's sash across the chest
        shape(s, cos.trim, r, P([(0.3, 0.54), (0.38, 0.52), (0.78, 0.92), (0.7, 0.96)]))
    # the neck and the head
    shape(s, shade(SKIN, 0.92), r, P([(0.45, 0.4), (0.55, 0.4), (0.56, 0.5), (0.44, 0.5)]))
    if kind != "knight":  # long hair falling to the shoulders
        shape(s, cos.hair, r, P([(0.36, 0.24), (0.64, 0.24), (0.68, 0.46), (0.6, 0.52), (0.4, 0.52), (0.32, 0.46)]))
    _face(s, r, kind, cos, X, Y, scale)
    _headgear(s, r, kind, cos, X, Y, scale, asp)
    # the arms: the emblem held up at one side, the sceptre (king) or the belt at the other
    side = 1 if kind == "knight" else -1  # the knight holds it on the right, away from the horse's head
    hx, hy = 0.5 + side * (0.27 if kind == "knight" else 0.3), 0.8
    _arm(s, r, cos, P, asp, scale, (0.5 + side * 0.22, 0.56), (hx, hy), side)
    ew = 0.26 if kind == "knight" else 0.34
    er = sub(r, X(hx) - ew / 2 * scale, Y(0.38), ew * scale, (hy - 0.38 + 0.05) * scale)
    emblem(s, er)
    dot(hx, hy, 0.09, 0.07, SKIN)  # the hand in front of the emblem's foot
    if kind == "king":
        _arm(s, r, cos, P, asp, scale, (0.78, 0.56), (0.77, 0.84), 1)
        stroke(s, INK, r, (X(0.72), Y(1.02)), (X(0.86), Y(0.3)), 0.05 * scale)
        stroke(s, GOLD, r, (X(0.72), Y(1.02)), (X(0.86), Y(0.3)), 0.032 * scale)
        dot(0.865, 0.27, 0.09, 0.08, GOLD)  # the orb of the sceptre, with its cross
        stroke(s, GOLD, r, (X(0.865), Y(0.17)), (X(0.865), Y(0.23)), 0.02 * scale)
        stroke(s, GOLD, r, (X(0.84), Y(0.195)), (X(0.89), Y(0.195)), 0.02 * scale)
        dot(0.78, 0.84, 0.09, 0.07, SKIN)
    elif kind == "knave":
        _arm(s, r, cos, P, asp, scale, (0.78, 0.56), (0.72, 0.87), 1)
        dot(0.72, 0.87, 0.08, 0.06, SKIN)
    else:
        _horse(s, r, cos)
        dot(0.3, 0.86, 0.08, 0.06, SKIN)  # the rider's other hand, on the reins


def _arm(s: pygame.Surface, r: pygame.Rect, cos: Costume, P: Callable[[list[Pt]], list[Pt]], asp: float,
         k: float, shoulder: Pt, hand: Pt, side: int) -> None:
    """A sleeve from the shoulder, out and down to the elbow and in to the hand, with its cuff."""
    (sx, sy), (hx, hy) = shoulder, hand
    path = bezier((sx, sy), (sx + side * 0.16, sy + 0.04), (hx + side * 0.12, hy - 0.02), (hx, hy), 8)
    halves = [(0.085 - 0.03 * i / 8) * k for i in range(9)]
    shape(s, cos.sleeve, r, band(P(path), halves, asp))
    cuff = P(path[-3:-1])
    shape(s, cos.trim, r, band(cuff, 0.062 * k, asp))


def _face(s: pygame.Surface, r: pygame.Rect, kind: str, cos: Costume, X: Callable[[float], float],
          Y: Callable[[float], float], k: float) -> None:
    def dot(fx: float, fy: float, fw: float, fh: float, c: RGB, line: int | None = 0) -> None:
        oval(s, c, r, X(fx), Y(fy), fw * k, fh * k, line)

    dot(0.5, 0.3, 0.25, 0.27, SKIN, None)
    dot(0.44, 0.35, 0.05, 0.03, (240, 170, 150))  # the cheeks
    dot(0.56, 0.35, 0.05, 0.03, (240, 170, 150))
    for fx in (0.45, 0.55):  # the eyes: the white, the iris, the brow
        dot(fx, 0.29, 0.055, 0.03, WHITE)
        dot(fx, 0.29, 0.026, 0.028, (40, 50, 70))
        stroke(s, shade(cos.hair, 0.6), r, (X(fx - 0.03), Y(0.262)), (X(fx + 0.03), Y(0.258)), 0.012 * k)
    nose = [(X(0.5), Y(0.29)), (X(0.515), Y(0.345)), (X(0.49), Y(0.35))]
    shape(s, shade(SKIN, 0.8), r, nose, 0)
    if kind == "king":  # the full beard and the moustache
        shape(s, cos.beard, r, [(X(x), Y(y)) for x, y in
                                [(0.38, 0.32), (0.43, 0.37), (0.57, 0.37), (0.62, 0.32), (0.62, 0.42), (0.56, 0.52),
                                 (0.5, 0.56), (0.44, 0.52), (0.38, 0.42)]])
        for fx in (0.47, 0.53):  # beard strands
            stroke(s, shade(cos.beard, 0.8), r, (X(fx), Y(0.42)), (X(fx + (fx - 0.5) * 0.5), Y(0.52)), 0.008 * k)
    if kind in ("king", "knight"):
        shape(s, cos.beard if kind == "king" else cos.hair, r,
              [(X(x), Y(y)) for x, y in [(0.44, 0.37), (0.5, 0.355), (0.56, 0.37), (0.54, 0.38), (0.5, 0.372),
                                         (0.46, 0.38)]], 0)
    dot(0.5, 0.39, 0.06, 0.018, (190, 50, 50))  # the mouth


def _headgear(s: pygame.Surface, r: pygame.Rect, kind: str, cos: Costume, X: Callable[[float], float],
              Y: Callable[[float], float], k: float, asp: float) -> None:
    def Q(pts: list[Pt]) -> list[Pt]:
        return [(X(x), Y(y)) for x, y in pts]

    if kind == "king":  # a crown of five points on a jewelled band
        shape(s, GOLD, r, Q([(0.35, 0.21), (0.35, 0.07), (0.4, 0.13), (0.45, 0.03), (0.5, 0.12), (0.55, 0.03),
                             (0.6, 0.13), (0.65, 0.07), (0.65, 0.21)]))
        shape(s, shade(GOLD, 0.85), r, Q([(0.35, 0.16), (0.65, 0.16), (0.65, 0.21), (0.35, 0.21)]))
        for fx, c in ((0.41, (200, 30, 40)), (0.5, (40, 80, 180)), (0.59, (200, 30, 40))):
            oval(s, c, r, X(fx), Y(0.185), 0.04 * k, 0.035 * k, 0)
        for fx, fy in ((0.35, 0.07), (0.45, 0.03), (0.55, 0.03), (0.65, 0.07)):
            oval(s, GOLD, r, X(fx), Y(fy), 0.03 * k, 0.03 * k)
        if cos.arched:  # closed by arches, a cross on the orb at the top
            shape(s, (170, 30, 40), r, Q([(0.38, 0.16), (0.4, 0.06), (0.5, 0.0), (0.6, 0.06), (0.62, 0.16)]))
            for a, b in (((0.36, 0.16), (0.5, -0.01)), ((0.64, 0.16), (0.5, -0.01)), ((0.5, 0.16), (0.5, -0.01))):
                stroke(s, GOLD, r, (X(a[0]), Y(a[1])), (X(b[0]), Y(b[1])), 0.025 * k)
            oval(s, GOLD, r, X(0.5), Y(-0.02), 0.05 * k, 0.04 * k)
    elif kind == "knight":  # a broad-brimmed hat with a plume
        shape(s, cos.hair, r, Q([(0.37, 0.2), (0.63, 0.2), (0.64, 0.3), (0.36, 0.3)]), 0)
        plume = bezier((X(0.56), Y(0.12)), (X(0.7), Y(0.02)), (X(0.85), Y(0.04)), (X(0.9), Y(0.16)), 10)
        shape(s, cos.plume, r, band(plume, [0.01 * k] + [0.035 * k] * 8 + [0.02 * k, 0.005 * k], asp))
        oval(s, cos.hat, r, X(0.5), Y(0.19), 0.5 * k, 0.09 * k)
        shape(s, cos.hat, r, Q([(0.38, 0.19), (0.41, 0.06), (0.59, 0.06), (0.62, 0.19)]))
        shape(s, cos.trim, r, Q([(0.385, 0.15), (0.615, 0.15), (0.62, 0.18), (0.38, 0.18)]))
    else:  # a soft cap with a feather
        feather = bezier((X(0.58), Y(0.14)), (X(0.68), Y(0.02)), (X(0.78), Y(0.0)), (X(0.84), Y(0.02)), 10)
        shape(s, cos.plume, r, band(feather, [0.01 * k] + [0.025 * k] * 8 + [0.015 * k, 0.004 * k], asp))
        oval(s, cos.hat, r, X(0.5), Y(0.16), 0.38 * k, 0.12 * k)
        oval(s, cos.trim, r, X(0.5), Y(0.2), 0.3 * k, 0.05 * k)


# ---------------------------------------------------------------- the horse


def _horse(s: pygame.Surface, r: pygame.Rect, cos: Costume) -> None:
    """The Cavallo's horse: head and neck in profile facing left, in front of its rider."""
    hr = sub(r, 0.0, 0.3, 0.6, 0.7)
    asp = hr.h / hr.w
    body = cos.horse
    dark = shade(body, 0.72)
    outline = [(0.62, 0.08), (0.46, 0.16), (0.3, 0.32), (0.14, 0.5), (0.05, 0.62), (0.02, 0.7), (0.04, 0.78),
               (0.1, 0.83), (0.18, 0.83), (0.28, 0.76), (0.4, 0.7), (0.5, 0.74), (0.56, 0.84), (0.62, 1.05),
               (1.02, 1.05), (0.98, 0.62), (0.88, 0.32), (0.76, 0.14)]
    # the ears, behind the head's outline
    shape(s, dark, hr, [(0.6, 0.12), (0.6, -0.06), (0.7, 0.1)])
    shape(s, body, hr, outline)
    shape(s, body, hr, [(0.66, 0.1), (0.7, -0.1), (0.76, 0.12)])
    # the jaw's line and the muzzle's shade
    pygame.draw.lines(s, dark, False, [(hr.x + x * hr.w, hr.y + y * hr.h) for x, y in
                                       bezier((0.46, 0.44), (0.34, 0.5), (0.36, 0.66), (0.46, 0.7), 8)],
                      ink_width(hr))
    shape(s, shade(body, 0.85), hr, [(0.05, 0.62), (0.02, 0.7), (0.04, 0.78), (0.1, 0.83), (0.16, 0.8),
                                     (0.14, 0.62)], 0)
    oval(s, INK, hr, 0.09, 0.69, 0.06, 0.045, 0)  # the nostril
    stroke(s, INK, hr, (0.05, 0.79), (0.14, 0.8), 0.015)  # the mouth
    oval(s, WHITE, hr, 0.42, 0.32, 0.1, 0.07)  # the eye
    oval(s, INK, hr, 0.41, 0.32, 0.05, 0.055, 0)
    # the mane along the crest and the forelock
    for i in range(7):
        t = i / 6
        x, y = 0.72 + 0.26 * t, 0.12 + 0.8 * t
        strand = bezier((x - 0.04, y), (x + 0.06, y + 0.02), (x + 0.1, y + 0.08), (x + 0.06, y + 0.16), 6)
        shape(s, cos.mane, hr, band(strand, [0.05, 0.05, 0.045, 0.04, 0.03, 0.02, 0.005], asp))
    shape(s, cos.mane, hr, [(0.58, 0.08), (0.68, 0.06), (0.6, 0.22), (0.52, 0.24)])
    # the bridle: crown piece, browband, cheek strap, noseband, with gold studs; the reins
    red = (180, 30, 36)
    for a, b in (((0.64, 0.12), (0.52, 0.22)), ((0.56, 0.16), (0.3, 0.66)), ((0.2, 0.46), (0.3, 0.7)),
                 ((0.16, 0.56), (0.3, 0.6)), ((0.3, 0.66), (0.14, 0.78))):
        stroke(s, red, hr, a, b, 0.05)
    for x, y in ((0.52, 0.22), (0.3, 0.66), (0.16, 0.56)):
        oval(s, GOLD, hr, x, y, 0.08, 0.06)
    oval(s, (200, 200, 210), hr, 0.14, 0.78, 0.07, 0.06)  # the bit
    a = (hr.x + 0.14 * hr.w, hr.y + 0.78 * hr.h)
    b = (r.x + 0.3 * r.w, r.y + 0.86 * r.h)
    pygame.draw.line(s, red, a, b, max(1, int(r.w * 0.02)))


__all__ = ["Costume", "PALETTES", "costume", "double_headed", "half_figure", "label_text"]
