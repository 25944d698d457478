"""Who plays: a person's name (:func:`check_name`) and one name for a side (:func:`side_label`).

A name is untrusted text: typed on the touchscreen's keyboard, on a phone's join page, or
read from a journal or a record someone edited. :func:`check_name` is the one door: it
trims, normalises (NFC) and refuses what could not be shown as a name or could hide
something in a line of text: control characters (a newline would forge a log line),
format characters (bidi overrides turn ``Anna‮Marco`` around; only the zero-width joiner
inside an emoji and the tags of a flag are kept), separators of lines and paragraphs,
surrogates, private and unassigned code points, and more than a few marks stacked on one
letter. Any script and emoji are welcome: ``Đurđa``, ``Jürgen``, ``Zoë 🃏``.

The length is what a person sees, user-perceived characters (grapheme clusters, counted
by :func:`graphemes`, a small subset of UAX #29 that covers letters with marks, emoji with
modifiers and joiners, flags), at most :data:`MAX_CHARS`, and at most :data:`MAX_BYTES`
bytes of UTF-8 (what a journal row, a record and a phone's message carry).

A name is text everywhere it goes: the screen draws it, a phone's page sets it with
``textContent``, a log line carries it as one ``%s`` (it has no newline), a record holds it
as a JSON string. Nothing here knows markup, and nothing needs to: ``<img src=x>`` is a
fine name, shown as those nine characters.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Sequence
from typing import NewType

PersonName = NewType("PersonName", str)
"""A name :func:`check_name` accepted (trimmed, NFC, 1 to 20 characters, nothing hidden)."""

MAX_CHARS = 20
"""User-perceived characters: what fits a seat's label at 480x320."""
MAX_BYTES = 128
"""UTF-8 bytes: 20 letters of any script (3 bytes each), or a dozen emoji sequences."""
MAX_MARKS = 4
"""Combining marks on one letter (Vietnamese needs two; ``Z̷̢͔̈́`` towers need many)."""
MAX_CLUSTER = 12
"""Code points in one character (a family emoji is 7, a subdivision flag 7)."""
MAX_INPUT = 4096
"""Text longer than this is refused before it is normalised (a 10 MB "name" costs nothing)."""

ZWJ = "\u200d"
_TAGS = range(0xE0020, 0xE0080)
_BLACK_FLAG = 0x1F3F4
_MODIFIERS = range(0x1F3FB, 0x1F400)
_REGIONAL = range(0x1F1E6, 0x1F200)


class BadName(ValueError):
    """A name refused; ``why`` is ``empty``, ``long`` or ``character`` (ui/i18n has a line
    for each), ``str()`` a line that never repeats the name (it may be anything)."""

    def __init__(self, why: str, detail: str) -> None:
        super().__init__(detail)
        self.why = why


def _extends(prev: str, ch: str) -> bool:
    """Whether ``ch`` belongs to the character (cluster) ``prev`` ends."""
    cp = ord(ch)
    if unicodedata.category(ch) in ("Mn", "Mc", "Me") or ch == ZWJ:
        return True
    if cp in _MODIFIERS or cp in _TAGS:
        return True
    if prev.endswith(ZWJ):
        return True  # the joiner glues the next emoji on
    # two regional indicators make one flag
    return cp in _REGIONAL and len(prev) == 1 and ord(prev) in _REGIONAL


def graphemes(text: str) -> list[str]:
    """``text`` as the characters a person sees (``"e\\u0301"`` is one, a flag is one)."""
    out: list[str] = []
    for ch in text:
        if out and _extends(out[-1], ch):
            out[-1] += ch
        else:
            out.append(ch)
    return out


def _emoji(ch: str) -> bool:
    return unicodedata.category(ch) == "So" or ord(ch) >= 0x1F000


