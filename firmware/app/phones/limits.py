"""The phone server's bounds (docs/phones.md, "Limits"): the numbers, wrong codes per address
and in all, and the :class:`Gate` every TCP connection passes before aiohttp reads a byte."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import resource
import socket
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

log = logging.getLogger("firmware.app.phones")
# what a stranger on the network can make the server say at will: folded (firmware/app/logfold.py)
wire = logging.getLogger("firmware.app.phones.wire")


@dataclass(frozen=True, slots=True)
class Limits:
    """The server's bounds (docs/phones.md, "Limits"); tests shrink them."""

    # TCP connections, counted before aiohttp reads a byte (:class:`Gate`): in all, well under
    # the unit's LimitNOFILE=4096 (and never more than half the descriptors the process has)
    max_connections: int = 128
    per_address: int = 16  # connections from one address that hold no seat (a browser uses 6-7)
    idle_s: float = 5.0  # a connection without a whole request for this long is closed
    hello_s: float = 5.0  # a socket that holds no seat after this is closed (join or resume)
    send_s: float = 10.0  # writes blocked this long close the connection (a socket's frame, any response)
    send_buffer: int = 64 * 1024  # a connection's kernel send buffer (else autotuned up to 4 MiB)
    heartbeat_s: float = 20.0  # websocket pings: a phone gone without a word is noticed
    taps_per_s: float = 20.0
    tap_burst: int = 40
    flood_drops: int = 200  # dropped messages before the connection is closed
    # a seat's hint requests the table is asked: one per this many seconds (the coach's answer
    # is a search of its own; the table works out one per position and keeps it: a repeat is free)
    hint_s: float = 2.0
    status_s: float = 1.0  # a phone gone is said once it stayed away this long (a reconnect loop)
    control_queue: int = 16
    wrong_codes_per_ip: int = 5  # a minute: typed codes (and made-up tokens) from one address
    wrong_codes_all: int = 20  # a minute, typed codes against the codes on the screen now (fresh codes: a fresh count)
    code_window_s: float = 60.0


# ------------------------------------------------------------------ wrong codes


class Tries:
    """Wrong codes in the last minute, per address and in all: past the limit, wait.

    Only a *typed* code counts against all addresses together (the table's ceiling);
    a made-up join token counts against its address alone, and a real token (the QR
    code) is never counted nor held back (docs/phones.md, "The security model").

    The count of all is of guesses at the codes the touchscreen shows now: when
    the screen draws every open seat a fresh code (its *New code* button), the
    guesses so far say nothing about the new ones, and that count starts again,
    so a guesser elsewhere on the network cannot keep a real phone waiting out
    the minute. An address's own count stays: it guessed wrong itself.
    """

    def __init__(self, limits: Limits, clock: Callable[[], float]) -> None:
        self.limits = limits
        self.clock = clock
        self.all: deque[float] = deque()
        self.by_ip: dict[str, deque[float]] = {}

    def _trim(self, q: deque[float], now: float) -> None:
        while q and q[0] <= now - self.limits.code_window_s:
            q.popleft()

    def wait(self, ip: str, *, typed: bool = True) -> float:
        """Seconds until ``ip`` may try a code (``typed``) or a token again (0: now)."""
        now = self.clock()
        self._trim(self.all, now)
        mine = self.by_ip.get(ip, deque())
        self._trim(mine, now)
        waits = [0.0]
        if len(mine) >= self.limits.wrong_codes_per_ip:
            waits.append(mine[0] + self.limits.code_window_s - now)
        if typed and len(self.all) >= self.limits.wrong_codes_all:
            waits.append(self.all[0] + self.limits.code_window_s - now)
        return max(waits)

    def fresh_codes(self) -> None:
        """Every open seat has a code nobody has guessed at yet."""
        self.all.clear()

    def failed(self, ip: str, *, typed: bool = True) -> None:
        now = self.clock()
        if typed:
            self.all.append(now)
        self.by_ip.setdefault(ip, deque()).append(now)
        if len(self.by_ip) > 256:  # a crowd of addresses must not grow this without bound
            for key in [k for k, q in self.by_ip.items() if not q or q[-1] <= now - self.limits.code_window_s]:
                del self.by_ip[key]


# ------------------------------------------------------------------ connections


class Ticket:
    """One TCP connection as the :class:`Gate` counts it: where from, in which order, whether
    it holds a seat (a phone's websocket past ``welcome``), how to drop it."""

    __slots__ = ("ip", "n", "seated", "drop")

    def __init__(self, ip: str, n: int, drop: Callable[[], None]) -> None:
        self.ip = ip
        self.n = n
        self.seated = False
        self.drop = drop


