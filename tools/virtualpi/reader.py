"""The card reader's socket (<run>/reader.sock): QEMU's usb-serial, /dev/ttyUSB0 in the guest."""

from __future__ import annotations

import socket

from tools.virtualpi.cache import Paths


class ReaderPlug:
    """The card reader plugged in: while this holds <run>/reader.sock open, QEMU's usb-serial
    is attached and the guest has /dev/ttyUSB0; bytes written here arrive there."""

    def __init__(self, p: Paths) -> None:
        self.sock = socket.socket(socket.AF_UNIX)
        self.sock.settimeout(30)
        self.sock.connect(str(p.reader))

    def send(self, data: bytes) -> None:
        self.sock.sendall(data)

    def close(self) -> None:
        self.sock.close()

    def __enter__(self) -> ReaderPlug:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
