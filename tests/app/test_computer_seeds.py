"""A computer's random choices are nobody's to replay in an unseeded game (issue 35: no seat
learns more than a person at a real table could): seeded from the operating system then,
from ``--seed`` when the run is seeded, so a seeded run repeats itself."""

from __future__ import annotations

from firmware.app.computers import ComputerSeats
from firmware.app.seats import SyncExecutor
from firmware.engine.seating import SeatSpec
from firmware.players import Player


def _seeds(seed: int | None, runs: int = 2) -> list[int]:
    """The seed each of ``runs`` fresh boxes gives the computer of seat 1 in match 1."""
    got: list[int] = []

    def factory(spec: SeatSpec, *, seed: int, think_ms: int | None = None) -> Player:
        from firmware.players import make_player

        got.append(seed)
        return make_player("easy", seed=seed)

    for _ in range(runs):
        seats = ComputerSeats(lambda e: None, seed=seed, executor=SyncExecutor(), player_factory=factory)
        seats.player(1, 1, SeatSpec.cpu("easy"))
        seats.close()
    return got


def test_an_unseeded_box_seeds_each_computer_from_the_operating_system() -> None:
    a, b = _seeds(None)
    assert a != b  # two boxes, or one box before and after a restart, do not share a computer's draws
    assert max(a, b).bit_length() > 64


def test_a_seeded_run_seeds_its_computers_as_it_always_did() -> None:
    a, b = _seeds(7)
    assert a == b == hash((7, 1, 1)) & 0x7FFFFFFF
