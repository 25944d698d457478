"""Fixtures for the HAL tests: mock pins, a manual clock, one event queue."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

os.environ.setdefault("GPIOZERO_PIN_FACTORY", "mock")

import pytest
from gpiozero.pins.mock import MockFactory

from hal.events import EventQueue, HalEvent
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
def events() -> EventQueue[HalEvent]:
    return EventQueue()


def fake_box(root: Path, cards: tuple[str, ...] = (), connectors: dict[str, str] | None = None) -> Path:
    """A filesystem root with DRM cards in dev/dri and connectors (name -> status) in sys/class/drm."""
    if cards:
        (root / "dev/dri").mkdir(parents=True)
        for card in cards:
            (root / "dev/dri" / card).write_bytes(b"")
        (root / "dev/dri/renderD128").write_bytes(b"")
    for name, status in (connectors or {}).items():
        (root / "sys/class/drm" / name).mkdir(parents=True)
        (root / "sys/class/drm" / name / "status").write_text(status + "\n")
    return root
