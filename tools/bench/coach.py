"""``tressette bench coach``: how long a hint and the rating of a whole hand take.

Positions come from seeded hands of the variant played by the normal level
(so every run measures the same positions). A hint and the rating of a whole
hand (every card of every seat, the way ``tressette analyse`` and the
end-of-hand review rate it) search the same fixed number of worlds a decision
(``--worlds``, default the coach's :data:`RATE_WORLDS`): the live hint *is* a
rating's best card (docs/coach.md, *One answer*). Wall clock and the thread's
CPU time are both shown: on a shared machine the wall clock also counts the
other processes; a Pi 4 is 3-4x slower than the development machine.
"""

from __future__ import annotations

import json
import platform
import statistics
import time
from typing import Any

from firmware.cliopts import BenchOptions
from firmware.coach.core import RATE_WORLDS, Coach
from firmware.coach.review import review_match
from firmware.engine import Declare, HandState, Match, Play, View, make_variant, view_for
from firmware.engine.records import dumps
from firmware.players import make_player


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
    worlds = args.worlds or RATE_WORLDS
    hands = seeded_hands(args.variant, args.seed, args.hands)
    hint_wall: list[float] = []
    hint_cpu: list[float] = []
    coach = Coach(worlds=worlds)
    for _, views in hands:
        for v in views:
            t0, c0 = time.perf_counter(), time.thread_time()
            coach.hint(v)
            hint_wall.append(time.perf_counter() - t0)
            hint_cpu.append(time.thread_time() - c0)
    rate_wall: list[float] = []
    rate_cpu: list[float] = []
    plays = 0
    for doc, _ in hands:
        t0, c0 = time.perf_counter(), time.thread_time()
        review = review_match(doc, Coach(worlds=worlds))
        rate_wall.append(time.perf_counter() - t0)
        rate_cpu.append(time.thread_time() - c0)
        plays += sum(len(h.plays) for h in review.hands)
    print(f"machine: {platform.machine()} {platform.processor() or ''} python {platform.python_version()}")
    print(f"variant: {args.variant}, {len(hands)} seeded hands, {len(hint_wall)} decisions with a choice")
    print(f"hint at --worlds {worlds}: wall {_stats(hint_wall)}")
    print(f"                 cpu  {_stats(hint_cpu)}")
    print(f"whole hand rated at --worlds {worlds} ({plays / len(hands):.0f} cards a hand):")
    print(f"  wall median {statistics.median(rate_wall):.2f} s, max {max(rate_wall):.2f} s")
    print(f"  cpu  median {statistics.median(rate_cpu):.2f} s, max {max(rate_cpu):.2f} s")
    print("goals on this machine: hint <= 300 ms, a hand rated <= 3 s")
    cpu = statistics.median(hint_cpu)
    p95 = sorted(hint_cpu)[min(len(hint_cpu) - 1, int(0.95 * len(hint_cpu)))]
    print(
        f"a Pi 4 is 3-4x slower: a hint there about {3e3 * cpu:.0f}-{4e3 * cpu:.0f} ms of CPU "
        f"(p95 {3e3 * p95:.0f}-{4e3 * p95:.0f} ms), a hand rated about "
        f"{3 * statistics.median(rate_cpu):.1f}-{4 * statistics.median(rate_cpu):.1f} s"
    )
    return 0