def _cluster_problem(cluster: str) -> str | None:
    """Why this character cannot be part of a name, or None."""
    if len(cluster) > MAX_CLUSTER:
        return "a character made of too many parts"
    marks = sum(1 for c in cluster if unicodedata.category(c) in ("Mn", "Me"))
    if marks > MAX_MARKS + cluster.count("\ufe0f") + cluster.count("\ufe0e"):
        return "too many marks on one letter"
    for i, ch in enumerate(cluster):
        cat = unicodedata.category(ch)
        cp = ord(ch)
        if ch == ZWJ:
            # only between two emoji of one cluster: 👩‍🍳, never as a hidden gap between letters
            before = cluster[:i].rstrip("\ufe0f")
            after = cluster[i + 1 : i + 2]
            if not (before and _emoji(before[-1]) or before and ord(before[-1]) in _MODIFIERS) or not after or not _emoji(after):
                return "a joiner outside an emoji"
        elif cp in _TAGS:
            if ord(cluster[0]) != _BLACK_FLAG:
                return "a tag character outside a flag"
        elif cat in ("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"):
            return f"U+{cp:04X} ({cat})"
    return None


def check_name(text: object) -> PersonName:
    """``text`` as a person's name, or :class:`BadName` saying why not.

    Trimmed, NFC-normalised, runs of spaces made one; 1 to :data:`MAX_CHARS` characters
    as a person counts them and at most :data:`MAX_BYTES` bytes."""
    if not isinstance(text, str):
        raise BadName("character", f"a name is text, not {type(text).__name__}")
    if len(text) > MAX_INPUT:
        raise BadName("long", f"a name of {len(text)} code points (at most {MAX_CHARS} characters)")
    spaced = "".join(" " if unicodedata.category(c) == "Zs" else c for c in unicodedata.normalize("NFC", text.strip()))
    name = " ".join(w for w in spaced.split(" ") if w)  # every kind of space one space; a newline is refused below
    if not name:
        raise BadName("empty", "a name needs at least one character")
    clusters = graphemes(name)
    for cl in clusters:
        problem = _cluster_problem(cl)
        if problem is not None:
            raise BadName("character", f"a name cannot hold {problem}")
    if len(clusters) > MAX_CHARS or len(name.encode("utf-8")) > MAX_BYTES:
        raise BadName("long", f"a name has at most {MAX_CHARS} characters ({len(clusters)} given)")
    if unicodedata.category(clusters[0][0]) in ("Mn", "Mc", "Me"):
        raise BadName("character", "a name cannot begin with a mark")
    return PersonName(name)


def optional_name(text: object) -> PersonName | None:
    """A journal's or record's entry for a seat: None (nobody named) or a name."""
    return None if text is None else check_name(text)


def check_players(players: object, n_seats: int) -> tuple[PersonName | None, ...]:
    """A list of names or nulls, one per seat (a journal's or a record's ``players``).

    Missing (``None``, an older journal or record) is nobody named; a list of another
    length, or a bad name, is refused (:class:`BadName`, a ValueError)."""
    if players is None:
        return (None,) * n_seats
    if not isinstance(players, list | tuple) or len(players) != n_seats:
        raise BadName("character", f"'players' is a list of {n_seats} names or nulls")
    return tuple(optional_name(p) for p in players)


def side_label(
    members: Sequence[int],
    players: Sequence[str | None],
    numbered: Callable[[str], str],
    *,
    first: int = 1,
) -> str:
    """One name for a side (or a seat), the same on the screen, in the CLI and in records.

    Each member by name where the seat has a person named, else by number; the seats
    that have no name are written once, together: ``Anna + Marco``, ``Anna + Seat 3``,
    ``Seat 1 + 3``. ``numbered`` turns ``"1 + 3"`` into the language's ``Seat 1 + 3``
    (``seat 0 + 2`` for a record, whose seats count from ``first=0``)."""
    names = [players[s] if 0 <= s < len(players) else None for s in members]
    unnamed = [str(s + first) for s, n in zip(members, names, strict=True) if not n]
    parts = [n for n in names if n]
    if unnamed:
        parts.append(numbered(" + ".join(unnamed)))
    return " + ".join(parts)


def fit_name(name: str, max_chars: int) -> str:
    """``name`` cut to ``max_chars`` characters as a person counts them, with ``…`` where
    it was cut: never inside a letter and its marks, an emoji and its joiners, a flag."""
    clusters = graphemes(name)
    if len(clusters) <= max_chars:
        return name
    return "".join(clusters[: max(0, max_chars - 1)]) + "…"
