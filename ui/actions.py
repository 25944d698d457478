"""What a screen's own parameterised button does, typed on the button (``ButtonSpec.action``).

A button that sends the controller something carries the intent (``ButtonSpec.intent``); a
button that changes only the screen it is on (the home screen's seats and options, the count
panel's thirds) carries one of these. The button's ``name`` stays what the probe and
touch-play call it; nothing parses it back.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal


@dataclass(frozen=True, slots=True)
class Nav:
    """Go to the screen called ``screen`` (the home screen's top bar)."""

    screen: str


@dataclass(frozen=True, slots=True)
class StepVariant:
    """The next (+1) or previous (-1) game on the home screen."""

    step: int


@dataclass(frozen=True, slots=True)
class CycleSeat:
    """Seat ``seat``'s kind, one step on (human, computer levels, table, phone)."""

    seat: int


@dataclass(frozen=True, slots=True)
class CycleOption:
    """The preset option ``key``'s value, one step on."""

    key: str


@dataclass(frozen=True, slots=True)
class SheetThirds:
    """The count panel: unit ``unit``'s points a whole point down, up, or a third on."""

    unit: int
    change: Literal["minus", "plus", "third"]


Action = Nav | StepVariant | CycleSeat | CycleOption | SheetThirds
