"""One imagined world searched: every candidate card played in it and the hand finished by
the playout policy, or exactly once few cards are left. The same code for the hard player's
deciding thread (:mod:`firmware.players.hard`) and the pool's workers
(:mod:`firmware.players.pool`), so that both deal the same numbers."""

from __future__ import annotations

from firmware.engine import THIRDS, Card, HandState
from firmware.players.rollout import playout_margin, side_score
from firmware.players.solver import LEAN_VARIANTS, generic_value

GENERIC_EXACT_CARDS = {2: 4, 3: 3, 4: 3}
"""Games without a talon (two-handed Ciapanò too, which the lean solver does not play):
solve each world exactly once every hand holds this few cards, by the number of seats
(at most 4!^2, 3!^3, 3!^4 leaves: each world stays a fraction of a millisecond's budget)."""


def world_row(world: HandState, seat: int, cards: list[Card], tally: list[int] | None = None) -> list[float]:
    """The margin of every card of ``cards`` for ``seat``'s side in one imagined world:
    each card played there and the hand finished by the playout policy, or exactly once
    few cards are left (:func:`_exact_now`). The same for the deciding thread and the
    pool's workers (:mod:`firmware.players.pool`). ``tally[0]`` (when given) counts the
    positions the exact ends searched (a counted budget's work)."""
    side = world.hand_sides[seat]
    exact = _exact_now(world)
    row: list[float] = []
    for c in cards:
        s = world.copy()
        s.play_fast(c)
        row.append(_exact_margin(s, side, tally) if exact and not s.over else playout_margin(s, side))
    return row


def _exact_now(world: HandState) -> bool:
    if world.talon_left or (world.n == 2 and world.variant.name in LEAN_VARIANTS):
        return False  # the lean solver plays those once the talon is spent
    return max(h.bit_count() for h in world.hands) <= GENERIC_EXACT_CARDS.get(world.n, 3)


def _exact_margin(s: HandState, side: int, tally: list[int] | None = None) -> float:
    """Margin of ``side`` at the end when the rest is played exactly.

    ``side`` maximises, every other seat minimises its take (paranoid for
    games of more than two sides); in Ciapanò ``side`` minimises its take and
    the others push it up.
    """
    n_sides = max(s.hand_sides) + 1
    remaining = 3 + sum(THIRDS[c] for c in s.trick) + sum(THIRDS[c] for c in s.widow)
    for h in s.hands:
        remaining += (h & _ACES).bit_count() * 3 + (h & _ONES).bit_count()
    gain = generic_value(s, side, -(1 << 30), 1 << 30, s.thirds[:], avoid=s.variant.inverted, tally=tally)
    mine = side_score(s, side) + gain
    others = sum(side_score(s, x) for x in range(n_sides) if x != side) + remaining - gain
    m = mine - others / (n_sides - 1)
    return -m if s.variant.inverted else m


_ACES = sum(1 << c for c in range(len(THIRDS)) if THIRDS[c] == 3)
_ONES = sum(1 << c for c in range(len(THIRDS)) if THIRDS[c] == 1)
