"""The UI sees engine views only: it never imports the controller, store, players or HAL."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tests.sources import tree
from ui.i18n import CATALOGUE, LANGUAGES, RULES_PAGES

UI = Path(__file__).resolve().parents[2] / "ui"


def imported(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(tree(path)):
        if isinstance(node, ast.Import):
            names |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


@pytest.mark.parametrize("path", sorted(UI.rglob("*.py")), ids=lambda p: str(p.relative_to(UI)))
def test_ui_imports_only_the_engine(path: Path) -> None:
    for name in imported(path):
        top = name.split(".")[0]
        assert top not in ("hal",), (path.name, name)
        if top == "firmware":
            assert name.startswith("firmware.engine"), (path.name, name)


def test_every_string_in_every_language() -> None:
    for key, row in CATALOGUE.items():
        assert len(row) == len(LANGUAGES) and all(row), key
    assert {len(RULES_PAGES[lang]) for lang in LANGUAGES} == {len(RULES_PAGES["it"])}


def test_fonts_and_license_are_shipped() -> None:
    assets = UI / "assets"
    for name in ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "LICENSE-DejaVu.txt"):
        assert (assets / name).stat().st_size > 1000
