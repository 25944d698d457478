"""A phone on the host: Debian's chromium joins the box through QEMU's forwarded port.

Each step is a function of the run (``self``: these were methods of TestRun, moved with their
bodies as they were; a call of a sibling step became a call of its function)."""

from __future__ import annotations

import json
import sys
import time
from typing import Any

from tools.virtualpi.cache import REPO
from tools.virtualpi.testrun import StepFailed, TestRun

CHROMIUM_NAME = "chromium"  # Debian's, headless, driven by scripts/phone-play


def phone_on_the_host(self: TestRun) -> None:
    """A phone on the host: Debian's chromium, headless, opens the box's phone page
    through QEMU's forwarded port with the short code the join screen shows, and plays a
    trick by taps on the page (scripts/phone-play). The box in the VM must take it: the
    release has aiohttp and segno, the unit lets the program bind 8337 and admits the
    address QEMU's NAT gives the host (10.0.2.2); its journal, its screen and the phone
    page must agree on the trick."""
    port = self.phone_port()
    self.go_home()
    self.home_seat(0, "phone")
    scr = self.screen()
    self.say(f"      home: {scr.get('home')}")
    actions = self.journal_actions()
    old_match = self.health().get("match")
    self.tap_button("start")
    join_code = self.phone_join_code(port)

    def new_match() -> dict[str, object] | None:
        h = self.health()
        return h if h.get("status") == "ok" and h.get("match") not in (None, old_match) else None

    h = self.wait("a new match on the table (health)", new_match, 120, every=3.0)
    assert isinstance(h, dict)
    phone_plays_a_trick(self, port, join_code)
    box_saw_the_phone(self, h, actions)


def phone_plays_a_trick(self: TestRun, port: int, join_code: str) -> None:
    """scripts/phone-play on the host with ``join_code``: seat 1 taken, a trick played,
    no JavaScript error on the page."""
    py = REPO / ".venv/bin/python"
    text = self.run([str(py if py.exists() else sys.executable), str(REPO / "scripts/phone-play"),
                     f"http://127.0.0.1:{port}", join_code, "--tricks", "1",
                     "--shot", str(self.out / "14-phone-page.png"), "--timeout", "600"],
                    timeout=900, name="phone-play")
    line = next((ln for ln in reversed(text.splitlines()) if ln.startswith("{")), "{}")
    result: dict[str, Any] = json.loads(line)
    if not result.get("ok") or result.get("seat") != 0 or int(result.get("tricks") or 0) < 1:
        raise StepFailed(f"the phone did not play a trick on seat 1: {line[:800]}")
    if result.get("errors"):
        raise StepFailed(f"the phone page's JavaScript failed: {result['errors']}")
    self.say(f"      {CHROMIUM_NAME} on the host took seat 1 and played {' '.join(map(str, result['played']))}; "
             f"trick {result.get('last_trick')}; {result.get('received')} states received")


def box_saw_the_phone(self: TestRun, h: dict[str, Any], actions: int) -> None:
    """The box agrees with the phone: its screen shows seat 1 held and a trick played, its
    journal grew by the trick, its log names the phone from the host's NAT address."""

    def table_saw_it() -> dict[str, Any] | None:
        s = self.screen()
        m = s.get("model", {})
        seats = (s.get("phones") or {}).get("seats") or []
        held = bool(seats) and seats[0].get("held")  # by the page's secret (it may have closed since)
        return s if (m.get("in_game") and m.get("tricks_played", 0) >= 1 and held) else None

    seen = self.wait("the box's screen: seat 1 held, a trick played", table_saw_it, 120, every=2.0)
    assert isinstance(seen, dict)
    after = self.journal_actions()
    if after < actions + 2:
        raise StepFailed(f"the journal holds {after} actions, {actions} before the phone's game: not a trick")
    joined = self.ssh("sudo journalctl -u tressette -b --no-pager -o cat | grep -E "
                      "'phone seats served|joined seat' | tail -3 || true", timeout=60).strip()
    if "10.0.2.2 joined seat 1" not in joined:
        raise StepFailed(f"the unit's log names no phone from the host's NAT address 10.0.2.2: {joined!r}")
    self.say(f"      the box: match {h.get('match')}, {seen['model']['tricks_played']} trick(s) on its screen, "
             f"journal {actions} -> {after} actions; its log: {' | '.join(joined.splitlines())}")
    time.sleep(2)
    self.shot("15-phone-trick")
