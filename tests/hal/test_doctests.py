"""The examples in the hal docstrings stay true."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = ["hal.buttons", "hal.display", "hal.network", "hal.reader", "hal.timing", "hal.tm1637", "ui.netmodel"]


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name))
    assert result.failed == 0 and result.attempted > 0
