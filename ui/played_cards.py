"""The cards played so far, by suit, as a player keeps them on paper (practice only).

A practice match (hints allowed: ``TableModel.casual``) lets the person peek at what a
good player counts in the head: every card of the deck, a row per suit in the order of
strength, the ones played drawn in full, the ones lying face up in a hand (a draw shown
to all, a declared card) framed, the ones not yet seen faint. The data is the engine's
public tally (``firmware/engine/tally.py``, carried in ``TableModel.played_cards`` and
``face_up_cards``): only what every seat saw, never a card held face down.

It is a tab of the peek at the tricks taken (a tap on the score, key P; Tab switches):
a real table allows neither, so the tab is absent when practice is off (the rules say
so). The layout is a pure function of the deck and the screen size
(:func:`tally_cells`), tested without a display.
"""

from __future__ import annotations

import pygame
from pygame import Rect

from firmware.engine.cards import DECKS, Card
from ui.model import TableModel
from ui.widgets import Ctx, blit_text, draw_button

TABS = ("taken", "played")
"""The peek's tabs: the tricks each side took, the cards played by suit."""


def tally_available(model: TableModel) -> bool:
    """The cards-played view is offered: a practice match with cards on the table."""
    return model.casual and model.in_game and not model.score_sheet and model.sheet_entry is None


def tab_rects(panel: Rect, touch: int) -> dict[str, Rect]:
    """The two tabs side by side along the panel's top, as tall as a finger needs."""
    pad = 6
    w = (panel.w - 3 * pad) // 2
    h = max(touch - 6, 28)
    return {name: Rect(panel.x + pad + i * (w + pad), panel.y + pad, w, h) for i, name in enumerate(TABS)}


def tally_cells(deck: str, area: Rect, ratio: float) -> list[list[tuple[Card, Rect]]]:
    """One row per suit, its cards in the deck's order of strength, as large as ``area``
    holds (cards ``ratio`` times as tall as wide), centred; a small gap between cards."""
    d = DECKS[deck]
    cols, rows = len(d.ranks), len(d.suits)
    gap = max(2, area.w // 160)
    ch = min((area.h - (rows - 1) * gap) // rows, int((area.w - (cols - 1) * gap) / cols * ratio))
    cw = int(ch / ratio)
    total_w = cols * cw + (cols - 1) * gap
    total_h = rows * ch + (rows - 1) * gap
    x0 = area.x + (area.w - total_w) // 2
    y0 = area.y + (area.h - total_h) // 2
    return [[(d.card(s, r), Rect(x0 + r * (cw + gap), y0 + s * (ch + gap), cw, ch)) for r in range(cols)]
            for s in range(rows)]


def draw_tabs(s: pygame.Surface, ctx: Ctx, panel: Rect, tab: str) -> None:
    for name, r in tab_rects(panel, ctx.theme.min_touch).items():
        draw_button(s, ctx, r, ctx.t("tab_" + name), selected=name == tab)


def draw_tally(s: pygame.Surface, ctx: Ctx, model: TableModel, panel: Rect, top: int, style: str) -> None:
    """The tally under ``top`` in ``panel``: the cards by suit, a legend at the foot."""
    H = s.get_height()
    fs = max(ctx.fonts.min_size, ctx.fsize(H, 0.04))
    legend_y = panel.bottom - fs - 6
    area = Rect(panel.x + 8, top + 4, panel.w - 16, legend_y - top - 8)
    played, face_up = set(model.played_cards), set(model.face_up_cards)
    ratio = ctx.theme.card_ratio
    for row in tally_cells(model.deck, area, ratio):
        for card, r in row:
            if card in played:
                s.blit(ctx.art.face(card, r.w, r.h, style), r)
            elif card in face_up:
                s.blit(ctx.art.face(card, r.w, r.h, style), r)
                pygame.draw.rect(s, ctx.theme.accent, r.inflate(2, 2), 3, border_radius=max(3, r.w // 10))
            else:
                ghost = ctx.art.face(card, r.w, r.h, style).copy()
                ghost.set_alpha(70)
                s.blit(ghost, r)
    n = len(DECKS[model.deck].suits) * len(DECKS[model.deck].ranks)
    said = ctx.t("tally_legend", n=len(played), m=n)
    blit_text(s, ctx, said, fs, (panel.centerx, legend_y), anchor="midtop", color=ctx.theme.text_dim,
              max_w=panel.w - 16)
