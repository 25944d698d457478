"""``tressette bench coach``: how long a hint and the rating of a whole hand take.

Positions come from seeded hands of the variant played by the normal level
(so every run measures the same positions). A hint is timed at the hard
player's clock (``--think-ms``, default the hard level's 120 ms; a Pi 4 is
3-4x slower, so the README's Pi-4-equivalent budget is 40); the rating of a
whole hand (every card of every seat, the way ``tressette analyse`` and the
end-of-hand review rate it) at a fixed number of worlds (``--worlds``,
default the coach's). Wall clock and the thread's CPU time are both shown:
on a shared machine the wall clock also counts the other processes. With
``--workers N`` the hints run beside a pool of N world workers, as on the box
(:mod:`firmware.players.pool`), and the report says how many of a hint's
worlds the pool searched; ratings never use one (fixed worlds, the same on
every machine).
"""

from __future__ import annotations

import json
import platform
import statistics
import time
from typing import Any

from firmware.cliopts import BenchOptions
from firmware.coach.core import HINT_THINK_MS, RATE_WORLDS, Coach
from firmware.coach.review import review_match
from firmware.engine import Declare, HandState, Match, Play, View, make_variant, view_for
from firmware.engine.records import dumps
from firmware.players import make_player
from firmware.players import pool as world_pool


def seeded_hands(variant_name: str, seed: int, hands: int) -> list[tuple[dict[str, Any], list[View]]]:
    """``hands`` one-hand records played by the normal level, with every view that had a choice."""
    out: list[tuple[dict[str, Any], list[View]]] = []
    for h in range(hands):
        match = Match(make_variant(variant_name), first_dealer=h % 2)
        n = match.variant.n_seats
        players = [make_player("normal", seed=seed + s) for s in range(n)]
        state: HandState = match.start_hand(seed=seed * 1000 + h)
        views: list[View] = []
        while not state.over:
            declared = False
            for seat in range(n):
                v = view_for(state, seat)
                if any(isinstance(a, Declare) for a in v.legal):
                    for d in players[seat].declarations(v):
                        if d in view_for(state, seat).legal:
                            match.apply(d)
                            declared = True
            if declared or state.over:
                continue
            v = view_for(state, state.to_move)
            if sum(1 for a in v.legal if isinstance(a, Play)) > 1:
                views.append(v)
            match.apply(players[state.to_move].choose(v))
        out.append((json.loads(dumps(match)), views))
    return out


def _stats(xs: list[float]) -> str:
    s = sorted(xs)
    p95 = s[min(len(s) - 1, int(0.95 * len(s)))]
    return f"median {statistics.median(s) * 1e3:.0f} ms, p95 {p95 * 1e3:.0f} ms, max {s[-1] * 1e3:.0f} ms"


def main(args: BenchOptions) -> int:
    think_ms = args.think_ms or HINT_THINK_MS
    worlds = args.worlds or RATE_WORLDS
    hands = seeded_hands(args.variant, args.seed, args.hands)
    hint_wall: list[float] = []
    hint_cpu: list[float] = []
    hint_worlds: list[int] = []
    pool_worlds: list[int] = []
    coach = Coach(seed=args.seed, worlds=None, think_ms=think_ms)
    pool = world_pool.start_shared(args.workers) if args.workers else None
    try:
        for _, views in hands:
            for v in views:
                t0, c0 = time.perf_counter(), time.thread_time()
                hint = coach.hint(v)
                hint_wall.append(time.perf_counter() - t0)
                hint_cpu.append(time.thread_time() - c0)
                if hint.method == "sampled":
                    hint_worlds.append(coach.hard.last_worlds)
                    pool_worlds.append(coach.hard.last_pool_worlds)
    finally:
        if pool is not None:
            world_pool.stop_shared()
    rate_wall: list[float] = []
    rate_cpu: list[float] = []
    plays = 0
    for doc, _ in hands:
        t0, c0 = time.perf_counter(), time.thread_time()
        review = review_match(doc, Coach(seed=args.seed, worlds=worlds))
        rate_wall.append(time.perf_counter() - t0)
        rate_cpu.append(time.thread_time() - c0)
        plays += sum(len(h.plays) for h in review.hands)
    print(f"machine: {platform.machine()} {platform.processor() or ''} python {platform.python_version()}")
    print(f"variant: {args.variant}, {len(hands)} seeded hands, {len(hint_wall)} decisions with a choice")
    print(f"hint at --think-ms {think_ms}: wall {_stats(hint_wall)}")
    print(f"                      cpu  {_stats(hint_cpu)}")
    if hint_worlds:
        share = sum(pool_worlds) / max(1, sum(hint_worlds))
        by = f"with {args.workers} world worker(s): {share:.0%} of them from the pool" if pool else "no pool"
        print(f"worlds a sampled hint: median {statistics.median(hint_worlds):.0f} ({by})")
    print(f"whole hand rated at --worlds {worlds} ({plays / len(hands):.0f} cards a hand):")
    print(f"  wall median {statistics.median(rate_wall):.2f} s, max {max(rate_wall):.2f} s")
    print(f"  cpu  median {statistics.median(rate_cpu):.2f} s, max {max(rate_cpu):.2f} s")
    print("goals on this machine: hint <= 300 ms, a hand rated <= 3 s")
    print(
        "a Pi 4 is 3-4x slower: its hint budget is --think-ms 40 (README); a hand rated at these "
        f"worlds would take about {3 * statistics.median(rate_cpu):.1f}-{4 * statistics.median(rate_cpu):.1f} s of CPU there"
    )
    return 0
