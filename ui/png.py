"""A surface as PNG bytes, written fast: rows unfiltered, zlib at the level asked.

pygame's own writer filters every row and compresses at zlib's default level. For the
phones' card pictures (ui/webart.py: 72 cards of 240x384) that was 0.38 s of CPU on the
development machine, 920 KB in all; unfiltered at level 3 it is 0.08 s and 786 KB, the
same pixels (a box's phone server is ready sooner, a Pi's start costs a few seconds
less). The tests' pictures for people (tests/pictures.py) use level 1.
"""

from __future__ import annotations

import struct
import zlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pygame loads where a picture is drawn (its SDL drivers set first)
    import pygame


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def png_bytes(surface: pygame.Surface, level: int = 3) -> bytes:
    """``surface`` as a PNG (with its alpha where it has one per pixel)."""
    # start-up: pygame only where a picture is drawn
    import pygame

    alpha = bool(surface.get_flags() & pygame.SRCALPHA)
    w, h = surface.get_size()
    raw = pygame.image.tobytes(surface, "RGBA" if alpha else "RGB")
    stride = w * (4 if alpha else 3)
    rows = b"".join(b"\x00" + raw[y * stride : (y + 1) * stride] for y in range(h))
    header = struct.pack(">IIBBBBB", w, h, 8, 6 if alpha else 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", header) + _chunk(b"IDAT", zlib.compress(rows, level))
            + _chunk(b"IEND", b""))  # fmt: skip
