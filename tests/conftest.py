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
from hypothesis import HealthCheck, settings  # noqa: E402

settings.register_profile(
    "box", deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile("box")
