"""``tressette bench coach`` runs and says what it measured (no timing is asserted)."""

from __future__ import annotations

import pytest

from firmware.cli import main


def test_bench_coach_reports_hint_and_hand_rating(capsys: pytest.CaptureFixture[str]) -> None:
    """A hint and a hand's rating at the same fixed worlds (the coach has no clock)."""
    rc = main(["bench", "coach", "--hands", "1", "--worlds", "1", "--seed", "3"])
    out = capsys.readouterr().out
    assert rc == 0
    assert "hint at --worlds 1: wall median" in out
    assert "whole hand rated at --worlds 1 (40 cards a hand)" in out
    assert "a Pi 4 is 3-4x slower: a hint there about" in out


@pytest.mark.parametrize("bad", [["--worlds", "0"], ["--hands", "x"], ["--think-ms", "-3"]])
def test_bench_coach_refuses_bad_budgets(bad: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["bench", "coach", *bad])
    assert exc.value.code == 2
    assert "must be" in capsys.readouterr().err.splitlines()[-1]
