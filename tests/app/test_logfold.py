"""Repeated log lines folded: one line per kind a minute, with a count (firmware/app/logfold.py)."""

from __future__ import annotations

import io
import logging
from collections.abc import Iterator

import pytest

from firmware.app.logfold import Fold, install


@pytest.fixture
def folded() -> Iterator[tuple[logging.Logger, Fold, list[float], io.StringIO]]:
    now = [0.0]
    fold = Fold(window_s=60.0, clock=lambda: now[0])
    out = io.StringIO()
    logger = logging.getLogger("tests.logfold")
    handler = logging.StreamHandler(out)
    handler.setFormatter(logging.Formatter("%(levelname)s %(message)s"))
    logger.addHandler(handler)
    logger.propagate = False
    logger.setLevel(logging.INFO)
    install([logger.name], fold)
    install([logger.name], fold)  # twice: still one filter
    assert logger.filters == [fold]
    yield logger, fold, now, out
    logger.removeHandler(handler)
    logger.removeFilter(fold)
    logger.propagate = True


def test_one_line_per_kind_a_minute_with_a_count_and_no_traceback(
    folded: tuple[logging.Logger, Fold, list[float], io.StringIO],
) -> None:
    logger, fold, now, out = folded
    for k in range(1000):
        try:
            raise ValueError(f"bad request line {k}\nsecond line")
        except ValueError:
            logger.exception("Error handling request from %s", f"10.0.0.{k % 7}")
        try:
            raise KeyError(k)
        except KeyError:
            logger.exception("Error handling request from %s", "10.0.0.1")
    logger.info("phone %s joined seat %d", "10.0.0.1", 1)
    lines = out.getvalue().splitlines()
    assert len(lines) == 3, lines  # one ValueError, one KeyError: two kinds; the info line
    assert lines[0] == "ERROR Error handling request from 10.0.0.0: ValueError: bad request line 0 | second line"
    assert lines[1] == "ERROR Error handling request from 10.0.0.1: KeyError: 0"
    fold.flush()  # within the minute: nothing yet
    assert len(out.getvalue().splitlines()) == 3
    now[0] = 60.0
    fold.flush()
    lines = out.getvalue().splitlines()
    assert lines[3:] == ["ERROR 999 more like this in 60 s: Error handling request from 10.0.0.0: ValueError: "
                         "bad request line 0 | second line",
                         "ERROR 999 more like this in 60 s: Error handling request from 10.0.0.1: KeyError: 0"]
    now[0] = 61.0
    logger.error("Error handling request from %s", "10.0.0.2")  # a new minute: said again
    assert out.getvalue().splitlines()[-1] == "ERROR Error handling request from 10.0.0.2"
    assert "Traceback" not in out.getvalue()


def test_kinds_are_bounded_however_the_attacker_varies_them(
    folded: tuple[logging.Logger, Fold, list[float], io.StringIO],
) -> None:
    logger, fold, now, out = folded
    for k in range(5000):
        logger.warning(f"kind {k}")  # every message its own template
    assert len(fold.kinds) <= 257
