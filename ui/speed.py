"""Game speed: how long a computer takes over its card and how long a finished trick
stays on the table. One choice in Settings (``SetSetting("speed", ...)``), kept in the
screen's settings file; the main loop gives the computer seats its pause."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Speed:
    cpu_ms: int  # a computer plays no sooner than this after its turn comes
    trick_s: float  # a finished trick stays in the middle this long


SPEEDS: dict[str, Speed] = {
    "slow": Speed(1200, 1.6),
    "normal": Speed(600, 0.9),
    "fast": Speed(200, 0.4),
}
DEFAULT_SPEED = "normal"


def speed_of(name: object) -> Speed:
    return SPEEDS.get(str(name), SPEEDS[DEFAULT_SPEED])
