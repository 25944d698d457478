"""The network through the one queue: the screen's asks reach the worker, its answers reach the
screen model in words, the boot policy from ``[network]``, the hotspot kept in the state dir."""

from __future__ import annotations

import stat
from pathlib import Path

import pytest

from firmware import config
from firmware.app.network import Closable, start_network
from hal.network import SIM_PASSWORD, NetworkWorker, SimNetwork
from tests.app.conftest import MakeTable, Table
from ui import intents as it
from ui.i18n import Message, render


def wait(table: Table, worker: NetworkWorker) -> None:
    assert worker.idle.wait(10)
    table.pump()


def started(table: Table, net: SimNetwork, **network: object) -> NetworkWorker:
    settings = config.NetworkSettings(**network)  # type: ignore[arg-type]
    closers: list[Closable] = []
    worker = start_network(table.ctl.network, net, post=table.events.put, state_dir=table.state_dir,
                           settings=settings, closers=closers)
    table.closers = closers  # type: ignore[attr-defined]
    return worker


def said(message: Message | None) -> str:
    assert message is not None
    return render(message, "en")


@pytest.fixture
def table(make_table: MakeTable) -> Table:
    return make_table()


def test_no_worker_no_network_on_the_screen(table: Table) -> None:
    assert table.ctl.model().network is None
    table.put(it.NetworkScan())  # nobody to ask: nothing happens, nothing breaks
    assert table.ctl.model().network is None


def test_a_wrong_then_a_right_password_said_in_words(table: Table) -> None:
    net = SimNetwork()
    worker = started(table, net, join_wait_s=5)
    try:
        wait(table, worker)
        model = table.ctl.model().network
        assert model is not None and model.scanned and len(model.networks) == 5
        assert model.hotspot_ssid.startswith("Tressette-") and len(model.hotspot_passphrase) >= 10
        table.put(it.NetworkConnect("Casa Rossi", "sbagliata"))
        busy = table.ctl.model().network
        assert busy is not None and busy.busy == "connect"  # said at once, before the worker answers
        wait(table, worker)
        model = table.ctl.model().network
        assert model is not None and not model.busy
        assert said(model.result) == "Wrong password for Casa Rossi" and not model.result_ok
        table.put(it.NetworkConnect("Casa Rossi", SIM_PASSWORD))
        wait(table, worker)
        model = table.ctl.model().network
        assert model is not None
        assert said(model.result) == "Connected to Casa Rossi: tressette.local, 192.168.1.23"
        assert model.state == "connected" and model.online and model.row("Casa Rossi").known  # type: ignore[union-attr]
        table.put(it.NetworkForget("Casa Rossi"))
        wait(table, worker)
        model = table.ctl.model().network
        assert model is not None and said(model.result) == "Casa Rossi forgotten" and model.state == "disconnected"
    finally:
        worker.close()


def test_the_hotspot_from_the_screen_carries_the_wifi_qr(table: Table) -> None:
    worker = started(table, SimNetwork(), join_wait_s=5, hotspot_when_alone=False)
    try:
        table.put(it.NetworkHotspot(True))
        wait(table, worker)
        model = table.ctl.model().network
        assert model is not None and model.state == "hotspot" and model.address == "10.42.0.1"
        assert model.wifi_qr == f"WIFI:T:WPA;S:{model.hotspot_ssid};P:{model.hotspot_passphrase};;"
        table.put(it.NetworkHotspot(False))
        wait(table, worker)
        model = table.ctl.model().network
        assert model is not None and model.state == "disconnected" and model.wifi_qr == ""
    finally:
        worker.close()


def test_the_hotspot_is_kept_across_starts(make_table: MakeTable, tmp_path: Path) -> None:
    first = make_table(state_dir=tmp_path)
    w1 = started(first, SimNetwork(), join_wait_s=5, hotspot_when_alone=False)
    w1.close()
    second = make_table(state_dir=tmp_path)
    w2 = started(second, SimNetwork(), join_wait_s=5, hotspot_when_alone=False)
    w2.close()
    assert first.ctl.network.hotspot == second.ctl.network.hotspot
    assert stat.S_IMODE((tmp_path / "hotspot.json").stat().st_mode) == 0o600


def test_network_settings_are_checked(tmp_path: Path) -> None:
    path = tmp_path / "t.toml"
    path.write_text("[network]\nhotspot_when_alone = 1\njoin_wait_s = 2\n", encoding="utf-8")
    settings, problems = config.load(path, create=False)
    assert problems == ["[network] hotspot_when_alone must be true or false, not 1",
                        "[network] join_wait_s must be 5..600 s, not 2"]
    assert settings.network == config.NetworkSettings()
    path.write_text("[network]\nhotspot_when_alone = false\njoin_wait_s = 90\n", encoding="utf-8")
    settings, problems = config.load(path, create=False)
    assert problems == [] and settings.network == config.NetworkSettings(False, 90)
    assert "[network]" in config.DEFAULT_TOML


def test_a_box_with_no_route_out_shows_its_hotspot_address(monkeypatch: pytest.MonkeyPatch) -> None:
    """On its own hotspot the box has no default route: the page's address is still an IP
    address (the interface's), never only the mDNS name."""
    import socket

    from firmware.app.phones import address

    ips = address.interface_ips()
    assert all(not ip.startswith("127.") for ip in ips)
    if address.lan_ip():
        assert address.lan_ip() in ips  # the route's address is one of the interfaces'

    class NoRoute(socket.socket):
        def connect(self, where: object) -> None:
            raise OSError(101, "Network is unreachable")

    monkeypatch.setattr(socket, "socket", NoRoute)  # the module's socket module is this one
    monkeypatch.setattr(address, "interface_ips", lambda: ["10.42.0.1"])
    assert address.lan_ip() == "10.42.0.1"
    assert address.join_urls("0.0.0.0", 8337, "tressette.local", address.lan_ip())[0] == "http://10.42.0.1:8337"
