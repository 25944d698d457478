"""Hints and ratings from one seat's view, with the hard player's own search.

Everything here takes a :class:`~firmware.engine.View` (RULES.md §4) and
nothing else about the table: a hint or a rating can only use what the seat
could know at that moment. The numbers come from the hard player
(:class:`~firmware.players.hard.HardPlayer`) so that the coach's best card is
the card the hard level would play:

- **sampled**: while cards are hidden, every legal card is played in the same
  sampled worlds consistent with the view and each world is finished by the
  hard player's playout (``HardPlayer.pimc_totals``); a card's value is its
  mean score margin;
- **exact**: in two-player games once the talon is empty the opponent's hand
  is known, and the exact solver settles every card: its loss is counted in
  whole points, the floor of the thirds included (RULES.md §1);
- **searched**: every card placed but no exact solver for the game (two-handed
  Ciapanò, all forty cards dealt): the hard player's deeper search of the one
  world (:mod:`firmware.players.known`), each card's value its own;
- **forced**: a single legal card loses nothing and is not rated.

The expected loss of a card is in points: the best card's value minus its
value, from the seat's side's point of view (docs/coach.md). The marks are
cut at :data:`THRESHOLDS`.

Budgets. A rating uses a fixed number of worlds (:data:`RATE_WORLDS`) and a
seed derived from the position, so the same record is rated the same on
every machine; a live hint may instead use the hard player's clock
(``think_ms``).
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Literal

from firmware.coach.reasons import Reason, reason_for, reason_for_special
from firmware.engine import SUIT, Action, Card, HandState, Play, View
from firmware.players import signals
from firmware.players.base import legal_plays, special_action
from firmware.players.determinize import Inconsistent, Sampler, determinize
from firmware.players.hard import (
    DEFAULT_THINK_MS,
    SOLVER_BUDGET,
    HardPlayer,
    best_of,
    distinct_cards,
    exact_endgame,
)
from firmware.players.heuristic import normal_card
from firmware.players.known import known_world
from firmware.players.solver import OutOfTime, TwoHandSolver

Mark = Literal["forced", "best", "good", "inaccuracy", "mistake", "blunder"]
Method = Literal["forced", "exact", "sampled", "searched"]

MARKS: tuple[Mark, ...] = ("best", "good", "inaccuracy", "mistake", "blunder")

THRESHOLDS: tuple[float, float, float] = (0.25, 0.75, 1.5)
"""Expected loss in points where a play stops being good / an inaccuracy / a mistake.

