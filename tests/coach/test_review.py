"""A review stored and read back (the screen's cache, docs/coach.md): the same review, in
every preset; anything else refused; hands already rated are not rated again."""

from __future__ import annotations

import contextlib
import copy
import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from firmware.coach import Coach
from firmware.coach.review import REVIEW_FORMAT, review_from_json, review_match, review_to_json
from firmware.engine import PRESETS, Match, make_variant
from firmware.engine.records import dumps
from firmware.players import make_player
from tests.players.conftest import play_hand


def _record(name: str, hands: int = 1, seed: int = 4, options: dict[str, Any] | None = None) -> dict[str, Any]:
    match = Match(make_variant(name, options or {}))
    players = [make_player("normal", seed=s) for s in range(match.variant.n_seats)]
    for k in range(hands):
        if match.finished:
            break
        play_hand(match, players, seed=seed + k)
    doc: dict[str, Any] = json.loads(dumps(match))
    return doc


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_a_review_reads_back_the_same_in_every_preset(name: str) -> None:
    review = review_match(_record(name), Coach(seed=2, worlds=1), seats=frozenset({0}))
    assert any(h.plays for h in review.hands)
    stored = json.loads(json.dumps(review_to_json(review)))
    assert stored["format"] == REVIEW_FORMAT
    assert review_from_json(stored) == review


@pytest.mark.parametrize(
    ("name", "options"),
    [("treseta4", {"signals": "alternative", "signal_by": "anyone"}), ("ciapano", {"players": 3}),
     ("ciapano", {"players": 2}), ("terziglio3", {"widow": "dealt"})],
)
def test_a_review_reads_back_with_other_options(name: str, options: dict[str, Any]) -> None:
    review = review_match(_record(name, options=options), Coach(seed=2, worlds=1), seats=frozenset({0}))
    assert review.hands[0].plays
    assert review_from_json(json.loads(json.dumps(review_to_json(review)))) == review
    if options.get("players") == 2:  # every card placed: rated by the deeper search, stored as such
        assert {p.rated.method for p in review.hands[0].plays} <= {"searched", "forced"}
        assert any(p.rated.method == "searched" for p in review.hands[0].plays)


def test_hands_already_rated_are_replayed_not_rated_again() -> None:
    doc = _record("tressette2", hands=3)
    assert len(doc["hands"]) >= 2
    coach = Coach(seed=3, worlds=2)
    full = review_match(doc, coach, seats=frozenset({0}))
    steps: list[tuple[int, int]] = []
    known = {0: full.hands[0]}
    again = review_match(doc, Coach(seed=3, worlds=2), lambda d, t: steps.append((d, t)), frozenset({0}), known=known)
    assert again == full
    later = sum(1 for h in doc["hands"][1:] for a in h["actions"] if "play" in a)
    assert steps[-1] == (later, later)  # the progress counts only what is rated now


def test_a_progress_that_raises_stops_the_review() -> None:
    class Stop(Exception):
        pass

    def stop(done: int, total: int) -> None:
        if done == 3:
            raise Stop

    with pytest.raises(Stop):
        review_match(_record("tressette2"), Coach(seed=1, worlds=1), stop, frozenset({0}))


def _stored() -> dict[str, Any]:
    review = review_match(_record("treseta4"), Coach(seed=2, worlds=1), seats=frozenset({0, 2}))
    out: dict[str, Any] = json.loads(json.dumps(review_to_json(review)))
    return out


STORED = _stored()


@pytest.mark.parametrize(
    "spoil",
    [
        lambda d: d.update(format="tressette-review/0"),
        lambda d: d.pop("hands"),
        lambda d: d["hands"][0].update(index=3),
        lambda d: d["hands"][0]["plays"][0].update(card=999),
        lambda d: d["hands"][0]["plays"][0].update(seat=4),
        lambda d: d["hands"][0]["plays"][0].update(loss=-1),
        lambda d: d["hands"][0]["plays"][0].update(loss=True),
        lambda d: d["hands"][0]["plays"][0].update(mark="brilliant"),
        lambda d: d["hands"][0]["plays"][0].update(reason=["c_nonsense", []]),
        lambda d: d["hands"][0]["plays"][0].update(reason=["c_top", [["card", {"card": "3d"}]]]),
        lambda d: d["hands"][0]["tricks"].append([0, [1, 2], 7]),
        lambda d: d["hands"][0].update(points="21"),
    ],
)
def test_a_spoilt_review_is_refused(spoil: Any) -> None:
    doc = copy.deepcopy(STORED)
    spoil(doc)
    with pytest.raises(ValueError):
        review_from_json(doc)


@settings(max_examples=60, deadline=None)
@given(st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=5),
                    lambda kids: st.lists(kids, max_size=4) | st.dictionaries(st.text(max_size=6), kids, max_size=4),
                    max_leaves=20))
def test_any_json_is_read_as_a_review_or_refused_with_value_error(value: Any) -> None:
    """Nothing but ValueError escapes (a KeyError or TypeError would fail the test)."""
    with contextlib.suppress(ValueError):
        review_from_json(value)
    doc = copy.deepcopy(STORED)  # and a real review with one value of its first play replaced
    key = sorted(doc["hands"][0]["plays"][0])[len(json.dumps(value, default=str)) % 9]
    doc["hands"][0]["plays"][0][key] = value
    with contextlib.suppress(ValueError):
        review_from_json(doc)
