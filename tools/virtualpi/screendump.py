"""Screenshots: QEMU's screendump (a PPM) saved as a PNG with the standard library."""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

from tools.virtualpi.cache import Paths
from tools.virtualpi.machine import qemu_pid
from tools.virtualpi.monitor import qmp
from tools.virtualpi.usage import UsageError, log


def ppm_to_png(ppm: bytes) -> bytes:
    """QEMU's screendump (binary PPM, P6, maxval 255) as a PNG, with the standard library."""
    fields: list[bytes] = []
    pos = 0
    while len(fields) < 4:
        while pos < len(ppm) and ppm[pos:pos + 1].isspace():
            pos += 1
        if ppm[pos:pos + 1] == b"#":
            end = ppm.find(b"\n", pos)
            if end < 0:
                raise ValueError("PPM header ends inside a comment")
            pos = end + 1
            continue
        start = pos
        while pos < len(ppm) and not ppm[pos:pos + 1].isspace():
            pos += 1
        if start == pos:
            raise ValueError("PPM header is truncated")
        fields.append(ppm[start:pos])
    if fields[0] != b"P6":
        raise ValueError(f"not a binary PPM (magic {fields[0]!r})")
    try:
        width, height, maxval = (int(f) for f in fields[1:])
    except ValueError:
        raise ValueError("PPM size or maxval is not a number") from None
    if width <= 0 or height <= 0 or maxval != 255:
        raise ValueError(f"unsupported PPM {width}x{height} maxval {maxval}")
    pixels = ppm[pos + 1:]
    stride = width * 3
    if len(pixels) < stride * height:
        raise ValueError(f"PPM pixel data short: {len(pixels)} of {stride * height} bytes")
    raw = b"".join(b"\x00" + pixels[y * stride:(y + 1) * stride] for y in range(height))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(raw, 6)) + chunk(b"IEND", b""))


def screenshot(p: Paths, out: Path) -> None:
    if qemu_pid(p) is None:
        raise UsageError("not running (scripts/virtual-pi up)")
    ppm = p.run / "screendump.ppm"
    ppm.unlink(missing_ok=True)
    qmp(p, "screendump", {"filename": str(ppm)})
    out.write_bytes(ppm_to_png(ppm.read_bytes()))
    log(f"screenshot: {out}")
