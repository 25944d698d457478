"""One direction of imports (DESIGN.md): no circle among the project's modules.

Every import statement of firmware/, ui/, hal/ and deploy/ is read from the
source (module level, inside functions, under ``TYPE_CHECKING``): a circle
hidden in a function or behind ``TYPE_CHECKING`` is a circle all the same, one
a newcomer walks round without knowing. ``from package import submodule``
leads to the submodule.

An import inside a function is allowed for two reasons only, said on its line
or the line above: ``# optional:`` (a library the program runs without: the
Pi's GPIO and serial libraries, the deploy extra, a progress bar) or
``# start-up:`` (a module a command does not need, so that command starts
without loading it: pygame for ``tressette replay``, every other command's
modules for each command of the CLI).
"""

from __future__ import annotations

import ast
import re
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from tests.sources import source

REPO = Path(__file__).resolve().parents[1]
PACKAGES = ("firmware", "ui", "hal", "deploy", "tools")
REASONS = ("# optional:", "# start-up:")


@dataclass(frozen=True, slots=True)
class Import:
    source: str  # the importing module
    target: str  # the project module imported
    line: int
    in_function: bool


def modules() -> dict[str, Path]:
    out = {}
    for pkg in PACKAGES:
        for path in sorted((REPO / pkg).rglob("*.py")):
            parts = list(path.relative_to(REPO).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            out[".".join(parts)] = path
    return out


def _owner(name: str, known: dict[str, Path]) -> str | None:
    """The project module ``name`` is, or is inside (``firmware.engine.Card`` → ``firmware.engine``)."""
    while name and name not in known:
        name = name.rpartition(".")[0]
    return name or None


@cache
def import_nodes(path: Path) -> tuple[tuple[ast.Import | ast.ImportFrom, bool], ...]:
    """Every import statement of the module, and whether it sits inside a function (at any
    depth: a method, a nested function), in one walk of its tree."""
    found: list[tuple[ast.Import | ast.ImportFrom, bool]] = []

    def visit(node: ast.AST, inside: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.Import, ast.ImportFrom)):
                found.append((child, inside))
            visit(child, inside or isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)))

    visit(source(path)[1], False)
    return tuple(found)


def imports(known: dict[str, Path]) -> Iterator[Import]:
    for name, path in known.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        for node, in_function in import_nodes(path):
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            else:
                base = node.module or ""
                if node.level:
                    up = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                    base = ".".join([*up, base] if base else up)
                targets = [f"{base}.{a.name}" if f"{base}.{a.name}" in known else base for a in node.names]
            for target in targets:
                owner = _owner(target, known)
                if owner is not None and owner != name:
                    yield Import(name, owner, node.lineno, in_function)


