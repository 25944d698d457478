"""Pictures the tests keep for a person to look at (test-artifacts/), written fast.

pygame's own PNG writer filters every row and compresses at zlib's default level: 14.5 ms
for an 800x480 screen on the development machine, and the suite keeps thousands. Here the
rows go unfiltered at level 1: 5.5 ms, the same pixels, a file about a tenth larger.
"""

from __future__ import annotations

import struct
import zlib
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pygame loads where a test draws (its SDL drivers set first)
    import pygame


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def save_png(surface: pygame.Surface, path: Path | str) -> None:
    """``surface`` as a PNG file at ``path`` (with its alpha where it has one per pixel)."""
    import pygame

    alpha = bool(surface.get_flags() & pygame.SRCALPHA)
    w, h = surface.get_size()
    raw = pygame.image.tobytes(surface, "RGBA" if alpha else "RGB")
    stride = w * (4 if alpha else 3)
    rows = b"".join(b"\x00" + raw[y * stride:(y + 1) * stride] for y in range(h))
    header = struct.pack(">IIBBBBB", w, h, 8, 6 if alpha else 2, 0, 0, 0)
    Path(path).write_bytes(b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", header)
                           + _chunk(b"IDAT", zlib.compress(rows, 1)) + _chunk(b"IEND", b""))
