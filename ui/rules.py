"""The rules screen: the chosen game's rules with pictures, then the pages of text.

Opened from the home screen (the game chosen there, with its options), from Settings,
and from the table (key R, or the menu → Rules: the game being played). The game's
picture pages come first: *What counts* (one suit from the highest card down, each
card's worth under it, the last trick's and a hand's total), *Declarations* (each as
its cards, with its points), *Signals* and *Sudden wins* where the game has them; then
its page of text and the other games' pages. Every fact on a picture page is the
engine's (``firmware/engine/rulebook.py``): the pictures cannot disagree with the game.
The phone page shows the same pages (``firmware/app/phones``, ``rules_json``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import pygame
from pygame import Rect

from firmware.engine.rulebook import RuleSheet
from firmware.engine.variants import PRESETS
from ui.cards import style_for
from ui.i18n import RULES_PAGE_OF, rules_page, rules_pages, variant_label
from ui.layout import ButtonSpec
from ui.rulestext import Page, game_pages, page_lines, points_text, sheet_for, value_of
from ui.screen import Screen
from ui.widgets import Ctx, blit_text, draw_panel

__all__ = ["Page", "RulesScreen", "game_pages", "page_lines", "sheet_for", "value_of"]

class RulesScreen(Screen):
    name = "rules"
    arrows = ("prev", "next")

    def __init__(self, ctx: Ctx, emit: Callable[[Any], None], show: Callable[[str], None]) -> None:
        super().__init__(ctx, emit, show)
        self.page = 0
        self.variant = next(iter(PRESETS))
        self.options: dict[str, Any] = {}
        self.came_from = "home"  # where Back goes: home, settings or the table

    @property
    def came_from_settings(self) -> bool:
        return self.came_from == "settings"

    @came_from_settings.setter
    def came_from_settings(self, value: bool) -> None:
        self.came_from = "settings" if value else "home"

    def open_at(self, variant: str, options: Mapping[str, Any] | None = None) -> None:
        """Open at the first picture page of ``variant`` (played with ``options``)."""
        self.variant = variant if variant in PRESETS else next(iter(PRESETS))
        self.options = dict(options or {})
        self.page = 0

    def sheet(self) -> RuleSheet:
        return sheet_for(self.variant, self.options)

    def pages(self) -> list[Page]:
        own = RULES_PAGE_OF.get(self.variant, 0)
        out: list[Page] = [(p, 0) for p in game_pages(self.sheet())]
        out.append(("text", own))
        out += [("text", i) for i in range(len(rules_pages(self.ctx.lang))) if i != own]
        return out

    def buttons(self, size: tuple[int, int]) -> list[ButtonSpec]:
        W, H = size
        m, row, gap = self.metrics(size)
        bw = max(100, W // 5)
        n = len(self.pages())
        return [
            ButtonSpec("back", Rect(W - m - bw, m, bw, row), "back"),
            ButtonSpec("prev", Rect(m, H - m - row, bw, row), "◀", enabled=self.page > 0),
            ButtonSpec("next", Rect(W - m - bw, H - m - row, bw, row), "▶", enabled=self.page < n - 1),
        ]

    def press(self, name: str) -> bool:
        n = len(self.pages())
        if name == "prev":
            self.page = max(0, self.page - 1)
        elif name == "next":
            self.page = min(n - 1, self.page + 1)
        elif name == "back":
            self.show(self.came_from)
        else:
            return False
        return True

    # ------------------------------------------------------------ drawing

    def draw(self, s: pygame.Surface) -> None:
        ctx = self.ctx
        W, H = s.get_size()
        s.blit(ctx.felt((W, H)), (0, 0))
        pages = self.pages()
        self.page = min(self.page, len(pages) - 1)
        kind, index = pages[self.page]
        m, row, gap = self.metrics((W, H))
        box = Rect(m, m + row + gap, W - 2 * m, H - 2 * row - 2 * m - 2 * gap)
        draw_panel(s, box, ctx.theme, 200)
        game = variant_label(self.variant, ctx.lang, PRESETS[self.variant].title)
        bw = max(100, W // 5)
        if kind == "text":
            title, body = rules_page(ctx.lang, index)
            self.title(s, f"{ctx.t('rules')}: {title}", W - 3 * m - bw)
            self._text(s, box, body)
        else:
            self.title(s, f"{ctx.t('rules')}: {game}", W - 3 * m - bw)
            self._picture_page(s, box.inflate(-16, -12), kind)
        fs = ctx.fsize(H, 0.048)
        blit_text(s, ctx, ctx.t("page_n", n=self.page + 1, m=len(pages)), fs, (W // 2, H - m - row // 2),
                  anchor="center", color=ctx.theme.text_dim)
        self.draw_buttons(s)

    def _text(self, s: pygame.Surface, box: Rect, body: str) -> None:
        ctx = self.ctx
        fs = ctx.fsize(s.get_height(), 0.048)
        while fs > 10:
            lines = ctx.fonts.wrap(body, fs, box.w - 20)
            if len(lines) * (fs + 4) <= box.h - 12:
                break
            fs -= 1
        y = box.y + 8
        for line in lines:
            blit_text(s, ctx, line, fs, (box.x + 10, y))
            y += fs + 4

    def _style(self, deck: str) -> str:
        st = self.ctx.settings
        return style_for(deck, st.get("deck_style", "napoletane"), st.get("german_style", "salzburger"))

    def _lines(self, s: pygame.Surface, lines: list[str], fs: int, x: int, y: int, w: int) -> int:
        """``lines`` wrapped to ``w`` from ``y``; the y under them."""
        for text in lines:
            for line in self.ctx.fonts.wrap(text, fs, w):
                blit_text(s, self.ctx, line, fs, (x, y))
                y += fs + 3
        return y

    def _fit(self, lines: list[str], fs: int, w: int, room: int) -> int:
        """The largest size from ``fs`` down at which ``lines`` wrapped to ``w`` fit ``room``."""
        ctx = self.ctx
        while fs > ctx.fonts.min_size:
            n = sum(len(ctx.fonts.wrap(t, fs, w)) for t in lines)
            if n * (fs + 3) <= room:
                break
            fs -= 1
        return fs

    def _picture_page(self, s: pygame.Surface, box: Rect, kind: str) -> None:
        ctx = self.ctx
        H = s.get_height()
        sheet = self.sheet()
        head = ctx.fsize(H, 0.05)
        blit_text(s, ctx, ctx.t("rb_" + kind), head, (box.x, box.y), bold=True, color=ctx.theme.accent)
        area = Rect(box.x, box.y + head + 8, box.w, box.bottom - box.y - head - 8)
        fs = max(ctx.fonts.min_size, ctx.fsize(H, 0.042))
        lines = page_lines(sheet, kind, ctx.lang)
        if kind == "values":
            self._values(s, area, sheet, lines, fs)
        elif kind == "declarations":
            self._declarations(s, area, sheet, lines, fs)
        else:
            fs = self._fit(lines, ctx.fsize(H, 0.046), area.w, area.h)
            self._lines(s, lines, fs, area.x, area.y, area.w)

    def _values(self, s: pygame.Surface, area: Rect, sheet: RuleSheet, lines: list[str], fs: int) -> None:
        ctx = self.ctx
        y = self._lines(s, lines[:1], fs, area.x, area.y, area.w) + 4
        rest = lines[1:]
        rest_h = sum(len(ctx.fonts.wrap(t, fs, area.w)) for t in rest) * (fs + 3)
        n = len(sheet.order)
        gap = max(3, area.w // 120)
        label = fs + 6
        ch = min(area.bottom - y - label - rest_h - 6, int((area.w - (n - 1) * gap) / n * ctx.theme.card_ratio))
        cw = int(ch / ctx.theme.card_ratio)
        x0 = area.x + (area.w - (n * cw + (n - 1) * gap)) // 2
        style = self._style(sheet.deck)
        for i, card in enumerate(sheet.order):
            r = Rect(x0 + i * (cw + gap), y, cw, ch)
            s.blit(ctx.art.face(card, cw, ch, style), r)
            worth = value_of(sheet, i)
            blit_text(s, ctx, points_text(worth), fs + 1, (r.centerx, r.bottom + 3), anchor="midtop", bold=True,
                      color=ctx.theme.accent if worth else ctx.theme.text_dim)
        self._lines(s, rest, fs, area.x, y + ch + label + 4, area.w)

    def _declarations(self, s: pygame.Surface, area: Rect, sheet: RuleSheet, lines: list[str], fs: int) -> None:
        ctx = self.ctx
        examples = sheet.declarations
        note = lines[-1]
        note_h = len(ctx.fonts.wrap(note, fs, area.w)) * (fs + 3)
        cols = 2
        rows = -(-len(examples) // cols)
        gap = 8
        cell_w = (area.w - gap) // cols
        cell_h = (area.h - note_h - 4 - (rows - 1) * gap) // rows
        style = self._style(sheet.deck)
        for i, (ex, text) in enumerate(zip(examples, lines, strict=False)):
            row, col = divmod(i, cols)
            cell = Rect(area.x + col * (cell_w + gap), area.y + row * (cell_h + gap), cell_w, cell_h)
            blit_text(s, ctx, text, fs, (cell.x, cell.y), bold=True, max_w=cell.w)
            ch = max(12, cell.h - fs - 8)
            cw = int(ch / ctx.theme.card_ratio)
            k = len(ex.cards)
            step = min(cw + 4, (cell.w - cw) // max(1, k - 1)) if k > 1 else cw
            if step < cw // 2:  # too narrow: smaller cards rather than hidden ones
                cw = int(cell.w / (k * 0.55 + 0.45))
                ch = int(cw * ctx.theme.card_ratio)
                step = (cell.w - cw) // max(1, k - 1)
            for j, card in enumerate(ex.cards):
                s.blit(ctx.art.face(card, cw, ch, style), (cell.x + j * step, cell.y + fs + 6))
        self._lines(s, [note], fs, area.x, area.bottom - note_h, area.w)
