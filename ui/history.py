"""The history screens: matches played (paged), a match's score sheet, a hand replayed.

The controller answers :class:`ui.intents.ShowHistory`, ``OpenSheet`` and
``OpenReplay`` by filling ``TableModel.history``, ``sheet`` and ``replay``
(firmware/app/browse.py); these screens only lay them out and turn taps into
those intents. The end of a match shows its own sheet (``sheet`` is then the
match just finished).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import pygame
from pygame import Rect

from ui import intents as it
from ui.i18n import describe_declare, said_by, tr, variant_label
from ui.layout import ButtonSpec
from ui.model import HandReplay, HistoryRow, ReviewHandView, ScoreSheet, TableModel
from ui.screen import PagedScreen, Screen
from ui.table import TableScreen
from ui.widgets import Ctx, blit_text, draw_button, draw_panel, side_name_of

OUTCOME_COLOURS = {"won": (120, 220, 120), "lost": (240, 150, 130)}


def when(started: float, lang: str) -> str:
    """The day and hour a match started, as written in the language."""
    t = time.localtime(started)
    return time.strftime(tr("history_when", lang), t)


def sheet_side_names(sheet: ScoreSheet, ctx: Ctx) -> list[str]:
    """A column heading per side: "Noi"/"Tu" for the screen's side, a seat's name, "Loro"."""
    n_sides = max(sheet.sides) + 1 if sheet.sides else 0
    mine = sheet.sides[sheet.me] if sheet.me < len(sheet.sides) else 0
    out = []
    players = sheet.players
    person = sheet.me < len(sheet.seats) and sheet.seats[sheet.me].kind == "human"
    for side in range(n_sides):
        seats = [i for i, s in enumerate(sheet.sides) if s == side]
        named = any(players[i] for i in seats if i < len(players))
        if side == mine and sheet.seats[sheet.me].kind == "human" and not named:
            out.append(ctx.t("you") if len(seats) == 1 else ctx.t("us"))
        elif len(seats) == 1 and not named and sheet.seats[seats[0]].kind == "computer":
            many = len(sheet.seats) > 2
            out.append(ctx.t("cpu_n", n=seats[0] + 1) if many else ctx.t("cpu"))
        elif len(seats) > 1 and not named and n_sides == 2 and person:
            out.append(ctx.t("them"))  # the other pair, beside a person at the screen
        else:  # the one name of a side: "Anna + Marco", "Seat 1 + 3" (a score sheet's, people among themselves)
            out.append(side_name_of(seats, players, ctx))
    return out


def sheet_side_who(sheet: ScoreSheet, side: int) -> str:
    """Who a side is to the person at the screen: "you", "us", "them" (another pair) or ""
    (named, or people among themselves: the side by its name, :func:`sheet_side_names`)."""
    mine = sheet.sides[sheet.me] if sheet.me < len(sheet.sides) else None
    seats = [i for i, s in enumerate(sheet.sides) if s == side]
    if any(sheet.players[i] for i in seats if i < len(sheet.players)):
        return ""
    person = sheet.me < len(sheet.seats) and sheet.seats[sheet.me].kind == "human"
    if side == mine and person:
        return "you" if len(seats) == 1 else "us"
    return "them" if len(seats) > 1 and person else ""


class HistoryScreen(Screen):
    """Matches played, newest first, a page at a time; a tap opens the score sheet."""

    name = "history"
    arrows = ("prev", "next")

    def _rows_area(self, size: tuple[int, int]) -> tuple[int, int, int]:
        """(top, row height, rows that fit) between the title bar and the page buttons."""
        W, H = size
        m, row, gap = self.metrics(size)
        top = m + row + gap * 2
        bottom = H - m - row - gap
        rh = max(self.ctx.theme.min_touch + 2, min(int(H * 0.12), 64))
        return top, rh, max(1, (bottom - top + gap) // (rh + gap))

    def page_size(self, size: tuple[int, int]) -> int:
        return self._rows_area(size)[2]

    def shown_rows(self, size: tuple[int, int]) -> tuple[HistoryRow, ...]:
        """The rows of the page that fit on this screen (a page asked for at another size
        may hold more): what the counter counts and ▶ goes on from."""
        page = self.model.history
        return page.rows[: self._rows_area(size)[2]] if page is not None else ()

    size: tuple[int, int] = (800, 480)  # the screen's size when last laid out (taps and keys page by it)

    def buttons(self, size: tuple[int, int]) -> list[ButtonSpec]:
        self.size = size
        W, H = size
        m, row, gap = self.metrics(size)
        out = self.top_bar(size, ("people", "back") if self.model.stats.people else ("back",))  # ui/people.py
        page = self.model.history
        top, rh, fit = self._rows_area(size)
        rows = self.shown_rows(size)
        for i, r in enumerate(rows):
            out.append(ButtonSpec(f"match:{r.match_id}", Rect(m, top + i * (rh + gap), W - 2 * m, rh), "",
                                  intent=it.OpenSheet(r.match_id)))
        bw = max(self.ctx.theme.min_touch * 2, W // 5)
        has_prev = page is not None and page.offset > 0
        has_next = page is not None and page.offset + len(rows) < page.total
        out.append(ButtonSpec("prev", Rect(m, H - m - row, bw, row), "◀", enabled=has_prev))
        out.append(ButtonSpec("next", Rect(W - m - bw, H - m - row, bw, row), "▶", enabled=has_next))
        return out

    def carried(self, b: ButtonSpec) -> bool:
        if isinstance(b.intent, it.OpenSheet):
            self.emit(b.intent)
            self.show("sheet")
            return True
        return super().carried(b)

    def press(self, name: str) -> bool:
        page = self.model.history
        if name in ("prev", "next") and page is not None:
            fit = self.page_size(self.size)
            step = -fit if name == "prev" else len(self.shown_rows(self.size)) or fit
            self.emit(it.ShowHistory(max(0, page.offset + step), fit))
        elif name in ("back", "people"):
            self.show("stats" if name == "back" else "people")
        else:
            return self.by_name(name)
        return True

    def row_text(self, r: HistoryRow) -> tuple[str, str, str]:
        """(when and what, against whom, the outcome and score)."""
        t, lang = self.ctx.t, self.ctx.lang
        left = f"{when(r.started, lang)} · {variant_label(r.variant, lang)}"
        against = t("cpu_level", level=t(r.level)) if r.level else t("people_only")
        sub = f"{against} · {t('hands_n', n=r.hands)}"
        if r.mode == "lesson":  # the guided hand: a lesson, not a match like the others
            sub = f"{t('h_lesson')} · {sub}"
        score = "–".join(str(x) for x in r.totals) if r.totals and r.outcome != "abandoned" else ""
        right = t("outcome_" + r.outcome) + (f"  {score}" if score else "")
        if r.outcome == "over" and r.winners:  # people among themselves: who won, by name
            right = t("won_by", name=side_name_of(r.winners, r.players, self.ctx)) + (f"  {score}" if score else "")
        return left, sub, right

    def draw(self, s: pygame.Surface) -> None:
        ctx, t = self.ctx, self.ctx.t
        W, H = s.get_size()
        s.blit(ctx.felt((W, H)), (0, 0))
        self.title(s, t("history"), self.title_room((W, H)))
        m, row, gap = self.metrics((W, H))
        page = self.model.history
        buttons = self.buttons((W, H))
        fs = ctx.fsize(H, 0.045)
        small = max(ctx.fonts.min_size, fs - 3)
        rows = {r.match_id: r for r in (page.rows if page is not None else ())}
        for b in buttons:
            if not isinstance(b.intent, it.OpenSheet):
                self.draw_button(s, b)
                continue
            r = rows[b.intent.match_id]
            draw_panel(s, b.rect, ctx.theme, 200)
            left, sub, right = self.row_text(r)
            colour = OUTCOME_COLOURS.get(r.outcome, ctx.theme.text_dim)
            rw = blit_text(s, ctx, right, fs, (b.rect.right - 10, b.rect.centery), anchor="midright", bold=True,
                           color=colour).w
            room = b.rect.w - rw - 30
            blit_text(s, ctx, left, fs, (b.rect.x + 10, b.rect.y + 3), bold=True, max_w=room)
            if b.rect.h >= fs + small + 8:
                blit_text(s, ctx, sub, small, (b.rect.x + 10, b.rect.bottom - 3), anchor="bottomleft",
                          color=ctx.theme.text_dim, max_w=room)
        if page is None or not page.rows:
            blit_text(s, ctx, t("no_games"), fs, (W // 2, H // 2), anchor="center")
        else:
            a, b_ = page.offset + 1, page.offset + len(self.shown_rows((W, H)))
            blit_text(s, ctx, t("rows_of", a=a, b=b_, n=page.total), fs, (W // 2, H - m - row // 2),
                      anchor="center", color=ctx.theme.text_dim)


class SheetScreen(PagedScreen):
    """A match hand by hand: each hand's points per side and the totals after it.

    A tap on a hand replays it (a match from the history); the rows page when
    a long match does not fit.
    """

    name = "sheet"

    def __init__(self, ctx: Ctx, emit: Callable[[Any], None], show: Callable[[str], None]) -> None:
        super().__init__(ctx, emit, show, came_from="history")

    @property
    def sheet(self) -> ScoreSheet | None:
        """The match from the history, or (from the end of a hand or match, or the score sheet's
        count screen) the one being kept."""
        return self.model.final_sheet if self.came_from in ("hand_end", "table") else self.model.sheet

    @property
    def correcting(self) -> bool:
        """The score sheet of the match being kept: a finished hand tapped is corrected on the
        count screen (``SheetEdit``), not replayed (no cards to replay)."""
        return self.came_from in ("hand_end", "table") and self.model.score_sheet

    def set_model(self, model: TableModel) -> None:
        old = self.sheet
        super().set_model(model)
        new = self.sheet
        if new is not None and (old is None or old.match_id != new.match_id):
            self.first = 0

    def open_at_end(self) -> None:
        """Show the last page: at the end of a match its deciding hand, whose totals the
        outcome under the rows is (the rows are clamped to a full last page when laid out)."""
        sheet = self.sheet
        self.first = len(sheet.rows) if sheet is not None else 0

    def per_page(self, size: tuple[int, int]) -> int:
        W, H = size
        m, row, gap = self.metrics(size)
        line = self._line(size)
        return max(1, (H - (m + row + gap * 2) - (row + 2 * m + gap) - line) // line)

    @property
    def replayable(self) -> bool:
        """Hands replay from the journal: a match of the history, or the one just finished
        (its sheet at the match's end: every hand is in the journal)."""
        return self.sheet is not None

    def _line(self, size: tuple[int, int] = (800, 480)) -> int:
        """A row's height: finger-high where a tap replays the hand, else as much as the
        screen gives a short match (up to 1.5 times the body text)."""
        least = max(self.ctx.fonts.min_size + 8, self.ctx.theme.min_touch + 2 if self.replayable else 0)
        sheet = self.sheet
        H = size[1]
        return least if sheet is None else max(least, min(int(H * 0.085), least * 3 // 2))

    def buttons(self, size: tuple[int, int]) -> list[ButtonSpec]:
        W, H = size
        m, row, gap = self.metrics(size)
        sheet = self.sheet
        # the coach's review of the match (docs/coach.md), from the history and at the end of a match
        out = self.top_bar(size, ("review", "back") if sheet is not None and sheet.rows else ("back",))
        n = len(sheet.rows) if sheet is not None else 0
        per = self.per_page(size)
        self.first = max(0, min(self.first, n - per))
        line = self._line(size)
        top = m + row + gap * 2 + line
        if self.replayable and sheet is not None:
            for i, r in enumerate(sheet.rows[self.first:self.first + per]):
                if self.correcting and r.note == "sheet_open":
                    continue  # the hand being kept: its count is entered on the count screen
                intent: Any = it.SheetEdit(r.hand - 1) if self.correcting else it.OpenReplay(sheet.match_id, r.hand)
                out.append(ButtonSpec(f"hand:{r.hand}", Rect(m, top + i * line, W - 2 * m, line - 2), "",
                                      intent=intent))
        return out + self.page_buttons(size, per, n)

    def carried(self, b: ButtonSpec) -> bool:
        if isinstance(b.intent, it.SheetEdit):
            self.emit(b.intent)  # the count screen opens on that hand (the table screen shows it)
            self.show("table")
            return True
        if isinstance(b.intent, it.OpenReplay):
            self.emit(b.intent)
            self.show("replay")
            return True
        return super().carried(b)

    def press(self, name: str) -> bool:
        sheet = self.sheet
        if name == "review" and sheet is not None:
            self.emit(it.OpenReview(sheet.match_id))
            self.show("review")
            return True
        return self.page(name, self.per_page(self.laid_out))

    def draw(self, s: pygame.Surface) -> None:
        ctx, t = self.ctx, self.ctx.t
        W, H = s.get_size()
        m, row, gap = self.metrics((W, H))
        sheet = self.sheet
        self.draw_titled(s, "score_sheet", sheet.variant if sheet is not None else None)
        buttons = self.buttons((W, H))
        line = self._line((W, H))
        panel = Rect(m, m + row + gap, W - 2 * m, H - (m + row + gap) - (row + m + gap))
        draw_panel(s, panel, ctx.theme, 200)
        if sheet is None:
            blit_text(s, ctx, t("no_games"), ctx.fsize(H, 0.045), panel.center, anchor="center")
            self.draw_buttons(s)
            return
        names = sheet_side_names(sheet, ctx)
        fs = min(ctx.fsize(H, 0.042), line - 6)
        hand_w = max(int(panel.w * 0.16), ctx.fonts.text(t("hand_short").capitalize() + " 00", fs).get_width() + 16)
        note_w = int(panel.w * 0.22)
        col_w = (panel.w - hand_w - note_w - 10) // max(1, len(names))
        x0 = panel.x + hand_w
        y = panel.y + gap
        blit_text(s, ctx, t("hand_short").capitalize(), fs, (panel.x + 8, y + 2), bold=True, color=ctx.theme.accent)
        for i, name in enumerate(names):
            blit_text(s, ctx, name, fs, (x0 + col_w * i + col_w // 2, y + 2), anchor="midtop", bold=True,
                      color=ctx.theme.accent, max_w=col_w - 6)
        y += line
        per = self.per_page((W, H))
        for r in sheet.rows[self.first:self.first + per]:
            hit = next((b.rect for b in buttons if b.name == f"hand:{r.hand}"), None)
            if hit is not None:
                draw_button(s, ctx, hit, "", color=(24, 60, 44))
            cy = y + (line - 2) // 2
            mark = (" ✎" if self.correcting else " ▶") if hit is not None else ""
            blit_text(s, ctx, str(r.hand) + mark, fs, (panel.x + 10, cy),
                      anchor="midleft", bold=True)
            for i in range(len(names)):
                pts = r.points[i] if i < len(r.points) else None
                tot = r.totals[i] if i < len(r.totals) else None
                cell = (f"+{pts} → {tot}" if pts is not None else f"{tot}") if tot is not None else ""
                blit_text(s, ctx, cell, fs, (x0 + col_w * i + col_w // 2, cy), anchor="center", max_w=col_w - 6)
            if r.note or r.corrected:
                note = (t(r.note) if r.note.startswith("sheet_") else r.note) if r.note else ""
                if r.corrected:  # a correction is shown where it changed the sheet
                    note = f"{note} · {t('sheet_corrected')}" if note else t("sheet_corrected")
                blit_text(s, ctx, note, fs, (panel.right - 8, cy), anchor="midright",
                          color=ctx.theme.text_dim, max_w=note_w - 8)
            y += line
        result = ""
        if sheet.problem:
            result = t("sheet_problem")
        elif sheet.winner is not None and sheet.winner < len(names):
            result = said_by("side_wins", ctx.lang, names[sheet.winner], sheet_side_who(sheet, sheet.winner))
        if result:
            blit_text(s, ctx, result, fs, (W // 2, H - m - row // 2), anchor="center", bold=True,
                      color=ctx.theme.accent, max_w=W - 2 * (m + max(self.ctx.theme.min_touch * 2, W // 5)) - 12)
        for b in buttons:
            if not b.name.startswith("hand:"):
                self.draw_button(s, b)


def sheet_hand_lines(rp: HandReplay, sheet: ScoreSheet | None, deck: str, ctx: Ctx) -> list[str]:
    """A score-sheet hand in words: each side's points (its accusi) and total after it, how it
    ended, whether it was corrected, and the accusi as said."""
    t = ctx.t
    row = rp.sheet
    assert row is not None
    names = sheet_side_names(sheet, ctx) if sheet is not None else []
    out = []
    for i, p in enumerate(row.points):
        name = names[i] if i < len(names) else t("side_n", n=i + 1)
        decl = f" ({t('o_accusi')} {row.declared[i]})" if i < len(row.declared) and row.declared[i] else ""
        tot = f" → {row.totals[i]}" if i < len(row.totals) else ""
        out.append(f"{name}: +{p}{decl}{tot}")
    note = (t(row.note) if row.note.startswith("sheet_") else row.note) if row.note else ""
    if row.corrected:
        note = f"{note} · {t('sheet_corrected')}" if note else t("sheet_corrected")
    if note:
        out.append(note)
    for d in rp.said:
        worth = "×16" if d.kind == "decima" else str(d.points)
        out.append(f"{t('seat_n', n=d.seat + 1)}: {describe_declare(deck, d.kind, d.suit, d.rank, d.missing, ctx.lang)}"
                   f" ({worth})")
    return out


REPLAY_STEP_S = 1.6  # seconds each step stays up while the replay plays itself


class ReplayScreen(Screen):
    """A hand trick by trick: the table as it was, ◀ ▶ between tricks, and *Auto*: the
    replay plays itself a step every :data:`REPLAY_STEP_S` (a tap pauses it). ▶ at the
    last step goes on to the next hand's deal and ◀ at the deal back to the previous
    hand's end (PageUp / PageDown jump a whole hand); a finished hand is shown with
    every hand face up (firmware.app.browse.replay_hands)."""

    name = "replay"
    back_to = "sheet"
    jumps = True  # on to the match's other hands (the review's hand has its own list)

    def source(self) -> HandReplay | ReviewHandView | None:
        """The hand shown: a replay from the history (the review's screen shows its own)."""
        return self.model.replay

    def info_height(self, size: tuple[int, int]) -> int:
        """Room above the bar for words about the step (none here)."""
        return 0

    def draw_info(self, s: pygame.Surface, area: Rect) -> None:
        pass

    def __init__(self, ctx: Ctx, emit: Callable[[Any], None], show: Callable[[str], None]) -> None:
        super().__init__(ctx, emit, show)
        self.table = TableScreen(ctx, lambda intent: None, lambda name: None)
        self.step = 0
        self._shown = -1
        self._key: tuple[int, int] | None = None
        self.playing = False
        self._since = 0.0
        self._to_end = False  # the hand asked for opens at its last step (◀ from a deal)

    def set_model(self, model: TableModel) -> None:
        super().set_model(model)
        rp = self.source()
        key = (rp.match_id, rp.hand) if rp is not None else None
        if key != self._key:
            self._key = key
            self.step = max(0, len(rp.frames) - 1) if self._to_end and rp is not None else 0
            self._to_end = False
            self._shown = -1
            self._since = 0.0

    def _hands(self) -> int:
        rp = self.source()
        return rp.hands if self.jumps and isinstance(rp, HandReplay) else 0

    def _open(self, hand: int, *, at_end: bool = False) -> bool:
        """Ask for another hand of the match (False: there is none)."""
        rp = self.source()
        if rp is None or not 1 <= hand <= self._hands():
            return False
        self._to_end = at_end
        self.emit(it.OpenReplay(rp.match_id, hand))
        return True

    def update(self, dt: float) -> None:
        if not self.playing:  # (the app stops it when the screen is left: the replay waits there)
            return
        self._since += dt
        if self._since < REPLAY_STEP_S:
            return
        self._since = 0.0
        rp = self.source()
        n = len(rp.frames) if rp is not None else 0
        if self.step < n - 1:
            self.step += 1
        elif rp is None or not self._open(rp.hand + 1):
            self.playing = False  # the match's last step: the replay stops there

    def bar(self, size: tuple[int, int]) -> Rect:
        W, H = size
        h = max(self.ctx.theme.min_touch + 8, int(H * 0.12))
        return Rect(0, H - h, W, h)

    def buttons(self, size: tuple[int, int]) -> list[ButtonSpec]:
        W, H = size
        bar = self.bar(size)
        m = max(4, H // 90)
        bw = max(self.ctx.theme.min_touch + 10, W // 7)
        rp = self.source()
        n = len(rp.frames) if rp is not None else 0
        y, h = bar.y + m, bar.h - 2 * m
        hand = rp.hand if rp is not None else 0
        more = self._hands()
        bw = max(self.ctx.theme.min_touch + 10, W // 8)
        return [
            ButtonSpec("prev", Rect(m, y, bw, h), "◀", enabled=self.step > 0 or 1 < hand <= more),
            ButtonSpec("next", Rect(m * 2 + bw, y, bw, h), "▶", enabled=self.step < n - 1 or hand < more),
            ButtonSpec("play", Rect(m * 3 + bw * 2, y, bw, h), "replay_pause" if self.playing else "replay_auto",
                       enabled=n > 1 or hand < more),
            ButtonSpec("back", Rect(W - m - max(100, W // 5), y, max(100, W // 5), h), "back"),
        ]

    def press(self, name: str) -> bool:
        rp = self.source()
        n = len(rp.frames) if rp is not None else 0
        if name != "play":
            self.playing = False  # any other button takes the replay back in hand
        if name == "prev":
            if self.step == 0 and rp is not None:
                self._open(rp.hand - 1, at_end=True)
            self.step = max(0, self.step - 1)
        elif name == "next":
            if self.step >= n - 1 and rp is not None:
                self._open(rp.hand + 1)
            self.step = min(max(0, n - 1), self.step + 1)
        elif name == "play":
            self.playing = not self.playing
            self._since = 0.0
        elif name == "back":
            self.show(self.back_to)
        else:
            return False
        return True

    def key(self, key: int) -> bool:
        rp = self.source()
        if key == pygame.K_LEFT:
            return self.press("prev")
        if key in (pygame.K_RIGHT, pygame.K_SPACE, pygame.K_RETURN):
            return self.press("next")
        if key == pygame.K_p:
            return self.press("play")
        if key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN) and rp is not None:
            self.playing = False
            return self._open(rp.hand + (1 if key == pygame.K_PAGEDOWN else -1))
        return super().key(key)

    def _draw_sheet_hand(self, area: pygame.Surface, rp: HandReplay) -> None:
        ctx = self.ctx
        W, H = area.get_size()
        panel = Rect(W // 12, H // 10, W - W // 6, H - H // 5)
        draw_panel(area, panel, ctx.theme, 200)
        fs = ctx.fsize(H, 0.05)
        y = panel.y + 10
        y = blit_text(area, ctx, ctx.t("sh_own_cards"), fs, (panel.x + 14, y), bold=True,
                      color=ctx.theme.accent, max_w=panel.w - 28).bottom + 8
        for line in sheet_hand_lines(rp, self.model.sheet, self.model.deck, ctx):
            for part in ctx.fonts.wrap(line, fs, panel.w - 28):
                if y + fs > panel.bottom - 6:
                    return
                y = blit_text(area, ctx, part, fs, (panel.x + 14, y), max_w=panel.w - 28).bottom + 4

    def caption(self) -> str:
        rp = self.source()
        if isinstance(rp, HandReplay) and rp.sheet is not None:
            return f"{self.ctx.t('hand_n', n=rp.hand)} · {self.ctx.t('score_sheet')}"
        if rp is None or not rp.frames:
            return self.ctx.t("no_games")
        f = rp.frames[min(self.step, len(rp.frames) - 1)]
        total = len([x for x in rp.frames if x.trick and x.trick == x.last_trick])
        if self.step == 0:
            return f"{self.ctx.t('hand_n', n=rp.hand)} · {self.ctx.t('the_deal')}"
        return f"{self.ctx.t('hand_n', n=rp.hand)} · {self.ctx.t('trick_of', k=f.tricks_played, n=total)}"

    def draw(self, s: pygame.Surface) -> None:
        ctx = self.ctx
        W, H = s.get_size()
        bar = self.bar((W, H))
        rp = self.source()
        info = self.info_height((W, H))
        top = bar.y - info
        area = pygame.Surface((W, top))
        if rp is not None and rp.frames:
            frame = rp.frames[min(self.step, len(rp.frames) - 1)]
            if self._shown != self.step or self.table.layout is None or self.table.layout.size != (W, top):
                self._shown = self.step
                self.table.set_model(frame, (W, top))
                self.table.update(5.0)
                self.table.replay_voices()
            if self.table.layout is not None:
                self.table.layout.buttons = []  # a picture: nothing on it answers a tap
            self.table.draw(area)
        else:
            area.blit(ctx.felt((W, top)), (0, 0))
            if isinstance(rp, HandReplay) and rp.sheet is not None:
                self._draw_sheet_hand(area, rp)  # no cards: the hand's points as the score sheet has them
        s.blit(ctx.felt((W, H)), (0, 0))
        s.blit(area, (0, 0))
        if info:
            self.draw_info(s, Rect(0, top, W, info))
        draw_panel(s, bar, ctx.theme, 230)
        buttons = self.buttons((W, H))
        for b in buttons:
            self.draw_button(s, b)
        left = buttons[2].rect.right + 8
        right = buttons[3].rect.x - 8
        blit_text(s, ctx, self.caption(), ctx.fsize(H, 0.045), ((left + right) // 2, bar.centery), anchor="center",
                  bold=True, max_w=right - left)
