"""The one settings loader: every TOML file the box reads goes through here.

Three files use it: the program's settings (``firmware/config.py``: ``[game]``,
``[ui]``, ``[paths]``), the hardware settings (``hal/config.py``: the
``[hardware]`` section of the same file, also read alone by
``tressette hardware-test``) and the screen's overlay in the state directory
(``<state_dir>/settings.toml``). It lives in ``hal`` because both the hardware
layer and the program import it, and ``hal`` must not import ``firmware``
(the hardware layer knows nothing of the app); it knows nothing of either.

Two parts:

* :func:`read_toml` reads a file and turns every way it can be bad into one
  :class:`SettingsFileError` with a readable line: missing or unreadable,
  too big, not UTF-8 (a UTF-16 file, a Latin-1 comment), not TOML, nested too
  deeply (which would otherwise be a ``RecursionError`` inside ``tomllib``).
* :class:`Section` checks one table against its schema, collecting problems
  instead of raising: an unknown key or table is reported with the nearest
  valid name (``[ui] unknown setting 'langauge' (did you mean 'language'?)``),
  a value of the wrong type with what was wanted.
"""

from __future__ import annotations

import difflib
import os
import stat
import tomllib
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

MAX_BYTES = 256 * 1024
"""A settings file is a page of text; anything bigger is a mistake."""
MAX_DEPTH = 8
"""Tables and arrays nested deeper than this are refused (the schemas need 3)."""


class SettingsFileError(ValueError):
    """A settings file that cannot be used at all; ``str()`` is one readable line."""


def read_toml(path: Path | str) -> dict[str, Any]:
    """The TOML document in ``path``, or :class:`SettingsFileError`."""
    path = Path(path)
    try:
        # non-blocking: a FIFO at the path must not hang the program at start
        # optional: O_NONBLOCK is POSIX only
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        with os.fdopen(fd, "rb") as f:
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                raise SettingsFileError(f"{path} is not a regular file")
            data = f.read(MAX_BYTES + 1)
    except FileNotFoundError:
        raise SettingsFileError(f"{path} does not exist") from None
    except IsADirectoryError:
        raise SettingsFileError(f"{path} is a directory, not a settings file") from None
    except OSError as exc:
        raise SettingsFileError(f"cannot read {path}: {exc.strerror or exc}") from None
    return parse_toml(data, str(path))


def parse_toml(data: bytes, name: str = "settings") -> dict[str, Any]:
    """Bytes of a settings file → its document, or :class:`SettingsFileError`."""
    if len(data) > MAX_BYTES:
        raise SettingsFileError(f"{name} is larger than {MAX_BYTES // 1024} KiB")
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]  # a UTF-8 byte order mark, as some editors write
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        raise SettingsFileError(f"{name} is UTF-16 text; save it as UTF-8")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise SettingsFileError(
            f"{name} line {line}: byte 0x{data[exc.start]:02x} is not UTF-8 "
            "(save the file as UTF-8)"
        ) from None
    if "\x00" in text:
        raise SettingsFileError(f"{name} holds NUL bytes: not a text file")
    try:
        doc = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise SettingsFileError(f"{name} is not valid TOML: {exc}") from None
    except RecursionError:
        raise SettingsFileError(f"{name} is nested too deeply (at most {MAX_DEPTH})") from None
    if depth(doc) > MAX_DEPTH:
        raise SettingsFileError(f"{name} is nested too deeply (at most {MAX_DEPTH})")
    return doc


def depth(value: object) -> int:
    """How deeply tables and arrays nest in ``value`` (a scalar is 0); no recursion."""
    deepest = 0
    stack: list[tuple[object, int]] = [(value, 0)]
    while stack:
        item, level = stack.pop()
        if isinstance(item, Mapping):
            children: Iterable[object] = item.values()
        elif isinstance(item, list):
            children = item
        else:
            continue
        level += 1
        deepest = max(deepest, level)
        if level <= MAX_DEPTH:  # past that the answer is already "too deep"
            stack.extend((child, level) for child in children)
    return deepest


def did_you_mean(name: str, known: Iterable[str]) -> str:
    """`` (did you mean 'x'?)`` for the nearest known name, or the list of names."""
    names = sorted(known)
    close = difflib.get_close_matches(name, names, n=1, cutoff=0.6)
    if close:
        return f" (did you mean {close[0]!r}?)"
    return f" (known: {', '.join(names)})" if names else ""


class Section:
    """Typed reads from one table, collecting problems instead of raising.

    ``label`` is how a person finds the table in the file (``[ui]``,
    ``hardware.buttons``); ``known`` the keys of its schema. An unknown key
    holding a table is reported as an unknown table.
    """

    def __init__(
        self,
        label: str,
        data: object,
        problems: list[str],
        known: Iterable[str],
    ) -> None:
        self.label = label
        self.problems = problems
        self.failed = False
        known = set(known)
        if data is None:
            data = {}
        if not isinstance(data, Mapping):
            self.error(f"{label} must be a table, not {data!r}")
            data = {}
        self.data: Mapping[str, Any] = data
        for key in sorted(set(data) - known, key=str):
            what = "table" if isinstance(data[key], Mapping) else "setting"
            self.error(f"{label}: unknown {what} {key!r}{did_you_mean(str(key), known)}")

    def error(self, message: str) -> None:
        self.problems.append(message)
        self.failed = True

    def get(self, key: str, kind: type | tuple[type, ...], default: Any) -> Any:
        """``data[key]`` when it is of ``kind`` (TOML's ``true`` is not the number 1)."""
        value = self.data.get(key, default)
        kinds = kind if isinstance(kind, tuple) else (kind,)
        ok = isinstance(value, kinds) and not (isinstance(value, bool) and bool not in kinds)
        if not ok:
            wanted = " or ".join(k.__name__ for k in kinds)
            self.error(f"{self.label}.{key} must be {wanted}, not {value!r}")
            return default
        return value

    def table(self, key: str) -> Mapping[str, Any]:
        value = self.data.get(key, {})
        if not isinstance(value, Mapping):
            self.error(f"{self.label}.{key} must be a table, not {value!r}")
            return {}
        return value
