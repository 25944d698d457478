"""The table's buttons as drawn: declarations named as long as their cell allows, zu tun,
the call, signals, hint and undo (a sign in a narrow cell), the menu, the revoke."""

from __future__ import annotations

import pygame
from pygame import Rect

from firmware.engine.actions import Declare as DeclareAction
from firmware.engine.cards import DECKS, RANK, SUIT
from ui import intents as it
from ui.i18n import declare_labels
from ui.layout import TableLayout
from ui.model import TableModel
from ui.textcheck import min_button_px
from ui.widgets import Ctx, draw_button


def draw_buttons(s: pygame.Surface, ctx: Ctx, model: TableModel, lay: TableLayout, signals_on: set[str],
                 screen_h: int) -> None:
    m = model
    for b in lay.buttons:
        match b.intent:
            case it.Declare(declare_action=d):
                # the engine's legal declaration names the suit a three lacks; one made
                # already stays in its place, dimmed (the bar never moves)
                text = declare_label(ctx, model, d, b.rect, screen_h)
                draw_button(s, ctx, b.rect, text, color=(150, 90, 20) if b.enabled else None,
                            enabled=b.enabled)
            case it.ZuTun(card=card):
                text = f"{ctx.t('zu_tun_btn')} {DECKS[m.deck].code(card)}"
                draw_button(s, ctx, b.rect, text, color=ctx.theme.danger)
            case it.Call(card=card):
                deck = DECKS[m.deck]
                text = f"{ctx.t('call')} {deck.ranks[RANK[card]]} {deck.suit_name(SUIT[card], ctx.lang)}"
                draw_button(s, ctx, b.rect, text)
            case _ if b.signal is not None:
                text = ctx.label("sig_" + b.signal)
                if " (" in text and not label_fits(ctx, text, b.rect, screen_h):
                    text = text.split(" (")[0]  # the signal's name without its gloss ("volo (my last)")
                draw_button(s, ctx, b.rect, text, selected=b.signal in signals_on, enabled=b.enabled)
            case it.Hint() | it.Undo() if not label_fits(ctx, ctx.label(b.label), b.rect, screen_h):
                # a narrow cell (under the right seat at 480x320): the sign instead of the word
                draw_button(s, ctx, b.rect, "?" if isinstance(b.intent, it.Hint) else "↶", enabled=b.enabled)
            case _ if b.name == "menu":
                menu_icon(s, ctx, b.rect)
            case _ if b.name == "revoke":
                # real cards: *Revoke!* (docs/box.md, "A revoke"); a narrow cell: smaller words
                text = ctx.label(b.label)
                fs = max(ctx.fonts.min_size, min(20, b.rect.h // 2))
                while fs > ctx.fonts.min_size and ctx.fonts.font(fs, True).size(text)[0] > b.rect.w - 6:
                    fs -= 1
                draw_button(s, ctx, b.rect, text, color=(140, 95, 20), size=fs)
            case _:
                draw_button(s, ctx, b.rect, ctx.label(b.label), enabled=b.enabled)


def declare_label(ctx: Ctx, model: TableModel, d: DeclareAction, r: Rect, screen_h: int) -> str:
    """The longest name of the declaration ``d`` that fits ``r`` whole, with its points
    first (the missing suit is kept by every one: i18n.declare_labels); the shortest
    when none does."""
    m = model
    labels = declare_labels(m.deck, d.kind, d.suit, d.rank, d.missing, ctx.lang)
    if d in m.declarable and len(m.declarable_points) == len(m.declarable):
        # its points first, where they fit: "napoletana di coppe: 4 punti" (as the sheet says it)
        n = m.declarable_points[m.declarable.index(d)]
        labels = [ctx.t("sh_decl_points", what=labels[0], n=n), *labels]
    return next((t for t in labels if label_fits(ctx, t, r, screen_h)), labels[-1])


def label_fits(ctx: Ctx, text: str, r: Rect, screen_h: int) -> bool:
    """The label fits ``r`` whole at the smallest size, on one line or on the two lines
    draw_button splits it into."""
    font = ctx.fonts.font(min_button_px(screen_h or 480), True)
    if font.size(text)[0] <= r.w - 8:
        return True
    words = text.split(" ")
    if len(words) < 2 or r.h < 36:
        return False
    half = min(range(1, len(words)), key=lambda i: abs(len(" ".join(words[:i])) - len(" ".join(words[i:]))))
    return all(font.size(" ".join(x))[0] <= r.w - 8 for x in (words[:half], words[half:]))


def menu_icon(s: pygame.Surface, ctx: Ctx, r: Rect) -> None:
    th = ctx.theme
    pygame.draw.rect(s, th.button, r, border_radius=r.h // 4)
    pygame.draw.rect(s, th.button_edge, r, 2, border_radius=r.h // 4)
    for i in (-1, 0, 1):
        y = r.centery + i * r.h // 5
        pygame.draw.line(s, th.button_text, (r.x + r.w // 4, y), (r.right - r.w // 4, y), max(2, r.h // 14))
