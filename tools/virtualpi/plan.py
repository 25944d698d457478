"""The step plan of ``test`` (which steps, in which order) and its run: each step timed,
the first failure named, what a failure needs collected, the machine powered down."""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import subprocess
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

from tools.virtualpi.cache import Paths
from tools.virtualpi.machine import down, kill, qemu_pid
from tools.virtualpi.steps import cardreader, firstboot, match, phone, recovery, wifi
from tools.virtualpi.testrun import StepFailed, TestRun, TestTimeout
from tools.virtualpi.usage import UsageError

DEFAULT_TEST_TIMEOUT = 3600.0


def test_steps(run: TestRun) -> list[tuple[str, Callable[[], None]]]:
    """The end-to-end test's steps, in order: (name in steps.log, what it does). Each step is
    a function of the run (tools/virtualpi/steps/) that raises StepFailed saying what it saw;
    state a later step needs is kept on the TestRun (run.before, the table before the power
    cut). A new step (say a browser on the host joining the box over the forwarded network) is
    a function and a line here, placed where the box is in the state it needs."""
    steps: list[tuple[str, Callable[[], None]]] = [
        ("image", partial(firstboot.image, run)),
        ("boot the image as flashed (fresh overlay): first boot to the game", partial(firstboot.boot, run)),
        ("provision and deploy: the image is a provisioned box with its release",
         partial(firstboot.provision_and_deploy, run)),
        ("configure the reader and mock pins; home screen", partial(firstboot.configure, run)),
        ("card reader: enrol the Italian deck with RDM6300 frames",
         partial(cardreader.reader, run, "italian", "rdm6300", 2)),
        ("card reader: a barcode scanner, the Bavarian deck by barcode lines", partial(cardreader.barcode_deck, run)),
        ("play: a match started by tap, cards by taps and keys", partial(match.play_to_the_cut, run)),
        ("power cut mid-match, boot, resume", partial(match.power_cut, run)),
        ("play the hand to its end", partial(match.finish_hand, run)),
        ("watchdog: a hung main loop is restarted", partial(recovery.watchdog, run)),
        ("rollback: a release that fails its health check", partial(recovery.rollback, run)),
        ("a phone on the host: chromium joins through the forwarded port, plays a trick",
         partial(phone.phone_on_the_host, run)),
    ]
    if run.with_wifi:
        steps.append(("Wi-Fi (mac80211_hwsim): the hotspot by taps, a phone joins by its QR code; an access point "
                      "joined by taps", partial(wifi.wifi, run)))
    return steps


def run_test(p: Paths, out: Path, timeout: float, *, keep: bool, wifi: bool = True, only: str = "") -> int:
    """Points 2-5 of issue 16 end to end; exit 0 when every step passed, 1 when one failed.
    ``only``: comma-separated prefixes of the steps to run (development), the rest skipped."""
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    run = TestRun(p, out, wifi=wifi)
    prefixes = tuple(x.strip() for x in only.split(",") if x.strip())
    steps = [(name, do) for name, do in test_steps(run) if not prefixes or name.startswith(prefixes)]
    boots = not prefixes or any(name.startswith("boot") for name, _ in steps)
    if boots and qemu_pid(p) is not None:
        raise UsageError("a virtual Pi is already running (scripts/virtual-pi down first): the test boots its own")
    if not boots and qemu_pid(p) is None:
        raise UsageError("no virtual Pi running: --only without the boot step runs on the machine already up")

    def on_alarm(signum: int, frame: object) -> None:
        raise TestTimeout(f"the whole run took longer than {timeout:.0f} s")

    def on_term(signum: int, frame: object) -> None:
        raise TestTimeout(f"stopped by signal {signum}")

    signal.signal(signal.SIGALRM, on_alarm)
    signal.signal(signal.SIGTERM, on_term)
    signal.alarm(max(1, int(timeout)))
    run.say(f"virtual-pi test: screenshots and logs in {out}; at most {timeout:.0f} s")
    failed = ""
    try:
        for name, do in steps:
            with run.step(name):
                do()
    except (StepFailed, TestTimeout, UsageError, subprocess.SubprocessError, OSError, ValueError, KeyError) as e:
        failed = run.current
        run.say(f"FAIL  {failed}: {type(e).__name__}: {e}")
    except KeyboardInterrupt:
        failed = run.current
        run.say(f"FAIL  {failed}: interrupted")
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
        if run.plug is not None:
            run.plug.close()
        run.collect()
        run.files.close()
        if not keep:
            t = time.monotonic()
            with contextlib.suppress(Exception):
                down(p, 120)
            if qemu_pid(p) is not None:
                with contextlib.suppress(Exception):
                    kill(p)
            run.say(f"      powered down ({time.monotonic() - t:.0f} s)")
    total = time.monotonic() - run.t0
    run.say(f"      {run.files.reads} reads of the guest's files over {run.files.sessions} ssh session(s); "
            f"load average at the end {os.getloadavg()[0]:.1f}")
    for name, dt in run.times:
        run.say(f"      {dt:6.0f} s  {name}")
    if failed:
        run.say(f"virtual-pi test FAILED at step {failed!r} after {total:.0f} s; "
                f"screenshots and logs: {out} (steps.log, *.log, *.png, console.log, journal-tressette.log)")
        return 1
    run.say(f"virtual-pi test passed in {total:.0f} s; screenshots and logs: {out}")
    return 0
