"""My hand as drawn: the cards (dimmed where not playable, the cursor's raised, the one
just drawn marked), each card's key once a key was used, the card under the finger shown
enlarged on a short screen."""

from __future__ import annotations

from collections.abc import Callable

import pygame
from pygame import Rect

from firmware.engine.cards import Card
from ui.layout import TableLayout
from ui.model import TableModel
from ui.widgets import Ctx, blit_text, draw_panel, rounded

# the key of each place in the hand, left to right: the number row, then the letters no
# other key uses (D deck, E enrol, H hint, L level, N new, T last trick, U undo, Y/Z swap
# on German keyboards) for the 11th to 20th card (terziglio's 12, ciapanò for two's 20);
# each card shows its key once a key was used
HAND_KEYS = "1234567890ABCFGIJKMO"
HAND_KEYCODES: dict[int, int] = (
    {pygame.K_1 + i: i for i in range(9)} | {pygame.K_0: 9}
    | {pygame.K_KP1 + i: i for i in range(9)} | {pygame.K_KP0: 9}
    | {ord(c.lower()): 10 + i for i, c in enumerate(HAND_KEYS[10:])}  # SDL: a letter key is its ASCII code
)
PRESS_ZOOM_MAX_H = 360  # screens this short (480x320) show the card under the finger enlarged
PRESS_ZOOM = 1.7  # how much larger than in the hand


def draw_hand(s: pygame.Surface, ctx: Ctx, model: TableModel, lay: TableLayout, hidden: set[Card], style: str,
              cursor: int | None, keyboard: bool, fresh: set[Card], shaking: Callable[[Card], int],
              can_play: Callable[[Card], bool]) -> None:
    """``fresh``: the cards just drawn; ``shaking``: how far a refused card is off its place."""
    m = model
    w, h = lay.card_size
    my_turn = m.my_turn
    for i, (card, r) in enumerate(lay.hand):
        if card in hidden:
            continue
        rr = r.move(shaking(card), -lay.lift if i == cursor else 0)
        if (my_turn or m.discardable) and not can_play(card):
            img = ctx.art.dimmed(card, w, h, style, ctx.theme.dim_alpha)
        else:
            img = ctx.art.face(card, w, h, style)
        s.blit(img, rr)
        if card in fresh:
            # the card just drawn from the talon: a mark on its top edge until the next trick
            pygame.draw.rect(s, ctx.theme.accent, Rect(rr.x + 3, rr.y - 4, rr.w - 6, 5), border_radius=2)
        if my_turn and card in m.playable and i == cursor:
            pygame.draw.rect(s, ctx.theme.accent, rr.inflate(4, 4), 3, border_radius=max(3, w // 12))
    if keyboard:
        draw_hand_keys(s, ctx, lay, hidden, cursor)


def draw_hand_keys(s: pygame.Surface, ctx: Ctx, lay: TableLayout, hidden: set[Card], cursor: int | None) -> None:
    """Each card's key on a small plate at the foot of its visible part (once a key was
    used: a touch player never sees them)."""
    fs = max(ctx.fonts.min_size, ctx.fsize(lay.size[1], 0.036))
    for i, (card, hit) in enumerate(lay.hand_hit[:len(HAND_KEYS)]):
        if card in hidden:
            continue
        r = hit.move(0, -lay.lift) if i == cursor else hit
        plate = Rect(0, 0, min(hit.w - 4, fs + 8), fs + 6)
        plate.bottomleft = (r.x + 2, r.bottom - 3)
        draw_panel(s, plate, ctx.theme, 230)
        blit_text(s, ctx, HAND_KEYS[i], fs, plate.center, anchor="center", bold=True, color=ctx.theme.accent)


def pressed_rect(pressed: tuple[Card, Rect] | None, lay: TableLayout) -> Rect | None:
    """Where the card under the finger is shown enlarged: above the hand, centred over the
    card touched, inside the screen; None on a screen tall enough to read the hand."""
    if pressed is None or lay.size[1] > PRESS_ZOOM_MAX_H:
        return None
    w, h = lay.card_size
    big = Rect(0, 0, int(w * PRESS_ZOOM), int(h * PRESS_ZOOM))
    _, under = pressed
    big.midbottom = (under.centerx, under.y - lay.lift - 4)
    return big.clamp(Rect(0, 0, *lay.size))


def draw_pressed(s: pygame.Surface, ctx: Ctx, lay: TableLayout, pressed: tuple[Card, Rect] | None, style: str) -> None:
    r = pressed_rect(pressed, lay)
    if r is None or pressed is None:
        return
    s.blit(rounded(r.inflate(10, 10).size, (0, 0, 0), 90, 10), r.inflate(10, 10).move(3, 3))
    s.blit(ctx.art.face(pressed[0], r.w, r.h, style), r)
    pygame.draw.rect(s, ctx.theme.accent, r.inflate(4, 4), 3, border_radius=max(3, r.w // 12))


def raised_index(lay: TableLayout, cursor: int | None) -> Rect | None:
    """The corner index of the card raised in my hand (the hint's, or the cursor's)."""
    if cursor is None or not 0 <= cursor < len(lay.hand):
        return None
    r = lay.hand[cursor][1].move(0, -lay.lift)
    edge = max(3, r.h // 14)  # the card's margin above its rank letter
    return Rect(r.x, r.y + edge, max(10, r.w * 3 // 10), r.h * 3 // 10 - edge)
