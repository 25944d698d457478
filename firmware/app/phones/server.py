"""The phone seats' web server: its own thread, its own asyncio loop (docs/phones.md).

It talks to the main loop in two ways only:

- *inbound*, ``post(event)`` into the one queue: a phone's tap as a
  :class:`~firmware.app.phones.events.PhoneIntent`, the phone seats' state as a
  :class:`~firmware.app.phones.events.PhoneStatus`;
- *outbound*, :meth:`PhoneServer.publish` (thread-safe, never blocks): the
  :class:`TableFeed` the loop builds after each change, the engine's per-seat
  views and the public facts; the server renders each phone's state from it on
  its own thread.

A slow phone never blocks anything: every connection has one "latest state"
slot and a short queue of control frames, written by its own task with a
timeout; frames are size-limited, taps rate-limited, the first message awaited
for a bounded time, connections counted.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import json
import logging
import mimetypes
import os
import resource
import secrets
import socket
import tempfile
import threading
import time
from collections import deque
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path

from aiohttp import WSMsgType, web
from aiohttp.typedefs import Handler

from firmware.app import logfold
from firmware.app.phones import protocol as p
from firmware.app.phones.address import join_urls
from firmware.app.phones.events import PhoneIntent, PhoneSeatState, PhoneStatus
from firmware.app.phones.seatview import TableFeed, allows, seat_state
from firmware.engine.variants import PRESETS, make_variant
from ui.i18n import DEFAULT_LANGUAGE, LANGUAGES, choose_language
from ui.rulestext import rules_json
from ui.webtext import page_catalogue_json

log = logging.getLogger("firmware.app.phones")
# what a stranger on the network can make the server say at will: folded (firmware/app/logfold.py)
wire = logging.getLogger("firmware.app.phones.wire")
FOLDED = ("asyncio", "aiohttp.access", "aiohttp.internal", "aiohttp.server", "aiohttp.web", "aiohttp.websocket",
          wire.name)  # fmt: skip

WEB_DIR = Path(__file__).parent / "web"
CLAIMS_FILE = "phones.json"


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


# ------------------------------------------------------------------ seat claims


def _digest(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


class SeatClaims:
    """Which seats a phone holds: SHA-256 digests of the seat secrets, kept in a file so
    the phones get their seats back after a power cut (mode 0600, written atomically)."""

    def __init__(self, path: Path | None) -> None:
        self.path = path
        self.digests: dict[int, str] = {}
        if path is not None:
            self._load(path)

    def _load(self, path: Path) -> None:
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            seats = data["seats"]
            for key, digest in seats.items():
                seat = int(key)
                if 0 <= seat < 8 and isinstance(digest, str) and len(digest) == 64:
                    self.digests[seat] = digest
        except FileNotFoundError:
            return
        except (OSError, ValueError, KeyError, TypeError, AttributeError) as exc:
            log.warning("phone seats file %s unreadable (%s): every phone joins again", path, exc)
            self.digests = {}

    def _save(self) -> None:
        if self.path is None:
            return
        text = json.dumps({"seats": {str(s): d for s, d in sorted(self.digests.items())}})
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(dir=self.path.parent, prefix=".phones-", suffix=".tmp")
            try:
                with os.fdopen(fd, "w", encoding="utf-8") as f:
                    f.write(text)
                    f.flush()
                    os.fsync(f.fileno())
                os.chmod(tmp, 0o600)
                os.replace(tmp, self.path)
            except BaseException:
                with contextlib.suppress(OSError):
                    os.unlink(tmp)
                raise
        except OSError as exc:  # the seat still works until the next restart
            log.warning("phone seats not saved to %s: %s", self.path, exc)

    def claim(self, seat: int) -> str:
        secret = secrets.token_urlsafe(32)
        self.digests[seat] = _digest(secret)
        self._save()
        return secret

    def seat_of(self, secret: str) -> int | None:
        d = _digest(secret)
        found = None
        for seat, digest in self.digests.items():  # compare every one, in constant time
            if hmac.compare_digest(d, digest):
                found = seat
        return found

    def release(self, seat: int) -> bool:
        if self.digests.pop(seat, None) is None:
            return False
        self._save()
        return True


# ------------------------------------------------------------------ codes and tries


class CodeBook:
    """What joins the seats the touchscreen offers now: per seat a six-digit short code (typed,
    rate-limited) and a join token of 128 random bits (in the QR code only: unguessable, so
    never rate-limited); both used up by the first join, both closed with the offer."""

    def __init__(self) -> None:
        self.codes: dict[str, int] = {}
        self.tokens: dict[str, int] = {}
        self.closed: dict[str, int] = {}  # codes and tokens shown once: seat_taken / code_closed

    def offer(self, seats: frozenset[int]) -> bool:
        """Codes for exactly ``seats``; True if anything changed."""
        changed = False
        for seat in set(self.codes.values()) - seats:
            self._close(seat)
            changed = True
        have = set(self.codes.values())
        for seat in sorted(seats - have):
            while True:
                code = f"{secrets.randbelow(10**6):06d}"
                if code not in self.codes and code not in self.closed:
                    break
            self.codes[code] = seat
            self.tokens[secrets.token_urlsafe(16)] = seat
            changed = True
        return changed

    def _close(self, seat: int) -> None:
        for book in (self.codes, self.tokens):
            for key in [k for k, s in book.items() if s == seat]:
                del book[key]
                self.closed[key] = seat
        while len(self.closed) > 128:
            self.closed.pop(next(iter(self.closed)))

    def renew(self) -> None:
        """A fresh code and token for every seat offered now (the old ones closed)."""
        seats = frozenset(self.codes.values())
        for seat in seats:
            self._close(seat)
        self.offer(seats)

    def take(self, code: str) -> int | None:
        seat = self.codes.get(code)
        if seat is not None:
            self._close(seat)
        return seat

    def take_token(self, token: str) -> int | None:
        """The seat the QR code's ``token`` names (compared in constant time), used up."""
        found = None
        for key, seat in self.tokens.items():
            if hmac.compare_digest(key.encode(), token.encode()):
                found = seat
        if found is not None:
            self._close(found)
        return found

    def code_of(self, seat: int) -> str | None:
        return next((c for c, s in self.codes.items() if s == seat), None)

    def token_of(self, seat: int) -> str | None:
        return next((t for t, s in self.tokens.items() if s == seat), None)


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


