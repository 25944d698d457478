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

This module holds the thread, the websocket session (join, resume, taps) and the
feed to each phone; its parts: the bounds and the :class:`Gate` (``limits.py``),
seat claims, codes and join tokens (``joining.py``), one phone's socket
(``connection.py``) and the routes but the socket (``pages.py``).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
import time
from collections.abc import Callable, Mapping
from pathlib import Path

from aiohttp import WSMsgType, web

from firmware.app import logfold
from firmware.app.phones import protocol as p
from firmware.app.phones.address import join_urls
from firmware.app.phones.connection import Connection
from firmware.app.phones.events import PhoneIntent, PhoneSeatState, PhoneStatus
from firmware.app.phones.joining import CLAIMS_FILE, CodeBook, SeatClaims
from firmware.app.phones.limits import Door, Gate, Limits, Ticket, Tries, open_files
from firmware.app.phones.pages import WEB_DIR, Pages, headers
from firmware.app.phones.seatview import TableFeed, allows, seat_state
from ui.i18n import DEFAULT_LANGUAGE

log = logging.getLogger("firmware.app.phones")
# what a stranger on the network can make the server say at will: folded (firmware/app/logfold.py)
wire = logging.getLogger("firmware.app.phones.wire")
FOLDED = ("asyncio", "aiohttp.access", "aiohttp.internal", "aiohttp.server", "aiohttp.web", "aiohttp.websocket",
          wire.name)  # fmt: skip




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
        # the routes but the socket; the language and the table read when asked
        self.pages = Pages(web_dir, self.cards, address, lambda: self.language(), lambda: self.feed)
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
                              middlewares=[self.pages.only_our_host])  # fmt: skip
        app.router.add_get("/", self.pages.index)
        app.router.add_get("/static/{name:.+}", self.pages.static)
        app.router.add_get("/i18n/{lang}.json", self.pages.catalogue)
        app.router.add_get("/cards/{deck}/{name}", self.pages.card)
        app.router.add_get("/rules/{lang}.json", self.pages.rules)
        app.router.add_get("/ws", self._socket)
        app.on_response_prepare.append(headers)
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
            listener = await self._loop.create_server(lambda: Door(self.gate, self.limits, self.tickets, http),
                                                      self.host, self.port, reuse_address=True, backlog=128)  # fmt: skip
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


    # ------------------------------------------------------------ the socket

    async def _socket(self, request: web.Request) -> web.StreamResponse:
        if not self.pages.origin_ok(request):  # the Host was checked by Pages.only_our_host
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

