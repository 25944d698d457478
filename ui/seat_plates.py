"""The other seats and the talon as drawn: each seat's plate (name, level, tricks, the
side's stripe) and its cards, the dealer's mark, the talon (or the widow, the called card,
the trump) with how many cards it has left."""

from __future__ import annotations

import pygame
from pygame import Rect

from firmware.engine.cards import Card
from ui.i18n import said_by
from ui.layout import TableLayout, shared_table
from ui.model import TableModel
from ui.score_box import side_stripe
from ui.widgets import Ctx, blit_text, draw_panel, is_own_seat, seat_name


def draw_seat(s: pygame.Surface, ctx: Ctx, model: TableModel, lay: TableLayout, seat: int, hidden: set[Card],
              n_hidden_backs: int, style: str, chip: Rect | None) -> None:
    """A seat's plate and cards; ``chip``: where the dealer's mark goes (the dealer's seat only)."""
    m = model
    area = lay.seats[seat]
    sm = m.seats[seat]
    turn = m.to_move == seat and not m.hand_over
    lab = area.label
    draw_panel(s, lab, ctx.theme, 150)
    if turn:
        pygame.draw.rect(s, ctx.theme.accent, lab, 2, border_radius=max(4, lab.h // 8))
    side_stripe(s, model, lab, sm.side)
    fs = ctx.fsize(lay.size[1], 0.042)
    small = max(ctx.fonts.min_size, fs - 2)
    name = seat_name(model, seat, ctx)
    tricks = ctx.t("tricks_n", n=sm.tricks_won)  # the same words on every plate
    if shared_table(m) and seat == m.me:
        # the shared table's bottom seat: the plate the people at the box read from
        # their chairs, larger than the one across (ui.layout gives it the room)
        fs, small = fs + 3, max(ctx.fonts.min_size + 2, fs)
    if area.position == "top":
        r = blit_text(s, ctx, name, fs, (lab.x + 8, lab.y + 3), bold=True, max_w=lab.w - 12)
        y = r.bottom + 1
        sub = ctx.t(sm.level) if sm.level else ctx.t("table_seat") if sm.kind == "table" else ""
        for line in (sub, tricks):
            if line and y + small <= lab.bottom - 2:
                r = blit_text(s, ctx, line, small, (lab.x + 8, y), color=ctx.theme.text_dim, max_w=lab.w - 12)
                y = r.bottom + 1
    elif lab.h >= 2 * small + 4:  # a narrow column: the name, and the tricks under it
        row_h = (lab.h - 2) // 2
        blit_text(s, ctx, name, small, (lab.x + 8, lab.y + 1 + row_h // 2), anchor="midleft", bold=True,
                  max_w=lab.w - 12)
        blit_text(s, ctx, tricks, small, (lab.x + 8, lab.y + 1 + row_h + row_h // 2), anchor="midleft",
                  color=ctx.theme.text_dim, max_w=lab.w - 12)
    else:
        tw = ctx.fonts.text(tricks, small).get_width()
        blit_text(s, ctx, name, small, (lab.x + 8, lab.centery), anchor="midleft", bold=True,
                  max_w=lab.w - 18 - tw)
        blit_text(s, ctx, tricks, small, (lab.right - 6, lab.centery), anchor="midright",
                  color=ctx.theme.text_dim)
    w, h = area.card_size
    shown = list(sm.shown)
    n_backs = max(0, sm.hand_count - len(shown))
    for i, r in enumerate(area.cards):
        if i < len(shown):
            if shown[i] in hidden:
                continue
            s.blit(ctx.art.face(shown[i], w, h, style), r)
        elif i < len(shown) + n_backs - n_hidden_backs:
            s.blit(ctx.art.back(w, h, style), r)
    if chip is not None:
        # the dealer: a labelled mark over the seat's cards (backs: nothing hidden), drawn
        # after them (under them it showed only where the cards left a gap: "dea")
        dealer_chip(s, ctx, chip.topleft)


def dealer_chip_size(ctx: Ctx) -> tuple[int, int]:
    fs = ctx.fonts.min_size
    return (ctx.fonts.text(ctx.t("dealer"), fs, bold=True).get_width() + 10, fs + 6)


def dealer_chip(s: pygame.Surface, ctx: Ctx, topleft: tuple[int, int]) -> Rect:
    """The dealer's mark: "mazziere" on a light pill (it was an unlabelled 10 px deck)."""
    w, h = dealer_chip_size(ctx)
    r = Rect(topleft[0], topleft[1], w, h)
    pygame.draw.rect(s, (245, 236, 200), r, border_radius=h // 2)
    pygame.draw.rect(s, (60, 50, 30), r, 1, border_radius=h // 2)
    blit_text(s, ctx, ctx.t("dealer"), ctx.fonts.min_size, r.center, anchor="center", bold=True, color=(40, 34, 20))
    return r


def draw_talon(s: pygame.Surface, ctx: Ctx, model: TableModel, lay: TableLayout, style: str, flying: bool,
               waiting: int) -> None:
    """The talon; ``flying``: cards are on their way from it, ``waiting`` of them not yet off."""
    m, r = model, lay.talon
    if r is None:
        return
    label_size = max(10, ctx.fsize(lay.size[1], 0.038))
    if m.widow and not m.talon_left and m.trump_card is None and m.called is None:
        # terziglio's widow (the cards aside): a small pile, face up what this seat may see
        for i in range(min(m.widow, 4)):
            card = m.aside[i] if i < len(m.aside) else None
            img = ctx.art.face(card, r.w, r.h, style) if card is not None else ctx.art.back(r.w, r.h, style)
            s.blit(img, (r.x + i * max(3, r.w // 6), r.y))
        # over the pile, reaching no further right than half a card past it: a seat's bubble
        # may sit there ("Weduwe (2)" at 1280x800 ran under "napoletana in eikels"); a long
        # word moves left instead
        label = f"{ctx.t('widow')} ({m.widow})"
        room = max(x.label.w for x in lay.seats.values()) if lay.seats else r.w * 2
        img = ctx.fonts.fit(label, label_size, room, ctx.theme.text_dim)
        right = min(r.centerx + img.get_width() // 2, r.right + r.w // 2)
        right = max(right, min(img.get_width() + 4, r.right + r.w // 2))  # not off the screen's left
        blit_text(s, ctx, label, label_size, (right, r.y - 4), anchor="bottomright",
                  color=ctx.theme.text_dim, max_w=room)
        return
    if m.called is not None and m.trump_card is None:
        # chiamata: the called card stays in view all hand, with who called it
        s.blit(ctx.art.face(m.called, r.w, r.h, style), r)
        pygame.draw.rect(s, ctx.theme.accent, r.inflate(4, 4), 2, border_radius=max(3, r.w // 10))
        label = said_by("called_by", ctx.lang, seat_name(model, m.caller, ctx), "you" if is_own_seat(model, m.caller) else "")
        blit_text(s, ctx, label, label_size, (r.centerx, r.y - 4), anchor="midbottom",
                  color=ctx.theme.accent, bold=True, max_w=max(x.label.w for x in lay.seats.values())
                  if lay.seats else r.w * 2)
        return
    if m.trump_card is not None and m.talon_left == 0 and not flying:
        # briscola: the trump card shown where the talon would be; Briscola's, drawn last
        # from under the talon and now in a hand, only as a faded reminder of the suit
        img = ctx.art.face(m.trump_card, r.w, r.h, style)
        if any(d.card == m.trump_card for d in m.draws):
            img = img.copy()
            img.set_alpha(110)
        s.blit(img, r)
        pygame.draw.rect(s, ctx.theme.accent, r.inflate(4, 4), 2, border_radius=max(3, r.w // 10))
        blit_text(s, ctx, ctx.t("trump"), label_size, (r.centerx, r.y - 4), anchor="midbottom",
                  color=ctx.theme.accent, bold=True)
        return
    if m.trump_card is not None:
        # Briscola: the trump turned up across the talon's foot, its index corner clear of it
        img = pygame.transform.rotate(ctx.art.face(m.trump_card, r.w, r.h, style), -90)
        s.blit(img, img.get_rect(midleft=(r.centerx, r.centery)))
    # cards still waiting to fly are still on the talon, as far as the eye is concerned
    left = m.talon_left + waiting
    if left > 0:
        layers = min(4, max(1, left // 5 + 1))
        for i in range(layers):
            s.blit(ctx.art.back(r.w, r.h, style), (r.x + i * 2, r.y - i * 2))
        fs = ctx.fsize(lay.size[1], 0.05)
        badge = Rect(0, 0, fs * 2 + 4, fs + 6)
        badge.center = (r.right - 2, r.bottom - 4)
        pygame.draw.rect(s, ctx.theme.accent, badge, border_radius=badge.h // 2)
        blit_text(s, ctx, str(left), fs, badge.center, color=(30, 30, 30), bold=True, anchor="center")
    else:
        pygame.draw.rect(s, ctx.theme.felt_dark, r, 2, border_radius=6)
    blit_text(s, ctx, ctx.t("talon"), label_size, (r.centerx, r.y - 4),
              anchor="midbottom", color=ctx.theme.text_dim)
