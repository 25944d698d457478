"""The real cards screen: the decks' tags, enrolled one card at a time."""

from __future__ import annotations

from typing import Any

import pygame
from pygame import Rect

from firmware.engine.cards import CODE, DECKS
from ui import intents as it
from ui.i18n import (
    CardName,
    Message,
    arg_text,
)
from ui.layout import ButtonSpec
from ui.screen import Screen
from ui.widgets import blit_text, draw_panel


class RealCardsScreen(Screen):
    """The decks' tags for real-card play: which deck is enrolled, enrol one, follow it.

    A tap on a deck emits ``EnrolDeck(deck)``; the controller then
    asks for the cards one by one (``TableModel.enrolling``) while the screen
    names the next card big enough to read from the table. *Stop* emits
    ``EnrolDeck(None)``: the deck's previous map stays.
    """

    name = "real_cards"

    def buttons(self, size: tuple[int, int]) -> list[ButtonSpec]:
        W, H = size
        m, row, gap = self.metrics(size)
        out = self.top_bar(size, ("back",))
        busy = self.model.enrolling is not None
        bw = max(self.ctx.theme.min_touch * 3, int(W * 0.3))
        y = m + row + gap * 2
        for deck in DECKS:
            label = "enrol_again" if deck in self.model.enrolled else "enrol"
            out.append(ButtonSpec(f"enrol:{deck}", Rect(W - m - bw, y, bw, row), label, enabled=not busy,
                                  intent=it.EnrolDeck(deck)))
            y += row + gap
        if busy:
            out.append(ButtonSpec("enrol:stop", Rect(W - m - bw, H - m - row, bw, row), "enrol_stop",
                                  intent=it.EnrolDeck(None)))
        return out

    def press(self, name: str) -> bool:
        if name == "back":
            self.show("settings")
            return True
        return self.by_name(name)

    def draw(self, s: pygame.Surface) -> None:
        ctx, t = self.ctx, self.ctx.t
        W, H = s.get_size()
        s.blit(ctx.felt((W, H)), (0, 0))
        self.title(s, t("real_cards"), self.title_room((W, H)))
        m, row, gap = self.metrics((W, H))
        fs = ctx.fsize(H, 0.045)
        buttons = self.buttons((W, H))
        for b in buttons:
            match b.intent:
                case it.EnrolDeck(deck=str(deck)):
                    self._draw_deck(s, b, deck, fs, m)
            self.draw_button(s, b)
        top = max(b.rect.bottom for b in buttons if b.name.startswith("enrol:") and b.name != "enrol:stop") + gap * 2
        stop = next((b.rect for b in buttons if b.name == "enrol:stop"), None)
        bottom = (stop.y - gap) if stop is not None else H - m
        panel = Rect(m, top, W - 2 * m, bottom - top)
        draw_panel(s, panel, ctx.theme, 190)
        self._draw_progress(s, panel, fs)

    def _draw_deck(self, s: pygame.Surface, b: ButtonSpec, deck: str, fs: int, m: int) -> None:
        """A deck's name and whether it is enrolled, left of its button."""
        ctx, t = self.ctx, self.ctx.t
        ok = deck in self.model.enrolled
        status = ("✓ " + t("enrolled")) if ok else t("not_enrolled")
        label_w = b.rect.x - 2 * m
        blit_text(s, ctx, t("deck_" + deck), fs, (m + 4, b.rect.y + 2), bold=True, max_w=label_w)
        blit_text(s, ctx, status, max(11, fs - 2), (m + 4, b.rect.bottom - 2), anchor="bottomleft",
                  color=ctx.theme.accent if ok else ctx.theme.text_dim, max_w=label_w)

    def _draw_progress(self, s: pygame.Surface, panel: Rect, fs: int) -> None:
        ctx, t = self.ctx, self.ctx.t
        e = self.model.enrolling
        lines: list[tuple[str, int, bool, Any]] = []
        if e is not None:
            if e.card is not None:
                card = t("enrol_next", card=arg_text(CardName(e.deck, e.card), ctx.lang)) + f" ({CODE[e.card]})"
                lines.append((card, ctx.fsize(s.get_height(), 0.07), True, ctx.theme.accent))
            lines.append((t("enrol_progress", n=e.done + (e.card is not None), total=e.total), fs, True,
                          ctx.theme.text))
        else:
            lines.append((t("enrol_hint"), fs, False, ctx.theme.text_dim))
        message = self.model.message
        prompt = isinstance(message, Message) and message.key == "m_enrol_scan"  # said above, bigger
        said = ctx.say(message)
        if said and not prompt:
            lines.append((said, fs, False, ctx.theme.text))
        y = panel.y + 8
        for text, size, bold, color in lines:
            for line in ctx.fonts.wrap(text, size, panel.w - 20)[:3]:
                if y + size > panel.bottom - 4:
                    return
                blit_text(s, ctx, line, size, (panel.x + 10, y), bold=bold, color=color, max_w=panel.w - 20)
                y += size + 6
        if e is not None and e.total and y + 12 < panel.bottom:
            bar = Rect(panel.x + 10, y + 2, panel.w - 20, max(8, fs // 2))
            pygame.draw.rect(s, ctx.theme.panel_edge, bar, 1, border_radius=4)
            done = bar.inflate(-4, -4)
            done.w = done.w * e.done // e.total
            if done.w > 0:
                pygame.draw.rect(s, ctx.theme.accent, done, border_radius=3)
