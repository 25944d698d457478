"""Who plays (issue 36): names per seat, journalled with the match, in records, on the
table's model, in the history; and matches of people only are nobody's "us" against "them".
"""

from __future__ import annotations

import io
import json
import logging
import sqlite3
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import ui.intents as ui
from firmware import store_schema
from firmware.app.browse import history_row, score_sheet
from firmware.engine import RecordError
from firmware.engine.records import players_of, replay
from firmware.replay import match_json, print_match
from firmware.store import Journal
from firmware.store_schema import APPLICATION_ID, DB_NAME
from firmware.store_stats import stat_line
from tests.app.conftest import MakeTable

HUMAN_CPU = (ui.SeatSetup("human", None), ui.SeatSetup("computer", "easy"))


def test_names_go_with_the_match_into_the_journal_and_its_record(make_table: MakeTable) -> None:
    table = make_table()
    table.put(ui.NewGame("tressette2", {}, HUMAN_CPU, players=("  Đurđa ", "HAL")))
    row = table.journal.match(table.match_id)
    assert row is not None and row.players == ("Đurđa", None)  # trimmed; a computer has no person's name
    assert table.ctl.table.players == ["Đurđa", None]
    model = table.ctl.model()
    assert [s.name for s in model.seats] == ["Đurđa", ""]
    doc = table.journal.record(table.match_id)
    assert doc["players"] == ["Đurđa", None]
    assert players_of(doc) == ("Đurđa", None)
    replay(doc)  # the record with its players still replays


def test_a_bad_name_refuses_the_start_with_one_line_and_logs_no_name(make_table: MakeTable,
                                                                    caplog: pytest.LogCaptureFixture) -> None:
    table = make_table()
    hostile = "Anna\nERROR forged line"
    with caplog.at_level(logging.DEBUG):
        table.put(ui.NewGame("tressette2", {}, HUMAN_CPU, players=(hostile, None)))
    assert table.ctl.match_id is None or table.journal.match(table.ctl.match_id) is None or not any(
        p for p in table.journal.match(table.ctl.match_id).players)  # type: ignore[union-attr]
    assert table.ctl.table.message.message.key == "r_bad_name"
    assert all("forged" not in r.getMessage() for r in caplog.records)


def test_the_next_match_keeps_the_names_of_the_same_seats(make_table: MakeTable) -> None:
    table = make_table()
    table.put(ui.NewGame("tressette2", {}, HUMAN_CPU, players=("Anna", None)))
    first = table.match_id
    table.ctl.new_match("tressette2", {}, list(table.ctl.seats))
    assert table.match_id != first and table.ctl.table.players == ["Anna", None]


def _v3_journal(path: Path) -> None:
    path.mkdir(parents=True)
    conn = sqlite3.connect(path / DB_NAME)
    conn.executescript(store_schema.SCHEMA[: store_schema.SCHEMA.index("ALTER TABLE matches ADD COLUMN players")])
    conn.execute(f"PRAGMA application_id={APPLICATION_ID}")
    conn.execute("PRAGMA user_version=3")
    for seats, winner in ((["table", "table", "table", "table"], 1), (["human", "cpu:hard"], 0)):
        conn.execute("INSERT INTO matches(variant, options, seats, mode, started, finished, winner, totals)"
                     " VALUES (?, '{}', ?, 'referee', 1.0, 2.0, ?, '[21, 30]')",
                     ("treseta4" if len(seats) == 4 else "tressette2", json.dumps(seats), winner))
    conn.execute("INSERT INTO stats VALUES ('treseta4', '-', 1, 0, 1, 0)")  # counted as "lost" before
    conn.execute("INSERT INTO stats VALUES ('tressette2', 'hard', 1, 1, 0, 0)")
    conn.commit()
    conn.close()


