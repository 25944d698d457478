"""A match played by taps and keys, the power cut mid-match, the match resumed and the hand
played to its end.

Each step is a function of the run (``self``: these were methods of TestRun, moved with their
bodies as they were; a call of a sibling step became a call of its function)."""

from __future__ import annotations

import time
from typing import Any

from tools.virtualpi.guest import (
    RESUMED_FIELDS,
)
from tools.virtualpi.machine import DEFAULT_BOOT_TIMEOUT, kill, up
from tools.virtualpi.testrun import StepFailed, TestRun


def play_to_the_cut(self: TestRun) -> None:
    self.tap_button("start", then="table")
    h = self.wait_health("a match on the table (phase play)", 120, phase="play")
    self.say(f"      match {h.get('match')} started")
    time.sleep(3)
    self.shot("08-first-deal")
    self.play_until("cut", 900)
    time.sleep(3)
    self.shot("09-before-power-cut")
    scr = self.screen()
    before: dict[str, Any] = {k: scr["model"].get(k) for k in RESUMED_FIELDS}
    before["cards"] = [c["code"] for c in scr["cards"]]
    before["match"] = h.get("match")
    before["actions"] = self.journal_actions()
    self.say(f"      before the cut: match {before['match']} hand {before['hand_no']}, "
             f"{before['tricks_played']} tricks, {before['actions']} actions on the journal, "
             f"hand {' '.join(before['cards'])}")
    self.before = before


def power_cut(self: TestRun) -> None:
    before = self.before
    self.files.close()
    kill(self.p)
    self.say("      power cut (SIGKILL to QEMU); booting again")
    # the reader plugged in as the machine powers on, as it is on a box
    up(self.p, fresh=False, timeout=DEFAULT_BOOT_TIMEOUT, memory=2048, on_started=self.plug_reader)
    h = self.wait_health("healthy again, the match back on the table", 400, phase="play")
    if h.get("match") != before["match"]:
        raise StepFailed(f"after the cut the box shows match {h.get('match')}, not {before['match']}")
    self.wait("the table on the screen", lambda: self.screen().get("screen") == "table", 180)
    time.sleep(3)
    scr = self.screen()
    after: dict[str, Any] = {k: scr["model"].get(k) for k in RESUMED_FIELDS}
    after["cards"] = [c["code"] for c in scr["cards"]]
    after["match"] = h.get("match")
    after["actions"] = self.journal_actions()
    diff = {k: (before[k], after[k]) for k in before if before[k] != after[k]}
    if diff:
        raise StepFailed(f"the match did not resume where it was: {diff}")
    # the reader, plugged in at power-on, works after the boot (usbserial loads before the unit)
    self.wait("the program holding /dev/ttyUSB0 open after the boot", self.reader_open, 120, every=3.0)
    boots = self.ssh("journalctl --list-boots --no-pager 2>/dev/null | wc -l || true", timeout=60).strip()
    fsck = self.ssh("sudo journalctl -b -u systemd-fsck-root --no-pager -o cat | tail -3 || true", timeout=60)
    self.say(f"      resumed: match {after['match']} hand {after['hand_no']}, {after['tricks_played']} tricks, "
             f"{after['actions']} actions on the journal, the same hand {' '.join(after['cards'])}; "
             f"boots in the journal: {boots}; fsck: {fsck.strip()!r}")
    time.sleep(3)
    self.shot("10-after-power-cut")


def finish_hand(self: TestRun) -> None:
    scr = self.play_until("hand_over", 1500)
    self.wait_health("the hand counted (phase hand_over)", 120, phase="hand_over")
    time.sleep(4)
    self.shot("11-hand-over")
    m = scr["model"]
    self.say(f"      hand {m['hand_no']} over after {m['tricks_played']} tricks ({self.plays} cards played at "
             f"the screen, every third by keys; {self.journal_actions()} actions on the journal); "
             f"totals on the screen {m['totals']}, health phase hand_over")
