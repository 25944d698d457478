"""The coach rates at its own budget, whatever the computers' pause (issue 24.2).

Found by touch-play: the simulator started with ``--think-ms 0`` (the computers answer
at once) rated each hand on a single sampled world, and its hand's end said "perdi 5
punti e ⅔" for one card of an 11-point hand, "perdi 16 punti e ⅓" in all: one world's
noise shown as a fact. The computers' think time now has no say in the ratings."""

from __future__ import annotations

import pytest

from firmware.app.coaching import CoachWorker
from firmware.app.seats import ComputerSeats, SyncExecutor
from firmware.coach import RATE_WORLDS


@pytest.mark.parametrize("think_ms", [0, 40, 120])
def test_the_ratings_use_the_rating_budget_at_every_think_time(think_ms: int) -> None:
    worker = CoachWorker(lambda e: None, SyncExecutor())
    assert worker.rater.worlds == worker.coach.worlds == RATE_WORLDS  # the live hint's too
    seats = ComputerSeats(lambda e: None, seed=1, think_ms=think_ms, executor=SyncExecutor())
    assert seats.rate_worlds is None  # the reviewer and the rater take RATE_WORLDS


def test_fewer_worlds_only_when_asked_for() -> None:
    worker = CoachWorker(lambda e: None, SyncExecutor(), rate_worlds=1)
    assert worker.rater.worlds == worker.coach.worlds == 1