class _Door(asyncio.Protocol):
    """The protocol of one accepted connection: asks the :class:`Gate` first, and only then
    lets aiohttp's own protocol (``make()``) see the connection; forwards everything.

    It also bounds what a peer that does not read can make the box hold: the socket's send
    buffer is ``send_buffer`` (the kernel would grow it to 4 MiB), and a connection whose
    writes stay blocked for ``send_s`` (any response, page or socket) is dropped."""

    def __init__(self, server: PhoneServer, make: Callable[[], asyncio.Protocol]) -> None:
        self.server = server
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
        self.ticket = self.server.gate.admit(ip, transport.abort)
        if self.ticket is None:
            transport.abort()
            return
        sock = transport.get_extra_info("socket")
        if sock is not None:
            with contextlib.suppress(OSError):
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, self.server.limits.send_buffer)
        self.server.tickets[transport] = self.ticket
        self.inner = self.make()
        self.inner.connection_made(transport)

    def data_received(self, data: bytes) -> None:
        if self.inner is not None:
            self.inner.data_received(data)

    def eof_received(self) -> bool | None:
        return self.inner.eof_received() if self.inner is not None else None

    def pause_writing(self) -> None:
        if self.stall is None and self.transport is not None:
            self.stall = asyncio.get_running_loop().call_later(self.server.limits.send_s, self._stalled)
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
            wire.info("a connection from %s read nothing for %.0f s: dropped", ip, self.server.limits.send_s)
            self.transport.abort()

    def connection_lost(self, exc: Exception | None) -> None:
        self._unstall()
        if self.ticket is not None and self.transport is not None:
            self.server.gate.gone(self.ticket)
            self.server.tickets.pop(self.transport, None)
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


# ------------------------------------------------------------------ one phone


