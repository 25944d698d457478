"""``tressette analyse`` on real-card (table) records, which ``tressette replay`` accepts: before,
every one ended in ``ValueError: negative shift count`` (exit 70). Now a computer seat's plays
(its hand was scanned at the deal) are rated from its own view, and every person's seat at
the table is said, hand by hand, not to be analysed and why: the record does not hold his hand."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from firmware.cli import main as cli
from firmware.engine import PRESETS, make_variant
from firmware.engine.records import dumps
from tests.engine.test_table import play_both


def _record(tmp_path: Path, name: str) -> tuple[Path, dict[str, object]]:
    _, table = play_both(make_variant(name), seed=3, max_hands=1)
    path = tmp_path / f"{name}-table.json"
    path.write_text(dumps(table))
    return path, json.loads(path.read_text())


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_a_table_record_of_every_preset_is_analysed_as_far_as_it_shows(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path, doc = _record(tmp_path, name)
    hands = doc["hands"]
    assert isinstance(hands, list) and hands[0]["deal"]["table"] is True
    n = make_variant(name).n_seats
    known = {int(k) for k in hands[0]["deal"] if k.isdigit()}  # a computer's scanned hand
    people = [s for s in range(n) if s not in known]

    assert cli(["analyse", str(path), "--worlds", "2", "--quiet"]) == 0
    cap = capsys.readouterr()
    assert "Traceback" not in cap.err and cap.err == ""
    text = cap.out
    assert "(real cards, refereed)" in text
    for s in people:
        assert f"  seat {s}: not analysed: played with real cards" in text
        assert f"seat {s}: not analysed (real cards in every hand)" in text

    assert cli(["analyse", str(path), "--worlds", "2", "--quiet", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    (hand,) = out["hands"]
    assert sorted(int(s) for s in hand["not_analysed"]) == people
    assert all(v["why"] == "real_cards" for v in hand["not_analysed"].values())
    rated = [p for t in hand["tricks"] for p in t["plays"]]
    assert {p["seat"] for p in rated} <= known  # never a seat whose hand the box did not see
    plays_of_known = [a for a in hands[0]["actions"] if "play" in a and a["seat"] in known]
    assert len(rated) == len(plays_of_known)  # every card of a computer seat is rated
    for s in known:
        assert hand["accuracy"][str(s)] is not None or all(p["mark"] == "forced" for p in rated if p["seat"] == s)


def test_the_issues_record_one_play_at_a_treseta_table(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = {"format": "tressette-record/1", "variant": "treseta4",
              "hands": [{"dealer": 3, "deal": {"table": True}, "actions": [{"play": "3c", "seat": 0}]}]}
    path = tmp_path / "r.json"
    path.write_text(json.dumps(record))
    assert cli(["replay", str(path)]) == 0
    capsys.readouterr()
    for lang, words in (("en", "not analysed"), ("it", "non analizzato"), ("de", "nicht analysiert")):
        assert cli(["analyse", str(path), "--quiet", "--lang", lang]) == 0
        cap = capsys.readouterr()
        assert cap.err == ""
        lines = [line for line in cap.out.splitlines() if line.startswith("  seat ")]
        assert len(lines) == 4 and all(words in line for line in lines)  # one line per seat and hand
    assert cli(["analyse", str(path), "--quiet", "--seat", "0"]) == 0
    assert "seat 0: not analysed" in capsys.readouterr().out


def test_a_stored_review_keeps_the_seats_it_could_not_rate(tmp_path: Path) -> None:
    from firmware.coach import Coach
    from firmware.coach.review import review_from_json, review_match, review_to_json

    _, doc = _record(tmp_path, "treseta4")
    review = review_match(doc, Coach(seed=0, worlds=2))
    assert review.hands[0].unseen == (0, 2, 3)
    assert review_from_json(json.loads(json.dumps(review_to_json(review)))) == review
    stored = review_to_json(review)
    del stored["hands"][0]["unseen"]  # a review stored before: read as every seat seen
    assert review_from_json(stored).hands[0].unseen == ()
