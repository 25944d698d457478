"""``tressette arena --coach``: the coach's calibration is computed from the matches played."""

from __future__ import annotations

import json
import random

import pytest

from firmware.cli import main
from firmware.coach.calibrate import bootstrap_ci, pearson, pearson_ci


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


def test_the_correlation_intervals_hold_the_estimate_and_know_when_there_is_nothing() -> None:
    rng = random.Random(3)
    xs = [rng.gauss(0, 1) for _ in range(300)]
    pairs = [(x, 0.5 * x + rng.gauss(0, 1)) for x in xs]  # a true r of about 0.45
    r = pearson(pairs)
    assert r is not None and 0.3 < r < 0.6
    for ci in (pearson_ci(pairs), bootstrap_ci(pairs)):
        assert ci is not None
        lo, hi = ci
        assert lo < r < hi and hi - lo < 0.3
    assert bootstrap_ci(pairs) == bootstrap_ci(pairs)  # seeded
    noise = [(rng.gauss(0, 1), rng.gauss(0, 1)) for _ in range(300)]
    noise_ci = bootstrap_ci(noise)
    assert noise_ci is not None
    lo, hi = noise_ci
    assert lo < 0 < hi
    assert bootstrap_ci([(0, 1), (1, 1), (2, 1), (3, 1)]) is None
