"""The simulator's table panel, drawn beside the touchscreen.

It stands in for what is on the box's case: one *Accuso* button per seat and
the menu button, the 4-digit TM1637 score display, and the card reader
(pick a card to "scan" it). Same widget interface as the UI::

    panel = SimPanel(pygame.Rect(800, 0, 300, 480), n_seats=2, deck="italian")
    panel.set_display(sim_display.frame.lit)      # 4 segment bytes: bit0=a … bit6=g, bit7=colon/dp
    panel.set_table(n_seats=2, deck="italian", played={"3d", "Ac"}, reader_online=True, message="")
    panel.handle(event)                           # True if the click was on the panel
    for intent in panel.intents(): ...            # SimButton(button, hold_s) / SimScan(card_code)
    panel.update(dt); panel.draw(window)

A button reports on release, with how long it was held (``hold_s``, 0 for a
click under half a second), so long presses of the menu button can be
tried with the mouse; "3 s" and "10 s" buttons send those holds directly.
It draws from plain segment bitmasks, so it does not import the HAL.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import pygame
from pygame import Rect

from firmware.engine.cards import DECKS
from ui.cards import CardArt
from ui.fonts import Fonts
from ui.i18n import tr
from ui.intents import SimButton, SimScan

BG = (30, 34, 42)
FG = (232, 232, 232)
DIM = (120, 124, 134)
BTN = (64, 78, 104)
BTN_HOT = (210, 150, 40)
LED_ON = (255, 48, 36)
LED_OFF = (22, 8, 7)  # unlit: dark enough that an unlit colon or segment does not read (issue 24.3)
CLICK_S = 0.5  # a press shorter than this is a click (hold_s = 0)

# segment polygons in a unit digit box (x 0..1, y 0..2), like the TM1637's glyphs
_T = 0.16
_SEGMENTS: dict[int, list[tuple[float, float]]] = {
    0: [(0.12, 0.0), (0.88, 0.0), (0.76, _T), (0.24, _T)],  # a
    1: [(1.0, 0.1), (1.0, 0.94), (0.86, 0.86), (0.86, 0.2)],  # b
    2: [(1.0, 1.06), (1.0, 1.9), (0.86, 1.8), (0.86, 1.14)],  # c
    3: [(0.12, 2.0), (0.88, 2.0), (0.76, 2 - _T), (0.24, 2 - _T)],  # d
    4: [(0.0, 1.06), (0.14, 1.14), (0.14, 1.8), (0.0, 1.9)],  # e
    5: [(0.0, 0.1), (0.14, 0.2), (0.14, 0.86), (0.0, 0.94)],  # f
    6: [(0.1, 1.0), (0.22, 1 - _T / 2), (0.78, 1 - _T / 2), (0.9, 1.0), (0.78, 1 + _T / 2), (0.22, 1 + _T / 2)],  # g
}


class SimPanel:
    """Accuso buttons, the menu button, the LED display and the card reader."""

    def __init__(self, rect: Rect, *, n_seats: int = 4, deck: str = "italian", language: str = "it",
                 fonts: Fonts | None = None) -> None:
        self.rect = Rect(rect)
        self.n_seats = n_seats
        self.deck = deck
        self.language = language
        self.fonts = fonts or Fonts()
        self.art = CardArt(self.fonts)
        self.segments: tuple[int, ...] = (0, 0, 0, 0)
        self.led_on = True
        self.played: frozenset[str] = frozenset()
        self.reader_online: bool | None = None
        self.message = ""
        self._intents: list[SimButton | SimScan] = []
        self._pressed: str | None = None
        self._held = 0.0
        self._flash: dict[str, float] = {}

    # ------------------------------------------------------------- feeding

    def set_display(self, segments: Sequence[int], *, on: bool = True) -> None:
        """What the LED display lights: 4 bytes, bit0 = segment a … bit6 = g, bit7 = colon/dp."""
        self.segments = tuple(int(x) & 0xFF for x in segments[:4]) + (0,) * max(0, 4 - len(segments))
        self.led_on = on

    def set_table(self, *, n_seats: int | None = None, deck: str | None = None,
                  played: Iterable[str] | None = None, reader_online: bool | None = None,
                  message: str | None = None, language: str | None = None) -> None:
        if n_seats is not None:
            self.n_seats = n_seats
        if deck is not None:
            self.deck = deck
        if played is not None:
            self.played = frozenset(played)
        if reader_online is not None:
            self.reader_online = reader_online
        if message is not None:
            self.message = message
        if language is not None:
            self.language = language

    # -------------------------------------------------------------- layout

    def layout(self) -> dict[str, Rect]:
        """Every clickable thing of the panel: ``seat0``…, ``menu``, ``menu@3``, ``card:3d``."""
        r = self.rect
        m = 10
        out: dict[str, Rect] = {}
        y = r.y + 28 + 76 + 26
        n = self.n_seats
        bw = (r.w - 2 * m - (n - 1) * 6) // n
        for s in range(n):
            out[f"seat{s}"] = Rect(r.x + m + s * (bw + 6), y, bw, 40)
        y += 46
        w3 = (r.w - 2 * m - 12) // 3
        out["menu"] = Rect(r.x + m, y, w3, 36)
        out["menu@3"] = Rect(r.x + m + w3 + 6, y, w3, 36)
        out["menu@10"] = Rect(r.x + m + 2 * (w3 + 6), y, w3, 36)
        y += 36 + 30
        deck = DECKS[self.deck]
        cols = len(deck.ranks)
        cw = (r.w - 2 * m) // cols
        ch = min(40, max(26, (r.bottom - y - 60) // len(deck.suits)))
        for s in range(len(deck.suits)):
            for k in range(cols):
                code = deck.code(deck.card(s, k))
                out[f"card:{code}"] = Rect(r.x + m + k * cw, y + s * (ch + 3), cw - 3, ch)
        return out

    # --------------------------------------------------------------- input

    def handle(self, event: pygame.event.Event) -> bool:
        et = event.type
        if et == pygame.FINGERDOWN:
            return False  # the panel is for the mouse; fingers belong to the touchscreen
        if et == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if not self.rect.collidepoint(event.pos):
                return False
            for name, rect in self.layout().items():
                if rect.collidepoint(event.pos):
                    self._press(name)
                    break
            return True
        if et == pygame.MOUSEBUTTONUP and event.button == 1 and self._pressed is not None:
            self._release()
            return True
        return False

    def _press(self, name: str) -> None:
        self._flash[name] = 0.25
        if name.startswith("card:"):
            self._intents.append(SimScan(name[5:]))
        elif "@" in name:
            button, _, hold = name.partition("@")
            self._intents.append(SimButton(button, float(hold)))
        else:
            self._pressed, self._held = name, 0.0

    def _release(self) -> None:
        assert self._pressed is not None
        hold = self._held if self._held >= CLICK_S else 0.0
        self._intents.append(SimButton(self._pressed, round(hold, 2)))
        self._pressed = None

    def intents(self) -> list[SimButton | SimScan]:
        out, self._intents = self._intents, []
        return out

    def update(self, dt: float) -> None:
        if self._pressed is not None:
            self._held += dt
        self._flash = {k: v - dt for k, v in self._flash.items() if v - dt > 0}

    # ------------------------------------------------------------- drawing

    def draw(self, surface: pygame.Surface) -> None:
        r = self.rect
        surface.fill(BG, r)
        f = self.fonts

        def t(key: str, **a: object) -> str:
            return tr(key, self.language, **a)

        surface.blit(f.text(t("sim_display"), 14, FG, bold=True), (r.x + 10, r.y + 6))
        self.draw_led(surface, Rect(r.x + 10, r.y + 28, r.w - 20, 76))
        lay = self.layout()
        surface.blit(f.text(t("sim_buttons"), 14, FG, bold=True), (r.x + 10, lay["seat0"].y - 20))
        for name, rect in lay.items():
            if name.startswith("card:"):
                continue
            hot = name in self._flash or name == self._pressed
            pygame.draw.rect(surface, BTN_HOT if hot else BTN, rect, border_radius=6)
            if name.startswith("seat"):
                label = t("sim_accuso", n=int(name[4:]) + 1)
            else:
                label = t("sim_menu_hold", s=name.split("@")[1]) if "@" in name else t("menu")
            self._label(surface, rect, label)
        first = lay[next(k for k in lay if k.startswith("card:"))]
        status = ""
        if self.reader_online is not None:
            status = " · " + t("sim_reader_on" if self.reader_online else "sim_reader_off")
        surface.blit(f.text(t("sim_reader") + status, 14, FG, bold=True), (r.x + 10, first.y - 22))
        deck = DECKS[self.deck]
        style = "napoletane" if self.deck == "italian" else "salzburger"
        for name, rect in lay.items():
            if not name.startswith("card:"):
                continue
            code = name[5:]
            used = code in self.played
            hot = name in self._flash
            pygame.draw.rect(surface, BTN_HOT if hot else ((44, 48, 56) if used else (236, 232, 220)), rect, border_radius=4)
            card = deck.parse(code)
            icon = self.art.suit_icon(self.deck, deck.suits.index(code[-1]), max(8, rect.h // 2 - 2), style)
            rank = f.fit(code[:-1], 12, rect.w - 2, DIM if used else (30, 30, 30), bold=True)
            surface.blit(rank, rank.get_rect(midtop=(rect.centerx, rect.y + 2)))
            surface.blit(icon, icon.get_rect(midbottom=(rect.centerx, rect.bottom - 2)))
            del card
        if self.message:
            y = r.bottom - 48
            for line in f.wrap(self.message, 12, r.w - 20)[:3]:
                surface.blit(f.text(line, 12, FG), (r.x + 10, y))
                y += 15

    def _label(self, surface: pygame.Surface, rect: Rect, label: str) -> None:
        """A button's label on one line, else on two ("Melding" over "4": four seats' buttons
        are narrow), cut only if even that is too wide."""
        f = self.fonts
        lines = f.wrap(label, 13, rect.w - 6, bold=True)
        if len(lines) != 2 or rect.h < 2 * 14:
            lines = [label]
        imgs = [f.fit(line, 13, rect.w - 6, FG, bold=True) for line in lines]
        y = rect.centery - sum(i.get_height() for i in imgs) // 2
        for img in imgs:
            surface.blit(img, img.get_rect(midtop=(rect.centerx, y)))
            y += img.get_height()

    def draw_led(self, surface: pygame.Surface, rect: Rect) -> None:
        """Four 7-segment digits with the colon between the second and third."""
        pygame.draw.rect(surface, (8, 8, 8), rect, border_radius=6)
        dh = rect.h - 16
        dw = dh * 0.5
        gap = (rect.w - 4 * dw - 24) / 4
        for i, byte in enumerate(self.segments if self.led_on else (0, 0, 0, 0)):
            ox = rect.x + 12 + i * (dw + gap) + (gap * 0.6 if i >= 2 else 0)
            oy = rect.y + 8
            for bit, pts in _SEGMENTS.items():
                color = LED_ON if byte >> bit & 1 else LED_OFF
                # a slight italic, as on the real module
                poly = [(ox + x * dw - (y - 1) * dw * 0.08, oy + y * dh / 2) for x, y in pts]
                pygame.draw.polygon(surface, color, poly)
            if i != 1:
                dot = LED_ON if byte & 0x80 else LED_OFF
                pygame.draw.circle(surface, dot, (int(ox + dw + gap * 0.3), int(oy + dh)), max(2, int(dh * 0.05)))
        colon = self.led_on and bool(self.segments[1] & 0x80)
        cx = rect.x + 12 + 2 * (dw + gap) - gap * 0.2
        for fy in (0.33, 0.7):
            pygame.draw.circle(surface, LED_ON if colon else LED_OFF, (int(cx), int(rect.y + 8 + dh * fy)),
                               max(2, int(dh * 0.055)))
