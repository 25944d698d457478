"""Refusal codes are an enum (firmware/engine/refusals.py): one member per sentence."""

from __future__ import annotations

import ast
import string
from pathlib import Path

from firmware.engine import IllegalAction
from firmware.engine.refusals import ARGUMENTS, ENGLISH, Refusal, english
from tests.sources import tree
from ui.i18n import CATALOGUE, LANGUAGES


def test_every_refusal_has_its_sentence_and_every_sentence_its_refusal() -> None:
    assert set(ENGLISH) == {str(r) for r in Refusal}
    for r in Refusal:
        assert r == r.value and r.name == r.value.upper()


def test_a_refusal_is_its_code_and_says_its_sentence() -> None:
    exc = IllegalAction(Refusal.UNDO_COUNT, count=3, done=2)
    assert exc.code == "undo_count" and exc.code is Refusal.UNDO_COUNT
    assert str(exc) == english("undo_count", {"count": 3, "done": 2}) == "cannot take back 3 of 2 actions"


def _named(template: str) -> set[str]:
    names = {n.split(".")[0].split("[")[0] for _, n, _, _ in string.Formatter().parse(template) if n}
    return {n for n in names if n.isidentifier()}  # {"sheet": true} is a literal, not an argument


def test_every_refusal_names_its_arguments_and_each_sentence_names_only_those() -> None:
    """The English sentence names every argument of its code; the screen's it/de/en
    sentences (ui/i18n.py, ``e_<code>``) name none it is not given."""
    assert set(ARGUMENTS) == set(Refusal)
    for r in Refusal:
        assert _named(ENGLISH[r]) == ARGUMENTS[r], r
        for lang, template in zip(LANGUAGES, CATALOGUE["e_" + r], strict=True):
            assert _named(template) <= ARGUMENTS[r], (r, lang, template)


def _raised() -> list[tuple[str, int, Refusal, set[str]]]:
    """Every ``IllegalAction(Refusal.X, name=...)`` in firmware/: the code and the names given."""
    out = []
    for path in sorted((Path(__file__).parents[2] / "firmware").rglob("*.py")):
        for node in ast.walk(tree(path)):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "IllegalAction"
                    and node.args and isinstance(node.args[0], ast.Attribute)
                    and isinstance(node.args[0].value, ast.Name) and node.args[0].value.id == "Refusal"
                    and all(k.arg is not None for k in node.keywords)):
                given = {k.arg for k in node.keywords if k.arg is not None}
                out.append((path.name, node.lineno, Refusal[node.args[0].attr], given))
    return out


def test_every_refusal_is_raised_with_the_arguments_its_sentences_name() -> None:
    raised = _raised()
    assert len(raised) > 50  # the scan sees the engine's refusals
    for where, line, code, given in raised:
        # nothing given that no sentence names (the deck names suits and cards; a count of
        # cards is worked out from them when the sentence is said)
        assert given <= ARGUMENTS[code] | {"deck"}, (where, line, code, given - ARGUMENTS[code])
