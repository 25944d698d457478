"""The card reader: serial bytes in, tag ids out.

Two layers, so the tricky part is pure and tested without a port:

* framers turn byte chunks into tag ids, whatever the chunking:
  :class:`RDM6300Framer` (125 kHz RFID: ``0x02``, 10 ASCII hex, 2 ASCII hex
  XOR checksum, ``0x03``) and :class:`LineFramer` (barcode scanners: one code
  per CR/LF-terminated line, checked against a pattern). They resync on
  garbage, keep partial frames across reads, count and drop bad frames, bound
  their buffer, and drop a partial frame that went stale.
* :class:`TagPresence` turns repeated reads into events: a tag lying on the
  antenna is read over and over but reported once (:class:`TagSeen`), and
  :class:`TagRemoved` follows when the reads stop for longer than the window.

:class:`TagParser` (``RDM6300Parser``/``LineParser``) joins the two:
``feed(bytes, now) -> events``. :class:`ReaderThread` owns the serial port:
it opens it exclusively, feeds the parser, and survives unplug/replug with
back-off, reporting :class:`ReaderOffline`/:class:`ReaderOnline`.
"""

from __future__ import annotations

import contextlib
import re
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from hal.closing import Closing
from hal.events import (
    EventSink,
    ReaderEvent,
    ReaderOffline,
    ReaderOnline,
    TagId,
    TagRemoved,
    TagSeen,
)
from hal.timing import Backoff, Clock

PROTOCOLS = ("rdm6300", "lines")
STX, ETX = 0x02, 0x03
RDM6300_FRAME = 14
HEX_DIGITS = frozenset(b"0123456789ABCDEFabcdef")
DEFAULT_LINE_PATTERN = r"[0-9A-Za-z\-]{1,64}"


@dataclass(slots=True)
class ReaderStats:
    """What the framer accepted and what it dropped, and why."""

    frames: int = 0
    bad_checksum: int = 0
    bad_length: int = 0
    non_hex: int = 0
    bad_pattern: int = 0
    too_long: int = 0
    stale: int = 0
    garbage_bytes: int = 0

    @property
    def dropped(self) -> int:
        return (
            self.bad_checksum
            + self.bad_length
            + self.non_hex
            + self.bad_pattern
            + self.too_long
            + self.stale
        )


class Framer(Protocol):
    stats: ReaderStats

    def feed(self, data: bytes, now: float) -> list[TagId]: ...

    def expire(self, now: float) -> None: ...

    @property
    def buffered(self) -> int: ...


def rdm6300_checksum(tag: str) -> int:
    """XOR of the five bytes the ten hex digits spell."""
    result = 0
    for byte in bytes.fromhex(tag):
        result ^= byte
    return result


def rdm6300_frame(tag: TagId) -> bytes:
    """The 14 bytes an RDM6300 sends for a 10-hex-digit tag id.

    >>> rdm6300_frame("0A00B1C2D3")
    b'\\x020A00B1C2D3AA\\x03'
    """
    if len(tag) != 10 or not set(tag.encode()) <= HEX_DIGITS:
        raise ValueError(f"an RDM6300 tag id is 10 hex digits, not {tag!r}")
    tag = tag.upper()
    return bytes([STX]) + f"{tag}{rdm6300_checksum(tag):02X}".encode() + bytes([ETX])


def line_frame(code: str, terminator: bytes = b"\r\n") -> bytes:
    """The bytes a barcode scanner in keyboard-less serial mode sends for ``code``."""
    return code.encode("ascii") + terminator


class _StaleMixin:
    stale_timeout: float
    stats: ReaderStats
    _buf: bytearray
    _last_data: float

    def expire(self, now: float) -> None:
        """Drop a partial frame nobody completed within ``stale_timeout``."""
        if self._buf and now - self._last_data > self.stale_timeout:
            self.stats.stale += 1
            self._buf.clear()

    @property
    def buffered(self) -> int:
        return len(self._buf)


