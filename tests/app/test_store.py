"""The SQLite journal: durability settings, ordering, duplicates, bad files, history."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from firmware.engine import Match, make_variant
from firmware.engine.records import entry_to_json, match_to_json, replay
from firmware.store import Journal, StoreError
from firmware.store_schema import APPLICATION_ID, DB_NAME
from ui.i18n import render


def played_match(seed: int = 3, moves: int = 12) -> Match:
    m = Match(make_variant("tressette2"), first_dealer=0)
    m.start_hand({"seed": seed})
    for _ in range(moves):
        assert m.state is not None
        view = m.view_for(m.state.to_move)
        m.apply(next(a for a in view.legal if type(a).__name__ == "Play"))
    return m


def journal_of(j: Journal, m: Match) -> int:
    mid = j.new_match(m.variant.name, m.variant.to_json(), ["human", "cpu:normal"])
    for h, hand in enumerate(m.hands):
        j.add_hand(mid, h, hand.dealer, hand.deal_spec)
        for i, a in enumerate(hand.actions):
            j.add_action(mid, h, i, entry_to_json(m.variant.deck, a))
    return mid


def test_pragmas_wal_full_and_our_id(tmp_path: Path) -> None:
    with Journal.open(tmp_path) as j:
        assert j.conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert j.conn.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL
        assert j.conn.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
        assert j.report.moved_aside is None


def test_record_round_trip_is_the_engine_record(tmp_path: Path) -> None:
    m = played_match()
    with Journal.open(tmp_path) as j:
        mid = journal_of(j, m)
        doc = j.record(mid)
    assert doc == match_to_json(m)
    assert replay(doc).view_for(0) == m.view_for(0)


def test_duplicate_and_gap_are_refused(tmp_path: Path) -> None:
    m = played_match(moves=2)
    with Journal.open(tmp_path) as j:
        mid = journal_of(j, m)
        with pytest.raises(StoreError):
            j.add_action(mid, 0, 1, {"seat": 0, "play": "3d"})  # idx 1 exists
        with pytest.raises(StoreError):
            j.add_action(mid, 0, 5, {"seat": 0, "play": "3d"})  # gap
        with pytest.raises(StoreError):
            j.add_hand(mid, 3, 0, {"seed": 1})  # hands come in order
        assert len(j.actions(mid, 0)) == 2


def test_unfinished_history_and_statistics(tmp_path: Path) -> None:
    with Journal.open(tmp_path) as j:
        a = j.new_match("tressette2", {}, ["human", "cpu:hard"])
        j.finish_match(a, 0, [21, 12])
        b = j.new_match("tressette2", {}, ["human", "cpu:hard"])
        j.finish_match(b, 1, [15, 22])
        c = j.new_match("tressette2", {}, ["human", "cpu:easy"])
        j.abandon_match(c)
        d = j.new_match("treschetten2", {}, ["cpu:normal", "human"])
        unfinished = j.unfinished()
        assert unfinished is not None and unfinished.id == d
        stats = {(s["variant"], s["level"]): s for s in j.statistics()}
    assert stats[("tressette2", "hard")] == {
        "variant": "tressette2", "level": "hard", "played": 2, "won": 1, "lost": 1, "abandoned": 0}  # fmt: skip
    assert stats[("tressette2", "easy")]["abandoned"] == 1
    assert ("treschetten2", "normal") not in stats  # not finished yet


@pytest.mark.parametrize(
    "make_bad, why",
    [
        (lambda p: p.write_bytes(b"this is not a database at all" * 100), "not a database"),
        (lambda p: _foreign(p), "not a Tressette box journal"),
        (lambda p: _future(p), "newer"),
    ],
)
def test_bad_database_is_moved_aside_and_reported(
    tmp_path: Path, make_bad: Callable[[Path], object], why: str
) -> None:
    path = tmp_path / DB_NAME
    make_bad(path)
    original = path.read_bytes()
    with Journal.open(tmp_path) as j:
        assert j.report.moved_aside is not None
        assert why in j.report.reason
        assert j.report.moved_aside.read_bytes() == original  # kept, never dropped
        assert ".corrupt-" in j.report.moved_aside.name
        assert "moved aside" in j.report.message
        assert j.new_match("tressette2", {}, ["human", "cpu:easy"]) == 1


def _foreign(path: Path) -> None:
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE photos (id INTEGER, data BLOB)")
    conn.commit()
    conn.close()


def _future(path: Path) -> None:
    with Journal.open(path.parent):
        pass
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA user_version=99")
    conn.commit()
    conn.close()


def test_controller_reports_a_moved_database_on_screen(tmp_path: Path) -> None:
    from firmware.app.controller import TableController

    (tmp_path / DB_NAME).write_bytes(b"garbage" * 1000)
    with Journal.open(tmp_path) as j:
        ctl = TableController(j)
        assert ctl.message.level == "error" and "moved aside" in ctl.message.text
        assert "moved aside" in render(ctl.model().message, "en")


def test_export_and_history_commands(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from firmware.cli import main

    m = played_match(moves=6)
    with Journal.open(tmp_path) as j:
        mid = journal_of(j, m)
    out = tmp_path / "m.json"
    assert main(["export", str(mid), "-o", str(out), "--state-dir", str(tmp_path)]) == 0
    assert replay(__import__("json").loads(out.read_text())).view_for(1) == m.view_for(1)
    assert main(["export", "99", "--state-dir", str(tmp_path)]) == 1
    assert main(["history", "--state-dir", str(tmp_path)]) == 0
    assert "in progress" in capsys.readouterr().out


def test_a_database_left_empty_by_a_power_cut_is_simply_initialised(tmp_path: Path) -> None:
    conn = sqlite3.connect(tmp_path / DB_NAME)
    conn.execute("PRAGMA journal_mode=WAL")  # the first thing a start does, then the cut
    conn.close()
    with Journal.open(tmp_path) as j:
        assert j.report.moved_aside is None
        assert j.new_match("tressette2", {}, ["human", "cpu:easy"]) == 1


SEATINGS = (["human", "cpu:hard"], ["cpu:easy", "human"], ["cpu:normal", "cpu:hard"], ["human", "human"])


def _fill(j: Journal, plan: list[tuple[int, int, int | None]]) -> None:
    """Matches per ``plan``: (seating, variant index, winner or None = abandoned)."""
    variants = ("tressette2", "treschetten2")
    for seating, v, winner in plan:
        mid = j.new_match(variants[v], {}, SEATINGS[seating])
        if winner is None:
            j.abandon_match(mid)
        else:
            j.finish_match(mid, winner, [21, 10] if winner == 0 else [10, 21])


def test_a_version_1_journal_gets_its_statistics_by_migration(tmp_path: Path) -> None:
    from firmware import store_schema

    plan = [(i % 4, i % 2, None if i % 5 == 0 else i % 2) for i in range(40)]
    with Journal.open(tmp_path / "now") as j:  # the figures a journal of today keeps
        _fill(j, plan)
        j.new_match("tressette2", {}, ["human", "cpu:hard"])  # unfinished: not counted
        expected = j.statistics()
    path = tmp_path / "old" / DB_NAME
    path.parent.mkdir()
    conn = sqlite3.connect(path)  # the same history, written by a version-1 program
    conn.executescript(store_schema.SCHEMA[: store_schema.SCHEMA.index("CREATE TABLE stats")])
    conn.execute(f"PRAGMA application_id={APPLICATION_ID}")
    conn.execute("PRAGMA user_version=1")
    _fill_v1(conn, plan)
    conn.commit()
    conn.close()
    with Journal.open_readonly(path.parent) as j:  # `tressette history` as root: no migration
        assert j.statistics() == expected
    assert conn_version(path) == 1
    with Journal.open(path.parent) as j:
        assert j.conn.execute("PRAGMA user_version").fetchone()[0] == store_schema.SCHEMA_VERSION
        assert j.report.moved_aside is None
        assert j.statistics() == expected == j.statistics_recounted()
        assert sum(s["played"] for s in expected) == 40


def conn_version(path: Path) -> int:
    conn = sqlite3.connect(f"{path.absolute().as_uri()}?immutable=1", uri=True)
    try:
        return int(conn.execute("PRAGMA user_version").fetchone()[0])
    finally:
        conn.close()


def _fill_v1(conn: sqlite3.Connection, plan: list[tuple[int, int, int | None]]) -> None:
    """What a version-1 program wrote: matches only, no counts."""
    import json
    import time

    variants = ("tressette2", "treschetten2")
    for seating, v, winner in plan:
        totals = None if winner is None else json.dumps([21, 10] if winner == 0 else [10, 21])
        conn.execute(
            "INSERT INTO matches(variant, options, seats, mode, started, finished, winner, totals)"
            " VALUES (?, '{}', ?, 'engine', ?, ?, ?, ?)",
            (variants[v], json.dumps(SEATINGS[seating]), time.time(), time.time(), winner, totals),
        )


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    ops=st.lists(
        st.tuples(st.integers(0, 3), st.integers(0, 1), st.one_of(st.none(), st.integers(0, 1)), st.booleans()),
        max_size=25,
    )
)
def test_kept_statistics_equal_a_recount(
    tmp_path_factory: pytest.TempPathFactory, ops: list[tuple[int, int, int | None, bool]]
) -> None:
    """Whatever the order of new, finished, abandoned and finished-again matches."""
    with Journal.open(tmp_path_factory.mktemp("j")) as j:
        ids = []
        for seating, v, winner, again in ops:
            ids.append(j.new_match(("tressette2", "treschetten2")[v], {}, SEATINGS[seating]))
            if winner is None:
                j.abandon_match(ids[-1])
                j.abandon_match(ids[-1])  # twice: counted once
            else:
                j.finish_match(ids[-1], winner, [1, 2])
            if again and ids:
                j.finish_match(ids[len(ids) // 2], 1 - (winner or 0), [3, 4])  # finished again
        assert j.statistics() == j.statistics_recounted()


def test_bench_app_fills_a_history_the_statistics_screen_counts(tmp_path: Path) -> None:
    from tools.bench import app as bench

    with Journal.open(tmp_path) as j:
        bench.fill(j, 60, seed=1)
        assert sum(s["played"] for s in j.statistics()) == 60
        assert j.statistics() == j.statistics_recounted()
    table, home = bench.measure(0, rounds=3, seed=1, state_dir=tmp_path / "empty")
    assert table > 0 and home > 0
