"""The status row under the trick: whose turn, the hint, what the table says, in one line
or, when too long, two or three (the box grows upwards, clear of the bubbles and of the
raised card's index); my own dealer mark beside it; a seeded run's mark."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import pygame
from pygame import Rect

from ui.bubbles import bubble_lines
from ui.i18n import Message
from ui.layout import TableLayout, seeded_place, shared_table
from ui.model import PlayedCard, TableModel
from ui.seat_plates import dealer_chip, dealer_chip_size
from ui.widgets import Ctx, draw_panel

StatusText = Callable[[TableModel], tuple[str, tuple[int, int, int]]]


def draw_seeded(s: pygame.Surface, ctx: Ctx, model: TableModel, lay: TableLayout) -> None:
    """A seeded run (``--seed``) says so, small and dim: its deals can be repeated by
    anyone who knows the seed. Unseeded play shows nothing (no seed reaches the model)."""
    seed = model.seeded
    if seed is None:
        return
    surf = ctx.fonts.fit(ctx.t("seeded_mark", n=str(seed)), ctx.fonts.min_size, lay.size[0] // 4,
                         ctx.theme.text_dim)
    box = seeded_place(lay, surf.get_rect().inflate(6, 0).size)
    draw_panel(s, box, ctx.theme, 120)
    s.blit(surf, surf.get_rect(center=box.center))


def draw_status(s: pygame.Surface, ctx: Ctx, model: TableModel, lay: TableLayout, status_text: StatusText,
                raised: Rect | None, trick: tuple[PlayedCard, ...], said: dict[int, str]) -> None:
    """``status_text``: what the row says for a model; ``raised``: the raised card's index
    (raised_index); ``trick``: the cards on the trick; ``said``: the seats' words."""
    m = model
    if m.me < len(m.seats) and (m.seats[m.me].kind == "phone" or shared_table(m)):
        # a shared table (phones, real cards): nobody at the screen is "you"
        m = replace(m, me=len(m.seats))
    r = lay.status
    text, color = status_text(m)
    mine = m.dealer == m.me and m.show_hand and not m.hand_over
    chip_w, chip_h = dealer_chip_size(ctx)
    icon_w = chip_w + 6 if mine else 0
    if not text:
        if mine:  # my own dealer mark, where the status would be
            dealer_chip(s, ctx, (r.x + 2, r.centery - chip_h // 2))
        return
    r, lines, fs, grown = status_lines(ctx, lay, text, Rect(r.x + icon_w, r.y, r.w - icon_w, r.h), said)
    surfs = [ctx.fonts.fit(x, fs, r.w - 16, color, bold=True) for x in lines]
    w = max(x.get_width() for x in surfs)
    h = sum(x.get_height() for x in surfs)
    box = Rect(0, 0, w + 16, max(h + 4, min(r.h, h + 6)))
    box.center = r.center
    if grown:
        box.bottom = r.bottom
    if raised is not None and box.colliderect(raised):
        # clear of the raised card's index (the hint's): up into the row's own room, as far
        # as the trick's cards allow (issue 38)
        slots = [lay.trick_slots[pc.seat] for pc in trick if pc.seat in lay.trick_slots]
        above = [t.bottom + 1 for t in slots if t.x < box.right and box.x < t.right]
        box.h = min(box.h, h + 2)  # the least padding: every pixel counts at 480x320
        box.bottom = max(min(box.bottom, raised.y), max(above, default=0) + box.h)
    if m.n_seats > 2:
        box.left = r.left  # the row's left end, clear of the action buttons
    draw_panel(s, box, ctx.theme, 160)
    if mine and not grown:  # my own dealer mark, just left of the status (the others': on their plates)
        dealer_chip(s, ctx, (box.x - icon_w, box.centery - chip_h // 2))
    elif mine and box.x - chip_w - 4 >= lay.status.x:  # the status grew: the mark stays in the row
        dealer_chip(s, ctx, (box.x - chip_w - 4, lay.status.centery - chip_h // 2))
    y = box.centery - h // 2
    for surf in surfs:
        s.blit(surf, surf.get_rect(midtop=(box.centerx, y)))
        y += surf.get_height()


def status_lines(ctx: Ctx, lay: TableLayout, text: str, r: Rect, said: dict[int, str]) -> tuple[Rect, list[str], int, bool]:
    """Where the status ``text`` goes (``r``: the row left of my dealer mark), its lines,
    their font size and whether it left the row: one line in the row; above the
    declarations when they hold the row (layout.status_room); two lines when too long
    for one even at the smallest size, and a third line rather than words lost."""
    fonts = ctx.fonts
    fs = ctx.fsize(lay.size[1], 0.05)
    lines = [text]
    grown = False
    if r.w < 90 and lay.status_room.w >= 90:
        # the declarations hold the row: the status above them (layout.status_room)
        room = lay.status_room
        r = Rect(room.x, max(room.y, room.bottom - r.h), room.w, min(r.h, room.h))
        grown = True
    if fonts.font(fonts.min_size, True).size(text)[0] > r.w - 16:
        # too long for one line even at the smallest size: two lines
        fs = max(fonts.min_size, (r.h - 4) // 2 - 1)
        lines = bubble_lines(fonts, text, fs, r.w - 16)
        if len(lines) > 2:  # the smallest size, and a third line rather than words lost
            fs = fonts.min_size
            r, lines, higher = status_three_lines(ctx, lay, text, r, fs, said)
            grown = grown or higher
    return r, lines, fs, grown


def status_three_lines(ctx: Ctx, lay: TableLayout, text: str, r: Rect, fs: int,
                       said: dict[int, str]) -> tuple[Rect, list[str], bool]:
    """The status at the smallest size in three lines or more: the box grows upwards
    (layout.status_room, clear of the bubbles shown there) when the row cannot hold them."""
    fonts = ctx.fonts
    lines = bubble_lines(fonts, text, fs, r.w - 16)
    room = lay.status_room.copy()
    for seat in said:  # clear of the bubbles shown there
        b = lay.bubbles.get(seat)
        if b is not None and b.colliderect(room) and b.bottom < lay.status.y:
            room.h, room.y = room.bottom - b.bottom - 4, b.bottom + 4
    higher = False
    if len(lines) * fonts.font(fs, True).get_linesize() > r.h - 4 and room.h > r.h:
        # more lines than the row holds: the box grows upwards (layout.status_room)
        r = Rect(room.x, room.y, room.w, room.h)
        lines = bubble_lines(fonts, text, fs, r.w - 16)
        higher = True
    return r, lines[:max(3, (r.h - 4) // fonts.font(fs, True).get_linesize())], higher


def status_text(ctx: Ctx, m: TableModel, hint: tuple[str, float], table_word: Callable[[], str],
                name_of: Callable[[int | None], str]) -> tuple[str, tuple[int, int, int]]:
    """What the status row says now, and in which colour ("" for nothing): ``hint`` a short
    note and how long it stays, ``table_word`` what the table says, ``name_of`` a seat's name."""
    if hint[1] > 0:
        return hint[0], (255, 190, 150)
    waits = m.declare_prompt and m.me < len(m.seats)
    if waits and isinstance(m.message, Message) and m.message.key in ("m_new_game", "m_new_lesson"):
        # the hand-start declaration waits for me: that is what the status asks for
        return ctx.t("declare_turn"), ctx.theme.accent
    if m.message:
        said = ctx.say(m.message)
        # a hint on screen (its card raised) says whose turn it is: its reason gets the room
        return (f"{ctx.t('your_turn')} · {said}" if m.my_turn and m.hint_card is None else said), ctx.theme.text
    if m.hand_over:
        return "", ctx.theme.text
    if word := table_word():
        return (f"{ctx.t('your_turn')} · {word}" if m.my_turn else word), ctx.theme.text
    if m.declare_prompt and m.me < len(m.seats):
        # the table waits for my accusi: no card is played, by me or a computer, before them
        return ctx.t("declare_turn"), ctx.theme.accent
    if m.discardable:
        return ctx.t("discard"), ctx.theme.accent
    if m.my_turn:
        return ctx.t("your_turn"), ctx.theme.accent
    if m.to_move is not None and m.to_move < len(m.seats):
        sm = m.seats[m.to_move]
        key = "thinking" if sm.kind == "computer" else ("play_real_card" if sm.kind == "table" else "waits")
        return ctx.t(key, name=name_of(m.to_move)), ctx.theme.text
    return "", ctx.theme.text
