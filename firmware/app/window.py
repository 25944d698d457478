"""The simulator window: the touchscreen at its real size and the table beside it.

Left: the UI (:class:`ui.app.UIApp`) on a subsurface of exactly the
touchscreen's size. Right: the table panel (``ui.simpanel``) with the seats'
*Accuso* buttons and the menu button (they drive the real debounce code on
mock pins), the LED display drawn as 7 segments from what the HAL display
double shows, and the card reader: click a card to scan it (the tag travels
through the real parser and reader thread over a pty).

Keyboard (when the UI does not use the key): F1–F4 Accuso of seat 1–4, F5
menu, F6 menu held 3 s, F12 menu held 10 s (power off), 1–9/0 play the n-th
card of your hand, D declare the first accuso offered, N new game, Enter or
Space next hand, U unplug/replug the card reader, E enrol the deck's tags, Esc quit.
"""

from __future__ import annotations

import logging
import os
import time
from pathlib import Path
from typing import Protocol

import pygame

from firmware.app.cards_map import CardsMap
from firmware.app.controller import TableController
from firmware.app.core import HOME
from firmware.app.events import EventBus
from firmware.app.loop import MainLoop
from firmware.app.network import start_network
from firmware.config import Settings
from firmware.engine import CODE
from firmware.engine.cards import DECKS
from firmware.engine.seating import TABLE
from hal.box import Hardware, open_sim_hardware
from hal.display import SegmentDisplay
from hal.events import TagSeen
from hal.network import SimNetwork
from hal.sim import PtyReader, SimButtons, SimReader
from ui.app import UIApp
from ui.frames import FramePacer
from ui.intents import Declare, EnrolDeck, Intent, NewGame, NextHand, PlayCard, SimButton, SimScan
from ui.probe import ProbeFile
from ui.simpanel import SimPanel

log = logging.getLogger("firmware.app.window")

PANEL_W = 300


class Closable(Protocol):
    def close(self) -> None: ...


class Runtime(Protocol):
    """What the window uses of the program it shows (:class:`firmware.app.runtime.Runtime`)."""

    settings: Settings
    state_dir: Path
    ctl: TableController
    events: EventBus
    cards: CardsMap
    loop: MainLoop
    closers: list[Closable]
    hw: Hardware | None
    buttons: SimButtons | None
    reader: SimReader | PtyReader | None
    display: SegmentDisplay | None


class UIPanel:
    """The UI's own :class:`ui.simpanel.SimPanel`, fed from the HAL doubles."""

    def __init__(self, rt: Runtime, window: SimWindow, rect: pygame.Rect) -> None:
        self.rt = rt
        self.window = window
        self.rect = rect
        self.panel = SimPanel(rect, n_seats=4, deck="italian", language=rt.settings.ui.language)
        # the monotonic clock, not pygame.time.get_ticks(): that stays 0 unless SDL's timer
        # was started, and then no hold was ever measured nor a highlight cleared (issue 13.4)
        self._last = time.monotonic()

    def _home_deck(self) -> str | None:
        """The deck of the game the home screen is set to, while no game is on the table."""
        ui = self.window.ui
        if self.rt.ctl.phase != HOME or ui.screen != "home":
            return None
        return ui.home.preset.deck.name

    def handle(self, event: pygame.event.Event) -> bool:
        used = self.panel.handle(event)
        self._flush()
        return used

    def _flush(self) -> None:
        for intent in self.panel.intents():
            self.window.sim_intent(intent)

    def draw(self, surface: pygame.Surface) -> None:
        window = self.window
        ctl = self.rt.ctl
        v = ctl.variant
        display = self.rt.display
        if display is not None:
            frame = display.frame
            self.panel.set_display(frame.lit, on=frame.on)
        enrol = ctl.enrol
        self.panel.set_table(
            n_seats=v.n_seats if v is not None else 2,
            # while a deck is enrolled its cards, not the last game's (issue 13.6); at home
            # the deck of the game chosen there (13.11)
            deck=enrol.deck_name if enrol is not None else self._home_deck() or (v.deck.name if v is not None else "italian"),
            played=played_codes(ctl),
            reader_online=None if self.rt.reader is None else ctl.reader_online is not False,
            message=window.ui.ctx.say(ctl.message.message),  # in the screen's language
            language=window.ui.ctx.lang,
        )
        now = time.monotonic()
        self.panel.update(now - self._last)
        self._last = now
        self._flush()  # a long press is reported on release, measured by update()
        self.panel.draw(surface)


