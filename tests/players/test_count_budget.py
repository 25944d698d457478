"""The counted budget: cards played in the imagined worlds (the solver: nodes), the same
search on every host and at every load; the wall clock only a guard.

The guard is the one clock a count reads: fake clocks stand in for it, except in the
test that runs a decision beside a busy process, which is the point of the count.
"""

from __future__ import annotations

import multiprocessing
import time
from typing import Any

import pytest

from firmware.engine import Match, View, make_variant, view_for
from firmware.players import make_player
from firmware.players.budget import BOARD_SLOWDOWN, Count, board_plays, parse_budget
from firmware.players.hard import HardPlayer
from firmware.players.solver import OutOfTime, TwoHandSolver, endgame_positions
from tools import arena


class StepClock:
    """Returns its time, then moves on by ``step`` seconds."""

    def __init__(self, step: float) -> None:
        self.step = step
        self.reads = 0

    def __call__(self) -> float:
        t = self.reads * self.step
        self.reads += 1
        return t


def test_a_count_is_spent_by_work_not_by_time() -> None:
    b = Count(100, guard=1.0, wall=StepClock(0.0))
    b.spend(99)
    assert not b.spent()
    b.spend(1)
    assert b.spent() and not b.guarded()


def test_the_wall_clock_is_only_a_guard() -> None:
    """A host far slower than the board the count was made for: the guard ends the
    decision, and says so."""
    b = Count(1_000_000, guard=0.170, wall=StepClock(0.1))
    assert not b.spent()  # 0.1 s (the first read was the start)
    assert b.spent()  # 0.2 s: past the guard
    assert b.guarded()


def test_a_count_may_read_its_work_elsewhere() -> None:
    """The exact solver's budget counts its nodes from where they stood."""
    nodes = [5000]
    b = Count(1000, guard=1.0, used=lambda: nodes[0], wall=StepClock(0.0))
    nodes[0] = 5999
    assert not b.spent()
    nodes[0] = 6000
    assert b.spent() and b.done() == 1000


def test_the_solver_stops_at_its_count_of_nodes() -> None:
    position = endgame_positions("tressette2", 1, seed=1)[0]
    solver = TwoHandSolver(position.variant.deck)
    solver.deadline = Count(1, guard=60.0, used=lambda: solver.nodes)
    with pytest.raises(OutOfTime):
        solver.best_move_floored(position)


def test_a_board_s_count_scales_with_the_think_time_and_the_board() -> None:
    for variant in ("tressette2", "treseta4", "briscola", "no-such-game"):
        pi4, pi5 = board_plays("pi4", variant, 120), board_plays("pi5", variant, 120)
        assert 0 < pi4 < pi5
        assert board_plays("pi4", variant, 240) == pytest.approx(2 * pi4, abs=1)
    assert BOARD_SLOWDOWN["pi4"] > BOARD_SLOWDOWN["pi5"] > 1.0


@pytest.mark.parametrize("text", ["pi3", "fast", "0", "-5", "1e9", ""])
def test_a_bad_budget_is_refused_in_one_line(text: str) -> None:
    with pytest.raises(ValueError, match="budget") as err:
        parse_budget(text)
    assert "\n" not in str(err.value)
    with pytest.raises(ValueError, match="budget"):
        arena.run(arena.ArenaOptions(a="hard", b="normal", matches=1, budget=text, quiet=True, json=True))


def test_a_budget_is_a_board_or_a_count() -> None:
    assert parse_budget(" PI4 ") == "pi4"
    assert parse_budget("pi5") == "pi5"
    assert parse_budget("2500") == 2500


def _decision(plays: int | str, variant: str = "treseta4", seed: int = 7) -> tuple[HardPlayer, View]:
    match = Match(make_variant(variant, {"signals": "none"} if variant == "treseta4" else None), first_dealer=0)
    state = match.start_hand(seed=seed)
    player = make_player("hard", seed=3, think_ms=120, plays=plays)
    assert isinstance(player, HardPlayer)
    player.guard = 600.0  # never reached here: the count alone ends the search
    return player, view_for(state, state.to_move)


def _decide(plays: int | str) -> tuple[object, int, int]:
    player, view = _decision(plays)
    action = player.choose(view)
    return action, player.last_worlds, player.last_work


def test_a_count_spends_what_it_says() -> None:
    """Every world costs its candidates times the cards left to play: the search stops in
    the world that reaches the count."""
    player, view = _decision(3000)
    player.choose(view)
    per_world = len(view.legal) * 40  # treseta4's first card: 40 cards to play in each world
    assert 3000 <= player.last_work < 3000 + per_world
    assert not player.last_guarded


def _spin(stop: float, running: Any) -> None:
    running.set()  # the decision starts once every spinner spins
    while time.perf_counter() < stop:
        pass


def test_the_same_seed_and_count_make_the_same_decision_beside_a_busy_process() -> None:
    """The point of the count: a decision alone, then the same one while another process
    keeps the cores busy (as the coach, the phones and the screen do on the box): the
    same card, from the same worlds, the same work."""
    alone = _decide(4000)
    ctx = multiprocessing.get_context("spawn")
    running = [ctx.Event() for _ in range(2)]
    busy = [ctx.Process(target=_spin, args=(time.perf_counter() + 30.0, r), daemon=True) for r in running]
    for p in busy:
        p.start()
    try:
        assert all(r.wait(timeout=20.0) for r in running)
        loaded = _decide(4000)
    finally:
        for p in busy:
            p.terminate()
            p.join(timeout=5.0)
    assert loaded == alone


def test_a_board_budget_is_a_count_too() -> None:
    assert _decide("pi4") == _decide("pi4")
    player, view = _decision("pi4")
    player.choose(view)
    assert player.last_work >= board_plays("pi4", "treseta4", 120)
