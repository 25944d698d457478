"""``tressette bench phones``: a tap's way to every phone and the touchscreen, and the memory.

**Latency.** The program as the simulator runs it (the real runtime, main
loop, controller, journal, headless touchscreen UI drawing each frame, and
the phone server on its thread) with treseta4 and four phone seats; four
protocol clients (:class:`~firmware.app.phones.client.PhoneClient`, on a
thread of their own, over loopback) join and play hands. For each tap: the
time from sending it until *every* phone has the new state **and** the
touchscreen has drawn a frame of it (the slower of the two). Targets: median
<= 50 ms, p95 <= 150 ms.

**Memory.** ``tressette sim --headless`` twice, as separate processes: four
computer seats (no phone server), then four phone seats with four phones
connected and playing; the resident set (``VmRSS``) of each once settled.
Target: <= 30 MB more with four phones.

**Bounded.** ``--seconds S`` bounds the whole bench (default :data:`DEFAULT_SECONDS`):
the taps take at most 60% of it, the memory the rest; a wait lasts as long as the
bound allows (under load a tap is slow, not failed), never past it. A bench cut
short reports what it measured, says what it did not, and exits 1; anything else
that stops it (a simulator that does not start) is one line, exit 1, never a
traceback.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import math
import os
import platform
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from firmware.cliopts import BenchOptions

if TYPE_CHECKING:
    import aiohttp

    from firmware.app.controller import TableController
    from firmware.app.loop import Screen
    from firmware.app.phones.client import PhoneClient
    from firmware.engine.seating import SeatSpec
    from ui.intents import HomeChoice, Intent
    from ui.model import TableModel

MEDIAN_MS, P95_MS, MEMORY_MB = 50.0, 150.0, 30.0
DEFAULT_SECONDS = 180.0
"""The bench's bound when ``--seconds`` is not given (it takes 30-60 s on a loaded VM)."""
TAPS_SHARE = 0.6
"""The share of the bound the taps may take; the memory has the rest."""


class Budget:
    """The time left until ``until`` (``time.monotonic``): each wait is cut to it."""

    def __init__(self, until: float) -> None:
        self.until = until

    def left(self, most: float) -> float:
        """At most ``most`` seconds, and no more than remain (a little, once none do)."""
        return max(0.01, min(most, self.until - time.monotonic()))

    def rest(self) -> float:
        """All the time that remains: a wait under load is slow, not failed, until the bound."""
        return self.left(math.inf)

    @property
    def over(self) -> bool:
        return time.monotonic() >= self.until


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class ScreenProbe:
    """The touchscreen UI, unchanged, noting which table state each drawn frame shows."""

    def __init__(self, ui: Screen, ctl: TableController) -> None:
        self._ui = ui
        self._ctl = ctl
        self.model_gen = -1
        self.frames: list[tuple[float, int]] = []  # (perf_counter after the frame, generation shown)
        self.lock = threading.Lock()

    # The loop's Screen: the UI's own answers, set_model noted on the way.
    @property
    def busy(self) -> bool:
        return self._ui.busy

    @property
    def settings(self) -> Mapping[str, object]:
        return self._ui.settings

    def intents(self) -> list[Intent]:
        return self._ui.intents()

    def preset_home(
        self, variant: str, options: Mapping[str, object] | None = None, seats: Sequence[SeatSpec] | None = None,
        *, mode: str | None = None, choice: HomeChoice | None = None,
    ) -> None:
        self._ui.preset_home(variant, options, seats, mode=mode, choice=choice)

    def update(self, dt: float) -> None:
        self._ui.update(dt)

    def set_model(self, model: TableModel) -> None:
        self._ui.set_model(model)
        self.model_gen = self._ctl.generation

    def drawn(self) -> None:
        with self.lock:
            self.frames.append((time.perf_counter(), self.model_gen))
            del self.frames[:-200]

    def shown_at(self, gen: int, after: float) -> float | None:
        with self.lock:
            return next((t for t, g in self.frames if g >= gen and t >= after), None)


