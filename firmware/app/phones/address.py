"""The addresses a phone can reach the box on: what the join screen shows and the QR code carries.

A server bound to one specific address (``--phones-host 127.0.0.1``, a LAN address) is
reachable there only: that address is the one to show. A server listening on every
interface (``0.0.0.0``, ``::``) is reached by the box's mDNS name (avahi on the box),
but a laptop running the simulator has no such name, and some phones do not resolve
``.local`` names at all: the LAN address is shown too, and the QR code carries it
(a scanned address is never typed, and an IP address needs no name lookup).
"""

from __future__ import annotations

import contextlib
import fcntl
import ipaddress
import socket
import struct

WILDCARDS = frozenset({"", "0.0.0.0", "::", "*"})


def lan_ip() -> str:
    """The address this machine uses toward the LAN, or ``""`` (no route). Connecting a
    UDP socket sends nothing: it only asks the kernel which interface it would use. A box
    that is its own hotspot has no route out (NetworkManager's shared mode gives it none):
    then the first address of its interfaces (the hotspot's 10.42.0.1), so the page's
    address works without mDNS there too."""
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        s.connect(("192.0.2.1", 9))  # TEST-NET-1 (RFC 5737): never answered, never sent to
        ip = str(s.getsockname()[0])
        if not ipaddress.ip_address(ip).is_loopback and not ipaddress.ip_address(ip).is_unspecified:
            return ip
    return next(iter(interface_ips()), "")


SIOCGIFADDR = 0x8915  # Linux: an interface's IPv4 address


def interface_ips() -> list[str]:
    """The IPv4 addresses of this machine's interfaces, loopback left out (Linux's ioctl)."""
    out: list[str] = []
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        for _, name in socket.if_nameindex():
            with contextlib.suppress(OSError):
                packed = fcntl.ioctl(s.fileno(), SIOCGIFADDR, struct.pack("256s", name.encode()[:15]))
                ip = socket.inet_ntoa(packed[20:24])
                if not ipaddress.ip_address(ip).is_loopback:
                    out.append(ip)
    return out


def _url_host(host: str) -> str:
    with contextlib.suppress(ValueError):
        if ipaddress.ip_address(host).version == 6:
            return f"[{host}]"
    return host


def join_urls(host: str, port: int, name: str, ip: str | None = None) -> tuple[str, ...]:
    """The box's addresses for a phone, the one the QR code carries first. ``ip``: the LAN
    address (looked up when ``None``; tests pass it)."""
    if host.strip().lower() not in WILDCARDS:
        return (f"http://{_url_host(host)}:{port}",)
    ip = lan_ip() if ip is None else ip
    urls = [f"http://{_url_host(ip)}:{port}"] if ip else []
    if name and name != ip:
        urls.append(f"http://{_url_host(name)}:{port}")
    return tuple(urls) or (f"http://127.0.0.1:{port}",)


__all__ = ["interface_ips", "join_urls", "lan_ip"]
