"""The simulator on a private X display, for touch-play: what to run (:class:`RunSpec`),
the Xvfb display (:func:`xvfb`), the simulator's settings file (:func:`config_text`) and
one running simulator (:class:`Session`: its window, its probe file, clicks, screenshots).

:mod:`tools.touchplay` decides what to tap and drives a match through these; the Xvfb
tests of the touchscreen open their display here too.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from firmware.engine import PRESETS
from ui.probe import PROBE_ENV

TOOLS = ("Xvfb", "xdotool", "import", "xwininfo")
PANEL_W = 300  # firmware.app.window.PANEL_W: the table panel beside the screen
REPO = Path(__file__).resolve().parents[2]


class TouchPlayError(Exception):
    """The run failed: a stall, a crash, a tap that did nothing. ``shot`` shows the screen then."""

    def __init__(self, message: str, shot: Path | None = None) -> None:
        super().__init__(message + (f" (last screenshot: {shot})" if shot is not None else ""))
        self.shot = shot


@dataclass(frozen=True, slots=True)
class RunSpec:
    game: str
    size: tuple[int, int] = (800, 480)
    lang: str = "it"
    target: int | None = None  # None: the preset's default
    hands: int | None = None  # stop after this many hands (None: the whole match)
    seed: int = 1
    out: Path | None = None
    stall_s: float = 30.0
    timeout_s: float = 1800.0
    signals: bool = True
    bubble_shots: int = 3
    think_ms: int | None = None  # the computers' pause; None: the fast game speed's
    options: tuple[tuple[str, str], ...] = ()  # variant options (key, value) over the preset's
    restart_after: int | None = None  # stop the simulator after this hand's end, start it again
    excursions: bool = True
    tap_wait_s: float = 3.0  # a tap the screen does not answer within this is a dud; 4 in a row fail
    speed_by_touch: bool = True  # tap the fast speed in Settings (else the settings file names it)
    deck_style: str | None = None  # the Italian deck's pictures ([ui] deck_style); None: the default

    @property
    def name(self) -> str:
        return f"{self.game}-{self.lang}-{self.size[0]}x{self.size[1]}"


def missing_tools() -> list[str]:
    return [t for t in TOOLS if shutil.which(t) is None]


@contextmanager
def xvfb(size: tuple[int, int]) -> Iterator[str]:
    """A private X display big enough for the simulator's window; yields ``:N``."""
    w, h = size[0] + PANEL_W, max(size[1], 480)
    read, write = os.pipe()
    # -noreset: else the server resets each time its last client leaves (an xwininfo asking
    # where the window is), and a simulator connecting in that moment is refused
    proc = subprocess.Popen(
        ["Xvfb", "-displayfd", str(write), "-screen", "0", f"{w}x{h}x24", "-nolisten", "tcp", "-noreset"],
        pass_fds=(write,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    os.close(write)
    try:
        with os.fdopen(read) as f:  # Xvfb writes the display number it chose once it is up
            number = f.readline().strip()
        if not number.isdigit():
            raise TouchPlayError("Xvfb did not start")
        yield f":{number}"
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def config_text(spec: RunSpec) -> str:
    """The simulator's settings file: the game, one person and easy computers, the language
    (and the fast game speed when it is not to be tapped in Settings)."""

    preset = PRESETS[spec.game]
    options: dict[str, Any] = {o.key: o.default for o in preset.options}
    options.update((k, json.loads(toml_value(v))) for k, v in spec.options)
    n = int(options.get("players", preset.n_seats))
    seats = ", ".join(['"human"'] + ['"cpu:easy"'] * (n - 1))
    lines = ["[game]", f'variant = "{spec.game}"', f"seats = [{seats}]", "think_ms = 0", "", "[game.options]"]
    if spec.target is not None:
        lines.append(f"target = {spec.target}")
    for key, value in spec.options:
        lines.append(f"{key} = {toml_value(value)}")
    lines += ["", "[ui]", f'language = "{spec.lang}"', "sounds = false"]
    if spec.deck_style is not None:
        lines.append(f'deck_style = "{spec.deck_style}"')
    if not spec.speed_by_touch:
        lines.append('speed = "fast"')
    lines.append("")
    return "\n".join(lines)


def toml_value(text: str) -> str:
    """An option's value as TOML: true/false, a number, else a string."""
    if text in ("true", "false"):
        return text
    if text.isdigit():
        return text
    return json.dumps(text)


class Session:
    """One simulator on one display: its window, its probe file, clicks and screenshots."""

    def __init__(self, spec: RunSpec, display: str, work: Path, out: Path) -> None:
        self.spec = spec
        self.display = display
        self.work = work
        self.out = out
        self.probe_path = work / "probe.json"
        self.err_path = work / "sim.stderr"
        self.origin: tuple[int, int] | None = None
        self.last_shot: Path | None = None
        self.proc: subprocess.Popen[bytes] | None = None

    def env(self) -> dict[str, str]:
        env = dict(os.environ, DISPLAY=self.display, SDL_AUDIODRIVER="dummy", PYTHONPATH=str(REPO))
        env[PROBE_ENV] = str(self.probe_path)
        env["PYTHONFAULTHANDLER"] = "1"  # threads() below: where a stalled simulator stands
        env.pop("SDL_VIDEODRIVER", None)  # a real X11 window
        return env

    def x(self, *args: str) -> str:
        out = subprocess.run(args, env=self.env(), capture_output=True, timeout=30)
        return out.stdout.decode(errors="replace")

    def start(self) -> None:
        cfg = self.work / "settings.toml"
        cfg.write_text(config_text(self.spec), encoding="utf-8")
        w, h = self.spec.size
        cmd = [sys.executable, "-m", "firmware.cli", "sim", "--state-dir", str(self.work / "state"),
               "--config", str(cfg), "--seed", str(self.spec.seed), "--size", f"{w}x{h}"]  # fmt: skip
        if self.spec.think_ms is not None:
            cmd += ["--think-ms", str(self.spec.think_ms)]
        with open(self.err_path, "wb") as err:
            self.proc = subprocess.Popen(cmd, env=self.env(), cwd=REPO, stdout=subprocess.DEVNULL, stderr=err)

    def stderr(self) -> str:
        try:
            return self.err_path.read_text(encoding="utf-8", errors="replace")
        except OSError:
            return ""

    def alive(self) -> None:
        assert self.proc is not None
        if self.proc.poll() is not None:
            raise TouchPlayError(f"the simulator exited ({self.proc.returncode}): {self.stderr()[-2000:]}",
                                 self.last_shot)  # fmt: skip
        if "Traceback" in self.stderr():
            raise TouchPlayError(f"the simulator wrote a traceback: {self.stderr()[-3000:]}", self.shot("traceback"))

    def threads(self) -> str:
        """Where every thread of a stalled simulator stands (SIGABRT: faulthandler's dump; it ends it)."""
        proc = self.proc
        if proc is None or proc.poll() is not None:
            return ""
        before = len(self.stderr())
        self._signal(signal.SIGABRT, 10)
        return self.stderr()[before:][-4000:]

    def stop(self) -> int:
        """SIGTERM (a clean stop, as systemd does), a kill if it hangs; the exit code."""
        proc = self.proc
        if proc is None:
            return 0
        if proc.poll() is None:
            self._signal(signal.SIGTERM, 15)
        return int(proc.returncode)

    def _signal(self, sig: int, wait_s: float) -> None:
        """Send ``sig``, wait for the end, kill after ``wait_s`` seconds."""
        assert self.proc is not None
        self.proc.send_signal(sig)
        try:
            self.proc.wait(wait_s)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()

    def window(self, timeout: float = 60.0) -> tuple[int, int]:
        """Where the simulator's window is on the root (``xwininfo``; xdotool's search
        trips over SDL's helper windows)."""
        deadline = time.monotonic() + timeout
        tree = ""
        while time.monotonic() < deadline:
            self.alive()
            tree = self.x("xwininfo", "-root", "-tree")
            for line in tree.splitlines():
                if "simulator" in line and "+" in line:
                    _, gx, gy = line.split()[-1].split("+")
                    self.origin = (int(gx), int(gy))
                    return self.origin
            time.sleep(0.2)
        shot = self.shot("no-window")
        raise TouchPlayError(f"the simulator's window never appeared; windows: {tree[-800:]!r}; "
                             f"its stderr: {self.stderr()[-1500:]!r}; its threads: {self.threads()}", shot)  # fmt: skip

    def probe(self) -> dict[str, Any] | None:
        try:
            text = self.probe_path.read_text(encoding="utf-8")
        except OSError:
            return None
        try:
            data = json.loads(text)
        except ValueError:
            return None
        return data if isinstance(data, dict) else None

    def click(self, point: tuple[int, int]) -> None:
        assert self.origin is not None
        ox, oy = self.origin
        self.x("xdotool", "mousemove", str(ox + point[0]), str(oy + point[1]), "click", "1")

    def shot(self, name: str) -> Path:
        self.out.mkdir(parents=True, exist_ok=True)
        path = self.out / f"{name}.png"
        self.x("import", "-window", "root", str(path))
        self.last_shot = path
        return path
