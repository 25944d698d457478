"""Think budgets: counted in the deciding thread's CPU time, capped in wall-clock time.

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


BudgetFactory = Callable[[float], Budget]
"""What a player starts a budget with (``Budget`` itself; tests pass fake clocks)."""
