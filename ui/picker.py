"""The card picker: real cards without a reader, one tap names the card laid.

Shown over the table screen while a table seat is to lay a card, or the deal needs
cards the box must know (docs/box.md §4, ``firmware/app/picker.py``): the game's whole
deck, one row per suit, one column per rank in the deck's order, so a card is found
by its suit and rank at a glance. Dimmed cards are the ones the engine would refuse
now; a tap on one says why and sends nothing. A tap on a bright card sends the same
``PlayCard`` intent a card of the hand sends (with the signals chosen above it).
The *Table* button hides the picker until the next card, to see the table (its
Accuso choices, zu tun, claims, the last trick); *Cards* brings it back.

The layout is pure (:func:`picker_layout`): the tests check every size without a display.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame
from pygame import Rect

from firmware.engine.cards import DECKS, RANK, SUIT, Card
from ui.i18n import Message
from ui.layout import ButtonSpec
from ui.model import PickerModel
from ui.theme import DEFAULT, Theme
from ui.widgets import Ctx, blit_text, blit_wrapped, draw_button, draw_panel


@dataclass(slots=True)
class PickerLayout:
    area: Rect  # the whole panel
    prompt: Rect  # who enters what, and the last word (a refusal, why a card is dimmed)
    cells: list[tuple[Card, Rect]]  # one per card of the deck: the tappable cell
    buttons: list[ButtonSpec] = field(default_factory=list)  # signals, hide


def signal_names(model: PickerModel) -> list[str]:
    names: list[str] = []
    for _, offered in model.signals:
        names += [x for x in offered if x not in names]
    return names


def picker_layout(model: PickerModel, size: tuple[int, int], theme: Theme = DEFAULT) -> PickerLayout:
    """The whole screen: a header row (the prompt, the signals, *Table*), then the deck."""
    W, H = size
    m = max(4, int(H * 0.012))
    touch = theme.min_touch
    deck = DECKS[model.deck]
    n_suits, n_ranks = len(deck.suits), len(deck.ranks)
    head_h = max(touch, int(H * 0.1))
    prompt_h = max(touch, int(H * 0.11))
    area = Rect(0, 0, W, H)
    buttons: list[ButtonSpec] = []
    bw = max(touch * 2, int(W * 0.16))
    x = W - m - bw
    buttons.append(ButtonSpec("picker_hide", Rect(x, m, bw, head_h), "picker_hide"))
    sigs = signal_names(model)
    sw = max(touch * 2, int(W * 0.15))
    for name in reversed(sigs):
        x -= m + sw
        buttons.append(ButtonSpec(f"psig:{name}", Rect(x, m, sw, head_h), "sig_" + name))
    prompt = Rect(m, m, x - 2 * m, head_h)
    line2 = Rect(m, m + head_h + m // 2, W - 2 * m, prompt_h - m)
    grid = Rect(m, line2.bottom + m, W - 2 * m, H - line2.bottom - 2 * m)
    gap = max(2, m // 2)
    cw = (grid.w - (n_ranks - 1) * gap) // n_ranks
    ch = (grid.h - (n_suits - 1) * gap) // n_suits
    cells: list[tuple[Card, Rect]] = []
    for card in deck.cards:
        r = Rect(grid.x + RANK[card] * (cw + gap), grid.y + SUIT[card] * (ch + gap), cw, ch)
        cells.append((card, r))
    # the prompt row spans both lines where no button stands beside the second
    return PickerLayout(area, Rect(prompt.x, prompt.y, W - 2 * m, line2.bottom - prompt.y), cells, buttons)


def reason_of(model: PickerModel, card: Card) -> Message | str | None:
    """Why ``card`` is dimmed (a catalogue message), or None: it may be tapped."""
    return dict(model.dimmed).get(card)


def card_rect(cell: Rect, ratio: float) -> Rect:
    """The card's face inside its cell: as tall as fits, the deck's proportions."""
    h = cell.h
    w = int(h / ratio)
    if w > cell.w:
        w = cell.w
        h = int(w * ratio)
    r = Rect(0, 0, w, h)
    r.center = cell.center
    return r


def draw_picker(s: pygame.Surface, ctx: Ctx, model: PickerModel, lay: PickerLayout, *,
                style: str, signals_on: set[str], note: str, totals: str) -> None:
    """The panel: ``note`` is the second line (why a card is dimmed, or the table's word)."""
    th = ctx.theme
    W, H = s.get_size()
    shade = pygame.Surface((W, H), pygame.SRCALPHA)
    shade.fill((10, 34, 24, 255))
    s.blit(shade, (0, 0))
    head = lay.buttons[0].rect if lay.buttons else lay.prompt
    left = min((b.rect.x for b in lay.buttons), default=lay.prompt.right)
    fs = ctx.fsize(H, 0.055)
    prompt = ctx.say(model.prompt)
    title = f"{prompt}   {totals}" if totals else prompt
    room = left - lay.prompt.x - 12
    if ctx.fonts.font(ctx.fonts.min_size, True).size(title)[0] > room:
        # the signals' buttons leave the prompt no room (a small screen): it goes to the
        # second line, before the note (why a card is dimmed, the table's word)
        title = totals
        note = prompt if note in ("", prompt) else f"{prompt} · {note}"
    blit_text(s, ctx, title, fs, (lay.prompt.x + 4, head.centery), anchor="midleft", bold=True,
              max_w=room, color=th.accent)
    if note:
        line = Rect(lay.prompt.x, head.bottom + 2, lay.prompt.w, lay.prompt.bottom - head.bottom - 2)
        draw_panel(s, line, th, 170)
        blit_wrapped(s, ctx, note, ctx.fsize(H, 0.045), Rect(line.x + 8, line.y + 1, line.w - 16, line.h - 2))
    for b in lay.buttons:
        if b.name.startswith("psig:"):
            draw_button(s, ctx, b.rect, ctx.label(b.label), selected=b.name[5:] in signals_on)
        else:
            draw_button(s, ctx, b.rect, ctx.t(b.label))
    dimmed = dict(model.dimmed)
    deck = DECKS[model.deck]
    for card, cell in lay.cells:
        r = card_rect(cell, th.card_ratio)
        s.blit(ctx.art.face(card, r.w, r.h, style), r)
        if card in dimmed:
            veil = pygame.Surface(r.size, pygame.SRCALPHA)
            veil.fill((0, 0, 0, 185))
            s.blit(veil, r)
        code = deck.code(card)
        if r.h >= 44:
            tag = ctx.fonts.text(code, max(ctx.fonts.min_size, r.h // 6), (255, 255, 255), True)
            box = tag.get_rect(midbottom=(r.centerx, r.bottom - 2))
            pygame.draw.rect(s, (0, 0, 0), box.inflate(4, 0), border_radius=3)
            s.blit(tag, box)


def show_button(middle: Rect, theme: Theme = DEFAULT) -> Rect:
    """*Cards*, on the table while the picker is hidden: the trick area's top left corner."""
    w, h = max(theme.min_touch * 2, middle.w // 4), theme.min_touch
    return Rect(middle.x, middle.y, min(w, middle.w), h)
