"""A reference opponent built differently from the levels: sampled deals, fixed-depth
alpha-beta, majority vote (measurement only, never in the menu).

The approach of the Tressette programs in the literature: for each decision

1. sample ``worlds`` deals of the hidden cards consistent with the view (the same
   consistency rules as every player: :func:`determinize`, which only reads the
   view; no weighting, no inference from signals beyond the engine's voids);
2. in each deal, search the position with alpha-beta to a fixed depth of
   ``plies`` cards (always completing the trick in progress at the horizon), the
   value being the thirds the own side takes minus what the others take
   (paranoid for games of more than two sides; the sign is turned in Ciapanò);
   every hand is open in the deal, there is no playout policy and no exact
   endgame solver beyond what the depth reaches;
3. each deal votes for its best card; the card with most votes is played (ties:
   the larger summed value, then the cheapest card).

Its strength does not depend on the clock: the work per decision is fixed by
``worlds`` and ``plies``, so a measurement against it gives the same result on
a loaded machine and on the box. It declares every accuso on offer and takes
the table actions of :func:`special_action` like every level.
"""

from __future__ import annotations

import random

from firmware.engine import ITALIAN, RANK, SUIT, THIRDS, Action, Card, Declare, HandState, View
from firmware.players.base import declare_everything
from firmware.players.determinize import Sampler
from firmware.players.heuristic import searched_move
from firmware.players.rollout import distinct_cards, distinct_legal

DEFAULT_WORLDS = 16
DEFAULT_PLIES = 8

_INF = 1 << 30
LAST_TRICK = 3  # thirds for the last trick
_SUIT_MASKS = tuple(ITALIAN.suit_mask(x) for x in range(len(ITALIAN.suits)))


