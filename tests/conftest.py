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
