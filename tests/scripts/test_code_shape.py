"""scripts/code-shape: every function outside tests and data under 80 lines and a
cyclomatic complexity under 30 (the goal of the controller's reshaping, DESIGN.md's
"small, typed, pure core"). The suite holds the goal, so a new long or branching
function is split when it is written, not found a round later."""

from __future__ import annotations

import ast
import importlib.machinery
import importlib.util
import sys
from pathlib import Path
from types import ModuleType

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "code-shape"


def _load() -> ModuleType:
    loader = importlib.machinery.SourceFileLoader("code_shape", str(SCRIPT))
    spec = importlib.util.spec_from_loader("code_shape", loader)
    assert spec is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["code_shape"] = module  # dataclasses look their module up by name
    loader.exec_module(module)
    return module


SHAPE = _load()


def test_every_function_is_short_and_plain() -> None:
    fns = SHAPE.functions()
    assert len(fns) > 1000  # the whole program was read, not an empty tree
    long = [f"{f.where} {f.name}: {f.lines} lines" for f in fns if f.lines >= SHAPE.MAX_LINES]
    tangled = [f"{f.where} {f.name}: {f.complexity}" for f in fns if f.complexity >= SHAPE.MAX_COMPLEXITY]
    assert not long, f"split these (goal: under {SHAPE.MAX_LINES} lines): {long}"
    assert not tangled, f"split these (goal: complexity under {SHAPE.MAX_COMPLEXITY}): {tangled}"


def test_the_count_is_mccabes() -> None:
    src = (
        "def f(x, ys):\n"
        "    if x and ys:\n"  # if +1, and +1
        "        for y in ys:\n"  # for +1
        "            assert y\n"  # assert +1
        "    elif x:\n"  # elif +1
        "        return [y for y in ys if y]\n"  # comprehension +1, its if +1
        "    try:\n"
        "        pass\n"
        "    except ValueError:\n"  # except +1
        "        pass\n"
        "    return 1 if x else 2\n"  # conditional expression +1
    )
    fn = ast.parse(src).body[0]
    assert SHAPE.complexity(fn) == 10
