"""The arena's ``--log`` files: one JSON line per duplicate deal and level, appended as a run
goes (a run cut short still says what it measured), read back by ``--from-log``
(:mod:`tools.arena`). Each is a regular file only, opened non-blocking: a FIFO in its
place never hangs a run or a report; anything that is not a log is one line."""

from __future__ import annotations

import json
import math
import os
import stat
from dataclasses import dataclass

MAX_LOG_BYTES = 256 * 1024 * 1024
"""A ``--log`` of the longest runs is a few MB (firmware.cliargs checks the same)."""


class LogFileError(ValueError):
    """A ``--from-log`` file that is no log of the arena; ``str()`` is one line."""


@dataclass(frozen=True, slots=True)
class LogRow:
    """One line of a ``--log`` file: a deal's count for one level."""

    level: str
    wins: int
    matches: int
    hands: int
    pairs: dict[str, float]


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def log_row(obj: object) -> LogRow:
    """A parsed line of a ``--log`` file, or :class:`LogFileError` saying what is wrong."""
    if not isinstance(obj, dict):
        raise LogFileError(f"a log line is a JSON object, not {type(obj).__name__}")
    level = obj.get("level")
    if not isinstance(level, str) or not level:
        raise LogFileError("a log line names its 'level'")
    for key in ("wins", "matches", "hands"):
        if not _whole(obj.get(key, 0)):
            raise LogFileError(f"'{key}' must be a whole number, not {obj.get(key)!r}")
    if "wins" not in obj or "matches" not in obj:
        raise LogFileError("a log line has 'wins' and 'matches'")
    pairs = obj.get("pairs")
    if not isinstance(pairs, dict) or not all(
        isinstance(v, int | float) and not isinstance(v, bool) and math.isfinite(v) for v in pairs.values()
    ):
        raise LogFileError("'pairs' must be an object of numbers (\"deal:hand\": points)")
    return LogRow(level, obj["wins"], obj["matches"], obj.get("hands", 0), {str(k): float(v) for k, v in pairs.items()})


def read_log(path: str) -> list[LogRow]:
    """The rows of a ``--log`` file; :class:`LogFileError` for anything that is not one.

    Opened non-blocking and checked to be a regular file once open (a FIFO put in its
    place after the command line was checked must not hang the report)."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    except OSError as exc:
        raise LogFileError(f"{path}: {exc.strerror or exc}") from None
    with os.fdopen(fd, "rb") as fh:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise LogFileError(f"{path} is not a regular file")
        data = fh.read(MAX_LOG_BYTES + 1)
    if len(data) > MAX_LOG_BYTES:
        raise LogFileError(f"{path} is larger than {MAX_LOG_BYTES >> 20} MB")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise LogFileError(f"{path} line {line}: not UTF-8 text, not a --log file") from None
    rows: list[LogRow] = []
    for number, raw in enumerate(text.splitlines(), 1):
        if not raw.strip():
            continue
        try:
            rows.append(log_row(json.loads(raw)))
        except (json.JSONDecodeError, RecursionError):
            raise LogFileError(f"{path} line {number}: not JSON, not a --log line") from None
        except LogFileError as exc:
            raise LogFileError(f"{path} line {number}: {exc}") from None
    if not rows:
        raise LogFileError(f"{path} holds no deals")
    return rows


def append_log(path: str, line: str) -> None:
    """Append ``line`` to the ``--log`` file ``path`` (made if new): a regular file only,
    opened non-blocking (a FIFO never hangs the run); a ValueError saying why not."""
    try:
        fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT | os.O_NONBLOCK | os.O_CLOEXEC, 0o644)
    except OSError as exc:
        raise ValueError(f"--log {path}: {exc.strerror or exc}") from None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise ValueError(f"--log {path} is not a regular file")
        if line:
            os.write(fd, line.encode("utf-8"))
    except OSError as exc:
        raise ValueError(f"--log {path}: {exc.strerror or exc}") from None
    finally:
        os.close(fd)
