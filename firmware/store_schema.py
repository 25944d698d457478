"""The journal's file: its SQLite schema, the migrations from older versions, the
checks made before it is opened (ours? readable? not newer?) and the row a match is
read back as. :mod:`firmware.store` writes and reads through it.

Schema version 2 added ``stats``; a version-1 journal is migrated when it is
opened: the table is created and filled once from the finished matches.
Version 3 added ``ratings`` (empty after the migration: older hands are not
rated again). Version 4 added ``matches.players``: who plays in each seat, a name
(``firmware.engine.names``) or null (an older match: nobody named), and counts a match
of people only as played, not as won or lost (there is no "us" against "them": the
statistics are recounted once).
"""

from __future__ import annotations

import json
import logging
import os
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from firmware.engine.names import check_players

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


def connect(path: Path) -> sqlite3.Connection:
    conn = sqlite3.connect(str(path), isolation_level=None, check_same_thread=False)
    conn.execute("PRAGMA busy_timeout=5000")
    return conn


def probe(path: Path) -> str | None:
    """``None`` if ``path`` is a usable journal of ours (or new), else why not."""
    if not path.exists() or path.stat().st_size == 0:
        return None
    try:
        conn = connect(path)
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


def move_aside(path: Path) -> Path:
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


def players_of(match: int, text: str | None, n_seats: int) -> tuple[str | None, ...]:
    """A match's names as the journal keeps them; a list someone edited into something
    else is nobody named (said once in the log, without the text: it may be anything)."""
    if not text or text == "[]":
        return ()
    try:
        return check_players(json.loads(text), n_seats)
    except (ValueError, RecursionError):
        log.warning("match %d: its players are not names; shown without them", match)
        return ()

