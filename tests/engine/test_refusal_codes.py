"""Refusal codes are an enum (firmware/engine/refusals.py): one member per sentence."""

from __future__ import annotations

from firmware.engine import IllegalAction
from firmware.engine.refusals import ENGLISH, Refusal, english


def test_every_refusal_has_its_sentence_and_every_sentence_its_refusal() -> None:
    assert set(ENGLISH) == {str(r) for r in Refusal}
    for r in Refusal:
        assert r == r.value and r.name == r.value.upper()


def test_a_refusal_is_its_code_and_says_its_sentence() -> None:
    exc = IllegalAction(Refusal.UNDO_COUNT, count=3, done=2)
    assert exc.code == "undo_count" and exc.code is Refusal.UNDO_COUNT
    assert str(exc) == english("undo_count", {"count": 3, "done": 2}) == "cannot take back 3 of 2 actions"
