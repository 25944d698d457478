"""UI tests draw into memory: dummy SDL drivers before pygame is imported."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402

from tests.uishare import shared  # noqa: E402

if TYPE_CHECKING:
    from ui.app import UIApp
    from ui.model import TableModel

SIZES = [(480, 320), (800, 480), (1280, 800)]
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "ui"


@pytest.fixture(scope="session", autouse=True)
def _pygame() -> Iterator[None]:
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((16, 16))
    yield
    pygame.quit()


@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS


class MakeUI(Protocol):
    """The ``make_ui`` fixture: a UIApp drawing into memory, its model set if one is given,
    ``settings`` over the defaults (``language="de"``)."""

    def __call__(self, size: tuple[int, int] = ..., model: TableModel | None = None,
                 **settings: object) -> UIApp: ...


@pytest.fixture
def make_ui() -> MakeUI:
    """Every UI a test makes draws its cards and opens its font sizes once per test process
    (tests/uishare.py)."""
    from ui.app import UIApp

    def make(size: tuple[int, int] = (800, 480), model: TableModel | None = None,
             **settings: object) -> UIApp:
        ui = shared(UIApp(pygame.Surface(size), settings=settings))
        if model is not None:
            ui.set_model(model)
        return ui

    return make