def test_an_old_journal_opens_with_nobody_named_and_people_only_recounted(tmp_path: Path) -> None:
    _v3_journal(tmp_path / "j")
    with Journal.open_readonly(tmp_path / "j") as j:  # `tressette history` as root: not migrated
        assert [r.players for r in j.matches()] == [(), ()]
        stats = {(s["variant"], s["level"]): s for s in j.statistics()}
        assert stats[("treseta4", "-")]["lost"] == 0 and stats[("treseta4", "-")]["played"] == 1
    with Journal.open(tmp_path / "j") as j:
        assert j.conn.execute("PRAGMA user_version").fetchone()[0] == store_schema.SCHEMA_VERSION
        assert [r.players for r in j.matches()] == [(), ()]
        stats = {(s["variant"], s["level"]): s for s in j.statistics()}
        assert stats[("treseta4", "-")] == {"variant": "treseta4", "level": "-", "played": 1, "won": 0,
                                            "lost": 0, "abandoned": 0}
        assert stats[("tressette2", "hard")]["won"] == 1
        assert j.statistics() == j.statistics_recounted()
        assert "players" not in j.record(1)


def test_a_match_of_people_only_is_no_win_nor_loss_and_its_history_names_the_winners(tmp_path: Path) -> None:
    with Journal.open(tmp_path) as j:
        mid = j.new_match("treseta4", {}, ["table"] * 4, mode="referee", players=["Anna", None, "Marco", None])
        j.finish_match(mid, 0, [31, 12])
        row = j.match(mid)
        assert row is not None
        assert stat_line(row) == ("treseta4", "-", "played")
        h = history_row(j, row)
        assert h.outcome == "over" and h.winners == (0, 2) and h.players == ("Anna", None, "Marco", None)
        assert h.totals == (31, 12)  # as they are: nobody's side first
        assert score_sheet(j, mid).players == ("Anna", None, "Marco", None)


def test_an_edited_journal_with_hostile_players_shows_nobody_named(tmp_path: Path,
                                                                   caplog: pytest.LogCaptureFixture) -> None:
    with Journal.open(tmp_path) as j:
        mid = j.new_match("tressette2", {}, ["human", "cpu:easy"], players=["Anna", None])
        j.conn.execute("UPDATE matches SET players=? WHERE id=?", (json.dumps(["A\u202eB\nERROR x", None]), mid))
        with caplog.at_level(logging.WARNING):
            row = j.match(mid)
        assert row is not None and row.players == ()
        assert all("ERROR x" not in r.getMessage() for r in caplog.records)


def test_the_journal_refuses_a_bad_name(tmp_path: Path) -> None:
    with Journal.open(tmp_path) as j, pytest.raises(ValueError):
        j.new_match("tressette2", {}, ["human", "cpu:easy"], players=["<b>\n</b>", None])


def _record(players: object) -> dict[str, object]:
    return {"format": "tressette-record/1", "variant": "tressette4", "options": {}, "players": players,
            "hands": [{"dealer": 0, "deal": {"seed": 3}, "actions": []}]}


def test_a_record_names_its_players_and_replay_tells_sides_by_them() -> None:
    from firmware.engine.records import replay as check

    doc = {"format": "tressette-record/1", "variant": "tressette2", "options": {}, "players": ["Anna", None],
           "hands": [{"dealer": 0, "deal": {"seed": 3}, "actions": []}]}
    check(doc)
    out = io.StringIO()
    print_match(doc, out)
    assert "Players: seat 0 Anna" in out.getvalue()
    assert match_json(check(doc), players_of(doc))["names"] == ["Anna", "seat 1"]


@pytest.mark.parametrize("players", [["Anna"], "Anna", ["A\nB", None, None, None], [1, 2, 3, 4],
                                     ["\u202eX", None, None, None], ["x" * 10_000, None, None, None]])
def test_a_record_with_bad_players_is_refused_with_one_line(players: object) -> None:
    with pytest.raises(RecordError) as err:
        replay(_record(players))
    assert "\n" not in str(err.value) and "xxxxxxxxxx" not in str(err.value)


def test_a_record_without_players_reads_as_before() -> None:
    doc = _record(None)
    del doc["players"]
    assert players_of(doc) == (None,) * 4
    replay(doc)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.one_of(st.none(), st.text(max_size=30)), min_size=2, max_size=2))
