"""The card picker: real cards without a reader, one tap names the card laid.

Shown over the table screen while a table seat is to lay a card, or the deal needs
cards the box must know (docs/box.md §4, ``firmware/app/picker.py``): the game's whole
deck, one row per suit, one column per rank in the deck's order, so a card is found
by its suit and rank at a glance. Dimmed cards are the ones the engine would refuse
now; a tap on one says why and sends nothing. A tap on a bright card sends the same
``PlayCard`` intent a card of the hand sends (with the signals chosen above it).
The *Table* button hides the picker until the next card, to see the table (its
Accuso choices, zu tun, claims, the last trick); *Cards* brings it back.

Corrections (docs/box.md, "Corrections with the picker"), in a column right of the
deck: *Take back* at its top shows the card it takes back (its face) and the seat;
one tap takes it back (entering the card again undoes that). *Abandon hand*, at its
foot, asks first, naming what follows (nobody scores, the same dealer deals again). A court card's label under its
face is written as the person's language writes it (``court_R`` ...: K, N, J in
English); the face keeps the deck's own index, as on the table.

The layout is pure (:func:`picker_layout`): the tests check every size without a display.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame
from pygame import Rect

from firmware.engine.cards import DECKS, RANK, SUIT, Card
from ui import intents as it
from ui.i18n import Message
from ui.layout import ButtonSpec
from ui.model import PickerModel, RevokeModel
from ui.theme import DEFAULT, Theme
from ui.widgets import Ctx, blit_text, blit_wrapped, draw_button, draw_panel


@dataclass(slots=True)
class PickerLayout:
    area: Rect  # the whole panel
    prompt: Rect  # who enters what, and the last word (a refusal, why a card is dimmed)
    cells: list[tuple[Card, Rect]]  # one per card of the deck: the tappable cell
    buttons: list[ButtonSpec] = field(default_factory=list)  # signals, hide, take back, abandon
    note: Rect = field(default_factory=lambda: Rect(0, 0, 0, 0))  # the second line


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
    # the corrections' column, right of the deck: always kept, so no cell moves under a
    # finger when *Take back* appears; the cards are as tall as the rows allow, so the
    # column costs them nothing (their width has room to spare)
    top = line2.bottom + m
    col = Rect(0, top, max(int(touch * 2.5), int(W * 0.15)), H - top - m)
    col.right = W - m
    if model.take_back is not None:
        r = Rect(col.x, col.y, col.w, int(col.h * 0.55))
        buttons.append(ButtonSpec("picker_take_back", r, "picker_take_back"))
    ah = max(touch, int(col.h * 0.22))
    if model.abandon is not None:  # at the foot, well apart from *Take back*
        buttons.append(ButtonSpec("picker_abandon", Rect(col.x, col.bottom - ah, col.w, ah), "picker_abandon"))
    if model.revoke:  # *Revoke!* in the room between the two: neither moves for it
        free = Rect(col.x, col.y + int(col.h * 0.55), col.w, col.h - int(col.h * 0.55) - ah)
        rh = min(free.h - 2 * gap_of(m), max(touch, int(col.h * 0.16)))
        r = Rect(col.x, 0, col.w, rh)
        r.centery = free.centery
        buttons.append(ButtonSpec("picker_revoke", r, "revoke_btn"))
    grid = Rect(m, top, col.x - 2 * m, H - top - m)
    gap = max(2, m // 2)
    cw = (grid.w - (n_ranks - 1) * gap) // n_ranks
    ch = (grid.h - (n_suits - 1) * gap) // n_suits
    cells: list[tuple[Card, Rect]] = []
    for card in deck.cards:
        r = Rect(grid.x + RANK[card] * (cw + gap), grid.y + SUIT[card] * (ch + gap), cw, ch)
        cells.append((card, r))
    # the prompt row spans both lines where no button stands beside the second
    return PickerLayout(area, Rect(prompt.x, prompt.y, W - 2 * m, line2.bottom - prompt.y), cells, buttons, line2)


def gap_of(m: int) -> int:
    return max(2, m // 2)


def open_revoke(ctx: Ctx, revoke: RevokeModel) -> None:
    """*Revoke!*: who revoked? (a button per person's seat, dimmed where it cannot be called),
    then the question that names what follows; only its *yes* sends the call."""
    if ctx.choose is None:
        return
    options = [(ctx.t("revoke_seat_btn", n=seat + 1), None if q is None else ctx.say(q), it.CallRevoke(seat, revoke.hand))
               for seat, q in revoke.seats]  # fmt: skip
    ctx.choose(ctx.t("revoke_who"), options)


def court_label(ctx: Ctx, deck_name: str, card: Card) -> str:
    """The label under a card in the picker: its rank as the person's language writes it
    (an Italian court: R C F, K R B, K N J), the number or the ace as on the face."""
    rank = DECKS[deck_name].ranks[RANK[card]]
    key = "court_" + rank
    return ctx.t(key) if deck_name == "italian" and rank in ("R", "C", "F") else rank


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
    left = min((b.rect.x for b in lay.buttons if b.rect.y < head.bottom), default=lay.prompt.right)
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
        line = Rect(lay.note.x, head.bottom + 2, lay.note.w, lay.prompt.bottom - head.bottom - 2)
        draw_panel(s, line, th, 170)
        blit_wrapped(s, ctx, note, ctx.fsize(H, 0.045), Rect(line.x + 8, line.y + 1, line.w - 16, line.h - 2))
    for b in lay.buttons:
        if b.name.startswith("psig:"):
            draw_button(s, ctx, b.rect, ctx.label(b.label), selected=b.name[5:] in signals_on)
        elif b.name == "picker_take_back" and model.take_back is not None:
            draw_take_back(s, ctx, b.rect, model.deck, model.take_back, style)
        elif b.name in ("picker_abandon", "picker_revoke"):  # its words at one size, as *Take back*'s
            fs = max(ctx.fonts.min_size, min(int(b.rect.w * 0.15), 20))
            color = (120, 50, 40) if b.name == "picker_abandon" else (140, 95, 20)
            draw_button(s, ctx, b.rect, ctx.t(b.label), color=color, size=fs)
        else:
            draw_button(s, ctx, b.rect, ctx.t(b.label))
    dimmed = dict(model.dimmed)
    for card, cell in lay.cells:
        r = card_rect(cell, th.card_ratio)
        s.blit(ctx.art.face(card, r.w, r.h, style), r)
        if card in dimmed:
            veil = pygame.Surface(r.size, pygame.SRCALPHA)
            veil.fill((0, 0, 0, 185))
            s.blit(veil, r)
        code = court_label(ctx, model.deck, card)
        if r.h >= 44:
            tag = ctx.fonts.text(code, max(ctx.fonts.min_size, r.h // 6), (255, 255, 255), True)
            box = tag.get_rect(midbottom=(r.centerx, r.bottom - 2))
            pygame.draw.rect(s, (0, 0, 0), box.inflate(4, 0), border_radius=3)
            s.blit(tag, box)


def draw_take_back(
    s: pygame.Surface, ctx: Ctx, r: Rect, deck: str, take_back: tuple[int | None, Card], style: str
) -> None:
    """*Take back*: the face of the card it takes back, "Take back" and "seat 2" under it
    (at the deal, a card aside: "aside")."""
    seat, card = take_back
    draw_button(s, ctx, r, "")
    th = ctx.theme
    words = ctx.t("picker_take_back")
    whose = ctx.t("picker_take_back_seat", n=seat + 1) if seat is not None else ctx.t("picker_take_back_aside")
    fs = max(ctx.fonts.min_size, min(int(r.w * 0.15), 20))
    lines = [words]
    if " " in words and ctx.fonts.font(fs, True).size(words)[0] > r.w - 8:
        lines = words.split(" ", 1)  # "Karte / zurück" rather than a smaller word
    while fs > ctx.fonts.min_size and max(ctx.fonts.font(fs, True).size(x)[0] for x in lines) > r.w - 8:
        fs -= 1  # every line at one size: the longest decides
    texts = [ctx.fonts.fit(x, fs, r.w - 8, th.button_text, bold=True) for x in lines]
    texts.append(ctx.fonts.fit(whose, fs, r.w - 8, th.button_text))
    room = r.h - sum(t.get_height() for t in texts) - 16
    h = max(1, min(room, int((r.w - 16) * th.card_ratio)))
    w = max(1, int(h / th.card_ratio))
    face = Rect(0, r.y + 6, w, h)
    face.centerx = r.centerx
    s.blit(ctx.art.face(card, w, h, style), face)
    y = face.bottom + 3
    for img in texts:
        s.blit(img, img.get_rect(midtop=(r.centerx, y)))
        y += img.get_height()


def show_button(middle: Rect, theme: Theme = DEFAULT) -> Rect:
    """*Cards*, on the table while the picker is hidden: the trick area's top left corner."""
    w, h = max(theme.min_touch * 2, middle.w // 4), theme.min_touch
    return Rect(middle.x, middle.y, min(w, middle.w), h)
