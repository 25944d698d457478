"""scripts/phone-play: a phone on this machine (Debian's chromium) joins a box and plays by taps.

The pure parts (its command line, what it taps in a state, when it is done) in the fast
suite; one run of the script itself against the box program with a phone seat and a
computer (``tressette sim --headless``), as ``scripts/virtual-pi test`` runs it against
the box in the VM."""

from __future__ import annotations

import importlib.machinery
import importlib.util
import json
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "phone-play"


def _load() -> ModuleType:
    loader = importlib.machinery.SourceFileLoader("phone_play", str(SCRIPT))
    spec = importlib.util.spec_from_loader("phone_play", loader)
    assert spec is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["phone_play"] = module
    loader.exec_module(module)
    return module


pp = _load()


def test_the_browser_is_debians_with_the_flags_that_keep_it_quiet() -> None:
    assert pp.CHROMIUM == "/usr/bin/chromium"
    for flag in ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"):
        assert flag in pp.FLAGS
    assert not any(f.startswith("--user-data-dir") for f in pp.FLAGS)  # a fresh one per run, by Playwright


def test_the_command_line_parses() -> None:
    a = pp.parse_args(["http://127.0.0.1:41234", "012345", "--tricks", "2", "--shot", "x.png", "--lang", "en"])
    assert (a.url, a.code, a.tricks, a.shot, a.lang) == ("http://127.0.0.1:41234", "012345", 2, Path("x.png"), "en")
    assert pp.parse_args(["http://tressette.local:8337", "999999"]).tricks == 1


@pytest.mark.parametrize("argv", [
    ["127.0.0.1:8337", "123456"],  # no scheme
    ["http://127.0.0.1:8337/#join=1", "123456"],  # a path: the script adds the fragment itself
    ["http://127.0.0.1:8337", "12345"],
    ["http://127.0.0.1:8337", "1234567"],
    ["http://127.0.0.1:8337", "12a456"],
    ["http://127.0.0.1:8337", "123456", "--tricks", "0"],
    ["http://127.0.0.1:8337", "123456", "--timeout", "-1"],
    ["http://127.0.0.1:8337", "123456", "--shot", "x.jpg"],
    ["http://127.0.0.1:8337", "123456", "--lang", "fr"],
])  # fmt: skip
def test_bad_command_lines_are_refused(argv: list[str]) -> None:
    with pytest.raises(SystemExit) as e:
        pp.parse_args(argv)
    assert e.value.code == 2


@given(st.text(max_size=30), st.text(max_size=10))
def test_any_url_and_code_parse_or_are_refused_with_exit_2(url: str, code: str) -> None:
    try:
        a = pp.parse_args([url, code])
    except SystemExit as e:
        assert e.code == 2
    else:
        assert a.url.startswith(("http://", "https://")) and len(a.code) == 6 and a.code.isascii()
        assert a.code.isdigit() and "/" not in a.url.split("://", 1)[1] and "#" not in a.url


def _state(**legal: Any) -> dict[str, Any]:
    return {"v": 3, "seat": 0, "phase": "play", "tricks": 0, "legal": legal}


def test_the_tap_is_what_the_page_offers_now() -> None:
    assert pp.next_tap(None, False) is None
    assert pp.next_tap(_state(), False) is None  # not this phone's move
    assert pp.next_tap(_state(play=[4, 7]), False) == "#hand img.playable"
    assert pp.next_tap(_state(nothing=True, play=[4]), False) == '#actions [data-name="nothing"]'
    decl = [{"kind": "napoli"}]
    assert pp.next_tap(_state(declare=decl, nothing=True), False) == '#actions [data-name="declare:0"]'
    assert pp.next_tap(_state(call=[1, 2]), False) == '#actions [data-name="call"]'
    assert pp.next_tap(_state(play=[4]), True).startswith("#overlay:not([hidden])")  # the overlay first


def test_done_once_the_trick_is_taken_or_the_hand_over() -> None:
    assert not pp.tricks_done(None, 1)
    assert not pp.tricks_done(_state(), 1)
    assert pp.tricks_done({**_state(), "tricks": 1}, 1)
    assert not pp.tricks_done({**_state(), "tricks": 1}, 2)
    assert pp.tricks_done({**_state(), "phase": "hand_over"}, 5)


@pytest.mark.browser
@pytest.mark.timeout(300)
def test_the_script_joins_the_box_by_its_code_and_plays_a_trick(tmp_path: Path) -> None:
    """The script itself, as the virtual Pi's test runs it: a box with a phone seat and a
    computer, the code read off its join screen, one trick played by taps on the page."""
    from tests.app.phones.browser import Box, need_browser

    need_browser()
    box = Box(tmp_path, "phone,cpu:easy", "tressette2", seed=5)
    box.start()
    try:
        code = box.codes()[0]
        shot = tmp_path / "page.png"
        proc = subprocess.run([sys.executable, str(SCRIPT), box.url, code, "--tricks", "1", "--shot", str(shot),
                               "--timeout", "180"], capture_output=True, text=True, timeout=240, check=False)
        assert proc.returncode == 0, proc.stdout + proc.stderr
        out = json.loads(proc.stdout.strip().splitlines()[-1])
        assert out["ok"] and out["seat"] == 0 and out["tricks"] >= 1 and not out["errors"]
        assert out["played"] and all(isinstance(c, str) and len(c) == 2 for c in out["played"])
        lt = out["last_trick"]
        assert {seat for seat, _ in lt["codes"]} == {0, 1} and out["played"][-1] in {c for _, c in lt["codes"]}
        assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
        # the box saw it: its seat held, the trick on the touchscreen's table
        p = box.wait_for(lambda p: p.get("model", {}).get("tricks_played", 0) >= 1, 30, "the trick on the table")
        assert p["phones"]["seats"][0]["held"]
        # the code is used up: the same code again gets no seat
        again = subprocess.run([sys.executable, str(SCRIPT), box.url, code, "--timeout", "20"],
                               capture_output=True, text=True, timeout=120, check=False)
        refused = json.loads(again.stdout.strip().splitlines()[-1])
        assert again.returncode == 1 and not refused["ok"]
        # said at once in the page's words, not found out by waiting for the 20 s to pass
        assert refused["why"].startswith("the box refused the code: ") and refused["seat"] is None, refused
    finally:
        box.stop()
