"""``tressette bench engine|solver|ui|app|coach|phones|pool|inference|budget``: speed figures the
project ships (``inference``: how well each model of the opponent places its hidden cards,
and what a world costs).

Figures depend on the machine and its load: compare ratios measured in one
run, and note the machine with any figure you report.
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import time

from firmware.cliopts import BenchOptions
from firmware.engine import (
    Claim,
    HandState,
    Variant,
    apply,
    deal_seeded,
    legal_actions,
    make_variant,
)


def ready_to_play(state: HandState) -> HandState:
    """Past the steps before the first card (chiamata's call, terziglio's discard):
    the fast path only plays cards."""
    while state.pending is not None:
        state = apply(state, legal_actions(state)[0])
    return state


def random_playouts(state: HandState, rng: random.Random, seconds: float) -> tuple[int, float]:
    """Play random legal cards from ``state`` to the end of the hand, again and again.

    Uses the unchecked fast path the hard player's search uses; returns
    (hands played, seconds spent).
    """
    hands = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        for _ in range(50):
            s = state.copy()
            while not s.over:
                mask = s.legal_mask()
                k = rng.randrange(mask.bit_count())
                for _ in range(k):
                    mask &= mask - 1
                s.play_fast((mask & -mask).bit_length() - 1)
            hands += 1
        now = time.perf_counter()
        if now >= deadline:
            return hands, now - start


def checked_step_costs(variant_name: str, seed: int, hands: int) -> list[float]:
    """Seconds per ``legal_actions`` + ``apply`` on the checked public path."""
    variant = make_variant(variant_name)
    rng = random.Random(seed)
    costs: list[float] = []
    for h in range(hands):
        state = HandState.start(variant, deal_seeded(variant, seed + h, h % variant.n_seats), 0)
        while not state.over:
            t0 = time.perf_counter()
            # A claim (tressette4) would end the hand at once: time the plays instead.
            actions = [a for a in legal_actions(state) if not isinstance(a, Claim)]
            action = actions[rng.randrange(len(actions))]
            state = apply(state, action)
            costs.append(time.perf_counter() - t0)
    return costs


def bench_engine(args: BenchOptions) -> int:
    variant: Variant = make_variant(args.variant)
    rng = random.Random(args.seed)
    start = ready_to_play(HandState.start(variant, deal_seeded(variant, args.seed, 0), 0))
    hands, spent = random_playouts(start, rng, args.seconds_or(3.0))
    costs = checked_step_costs(args.variant, args.seed, 200)
    print(f"machine: {platform.machine()} {platform.processor() or ''} python {platform.python_version()}")
    print(f"variant: {variant.name}")
    print(f"random playouts (fast path, one core): {hands / spent:,.0f} complete hands/s")
    print(
        "legal_actions + apply (checked path): "
        f"median {statistics.median(costs) * 1e6:.1f} µs, "
        f"p95 {sorted(costs)[int(len(costs) * 0.95)] * 1e6:.1f} µs"
    )
    return 0


def main(namespace: argparse.Namespace) -> int:
    args = BenchOptions.from_args(namespace)
    if args.what == "engine":
        return bench_engine(args)
    if args.what == "solver":
        # start-up: each benchmark loads its own modules (bench engine never loads pygame)
        from firmware.players import solver

        return solver.bench_main(args)
    if args.what == "pool":
        from firmware.players import poolbench  # start-up: as the solver's, its own modules

        return poolbench.main(args)
    if args.what == "budget":
        from firmware.players import budgetbench  # start-up: as the solver's, its own modules

        return budgetbench.main(args)
    if args.what == "inference":
        from firmware.players import inferencebench  # start-up: as the solver's, its own modules

        return inferencebench.main(args)
    if args.what == "coach":
        # start-up: each benchmark loads its own modules (bench engine never loads pygame)
        from firmware.coach import bench as coach_bench

        return coach_bench.main(args)
    if args.what == "app":
        # start-up: each benchmark loads its own modules (bench engine never loads pygame)
        from firmware.app import bench as app_bench

        return app_bench.main(args)
    if args.what == "phones":
        # start-up: aiohttp and the phone server load only for this benchmark
        from firmware.app.phones import bench as phones_bench

        return phones_bench.main(args)
    # start-up: each benchmark loads its own modules (bench engine never loads pygame)
    from ui import bench

    return bench.main(args.variant, args.seed)
