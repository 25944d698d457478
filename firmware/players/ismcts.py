"""Single-observer information-set MCTS (Cowling, Powley, Whitehouse 2012), for comparison.

Kept to measure the choice of the hard level's search (docs/players.md):
every iteration samples a world consistent with the view (:func:`determinize`),
descends one tree shared by all worlds (children keyed by card; a child is
selectable only when its card is legal in this world, UCB1 with availability
counts), adds one node, finishes the hand with the fast policy and backs up
the score margin from each mover's side. Not offered in the menu.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from firmware.engine import Card, HandState, View
from firmware.players.hard import HardPlayer
from firmware.players.rollout import margin, playout_margin

EXPLORATION = 0.7 * 3 * 11  # UCB constant on the thirds-margin scale (about 0.7 of its spread)


class _Node:
    __slots__ = ("children", "visits", "total", "avail")

    def __init__(self) -> None:
        self.children: dict[Card, _Node] = {}
        self.visits = 0
        self.total = 0.0  # summed margin for the side that chose the card leading here
        self.avail = 0


class IsmctsPlayer(HardPlayer):
    """hard, with ISMCTS instead of determinization for the hidden-card phase."""

    def pimc(
        self, view: View, cards: list[Card], sample: Callable[[], HandState], *, pooled: bool = False
    ) -> Card:
        # One tree in one thread: the pool of world workers is not used (pooled ignored).
        root = _Node()
        budget = self.budget(self.think_ms / 1000.0)
        iterations = 0
        limit = None if self.worlds is None else self.worlds * len(cards)
        while True:
            world = sample()
            self._iterate(root, world)
            iterations += 1
            if limit is not None:
                if iterations >= limit:
                    break
            elif budget.spent():
                break
        self.last_worlds = iterations
        best = max(cards, key=lambda c: root.children[c].visits if c in root.children else -1)
        return best

    def _iterate(self, root: _Node, s: HandState) -> None:
        path: list[tuple[_Node, int]] = []  # (child node, side that chose it)
        node = root
        while not s.over:
            legal = s.legal_mask()
            cards = []
            m = legal
            while m:
                low = m & -m
                cards.append(low.bit_length() - 1)
                m ^= low
            side = s.hand_sides[s.to_move]
            untried = [c for c in cards if c not in node.children]
            for c in cards:
                child = node.children.get(c)
                if child is not None:
                    child.avail += 1
            if untried:
                c = untried[self.rng.randrange(len(untried))]
                child = _Node()
                child.avail = 1
                node.children[c] = child
                s.play_fast(c)
                path.append((child, side))
                break
            log_terms = {c: math.log(node.children[c].avail) for c in cards}
            c = max(
                cards,
                key=lambda x: node.children[x].total / node.children[x].visits
                + EXPLORATION * math.sqrt(log_terms[x] / node.children[x].visits),
            )
            node = node.children[c]
            s.play_fast(c)
            path.append((node, side))
        value0 = playout_margin(s, 0) if not s.over else _final_margin(s)
        for child, side in path:
            child.visits += 1
            child.total += value0 if side == 0 else -value0


def _final_margin(s: HandState) -> float:
    return margin(s, 0)