Below 0.25 a play is *best* when it is the hint's card or worth the same within
the rating's noise (:data:`NOISE_Z`), else *good* (measurably worse, but by less
than the smallest card value, ⅓); 0.25-0.75 an *inaccuracy* (about a court
card's worth); 0.75-1.5 a *mistake* (about an ace); 1.5 and more a *blunder*.
docs/coach.md shows how the hard, normal and easy levels fall into them."""

NOISE_Z = 1.0
"""A card other than the hint's is *best* only when its loss is at most this many
standard errors of the paired difference (its margin minus the hint card's, world
by world in the same sampled worlds): a loss the rating cannot tell from none. At
the default 64 worlds that error is typically 0.05-0.25 points (docs/coach.md).
Exact ratings have no noise: there only a loss of 0 (a card worth the same) is best."""

RATE_WORLDS = 64
"""Worlds per rated decision by default (no clock: the same on every machine)."""

HINT_THINK_MS = DEFAULT_THINK_MS
"""A live hint's budget: the hard player's own think time."""

SOLVER_TT_LIMIT = 300_000


def mark_of(loss: float, noise: float = 0.0, *, hint: bool = False) -> Mark:
    """The mark of a play losing ``loss`` points (standard error ``noise``); ``hint``: it is
    the hint's own card."""
    if loss < THRESHOLDS[0]:
        return "best" if hint or loss <= NOISE_Z * noise else "good"
    if loss < THRESHOLDS[1]:
        return "inaccuracy"
    if loss < THRESHOLDS[2]:
        return "mistake"
    return "blunder"


def play_score(loss: float) -> float:
    """One play's contribution to accuracy: 1 at no loss, 0 from a blunder's loss on."""
    return max(0.0, 1.0 - loss / THRESHOLDS[2])


def accuracy(losses: list[float]) -> float | None:
    """Percent: the mean :func:`play_score` of the rated (not forced) plays; None if none."""
    if not losses:
        return None
    return 100.0 * sum(play_score(x) for x in losses) / len(losses)


@dataclass(frozen=True, slots=True)
class Evaluation:
    """Every legal card of a decision, valued from one seat's view."""

    seat: int
    cards: tuple[Card, ...]
    losses: tuple[float, ...]  # points of expected loss per card, against the best
    best: Card  # the hard player's card
    method: Method
    worlds: int  # sampled worlds (1 when exact, 0 when forced)
    noise: tuple[float, ...] = ()  # per card: the standard error of its loss (none: exact)

    def loss_of(self, card: Card) -> float:
        return self.losses[self.cards.index(card)]

    def noise_of(self, card: Card) -> float:
        return self.noise[self.cards.index(card)] if self.noise else 0.0


@dataclass(frozen=True, slots=True)
class Hint:
    """What the hard player would do from this seat, and why (a catalogue key + arguments)."""

    action: Action
    reason: Reason
    method: Method


@dataclass(frozen=True, slots=True)
class RatedPlay:
    seat: int
    card: Card
    loss: float
    mark: Mark
    best: Card  # the hint that would have been given: the hard player's card
    reason: Reason  # why that card (the hint's reason)
    method: Method
    worlds: int
    noise: float = 0.0  # the standard error of ``loss`` (0 when exact or forced)


class Coach:
    """Hints and ratings; keeps the exact solver's table between decisions of a match.

    ``worlds`` fixes the sampled worlds per decision (deterministic); with
    ``worlds=None`` the hard player's clock ``think_ms`` bounds each decision.
    """

    def __init__(
        self, *, seed: int = 0, worlds: int | None = RATE_WORLDS, think_ms: int | None = None
    ) -> None:
        self.seed = seed
        self.worlds = worlds
        self.think_ms = HINT_THINK_MS if think_ms is None else think_ms
        self.hard = HardPlayer(seed=seed, worlds=worlds, think_ms=self.think_ms, name="coach")
        self._solvers: dict[str, TwoHandSolver] = {}

    # ------------------------------------------------------------------ public

    def evaluate(self, view: View) -> Evaluation:
        """Every legal card's expected loss; raises ValueError when no card may be played."""
        plays = legal_plays(view)
        cards = sorted({a.card for a in plays})
        if not cards or not view.my_turn:
            raise ValueError("no card to play from this view")
        if len(cards) == 1:
            return Evaluation(view.seat, tuple(cards), (0.0,), cards[0], "forced", 0)
        self.hard.rng.seed(self._salt(view))
        try:
            if exact_endgame(view):
                return self._exact(view, cards)
            if known_world(view):
                return self._searched(view, cards)
            return self._sampled(view, cards)
        except Inconsistent:
            # Never for a view the engine made; say nothing rather than guess.
            card = normal_card(view)
            return Evaluation(view.seat, tuple(cards), (0.0,) * len(cards), card, "forced", 0)

    def hint(self, view: View) -> Hint:
        """The hard player's action from this view, with its reason."""
        special = special_action(view)
        if special is not None:
            return Hint(special, reason_for_special(view, special), "forced")
        if not legal_plays(view):
            raise ValueError("nothing to hint: no card to play from this view")
        ev = self.evaluate(view)
        return self.hint_from(view, ev)

    def hint_from(self, view: View, ev: Evaluation) -> Hint:
        action = signals.play_with_signals(view, ev.best)
        return Hint(action, reason_for(view, ev.best, ev.method), ev.method)

    def rate(self, view: View, play: Play) -> RatedPlay:
        """The rating of ``play`` made from ``view`` (the seat's view just before it)."""
        ev = self.evaluate(view)
        return self.rated(view, ev, play.card)

    def rated(self, view: View, ev: Evaluation, card: Card) -> RatedPlay:
        loss = ev.loss_of(card)
        noise = ev.noise_of(card)
        mark: Mark = "forced" if ev.method == "forced" else mark_of(loss, noise, hint=card == ev.best)
        return RatedPlay(
            seat=view.seat,
            card=card,
            loss=loss,
            mark=mark,
            best=ev.best,
            reason=reason_for(view, ev.best, ev.method),
            method=ev.method,
            worlds=ev.worlds,
            noise=noise,
        )

    # ---------------------------------------------------------------- internal

    def _salt(self, view: View) -> int:
        """The search seed of a decision: the coach's seed and how far the hand is."""
        return (self.seed * 1_000_003 + view.played_mask.bit_count() * 8 + view.seat) & 0xFFFFFFFF

    def _sampled(self, view: View, cards: list[Card]) -> Evaluation:
        rng: random.Random = self.hard.rng
        sample = Sampler(view, lengths=self.hard.lengths)  # the worlds the hard level searches
        # A live hint (on the clock) spreads its worlds over the pool of world workers when
        # no computer's decision holds it; ratings (fixed worlds) stay in this thread, so a
        # hand is rated the same on every box.
        totals = self.hard.pimc_totals(
            view, cards, lambda: sample(rng), keep=True, pooled=self.worlds is None
        )
        return self._from_totals(view, cards, totals)

    def _searched(self, view: View, cards: list[Card]) -> Evaluation:
        """Every card placed and no exact solver (two-handed Ciapanò): the hard player's
        deeper search of the one world (:mod:`firmware.players.known`), the same leaves
        for the same worlds, so the hint is the card hard plays. A card that plays like a
        kept one (:func:`distinct_cards`) has its value."""
        world = determinize(view, self.hard.rng)  # the only world: every card is placed
        kept = distinct_cards(view, cards)
        search = self.hard.one_world_search(len(kept))  # the hard player's budget: its worlds or clock
        best, values = search.search(world, kept)  # every card valued: the first round always ends
        scale = _margin_to_points(view)

        def value(c: Card) -> float:
            if c in values:
                return values[c]
            return values[max(k for k in kept if k < c and SUIT[k] == SUIT[c])]

        losses = tuple(max(0.0, (values[best] - value(c)) * scale) for c in cards)
        return Evaluation(view.seat, tuple(cards), losses, best, "searched", 1)

    def _from_totals(self, view: View, cards: list[Card], totals: dict[Card, float]) -> Evaluation:
        """The sampled evaluation from the hard player's totals and their world-by-world history."""
        n = max(1, self.hard.last_worlds)
        best = best_of(cards, totals)
        scale = _margin_to_points(view) / (self.hard.last_weight or n)
        losses = tuple(max(0.0, (totals[best] - totals[c]) * scale) for c in cards)
        history = self.hard.last_history
        noise = tuple(paired_error(history.get(best, []), history.get(c, [])) * scale for c in cards)
        return Evaluation(view.seat, tuple(cards), losses, best, "sampled", n, noise)

    def _exact(self, view: View, cards: list[Card]) -> Evaluation:
        world = determinize(view, self.hard.rng)  # the only world: every card is placed
        solver = self._solver(world)
        # On the clock (a live hint) the solver has the hard player's once-a-hand allowance;
        # should it run out, the known world is searched by playouts instead.
        solver.deadline = (
            None if self.worlds is not None
            else self.hard.budget(SOLVER_BUDGET * self.think_ms / 1000.0)
        )
        try:
            return self._solved(view, cards, world, solver)
        except OutOfTime:
            totals = self.hard.pimc_totals(view, cards, world.copy, keep=True)
            return self._from_totals(view, cards, totals)
        finally:
            solver.deadline = None

    def _solved(
        self, view: View, cards: list[Card], world: HandState, solver: TwoHandSolver
    ) -> Evaluation:
        me = world.to_move
        have = world.thirds[me]
        best, best_k = solver.best_move_floored(world)
        if best_k < 0:
            return Evaluation(view.seat, tuple(cards), (0.0,) * len(cards), best, "exact", 1)
        # The thresholds at which the seat's whole points change, up to the best card's.
        steps = [k for k in range(1, best_k + 1) if (have + k) % 3 == 0]
        losses: list[float] = []
        for c in cards:
            lost = 0
            for k in reversed(steps):
                if solver.move_value(world, c, k - 1, k) >= k:
                    break
                lost += 1
            losses.append(float(lost))
        return Evaluation(view.seat, tuple(cards), tuple(losses), best, "exact", 1)

    def _solver(self, world: HandState) -> TwoHandSolver:
        """One table per deck, kept across decisions (its values depend on the hands only)."""
        deck = world.variant.deck
        solver = self._solvers.get(deck.name)
        if solver is None or len(solver.tt) > SOLVER_TT_LIMIT:
            solver = TwoHandSolver(deck)
            self._solvers[deck.name] = solver
        return solver


def paired_error(a: list[float], b: list[float]) -> float:
    """The standard error of ``sum(a) - sum(b)`` for margins paired world by world: the
    spread of the differences times the square root of their number (0 for fewer than
    two worlds, or when the two cards are the same card)."""
    n = len(a)
    if n < 2 or len(b) != n or a is b:
        return 0.0
    diffs = [x - y for x, y in zip(a, b, strict=True)]
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return math.sqrt(var * n)


def _margin_to_points(view: View) -> float:
    """The hard player's margin (thirds, own side minus the others' mean) in own points.

    With ``k`` sides and a fixed total, one third more for the own side moves the
    margin by k/(k-1) thirds; three thirds are a point.
    """
    known = {x for x in view.sides if x is not None}
    k = max(2, len(known))
    return (k - 1) / k / 3.0


