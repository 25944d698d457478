"""What a seat can do: small frozen values, written to records and the journal as-is."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from firmware.engine.cards import Card, Rank, Seat, Suit

DeclKind = Literal["napoletana", "three", "four"]
"""napoletana: 3-2-A of one suit (Napoli); three / four: three or four of 3, 2 or A
(buon gioco, quattro bello; Dreier, Vierer)."""


@dataclass(frozen=True, slots=True)
class Play:
    """Play ``card`` to the trick; ``signals`` are the four-player signals attached to it."""

    seat: Seat
    card: Card
    signals: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Declare:
    """Declare a combination (accuso / Ansage): ``suit`` for a napoletana, ``rank`` otherwise."""

    seat: Seat
    kind: DeclKind
    suit: Suit | None = None
    rank: Rank | None = None


@dataclass(frozen=True, slots=True)
class ZuTun:
    """Treschetten: lay a 10 face up on the talon and end the game as its winner."""

    seat: Seat
    card: Card


Action = Play | Declare | ZuTun
