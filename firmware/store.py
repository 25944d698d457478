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

Schema version 2 added ``stats``; a version-1 journal is migrated when it is
opened: the table is created and filled once from the finished matches.
Version 3 added ``ratings`` (empty after the migration: older hands are not
rated again). Version 4 added ``matches.players``: who plays in each seat, a name
(``firmware.engine.names``) or null (an older match: nobody named), and counts a match
of people only as played, not as won or lost (there is no "us" against "them": the
statistics are recounted once).

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
import os
import sqlite3
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ParamSpec, TypeVar

from firmware.engine import TressetteError, make_variant
from firmware.engine.names import check_name, check_players

P = ParamSpec("P")
R = TypeVar("R")

log = logging.getLogger("firmware.store")

APPLICATION_ID = 0x54523342  # "TR3B": the Tressette box
SCHEMA_VERSION = 4
DB_NAME = "journal.sqlite3"
RECORD_FORMAT = "tressette-record/1"

SCHEMA = """
CREATE TABLE matches (
    id        INTEGER PRIMARY KEY,
    variant   TEXT NOT NULL,
    options   TEXT NOT NULL,          -- JSON object
    seats     TEXT NOT NULL,          -- JSON list of seat specs: "human", "cpu:hard", "table"
    mode      TEXT NOT NULL DEFAULT 'engine',  -- MODES: 'engine' (rated), 'casual', 'assisted', 'referee', 'scoresheet'
    started   REAL NOT NULL,
    finished  REAL,
    winner    INTEGER,                -- a side
    totals    TEXT                    -- JSON list, per side, when finished
);
CREATE TABLE hands (
    match     INTEGER NOT NULL REFERENCES matches(id),
    hand      INTEGER NOT NULL,       -- 0-based
    dealer    INTEGER NOT NULL,
    deal      TEXT NOT NULL,          -- JSON deal spec, {"seed": N}
    PRIMARY KEY (match, hand)
);
CREATE TABLE actions (
    match     INTEGER NOT NULL,
    hand      INTEGER NOT NULL,
    idx       INTEGER NOT NULL,       -- 0-based within the hand
    action    TEXT NOT NULL,          -- JSON, docs/records.md
    at        REAL NOT NULL,
    UNIQUE (match, hand, idx),
    FOREIGN KEY (match, hand) REFERENCES hands(match, hand)
);
CREATE INDEX matches_unfinished ON matches(finished);
""" + """
CREATE TABLE stats (
    variant   TEXT NOT NULL,
    level     TEXT NOT NULL,          -- the strongest computer seat's level, '-' without one
    played    INTEGER NOT NULL DEFAULT 0,
    won       INTEGER NOT NULL DEFAULT 0,
    lost      INTEGER NOT NULL DEFAULT 0,
    abandoned INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (variant, level)
);
""" + """
CREATE TABLE ratings (
    match     INTEGER NOT NULL REFERENCES matches(id),
    hand      INTEGER NOT NULL,
    seat      INTEGER NOT NULL,       -- a person's seat
    accuracy  REAL NOT NULL,          -- percent, docs/coach.md
    loss      REAL NOT NULL,          -- expected points lost in the hand
    plays     INTEGER NOT NULL,       -- rated (not forced) plays
    PRIMARY KEY (match, hand, seat)
);
""" + """
ALTER TABLE matches ADD COLUMN players TEXT NOT NULL DEFAULT '[]';
"""  # version 4: per seat, a person's name or null ([]: nobody named; no SQL comment here,
# SQLite keeps the column's text inside the table's CREATE statement)

