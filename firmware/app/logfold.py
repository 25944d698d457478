"""Repeated log lines folded: one line per kind a minute, with a count (docs/reliability.md).

A stranger on the network can make the phone server log at will: every
malformed request is an aiohttp error with a traceback, every refused accept an
asyncio one. :class:`Fold`, a filter on those loggers, lets the first record of a
*kind* (its logger, level, message template and exception type) through as one
line (the exception's type and text, never its traceback), drops the others of
that kind for a minute and counts them; :meth:`Fold.flush`, called every few
seconds, says how many were dropped once their minute is over. The journal gets
at most two lines per kind a minute, however hard the network pushes.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass

MAX_KINDS = 256  # kinds remembered at once: an attacker who varies the kind cannot grow this


@dataclass(slots=True)
class _Kind:
    until: float  # the end of this kind's minute
    logger: str
    level: int
    line: str  # the line that was let through, for the count
    dropped: int = 0


def _exc_name(record: logging.LogRecord) -> str:
    exc = record.exc_info[1] if record.exc_info else None
    return type(exc).__name__ if exc is not None else ""


def one_line(record: logging.LogRecord) -> str:
    """The record's message and exception (type and text) on one line, no traceback."""
    text = record.getMessage()
    exc = record.exc_info[1] if record.exc_info else None
    if exc is not None:
        detail = str(exc).strip()
        text = f"{text}: {type(exc).__name__}" + (f": {detail}" if detail else "")
    text = " | ".join(part.strip() for part in text.splitlines() if part.strip())
    return text if len(text) <= 300 else text[:297] + "..."


class Fold(logging.Filter):
    """See the module docstring; ``window_s`` is the minute, ``clock`` the time it is measured by."""

    def __init__(self, window_s: float = 60.0, clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__()
        self.window_s = window_s
        self.clock = clock
        self.kinds: dict[tuple[str, int, str, str], _Kind] = {}

    def filter(self, record: logging.LogRecord) -> bool:
        if getattr(record, "folded", False):  # our own count
            return True
        key = (record.name, record.levelno, str(record.msg), _exc_name(record))
        now = self.clock()
        kind = self.kinds.get(key)
        if kind is not None and now < kind.until:
            kind.dropped += 1
            return False
        if kind is not None and kind.dropped:
            self._said(kind)
        line = one_line(record)
        record.msg, record.args = line, ()  # no arguments: the line is never formatted again
        record.exc_info, record.exc_text, record.stack_info = None, None, None
        self.kinds[key] = _Kind(now + self.window_s, record.name, record.levelno, line)
        if len(self.kinds) > MAX_KINDS:
            self._forget(now)
        return True

    def flush(self) -> None:
        """Say the count of every kind whose minute is over, and forget it."""
        now = self.clock()
        for key, kind in list(self.kinds.items()):
            if now >= kind.until:
                if kind.dropped:
                    self._said(kind)
                del self.kinds[key]

    def _said(self, kind: _Kind) -> None:
        logging.getLogger(kind.logger).log(
            kind.level, "%d more like this in %.0f s: %s", kind.dropped, self.window_s, kind.line,
            extra={"folded": True},
        )
        kind.dropped = 0

    def _forget(self, now: float) -> None:
        for key in [k for k, v in self.kinds.items() if now >= v.until]:
            kind = self.kinds.pop(key)
            if kind.dropped:
                self._said(kind)
        while len(self.kinds) > MAX_KINDS:  # all still in their minute: the oldest goes
            self.kinds.pop(next(iter(self.kinds)))


FOLD = Fold()
"""The one fold of the program: the phone server installs it where the network can reach."""


def install(names: Iterable[str], fold: Fold = FOLD) -> None:
    """``fold`` on each logger named (idempotent)."""
    for name in names:
        logger = logging.getLogger(name)
        if fold not in logger.filters:
            logger.addFilter(fold)


__all__ = ["FOLD", "Fold", "install", "one_line"]