def played_codes(ctl: TableController) -> set[str]:
    out: set[str] = set()
    state = ctl.match.state if ctl.match is not None else None
    if state is None:
        return out
    for t in state.tricks:
        out |= {CODE[c] for c in t.cards}
    for c in state.trick:
        out.add(CODE[c])
    return out


class NoWindow(Exception):
    """SDL opened no window where ``tressette sim`` was asked for one."""


def _open_display(*, headless: bool) -> None:
    """SDL's video, or ``NoWindow``. With ``DISPLAY`` set but no X server answering there
    (or one resetting as its last client left), SDL 2.32 falls back to its ``offscreen``
    driver: the simulator would play on, seen by no one. A window asked for is a window or
    a message."""
    try:
        pygame.display.init()
    except pygame.error as exc:
        raise NoWindow(str(exc)) from exc
    driver = pygame.display.get_driver()
    if not headless and driver in ("offscreen", "dummy") and os.environ.get("SDL_VIDEODRIVER") != driver:
        pygame.display.quit()
        raise NoWindow(f"SDL reached no display and fell back to its {driver} driver")


class SimWindow:
    """The pygame window, the UI on its left and the table panel on its right."""

    def __init__(self, rt: Runtime, *, size: tuple[int, int], headless: bool) -> None:
        self.rt = rt
        self.size = size
        self.headless = headless
        _open_display(headless=headless)
        pygame.font.init()
        w, h = size
        self.window = pygame.display.set_mode((w + PANEL_W, max(h, 480)))
        pygame.display.set_caption("Tressette box — simulator")
        self.screen = self.window.subsurface(pygame.Rect(0, 0, w, h))
        ui_settings = {
            "language": rt.settings.ui.language,
            "deck_style": rt.settings.ui.deck_style,
            "german_style": rt.settings.ui.german_style,
            "sounds": rt.settings.ui.sounds,
            "speed": rt.settings.ui.speed,
            "safe_play": rt.settings.ui.safe_play,
            "brightness": max(10, round(rt.settings.ui.brightness * 100 / 7)),
            "esc_quits": True,  # Esc on the home screen asks to close the window (not on the box)
        }
        self.ui = UIApp(self.screen, settings=ui_settings)
        _sim_decks(rt)
        self.panel = UIPanel(self.rt, self, pygame.Rect(w, 0, PANEL_W, max(h, 480)))
        # a developer's or a test's view of the hit-boxes (scripts/touch-play): off unless named
        self.probe = ProbeFile.from_env()
        self.pacer = FramePacer()

    # -- input --
    def pump(self) -> None:
        for event in pygame.event.get():
            self.pacer.wake()
            if event.type == pygame.QUIT:
                self.rt.ctl.stopping = "window closed"
                continue
            if self.panel.handle(event):
                continue
            mouse = (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION)
            if event.type in mouse and event.pos[0] >= self.size[0]:
                continue
            if self.ui.handle(event):
                continue
            if event.type == pygame.KEYDOWN:
                self.key(event)

    def key(self, event: pygame.event.Event) -> None:
        k = event.key
        ctl = self.rt.ctl
        if pygame.K_F1 <= k <= pygame.K_F4:
            self.sim_intent(SimButton(f"seat{k - pygame.K_F1}"))
        elif k == pygame.K_F5:
            self.sim_intent(SimButton("menu"))
        elif k == pygame.K_F6:
            self.sim_intent(SimButton("menu", 3.0))
        elif k == pygame.K_F12:
            self.sim_intent(SimButton("menu", 10.0))
        elif k == pygame.K_n:
            self.rt.events.put(NewGame(ctl.settings.variant, dict(ctl.settings.options)))
        elif k in (pygame.K_RETURN, pygame.K_SPACE):
            self.rt.events.put(NextHand())
        elif k == pygame.K_u:
            self.toggle_reader()
        elif k == pygame.K_e:
            v = ctl.variant
            self.rt.events.put(EnrolDeck(v.deck.name if v is not None else "italian"))
        elif k == pygame.K_d:
            model = self.ui.model
            if model.declarable:
                self.rt.events.put(Declare(model.declarable[0]))
        elif pygame.K_0 <= k <= pygame.K_9:
            n = (k - pygame.K_0 - 1) % 10
            hand = self.ui.model.hand
            if n < len(hand):
                self.rt.events.put(PlayCard(hand[n]))

    def sim_intent(self, intent: Intent) -> None:
        """A panel click: buttons through the mock pins, scans through the pty reader."""
        if isinstance(intent, SimButton):
            buttons = self.rt.buttons
            if buttons is None:
                self.rt.events.put(intent)
            elif intent.hold_s > 0:
                buttons.hold(intent.button, intent.hold_s)
            else:
                buttons.click(intent.button)
        elif isinstance(intent, SimScan):
            self.scan(intent.card_code)
        else:
            self.rt.events.put(intent)

    def scan(self, code: str) -> None:
        ctl = self.rt.ctl
        v = ctl.variant
        enrol = ctl.enrol
        deck = DECKS[enrol.deck_name] if enrol is not None else v.deck if v is not None else DECKS["italian"]
        try:
            card = deck.parse(code)
        except Exception:
            return
        enrolling = self.rt.ctl.enrol
        tag = None if enrolling is not None else self.rt.cards.tag_of(card, deck.name)
        if tag is None:  # while enrolling, a click is a fresh tag: the screen says which card
            tag = sim_tag(card)
        if self.rt.reader is not None:
            self.rt.reader.scan(tag)
        else:
            self.rt.events.put(TagSeen(tag))

    def toggle_reader(self) -> None:
        reader = self.rt.reader
        if not isinstance(reader, PtyReader):
            return  # the in-process reader (headless) has no cable to pull
        if self.rt.ctl.reader_online is False:
            reader.replug()
        else:
            reader.unplug()

    # -- output --
    def present(self) -> None:
        if self.pacer.due(self.ui.model, self.ui.shown):  # (a still picture: five frames a second, ui/frames.py)
            if self.window.get_height() > self.size[1]:  # a small screen: the case around it
                self.window.fill((12, 12, 14), pygame.Rect(0, self.size[1], self.size[0], self.window.get_height()))
            self.ui.draw(self.screen)
            if not self.headless:  # nobody sees a headless window: its panel was 4% of a core, idle
                self.panel.draw(self.window)
            if self.pacer.changed(self.window):
                pygame.display.flip()
        if self.probe is not None:
            self.probe.write(self.ui)

    def close(self) -> None:
        pygame.display.quit()