MIGRATIONS: dict[int, str] = {
    # from version 1: the statistics kept incrementally (filled by _rebuild_stats)
    1: SCHEMA[SCHEMA.index("CREATE TABLE stats"):SCHEMA.index("CREATE TABLE ratings")],
    # from version 2: the coach's rating of each hand a person played (accuracy over time)
    2: SCHEMA[SCHEMA.index("CREATE TABLE ratings"):SCHEMA.index("ALTER TABLE matches ADD COLUMN players")],
    # from version 3: who plays (names per seat); the statistics recounted (people only: played)
    3: SCHEMA[SCHEMA.index("ALTER TABLE matches ADD COLUMN players"):],
}
MODES = ("engine", "casual", "assisted", "referee", "scoresheet", "lesson")
"""``engine``: a rated match against the computer (no undo, no hints); ``casual``: undo
and hints offered, none used yet; ``assisted``: a casual match in which they were used
(kept apart in the statistics); ``referee``: real cards; ``scoresheet``: real cards the
box never sees, the score kept from what the table enters (``{"sheet": true}`` hands); ``lesson``: the
guided first hand ("Learn to play"), kept as history and never counted in the statistics."""
ASSISTED_SUFFIX = ":help"
"""The statistics' level of an assisted match: ``hard:help`` beside ``hard``."""
LEVEL_ORDER = ("easy", "normal", "hard")
STAT_KEYS = ("played", "won", "lost", "abandoned")


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
class MatchRow:
    id: int
    variant: str
    options: dict[str, Any]
    seats: list[str]
    mode: str
    started: float
    finished: float | None
    winner: int | None
    totals: list[int] | None
    players: tuple[str | None, ...] = ()
    """Per seat, the person's name or None; empty when nobody was named (older matches)."""

    def player(self, seat: int) -> str | None:
        return self.players[seat] if 0 <= seat < len(self.players) else None


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


def _connect(path: Path) -> sqlite3.Connection:
    conn = sqlite3.connect(str(path), isolation_level=None, check_same_thread=False)
    conn.execute("PRAGMA busy_timeout=5000")
    return conn


def _probe(path: Path) -> str | None:
    """``None`` if ``path`` is a usable journal of ours (or new), else why not."""
    if not path.exists() or path.stat().st_size == 0:
        return None
    try:
        conn = _connect(path)
        try:
            app_id = conn.execute("PRAGMA application_id").fetchone()[0]
            version = conn.execute("PRAGMA user_version").fetchone()[0]
            if app_id != APPLICATION_ID:
                tables = conn.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]
                if app_id == 0 and tables == 0:
                    return None  # an empty database: ours to initialise
                return f"not a Tressette box journal (application_id {app_id:#x})"
            if version > SCHEMA_VERSION:
                return f"schema version {version} is newer than this program's {SCHEMA_VERSION}"
            check = conn.execute("PRAGMA quick_check").fetchone()[0]
            if check != "ok":
                return f"integrity check failed: {check}"
        finally:
            conn.close()
    except sqlite3.DatabaseError as exc:
        return f"not a database: {exc}"
    return None


def _move_aside(path: Path) -> Path:
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.corrupt-{stamp}")
    n = 1
    while target.exists():
        target = path.with_name(f"{path.name}.corrupt-{stamp}-{n}")
        n += 1
    os.replace(path, target)
    for suffix in ("-wal", "-shm"):
        side = path.with_name(path.name + suffix)
        if side.exists():
            os.replace(side, target.with_name(target.name + suffix))
    return target


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
        self.conn = _connect(path)
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
        reason = _probe(path)
        report = OpenReport(path)
        if reason is not None:
            moved = _move_aside(path)
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
            players=_players_of(r[0], r[9] if len(r) > 9 else None, len(seats)),
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
                _add_person_line(people, line)
        self._people = [_person_out(people[name]) for name in sorted(people, key=str.casefold)]
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


def stat_line(row: MatchRow) -> tuple[str, str, str]:
    """Where a finished match counts: (variant, level, ``won``/``lost``/``abandoned``/``played``).

    ``played`` only: no person at the table (computers among themselves), or no
    computer (people among themselves: nobody is "us", nobody "them"; who won is in the
    statistics per person, :func:`person_lines`). An ``assisted`` match counts under its
    level with ``:help`` (``hard:help``).
    """
    cpus = [s.split(":", 1)[1] for s in row.seats if s.startswith("cpu:")]
    level = max(cpus, key=lambda x: LEVEL_ORDER.index(x) if x in LEVEL_ORDER else -1) if cpus else "-"
    if row.mode == "assisted":
        level += ASSISTED_SUFFIX  # played with undo or hints: counted apart
    people = [i for i, s in enumerate(row.seats) if not s.startswith("cpu:")]
    if row.winner is None:
        outcome = "abandoned"
    elif people and cpus:
        outcome = "won" if row.winner == _side_of(row, people[0]) else "lost"
    else:
        outcome = "played"
    return row.variant, level, outcome


