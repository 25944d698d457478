"""Game records: the format of docs/records.md and ``tressette replay``."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from firmware.cli import main as cli
from firmware.engine import RecordError
from firmware.engine.records import FORMAT, dumps, loads, replay

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "tressette2-match.json"


def example() -> dict[str, Any]:
    doc: dict[str, Any] = json.loads(EXAMPLE.read_text())
    return doc


def test_shipped_examples_replay_to_a_finished_match() -> None:
    for path in sorted((ROOT / "examples").glob("*.json")):
        match = loads(path.read_text())
        assert match.finished, path
        assert json.loads(dumps(match)) == json.loads(path.read_text())


def test_replay_json_output(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli(["replay", str(EXAMPLE), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert set(out) == {"hands", "totals", "winner", "finished"}
    assert out["finished"] is True and out["winner"] in (0, 1)
    for hand in out["hands"]:
        assert set(hand) == {"thirds", "card_points", "last_trick", "declarations", "points"}
        assert sum(hand["card_points"]) == 11
    assert [sum(h["points"][s] for h in out["hands"]) for s in (0, 1)] == out["totals"]


def test_replay_text_tells_tricks_draws_and_count(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli(["replay", str(EXAMPLE)]) == 0
    text = capsys.readouterr().out
    assert "trick  1" in text and "draws" in text and "di " in text
    assert "card points" in text and "wins" in text


def test_an_illegal_action_is_refused_with_its_place() -> None:
    doc = example()
    actions = doc["hands"][0]["actions"]
    # seat of the second play of trick 1 plays a card it does not hold
    actions[1] = dict(actions[1], play=actions[0]["play"])
    with pytest.raises(RecordError, match=r"hand 1, action 1: you do not hold"):
        replay(doc)


def test_illegal_record_exit_code_and_message(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    doc = example()
    doc["hands"][0]["actions"][0]["seat"] = 1 - doc["hands"][0]["actions"][0]["seat"]
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(doc))
    assert cli(["replay", str(path)]) == 1
    assert "action 0" in capsys.readouterr().err


def test_a_truncated_record_replays_up_to_where_it_stops() -> None:
    doc = example()
    doc["hands"] = doc["hands"][:2]
    doc["hands"][1]["actions"] = doc["hands"][1]["actions"][:7]
    match = replay(doc)
    assert not match.finished and len(match.results) == 1
    assert match.state is not None and len(match.state.tricks) == 3 and len(match.state.trick) == 1


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (lambda d: d.update(format="other/1"), "not a game record"),
        (lambda d: d.update(variant="poker"), "unknown variant"),
        (lambda d: d.update(options={"target": 22}), "target"),
        (lambda d: d["hands"][0].update(deal={"seed": "x"}), "seed must be an integer"),
        (lambda d: d["hands"][1].update(dealer=d["hands"][0]["dealer"]), "the dealer is seat"),
        (lambda d: d["hands"][0]["actions"].insert(0, {"seat": 0}), "exactly one of"),
        (lambda d: d["hands"][0]["actions"].insert(0, {"seat": 0, "play": "3x"}), "not a card"),
        (lambda d: d["hands"][0]["actions"].pop(), "unfinished, but another hand follows"),
    ],
)
def test_bad_records_say_what_is_wrong(mutate: Callable[[dict[str, Any]], object], message: str) -> None:
    doc = copy.deepcopy(example())
    mutate(doc)
    with pytest.raises(RecordError, match=message):
        replay(doc)


def test_explicit_deal_is_checked_whole() -> None:
    doc = example()
    deal = {"0": ["3c"] * 10, "1": [], "talon": []}
    doc["hands"] = [{"dealer": 0, "deal": deal, "actions": []}]
    with pytest.raises(RecordError, match="twice"):
        replay(doc)


def test_unreadable_files(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli(["replay", str(tmp_path / "missing.json")]) == 2
    (tmp_path / "x.json").write_text("{not json")
    assert cli(["replay", str(tmp_path / "x.json")]) == 2
    err = capsys.readouterr().err
    assert "cannot read" in err and "not JSON" in err


def test_deal_command_prints_hands_and_talon(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli(["deal", "--variant", "treschetten2", "--seed", "4"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines[1].split()) == 2 + 8 and "talon" in lines[-1]
    assert len(lines[-1].split(": ")[1].split()) == 16


def test_format_constant() -> None:
    assert FORMAT == "tressette-record/1"