async def _play(rt: Any, probe: ScreenProbe, base: str, taps: int, out: list[tuple[float, float]],
                budget: Budget) -> None:  # fmt: skip
    # start-up: aiohttp (and the client built on it) only when the phones are played
    import aiohttp

    async with aiohttp.ClientSession() as session:
        phones: list[PhoneClient] = []
        try:
            for seat in range(4):
                phones.append(await _join(rt, session, base, seat, budget))
            for p in phones:
                await p.wait(lambda c: c.state is not None and not c.state["waiting_for"], timeout=budget.rest())
            while len(out) < taps and not budget.over:
                mover = _mover(phones)
                if mover is not None:
                    out.append(await _timed_tap(mover, phones, probe, budget))
                elif any(p.state is not None and p.state["phase"] == "hand_over" for p in phones):
                    await _next_hand(phones[0], budget)
                else:
                    await asyncio.sleep(0.005)
        except TimeoutError:
            if not budget.over:
                raise  # a wait ran out before the bound: the box did not answer in time
        finally:  # cut short at the bound: the taps measured so far stand
            for p in phones:
                await p.close()


async def _join(rt: Any, session: aiohttp.ClientSession, base: str, seat: int, budget: Budget) -> PhoneClient:
    """A phone joined to ``seat`` with the code the box offers it (once it offers one)."""
    # start-up: aiohttp (and the client built on it) only when the phones are played
    from firmware.app.phones.client import PhoneClient

    deadline = time.monotonic() + budget.rest()
    while True:
        codes = {x.seat: x.code for x in rt.ctl.phones.status.seats if x.code}
        if seat in codes:
            break
        if time.monotonic() > deadline:
            raise TimeoutError("no join code offered")
        await asyncio.sleep(0.01)
    phone = PhoneClient(session, base)
    answer = await phone.join(codes[seat])
    assert answer["type"] == "welcome", answer
    return phone


def _mover(phones: list[PhoneClient]) -> PhoneClient | None:
    """The phone with a tap to make: its card to play, or its "nothing to declare"."""
    return next((p for p in phones if p.state is not None and p.state["phase"] == "play" and (
        p.state["legal"]["nothing"] or p.state["to_move"] == p.seat and p.state["legal"]["play"])), None)  # fmt: skip


async def _next_hand(phone: PhoneClient, budget: Budget) -> None:
    """The hand is over: *Next hand* from ``phone``, until its state moves on."""
    await phone.tap("next")
    v = phone.state["v"] if phone.state else 0
    await phone.wait(lambda c, v=v: c.state is not None and c.state["v"] != v, timeout=budget.rest())


async def _timed_tap(mover: PhoneClient, phones: list[PhoneClient], probe: ScreenProbe,
                     budget: Budget) -> tuple[float, float]:  # fmt: skip
    """``mover``'s tap; ms until every phone has the new state, and until the screen drew it too."""
    st = mover.state
    assert st is not None
    v = st["v"]
    t0 = time.perf_counter()
    if st["legal"]["nothing"]:
        await mover.tap("nothing")
    else:
        await mover.tap("play", card=st["legal"]["play"][0])
    for p in phones:
        await p.wait(lambda c, v=v: c.state is not None and c.state["v"] > v, timeout=budget.rest())
    new_v = min(p.state["v"] for p in phones if p.state is not None)
    phones_at = max(p.state_at for p in phones)
    deadline = time.monotonic() + budget.rest()
    while (screen_at := probe.shown_at(new_v, t0)) is None:
        if time.monotonic() > deadline:
            raise TimeoutError("the touchscreen never showed the tap")
        await asyncio.sleep(0.001)
    return ((phones_at - t0) * 1000, (max(phones_at, screen_at) - t0) * 1000)


