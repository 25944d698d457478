"""``tressette bench ui``: frame times of the table screen with the dummy video driver,
and what a still screen costs.

Renders the tressette2 table (mid-hand, my turn, a draw in flight every few
frames so the animation path is measured too) and prints median, p95 and
max milliseconds per frame (update + draw), for each screen size. Then the
simulator itself, nothing happening for ``--seconds`` (default 10): its share of
a core on the home screen, waiting for a person's card and waiting for a phone's
(the screen's pace, ui/frames.py). In a window where ``DISPLAY`` is set (the flip
costs what it costs there), else headless (the dummy driver's flip costs nothing).
"""

from __future__ import annotations

import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from firmware.engine import PRESETS, make_variant
from tools import demo


def frame_times(size: tuple[int, int], frames: int, variant: str = "tressette2", seed: int = 1,
                cpu: list[float] | None = None) -> list[float]:
    """Wall seconds per frame; ``cpu`` (if given) collects this thread's CPU seconds per frame,
    which a busy machine's other processes do not inflate."""
    # start-up: pygame only when a window or screen is opened (tressette replay, history and run without a screen never load it)
    import pygame

    # start-up: pygame only when a window or screen is opened (tressette replay, history and run without a screen never load it)
    from ui.app import UIApp

    surf = pygame.Surface(size)
    ui = UIApp(surf, sounds=False)
    models = [demo.sample_model(variant, seed, n) for n in range(2, 12)]
    ui.set_model(models[0])
    for _ in range(5):  # warm the caches, as the first seconds on the box do
        ui.update(1 / 60)
        ui.draw()
    times = []
    for i in range(frames):
        if i % 40 == 0:  # a new model now and then: a play, a trick, draws
            ui.set_model(models[(i // 40) % len(models)])
        t0, c0 = time.perf_counter(), time.thread_time()
        ui.update(1 / 60)
        ui.draw()
        times.append(time.perf_counter() - t0)
        if cpu is not None:
            cpu.append(time.thread_time() - c0)
    return times


def _cpu_s(pid: int) -> float:
    """A process's user + system CPU seconds, from /proc."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def still_share(seats: str | None, seconds: float, *, window: bool, settle_s: float = 6.0) -> float:
    """The simulator's share of one core over ``seconds`` with nothing happening: its home
    screen (``seats`` None), or a game waiting for a person's or a phone's card, measured
    ``settle_s`` after its start (the first frames drawn, the computer's card played)."""
    with tempfile.TemporaryDirectory() as tmp:
        cmd = [sys.executable, "-m", "firmware.cli", "sim", "--state-dir", f"{tmp}/state",
               "--config", f"{tmp}/s.toml", "--seed", "1", "--think-ms", "0"]  # fmt: skip
        if seats:
            cmd += ["--seats", seats]
        if seats and "phone" in seats:
            with socket.socket() as free:
                free.bind(("127.0.0.1", 0))
                port = free.getsockname()[1]
            cmd += ["--phones-host", "127.0.0.1", "--phones-port", str(port)]
        if not window:
            cmd.append("--headless")
        proc = subprocess.Popen(cmd, env=dict(os.environ, SDL_AUDIODRIVER="dummy"), stdout=subprocess.DEVNULL,
                                stderr=subprocess.PIPE)  # fmt: skip
        try:
            time.sleep(settle_s)
            if proc.poll() is not None:
                err = proc.stderr.read().decode(errors="replace").strip() if proc.stderr else ""
                raise SystemExit(f"tressette bench ui: the simulator stopped ({proc.returncode}): {err[-300:]}")
            c0, t0 = _cpu_s(proc.pid), time.monotonic()
            time.sleep(seconds)
            return (_cpu_s(proc.pid) - c0) / (time.monotonic() - t0)
        finally:
            proc.terminate()
            proc.communicate(timeout=15)


def main(variant: str = "tressette2", seed: int = 1, frames: int = 600, still_s: float = 10.0) -> int:
    """The report of ``tressette bench ui``; ``variant`` and ``seed`` pick the table drawn
    (a game of two seats: the demo table seats two; another falls back to tressette2)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    # start-up: pygame only when a window or screen is opened (tressette replay, history and run without a screen never load it)
    import pygame

    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((16, 16))
    if variant not in PRESETS or make_variant(variant).n_seats != 2:  # the demo table seats two
        variant = "tressette2"
    seed = seed or 1  # --seed 0 draws seed 1's table, as it always has
    print(f"ui frame times ({variant}, {frames} frames each, update + draw, dummy driver)")
    for size in ((480, 320), (800, 480), (1280, 800)):
        cpu: list[float] = []
        t = sorted(frame_times(size, frames, variant, seed, cpu))
        cpu.sort()
        med, p95, mx = statistics.median(t), t[int(len(t) * 0.95)], t[-1]
        cmed, cp95 = statistics.median(cpu), cpu[int(len(cpu) * 0.95)]
        verdict = "within" if cp95 <= 0.005 else "OVER"
        print(f"  {size[0]}x{size[1]}: wall median {med * 1e3:.2f} ms, p95 {p95 * 1e3:.2f} ms, "
              f"max {mx * 1e3:.2f} ms; cpu median {cmed * 1e3:.2f} ms, p95 {cp95 * 1e3:.2f} ms "
              f"({verdict} the 5 ms budget)")
    print(f"load average now: {os.getloadavg()[0]:.1f} (wall times grow with it, cpu times do not)")
    pygame.quit()
    window = bool(os.environ.get("DISPLAY"))
    where = f"in a window on {os.environ['DISPLAY']}" if window else "headless (no DISPLAY: the flip costs nothing)"
    print(f"a still screen, {still_s:g} s of the simulator {where}:")
    if window:  # (a headless simulator refuses a person's seat: nobody could tap it)
        print(f"  home screen: {still_share(None, still_s, window=window):.1%} of a core")
        waiting = still_share("human,cpu:easy", still_s, window=window)
        print(f"  a game waiting for a person's card: {waiting:.1%} of a core")
    waiting = still_share("phone,cpu:easy", still_s, window=window)
    print(f"  a game waiting for a phone's card (its server up): {waiting:.1%} of a core")
    print(f"load average now: {os.getloadavg()[0]:.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
