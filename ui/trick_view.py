"""The trick on the table and the last trick's review (T, or its button): each card over
its player's name on a plate of its own, the taker's framed."""

from __future__ import annotations

import pygame
from pygame import Rect

from ui.layout import TableLayout
from ui.model import PlayedCard, TableModel
from ui.widgets import Ctx, blit_text, draw_panel, rounded, seat_name


def draw_trick(s: pygame.Surface, ctx: Ctx, lay: TableLayout, trick: tuple[PlayedCard, ...], style: str) -> None:
    for pc in trick:
        r = lay.trick_slots.get(pc.seat)
        if r is None:
            continue
        s.blit(ctx.art.face(pc.card, r.w, r.h, style), r)


def draw_last_trick(s: pygame.Surface, ctx: Ctx, model: TableModel, lay: TableLayout, style: str) -> None:
    """The last trick in the order played, each card over its player's name on a plate of
    its own (four names side by side ran into one another at 800x480), the taker's
    framed, the signals under the name."""
    m = model
    W, H = lay.size
    s.blit(rounded((W, H), (0, 0, 0), 150, 0), (0, 0))
    fs = ctx.fsize(H, 0.05)
    nfs = max(ctx.fonts.min_size, fs - 2)
    names = [seat_name(model, pc.seat, ctx) for pc in m.last_trick]
    widths = [ctx.fonts.font(nfs, True).size(x)[0] + 12 for x in names]
    cells = last_trick_cells(lay.trick_size, widths, (W, H), nfs)
    if not cells:
        return
    top = min(c.y for c, _ in cells) - fs - 14
    bottom = max(p.bottom for _, p in cells) + (nfs + 6 if any(pc.signals for pc in m.last_trick) else 0)
    left, right = min(c.x for _, c in cells), max(c.right for _, c in cells)
    draw_panel(s, Rect(left - 10, top - 6, right - left + 20, bottom - top + 14), ctx.theme, 235)
    blit_text(s, ctx, ctx.t("last_trick"), fs, (W // 2, top), anchor="midtop", bold=True)
    for pc, name, (card, plate) in zip(m.last_trick, names, cells, strict=True):
        s.blit(ctx.art.face(pc.card, card.w, card.h, style), card)
        won = pc.seat == m.last_winner
        if won:
            pygame.draw.rect(s, ctx.theme.accent, card.inflate(6, 6), 3, border_radius=6)
        draw_panel(s, plate, ctx.theme, 220)
        blit_text(s, ctx, name, nfs, plate.center, anchor="center", max_w=plate.w - 8,
                  color=ctx.theme.accent if won else None, bold=True)
        if pc.signals:
            said = ", ".join(ctx.label("sig_" + x) for x in pc.signals)
            blit_text(s, ctx, said, nfs, (plate.centerx, plate.bottom + 3), anchor="midtop",
                      color=ctx.theme.accent, bold=True, max_w=plate.w + 4)


def last_trick_cells(card: tuple[int, int], name_w: list[int], size: tuple[int, int],
                     font_px: int) -> list[tuple[Rect, Rect]]:
    """The last-trick review's places: per card played, the card and its name plate under
    it. Each column is as wide as its card or its name, whichever is wider, with a clear
    gap between columns; the cards shrink if the row would not fit the screen."""
    W, H = size
    n = len(name_w)
    if not n:
        return []
    w, h = card
    gap = max(10, w // 4)
    margin = max(8, W // 40)
    cols = [max(w, nw) for nw in name_w]
    total = sum(cols) + (n - 1) * gap
    if total > W - 2 * margin:  # narrower cards; a name keeps its size
        room = (W - 2 * margin - (n - 1) * gap) // n
        w, h = min(w, room), int(h * min(w, room) / w)
        cols = [max(w, min(nw, room)) for nw in name_w]
        total = sum(cols) + (n - 1) * gap
    plate_h = font_px + 10
    x = (W - total) // 2
    y = (H - h - plate_h - 6) // 2
    out = []
    for cw in cols:
        c = Rect(x + (cw - w) // 2, y, w, h)
        out.append((c, Rect(x, c.bottom + 6, cw, plate_h)))
        x += cw + gap
    return out