@dataclass(frozen=True, slots=True)
class PersonLine:
    """How one finished match counts for one person in it (:func:`person_lines`)."""

    name: str
    variant: str
    outcome: str  # won, lost, abandoned
    hands: int
    points: int  # the person's side's total at the end
    partners: tuple[str, ...]  # the named people on the same side
    rivals: tuple[str, ...]  # the named people on the other sides
    level: str  # the strongest computer against them, "-" without one


def person_lines(row: MatchRow, hands: int) -> list[PersonLine]:
    """A finished match as each named person in it counts it: won or lost by the side
    the person sat on (a match of people only too: here somebody did win), with whom,
    against whom, against which computer. Nobody named: nothing."""
    if row.finished is None or row.mode == "lesson" or not any(row.players):
        return []
    try:
        variant = make_variant(row.variant, row.options)
        unit = [variant.side_of(s) if variant.has_fixed_sides else s for s in range(len(row.seats))]
    except TressetteError:
        unit = list(range(len(row.seats)))
    out = []
    for seat, name in enumerate(row.players):
        if not name or seat >= len(unit):
            continue
        mine = unit[seat]
        others = [s for s in range(len(unit)) if unit[s] != mine]
        cpus = [row.seats[s].split(":", 1)[1] for s in others if row.seats[s].startswith("cpu:")]
        level = max(cpus, key=lambda x: LEVEL_ORDER.index(x) if x in LEVEL_ORDER else -1) if cpus else "-"
        outcome = "abandoned" if row.winner is None else "won" if row.winner == mine else "lost"
        totals = row.totals or []
        out.append(PersonLine(
            name, row.variant, outcome, hands, totals[mine] if mine < len(totals) else 0,
            tuple(p for s, p in enumerate(row.players) if p and s != seat and unit[s] == mine),
            tuple(p for s, p in enumerate(row.players) if p and unit[s] != mine),
            level,
        ))  # fmt: skip
    return out


def _add_person_line(people: dict[str, dict[str, Any]], line: PersonLine) -> None:
    p = people.setdefault(line.name, {"name": line.name, "games": {}, "partners": {}, "rivals": {}, "levels": {}})
    g = p["games"].setdefault(line.variant, {"variant": line.variant, **dict.fromkeys(STAT_KEYS, 0),
                                             "hands": 0, "points": 0})  # fmt: skip
    g["played"] += 1
    g[line.outcome] += 1
    if line.outcome != "abandoned":
        g["hands"] += line.hands
        g["points"] += line.points
    won = int(line.outcome == "won")
    for key, names in (("partners", line.partners), ("rivals", line.rivals), ("levels", (line.level,))):
        for other in dict.fromkeys(names):
            c = p[key].setdefault(other, {"played": 0, "won": 0})
            c["played"] += 1
            c["won"] += won


def _person_out(p: dict[str, Any]) -> dict[str, Any]:
    games = []
    for variant in sorted(p["games"]):
        g = dict(p["games"][variant])
        g["points_per_hand"] = round(g["points"] / g["hands"], 2) if g["hands"] else None
        games.append(g)
    levels = {lv: p["levels"][lv] for lv in sorted(p["levels"], key=lambda x: (LEVEL_ORDER + ("-",)).index(x)
                                                    if x in LEVEL_ORDER + ("-",) else 9)}  # fmt: skip
    return {"name": p["name"], "games": games,
            "partners": dict(sorted(p["partners"].items(), key=lambda kv: kv[0].casefold())),
            "rivals": dict(sorted(p["rivals"].items(), key=lambda kv: kv[0].casefold())),
            "levels": levels}  # fmt: skip


def _players_of(match: int, text: str | None, n_seats: int) -> tuple[str | None, ...]:
    """A match's names as the journal keeps them; a list someone edited into something
    else is nobody named (said once in the log, without the text: it may be anything)."""
    if not text or text == "[]":
        return ()
    try:
        return check_players(json.loads(text), n_seats)
    except (ValueError, RecursionError):
        log.warning("match %d: its players are not names; shown without them", match)
        return ()


def _side_of(row: MatchRow, seat: int) -> int:
    try:
        return make_variant(row.variant, row.options).side_of(seat)
    except TressetteError:
        return seat