class RDM6300Framer(_StaleMixin):
    """Frames of an RDM6300 125 kHz reader (9600 baud, 8N1).

    >>> f = RDM6300Framer()
    >>> f.feed(b"junk\\x020A00B1", 0.0), f.feed(b"C2D3AA\\x03", 0.01)
    ([], ['0A00B1C2D3'])
    """

    def __init__(self, *, stale_timeout: float = 0.25) -> None:
        self.stale_timeout = stale_timeout
        self.stats = ReaderStats()
        self._buf = bytearray()
        self._last_data = 0.0

    def feed(self, data: bytes, now: float) -> list[TagId]:
        self.expire(now)
        if data:
            self._last_data = now
        self._buf += data
        tags: list[TagId] = []
        buf = self._buf
        while True:
            start = buf.find(STX)
            if start < 0:
                self.stats.garbage_bytes += len(buf)
                buf.clear()
                break
            if start:
                self.stats.garbage_bytes += start
                del buf[:start]
            if len(buf) < RDM6300_FRAME:
                break  # a partial frame: wait for the rest
            tag = self._check(bytes(buf[:RDM6300_FRAME]))
            if tag is None:
                del buf[:1]  # resync: the next STX may start a good frame
            else:
                tags.append(tag)
                self.stats.frames += 1
                del buf[:RDM6300_FRAME]
        return tags

    def _check(self, frame: bytes) -> TagId | None:
        if frame[-1] != ETX or STX in frame[1:] or ETX in frame[1:-1]:
            self.stats.bad_length += 1
            return None
        body = frame[1:-1]
        if not set(body) <= HEX_DIGITS:
            self.stats.non_hex += 1
            return None
        tag = body[:10].decode().upper()
        if rdm6300_checksum(tag) != int(body[10:], 16):
            self.stats.bad_checksum += 1
            return None
        return tag


def line_tag(match: re.Match[str]) -> TagId:
    """The tag id of a matched line: the group named ``id``, else the first
    group, else the whole line; a group that did not take part in the match
    (``(?P<id>...)?``) yields the whole line rather than nothing."""
    pattern = match.re
    group: str | int | None = "id" if "id" in pattern.groupindex else (1 if pattern.groups else None)
    if group is not None and (tag := match.group(group)) is not None:
        return tag
    return match.group(0)


MAX_VARIABLE_REPEATS = 3
"""At most this many open-ended repeats (``+``, ``*``, ``{2,}``) in a line pattern."""


def check_line_pattern(pattern: str) -> str | None:
    """Why ``pattern`` may not be a scanner's line pattern, or None when it may.

    Python's regular expressions backtrack: a nested repeat (``(a+)+``), a
    repeated alternation (``(a|ab)*``) or a back-reference can take seconds on
    a 29-byte line and stall the reader thread. Such patterns are refused when
    the settings load; what remains matches a line of at most ``max_line``
    bytes in polynomial time of low degree (a handful of sequential repeats).
    """
    sre_parse, sre_constants = _sre()
    try:
        parsed = sre_parse.parse(pattern)
    except (re.error, RecursionError, OverflowError) as exc:
        return f"pattern {pattern!r} is not a regular expression: {exc}"
    repeats = {sre_constants.MAX_REPEAT, sre_constants.MIN_REPEAT, sre_constants.POSSESSIVE_REPEAT}
    refs = {sre_constants.GROUPREF, sre_constants.GROUPREF_EXISTS}
    variable = 0

    def walk(items: Any, inside_repeat: bool) -> str | None:
        nonlocal variable
        for op, arg in items:
            if op in refs:
                return "a back-reference can take exponential time"
            if op in repeats:
                lo, hi, body = arg
                if hi != lo:
                    if inside_repeat:
                        return "a repeat inside a repeat (like (a+)+) can take exponential time"
                    if hi == sre_constants.MAXREPEAT or hi > 64:
                        variable += 1
                if hi > 1 and _has_branch(body):
                    return "a repeated alternation (like (a|ab)*) can take exponential time"
                if (why := walk(body, inside_repeat or hi > 1)) is not None:
                    return why
            elif op is sre_constants.SUBPATTERN:
                if (why := walk(arg[-1], inside_repeat)) is not None:
                    return why
            elif op is sre_constants.BRANCH:
                for branch in arg[1]:
                    if (why := walk(branch, inside_repeat)) is not None:
                        return why
            elif op in (sre_constants.ASSERT, sre_constants.ASSERT_NOT):
                if (why := walk(arg[1], inside_repeat)) is not None:
                    return why
            elif op is sre_constants.ATOMIC_GROUP and (
                why := walk(arg, inside_repeat)
            ) is not None:
                return why
        return None

    why = walk(parsed, False)
    if why is None and variable > MAX_VARIABLE_REPEATS:
        why = f"more than {MAX_VARIABLE_REPEATS} open-ended repeats can take a long time"
    return None if why is None else f"pattern {pattern!r} refused: {why}"


