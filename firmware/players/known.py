"""Every card placed, and no exact solver for the game: one world, searched deeper.

In two-handed Ciapanò all forty cards are dealt, so each seat's hand is the
complement of its own and of the cards played: there is one world, and sampling
it again and again (:mod:`firmware.players.hard`'s search) only repeats a single
playout per card. Searched that way hard looked one card ahead and let the
playout policy judge the rest, and the reference opponent (fixed-depth alpha-beta)
beat it (docs/players.md). Here the one world is searched by iterative deepening:
alpha-beta a trick deeper each round (the trick in progress always completed at
the horizon), each leaf finished by the same playout policy that scores hard's
sampled worlds (:func:`playout_margin`), the end of the hand exact once the depth
reaches it. The card of the deepest round is played; a round cut short by the
budget still counts for the cards it finished, since the previous round's best is
searched first.

Values are :func:`playout_margin`'s: the seat's side's score minus the other's, in
thirds, turned in Ciapanò (points count against the taker), so the seat maximises
and the other seat minimises in every game.
"""

from __future__ import annotations

from collections.abc import Callable

from firmware.engine import RANK, THIRDS, Card, HandState, View
from firmware.players.rollout import distinct_legal, margin, playout_margin, policy_card
from firmware.players.solver import LEAN_VARIANTS

CHECK_EVERY = 8
"""Leaves (playouts, or ends of the hand) between looks at the clock: a playout costs about
0.1 ms, so the budget is overrun by a millisecond at most."""


class OutOfLeaves(Exception):
    """The budget (the clock, or a fixed number of leaves) is spent."""


def known_world(view: View) -> bool:
    """Two seats, the talon empty, no card aside unseen and no accuso left to declare
    during play, and a game the lean exact solver does not play: every hidden card is
    the other seat's (two-handed Ciapanò from the first card)."""
    v = view.variant
    if v.n_seats != 2 or view.talon_left or v.name in LEAN_VARIANTS:
        return False
    if v.accusi and v.preset.declare_window not in ("start", "none"):
        return False
    other = view.seats[1 - view.seat]
    return len(view.unseen) == other.hand_count - len(other.shown)


class Deepening:
    """One decision's search of the one world (see the module docstring).

    ``spent`` says when the clock's budget is used up; ``leaves`` (fixed-iteration
    mode: tests, the coach's ratings) bounds the playouts instead, so the result is the
    same on every machine; either is asked from the second round on. ``depth`` is the deepest round finished (plies past the
    seat's own card), ``searched`` the leaves met (playouts and ends of the hand)."""

    def __init__(self, *, spent: Callable[[], bool] | None = None, leaves: int | None = None) -> None:
        self.spent = spent
        self.limit = leaves
        self.searched = 0
        self.depth = -1

    def best(self, world: HandState, cards: list[Card]) -> Card:
        """The card of ``cards`` (the seat to move's legal ones) with the best value: of
        the deepest round finished, or of a round cut short if it beat that round's best
        (searched first); ties go to the card that costs least to give away."""
        return self.search(world, cards)[0]

    def search(self, world: HandState, cards: list[Card]) -> tuple[Card, dict[Card, float]]:
        """The best card and every card's value in the deepest round finished. The first
        round, to the end of the trick, is always finished whatever the budget (at most
        the seat's cards times the replies: a few milliseconds), so every card has a
        value. Each card is searched with the whole window, so a worse card's value is
        its own and not a bound: the coach's losses are these."""
        side = world.hand_sides[world.to_move]
        order = sorted(cards, key=_give_away)
        choice = order[0]
        finished: dict[Card, float] = {}
        total = sum(h.bit_count() for h in world.hands) + world.talon_left  # a talon's cards too
        plies = 0
        while True:
            values: dict[Card, float] = {}
            try:
                for c in order:
                    child = world.copy()
                    child.play_fast(c)
                    values[c] = self._value(child, side, plies, -float("inf"), float("inf"))
            except OutOfLeaves:  # never in the first round
                if values:  # the last round's best came first: a card that beat it counts
                    better = _best(values)
                    if values[better] > values[order[0]]:
                        choice = better
                return choice, finished
            choice, finished = _best(values), values
            self.depth = plies
            if plies + 1 >= total:  # the round reached the end of the hand: exact
                return choice, finished
            order.sort(key=lambda c: -values[c])  # the best first: a round cut short has searched it
            plies += world.n

    def _value(self, s: HandState, side: int, depth: int, alpha: float, beta: float) -> float:
        if s.over:
            self._leaf()  # the end of the hand counts as a leaf: an exact round looks at the clock too
            return margin(s, side)
        if depth <= 0 and not s.trick:
            self._leaf()
            return playout_margin(s.copy(), side)
        maximise = s.hand_sides[s.to_move] == side
        best = -float("inf") if maximise else float("inf")
        for c in _ordered(s):
            child = s.copy()
            child.play_fast(c)
            v = self._value(child, side, depth - 1, alpha, beta)
            if maximise:
                if v > best:
                    best = v
                    if v > alpha:
                        alpha = v
            elif v < best:
                best = v
                if v < beta:
                    beta = v
            if alpha >= beta:
                break
        return best

    def _leaf(self) -> None:
        self.searched += 1
        if self.depth < 0:
            return  # the first round (one trick) is always finished: every card gets a value
        if self.limit is not None:
            if self.searched > self.limit:
                raise OutOfLeaves
        elif self.spent is not None and self.searched % CHECK_EVERY == 0 and self.spent():
            raise OutOfLeaves


def _give_away(c: Card) -> tuple[int, int]:
    """Fewest thirds, then the weakest: the least valuable card to give away first (the
    tie-break of hard's sampled search, :func:`firmware.players.hard.best_of`)."""
    return (THIRDS[c], -RANK[c])


def _best(values: dict[Card, float]) -> Card:
    """The card of the best value; of equals, the one that costs least to give away."""
    return max(values, key=lambda c: (values[c], -THIRDS[c], RANK[c]))


def _ordered(s: HandState) -> list[Card]:
    """The seat's distinct legal cards, the policy's card first (the likeliest best: the
    earlier a good card comes, the more alpha-beta cuts)."""
    cards = distinct_legal(s)
    if len(cards) > 1:
        first = policy_card(s)
        if first in cards:
            cards.remove(first)
            cards.insert(0, first)
    return cards
