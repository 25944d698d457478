"""What a hand leaves on the table as it is played: the tricks taken, the cards drawn
from the talon, the signals spoken with a card. Kept by
:class:`~firmware.engine.state.HandState`, read by the views and the players.
"""

from __future__ import annotations

from dataclasses import dataclass

from firmware.engine.cards import Card, Seat


@dataclass(frozen=True, slots=True)
class Trick:
    """A completed trick: ``cards[i]`` was played by seat ``(leader + i) % n``."""

    leader: Seat
    cards: tuple[Card, ...]
    winner: Seat

    def seat_of(self, index: int, n: int) -> Seat:
        return (self.leader + index) % n


@dataclass(frozen=True, slots=True)
class Draw:
    """A card taken from the talon after trick ``trick``; public when ``shown``."""

    trick: int
    seat: Seat
    card: Card
    shown: bool


@dataclass(frozen=True, slots=True)
class Signal:
    """Signals spoken with a card (RULES.md §3.3, §3.5); public, seen from every seat."""

    trick: int  # index of the trick the card went to
    seat: Seat
    card: Card
    names: tuple[str, ...]