def latency(taps: int, seed: int, budget: Budget | None = None) -> list[tuple[float, float]]:
    """(to every phone, to every phone and the screen) per tap, in ms; fewer than ``taps``
    when ``budget`` runs out first."""
    budget = budget or Budget(time.monotonic() + DEFAULT_SECONDS)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    # start-up: the program itself, after the environment for its window is set
    from firmware.app.controller import ControllerOptions
    from firmware.app.runtime import Runtime
    from firmware.config import PHONE, GameSettings, Settings

    out: list[tuple[float, float]] = []
    errors: list[BaseException] = []
    with tempfile.TemporaryDirectory(prefix="bench-phones-") as tmp:
        settings = Settings(game=GameSettings(variant="treseta4", seats=[PHONE] * 4, think_ms=0), state_dir=tmp)
        settings.phones.host, settings.phones.port, settings.phones.address = "127.0.0.1", free_port(), "127.0.0.1"
        rt = Runtime(settings=settings, state_dir=Path(tmp), options=ControllerOptions(seed=seed),
                     think_ms=0, seed=seed)  # fmt: skip
        with rt:
            rt.start_sim(size=(800, 480), headless=True)
            assert rt.loop.ui is not None  # start_sim gave the loop its screen
            probe = ScreenProbe(rt.loop.ui, rt.ctl)
            rt.loop.ui = probe
            present = rt.loop.present

            def drawn() -> None:
                if present is not None:
                    present()
                probe.drawn()

            rt.loop.present = drawn
            rt.ctl.new_match()
            base = f"http://127.0.0.1:{settings.phones.port}"

            def clients() -> None:
                try:
                    asyncio.run(_play(rt, probe, base, taps, out, budget))
                except BaseException as exc:
                    errors.append(exc)

            thread = threading.Thread(target=clients, name="bench-phones", daemon=True)
            thread.start()
            # the clients' thread ends at the bound; the loop too, a moment later, whatever they do
            hard_stop = budget.until + 5.0
            rt.loop.run(until=lambda: not thread.is_alive() or time.monotonic() > hard_stop)
            if thread.is_alive():
                raise TimeoutError("the phones' clients did not stop at the bound")
    if errors:
        raise errors[0]
    return out


def _rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise OSError("no VmRSS")


def _sim(state: Path, seats: str, port: int | None) -> subprocess.Popen[bytes]:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    cmd = [sys.executable, "-m", "firmware.cli", "sim", "--headless", "--variant", "treseta4", "--seats", seats,
           "--state-dir", str(state), "--seed", "3", "--config", str(state / "settings.toml")]  # fmt: skip
    if port is not None:
        cmd += ["--phones-host", "127.0.0.1", "--phones-port", str(port)]
    else:
        cmd += ["--think-ms", "60000"]  # the computers sit still: the program idles as it does with phones
    return subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


async def _phones_playing(base: str, secrets: dict[int, str], taps: int, budget: Budget) -> None:
    # start-up: aiohttp (and the client built on it) only when the phones are played
    import aiohttp

    from firmware.app.phones.client import PhoneClient

    async with aiohttp.ClientSession() as session:
        phones = []
        for secret in secrets.values():
            deadline = time.monotonic() + budget.rest()
            while True:
                phone = PhoneClient(session, base)
                try:
                    if (await phone.resume(secret))["type"] == "welcome":
                        break
                except (aiohttp.ClientError, OSError, ConnectionError):
                    pass
                if time.monotonic() > deadline:
                    raise TimeoutError("the simulator's phone server did not answer")
                await asyncio.sleep(0.2)
            phones.append(phone)
        for p in phones:
            await p.wait(lambda c: c.state is not None and not c.state["waiting_for"], timeout=budget.rest())
        done = 0
        while done < taps:
            if budget.over:
                raise TimeoutError("four phones did not play within the bound")
            mover = next((p for p in phones if p.state and p.state["phase"] == "play" and (
                p.state["legal"]["nothing"] or p.state["to_move"] == p.seat and p.state["legal"]["play"])), None)  # fmt: skip
            if mover is None or mover.state is None:
                await asyncio.sleep(0.01)
                continue
            v = mover.state["v"]
            if mover.state["legal"]["nothing"]:
                await mover.tap("nothing")
            else:
                await mover.tap("play", card=mover.state["legal"]["play"][0])
            await mover.wait(lambda c, v=v: c.state is not None and c.state["v"] != v, timeout=budget.rest())
            done += 1
        await asyncio.sleep(budget.left(1.0))  # settled, still connected


