"""The machine's sockets from the host's side, against fakes of QEMU's ends: QMP
(tools/virtualpi/monitor.py), the card reader's usb-serial (reader.py), the screendump saved
as a PNG (screendump.py), and the pid file (machine.py)."""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import tempfile
import threading
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tests.tools.virtualpi.test_virtual_pi import _png_pixels
from tools.virtualpi import cache, inputs, machine, monitor, screendump
from tools.virtualpi.cache import Paths
from tools.virtualpi.reader import ReaderPlug
from tools.virtualpi.usage import UsageError

Reply = Callable[[dict[str, object]], list[dict[str, object]]]


@pytest.fixture
def p() -> Iterator[Paths]:
    """A run directory with a short path: a Unix socket's is at most 108 bytes."""
    d = Path(tempfile.mkdtemp(prefix="vp-", dir="/tmp"))
    p = cache.paths_for(d, "k")
    p.run.mkdir()
    yield p
    shutil.rmtree(d)


def _qmp_server(path: Path, reply: Reply) -> list[dict[str, object]]:
    """QEMU's QMP socket: the greeting, then for each command line the lines ``reply`` gives
    (none: the connection closed). Returns the commands received (filled as they come)."""
    got: list[dict[str, object]] = []
    server = socket.socket(socket.AF_UNIX)
    server.bind(str(path))
    server.listen(1)

    def serve() -> None:
        conn, _ = server.accept()
        with conn, conn.makefile("rwb") as f:
            f.write(b'{"QMP": {"version": {"qemu": {"major": 7}}, "capabilities": []}}\n')
            f.flush()
            for line in f:
                got.append(json.loads(line))
                answer = reply(got[-1])
                if not answer:
                    return
                for msg in answer:
                    f.write(json.dumps(msg).encode() + b"\n")
                f.flush()
        server.close()

    threading.Thread(target=serve, daemon=True).start()
    return got


def _ok(cmd: dict[str, object]) -> list[dict[str, object]]:
    if cmd["execute"] == "query-status":
        return [{"event": "RESUME", "data": {}}, {"return": {"status": "running", "running": True}}]
    return [{"return": {}}]


def test_a_qmp_session_negotiates_then_answers_each_command_skipping_events(p: Paths) -> None:
    got = _qmp_server(p.qmp, _ok)
    with monitor.Qmp(p) as q:
        assert q.call("query-status") == {"status": "running", "running": True}
        assert q.call("screendump", {"filename": "/x.ppm"}) == {}
    assert got == [{"execute": "qmp_capabilities"}, {"execute": "query-status"},
                   {"execute": "screendump", "arguments": {"filename": "/x.ppm"}}]


def test_a_qmp_error_and_a_closed_connection_are_usage_errors(p: Paths) -> None:
    def reply(cmd: dict[str, object]) -> list[dict[str, object]]:
        if cmd["execute"] == "system_powerdown":
            return [{"error": {"class": "GenericError", "desc": "no"}}]
        return [] if cmd["execute"] == "quit" else [{"return": {}}]

    _qmp_server(p.qmp, reply)
    with monitor.Qmp(p) as q:
        with pytest.raises(UsageError, match=r"^qmp system_powerdown: \{'class': 'GenericError', 'desc': 'no'\}$"):
            q.call("system_powerdown")
        with pytest.raises(UsageError, match="^qmp quit: QEMU closed the connection$"):
            q.call("quit")


def test_a_tap_is_four_input_events_in_order(p: Paths) -> None:
    got = _qmp_server(p.qmp, _ok)
    monitor.tap(p, 400, 240)
    sent = [c["arguments"] for c in got[1:]]
    assert all(c["execute"] == "input-send-event" for c in got[1:])
    assert sent == [{"events": batch} for batch in inputs.tap_events(400, 240)]


def test_the_reader_plug_sends_bytes_to_the_serial_port(p: Paths) -> None:
    server = socket.socket(socket.AF_UNIX)
    server.bind(str(p.reader))
    server.listen(1)
    with ReaderPlug(p) as plug:
        conn, _ = server.accept()
        plug.send(inputs.rdm6300_frame("0A00B1C2D3"))
        plug.send(inputs.barcode_line("SCAN-1"))
    with conn:
        data = b""
        while chunk := conn.recv(64):
            data += chunk
    server.close()
    assert data == b"\x020A00B1C2D3AA\x03SCAN-1\r\n"  # then the plug pulled: the end of the stream


def test_a_screenshot_is_the_screendump_as_a_png(p: Paths, monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    pixels = bytes(range(2 * 2 * 3))

    def qmp(_: Paths, command: str, arguments: dict[str, object] | None = None) -> object:
        assert command == "screendump" and arguments is not None
        Path(str(arguments["filename"])).write_bytes(b"P6\n2 2\n255\n" + pixels)
        return {}

    monkeypatch.setattr(screendump, "qemu_pid", lambda _: 4242)
    monkeypatch.setattr(screendump, "qmp", qmp)
    screendump.screenshot(p, tmp_path / "shot.png")
    assert _png_pixels((tmp_path / "shot.png").read_bytes()) == (2, 2, pixels)
    assert capsys.readouterr().out == f"virtual-pi: screenshot: {tmp_path / 'shot.png'}\n"
    monkeypatch.setattr(screendump, "qemu_pid", lambda _: None)
    with pytest.raises(UsageError, match="not running"):
        screendump.screenshot(p, tmp_path / "other.png")
    assert not (tmp_path / "other.png").exists()


def test_the_pid_file_names_qemu_only_while_it_lives(p: Paths) -> None:
    assert machine.qemu_pid(p) is None  # no file
    p.pidfile.write_text("not a pid\n")
    assert machine.qemu_pid(p) is None
    p.pidfile.write_text(f"{os.getpid()}\n")
    assert machine.qemu_pid(p) == os.getpid()
    gone = subprocess.Popen(["true"])
    gone.wait()
    p.pidfile.write_text(f"{gone.pid}\n")
    assert machine.qemu_pid(p) is None
    assert machine.wait_gone(gone.pid, 1)
    with pytest.raises(UsageError, match=r"^not running \(scripts/virtual-pi up\)$"):
        machine.need_running(p)
