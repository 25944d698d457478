"""Where a frame's text went: the layout checks of the tests (and anyone curious).

A :class:`RecordingSurface` is a ``pygame.Surface`` that notes every blit of a
rendered text (the :class:`ui.fonts.Fonts` cache knows which surfaces are text)
and every panel or button drawn under text (``ui.widgets`` reports them). A
full-screen blit (the felt, a dimming overlay) starts the frame again: what lies
under an overlay is not read. :func:`problems` then lists what a reader would
trip over: two texts on top of each other, a text leaving the panel it sits
on, a text smaller than the screen's minimum, a text cut short with "…", a
card of the trick covered by a text.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from typing import Any

import pygame
from pygame import Rect


@dataclass(frozen=True, slots=True)
class TextBox:
    text: str
    size: int
    rect: Rect
    cut: bool = False  # shortened with "…" to fit (not a text that ends in "…" itself)


class RecordingSurface(pygame.Surface):
    """A screen that remembers the text boxes and panels drawn on it."""

    def __init__(self, size: tuple[int, int], fonts_meta: dict[int, tuple[str, int, bool]]) -> None:
        super().__init__(size)
        self.meta = fonts_meta
        self.texts: list[TextBox] = []
        self.panels: list[Rect] = []
        self.cards: list[Rect] = []
        self.buttons: list[Rect] = []

    def blit(self, source: pygame.Surface, dest: Any, area: Any = None, special_flags: int = 0) -> Rect:  # type: ignore[override]
        r = super().blit(source, dest, area, special_flags)
        if source.get_size() == self.get_size():
            self.texts.clear()
            self.panels.clear()
            self.cards.clear()
            self.buttons.clear()
            return r
        info = self.meta.get(id(source))
        if info is not None and r.w and r.h:
            # the ink, not the line box: a font's line height has room above the
            # accents and below the descenders that neighbouring lines may share
            size = info[1]
            ink = Rect(r.x, r.y + int(size * 0.15), r.w, max(1, min(r.h, int(size * 0.97))))
            self.texts.append(TextBox(info[0], size, ink.clip(r), info[2]))
        return r

    def note_panel(self, r: Rect) -> None:
        self.panels.append(Rect(r))

    def note_button(self, r: Rect) -> None:
        self.buttons.append(Rect(r))


@dataclass
class Report:
    problems: list[str] = field(default_factory=list)

    def __bool__(self) -> bool:
        return bool(self.problems)


def problems(surf: RecordingSurface, *, min_px: int, trick: list[Rect] | None = None,
             allow_cut: bool = False) -> list[str]:
    """Everything wrong with the text of the frame last drawn on ``surf``."""
    out: list[str] = []
    screen = surf.get_rect()
    texts = surf.texts
    for t in texts:
        if t.size < min_px:
            out.append(f"{t.text!r} at {t.size} px (< {min_px})")
        if not screen.contains(t.rect):
            out.append(f"{t.text!r} leaves the screen {t.rect}")
        if not allow_cut and t.cut:
            out.append(f"{t.text!r} is cut short")
        home = _panel_of(t.rect, surf.panels)
        if home is not None and not home.inflate(2, 2).contains(t.rect):
            out.append(f"{t.text!r} {t.rect} leaves its panel {home}")
    for a, b in itertools.combinations(texts, 2):
        if a.rect.inflate(-2, -2).colliderect(b.rect.inflate(-2, -2)):
            out.append(f"{a.text!r} {a.rect} overlaps {b.text!r} {b.rect}")
    for card in trick or []:
        for t in texts:
            if t.rect.inflate(-2, -2).colliderect(card):
                out.append(f"{t.text!r} {t.rect} covers a card of the trick {card}")
    return out


def _panel_of(r: Rect, panels: list[Rect]) -> Rect | None:
    """The smallest panel under the text's centre (None: it sits on the felt)."""
    under = [p for p in panels if p.collidepoint(r.center)]
    return min(under, key=lambda p: p.w * p.h) if under else None


def min_button_px(height: int) -> int:
    """The smallest label on a button: two points over the smallest text (14 px from
    480 px up, 12 px on the 480x320 panel). A button shrunk to the floor of the text
    sizes ("Einstellungen" at 10 px) reads as broken beside its neighbours."""
    return 14 if height >= 480 else 12


def small_buttons(surf: RecordingSurface, *, min_px: int) -> list[str]:
    """Button labels drawn smaller than ``min_px``."""
    out = []
    for t in surf.texts:
        if t.size < min_px and any(b.collidepoint(t.rect.center) for b in surf.buttons):
            out.append(f"button label {t.text!r} at {t.size} px (< {min_px})")
    return out
