"""The box's network, the table controller's part: the screen's asks out, the worker's answers in.

Settings → Network sends intents (look again, join a network with its password,
forget one, open or close the hotspot); this part hands each to the network's
worker thread (:class:`hal.network.NetworkWorker`) as a
:class:`~hal.network.NetRequest` and never waits: the worker posts what it
found into the one queue, and the controller gives those events back here.
What it owns: the networks last seen, the state last reported, what the worker
is doing now and how the last attempt ended, said in words
(:class:`~ui.netmodel.NetworkModel`). Without a worker (the tests of other
parts, a program that runs none) there is no model: the screens say nothing
of a network.

:func:`start_network` starts the worker for ``tressette run`` (NetworkManager)
and ``tressette sim`` (the simulated double), with the boot policy of the
settings' ``[network]``.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path
from typing import Protocol

import ui.intents as ui
from firmware.app.core import Table
from firmware.app.messages import Message, msg
from firmware.config import NetworkSettings
from hal.hotspot import Hotspot, hotspot_credentials
from hal.network import (
    BootPolicy,
    NetRequest,
    NetResult,
    NetState,
    Network,
    NetworkBusy,
    NetworkChanged,
    NetworkDone,
    NetworkEvent,
    NetworkScanned,
    NetworkWorker,
    WifiNetwork,
)
from ui.netmodel import NetworkModel, WifiRow, wifi_qr_text


class Closable(Protocol):
    def close(self) -> None: ...

log = logging.getLogger("firmware.app.network")

NetworkIntent = ui.NetworkScan | ui.NetworkConnect | ui.NetworkForget | ui.NetworkHotspot


def result_message(op: str, ssid: str, result: NetResult, name: str) -> Message:
    """How an attempt ended, in words: "connected: tressette.local, 192.168.1.23", or why not."""
    if op == "hotspot_up":
        if result.ok:
            return msg("n_hotspot_open", ssid=ssid, address=result.address)
        return msg("n_hotspot_failed", why=result.detail or result.kind)
    if op == "hotspot_down":
        return msg("n_hotspot_closed") if result.ok else msg("n_hotspot_failed", why=result.detail)
    if op == "forget":
        return msg("n_forgotten", ssid=ssid) if result.ok else msg("n_failed", ssid=ssid, why=result.detail)
    match result.kind:
        case "connected" | "done":
            return msg("n_connected", ssid=ssid, name=name, address=result.address)
        case "wrong_password":
            return msg("n_wrong_password", ssid=ssid)
        case "no_address":
            return msg("n_no_address", ssid=ssid)
        case "not_found":
            return msg("n_not_found", ssid=ssid)
    return msg("n_failed", ssid=ssid, why=result.detail or result.kind)


class NetworkPart:
    """See the module docstring. ``name`` is the box's name on the LAN (``[phones] address``)."""

    def __init__(self, table: Table, *, name: str = "tressette.local") -> None:
        self.table = table
        self.name = name
        self.submit: Callable[[NetRequest], None] | None = None  # the worker's, once it runs
        self.hotspot: Hotspot | None = None
        self.state = NetState()
        self.networks: tuple[WifiNetwork, ...] = ()
        self.known: tuple[str, ...] = ()
        self.scanned = False
        self.busy = ""
        self.busy_ssid = ""
        self.result: Message | None = None
        self.result_ok = False

    def attach(self, submit: Callable[[NetRequest], None], hotspot: Hotspot) -> None:
        self.submit = submit
        self.hotspot = hotspot
        self.table.version += 1

    # ------------------------------------------------------------ the screen's asks

    def on_intent(self, intent: NetworkIntent) -> None:
        if self.submit is None:
            return  # no network here: the screen offers nothing to ask
        match intent:
            case ui.NetworkScan():
                request = NetRequest("scan")
            case ui.NetworkConnect(ssid=ssid, password=password):
                request = NetRequest("connect", ssid, password)
            case ui.NetworkForget(ssid=ssid):
                request = NetRequest("forget", ssid)
            case ui.NetworkHotspot(on=on):
                request = NetRequest("hotspot_up" if on else "hotspot_down",
                                     self.hotspot.ssid if self.hotspot is not None else "")
        if request.op != "scan":
            self.result = None  # the old outcome is not this attempt's
        self.busy, self.busy_ssid = request.op, request.ssid  # shown at once; the worker confirms
        self.submit(request)
        self.table.version += 1

    # ------------------------------------------------------------ the worker's answers

    def on_event(self, event: NetworkEvent) -> None:
        match event:
            case NetworkBusy(op=op, ssid=ssid):
                self.busy, self.busy_ssid = op, ssid
            case NetworkScanned(networks=networks, known=known, error=error):
                self.busy = ""
                self.networks, self.known, self.scanned = networks, known, True
                if error:
                    self.result, self.result_ok = msg("n_scan_failed", why=error), False
            case NetworkDone(op=op, ssid=ssid, result=result):
                self.busy = ""
                self.result = result_message(op, ssid, result, self.name)
                self.result_ok = result.ok
                if op == "forget" and result.ok:
                    self.known = tuple(k for k in self.known if k != ssid)
                elif op == "connect" and result.ok and ssid not in self.known:
                    self.known = (*self.known, ssid)
                elif op == "connect" and result.kind == "wrong_password":
                    self.known = tuple(k for k in self.known if k != ssid)  # its password was dropped
                log.info("network %s %s: %s %s", op, ssid, result.kind, result.detail)
            case NetworkChanged(state=state):
                if state != self.state:
                    log.info("network: %s %s %s", state.kind, state.ssid, state.address)
                self.state = state
        self.table.version += 1

    # ------------------------------------------------------------ the screens' facts

    def model(self) -> NetworkModel | None:
        if self.submit is None:
            return None
        st, hot = self.state, self.hotspot
        # in use: the state's network (the scan's own mark is as old as the scan)
        rows = tuple(WifiRow(n.ssid, n.signal, n.secured, st.kind == "connected" and n.ssid == st.ssid,
                             n.ssid in self.known) for n in self.networks)  # fmt: skip
        qr = wifi_qr_text(st.ssid, st.passphrase) if st.kind == "hotspot" and st.passphrase else ""
        return NetworkModel(
            state=st.kind, ssid=st.ssid, address=st.address, name=self.name,
            hotspot_ssid=hot.ssid if hot is not None else "", hotspot_passphrase=hot.passphrase if hot is not None else "",
            wifi_qr=qr, networks=rows, known=self.known, scanned=self.scanned, busy=self.busy, busy_ssid=self.busy_ssid,
            result=self.result, result_ok=self.result_ok, detail=st.detail,
        )  # fmt: skip


def start_network(part: NetworkPart, network: Network, *, post: Callable[[NetworkEvent], None], state_dir: Path,
                  settings: NetworkSettings, closers: list[Closable]) -> NetworkWorker:
    """The network's worker for the running program: its events ``post``-ed into the one
    queue, the hotspot's name and passphrase from ``state_dir``, the boot policy from
    ``[network]`` (open the hotspot when no known network is joined in time); the worker
    and the network join ``closers``."""
    hotspot = hotspot_credentials(state_dir)
    policy = BootPolicy(hotspot_when_alone=settings.hotspot_when_alone, wait_s=float(settings.join_wait_s))
    worker = NetworkWorker(network, post=post, hotspot=hotspot, policy=policy)
    closers.append(network)
    closers.append(worker)  # closed first (the list is closed from its end): no call runs on a closed network
    part.attach(worker.submit, hotspot)
    worker.submit(NetRequest("boot"))
    worker.submit(NetRequest("scan"))
    return worker
