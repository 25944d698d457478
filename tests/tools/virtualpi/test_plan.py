"""The step plan of ``scripts/virtual-pi test`` (tools/virtualpi/plan.py): which steps, in which
order, under which names, with the Wi-Fi step (the default) and without (``--no-wifi``); and the run's report (the first failure
named, the later steps not run, the machine powered down). Nothing boots."""

from __future__ import annotations

import signal
from collections.abc import Callable, Iterator
from functools import partial
from pathlib import Path

import pytest

from tools.virtualpi import cache, plan, testrun
from tools.virtualpi.cache import Paths
from tools.virtualpi.steps import cardreader, firstboot, match, phone, recovery, wifi
from tools.virtualpi.testrun import StepFailed
from tools.virtualpi.usage import UsageError

STEPS = [
    ("image", firstboot.image, ()),
    ("boot the image as flashed (fresh overlay): first boot to the game", firstboot.boot, ()),
    ("provision and deploy: the image is a provisioned box with its release", firstboot.provision_and_deploy, ()),
    ("configure the reader and mock pins; home screen", firstboot.configure, ()),
    ("card reader: enrol the Italian deck with RDM6300 frames", cardreader.reader, ("italian", "rdm6300", 2)),
    ("card reader: a barcode scanner, the Bavarian deck by barcode lines", cardreader.barcode_deck, ()),
    ("play: a match started by tap, cards by taps and keys", match.play_to_the_cut, ()),
    ("power cut mid-match, boot, resume", match.power_cut, ()),
    ("play the hand to its end", match.finish_hand, ()),
    ("watchdog: a hung main loop is restarted", recovery.watchdog, ()),
    ("rollback: a release that fails its health check", recovery.rollback, ()),
    ("a phone on the host: chromium joins through the forwarded port, plays a trick", phone.phone_on_the_host, ()),
]
WIFI = ("Wi-Fi (mac80211_hwsim): the hotspot by taps, a phone joins by its QR code; an access point joined by "
        "taps", wifi.wifi, ())


def _plan(run: testrun.TestRun) -> list[tuple[str, object, tuple[object, ...]]]:
    out: list[tuple[str, object, tuple[object, ...]]] = []
    for name, do in plan.test_steps(run):
        assert isinstance(do, partial) and do.args[0] is run and not do.keywords
        out.append((name, do.func, do.args[1:]))
    return out


def test_the_test_runs_these_steps_in_this_order_the_hwsim_step_last(tmp_path: Path) -> None:
    assert _plan(testrun.TestRun(cache.paths_for(tmp_path, "k"), tmp_path)) == [*STEPS, WIFI]


def test_without_wifi_the_hwsim_step_is_left_out(tmp_path: Path) -> None:
    assert _plan(testrun.TestRun(cache.paths_for(tmp_path, "k"), tmp_path, wifi=False)) == STEPS


@pytest.fixture
def signals() -> Iterator[None]:
    """run_test sets SIGALRM and SIGTERM for its bound: given back after."""
    alarm, term = signal.getsignal(signal.SIGALRM), signal.getsignal(signal.SIGTERM)
    yield
    signal.alarm(0)
    signal.signal(signal.SIGALRM, alarm)
    signal.signal(signal.SIGTERM, term)


def _machine(monkeypatch: pytest.MonkeyPatch, running: bool = False) -> list[str]:
    """No QEMU: what run_test asks of the machine, recorded."""
    calls: list[str] = []
    monkeypatch.setattr(plan, "qemu_pid", lambda p: 4242 if running else None)
    monkeypatch.setattr(testrun, "qemu_pid", lambda p: None)  # collect(): nothing to read from the guest
    monkeypatch.setattr(plan, "down", lambda p, timeout: calls.append(f"down {timeout:.0f}"))
    monkeypatch.setattr(plan, "kill", lambda p: calls.append("kill"))
    return calls


def _steps(monkeypatch: pytest.MonkeyPatch, steps: list[tuple[str, Callable[[], None]]]) -> None:
    monkeypatch.setattr(plan, "test_steps", lambda run: steps)


