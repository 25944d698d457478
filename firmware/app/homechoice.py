"""What the home screen shows chosen, kept across a power cut.

A person picks a game, its options, who sits where (the person at the screen, a
phone, real cards, the computer at a level), casual or rated, the score sheet, who
plays each seat; then the power goes before *Play*. The screen sends its choice
whenever it changes (``ui.HomeChoice``, :meth:`ui.app.UIApp.intents`); it is checked
here and, when it differs from the one kept, written to ``<state_dir>/home.json``
with :func:`firmware.config.atomic_write` (after a cut mid-write the old record or the
new, never half of each): one write per change, none per frame.

At start the record is read back and the home screen offers it in preference to the
last match played (:func:`firmware.app.present.home_preset`) when it is the newer of
the two: it holds the newest journal match id the table knew when it was chosen
(``after_match``), and a match with a higher id was played since. A record that
cannot be used (not JSON, another file's, another version, a game this box does not
have, an option, seat or name it refuses) is said in one log line and left out: the
home screen offers what it did before there was a record.
"""

from __future__ import annotations

import json
import logging
import os
import stat
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from firmware.app.core import KeptChoice, Table
from firmware.config import atomic_write
from firmware.engine import PRESETS, TressetteError, make_variant
from firmware.engine.names import BadName, check_name
from firmware.engine.seating import SeatSpec, check_seat
from ui.intents import HomeChoice

log = logging.getLogger("firmware.app.homechoice")

FILE_NAME = "home.json"
KIND = "tressette-home-choice"
VERSION = 1
MAX_FILE_BYTES = 16 * 1024
"""A record is a few hundred bytes; anything much bigger is not one."""


class NotAChoice(ValueError):
    """A record or intent that is not a home screen choice; ``str()`` says why in a few words."""


def _exact(value: object, choices: tuple[object, ...]) -> bool:
    """``value`` is one of ``choices`` with its type too (``1`` is not ``True``)."""
    return any(value == c and type(value) is type(c) for c in choices)


def check_choice(variant: object, options: object, seats: object, casual: object, scoresheet: object,
                 players: object) -> HomeChoice:
    """The parts of a choice checked as the start of a match would check them, or NotAChoice."""
    if not isinstance(variant, str) or variant not in PRESETS:
        raise NotAChoice("a game this box does not have")
    if not isinstance(options, Mapping):
        raise NotAChoice("options are not a table")
    specs = {o.key: o for o in PRESETS[variant].options}
    for key, value in options.items():
        if key not in specs or not _exact(value, specs[key].choices):
            raise NotAChoice(f"an option {variant} does not take")
    try:
        n = make_variant(variant, dict(options)).n_seats
    except TressetteError:
        raise NotAChoice(f"options {variant} does not take together") from None
    if not isinstance(seats, list | tuple) or len(seats) != n:
        raise NotAChoice(f"not {n} seats")
    try:
        checked: list[SeatSpec] = [check_seat(s if isinstance(s, str) else SeatSpec(*s)) for s in seats]
    except (TypeError, ValueError):
        raise NotAChoice("a seat the box does not have") from None
    if not isinstance(casual, bool) or not isinstance(scoresheet, bool):
        raise NotAChoice("a toggle that is neither on nor off")
    if not isinstance(players, list | tuple) or len(players) != n:
        raise NotAChoice(f"not {n} players")
    try:
        names = tuple(None if p is None else check_name(p) for p in players)
    except BadName:
        raise NotAChoice("a name refused") from None  # the reason, never the text
    return HomeChoice(variant, dict(options), tuple(checked), casual=casual, scoresheet=scoresheet,
                      players=names)


def to_json(kept: KeptChoice) -> str:
    c = kept.choice
    return json.dumps({
        "kind": KIND, "version": VERSION, "after_match": kept.after, "variant": c.variant,
        "options": c.options, "seats": [str(s) for s in c.seats], "casual": c.casual,
        "scoresheet": c.scoresheet, "players": list(c.players),
    }, ensure_ascii=False, indent=1) + "\n"


def from_json(data: bytes) -> KeptChoice:
    """A record's bytes as a kept choice, or NotAChoice."""
    if len(data) > MAX_FILE_BYTES:
        raise NotAChoice("too long")
    try:
        doc: Any = json.loads(data.decode("utf-8"))
    except (ValueError, RecursionError):
        raise NotAChoice("not JSON text") from None
    if not isinstance(doc, dict) or doc.get("kind") != KIND:
        raise NotAChoice("another file's record")
    if not _exact(doc.get("version"), (VERSION,)):
        raise NotAChoice(f"version {str(doc.get('version'))[:12]!r}, not {VERSION}")
    after = doc.get("after_match")
    if not isinstance(after, int) or isinstance(after, bool) or not 0 <= after < 2**63:
        raise NotAChoice("no match number")
    choice = check_choice(doc.get("variant"), doc.get("options"), doc.get("seats"), doc.get("casual"),
                          doc.get("scoresheet"), doc.get("players"))
    return KeptChoice(choice, after)


def read_choice(path: Path) -> KeptChoice | None:
    """The record at ``path``; None when there is none, or (said in one line) when it cannot be used."""
    try:
        # non-blocking, and a regular file only: a FIFO put there must not hang the start
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))  # optional: POSIX only
    except FileNotFoundError:
        return None
    except OSError as exc:
        log.warning("%s cannot be read (%s): the home screen offers the last game", path,
                    exc.strerror or type(exc).__name__)
        return None
    try:
        with os.fdopen(fd, "rb") as f:
            if not stat.S_ISREG(os.fstat(f.fileno()).st_mode):
                raise NotAChoice("not a regular file")
            data = f.read(MAX_FILE_BYTES + 1)
        return from_json(data)
    except (NotAChoice, OSError) as exc:
        why = str(exc) if isinstance(exc, NotAChoice) else exc.strerror or type(exc).__name__
        log.warning("%s is not a home screen choice (%s): left out, the home screen offers the last game",
                    path, why)
        return None


class HomeChoices:
    """The choice kept: read at start onto the table, written whenever the screen's changes."""

    def __init__(self, table: Table, state_dir: Path) -> None:
        self.table = table
        self.path = Path(state_dir) / FILE_NAME
        table.home_choice = read_choice(self.path)

    def keep(self, sent: HomeChoice) -> None:
        """The screen's choice, checked (an intent may carry anything), kept when it changed."""
        try:
            choice = check_choice(sent.variant, sent.options, sent.seats, sent.casual, sent.scoresheet, sent.players)
        except NotAChoice as exc:
            log.info("a home screen choice refused: %s", exc)
            return
        t = self.table
        kept = t.home_choice
        if kept is not None and kept.choice == choice:
            return  # nothing new: nothing written
        last = t.last_game.match_id if t.last_game is not None else 0
        t.home_choice = KeptChoice(choice, max(t.match_id or 0, last))
        try:
            atomic_write(self.path, to_json(t.home_choice))
        except (OSError, ValueError) as exc:
            # kept for this run: a convenience, the table never waits for it
            log.warning("%s cannot be written: %s", self.path, getattr(exc, "strerror", None) or exc)
