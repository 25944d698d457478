"""A record's booleans are JSON's ``true`` and ``false``, nothing that compares equal to
them: ``{"sheet": 1}`` and ``{"sheet": 1.0}`` were read as ``{"sheet": true}`` (Python's
``1 == True``). Anything else is refused in one line naming the field (docs/records.md)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from firmware.engine import IllegalAction, Match, RecordError, make_variant
from firmware.engine.records import loads, replay
from firmware.engine.refusals import Refusal
from tests.engine.test_scoresheet import play_and_keep


def sheet_record() -> dict[str, Any]:
    from firmware.engine.records import match_to_json

    _, sheet = play_and_keep("tressette2", {}, 1, hands=2)
    doc = match_to_json(sheet)
    assert doc["hands"][0]["deal"] == {"sheet": True}
    return doc


def test_a_score_sheet_record_with_true_replays() -> None:
    doc = sheet_record()
    assert len(replay(doc).hands) == 2


@pytest.mark.parametrize("value", [1, 1.0, "true", 0, None, [True], {"x": True}])
def test_a_sheet_that_is_not_true_is_refused_naming_the_field(value: object) -> None:
    doc = sheet_record()
    doc["hands"][0]["deal"] = {"sheet": value}
    with pytest.raises(RecordError) as info:
        loads(json.dumps(doc))
    text = str(info.value)
    assert "hand 1" in text and "'sheet'" in text and "\n" not in text, text


@pytest.mark.parametrize("value", [1, 1.0, "true", None])
def test_a_table_deal_that_is_not_a_boolean_is_refused_naming_the_field(value: object) -> None:
    doc = {"format": "tressette-record/1", "variant": "tressette4", "options": {},
           "hands": [{"dealer": 0, "deal": {"table": value}, "actions": []}]}
    with pytest.raises(RecordError) as info:
        replay(doc)
    assert "'table'" in str(info.value) and "true or false" in str(info.value), info.value


@pytest.mark.parametrize("value", [1, 1.0])
def test_the_engine_itself_takes_only_true_for_a_sheet_hand(value: object) -> None:
    m = Match(make_variant("tressette2"))
    with pytest.raises(IllegalAction) as info:
        m.begin_hand({"sheet": value})
    assert info.value.code == Refusal.DEAL_SHEET


@pytest.mark.parametrize(("entry", "field"), [
    ({"seat": 0, "nothing_to_declare": 1}, "nothing_to_declare"),
    ({"seat": 0, "claim": 1}, "claim"),
    ({"seat": 0, "claim": 1.0}, "claim"),
])
def test_an_entry_s_true_is_json_true(entry: dict[str, object], field: str) -> None:
    from firmware.engine.records import entry_from_json

    with pytest.raises(RecordError) as info:
        entry_from_json(make_variant("tressette4").deck, entry)
    assert field.replace("_", " ") in str(info.value) or field in str(info.value)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 3) | st.floats(allow_nan=False) | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3),
    max_leaves=8,
)


@settings(max_examples=150, deadline=None, derandomize=True)
@given(deal=st.dictionaries(st.sampled_from(["sheet", "table", "seed", "0", "1", "x"]), json_values, max_size=3),
       dealer=json_values, variant=st.sampled_from(["tressette2", "tressette4", "briscola"]))
def test_any_deal_in_a_record_is_replayed_or_refused_in_one_line(deal: dict[str, object], dealer: object,
                                                                  variant: str) -> None:
    doc = {"format": "tressette-record/1", "variant": variant, "options": {},
           "hands": [{"dealer": dealer, "deal": deal, "actions": []}]}
    try:
        m = replay(doc)
    except RecordError as exc:
        assert str(exc) and "\n" not in str(exc)
        return
    spec = m.hands[0].deal_spec if m.hands else {}
    for key in ("sheet", "table"):
        assert key not in spec or isinstance(spec[key], bool), spec


record_keys = st.sampled_from(["format", "variant", "options", "hands", "dealer", "deal", "actions", "sheet",
                               "table", "seed", "seat", "tally", "thirds", "claim", "nothing_to_declare", "x"])
records = st.recursive(
    st.none() | st.booleans() | st.integers(-2, 40) | st.floats(allow_nan=False) | st.text(max_size=5)
    | st.sampled_from(["tressette-record/1", "tressette2", "treseta4", "3c", "play"]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(record_keys, inner, max_size=5),
    max_leaves=16,
)


@settings(max_examples=200, deadline=None, derandomize=True)
@given(doc=st.dictionaries(record_keys, records, max_size=5).map(
    lambda d: {"format": "tressette-record/1", "variant": "tressette2", **d}))
def test_any_record_json_is_a_match_or_a_record_error(doc: dict[str, object]) -> None:
    """The record reader's documented error (docs/records.md) and nothing else."""
    try:
        loads(json.dumps(doc))
    except RecordError as exc:
        assert str(exc) and "\n" not in str(exc)
