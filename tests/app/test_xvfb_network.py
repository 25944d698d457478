"""Joining a Wi-Fi as a person does it: the simulator's window on Xvfb, xdotool clicks on
Settings → Network, a locked network, its password typed key by key on the on-screen
keyboard (a wrong one first), then the box's own hotspot. Where to click comes from the
simulator's probe file (the very boxes its screens test a tap against); screenshots in
``test-artifacts/sim/`` (``network-*.png``)."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from hal.network import SIM_PASSWORD

from .test_xvfb import open_sim, shot, stop, wait, x, xdisplay  # noqa: F401

pytestmark = pytest.mark.xvfb

LOCKED = "FRITZ!Box 7590 KL"  # the simulated network with a lock the box does not know


def test_a_password_typed_on_the_screen_joins_a_network_then_the_hotspot_opens(
        xdisplay: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:  # noqa: F811
    probe_file = tmp_path / "probe.json"
    monkeypatch.setenv("TRESSETTE_SIM_PROBE", str(probe_file))
    sim, ox, oy = open_sim(xdisplay, tmp_path, "--think-ms", "0", "--log-level", "INFO")

    def probe() -> dict[str, Any]:
        try:
            data: dict[str, Any] = json.loads(probe_file.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}
        return data

    def until(cond: Callable[[dict[str, Any]], bool], what: str) -> dict[str, Any]:
        wait(lambda: bool(probe()) and cond(probe()), timeout=30, what=what)
        return probe()

    def click(name: str) -> None:
        p = until(lambda p: any(b["name"] == name and b["enabled"] for b in p.get("buttons", [])), f"button {name}")
        bx, by, bw, bh = next(b["rect"] for b in p["buttons"] if b["name"] == name)
        x(xdisplay, "xdotool", "mousemove", str(ox + bx + bw // 2), str(oy + by + bh // 2), "click", "1")

    def net() -> dict[str, Any]:
        return probe().get("network") or {}

    def type_on_screen(text: str) -> None:
        for ch in text:
            click(f"ch:{ch}")
            until(lambda p: p.get("screen") == "wifi_password", "the keyboard")

    try:
        until(lambda p: p.get("screen") == "home", "the home screen")
        click("nav:settings")
        click("network")  # Settings' Network row: where the box is now, a tap to its screen
        until(lambda p: p["screen"] == "network" and bool((p.get("network") or {}).get("scanned"))
              and not p["network"]["busy"], "the networks in reach")
        assert net()["state"] == "connected" and net()["ssid"] == "Casa Rossi"  # joined at power-on
        shot(xdisplay, "network-01-list.png")
        locked = net()["networks"].index(LOCKED)
        click(f"net:{locked}")
        until(lambda p: p["screen"] == "wifi_password", "the password screen")
        type_on_screen("sbagliata")
        shot(xdisplay, "network-02-typed-hidden.png")
        click("ok")
        until(lambda p: p["screen"] == "network" and p["network"]["result"] == "n_wrong_password",
              "the wrong password said")
        time.sleep(0.3)  # the frame with the words drawn
        shot(xdisplay, "network-03-wrong-password.png")
        click(f"net:{locked}")
        until(lambda p: p["screen"] == "wifi_password", "the password screen again")
        type_on_screen(SIM_PASSWORD)
        click("show")
        time.sleep(0.3)
        shot(xdisplay, "network-04-typed-shown.png")
        click("ok")
        until(lambda p: p["screen"] == "network" and p["network"]["result"] == "n_connected",
              "connected to the locked network")
        assert net()["state"] == "connected" and net()["ssid"] == LOCKED and net()["address"]
        time.sleep(0.3)
        shot(xdisplay, "network-05-connected.png")
        click("hotspot")
        until(lambda p: (p.get("network") or {}).get("state") == "hotspot", "the hotspot open")
        assert net()["address"] == "10.42.0.1"
        time.sleep(0.3)
        shot(xdisplay, "network-06-hotspot.png")
    finally:
        err = stop(sim)
    assert "Traceback" not in err, err[-3000:]
    assert "network connect FRITZ" in err and "sbagliata" not in err  # the attempts logged, no password
