"""``tressette bench app``: the screen model's cost as the match history grows.

The screen asks the controller for its model (:meth:`TableController.model`)
after every visible change, and the home and statistics screens show the
history's figures. Those figures are kept in the journal as matches finish
(``stats``), so building the model must cost the same with no history and with
ten thousand finished matches. This fills journals in a temporary directory
with 0, 1,000 and 10,000 finished matches, starts a match at the table, and
prints the median ``model()`` time for each, on the table and on the home screen.
"""

from __future__ import annotations

import platform
import random
import statistics
import tempfile
import time
from pathlib import Path

from firmware.app.controller import HOME, ControllerOptions, TableController
from firmware.cliopts import BenchOptions
from firmware.config import GameSettings, check_seats
from firmware.engine import DEAL_BITS, make_variant
from firmware.store import Journal

SIZES = (0, 1_000, 10_000)
SEATINGS = (["human", "cpu:hard"], ["human", "cpu:normal"], ["cpu:easy", "human"], ["human", "cpu:easy"])
VARIANTS = ("tressette2", "treschetten2", "tressette4", "treseta4", "briscola")


def fill(journal: Journal, n: int, seed: int) -> None:
    """``n`` finished matches: a deal each, a winner or abandoned now and then."""


    rng = random.Random(seed)
    journal.conn.execute("PRAGMA synchronous=OFF")  # a bench's scratch journal: speed over durability
    try:
        for i in range(n):
            v = make_variant(VARIANTS[i % len(VARIANTS)])
            seats = SEATINGS[i % len(SEATINGS)] + ["cpu:normal"] * (v.n_seats - 2)
            mid = journal.new_match(v.name, v.to_json(), seats)
            # a deal as the box journals one (128 bits, hex), drawn from the bench's own seed
            journal.add_hand(mid, 0, 0, {"seed": f"{rng.getrandbits(DEAL_BITS):032x}"})
            if i % 7 == 0:
                journal.abandon_match(mid)
            else:
                winner = rng.randrange(v.n_sides)
                journal.finish_match(mid, winner, [v.target if s == winner else 9 for s in range(v.n_sides)])
    finally:
        journal.conn.execute("PRAGMA synchronous=FULL")


def model_times(ctl: TableController, rounds: int) -> list[float]:
    times = []
    for _ in range(rounds):
        ctl.version += 1  # as after a move: the model is built again
        t0 = time.perf_counter()
        ctl.model()
        times.append(time.perf_counter() - t0)
    return times


def measure(n: int, rounds: int, seed: int, state_dir: Path) -> tuple[float, float]:
    """Median seconds of ``model()`` at the table and on the home screen, with ``n`` matches."""
    with Journal.open(state_dir) as journal:
        fill(journal, n, seed)
        settings = GameSettings(variant="tressette2", seats=check_seats(["human", "cpu:normal"]))
        ctl = TableController(journal, settings, options=ControllerOptions(seed=seed, first_dealer=0))
        ctl.new_match()
        table = statistics.median(model_times(ctl, rounds))
        ctl.phase = HOME
        home = statistics.median(model_times(ctl, rounds))
    return table, home


def main(args: BenchOptions) -> int:
    rounds = max(20, int(args.seconds_or(3.0) * 100))
    print(f"machine: {platform.machine()} {platform.processor() or ''} python {platform.python_version()}")
    print(f"model() median over {rounds} builds; journals with finished matches:")
    results = []
    with tempfile.TemporaryDirectory(prefix="tressette-bench-") as tmp:
        for n in SIZES:
            table, home = measure(n, rounds, args.seed, Path(tmp) / f"j{n}")
            results.append(table)
            print(f"{n:>7,} matches: table {table * 1e3:6.2f} ms   home {home * 1e3:6.2f} ms")
    print(f"10,000 / 0 matches: {results[-1] / results[0]:.2f}x")
    return 0
