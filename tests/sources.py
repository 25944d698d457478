"""The program's own source files, read and parsed once per test process.

Several checks read the source rather than run it: the imports (tests/test_imports.py), no
game's name outside the engine, no deal from fewer than 128 bits, the catalogue keys the app
writes, the engine's refusal codes, the UI's boundaries, the virtual Pi's launcher. Each walked every module of the
project, and parsing them again in every check cost some 10 s of CPU a run. The trees are only
walked, never changed.
"""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path


@cache
def source(path: Path) -> tuple[str, ast.Module]:
    """A module's text and syntax tree."""
    text = path.read_text(encoding="utf-8")
    return text, ast.parse(text, str(path))


def tree(path: Path) -> ast.Module:
    """A module's syntax tree (:func:`source`)."""
    return source(path)[1]
