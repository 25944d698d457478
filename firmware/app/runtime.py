"""Everything the program runs with, built once and closed once.

Both ``tressette run`` and ``tressette sim`` make the same queue, journal,
controller and computer seats; they differ only in the I/O at the edges, which
they add to it: the real display, buttons and reader from the ``[hardware]``
settings (:func:`firmware.app.device.build_hardware`), or their simulated
doubles and a window with the table beside the touchscreen
(:meth:`Runtime.start_sim`).
"""

from __future__ import annotations

import importlib
import logging
import signal
import threading
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from types import FrameType
from typing import TYPE_CHECKING, Protocol

from firmware.app.cards_map import CardsMap
from firmware.app.computers import ComputerSeats
from firmware.app.controller import ControllerOptions, TableController
from firmware.app.events import one_queue
from firmware.app.loop import MainLoop
from firmware.app.messages import msg
from firmware.app.notify import Notifier
from firmware.config import Settings, apply_overlay, overlay_path
from firmware.engine import make_variant
from firmware.engine.cards import DECKS
from firmware.players import pool as world_pool
from firmware.store import Journal
from hal.box import Hardware
from hal.display import SegmentDisplay
from hal.sim import PtyReader, SimButtons, SimReader

if TYPE_CHECKING:  # the window imports pygame: only the simulator opens one (start_sim)
    from firmware.app.phones.link import PhoneLink
    from firmware.app.window import SimWindow


class Closable(Protocol):
    def close(self) -> None: ...


class Health(Protocol):
    """A part of the health file (the box's touchscreen: ``"screen": ok / absent / failed``)."""

    def health(self) -> dict[str, object]: ...

log = logging.getLogger("firmware.app.runtime")

SERVER_MODULE = "firmware.app.phones.server"
"""The phone server's module: aiohttp and its own, loaded off the main loop (:meth:`Runtime._phone_link`)."""


