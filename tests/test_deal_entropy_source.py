"""No code path deals an unseeded game from fewer than 128 bits (issue "A fair table").

Read from the source of firmware/, ui/, hal/ and tools/ (as tests/test_imports.py reads
imports): a draw of fewer than 128 random bits (``randrange(1 << 31)``,
``getrandbits(48)``, ``token_hex(8)``, ``os.urandom(8)``), an unseeded
``random.Random()`` and Python's shared module-level generator
(``random.randrange(...)``) are each either on the list below, with the reason
they deal nothing unseeded, or a failure naming file and line. Deals of the box
come from ``firmware.engine.fresh_seed`` (128 bits from the operating system).
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

from tests.sources import source

REPO = Path(__file__).resolve().parents[1]
PACKAGES = ("firmware", "ui", "hal", "tools")
MIN_BITS = 128

# (file, the call's source) -> why it deals no unseeded game
ALLOWED: dict[tuple[str, str], str] = {
    ("tools/arena.py", "deals.randrange(1 << 30)"): "arena: deals from its --seed (random.Random(seed)), reproducible by design",
    ("tools/bench/budget.py", "deals.randrange(1 << 30)"): "the budget bench's hands, from its --seed (random.Random(seed))",
    ("firmware/players/solver.py", "rng.randrange(1 << 30)"): "the solver's bench positions, from a seeded random.Random(seed)",
    ("firmware/players/hard.py", "self.rng.getrandbits(48)"): "a sampling seed for the hard level's worlds, not a deal",
    ("firmware/app/phones/joining.py", "secrets.randbelow(10**6)"): "a phone's six-digit join code (docs/phones.md), not a deal",
}

BIT_CALLS = {"getrandbits": 1, "randbits": 1, "token_hex": 8, "token_bytes": 8, "token_urlsafe": 8, "urandom": 8}
"""Calls whose first argument counts bits (1 per unit) or bytes (8 per unit)."""

SHARED = {"randrange", "randint", "random", "choice", "shuffle", "sample", "getrandbits", "seed", "choices"}
"""``random.<these>(...)``: the module's one shared generator."""


def _const(node: ast.expr) -> int | None:
    try:
        value = ast.literal_eval(node)
    except ValueError:
        value = None
    if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.LShift, ast.Pow)):
        left, right = _const(node.left), _const(node.right)
        if left is not None and right is not None:
            value = left << right if isinstance(node.op, ast.LShift) else left**right
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _name(func: ast.expr) -> tuple[str, str]:
    """(what the call is on, the name called): ``random.Random`` -> ("random", "Random")."""
    if isinstance(func, ast.Attribute):
        owner = func.value.id if isinstance(func.value, ast.Name) else ""
        return owner, func.attr
    return "", func.id if isinstance(func, ast.Name) else ""


def weak_draws(tree: ast.AST) -> Iterator[tuple[ast.Call, str]]:
    """Every call that draws fewer than MIN_BITS random bits or from no seed, and why."""
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        owner, name = _name(node.func)
        first = _const(node.args[0]) if node.args else None
        if name in BIT_CALLS and first is not None and first * BIT_CALLS[name] < MIN_BITS:
            yield node, f"{name}: {first * BIT_CALLS[name]} bits"
        elif name in ("randrange", "randbelow") and first is not None and first.bit_length() - 1 < MIN_BITS and first >= 1 << 16:
            yield node, f"{name}: {first.bit_length() - 1} bits"
        elif name == "Random" and not node.args:
            yield node, "random.Random() without a seed"
        elif owner == "random" and name in SHARED:
            yield node, f"random.{name}: the shared module generator"


def findings() -> list[tuple[str, str, int, str]]:
    out = []
    for pkg in PACKAGES:
        for path in sorted((REPO / pkg).rglob("*.py")):
            text, tree = source(path)
            rel = path.relative_to(REPO).as_posix()
            for call, why in weak_draws(tree):
                out.append((rel, ast.get_source_segment(text, call) or "", call.lineno, why))
    return out


def test_no_deal_is_drawn_from_fewer_than_128_bits() -> None:
    bad = [f"{rel}:{line}: {src} ({why})" for rel, src, line, why in findings() if (rel, src) not in ALLOWED]
    assert not bad, "draws too small for an unseeded deal:\n" + "\n".join(bad)


def test_every_allowed_draw_is_still_there() -> None:
    """An entry whose line has gone is removed, not left to excuse a new one."""
    seen = {(rel, src) for rel, src, _, _ in findings()}
    assert set(ALLOWED) <= seen, set(ALLOWED) - seen


def test_the_check_sees_what_the_old_deal_did() -> None:
    old = "def _new_match_seed(self):\n    return self.table.rng.randrange(1 << 31)\n"
    assert [why for _, why in weak_draws(ast.parse(old))] == ["randrange: 31 bits"]
    assert len(list(weak_draws(ast.parse("random.Random().shuffle(cards)\nos.urandom(8)\nrandom.randrange(1000)")))) == 3
    assert not list(weak_draws(ast.parse("secrets.token_hex(16)\nsecrets.randbits(128)\nrandom.Random(seed)")))
