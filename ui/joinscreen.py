"""The join screen: each phone seat's QR code, the box's address and a short code.

Shown on the touchscreen when a game with phone seats starts, whenever the
match waits for a phone, and from the shared table's *Phones* button. A seat
nobody holds shows a QR code (the page's address with the short code in its
fragment), the address to type and the code in two halves; a held seat says
whether its phone is here and offers *Free seat N* (asked first): the old
phone's secret stops working and a new code lets another phone take the seat.

The layout is a pure function of the model and the size (:func:`join_layout`),
tested without a display; the QR code is drawn module by module from segno's
matrix, so no image library is needed.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import pygame
from pygame import Rect

from ui import intents as it
from ui.layout import ButtonSpec
from ui.model import PhoneSeatModel, PhonesModel
from ui.screen import Screen, ask
from ui.widgets import Ctx, blit_text, draw_button, draw_panel

QUIET = 2  # modules of white around the code: enough for a phone's camera on a dark screen


def spaced_code(code: str) -> str:
    """``"123456"`` → ``"123 456"``: read aloud and typed in two halves."""
    return f"{code[:3]} {code[3:]}" if len(code) == 6 else code


def open_seats(phones: PhonesModel | None) -> tuple[PhoneSeatModel, ...]:
    """The seats a phone can join now: nobody holds them, their code is on the screen."""
    return () if phones is None else tuple(s for s in phones.seats if not s.held and s.code)


@dataclass(frozen=True, slots=True)
class SeatPanel:
    """One phone seat's place: its panel, the QR code's square (empty when held),
    the text lines' area below it."""

    seat: PhoneSeatModel
    panel: Rect
    qr: Rect
    text: Rect


@dataclass(frozen=True, slots=True)
class JoinLayout:
    header: Rect  # the line (or two) with the address
    header_px: int
    panels: tuple[SeatPanel, ...]
    buttons: tuple[ButtonSpec, ...]
    text_px: int  # the size of the panels' lines
    wifi: Rect | None = None  # the box's own Wi-Fi as a QR code, first (while it is its own hotspot)


def _columns(n: int, size: tuple[int, int]) -> int:
    """All seats side by side on a wide screen; two rows of two for four on a narrow one."""
    W, H = size
    if n <= 2:
        return max(1, n)
    return n if W / H >= 1.5 or n == 3 else 2


def header_px(size: tuple[int, int], min_text: int) -> int:
    return max(min_text, min(18, int(size[1] * 0.04)))