class Runtime:
    def __init__(
        self,
        *,
        settings: Settings,
        state_dir: Path,
        options: ControllerOptions,
        think_ms: int,
        seed: int | None,
        plays: int | str | None = None,
        problems: Sequence[str] = (),
        health_path: Path | None = None,
    ) -> None:
        self.settings = settings
        self.state_dir = state_dir
        self.events = one_queue()
        # The screen's settings live in the state directory, over the settings file.
        problems = list(problems) + apply_overlay(settings, state_dir)
        if options.settings_file is None:
            options.settings_file = overlay_path(state_dir)
        self.journal = Journal.open_lazily(state_dir)  # not openable now: paused, retried
        self.cards = CardsMap(state_dir)
        self.ctl = TableController(journal=self.journal, settings=settings.game, options=options, cards=self.cards)
        for problem in problems:
            self.ctl.say(msg("m_settings_problem", why=problem), "error")
        if settings.overlay_moved is not None:
            self.ctl.say(msg("m_settings_moved", file=settings.overlay_moved.name), "error")
        self.seats = ComputerSeats(self.events.put, seed=seed, think_ms=think_ms, plays=plays)
        self.notifier = Notifier(health_path=health_path, status=self._status)
        self.closers: list[Closable] = []
        if think_ms > 0:
            # Every core: the hard level's imagined deals spread over worker processes kept
            # warm at a low priority (none on one core; think_ms 0, the tests: none).
            world_pool.start_shared()
            self.closers.append(world_pool.SharedPool())
        self.loop = MainLoop(self.ctl, self.events, seats=self.seats, notifier=self.notifier)
        self.loop.phones = self.phones = self._phone_link()
        self.closers.append(self.phones)
        self.window: SimWindow | None = None  # the simulator's window (start_sim)
        self.reader: SimReader | PtyReader | None = None  # the simulator's card reader
        self.buttons: SimButtons | None = None  # the simulator's buttons
        self.display: SegmentDisplay | None = None
        self.hw: Hardware | None = None
        self.screen: Health | None = None  # the box's touchscreen (tressette run)

    def _status(self) -> dict[str, object]:
        # "journal": "ok" or "failing: <reason>" (firmware/app/journal_guard.py)
        status: dict[str, object] = {
            "phase": str(self.ctl.phase), "match": self.ctl.match_id, "journal": self.ctl.journal_state(),
        }  # fmt: skip
        if self.screen is not None:
            status.update(self.screen.health())  # "screen": ok / absent / failed
        return status

    def _game_deck(self) -> str:
        """The deck of the game on the table, or of the one the settings name."""
        variant = self.ctl.variant
        if variant is None:
            try:
                variant = make_variant(self.ctl.settings.variant, self.ctl.settings.options)
            except (KeyError, ValueError):  # (settings are checked when loaded: never seen)
                return next(iter(DECKS))
        return variant.deck.name

    def _phone_link(self) -> PhoneLink:
        """The phone seats' server, started when a game has a phone seat (docs/phones.md)."""
        # start-up: the phone seats' modules (and aiohttp) load for a phone game only
        from firmware.app.phones.link import PhoneLink, Server

        ph = self.settings.phones
        ui = self.settings.ui
        cards: dict[str, dict[str, bytes]] = {}

        def prepare() -> Iterator[bool]:
            # start-up: aiohttp (the phone server) and the cards as PNG load for a phone game only;
            # a step per loop iteration (firmware/app/phones/link.py): the modules on a thread of
            # their own, the cards one at a time on this one (pygame stays on the main thread).
            # The server starts once the game's own deck is drawn (True); the other deck follows,
            # a card per iteration, for the next game (the server reads the pictures as asked).
            loading = threading.Thread(target=importlib.import_module, args=(SERVER_MODULE,),
                                       name="phones-import", daemon=True)
            loading.start()
            # start-up: the touchscreen's card art as PNG, for a phone game only
            from ui.webart import WebArt, card_names

            first = self._game_deck()
            for deck in sorted(DECKS, key=lambda d: d != first):
                art = WebArt.for_settings(deck, ui.deck_style, ui.german_style)
                pictures = cards.setdefault(deck, {})
                for name in card_names(deck):
                    pictures[name] = art.png(name) or b""
                    yield False
                while deck == first and loading.is_alive():
                    yield False
                if deck == first:
                    yield True

        def make() -> Server:
            # start-up: loaded by prepare()'s thread by now; aiohttp for a phone game only
            from firmware.app.phones.server import PhoneServer

            return PhoneServer(self.events.put, host=ph.host, port=ph.port, address=ph.address,
                               state_dir=self.state_dir, cards=cards,
                               language=lambda: self.settings.ui.language)  # fmt: skip

        return PhoneLink(make, always=ph.enabled, prepare=prepare)

    # ------------------------------------------------------------ signals

    def install_signals(self) -> None:
        """SIGTERM/SIGINT: finish the iteration, close cleanly (no locks taken here)."""

        def on_signal(signum: int, frame: FrameType | None) -> None:
            self.ctl.stopping = signal.Signals(signum).name

        signal.signal(signal.SIGTERM, on_signal)
        signal.signal(signal.SIGINT, on_signal)

    # ------------------------------------------------------------ simulator

    def start_sim(self, *, size: tuple[int, int], headless: bool) -> None:
        """``tressette sim``'s edges: the simulated hardware and the window beside the screen."""
        # start-up: pygame (the window) is loaded by the simulator only, never by ``tressette run``
        from firmware.app.window import open_sim_window

        self.window = open_sim_window(self, size=size, headless=headless)

    # ------------------------------------------------------------ closing

    def close(self) -> None:
        self.seats.close()
        for thing in reversed(self.closers):
            t0 = time.monotonic()
            try:
                thing.close()
            except Exception:
                log.exception("closing %r", thing)
            log.debug("closed %s in %.3f s", type(thing).__name__, time.monotonic() - t0)
        self.closers.clear()
        t0 = time.monotonic()
        self.journal.close()
        log.debug("closed the journal in %.3f s", time.monotonic() - t0)

    def __enter__(self) -> Runtime:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
