"""The tools' commands of ``tressette``: ``bench``, ``arena`` and ``gallery``.

The product's command line (:mod:`firmware.cli`) knows no tool by name: it reads the
entry points of the group ``tressette.commands`` that pyproject.toml declares, and calls
each with its sub-command table. Each function here adds the command of its name, its
options (checked by :mod:`firmware.cliargs`) and its handler, which loads the tool only
when that command runs (``tressette --help`` never loads the arena, pygame or the coach).
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import TypeAlias

from firmware import cliargs as A

SubCommands: TypeAlias = "argparse._SubParsersAction[argparse.ArgumentParser]"


def _bench(args: argparse.Namespace) -> int:
    # start-up: each command loads its own modules (every command's modules at once: 20x the import time of firmware.cli alone, python -c, load 14)
    from tools import bench

    return bench.main(args)


def _arena(args: argparse.Namespace) -> int:
    # start-up: each command loads its own modules (every command's modules at once: 20x the import time of firmware.cli alone, python -c, load 14)
    from tools import arena

    return arena.main(args)


def _gallery(args: argparse.Namespace) -> int:
    # start-up: each command loads its own modules (every command's modules at once: 20x the import time of firmware.cli alone, python -c, load 14)
    from tools import coach_samples, gallery

    return gallery.main([], extra=coach_samples.scenes())


def _int_in(lo: int, hi: int, what: str) -> Callable[[str], int]:
    """An argparse type: a whole number in lo..hi, refused in one line otherwise."""
    return A.int_range(lo, hi, what=what)


def add_bench(sub: SubCommands) -> None:
    """``tressette bench WHAT``: the speed benchmarks and their knobs."""
    p = sub.add_parser("bench", help="speed benchmarks (engine, solver, ui, app, coach, phones, pool, inference, budget)")
    p.add_argument("what", choices=["engine", "solver", "ui", "app", "coach", "phones", "pool", "inference", "budget"])
    p.add_argument("--variant", type=A.variant, default="tressette2")
    p.add_argument("--seconds", type=A.float_range(0.01, 3600), default=None,
                   help="engine: seconds of playouts, app: rounds (default 3); phones: a bound on the whole bench (default 180); "
                        "ui: seconds of a still screen measured (default 10)")
    p.add_argument("--seed", type=A.int_range(0), default=1)
    p.add_argument("--think-ms", type=_int_in(1, 60_000, "think-ms"), default=None,
                   help="pool: each decision's wall time (the coach has no clock: --worlds)")
    p.add_argument("--worlds", type=_int_in(1, A.MAX_WORLDS, "worlds"), default=None,
                   help="coach: worlds per decision, a hint's and a rating's alike (default 64); budget: thousands of cards per decision (default 4)")
    p.add_argument("--hands", type=_int_in(1, 200, "hands"), default=5, help="coach, inference: seeded hands")
    p.add_argument("--workers", type=_int_in(1, 7, "workers"), default=None,
                   help="pool: world workers (default: the cores but one, at least 1)")
    p.add_argument("--positions", type=_int_in(1, 1000, "positions"), default=30,
                   help="pool: decisions measured")
    p.add_argument("--nice", type=_int_in(0, 19, "nice"), default=None,
                   help="pool: the workers' priority below the deciding thread (default 10)")
    p.set_defaults(func=_bench)


def add_arena(sub: SubCommands) -> None:
    """``tressette arena``: levels against each other, plain or duplicate, with the coach."""
    p = sub.add_parser("arena", help="computer levels play complete matches against each other")
    p.add_argument("--a", type=A.player, default="hard", help="level A: random, easy, normal, hard, oracle, reference")
    p.add_argument("--b", type=A.player, default="normal", help="level B")
    p.add_argument("--variant", type=A.variant, default="tressette2")
    p.add_argument("--matches", type=A.int_range(1, 1_000_000), default=20)
    p.add_argument("--seed", type=A.int_range(0), default=1)
    p.add_argument("--think-ms", type=A.int_range(0, 60_000), default=None, help="hard/oracle budget per decision, ms of CPU time (wall time capped at 3x)")
    p.add_argument("--worlds", type=A.int_range(1, 100_000), default=None, help="hard: fixed worlds per decision, no clock")
    p.add_argument("--wall-cap", type=float, default=None, help="hard: wall-clock cap, times --think-ms (default 3, as on the box; raise it on a loaded machine)")
    p.add_argument("--budget", type=A.budget, default=None,
                   help="hard: a counted budget, the same search on any host and load: pi4 or pi5 (what its core does in --think-ms) or cards played per decision")
    p.add_argument("--ref-plies", type=A.int_range(1, 40), default=None, help="reference: search depth in cards (default 8)")
    p.add_argument("--workers", type=A.int_range(0, 7), default=None, help="hard: a pool of this many world worker processes (default none)")
    p.add_argument("--options", default=None, help="preset options, e.g. target=21,signals=classic")
    p.add_argument(
        "--duplicate",
        action="store_true",
        help="every match once per side with the seats exchanged; points over duplicate pairs",
    )
    p.add_argument("--also", type=A.players, default=None, help="duplicate: more levels in A's place on the same deals")
    p.add_argument("--log", type=A.log_output, default=None,
                   help="duplicate: append one JSON line per deal and level (a regular file or a new one)")
    p.add_argument("--first", type=A.int_range(0, 1_000_000), default=None, help="duplicate: start at this deal (go on after a run cut short)")
    p.add_argument("--from-log", type=A.log_files, default=None,
                   help="report the deals of --log files (comma-separated regular files)")
    p.add_argument("--ceiling", default=None,
                   help="duplicate or --from-log: each level's share of the gap from B to this level (one of the levels)")
    p.add_argument("--json", action="store_true")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.add_argument("--coach", action="store_true", help="rate every play with the coach (calibration)")
    p.add_argument("--coach-worlds", type=_int_in(1, A.MAX_WORLDS, "coach-worlds"), default=None,
                   help="coach: worlds per decision, a hint's and a rating's alike (default 64); budget: thousands of cards per decision (default 4)")
    p.set_defaults(func=_arena)


def add_gallery(sub: SubCommands) -> None:
    """``tressette gallery``: every screen as PNGs (docs/screens/)."""
    p = sub.add_parser("gallery", help="render every screen x it/de/en/hr/nl x 800x480/480x320 into docs/screens/")
    p.set_defaults(func=_gallery)
