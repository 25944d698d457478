"""Fixtures for the HAL tests: mock pins, a manual clock, one event queue."""

from __future__ import annotations

import os
from collections.abc import Iterator

os.environ.setdefault("GPIOZERO_PIN_FACTORY", "mock")

import pytest
from gpiozero.pins.mock import MockFactory

from hal.events import EventQueue
from hal.timing import ManualClock


@pytest.fixture
def factory() -> Iterator[MockFactory]:
    f = MockFactory()
    yield f
    f.reset()
    f.close()


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock(100.0)


@pytest.fixture
def events() -> EventQueue:
    return EventQueue()
