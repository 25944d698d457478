"""Pictures the tests keep for a person to look at (test-artifacts/), written fast.

pygame's own PNG writer filters every row and compresses at zlib's default level: 14.5 ms
for an 800x480 screen on the development machine, and the suite keeps thousands. Here the
rows go unfiltered at level 1 (ui/png.py): 5.5 ms, the same pixels, a file about a tenth larger.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from ui.png import png_bytes

if TYPE_CHECKING:  # pygame loads where a test draws (its SDL drivers set first)
    import pygame


def save_png(surface: pygame.Surface, path: Path | str) -> None:
    """``surface`` as a PNG file at ``path`` (with its alpha where it has one per pixel)."""
    Path(path).write_bytes(png_bytes(surface, level=1))
