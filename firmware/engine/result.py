"""The count of a finished hand (:class:`HandResult`, RULES.md §1) and the figures
it is made of: tressette's last trick and the sudden wins' multiples of the game
value. :meth:`firmware.engine.state.HandState.result` counts a hand into one; a
score sheet (:mod:`firmware.engine.scoresheet`) makes one from what the table enters.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from firmware.engine.cards import TRESSETTE_VALUES, Seat
from firmware.engine.declarations import Declaration
from firmware.engine.holdings import FalseDeclaration

LAST_TRICK_THIRDS = TRESSETTE_VALUES.last_trick
"""Tressette's last trick, a point (the games with another count: ``Variant.values``)."""

EndedBy = Literal["play", "zu_tun", "claim", "decima", "abandoned", "revoke"]

SUDDEN_MULTIPLIERS: dict[str, int] = {
    "cappotto": 2,
    "stramazzo": 3,
    "cappottone": 6,
    "stramazzone": 8,
    "decima": 16,
}
"""tressette4's sudden wins (seed 003) as multiples of the game value."""



@dataclass(frozen=True, slots=True)
class HandResult:
    """The count of a finished hand (RULES.md §1), per seat and per side."""

    thirds: tuple[int, ...]  # per seat, the last trick (and a widow) included
    card_points: tuple[int, ...]  # per side of the hand: floor(thirds / 3), the Pezz lost
    last_trick: Seat | None
    declarations: tuple[Declaration, ...]
    declared: tuple[int, ...]  # per side of the hand
    points: tuple[int, ...]  # per side of the hand: card points + declarations
    ended_by: EndedBy = "play"
    zu_tun_seat: Seat | None = None
    # Issue 3 (four-player family); every default describes a two-player hand.
    sides: tuple[int, ...] = ()  # the hand's side of each seat (chiamata: who was with whom)
    score: tuple[int, ...] = ()  # what the match adds, per Variant.side_of unit
    sudden: str | None = None  # cappotto / stramazzo / cappottone / stramazzone / decima
    multiplier: int = 1  # the game's value in the stake ledger when this hand decides it
    sudden_side: int | None = None  # the side of the hand that won suddenly
    claim_seat: Seat | None = None  # chiamarsi fuori
    claim_ok: bool | None = None  # True: the claimant's side had reached the target
    cappotto_side: int | None = None  # treseta4 option cappotto: the side that took every trick
    # Real cards (firmware/engine/table.py): declarations the cards played disproved.
    false_declarations: tuple[FalseDeclaration, ...] = ()
    # A revoke called (RULES.md §3.7): the seat and the penalty the hand was scored by.
    revoke_seat: Seat | None = None
    revoke_penalty: str | None = None

