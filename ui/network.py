"""Settings → Network: the networks in reach, a password typed on the screen, the box's hotspot.

:class:`NetworkScreen` lists the networks in reach (strength bars, a lock on those
that ask a password, *known* on those the box has joined before), says where
the box is now in one line ("Connected to Casa Rossi: tressette.local,
192.168.1.23") and how the last attempt ended, and offers the box's own hotspot
(its name and passphrase shown) with one button. A tap on a network joins it: an
open or known one at once, one with a lock after its password
(:class:`PasswordScreen`, the on-screen keyboard of :mod:`ui.keyboard`).
*Forget* (asked first) removes a known network.

Both layouts are pure functions of the model and the size (:func:`network_layout`,
:func:`password_layout`), tested without a display.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pygame
from pygame import Rect

from ui import intents as it
from ui.keyboard import Key, Keyboard
from ui.layout import ButtonSpec
from ui.netmodel import NetworkModel, WifiRow
from ui.screen import Screen, ask
from ui.widgets import Ctx, blit_text, draw_button, draw_panel

WARN = (255, 200, 160)


def line_px(size: tuple[int, int], min_text: int) -> int:
    return max(min_text, min(18, int(size[1] * 0.042)))


def state_text(net: NetworkModel, t: Callable[..., str]) -> str:
    """The state line, in words."""
    match net.state:
        case "connected":
            return t("n_state_connected", ssid=net.ssid, name=net.name, address=net.address)
        case "connecting":
            return t("n_state_connecting", ssid=net.ssid)
        case "hotspot":
            return t("n_state_hotspot", ssid=net.ssid, address=net.address)
        case "unavailable":
            return t("n_state_unavailable", why=net.detail)
    return t("n_state_disconnected")


def busy_text(net: NetworkModel, t: Callable[..., str]) -> str:
    """What the box is doing now, or ``""``."""
    match net.busy:
        case "scan":
            return t("n_scanning")
        case "connect":
            return t("n_state_connecting", ssid=net.busy_ssid)
        case "forget":
            return t("n_busy_forget", ssid=net.busy_ssid)
        case "hotspot_up":
            return t("n_busy_hotspot_up")
        case "hotspot_down":
            return t("n_busy_hotspot_down")
    return ""


@dataclass(frozen=True, slots=True)
class NetRowSpec:
    """A network's row: the whole row joins it (the button ``net:<i>``)."""

    row: WifiRow
    rect: Rect
    index: int


@dataclass(frozen=True, slots=True)
class NetworkLayout:
    lines: Rect  # the state line and, below it, what the box is doing or how it ended
    line_px: int
    hotspot: Rect  # the hotspot's name and passphrase, left of its button
    rows: tuple[NetRowSpec, ...]
    buttons: tuple[ButtonSpec, ...]
    per: int  # rows a page


