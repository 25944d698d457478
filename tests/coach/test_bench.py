"""``tressette bench coach`` runs and says what it measured (no timing is asserted)."""

from __future__ import annotations

import pytest

from firmware.cli import main


def test_bench_coach_reports_hint_and_hand_rating(capsys: pytest.CaptureFixture[str]) -> None:
    rc = main(["bench", "coach", "--hands", "1", "--think-ms", "5", "--worlds", "1", "--seed", "3"])
    out = capsys.readouterr().out
    assert rc == 0
    assert "hint at --think-ms 5: wall median" in out
    assert "whole hand rated at --worlds 1 (40 cards a hand)" in out
    assert "--think-ms 40" in out


@pytest.mark.parametrize("bad", [["--worlds", "0"], ["--hands", "x"], ["--think-ms", "-3"]])
def test_bench_coach_refuses_bad_budgets(bad: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["bench", "coach", *bad])
    assert exc.value.code == 2
    assert "must be" in capsys.readouterr().err.splitlines()[-1]


def test_bench_coach_says_how_many_worlds_a_hint_took_from_the_pool(capsys: pytest.CaptureFixture[str]) -> None:
    """With ``--workers`` the hints run beside the box's pool of world workers; the report
    says the pool's share of a hint's worlds (that a live hint counts the workers' rows is
    tests/players/test_pool.py's; here a loaded machine may give the worker little time)."""
    rc = main(["bench", "coach", "--hands", "1", "--think-ms", "60", "--worlds", "1", "--seed", "3", "--workers", "1"])
    out = capsys.readouterr().out
    assert rc == 0
    line = next(x for x in out.splitlines() if x.startswith("worlds a sampled hint: median"))
    assert "with 1 world worker(s): " in line
    share = int(line.split("worker(s): ")[1].split("%")[0])
    assert 0 <= share < 100
    alone = main(["bench", "coach", "--hands", "1", "--think-ms", "5", "--worlds", "1", "--seed", "3"])
    assert alone == 0 and "(no pool)" in capsys.readouterr().out
