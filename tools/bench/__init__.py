"""``tressette bench WHAT``: the speed figures the project ships, one module per subject.

=========  ==================================================================
engine     random playouts (fast path) and a checked step (:mod:`.engine`)
solver     the exact two-hand solver on fixed endgames (:mod:`.solver`)
pool       the hard level's worlds per decision with and without workers (:mod:`.pool`)
budget     the host's rate per game, the unit of the counted budget (:mod:`.budget`)
inference  how well each model of the opponent places hidden cards (:mod:`.inference`)
coach      a hint, a whole hand rated (:mod:`.coach`)
app        the screen model's cost as the history grows (:mod:`.app`)
phones     a tap to four phones and the screen, memory with four phones (:mod:`.phones`)
ui         a frame's cost at each size, a still screen's share of a core (:mod:`.ui`)
=========  ==================================================================

Figures depend on the machine and its load: compare ratios measured in one run, and note
the machine with any figure you report. Each subject's module is loaded only when asked
for (``bench engine`` never loads pygame or the phone server).
"""

from __future__ import annotations

import argparse

from firmware.cliopts import BenchOptions

SUBJECTS: tuple[str, ...] = ("engine", "solver", "ui", "app", "coach", "phones", "pool", "inference", "budget")


def _run(args: BenchOptions) -> int:
    # start-up: each subject loads its own modules (bench engine never loads pygame or aiohttp)
    if args.what == "engine":
        from tools.bench import engine  # start-up: as above

        return engine.main(args)
    if args.what == "solver":
        from tools.bench import solver  # start-up: as above

        return solver.main(args)
    if args.what == "pool":
        from tools.bench import pool  # start-up: as above

        return pool.main(args)
    if args.what == "budget":
        from tools.bench import budget  # start-up: as above

        return budget.main(args)
    if args.what == "inference":
        from tools.bench import inference  # start-up: as above

        return inference.main(args)
    if args.what == "coach":
        from tools.bench import coach  # start-up: as above

        return coach.main(args)
    if args.what == "app":
        from tools.bench import app  # start-up: as above

        return app.main(args)
    if args.what == "phones":
        from tools.bench import phones  # start-up: aiohttp and the phone server load only here

        return phones.main(args)
    from tools.bench import ui  # start-up: pygame loads only here

    return ui.main(args.variant, args.seed, still_s=args.seconds_or(10.0))


def main(namespace: argparse.Namespace) -> int:
    args = BenchOptions.from_args(namespace)
    if args.what not in SUBJECTS:
        raise SystemExit(f"tressette bench: no benchmark {args.what!r} (one of {', '.join(SUBJECTS)})")
    return _run(args)
