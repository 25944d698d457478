"""Fonts and a text cache: rendering text is the slowest thing a frame does, so
every (text, size, colour, bold) is rendered once and kept."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pygame

from firmware.engine.names import graphemes
from ui.theme import DEFAULT, RGB, Theme

ASSETS = Path(__file__).resolve().parent / "assets"


FRACTIONS = ("⅓", "⅔")  # the thirds of a point, drawn larger than the digits (Fonts.amount)


class Fonts:
    """``text("Tocca a te", 18)`` → a cached Surface in the shipped DejaVu Sans."""

    def __init__(self, theme: Theme = DEFAULT, max_cached: int = 2000) -> None:
        if not pygame.font.get_init():
            pygame.font.init()
        self.theme = theme
        self._fonts: dict[tuple[int, bool], pygame.font.Font] = {}
        self._texts: dict[tuple[str, int, RGB, bool], pygame.Surface] = {}
        self._max = max_cached
        # the smallest text ever drawn: 12 px on the 800x480 screen, 10 px at 480x320
        # (UIApp sets it from the screen height; see min_text_px)
        self.min_size = 12
        # id(rendered surface) -> (text, size): lets a test's recording surface tell
        # text from card art when it is blitted (ui.textcheck)
        self.meta: dict[int, tuple[str, int, bool]] = {}  # (text, size, cut short by fit)
        self._amounts: dict[tuple[str, int, RGB, bool, int | None], tuple[pygame.Surface, int]] = {}
        # (text, size, width, bold) -> its lines: a screen wraps the same sentences every frame,
        # and each wrap measures every prefix of every line
        self._wraps: dict[tuple[str, int, int, bool], tuple[str, ...]] = {}
        # (text, size, bold) -> its width in px: the wraps of one sentence at other widths (a
        # screen laid out again, the other screen size) measure the same words and lines again
        self._widths: dict[tuple[str, int, bool], int] = {}

    def font(self, size: int, bold: bool = False) -> pygame.font.Font:
        key = (max(6, size), bold)
        f = self._fonts.get(key)
        if f is None:
            name = self.theme.font_bold_file if bold else self.theme.font_file
            f = pygame.font.Font(str(ASSETS / name), key[0])
            self._fonts[key] = f
        return f

    def text(self, s: str, size: int, color: RGB | None = None, bold: bool = False, *,
             art: bool = False) -> pygame.Surface:
        """``art``: a glyph painted into card art (scaled with the card), not text to read."""
        color = color or self.theme.text
        if not art:
            size = max(size, self.min_size)
        key = (s, size, color, bold) if not art else (s, -size, color, bold)
        surf = self._texts.get(key)
        if surf is None:
            if len(self._texts) >= self._max:
                self._texts.clear()
                self._amounts.clear()
                self.meta.clear()
            surf = self.font(size, bold).render(s, True, color)
            self._texts[key] = surf
            if not art:
                self.meta[id(surf)] = (s, size, False)
        return surf

    def amount(self, s: str, size: int, color: RGB | None = None, bold: bool = False,
               max_w: int | None = None) -> tuple[pygame.Surface, int]:
        """``s`` ("2⅓ +3") with its ⅓ and ⅔ drawn larger than the digits, their ink centred on
        the digits' (a font's fraction figures are half a digit high: 4 px at 480x320), and how
        far (px) the surface reaches above a plain line of ``s`` set at the same place.
        Smaller, then plainer, where ``max_w`` is too narrow."""
        color = color or self.theme.text
        key = (s, size, color, bold, max_w)
        got = self._amounts.get(key)
        if got is None:
            surf, above, used = self._amount(s, size, color, bold, max_w)
            got = (surf, above)
            self._amounts[key] = got
            self.meta[id(surf)] = (s, used, False)  # (the digits' size: the text check's line)
        return got

    def _amount(self, s: str, size: int, color: RGB, bold: bool, max_w: int | None) -> tuple[pygame.Surface, int, int]:
        parts = [p for p in s.replace("⅓", "\0⅓\0").replace("⅔", "\0⅔\0").split("\0") if p]
        best: tuple[pygame.Surface, int, int] | None = None
        for factor in (1.6, 1.5, 1.4, 1.3, 1.2, 1.0):
            for sz in range(max(size, self.min_size), self.min_size - 1, -1):
                line = self.text("0", sz, color, bold)
                digit, h = line.get_bounding_rect(min_alpha=100).centery, line.get_height()
                pieces = [self.text(p, round(sz * factor) if p in FRACTIONS else sz, color, bold) for p in parts]
                inks = [x.get_bounding_rect(min_alpha=100) for x in pieces]
                offsets = [digit - ink.centery if p in FRACTIONS else 0 for p, ink in zip(parts, inks, strict=True)]
                # the fraction's ink within the plain line's box (a pixel either side): the rows
                # above and below keep theirs
                if any(o + ink.top < -1 or o + ink.bottom > h + 1 for o, ink in zip(offsets, inks, strict=True)):
                    continue
                out = pygame.Surface((sum(x.get_width() for x in pieces), h + 2), pygame.SRCALPHA)
                x = 0
                for o, piece in zip(offsets, pieces, strict=True):
                    out.blit(piece, (x, o + 1))
                    x += piece.get_width()
                best = (out, 1, sz)
                if max_w is None or out.get_width() <= max_w:
                    return best
        if best is None:  # (never: the plain text always fits its own line)
            surf = self.text(s, size, color, bold)
            best = (surf, 0, size)
        assert best is not None
        return best

    def fit(self, s: str, size: int, max_w: int, color: RGB | None = None, bold: bool = False) -> pygame.Surface:
        """The text at ``size`` or smaller (not under ``min_size``), cut with "…" if still too wide."""
        size = max(size, self.min_size)
        floor = self.min_size
        while size > floor:
            surf = self.text(s, size, color, bold)
            if surf.get_width() <= max_w:
                return surf
            size -= 1
        font = self.font(size, bold)
        if font.size(s)[0] > max_w:
            # cut between characters as a person sees them: never a letter from its accent,
            # an emoji from its joiners or skin tone, half a flag (a name may hold any of them)
            chars = graphemes(s)
            while len(chars) > 1 and font.size("".join(chars) + "…")[0] > max_w:
                chars.pop()
            s = "".join(chars).rstrip() + "…"
            surf = self.text(s, size, color, bold)
            self.meta[id(surf)] = (s, size, True)
            return surf
        return self.text(s, size, color, bold)

    def width(self, s: str, size: int, bold: bool = False) -> int:
        """How wide ``s`` is set at ``size`` (px), measured once."""
        key = (s, size, bold)
        w = self._widths.get(key)
        if w is None:
            if len(self._widths) >= 10 * self._max:
                self._widths.clear()
            w = self._widths[key] = self.font(size, bold).size(s)[0]
        return w

    def wrap(self, s: str, size: int, max_w: int, bold: bool = False) -> list[str]:
        """Lines of ``s`` that fit ``max_w`` at ``size`` (paragraphs kept); a paragraph's last
        line never holds one word alone when the word before it fits beside it."""
        size = max(size, self.min_size)
        key = (s, size, max_w, bold)
        got = self._wraps.get(key)
        if got is None:
            def fits(t: str) -> bool:
                return self.width(t, size, bold) <= max_w

            lines: list[str] = []
            for para in s.split("\n"):
                lines += no_widow(greedy_lines(para, fits), fits)
            if len(self._wraps) >= self._max:
                self._wraps.clear()
            got = self._wraps[key] = tuple(lines)
        return list(got)


def greedy_lines(para: str, fits: Callable[[str], bool]) -> list[str]:
    """``para`` broken at spaces into lines that ``fits`` (a word too long stays whole)."""
    lines: list[str] = []
    line = ""
    for w in para.split(" "):
        trial = f"{line} {w}".strip()
        if fits(trial) or not line:
            line = trial
        else:
            lines.append(line)
            line = w
    lines.append(line)
    return lines


def no_widow(lines: list[str], fits: Callable[[str], bool] | None = None) -> list[str]:
    """Lines with the last one never a single word alone: the word before it comes down
    while the line above keeps two words or more (and, with ``fits``, the pair fits)."""
    if len(lines) < 2 or " " in lines[-1]:
        return lines
    above = lines[-2].split(" ")
    if len(above) < 3:
        return lines
    moved = f"{above[-1]} {lines[-1]}"
    if fits is not None and not fits(moved):
        return lines
    return [*lines[:-2], " ".join(above[:-1]), moved]


def min_text_px(height: int) -> int:
    """The smallest text size for a screen this high: 12 px from 480 px up, else 11 px.

    The 480x320 screen is a 3.5" panel (about 165 px per inch against 133 for the
    7" 800x480 one); 10 px there read as 7-8 px high letters in the score box and at
    the hand's end: 11 px is the floor, and a screen short of room is laid out again
    (fewer rows, another page) rather than shrunk below it.
    """
    return 12 if height >= 480 else 11
