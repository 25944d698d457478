"""The coach's review of a whole match (docs/coach.md): a row per hand, then each hand
trick by trick with the person's rated cards and the hint that would have been given.

Opened from a match's score sheet (history) or from the end of a match
(:class:`ui.intents.OpenReview`); the controller fills ``TableModel.match_review``
(the progress while the coach works off the screen's thread, then the rows) and,
for a hand tapped, ``TableModel.review_hand`` (:class:`ui.intents.OpenReviewHand`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame
from pygame import Rect

from ui import intents as it
from ui.history import ReplayScreen, sheet_side_names
from ui.i18n import Amount, CardName, msg
from ui.layout import ButtonSpec
from ui.model import MatchReviewView, RatedCard, ReviewHandView, ScoreSheet, TableModel
from ui.screen import PagedScreen
from ui.widgets import Ctx, blit_text, draw_button, draw_panel

MARK_COLOURS = {"best": (150, 220, 150), "good": (190, 225, 160), "inaccuracy": (235, 215, 120), "mistake": (240, 170, 110),
                "blunder": (245, 120, 110), "forced": (190, 190, 190)}
MARK_ORDER = ("best", "good", "inaccuracy", "mistake", "blunder")


def percent(value: float | None) -> str:
    return "–" if value is None else f"{value:.0f}%"


def worst_mark(marks: tuple[int, int, int, int, int]) -> str:
    """The worst mark of a hand's plays ("" without a rated play)."""
    for i in (4, 3, 2, 1, 0):
        if marks[i]:
            return MARK_ORDER[i]
    return ""


