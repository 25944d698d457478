"""``tressette bench pool``: worlds per decision at equal wall time, with and without
the pool of world workers (:mod:`firmware.players.pool`).

Method: the decisions of seeded hands (normal players at every seat; every
decision where the seat to move has two or more cards to choose from and the
worlds are sampled) are each searched twice by the hard level with racing off
(every card meets every world, so the count measures throughput, not how soon
the race ends) and a budget counted on the **wall clock** (the same wall time
for both): once alone, once with the pool; the order alternates from decision
to decision so that a change of the machine's load hits both alike. It prints
the mean worlds per decision each way, their ratio, the decision's wall time
(it must not grow: the pool works inside the budget), and the machine's load.
"""

from __future__ import annotations

import contextlib
import functools
import os
import platform
import statistics
import time
from collections.abc import Sequence

from firmware.cliopts import BenchOptions
from firmware.engine import Declare, IllegalAction, Match, Play, View, make_variant, view_for
from firmware.players.base import Player
from firmware.players.budget import Budget
from firmware.players.hard import HardPlayer, exact_endgame
from firmware.players.heuristic import NormalPlayer
from firmware.players.pool import WORKER_NICE, WorldPool, default_workers


def positions(variant_name: str, seed: int, count: int) -> list[View]:
    """Up to ``count`` views of seeded hands where the hard level samples worlds."""
    variant = make_variant(variant_name)
    out: list[View] = []
    hand = 0
    while len(out) < count and hand < 200:
        match = Match(variant, first_dealer=hand % variant.n_seats)
        state = match.start_hand(seed=seed * 1009 + hand)
        players = [NormalPlayer(seed=s) for s in range(variant.n_seats)]
        while not state.over and len(out) < count:
            declare_all(match, players)
            if state.over:
                break
            view = view_for(state, state.to_move)
            cards = {a.card for a in view.legal if isinstance(a, Play)}
            if len(cards) >= 2 and not exact_endgame(view):
                out.append(view)
            match.apply(players[state.to_move].choose(view))
        hand += 1
    return out


def declare_all(match: Match, players: Sequence[Player]) -> None:
    """Every accuso each seat's player declares, before the next card."""
    state = match.state
    assert state is not None
    for seat, player in enumerate(players):
        view = view_for(state, seat)
        if any(isinstance(a, Declare) for a in view.legal):
            for decl in player.declarations(view):
                with contextlib.suppress(IllegalAction):  # a three after its four
                    match.apply(decl)


def search(view: View, ms: int, pool: WorldPool | None, seed: int) -> tuple[int, int, float, float]:
    """Worlds searched (all, by the pool), the wall time of one decision at ``ms`` of
    wall-clock budget, and the deciding thread's CPU time."""
    player = HardPlayer(seed=seed, think_ms=ms)
    player.racing = False
    player.budget = functools.partial(Budget, cpu=time.perf_counter, cap=1.0)
    player.pool = pool
    player.use_pool = pool is not None
    cards = sorted({a.card for a in view.legal if isinstance(a, Play)})
    t0 = time.perf_counter()
    c0 = time.thread_time()
    player.pick(view, cards)
    return player.last_worlds, player.last_pool_worlds, time.perf_counter() - t0, time.thread_time() - c0


def main(args: BenchOptions) -> int:
    workers = args.workers if args.workers is not None else default_workers()
    if workers < 1:
        workers = 1  # measure what one worker adds, even on one core
    ms = args.think_ms or 120
    nice = WORKER_NICE if args.nice is None else args.nice
    views = positions(args.variant, args.seed, args.positions)
    load0 = os.getloadavg()
    pool = WorldPool(workers, nice=nice)
    try:
        if not pool.wait_ready(60.0):
            print("bench pool: the workers did not start within 60 s")
            return 1
        alone: list[int] = []
        pooled: list[int] = []
        from_pool: list[int] = []
        walls: dict[str, list[float]] = {"alone": [], "pool": []}
        cpu = {"alone": 0.0, "pool": 0.0}
        for i, view in enumerate(views):
            order = (False, True) if i % 2 == 0 else (True, False)
            for use in order:
                n, p, wall, spent = search(view, ms, pool if use else None, seed=args.seed + i)
                if use:
                    pooled.append(n)
                    from_pool.append(p)
                    walls["pool"].append(wall)
                    cpu["pool"] += spent
                else:
                    alone.append(n)
                    walls["alone"].append(wall)
                    cpu["alone"] += spent
        left = pool.size
        worker_cpu, worker_rows = pool.worker_cpu, pool.worker_rows
    finally:
        pool.close()
    load1 = os.getloadavg()
    a, b = statistics.fmean(alone), statistics.fmean(pooled)
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    print(f"machine: {platform.machine()} python {platform.python_version()}, {cores} cores, "
          f"load {load0[0]:.1f} before, {load1[0]:.1f} after")
    print(f"variant {args.variant}: {len(views)} decisions, {ms} ms of wall time each, racing off; "
          f"{workers} worker(s) at nice +{nice} ({left} left at the end)")
    print(f"worlds per decision alone:     mean {a:.1f}, median {statistics.median(alone):.0f}")
    print(f"worlds per decision with pool: mean {b:.1f}, median {statistics.median(pooled):.0f} "
          f"({statistics.fmean(from_pool):.1f} from the workers)")
    print(f"speed-up: {b / a:.2f}x the worlds at the same wall time (measured, at this load)")
    # The rates per CPU second say what free cores would give (every worker a core of its own).
    thread_alone = sum(alone) / max(cpu["alone"], 1e-9)
    own_pooled = sum(pooled) - sum(from_pool)
    thread_pooled = own_pooled / max(cpu["pool"], 1e-9)
    worker_rate = worker_rows / max(worker_cpu, 1e-9)
    print(f"worlds per CPU second: thread alone {thread_alone:.0f}, thread with the pool "
          f"{thread_pooled:.0f} (its cost of the pool: {1 - thread_pooled / thread_alone:+.1%}), "
          f"a worker {worker_rate:.0f}")
    print(f"with a free core for each worker: {(thread_pooled + workers * worker_rate) / thread_alone:.2f}x "
          f"(computed from those CPU rates, not measured at equal wall time)")
    for k, ws in walls.items():
        print(f"decision wall time {k}: median {statistics.median(ws) * 1e3:.1f} ms, "
              f"max {max(ws) * 1e3:.1f} ms")
    return 0
