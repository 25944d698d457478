"""Phones in a real browser: the box as a process, each phone a headless Chromium page.

The box is ``tressette sim --headless`` (or under Xvfb, for the shared table's
screenshots) with phone seats, its own state directory and settings file; its
touchscreen's probe file (``TRESSETTE_SIM_PROBE``, ui/probe.py) says what the
screen shows, the join screen's codes included: what a person reads off the
screen. Each phone is a Chromium browser context of its own (its own
localStorage, a 360x640 touch viewport) on Debian's ``/usr/bin/chromium``,
driven by Playwright; nothing is downloaded. A phone plays by tapping what its
page shows: a bright card, a declaration's button, *Nothing to declare*, the
call's card, *Next hand*.

:func:`play` moves every phone until a condition holds, reading each page's
state (``window.tressette.state``, the last ``state`` message) to choose a tap.
"""

from __future__ import annotations

import asyncio
import json
import os
import select
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Coroutine, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

import pytest

ROOT = Path(__file__).resolve().parents[3]
CHROMIUM = "/usr/bin/chromium"
# as root in a container: no sandbox; nothing phones home, nothing updates itself
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--disable-dev-shm-usage"]
PHONE = {"width": 360, "height": 640}
TABLET = {"width": 800, "height": 1280}
T = TypeVar("T")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def need_browser() -> Any:
    """Playwright's sync API, or skip: Chromium missing is the machine's lack, said as such."""
    if not Path(CHROMIUM).exists():
        pytest.skip("Debian's chromium is not installed (scripts/setup installs it)")
    return pytest.importorskip("playwright.sync_api")


class _Shared:
    """The test process's one Playwright and Chromium, kept from one browser test to the next.

    Starting them is most of a short browser test: about 1.5 s of CPU and 1 s of waiting
    (the driver 1.1 s, Chromium 0.4 s), against 0.2 s for a phone's context of its own.
    While they live, Playwright's sync API leaves an asyncio loop marked as running in this
    thread, so ``asyncio.run`` would refuse: they are stopped before any test that is not
    marked ``browser`` (tests/conftest.py), and a browser test runs its own asyncio code on a
    thread of its own (:func:`run_async`)."""

    manager: Any = None
    browser: Any = None


def _shared_browser() -> Any:
    api = need_browser()
    if _Shared.browser is not None and _Shared.browser.is_connected():
        return _Shared.browser
    close_shared_browser()  # gone (a crash, a test's timeout in the middle of a call): anew
    manager = api.sync_playwright()
    pw = manager.start()
    _Shared.manager = manager
    _Shared.browser = pw.chromium.launch(executable_path=CHROMIUM, args=FLAGS, headless=True)
    return _Shared.browser


def close_shared_browser() -> None:
    """Stop this process's Chromium and Playwright, if they run (tests/conftest.py)."""
    b, manager = _Shared.browser, _Shared.manager
    _Shared.browser = _Shared.manager = None
    try:
        if b is not None and b.is_connected():
            b.close()
    finally:
        if manager is not None:
            manager.__exit__(None, None, None)


@contextmanager
def browser() -> Iterator[Any]:
    """Debian's Chromium for one test: each phone opens a context of its own in it (its own
    storage, cookies and viewport, as another person's phone); they are all closed after."""
    b = _shared_browser()
    try:
        yield b
    finally:
        for context in list(b.contexts):
            with suppress(Exception):  # the browser went away: the next test starts another
                context.close()


def run_async(coro: Coroutine[Any, Any, T]) -> T:
    """``asyncio.run`` on a thread of its own: in a browser test this thread's loop is Playwright's."""
    with ThreadPoolExecutor(1, thread_name_prefix="test-asyncio") as pool:
        return pool.submit(asyncio.run, coro).result()