def test_any_names_in_a_journal_round_trip_as_text_or_are_refused(tmp_path: Path, names: list[str | None]) -> None:
    from firmware.engine.names import BadName, check_name

    try:
        expected = tuple(None if n is None else check_name(n) for n in names)
    except BadName:
        expected = None
    with Journal.open(tmp_path / "h") as j:
        try:
            mid = j.new_match("tressette2", {}, ["human", "phone"], players=names)
        except ValueError:
            assert expected is None
            return
        row = j.match(mid)
        assert row is not None and expected is not None
        assert row.players == (expected if any(expected) else ())
        text = json.dumps(j.record(mid), ensure_ascii=False)
        assert json.loads(text).get("players", [None, None]) == list(expected)
        replay(json.loads(text))


def _add_hands(j: Journal, mid: int, n: int) -> None:
    for h in range(n):
        j.add_hand(mid, h, h % 2, {"seed": h})


def test_statistics_per_person_over_a_mixed_history(tmp_path: Path) -> None:
    """People only (real cards, four), people with computers, phones; an unnamed match and
    a lesson count for nobody; an abandoned one is played, not won, no points per hand."""
    with Journal.open(tmp_path) as j:
        a = j.new_match("treseta4", {}, ["table"] * 4, mode="referee", players=["Anna", "Ivo", "Marco", "Jürgen"])
        _add_hands(j, a, 4)
        j.finish_match(a, 0, [31, 20])  # Anna + Marco beat Ivo + Jürgen
        b = j.new_match("treseta4", {}, ["human", "cpu:hard", "phone", "cpu:easy"], players=["Anna", None, "Ivo", None])
        _add_hands(j, b, 2)
        j.finish_match(b, 1, [12, 31])  # Anna + Ivo lose to the computers (hard the strongest)
        c = j.new_match("tressette2", {}, ["phone", "cpu:normal"], players=["Ivo", None])
        _add_hands(j, c, 3)
        j.finish_match(c, 0, [21, 9])
        d = j.new_match("tressette2", {}, ["human", "phone"], players=["Anna", "Ivo"])
        j.abandon_match(d)
        e = j.new_match("tressette2", {}, ["human", "cpu:hard"])  # nobody named
        j.finish_match(e, 0, [21, 3])
        f = j.new_match("tressette2", {}, ["human", "cpu:easy"], mode="lesson", players=["Anna", None])
        j.finish_match(f, 0, [21, 3])
        people = {p["name"]: p for p in j.person_statistics()}
    assert list(people) == ["Anna", "Ivo", "Jürgen", "Marco"]
    anna = people["Anna"]
    games = {g["variant"]: g for g in anna["games"]}
    assert games["treseta4"] | {} == {"variant": "treseta4", "played": 2, "won": 1, "lost": 1, "abandoned": 0,
                                      "hands": 6, "points": 43, "points_per_hand": round(43 / 6, 2)}
    assert games["tressette2"]["played"] == 1 and games["tressette2"]["abandoned"] == 1
    assert games["tressette2"]["points_per_hand"] is None
    assert anna["partners"] == {"Ivo": {"played": 1, "won": 0}, "Marco": {"played": 1, "won": 1}}
    assert anna["rivals"] == {"Ivo": {"played": 2, "won": 1}, "Jürgen": {"played": 1, "won": 1}}
    assert anna["levels"] == {"hard": {"played": 1, "won": 0}, "-": {"played": 2, "won": 1}}
    ivo = people["Ivo"]
    assert ivo["levels"] == {"normal": {"played": 1, "won": 1}, "hard": {"played": 1, "won": 0},
                             "-": {"played": 2, "won": 0}}
    assert {g["variant"]: g["won"] for g in ivo["games"]} == {"treseta4": 0, "tressette2": 1}
    assert people["Jürgen"]["partners"] == {"Ivo": {"played": 1, "won": 0}}