class Gate:
    """Every TCP connection of the server, counted as it is accepted (before aiohttp reads a
    byte): at most ``per_address`` that hold no seat from one address, ``max_connections``
    in all. A newcomer is always let in: over a limit, the oldest connection without a seat
    of its own address goes, or (over the total) of the address that holds the most. A
    connection that holds a seat is never dropped for another, so a seat's phone always gets
    back in, and a crowd of idle or silent sockets only ever pushes itself out.

    Pure: no I/O, no clock; ``drop`` is the transport's ``abort``."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.max_connections = limits.max_connections
        self.unseated: dict[str, dict[Ticket, None]] = {}  # per address, oldest first
        self.seated: set[Ticket] = set()
        self.total = 0
        self.dropped = 0  # connections dropped for a newcomer, since start
        self._n = 0

    def admit(self, ip: str, drop: Callable[[], None]) -> Ticket | None:
        """The newcomer's ticket, or None (every connection holds a seat: it is refused)."""
        mine = self.unseated.get(ip)
        if mine is not None and len(mine) >= self.limits.per_address:
            self._drop(next(iter(mine)))
        elif self.total >= self.max_connections:
            if not self.unseated:
                return None
            crowd = max(self.unseated.values(), key=lambda q: (len(q), -next(iter(q)).n))
            self._drop(next(iter(crowd)))
        self._n += 1
        ticket = Ticket(ip, self._n, drop)
        self.unseated.setdefault(ip, {})[ticket] = None
        self.total += 1
        return ticket

    def seat(self, ticket: Ticket) -> None:
        """``ticket`` holds a seat now: it stays until it closes (a seat taken from it closes it)."""
        if ticket.seated or not self._holds(ticket):
            return
        self._remove(ticket)
        ticket.seated = True
        self.seated.add(ticket)
        self.total += 1

    def gone(self, ticket: Ticket) -> None:
        """The connection closed (idempotent)."""
        if self._holds(ticket):
            self._remove(ticket)

    def _holds(self, ticket: Ticket) -> bool:
        return ticket in self.seated or ticket in self.unseated.get(ticket.ip, {})

    def _remove(self, ticket: Ticket) -> None:
        if ticket.seated:
            self.seated.discard(ticket)
        else:
            mine = self.unseated[ticket.ip]
            del mine[ticket]
            if not mine:
                del self.unseated[ticket.ip]
        self.total -= 1

    def _drop(self, ticket: Ticket) -> None:
        self._remove(ticket)
        self.dropped += 1
        ticket.drop()


class Door(asyncio.Protocol):
    """The protocol of one accepted connection: asks the :class:`Gate` first, and only then
    lets aiohttp's own protocol (``make()``) see the connection; forwards everything.

    It also bounds what a peer that does not read can make the box hold: the socket's send
    buffer is ``send_buffer`` (the kernel would grow it to 4 MiB), and a connection whose
    writes stay blocked for ``send_s`` (any response, page or socket) is dropped."""

    def __init__(self, gate: Gate, limits: Limits, tickets: dict[asyncio.BaseTransport, Ticket],
                 make: Callable[[], asyncio.Protocol]) -> None:  # fmt: skip
        self.gate = gate
        self.limits = limits
        self.tickets = tickets  # the server's: each admitted transport's ticket
        self.make = make
        self.inner: asyncio.Protocol | None = None
        self.ticket: Ticket | None = None
        self.transport: asyncio.BaseTransport | None = None
        self.stall: asyncio.TimerHandle | None = None  # writes blocked since: the drop's timer

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        self.transport = transport
        peer = transport.get_extra_info("peername")
        ip = str(peer[0]) if isinstance(peer, tuple) and peer else "?"
        self.ticket = self.gate.admit(ip, transport.abort)
        if self.ticket is None:
            transport.abort()
            return
        sock = transport.get_extra_info("socket")
        if sock is not None:
            with contextlib.suppress(OSError):
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, self.limits.send_buffer)
        self.tickets[transport] = self.ticket
        self.inner = self.make()
        self.inner.connection_made(transport)

    def data_received(self, data: bytes) -> None:
        if self.inner is not None:
            self.inner.data_received(data)

    def eof_received(self) -> bool | None:
        return self.inner.eof_received() if self.inner is not None else None

    def pause_writing(self) -> None:
        if self.stall is None and self.transport is not None:
            self.stall = asyncio.get_running_loop().call_later(self.limits.send_s, self._stalled)
        if self.inner is not None:
            self.inner.pause_writing()

    def resume_writing(self) -> None:
        self._unstall()
        if self.inner is not None:
            self.inner.resume_writing()

    def _unstall(self) -> None:
        if self.stall is not None:
            self.stall.cancel()
            self.stall = None

    def _stalled(self) -> None:
        self.stall = None
        if isinstance(self.transport, asyncio.Transport) and not self.transport.is_closing():
            ip = self.ticket.ip if self.ticket is not None else "?"
            wire.info("a connection from %s read nothing for %.0f s: dropped", ip, self.limits.send_s)
            self.transport.abort()

    def connection_lost(self, exc: Exception | None) -> None:
        self._unstall()
        if self.ticket is not None and self.transport is not None:
            self.gate.gone(self.ticket)
            self.tickets.pop(self.transport, None)
        if self.inner is not None:
            self.inner.connection_lost(exc)


def open_files() -> int:
    """The soft limit of open descriptors, raised to the hard one first where allowed (the
    unit's LimitNOFILE= sets both; its system call filter refuses setrlimit: that is fine)."""
    inf = resource.RLIM_INFINITY
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == inf:
        return 1 << 20
    want = max(soft, 4096) if hard == inf else hard
    if soft < want:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (want, hard))
            soft = want
        except (OSError, ValueError) as exc:
            log.info("open files: soft limit %d kept (%s)", soft, exc)
    return int(soft)
