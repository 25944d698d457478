"""The network HAL: nmcli's output parsed, its argv exact, the double, the worker, the hotspot's secret."""

from __future__ import annotations

import os
import random
import stat
import subprocess
import threading
from collections.abc import Sequence
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hal.hotspot import (
    HOTSPOT_CHANNELS,
    PASS_ALPHABET,
    PASS_LENGTH,
    Hotspot,
    hotspot_channel,
    hotspot_credentials,
    make_hotspot,
)
from hal.network import (
    HOTSPOT_PROFILE,
    SIM_NO_ADDRESS,
    SIM_PASSWORD,
    BootPolicy,
    NetRequest,
    NetResult,
    NetState,
    NetworkBusy,
    NetworkChanged,
    NetworkDone,
    NetworkEvent,
    NetworkScanned,
    NetworkWorker,
    NmcliNetwork,
    SimNetwork,
    WifiNetwork,
    classify_failure,
    escape_terse,
    first_address,
    parse_wifi_list,
    split_terse,
)
from hal.timing import ManualClock
from tests.hal.fake_nmcli import STATUS_DISCONNECTED, FakeNmcli
from ui.netmodel import wifi_qr_text

HOT = Hotspot("Tressette-K2P9", "abcdefgh2345")
STATUS = ["-t", "-e", "yes", "-f", "DEVICE,TYPE,STATE,CONNECTION", "device", "status"]


