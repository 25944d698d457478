"""``tressette analyse`` and ``replay`` over a real-card record with a revoke proved by the
cards and called (issue 36): the call is not a play and is not rated; replay tells both."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from firmware.cli import main as cli
from firmware.coach import Coach
from firmware.coach.review import review_match
from firmware.engine import make_variant
from firmware.engine.records import dumps
from tests.engine.test_revoke import first_revoke, options


@pytest.mark.parametrize("call_at", ["seen", "end"])
def test_a_revoke_is_analysed_and_replayed(tmp_path: Path, capsys: pytest.CaptureFixture[str], call_at: str) -> None:
    h, seen = first_revoke(make_variant("treseta4", options("treseta4", "cappotto")), call_at=call_at)
    doc = json.loads(dumps(h.match))
    review = review_match(doc, Coach(seed=0, worlds=2))
    assert len(review.hands) == 1
    path = tmp_path / "r.json"
    path.write_text(json.dumps(doc))
    assert cli(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert f"seat {seen.seat} revoked in trick {seen.trick}" in out
    assert f"revoke called: seat {seen.seat}; the hand is lost per cappotto" in out
    assert cli(["replay", "--json", str(path)]) == 0
    assert json.loads(capsys.readouterr().out)["hands"][0]["revoke"] == {"seat": seen.seat, "penalty": "cappotto"}
    assert cli(["analyse", str(path), "--worlds", "2", "--quiet"]) == 0
    assert capsys.readouterr().err == ""
