"""The seats' bubbles: what a seat said (a declaration, a claim, its signals) beside it,
with a tail pointing at the speaker; never over the trick (layout.bubbles)."""

from __future__ import annotations

import re
from dataclasses import dataclass

import pygame
from pygame import Rect

from ui.fonts import Fonts
from ui.layout import TableLayout, bubble_tail, speaker_areas
from ui.model import TableModel
from ui.widgets import Ctx, note_panel, rounded


@dataclass
class LiveBanner:
    text: str
    kind: str
    seat: int | None = None  # the seat that spoke (a bubble beside it); None: the table's word
    age: float = 0.0


GLUE = "\u00a0"  # a space no line breaks at


def bubble_lines(fonts: Fonts, text: str, size: int, max_w: int) -> list[str]:
    """A bubble's text in lines, never breaking inside "= 3" (a declaration's points stay
    with it: "napoletana di" / "coppe = 3", not "napoletana di coppe" / "= 3")."""
    glued = re.sub(r" = (\S+)", lambda mt: f"{GLUE}={GLUE}{mt.group(1)}", text)
    return [x.replace(GLUE, " ") for x in fonts.wrap(glued, size, max_w, bold=True)]


def draw_bubbles(s: pygame.Surface, ctx: Ctx, model: TableModel, lay: TableLayout, said: dict[int, str]) -> None:
    """Bubbles beside the seats that spoke (never over the trick: layout.bubbles), each
    with a tail pointing at its speaker; my own also says "Du:" (it may have to sit
    where no seat of mine is near)."""
    speakers = speaker_areas(model, lay)
    for seat, text in said.items():
        r = lay.bubbles.get(seat)
        if r is None:
            continue  # no room beside that seat: the status line says it
        if seat == model.me:
            text = ctx.t("i_say", text=text)
        fonts = ctx.fonts
        fs = min(ctx.fsize(lay.size[1], 0.042), int(r.h * 0.62))
        lines = [text]
        if fonts.font(fs, True).size(text)[0] > r.w - 14:
            fs = max(fonts.min_size, min(fs, (r.h - 4) // 2 - 2))
            lines = bubble_lines(fonts, text, fs, r.w - 14)
            while len(lines) > 2 and fs > fonts.min_size:  # two lines, smaller, rather than cut
                fs -= 1
                lines = bubble_lines(fonts, text, fs, r.w - 14)
            if len(lines) > 2 and " (" in text:
                # the aside in brackets ("(manca denari)") goes first: the declared cards
                # lie face up on the seat; the rest stays whole at 11 px (480x320)
                short = re.sub(r" \([^)]*\)", "", text)
                if len(bubble_lines(fonts, short, fs, r.w - 14)) <= 2:
                    lines = bubble_lines(fonts, short, fs, r.w - 14)
            if len(lines) > 2:
                lines = [lines[0], " ".join(lines[1:])]
        surfs = [fonts.fit(x, fs, r.w - 14, ctx.theme.banner_text, bold=True) for x in lines]
        box = Rect(r.x, r.y, min(r.w, max(x.get_width() for x in surfs) + 14), r.h)
        who = speakers.get(seat)
        if who is not None:  # the box leans towards its speaker within its place
            if who.centerx >= r.right - r.w // 3:
                box.right = r.right
            elif who.centerx > r.x + r.w // 3:
                box.centerx = r.centerx
            pygame.draw.polygon(s, ctx.theme.banner, bubble_tail(box, who))
        s.blit(rounded(box.size, ctx.theme.banner, 240, box.h // 3), box)
        note_panel(s, box)
        h = sum(x.get_height() for x in surfs)
        y = box.centery - h // 2
        for surf in surfs:
            s.blit(surf, (box.x + 7, y))
            y += surf.get_height()
