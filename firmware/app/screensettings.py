"""A setting changed on the screen: kept in ``<state_dir>/settings.toml`` (the overlay
layered over the settings file at the next start), and the score display's
brightness the table follows now.
"""

from __future__ import annotations

import logging

from firmware.app.core import Table
from firmware.app.messages import msg
from firmware.config import save_screen_setting

log = logging.getLogger("firmware.app.controller")


class ScreenSettings:
    """The settings the screen changes, kept; the display's brightness owned here."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.brightness: int | None = None  # set from the screen's settings (0..7)

    def set(self, key: str, value: bool | int | str) -> None:
        if key == "brightness" and isinstance(value, int):
            self.brightness = max(0, min(7, round(value * 7 / 100)))
            self.table.version += 1
            self._persist("brightness", self.brightness)
        elif key in ("language", "deck_style", "german_style", "sounds", "speed", "safe_play"):
            self._persist(key, value)

    def _persist(self, key: str, value: bool | int | str) -> None:
        """Keep a setting changed on the screen in ``<state_dir>/settings.toml``.

        The settings file itself (/etc on the box, read-only under the unit) is
        never written: the overlay is layered over it at the next start.
        """
        path = self.table.opts.settings_file
        if path is None:
            return
        try:
            save_screen_setting(path, key, value)
        except ValueError as exc:
            log.warning("setting %s=%r refused: %s", key, value, exc)
            self.table.refuse(msg("r_bad_setting", setting=key, value=str(value)))
        except OSError as exc:
            log.warning("setting %s not saved to %s: %s", key, path, exc)
            self.table.say(msg("m_settings_not_saved", why=str(exc)), "error")
