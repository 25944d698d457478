"""Rules live in firmware/engine and nowhere else (DESIGN.md): no test of a game's name outside it.

A screen, a seat or a tool that behaves differently for one game asks the engine
what is different (a preset flag, a View field, an engine function): it never
compares the variant's name with ``"chiamata"``. Read from the source of every
module outside firmware/engine.
"""

from __future__ import annotations

import ast
from pathlib import Path

from firmware.engine import PRESETS
from tests.sources import tree

REPO = Path(__file__).resolve().parents[1]


def _names_in(node: ast.expr) -> list[str]:
    if isinstance(node, ast.Constant) and node.value in PRESETS:
        return [str(node.value)]
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return [str(e.value) for e in node.elts if isinstance(e, ast.Constant) and e.value in PRESETS]
    return []


def test_no_comparison_with_a_game_name_outside_the_engine() -> None:
    found = []
    for pkg in ("firmware", "ui", "hal", "deploy", "tools"):
        for path in sorted((REPO / pkg).rglob("*.py")):
            if path.is_relative_to(REPO / "firmware" / "engine"):
                continue
            for node in ast.walk(tree(path)):
                if isinstance(node, ast.Compare) and any(_names_in(x) for x in [node.left, *node.comparators]):
                    found.append(f"{path.relative_to(REPO)}:{node.lineno}: {ast.unparse(node)}")
    assert not found, "a game's name compared outside the engine:\n" + "\n".join(found)


def test_the_check_finds_one() -> None:
    node = ast.parse('m.variant == "chiamata" or v.name in ("briscola", "x")', mode="eval").body
    assert isinstance(node, ast.BoolOp)
    compares = [n for n in node.values if isinstance(n, ast.Compare)]
    assert [_names_in(c.comparators[0]) for c in compares] == [["chiamata"], ["briscola"]]
