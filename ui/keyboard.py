"""An on-screen keyboard: a text field and keys, for a Wi-Fi password and players' names.

A layout per language of the screen: ``it``, ``en`` and ``nl`` QWERTY, ``de``
QWERTZ with ü ö ä ß on the letters' page, ``hr`` QWERTZ with š đ č ć ž. Every page has the digits on top;
*?123* turns to the symbols (every ASCII punctuation mark, so any password can
be typed), *àè* to the accented letters, *ABC* back; ⇧ makes the next letter a
capital. The field shows the text as dots until *Show* is tapped.

The widget is a pure part and a drawing part, like the screens: :func:`keyboard_keys`
lays the keys out in a rectangle (tested without a display), :meth:`Keyboard.press`
turns a key's name into an edit (or ``"ok"`` / ``"cancel"`` for the screen that
holds it), :meth:`Keyboard.draw` draws them. Key names: ``ch:<c>`` types ``c``,
``shift``, ``page:letters|symbols|accents``, ``space``, ``back``, ``show``, ``ok``,
``cancel``.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame
from pygame import Rect

from firmware.engine.names import graphemes
from ui.widgets import Ctx, blit_text, draw_button

DIGITS = "1234567890"
LETTERS: dict[str, tuple[str, str, str]] = {
    "it": ("qwertyuiop", "asdfghjkl", "zxcvbnm"),
    "en": ("qwertyuiop", "asdfghjkl", "zxcvbnm"),
    "de": ("qwertzuiopü", "asdfghjklöä", "yxcvbnmß"),
    "hr": ("qwertzuiopšđ", "asdfghjklčćž", "yxcvbnm"),  # Croatian QWERTZ: š đ after p, č ć ž after l
    "nl": ("qwertyuiop", "asdfghjkl", "zxcvbnm"),  # Dutch keyboards are QWERTY; ë é ï on the accents page
}
SYMBOLS = ("@#$%&*-+=_/", "!?.,:;'\"\\|~", "()[]{}<>^`")
ACCENTS = ("àèéìíòóùúč", "äöüßâêîôûćš", "çñëïœæđž")  # Italian, German, French, and Croatian names
PAGES = ("letters", "symbols", "accents")
MAX_LENGTH = 63  # a WPA2 passphrase's longest; names are far shorter
SECRET_DOT = "•"


@dataclass(frozen=True, slots=True)
class Key:
    """One key: its name (``ch:a``, ``shift``, …), what it shows, where it is."""

    name: str
    label: str
    rect: Rect


def capital(ch: str) -> str:
    """``ch`` as a capital, when it has a one-letter capital (ß stays ß)."""
    up = ch.upper()
    return up if len(up) == 1 else ch


def page_rows(layout: str, page: str) -> tuple[str, ...]:
    """The character rows of ``page`` under the digits."""
    if page == "symbols":
        return SYMBOLS
    if page == "accents":
        return ACCENTS
    return LETTERS.get(layout, LETTERS["en"])


def keyboard_keys(layout: str, page: str, shift: bool, area: Rect, *, gap: int = 3) -> list[Key]:
    """The keys of ``page`` filling ``area``: five rows (digits, three of characters, the
    bottom bar), every key as wide as the widest row allows; ⇧ and ⌫ flank the third
    character row, the bottom bar holds the page keys, space, *Cancel* and *OK*."""
    rows = page_rows(layout, page)
    n_rows = 5
    h = (area.h - gap * (n_rows - 1)) // n_rows
    flank = 1.5 if page == "symbols" else 3.0  # ⌫ (and ⇧ but on the symbols) beside the third row
    widest = max(len(DIGITS), *(len(r) + (flank if i == 2 else 0) for i, r in enumerate(rows)))
    unit = (area.w - gap * (widest - 1)) / widest
    keys: list[Key] = []

    def row_of(y: int, cells: list[tuple[str, str, float]], u: float = unit) -> None:
        total = sum(w for _, _, w in cells) * u + gap * (len(cells) - 1)
        x = area.x + (area.w - total) / 2
        for name, label, w in cells:
            width = w * u
            keys.append(Key(name, label, Rect(round(x), y, round(x + width) - round(x), h)))
            x += width + gap

    up = shift and page != "symbols"

    def chars(text: str) -> list[tuple[str, str, float]]:
        return [(f"ch:{c}", c, 1.0) for c in ((capital(c) for c in text) if up else text)]

    y = area.y
    row_of(y, chars(DIGITS))
    for i, text in enumerate(rows):
        y += h + gap
        cells = chars(text)
        if i == 2:
            left = [("shift", "⇧", 1.5)] if page != "symbols" else []
            cells = [*left, *cells, ("back", "⌫", 1.5)]
        row_of(y, cells)
    y += h + gap
    others = [p for p in PAGES if p != page]
    labels = {"letters": "ABC", "symbols": "?123", "accents": "àè"}
    bottom = [(f"page:{p}", labels[p], 1.6) for p in others]
    bar = [*bottom, ("space", "kb_space", 3.0), ("cancel", "kb_cancel", 2.0), ("ok", "kb_ok", 2.0)]
    row_of(y, bar, (area.w - gap * (len(bar) - 1)) / sum(w for _, _, w in bar))  # the whole width
    return keys


class Keyboard:
    """The text typed so far and the keyboard's page; :meth:`press` edits it."""

    def __init__(self, layout: str = "it", *, text: str = "", secret: bool = True, max_length: int = MAX_LENGTH) -> None:
        self.layout = layout if layout in LETTERS else "en"
        self.text = text
        self.secret = secret  # shown as dots until *Show*
        self.shown = not secret
        self.max_length = max_length
        self.page = "letters"
        self.shift = False

    def reset(self, layout: str | None = None) -> None:
        if layout is not None:
            self.layout = layout if layout in LETTERS else "en"
        self.text, self.page, self.shift, self.shown = "", "letters", False, not self.secret

    def keys(self, area: Rect, gap: int = 3) -> list[Key]:
        return keyboard_keys(self.layout, self.page, self.shift, area, gap=gap)

    def type(self, chars: str) -> None:
        """Characters from a real keyboard (the simulator) or a key; the length is bounded."""
        for ch in chars:
            if ch.isprintable() and len(self.text) < self.max_length:
                self.text += ch

    def press(self, name: str) -> str | None:
        """A key tapped: the text or the page changes; ``"ok"`` or ``"cancel"`` is the holder's."""
        if name.startswith("ch:"):
            self.type(name[3:])
            self.shift = False
        elif name == "space":
            self.type(" ")
        elif name == "back":
            # the last character as a person sees it (a letter and its marks, an emoji and its joiners)
            self.text = "".join(graphemes(self.text)[:-1])
        elif name == "shift":
            self.shift = not self.shift
        elif name.startswith("page:") and name[5:] in PAGES:
            self.page, self.shift = name[5:], False
        elif name == "show":
            self.shown = not self.shown
        elif name in ("ok", "cancel"):
            return name
        return None

    def shown_text(self) -> str:
        return self.text if self.shown else SECRET_DOT * len(self.text)

    # ------------------------------------------------------------ drawing

    def draw_field(self, s: pygame.Surface, ctx: Ctx, rect: Rect, *, blink: bool = True) -> None:
        """The text field: a white box, the text (or dots) and a caret, the end kept in view."""
        pygame.draw.rect(s, (250, 250, 245), rect, border_radius=6)
        pygame.draw.rect(s, ctx.theme.accent, rect, 2, border_radius=6)
        fs = max(ctx.fonts.min_size, min(int(rect.h * 0.55), 30))
        font = ctx.fonts.font(fs)
        text = self.shown_text()
        room = rect.w - 20
        chars = graphemes(text)
        while chars and font.size("".join(chars))[0] > room:
            chars.pop(0)  # the end of a long text stays in view (whole characters: a name's emoji too)
        text = "".join(chars)
        img = font.render(text, True, (20, 20, 20))
        s.blit(img, img.get_rect(midleft=(rect.x + 8, rect.centery)))
        if blink:
            x = rect.x + 9 + img.get_width()
            pygame.draw.line(s, (20, 20, 20), (x, rect.y + 6), (x, rect.bottom - 7), 2)

    def draw(self, s: pygame.Surface, ctx: Ctx, keys: list[Key] | tuple[Key, ...], *, ok: bool = True) -> None:
        """The keys; ``ok`` False greys *OK* (the holder's rule: a WPA2 password has 8 characters)."""
        for k in keys:
            label = ctx.t(k.label) if k.label.startswith("kb_") else k.label
            size = max(ctx.fonts.min_size, min(int(k.rect.h * 0.5), 26)) if k.name.startswith("ch:") else None
            enabled = ok or k.name != "ok"
            color = ctx.theme.good if k.name == "ok" and enabled else None
            draw_button(s, ctx, k.rect, label, selected=k.name == "shift" and self.shift, color=color,
                        enabled=enabled, size=size)


def caption(s: pygame.Surface, ctx: Ctx, text: str, pos: tuple[int, int], size: int, max_w: int) -> None:
    """A line above the field (what is typed: "Password for Casa Rossi")."""
    blit_text(s, ctx, text, size, pos, bold=True, max_w=max_w)