def _sre() -> tuple[Any, Any]:
    """Python's own regex parser (deprecated under these names, still the one ``re`` uses)."""
    # optional: Python's deprecated regex parser modules, loaded only for this check, their warning silenced
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        # optional: Python's deprecated regex parser modules, loaded only for this check, their warning silenced
        import sre_constants
        import sre_parse
    return sre_parse, sre_constants


def _has_branch(items: Any) -> bool:
    sre_constants = _sre()[1]
    for op, arg in items:
        if op is sre_constants.BRANCH:
            return True
        if op is sre_constants.SUBPATTERN and _has_branch(arg[-1]):
            return True
    return False


class LineFramer(_StaleMixin):
    """One code per CR- or LF-terminated line (barcode scanners).

    A line must match ``pattern`` in full; if the pattern has a group named
    ``id`` (or any group), that group is the tag id (:func:`line_tag`). The
    pattern must pass :func:`check_line_pattern` (no catastrophic
    backtracking); ValueError otherwise. Lines longer than
    ``max_line`` are dropped up to the next terminator.

    >>> LineFramer(pattern=r"CARD-(?P<id>\\d+)").feed(b"CARD-17\\r\\nnoise\\n", 0.0)
    ['17']
    """

    def __init__(
        self,
        *,
        pattern: str = DEFAULT_LINE_PATTERN,
        max_line: int = 128,
        stale_timeout: float = 1.0,
    ) -> None:
        problem = check_line_pattern(pattern)
        if problem is not None:
            raise ValueError(problem)
        self.pattern = re.compile(pattern)
        self.max_line = max_line
        self.stale_timeout = stale_timeout
        self.stats = ReaderStats()
        self._buf = bytearray()
        self._last_data = 0.0
        self._discarding = False

    def expire(self, now: float) -> None:
        """Drop a stale partial line, and forget an over-long line nobody ended.

        After the pause the next bytes are a new scan: a terminator lost with
        the over-long line must not cost the next good code.
        """
        if (self._buf or self._discarding) and now - self._last_data > self.stale_timeout:
            self.stats.stale += 1
            self._buf.clear()
            self._discarding = False

    def feed(self, data: bytes, now: float) -> list[TagId]:
        self.expire(now)
        if data:
            self._last_data = now
        tags: list[TagId] = []
        for piece in re.split(rb"([\r\n])", data):
            if piece in (b"\r", b"\n"):
                line = bytes(self._buf)
                self._buf.clear()
                if self._discarding:
                    self._discarding = False
                elif (tag := self._check(line)) is not None:
                    tags.append(tag)
            elif not self._discarding:
                self._buf += piece
                if len(self._buf) > self.max_line:
                    self.stats.too_long += 1
                    self._buf.clear()
                    self._discarding = True
        return tags

    def _check(self, line: bytes) -> TagId | None:
        line = line.strip()
        if not line:
            return None  # the LF of a CRLF, or an empty line
        try:
            text = line.decode("ascii")
        except UnicodeDecodeError:
            self.stats.non_hex += 1
            return None
        match = self.pattern.fullmatch(text)
        if match is None:
            self.stats.bad_pattern += 1
            return None
        self.stats.frames += 1
        return line_tag(match)


