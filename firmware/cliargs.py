"""Argument types for ``tressette``: every command-line value is checked by argparse.

A bad value is one line from argparse (``tressette sim: error: argument
--size: 'abc' is not WIDTHxHEIGHT ...``) and exit status 2, never a traceback,
a hang or a silently different meaning (``--matches 0`` playing one match).
Each type is a plain function ``str -> value`` raising
:class:`argparse.ArgumentTypeError`; they import nothing heavy (the variant
and level names come from the engine and the players, both pure Python).
"""

from __future__ import annotations

import argparse
import errno
import math
import os
import stat
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from firmware.hostcheck import host_problem

if TYPE_CHECKING:
    from firmware.engine.seating import SeatSpec

INT64_MAX = 2**63 - 1
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")
MIN_SIZE, MAX_SIZE = (320, 240), (3840, 2160)
MAX_WORLDS = 1000  # --worlds and --coach-worlds: sampled worlds per decision


def int_range(lo: int, hi: int = INT64_MAX, *, what: str | None = None) -> Callable[[str], int]:
    """A whole number in ``lo..hi`` (SQLite and the seeds take 64-bit numbers).

    With ``what`` the message names it: ``worlds must be 1-1000, not 0``.
    """

    def check(text: str) -> int:
        if len(text) > 30:
            raise argparse.ArgumentTypeError(f"{text[:20]!r}… is too long for a number")
        try:
            value = int(text.strip().replace("_", ""), 10)
        except ValueError:
            wrong = f"{what} must be a whole number, not {text!r}" if what else f"{text!r} is not a whole number"
            raise argparse.ArgumentTypeError(wrong) from None
        if not lo <= value <= hi:
            wrong = f"{what} must be {lo}-{hi}, not {value}" if what else f"{value} is not in {lo}..{hi}"
            raise argparse.ArgumentTypeError(wrong)
        return value

    check.__name__ = what or "number"
    return check