class Connection:
    """One websocket: its seat once joined, its latest state and its control frames."""

    def __init__(self, ws: web.WebSocketResponse, ip: str, limits: Limits, clock: Callable[[], float]) -> None:
        self.ws = ws
        self.ip = ip
        self.limits = limits
        self.clock = clock
        self.seat: int | None = None
        self.lang: p.Lang = "it"
        self.latest: str | None = None  # the newest state not yet written: older ones are dropped
        self.sent_state: str | None = None
        self.control: deque[str] = deque()
        self.wake = asyncio.Event()
        self.sent = asyncio.Event()  # the writer sent a frame: room in the control queue
        self.tokens = float(limits.tap_burst)
        self.stamp = clock()
        self.dropped = 0
        self.refs = 0
        self.closing = False
        self.ticket: Ticket | None = None  # its TCP connection in the server's Gate
        self.name: str | None = None  # the person the phone said it is (join / resume), checked

    def allow(self) -> bool:
        """The token bucket: ``taps_per_s``, bursts of ``tap_burst``."""
        now = self.clock()
        self.tokens = min(self.limits.tap_burst, self.tokens + (now - self.stamp) * self.limits.taps_per_s)
        self.stamp = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        self.dropped += 1
        return False

    def send(self, frame: str) -> None:
        if len(self.control) >= self.limits.control_queue:
            self.control.popleft()  # a phone that does not read loses old errors, not the table
        self.control.append(frame)
        self.wake.set()

    def set_state(self, frame: str) -> None:
        if frame != self.sent_state and frame != self.latest:
            self.latest = frame
            self.wake.set()

    async def room(self, timeout: float) -> bool:
        """Wait until the writer has sent the answers queued (the phone reads them): the next
        frame is read only then, so a phone's own answers are never dropped; False if it
        does not read them within ``timeout``."""
        deadline = self.clock() + timeout
        while len(self.control) >= self.limits.control_queue // 2 and not self.closing:
            if self.clock() > deadline:
                return False
            self.sent.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.sent.wait(), max(0.01, deadline - self.clock()))
        return True

    def bye(self, code: p.ByeCode) -> None:
        self.latest = None  # what was said before stays said (bounded), then the reason, then the close
        self.send(p.bye_frame(code, self.lang))
        self.closing = True
        self.wake.set()

    async def writer(self) -> None:
        """Writes what is due, newest state last; a write that does not finish in
        ``send_s`` (a phone that stopped reading) closes the connection."""
        try:
            while not self.ws.closed:
                await self.wake.wait()
                self.wake.clear()
                while self.control or self.latest is not None:
                    if self.control:
                        frame = self.control.popleft()
                    elif (state := self.latest) is not None:
                        frame, self.latest, self.sent_state = state, None, state
                    else:
                        break
                    await asyncio.wait_for(self.ws.send_str(frame), self.limits.send_s)
                    self.sent.set()
                if self.closing:
                    await asyncio.wait_for(self.ws.close(), self.limits.send_s)
                    return
        except (TimeoutError, ConnectionError, RuntimeError) as exc:
            wire.info("phone %s (seat %s) not reading: closed (%s)", self.ip, self.seat, type(exc).__name__)
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self.ws.close(code=1008), 1.0)


# ------------------------------------------------------------------ the server


