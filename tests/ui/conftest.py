"""UI tests draw into memory: dummy SDL drivers before pygame is imported."""

from __future__ import annotations

import os
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402

SIZES = [(480, 320), (800, 480), (1280, 800)]
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "ui"


@pytest.fixture(scope="session", autouse=True)
def _pygame():
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((16, 16))
    yield
    pygame.quit()


@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS


@pytest.fixture
def make_ui():
    from ui.app import UIApp

    def make(size=(800, 480), model=None, **settings):
        ui = UIApp(pygame.Surface(size), settings=settings)
        if model is not None:
            ui.set_model(model)
        return ui

    return make