@pytest.fixture
def nmcli(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> FakeNmcli:
    fake = FakeNmcli.install(tmp_path)
    monkeypatch.setenv("PATH", fake.path_env())
    return fake


# ------------------------------------------------------------------ parsing


text = st.text(st.characters(codec="utf-8", exclude_categories=("Cs", "Cc")), max_size=20)


@given(st.lists(text, min_size=1, max_size=6))
def test_terse_fields_come_back_whatever_they_hold(fields: list[str]) -> None:
    line = ":".join(escape_terse(f) for f in fields)
    assert split_terse(line) == fields


@given(st.lists(st.tuples(st.booleans(), text, st.integers(0, 100), st.sampled_from(["", "--", "WPA2", "WPA1 WPA2",
                                                                                   "WPA3 SAE", "WEP"])),
                max_size=12))
def test_wifi_list_one_row_per_name_at_its_best_strength(rows: list[tuple[bool, str, int, str]]) -> None:
    out = "".join(f"{'*' if u else ' '}:{escape_terse(s)}:{sig}:{escape_terse(sec)}\n" for u, s, sig, sec in rows)
    nets = parse_wifi_list(out)
    named = [r for r in rows if r[1]]
    assert sorted(n.ssid for n in nets) == sorted({r[1] for r in named})  # hidden (no name) left out
    for n in nets:
        same = [r for r in named if r[1] == n.ssid]
        assert n.signal == max(r[2] for r in same)
        assert n.in_use == any(r[0] for r in same)
    in_use_first = [n.in_use for n in nets]
    assert in_use_first == sorted(in_use_first, reverse=True)


def test_wifi_list_as_nmcli_prints_it() -> None:
    out = ("*:Casa\\:Rossi:78:WPA2\n"
           " :FRITZ!Box 7590 KL:64:WPA1 WPA2\n"
           " :Bar Sport:47:\n"
           " ::40:WPA2\n"
           " :back\\\\slash:20:WPA2\n"
           " :Casa\\:Rossi:30:WPA2\n")  # fmt: skip
    assert parse_wifi_list(out) == [
        WifiNetwork("Casa:Rossi", 78, True, True),
        WifiNetwork("FRITZ!Box 7590 KL", 64, True),
        WifiNetwork("Bar Sport", 47, False),
        WifiNetwork("back\\slash", 20, True),
    ]


def test_addresses_and_failures_in_words() -> None:
    assert first_address("192.168.1.23/24 | 10.0.0.2/8\n") == "192.168.1.23"
    assert first_address("\n") == ""
    wrong = "Error: Connection activation failed: (7) Secrets were required, but not provided.\n"
    assert classify_failure(4, wrong).kind == "wrong_password"
    assert classify_failure(10, "Error: No network with SSID 'Casa' found.\n").kind == "not_found"
    no_ip = "Error: Connection activation failed: IP configuration could not be reserved (no available address)."
    assert classify_failure(4, no_ip).kind == "no_address"
    timeout = classify_failure(3, "Error: Timeout expired (30 seconds)")
    assert timeout == NetResult("failed", detail="Timeout expired (30 seconds)")


# ------------------------------------------------------------------ nmcli, for real, on PATH


def test_scan_asks_nmcli_with_an_argument_list(nmcli: FakeNmcli) -> None:
    nmcli.reply([
        {"argv": STATUS, "stdout": STATUS_DISCONNECTED},
        {"argv": ["-t", "-e", "yes", "-f", "IN-USE,SSID,SIGNAL,SECURITY"], "stdout": " :Casa\\:Rossi:78:WPA2\n :Bar; rm -rf /:40:\n"},
        {"argv": ["-t", "-e", "yes", "-f", "NAME,TYPE"],
         "stdout": f"Casa\\:Rossi:802-11-wireless\nWired connection 1:802-3-ethernet\n{HOTSPOT_PROFILE}:802-11-wireless\n"},
    ])  # fmt: skip
    net = NmcliNetwork()
    assert net.scan() == [WifiNetwork("Casa:Rossi", 78, True), WifiNetwork("Bar; rm -rf /", 40, False)]
    assert net.known() == ["Casa:Rossi"]  # the box's own hotspot is not a home network
    assert nmcli.calls() == [
        STATUS,
        ["-t", "-e", "yes", "-f", "IN-USE,SSID,SIGNAL,SECURITY", "device", "wifi", "list", "ifname", "wlan0",
         "--rescan", "yes"],
        ["-t", "-e", "yes", "-f", "NAME,TYPE", "connection", "show"],
    ]


def test_connect_joins_and_says_the_address(nmcli: FakeNmcli) -> None:
    nmcli.reply([
        {"argv": ["--wait"], "stdout": "Device 'wlan0' successfully activated with 'b3c…'.\n"},
        {"argv": STATUS, "stdout": "wlan0:wifi:connected:Casa Rossi\n"},
        {"argv": ["-g", "IP4.ADDRESS"], "stdout": "192.168.1.23/24\n"},
        {"argv": ["-g", "802-11-wireless.ssid"], "stdout": " Casa\\:Rossi\n"},
    ])  # fmt: skip
    net = NmcliNetwork(device="wlan0")
    assert net.connect("Casa Rossi", "pa ss:'w\"d") == NetResult("connected", address="192.168.1.23")
    assert nmcli.calls()[0] == ["--wait", "30", "device", "wifi", "connect", "Casa Rossi", "password",
                                "pa ss:'w\"d", "ifname", "wlan0"]  # one argument each, no shell
    assert net.state() == NetState("connected", ssid=" Casa:Rossi", address="192.168.1.23")  # as NM keeps it


def test_a_wrong_password_is_said_and_not_kept(nmcli: FakeNmcli) -> None:
    nmcli.reply([
        {"argv": ["--wait"], "code": 4,
         "stderr": "Error: Connection activation failed: (7) Secrets were required, but not provided.\n"},
        {"argv": ["connection", "delete"], "stdout": "Connection 'Casa' (…) successfully deleted.\n"},
    ])  # fmt: skip
    result = NmcliNetwork(device="wlan0").connect("Casa", "sbagliata")
    assert result.kind == "wrong_password"
    assert nmcli.calls()[-1] == ["connection", "delete", "id", "Casa"]


@pytest.mark.parametrize(("code", "stderr", "kind"), [
    (10, "Error: No network with SSID 'Casa' found.\n", "not_found"),
    (4, "Error: Connection activation failed: IP configuration could not be reserved "
        "(no available address, timeout, etc.).\n", "no_address"),
    (8, "Error: NetworkManager is not running.\n", "failed"),
])  # fmt: skip
def test_every_failure_is_a_reason(nmcli: FakeNmcli, code: int, stderr: str, kind: str) -> None:
    nmcli.reply([{"argv": ["--wait"], "code": code, "stderr": stderr}])
    result = NmcliNetwork(device="wlan0").connect("Casa", "x" * 8)
    assert result.kind == kind
    assert result.detail and not result.detail.startswith("Error:")


def test_no_nmcli_and_a_hung_nmcli_are_reasons_too(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PATH", str(tmp_path))
    assert NmcliNetwork(device="wlan0").connect("Casa", "") == NetResult(
        "failed", detail="nmcli is not installed (network-manager)")
    assert NmcliNetwork().state() == NetState("unavailable", detail="nmcli is not installed (network-manager)")

    def hung(argv: Sequence[str], timeout: float) -> subprocess.CompletedProcess[str]:
        raise subprocess.TimeoutExpired(list(argv), timeout)

    result = NmcliNetwork(run=hung, device="wlan0", connect_wait=5).connect("Casa", "x" * 8)
    assert result == NetResult("failed", detail="nmcli took longer than 20 s")


def test_hotspot_is_wpa2_on_its_own_profile(nmcli: FakeNmcli) -> None:
    nmcli.reply([
        {"argv": ["connection", "delete"], "code": 10, "stderr": "Error: unknown connection 'tressette-hotspot'.\n"},
        {"argv": ["connection", "add"], "stdout": "Connection 'tressette-hotspot' (…) successfully added.\n"},
        {"argv": ["--wait"], "stdout": "Connection successfully activated\n"},
        {"argv": STATUS, "stdout": f"wlan0:wifi:connected:{HOTSPOT_PROFILE}\n"},
        {"argv": ["-g", "IP4.ADDRESS"], "stdout": "10.42.0.1/24\n"},
        {"argv": ["-g", "802-11-wireless.ssid"], "stdout": "Tressette-K2P9\n"},
        {"argv": ["connection", "down"], "stdout": ""},
    ])  # fmt: skip
    net = NmcliNetwork(device="wlan0")
    assert net.hotspot_up(HOT) == NetResult("connected", address="10.42.0.1")
    add = nmcli.calls()[1]
    assert add[:2] == ["connection", "add"]
    pairs = dict(zip(add[2::2], add[3::2], strict=True))
    assert pairs["802-11-wireless.mode"] == "ap" and pairs["ipv4.method"] == "shared"
    assert (pairs["wifi-sec.key-mgmt"], pairs["wifi-sec.proto"], pairs["wifi-sec.pairwise"]) == ("wpa-psk", "rsn", "ccmp")
    assert pairs["ssid"] == HOT.ssid and pairs["wifi-sec.psk"] == HOT.passphrase and pairs["autoconnect"] == "no"
    # A channel every regulatory domain lets an access point use. Left to NetworkManager (1.42
    # picks one of 1, 6, 11, 13 from a hash of the name) this very name got 13, which the world
    # domain of a box with no country marks no-initiating-radiation: wpa_supplicant "Failed to
    # start AP functionality", the hotspot never opened.
    assert pairs["802-11-wireless.band"] == "bg" and pairs["802-11-wireless.channel"] in ("1", "6", "11")
    assert net.state() == NetState("hotspot", ssid="Tressette-K2P9", address="10.42.0.1")
    assert net.hotspot_down() == NetResult("done")
    assert nmcli.calls()[-1] == ["connection", "down", "id", HOTSPOT_PROFILE]


@given(st.text())
def test_the_hotspots_channel_is_one_allowed_everywhere_and_kept(ssid: str) -> None:
    assert hotspot_channel(ssid) in HOTSPOT_CHANNELS == (1, 6, 11)
    assert hotspot_channel(ssid) == hotspot_channel(ssid)


def test_boxes_hotspots_spread_over_the_three_channels() -> None:
    rng = random.Random(37)
    assert {hotspot_channel(make_hotspot(rng.randrange).ssid) for _ in range(60)} == {1, 6, 11}


def test_states_nmcli_reports(nmcli: FakeNmcli) -> None:
    nmcli.reply([{"argv": STATUS, "stdout": "wlan0:wifi:connecting (getting IP configuration):Casa\n"}])
    assert NmcliNetwork().state().kind == "connecting"
    nmcli.reply([{"argv": STATUS, "stdout": STATUS_DISCONNECTED}])
    assert NmcliNetwork().state() == NetState()
    nmcli.reply([{"argv": STATUS, "stdout": "eth0:ethernet:connected:Wired\n"}])
    assert NmcliNetwork().state() == NetState("unavailable", detail="no Wi-Fi device")
    nmcli.reply([{"argv": STATUS, "stdout": "wlan0:wifi:disconnected:\neth0:ethernet:connected:Wired 1\n"},
                 {"argv": ["-g", "IP4.ADDRESS", "device", "show", "eth0"], "stdout": "192.168.1.9/24\n"}])
    assert NmcliNetwork().state() == NetState("connected", ssid="Wired 1", address="192.168.1.9")


# ------------------------------------------------------------------ the double


def test_the_double_wants_its_one_password() -> None:
    sim = SimNetwork()
    assert sim.connect("Casa Rossi", "sbagliata").kind == "wrong_password"
    assert sim.state() == NetState()
    assert sim.connect("Nessuna", SIM_PASSWORD).kind == "not_found"
    assert sim.connect(SIM_NO_ADDRESS, SIM_PASSWORD).kind == "no_address"
    ok = sim.connect("Casa Rossi", SIM_PASSWORD)
    assert ok.kind == "connected" and sim.state() == NetState("connected", "Casa Rossi", ok.address)
    assert sim.known() == ["Casa Rossi"] and sim.scan()[0] == WifiNetwork("Casa Rossi", 82, True, True)
    assert sim.connect("Bar Sport: ospiti", "").kind == "connected"  # open: no password
    assert sim.forget("Casa Rossi") == NetResult("done") and sim.known() == ["Bar Sport: ospiti"]
    assert sim.forget("Casa Rossi").kind == "not_found"
    assert sim.hotspot_up(HOT).kind == "connected"
    assert sim.state() == NetState("hotspot", HOT.ssid, "10.42.0.1", HOT.passphrase)
    sim.hotspot_down()
    assert sim.state() == NetState()


# ------------------------------------------------------------------ the worker


def run_worker(net: SimNetwork, requests: list[NetRequest], policy: BootPolicy | None = None,
               looks: int = 0) -> list[NetworkEvent]:
    """The requests run in order, then ``looks`` more looks at the state, ``policy.poll_s`` apart
    (what the thread does while nothing is asked)."""
    events: list[NetworkEvent] = []
    clock = ManualClock()
    worker = NetworkWorker(net, post=events.append, hotspot=HOT, policy=policy, clock=clock, start=False)
    for r in requests:
        worker.run_one(r)
    for _ in range(looks):
        clock.advance(worker.policy.poll_s)
        worker.run_one(NetRequest("state"))
    return events


def test_the_worker_says_what_it_does_and_how_it_ended() -> None:
    events = run_worker(SimNetwork(), [NetRequest("scan"), NetRequest("connect", "Casa Rossi", "sbagliata")])
    assert isinstance(events[0], NetworkBusy) and isinstance(events[1], NetworkScanned)
    assert len(events[1].networks) == 5
    done = [e for e in events if isinstance(e, NetworkDone)]
    assert [(d.op, d.ssid, d.result.kind) for d in done] == [("connect", "Casa Rossi", "wrong_password")]
    assert isinstance(events[-1], NetworkChanged) and events[-1].state == NetState()
    assert "sbagliata" not in repr(NetRequest("connect", "Casa Rossi", "sbagliata"))


def test_at_boot_a_known_network_in_reach_is_joined_and_no_hotspot_opens() -> None:
    net = SimNetwork(known=["Casa Rossi"])
    net.boot_join()  # NetworkManager's own doing at power-on
    events = run_worker(net, [NetRequest("boot")], looks=30)
    assert {e.state.kind for e in events if isinstance(e, NetworkChanged)} == {"connected"}
    assert ("hotspot_up", HOT.ssid) not in net.calls


def test_at_boot_alone_the_hotspot_opens_after_the_wait() -> None:
    net = SimNetwork(known=["Casa lontana"])
    events = run_worker(net, [NetRequest("boot")], BootPolicy(wait_s=10, poll_s=2), looks=5)
    changed = [e for e in events if isinstance(e, NetworkChanged)]
    assert [c.state.kind for c in changed] == ["disconnected"] * 6 + ["hotspot"]  # at 0, 2, … 10 s, then open
    assert changed[-1].state == NetState("hotspot", HOT.ssid, "10.42.0.1", HOT.passphrase)
    assert changed[-1].at == 10
    off = run_worker(SimNetwork(), [NetRequest("boot")], BootPolicy(hotspot_when_alone=False, wait_s=4, poll_s=2),
                     looks=5)
    assert not any(isinstance(e, NetworkDone) for e in off)


def test_a_choice_on_the_screen_at_boot_ends_the_boot_policy() -> None:
    net = SimNetwork()
    events = run_worker(net, [NetRequest("boot"), NetRequest("connect", "Casa Rossi", "sbagliata")],
                        BootPolicy(wait_s=4, poll_s=2), looks=5)
    assert ("hotspot_up", HOT.ssid) not in net.calls
    assert isinstance(events[-1], NetworkChanged)


def test_the_worker_thread_runs_off_the_caller_and_closes_at_once() -> None:
    events: list[NetworkEvent] = []
    with NetworkWorker(SimNetwork(), post=events.append, hotspot=HOT,
                       policy=BootPolicy(wait_s=3600, poll_s=3600)) as worker:
        worker.submit(NetRequest("connect", "Casa Rossi", SIM_PASSWORD))
        assert worker.idle.wait(5)
        worker.submit(NetRequest("boot"))  # would look for an hour: close must not wait for it
    assert NetworkDone("connect", "Casa Rossi", NetResult("connected", address="192.168.1.23"),
                       events[1].at) in events


def test_the_worker_answers_the_screen_while_the_boot_policy_waits() -> None:
    scanned = threading.Event()

    def post(event: NetworkEvent) -> None:
        if isinstance(event, NetworkScanned):
            scanned.set()

    with NetworkWorker(SimNetwork(), post=post, hotspot=HOT, policy=BootPolicy(wait_s=3600, poll_s=0.01)) as worker:
        worker.submit(NetRequest("boot"))
        worker.submit(NetRequest("scan"))
        assert scanned.wait(5)  # not an hour
        assert worker.boot_deadline is not None


# ------------------------------------------------------------------ the hotspot's name and passphrase


def test_the_passphrase_is_made_once_kept_private_and_unambiguous(tmp_path: Path) -> None:
    first = hotspot_credentials(tmp_path)
    path = tmp_path / "hotspot.json"
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600
    assert hotspot_credentials(tmp_path) == first
    assert len(first.passphrase) == PASS_LENGTH >= 10 and set(first.passphrase) <= set(PASS_ALPHABET)
    assert not set("0o1li") & set(PASS_ALPHABET)
    assert first.ssid.startswith("Tressette-") and len(first.ssid) == 14
    path.write_text("{not json", encoding="utf-8")
    again = hotspot_credentials(tmp_path, make=lambda: HOT)
    assert again == HOT and stat.S_IMODE(os.stat(path).st_mode) == 0o600
    assert [p.name for p in tmp_path.iterdir()] == ["hotspot.json"]  # no temporary file left


def test_a_state_dir_that_cannot_be_written_still_gives_a_hotspot(tmp_path: Path) -> None:
    (tmp_path / "link").symlink_to(tmp_path / "not-yet")  # as an unmounted file system
    assert hotspot_credentials(tmp_path / "link" / "state", make=lambda: HOT) == HOT


def test_two_boxes_make_two_hotspots() -> None:
    assert len({make_hotspot() for _ in range(20)}) == 20


# ------------------------------------------------------------------ the Wi-Fi QR code's text


def unescape_wifi(field: str) -> str:
    out, chars = [], iter(field)
    for ch in chars:
        out.append(next(chars) if ch == "\\" else ch)
    return "".join(out)


def split_wifi(qr: str) -> dict[str, str]:
    """A phone's reading of ``WIFI:T:WPA;S:…;P:…;;``: fields up to an unescaped ``;``."""
    assert qr.startswith("WIFI:") and qr.endswith(";;")
    fields: dict[str, str] = {}
    cur, body, escaped = "", qr[5:-1], False
    for ch in body:
        if escaped:
            cur += "\\" + ch
            escaped = False
        elif ch == "\\":
            escaped = True
        elif ch == ";":
            key, _, value = cur.partition(":")
            fields[key] = unescape_wifi(value)
            cur = ""
        else:
            cur += ch
    return fields


@given(text, text)
def test_wifi_qr_text_reads_back_whatever_the_name_and_passphrase(ssid: str, passphrase: str) -> None:
    assert split_wifi(wifi_qr_text(ssid, passphrase)) == {"T": "WPA", "S": ssid, "P": passphrase}


def test_wifi_qr_text_escapes_the_five_specials() -> None:
    assert wifi_qr_text('a\\b;c,d:e"f', "p") == 'WIFI:T:WPA;S:a\\\\b\\;c\\,d\\:e\\"f;P:p;;'