def join_layout(phones: PhonesModel, size: tuple[int, int], *, min_touch: int = 40, min_text: int = 12,
                header_lines: int = 1, wifi_panel: bool = False, network_button: bool = False) -> JoinLayout:
    """``header_lines``: the address line's lines at :func:`header_px` (the screen measures it);
    ``wifi_panel``: the box's hotspot as a Wi-Fi QR code left of the seats; ``network_button``:
    the box has no network, Settings → Network a tap away."""
    W, H = size
    m = max(6, H // 60)
    row = max(min_touch + 2, int(H * 0.1))
    back = Rect(W - m - max(100, W // 5), m, max(100, W // 5), row)
    hpx = header_px(size, min_text)
    header = Rect(m, m + row + m // 2, W - 2 * m, max(1, min(2, header_lines)) * int(hpx * 1.25))
    area = Rect(m, header.bottom + m // 2, W - 2 * m, H - header.bottom - m - m // 2)
    seats = phones.seats
    n = len(seats)
    cols = _columns(n, size)
    wifi = None
    if wifi_panel:  # first the box's Wi-Fi, then the page: one more column at the left
        ww = (area.w - cols * m) // (cols + 1)
        wifi = Rect(area.x, area.y, ww, area.h)
        area = Rect(wifi.right + m, area.y, area.right - wifi.right - m, area.h)
    rows = (n + cols - 1) // cols if n else 1
    gap = m
    pw = (area.w - (cols - 1) * gap) // cols
    ph = (area.h - (rows - 1) * gap) // rows
    text_px = max(min_text, min(22, int(ph * 0.09)))
    buttons = [ButtonSpec("back", back, "back")]
    if any(s.code and not s.held for s in phones.seats):
        # fresh codes for every open seat: someone's guesses stop counting (docs/phones.md)
        fresh = Rect(back.x - m - back.w, m, back.w, row)
        buttons.append(ButtonSpec("new_codes", fresh, "p_new_codes"))
    if network_button:
        left = min(b.rect.x for b in buttons)
        buttons.append(ButtonSpec("network", Rect(left - m - back.w, m, back.w, row), "network"))
    panels: list[SeatPanel] = []
    for i, seat in enumerate(seats):
        c, r = i % cols, i // cols
        panel = Rect(area.x + c * (pw + gap), area.y + r * (ph + gap), pw, ph)
        lines_h = int(text_px * 1.3) * (2 if seat.code else 1) + (int(text_px * 1.6) if seat.code else 0)
        if seat.code and not seat.held:
            side = max(0, min(panel.w - 2 * m, panel.h - lines_h - 3 * m))
            qr = Rect(0, 0, side, side)
            qr.midtop = (panel.centerx, panel.y + m)
            text = Rect(panel.x + m // 2, qr.bottom + m // 2, panel.w - m, panel.bottom - qr.bottom - m)
        else:
            qr = Rect(panel.centerx, panel.y + m, 0, 0)
            text = Rect(panel.x + m // 2, panel.y + m, panel.w - m, panel.h - 2 * m)
            if seat.held:
                bh = max(min_touch, min(row, panel.h // 3))
                free = Rect(panel.x + m, panel.bottom - m - bh, panel.w - 2 * m, bh)
                buttons.append(ButtonSpec(f"free:{seat.seat}", free, "p_free_seat", intent=it.FreePhoneSeat(seat.seat)))
                text.h = free.y - text.y - m // 2
        panels.append(SeatPanel(seat, panel, qr, text))
    return JoinLayout(header, hpx, tuple(panels), tuple(buttons), text_px, wifi)


def wrap(text: str, font: pygame.font.Font, width: int) -> list[str]:
    """``text`` in lines no wider than ``width`` (a word longer than that gets its own line)."""
    lines: list[str] = []
    for word in text.split():
        if lines and font.size(f"{lines[-1]} {word}")[0] <= width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines


@lru_cache(maxsize=16)
def qr_matrix(text: str) -> tuple[tuple[bool, ...], ...]:
    """The QR code of ``text`` as rows of dark (True) modules, without the quiet zone."""
    # start-up: the QR code library loads when a code is first drawn (a phone game only)
    import segno

    code = segno.make(text, error="m", micro=False)
    return tuple(tuple(bool(x) for x in row) for row in code.matrix)


def draw_qr(s: pygame.Surface, rect: Rect, text: str) -> Rect:
    """The QR code of ``text`` in ``rect``'s square, whole modules only (a blurred
    module reads badly); returns the square drawn, quiet zone included."""
    n = len(qr_matrix(text)) + 2 * QUIET
    px = max(1, min(rect.w, rect.h) // n)
    square = Rect(0, 0, px * n, px * n)
    square.center = rect.center
    s.blit(qr_picture(text, px), square)
    return square


@lru_cache(maxsize=8)
def qr_picture(text: str, px: int) -> pygame.Surface:
    """The QR code of ``text`` at ``px`` pixels a module, quiet zone included: drawn once,
    not at every frame (the join screen stays up while the phones join, a module a fill)."""
    matrix = qr_matrix(text)
    n = len(matrix) + 2 * QUIET
    pic = pygame.Surface((px * n, px * n))
    pic.fill((255, 255, 255))
    for y, row in enumerate(matrix):
        for x, dark in enumerate(row):
            if dark:
                pic.fill((0, 0, 0), ((QUIET + x) * px, (QUIET + y) * px, px, px))
    return pic


class JoinScreen(Screen):
    """The phone seats: join by QR code or address + code; free a held seat."""

    name = "join"

    def __init__(self, ctx: Ctx, emit: Callable[[Any], None], show: Callable[[str], None]) -> None:
        super().__init__(ctx, emit, show)

    @property
    def phones(self) -> PhonesModel:
        return self.model.phones or PhonesModel()

    def head(self) -> str:
        """The line above the seats: why phones cannot connect, or how to join while a
        code is on the screen (the addresses a phone can reach, the QR code's first)."""
        phones = self.phones
        t = self.ctx.t
        if phones.error:
            return t("ph_no_server", why=phones.error)
        if self.offline:
            return t("n_join_no_network")
        if not open_seats(phones):
            return ""
        scan = t("p_scan", address=" / ".join((phones.url, *phones.also)))
        return f"{t('n_join_page')}: {scan}" if self.wifi_qr else scan  # after the Wi-Fi panel's "1."

    @property
    def wifi_qr(self) -> str:
        """The box's own Wi-Fi as a QR code's text, while it is its own hotspot (else ``""``)."""
        net = self.model.network
        return net.wifi_qr if net is not None and net.state == "hotspot" else ""

    @property
    def offline(self) -> bool:
        """The box is on no network: no phone can reach it (said, and Settings → Network offered)."""
        net = self.model.network
        return net is not None and net.state == "disconnected"

    def layout(self, size: tuple[int, int]) -> JoinLayout:
        m = max(6, size[1] // 60)
        font = self.ctx.fonts.font(header_px(size, self.ctx.fonts.min_size))
        lines = len(wrap(self.head(), font, size[0] - 2 * m))
        return join_layout(self.phones, size, min_touch=self.ctx.theme.min_touch, min_text=self.ctx.fonts.min_size,
                           header_lines=lines, wifi_panel=bool(self.wifi_qr), network_button=self.offline)

    def buttons(self, size: tuple[int, int]) -> list[ButtonSpec]:
        return list(self.layout(size).buttons)

    def carried(self, b: ButtonSpec) -> bool:
        if isinstance(b.intent, it.FreePhoneSeat):
            ask(self.ctx, self.ctx.t("p_ask_free", n=b.intent.seat + 1), b.intent, self.emit)
            return True
        return super().carried(b)

    def press(self, name: str) -> bool:
        if name == "back":
            self.show("table" if self.model.in_game else "home")
            return True
        if name == "new_codes":
            self.emit(it.NewPhoneCodes())
            return True
        if name == "network":
            self.show("network")
            return True
        return self.by_name(name)

    def draw(self, s: pygame.Surface) -> None:
        s.blit(self.ctx.felt(s.get_size()), (0, 0))
        size = s.get_size()
        lay = self.layout(size)
        t = self.ctx.t
        self.title(s, t("p_join_title"), max_w=self.title_room(size))
        color = (255, 200, 160) if self.phones.error or self.offline else None
        lines = wrap(self.head(), self.ctx.fonts.font(lay.header_px), lay.header.w)
        y = lay.header.y
        for line in lines[:2]:
            y = blit_text(s, self.ctx, line, lay.header_px, (lay.header.x, y), max_w=lay.header.w, color=color).bottom
        if lay.wifi is not None:
            self._draw_wifi(s, lay.wifi, lay.text_px)
        for p in lay.panels:
            self._draw_panel(s, p, lay.text_px)
        for b in lay.buttons:
            free = b.intent.seat if isinstance(b.intent, it.FreePhoneSeat) else None
            label = t("p_free_seat", n=free + 1) if free is not None else t(b.label)
            draw_button(s, self.ctx, b.rect, label)

    def _draw_wifi(self, s: pygame.Surface, panel: Rect, fs: int) -> None:
        """The box's Wi-Fi: a QR code phones' cameras join by, its name and passphrase under it."""
        draw_panel(s, panel, self.ctx.theme)
        net = self.model.network
        t = self.ctx.t
        m = max(4, panel.w // 30)
        x, w = panel.centerx, panel.w - 2 * m
        y = panel.y + m
        for line in wrap(t("n_join_wifi"), self.ctx.fonts.font(fs, True), w)[:2]:
            y = blit_text(s, self.ctx, line, fs, (x, y), anchor="midtop", bold=True, max_w=w).bottom
        lines_h = int(fs * 1.3) * 2 + m
        side = max(0, min(w, panel.bottom - y - lines_h - 2 * m))
        if side >= 29:
            draw_qr(s, Rect(x - side // 2, y + m, side, side), self.wifi_qr)
        y += side + m + m // 2
        if net is not None:
            for line, color in ((net.ssid, None), (net.hotspot_passphrase, self.ctx.theme.accent)):
                y = blit_text(s, self.ctx, line, fs, (x, y), anchor="midtop", bold=True, max_w=w, color=color).bottom

    def _draw_panel(self, s: pygame.Surface, p: SeatPanel, fs: int) -> None:
        draw_panel(s, p.panel, self.ctx.theme)
        t = self.ctx.t
        seat = p.seat
        x, y, w = p.text.centerx, p.text.y, p.text.w
        if seat.code and not seat.held:
            if p.qr.w >= 21:
                draw_qr(s, p.qr, seat.join_url or f"{self.phones.url}/#join={seat.code}")
            blit_text(s, self.ctx, t("seat_n", n=seat.seat + 1), fs, (x, y), anchor="midtop", bold=True, max_w=w)
            y += int(fs * 1.3)
            blit_text(s, self.ctx, spaced_code(seat.code), int(fs * 1.5), (x, y), anchor="midtop", bold=True,
                      max_w=w, color=self.ctx.theme.accent)
            return
        key = "ph_joined" if seat.held and seat.connected else "ph_away" if seat.held else "ph_waiting_for"
        # ph_waiting_for: one seat, its singular form (firmware/app/phoneseats.py: waiting_args)
        text = t(key, n=1, seats=seat.seat + 1, last=seat.seat + 1) if key == "ph_waiting_for" else t(key, n=seat.seat + 1)
        color = self.ctx.theme.good if seat.held and seat.connected else (255, 200, 160)
        y += fs // 2
        for line in wrap(text, self.ctx.fonts.font(fs, True), w):
            y = blit_text(s, self.ctx, line, fs, (x, y), anchor="midtop", bold=True, max_w=w, color=color).bottom


def wants_join_screen(old: PhonesModel | None, new: PhonesModel | None) -> bool:
    """Whether the touchscreen should turn to the join screen by itself: a seat
    became open (a new game's phone seats, a seat freed, a phone lost for good)."""
    before = {s.seat for s in open_seats(old)}
    return any(s.seat not in before for s in open_seats(new))


def all_joined(old: PhonesModel | None, new: PhonesModel | None) -> bool:
    """Whether the last open seat was just taken: the join screen gives way to the table."""
    return bool(open_seats(old)) and new is not None and not open_seats(new)


__all__ = ["all_joined", "open_seats", "spaced_code", "JoinLayout", "JoinScreen", "SeatPanel", "draw_qr", "join_layout", "qr_matrix", "wants_join_screen"]
