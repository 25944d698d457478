"""The peek at the tricks taken (a tap on the score, P): the cards each side took this
hand, a row per side; in practice a second tab, the cards played so far by suit."""

from __future__ import annotations

import pygame
from pygame import Rect

from firmware.engine.cards import Card
from ui.layout import TableLayout
from ui.model import TableModel
from ui.played_cards import draw_tabs, draw_tally, tab_rects, tally_available
from ui.score_box import pair_name
from ui.widgets import Ctx, blit_text, draw_panel, rounded, seat_name


def taken_rows(ctx: Ctx, model: TableModel) -> list[tuple[str, tuple[Card, ...]]]:
    """Per side, the person's first: its name and the cards it took this hand, by suit.
    All of it public: every card of a trick was played face up (RULES.md §4)."""
    m, t = model, ctx.t
    mine = m.side_of(m.me)
    order = [mine, *(x for x in range(len(m.side_cards)) if x != mine)] if mine < len(m.side_cards) else []
    out = []
    for side in order:
        seats = [x.seat for x in m.seats if x.side == side]
        if side == mine and m.show_hand:
            name = t("you") if len(seats) == 1 else t("us")
        elif len(seats) == 1:
            name = seat_name(model, seats[0], ctx)
        else:
            name = pair_name(ctx, model, seats, len(order) == 2)
        tricks = len(m.side_cards[side]) // max(1, m.n_seats)
        out.append((f"{name} · {t('tricks_n', n=tricks)}", tuple(sorted(m.side_cards[side]))))
    return out


def peek_panel(lay: TableLayout) -> Rect:
    W, H = lay.size
    pad = max(6, W // 80)
    return Rect(pad, pad, W - 2 * pad, H - 2 * pad)


def draw_taken(s: pygame.Surface, ctx: Ctx, model: TableModel, lay: TableLayout, peek_tab: str, style: str) -> None:
    """The cards each side took this hand, a row per side, over the dimmed table; in
    practice two tabs over it, the other one the cards played so far by suit."""
    W, H = lay.size
    s.blit(rounded((W, H), (0, 0, 0), 150, 0), (0, 0))
    rows = taken_rows(ctx, model)
    fs = max(ctx.fonts.min_size, ctx.fsize(H, 0.045))
    panel = peek_panel(lay)
    pad = panel.x
    tabs = tally_available(model)
    if not rows and not tabs:
        return
    draw_panel(s, panel, ctx.theme, 255 if tabs else 235)  # the faint cards over the panel, not the table
    if tabs:
        draw_tabs(s, ctx, panel, peek_tab)
        top = max(r.bottom for r in tab_rects(panel, ctx.theme.min_touch).values()) + 6
        if peek_tab == "played":
            draw_tally(s, ctx, model, panel, top, style)
            return
    else:
        blit_text(s, ctx, ctx.t("taken_title"), fs + 2, (panel.centerx, panel.y + 6), anchor="midtop", bold=True)
        top = panel.y + fs + 16
    if not rows:
        return
    band = (panel.bottom - pad - top) // len(rows)
    ch = max(16, min(band - fs - 10, int(W * 0.11)))
    cw = int(ch * 0.62)
    for i, (label, cards) in enumerate(rows):
        y = top + i * band
        blit_text(s, ctx, label, fs, (panel.x + 10, y), bold=True, color=ctx.theme.accent, max_w=panel.w - 20)
        if not cards:
            continue
        room = panel.w - 20
        step = min(cw + 3, max(4, (room - cw) // max(1, len(cards) - 1))) if len(cards) > 1 else cw
        for k, card in enumerate(cards):
            r = Rect(panel.x + 10 + k * step, y + fs + 6, cw, ch)
            s.blit(ctx.art.face(card, cw, ch, style), r)
