"""The settings screen: language, decks, sounds, speed, brightness, network and the other rows."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame
from pygame import Rect

from ui import intents as it
from ui.i18n import (
    LANGUAGE_NAMES,
    LANGUAGES,
    value_label,
)
from ui.layout import ButtonSpec
from ui.netmodel import NetworkModel
from ui.screen import Screen, grid
from ui.widgets import blit_text, draw_button

SETTING_CHOICES: dict[str, tuple[Any, ...]] = {
    "language": LANGUAGES,
    "deck_style": ("napoletane", "piacentine", "triestine"),
    "german_style": ("salzburger", "bavarian"),
    "sounds": (True, False),
    "confirm_points": (True, False),
    "safe_play": (True, False),
    "speed": ("slow", "normal", "fast"),
}


class SettingsScreen(Screen):
    name = "settings"
    page = 0  # a screen too small for every row shows them a page at a time

    def buttons(self, size: tuple[int, int]) -> list[ButtonSpec]:
        W, H = size
        m, row, gap = self.metrics(size)
        # real cards: the decks' tags (enrolment) on a screen of their own
        out = self.top_bar(size, ("real_cards", "rules", "back"))
        label_w = int(W * 0.3)
        y = m + row + gap * 2
        avail = H - y - m
        keys = [*SETTING_CHOICES, "brightness"]
        if self.model.network is not None:  # the box's Wi-Fi first: its state, Settings → Network a tap away
            keys.insert(0, "network")
        touch = self.ctx.theme.min_touch
        fit = max(1, (avail + gap) // (touch + gap))
        pages = 1 if len(keys) <= fit else (len(keys) + fit - 2) // (fit - 1)
        per = len(keys) if pages == 1 else fit - 1  # a small screen: pages, the last row turns them
        self.page %= pages
        shown = keys[self.page * per:(self.page + 1) * per]
        n_rows = len(shown) + (pages > 1)
        row = max(touch, min(row, (avail - gap * n_rows) // n_rows))
        for key in shown:
            area = Rect(m + label_w, y, W - 2 * m - label_w, row)
            if key == "language":
                area = self._language_row(area, size, gap)
            if key == "network":
                out.append(ButtonSpec("network", area, "network"))
            elif key == "brightness":
                cells = grid(area, 3, 3, row, gap)
                out.append(ButtonSpec("bright:-", cells[0], "−"))
                out.append(ButtonSpec("bright:+", cells[2], "+"))
            else:
                choices = SETTING_CHOICES[key]
                for c, r in zip(choices, grid(area, len(choices), len(choices), row, gap), strict=True):
                    out.append(ButtonSpec(f"set:{key}:{c}", r, "", intent=it.SetSetting(key, c)))
            y += row + gap
        if pages > 1:
            out.append(ButtonSpec("page", Rect(m + label_w, y, W - 2 * m - label_w, row), "more"))
        return out

    def _language_row(self, area: Rect, size: tuple[int, int], gap: int) -> Rect:
        """The five languages' names, each in its own language: where they do not fit beside
        the row's label at a button's smallest size, the row takes the whole width and goes
        without its label (a person who cannot read the screen's language reads the names)."""
        W, H = size
        font = self.ctx.fonts.font(14 if H >= 480 else 12, True)
        names = [LANGUAGE_NAMES.get(lang, lang) for lang in SETTING_CHOICES["language"]]
        need = len(names) * (max(font.size(n)[0] for n in names) + 12) + gap * (len(names) - 1)
        if need <= area.w:
            return area
        m = self.metrics(size)[0]
        return Rect(m, area.y, W - 2 * m, area.h)

    def carried(self, b: ButtonSpec) -> bool:
        if isinstance(b.intent, it.SetSetting):
            self._set(b.intent.key, b.intent.value)
            return True
        return super().carried(b)

    def press(self, name: str) -> bool:
        st = self.ctx.settings
        if name in ("bright:-", "bright:+"):
            b = int(st.get("brightness", 80)) + (10 if name == "bright:+" else -10)
            self._set("brightness", max(10, min(100, b)))
        elif name == "page":
            self.page += 1
        elif name == "rules":
            self.show("rules")
        elif name == "real_cards":
            self.show("real_cards")
        elif name == "network":
            self.show("network")
        elif name == "back":
            self.show("home")
        else:
            return self.by_name(name)
        return True

    def _set(self, key: str, value: Any) -> None:
        self.ctx.settings[key] = value
        self.emit(it.SetSetting(key, value))

    def _label(self, s: pygame.Surface, text: str, fs: int, row: Rect, max_w: int) -> None:
        """A setting's name left of its row: one line, or two when one does not hold it
        ("Conferma le carte / che danno punti": saying what is confirmed takes words)."""
        ctx = self.ctx
        m = self.metrics(s.get_size())[0]
        lines = ctx.fonts.wrap(text, fs, max_w, bold=True)
        size = fs
        while (len(lines) > 2 or (len(lines) == 2 and 2 * size + 2 > row.h)) and size > ctx.fonts.min_size:
            size -= 1
            lines = ctx.fonts.wrap(text, size, max_w, bold=True)
        if len(lines) == 1:
            blit_text(s, ctx, text, size, (m + 4, row.centery), anchor="midleft", bold=True, max_w=max_w)
            return
        top = row.centery - (2 * size + 2) // 2
        for i, line in enumerate(lines[:2]):
            blit_text(s, ctx, line, size, (m + 4, top + i * (size + 2)), bold=True, max_w=max_w)

    def draw(self, s: pygame.Surface) -> None:
        ctx = self.ctx
        W, H = s.get_size()
        s.blit(ctx.felt((W, H)), (0, 0))
        self.title(s, ctx.t("settings"), self.title_room((W, H)))
        m = self.metrics((W, H))[0]
        fs = ctx.fsize(H, 0.045)
        seen: set[str] = set()
        for b in self.buttons((W, H)):
            if isinstance(b.intent, it.SetSetting):
                key, value = b.intent.key, b.intent.value
                if key not in seen:
                    seen.add(key)
                    if b.rect.x > m:  # the language row may go without (_language_row)
                        self._label(s, ctx.t(key), fs, b.rect, int(W * 0.3) - 8)
                raw = str(value)
                text = LANGUAGE_NAMES.get(raw) or (value_label(value, ctx.lang) if isinstance(value, bool) else ctx.t(raw))
                draw_button(s, ctx, b.rect, text, selected=ctx.settings.get(key) == value)
            elif b.name == "network" and self.model.network is not None:
                blit_text(s, ctx, ctx.t("network"), fs, (m + 4, b.rect.centery), anchor="midleft", bold=True,
                          max_w=int(W * 0.3) - 8)
                draw_button(s, ctx, b.rect, network_summary(self.model.network, ctx.t) + "  ›")
            elif b.name in ("bright:-", "bright:+"):
                if b.name == "bright:-":
                    blit_text(s, ctx, ctx.t("brightness"), fs, (m + 4, b.rect.centery), anchor="midleft", bold=True,
                              max_w=int(W * 0.3) - 8)
                    mid = b.rect.move(b.rect.w + (b.rect.w // 20 + 4), 0)
                    blit_text(s, ctx, f"{ctx.settings.get('brightness', 80)}%", fs, mid.center, anchor="center", bold=True)
                self.draw_button(s, b)
            else:
                self.draw_button(s, b)


def network_summary(net: NetworkModel, t: Callable[..., str]) -> str:
    """The Network row's button: where the box is, in a word or two."""
    if net.state == "connected":
        return net.ssid or net.address
    if net.state == "hotspot":
        return f"{t('n_hotspot')}: {net.ssid}"
    if net.state == "connecting":
        return t("n_state_connecting", ssid=net.ssid)
    return t("n_state_disconnected").split(":")[0]