def test_history_cli_names_the_players_and_counts_people_only_as_played(tmp_path: Path,
                                                                       capsys: pytest.CaptureFixture[str]) -> None:
    from firmware.app.history import history_main
    from firmware.cli import build_parser

    with Journal.open(tmp_path) as j:
        a = j.new_match("treseta4", {}, ["table"] * 4, mode="referee", players=["Anna", None, "Marco", None])
        j.finish_match(a, 0, [31, 20])
    assert history_main(build_parser().parse_args(["history", "--state-dir", str(tmp_path)])) == 0
    out = capsys.readouterr().out
    assert "Anna + Marco won 31-20" in out
    assert "played   1  won   0  lost   0" in out
    assert "statistics per person:" in out and "  Anna" in out
    assert history_main(build_parser().parse_args(["history", "--json", "--state-dir", str(tmp_path)])) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["matches"][0]["players"] == ["Anna", None, "Marco", None]
    assert doc["people"][0]["name"] == "Anna"


def test_the_household_list_is_kept_bounded_and_checked(make_table: MakeTable, tmp_path: Path) -> None:
    from firmware.app.household import FILE_NAME, MAX_PEOPLE, Household, read_people

    table = make_table(state_dir=tmp_path / "box")
    table.put(ui.AddPerson("  Anna "))
    table.put(ui.AddPerson("Marco"))
    table.put(ui.AddPerson("Anna"))  # moves up, not twice
    assert table.ctl.model().household == ("Anna", "Marco")
    path = tmp_path / "box" / FILE_NAME
    assert read_people(path) == ["Anna", "Marco"]
    table.put(ui.AddPerson("A\u202eB"))
    assert table.ctl.table.message.message.key == "r_bad_name"
    assert read_people(path) == ["Anna", "Marco"]
    table.put(ui.ForgetPerson("Marco"))
    assert table.ctl.model().household == ("Anna",)
    h = Household(tmp_path / "many")
    for i in range(MAX_PEOPLE + 5):
        h.add(f"P{i}")
    assert len(read_people(h.path)) == MAX_PEOPLE and read_people(h.path)[0] == f"P{MAX_PEOPLE + 4}"


@pytest.mark.parametrize("text", ['{"people": ["Anna", "A\\nB", 3, "Anna", "<b>x</b>"]}', "not json", "[1, 2]",
                                  '{"people": "Anna"}', "\ud800".encode("utf-8", "surrogatepass").decode("latin-1")])
def test_an_edited_household_file_keeps_only_names(tmp_path: Path, text: str,
                                                   caplog: pytest.LogCaptureFixture) -> None:
    from firmware.app.household import FILE_NAME, read_people

    path = tmp_path / FILE_NAME
    path.write_text(text, encoding="latin-1" if "\\u" not in text and not text.startswith("{") else "utf-8")
    with caplog.at_level(logging.WARNING):
        people = read_people(path)
    assert people in (["Anna", "<b>x</b>"], [])
    assert all("\n" not in r.getMessage() for r in caplog.records)


def test_statistics_per_person_are_counted_again_only_after_a_match_changes(tmp_path: Path) -> None:
    with Journal.open(tmp_path) as j:
        a = j.new_match("tressette2", {}, ["human", "cpu:easy"], players=["Anna", None])
        j.finish_match(a, 0, [21, 3])
        first = j.person_statistics()
        first[0]["name"] = "changed by the caller"  # a copy: the next answer is untouched
        assert j.person_statistics()[0]["name"] == "Anna"
        b = j.new_match("tressette2", {}, ["human", "cpu:easy"], players=["Anna", None])
        j.add_hand(b, 0, 0, {"seed": 1})  # hands and actions of a match being played change nothing
        assert j.person_statistics()[0]["games"][0]["played"] == 1
        j.finish_match(b, 1, [3, 21])
        assert j.person_statistics()[0]["games"][0] | {} == {
            "variant": "tressette2", "played": 2, "won": 1, "lost": 1, "abandoned": 0, "hands": 1, "points": 24,
            "points_per_hand": 24.0}
        j.set_players(b, ["Marco", None])
        assert [p["name"] for p in j.person_statistics()] == ["Anna", "Marco"]