def float_range(lo: float, hi: float) -> Callable[[str], float]:
    """A finite number in ``lo..hi`` (``nan`` and ``inf`` refused: they hang loops)."""

    def check(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
        if not math.isfinite(value) or not lo <= value <= hi:
            raise argparse.ArgumentTypeError(f"{text!r} is not a number in {lo:g}..{hi:g}")
        return value

    check.__name__ = "number"
    return check


def variant(text: str) -> str:
    # start-up: the CLI's parser loads no engine, players or settings module until an argument is checked (eager, import firmware.cli took 4x as long, python -c, load 14)
    from firmware.engine import PRESETS

    if text not in PRESETS:
        raise argparse.ArgumentTypeError(
            f"unknown variant {text!r}; choose one of {', '.join(sorted(PRESETS))}"
        )
    return text


def player(text: str) -> str:
    # start-up: the CLI's parser loads no engine, players or settings module until an argument is checked (eager, import firmware.cli took 4x as long, python -c, load 14)
    from firmware.players import SPECS, spec_budget

    try:
        if spec_budget(text) is not None:
            return text.strip().lower()
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
    if text.strip().lower() not in SPECS:
        raise argparse.ArgumentTypeError(
            f"unknown player {text!r}; choose one of {', '.join(SPECS)} (or hard@MS)"
        )
    return text.strip().lower()


def budget(text: str) -> str:
    """``--budget``: pi4, pi5 or a count of cards played per decision (normalised)."""
    # start-up: the players load only for the commands that pass a budget
    from firmware.players.budget import parse_budget

    try:
        return str(parse_budget(text))
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def players(text: str) -> str:
    """``normal,reference``: a comma-separated list of :func:`player` names."""
    names = [player(x) for x in text.split(",") if x.strip()]
    if not names:
        raise argparse.ArgumentTypeError("name at least one player level")
    return ",".join(names)


def screen_size(text: str) -> tuple[int, int]:
    """``800x480``: both sides within what a touchscreen or a laptop window can be."""
    w, sep, h = text.lower().partition("x")
    if not sep or not w.isdigit() or not h.isdigit() or len(text) > 12:
        raise argparse.ArgumentTypeError(f"{text!r} is not WIDTHxHEIGHT, e.g. 800x480")
    size = (int(w), int(h))
    if not (MIN_SIZE[0] <= size[0] <= MAX_SIZE[0] and MIN_SIZE[1] <= size[1] <= MAX_SIZE[1]):
        raise argparse.ArgumentTypeError(
            f"{text} is outside {MIN_SIZE[0]}x{MIN_SIZE[1]}..{MAX_SIZE[0]}x{MAX_SIZE[1]}"
        )
    return size


def seats(text: str) -> list[SeatSpec]:
    """``human,cpu:normal``: at least one seat, each human, table or cpu:LEVEL."""
    # start-up: the CLI's parser loads no engine, players or settings module until an argument is checked (eager, import firmware.cli took 4x as long, python -c, load 14)
    from firmware.config import check_seats

    try:
        return check_seats(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def host(text: str) -> str:
    """``--phones-host``: an IP address or a host name (:mod:`firmware.hostcheck`), checked
    before anything listens: ``256.256.256.256`` is a bad address, not a port problem."""
    problem = host_problem(text)
    if problem is not None:
        raise argparse.ArgumentTypeError(problem)
    return text


def path(text: str) -> str:
    """A path named on the command line: not empty (``--config ''`` silently meant the
    default file, ``--unit ''`` the default unit). What is at it is its reader's to check
    (a settings file that is a FIFO or a directory is one problem and the defaults)."""
    if not text or "\x00" in text:
        raise argparse.ArgumentTypeError("an empty path; name a file or leave the option out")
    return text


def log_level(text: str) -> str:
    if text.upper() not in LOG_LEVELS:
        raise argparse.ArgumentTypeError(f"{text!r} is not one of {', '.join(LOG_LEVELS)}")
    return text.upper()


def state_dir(text: str) -> str:
    """A directory, or a path where one can be made: not a file, not unreadable."""
    if not text or "\x00" in text:
        raise argparse.ArgumentTypeError("an empty path is not a directory")
    path = Path(text)
    try:
        if path.exists():
            if not path.is_dir():
                raise argparse.ArgumentTypeError(f"{text} is not a directory")
            if not os.access(path, os.R_OK | os.X_OK):
                raise argparse.ArgumentTypeError(f"{text}: permission denied")
            return text
        parent = path.absolute().parent
        while not parent.exists() and parent != parent.parent:
            parent = parent.parent
    except OSError as exc:
        raise argparse.ArgumentTypeError(f"{text}: {exc.strerror or exc}") from None
    if not parent.is_dir():
        raise argparse.ArgumentTypeError(f"{text}: {parent} is not a directory")
    return text


MAX_LOG_BYTES = 256 * 1024 * 1024
"""A ``--log`` file of the longest runs is a few MB; more is not a log."""


def _stat_problem(text: str, exc: OSError) -> str:
    """One line for why ``os.stat(text)`` failed."""
    if isinstance(exc, FileNotFoundError):
        return f"{text} does not exist"
    if isinstance(exc, NotADirectoryError):
        return f"{text}: a part of the path is a file, not a directory"
    if exc.errno == errno.ELOOP:
        return f"{text}: a loop of symbolic links"
    if exc.errno == errno.ENAMETOOLONG:
        return f"{text[:40]}…: the name is too long"
    if isinstance(exc, PermissionError):
        return f"{text}: permission denied"
    return f"{text}: {exc.strerror or exc}"


def input_file(text: str) -> str:
    """A regular file that can be read: a FIFO (which would hang the reader), a directory,
    a device, a missing, empty or unreadable file is one line before anything opens it."""
    if not text or "\x00" in text:
        raise argparse.ArgumentTypeError("an empty path is not a file")
    try:
        st = os.stat(text)
    except (OSError, ValueError) as exc:
        problem = _stat_problem(text, exc) if isinstance(exc, OSError) else f"{text!r} is not a path"
        raise argparse.ArgumentTypeError(problem) from None
    if stat.S_ISDIR(st.st_mode):
        raise argparse.ArgumentTypeError(f"{text} is a directory, not a file")
    if not stat.S_ISREG(st.st_mode):
        raise argparse.ArgumentTypeError(f"{text} is not a regular file (a device, FIFO or socket)")
    if not os.access(text, os.R_OK):
        raise argparse.ArgumentTypeError(f"{text}: permission denied")
    if st.st_size == 0:
        raise argparse.ArgumentTypeError(f"{text} is empty")
    if st.st_size > MAX_LOG_BYTES:
        raise argparse.ArgumentTypeError(f"{text} is larger than {MAX_LOG_BYTES >> 20} MB")
    return text


def log_files(text: str) -> str:
    """``--from-log F1,F2``: at least one file, each an :func:`input_file`."""
    names = [x for x in text.split(",") if x]
    if not names:
        raise argparse.ArgumentTypeError("name at least one --log file (comma-separated)")
    for name in names:
        input_file(name)
    return text


def log_output(text: str) -> str:
    """``--log``: a regular file to append to, or a new one in a directory that exists:
    a FIFO (the append would wait for a reader for ever), a directory or a device is
    refused before a deal is played. Opened again, non-blocking, at each append."""
    if not text or "\x00" in text:
        raise argparse.ArgumentTypeError("an empty path is not a file")
    try:
        st = os.stat(text)
    except FileNotFoundError:
        parent = os.path.dirname(os.path.abspath(text))
        if not os.path.isdir(parent):
            raise argparse.ArgumentTypeError(f"{text}: directory {parent} does not exist") from None
        if not os.access(parent, os.W_OK | os.X_OK):
            raise argparse.ArgumentTypeError(f"{text}: permission denied") from None
        return text
    except OSError as exc:
        raise argparse.ArgumentTypeError(_stat_problem(text, exc)) from None
    if stat.S_ISDIR(st.st_mode):
        raise argparse.ArgumentTypeError(f"{text} is a directory, not a file")
    if not stat.S_ISREG(st.st_mode):
        raise argparse.ArgumentTypeError(f"{text} is not a regular file (a device, FIFO or socket)")
    if not os.access(text, os.W_OK):
        raise argparse.ArgumentTypeError(f"{text}: permission denied")
    return text


def output_path(text: str) -> str:
    """``-`` (stdout), a regular file, or a new path in an existing directory.

    Checked again when written (:func:`firmware.config.safe_output`): the
    target may change in between.
    """
    if text == "-":
        return text
    # start-up: the CLI's parser loads no engine, players or settings module until an argument is checked (eager, import firmware.cli took 4x as long, python -c, load 14)
    from firmware.config import check_output

    try:
        check_output(Path(text))
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
    return text
