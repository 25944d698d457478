"""Which seatings the engine can play: a rule of the game, asked by the settings
check, the start of a match and the home screen alike (so the screen never offers
a seating the start would refuse)."""

from __future__ import annotations

from collections.abc import Sequence

from firmware.engine.errors import IllegalAction
from firmware.engine.refusals import Refusal
from firmware.engine.variants import Variant


def seating_refusal(variant: Variant, real_cards: bool, computers: Sequence[int]) -> IllegalAction | None:
    """Why ``variant`` cannot be played with these seats, or None.

    ``real_cards``: the people play their own cards (the box referees);
    ``computers``: the seats (0-based) of computer players. A game drawing from a
    talon with real cards cannot have a computer: the draws are face down to the
    box, so the computer's hand could not be followed (RULES.md, real cards)."""
    if real_cards and variant.talon_size and computers:
        return IllegalAction(Refusal.DEAL_TABLE_TALON, variant=variant.name, seat=computers[0])
    return None
