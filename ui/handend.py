"""The end of a hand and of a match: the count of the hand, the score sheet, what comes next."""

from __future__ import annotations

import pygame
from pygame import Rect

from firmware.engine.cards import DECKS
from firmware.engine.result import HandResult
from ui import intents as it
from ui.i18n import (
    describe_declare,
)
from ui.layout import ButtonSpec, shared_table
from ui.picker import open_revoke
from ui.screen import Screen
from ui.table import count_lines
from ui.widgets import blit_text, draw_button, draw_panel, seat_name, side_name_of, thirds_text

CountRow = tuple[str, list[str]]  # a line of the count: its label, a cell for each side


class HandEndScreen(Screen):
    """The count of the hand (seed 002 style), and the end of the match."""

    name = "hand_end"

    def buttons(self, size: tuple[int, int]) -> list[ButtonSpec]:
        W, H = size
        m, row, gap = self.metrics(size)
        bw = max(self.ctx.theme.min_touch * 3, int(W * 0.3))
        y = H - m - row
        if self.model.score_sheet:
            # score sheet: the count can be taken back, a hand corrected on the sheet
            bw = (W - 2 * m - 3 * gap) // 4
            x = [m + i * (bw + gap) for i in range(4)]
            last = ("new_game", "new_game") if self.model.match_over else ("next_hand", "next_hand")
            return [
                ButtonSpec("home" if self.model.match_over else "table", Rect(x[0], y, bw, row),
                           "home" if self.model.match_over else "table"),
                ButtonSpec("sheet", Rect(x[1], y, bw, row), "score_sheet", enabled=self.model.final_sheet is not None),
                ButtonSpec("sh_undo", Rect(x[2], y, bw, row), "sh_undo", intent=it.SheetUndo()),
                ButtonSpec(last[0], Rect(x[3], y, bw, row), last[1]),
            ]
        if self.model.match_over:
            # home, the score sheet, the coach's review of the match (docs/coach.md), a new game
            sheet = self.model.final_sheet is not None
            bw = (W - 2 * m - 3 * gap) // 4
            x = [m + i * (bw + gap) for i in range(4)]
            return [
                ButtonSpec("home", Rect(x[0], y, bw, row), "home"),
                ButtonSpec("sheet", Rect(x[1], y, bw, row), "score_sheet", enabled=sheet),
                ButtonSpec("review", Rect(x[2], y, bw, row), "review", enabled=sheet),
                ButtonSpec("new_game", Rect(x[3], y, bw, row), "new_game"),
            ]
        out = [
            ButtonSpec("table", Rect(W // 2 - bw - gap, y, bw, row), "table"),
            ButtonSpec("next_hand", Rect(W // 2 + gap, y, bw, row), "next_hand"),
        ]
        if self.model.revoke is not None:
            # real cards: a revoke called before the next hand is dealt (docs/box.md, "A
            # revoke"), in the corner left of the two, which keep their places
            rw = min(W // 2 - bw - gap - 2 * m, max(self.ctx.theme.min_touch * 2, int(W * 0.16)))
            out.append(ButtonSpec("revoke", Rect(m, y, rw, row), "revoke_btn"))
        return out

    def press(self, name: str) -> bool:
        if name == "revoke":
            if self.model.revoke is not None:
                open_revoke(self.ctx, self.model.revoke)
        elif name == "next_hand":
            self.emit(it.NextHand())
        elif name == "new_game":
            self.show("home")  # the home screen is where a game is set up
        elif name in ("home", "table", "sheet"):
            self.show(name)
        elif name == "review" and self.model.final_sheet is not None:
            self.emit(it.OpenReview(self.model.final_sheet.match_id))
            self.show("review")
        elif name == "back":
            self.show("table")
        else:
            return False
        return True

    def key(self, key: int) -> bool:
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            return self.press("home" if self.model.match_over else "next_hand")
        return super().key(key)

    def side_name(self, side: int) -> str:
        m = self.model
        seats = [x.seat for x in m.seats if x.side == side]
        if m.me in seats and not shared_table(m):
            return self.ctx.t("you") if len(seats) == 1 else self.ctx.t("us")
        if len(seats) == 1:
            return seat_name(m, seats[0], self.ctx)
        if self._them(seats):
            return self.ctx.t("them")
        return side_name_of(seats, [x.name or None for x in m.seats], self.ctx)  # "Anna + Marco", "Seat 1 + 3"

    def _them(self, seats: list[int]) -> bool:
        """A pair that is "them" to the person at the screen: the other side at a screen seat's
        table, unless its people are named or it has no computer (people among themselves)."""
        m = self.model
        if shared_table(m) or len(seats) < 2:
            return False
        if any(m.seats[x].name for x in seats):
            return False
        return any(m.seats[x].kind == "computer" for x in seats)

    def _said_of(self, key: str, side: int) -> str:
        """A sentence about a side, in the right grammar: you, we, they, or a seat by name."""
        m = self.model
        seats = [x.seat for x in m.seats if x.side == side]
        if m.me in seats and m.show_hand:
            return self.ctx.t(key + ("_you" if len(seats) == 1 else "_us"))
        if self._them(seats):
            return self.ctx.t(key + "_them")
        return self.ctx.t(key, name=self.side_name(side))  # a phone game's table: "Vince Coppia 2"

    def _hand_cell(self, values: tuple[int, ...], unit: int) -> int | None:
        """A per-hand-side number for a match unit: the same index unless the hand's
        sides differ from the match's units (chiamata: the partner is secret)."""
        res = self.model.result
        if len(values) == self.model.n_sides:
            return values[unit]
        if res is not None and res.sides and unit < len(res.sides) and res.sides[unit] < len(values):
            return values[res.sides[unit]]
        return values[unit] if unit < len(values) else None

    def rows(self) -> list[CountRow]:
        """The lines of the count: label, one cell per side."""
        m, t = self.model, self.ctx.t
        c = [count_lines(m, sd) for sd in range(m.n_sides)]
        # a score sheet's count: no card was seen, the points as entered, then what they count
        rows = [] if m.score_sheet else self._card_rows(c)
        res = m.result
        if res is not None:
            if res.sides and len(set(res.sides)) < m.n_sides:  # chiamata: the pairs were secret
                rows = [self._partners_row(res), *rows, *self._secret_pair_rows(res, c)]
            else:
                rows.append(self._card_points_row(res, c))
            rows += self._declaration_rows(res)
            rows.append(self._hand_points_row(res))
        # Briscola: the totals are hands won (RULES.md §3.8)
        rows.append((t("hands_won_row" if m.hand_won_at else "match_total"), [f"{x}" for x in m.totals]))
        if m.games_won:
            rows.append((t("games_won_row"), [str(x) for x in m.games_won]))
        return rows

    def _card_rows(self, c: list[dict[str, int]]) -> list[CountRow]:
        """What the cards taken hold, side by side: aces, thirds, the last trick's point
        (Briscola counts whole points and nothing for the last trick: its card points say it)."""
        t = self.ctx.t
        if self.model.hand_won_at:
            return []
        return [
            (t("aces"), [str(x["aces"]) for x in c]),
            (t("thirds", ranks=", ".join(DECKS[self.model.deck].counting_numbers())), [f"{x['thirds']} = {thirds_text(x['thirds'])}" if x["thirds"] else "0" for x in c]),
            (t("last_trick_pt"), [str(x["last"]) if x["last"] else "–" for x in c]),
        ]

    def _partners_row(self, res: HandResult) -> CountRow:
        """Chiamata: each seat scores for itself, but the card points are the pair's of this
        hand: who partnered whom (the count's first row)."""
        m = self.model
        seats = [x.seat for x in m.seats]
        partners = []
        for unit in range(m.n_sides):
            mates = [q for q in seats if q != unit and q < len(res.sides) and unit < len(res.sides)
                     and res.sides[q] == res.sides[unit]]
            partners.append(", ".join(seat_name(m, q, self.ctx) for q in mates) or "–")
        return (self.ctx.t("partner_row"), partners)

    def _secret_pair_rows(self, res: HandResult, c: list[dict[str, int]]) -> list[CountRow]:
        """Chiamata: the seat's own thirds, then the pair's points."""
        t, sides = self.ctx.t, range(self.model.n_sides)
        return [
            (t("own_card_points"), [thirds_text(x["total_thirds"]) or "0" for x in c]),
            (t("pair_card_points"),
             [str(v) if (v := self._hand_cell(res.card_points, i)) is not None else "" for i in sides]),
        ]

    def _card_points_row(self, res: HandResult, c: list[dict[str, int]]) -> CountRow:
        """Each side's thirds and the card points they make ("10⅔ → 10")."""
        cells = []
        for i, x in enumerate(c):
            pts = self._hand_cell(res.card_points, i)
            if self.model.hand_won_at:  # Briscola: whole points, of 120
                cells.append(str(pts) if pts is not None else "")
                continue
            cells.append(f"{thirds_text(x['total_thirds']) or '0'} → {pts}" if pts is not None else "")
        return (self.ctx.t("card_points"), cells)

    def _declaration_rows(self, res: HandResult) -> list[CountRow]:
        """A row for each declaration of the hand, its points under the side that made it."""
        m = self.model
        rows = []
        for d in res.declarations:
            cells = ["" for _ in range(m.n_sides)]
            unit = m.side_of(d.seat)
            if unit < len(cells):
                # a decima has no points: it wins the game at 16 times its value (seed 003)
                cells[unit] = "×16" if d.kind == "decima" else f"+{d.points}"
            name = describe_declare(m.deck, d.kind, d.suit, d.rank, d.missing, self.ctx.lang)
            rows.append((name[:1].upper() + name[1:], cells))  # a row's label, as "Assi" above it
        return rows

    def _hand_points_row(self, res: HandResult) -> CountRow:
        score = res.score or res.points
        cells = [str(v) if (v := self._hand_cell(score, u)) is not None else "" for u in range(self.model.n_sides)]
        if self.model.hand_won_at:  # Briscola: the hand is won with 61, it scores one
            return (self.ctx.t("hand_won_row", n=self.model.hand_won_at), cells)
        return (self.ctx.t("hand_points"), cells)

    def games_line(self) -> str:
        """A hand that decided a game of a longer match: who won it and the games so far,
        the screen's own side first ("Partita a noi · partite 1–0"); the engine decided both."""
        m = self.model
        if not m.game_won_by or not m.games_won:
            return ""
        return self._said_of("game_won", m.game_won_by[0]) + " · " + self.ctx.t("games_score", score=self._games_score())

    def _games_score(self) -> str:
        m = self.model
        mine = m.side_of(m.me)
        n = len(m.games_won)
        order = [mine, *(x for x in range(n) if x != mine)] if mine < n else list(range(n))
        return "–".join(str(m.games_won[x]) for x in order)

    def headline(self) -> str:
        m, t = self.model, self.ctx.t
        res = m.result
        prefix = ""
        if res is not None and res.ended_by == "zu_tun" and res.zu_tun_seat is not None:
            prefix = t("zu_tun_end", name=self.side_name(m.side_of(res.zu_tun_seat))) + " "
        if res is not None and res.claim_seat is not None:
            key = "claim_ok" if res.claim_ok else "claim_wrong"
            prefix += self._said_of(key, m.side_of(res.claim_seat)) + " · "
        if res is not None and res.sudden:
            prefix += t("sudden", what=res.sudden, n=res.multiplier) + " · "
        if res is not None and res.revoke_seat is not None:  # real cards: a revoke called (RULES.md §3.7)
            prefix += t("revoke_end", n=res.revoke_seat + 1, what=t("ov_" + (res.revoke_penalty or "cappotto"))) + " · "
        if m.match_over and m.winner is not None:
            mine = m.side_of(m.me)
            pair = sum(1 for x in m.seats if x.side == mine) > 1
            games = " · " + t("games_score", score=self._games_score()) if m.games_won else ""
            if any(x.kind == "human" for x in m.seats):
                if m.winner == mine:
                    return prefix + t("we_win" if pair else "you_win") + games
                return prefix + t("we_lose" if pair else "you_lose") + games
            return prefix + self._said_of("side_wins", m.winner) + games
        if m.level_at_target:
            return prefix + t("tie_play_on")
        if games := self.games_line():
            return prefix + games
        return prefix + t("hand_end_n", n=m.hand_no)  # not "Ende der Runde · Runde 1"

    def draw(self, s: pygame.Surface) -> None:
        ctx = self.ctx
        W, H = s.get_size()
        s.blit(ctx.felt((W, H)), (0, 0))
        m, row, gap = self.metrics((W, H))
        head = self.headline()
        big = ctx.fsize(H, 0.07)
        blit_text(s, ctx, head, big, (W // 2, m + 2), anchor="midtop", bold=True, color=ctx.theme.accent, max_w=W - 2 * m)
        rows = self.rows()
        panel = Rect(m * 2, m + big + 10, W - 4 * m, H - (m + big + 10) - row - 3 * m)
        if self.model.review:
            # the coach's rating of my plays (docs/coach.md) takes the bottom of the panel
            rfs = max(10, ctx.fsize(H, 0.04))
            lines = [ln for msg_ in self.model.review for ln in ctx.fonts.wrap(ctx.say(msg_), rfs, panel.w - 16)]
            lines = lines[: max(1, int(panel.h * 0.4) // (rfs + 3))]
            rev = Rect(panel.x, 0, panel.w, len(lines) * (rfs + 3) + 8)
            rev.bottom = panel.bottom
            panel.h -= rev.h + m
            draw_panel(s, rev, ctx.theme, 215)
            for i, text in enumerate(lines):
                blit_text(s, ctx, text, rfs, (rev.x + 8, rev.y + 4 + i * (rfs + 3)), max_w=rev.w - 16,
                          color=ctx.theme.accent if i == 0 else ctx.theme.text)
        draw_panel(s, panel, ctx.theme, 200)
        n_sides = self.model.n_sides
        line = max(12, min(panel.h // (len(rows) + 1), int(H * 0.075)))
        fs = max(10, min(int(line * 0.62), ctx.fsize(H, 0.05)))
        label_w = int(panel.w * 0.5)
        col_w = (panel.w - label_w - 12) // max(1, n_sides)
        y = panel.y + 4
        for sd in range(n_sides):
            blit_text(s, ctx, self.side_name(sd), fs, (panel.x + label_w + col_w * sd + col_w // 2, y), anchor="midtop",
                      bold=True, color=ctx.theme.accent, max_w=col_w - 4)
        y += line
        for i, (label, cells) in enumerate(rows):
            strong = i >= len(rows) - 2
            if strong:
                pygame.draw.line(s, ctx.theme.panel_edge, (panel.x + 8, y - 2), (panel.right - 8, y - 2))
            blit_text(s, ctx, label, fs, (panel.x + 10, y), bold=strong, max_w=label_w - 14)
            for sd, cell in enumerate(cells):
                blit_text(s, ctx, cell, fs, (panel.x + label_w + col_w * sd + col_w // 2, y), anchor="midtop",
                          bold=strong, max_w=col_w - 4)
            y += line
        self.draw_buttons(s)

    def draw_button(self, s: pygame.Surface, b: ButtonSpec) -> None:
        strong = b.name in ("next_hand", "new_game")
        draw_button(s, self.ctx, b.rect, self.ctx.label(b.label), color=self.ctx.theme.good if strong else None,
                    enabled=b.enabled)
