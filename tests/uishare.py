"""One test process's card faces and fonts, shared by every UI its tests make.

The card faces (drawn at 4x and scaled down) and the font files are the same for
every UI of the one theme (ui/theme.py), and were half the CPU of a test that
makes a UI per case. A UI's texts stay its own (their records tell text from card
art: ui/textcheck.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pygame loads where a test draws (its SDL drivers set first)
    import pygame

    from ui.app import UIApp

_FONTS: dict[tuple[int, bool], pygame.font.Font] = {}
_ART: dict[tuple[object, ...], pygame.Surface] = {}


def shared(ui: UIApp) -> UIApp:
    """``ui`` drawing with this process's card faces and fonts (the default theme's)."""
    from ui.theme import DEFAULT

    assert ui.ctx.theme is DEFAULT
    ui.ctx.fonts._fonts = _FONTS
    ui.ctx.art._cache = _ART
    return ui
