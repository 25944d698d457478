"""The journal: every accepted action in SQLite, written *before* it is applied.

One database file in the state directory (``journal.sqlite3``) holds

- ``matches``: one row per match (variant, options, seats, start/finish time,
  winner, final totals);
- ``hands``: one row per hand (dealer and the deal spec, e.g. ``{"seed": "<hex>"}``),
  written before the hand is dealt;
- ``actions``: one row per accepted action, in the record format of
  docs/records.md (``{"seat": 0, "play": "3d"}``), ``UNIQUE(match, hand, idx)``
  so an action can never be written twice;
- ``stats``: the statistics screen's counts per variant and computer level,
  kept as matches finish (in the same transaction), so reading them costs the
  same at 10 matches and at 10,000 (``tressette bench app``);
- ``ratings``: the coach's rating of each hand a person played (accuracy,
  expected loss; docs/coach.md), for the accuracy over time.

The schema, its migrations and the checks made before opening are in
:mod:`firmware.store_schema`; where a finished match counts in the statistics in
:mod:`firmware.store_stats`.

``journal_mode=WAL`` and ``synchronous=FULL``: a commit that returned is on the
disk, so a power cut loses at most the action being written, never one the
program went on to apply. ``PRAGMA application_id`` marks the file as ours and
``PRAGMA user_version`` is the schema version: a database that is not ours, is
of an unknown version or fails ``quick_check`` is moved aside as
``<name>.corrupt-<timestamp>`` and reported, never silently dropped.

A match's journal *is* a tressette-record/1 document (:meth:`Journal.record`),
so resume, export and ``tressette replay`` are one format.
"""

from __future__ import annotations

import contextlib
import copy
import functools
import json
import logging
import sqlite3
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ParamSpec, TypeVar

from firmware.engine.names import check_name
from firmware.store_schema import (
    APPLICATION_ID,
    DB_NAME,
    MIGRATIONS,
    RECORD_FORMAT,
    SCHEMA,
    SCHEMA_VERSION,
    MatchRow,
    connect,
    move_aside,
    players_of,
    probe,
)
from firmware.store_stats import STAT_KEYS, add_person_line, person_lines, person_out, stat_line

P = ParamSpec("P")
R = TypeVar("R")

log = logging.getLogger("firmware.store")

MODES = ("engine", "casual", "assisted", "referee", "scoresheet", "lesson")
"""``engine``: a rated match against the computer (no undo, no hints); ``casual``: undo
and hints offered, none used yet; ``assisted``: a casual match in which they were used
(kept apart in the statistics); ``referee``: real cards; ``scoresheet``: real cards the
box never sees, the score kept from what the table enters (``{"sheet": true}`` hands); ``lesson``: the
guided first hand ("Learn to play"), kept as history and never counted in the statistics."""


class StoreError(Exception):
    """The journal refused a write (a duplicate or out-of-order action)."""


