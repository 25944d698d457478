"""The guided hand's lesson on the table screen ("Learn to play", firmware/app/guide.py).

A panel over the seat across (its cards are face down: nothing to read there) and,
when the words need it, the top of the trick area; never over the hand, the action
column (the accuso's button the lesson points at stays tappable) or the status line.
Two buttons: *Got it* (the lesson goes; a tap on the panel does the same) and *Skip
the lessons* (the hand goes on as any other). The cards a "follow suit" lesson
speaks of are outlined in the hand: the model's ``marked``, the engine's legal cards.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame
from pygame import Rect

from ui import intents as it
from ui.layout import TableLayout
from ui.model import LessonModel
from ui.widgets import Ctx, blit_text, draw_button, draw_panel


@dataclass(frozen=True, slots=True)
class LessonLayout:
    panel: Rect
    ok: Rect
    skip: Rect
    lines: tuple[str, ...]
    size: int  # the text's font size (never under the fonts' minimum)


@dataclass(frozen=True, slots=True)
class _Room:
    """Where a lesson may go at this screen size: the margin, the top (below what is kept
    in sight) and the right end (left of the action column)."""

    m: int
    top: int
    right: int


def lesson_layout(ctx: Ctx, lay: TableLayout, lesson: LessonModel, trick_seats: tuple[int, ...] = (),
                  keep: tuple[Rect, ...] = ()) -> LessonLayout:
    """Where the panel goes at this screen size and how its words wrap.

    Over the seat across and the top of the trick area; while cards lie in the trick
    (``trick_seats``: the led card a "follow" lesson speaks of) a strip above them with
    its buttons stacked at its right end, when the words fit there. Either starts below
    what ``keep`` names in the top of the screen (the dealer's mark over the seat across).
    """
    W, H = lay.size
    m = max(4, int(H * 0.012))
    actions = [b.rect for b in lay.buttons if b.name != "menu"]
    room = _Room(m, top=max([m] + [r.bottom + m for r in keep if r.y < H // 3]),
                 right=min([r.x for r in actions if r.x > W // 2] + [W - int(W * 0.24)]))
    fs = ctx.fsize(H, 0.042)
    text = ctx.say(lesson.text)
    text = text[:1].upper() + text[1:]  # a sentence may open with a suit's name ("denari")
    row = max(ctx.theme.min_touch, int(H * 0.09))
    slots = [lay.trick_slots[s] for s in trick_seats if s in lay.trick_slots]
    if slots or not lay.hand:
        # (the hand played out, no card in sight: the rows under the status line first,
        # clear of the score the count speaks of and of the end's buttons in the middle)
        for strip in _strips(lay, room, slots) if slots else _strips_low(lay, room):
            got = _strip_layout(ctx, strip, text, fs, W, row)
            if got is not None:
                return got
    return _panel_layout(ctx, lay, room, slots, text, fs, row)


def _strips(lay: TableLayout, room: _Room, slots: list[Rect]) -> list[Rect]:
    """The strips a lesson may take while cards lie in the trick, the first that fits
    the words wins: after the hand the empty rows under the status line, above the trick
    below the kept marks, above it from the top of the screen."""
    W, H = lay.size
    m, top = room.m, room.top
    menu = next((b.rect for b in lay.buttons if b.name == "menu"), None)
    strip_right = min(W - m, menu.x - m) if menu is not None else W - m
    strip = Rect(m, top, strip_right - m, min(r.y for r in slots) - m - top)
    # below the kept marks when the words fit there, else from the top (the table then
    # moves its mark below the strip: TableScreen.dealer_chip_rect)
    # the hand played out (the count): the empty rows under the status line first, clear
    # of the score the count speaks of
    return _strips_low(lay, room) + [strip] + ([Rect(m, m, strip.w, strip.bottom - m)] if top > m else [])


def _strips_low(lay: TableLayout, room: _Room) -> list[Rect]:
    """The hand played out (the count): the empty rows under the status line."""
    W, H = lay.size
    m = room.m
    if not lay.hand:
        low = max([lay.status.bottom + m] + [b.rect.bottom + m for b in lay.buttons
                                              if b.rect.bottom > lay.status.bottom and b.rect.x < room.right])
        low_right = min([W - m] + [b.rect.x - m for b in lay.buttons if b.rect.bottom > low and b.rect.x > W // 2])
        return [Rect(m, low, low_right - m, H - m - low)]
    return []


def _panel_layout(ctx: Ctx, lay: TableLayout, room: _Room, slots: list[Rect], text: str, fs: int,
                  row: int) -> LessonLayout:
    """The lesson as a panel over the seat across, above the hand and the left column's
    buttons; below the trick when the words are too long for the strip over it."""
    W, H = lay.size
    m, top, right = room.m, room.top, room.right
    touch = ctx.theme.min_touch
    x, w = m, right - 2 * m
    line_h = fs + 4
    bottom = lay.hand[0][1].y - lay.lift - m if lay.hand else lay.status.y - m
    # above the buttons of the left column too (the last trick's), never over one
    bottom = min([bottom] + [b.rect.y - m for b in lay.buttons if b.rect.x < right and b.rect.y > H // 4])
    lines = ctx.fonts.wrap(text, fs, w - 16)
    h = 8 + len(lines) * line_h + 6 + row + 8
    y = max(top, min(lay.middle.y, bottom - h))
    under = max((r.bottom + m for r in slots), default=0)
    if slots and y < under and under + h <= bottom:  # the words too long for the strip: below the trick
        y = under
    panel = Rect(x, y, w, min(h, bottom - y))
    bw = min((w - 3 * 8) // 2, max(touch * 2, int(W * 0.22)))
    ok = Rect(panel.right - 8 - bw, panel.bottom - 8 - row, bw, row)
    skip = Rect(ok.x - 8 - bw, ok.y, bw, row)
    return LessonLayout(panel, ok, skip, tuple(lines), fs)


def _strip_layout(ctx: Ctx, strip: Rect, text: str, fs: int, W: int, row: int) -> LessonLayout | None:
    """The lesson in a strip, its buttons at the right end (stacked where the strip is tall
    enough), when the words fit there at the text's size or the fonts' minimum."""
    touch = ctx.theme.min_touch
    stacked = strip.h >= 2 * touch + 3 * 4  # the two buttons one over the other, else side by side
    bw = max(touch * 2, int(W * (0.2 if stacked else 0.19)))
    if strip.h < touch + 8:
        return None
    room = strip.w - (bw if stacked else 2 * bw + 4) - 24
    for size in (fs, ctx.fonts.min_size):
        lines = ctx.fonts.wrap(text, size, room)
        if 8 + len(lines) * (size + 4) <= strip.h:
            bh = (strip.h - 3 * 4) // 2 if stacked else max(touch, min(row, strip.h - 8))
            ok = Rect(strip.right - 4 - bw, strip.bottom - 4 - bh, bw, bh)
            skip = Rect(ok.x, strip.y + 4, bw, bh) if stacked else Rect(ok.x - 4 - bw, ok.y, bw, bh)
            return LessonLayout(strip, ok, skip, tuple(lines), size)
    return None


class LessonPanel:
    """Draws the lesson and answers the taps on it; the table screen asks it first."""

    def __init__(self, ctx: Ctx, emit: Callable[[it.Intent], None]) -> None:
        self.ctx = ctx
        self.emit = emit

    def tap(self, lay: TableLayout, lesson: LessonModel | None, trick: tuple[int, ...], pos: tuple[int, int],
            keep: tuple[Rect, ...] = ()) -> bool:
        if lesson is None:
            return False
        ll = lesson_layout(self.ctx, lay, lesson, trick, keep)
        if ll.skip.collidepoint(pos):
            self.emit(it.Guide("skip"))
            return True
        if ll.panel.collidepoint(pos):
            self.emit(it.Guide("dismiss"))
            return True
        return False  # a card, a button: playing on answers the lesson too

    def key(self, lesson: LessonModel | None, key: int) -> bool:
        """Esc leaves the guide (the hand goes on; the next Esc goes home as ever)."""
        if lesson is not None and key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
            self.emit(it.Guide("skip"))
            return True
        return False

    def draw(self, s: pygame.Surface, lay: TableLayout, lesson: LessonModel | None, trick: tuple[int, ...],
             cursor: int | None, keep: tuple[Rect, ...] = ()) -> None:
        if lesson is None:
            return
        ctx = self.ctx
        th = ctx.theme
        for i, (card, r) in enumerate(lay.hand):  # the cards the lesson speaks of
            if card in lesson.marked:
                rr = r.move(0, -lay.lift) if i == cursor else r
                pygame.draw.rect(s, th.good, rr.inflate(6, 6), 3, border_radius=max(3, rr.w // 12))
        ll = lesson_layout(ctx, lay, lesson, trick, keep)
        draw_panel(s, ll.panel, th, 255)  # opaque: the talon under it must not read through
        pygame.draw.rect(s, th.accent, ll.panel, 2, border_radius=max(4, min(14, ll.panel.h // 8)))
        y = ll.panel.y + 8
        for line in ll.lines:
            blit_text(s, ctx, line, ll.size, (ll.panel.x + 8, y), color=th.text)
            y += ll.size + 4
        draw_button(s, ctx, ll.skip, ctx.t("g_skip"))
        draw_button(s, ctx, ll.ok, ctx.t("g_ok"), color=th.good)
