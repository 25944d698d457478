"""Set before anything imports pygame or gpiozero (DESIGN.md, testing).

Tests never open a real window or touch real pins: SDL renders to memory and
gpiozero uses its mock pin factory. A test that wants a real window (the Xvfb
test) starts its own process and gives it its own environment.
"""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("GPIOZERO_PIN_FACTORY", "mock")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

# Hypothesis judges a property, never a speed (speed is `tressette bench`'s business): on a
# loaded 2-core runner one example can take seconds, and the default 200 ms deadline and the
# too-slow health check then fail a test whose property holds.
import pytest  # noqa: E402
from hypothesis import HealthCheck, settings  # noqa: E402

settings.register_profile(
    "box", deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile("box")


# The tests that take seconds each (a window on Xvfb, a browser, an attack at full size) are
# started first by the two pytest workers of ``scripts/test``: left to the end, one of them would
# run a half-minute test while the other core idles. Alone (no xdist) the order stays as written.
LONG_MARKS = ("xvfb", "browser", "slow", "hostile")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if hasattr(config, "workerinput"):  # a pytest-xdist worker; every worker sorts alike
        items.sort(key=lambda item: not any(item.get_closest_marker(m) for m in LONG_MARKS))
