"""A seat's face-up cards, whole, on a tap (issue 24.5).

The cards a seat lays face up (its accuso's cards, a draw shown to the table) lie in
its corner of the table overlapped to strips: at 480x320 a strip is 10-16 px wide and
in a short column a dozen px high, too small for the rank and the suit. A tap on the
seat (its name plate or its cards) shows them in a row of whole cards at the size of
the trick's, never overlapping, with the seat's name over them; any tap or Esc goes
back to the table. Only the seat's ``shown`` cards: the engine's public view of it.
"""

from __future__ import annotations

import pygame
from pygame import Rect

from firmware.engine.cards import Card
from ui.layout import TableLayout
from ui.model import TableModel
from ui.widgets import Ctx, blit_text, draw_panel, rounded


def shown_cells(n: int, card: tuple[int, int], size: tuple[int, int], head_px: int) -> tuple[Rect, list[Rect]]:
    """The panel and one rectangle per card: a centred row of whole cards with a gap
    between them, as large as ``card`` (the trick's size) or smaller to fit the screen,
    with room above for a heading of ``head_px``. Two rows when one row would make
    the cards narrower than half of ``card`` (a dozen cards at 480 px)."""
    W, H = size
    if n <= 0:
        return Rect(0, 0, 0, 0), []
    w, h = card
    margin = max(8, W // 40)
    pad = 8
    gap = max(6, w // 8)
    head = head_px + 10

    def fit(rows: int) -> tuple[int, int]:
        per = -(-n // rows)
        room_w = (W - 2 * margin - 2 * pad - (per - 1) * gap) / per
        room_h = (H - 2 * margin - 2 * pad - head - (rows - 1) * gap) / rows
        scale = min(1.0, room_w / w, room_h / h)
        return max(1, int(w * scale)), max(1, int(h * scale))

    rows = 1
    cw, ch = fit(1)
    if cw < w // 2 and n > 1:
        cw2, ch2 = fit(2)
        if cw2 > cw:
            rows, cw, ch = 2, cw2, ch2
    per = -(-n // rows)
    total_w = per * cw + (per - 1) * gap
    total_h = head + rows * ch + (rows - 1) * gap
    panel = Rect(0, 0, total_w + 2 * pad, total_h + 2 * pad)
    panel.center = (W // 2, H // 2)
    cells = []
    for i in range(n):
        row, col = divmod(i, per)
        in_row = min(per, n - row * per)
        x0 = panel.x + pad + (total_w - (in_row * cw + (in_row - 1) * gap)) // 2
        cells.append(Rect(x0 + col * (cw + gap), panel.y + pad + head + row * (ch + gap), cw, ch))
    return panel, cells


def seat_at(model: TableModel, lay: TableLayout, pos: tuple[int, int]) -> int | None:
    """The seat with face-up cards whose name plate or cards are under ``pos``."""
    for seat, area in lay.seats.items():
        if seat >= len(model.seats) or not model.seats[seat].shown:
            continue
        where = area.label.unionall(area.cards) if area.cards else area.label
        if where.collidepoint(pos):
            return seat
    return None


class ShownCards:
    """Which seat's face-up cards are shown enlarged (None: the table as it is)."""

    def __init__(self, ctx: Ctx) -> None:
        self.ctx = ctx
        self.seat: int | None = None

    def cards(self, model: TableModel) -> tuple[Card, ...]:
        if self.seat is None or self.seat >= len(model.seats):
            return ()
        return model.seats[self.seat].shown

    def sync(self, model: TableModel, new_hand: bool) -> None:
        """A new model: the view shows the seat's face-up cards as they are now, and
        closes with a new hand or when the seat has none left (all played)."""
        if new_hand or not self.cards(model):
            self.seat = None

    def open(self, model: TableModel, seat: int) -> None:
        self.seat = seat

    def close(self) -> bool:
        was = self.seat is not None
        self.seat = None
        return was

    @property
    def active(self) -> bool:
        return self.seat is not None

    def layout(self, lay: TableLayout, model: TableModel, name: str) -> tuple[Rect, list[Rect], int, str]:
        """The panel (as wide as its heading at least), the cards' places, the heading."""
        fs = self.ctx.fsize(lay.size[1], 0.05)
        panel, cells = shown_cells(len(self.cards(model)), lay.trick_size, lay.size, fs)
        head = self.ctx.t("shown_by", name=name)
        hw = min(self.ctx.fonts.font(fs, True).size(head)[0] + 20, lay.size[0] - 2 * max(8, lay.size[0] // 40))
        if hw > panel.w:
            panel.inflate_ip(hw - panel.w, 0)
        return panel, cells, fs, head

    def draw(self, s: pygame.Surface, lay: TableLayout, model: TableModel, name: str, style: str) -> None:
        cards = self.cards(model)
        if not cards:
            return
        ctx = self.ctx
        W, H = lay.size
        s.blit(rounded((W, H), (0, 0, 0), 150, 0), (0, 0))
        panel, cells, fs, head = self.layout(lay, model, name)
        draw_panel(s, panel, ctx.theme, 235)
        blit_text(s, ctx, head, fs, (panel.centerx, panel.y + 8), anchor="midtop", bold=True, max_w=panel.w - 12)
        for card, r in zip(cards, cells, strict=True):
            s.blit(ctx.art.face(card, r.w, r.h, style), r)
