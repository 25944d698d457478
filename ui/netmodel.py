"""What the network screens show: plain data, built by the program from the HAL's network.

:class:`NetworkModel` rides in :attr:`ui.model.TableModel.network`: the state line
(connected to a home's Wi-Fi, the box's own hotspot, no network), the networks in
reach, what the box is doing now and how the last attempt ended, said as a
:class:`~ui.i18n.Message`. The UI never asks the network itself: it sends intents
(``NetworkScan``, ``NetworkConnect``, …) and draws the next model.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ui.i18n import Message

NetStateKind = Literal["disconnected", "connecting", "connected", "hotspot", "unavailable"]


@dataclass(frozen=True, slots=True)
class WifiRow:
    """One network in reach as the list shows it."""

    ssid: str
    signal: int  # 0-100
    secured: bool
    in_use: bool = False
    known: bool = False  # joined before: NetworkManager keeps its password, *Forget* offered


@dataclass(frozen=True, slots=True)
class NetworkModel:
    """The box's network for the screens (Settings → Network, the phone join screen)."""

    state: NetStateKind = "disconnected"
    ssid: str = ""  # the network joined, or the hotspot's name
    address: str = ""  # the box's IPv4 address there
    name: str = "tressette.local"  # its name on the LAN (avahi)
    hotspot_ssid: str = ""  # the box's own network: name and WPA2 passphrase (kept on the box)
    hotspot_passphrase: str = ""
    wifi_qr: str = ""  # ``WIFI:T:WPA;S:…;P:…;;`` while the hotspot is open: phones' cameras join by it
    networks: tuple[WifiRow, ...] = ()
    known: tuple[str, ...] = ()
    scanned: bool = False  # a scan has answered (an empty list then means none in reach)
    busy: str = ""  # what the box is doing now: scan, connect, forget, hotspot_up, hotspot_down
    busy_ssid: str = ""
    result: Message | None = None  # how the last attempt ended, in words
    result_ok: bool = False
    detail: str = ""  # why the network is unavailable, as the system said it

    @property
    def online(self) -> bool:
        """A phone can reach the box: it is on a home's Wi-Fi or its own hotspot."""
        return self.state in ("connected", "hotspot") and bool(self.address)

    def row(self, ssid: str) -> WifiRow | None:
        return next((r for r in self.networks if r.ssid == ssid), None)


def wifi_qr_text(ssid: str, passphrase: str) -> str:
    """The text of a Wi-Fi QR code phones' cameras join directly (the ZXing ``WIFI:``
    format): ``\\ ; , : "`` escaped with a backslash.

    >>> wifi_qr_text('Tressette-AB2C', 'k3;p"x')
    'WIFI:T:WPA;S:Tressette-AB2C;P:k3\\\\;p\\\\"x;;'
    """
    def esc(value: str) -> str:
        return "".join("\\" + ch if ch in '\\;,:"' else ch for ch in value)

    return f"WIFI:T:WPA;S:{esc(ssid)};P:{esc(passphrase)};;"
