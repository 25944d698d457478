"""Drawing helpers shared by the screens: the felt, panels, buttons, chips.

Everything drawn often is cached (the felt per size, text in :class:`Fonts`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import pygame
from pygame import Rect

from firmware.engine.names import graphemes, side_label
from ui.cards import CardArt
from ui.fonts import Fonts
from ui.i18n import Message, has, render, tr
from ui.model import TableModel
from ui.textcheck import RecordingSurface
from ui.theme import DEFAULT, RGB, Theme


@dataclass
class Ctx:
    """What every screen needs: fonts, card art, theme and the current settings."""

    fonts: Fonts
    art: CardArt
    theme: Theme = DEFAULT
    settings: dict[str, Any] = field(default_factory=dict)
    sounds: Any = None  # ui.sound.Sounds, or None for silence
    # ask(question, intent): a yes/no question before an intent that cannot be undone
    # (UIApp shows it over the screen; without one the intent is sent at once)
    ask: Any = None
    # choose(title, options): one of a few choices, each (label, question, intent), a
    # question None dimmed; the choice then asks its question (UIApp shows it: a revoke's seat)
    choose: Any = None

    def play(self, name: str) -> None:
        """A sound, if sounds are on in the settings."""
        if self.sounds is not None and self.settings.get("sounds", True):
            self.sounds.play(name)

    @property
    def lang(self) -> str:
        return str(self.settings.get("language", "it"))

    def t(self, key: str, **args: object) -> str:
        return tr(key, self.lang, **args)

    def say(self, message: Message | str) -> str:
        """An app message (catalogue key + args) in the current language."""
        return render(message, self.lang)

    def label(self, key: str) -> str:
        """A catalogue key, or the text itself when it is not one."""
        return tr(key, self.lang) if has(key) else key

    def felt(self, size: tuple[int, int]) -> pygame.Surface:
        # kept for the process, not per screen: a new UIApp (a language or a size changed)
        # finds its felt drawn; converted to the display's format once there is one
        shown = pygame.display.get_surface() is not None
        key = (size, self.theme.felt, self.theme.felt_light, shown)
        surf = _FELTS.get(key)
        if surf is None:
            if len(_FELTS) > 16:
                _FELTS.clear()
            surf = _FELTS[key] = _make_felt(size, self.theme)
        return surf

    def fsize(self, h: int, frac: float) -> int:
        """A font size as a fraction of the screen height, never under the screen's minimum."""
        return max(self.fonts.min_size, int(h * frac))


_FELTS: dict[tuple[tuple[int, int], RGB, RGB, bool], pygame.Surface] = {}


