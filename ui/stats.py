"""The statistics screen: games and wins per game and level, recent scores, the coach's accuracy."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame
from pygame import Rect

from ui.i18n import (
    variant_label,
)
from ui.layout import ButtonSpec
from ui.screen import Screen
from ui.widgets import Ctx, blit_text, draw_button, draw_panel


class StatsScreen(Screen):
    """Games and wins per game and level, the scores of recent matches, and the coach's
    accuracy over time: one game at a time (a tap on its name turns to the next game), a
    line per level. The chart sits beside the table on a wide screen, under it at 800x480;
    at 480x320 *Chart* shows it instead of the table."""

    name = "stats"

    def __init__(self, ctx: Ctx, emit: Callable[[Any], None], show: Callable[[str], None]) -> None:
        super().__init__(ctx, emit, show)
        self.game = 0  # which game's accuracy the chart shows
        self.chart_only = False  # the small screen: the charts instead of the table

    def _small(self, size: tuple[int, int]) -> bool:
        return size[0] < 640

    def _areas(self, size: tuple[int, int]) -> tuple[Rect | None, Rect | None, Rect | None]:
        """(the table, the scores chart, the accuracy chart): where each goes, or None."""
        W, H = size
        m, row, gap = self.metrics(size)
        st = self.model.stats
        fs = self.ctx.fsize(H, 0.045)
        top = m + row + gap * 2
        charts = bool(st.history or st.accuracy)
        beside = charts and W >= 1000
        below = charts and not beside and not self._small(size)
        alone = charts and self._small(size) and self.chart_only
        if alone:
            return None, *self._split(Rect(m, top, W - 2 * m, H - top - m), m, stacked=True)
        chart_w = int(W * 0.4) if beside else 0
        rows_h = (len(st.lines) + 1) * (fs + 6) + 12
        table_h = min(H - top - m, rows_h) if below else H - top - m
        table = Rect(m, top, W - 3 * m - chart_w if beside else W - 2 * m, table_h)
        if beside:
            return table, *self._split(Rect(table.right + m, top, chart_w, H - top - m), m, stacked=True)
        if below and H - table.bottom - 2 * m > 6 * self.ctx.fonts.min_size:
            return table, *self._split(Rect(m, table.bottom + m, W - 2 * m, H - table.bottom - 2 * m), m,
                                       stacked=False)
        return table, None, None

    def _split(self, r: Rect, m: int, *, stacked: bool) -> tuple[Rect | None, Rect | None]:
        """The scores chart and the accuracy chart in ``r``: one above the other, side by
        side, or one taking the whole of it when the other has nothing."""
        st = self.model.stats
        if st.history and st.accuracy:
            if stacked:
                half = (r.h - m) // 2
                return Rect(r.x, r.y, r.w, half), Rect(r.x, r.y + half + m, r.w, r.h - half - m)
            half = (r.w - m) // 2
            return Rect(r.x, r.y, half, r.h), Rect(r.x + half + m, r.y, r.w - half - m, r.h)
        if st.accuracy:
            return None, r
        return r, None

    def _game_button(self, r: Rect) -> Rect:
        """The accuracy chart's game name: a tap shows the next game's lines."""
        touch = self.ctx.theme.min_touch
        w = max(touch * 2, min(r.w - 12, int(r.w * 0.55)))
        return Rect(r.right - 4 - w, r.y + 4, w, touch)

    def buttons(self, size: tuple[int, int]) -> list[ButtonSpec]:
        st = self.model.stats
        small_chart = self._small(size) and bool(st.history or st.accuracy)
        # each person's statistics (ui/people.py); on a small screen with its charts' button
        # the title keeps its room: People is then under Matches played
        people = ("people",) if st.people and not small_chart else ()
        out = self.top_bar(size, ("chart" if not self.chart_only else "stats_table", "history", "back") if small_chart
                           else (*people, "history", "back"))
        _, _, acc = self._areas(size)
        if acc is not None and len(st.accuracy_games()) > 1:
            out.append(ButtonSpec("acc_game", self._game_button(acc), ""))
        return out

    def press(self, name: str) -> bool:
        if name in ("back", "history", "people"):
            self.show("home" if name == "back" else name)
            return True
        if name in ("chart", "stats_table"):
            self.chart_only = name == "chart"
            return True
        if name == "acc_game":
            self.game += 1
            return True
        return False

    def shown_game(self) -> str:
        games = self.model.stats.accuracy_games()
        return games[self.game % len(games)] if games else ""

    def draw(self, s: pygame.Surface) -> None:
        ctx, t = self.ctx, self.ctx.t
        W, H = s.get_size()
        s.blit(ctx.felt((W, H)), (0, 0))
        self.title(s, t("stats"), self.title_room((W, H)))
        st = self.model.stats
        fs = ctx.fsize(H, 0.045)
        table, scores, acc = self._areas((W, H))
        if table is not None:
            self.draw_table(s, table, fs)
        if scores is not None:
            self.draw_chart(s, scores, fs)
        if acc is not None and st.accuracy:
            self.draw_accuracy(s, acc, fs)
        self.draw_buttons_over(s)

    def draw_buttons_over(self, s: pygame.Surface) -> None:
        for b in self.buttons(s.get_size()):
            if b.name == "acc_game":
                draw_button(s, self.ctx, b.rect, variant_label(self.shown_game(), self.ctx.lang) + " ▸",
                            color=(50, 60, 90))
            else:
                self.draw_button(s, b)  # Back (it was never drawn: issue 13.1)

    def draw_table(self, s: pygame.Surface, table: Rect, fs: int) -> None:
        ctx, t = self.ctx, self.ctx.t
        st = self.model.stats
        draw_panel(s, table, ctx.theme, 190)
        if not st.lines:
            blit_text(s, ctx, t("no_games"), fs, table.center, anchor="center")
            return
        # game · level · played · won · given up · % · the coach's accuracy
        fr = (0.0, 0.31, 0.47, 0.58, 0.68, 0.81, 0.87)
        cols = [table.x + 8 + int((table.w - 16) * f) for f in fr]
        heads = [t("variant"), t("level"), t("games"), t("wins"), t("abandoned_short"), "%", t("accuracy_short")]
        widths = [b - a - 6 for a, b in zip(cols, [*cols[1:], table.right - 4], strict=True)]
        y = table.y + 6
        head = max(ctx.fonts.min_size, fs - 3)
        if ctx.fonts.font(head, True).size(heads[-1])[0] > widths[-1]:
            heads[-1] = t("accuracy_avg_tiny")  # "Ø prec.": the mean all the same (the chart: the latest)
        for x, h, w in zip(cols, heads, widths, strict=True):
            blit_text(s, ctx, h, head, (x, y), bold=True, color=ctx.theme.accent, max_w=w)
        y += fs + 8
        for line in st.lines:
            if y + fs > table.bottom - 4:
                break
            people = line.level.split(":")[0] == "-"  # people among themselves: played, nobody's win or loss
            rate = f"{100 * line.wins / line.games:.0f}" if line.games and not people else "–"
            acc = "–" if line.accuracy is None else f"{line.accuracy:.0f}"
            level = t("people_only") if people else t(line.level)
            cells = (variant_label(line.variant, ctx.lang), level, str(line.games), "–" if people else str(line.wins),
                     str(line.abandoned) if line.abandoned else "–", rate, acc)
            for x, cell, w in zip(cols, cells, widths, strict=True):
                blit_text(s, ctx, cell, fs, (x, y), max_w=w)
            y += fs + 6
        if any(line.level.endswith(":help") for line in st.lines) and y + fs <= table.bottom:
            note = max(ctx.fonts.min_size, fs - 3)
            blit_text(s, ctx, t("help_note"), note, (table.x + 8, table.bottom - note - 6), max_w=table.w - 16,
                      color=ctx.theme.text_dim)

    def draw_accuracy(self, s: pygame.Surface, r: Rect, fs: int) -> None:
        """The coach's accuracy of my plays in one game, match after match (0-100 %): a
        line per level, each in its colour, named in the legend with its latest figure."""
        ctx = self.ctx
        draw_panel(s, r, ctx.theme, 190)
        game = self.shown_game()
        series = self.model.stats.accuracy_of(game)
        size = max(ctx.fonts.min_size, fs - 2)
        small = ctx.fonts.min_size
        several = len(self.model.stats.accuracy_games()) > 1
        head_h = ctx.theme.min_touch + 4 if several else size + 8
        title_w = (self._game_button(r).x if several else r.right) - r.x - 12
        title = ctx.t("accuracy") if several else f"{ctx.t('accuracy')} · {variant_label(game, ctx.lang)}"
        blit_text(s, ctx, title, size, (r.x + 6, r.y + 4 + (head_h - 8 - size) // 2), bold=True, max_w=title_w)
        # the legend: a swatch, the level, its latest figure
        x, y = r.x + 8, r.y + head_h
        for sr in series:  # as many rows as the levels need
            colour = LEVEL_COLOURS.get(sr.level.split(":")[0], ctx.theme.accent)
            level = ctx.t("people_only") if sr.level.split(":")[0] == "-" else ctx.t(sr.level)  # never "?-"
            # the latest match's figure, said so (the table beside it gives the mean: issue 38)
            word = f"{level}: {ctx.t('acc_latest', n=f'{sr.points[-1]:.0f}')}" if sr.points else level
            w = ctx.fonts.text(word, small).get_width() + small + 16
            if x + w > r.right - 4 and x > r.x + 8:
                x, y = r.x + 8, y + small + 4
            pygame.draw.rect(s, colour, (x, y + 3, small - 2, small - 4))
            x = blit_text(s, ctx, word, small, (x + small + 2, y), color=colour, max_w=r.right - x - small - 8).right + 12
        if any(sr.level.endswith(":help") for sr in series):  # what the "*" of "hard*" means
            note = ctx.t("help_note")
            w = ctx.fonts.text(note, small).get_width()
            if x + w > r.right - 4 and x > r.x + 8:
                x, y = r.x + 8, y + small + 4
            blit_text(s, ctx, note, small, (x, y), color=ctx.theme.text_dim, max_w=r.right - x - 8)
        # the scale: 0 / 50 / 100 % up the left, "matches, oldest → newest" along the bottom
        scale_w = ctx.fonts.text("100%", small).get_width() + 4
        top = y + small + 8 + small // 2
        area = Rect(r.x + 8 + scale_w, top, r.w - 16 - scale_w, r.bottom - top - small - 10)
        if area.h < 2 * small:
            return
        for pct in (0, 50, 100):
            gy = int(area.bottom - area.h * pct / 100)
            if pct:
                pygame.draw.line(s, (70, 100, 80), (area.x, gy), (area.right, gy))
            blit_text(s, ctx, f"{pct}%", small, (area.x - 3, gy), anchor="midright", color=ctx.theme.text_dim)
        pygame.draw.line(s, ctx.theme.text_dim, area.bottomleft, area.bottomright)
        pygame.draw.line(s, ctx.theme.text_dim, area.bottomleft, area.topleft)
        blit_text(s, ctx, ctx.t("acc_x_axis"), small, (area.centerx, area.bottom + 3), anchor="midtop",
                  color=ctx.theme.text_dim, max_w=area.w)
        longest = max((len(sr.points) for sr in series), default=0)
        step = area.w / max(1, longest - 1)
        x0 = area.centerx if longest == 1 else area.x  # one match: its point in the middle
        for sr in series:
            colour = LEVEL_COLOURS.get(sr.level.split(":")[0], ctx.theme.accent)
            pts = [(int(x0 + i * step), int(area.bottom - area.h * max(0.0, min(100.0, a)) / 100))
                   for i, a in enumerate(sr.points)]  # fmt: skip
            if len(pts) > 1:
                pygame.draw.lines(s, colour, False, pts, 1 if sr.level.endswith(":help") else 2)
            for p in pts:
                pygame.draw.circle(s, colour, p, 3)

    def draw_chart(self, s: pygame.Surface, r: Rect, fs: int) -> None:
        """Recent matches: our final score (bright) beside theirs (dim), each bar with its
        value, a legend, and the match number under each pair (oldest left)."""
        ctx = self.ctx
        draw_panel(s, r, ctx.theme, 190)
        small = ctx.fonts.min_size
        title = blit_text(s, ctx, ctx.t("score_history"), max(small, fs - 2), (r.x + 8, r.y + 4), bold=True,
                          max_w=r.w - 16)
        # legend: a swatch and a word for each side
        x, y = r.x + 8, title.bottom + 4
        for col, word in ((ctx.theme.accent, ctx.t("us")), (ctx.theme.text_dim, ctx.t("them"))):
            pygame.draw.rect(s, col, (x, y + 2, small, small - 2))
            x = blit_text(s, ctx, word, small, (x + small + 4, y), color=col).right + 12
        slots = max(1, min(8, (r.w - 16) // (3 * small + 8)))  # room for two values a match
        hist = self.model.stats.history[-slots:]
        area = Rect(r.x + 8, y + small + 8 + small + 2, r.w - 16, r.bottom - (y + small + 8 + small + 2) - small - 10)
        top = max(max(a, b) for a, b in hist) or 1
        # a slot as wide as for four matches at the least (one match drew two bars the whole
        # chart wide: issue 24.8), the pairs centred
        slot = area.w / max(len(hist), min(slots, 4))
        bw = max(4, int(slot * 0.42))
        left = area.x + (area.w - slot * len(hist)) / 2
        for i, (ours, theirs) in enumerate(hist):
            x0 = int(left + i * slot + (slot - 2 * bw) / 2)
            for j, (val, col) in enumerate(((ours, ctx.theme.accent), (theirs, ctx.theme.text_dim))):
                h = int(area.h * val / top)
                bar = Rect(x0 + j * bw, area.bottom - h, bw - 2, h)
                pygame.draw.rect(s, col, bar)
                blit_text(s, ctx, str(val), small, (bar.centerx, bar.y - 1), anchor="midbottom", color=col)
            blit_text(s, ctx, str(len(self.model.stats.history) - len(hist) + i + 1), small,
                      (x0 + bw, area.bottom + 3), anchor="midtop", color=ctx.theme.text_dim)
        pygame.draw.line(s, ctx.theme.text_dim, area.bottomleft, area.bottomright)


LEVEL_COLOURS = {"easy": (140, 210, 140), "normal": (235, 205, 110), "hard": (240, 130, 120), "-": (170, 190, 230)}
"""The accuracy chart's colour of each level (its assisted line, thinner, in the same)."""
