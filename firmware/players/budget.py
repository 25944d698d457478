"""Think budgets: a count of the search's work, or the deciding thread's CPU time; both
capped in wall-clock time.

A count (:class:`Count`: the cards the search plays in its imagined worlds, or the exact
solver's nodes) buys the same search on every host and at every load: the same seed
and count give the same decisions, wherever and however busy. ``HOST_PLAYS_PER_MS``
(what the calibration host plays in a millisecond of the search, by game) over
``BOARD_SLOWDOWN`` (how much slower a Raspberry Pi 4 and a Pi 5 core run CPython,
docs/players.md, "The Pi budget") makes ``--budget pi4`` what a Pi 4 searches in the
think time; only a wall-clock guard (the think time plus
``GUARD_MS``) can cut a count short, on a host far slower or busier than that.

A wall-clock budget measures the machine's load as much as the player: on a
shared development machine (or a box whose touchscreen thread competes for the
core) a player given 120 ms of wall time may get a fraction of it, draws fewer
worlds and plays weaker. Counted on the deciding thread's CPU clock
(``time.thread_time``) the same budget buys the same search everywhere, equal to
what a dedicated core sees. So that a busy machine never stalls a table, the
wall clock still caps the decision at ``WALL_CAP`` times the budget.

The clocks are injectable, so tests check the logic without timing anything.
"""

from __future__ import annotations

import time
from collections.abc import Callable

WALL_CAP = 3.0
"""A decision ends after this many times its budget in wall time, whatever its CPU time."""

Clock = Callable[[], float]


class Budget:
    """One decision's budget of ``seconds`` of CPU time, ``cap`` times that in wall time."""

    __slots__ = ("_cpu", "_wall", "cpu_end", "wall_end")

    def __init__(
        self,
        seconds: float,
        *,
        cap: float = WALL_CAP,
        cpu: Clock = time.thread_time,
        wall: Clock = time.perf_counter,
    ) -> None:
        self._cpu = cpu
        self._wall = wall
        self.cpu_end = cpu() + seconds
        self.wall_end = wall() + cap * seconds

    def expected_end(self) -> float:
        """When the budget should run out on the wall clock (``time.perf_counter``) if the
        thread keeps its core: now plus the CPU time left, never past the cap."""
        left = max(0.0, self.cpu_end - self._cpu())
        return min(self._wall() + left, self.wall_end)

    def spent(self) -> bool:
        """True once the CPU budget is used up or the wall-clock cap is reached."""
        return self._cpu() >= self.cpu_end or self._wall() >= self.wall_end


    def spend(self, work: int) -> None:
        """A search reports work done (cards played); a clock budget does not count it."""


class Count(Budget):
    """One decision's budget of ``limit`` units of work (cards played in the imagined
    worlds, or ``used``'s count: the exact solver's nodes), cut short only by a guard
    of ``guard`` seconds of wall time. ``spent`` answers the same on every host while
    the guard holds, so the same seed and count make the same decisions."""

    __slots__ = ("limit", "used", "_source", "_start")

    def __init__(
        self,
        limit: int,
        *,
        guard: float,
        used: Callable[[], int] | None = None,
        wall: Clock = time.perf_counter,
    ) -> None:
        self._wall = wall
        self._cpu = wall
        self.limit = limit
        self.used = 0
        self._source = used
        self._start = used() if used is not None else 0
        self.cpu_end = 0.0
        self.wall_end = wall() + guard

    def spend(self, work: int) -> None:
        self.used += work

    def done(self) -> int:
        """The work done so far."""
        return self._source() - self._start if self._source is not None else self.used

    def expected_end(self) -> float:
        return self.wall_end

    def spent(self) -> bool:
        return self.done() >= self.limit or self._wall() >= self.wall_end

    def guarded(self) -> bool:
        """True if the wall-clock guard, not the count, ended the search."""
        return self.done() < self.limit and self._wall() >= self.wall_end


GUARD_MS = 50
"""A counted decision is cut short (the guard) at the think time plus this many ms of wall time."""

HOST_PLAYS_PER_MS: dict[str, float] = {
    "tressette2": 280.0,
    "treschetten2": 51.0,
    "treseta4": 148.0,
    "treseta_hr": 148.0,
    "tressette4": 96.0,
    "briscola": 105.0,
    "chiamata": 182.0,
    "terziglio3": 166.0,
    "treschetten3": 40.0,
    "treschetten4": 161.0,
    "ciapano": 219.0,
    "ciapano/3": 194.0,
    "ciapano/2": 149.0,
}
"""Cards the counted search plays per ms of CPU time on the calibration host (x86_64,
AMD EPYC VM, CPython 3.11.7), by game, at the 5th percentile of its decisions (the
slowest cards: a count of this rate times the think time keeps 95% of a board's
decisions within it), from ``tressette bench budget --hands 3`` (2026-12-06). The
playout paths differ (a lean two-seat loop, the four-seat one, the engine's), so a
card costs ten times as much in one game as in another; "ciapano/2" is Ciapanò at
two seats (the one world searched deeper). treschetten2's is 28 × 1.83: its playouts
were made 1.83 times faster after the bench (declarations looked for only when a hand
changed), and the larger count measured stronger at that Pi 4 time (2026-12-07)."""

DEFAULT_PLAYS_PER_MS = 28.0
"""A game not in ``HOST_PLAYS_PER_MS``: the slowest rate the bench measured."""

BOARD_SLOWDOWN: dict[str, float] = {"pi4": 7.5, "pi5": 4.05}
"""How many times longer a core of each board takes than the calibration host for the
same CPython work (docs/players.md, "The Pi budget": published CPython timings)."""

SOLVER_NODES_PER_MS = 200.0
"""The exact solver's nodes per ms of CPU time on the calibration host (two-seat games)."""

SOLVER_NODES_PER_PLAY = 0.5
"""A count given as a number (not a board): the solver's nodes per card of it (about
what a node costs against a card of the two-seat games' playouts)."""


def board_nodes(board: str, think_ms: float) -> int:
    """The exact solver's nodes a core of ``board`` searches in ``think_ms``."""
    return max(1, round(SOLVER_NODES_PER_MS / BOARD_SLOWDOWN[board] * think_ms))


def board_plays(board: str, variant: str, think_ms: int, seats: int = 0) -> int:
    """Cards the search may play in a decision of ``variant`` at ``seats`` seats: what a
    core of ``board`` ("pi4", "pi5") plays in ``think_ms``."""
    host = HOST_PLAYS_PER_MS.get(f"{variant}/{seats}", HOST_PLAYS_PER_MS.get(variant, DEFAULT_PLAYS_PER_MS))
    rate = host / BOARD_SLOWDOWN[board]
    return max(1, round(rate * think_ms))


def parse_budget(text: str) -> str | int:
    """``--budget``: a board ("pi4", "pi5") or a count of cards played per decision.
    Raises ValueError with a line for the person."""
    t = text.strip().lower()
    if t in BOARD_SLOWDOWN:
        return t
    try:
        n = int(t)
    except ValueError:
        raise ValueError(f"budget {text!r}: one of {', '.join(BOARD_SLOWDOWN)} or a count of cards played") from None
    if not 1 <= n <= 100_000_000:
        raise ValueError(f"budget {text!r}: a count from 1 to 100000000")
    return n


BudgetFactory = Callable[[float], Budget]
"""What a player starts a budget with (``Budget`` itself; tests pass fake clocks)."""
