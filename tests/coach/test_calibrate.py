"""``tressette arena --coach``: the coach's calibration is computed from the matches played."""

from __future__ import annotations

import json

import pytest

from firmware.cli import main
from firmware.coach.calibrate import pearson


def test_arena_with_coach_rates_both_levels(capsys: pytest.CaptureFixture[str]) -> None:
    rc = main(["arena", "--a", "normal", "--b", "easy", "--matches", "1", "--seed", "4",
               "--coach", "--coach-worlds", "2", "--quiet", "--json"])
    assert rc == 0
    out = json.loads(capsys.readouterr().out)
    coach = out["coach"]
    assert set(coach["levels"]) == {"normal", "easy"}
    assert coach["hands"] == out["hands"]
    for d in coach["levels"].values():
        assert sum(d["marks"].values()) == d["rated_plays"] > 0
        assert d["loss_per_play"] >= 0
        lo, hi = d["loss_per_play_ci95"]
        assert lo <= d["loss_per_play"] <= hi


def test_arena_without_coach_has_no_coach_section(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "--a", "easy", "--b", "random", "--matches", "1", "--quiet", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["coach"] is None


def test_pearson() -> None:
    assert pearson([(0, 0), (1, 2), (2, 4)]) == pytest.approx(1.0)
    assert pearson([(0, 4), (1, 2), (2, 0)]) == pytest.approx(-1.0)
    assert pearson([(0, 1), (1, 1), (2, 1)]) is None
    assert pearson([(0, 1)]) is None


def test_duplicate_arena_pairs_the_deals(capsys: pytest.CaptureFixture[str]) -> None:
    rc = main(["arena", "--a", "normal", "--b", "easy", "--matches", "1", "--seed", "4", "--duplicate",
               "--coach", "--coach-worlds", "1", "--quiet", "--json"])
    assert rc == 0
    coach = json.loads(capsys.readouterr().out)["coach"]
    assert coach["deals"] >= 1
    assert coach["hands"] >= 2 * coach["deals"]  # every deal is played once per side