def _sim_decks(rt: Runtime) -> None:
    """A deck nobody enrolled gets the simulator's own tags, in memory only (not saved),
    so a table game can be tried at once; E runs the real enrolment."""
    for name, deck in DECKS.items():
        if not rt.cards.enrolled(name):
            rt.cards._maps[name] = {sim_tag(c): c for c in deck.cards}


def sim_tag(card: int) -> str:
    """The simulator's tag for a card of a deck nobody enrolled: 10 hex digits."""
    return f"5100{card:06X}"


def open_sim_window(rt: Runtime, *, size: tuple[int, int], headless: bool) -> SimWindow:
    """``tressette sim``'s I/O: the simulated hardware and the window beside the screen."""
    # The real reader thread over a pty when a window or a table seat may scan.
    pty = not headless or TABLE in rt.ctl.settings.seats
    hw = rt.hw = open_sim_hardware(rt.settings.hardware_config, events=rt.events, pty_reader=pty)
    rt.closers.append(hw)
    rt.buttons = hw.sim_buttons
    rt.reader = hw.sim_reader
    rt.display = hw.display
    window = SimWindow(rt, size=size, headless=headless)
    rt.closers.append(window)
    # the Wi-Fi, simulated (hal/network.py): made-up networks, one known and joined at power-on
    # as NetworkManager would; a wrong password, one giving no address, the hotspot on the screen
    # The power-on join is done before the window shows (no wait: the box's NetworkManager
    # joins before the program starts); a join asked on the screen takes a moment.
    network = SimNetwork(known=("Casa Rossi",))
    network.boot_join()
    network.delay = 0.0 if headless else 0.6
    start_network(rt.ctl.network, network, post=rt.events.put, state_dir=rt.state_dir,
                  settings=rt.settings.network, closers=rt.closers)

    def pump() -> None:
        hw.tick()
        window.pump()

    loop = rt.loop
    loop.ui = window.ui
    loop.display.display = rt.display
    loop.pump = pump
    loop.present = window.present
    loop.wait_for_ui = not headless
    return window