@contextmanager
def xvfb(size: str = "800x480") -> Iterator[str]:
    """A private X server for the box's window; yields its display (":N")."""
    if shutil.which("Xvfb") is None or shutil.which("import") is None:
        pytest.skip("needs Xvfb and ImageMagick's import (scripts/setup installs them)")
    read_fd, write_fd = os.pipe()
    # -noreset: no server reset when the last client leaves, to refuse the next one in
    proc = subprocess.Popen(["Xvfb", "-displayfd", str(write_fd), "-screen", "0", f"{size}x24",
                             "-nolisten", "tcp", "-noreset"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, pass_fds=(write_fd,))
    os.close(write_fd)
    try:
        with os.fdopen(read_fd) as numbers:
            ready, _, _ = select.select([numbers], [], [], 30)
            assert ready, "Xvfb gave no display"
            yield ":" + numbers.readline().strip()
    finally:
        proc.terminate()
        proc.wait(10)


@dataclass
class Box:
    """The box program with phone seats, started, killed and started again."""

    tmp: Path
    seats: str
    variant: str
    seed: int = 1
    size: str = "800x480"
    display: str | None = None  # an X display (Xvfb) for a real window, else headless
    port: int = field(default_factory=free_port)
    proc: subprocess.Popen[bytes] | None = None
    options: dict[str, Any] = field(default_factory=dict)
    language: str = ""  # the box's own ([ui] language), else its default

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def probe_path(self) -> Path:
        return self.tmp / "probe.json"

    def start(self) -> None:
        state = self.tmp / "state"
        state.mkdir(parents=True, exist_ok=True)
        config = self.tmp / "tressette.toml"
        opts = "".join(f"{k} = {json.dumps(v)}\n" for k, v in self.options.items())
        config.write_text(
            # a game with options is named here, not by --variant (which plays its defaults)
            (f"[game]\nvariant = {json.dumps(self.variant)}\n[game.options]\n{opts}" if opts else "")
            + f'[phones]\nport = {self.port}\nhost = "127.0.0.1"\naddress = "127.0.0.1"\n'
            + (f"[ui]\nlanguage = {json.dumps(self.language)}\n" if self.language else ""),
            encoding="utf-8",
        )
        env = dict(os.environ, TRESSETTE_SIM_PROBE=str(self.probe_path), SDL_AUDIODRIVER="dummy")
        cmd = [sys.executable, "-m", "firmware.cli", "sim", "--seats", self.seats,
               *([] if self.options else ["--variant", self.variant]),
               "--state-dir", str(state), "--config", str(config), "--seed", str(self.seed),
               "--think-ms", "0", "--size", self.size]
        if self.display is None:
            cmd.append("--headless")
            env["SDL_VIDEODRIVER"] = "dummy"
        else:
            env.update(DISPLAY=self.display, SDL_VIDEODRIVER="x11", SDL_VIDEO_WINDOW_POS="0,0")
        self.probe_path.unlink(missing_ok=True)
        log = open(self.tmp / "box.log", "ab")  # noqa: SIM115 (the process keeps it)
        self.proc = subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
        self.wait_for(lambda p: p.get("phones") is not None and bool(p["phones"].get("url")), 60, "the phone server")

    def kill(self) -> None:
        """A power cut: SIGKILL, no goodbye."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(10)
        self.proc = None

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)
        self.proc = None

    def probe(self) -> dict[str, Any]:
        try:
            return dict(json.loads(self.probe_path.read_text(encoding="utf-8")))
        except (OSError, ValueError):
            return {}

    def wait_for(self, ok: Callable[[dict[str, Any]], bool], timeout: float, what: str) -> dict[str, Any]:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if self.proc is not None and self.proc.poll() is not None:
                raise AssertionError(f"the box stopped ({self.proc.returncode}) waiting for {what}: {self.log_tail()}")
            p = self.probe()
            if p and ok(p):
                return p
            time.sleep(0.1)
        raise AssertionError(f"timed out waiting for {what}; probe: {self.probe()}; log: {self.log_tail()}")

    def codes(self) -> dict[int, str]:
        """The join screen's code of every seat nobody holds, as the screen shows it."""
        p = self.wait_for(lambda p: bool(p.get("phones") and any(s["code"] for s in p["phones"]["seats"])), 30,
                          "a join code on the screen")
        return {s["seat"]: s["code"] for s in p["phones"]["seats"] if s["code"] and not s["held"]}

    def qr_codes(self) -> dict[int, str]:
        """The URL the join screen's QR code names for every seat nobody holds (code and token)."""
        p = self.wait_for(lambda p: bool(p.get("phones") and any(s["code"] for s in p["phones"]["seats"])), 30,
                          "a join code on the screen")
        return {s["seat"]: s["qr"] for s in p["phones"]["seats"] if s["code"] and not s["held"]}

    def log_tail(self) -> str:
        try:
            return (self.tmp / "box.log").read_text(encoding="utf-8", errors="replace")[-3000:]
        except OSError:
            return ""

    def tap(self, name: str, timeout: float = 20) -> None:
        """A finger on the touchscreen's button ``name`` (under Xvfb: a real X click where
        the screen's own hit-box is, the probe says where)."""
        assert self.display is not None, "the touchscreen is tapped under Xvfb"
        p = self.wait_for(lambda p: any(b["name"] == name and b["enabled"] for b in p.get("buttons", [])), timeout,
                          f"the button {name!r} on the touchscreen")
        x, y, w, h = next(b["rect"] for b in p["buttons"] if b["name"] == name)
        env = dict(os.environ, DISPLAY=self.display)
        subprocess.run(["xdotool", "mousemove", str(x + w // 2), str(y + h // 2), "click", "1"], env=env,
                       check=True, timeout=10)

    def screenshot(self, path: Path) -> None:
        """The touchscreen's window (under Xvfb): what the people at the table see."""
        if self.display is None or shutil.which("import") is None:
            return
        w, h = self.size.split("x")
        subprocess.run(["import", "-display", self.display, "-window", "root", "-crop", f"{w}x{h}+0+0", str(path)],
                       check=False, timeout=30)


LOCALES = {"it": "it-IT", "de": "de-DE", "en": "en-GB", "hr": "hr-HR", "nl": "nl-NL", "fr": "fr-FR"}
"""The phone's own language (navigator.languages, Accept-Language) for a language of the page."""


class Phone:
    """One person's phone: a browser context of its own on the box's page."""

    def __init__(self, browser: Any, box: Box, *, viewport: dict[str, int] | None = None, lang: str = "it") -> None:
        self.box = box
        self.context = browser.new_context(viewport=viewport or PHONE, has_touch=True, is_mobile=True,
                                           locale=LOCALES.get(lang, lang))
        self.page = self.context.new_page()
        self.errors: list[str] = []
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.last_tap = 0.0
        self.tapped_v: object = None  # the state's v at the last tap

    def join(self, code: str) -> None:
        """Open the address with the code alone in the fragment (as a typed code: rate-limited)."""
        self.page.goto(f"{self.box.url}/#join={code}")
        self.wait(lambda s: s is not None, 20, "the first state")

    def scan(self, url: str) -> None:
        """What scanning the QR code does: open the URL it names (the code and the seat's join token)."""
        self.page.goto(url)
        self.wait(lambda s: s is not None, 20, "the first state")

    def state(self) -> dict[str, Any] | None:
        try:
            s = self.page.evaluate("() => window.tressette && window.tressette.state")
        except Exception:  # the page is reloading
            return None
        return s if isinstance(s, dict) else None

    def received(self) -> int:
        """States received since the page opened (a fresh one proves the box answers)."""
        try:
            return int(self.page.evaluate("() => window.tressette ? window.tressette.received : 0"))
        except Exception:
            return 0

    def back_online(self, since: int, timeout: float = 60) -> None:
        """Wait until the page has a state newer than ``since`` and says nothing is wrong."""
        self.wait(lambda s: self.received() > since and self.page.locator("#status:not([hidden])").count() == 0,
                  timeout, "the page back on line")

    def seat(self) -> int:
        s = self.state()
        assert s is not None
        return int(s["seat"])

    def wait(self, ok: Callable[[dict[str, Any] | None], bool], timeout: float, what: str) -> dict[str, Any] | None:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            s = self.state()
            if ok(s):
                return s
            self.page.wait_for_timeout(100)
        raise AssertionError(f"phone timed out waiting for {what}: {self.state()}; box: {self.box.log_tail()}")

    def tap(self, selector: str) -> bool:
        """A finger on the element (a touch tap through Chromium's input path); False when
        the element went away meanwhile (the table moved on: the page redrew)."""
        # two taps by the same finger are never closer than a person's (and the page's guard)
        gap = 0.4 - (time.monotonic() - self.last_tap)
        if gap > 0:
            self.page.wait_for_timeout(int(gap * 1000))
        found = self.page.locator(selector)
        if not found.count():
            return False
        try:
            found.first.tap(timeout=3000)
        except Exception:  # redrawn under the finger: look again
            return False
        self.last_tap = time.monotonic()
        s = self.state()
        self.tapped_v = s.get("v") if s else None
        return True

    def move(self, policy: Policy) -> bool:
        """Make this phone's one tap now, if it has one; True if it tapped."""
        s = self.state()
        if s is not None and s.get("v") == self.tapped_v and time.monotonic() - self.last_tap < 3:
            return False  # the last tap's answer is on its way
        if s is None or self.page.locator("#overlay:not([hidden])").count():
            if s is None:
                return False
            return (self.tap("#overlay:not([hidden]) .pick img")
                    or self.tap('#overlay:not([hidden]) [data-name="yes"]')
                    or self.tap('#overlay:not([hidden]) [data-name="close"]'))
        lg = s.get("legal") or {}
        if lg.get("declare") and policy.declare and self.tap('#actions [data-name="declare:0"]'):
            policy.declared.append(s["seat"])
            return True
        if lg.get("nothing"):
            return self.tap('#actions [data-name="nothing"]')
        if lg.get("call"):
            return self.tap('#actions [data-name="call"]')
        if lg.get("play"):
            sigs = lg.get("signals") or {}
            if policy.signal and sigs:
                first = next(iter(sigs.values()))[0]
                on = self.page.locator(f'#actions [data-name="signal:{first}"].on').count()
                if not on and self.tap(f'#actions [data-name="signal:{first}"]'):
                    policy.signalled.append(first)
                    self.tapped_v = None  # a signal is chosen on the page: no answer to wait for
                    return True
            return self.tap("#hand img.playable")
        return False


@dataclass
class Policy:
    """How the phones play: the first bright card; declare what the page offers."""

    declare: bool = True
    signal: bool = False
    declared: list[int] = field(default_factory=list)
    signalled: list[str] = field(default_factory=list)


def play(phones: list[Phone], until: Callable[[], bool], *, policy: Policy | None = None, timeout: float = 240,
         between: Callable[[int], None] | None = None) -> int:
    """Tap on every phone until ``until()``; returns the taps made. ``between(n)`` runs after
    each tap (a reload, a power cut at the n-th tap)."""
    policy = policy or Policy()
    end = time.monotonic() + timeout
    taps = 0
    while not until():
        if time.monotonic() > end:
            states = [p.state() for p in phones]
            raise AssertionError(f"no end after {taps} taps: {states}; box: {phones[0].box.log_tail()}")
        moved = False
        for p in phones:
            if p.move(policy):
                taps += 1
                moved = True
                if between is not None:
                    between(taps)
        if not moved:
            phones[0].page.wait_for_timeout(80)
    return taps


def phase_of(phone: Phone) -> str:
    s = phone.state()
    return str(s.get("phase")) if s else ""


def hand_over(phones: list[Phone]) -> Callable[[], bool]:
    return lambda: any(phase_of(p) in ("hand_over", "match_over") for p in phones)


__all__ = ["xvfb", "Box", "CHROMIUM", "FLAGS", "PHONE", "Phone", "Policy", "TABLET", "browser", "close_shared_browser",
           "hand_over", "play", "run_async"]
