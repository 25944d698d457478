"""The main loop shared by ``tressette run`` and ``tressette sim``.

One iteration: pygame input → UI intents → the queue; every queued event (HAL,
intents, computer answers) → the controller, one at a time; the computer
seats are asked to think if the controller wants a move; the screen and the
LED display are redrawn from the controller's state when it changed; the
watchdog is pinged and the health file refreshed. Nothing else runs the
controller, so it needs no locks.
"""

from __future__ import annotations

import logging
import queue
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from firmware.app.computers import ComputerSeats
from firmware.app.controller import DisplayState, TableController
from firmware.app.events import Event, EventBus
from firmware.app.notify import Notifier
from firmware.app.present import home_preset
from hal.display import SegmentDisplay
from ui.speed import DEFAULT_SPEED, speed_of

if TYPE_CHECKING:
    from firmware.app.phones.link import PhoneLink
    from firmware.engine.seating import SeatSpec
    from ui.intents import HomeChoice, Intent
    from ui.model import TableModel


class Screen(Protocol):
    """What the loop needs of the UI (:class:`ui.app.UIApp`)."""

    @property
    def busy(self) -> bool: ...

    @property
    def settings(self) -> Mapping[str, object]: ...  # the screen's own (game speed, ...)

    def intents(self) -> list[Intent]: ...

    def set_model(self, model: TableModel) -> None: ...

    def preset_home(
        self, variant: str, options: Mapping[str, object] | None = None, seats: Sequence[SeatSpec] | None = None,
        *, mode: str | None = None, choice: HomeChoice | None = None,
    ) -> None: ...

    def update(self, dt: float) -> None: ...

log = logging.getLogger("firmware.app.loop")

BUSY_MAX_S = 1.5


class DisplayDriver:
    """Shows the controller's :class:`DisplayState` on a HAL score display."""

    def __init__(self, display: SegmentDisplay | None) -> None:
        self.display = display
        self._shown: tuple[str, tuple[int, int] | None] | None = None
        self._blink_seq = 0

    def update(self, ds: DisplayState, brightness: int | None = None) -> None:
        if self.display is None:
            return
        if brightness is not None and brightness != self.display.brightness:
            try:
                self.display.brightness = brightness
            except Exception as exc:
                log.warning("score display brightness: %s", exc)
        key = (ds.text, ds.scores)
        if key != self._shown:
            self._shown = key
            try:
                if ds.scores is not None:
                    self.display.show_scores(min(ds.scores[0], 99), min(ds.scores[1], 99))
                else:
                    self.display.show_text(ds.text)
            except Exception as exc:  # the display is a nicety: never stop the game
                log.warning("score display: %s", exc)
        if ds.blink_seq != self._blink_seq:
            self._blink_seq = ds.blink_seq
            try:
                self.display.blink(6 if ds.win else 2, 0.3)
            except Exception as exc:
                log.warning("score display blink: %s", exc)

    def tick(self) -> None:
        if self.display is not None:
            try:
                self.display.tick()
            except Exception as exc:
                log.warning("score display tick: %s", exc)


@dataclass(slots=True)
class LoopStats:
    iterations: int = 0
    events: int = 0
    frames: int = 0


