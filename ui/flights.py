"""The cards drawn from the talon, in flight: each flies from the talon to the drawing
hand, face up where draws are shown, staggered after the trick held on the table; hidden at
their destination until they land, so nothing is drawn twice."""

from __future__ import annotations

from dataclasses import dataclass

import pygame
from pygame import Rect

from firmware.engine.cards import Card
from firmware.engine.view import PublicDraw
from ui.layout import TableLayout
from ui.model import TableModel
from ui.widgets import Ctx

DRAW_FLIGHT_S = 0.45
DRAW_STAGGER_S = 0.25


@dataclass
class Flight:
    """A card flying from ``src`` to ``dst``; ``card`` None means face down."""

    card: Card | None
    seat: int
    src: Rect
    dst: Rect
    delay: float
    duration: float = DRAW_FLIGHT_S
    t: float = 0.0

    @property
    def done(self) -> bool:
        return self.t >= self.delay + self.duration

    def rect(self) -> Rect:
        f = min(1.0, max(0.0, (self.t - self.delay) / self.duration))
        f = 1 - (1 - f) ** 3  # ease out
        w = self.src.w + (self.dst.w - self.src.w) * f
        h = self.src.h + (self.dst.h - self.src.h) * f
        r = Rect(0, 0, int(w), int(h))
        r.center = (
            int(self.src.centerx + (self.dst.centerx - self.src.centerx) * f),
            int(self.src.centery + (self.dst.centery - self.src.centery) * f),
        )
        return r


def new_flights(model: TableModel, lay: TableLayout, talon: Rect, draws: tuple[PublicDraw, ...],
                start: float) -> list[Flight]:
    """The flights of ``draws``, the first leaving ``start`` seconds from now."""
    out = []
    for i, d in enumerate(draws):
        dst = draw_target(model, lay, d.seat, d.card)
        if dst is None:
            continue
        face = d.card if (d.card is not None and (d.seat == model.me or d.card in shown_of(model, d.seat))) else None
        out.append(Flight(face, d.seat, talon.copy(), dst, start + i * DRAW_STAGGER_S))
    return out


def shown_of(model: TableModel, seat: int) -> tuple[Card, ...]:
    return model.seats[seat].shown if seat < len(model.seats) else ()


def draw_target(model: TableModel, lay: TableLayout, seat: int, card: Card | None) -> Rect | None:
    if seat == model.me:
        for c, r in lay.hand:
            if c == card:
                return r.copy()
        return None
    area = lay.seats.get(seat)
    if area is None or not area.cards:
        return None
    shown = shown_of(model, seat)
    if card is not None and card in shown:
        return area.cards[shown.index(card)].copy()
    return area.cards[-1].copy()


def draw_flights(s: pygame.Surface, ctx: Ctx, flights: list[Flight], style: str) -> None:
    for f in flights:
        if f.t >= f.delay:
            # the card art at its destination size, scaled on the way: no new art per frame
            r = f.rect()
            w, h = f.dst.size
            img = ctx.art.face(f.card, w, h, style) if f.card is not None else ctx.art.back(w, h, style)
            s.blit(pygame.transform.scale(img, r.size) if r.size != (w, h) else img, r)
