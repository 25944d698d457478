"""``tressette analyse``: every play rated, for every preset; bad input refused in one line."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from firmware.cli import main
from firmware.engine import PRESETS, Match, make_variant
from firmware.engine.records import dumps
from firmware.players import make_player
from tests.players.conftest import play_hand

MARKS = {"forced", "best", "good", "inaccuracy", "mistake", "blunder"}


def _record(name: str, seed: int = 4) -> dict[str, Any]:
    match = Match(make_variant(name))
    players = [make_player("normal", seed=s) for s in range(match.variant.n_seats)]
    play_hand(match, players, seed=seed)
    doc: dict[str, Any] = json.loads(dumps(match))
    return doc


def _write(tmp_path: Path, doc: object, name: str = "game.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(doc) if not isinstance(doc, str) else doc, encoding="utf-8")
    return path


def _run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    try:
        rc = main(["analyse", "--quiet", *args])
    except SystemExit as exc:  # argparse
        rc = int(exc.code or 0)
    out, err = capsys.readouterr()
    return rc, out, err


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_every_play_of_every_preset_is_rated(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    doc = _record(name)
    path = _write(tmp_path, doc)
    rc, out, err = _run([str(path), "--json", "--worlds", "1"], capsys)
    assert rc == 0, err
    got = json.loads(out)
    assert got["format"] == "tressette-analysis/1" and got["variant"] == name
    played = [a for a in doc["hands"][0]["actions"] if "play" in a]
    plays = [p for t in got["hands"][0]["tricks"] for p in t["plays"]]
    assert [(p["seat"], p["card"]) for p in plays] == [(a["seat"], a["play"]) for a in played]
    for p in plays:
        assert p["mark"] in MARKS and p["loss"] >= 0
        assert p["hint"]["reason"]["key"].startswith("c_")
        assert p["hint"]["reason"]["text"] and not p["hint"]["reason"]["text"].startswith("?")
        if p["mark"] not in ("best", "forced"):
            assert p["hint"]["card"] != p["card"]
    for acc in got["hands"][0]["accuracy"].values():
        assert acc is None or 0 <= acc <= 100
    rc, text, _ = _run([str(path), "--worlds", "1", "--lang", "it"], capsys)
    assert rc == 0
    assert "trick 1" in text and "Precisione" in text


def test_the_same_record_is_analysed_the_same(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _write(tmp_path, _record("tressette2"))
    first = _run([str(path), "--json", "--worlds", "3", "--seed", "5"], capsys)
    second = _run([str(path), "--json", "--worlds", "3", "--seed", "5"], capsys)
    assert first == second and first[0] == 0


def test_one_seat_only(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _write(tmp_path, _record("treseta4"))
    rc, out, _ = _run([str(path), "--json", "--worlds", "1", "--seat", "2"], capsys)
    assert rc == 0
    seats = {p["seat"] for t in json.loads(out)["hands"][0]["tricks"] for p in t["plays"]}
    assert seats == {2}


def test_an_unfinished_record_is_analysed_up_to_where_it_stops(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    doc = _record("tressette2")
    doc["hands"][0]["actions"] = doc["hands"][0]["actions"][:7]
    rc, out, _ = _run([str(_write(tmp_path, doc)), "--json", "--worlds", "1"], capsys)
    assert rc == 0
    hand = json.loads(out)["hands"][0]
    assert hand["points"] is None
    assert sum(len(t["plays"]) for t in hand["tricks"]) == sum(1 for a in doc["hands"][0]["actions"] if "play" in a)


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["missing.json"], "cannot read"),
        (["notjson.json"], "not a JSON record"),
        (["array.json"], "a record is a JSON object"),
        (["illegal.json"], "action"),
        (["ok.json", "--worlds", "0"], "worlds must be 1-1000"),
        (["ok.json", "--worlds", "many"], "worlds must be a whole number"),
        (["ok.json", "--seat", "3"], "tressette2 has seats 0-1"),
        (["ok.json", "--seat", "-1"], "seat must be 0-3"),
        (["ok.json", "--seed", "x"], "seed must be a whole number"),
        (["ok.json", "--lang", "fr"], "invalid choice"),
    ],
)
def test_bad_input_is_one_clear_line(
    args: list[str], needle: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    doc = _record("tressette2")
    _write(tmp_path, doc, "ok.json")
    _write(tmp_path, "{not json", "notjson.json")
    _write(tmp_path, [1, 2], "array.json")
    bad = json.loads(json.dumps(doc))
    first = bad["hands"][0]["actions"][0]
    first["seat"] = 1 - first["seat"]
    _write(tmp_path, bad, "illegal.json")
    args = [str(tmp_path / args[0]), *args[1:]]
    rc, out, err = _run(args, capsys)
    assert rc != 0
    assert out == ""
    last = err.strip().splitlines()[-1]
    assert needle in last
    assert "Traceback" not in err


_json = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 50) | st.text(max_size=6),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)

_FIELDS = ("format", "variant", "options", "hands", "dealer", "deal", "actions", "seat", "play", "signal")


@settings(max_examples=40, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    where=st.integers(0, 10_000),
    field=st.sampled_from(_FIELDS),
    value=_json,
    raw=st.one_of(st.none(), st.binary(max_size=40)),
)
def test_any_file_is_analysed_or_refused_in_one_line(
    where: int, field: str, value: object, raw: bytes | None, tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A record with one field replaced by any JSON value (or any bytes): never a traceback."""
    path = tmp_path / "fuzz.json"
    if raw is not None:
        path.write_bytes(raw)
    else:
        doc = _record("tressette2", seed=2)
        # Replace the field at one place of the document: the top, a hand or an action.
        hand = doc["hands"][0]
        places: list[dict[str, Any]] = [doc, hand, *hand["actions"]]
        places[where % len(places)][field] = value
        path.write_text(json.dumps(doc), encoding="utf-8")
    rc, out, err = _run([str(path), "--json", "--worlds", "1"], capsys)
    assert "Traceback" not in err
    if rc == 0:
        assert json.loads(out)["format"] == "tressette-analysis/1"
    else:
        assert out == "" and len(err.strip().splitlines()) == 1 and err.startswith("tressette analyse:")


def test_plays_taken_back_by_an_undo_are_not_rated(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from firmware.engine.actions import Undo

    match = Match(make_variant("tressette2"))
    state = match.start_hand(seed=6)
    a, b = make_player("normal", seed=1), make_player("normal", seed=2)
    players = [a, b]
    for _ in range(4):
        match.apply(players[state.to_move].choose(match.view_for(state.to_move)))
    seat = state.to_move
    match.apply(players[seat].choose(match.view_for(seat)))  # this card and the answer go
    match.apply(players[state.to_move].choose(match.view_for(state.to_move)))
    n = match.undo_count(seat)
    assert n == 2
    match.undo(Undo(seat, n))
    doc = json.loads(dumps(match))
    rc, out, _ = _run([str(_write(tmp_path, doc)), "--json", "--worlds", "1"], capsys)
    assert rc == 0
    plays = [p for t in json.loads(out)["hands"][0]["tricks"] for p in t["plays"]]
    assert len(plays) == 4
    assert main(["replay", str(tmp_path / "game.json")]) == 0
    assert f"seat {seat} takes back 2 action(s)" in capsys.readouterr().out