class ReviewScreen(PagedScreen):
    """A match's review: the coach at work (with its progress), then one row per hand."""

    name = "review"

    def __init__(self, ctx: Ctx, emit: Callable[[Any], None], show: Callable[[str], None]) -> None:
        super().__init__(ctx, emit, show, came_from="sheet")

    @property
    def review(self) -> MatchReviewView | None:
        return self.model.match_review

    def set_model(self, model: TableModel) -> None:
        old = self.review
        super().set_model(model)
        new = self.review
        if new is not None and (old is None or old.match_id != new.match_id):
            self.first = 0

    def _line(self, size: tuple[int, int]) -> int:
        return max(self.ctx.theme.min_touch + 2, min(int(size[1] * 0.1), self.ctx.theme.min_touch * 3 // 2))

    def _panel(self, size: tuple[int, int]) -> Rect:
        W, H = size
        m, row, gap = self.metrics(size)
        return Rect(m, m + row + gap, W - 2 * m, H - (m + row + gap) - (row + m + gap))

    def per_page(self, size: tuple[int, int]) -> int:
        panel = self._panel(size)
        line = self._line(size)
        return max(1, (panel.h - 2 * self.metrics(size)[2] - self._head(size)) // line)

    def _head(self, size: tuple[int, int]) -> int:
        return self.ctx.fsize(size[1], 0.042) + 10

    def buttons(self, size: tuple[int, int]) -> list[ButtonSpec]:
        W, H = size
        m, row, gap = self.metrics(size)
        out = self.top_bar(size, ("back",))
        rv = self.review
        n = len(rv.rows) if rv is not None else 0
        per = self.per_page(size)
        self.first = max(0, min(self.first, n - per))
        panel = self._panel(size)
        line = self._line(size)
        top = panel.y + gap + self._head(size)
        if rv is not None and rv.ready:
            for i, r in enumerate(rv.rows[self.first:self.first + per]):
                out.append(ButtonSpec(f"hand:{r.hand}", Rect(panel.x + 4, top + i * line, panel.w - 8, line - 2), "",
                                      intent=it.OpenReviewHand(rv.match_id, r.hand)))
        return out + self.page_buttons(size, per, n)

    def carried(self, b: ButtonSpec) -> bool:
        if isinstance(b.intent, it.OpenReviewHand):
            self.emit(b.intent)
            self.show("review_hand")
            return True
        return super().carried(b)

    def press(self, name: str) -> bool:
        return self.page(name, self.per_page(self.laid_out))

    def draw(self, s: pygame.Surface) -> None:
        ctx, t = self.ctx, self.ctx.t
        W, H = s.get_size()
        m, row, gap = self.metrics((W, H))
        rv = self.review
        self.draw_titled(s, "review", rv.variant if rv is not None else None)
        panel = self._panel((W, H))
        draw_panel(s, panel, ctx.theme, 200)
        fs = ctx.fsize(H, 0.045)
        buttons = self.buttons((W, H))
        if rv is not None and rv.sheet is not None:
            self._sheet(s, rv.sheet, panel)  # the table's own cards: no card to rate, the hands' points
        elif rv is None or rv.problem:
            why = t("no_games") if rv is None else ctx.say(msg(rv.problem, why=rv.why))
            self._wrapped(s, why, fs, panel)
        elif not rv.ready:
            self._progress(s, rv, fs, panel)
        else:
            self._rows(s, rv, buttons, panel)
            foot = t("review_match_acc", n=percent(rv.accuracy))
            room = W - 2 * (m + max(self.ctx.theme.min_touch * 2, W // 5)) - 12
            blit_text(s, ctx, foot, fs, (W // 2, H - m - row // 2), anchor="center", bold=True,
                      color=ctx.theme.accent, max_w=room)
        for b in buttons:
            if not b.name.startswith("hand:"):
                self.draw_button(s, b)

    def _sheet(self, s: pygame.Surface, sheet: ScoreSheet, panel: Rect) -> None:
        """A score sheet's match: what there is to see, the hands' points and totals (its last
        hands, where they do not all fit: the match's end)."""
        ctx, t = self.ctx, self.ctx.t
        H = s.get_size()[1]
        fs = ctx.fsize(H, 0.04)
        y = panel.y + 6
        for part in ctx.fonts.wrap(t("review_sheet"), fs, panel.w - 24):
            y = blit_text(s, ctx, part, fs, (panel.x + 12, y), max_w=panel.w - 24, color=ctx.theme.accent).bottom
        y += 4
        names = sheet_side_names(sheet, ctx)
        line = fs + 8
        fit = max(1, (panel.bottom - y - 4) // line)
        for r in sheet.rows[-fit:]:
            pts = "  ".join(f"{names[i] if i < len(names) else i}: +{p}" for i, p in enumerate(r.points))
            tot = " - ".join(str(x) for x in r.totals)
            note = (t(r.note) if r.note.startswith("sheet_") else r.note) if r.note else ""
            if r.corrected:
                note = f"{note} · {t('sheet_corrected')}" if note else t("sheet_corrected")
            text = f"{t('hand_n', n=r.hand)}  {pts}  → {tot}" + (f"  ({note})" if note else "")
            blit_text(s, ctx, text, fs, (panel.x + 12, y), max_w=panel.w - 24)
            y += line

    def _wrapped(self, s: pygame.Surface, text: str, fs: int, panel: Rect) -> None:
        lines = self.ctx.fonts.wrap(text, fs, panel.w - 24)
        y = panel.centery - len(lines) * (fs + 4) // 2
        for line in lines:
            blit_text(s, self.ctx, line, fs, (panel.centerx, y), anchor="midtop", max_w=panel.w - 24)
            y += fs + 4

    def _progress(self, s: pygame.Surface, rv: MatchReviewView, fs: int, panel: Rect) -> None:
        """The coach at work: how far, as a number and a bar (it never freezes the screen)."""
        ctx = self.ctx
        pct = 100 * rv.done // rv.total if rv.total else 0
        blit_text(s, ctx, ctx.t("analysing", n=pct), fs, (panel.centerx, panel.centery - fs - 6), anchor="midbottom",
                  bold=True, max_w=panel.w - 24)
        bar = Rect(panel.x + panel.w // 8, panel.centery, panel.w * 3 // 4, max(10, fs))
        pygame.draw.rect(s, ctx.theme.panel_edge, bar, 1, border_radius=4)
        done = bar.inflate(-4, -4)
        done.w = done.w * pct // 100
        if done.w > 0:
            pygame.draw.rect(s, ctx.theme.accent, done, border_radius=3)

    def _rows(self, s: pygame.Surface, rv: MatchReviewView, buttons: list[ButtonSpec], panel: Rect) -> None:
        ctx, t = self.ctx, self.ctx.t
        W, H = s.get_size()
        line = self._line((W, H))
        fs = min(ctx.fsize(H, 0.042), line - 12)
        head = max(ctx.fonts.min_size, fs - 1)
        cols = [panel.x + 10, panel.x + int(panel.w * 0.2), panel.x + int(panel.w * 0.4), panel.x + int(panel.w * 0.6)]
        widths = [b - a - 8 for a, b in zip(cols, [*cols[1:], panel.right - 8], strict=True)]
        y = panel.y + self.metrics((W, H))[2] + 2
        for x, h, w in zip(cols, (t("hand_short").capitalize(), t("accuracy_short"), t("loss_short"),
                                  t("worst_short")), widths, strict=True):
            blit_text(s, ctx, h, head, (x, y), bold=True, color=ctx.theme.accent, max_w=w)
        rows = {r.hand: r for r in rv.rows}
        for b in buttons:
            if not isinstance(b.intent, it.OpenReviewHand):
                continue
            r = rows[b.intent.hand]
            draw_button(s, ctx, b.rect, "", color=(24, 60, 44))
            cy = b.rect.centery
            worst = worst_mark(r.marks)
            cells = (f"{r.hand} ▶", percent(r.accuracy), ctx.say(msg("points_n", points=Amount(r.loss))),
                     t("m_" + worst) if worst else "–")
            for i, (x, cell, w) in enumerate(zip(cols, cells, widths, strict=True)):
                colour = MARK_COLOURS.get(worst, ctx.theme.text) if i == 3 else ctx.theme.text
                blit_text(s, ctx, cell, fs, (x, cy), anchor="midleft", bold=i == 0, color=colour, max_w=w)


class ReviewHandScreen(ReplayScreen):
    """A reviewed hand trick by trick: the table as it was, and under it the person's
    card of that trick with its mark and loss, and the hint with its reason."""

    name = "review_hand"
    back_to = "review"
    jumps = False  # the review's list of hands is where another hand is chosen

    def source(self) -> ReviewHandView | None:
        return self.model.review_hand

    def info_height(self, size: tuple[int, int]) -> int:
        fs = self._info_font(size)
        return max(2, len(self._wrapped(size))) * (fs + 4) + 10

    def _wrapped(self, size: tuple[int, int]) -> list[tuple[str, tuple[int, int, int]]]:
        """The step's words wrapped to the screen's width (three lines at most)."""
        fs = self._info_font(size)
        out = [(line, colour) for text, colour in self.lines() for line in self.ctx.fonts.wrap(text, fs, size[0] - 28)]
        return out[:3]

    def _info_font(self, size: tuple[int, int]) -> int:
        return max(self.ctx.fonts.min_size, self.ctx.fsize(size[1], 0.04))

    def _plays(self) -> tuple[RatedCard, ...]:
        rh = self.source()
        if rh is None or not rh.plays:
            return ()
        return rh.plays[min(self.step, len(rh.plays) - 1)]

    def lines(self) -> list[tuple[str, tuple[int, int, int]]]:
        """The words under the table for this step: what I played and its mark, the hint."""
        ctx = self.ctx
        rh = self.source()
        plays = self._plays()
        deck = rh.frames[0].deck if rh is not None and rh.frames else "italian"
        if rh is not None and self.step == 0:
            n = "–" if rh.accuracy is None else f"{rh.accuracy:.0f}"
            return [(ctx.t("accuracy_n", n=n), ctx.theme.accent)]
        if not plays:
            return [(ctx.t("review_no_play"), ctx.theme.text_dim)]
        out: list[tuple[str, tuple[int, int, int]]] = []
        for p in plays[:1]:  # one person at the screen: one card a trick
            card = CardName(deck, p.card)
            if p.mark in ("best", "forced"):
                # one verdict: "best" is the hint's card; a card tied with it is "as good as" it
                mark = msg("m_tie", better=CardName(deck, p.best)) if p.mark == "best" and p.card != p.best \
                    else msg("m_" + p.mark)
                said = ctx.say(msg("review_played_best", card=card, mark=mark))
            else:
                said = ctx.say(msg("review_played", card=card, mark=msg("m_" + p.mark), points=Amount(p.loss)))
            out.append((said, MARK_COLOURS.get(p.mark, ctx.theme.text)))
            out.append((ctx.say(msg("hint_says", hint=p.reason)), ctx.theme.text))
        return out

    def draw_info(self, s: pygame.Surface, area: Rect) -> None:
        ctx = self.ctx
        draw_panel(s, area.inflate(-8, -4), ctx.theme, 215)
        fs = self._info_font(s.get_size())
        y = area.y + 6
        for text, colour in self._wrapped(s.get_size()):
            blit_text(s, ctx, text, fs, (area.x + 14, y), color=colour, max_w=area.w - 28)
            y += fs + 4

    def caption(self) -> str:
        rh = self.source()
        if rh is None or not rh.frames:
            return self.ctx.t("no_games")
        f = rh.frames[min(self.step, len(rh.frames) - 1)]
        if self.step == 0:
            return f"{self.ctx.t('hand_n', n=rh.hand)} · {self.ctx.t('the_deal')}"
        return f"{self.ctx.t('hand_n', n=rh.hand)} · {self.ctx.t('trick_of', k=f.tricks_played, n=len(rh.frames) - 1)}"
