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
from typing import TYPE_CHECKING, Any

import pygame

if TYPE_CHECKING:
    from firmware.app.runtime import Runtime

log = logging.getLogger("firmware.app.window")

PANEL_W = 300


class UIPanel:
    """The UI's own :class:`ui.simpanel.SimPanel`, fed from the HAL doubles."""

    def __init__(self, rt: Runtime, rect: pygame.Rect) -> None:
        from ui.simpanel import SimPanel

        self.rt = rt
        self.rect = rect
        self.panel = SimPanel(rect, n_seats=4, deck="italian", language=rt.settings.ui.language)
        # the monotonic clock, not pygame.time.get_ticks(): that stays 0 unless SDL's timer
        # was started, and then no hold was ever measured nor a highlight cleared (issue 13.4)
        self._last = time.monotonic()

    def _home_deck(self) -> str | None:
        """The deck of the game the home screen is set to, while no game is on the table."""
        from firmware.app.core import HOME

        window = self.rt.window
        if window is None:
            return None
        ui = window.ui
        if self.rt.ctl.phase != HOME or ui.screen != "home":
            return None
        deck = ui.home.preset.deck
        return str(getattr(deck, "name", deck))

    def handle(self, event: pygame.event.Event) -> bool:
        used = self.panel.handle(event)
        self._flush()
        return used

    def _flush(self) -> None:
        window = self.rt.window
        assert window is not None  # this panel lives in the simulator's window
        for intent in self.panel.intents():
            window.sim_intent(intent)

    def draw(self, surface: pygame.Surface) -> None:
        window = self.rt.window
        assert window is not None
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


def played_codes(ctl: Any) -> set[str]:
    from firmware.engine import CODE

    out: set[str] = set()
    state = ctl.match.state if ctl.match is not None else None
    if state is None:
        return out
    for t in state.tricks:
        out |= {CODE[c] for c in t.cards}
    for c in state.trick:
        out.add(CODE[c])
    return out


class SimWindow:
    """The pygame window, the UI on its left and the table panel on its right."""

    def __init__(self, rt: Runtime, *, size: tuple[int, int], headless: bool) -> None:
        from ui.app import UIApp

        self.rt = rt
        self.size = size
        pygame.display.init()
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
            "brightness": max(10, round(rt.settings.ui.brightness * 100 / 7)),
            "esc_quits": True,  # Esc on the home screen asks to close the window (not on the box)
        }
        self.ui = UIApp(self.screen, settings=ui_settings)
        _sim_decks(rt)
        self.panel = UIPanel(self.rt, pygame.Rect(w, 0, PANEL_W, max(h, 480)))
        from ui.probe import PROBE_ENV

        # a developer's or a test's view of the hit-boxes (scripts/touch-play): off unless named
        probe_path = os.environ.get(PROBE_ENV)
        self.probe_path = Path(probe_path) if probe_path else None
        self._probed = ""

    # -- input --
    def pump(self) -> None:
        for event in pygame.event.get():
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
        from ui.intents import Declare, NewGame, NextHand, PlayCard, SimButton

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
            from ui.intents import SetSetting

            v = ctl.variant
            self.rt.events.put(SetSetting("enrol_deck", v.deck.name if v is not None else "italian"))
        elif k == pygame.K_d:
            model = self.ui.model
            if model.declarable:
                self.rt.events.put(Declare(model.declarable[0]))
        elif pygame.K_0 <= k <= pygame.K_9:
            n = (k - pygame.K_0 - 1) % 10
            hand = self.ui.model.hand
            if n < len(hand):
                self.rt.events.put(PlayCard(hand[n]))

    def sim_intent(self, intent: Any) -> None:
        """A panel click: buttons through the mock pins, scans through the pty reader."""
        name = type(intent).__name__
        if name == "SimButton":
            buttons = self.rt.buttons
            if buttons is None:
                self.rt.events.put(intent)
            elif intent.hold_s > 0:
                buttons.hold(intent.button, intent.hold_s)
            else:
                buttons.click(intent.button)
        elif name == "SimScan":
            self.scan(intent.card_code)
        else:
            self.rt.events.put(intent)

    def scan(self, code: str) -> None:
        from firmware.engine.cards import DECKS

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
            from hal.events import TagSeen

            self.rt.events.put(TagSeen(tag))

    def toggle_reader(self) -> None:
        from hal.sim import PtyReader

        reader = self.rt.reader
        if not isinstance(reader, PtyReader):
            return  # the in-process reader (headless) has no cable to pull
        if self.rt.ctl.reader_online is False:
            reader.replug()
        else:
            reader.unplug()

    # -- output --
    def present(self) -> None:
        if self.window.get_height() > self.size[1]:  # a small screen: the case around it
            self.window.fill((12, 12, 14), pygame.Rect(0, self.size[1], self.size[0], self.window.get_height()))
        self.ui.draw(self.screen)
        self.panel.draw(self.window)
        pygame.display.flip()
        if self.probe_path is not None:
            self.write_probe(self.probe_path)

    def write_probe(self, path: Path) -> None:
        """What is on screen now and where its hit-boxes are (ui.probe), when it changed;
        written after the flip, so a box listed is a box already shown."""
        import json

        from ui.probe import probe

        text = json.dumps(probe(self.ui), sort_keys=True)
        if text == self._probed:
            return
        self._probed = text
        tmp = path.with_name(path.name + ".tmp")
        try:
            tmp.write_text(text, encoding="utf-8")
            os.replace(tmp, path)
        except OSError as exc:  # a debugging aid: never stops the game
            log.warning("probe file %s: %s", path, exc)

    def close(self) -> None:
        pygame.display.quit()


def _sim_decks(rt: Runtime) -> None:
    """A deck nobody enrolled gets the simulator's own tags, in memory only (not saved),
    so a table game can be tried at once; E runs the real enrolment."""
    from firmware.engine.cards import DECKS

    for name, deck in DECKS.items():
        if not rt.cards.enrolled(name):
            rt.cards._maps[name] = {sim_tag(c): c for c in deck.cards}


def sim_tag(card: int) -> str:
    """The simulator's tag for a card of a deck nobody enrolled: 10 hex digits."""
    return f"5100{card:06X}"
