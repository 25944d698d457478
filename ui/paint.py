"""Drawing primitives of the card art, in fractions of a rectangle.

Every card picture is drawn at three times its size into a rectangle ``r`` and
smooth-scaled down (ui.cards); shapes are given as fractions of ``r`` (0..1
across and down), so one drawing serves every card size. Printed cards have an
ink outline round each colour: :func:`shape` fills and outlines in one call.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import pygame

RGB = tuple[int, int, int]
Pt = tuple[float, float]

INK = (34, 28, 26)  # the outline of printed card art: a warm black


def pt(r: pygame.Rect, fx: float, fy: float) -> tuple[float, float]:
    return (r.x + fx * r.w, r.y + fy * r.h)


def poly(s: pygame.Surface, color: RGB, r: pygame.Rect, pts: Sequence[Pt]) -> None:
    pygame.draw.polygon(s, color, [pt(r, x, y) for x, y in pts])


def ellipse(s: pygame.Surface, color: RGB, r: pygame.Rect, fx: float, fy: float, fw: float, fh: float,
            width: int = 0) -> None:
    rect = pygame.Rect(0, 0, max(1, fw * r.w), max(1, fh * r.h))
    rect.center = (int(r.x + fx * r.w), int(r.y + fy * r.h))
    pygame.draw.ellipse(s, color, rect, width)


def ink_width(r: pygame.Rect, frac: float = 0.018) -> int:
    """The outline's width in pixels: a fraction of the rectangle's size, at least 1."""
    return max(1, round(min(r.w, r.h * 1.4) * frac))


def shape(s: pygame.Surface, color: RGB, r: pygame.Rect, pts: Sequence[Pt], line: int | None = None,
          ink: RGB = INK) -> None:
    """A filled polygon with its ink outline (``line`` px, 0 for none)."""
    p = [pt(r, x, y) for x, y in pts]
    pygame.draw.polygon(s, color, p)
    w = ink_width(r) if line is None else line
    if w:
        pygame.draw.polygon(s, ink, p, w)


def oval(s: pygame.Surface, color: RGB, r: pygame.Rect, fx: float, fy: float, fw: float, fh: float,
         line: int | None = None, ink: RGB = INK) -> None:
    """A filled ellipse with its ink outline."""
    ellipse(s, color, r, fx, fy, fw, fh)
    w = ink_width(r) if line is None else line
    if w:
        ellipse(s, ink, r, fx, fy, fw, fh, w)


def stroke(s: pygame.Surface, color: RGB, r: pygame.Rect, a: Pt, b: Pt, frac: float) -> None:
    """A straight line ``frac`` of the rectangle's width thick, with round ends."""
    w = max(1, int(r.w * frac))
    pa, pb = pt(r, *a), pt(r, *b)
    pygame.draw.line(s, color, pa, pb, w)
    for p in (pa, pb):
        pygame.draw.circle(s, color, p, w / 2)


def bezier(p0: Pt, p1: Pt, p2: Pt, p3: Pt, n: int = 16) -> list[Pt]:
    """Points along a cubic Bézier curve, both ends included."""
    out = []
    for i in range(n + 1):
        t = i / n
        u = 1 - t
        out.append((u ** 3 * p0[0] + 3 * u * u * t * p1[0] + 3 * u * t * t * p2[0] + t ** 3 * p3[0],
                    u ** 3 * p0[1] + 3 * u * u * t * p1[1] + 3 * u * t * t * p2[1] + t ** 3 * p3[1]))
    return out


def band(path: Sequence[Pt], half: Sequence[float] | float, aspect: float = 1.0) -> list[Pt]:
    """The outline of a band of half-width ``half`` (one per point, or one for all) along
    ``path``: a blade, a staff, an arm, a ribbon. ``aspect`` is the rectangle's height over its
    width, so a band keeps its width whichever way it runs."""
    halves = [half] * len(path) if isinstance(half, (int, float)) else list(half)
    left, right = [], []
    for i, (x, y) in enumerate(path):
        a = path[max(0, i - 1)]
        b = path[min(len(path) - 1, i + 1)]
        dx, dy = (b[0] - a[0]), (b[1] - a[1]) * aspect
        n = math.hypot(dx, dy) or 1.0
        nx, ny = -dy / n, dx / n  # the normal, in width units
        h = halves[i]
        left.append((x + nx * h, y + ny * h / aspect))
        right.append((x - nx * h, y - ny * h / aspect))
    return left + list(reversed(right))


def mirror(pts: Sequence[Pt]) -> list[Pt]:
    """The same points mirrored left to right."""
    return [(1 - x, y) for x, y in pts]


def shade(c: RGB, f: float) -> RGB:
    """``c`` darker (f < 1) or lighter (f > 1), clipped."""
    if f <= 1:
        return (int(c[0] * f), int(c[1] * f), int(c[2] * f))
    g = f - 1
    return (int(c[0] + (255 - c[0]) * g), int(c[1] + (255 - c[1]) * g), int(c[2] + (255 - c[2]) * g))


def sub(r: pygame.Rect, fx: float, fy: float, fw: float, fh: float) -> pygame.Rect:
    """The part of ``r`` at fractions (x, y, w, h)."""
    return pygame.Rect(int(r.x + fx * r.w), int(r.y + fy * r.h), max(1, int(fw * r.w)), max(1, int(fh * r.h)))


__all__ = ["INK", "RGB", "Pt", "band", "bezier", "ellipse", "ink_width", "mirror", "oval", "poly", "pt", "shade",
           "shape", "stroke", "sub"]