def memory(budget: Budget | None = None) -> tuple[float, float]:
    """VmRSS of the simulator without phones and with four playing, in MB; TimeoutError
    when ``budget`` runs out first."""
    budget = budget or Budget(time.monotonic() + DEFAULT_SECONDS)
    with tempfile.TemporaryDirectory(prefix="bench-phones-mem-") as tmp:
        none_dir, four_dir = Path(tmp) / "none", Path(tmp) / "four"
        none_dir.mkdir()
        four_dir.mkdir()
        proc = _sim(none_dir, "cpu:easy,cpu:easy,cpu:easy,cpu:easy", None)
        try:
            time.sleep(budget.left(6.0) if budget.until - time.monotonic() > 12.0 else budget.left(1.0))
            without = _rss_mb(proc.pid)
        finally:
            proc.kill()  # a measuring run: its computers sleep on a worker, nothing to keep
            proc.wait(10)
        secrets = {s: f"{s}" * 43 for s in range(4)}
        digests = {str(s): hashlib.sha256(x.encode()).hexdigest() for s, x in secrets.items()}
        (four_dir / "phones.json").write_text(json.dumps({"seats": digests}))
        port = free_port()
        proc = _sim(four_dir, "phone,phone,phone,phone", port)
        try:
            asyncio.run(_phones_playing(f"http://127.0.0.1:{port}", secrets, 12, budget))
            with_phones = _rss_mb(proc.pid)
        finally:
            proc.kill()
            proc.wait(10)
    return without, with_phones


def p95(xs: list[float]) -> float:
    return xs[min(len(xs) - 1, round(0.95 * (len(xs) - 1)))]


def main(args: BenchOptions) -> int:
    taps = max(20, args.hands * 20)
    bound = args.seconds_or(DEFAULT_SECONDS)
    start = time.monotonic()
    load0 = os.getloadavg()
    try:
        samples = latency(taps, args.seed, Budget(start + bound * TAPS_SHARE))
    except (TimeoutError, OSError) as exc:
        print(f"bench phones: no taps measured: {exc} (load {os.getloadavg()[0]:.1f}, --seconds {bound:g})",
              file=sys.stderr)  # fmt: skip
        return 1
    sizes: tuple[float, float] | None = None
    why = "no time left of --seconds"
    if start + bound - time.monotonic() > 1.0:
        try:
            sizes = memory(Budget(start + bound))
        except (TimeoutError, OSError) as exc:
            why = str(exc) or type(exc).__name__
    load1 = os.getloadavg()
    print(f"bench phones: treseta4, four phones over loopback, {len(samples)} of {taps} taps "
          f"({platform.machine()}, {os.cpu_count()} cpus, load {load0[0]:.1f} -> {load1[0]:.1f}, "
          f"{time.monotonic() - start:.0f} s of --seconds {bound:g})")  # fmt: skip
    ok = len(samples) == taps and sizes is not None
    if samples:
        both = sorted(b for _, b in samples)
        phones = sorted(a for a, _ in samples)
        med, p = statistics.median(both), p95(both)
        print(f"  tap -> every phone:                 median {statistics.median(phones):6.1f} ms  p95 {p95(phones):6.1f} ms")
        print(f"  tap -> every phone and the screen:  median {med:6.1f} ms  p95 {p:6.1f} ms"
              f"   (targets {MEDIAN_MS:.0f} / {P95_MS:.0f} ms)")  # fmt: skip
        ok = ok and med <= MEDIAN_MS and p <= P95_MS
    if sizes is not None:
        without, with_phones = sizes
        more = with_phones - without
        print(f"  memory (VmRSS of tressette sim):    no phones {without:.1f} MB, four phones {with_phones:.1f} MB,"
              f" {more:+.1f} MB (target <= {MEMORY_MB:.0f} MB more)")  # fmt: skip
        ok = ok and more <= MEMORY_MB
    else:
        print(f"  memory: not measured ({why})")
    if len(samples) < taps or sizes is None:
        print(f"  cut short by --seconds {bound:g}: give it more for every figure")
    print("  " + ("within the targets" if ok else "OUTSIDE the targets (or not measured)"))
    return 0 if ok else 1
