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

One answer. A hint, a rating and a reason are a function of the position as the
seat knows it, nothing else: every decision searches a fixed number of worlds
(:data:`RATE_WORLDS`, no clock) sampled from a seed that is a digest of the
seat's view (:func:`position_digest`: its hand and everything public, never a
hidden card, the process, the match or the time), in the deciding thread only
(never the pool of world workers). So the live hint, the hand's rating and the
match's review name the same card for one position, and so does a hint asked
again after an undo. A card is *best* when it is the hint's card or loses at
most :func:`tie_margin` (the rating's noise): then it is *as good as* the
hint's card (docs/coach.md, *One answer*).
"""

from __future__ import annotations

import hashlib
import math
import random
from dataclasses import dataclass
from typing import Literal

from firmware.coach.reasons import Reason, reason_for, reason_for_special
from firmware.engine import SUIT, Action, Card, HandState, Play, Variant, View
from firmware.players import signals
from firmware.players.base import legal_plays, special_action
from firmware.players.determinize import Inconsistent, Sampler, determinize
from firmware.players.hard import (
    HardPlayer,
    best_of,
    distinct_cards,
    exact_endgame,
)
from firmware.players.heuristic import normal_card
from firmware.players.known import known_world
from firmware.players.solver import TwoHandSolver

Mark = Literal["forced", "best", "good", "inaccuracy", "mistake", "blunder"]
Method = Literal["forced", "exact", "sampled", "searched"]

MARKS: tuple[Mark, ...] = ("best", "good", "inaccuracy", "mistake", "blunder")

THRESHOLDS: tuple[float, float, float] = (0.25, 0.75, 1.5)
"""Expected loss in points where a play stops being good / an inaccuracy / a mistake.

Below 0.25 a play is *best* when it is the hint's card or worth the same within
the tie margin (:func:`tie_margin`), else *good* (measurably worse, but by less
than the smallest card value, ⅓); 0.25-0.75 an *inaccuracy* (about a court
card's worth); 0.75-1.5 a *mistake* (about an ace); 1.5 and more a *blunder*.
docs/coach.md shows how the hard, normal and easy levels fall into them."""

NOISE_Z = 1.0
"""The tie margin in standard errors of the paired difference (a card's margin minus
the hint card's, world by world in the same sampled worlds): a loss the rating cannot
tell from none. At the default 64 worlds that error is typically 0.05-0.25 points
(docs/coach.md). Exact and searched ratings have no noise: there only a loss of 0 (a
card worth the same) ties."""

TIE_EPS = 1e-9
"""Losses this small are none (sums of floats in another order)."""

RATE_WORLDS = 64
"""Worlds per decision, for the live hint and every rating alike (no clock: the same
answer on every machine and at every load; the cost is in docs/coach.md)."""

SOLVER_TT_LIMIT = 300_000


def tie_margin(noise: float) -> float:
    """The loss (points) up to which a card is worth the same as the hint's card: ``NOISE_Z``
    standard errors of its paired difference (``noise``), below the first threshold (a
    card losing that much is never *best*); 0 where the rating is exact."""
    return min(NOISE_Z * max(0.0, noise), THRESHOLDS[0] - TIE_EPS) + TIE_EPS


def loss_scale(variant: Variant) -> float:
    """The game's points that weigh as one of tressette's in the marks and the accuracy: a
    whole hand's count over tressette's 11. 1 in every tressette (either deck); Briscola's
    120 (RULES.md §3.8): about 10.9, so a mark is the same share of a hand in every game."""
    return variant.values.deck_thirds(variant.deck) // 3 / 11


def mark_of(loss: float, noise: float = 0.0, *, hint: bool = False, scale: float = 1.0) -> Mark:
    """The mark of a play losing ``loss`` points (standard error ``noise``); ``hint``: it is
    the hint's own card. *Best* is the hint's card or a card within :func:`tie_margin`.
    ``scale``: the game's points per tressette point (:func:`loss_scale`)."""
    loss, noise = loss / scale, noise / scale
    if loss < THRESHOLDS[0]:
        return "best" if hint or loss <= tie_margin(noise) else "good"
    if loss < THRESHOLDS[1]:
        return "inaccuracy"
    if loss < THRESHOLDS[2]:
        return "mistake"
    return "blunder"


def play_score(loss: float, scale: float = 1.0) -> float:
    """One play's contribution to accuracy: 1 at no loss, 0 from a blunder's loss on."""
    return max(0.0, 1.0 - loss / scale / THRESHOLDS[2])


def accuracy(losses: list[float], scale: float = 1.0) -> float | None:
    """Percent: the mean :func:`play_score` of the rated (not forced) plays; None if none.
    ``scale``: the game's points per tressette point (:func:`loss_scale`)."""
    if not losses:
        return None
    return 100.0 * sum(play_score(x, scale) for x in losses) / len(losses)


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

    @property
    def margin(self) -> float:
        """The tie margin of this play's loss (:func:`tie_margin`)."""
        return tie_margin(self.noise)

    @property
    def tied(self) -> bool:
        """Best, but not the hint's card: it is as good as the hint's card."""
        return self.mark == "best" and self.card != self.best


class Coach:
    """Hints and ratings; keeps the exact solver's table between decisions of a match.

    ``worlds`` fixes the sampled worlds per decision; ``seed`` is mixed into every
    position's digest (0, the box's coach: the live hint, the hand-end rating and the
    review; another seed only to measure the noise, as the calibration does).
    """

    def __init__(self, *, seed: int = 0, worlds: int = RATE_WORLDS) -> None:
        if worlds < 1:
            raise ValueError("the coach needs at least one world a decision")
        self.seed = seed
        self.worlds = worlds
        self.hard = HardPlayer(seed=seed, worlds=worlds, name="coach")
        self.hard.use_pool = False  # the worlds of a seed are this thread's, never a worker's
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
        scale = loss_scale(view.variant)
        mark: Mark = "forced" if ev.method == "forced" else mark_of(loss, noise, hint=card == ev.best, scale=scale)
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
        """The search seed of a decision: the position's digest (the seat's knowledge) and
        the coach's seed."""
        return position_digest(view) ^ (self.seed * 0x9E3779B97F4A7C15 & 0xFFFFFFFFFFFFFFFF)

    def _sampled(self, view: View, cards: list[Card]) -> Evaluation:
        rng: random.Random = self.hard.rng
        sample = Sampler(view, lengths=self.hard.lengths)  # the worlds the hard level searches
        # Fixed worlds in this thread, never the pool's: the same worlds for one seed.
        totals = self.hard.pimc_totals(view, cards, lambda: sample(rng), keep=True)
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
        solver.deadline = None  # exact: no clock (its table only saves time, never changes a value)
        return self._solved(view, cards, world, solver)

    def _solved(
        self, view: View, cards: list[Card], world: HandState, solver: TwoHandSolver
    ) -> Evaluation:
        me = world.to_move
        have = world.thirds[me]
        best, best_k = solver.best_move_floored(world)
        if best_k < 0:
            best = best_of(cards, dict.fromkeys(cards, 0.0))  # all alike: the cheapest
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
        # Of the cards that lose nothing, the cheapest to give away: the same whichever one
        # the solver's table (filled by earlier positions) happened to find first.
        best = best_of(cards, {c: -x for c, x in zip(cards, losses, strict=True)})
        return Evaluation(view.seat, tuple(cards), tuple(losses), best, "exact", 1)

    def _solver(self, world: HandState) -> TwoHandSolver:
        """One table per deck, kept across decisions (its values depend on the hands only)."""
        deck = world.variant.deck
        solver = self._solvers.get(deck.name)
        if solver is None or len(solver.tt) > SOLVER_TT_LIMIT:
            solver = TwoHandSolver(deck)
            self._solvers[deck.name] = solver
        return solver


def position_digest(view: View) -> int:
    """A 64-bit digest of what the seat knows: the game and its options, the seat, its hand,
    every card played and trick taken, every draw, declaration and signal as the seat saw
    them, what each seat shows, the talon's size, the trump, the call and the match's score.
    No hidden card is in a view, so two tables that differ only in what the seat cannot see
    have one digest; nor is anything of the process, the match's id or the time."""
    options = sorted((str(k), repr(v)) for k, v in view.variant.options.items())
    parts = (
        view.variant.name, options, view.seat, view.dealer, sorted(view.hand), view.to_move,
        view.leader, view.trick, view.tricks, view.talon_left, view.draws, view.seats,
        view.declarations, view.prior, view.trump, view.trump_card, view.signals, view.sides,
        view.called, view.caller, sorted(view.aside), view.target,
    )
    digest = hashlib.blake2b(repr(parts).encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big")


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


