"""The box's own hotspot: its name, its passphrase and its channel.

Made on the box once and kept in the state directory (:func:`hotspot_credentials`,
0600, written atomically), so that a phone that joined it once joins it again; the
phone join screen shows them as a Wi-Fi QR code (:func:`ui.netmodel.wifi_qr_text`).
:func:`hotspot_channel` pins the channel NetworkManager opens it on
(:class:`hal.network.NmcliNetwork`).
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import secrets
import tempfile
import zlib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("hal.hotspot")


@dataclass(frozen=True, slots=True)
class Hotspot:
    """The box's own network: its name and its WPA2 passphrase (made once, kept)."""

    ssid: str
    passphrase: str


HOTSPOT_CHANNELS = (1, 6, 11)
"""2.4 GHz channels every regulatory domain lets an access point start on, the world
domain (``00``, a box with no country set) included: its channels 12-13 are
no-initiating-radiation, which NetworkManager's own choice (1, 6, 11 or 13 from a hash of
the name, when the profile names none) does not look at; then wpa_supplicant fails to start
the access point and the hotspot never opens (docs/deploy.md §8)."""


def hotspot_channel(ssid: str) -> int:
    """The hotspot's channel: one of :data:`HOTSPOT_CHANNELS`, the same for a name every
    time, so that two boxes in one room are likely on two channels, as NetworkManager
    spreads its own hotspots."""
    return HOTSPOT_CHANNELS[zlib.crc32(ssid.encode()) % len(HOTSPOT_CHANNELS)]


PASS_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"
"""Letters and digits nobody misreads on a screen: no 0/o, 1/l/i."""
PASS_LENGTH = 12  # WPA2 wants 8-63; 12 of 31 symbols is ~59 bits
HOTSPOT_FILE = "hotspot.json"


def make_hotspot(randbelow: Callable[[int], int] = secrets.randbelow) -> Hotspot:
    """A fresh name (``Tressette-`` and four symbols, so two boxes in one room differ)
    and passphrase, from the system's cryptographic random source."""
    def word(n: int) -> str:
        return "".join(PASS_ALPHABET[randbelow(len(PASS_ALPHABET))] for _ in range(n))

    return Hotspot(f"Tressette-{word(4).upper()}", word(PASS_LENGTH))


def valid_passphrase(p: object) -> bool:
    return isinstance(p, str) and 8 <= len(p) <= 63 and p.isascii() and p.isprintable()


def hotspot_credentials(state_dir: Path, *, make: Callable[[], Hotspot] = make_hotspot) -> Hotspot:
    """The hotspot's name and passphrase kept in ``state_dir/hotspot.json`` (0600, written
    atomically); made on the first call, or again when the file is unreadable. A state
    directory that cannot be written gives a hotspot for this start only (logged), never
    an error: the table plays without it."""
    path = Path(state_dir) / HOTSPOT_FILE
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        ssid, passphrase = data["ssid"], data["passphrase"]
        if isinstance(ssid, str) and 0 < len(ssid.encode()) <= 32 and valid_passphrase(passphrase):
            return Hotspot(ssid, passphrase)
        log.warning("%s holds no usable hotspot: making a new one", path)
    except FileNotFoundError:
        pass
    except (OSError, ValueError, KeyError, TypeError) as exc:
        log.warning("%s unreadable (%s): making a new hotspot", path, exc)
    hotspot = make()
    try:
        _write_private(path, json.dumps({"ssid": hotspot.ssid, "passphrase": hotspot.passphrase}) + "\n")
    except OSError as exc:  # the state directory cannot be written now: this start's hotspot, not kept
        # (info: the program says once, louder, that its state directory cannot be written)
        log.info("the hotspot's passphrase cannot be kept in %s (%s): made anew at the next start", path, exc)
    return hotspot


def _write_private(path: Path, text: str) -> None:
    """Temp file (0600 from the start), fsync, rename, fsync of the directory."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        os.fchmod(fd, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    dfd = os.open(path.parent, os.O_RDONLY)
    try:
        os.fsync(dfd)
    finally:
        os.close(dfd)
