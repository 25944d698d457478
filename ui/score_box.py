"""The score box of the table screen: per side its name, the match total and this
hand's points in thirds (+ declarations); the side colours partners share."""

from __future__ import annotations

import pygame
from pygame import Rect

from ui.layout import TableLayout, shared_table
from ui.model import TableModel
from ui.widgets import (
    Ctx,
    blit_text,
    draw_panel,
    fitting_label,
    seat_name,
    side_name_of,
    thirds_text,
)

SIDE_COLOURS = ((250, 204, 72), (120, 180, 255), (240, 120, 120), (170, 230, 140))



def draw_score(s: pygame.Surface, ctx: Ctx, model: TableModel, lay: TableLayout) -> None:
    """A small table: side, match total, this hand's points in thirds (+ declarations)."""
    m, r = model, lay.score
    draw_panel(s, r, ctx.theme, 170)
    least = ctx.fonts.min_size
    # the heading row (target, total, hand) only where every row still gets a readable line
    header = (r.h - 4) // (m.n_sides + 1) >= least + 3
    # the heading (dim, the smallest text) takes only its line; the rows share the rest
    line_h = (r.h - 4) // (m.n_sides + (1 if header else 0))
    head_h = line_h
    if header and m.n_sides > 2:
        head_h = min(line_h, least + 3)
        line_h = (r.h - 4 - head_h) // m.n_sides
    fs = min(ctx.fsize(lay.size[1], 0.04), max(least, line_h - 3))
    small = max(least, min(int(fs * 0.8), head_h - 3))
    col_total = r.x + int(r.w * 0.62)
    dim = ctx.theme.text_dim
    y = r.y + 2
    if header:
        yy = y + (head_h - small) // 2
        blit_text(s, ctx, ctx.t("to_target", n=m.target), small, (r.x + 8, yy), color=dim, max_w=int(r.w * 0.3))
        blit_text(s, ctx, ctx.t("total_short"), small, (col_total, yy), anchor="topright", color=dim,
                  max_w=int(r.w * 0.3))
        blit_text(s, ctx, ctx.t("hand_short"), small, (r.right - 6, yy), anchor="topright", color=dim,
                  max_w=int(r.w * 0.3))
        y += head_h
    for side in range(m.n_sides):
        seats = [x.seat for x in m.seats if x.side == side]
        total = m.totals[side] if side < len(m.totals) else 0
        hand = m.side_thirds[side] if side < len(m.side_thirds) else 0
        decl = m.declared[side] if side < len(m.declared) else 0
        yy = y + (line_h - fs) // 2
        side_stripe(s, model, Rect(r.x, y, 8, line_h), side)
        room = col_total - r.x - 6 - fs * 2
        label = side_name(ctx, model, side, seats)
        if len(seats) > 1 and any(m.seats[x].name for x in seats if x < len(m.seats)):
            label = fitting_label(ctx, label, fs, room, True)  # "Đurđ. + Jürg." rather than "Đurđa + J…"
        blit_text(s, ctx, label, fs, (r.x + 8, yy), bold=True, max_w=room)
        blit_text(s, ctx, str(total), fs, (col_total, yy), anchor="topright", bold=True)
        extra = f" +{decl}" if decl else ""
        # the ⅓ and ⅔ larger than the digits: readable at 480x320 too (issue 38)
        amount, above = ctx.fonts.amount(f"{thirds_text(hand) or '0'}{extra}", fs, ctx.theme.accent,
                                         max_w=r.right - col_total - 10)
        s.blit(amount, amount.get_rect(topright=(r.right - 6, yy - above)))
        y += line_h


def side_name(ctx: Ctx, model: TableModel, side: int, seats: list[int]) -> str:
    m = model
    if m.me in seats and not shared_table(m):
        return ctx.t("you") if len(seats) == 1 else ctx.t("us")
    if len(seats) == 1:
        return seat_name(model, seats[0], ctx)
    return pair_name(ctx, model, seats, m.n_sides == 2)


def pair_name(ctx: Ctx, model: TableModel, seats: list[int], two_sides: bool) -> str:
    """A pair not the screen's: "them" against the person at the screen (a computer in it,
    nobody named), else its one name (``Anna + Marco``, ``Seat 1 + 3``: the LED's left
    and right scores are the first and second rows of the score box, named so)."""
    m = model
    named = any(m.seats[x].name for x in seats if x < len(m.seats))
    people = all(m.seats[x].kind != "computer" for x in seats if x < len(m.seats))
    if two_sides and not shared_table(m) and not named and not people:
        return ctx.t("them")
    return side_name_of(seats, [x.name or None for x in m.seats], ctx)


def side_stripe(s: pygame.Surface, model: TableModel, r: Rect, side: int) -> None:
    """Partners: a stripe in their side's colour on each plate (and in the score box)."""
    m = model
    if m.n_sides >= m.n_seats:
        return  # each for himself (chiamata too: its partner is secret): no sides to mark
    col = SIDE_COLOURS[side % len(SIDE_COLOURS)]
    pygame.draw.rect(s, col, Rect(r.x + 2, r.y + 3, 4, r.h - 6), border_radius=2)