class MainLoop:
    """Owns the one queue's consumer side; see the module docstring."""

    def __init__(
        self,
        ctl: TableController,
        events: EventBus,
        *,
        seats: ComputerSeats | None = None,
        ui: Screen | None = None,
        display: SegmentDisplay | None = None,
        notifier: Notifier | None = None,
        present: Callable[[], None] | None = None,  # draw + flip
        pump: Callable[[], None] | None = None,  # pygame events → ui.handle
        frame_s: float = 1 / 30,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.ctl = ctl
        self.events = events
        self.seats = seats
        self.ui = ui
        self.display = DisplayDriver(display)
        self.notifier = notifier
        self.present = present
        self.pump = pump
        self.frame_s = frame_s
        self.clock = clock
        self.stats = LoopStats()
        self._drawn_version = -1
        self._last_frame = float("-inf")
        self._last_t = clock()
        self.hung: Callable[[], None] | None = None  # tests: make one iteration hang
        self._busy_since: float | None = None
        self.wait_for_ui = False
        self._last_draw_error = ""  # a window someone watches: let the cards land first
        self._home_preset: object = None  # the last game offered on the home screen
        self._speed: object = None  # the game speed last given to the computer seats
        # the computers' pause named on the command line (``sim --think-ms``): the game
        # speed setting then changes the trick's display time only
        self.think_pinned = False
        self.phones: PhoneLink | None = None  # the phone seats' server (firmware/app/phones)

    def run(self, until: Callable[[], bool] | None = None) -> None:
        while self.ctl.stopping is None and not (until is not None and until()):
            self.step()
        self.refresh(force=True)

    def step(self, timeout: float | None = None) -> None:
        self.stats.iterations += 1
        if self.hung is not None:
            self.hung()
        if self.pump is not None:
            # The UI's clocks first: the double-tap guard compares a tap with the time since
            # the last card, and after a slow iteration (a busy core, a long draw) that time
            # must include the stall, or a real tap is taken for the second of a double tap.
            self._advance_ui()
            self.pump()
        if self.ui is not None:
            for intent in self.ui.intents():
                self.events.put(intent)
        wait = self.frame_s if timeout is None else timeout
        event: Event | None
        try:
            event = self.events.get(timeout=wait) if wait > 0 else self.events.get_nowait()
        except queue.Empty:
            event = None
        while event is not None:
            self.stats.events += 1
            try:
                self.ctl.handle(event)
            except Exception:  # one bad event must not take the table down
                log.exception("event %r failed", event)
            if self.seats is not None and not self._ui_busy():
                self.seats.poll(self.ctl)
            event = self.events.get_nowait()
        self._apply_speed()
        # A journal that could not be written: probe it (rate-limited inside);
        # when it works again the computers are asked again below.
        self.ctl.retry_journal()
        if self.seats is not None and not self._ui_busy():
            self.seats.poll(self.ctl)
        try:
            self.refresh()
        except Exception as exc:  # a drawing bug must not take the game down; logged once
            if repr(exc) != self._last_draw_error:
                self._last_draw_error = repr(exc)
                log.exception("drawing failed")
        if self.notifier is not None:
            if not self.notifier.ready_sent:  # READY=1 once the first frame is out
                self.notifier.ready()
            state = self.ctl.journal_state()
            self.notifier.set_status("playing" if state == "ok" else f"journal {state}")
            self.notifier.loop_alive()

    def _advance_ui(self) -> None:
        now = self.clock()
        if self.ui is not None:
            self.ui.update(now - self._last_t)
        self._last_t = now

    def _apply_speed(self) -> None:
        """The screen's game speed sets the computers' pause: from the start when it is not
        the default (the settings file's think_ms stands otherwise), and whenever it changes."""
        if self.ui is None or self.seats is None or self.think_pinned:
            return

        speed = self.ui.settings.get("speed", DEFAULT_SPEED)
        if speed != self._speed:
            if self._speed is not None or speed != DEFAULT_SPEED:
                self.seats.think_ms = speed_of(speed).cpu_ms
            self._speed = speed

    def _ui_busy(self) -> bool:
        """The UI is still animating (draws landing): the next computer card waits,
        at most ``BUSY_MAX_S`` so a UI that never settles cannot stall the table."""
        if not self.wait_for_ui or self.ui is None:
            return False
        busy = self.ui.busy
        now = self.clock()
        if not busy:
            self._busy_since = None
            return False
        if self._busy_since is None:
            self._busy_since = now
        return now - self._busy_since < BUSY_MAX_S

    def _preset_home(self) -> None:
        """Keep the home screen on the table's game whenever that game changes."""

        assert self.ui is not None
        ctl = self.ctl
        p = home_preset(ctl.variant, ctl.seats, ctl.settings, ctl.match_mode, ctl.table.last_game,
                        ctl.table.home_choice)
        key = (p.variant, sorted(p.options.items()), p.seats, p.mode, p.choice)
        if key != self._home_preset:
            self._home_preset = key
            self.ui.preset_home(p.variant, p.options, p.seats, mode=p.mode, choice=p.choice)

    def refresh(self, *, force: bool = False) -> None:
        if self.phones is not None:
            try:
                self.phones.refresh(self.ctl)  # never waits for a phone: a hand-over to its thread
            except Exception:
                log.exception("phone seats: publishing failed")
        now = self.clock()
        self.display.update(self.ctl.display(), self.ctl.brightness)
        self.display.tick()
        due = force or now - self._last_frame >= self.frame_s
        if not due:
            return
        if self.ui is not None and (force or self.ctl.version != self._drawn_version):
            self._drawn_version = self.ctl.version
            self._preset_home()
            self.ui.set_model(self.ctl.model())
        self._advance_ui()
        if self.present is not None:
            self.present()
            self.stats.frames += 1
        self._last_frame = now
