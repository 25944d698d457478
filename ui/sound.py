"""Small sounds synthesised at start (no sound files): a card laid, a card drawn, your turn,
a card refused.

The mixer is opened lazily and any failure (no audio device on the box, the
dummy driver in tests) just leaves the UI silent: sound is never a reason to
stop the game.
"""

from __future__ import annotations

import array
import functools
import math
import random

import pygame

RATE = 22050


def _tone(freqs: list[tuple[float, float]], volume: float = 0.3) -> bytes:
    """Concatenated sine notes ``(Hz, seconds)`` with a short fade, 16-bit mono."""
    out = array.array("h")
    for hz, secs in freqs:
        n = int(RATE * secs)
        for i in range(n):
            fade = min(1.0, i / 200, (n - i) / 400)
            out.append(int(32767 * volume * fade * math.sin(2 * math.pi * hz * i / RATE)))
    return out.tobytes()


def _noise(secs: float, volume: float, decay: float, seed: int) -> bytes:
    """A soft click/swish: filtered noise with an exponential decay."""
    rng = random.Random(seed)
    out = array.array("h")
    n = int(RATE * secs)
    prev = 0.0
    for i in range(n):
        prev = prev * 0.7 + rng.uniform(-1, 1) * 0.3
        out.append(int(32767 * volume * prev * math.exp(-i / (RATE * decay))))
    return out.tobytes()


RECIPES = {
    "card": lambda: _noise(0.08, 0.9, 0.015, 1),
    "draw": lambda: _noise(0.18, 0.6, 0.06, 2),
    "turn": lambda: _tone([(660, 0.06), (880, 0.08)], 0.18),
    "refuse": lambda: _tone([(196, 0.07), (147, 0.12)], 0.25),  # a low "uh-uh": not that card
    "end": lambda: _tone([(523, 0.1), (659, 0.1), (784, 0.18)], 0.2),
}


@functools.cache
def pcm(name: str) -> bytes:
    """The samples of a sound, made once per process."""
    return RECIPES[name]()


class Sounds:
    def __init__(self) -> None:
        self._sounds: dict[str, pygame.mixer.Sound] | None = None
        self._failed = False

    def _load(self) -> dict[str, pygame.mixer.Sound]:
        if self._sounds is None:
            self._sounds = {}
            try:
                if not pygame.mixer.get_init():
                    pygame.mixer.init(RATE, -16, 1, 512)
                for name in RECIPES:
                    self._sounds[name] = pygame.mixer.Sound(buffer=pcm(name))
            except pygame.error:
                self._failed = True
        return self._sounds

    def preload(self) -> None:
        """Make the sounds now (at start), not in the middle of a frame."""
        self._load()

    def play(self, name: str) -> None:
        if self._failed:
            return
        sound = self._load().get(name)
        if sound is not None:
            sound.play()
