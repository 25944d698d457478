"""``tressette bench solver``: the exact two-hand solver timed on fixed endgame positions."""

from __future__ import annotations

import platform
import resource
import statistics
import time

from firmware.cliopts import BenchOptions
from firmware.players.solver import LEAN_VARIANTS, TwoHandSolver, endgame_positions


def main(args: BenchOptions) -> int:
    """``tressette bench solver``: time the exact solver on fixed endgame positions."""
    variant_name = args.variant if args.variant in LEAN_VARIANTS else "tressette2"
    positions = endgame_positions(variant_name, 100, args.seed)
    times: list[float] = []
    cpu: list[float] = []
    nodes: list[int] = []
    for s in positions:
        solver = TwoHandSolver(s.variant.deck)
        t0 = time.perf_counter()
        c0 = time.thread_time()
        solver.best_move_floored(s)
        times.append(time.perf_counter() - t0)
        cpu.append(time.thread_time() - c0)
        nodes.append(solver.nodes)
    times.sort()
    cpu.sort()
    n_cards = positions[0].hands[0].bit_count()
    print(f"machine: {platform.machine()} {platform.processor() or ''} python {platform.python_version()}")
    print(f"variant: {variant_name}, {len(positions)} positions, {n_cards} against {n_cards} cards")
    print(
        f"exact solve: median {statistics.median(times) * 1e3:.1f} ms, "
        f"p95 {times[int(len(times) * 0.95)] * 1e3:.1f} ms, max {times[-1] * 1e3:.1f} ms; "
        f"median {statistics.median(nodes):,.0f} nodes"
    )
    print(
        f"cpu time: median {statistics.median(cpu) * 1e3:.1f} ms, "
        f"p95 {cpu[int(len(cpu) * 0.95)] * 1e3:.1f} ms, max {cpu[-1] * 1e3:.1f} ms"
    )
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"max RSS {rss:.0f} MB")
    return 0
