"""QEMU's QMP monitor (<run>/qmp.sock): commands, taps and key presses."""

from __future__ import annotations

import json
import socket
import time
from collections.abc import Sequence

from tools.virtualpi.cache import Paths
from tools.virtualpi.inputs import key_events, tap_events
from tools.virtualpi.usage import UsageError


class Qmp:
    """A QMP session on the running machine (several commands on one connection)."""

    def __init__(self, p: Paths) -> None:
        self.sock = socket.socket(socket.AF_UNIX)
        self.sock.settimeout(60)
        self.sock.connect(str(p.qmp))
        self.f = self.sock.makefile("rwb")
        json.loads(self.f.readline())  # greeting
        self.call("qmp_capabilities")

    def call(self, command: str, arguments: dict[str, object] | None = None) -> object:
        msg: dict[str, object] = {"execute": command}
        if arguments:
            msg["arguments"] = arguments
        self.f.write(json.dumps(msg).encode() + b"\n")
        self.f.flush()
        while True:
            line = self.f.readline()
            if not line:
                raise UsageError(f"qmp {command}: QEMU closed the connection")
            reply: dict[str, object] = json.loads(line)
            if "error" in reply:
                raise UsageError(f"qmp {command}: {reply['error']}")
            if "return" in reply:
                return reply["return"]

    def events(self, batches: Sequence[Sequence[dict[str, object]]], pause: float = 0.12) -> None:
        """input-send-event, batch by batch, a short pause between (a press must last a frame)."""
        for i, batch in enumerate(batches):
            if i:
                time.sleep(pause)
            self.call("input-send-event", {"events": list(batch)})

    def close(self) -> None:
        self.f.close()
        self.sock.close()

    def __enter__(self) -> Qmp:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def qmp(p: Paths, command: str, arguments: dict[str, object] | None = None) -> object:
    with Qmp(p) as q:
        return q.call(command, arguments)


def tap(p: Paths, x: int, y: int) -> None:
    with Qmp(p) as q:
        q.events(tap_events(x, y))


def press_keys(p: Paths, names: Sequence[str]) -> None:
    with Qmp(p) as q:
        for name in names:
            q.events(key_events(name))
            time.sleep(0.12)
