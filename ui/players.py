"""Home → *Who plays*: a person for each seat that is not a computer's.

Each people seat (you at the screen, a phone, real cards) is a row: a tap on the
row goes through the household's list (nobody, then each name not already at
another seat); *New* beside it opens the on-screen keyboard (:mod:`ui.keyboard`,
the screen's language's layout, accented letters on their page) to type a name
once: it is checked (:func:`firmware.engine.names.check_name`, the reason said on
the screen when it is refused), given to the seat and sent to the household's list
(``AddPerson``). *Back* returns home, where *Play* sends the names with the seats
(``NewGame.players``).

Names are drawn as text (``blit_text``: no markup, nothing but glyphs), cut to fit
the row, never inside a character (:func:`firmware.engine.names.fit_name`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame
from pygame import Rect

from firmware.engine.names import MAX_CHARS, BadName, check_name
from ui import intents as it
from ui.keyboard import Key, Keyboard
from ui.layout import ButtonSpec
from ui.screen import Screen
from ui.widgets import Ctx, blit_text, draw_button

if TYPE_CHECKING:
    from ui.home import HomeScreen

WARN = (255, 200, 160)
TYPED_MAX = 4 * MAX_CHARS  # code points the field takes (a name is checked at OK: 20 characters)


@dataclass(frozen=True, slots=True)
class NameLayout:
    caption: Rect
    caption_px: int
    field: Rect
    keys: tuple[Key, ...]


def name_layout(keyboard: Keyboard, size: tuple[int, int], *, min_touch: int = 40, min_text: int = 12) -> NameLayout:
    """The caption (what is typed, or why it was refused), the field, the keyboard under them."""
    W, H = size
    m = max(4, H // 80)
    gap = max(2, min(6, W // 160))
    cpx = max(min_text, min(20, int(H * 0.045)))
    caption = Rect(m, m, W - 2 * m, int(cpx * 1.3))
    fh = max(min_touch, int(H * 0.11))
    field = Rect(m, caption.bottom + gap, W - 2 * m, fh)
    area = Rect(m, field.bottom + 2 * gap, W - 2 * m, H - field.bottom - 2 * gap - m)
    return NameLayout(caption, cpx, field, tuple(keyboard.keys(area, gap)))


class PlayersScreen(Screen):
    """Who plays each people seat of the match *Play* starts (the home screen's seats)."""

    name = "players"

    def __init__(self, ctx: Ctx, emit: Callable[[Any], None], show: Callable[[str], None], home: HomeScreen) -> None:
        super().__init__(ctx, emit, show)
        self.home = home
        self.typing: int | None = None  # the seat whose name is being typed
        self.keyboard = Keyboard(ctx.lang, secret=False, max_length=TYPED_MAX)
        self.problem = ""  # why the name typed was refused, in words

    # ------------------------------------------------------------ the rows

    def people_seats(self) -> list[int]:
        return [i for i in range(len(self.home.seats)) if self.home.is_person(i)]

    def choices(self, seat: int) -> list[str | None]:
        """What a tap on ``seat``'s row goes through: nobody, then the household's names
        that no other seat has."""
        taken = {p for i, p in enumerate(self.home.players) if i != seat and p}
        return [None, *(p for p in self.model.household if p not in taken)]

    def buttons(self, size: tuple[int, int]) -> list[ButtonSpec]:
        if self.typing is not None:
            lay = self.layout(size)
            return [ButtonSpec(k.name, k.rect, k.label) for k in lay.keys]
        W, H = size
        m, row, gap = self.metrics(size)
        out = self.top_bar(size, ("back",))
        nw = max(self.ctx.theme.min_touch * 2, W // 5)
        y = m + row + gap * 2
        for i in self.people_seats():
            if y + row > H - m:
                break
            out.append(ButtonSpec(f"person:{i}", Rect(m, y, W - 3 * m - nw, row), "person"))
            out.append(ButtonSpec(f"type:{i}", Rect(W - m - nw, y, nw, row), "new_name"))
            y += row + gap
        return out

    def press(self, name: str) -> bool:
        if self.typing is not None:
            return self._key(name)
        if name == "back":
            self.show("home")
        elif name.startswith("person:"):
            seat = int(name.split(":", 1)[1])
            options = self.choices(seat)
            cur = self.home.players[seat]
            self.home.players[seat] = options[(options.index(cur) + 1) % len(options)] if cur in options else None
        elif name.startswith("type:"):
            self.typing = int(name.split(":", 1)[1])
            self.keyboard.reset(self.ctx.lang)
            self.problem = ""
        else:
            return self.by_name(name)
        return True

    def _key(self, name: str) -> bool:
        done = self.keyboard.press(name)
        if done == "cancel":
            self.typing = None
        elif done == "ok" and self.typing is not None:
            try:
                person = check_name(self.keyboard.text)
            except BadName as exc:
                self.problem = self.ctx.t("name_" + exc.why)
                return True
            self.home.players[self.typing] = person
            for i, p in enumerate(self.home.players):  # one person, one seat
                if i != self.typing and p == person:
                    self.home.players[i] = None
            self.emit(it.AddPerson(person))
            self.typing = None
        else:
            self.problem = ""
        return True

    def type(self, text: str) -> bool:
        """Characters from a real keyboard (the simulator's), while a name is typed."""
        if self.typing is not None:
            self.keyboard.type(text)
            self.problem = ""
        return True

    def key(self, key: int) -> bool:
        if self.typing is None:
            return super().key(key)
        if key == pygame.K_ESCAPE:
            return self.press("cancel")
        if key == pygame.K_BACKSPACE:
            return self.press("back")
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            return self.press("ok")
        return True  # every other key is text (UIApp hands its character to type())

    def layout(self, size: tuple[int, int]) -> NameLayout:
        return name_layout(self.keyboard, size, min_touch=self.ctx.theme.min_touch, min_text=self.ctx.fonts.min_size)

    # ------------------------------------------------------------ drawing

    def row_text(self, seat: int) -> str:
        person = self.home.players[seat] if seat < len(self.home.players) else None
        return f"{self.home.seat_text(seat)} · {person or self.ctx.t('nobody_named')}"

    def draw(self, s: pygame.Surface) -> None:
        ctx, t = self.ctx, self.ctx.t
        size = s.get_size()
        s.blit(ctx.felt(size), (0, 0))
        if self.typing is not None:
            lay = self.layout(size)
            said = self.problem or t("type_name", n=self.typing + 1)
            blit_text(s, ctx, said, lay.caption_px, lay.caption.topleft, bold=True, max_w=lay.caption.w,
                      color=WARN if self.problem else ctx.theme.text)
            self.keyboard.draw_field(s, ctx, lay.field)
            self.keyboard.draw(s, ctx, lay.keys, ok=bool(self.keyboard.text.strip()))
            return
        self.title(s, t("who_plays"), self.title_room(size))
        buttons = self.buttons(size)
        for b in buttons:
            if b.name.startswith("person:"):
                seat = int(b.name.split(":", 1)[1])
                named = bool(self.home.players[seat])
                draw_button(s, ctx, b.rect, self.row_text(seat), color=(120, 80, 30) if named else (50, 60, 90))
            else:
                self.draw_button(s, b)
        if not self.people_seats():
            m, row, gap = self.metrics(size)
            blit_text(s, ctx, t("no_people_seats"), ctx.fsize(size[1], 0.045), (size[0] // 2, size[1] // 2),
                      anchor="center", max_w=size[0] - 2 * m)
