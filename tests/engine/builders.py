"""Build two-player records from a list of tricks, for the worked examples.

Each trick is given as the pair (card of seat 0, card of seat 1). The deal is
derived so that every seat holds exactly the cards of its next tricks: the
first hand is the cards of tricks 1..H, and after trick k the winner draws the
card he plays in trick H+k, the loser his. Replaying the result through the
engine then checks every play, winner and draw.
"""

from __future__ import annotations

import copy
from typing import Any

from firmware.engine import CODE, HandState, Variant, make_variant
from firmware.engine.cards import beats


def two_player_record(
    variant: Variant, tricks: list[tuple[str, str]], dealer: int = 1
) -> dict[str, Any]:
    deck = variant.deck
    leader = (dealer + 1) % 2
    plays: list[tuple[int, int]] = []  # (seat, card) in order
    winners: list[int] = []
    for c0, c1 in tricks:
        cards = (deck.parse(c0), deck.parse(c1))
        lead, follow = cards[leader], cards[1 - leader]
        winner = 1 - leader if beats(follow, lead) else leader
        plays += [(leader, lead), (1 - leader, follow)]
        winners.append(winner)
        leader = winner
    h = variant.hand_size
    hands: dict[str, list[str]] = {
        str(s): [CODE[deck.parse(t[s])] for t in tricks[:h]] for s in (0, 1)
    }
    talon: list[str] = []
    for k in range(variant.talon_size // 2):
        w = winners[k]
        talon += [tricks[h + k][w], tricks[h + k][1 - w]]
    return {
        "format": "tressette-record/1",
        "variant": variant.name,
        "options": {"accusi": False},
        "hands": [
            {
                "dealer": dealer,
                "deal": {**hands, "talon": talon},
                "actions": [{"seat": s, "play": CODE[c]} for s, c in plays],
            }
        ],
    }


def tressette2() -> Variant:
    return make_variant("tressette2", {"accusi": False})


def snapshot(state: HandState) -> tuple[Any, ...]:
    """Everything a hand state holds (but its variant), deep-copied: for comparing two states."""
    return copy.deepcopy(tuple(getattr(state, slot) for slot in HandState.__slots__ if slot != "variant"))
