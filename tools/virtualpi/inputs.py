"""Input: the tablet, the keyboard, the card reader, as the bytes and QMP events they send."""

from __future__ import annotations

from collections.abc import Sequence

SCREEN_SIZE = (800, 480)  # virtio-gpu-pci,xres=800,yres=480: the official 7" display's mode


ABS_MAX = 32767  # QEMU's usb-tablet reports 0..0x7fff on both axes


# Friendly key names over QEMU's qcodes (the rest are qcodes already: a..z, 0..9, up, f1, ...).
KEY_ALIASES = {"enter": "ret", "return": "ret", "space": "spc", "escape": "esc", "backspace": "backspace"}


def abs_axis(value: int, extent: int) -> int:
    """A screen pixel (0..extent-1) as the tablet's absolute axis value (0..32767)."""
    if not 0 <= value < extent:
        raise ValueError(f"{value} is off the screen (0..{extent - 1})")
    return round(value * ABS_MAX / max(1, extent - 1))


def tap_events(x: int, y: int, size: tuple[int, int] = SCREEN_SIZE) -> list[list[dict[str, object]]]:
    """A tap as QMP input-send-event batches: move there, press, release (the left button of an
    absolute pointer: SDL's evdev layer turns it into a mouse click at that pixel).

    The move goes first one step (a fraction of a pixel) beside the place: the kernel drops an
    absolute value equal to the last one, so a tap where the pointer already was would send no
    position at all, and a program started since (which has not seen one) would click at 0,0."""
    ax, ay = abs_axis(x, size[0]), abs_axis(y, size[1])

    def move(vx: int, vy: int) -> list[dict[str, object]]:
        return [{"type": "abs", "data": {"axis": "x", "value": vx}},
                {"type": "abs", "data": {"axis": "y", "value": vy}}]

    return [move(ax - 1 if ax else 1, ay - 1 if ay else 1), move(ax, ay),
            [{"type": "btn", "data": {"down": True, "button": "left"}}],
            [{"type": "btn", "data": {"down": False, "button": "left"}}]]


def qcode(name: str) -> str:
    """A key name as QEMU's qcode: lower case letters, digits and underscores."""
    code = KEY_ALIASES.get(name.lower(), name.lower())
    if not code or not all(c.isascii() and (c.isalnum() or c == "_") for c in code):
        raise ValueError(f"not a key name: {name!r} (QEMU qcodes: a, 1, up, ret, esc, spc, ...)")
    return code


def key_events(name: str) -> list[list[dict[str, object]]]:
    """A key press and its release as QMP input-send-event batches."""
    key = {"type": "qcode", "data": qcode(name)}
    return [[{"type": "key", "data": {"down": True, "key": key}}],
            [{"type": "key", "data": {"down": False, "key": key}}]]


def rdm6300_frame(tag: str) -> bytes:
    """The 14 bytes an RDM6300 sends for a tag: STX, 10 hex digits, 2 hex digits of the XOR of
    the five bytes they spell, ETX (docs/hardware.md)."""
    if len(tag) != 10 or any(c not in "0123456789abcdefABCDEF" for c in tag):
        raise ValueError(f"an RDM6300 tag id is 10 hex digits, not {tag!r}")
    check = 0
    for byte in bytes.fromhex(tag):
        check ^= byte
    return b"\x02" + tag.upper().encode() + f"{check:02X}".encode() + b"\x03"


def barcode_line(code: str) -> bytes:
    """What a barcode scanner in serial mode sends for ``code``: the text and CR LF."""
    if not code or any(c in "\r\n" for c in code) or not code.isascii() or not code.isprintable():
        raise ValueError(f"a barcode is one line of printable ASCII, not {code!r}")
    return code.encode() + b"\r\n"


def centre(rect: Sequence[int]) -> tuple[int, int]:
    """The middle of an (x, y, w, h) rectangle: where a finger lands on it."""
    x, y, w, h = rect
    return x + w // 2, y + h // 2