def _fail(msg: str) -> Callable[[], None]:
    def do() -> None:
        raise StepFailed(msg)
    return do


def test_the_first_failure_is_named_and_the_steps_after_it_do_not_run(
        signals: None, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    ran: list[str] = []
    calls = _machine(monkeypatch)
    _steps(monkeypatch, [("one", lambda: ran.append("one")), ("two", _fail("the card stayed in the hand")),
                         ("three", lambda: ran.append("three"))])
    out = tmp_path / "out"
    assert plan.run_test(cache.paths_for(tmp_path, "k"), out, 60, keep=True) == 1
    assert ran == ["one"]
    assert calls == []  # --keep keeps the machine after a failure too: to look at it
    log = [line.split("] ", 1)[1] for line in (out / "steps.log").read_text().splitlines()]
    assert log[0] == f"virtual-pi test: screenshots and logs in {out}; at most 60 s"
    assert log[1:5] == ["step  one", "ok    one (0 s)", "step  two", "FAIL  two: StepFailed: the card stayed in the hand"]
    assert "step  three" not in log
    assert log[-1].startswith("virtual-pi test FAILED at step 'two' after ")
    assert f"      {0:6.0f} s  one" in log  # the passed steps' times


def test_a_passing_run_says_so_and_keep_leaves_the_machine_up(signals: None, monkeypatch: pytest.MonkeyPatch,
                                                              tmp_path: Path) -> None:
    calls = _machine(monkeypatch)
    _steps(monkeypatch, [("one", lambda: None)])
    out = tmp_path / "out"
    (out / "old").mkdir(parents=True)  # an earlier run's files go
    assert plan.run_test(cache.paths_for(tmp_path, "k"), out, 60, keep=True) == 0
    assert calls == [] and not (out / "old").exists()
    assert (out / "steps.log").read_text().splitlines()[-1].split("] ", 1)[1] == \
        f"virtual-pi test passed in 0 s; screenshots and logs: {out}"
    assert plan.run_test(cache.paths_for(tmp_path, "k"), out, 60, keep=False) == 0
    assert calls == ["down 120"]


def test_the_test_boots_its_own_machine(signals: None, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    _machine(monkeypatch, running=True)
    with pytest.raises(UsageError, match="already running"):
        plan.run_test(cache.paths_for(tmp_path, "k"), tmp_path / "out", 60, keep=False)


def test_only_runs_the_steps_named_so_on_the_machine_already_up(signals: None, monkeypatch: pytest.MonkeyPatch,
                                                                tmp_path: Path) -> None:
    ran: list[str] = []
    _machine(monkeypatch)
    steps: list[tuple[str, Callable[[], None]]] = [
        ("boot: first boot", lambda: ran.append("boot")), ("configure", lambda: ran.append("configure")),
        ("Wi-Fi (mac80211_hwsim)", lambda: ran.append("wifi"))]
    _steps(monkeypatch, steps)
    p: Paths = cache.paths_for(tmp_path, "k")
    with pytest.raises(UsageError, match="no virtual Pi running"):  # without boot: the machine must be up
        plan.run_test(p, tmp_path / "out", 60, keep=True, only="configure,Wi-Fi")
    assert ran == []
    assert plan.run_test(p, tmp_path / "out", 60, keep=True, only="boot, Wi-Fi") == 0
    assert ran == ["boot", "wifi"]
    _machine(monkeypatch, running=True)
    assert plan.run_test(p, tmp_path / "out", 60, keep=True, only="Wi-Fi") == 0
    assert ran == ["boot", "wifi", "wifi"]


def test_a_host_error_in_a_step_fails_it_too(signals: None, monkeypatch: pytest.MonkeyPatch,
                                             tmp_path: Path) -> None:
    _machine(monkeypatch)

    def broken() -> None:
        raise KeyError("phone_port")

    _steps(monkeypatch, [("one", broken)])
    p: Paths = cache.paths_for(tmp_path, "k")
    assert plan.run_test(p, tmp_path / "out", 60, keep=False) == 1
    assert "FAIL  one: KeyError: 'phone_port'" in (tmp_path / "out/steps.log").read_text()
