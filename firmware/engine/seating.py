"""Which seatings a game can be played with: asked by the settings check, the start
of a match and the home screen alike (so the screen never offers a seating the start
would refuse). Seat kinds by name: human, computer, table (real cards), phone."""

from __future__ import annotations

from collections.abc import Sequence

from firmware.engine.errors import IllegalAction
from firmware.engine.refusals import Refusal
from firmware.engine.variants import Variant

KINDS = ("human", "computer", "table", "phone")


def mix_problem(kinds: Sequence[str]) -> str | None:
    """Why these kinds of seat cannot share a table, whatever the game, or None."""
    if "table" in kinds and "human" in kinds:
        # Real cards are refereed: people at the table, computers whose cards are scanned
        # at the deal (docs/box.md §4); nobody plays dealt cards on the screen.
        return "a game with real cards has table and computer seats, no \"human\" seat"
    if "table" in kinds and "phone" in kinds:
        # A phone holds a hand the box dealt; real cards are dealt by the people.
        return "a game with real cards has table and computer seats, no \"phone\" seat"
    return None


def seating_refusal(variant: Variant, real_cards: bool, computers: Sequence[int]) -> IllegalAction | None:
    """Why ``variant`` cannot be played with these seats, or None.

    ``real_cards``: the people play their own cards (the box referees);
    ``computers``: the seats (0-based) of computer players. A game drawing from a
    talon with real cards cannot have a computer: the draws are face down to the
    box, so the computer's hand could not be followed."""
    if real_cards and variant.talon_size and computers:
        return IllegalAction(Refusal.DEAL_TABLE_TALON, variant=variant.name, seat=computers[0])
    return None


def seating_problem(variant: Variant, kinds: Sequence[str]) -> ValueError | None:
    """Everything above for one game: the count of seats, the kinds, their mix and the
    game's own rule; None when a match can start with these seats."""
    if len(kinds) != variant.n_seats:
        return ValueError(f"this variant has {variant.n_seats} seats, the settings name {len(kinds)}")
    bad = next((k for k in kinds if k not in KINDS), None)
    if bad is not None:
        return ValueError(f"seat kind {bad!r} is not one of {', '.join(KINDS)}")
    mix = mix_problem(kinds)
    if mix is not None:
        return ValueError(mix)
    return seating_refusal(variant, "table" in kinds, [i for i, k in enumerate(kinds) if k == "computer"])
