"""``tressette bench budget``: what the counted budget costs on this host, by game.

Hard at every seat plays ``--hands`` seeded hands of each game with a count of
cards per decision (``--worlds`` thousands of cards, default 4), and the bench
prints, per game, the cards the search played per ms of the deciding thread's CPU
time: over all decisions, and at the decisions' 5th percentile (the slowest
cards). The 5th percentile is the calibration (``HOST_PLAYS_PER_MS`` in
:mod:`firmware.players.budget`): a count of that rate times the think time, over a
board's slowdown, keeps 95% of a board's decisions within the think time.
The exact solver's nodes per ms come with the two-seat games.

CPU time, not wall time: the figures hold on a loaded host (docs/players.md,
"The Pi budget"). Note the machine with any figure you report.
"""

from __future__ import annotations

import platform
import random
import time

from firmware.cliopts import BenchOptions
from firmware.engine import Match, make_variant, view_for
from firmware.players.budget import BOARD_SLOWDOWN, HOST_PLAYS_PER_MS, SOLVER_NODES_PER_MS
from firmware.players.hard import HardPlayer

GAMES: tuple[tuple[str, dict[str, object]], ...] = (
    ("tressette2", {}),
    ("treschetten2", {}),
    ("treseta4", {}),
    ("treseta_hr", {}),
    ("tressette4", {}),
    ("briscola", {}),
    ("chiamata", {}),
    ("terziglio3", {}),
    ("treschetten3", {}),
    ("treschetten4", {}),
    ("ciapano", {}),
    ("ciapano", {"players": 3}),
    ("ciapano", {"players": 2}),
)


def quantile(xs: list[float], q: float) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, int(q * len(s)))] if s else 0.0


def measure(name: str, options: dict[str, object], plays: int, hands: int, seed: int) -> dict[str, float]:
    """Per-decision rates of hard's counted search in one game (cards per CPU ms)."""
    variant = make_variant(name, options) if options else make_variant(name)
    match = Match(variant, first_dealer=0)
    players = [HardPlayer(seed=seed + s, plays=plays) for s in range(variant.n_seats)]
    for p in players:
        p.guard = 3600.0  # the count alone ends every search here
    rates: list[float] = []
    work = cpu = nodes = node_cpu = 0.0
    deals = random.Random(seed)
    played = 0
    while played < hands and not match.finished:
        state = match.start_hand(seed=deals.randrange(1 << 30))
        while not state.over:
            player = players[state.to_move]
            view = view_for(state, state.to_move)
            player.last_work = 0
            before = sum(s.nodes for s in player._solvers.values())
            c0 = time.thread_time()
            action = player.choose(view)
            spent = time.thread_time() - c0
            solved = sum(s.nodes for s in player._solvers.values()) - before
            if solved:
                nodes += solved
                node_cpu += spent
            elif player.last_work and spent > 0:
                rates.append(player.last_work / spent / 1000.0)
                work += player.last_work
                cpu += spent
            match.apply(action)
        played += 1
    return {
        "decisions": len(rates),
        "mean": work / cpu / 1000.0 if cpu else 0.0,
        "p5": quantile(rates, 0.05),
        "median": quantile(rates, 0.5),
        "solver": nodes / node_cpu / 1000.0 if node_cpu else 0.0,
    }


def main(args: BenchOptions) -> int:
    plays = 1000 * (args.worlds or 4)
    print(f"machine: {platform.machine()} {platform.processor() or ''} python {platform.python_version()}")
    print(f"hard at every seat, {plays} cards per decision, {args.hands} hands a game; cards per CPU ms")
    print("game: decisions, mean, p5 (the calibration), median; shipped; the solver's nodes per CPU ms")
    for name, options in GAMES:
        key = name if "players" not in options else f"{name}/{options['players']}"
        r = measure(name, options, plays, args.hands, args.seed)
        shipped = HOST_PLAYS_PER_MS.get(key, HOST_PLAYS_PER_MS.get(name, 0.0))
        solver = f"; solver {r['solver']:.0f} nodes/ms" if r["solver"] else ""
        print(
            f"{key}: {r['decisions']:.0f}, {r['mean']:.0f}, {r['p5']:.0f}, {r['median']:.0f}; "
            f"shipped {shipped:.0f}{solver}",
            flush=True,
        )
    slow = ", ".join(f"{b} {s:g}x" for b, s in BOARD_SLOWDOWN.items())
    print(f"boards (CPython time over this host's, docs/players.md): {slow}; solver shipped {SOLVER_NODES_PER_MS:.0f} nodes/ms")
    return 0