class ReferencePlayer:
    """Sampled-deal alpha-beta with a majority vote (see the module docstring)."""

    def __init__(
        self,
        *,
        seed: int,
        worlds: int | None = None,
        plies: int | None = None,
        name: str = "reference",
    ) -> None:
        self.name = name
        self.rng = random.Random(seed)
        self.worlds = DEFAULT_WORLDS if worlds is None else worlds
        self.plies = DEFAULT_PLIES if plies is None else plies
        self.nodes = 0

    def choose(self, view: View) -> Action:
        return searched_move(view, self.vote)

    def declarations(self, view: View) -> list[Declare]:
        return declare_everything(view)

    def vote(self, view: View, cards: list[Card]) -> Card:
        votes = dict.fromkeys(cards, 0)
        sums = dict.fromkeys(cards, 0)
        sample = Sampler(view)  # the view's constraints once per decision
        for _ in range(self.worlds):
            world = sample(self.rng)
            side = world.hand_sides[view.seat]
            lean = _lean_ok(world)
            if lean:
                diff = sum(t if world.hand_sides[p] == side else -t for p, t in enumerate(world.thirds))
            best_card, best = cards[0], -_INF
            for c in _ordered(world, cards):
                if lean:
                    v = self._lean_child(world.hands, world.trick, world.leader, diff, side, c, self.plies - 1, best, _INF)
                else:
                    child = world.copy()
                    child.play_fast(c)
                    v = self._value(child, side, self.plies - 1, best, _INF)
                sums[c] += max(v, -_INF // 2)
                if v > best:
                    best, best_card = v, c
            votes[best_card] += 1
        return max(cards, key=lambda c: (votes[c], sums[c], -THIRDS[c], RANK[c]))

    def _value(self, s: HandState, side: int, depth: int, alpha: int, beta: int) -> int:
        """Own side's thirds minus the others' (mean), searched ``depth`` more cards."""
        self.nodes += 1
        if s.over or (depth <= 0 and not s.trick):
            return _evaluate(s, side)
        maximise = s.hand_sides[s.to_move] == side
        best = -_INF if maximise else _INF
        for c in _ordered(s, distinct_legal(s)):
            child = s.copy()
            child.play_fast(c)
            v = self._value(child, side, depth - 1, alpha, beta)
            if maximise:
                if v > best:
                    best = v
                    if v > alpha:
                        alpha = v
            else:
                if v < best:
                    best = v
                    if v < beta:
                        beta = v
            if alpha >= beta:
                break
        return best


    # The same search on four bitmasks (partnerships, no talon, no trump): the same
    # cards in the same order, so the same values as :meth:`_value`, several times faster.
    # Its alpha-beta loop is written out as _value's is: one loop given the child's value
    # as a callback made the reference 20% slower a decision (tressette arena --a reference).

    def _lean_child(
        self,
        hands: list[int],
        trick: list[Card],
        leader: int,
        diff: int,
        side: int,
        c: Card,
        depth: int,
        alpha: int,
        beta: int,
    ) -> int:
        me = (leader + len(trick)) & 3
        hands = hands[:]
        hands[me] &= ~(1 << c)
        trick = [*trick, c]
        if len(trick) == 4:
            lead_suit = SUIT[trick[0]]
            bi = 0
            for i in range(1, 4):
                if SUIT[trick[i]] == lead_suit and RANK[trick[i]] < RANK[trick[bi]]:
                    bi = i
            leader = (leader + bi) & 3
            pts = THIRDS[trick[0]] + THIRDS[trick[1]] + THIRDS[trick[2]] + THIRDS[trick[3]]
            if not (hands[0] | hands[1] | hands[2] | hands[3]):
                pts += LAST_TRICK
            diff += pts if (leader & 1) == side else -pts
            trick = []
        return self._lean_value(hands, trick, leader, diff, side, depth, alpha, beta)

    def _lean_value(
        self,
        hands: list[int],
        trick: list[Card],
        leader: int,
        diff: int,
        side: int,
        depth: int,
        alpha: int,
        beta: int,
    ) -> int:
        self.nodes += 1
        if not trick and (depth <= 0 or not (hands[0] | hands[1] | hands[2] | hands[3])):
            return diff
        me = (leader + len(trick)) & 3
        hand = hands[me]
        legal = (hand & _SUIT_MASKS[SUIT[trick[0]]] or hand) if trick else hand
        outside = (hands[0] | hands[1] | hands[2] | hands[3]) & ~hand
        for t in trick:  # a card of the trick between two of the hand's cards parts them
            outside |= 1 << t
        maximise = (me & 1) == side
        best = -_INF if maximise else _INF
        for c in _ordered_mask(legal, outside):
            v = self._lean_child(hands, trick, leader, diff, side, c, depth - 1, alpha, beta)
            if maximise:
                if v > best:
                    best = v
                    if v > alpha:
                        alpha = v
            else:
                if v < best:
                    best = v
                    if v < beta:
                        beta = v
            if alpha >= beta:
                break
        return best


def _lean_ok(s: HandState) -> bool:
    return (
        s.n == 4
        and s.hand_sides == (0, 1, 0, 1)
        and not s.talon_left
        and s.trump is None
        and not s.variant.inverted
        and s.pending is None
        and not s.widow
        and s.suit_masks == _SUIT_MASKS
    )


def _ordered_mask(legal: int, outside: int) -> list[Card]:
    """:func:`distinct_legal` then :func:`_ordered`, on masks."""
    out = distinct_cards(legal, outside)
    out.sort(key=lambda c: (-THIRDS[c], RANK[c]))
    return out


def _evaluate(s: HandState, side: int) -> int:
    sides = s.hand_sides
    n_sides = max(sides) + 1
    mine = 0
    others = 0
    for seat in range(s.n):
        if sides[seat] == side:
            mine += s.thirds[seat]
        else:
            others += s.thirds[seat]
    # Several opponents (each for himself): compare with their mean, in thirds x (n_sides-1).
    value = mine * (n_sides - 1) - others
    return -value if s.variant.inverted else value


def _ordered(s: HandState, cards: list[Card]) -> list[Card]:
    """Rich and strong cards first (better cut-offs): by thirds, then by rank."""
    return sorted(cards, key=lambda c: (-THIRDS[c], RANK[c]))