class TagPresence:
    """Repeated reads of the tag on the antenna → one :class:`TagSeen`, then :class:`TagRemoved`.

    A read of the same tag within ``window`` seconds of the last one means it
    is still there. ``report_removed=False`` suits barcode scanners: the same
    code scanned again after the window is simply seen again.
    """

    def __init__(self, *, window: float = 0.5, report_removed: bool = True) -> None:
        self.window = window
        self.report_removed = report_removed
        self.current: TagId | None = None
        self._last_seen = 0.0

    def read(self, tag: TagId, now: float) -> list[ReaderEvent]:
        events = self.poll(now)
        if tag == self.current:
            self._last_seen = now
            return events
        if self.current is not None and self.report_removed:
            events.append(TagRemoved(self.current, now))
        self.current, self._last_seen = tag, now
        events.append(TagSeen(tag, now))
        return events

    def poll(self, now: float) -> list[ReaderEvent]:
        if self.current is not None and now - self._last_seen > self.window:
            return self.clear(self._last_seen + self.window)
        return []

    def clear(self, now: float) -> list[ReaderEvent]:
        """Forget the current tag (the reader went away)."""
        tag, self.current = self.current, None
        return [TagRemoved(tag, now)] if tag is not None and self.report_removed else []


class TagParser:
    """A framer and a presence tracker: ``feed(bytes, now) -> events``. Pure: no I/O."""

    def __init__(self, framer: Framer, presence: TagPresence) -> None:
        self.framer = framer
        self.presence = presence

    @property
    def stats(self) -> ReaderStats:
        return self.framer.stats

    def feed(self, data: bytes, now: float) -> list[ReaderEvent]:
        events: list[ReaderEvent] = []
        for tag in self.framer.feed(data, now):
            events += self.presence.read(tag, now)
        return events + self.presence.poll(now)

    def poll(self, now: float) -> list[ReaderEvent]:
        """Let time pass with no data: stale partials, removed tags."""
        self.framer.expire(now)
        return self.presence.poll(now)

    def reset(self, now: float) -> list[ReaderEvent]:
        """The port went away: drop partial bytes, the current tag is gone."""
        self.framer.expire(float("inf"))
        return self.presence.clear(now)


class RDM6300Parser(TagParser):
    def __init__(self, *, repeat_window: float = 0.5, stale_timeout: float = 0.25) -> None:
        super().__init__(
            RDM6300Framer(stale_timeout=stale_timeout), TagPresence(window=repeat_window)
        )


class LineParser(TagParser):
    def __init__(
        self,
        *,
        pattern: str = DEFAULT_LINE_PATTERN,
        repeat_window: float = 1.0,
        report_removed: bool = False,
        max_line: int = 128,
        stale_timeout: float = 1.0,
    ) -> None:
        super().__init__(
            LineFramer(pattern=pattern, max_line=max_line, stale_timeout=stale_timeout),
            TagPresence(window=repeat_window, report_removed=report_removed),
        )


def make_parser(
    protocol: str, *, pattern: str = DEFAULT_LINE_PATTERN, repeat_window: float | None = None
) -> TagParser:
    """The parser for a configured protocol name (``rdm6300`` or ``lines``)."""
    if protocol == "rdm6300":
        return RDM6300Parser(repeat_window=0.5 if repeat_window is None else repeat_window)
    if protocol == "lines":
        return LineParser(
            pattern=pattern, repeat_window=1.0 if repeat_window is None else repeat_window
        )
    raise ValueError(f"unknown reader protocol {protocol!r} (choose {', '.join(PROTOCOLS)})")