def network_layout(net: NetworkModel, size: tuple[int, int], first: int = 0, *, min_touch: int = 40,
                   min_text: int = 12) -> NetworkLayout:
    W, H = size
    m = max(6, H // 60)
    row = max(min_touch + 2, int(H * 0.1))
    bw = max(100, W // 5)
    back = Rect(W - m - bw, m, bw, row)
    refresh = Rect(back.x - m - bw, m, bw, row)
    busy = bool(net.busy)
    buttons = [ButtonSpec("back", back, "back"),
               ButtonSpec("refresh", refresh, "n_refresh", enabled=not busy, intent=it.NetworkScan())]
    lpx = line_px(size, min_text)
    lines = Rect(m, back.bottom + m // 2, W - 2 * m, int(lpx * 1.3) * 2)
    hb = Rect(W - m - bw, lines.bottom + m // 2, bw, max(min_touch, int(row * 0.9)))
    on = net.state == "hotspot"
    buttons.append(ButtonSpec("hotspot", hb, "n_hotspot_off" if on else "n_hotspot_on", enabled=not busy,
                              intent=it.NetworkHotspot(not on)))
    hotspot = Rect(m, hb.y, hb.x - 2 * m, hb.h)
    area = Rect(m, hb.bottom + m, W - 2 * m, H - hb.bottom - 2 * m)
    rh = max(min_touch + 2, int(H * 0.1))
    gap = max(3, m // 2)
    per = max(1, (area.h + gap) // (rh + gap))
    n = len(net.networks)
    if n > per:  # a page at a time: ▲ ▼ at the right of the list
        pw = max(min_touch + 8, W // 10)
        ph = (area.h - gap) // 2
        buttons.append(ButtonSpec("up", Rect(area.right - pw, area.y, pw, ph), "▲", enabled=first > 0))
        buttons.append(ButtonSpec("down", Rect(area.right - pw, area.y + ph + gap, pw, ph), "▼",
                                  enabled=first + per < n))
        area.w -= pw + gap
    rows: list[NetRowSpec] = []
    fw = max(min_touch * 2, W // 6)
    for k, wifi in enumerate(net.networks[first:first + per]):
        i = first + k
        r = Rect(area.x, area.y + k * (rh + gap), area.w, rh)
        rows.append(NetRowSpec(wifi, r, i))
        if wifi.known:
            f = Rect(r.right - fw, r.y, fw, r.h)  # the row's height: never under a fingertip
            buttons.append(ButtonSpec(f"forget:{i}", f, "n_forget", enabled=not busy,
                                      intent=it.NetworkForget(wifi.ssid)))
        # after forget: a tap on the forget button is the forget button's (the first found)
        buttons.append(ButtonSpec(f"net:{i}", r, wifi.ssid, enabled=not busy and not wifi.in_use))
    return NetworkLayout(lines, lpx, hotspot, tuple(rows), tuple(buttons), per)


def draw_bars(s: pygame.Surface, rect: Rect, signal: int, color: tuple[int, int, int],
              dim: tuple[int, int, int]) -> None:
    """Four rising bars, as many lit as the strength earns (a phone's way of saying it)."""
    lit = 0 if signal <= 0 else 1 + min(3, signal // 25)
    bw = max(2, rect.w // 5)
    for b in range(4):
        h = rect.h * (b + 1) // 4
        bar = Rect(rect.x + b * (bw + max(1, bw // 3)), rect.bottom - h, bw, h)
        pygame.draw.rect(s, color if b < lit else dim, bar)


def draw_lock(s: pygame.Surface, rect: Rect, color: tuple[int, int, int]) -> None:
    """A padlock drawn by code (the screen's font has none)."""
    body = Rect(rect.x, rect.y + rect.h * 2 // 5, rect.w, rect.h * 3 // 5)
    shackle = Rect(rect.x + rect.w // 5, rect.y, rect.w * 3 // 5, rect.h * 4 // 5)
    pygame.draw.ellipse(s, color, shackle, max(2, rect.w // 6))
    pygame.draw.rect(s, color, body, border_radius=2)


class NetworkScreen(Screen):
    """Settings → Network; see the module docstring."""

    name = "network"
    arrows = ("up", "down")

    def __init__(self, ctx: Ctx, emit: Callable[[Any], None], show: Callable[[str], None],
                 password: PasswordScreen) -> None:
        super().__init__(ctx, emit, show)
        self.password = password
        self.first = 0
        self.came_from = "settings"  # or the phone join screen, when it sent the person here

    @property
    def net(self) -> NetworkModel:
        return self.model.network or NetworkModel(state="unavailable")

    def layout(self, size: tuple[int, int]) -> NetworkLayout:
        self.first = min(self.first, max(0, len(self.net.networks) - 1))
        return network_layout(self.net, size, self.first, min_touch=self.ctx.theme.min_touch,
                              min_text=self.ctx.fonts.min_size)

    def buttons(self, size: tuple[int, int]) -> list[ButtonSpec]:
        return list(self.layout(size).buttons)

    def carried(self, b: ButtonSpec) -> bool:
        if isinstance(b.intent, it.NetworkForget):
            ask(self.ctx, self.ctx.t("n_ask_forget", ssid=b.intent.ssid), b.intent, self.emit)
            return True
        return super().carried(b)

    def press(self, name: str) -> bool:
        if name == "back":
            self.show(self.came_from)
        elif name == "up":
            self.first = max(0, self.first - self.layout(self.seen).per)
        elif name == "down":
            self.first += self.layout(self.seen).per
        elif name.startswith("net:"):
            return self.join(int(name[4:]))
        else:
            return self.by_name(name)
        return True

    def join(self, i: int) -> bool:
        """A network tapped: an open or known one joined at once, one with a lock asks its password."""
        nets = self.net.networks
        if not 0 <= i < len(nets):
            return False
        wifi = nets[i]
        if wifi.secured and not wifi.known:
            self.password.open(wifi.ssid)
            self.show("wifi_password")
        else:
            self.emit(it.NetworkConnect(wifi.ssid, ""))
        return True

    def draw(self, s: pygame.Surface) -> None:
        ctx, t = self.ctx, self.ctx.t
        size = s.get_size()
        s.blit(ctx.felt(size), (0, 0))
        lay = self.layout(size)
        net = self.net
        self.title(s, t("network"), self.title_room(size))
        px = lay.line_px
        color = ctx.theme.good if net.online else WARN
        state = state_text(net, t)
        y = blit_text(s, ctx, state, px, lay.lines.topleft, bold=True, color=color, max_w=lay.lines.w).bottom + 2
        second = busy_text(net, t) or (ctx.say(net.result) if net.result is not None else "")
        if second and second != state:  # "connected: …" said once
            good = net.result_ok or bool(net.busy)
            blit_text(s, ctx, second, px, (lay.lines.x, y), color=ctx.theme.text if good else WARN, max_w=lay.lines.w)
        h = lay.hotspot
        blit_text(s, ctx, t("n_hotspot"), px, (h.x + 4, h.y + 2), bold=True, max_w=h.w - 8)
        if net.hotspot_ssid:
            line = t("n_hotspot_line", ssid=net.hotspot_ssid, passphrase=net.hotspot_passphrase)
            blit_text(s, ctx, line, px, (h.x + 4, h.bottom - 2), anchor="bottomleft", max_w=h.w - 8,
                      color=ctx.theme.accent)
        for r in lay.rows:
            self._draw_row(s, r, px)
        if not net.networks:
            text = t("n_scanning") if net.busy == "scan" or not net.scanned else t("n_none_in_reach")
            top = lay.hotspot.bottom + 2 * px
            blit_text(s, ctx, text, px, (size[0] // 2, top), anchor="midtop", max_w=size[0] - 20)
        for b in lay.buttons:
            if b.name.startswith("net:"):
                continue
            draw_button(s, ctx, b.rect, ctx.label(b.label), enabled=b.enabled,
                        color=ctx.theme.danger if b.name.startswith("forget:") else None)

    def _draw_row(self, s: pygame.Surface, r: NetRowSpec, px: int) -> None:
        ctx, t = self.ctx, self.ctx.t
        rect, wifi = r.rect, r.row
        draw_panel(s, rect, ctx.theme, 230 if wifi.in_use else 190)
        if wifi.in_use:
            pygame.draw.rect(s, ctx.theme.good, rect, 3, border_radius=8)
        side = rect.h - 16
        bars = Rect(rect.x + 10, rect.y + 8, side, side)
        draw_bars(s, bars, wifi.signal, ctx.theme.text, ctx.theme.panel_edge)
        lock = Rect(bars.right + 8, rect.centery - side // 3, side * 2 // 3 - side // 6, side * 2 // 3)
        if wifi.secured:
            draw_lock(s, lock, ctx.theme.accent)
        x = lock.right + 10
        right = rect.right - (max(ctx.theme.min_touch * 2, s.get_width() // 6) + 12 if wifi.known else 8)
        tag = t("n_in_use") if wifi.in_use else t("n_known") if wifi.known else ""
        fs = max(px, min(int(rect.h * 0.4), 22))
        if tag:
            tag_img = blit_text(s, ctx, tag, max(ctx.fonts.min_size, fs - 4), (right - 4, rect.centery),
                                anchor="midright", color=ctx.theme.good if wifi.in_use else ctx.theme.text_dim)
            right = tag_img.x - 6
        blit_text(s, ctx, wifi.ssid, fs, (x, rect.centery), anchor="midleft", bold=True, max_w=max(10, right - x))


# ------------------------------------------------------------------ the password


@dataclass(frozen=True, slots=True)
class PasswordLayout:
    caption: Rect
    caption_px: int
    field: Rect
    show: Rect
    keys: tuple[Key, ...]


def password_layout(keyboard: Keyboard, size: tuple[int, int], *, min_touch: int = 40,
                    min_text: int = 12) -> PasswordLayout:
    """The caption, the field with *Show* beside it, and the keyboard under them."""
    W, H = size
    m = max(4, H // 80)
    gap = max(2, min(6, W // 160))
    cpx = max(min_text, min(20, int(H * 0.045)))
    caption = Rect(m, m, W - 2 * m, int(cpx * 1.3))
    fh = max(min_touch, int(H * 0.11))
    sw = max(min_touch * 2, W // 6)
    field = Rect(m, caption.bottom + gap, W - 3 * m - sw, fh)
    show = Rect(field.right + m, field.y, sw, fh)
    area = Rect(m, field.bottom + 2 * gap, W - 2 * m, H - field.bottom - 2 * gap - m)
    return PasswordLayout(caption, cpx, field, show, tuple(keyboard.keys(area, gap)))


class PasswordScreen(Screen):
    """A network's password on the on-screen keyboard; *OK* joins, *Cancel* goes back."""

    name = "wifi_password"

    def __init__(self, ctx: Ctx, emit: Callable[[Any], None], show: Callable[[str], None]) -> None:
        super().__init__(ctx, emit, show)
        self.ssid = ""
        self.keyboard = Keyboard(ctx.lang)

    def open(self, ssid: str) -> None:
        self.ssid = ssid
        self.keyboard.reset(self.ctx.lang)

    def layout(self, size: tuple[int, int]) -> PasswordLayout:
        return password_layout(self.keyboard, size, min_touch=self.ctx.theme.min_touch,
                               min_text=self.ctx.fonts.min_size)

    def buttons(self, size: tuple[int, int]) -> list[ButtonSpec]:
        lay = self.layout(size)
        out = [ButtonSpec("show", lay.show, "kb_hide" if self.keyboard.shown else "kb_show")]
        # a password of fewer than 8 characters cannot be a WPA2 one: OK waits for the 8th
        short = len(self.keyboard.text) < 8
        return out + [ButtonSpec(k.name, k.rect, k.label, enabled=not (k.name == "ok" and short)) for k in lay.keys]

    def press(self, name: str) -> bool:
        done = self.keyboard.press(name)
        if done == "ok":
            if len(self.keyboard.text) < 8:
                return True
            self.emit(it.NetworkConnect(self.ssid, self.keyboard.text))
            self.keyboard.reset()
            self.show("network")
        elif done == "cancel":
            self.keyboard.reset()
            self.show("network")
        return True

    def type(self, text: str) -> bool:
        """Characters from a real keyboard (the simulator's)."""
        self.keyboard.type(text)
        return True

    def key(self, key: int) -> bool:
        if key == pygame.K_ESCAPE:
            return self.press("cancel")
        if key == pygame.K_BACKSPACE:
            return self.press("back")
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            return self.press("ok")
        return True  # every other key is text (UIApp hands its character to type())

    def draw(self, s: pygame.Surface) -> None:
        ctx, t = self.ctx, self.ctx.t
        size = s.get_size()
        s.blit(ctx.felt(size), (0, 0))
        lay = self.layout(size)
        blit_text(s, ctx, t("n_password_for", ssid=self.ssid), lay.caption_px, lay.caption.topleft, bold=True,
                  max_w=lay.caption.w)
        self.keyboard.draw_field(s, ctx, lay.field)
        draw_button(s, ctx, lay.show, t("kb_hide" if self.keyboard.shown else "kb_show"))
        self.keyboard.draw(s, ctx, lay.keys, ok=len(self.keyboard.text) >= 8)
