"""Statistics → *People*: one person's figures at a time (issue 36).

Each game the person played (matches, won, points per hand), then with whom
(partners), against whom (rivals), against each computer level, and among people
only: ``won/played`` each. ◀ ▶ (and the arrow keys) go from person to person, in the
order of their names. Names are drawn as text (``blit_text``), cut to the row's
width like any label.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame
from pygame import Rect

from ui.i18n import variant_label
from ui.layout import ButtonSpec
from ui.model import PersonStats
from ui.screen import Screen
from ui.widgets import Ctx, blit_text, draw_panel


def person_lines(p: PersonStats, t: Callable[..., str], lang: str) -> list[tuple[str, str]]:
    """The rows of one person's page: (what, figures), in the screen's language."""
    out: list[tuple[str, str]] = []
    for g in p.games:
        figures = t("ps_won_of", w=g.won, n=g.played)
        if g.points_per_hand is not None:
            figures += " · " + t("ps_per_hand", x=f"{g.points_per_hand:.1f}")
        out.append((variant_label(g.variant, lang), figures))
    out += [(t("ps_with", name=name), f"{won}/{played}") for name, played, won in p.partners]
    out += [(t("ps_against", name=name), f"{won}/{played}") for name, played, won in p.rivals]
    for level, played, won in p.levels:
        what = t("people_only") if level == "-" else t("ps_against", name=t("cpu_level", level=t(level)))
        out.append((what, f"{won}/{played}"))
    return out


class PeopleScreen(Screen):
    """A person's statistics; ◀ ▶ the next person."""

    name = "people"
    arrows = ("prev", "next")

    def __init__(self, ctx: Ctx, emit: Callable[[Any], None], show: Callable[[str], None]) -> None:
        super().__init__(ctx, emit, show)
        self.index = 0

    def person(self) -> PersonStats | None:
        people = self.model.stats.people
        return people[self.index % len(people)] if people else None

    def buttons(self, size: tuple[int, int]) -> list[ButtonSpec]:
        W, H = size
        m, row, _ = self.metrics(size)
        out = self.top_bar(size, ("back",))
        n = len(self.model.stats.people)
        bw = max(self.ctx.theme.min_touch * 2, W // 5)
        out.append(ButtonSpec("prev", Rect(m, H - m - row, bw, row), "◀", enabled=n > 1))
        out.append(ButtonSpec("next", Rect(W - m - bw, H - m - row, bw, row), "▶", enabled=n > 1))
        return out

    def press(self, name: str) -> bool:
        if name == "back":
            self.show("stats")
        elif name in ("prev", "next"):
            self.index += -1 if name == "prev" else 1
        else:
            return self.by_name(name)
        return True

    def draw(self, s: pygame.Surface) -> None:
        ctx, t = self.ctx, self.ctx.t
        W, H = s.get_size()
        s.blit(ctx.felt((W, H)), (0, 0))
        p = self.person()
        self.title(s, t("people") if p is None else p.name, self.title_room((W, H)))
        m, row, gap = self.metrics((W, H))
        fs = ctx.fsize(H, 0.045)
        panel = Rect(m, m + row + gap * 2, W - 2 * m, H - 2 * m - 2 * row - gap * 4)
        draw_panel(s, panel, ctx.theme, 190)
        if p is None:
            blit_text(s, ctx, t("no_games"), fs, panel.center, anchor="center")
        else:
            label_w = int(panel.w * 0.5)
            y = panel.y + 6
            for what, figures in person_lines(p, t, ctx.lang):
                if y + fs > panel.bottom - 4:
                    break
                blit_text(s, ctx, what, fs, (panel.x + 8, y), max_w=label_w - 12)
                blit_text(s, ctx, figures, fs, (panel.x + label_w, y), max_w=panel.w - label_w - 8, bold=True)
                y += fs + 6
        for b in self.buttons((W, H)):
            self.draw_button(s, b)
        n = len(self.model.stats.people)
        if n > 1:
            blit_text(s, ctx, f"{self.index % n + 1}/{n}", fs, (W // 2, H - m - row // 2), anchor="center",
                      color=ctx.theme.text_dim)