def encode_scan(protocol: str, tag: TagId) -> bytes:
    """The bytes a reader of ``protocol`` sends when ``tag`` is scanned once."""
    return rdm6300_frame(tag) if protocol == "rdm6300" else line_frame(tag)


# --- the port -----------------------------------------------------------------


class SerialPort(Protocol):
    """The part of :class:`serial.Serial` the reader thread uses."""

    def read(self, size: int = 1) -> bytes: ...

    @property
    def in_waiting(self) -> int: ...

    def close(self) -> None: ...


class ReaderThread(Closing):
    """Reads a serial card reader on a thread and pushes events into ``events``.

    ``port`` is a device path, ideally the stable ``/dev/serial/by-id/...``
    link; it is opened exclusively. ``opener`` replaces the open (tests pass
    ``lambda: serial.serial_for_url("loop://")``). If the port is missing or
    goes away, one :class:`ReaderOffline` is reported and the open is retried
    with back-off until it works again (:class:`ReaderOnline`).
    """

    def __init__(
        self,
        port: str,
        *,
        parser: TagParser,
        events: EventSink,
        baudrate: int = 9600,
        opener: Callable[[], SerialPort] | None = None,
        clock: Clock = time.monotonic,
        backoff: Backoff | None = None,
        read_timeout: float = 0.05,
        start: bool = True,
    ) -> None:
        self.port = port
        self.parser = parser
        self.events = events
        self.baudrate = baudrate
        self.read_timeout = read_timeout
        self._opener = opener or self._open_serial
        self._clock = clock
        self._backoff = backoff or Backoff(initial=0.25, maximum=5.0)
        self._stop = threading.Event()
        self._serial: SerialPort | None = None
        self.online: bool | None = None  # None until the first open attempt
        self.opens = 0
        self._thread = threading.Thread(target=self._run, name="hal-reader", daemon=True)
        if start:
            self.start()

    def _open_serial(self) -> SerialPort:
        # optional: pyserial, for the real reader on the Pi (the simulator's pty reader needs none)
        import serial

        port: SerialPort = serial.Serial(
            self.port, self.baudrate, timeout=self.read_timeout, exclusive=True
        )
        return port

    def start(self) -> None:
        self._thread.start()

    def _run(self) -> None:
        while not self._stop.is_set():
            try:
                port = self._opener()
            except Exception as exc:  # SerialException, OSError: missing, busy, no permission
                self._went_offline(f"cannot open {self.port}: {exc}")
            else:
                self._serial = port
                self._went_online()
                try:
                    self._pump(port)
                except Exception as exc:  # unplugged mid-read
                    if not self._stop.is_set():
                        self._went_offline(f"{self.port} lost: {exc}")
                finally:
                    self._serial = None
                    with contextlib.suppress(Exception):
                        port.close()
            if not self._stop.is_set():
                self._stop.wait(self._backoff.next_delay())

    def _pump(self, port: SerialPort) -> None:
        while not self._stop.is_set():
            data = port.read(max(1, port.in_waiting))
            now = self._clock()
            self.events.put_all(self.parser.feed(data, now) if data else self.parser.poll(now))

    def _went_online(self) -> None:
        self.opens += 1
        self._backoff.reset()
        self.online = True
        self.events.put(ReaderOnline(self.port, self._clock()))

    def _went_offline(self, reason: str) -> None:
        now = self._clock()
        self.events.put_all(self.parser.reset(now))
        if self.online is not False:
            self.online = False
            self.events.put(ReaderOffline(reason, now))

    def close(self) -> None:
        self._stop.set()
        port = self._serial
        # optional: pyserial's cancel_read (POSIX and Windows ports; not every port class has it)
        cancel = getattr(port, "cancel_read", None)
        if cancel is not None:
            with contextlib.suppress(Exception):
                cancel()
        if self._thread.is_alive():
            self._thread.join(timeout=5.0)

    @property
    def closed(self) -> bool:
        return self._stop.is_set()

