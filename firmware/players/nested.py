"""The true world searched by a rollout of the oracle itself (the deep oracle's search).

The plain oracle (:class:`~firmware.players.hard.OraclePlayer`) plays, in the one true
world (every hand and the talon's order), the card whose single policy playout ends
best: a rollout of the playout policy (Bertsekas' rollout algorithm, level 1). Here the
same step is taken once more (level 2): each candidate card is played in the true world
and the rest of the hand is played out, the side's seats by the plain oracle's rule
(each card the one whose playout ends best for the side) and the other side's seats as
:data:`MODELS` says (by default the playout policy, as the plain oracle's playouts take
them), and the card whose line ends best is played. Against the base policy it rolls
out, a rollout never does worse in a deterministic problem of one decision maker; the
other side here is a model, so it is measured (docs/players.md): it beats the plain
oracle head to head and scores more than it against normal.

Where the rest of the hand is small enough to be known exactly, the line ends in exact
play instead of playouts: two seats of a game the lean solver plays, the talon spent
(:class:`~firmware.players.solver.TwoHandSolver`, the value of both seats playing
perfectly from there, as the oracle then does); and in games without a talon, the ends
:func:`~firmware.players.worlds.world_row` already solves (a few cards a hand).

The budget is a count of leaves (a playout, or an exact end of a line), never a time:
the same search on every host and for the same world the same card. The level-1 values
of the candidates are taken first (one playout each); the lines follow, the level-1 best
first; a line that would pass the count is dropped, and the card is the best of the
lines finished (the level-1 best when none is: the plain oracle's card).
"""

from __future__ import annotations

from collections.abc import Callable

from firmware.engine import RANK, THIRDS, Card, Deck, HandState
from firmware.players.rollout import declare_now, distinct_legal, margin, policy_card, side_score
from firmware.players.solver import LEAN_VARIANTS, TwoHandSolver
from firmware.players.worlds import world_row

MODELS = ("policy", "oracle")
"""Who the other side is in a line: ``"policy"``, the playout policy (as the plain oracle's
playouts take it: the line is a best reply to it, the deep oracle); ``"oracle"``, the
oracle's own rule (every seat the oracle: a best reply to the plain oracle, which it
beats by far head to head but which scores less against normal, docs/players.md)."""


class OutOfLeaves(Exception):
    """The count of leaves is spent."""


def give_away_key(c: Card) -> tuple[int, int]:
    """Of equal values the card that costs least to give away wins the tie (the oracle's
    tie-break, :func:`firmware.players.hard.best_of`): fewest thirds, then the strongest."""
    return (-THIRDS[c], RANK[c])


def best_card(cards: list[Card], values: list[float]) -> Card:
    """The card of the best value; ties as :func:`give_away_key` says."""
    return max(zip(cards, values, strict=True), key=lambda cv: (cv[1], *give_away_key(cv[0])))[0]


def exact_end(s: HandState) -> bool:
    """Two seats of a game the lean solver plays, the talon spent, no trick open: the rest
    of the hand is solved exactly."""
    return s.n == 2 and not s.talon_left and not s.trick and s.variant.name in LEAN_VARIANTS


class NestedRollout:
    """One decision's level-2 rollout of the true world (see the module docstring).

    ``leaves`` bounds the playouts and exact ends met (``searched`` says how many);
    ``solver`` gives the exact solver for a deck (one table kept across decisions: the
    value of a position depends only on the two hands). ``lines`` is how many candidates'
    lines were finished, ``values`` their values (the side's margin in thirds)."""

    def __init__(self, *, leaves: int, solver: Callable[[Deck], TwoHandSolver], model: str = "policy") -> None:
        if model not in MODELS:
            raise ValueError(f"model {model!r}: one of {', '.join(MODELS)}")
        self.model = model
        self.limit = leaves
        self.solver = solver
        self.searched = 0
        self.lines = 0
        self.values: dict[Card, float] = {}

    def best(self, world: HandState, cards: list[Card]) -> Card:
        """The card of ``cards`` (the seat to move's distinct legal ones, two or more)
        whose line ends best for its side; ``world`` is not changed."""
        side = world.hand_sides[world.to_move]
        first = world_row(world, world.to_move, cards)  # level 1: the plain oracle's values
        self.searched += len(cards)
        order = sorted(zip(cards, first, strict=True), key=lambda cv: (cv[1], *give_away_key(cv[0])), reverse=True)
        try:
            for c, _ in order:
                s = world.copy()
                s.play_fast(c)
                self.values[c] = self.line(s, side)
                self.lines += 1
        except OutOfLeaves:
            pass
        if not self.values:
            return order[0][0]
        done = list(self.values)
        return best_card(done, [self.values[c] for c in done])

    def line(self, s: HandState, side: int) -> float:
        """``side``'s margin at the end of the hand when every seat plays the oracle's rule
        from ``s`` on (exact where :func:`exact_end`); ``s`` is consumed."""
        declaring = s.variant.accusi and s.variant.preset.declare_window not in ("start", "none")
        while not s.over:
            if exact_end(s):
                self._spend(1)
                return self.exact_margin(s, side)
            if declaring:
                declare_now(s)
            moves = distinct_legal(s)
            if self.model == "policy" and s.hand_sides[s.to_move] != side:
                card = policy_card(s)  # the other side as the oracle's playouts model it
            elif len(moves) > 1:
                self._spend(len(moves))
                card = best_card(moves, world_row(s, s.to_move, moves))
            else:
                card = moves[0]
            s.play_fast(card)
        return margin(s, side)

    def exact_margin(self, s: HandState, side: int) -> float:
        """``side``'s margin when both seats play the rest of ``s`` (:func:`exact_end`)
        perfectly, in thirds (the solver maximises the leader's thirds, and so the
        floored points too: docs of :mod:`firmware.players.solver`)."""
        solver = self.solver(s.variant.deck)
        leader = s.to_move
        lead, foll = s.hands[leader], s.hands[1 - leader]
        taken = solver.exact(lead, foll)
        rest = solver.total(lead | foll) - taken
        mine = side_score(s, side) + (taken if s.hand_sides[leader] == side else rest)
        other = side_score(s, 1 - side) + (rest if s.hand_sides[leader] == side else taken)
        return float(mine - other)

    def _spend(self, n: int) -> None:
        if self.searched + n > self.limit:
            raise OutOfLeaves
        self.searched += n