class PhoneServer:
    """The web server of the phone seats; see the module docstring."""

    def __init__(
        self,
        post: Callable[[PhoneIntent | PhoneStatus], None],
        *,
        host: str = "0.0.0.0",
        port: int = 8337,
        address: str = "tressette.local",
        state_dir: Path | None = None,
        web_dir: Path = WEB_DIR,
        limits: Limits | None = None,
        clock: Callable[[], float] = time.monotonic,
        cards: Mapping[str, Mapping[str, bytes]] | None = None,
        language: Callable[[], str] = lambda: DEFAULT_LANGUAGE,
    ) -> None:
        self.post = post
        # the box's own language (its settings, read when asked): a phone whose languages the
        # box does not speak gets it (/i18n/auto.json)
        self.language = language
        # the card pictures per deck, name -> PNG (ui/webart.py: the touchscreen's own art,
        # rendered on the main thread before the server starts; pygame stays off this thread)
        self.cards: Mapping[str, Mapping[str, bytes]] = cards or {}
        self.host = host
        self.port = port
        self.address = address
        self.limits = limits or Limits()
        self.clock = clock
        self.claims = SeatClaims(state_dir / CLAIMS_FILE if state_dir is not None else None)
        self.codes = CodeBook()
        self.names: dict[int, str] = {}  # the person each phone seat said it is (join / resume)
        self.hint_at: dict[int, float] = {}  # when each seat last had a hint request posted (Limits.hint_s)
        self.tries = Tries(self.limits, clock)
        self.gate = Gate(self.limits)
        self.tickets: dict[asyncio.BaseTransport, Ticket] = {}
        self.assets = load_assets(web_dir)
        self.conns: set[Connection] = set()
        self.feed: TableFeed | None = None
        self.error = ""
        self._status: PhoneStatus | None = None
        self._status_due: asyncio.TimerHandle | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._runner: web.AppRunner | None = None
        self._thread: threading.Thread | None = None
        self._ready = threading.Event()
        self._stopped: asyncio.Event | None = None
        self._catalogues: dict[str, bytes] = {}

    # ------------------------------------------------------------ the main loop's side

    @property
    def urls(self) -> tuple[str, ...]:
        """Where a phone reaches this server, the QR code's first (firmware/app/phones/address.py).

        Asked again each time (a socket's connect, no packet): the box's address changes when it
        joins another network or opens its hotspot, and the network's change makes a new feed,
        so the next status carries the new address. Kept per port, the QR code named the old one."""
        return join_urls(self.host, self.port, self.address)

    @property
    def url(self) -> str:
        return self.urls[0]

    def start(self, timeout: float = 10.0) -> bool:
        """Start the thread and wait until the socket listens; False (and ``error``) if not."""
        # never more than half the descriptors the process has: the journal, the screen and
        # the watchdog's socket keep theirs (docs/reliability.md)
        self.gate.max_connections = min(self.limits.max_connections, max(8, (open_files() - 64) // 2))
        self._thread = threading.Thread(target=self._run, name="phones", daemon=True)
        self._thread.start()
        self._ready.wait(timeout)
        if self.error:
            self.post(PhoneStatus(url=self.url, error=self.error, also=self.urls[1:]))
        return not self.error and self._ready.is_set()

    def publish(self, feed: TableFeed) -> None:
        """The table changed: thread-safe, returns at once."""
        loop = self._loop
        if loop is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):  # the loop just stopped
                loop.call_soon_threadsafe(self._on_feed, feed)

    def free(self, seat: int) -> None:
        """The touchscreen freed ``seat``: its secret stops working (thread-safe)."""
        loop = self._loop
        if loop is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(self._free, seat)

    def stop(self, timeout: float = 5.0) -> None:
        loop, stopped = self._loop, self._stopped
        if loop is not None and stopped is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(stopped.set)
        if self._thread is not None:
            self._thread.join(timeout)

    # ------------------------------------------------------------ the thread

    def _run(self) -> None:
        try:
            asyncio.run(self._serve())
        except Exception as exc:  # never take the program down: the touchscreen says why
            log.exception("phone server failed")
            self.error = self.error or str(exc)
            self._ready.set()

    async def _serve(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._stopped = asyncio.Event()
        app = web.Application(client_max_size=p.MAX_FRAME, handler_args={"max_field_size": 4096},
                              middlewares=[self._only_our_host])  # fmt: skip
        app.router.add_get("/", self._index)
        app.router.add_get("/static/{name:.+}", self._static)
        app.router.add_get("/i18n/{lang}.json", self._catalogue)
        app.router.add_get("/cards/{deck}/{name}", self._card)
        app.router.add_get("/rules/{lang}.json", self._rules)
        app.router.add_get("/ws", self._socket)
        app.on_response_prepare.append(_headers)
        logfold.install(FOLDED)
        self._loop.set_exception_handler(_loop_error)
        # keepalive_timeout: a connection that sends no whole request in idle_s is closed
        # (aiohttp starts that clock when the connection is made, and again after each answer)
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False, shutdown_timeout=1.0,
                                     keepalive_timeout=self.limits.idle_s)  # fmt: skip
        await self._runner.setup()
        http = self._runner.server
        assert http is not None
        try:  # every connection passes the Gate before aiohttp's protocol sees it
            listener = await self._loop.create_server(lambda: _Door(self, http), self.host, self.port,
                                                      reuse_address=True, backlog=128)  # fmt: skip
        except OSError as exc:
            self.error = f"port {self.port}: {exc.strerror or exc}"
            await self._runner.cleanup()
            self._ready.set()
            return
        if self.port == 0:  # tests: the port the system chose
            self.port = int(listener.sockets[0].getsockname()[1])
        log.info("phone seats served on %s:%d (at most %d connections)", self.host, self.port,
                 self.gate.max_connections)  # fmt: skip
        self._ready.set()
        self._post_status()
        flushing = asyncio.create_task(_flush_fold())
        await self._stopped.wait()
        flushing.cancel()
        if self._status_due is not None:
            self._status_due.cancel()
        listener.close()
        for conn in list(self.conns):
            conn.bye("stopping")
        await asyncio.sleep(0.05)
        await self._runner.cleanup()

    # ------------------------------------------------------------ pages

    @web.middleware
    async def _only_our_host(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        """Every route, present and future, answers only to the box's own names."""
        if not self._host_ok(request):
            raise web.HTTPForbidden(text="host")
        return await handler(request)

    async def _index(self, request: web.Request) -> web.StreamResponse:
        return self._asset("index.html")

    async def _static(self, request: web.Request) -> web.StreamResponse:
        return self._asset(request.match_info["name"])

    def _asset(self, name: str) -> web.Response:
        found = self.assets.get(name)  # a key of the allow-list, never a path
        if found is None:
            raise web.HTTPNotFound(text="not found")
        body, ctype = found
        return web.Response(body=body, content_type=ctype, headers={"Cache-Control": "no-cache"})

    async def _catalogue(self, request: web.Request) -> web.StreamResponse:
        lang = request.match_info["lang"]
        if lang == "auto":  # the phone's Accept-Language where the box has it, else the box's
            lang = choose_language(request.headers.get("Accept-Language", "")[:512], self.language())
        if lang not in LANGUAGES:
            raise web.HTTPNotFound(text="not found")
        if lang not in self._catalogues:
            self._catalogues[lang] = page_catalogue_json(lang)
        return web.Response(body=self._catalogues[lang], content_type="application/json")

    async def _rules(self, request: web.Request) -> web.StreamResponse:
        """The rules pages of the game on the table (with its options), in the page's
        language: the touchscreen's rules with pictures (ui/rulestext.py). Public facts
        only; no game on the table, nothing to show."""
        lang = request.match_info["lang"]
        if lang not in ("it", "de", "en"):
            raise web.HTTPNotFound(text="not found")
        feed = self.feed
        variant = next(iter(feed.views.values())).variant if feed is not None and feed.views else None
        if variant is None and feed is not None and feed.info.get("variant") in PRESETS:
            variant = make_variant(str(feed.info["variant"]))
        if variant is None:
            raise web.HTTPNotFound(text="no game")
        body = json.dumps(rules_json(variant, lang), ensure_ascii=False)
        return web.Response(text=body, content_type="application/json")

    async def _card(self, request: web.Request) -> web.StreamResponse:
        # both names are keys of dicts made at start, never a path
        body = self.cards.get(request.match_info["deck"], {}).get(request.match_info["name"])
        if body is None:
            raise web.HTTPNotFound(text="not found")
        return web.Response(body=body, content_type="image/png", headers={"Cache-Control": "max-age=86400"})

    # ------------------------------------------------------------ the socket

    def _host_ok(self, request: web.Request) -> bool:
        """The Host the request names is this box: its name, the address it was reached on,
        localhost. A foreign name that resolves here (DNS rebinding) is refused."""
        host = request.host.rsplit(":", 1)[0] if not request.host.endswith("]") else request.host
        host = host.strip("[]").lower()
        sock = request.transport.get_extra_info("sockname") if request.transport is not None else None
        here = {self.address.lower(), "localhost", "127.0.0.1", "::1", socket.gethostname().lower(),
                socket.gethostname().lower() + ".local"}  # fmt: skip
        if sock:
            here.add(str(sock[0]).lower())
        return host in here

    def _origin_ok(self, request: web.Request) -> bool:
        origin = request.headers.get("Origin")
        return origin is not None and origin in (f"http://{request.host}", f"https://{request.host}")

    async def _socket(self, request: web.Request) -> web.StreamResponse:
        if not self._origin_ok(request):  # the Host was checked by _only_our_host
            raise web.HTTPForbidden(text="origin")
        # autoping off: aiohttp would answer a ping inside receive() and start its timeout
        # again, so pings kept a socket without a seat open and were never counted (_talk)
        ws = web.WebSocketResponse(max_msg_size=p.MAX_FRAME, heartbeat=self.limits.heartbeat_s,
                                   autoping=False, compress=False)  # fmt: skip
        await ws.prepare(request)
        ip = request.remote or "?"
        conn = Connection(ws, ip, self.limits, self.clock)
        conn.ticket = self.tickets.get(request.transport) if request.transport is not None else None
        self.conns.add(conn)
        writer = asyncio.create_task(conn.writer())
        try:
            await self._talk(conn)
        finally:
            self.conns.discard(conn)
            if not conn.closing:
                conn.closing = True
                conn.wake.set()
            with contextlib.suppress(asyncio.TimeoutError, TimeoutError):
                await asyncio.wait_for(writer, 1.0)
            writer.cancel()
            if not ws.closed:
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(ws.close(), 1.0)
            if conn.seat is not None:
                self._post_status()
        return ws

    async def _talk(self, conn: Connection) -> None:
        ws = conn.ws
        hello_by = self.clock() + self.limits.hello_s  # a socket holds a slot only as a seat's
        while True:
            try:
                left = hello_by - self.clock() if conn.seat is None else None
                if left is not None and left <= 0:
                    raise TimeoutError
                msg = await ws.receive(timeout=left)
            except TimeoutError:
                conn.bye("timeout")
                return
            if msg.type == WSMsgType.PING:  # a frame like any other: counted, then answered
                if self._counted(conn):
                    try:
                        await asyncio.wait_for(ws.pong(msg.data), self.limits.send_s)
                    except (TimeoutError, ConnectionError, RuntimeError):
                        return
            elif msg.type == WSMsgType.PONG:  # the heartbeat's answer (any frame resets its clock)
                pass
            elif msg.type == WSMsgType.TEXT or msg.type == WSMsgType.BINARY:
                self._frame(conn, msg.data)
                if len(conn.control) >= self.limits.control_queue // 2 and not await conn.room(self.limits.send_s):
                    return  # its answers are not read: nothing more is read from it either
            elif msg.type == WSMsgType.ERROR:
                exc = ws.exception()
                if exc is not None and "too big" in str(exc).lower():
                    wire.info("phone %s sent a frame over %d bytes: closed", conn.ip, p.MAX_FRAME)
                return
            elif msg.type in (WSMsgType.CLOSE, WSMsgType.CLOSING, WSMsgType.CLOSED):
                return
            if conn.closing:
                return

    def _counted(self, conn: Connection) -> bool:
        """Whether the rate lets ``conn``'s frame through; past it, one ``rate_limited`` now
        and then, and a connection that keeps flooding says ``bye flood``."""
        if conn.allow():
            return True
        if conn.dropped == 1 or conn.dropped % 50 == 0:
            conn.send(p.error_frame("rate_limited", conn.lang))
        if conn.dropped >= self.limits.flood_drops:
            conn.bye("flood")
        return False

    def _frame(self, conn: Connection, data: str | bytes) -> None:
        if not self._counted(conn):
            return
        try:
            message = p.parse(data)
        except p.ProtocolError as exc:
            conn.send(p.error_frame(exc.code, conn.lang, detail=exc.detail))
            return
        match message:
            case p.Ping():
                conn.send(p.pong_frame())
            case p.SetLang(lang=lang):
                conn.lang = lang
                self._send_state(conn)
            case p.Join():
                conn.lang = message.lang
                conn.name = message.name
                self._join(conn, message.code, message.token)
            case p.Resume():
                conn.lang = message.lang
                conn.name = message.name
                self._resume(conn, message.secret)
            case p.Tap():
                self._tap(conn, message)

    def _join(self, conn: Connection, code: str, token: str | None = None) -> None:
        if token is not None:
            self._join_by_token(conn, token)
            return
        wait = self.tries.wait(conn.ip)
        if wait > 0:
            conn.send(p.error_frame("too_many_tries", conn.lang, retry_after=wait))
            return
        seat = self.codes.take(code)
        if seat is None:
            self.tries.failed(conn.ip)
            old = self.codes.closed.get(code)
            if old is None:
                conn.send(p.error_frame("bad_code", conn.lang))
            else:
                conn.send(p.error_frame("seat_taken" if old in self.claims.digests else "code_closed", conn.lang))
            return
        if seat in self.claims.digests:  # cannot happen: a held seat is offered no code
            conn.send(p.error_frame("seat_taken", conn.lang))
            return
        secret = self.claims.claim(seat)
        log.info("phone %s joined seat %d", conn.ip, seat + 1)
        self._seat(conn, seat, secret)

    def _join_by_token(self, conn: Connection, token: str) -> None:
        """The QR code: its token is the screen's own, so nobody's guesses hold it back;
        a token that was never offered counts against its address like a wrong code."""
        seat = self.codes.take_token(token)
        if seat is None or seat in self.claims.digests:
            old = self.codes.closed.get(token)
            if old is not None:  # a real QR code, of an offer that is over
                conn.send(p.error_frame("seat_taken" if old in self.claims.digests else "code_closed", conn.lang))
                return
            wait = self.tries.wait(conn.ip, typed=False)
            if wait > 0:
                conn.send(p.error_frame("too_many_tries", conn.lang, retry_after=wait))
                return
            self.tries.failed(conn.ip, typed=False)
            conn.send(p.error_frame("bad_code", conn.lang))
            return
        secret = self.claims.claim(seat)
        log.info("phone %s joined seat %d by its QR code", conn.ip, seat + 1)
        self._seat(conn, seat, secret)

    def _resume(self, conn: Connection, secret: str) -> None:
        seat = self.claims.seat_of(secret)
        if seat is None:
            conn.send(p.error_frame("unknown_secret", conn.lang))
            return
        self._seat(conn, seat, None)

    def _seat(self, conn: Connection, seat: int, secret: str | None) -> None:
        for other in list(self.conns):
            if other is not conn and other.seat == seat:
                other.bye("replaced")  # the same phone's newer socket (a reload): it wins
                other.seat = None
        conn.seat = seat
        if conn.name is not None:
            self.names[seat] = conn.name  # the table shows it from the next status on
        if conn.ticket is not None:
            self.gate.seat(conn.ticket)  # never dropped for a newcomer now
        info = dict(self.feed.info) if self.feed is not None else {}
        conn.send(p.welcome_frame(seat=seat, secret=secret, table=info, lang=conn.lang))
        self._send_state(conn)
        self._offer()
        self._post_status()

    def _tap(self, conn: Connection, tap: p.Tap) -> None:
        if conn.seat is None:
            conn.send(p.error_frame("not_joined", conn.lang))
            return
        feed = self.feed
        facts = feed.facts if feed is not None else None
        if feed is None or facts is None or tap.v != facts.v:
            conn.send(p.error_frame("stale", conn.lang))
            self._send_state(conn, force=True)
            return
        intent = tap.intent(conn.seat)
        if not allows(feed.views.get(conn.seat), facts, conn.seat, intent):
            # not among the seat's legal actions in the state it was sent: never posted, so a
            # phone cannot keep the table busy (the table checks again: the feed may be behind)
            conn.send(p.error_frame("not_legal", conn.lang, detail=f"{tap.what} is not in the state's legal"))
            return
        if tap.what == "hint":
            # the seat's, not the socket's: a phone that reconnects does not get a fresh allowance
            wait = self.hint_at.get(conn.seat, -1e9) + self.limits.hint_s - self.clock()
            if wait > 0:
                conn.send(p.error_frame("rate_limited", conn.lang, detail="one hint request per "
                                        f"{self.limits.hint_s:g} s", retry_after=wait))  # fmt: skip
                return
            self.hint_at[conn.seat] = self.clock()
        conn.refs += 1
        self.post(PhoneIntent(conn.seat, intent, tap.v, conn.refs))

    # ------------------------------------------------------------ the table's side

    def _free(self, seat: int) -> None:
        self.names.pop(seat, None)  # the next phone says who it is
        if self.claims.release(seat):
            log.info("seat %d freed on the touchscreen", seat + 1)
        for conn in list(self.conns):
            if conn.seat == seat:
                conn.bye("seat_freed")
                conn.seat = None
        self._offer()
        self._post_status()

    def _on_feed(self, feed: TableFeed) -> None:
        renewed = self.feed is not None and feed.info and feed.info != self.feed.info
        new_codes = self.feed is not None and feed.codes_drawn != self.feed.codes_drawn
        self.feed = feed
        if new_codes:  # the touchscreen asked for fresh codes: old guesses count no more
            self.codes.renew()
            self.tries.fresh_codes()
            log.info("fresh join codes drawn on the touchscreen")
        if renewed:  # a new game (another deck): the phones get its facts again
            for conn in self.conns:
                if conn.seat is not None and not conn.closing:
                    conn.send(p.welcome_frame(seat=conn.seat, secret=None, table=dict(feed.info), lang=conn.lang))
        if feed.phone_seats is not None:
            for seat in [s for s in self.claims.digests if s not in feed.phone_seats]:
                self.claims.release(seat)
                for conn in list(self.conns):
                    if conn.seat == seat:
                        conn.bye("no_longer_phone")
                        conn.seat = None
        self._offer()
        for conn in self.conns:
            self._send_state(conn)
        self._post_status()

    def _offer(self) -> None:
        feed = self.feed
        open_ = frozenset() if feed is None else feed.join_open - set(self.claims.digests)
        self.codes.offer(open_)

    def _send_state(self, conn: Connection, *, force: bool = False) -> None:
        feed = self.feed
        if conn.seat is None or conn.closing or feed is None or feed.facts is None:
            return
        view = feed.views.get(conn.seat)
        if view is None:
            return
        frame = p.dumps(seat_state(view, feed.facts, conn.lang))
        if force:
            conn.sent_state = None
        conn.set_state(frame)

    def _post_status(self) -> None:
        """Tell the table who holds which seat, its code, and whose phone is here: at once,
        except that a phone gone away is said only once it has stayed away ``status_s`` (a
        phone reconnecting in a loop made a post, a note on the table and a state for every
        other phone per open and close; now a phone back within that time was never away,
        and one that waits it out each time can make at most two posts per ``status_s``)."""
        status = self._status_of()
        due = self._status_due
        if status == self._status:
            if due is not None:  # back meanwhile: nothing to say
                due.cancel()
                self._status_due = None
            return
        if self._status is not None and _only_gone(self._status, status):
            if due is None:
                self._status_due = asyncio.get_running_loop().call_later(self.limits.status_s, self._status_now)
            return
        self._status_now()

    def _status_now(self) -> None:
        if self._status_due is not None:
            self._status_due.cancel()
            self._status_due = None
        status = self._status_of()
        if status != self._status:
            self._status = status
            self.post(status)

    def _status_of(self) -> PhoneStatus:
        connected = {c.seat for c in self.conns if c.seat is not None and not c.closing}
        seats: set[int] = set(self.claims.digests)
        feed = self.feed
        if feed is not None and feed.phone_seats is not None:
            seats |= feed.phone_seats
        return PhoneStatus(
            tuple(PhoneSeatState(s, s in self.claims.digests, s in connected, self.codes.code_of(s),
                                 self.codes.token_of(s), self.names.get(s) if s in self.claims.digests else None)
                  for s in sorted(seats)),
            self.url, self.error, self.urls[1:],
        )  # fmt: skip


def _only_gone(old: PhoneStatus, new: PhoneStatus) -> bool:
    """``new`` differs from ``old`` only in phones that were connected and are not now."""
    def rest(s: PhoneStatus) -> tuple[object, ...]:
        return (s.url, s.error, s.also, tuple((x.seat, x.held, x.code, x.token) for x in s.seats))

    return rest(old) == rest(new) and all(x.connected or not y.connected for x, y in zip(old.seats, new.seats, strict=True))


def _loop_error(loop: asyncio.AbstractEventLoop, context: dict[str, object]) -> None:
    """The server loop's errors (asyncio's "socket.accept() out of system resource", a
    callback that failed): one line each, folded, never a traceback."""
    exc = context.get("exception")
    first = (str(context.get("message") or "error").splitlines() or ["error"])[0][:120]
    # one template: the kind is the exception's type (a message may name a callback's objects)
    wire.warning("phone server: %s (%s)", first, f"{type(exc).__name__}: {exc}" if exc is not None else "-")


async def _flush_fold() -> None:
    """Says the counts of the folded log lines once their minute is over."""
    while True:
        await asyncio.sleep(5.0)
        logfold.FOLD.flush()


async def _headers(request: web.Request, response: web.StreamResponse) -> None:
    response.headers.setdefault("X-Content-Type-Options", "nosniff")
    response.headers.setdefault("Referrer-Policy", "no-referrer")
    response.headers.setdefault("X-Frame-Options", "DENY")
    response.headers.setdefault(
        "Content-Security-Policy",
        "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; connect-src 'self'",
    )


def load_assets(web_dir: Path) -> dict[str, tuple[bytes, str]]:
    """The allow-list: every regular file under ``web_dir`` (by its relative name), read once.

    A request's name is looked up in this dict and nothing else: no path from a
    request ever reaches the file system, and nothing is listed."""
    out: dict[str, tuple[bytes, str]] = {}
    if not web_dir.is_dir():
        return out
    for path in sorted(web_dir.rglob("*")):
        if not path.is_file() or path.is_symlink() or path.name.startswith("."):
            continue
        name = path.relative_to(web_dir).as_posix()
        ctype = mimetypes.guess_type(name)[0] or "application/octet-stream"
        if name.endswith(".js"):
            ctype = "text/javascript"
        out[name] = (path.read_bytes(), ctype)
    return out
