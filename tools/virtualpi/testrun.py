"""The end-to-end test's run: its log and step times, waiting, ssh, the screen's probe file,
taps on its buttons and cards. The steps themselves are in tools/virtualpi/steps/, each a
function of the run; tools/virtualpi/plan.py puts them in order."""

from __future__ import annotations

import contextlib
import json
import shlex
import shutil
import subprocess
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from tools.virtualpi.cache import REPO, Paths
from tools.virtualpi.guest import CUT_AFTER_TRICKS, HEALTH_FILE, PROBE_FILE, STATE_DIR
from tools.virtualpi.inputs import centre
from tools.virtualpi.machine import qemu_pid
from tools.virtualpi.monitor import press_keys, tap
from tools.virtualpi.reader import ReaderPlug
from tools.virtualpi.screendump import screenshot
from tools.virtualpi.ssh import GuestFiles, ssh_argv


class StepFailed(Exception):
    """A step of the test did not do what it should; the message says what was seen."""


class TestTimeout(Exception):
    """The whole run took longer than --timeout."""


class TestRun:
    """The run of `scripts/virtual-pi test`: what its steps (tools/virtualpi/steps/) share, each
    step logged with its time."""

    def __init__(self, p: Paths, out: Path, *, wifi: bool = True) -> None:
        self.p = p
        self.out = out
        self.with_wifi = wifi  # the hwsim step, last; left out with --no-wifi
        self.t0 = time.monotonic()
        self.times: list[tuple[str, float]] = []
        self.current = ""
        self.plug: ReaderPlug | None = None  # the card reader, plugged in as on a box
        self.plays = 0
        self.files = GuestFiles(p)  # the probe and health files, read over one kept-open session
        self.before: dict[str, Any] = {}  # the table before the power cut

    # ------------------------------------------------------------ logging and waiting

    def say(self, msg: str) -> None:
        t = time.monotonic() - self.t0
        line = f"[{int(t) // 60:02d}:{int(t) % 60:02d}] {msg}"
        print(line, flush=True)
        with (self.out / "steps.log").open("a") as f:
            f.write(line + "\n")

    @contextlib.contextmanager
    def step(self, name: str) -> Iterator[None]:
        self.current = name
        self.say(f"step  {name}")
        t = time.monotonic()
        yield
        dt = time.monotonic() - t
        self.times.append((name, dt))
        self.say(f"ok    {name} ({dt:.0f} s)")

    def wait(self, what: str, check: object, timeout: float, every: float = 3.0) -> object:
        """Poll ``check()`` until it returns something true; that value, else StepFailed."""
        assert callable(check)
        deadline = time.monotonic() + timeout
        last: object = None
        while True:
            try:
                last = check()
            except (subprocess.SubprocessError, OSError, ValueError) as e:
                last = f"{type(e).__name__}: {e}"
            else:
                if last:
                    return last
            if time.monotonic() >= deadline:
                raise StepFailed(f"{what}: not within {timeout:.0f} s (last seen: {last!r})")
            time.sleep(every)

    def ssh(self, script: str, *, timeout: float = 180.0, check: bool = True, data: str | None = None) -> str:
        proc = subprocess.run(ssh_argv(self.p, [script]), input=data if data is not None else "",
                              capture_output=True, text=True, timeout=timeout, check=False)
        if check and proc.returncode != 0:
            raise StepFailed(f"ssh {script!r}: exit {proc.returncode}: {proc.stderr.strip()[-500:]}")
        return proc.stdout

    def run(self, argv: Sequence[str], *, timeout: float, name: str, expect: int = 0) -> str:
        """A host command; its output goes to <out>/<name>.log (and its tail into a failure)."""
        logfile = self.out / f"{name}.log"
        self.say(f"      $ {shlex.join(str(a) for a in argv)}  (log: {logfile})")
        with logfile.open("w") as f:
            proc = subprocess.run(argv, stdout=f, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                                  timeout=timeout, check=False, cwd=REPO)
        text = logfile.read_text(errors="replace")
        if proc.returncode != expect:
            tail = "\n".join(text.splitlines()[-15:])
            raise StepFailed(f"{argv[0]} exit {proc.returncode}, expected {expect}; its log's end:\n{tail}")
        return text

    def shot(self, name: str) -> Path:
        path = self.out / f"{name}.png"
        screenshot(self.p, path)
        self.say(f"      screenshot {path}")
        return path

    def health(self) -> dict[str, object]:
        text = self.files.read(HEALTH_FILE)[HEALTH_FILE] or ""
        return json.loads(text) if text.strip() else {}

    def wait_health(self, what: str, timeout: float, **want: object) -> dict[str, object]:
        def check() -> dict[str, object] | None:
            h = self.health()
            ok = h.get("status") == "ok" and all(h.get(k) == v for k, v in want.items())
            return h if ok else None

        h = self.wait(what, check, timeout, every=4.0)
        assert isinstance(h, dict)
        return h

    def unit(self, *props: str) -> dict[str, str]:
        text = self.ssh(f"systemctl show tressette -p {','.join(props)}", timeout=60)
        return dict(line.split("=", 1) for line in text.splitlines() if "=" in line)

    # ------------------------------------------------------------ the screen

    def screen(self) -> dict[str, Any]:
        """What the box's screen shows now and where its boxes are (ui.probe, by the program)."""
        text = self.files.read(PROBE_FILE)[PROBE_FILE] or ""
        data: dict[str, Any] = json.loads(text) if text.strip() else {}
        return data

    def journal_actions(self) -> int:
        """The cards (and other actions) on the box's journal, read with SQLite read-only."""
        out = self.ssh("sudo python3 -c \"import sqlite3; c = sqlite3.connect('file:" + STATE_DIR
                       + "/journal.sqlite3?mode=ro', uri=True); print(c.execute('select count(*) from actions')"
                       ".fetchone()[0])\"", timeout=60)
        return int(out.strip())

    def tap_button(self, name: str, *, then: str | None = None) -> None:
        """Tap the button ``name`` of the screen shown now; with ``then``, until that screen shows
        (a tap the program did not take is tapped again, up to three times)."""
        for attempt in range(3):
            scr = self.wait(f"a button {name!r} on the screen", lambda: self._button(name), 120, every=2.0)
            assert isinstance(scr, tuple)
            screen, rect = scr
            x, y = centre(rect)
            self.say(f"      tap {screen}:{name} at {x},{y}")
            tap(self.p, x, y)
            if then is None:
                return
            try:
                self.wait(f"the {then} screen after {name}", lambda: self.screen().get("screen") == then, 30, every=2.0)
                return
            except StepFailed:
                if attempt == 2:
                    raise
                self.say("      not taken: again")

    def _button(self, name: str) -> tuple[str, list[int]] | None:
        scr = self.screen()
        for b in scr.get("buttons", []):
            if b["name"] == name and b["enabled"]:
                return str(scr["screen"]), b["rect"]
        return None

    def progress(self, scr: dict[str, Any]) -> tuple[object, ...]:
        m = scr.get("model", {})
        return (m.get("hand_no"), m.get("tricks_played"), m.get("trick"), m.get("hand"), m.get("hand_over"))

    def play_one(self, scr: dict[str, Any]) -> None:
        """One card of the person at the screen: two of three by a tap on the card, every third
        by the keyboard (Up: the first playable card; Return: play it)."""
        before = self.progress(scr)
        cards = [c for c in scr["cards"] if c["playable"] and not c["flying"]]
        by_keys = self.plays % 3 == 2
        card = cards[-1]
        for attempt in range(3):
            if by_keys:
                self.say("      keys up, ret (Up raises the first playable card, Return plays it)")
                press_keys(self.p, ["up", "ret"])
            else:
                x, y = centre(card["rect"])
                self.say(f"      tap card {card['code']} at {x},{y}")
                tap(self.p, x, y)
            try:
                self.wait("the card played", lambda: self.progress(self.screen()) != before, 45, every=1.0)
                break
            except StepFailed:
                if attempt == 2:
                    raise
                self.say("      not taken yet: again")
        self.plays += 1

    def play_until(self, stop: str, timeout: float) -> dict[str, Any]:
        """Play the person's cards until ``stop``: "cut" (enough tricks played for the power
        cut, the person to play) or "hand_over"."""
        deadline = time.monotonic() + timeout
        while True:
            scr = self.screen()
            m = scr.get("model", {})
            if stop == "hand_over" and m.get("hand_over"):
                return scr
            if (stop == "cut" and m.get("tricks_played", 0) >= CUT_AFTER_TRICKS and m.get("my_turn")
                    and not scr.get("busy")):
                return scr
            if time.monotonic() > deadline:
                raise StepFailed(f"the hand did not reach {stop} within {timeout:.0f} s (screen: {scr})")
            if scr.get("screen") != "table" or not m.get("in_game"):
                raise StepFailed(f"the table is not on the screen: {scr.get('screen')} {m}")
            names = {b["name"]: b for b in scr.get("buttons", []) if b["enabled"]}
            if "declare_none" in names:
                x, y = centre(names["declare_none"]["rect"])
                self.say(f"      tap declare_none at {x},{y}")
                tap(self.p, x, y)
                time.sleep(3)
            elif m.get("my_turn") and scr.get("tap_ready") and any(
                    c["playable"] and not c["flying"] for c in scr.get("cards", [])):
                self.play_one(scr)
            else:
                time.sleep(1.5)

    # ------------------------------------------------------------ what the steps share: the reader, the phone seat

    def plug_reader(self) -> None:
        """The reader plugged in for good (a box has its reader always there): QEMU attaches the
        usb-serial while this end of <run>/reader.sock is open."""
        if self.plug is not None:
            self.plug.close()
        self.plug = ReaderPlug(self.p)

    def reader_open(self) -> bool:
        """Does the running program hold the reader's serial port open?"""
        out = self.ssh("pid=$(systemctl show -p MainPID --value tressette); "
                       "sudo ls -l /proc/$pid/fd 2>/dev/null | grep -c ttyUSB || true", timeout=60)
        return out.strip() not in ("", "0")

    def phone_port(self) -> int:
        """The host's port QEMU forwards to the box's phone page (this boot's, in state.json)."""
        port = json.loads(self.p.state.read_text()).get("phone_port")
        if not isinstance(port, int):
            raise StepFailed(f"{self.p.state} names no phone_port (a machine started by an older script?)")
        return port

    def go_home(self) -> None:
        """To the home screen the way a person goes: the table's menu, the count's table (the
        count may come back once by itself: the table shows it once the last trick was seen)."""
        for attempt in range(9):
            scr = self.wait("a screen on the display", lambda: self.screen() or None, 120)
            assert isinstance(scr, dict)
            if scr.get("screen") == "home" and scr.get("question") is None:
                return
            if attempt == 8:
                break
            names = {b["name"] for b in scr.get("buttons", []) if b["enabled"]}
            name = next((n for n in ("no", "menu", "home", "table", "back") if n in names), None)
            if name is None:
                raise StepFailed(f"no way home from the {scr.get('screen')} screen (buttons {sorted(names)})")
            self.tap_button(name)
            was = (scr.get("screen"), scr.get("question"))
            with contextlib.suppress(StepFailed):  # a slow frame: its probe still shows the old screen
                self.wait(f"the screen after {name}", lambda w=was: (self.screen().get("screen"),
                                                                 self.screen().get("question")) != w, 30, every=1.0)
            time.sleep(1)
        raise StepFailed(f"not on the home screen after eight taps: {self.screen().get('screen')}")

    def home_seat(self, seat: int, kind: str) -> None:
        """Tap the home screen's seat ``seat`` until it says ``kind`` (the seat cycle: you,
        the computer's levels, phone, ...), each tap checked on the screen's probe."""
        for _ in range(12):
            scr = self.screen()
            seats = (scr.get("home") or {}).get("seats") or []
            if len(seats) > seat and seats[seat] == kind:
                return
            self.tap_button(f"seat:{seat}")
            with contextlib.suppress(StepFailed):  # a tap the program did not take: tapped again
                self.wait(f"seat {seat + 1} changed on the home screen",
                          lambda was=seats: ((self.screen().get("home") or {}).get("seats") or []) != was, 20,
                          every=1.0)
        raise StepFailed(f"seat {seat + 1} never became {kind!r}: {self.screen().get('home')}")

    def phone_join_code(self, port: int, shot: str = "13-join-screen") -> str:
        """After *start* with a phone seat: the question (abandon the match?) answered yes if
        asked, then the join screen's short code for seat 1, its picture taken."""

        def asked_or_joining() -> str | None:
            s = self.screen()
            if any(b["name"] == "yes" for b in s.get("buttons", [])):
                return "asked"
            return "join" if s.get("screen") == "join" else None

        # a match on the table (the hand counted before): one tap must not lose it, the box asks
        if self.wait("the question (abandon the match?) or the join screen", asked_or_joining, 60,
                     every=2.0) == "asked":
            self.tap_button("yes")

        def code() -> tuple[str, dict[str, Any]] | None:
            s = self.screen()
            ph = s.get("phones") or {}
            seats = [x for x in ph.get("seats", []) if x.get("seat") == 0 and x.get("code") and not x.get("held")]
            return (str(seats[0]["code"]), s) if seats and s.get("screen") == "join" else None

        found = self.wait("the join screen with seat 1's code", code, 180, every=2.0)
        assert isinstance(found, tuple)
        join_code, scr = found
        self.say(f"      join screen: {scr['phones']['url']} code {join_code} (the phone page on the host: "
                 f"http://127.0.0.1:{port})")
        time.sleep(2)
        self.shot(shot)
        return str(join_code)

    # ------------------------------------------------------------ the Network screen (the Wi-Fi step)

    def network_screen(self) -> None:
        """Settings -> Network on the box's screen, from wherever it is."""
        if self.screen().get("screen") != "network":
            self.go_home()
            self.tap_button("nav:settings", then="settings")
            self.tap_button("network", then="network")

    def net(self) -> dict[str, Any]:
        net: dict[str, Any] = self.screen().get("network") or {}
        return net

    def collect(self) -> None:
        """What a failure needs: the guest's journal of the unit, the console, deploy.log."""
        with contextlib.suppress(Exception):
            if qemu_pid(self.p) is not None:
                (self.out / "journal-tressette.log").write_text(
                    self.ssh("sudo journalctl -u tressette -b --no-pager", timeout=60, check=False))
                (self.out / "deploy-box.log").write_text(
                    self.ssh("sudo cat /opt/tressette/deploy.log", timeout=60, check=False))
        with contextlib.suppress(OSError):
            shutil.copy2(self.p.console, self.out / "console.log")