def circles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for start in sorted(edges):
        if start in index:
            continue
        work = [(start, iter(sorted(edges[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is None:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        top = stack.pop()
                        on_stack.discard(top)
                        component.append(top)
                        if top == node:
                            break
                    if len(component) > 1:
                        found.append(sorted(component))
            elif child not in index:
                index[child] = low[child] = len(index)
                stack.append(child)
                on_stack.add(child)
                work.append((child, iter(sorted(edges.get(child, ())))))
            elif child in on_stack:
                low[node] = min(low[node], index[child])
    return found


def test_no_import_circle() -> None:
    known = modules()
    edges: dict[str, set[str]] = {name: set() for name in known}
    for imp in imports(known):
        edges[imp.source].add(imp.target)
    found = circles(edges)
    assert not found, "import circles: " + "; ".join(" ↔ ".join(c) for c in found)


def test_the_circle_finder_finds_a_circle_and_only_one() -> None:
    edges = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": set()}
    assert circles(edges) == [["a", "b", "c"]]
    assert circles({"a": {"b"}, "b": set()}) == []


def test_an_import_inside_a_function_says_why() -> None:
    """Only an optional library or a measured start-up cost, each with its reason."""
    unexplained = []
    for path in modules().values():
        lines = source(path)[0].splitlines()
        for node in sorted((n for n, inside in import_nodes(path) if inside), key=lambda n: n.lineno):
            near = lines[node.lineno - 1] + " " + (lines[node.lineno - 2] if node.lineno > 1 else "")
            # a block of imports (blank lines between them too) shares the reason above its first line
            above = node.lineno - 2
            while above >= 0 and (lines[above].strip().startswith(("import ", "from ")) or not lines[above].strip()):
                near += " " + (lines[above - 1] if above >= 1 else "")
                above -= 1
            if not any(reason in near for reason in REASONS):
                unexplained.append(f"{path.relative_to(REPO)}:{node.lineno}: {ast.unparse(node)}")
    assert not unexplained, "imports inside functions without '# optional:' or '# start-up:':\n" + "\n".join(
        unexplained
    )


PRODUCT = ("firmware", "hal", "ui", "deploy")


def test_the_product_never_imports_a_tool() -> None:
    """Benchmarks, the gallery, the arena and the touch-play driver live in tools/ (README,
    "Where things are"): nothing of the product names a tool, the command line included; the
    tools' commands reach ``tressette`` through its plug-in point (firmware.cli's
    COMMANDS_GROUP, pyproject.toml's entry points)."""
    known = modules()
    reaching = sorted(
        f"{imp.source}:{imp.line} → {imp.target}"
        for imp in imports(known)
        if imp.target.split(".")[0] == "tools" and imp.source.split(".")[0] in PRODUCT
    )
    assert not reaching, "the product imports a tool: " + "; ".join(reaching)


IMPORTERS = ("import_module", "__import__", "find_spec", "run_module")


def _names_a_tool(node: ast.AST) -> bool:
    """A dotted name of a tool's module (``"tools.arena"``, ``"tools.bench:main"``), or
    ``"tools"`` handed to an importer (``import_module("tools")``)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return re.fullmatch(r"tools(\.\w+)+(:\w+)?", node.value) is not None
    if isinstance(node, ast.Call):
        func = node.func
        called = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
        return called in IMPORTERS and any(
            isinstance(a, ast.Constant) and isinstance(a.value, str) and a.value.split(".")[0] == "tools"
            for a in node.args)
    return False


def test_the_product_names_no_tool_module_in_a_string() -> None:
    """No ``import_module("tools.x")`` in the product: the arrow hidden in a string is an
    arrow all the same (pyproject.toml's entry points are the one place that names the
    tools' commands)."""
    hidden = [
        f"{path.relative_to(REPO)}:{getattr(node, 'lineno', 0)}: {ast.unparse(node)}"
        for name, path in modules().items() if name.split(".")[0] in PRODUCT
        for node in ast.walk(source(path)[1]) if _names_a_tool(node)
    ]
    assert not hidden, "the product names a tool module: " + "; ".join(hidden)


def test_the_string_check_sees_a_hidden_import() -> None:
    code = "import importlib\nimportlib.import_module('tools')\nX = 'tools.arena'\nY = 'tools'\n"
    found = [n for n in ast.walk(ast.parse(code)) if _names_a_tool(n)]
    assert [ast.unparse(n) for n in found] == ["importlib.import_module('tools')", "'tools.arena'"]


# The rooms and the rooms each may import (docs/box.md, "The rooms and their arrows"):
# engine <- players <- coach <- app -> ui, hal; ui -> engine only; hal -> nothing of the project.
# A room not named here (firmware.app, firmware's own modules, deploy, tools) is held by the
# tests above: no circle, no tool imported by the product.
ROOMS = ("firmware.engine", "firmware.players", "firmware.coach", "firmware.app", "firmware", "ui", "hal",
         "deploy", "tools")
MAY_IMPORT: dict[str, set[str]] = {
    "firmware.engine": set(),
    "firmware.players": {"firmware.engine"},
    "firmware.coach": {"firmware.engine", "firmware.players"},
    "ui": {"firmware.engine"},
    "hal": set(),
}


def room(module: str) -> str:
    """The room a module is in: the longest of :data:`ROOMS` it is, or is inside."""
    return max((r for r in ROOMS if module == r or module.startswith(r + ".")), key=len)


def upward(found: list[Import]) -> list[str]:
    """The imports that leave their room for one it may not import."""
    return sorted(
        f"{imp.source}:{imp.line} → {imp.target}"
        for imp in found
        if room(imp.source) in MAY_IMPORT and room(imp.target) != room(imp.source)
        and room(imp.target) not in MAY_IMPORT[room(imp.source)]
    )


def test_each_room_imports_only_the_rooms_below_it() -> None:
    """ui sees the engine only (cards, seating, actions, views); hal knows nothing of the
    program; the engine, the players and the coach know nothing of the app, the screen or
    the hardware."""
    wrong = upward(list(imports(modules())))
    assert not wrong, "an import against the layers (docs/box.md):\n" + "\n".join(wrong)


def test_the_engine_uses_the_standard_library_only() -> None:
    third = []
    for name, path in modules().items():
        if room(name) != "firmware.engine":
            continue
        for node in ast.walk(source(path)[1]):
            if isinstance(node, ast.Import):
                tops = [a.name.split(".")[0] for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                tops = [node.module.split(".")[0]]
            else:
                continue
            third += [f"{path.relative_to(REPO)}:{node.lineno}: {t}" for t in tops
                      if t not in sys.stdlib_module_names and t != "firmware"]
    assert not third, "the engine imports outside the standard library: " + "; ".join(third)


def test_the_layer_check_sees_an_arrow_running_up() -> None:
    found = [Import("ui.table", "firmware.engine.cards", 1, False), Import("ui.table", "firmware.app.core", 2, False),
             Import("hal.buttons", "ui.cards", 3, True), Import("firmware.engine.state", "firmware.players.hard", 4, False),
             Import("firmware.app.loop", "ui.app", 5, False), Import("firmware.coach.core", "firmware.players", 6, False),
             Import("hal.reader", "tools.bench", 7, True)]
    assert upward(found) == ["firmware.engine.state:4 → firmware.players.hard", "hal.buttons:3 → ui.cards",
                             "hal.reader:7 → tools.bench", "ui.table:2 → firmware.app.core"]
    assert (room("firmware.store"), room("firmware.app.phones.server"), room("tools")) == (
        "firmware", "firmware.app", "tools")
