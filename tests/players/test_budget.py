"""The think budget: CPU time of the deciding thread, capped in wall time.

Fake clocks stand in for the machine (no test measures time): each read of a
clock advances it by a fixed step, so one step is one world's worth of work.
"""

from __future__ import annotations

import pytest

from firmware.engine import Match, make_variant, view_for
from firmware.players.budget import WALL_CAP, Budget
from firmware.players.hard import HardPlayer
from firmware.players.solver import OutOfTime, TwoHandSolver, endgame_positions


class StepClock:
    """Returns its time, then moves on by ``step`` seconds."""

    def __init__(self, step: float) -> None:
        self.now = 0.0
        self.step = step
        self.reads = 0

    def __call__(self) -> float:
        t = self.now + self.reads * self.step  # no summed rounding errors
        self.reads += 1
        return t


def test_budget_is_spent_by_cpu_time() -> None:
    cpu, wall = StepClock(0.0), StepClock(0.0)
    b = Budget(0.120, cpu=cpu, wall=wall)
    cpu.now = 0.119
    assert not b.spent()
    cpu.now = 0.120
    assert b.spent()


def test_wall_time_alone_does_not_spend_the_budget_below_the_cap() -> None:
    """A loaded machine: the wall clock runs, the thread gets little CPU."""
    cpu, wall = StepClock(0.0), StepClock(0.0)
    b = Budget(0.120, cpu=cpu, wall=wall)
    wall.now = 0.120 * WALL_CAP - 0.001
    assert not b.spent()
    wall.now = 0.120 * WALL_CAP
    assert b.spent()


def test_the_cap_is_a_parameter() -> None:
    cpu, wall = StepClock(0.0), StepClock(0.0)
    b = Budget(0.100, cap=1.0, cpu=cpu, wall=wall)
    wall.now = 0.100
    assert b.spent()


def _first_treseta4_view() -> tuple[HardPlayer, object]:
    match = Match(make_variant("treseta4", {"signals": "none"}), first_dealer=0)
    state = match.start_hand(seed=7)
    return HardPlayer(seed=3, think_ms=120), view_for(state, state.to_move)


def _worlds(wall_step: float, cpu_step: float = 0.010) -> int:
    player, view = _first_treseta4_view()
    cpu, wall = StepClock(cpu_step), StepClock(wall_step)
    player.budget = lambda seconds: Budget(seconds, cpu=cpu, wall=wall)
    player.choose(view)  # type: ignore[arg-type]
    return player.last_worlds


def test_hard_draws_the_same_worlds_under_load_as_on_a_free_core() -> None:
    """10 ms of CPU a world: 120 ms buy 12 worlds whether a world takes 10 ms of
    wall time (a free core) or 25 ms (other jobs share the core)."""
    assert _worlds(wall_step=0.010) == 12
    assert _worlds(wall_step=0.025) == 12


def test_hard_stops_at_the_wall_cap_under_heavy_load() -> None:
    """40 ms of wall time a world: the 3 x 120 ms cap ends the decision after 9 worlds,
    so a starved thread never stalls the table."""
    assert _worlds(wall_step=0.040) == 9


def test_fixed_worlds_read_no_clock() -> None:
    player, view = _first_treseta4_view()
    player.worlds = 5
    cpu, wall = StepClock(0.010), StepClock(0.010)
    player.budget = lambda seconds: Budget(seconds, cpu=cpu, wall=wall)
    player.choose(view)  # type: ignore[arg-type]
    assert player.last_worlds == 5
    assert cpu.reads == 0 and wall.reads == 0


@pytest.mark.parametrize("spent_on", ["cpu", "wall"])
def test_the_exact_solver_stops_when_its_budget_is_spent(spent_on: str) -> None:
    position = endgame_positions("tressette2", 1, seed=1)[0]
    cpu = StepClock(1.0 if spent_on == "cpu" else 0.0)
    wall = StepClock(1.0 if spent_on == "wall" else 0.0)
    solver = TwoHandSolver(position.variant.deck)
    solver.deadline = Budget(0.5, cap=1.5, cpu=cpu, wall=wall)
    with pytest.raises(OutOfTime):
        solver.best_move_floored(position)
