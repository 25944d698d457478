"""What every menu screen is: :class:`Screen` (buttons, taps, keys, title, top bar)
and :class:`PagedScreen` (rows paged with ◀ ▶), and the helpers they share.

Each screen is a list of buttons laid out by a pure method ``buttons(size)``
(tested without a display), a ``press(name)`` that turns a button into an
intent or a screen change, and a ``draw(surface)``. The screens themselves
live one to a module beside this one: ui/home.py, ui/handend.py, ui/stats.py,
ui/settings.py, ui/realcards.py, ui/rules.py, ui/history.py, ui/review.py...
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame
from pygame import Rect

from ui.i18n import (
    variant_label,
)
from ui.layout import ButtonSpec
from ui.model import NO_GAME, TableModel
from ui.widgets import Ctx, blit_text, draw_button


def ask(ctx: Ctx, question: str, intent: Any, emit: Callable[[Any], None]) -> None:
    """Ask first (ctx.ask, the app's yes/no dialog), or emit at once without one."""
    if ctx.ask is not None:
        ctx.ask(question, intent)
    else:
        emit(intent)


def grid(area: Rect, n: int, cols: int, row_h: int, gap: int) -> list[Rect]:
    w = (area.w - (cols - 1) * gap) // cols
    return [Rect(area.x + (i % cols) * (w + gap), area.y + (i // cols) * (row_h + gap), w, row_h) for i in range(n)]


class Screen:
    name = "screen"
    arrows: tuple[str, str] | None = None
    """The buttons the left and right arrow keys press (a paged screen's back and on)."""

    def __init__(self, ctx: Ctx, emit: Callable[[Any], None], show: Callable[[str], None]) -> None:
        self.ctx = ctx
        self.emit = emit
        self.show = show
        self.model = NO_GAME
        self.seen: tuple[int, int] = (800, 480)  # the size last tapped at: press() by name finds its buttons there

    def set_model(self, model: TableModel) -> None:
        self.model = model

    def buttons(self, size: tuple[int, int]) -> list[ButtonSpec]:
        return []

    def tap(self, pos: tuple[int, int], size: tuple[int, int]) -> bool:
        self.seen = size
        for b in self.buttons(size):
            if b.rect.collidepoint(pos):
                return self.press_button(b) if b.enabled else True
        return False

    def press_button(self, b: ButtonSpec) -> bool:
        """A button tapped: what it carries (``carried``), else the screen's own by its name."""
        if b.intent is not None or b.action is not None:
            return self.carried(b)
        return self.press(b.name)

    def carried(self, b: ButtonSpec) -> bool:
        """A button's intent sent to the controller; a screen with its own actions says more."""
        if b.intent is None:
            return False
        self.emit(b.intent)
        return True

    def press(self, name: str) -> bool:
        """The screen's own button called ``name`` (back, more, ...); a button that carries
        something is pressed by its name too, as shown at the last size tapped."""
        return self.by_name(name)

    def by_name(self, name: str) -> bool:
        b = next((b for b in self.buttons(self.seen) if b.name == name), None)
        return b is not None and (b.intent is not None or b.action is not None) and self.carried(b)

    def key(self, key: int) -> bool:
        if key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
            return self.press("back")
        if self.arrows is not None and key in (pygame.K_LEFT, pygame.K_RIGHT):
            return self.press(self.arrows[key == pygame.K_RIGHT])
        return False

    def update(self, dt: float) -> None:
        pass

    def draw(self, s: pygame.Surface) -> None:
        s.blit(self.ctx.felt(s.get_size()), (0, 0))
        self.draw_buttons(s)

    def draw_buttons(self, s: pygame.Surface) -> None:
        for b in self.buttons(s.get_size()):
            self.draw_button(s, b)

    def draw_button(self, s: pygame.Surface, b: ButtonSpec) -> None:
        draw_button(s, self.ctx, b.rect, self.ctx.label(b.label), enabled=b.enabled)

    def metrics(self, size: tuple[int, int]) -> tuple[int, int, int]:
        """(margin, row height, gap) for this size; rows are never under 40 px."""
        W, H = size
        m = max(6, H // 60)
        row = max(self.ctx.theme.min_touch + 2, int(H * 0.1))
        return m, row, max(4, H // 90)

    def title(self, s: pygame.Surface, text: str, max_w: int | None = None) -> None:
        W, H = s.get_size()
        m, row, _ = self.metrics((W, H))
        blit_text(s, self.ctx, text, self.ctx.fsize(H, 0.065), (m + 4, m + row // 2), anchor="midleft", bold=True,
                  max_w=max_w)

    def top_bar(self, size: tuple[int, int], names: tuple[str, ...]) -> list[ButtonSpec]:
        """Buttons at the top right, the last name rightmost; narrower on a small screen."""
        W, _ = size
        m, row, _ = self.metrics(size)
        bw = max(100, W // 5) if len(names) < 3 else max(self.ctx.theme.min_touch * 2, min(W // 5, 140))
        return [ButtonSpec(n, Rect(W - (i + 1) * (m + bw), m, bw, row), n) for i, n in enumerate(reversed(names))]

    def title_room(self, size: tuple[int, int]) -> int:
        """The width the title may take, left of the top bar."""
        left = min((b.rect.x for b in self.buttons(size) if b.rect.y < self.metrics(size)[1]), default=size[0])
        return left - 2 * self.metrics(size)[0] - 4


class PagedScreen(Screen):
    """Rows that page with ◀ ▶ (and the arrow keys), opened from another screen that
    *back* returns to: a match's score sheet, a match's review."""

    arrows = ("up", "down")

    def __init__(self, ctx: Ctx, emit: Callable[[Any], None], show: Callable[[str], None], came_from: str) -> None:
        super().__init__(ctx, emit, show)
        self.first = 0  # the first row shown
        self.came_from = came_from
        self.laid_out = (800, 480)  # the size last laid out: a page is the rows shown at it

    def page_buttons(self, size: tuple[int, int], per: int, n: int) -> list[ButtonSpec]:
        """◀ and ▶ at the foot, each enabled while there are rows that way (``per`` a page, ``n`` in all)."""
        self.laid_out = size
        W, H = size
        m, row, _ = self.metrics(size)
        bw = max(self.ctx.theme.min_touch * 2, W // 5)
        return [ButtonSpec("up", Rect(m, H - m - row, bw, row), "◀", enabled=self.first > 0),
                ButtonSpec("down", Rect(W - m - bw, H - m - row, bw, row), "▶", enabled=self.first + per < n)]

    def page(self, name: str, per: int) -> bool:
        """The paging buttons and *back*; any other is pressed by its name."""
        if name == "up":
            self.first = max(0, self.first - per)
        elif name == "down":
            self.first += per
        elif name == "back":
            self.show(self.came_from)
        else:
            return self.by_name(name)
        return True

    def draw_titled(self, s: pygame.Surface, key: str, variant: str | None) -> None:
        """The felt and the title: ``key``'s words, and the game's name when there is a match."""
        ctx = self.ctx
        size = s.get_size()
        s.blit(ctx.felt(size), (0, 0))
        title = ctx.t(key) if variant is None else f"{ctx.t(key)} · {variant_label(variant, ctx.lang)}"
        self.title(s, title, self.title_room(size))
