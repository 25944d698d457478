"""When a frame is drawn and shown: every frame while anything moves, a few a second
while the picture stands still.

The main loop asks for a frame thirty times a second. Drawing the whole screen and
showing it (``pygame.display.flip``) cost the simulator a sixth of a core with nothing
happening on the home screen, most of it the flip; on a Pi that is heat and power for a
picture nobody sees change. :class:`FramePacer` keeps the full pace while frames differ
and after anything that may change them (a tap, a key, a new model from the table), and
once half a second of frames came out the same, draws one frame in six. A frame is shown
only when its pixels differ from the one on the glass, so what the screen shows is always
the last picture drawn: an animation that starts by the clock alone (a banner, the LED
display's blink) is seen within a sixth of a second, then drawn at full pace again.
"""

from __future__ import annotations

import pygame

STILL_AFTER = 15
"""Identical frames in a row (half a second at thirty a second) before the pace drops."""

STILL_EVERY = 6
"""Then one frame in six is drawn: five a second, so a clock's second or a caret still moves."""


class FramePacer:
    """One screen's pace: :meth:`due` before drawing, :meth:`changed` before showing."""

    def __init__(self) -> None:
        self._shown: bytes | None = None  # the pixels on the glass
        self._still = 0  # frames drawn in a row that came out as the one shown
        self._skipped = 0
        self._model: object = None
        self._shown_as: object = None

    def wake(self) -> None:
        """Something happened that may change the picture (a tap, a key, the window shown
        again): the full pace, and the next frame shown whatever its pixels."""
        self._still = 0
        self._shown = None

    def due(self, model: object = None, shown: object = None) -> bool:
        """Draw this frame? A new ``model`` (compared by identity) or a new ``shown`` (the
        screen, a question over it: compared by value, as the UI switches them by the clock
        too, a hand's count after its last trick) is drawn at once."""
        if model is not self._model or shown != self._shown_as:
            self._model, self._shown_as = model, shown
            self._still = 0
        if self._still < STILL_AFTER:
            return True
        self._skipped += 1
        if self._skipped < STILL_EVERY:
            return False
        self._skipped = 0
        return True

    def changed(self, surface: pygame.Surface) -> bool:
        """The frame just drawn on ``surface``: show it (True) or is it the one shown?"""
        pixels = surface.get_buffer().raw
        if pixels == self._shown:
            self._still += 1
            return False
        self._shown = pixels
        self._still = 0
        return True
