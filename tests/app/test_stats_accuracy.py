"""The accuracy over time on the Statistics screen (docs/coach.md): one series per game and
level, never one line mixing easy and hard, assisted matches apart."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from firmware.app.present import SERIES_POINTS, accuracy_series, stats_model
from firmware.store import Journal
from ui.model import AccuracySeries


def _rated(journal: Journal, variant: str, level: str, accuracy: float, *, mode: str = "engine") -> int:
    m = journal.new_match(variant, {}, ["human", f"cpu:{level}"] if variant != "treseta4"
                          else ["human", f"cpu:{level}", "cpu:easy", f"cpu:{level}"])  # fmt: skip
    if mode != "engine":
        journal.set_mode(m, mode)
    journal.add_rating(m, 0, 0, accuracy, 1.0, 10)
    journal.finish_match(m, 0, [21, 10])
    return m


def test_each_game_and_level_is_its_own_series(tmp_path: Path) -> None:
    with Journal.open(tmp_path) as j:
        _rated(j, "tressette2", "hard", 50.0)
        _rated(j, "tressette2", "easy", 90.0)
        _rated(j, "tressette2", "hard", 55.0)
        _rated(j, "treseta4", "normal", 70.0)
        _rated(j, "tressette2", "hard", 80.0, mode="assisted")
        _rated(j, "tressette2", "easy", 95.0)
        stats = stats_model(j)
    assert stats.accuracy == (
        AccuracySeries("tressette2", "easy", (90.0, 95.0)),
        AccuracySeries("tressette2", "hard", (50.0, 55.0)),
        AccuracySeries("tressette2", "hard:help", (80.0,)),
        AccuracySeries("treseta4", "normal", (70.0,)),
    )
    assert stats.accuracy_games() == ("tressette2", "treseta4")  # the game played last first
    assert [x.level for x in stats.accuracy_of("tressette2")] == ["easy", "hard", "hard:help"]
    # the table's mean per game and level agrees with its series
    means = {(x.variant, x.level): x.accuracy for x in stats.lines}
    for sr in stats.accuracy:
        assert means[(sr.variant, sr.level)] == pytest.approx(sum(sr.points) / len(sr.points))


def test_a_series_keeps_the_latest_matches(tmp_path: Path) -> None:
    with Journal.open(tmp_path) as j:
        for i in range(SERIES_POINTS + 5):
            _rated(j, "tressette2", "normal", float(i))
        (sr,) = stats_model(j).accuracy
    assert sr.points == tuple(float(i) for i in range(5, SERIES_POINTS + 5))


ROWS = st.lists(
    st.fixed_dictionaries({
        "variant": st.sampled_from(["tressette2", "treseta4", "ciapano"]),
        "level": st.sampled_from(["easy", "normal", "hard", "hard:help", "-", "easy:help"]),
        "accuracy": st.floats(0, 100),
    }),
    max_size=60,
)


@settings(max_examples=60, deadline=None)
@given(ROWS)
def test_every_rated_match_is_in_exactly_its_series_in_order(rows: list[dict[str, object]]) -> None:
    series = accuracy_series(rows)
    keys = [(s.variant, s.level) for s in series]
    assert len(keys) == len(set(keys))
    for s in series:
        mine = [r["accuracy"] for r in rows if (r["variant"], r["level"]) == (s.variant, s.level)]
        assert s.points == tuple(mine[-SERIES_POINTS:])
    assert {(r["variant"], r["level"]) for r in rows} == set(keys)
    # a game's levels together, easy before normal before hard, the assisted after
    for _, group in itertools.groupby(series, key=lambda s: s.variant):
        levels = [s.level for s in group]
        plain = [lv for lv in levels if ":" not in lv]
        assert levels[: len(plain)] == plain
    assert len({s.variant for s in series}) == len([k for k, _ in itertools.groupby(s.variant for s in series)])


def test_a_match_still_going_is_not_counted(tmp_path: Path) -> None:
    """Its rated hands wait for its end (issue 38: the statistics counted an unfinished match)."""
    with Journal.open(tmp_path) as j:
        _rated(j, "tressette2", "hard", 50.0)
        going = j.new_match("tressette2", {}, ["human", "cpu:hard"])
        j.add_rating(going, 0, 0, 90.0, 1.0, 10)
        stats = stats_model(j)
        assert stats.accuracy == (AccuracySeries("tressette2", "hard", (50.0,)),)
        assert [(x.games, x.accuracy) for x in stats.lines] == [(1, 50.0)]
        j.finish_match(going, 0, [21, 3])
        assert stats_model(j).accuracy == (AccuracySeries("tressette2", "hard", (50.0, 90.0)),)