def _make_felt(size: tuple[int, int], theme: Theme) -> pygame.Surface:
    w, h = size
    surf = pygame.Surface(size)
    surf.fill(theme.felt)
    # a soft radial light: a few concentric ellipses, drawn once per size
    steps = 12
    for i in range(steps):
        f = i / steps
        col = tuple(int(theme.felt[k] + (theme.felt_light[k] - theme.felt[k]) * f) for k in range(3))
        r = Rect(0, 0, int(w * (1.3 - f)), int(h * (1.3 - f)))
        r.center = (w // 2, h // 2)
        pygame.draw.ellipse(surf, col, r)
    return surf.convert() if pygame.display.get_surface() else surf


_PANELS: dict[tuple[int, int, int, RGB], pygame.Surface] = {}


def rounded(size: tuple[int, int], color: RGB, alpha: int, radius: int) -> pygame.Surface:
    """A translucent rounded rectangle, cached (allocating one per frame costs more than drawing)."""
    key = (size[0], size[1], alpha * 1000 + radius, color)
    surf = _PANELS.get(key)
    if surf is None:
        if len(_PANELS) > 400:
            _PANELS.clear()
        surf = pygame.Surface(size, pygame.SRCALPHA)
        pygame.draw.rect(surf, (*color, alpha), surf.get_rect(), border_radius=radius)
        _PANELS[key] = surf
    return surf


def note_panel(s: pygame.Surface, r: Rect) -> None:
    """Tell a recording surface (ui.textcheck) that text drawn here sits on a panel."""
    if isinstance(s, RecordingSurface):
        s.note_panel(r)


def draw_panel(s: pygame.Surface, r: Rect, theme: Theme, alpha: int = 200) -> None:
    note_panel(s, r)
    s.blit(rounded(r.size, theme.panel, alpha, max(4, min(14, r.h // 8))), r.topleft)
    pygame.draw.rect(s, theme.panel_edge, r, 1, border_radius=max(4, min(14, r.h // 8)))


def draw_button(
    s: pygame.Surface,
    ctx: Ctx,
    r: Rect,
    text: str,
    *,
    enabled: bool = True,
    selected: bool = False,
    color: RGB | None = None,
    size: int | None = None,
) -> None:
    th = ctx.theme
    note_panel(s, r)
    if isinstance(s, RecordingSurface):  # it keeps buttons apart
        s.note_button(r)
    bg = color or (th.button if enabled else th.button_off)
    if selected:
        bg = th.accent
    rad = max(4, min(r.h, r.w) // 4)  # a tall button stays a button, not a pill
    pygame.draw.rect(s, bg, r, border_radius=rad)
    pygame.draw.rect(s, th.accent if selected else th.button_edge, r, 2, border_radius=rad)
    fg = (30, 30, 30) if selected else (th.button_text if enabled else (150, 150, 150))
    fs = size or max(ctx.fonts.min_size, min(int(r.h * 0.42), 28))
    font = ctx.fonts.font(max(ctx.fonts.min_size, fs), True)
    if " " in text and font.size(text)[0] > r.w - 8 and r.h >= 36:
        # two lines rather than a tiny or cut label ("Chiamarsi / fuori")
        words = text.split(" ")
        half = min(range(1, len(words)), key=lambda i: abs(len(" ".join(words[:i])) - len(" ".join(words[i:]))))
        lines = [" ".join(words[:half]), " ".join(words[half:])]
        fs2 = min(fs, int(r.h * 0.36))
        imgs = [ctx.fonts.fit(x, fs2, r.w - 8, fg, bold=True) for x in lines]
        total = sum(i.get_height() for i in imgs)
        y = r.centery - total // 2
        for img in imgs:
            s.blit(img, img.get_rect(midtop=(r.centerx, y)))
            y += img.get_height()
        return
    label = ctx.fonts.fit(text, fs, r.w - 8, fg, bold=True)
    s.blit(label, label.get_rect(center=r.center))


def blit_text(s: pygame.Surface, ctx: Ctx, text: str, size: int, pos: tuple[int, int], *,
              color: RGB | None = None, bold: bool = False, anchor: str = "topleft",
              max_w: int | None = None) -> Rect:
    surf = ctx.fonts.fit(text, size, max_w, color, bold) if max_w else ctx.fonts.text(text, size, color, bold)
    r = surf.get_rect(**{anchor: pos})
    s.blit(surf, r)
    return r


def blit_wrapped(s: pygame.Surface, ctx: Ctx, text: str, size: int, box: Rect, *,
                 color: RGB | None = None, bold: bool = False) -> Rect:
    """``text`` left-aligned in ``box``, centred on its height: on one line at ``size`` or
    smaller, else broken into the lines the box holds (not under the fonts' minimum); cut
    with "…" on one line only when no wrapping fits. Returns the area drawn."""
    floor = ctx.fonts.min_size
    for sz in range(max(size, floor), floor - 1, -1):
        lines = ctx.fonts.wrap(text, sz, box.w, bold)
        step = ctx.fonts.font(sz, bold).get_linesize()
        wide = any(ctx.fonts.font(sz, bold).size(line)[0] > box.w for line in lines)
        if wide or len(lines) * step > box.h:
            continue
        y = box.centery - len(lines) * step // 2
        out = Rect(box.x, y, 0, 0)
        for line in lines:
            r = blit_text(s, ctx, line, sz, (box.x, y), color=color, bold=bold)
            out = out.union(r)
            y += step
        return out
    return blit_text(s, ctx, text, size, (box.x, box.centery), color=color, bold=bold, anchor="midleft",
                     max_w=box.w)


def thirds_text(thirds: int) -> str:
    """7 thirds → "2⅓"; the Pezz are the fraction."""
    whole, rest = divmod(thirds, 3)
    frac = {0: "", 1: "⅓", 2: "⅔"}[rest]
    if whole == 0 and frac:
        return frac
    return f"{whole}{frac}"


def is_own_seat(model: TableModel, seat: int | None) -> bool:
    """The seat of the person at the screen (named "You", spoken to in the 2nd person)."""
    if seat is None or seat >= len(model.seats):
        return False
    return model.seats[seat].kind == "human" and seat == model.me and model.show_hand


def side_name_of(members: Sequence[int], players: Sequence[str | None], ctx: Ctx) -> str:
    """One name for a side (or seat), the same as the CLI's and the records'
    (:func:`firmware.engine.names.side_label`): ``Anna + Marco``, ``Anna + Posto 3``, ``Posto 1 + 3``."""
    return side_label(members, players, lambda n: ctx.t("seat_n", n=n))


def fitting_label(ctx: Ctx, label: str, size: int, max_w: int, bold: bool = False) -> str:
    """``label`` as it fits ``max_w`` at ``size`` without being cut: whole, else each name of
    ``Anna + Marco`` shortened to its first letters (``Ann. + Mar.``), else the initials
    (``A + M``); the last as it is (then cut by the drawing, between characters)."""
    floor = ctx.fonts.min_size
    parts = label.split(" + ")
    candidates = [label] + [
        " + ".join(p if len(graphemes(p)) <= keep + 1 else "".join(graphemes(p)[:keep]) + ("." if keep > 1 else "")
                   for p in parts)
        for keep in (4, 3, 1)
    ]  # fmt: skip
    for text in candidates:
        for sz in range(max(size, floor), floor - 1, -1):  # as Fonts.fit shrinks: the first that fits
            if ctx.fonts.font(sz, bold).size(text)[0] <= max_w:
                return text
    return label


def seat_name(model: TableModel, seat: int | None, ctx: Ctx) -> str:
    """The name shown for a seat: the app's name, else "You", "CPU 2" (cpu_n), "Seat 3"."""
    if seat is None or seat >= len(model.seats):
        return ""
    s = model.seats[seat]
    if is_own_seat(model, seat):
        return ctx.t("you")  # whatever the app calls them, at the screen they are "you"
    if s.name:
        return s.name
    if s.kind == "computer":
        return ctx.t("cpu_n", n=seat + 1) if model.n_seats > 2 else ctx.t("cpu")
    return ctx.t("seat_n", n=seat + 1)
