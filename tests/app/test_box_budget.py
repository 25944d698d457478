"""The box counts the hard level's budget (the same search whatever else it is doing):
``--budget`` when given, else the board it runs on, read from its model line."""

from __future__ import annotations

from pathlib import Path

import pytest

from firmware.app.computers import ComputerSeats, box_budget
from firmware.app.seats import SyncExecutor
from firmware.engine.seating import SeatSpec
from firmware.players.hard import HardPlayer


@pytest.mark.parametrize(
    ("model", "board"),
    [
        (b"Raspberry Pi 5 Model B Rev 1.0\x00", "pi5"),
        (b"Raspberry Pi 4 Model B Rev 1.4\x00", "pi4"),
        (b"\xff\xfe not a board", "pi4"),
    ],
)
def test_the_box_counts_for_its_own_board(tmp_path: Path, model: bytes, board: str) -> None:
    f = tmp_path / "model"
    f.write_bytes(model)
    assert box_budget(None, f) == board


def test_off_a_pi_the_box_counts_a_pi_4_s_budget(tmp_path: Path) -> None:
    assert box_budget(None, tmp_path / "absent") == "pi4"


def test_the_budget_option_beats_the_board(tmp_path: Path) -> None:
    f = tmp_path / "model"
    f.write_bytes(b"Raspberry Pi 5 Model B")
    assert box_budget("pi4", f) == "pi4"
    assert box_budget("2500", f) == 2500


def test_the_box_s_hard_seats_get_the_count() -> None:
    seats = ComputerSeats(lambda e: None, seed=1, think_ms=600, executor=SyncExecutor(), plays="pi5")
    try:
        player = seats.player(1, 1, SeatSpec.cpu("hard"))
        assert isinstance(player, HardPlayer)
        assert player.plays == "pi5" and player.think_ms == 600
    finally:
        seats.close()