class JournalFailure(Exception):
    """A journal write (or read) failed for a reason of the machine, not of the
    game: disk full, I/O error, a read-only database or file system. Nothing
    was written; ``reason`` is short and readable. Deliberately not a
    :class:`StoreError`: the controller pauses the match and retries
    (:mod:`firmware.app.journal_guard`) instead of treating it as a refusal."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def _failure(exc: BaseException) -> JournalFailure:
    text = str(exc) or type(exc).__name__
    if isinstance(exc, OSError) and exc.strerror:
        text = exc.strerror
    return JournalFailure(text)


def _guarded(method: Callable[P, R]) -> Callable[P, R]:
    """Turn every failure of the machine inside a journal method into JournalFailure."""

    @functools.wraps(method)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        journal = args[0]
        try:
            if isinstance(journal, Journal) and journal.unopened:
                journal._open_late()
            return method(*args, **kwargs)
        except sqlite3.IntegrityError as exc:
            raise StoreError(str(exc)) from None
        except (sqlite3.Error, OSError, MemoryError) as exc:
            raise _failure(exc) from exc

    return wrapper


class JournalUnavailable(StoreError):
    """A journal that cannot be read (missing, not ours); ``str()`` says why in one line."""



@dataclass(frozen=True, slots=True)
class OpenReport:
    """What happened when the journal was opened: shown on screen and logged."""

    path: Path
    moved_aside: Path | None = None
    reason: str = ""

    @property
    def message(self) -> str:
        if self.moved_aside is None:
            return ""
        return f"journal unreadable ({self.reason}); moved aside to {self.moved_aside.name}"




class Journal:
    """The action journal and match history in one SQLite file."""

    readonly = False
    stale_schema = False  # read-only and older than this program: counts recounted
    unopened = False  # open_lazily could not open it yet: every call tries again
    has_players = True  # False: read-only and older than version 4 (nobody named)
    _people: list[dict[str, Any]] | None = None  # person_statistics as last counted (this program writes alone)

    def __init__(self, path: Path, report: OpenReport) -> None:
        self.path = path
        self.report = report
        self.conn = connect(path)
        self.conn.execute("PRAGMA journal_mode=WAL")
        self.conn.execute("PRAGMA synchronous=FULL")
        self.conn.execute("PRAGMA foreign_keys=ON")
        version = self.conn.execute("PRAGMA user_version").fetchone()[0]
        if version == 0:
            self._create()
        elif version < SCHEMA_VERSION:
            self._migrate(version)

    @classmethod
    def open(cls, state_dir: Path | str) -> Journal:
        """Open (or create) the journal in ``state_dir``; a bad file is moved aside."""
        state_dir = Path(state_dir)
        state_dir.mkdir(parents=True, exist_ok=True)
        path = state_dir / DB_NAME
        reason = probe(path)
        report = OpenReport(path)
        if reason is not None:
            moved = move_aside(path)
            report = OpenReport(path, moved, reason)
            log.error("journal %s: %s; moved aside to %s", path, reason, moved)
        return cls(path, report)

    @classmethod
    def open_lazily(cls, state_dir: Path | str) -> Journal:
        """:meth:`open`, or — when the journal cannot be opened now (the state
        directory on a read-only or full file system, an I/O error) — a
        journal whose every call tries the open again and raises
        :class:`JournalFailure` until it works. The device program starts
        with it, so such a box shows the failure and retries instead of
        crash-looping under its unit."""
        try:
            return cls.open(state_dir)
        except (OSError, sqlite3.Error) as exc:
            # INFO: the first call of the program that needs it fails and says so (one line).
            log.info("journal in %s cannot be opened now: %s", state_dir, _failure(exc).reason)
            journal = cls.__new__(cls)
            journal.path = Path(state_dir) / DB_NAME
            journal.report = OpenReport(journal.path)
            journal.unopened = True
            return journal

    def _open_late(self) -> None:
        opened = Journal.open(self.path.parent)
        self.conn, self.report = opened.conn, opened.report
        self.unopened = False

    @classmethod
    def open_readonly(cls, state_dir: Path | str) -> Journal:
        """Open an existing journal for reading only (``history``, ``export``).

        Nothing is created, written, moved or chowned: run as root on the box
        it must not leave a root-owned file the service user then cannot
        write. With no ``-wal``/``-shm`` beside the file (the program is not
        running) the file is opened ``immutable`` (SQLite makes no side
        files); while the program runs, its WAL is read ``mode=ro``.
        Raises :class:`JournalUnavailable`.
        """
        path = Path(state_dir) / DB_NAME
        try:
            if not path.is_file():
                raise JournalUnavailable(f"no journal at {path}")
            wal = path.with_name(path.name + "-wal")
            shm = path.with_name(path.name + "-shm")
            live = wal.is_file() and shm.is_file()
        except OSError as exc:
            raise JournalUnavailable(f"cannot read {path}: {exc.strerror or exc}") from None
        if wal.is_file() and not live:
            log.warning("%s has a WAL but no -shm: reading the last checkpoint only", path)
        uri = f"{path.absolute().as_uri()}?{'mode=ro' if live else 'immutable=1'}"
        try:
            conn = sqlite3.connect(uri, uri=True, isolation_level=None, check_same_thread=False)
            app_id = conn.execute("PRAGMA application_id").fetchone()[0]
            version = conn.execute("PRAGMA user_version").fetchone()[0]
            if app_id != APPLICATION_ID or not 1 <= version <= SCHEMA_VERSION:
                conn.close()
                why = "is not a Tressette box journal" if app_id != APPLICATION_ID else (
                    f"has schema version {version}, this program reads 1 to {SCHEMA_VERSION}")
                raise JournalUnavailable(f"{path} {why}")
        except sqlite3.Error as exc:
            raise JournalUnavailable(f"cannot read {path}: {exc}") from None
        journal = cls.__new__(cls)
        journal.path, journal.report, journal.conn = path, OpenReport(path), conn
        journal.readonly = True
        journal.stale_schema = version < SCHEMA_VERSION  # not migrated: nothing is written
        journal.has_players = version >= 4
        return journal

    @_guarded
    def probe(self) -> None:
        """Write and take back a row in one transaction: raises JournalFailure
        unless the journal can take a write now (pages allocated, WAL written,
        committed). Leaves nothing behind, even after a power cut."""
        with self._tx():
            cur = self.conn.execute(
                "INSERT INTO matches(variant, options, seats, mode, started) VALUES (?,?,?,?,?)",
                ("probe", "{}" + " " * 4096, "[]", "probe", 0.0),
            )
            self.conn.execute("DELETE FROM matches WHERE id=?", (cur.lastrowid,))

    def _create(self) -> None:
        with self._tx():
            for stmt in SCHEMA.split(";"):
                if stmt.strip():
                    self.conn.execute(stmt)
            self.conn.execute(f"PRAGMA application_id={APPLICATION_ID}")
            self.conn.execute(f"PRAGMA user_version={SCHEMA_VERSION}")

    def _migrate(self, version: int) -> None:
        """Bring an older journal to this schema, in one transaction."""
        with self._tx():
            for v in range(version, SCHEMA_VERSION):
                for stmt in MIGRATIONS[v].split(";"):
                    if stmt.strip():
                        self.conn.execute(stmt)
            if version < 4:
                self._rebuild_stats()  # (from 1: none yet; from 2, 3: a match of people only counted again)
            self.conn.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
        log.info("journal %s migrated from schema %d to %d", self.path, version, SCHEMA_VERSION)

    def _rebuild_stats(self) -> None:
        """Count every finished match again (the migration; inside a transaction)."""
        self.conn.execute("DELETE FROM stats")
        rows = self.conn.execute(f"SELECT {self._COLS} FROM matches WHERE finished IS NOT NULL")
        for r in rows.fetchall():
            self._count(self._row(r), +1)

    def _count(self, row: MatchRow, sign: int) -> None:
        """Add (``sign=+1``) or take back (``-1``) a finished match in ``stats``."""
        if row.mode == "lesson":
            return  # the guided hand teaches; it is no match won or lost
        variant, level, outcome = stat_line(row)
        self.conn.execute(
            "INSERT INTO stats(variant, level) VALUES (?, ?) ON CONFLICT(variant, level) DO NOTHING",
            (variant, level),
        )
        assert outcome in STAT_KEYS  # a column name from our own list, never from outside
        self.conn.execute(
            "UPDATE stats SET played = played + ? WHERE variant=? AND level=?", (sign, variant, level)
        )
        if outcome != "played":
            self.conn.execute(
                f"UPDATE stats SET {outcome} = {outcome} + ? WHERE variant=? AND level=?",
                (sign, variant, level),
            )

    def close(self) -> None:
        if not self.unopened:
            self.conn.close()

    def __enter__(self) -> Journal:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ------------------------------------------------------------------ writes

    class _Tx:
        def __init__(self, conn: sqlite3.Connection) -> None:
            self.conn = conn

        def __enter__(self) -> None:
            self.conn.execute("BEGIN IMMEDIATE")

        def __exit__(self, exc_type: object, exc: object, tb: object) -> None:
            # A COMMIT that fails (disk full, I/O error) leaves the transaction
            # open: roll it back, or every later BEGIN fails too.
            if exc_type is None:
                try:
                    self.conn.execute("COMMIT")
                    return
                except sqlite3.Error:
                    self._rollback()
                    raise
            self._rollback()

        def _rollback(self) -> None:
            if self.conn.in_transaction:
                with contextlib.suppress(sqlite3.Error):
                    self.conn.execute("ROLLBACK")

    def _tx(self) -> Journal._Tx:
        return Journal._Tx(self.conn)

    @_guarded
    def new_match(
        self,
        variant: str,
        options: Mapping[str, Any],
        seats: Sequence[str],
        *,
        mode: str = "engine",
        now: float | None = None,
        players: Sequence[str | None] = (),
    ) -> int:
        """A new match; ``players``: per seat a name :func:`check_name` accepted, or None."""
        named = [None if p is None else check_name(p) for p in players]
        if named and len(named) != len(seats):
            raise StoreError(f"{len(named)} players for {len(seats)} seats")
        with self._tx():
            cur = self.conn.execute(
                "INSERT INTO matches(variant, options, seats, mode, started, players) VALUES (?,?,?,?,?,?)",
                (
                    variant,
                    json.dumps(dict(options), sort_keys=True),
                    json.dumps(list(seats)),
                    mode,
                    time.time() if now is None else now,
                    json.dumps(named if any(named) else [], ensure_ascii=False),
                ),
            )
            assert cur.lastrowid is not None
            return cur.lastrowid

    @_guarded
    def add_hand(self, match: int, hand: int, dealer: int, deal: Mapping[str, Any]) -> None:
        """Write hand ``hand``'s deal before it is dealt; hands must come in order."""
        with self._tx():
            have = self.conn.execute(
                "SELECT count(*) FROM hands WHERE match=?", (match,)
            ).fetchone()[0]
            if have != hand:
                raise StoreError(f"match {match}: hand {hand} written after {have} hands")
            self.conn.execute(
                "INSERT INTO hands(match, hand, dealer, deal) VALUES (?,?,?,?)",
                (match, hand, dealer, json.dumps(dict(deal), sort_keys=True)),
            )

    @_guarded
    def add_action(self, match: int, hand: int, idx: int, action: Mapping[str, Any], *, reopen: bool = False) -> None:
        """Write one action before it is applied; refuses a gap or a duplicate.

        ``reopen``: a score sheet's correction that un-ends the match (the count that ended
        it taken back or amended): in the same transaction the match is unfinished again
        (winner and totals cleared, taken out of the statistics), so a power cut finds it
        either ended with the entry unwritten, or written and to be resumed."""
        with self._tx():
            if reopen:
                before = self.match(match)
                if before is not None and before.finished is not None:
                    self._count(before, -1)
                    self._people = None
                    self.conn.execute("UPDATE matches SET finished=NULL, winner=NULL, totals=NULL WHERE id=?",
                                      (match,))
            have = self.conn.execute(
                "SELECT count(*) FROM actions WHERE match=? AND hand=?", (match, hand)
            ).fetchone()[0]
            if have != idx:
                raise StoreError(f"match {match} hand {hand}: action {idx} after {have} actions")
            self.conn.execute(
                "INSERT INTO actions(match, hand, idx, action, at) VALUES (?,?,?,?,?)",
                (match, hand, idx, json.dumps(dict(action), sort_keys=True), time.time()),
            )

    @_guarded
    def finish_match(
        self, match: int, winner: int | None, totals: Sequence[int], *, now: float | None = None
    ) -> None:
        self._people = None  # the statistics per person are counted again when next asked
        with self._tx():
            before = self.match(match)
            if before is not None and before.finished is not None:
                self._count(before, -1)  # finished again: counted once, as it ends now
            self.conn.execute(
                "UPDATE matches SET finished=?, winner=?, totals=? WHERE id=?",
                (time.time() if now is None else now, winner, json.dumps(list(totals)), match),
            )
            after = self.match(match)
            if after is not None:
                self._count(after, +1)

    @_guarded
    def add_rating(self, match: int, hand: int, seat: int, accuracy: float, loss: float, plays: int) -> None:
        """The coach's rating of ``seat``'s plays in a hand (kept once: a hand is rated once)."""
        with self._tx():
            self.conn.execute(
                "INSERT OR REPLACE INTO ratings(match, hand, seat, accuracy, loss, plays) VALUES (?,?,?,?,?,?)",
                (match, hand, seat, float(accuracy), float(loss), int(plays)),
            )

    @_guarded
    def accuracy_history(self, limit: int = 30) -> list[dict[str, Any]]:
        """Per finished match with rated hands, newest last: variant, level (as the statistics
        count it), the accuracy over its rated plays, the expected loss per hand."""
        rows = self.conn.execute(
            "SELECT match, SUM(accuracy * plays), SUM(plays), AVG(loss) FROM ratings"
            " WHERE plays > 0 GROUP BY match ORDER BY match DESC LIMIT ?",
            (limit,),
        ).fetchall()
        out: list[dict[str, Any]] = []
        for match, weighted, plays, loss in reversed(rows):
            row = self.match(match)
            if row is None or row.mode == "lesson" or row.finished is None:
                # the guided hand teaches: its rating is no player's accuracy over time; a
                # match still going counts at its end, as the statistics' other figures do
                continue
            variant, level, _ = stat_line(row)
            out.append({"match": match, "variant": variant, "level": level,
                        "accuracy": weighted / plays, "loss_per_hand": loss})  # fmt: skip
        return out

    @_guarded
    def set_mode(self, match: int, mode: str) -> None:
        """A casual match in which the coach helped (undo, a hint) becomes ``assisted``:
        its statistics are kept apart from the rated matches' (docs/coach.md)."""
        if mode not in MODES:
            raise StoreError(f"unknown match mode {mode!r}")
        self._people = None  # the statistics per person are counted again when next asked
        with self._tx():
            self.conn.execute("UPDATE matches SET mode=? WHERE id=?", (mode, match))

    @_guarded
    def set_seats(self, match: int, seats: Sequence[str]) -> None:
        """A computer's level changed during the match: resume with the new one."""
        self._people = None  # the statistics per person are counted again when next asked
        with self._tx():
            self.conn.execute("UPDATE matches SET seats=? WHERE id=?", (json.dumps(list(seats)), match))

    @_guarded
    def set_players(self, match: int, players: Sequence[str | None]) -> None:
        """A phone said who plays its seat after the match began: the match's names again."""
        named = [None if p is None else check_name(p) for p in players]
        self._people = None  # the statistics per person are counted again when next asked
        with self._tx():
            self.conn.execute("UPDATE matches SET players=? WHERE id=?",
                              (json.dumps(named if any(named) else [], ensure_ascii=False), match))

    @_guarded
    def abandon_match(self, match: int) -> None:
        """A match given up for a new one stays as history, finished with no winner."""
        self._people = None  # the statistics per person are counted again when next asked
        with self._tx():
            cur = self.conn.execute(
                "UPDATE matches SET finished=? WHERE id=? AND finished IS NULL",
                (time.time(), match),
            )
            row = self.match(match) if cur.rowcount else None
            if row is not None:
                self._count(row, +1)

    # ------------------------------------------------------------------- reads

    def _row(self, r: Sequence[Any]) -> MatchRow:
        seats = json.loads(r[3])
        return MatchRow(
            id=r[0],
            variant=r[1],
            options=json.loads(r[2]),
            seats=seats,
            mode=r[4],
            started=r[5],
            finished=r[6],
            winner=r[7],
            totals=json.loads(r[8]) if r[8] else None,
            players=players_of(r[0], r[9] if len(r) > 9 else None, len(seats)),
        )

    @property
    def _COLS(self) -> str:
        # a read-only journal of version 3 or older has no players (nobody named)
        return "id, variant, options, seats, mode, started, finished, winner, totals" + (
            ", players" if self.has_players else "")

    @_guarded
    def match(self, match: int) -> MatchRow | None:
        r = self.conn.execute(f"SELECT {self._COLS} FROM matches WHERE id=?", (match,)).fetchone()
        return None if r is None else self._row(r)

    @_guarded
    def unfinished(self) -> MatchRow | None:
        """The match to resume: the newest one not finished."""
        r = self.conn.execute(
            f"SELECT {self._COLS} FROM matches WHERE finished IS NULL ORDER BY id DESC LIMIT 1"
        ).fetchone()
        return None if r is None else self._row(r)

    @_guarded
    def matches(self, limit: int = 50) -> list[MatchRow]:
        rows = self.conn.execute(
            f"SELECT {self._COLS} FROM matches ORDER BY id DESC LIMIT ?", (limit,)
        ).fetchall()
        return [self._row(r) for r in rows]

    @_guarded
    def matches_page(self, offset: int = 0, limit: int = 6) -> list[MatchRow]:
        """One page of the history, newest first (the primary key's order: no sort, no scan
        past the page's end, so it stays quick with thousands of matches)."""
        rows = self.conn.execute(
            f"SELECT {self._COLS} FROM matches ORDER BY id DESC LIMIT ? OFFSET ?",
            (max(0, limit), max(0, offset)),
        ).fetchall()
        return [self._row(r) for r in rows]

    @_guarded
    def count_matches(self) -> int:
        (n,) = self.conn.execute("SELECT COUNT(*) FROM matches").fetchone()
        return int(n)

    @_guarded
    def hand_count(self, match: int) -> int:
        (n,) = self.conn.execute("SELECT COUNT(*) FROM hands WHERE match=?", (match,)).fetchone()
        return int(n)

    @_guarded
    def hands(self, match: int) -> list[tuple[int, dict[str, Any]]]:
        rows = self.conn.execute(
            "SELECT dealer, deal FROM hands WHERE match=? ORDER BY hand", (match,)
        ).fetchall()
        return [(d, json.loads(j)) for d, j in rows]

    @_guarded
    def actions(self, match: int, hand: int) -> list[dict[str, Any]]:
        rows = self.conn.execute(
            "SELECT action FROM actions WHERE match=? AND hand=? ORDER BY idx", (match, hand)
        ).fetchall()
        return [json.loads(a) for (a,) in rows]

    def iter_actions(self, match: int) -> Iterator[tuple[int, int, dict[str, Any]]]:
        rows = self.conn.execute(
            "SELECT hand, idx, action FROM actions WHERE match=? ORDER BY hand, idx", (match,)
        )
        for hand, idx, a in rows:
            yield hand, idx, json.loads(a)

    @_guarded
    def record(self, match: int) -> dict[str, Any]:
        """The match as a tressette-record/1 document (docs/records.md)."""
        row = self.match(match)
        if row is None:
            raise KeyError(f"no match {match}")
        named = {"players": list(row.players)} if any(row.players) else {}
        return {
            "format": RECORD_FORMAT,
            "variant": row.variant,
            "options": row.options,
            **named,
            "hands": [
                {"dealer": dealer, "deal": deal, "actions": self.actions(match, h)}
                for h, (dealer, deal) in enumerate(self.hands(match))
            ],
        }

    @_guarded
    def statistics(self) -> list[dict[str, Any]]:
        """Finished matches per variant and computer level, from the human's side.

        ``level`` is the strongest computer seat's level (``-`` without one);
        ``won`` counts matches the first non-computer seat's side won. Read from
        the counts kept as matches finish: one small table, whatever the history.
        A journal read-only and not yet migrated has no such table: recounted.
        """
        if self.stale_schema:
            return self.statistics_recounted()
        rows = self.conn.execute(
            "SELECT variant, level, played, won, lost, abandoned FROM stats"
            " WHERE played > 0 ORDER BY variant, level"
        ).fetchall()
        return [dict(zip(("variant", "level", *STAT_KEYS), r, strict=True)) for r in rows]

    @_guarded
    def person_statistics(self) -> list[dict[str, Any]]:
        """Per person named in a finished match (not a lesson), by name: each game's
        matches, wins, losses, abandoned, hands and points per hand; with whom
        (``partners``), against whom (``rivals``), against each computer level
        (``levels``, ``-``: people only). :func:`person_lines` says how a match counts.
        Counted from the matches that name somebody (a match with nobody named is
        skipped by the index's ``players`` test, read once: no replay)."""
        if not self.has_players:
            return []
        if self._people is not None:
            return copy.deepcopy(self._people)  # nothing finished, reopened or renamed since
        rows = self.conn.execute(
            f"SELECT {self._COLS} FROM matches WHERE players != '[]' AND finished IS NOT NULL"
            " AND mode != 'lesson' ORDER BY id"
        ).fetchall()
        hands = dict(self.conn.execute(
            "SELECT match, COUNT(*) FROM hands WHERE match IN"
            " (SELECT id FROM matches WHERE players != '[]') GROUP BY match").fetchall())  # fmt: skip
        people: dict[str, dict[str, Any]] = {}
        for r in rows:
            row = self._row(r)
            for line in person_lines(row, hands.get(row.id, 0)):
                add_person_line(people, line)
        self._people = [person_out(people[name]) for name in sorted(people, key=str.casefold)]
        return copy.deepcopy(self._people)

    def statistics_recounted(self) -> list[dict[str, Any]]:
        """The same figures counted from every finished match (tests, and the migration's check)."""
        out: dict[tuple[str, str], dict[str, Any]] = {}
        for row in self.matches(limit=1_000_000):
            if row.finished is None or row.mode == "lesson":
                continue
            variant, level, outcome = stat_line(row)
            st = out.setdefault((variant, level), {"variant": variant, "level": level,
                                                   **dict.fromkeys(STAT_KEYS, 0)})  # fmt: skip
            st["played"] += 1
            if outcome != "played":
                st[outcome] += 1
        return [out[k] for k in sorted(out)]
