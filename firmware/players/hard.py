"""The hard level: imagine the hidden cards, search each imagined world, vote.

How it decides (docs/players.md has the measurements behind the choices):

1. Zu tun when offered; a single legal card is played at once.
2. Hands fully known (two seats, talon empty: the unseen cards are exactly the
   opponent's hand) and a variant the lean solver plays: the exact solver
   (:class:`~firmware.players.solver.TwoHandSolver`) picks the card that
   maximises the floored points; its table is kept for the whole match.
3. Every card placed but no exact solver for the game (two-handed Ciapanò: all
   forty cards dealt): the one world searched deeper instead of sampled again,
   iterative-deepening alpha-beta with the playout policy at the leaves
   (:mod:`firmware.players.known`).
4. Otherwise determinization (Perfect Information Monte Carlo): sample a
   world consistent with the view (:func:`determinize`: voids, shown draws,
   declared cards, the missing suit of a three, hand and talon counts, and the
   suit lengths the classic signals tell: :class:`Sampler`'s ``lengths``), play
   every candidate card in it, finish the hand with the fast policy (or, when
   few cards are left in a game without talon, with exact alpha-beta), and
   add up the score margin per card. Every candidate meets the same worlds,
   so the comparison is paired. Worlds are drawn until the time budget is
   spent (anytime), or exactly ``worlds`` of them in fixed-iteration mode
   (tests: no clock, so the result is the same on every machine).

The budget is a count (``plays``: a board, "pi4" or "pi5", or a number) or CPU
time (``think_ms`` alone). Counted, the search stops after playing that many
cards in its worlds (the solver after the nodes that cost as much), whatever
the host and its load, so the same seed gives the same decisions; the think time
plus ``GUARD_MS`` of wall time is only a guard (:class:`Count`).
"""

from __future__ import annotations

import random
from collections.abc import Callable

from firmware.engine import (
    RANK,
    SUIT,
    THIRDS,
    TRESSETTE_VALUES,
    Action,
    Card,
    Deck,
    Declare,
    HandState,
    View,
)
from firmware.players import inference
from firmware.players.base import declare_everything
from firmware.players.budget import (
    GUARD_MS,
    SOLVER_NODES_PER_PLAY,
    Budget,
    BudgetFactory,
    Count,
    board_nodes,
    board_plays,
)
from firmware.players.choices import choices, searched_choice
from firmware.players.determinize import Sampler, determinize, past_plays, world_weight
from firmware.players.heuristic import searched_move
from firmware.players.known import Deepening, known_world
from firmware.players.nested import NestedRollout
from firmware.players.pool import WorldPool, shared
from firmware.players.solver import LEAN_VARIANTS, OutOfTime, TwoHandSolver
from firmware.players.worlds import GENERIC_EXACT_CARDS, world_row  # noqa: F401 (named from here too)

DEFAULT_THINK_MS = 120
"""Per decision, counted in the deciding thread's CPU time and capped at
``WALL_CAP`` times that in wall time (:mod:`firmware.players.budget`): the same
search on a loaded machine as on a dedicated core. A Raspberry Pi 4 core runs
CPython about 7.5 times slower than the development machine (docs/players.md,
"The Pi budget"): with ``plays="pi4"`` the search is counted, what a Pi 4 core does
in this time, the same on every host; measured strength at both is in docs/players.md."""

WEIGHTING = False
"""Games of more than two seats: weight each sampled world by how well the other
seats' past cards fit it (:func:`world_weight`). Off: measured on duplicate deals
against the reference it bought +0.13 points a hand (-0.29 ... +0.54) at equal worlds
and costs worlds at equal time (docs/players.md); ``"hard-weighted"`` measures it."""

RESAMPLE = 1
"""Worlds sampled per world searched in two-seat games with a talon (1: no resampling);
``"hard-sir"`` measures 8 (docs/players.md)."""

RESAMPLE_MISS = 0.1
"""Resampling (or weighting): the factor of a sampled world's odds of being the one
searched (or of its weight), per opponent card the draws' inference rule would not
have played."""

RACE_Z = 3.0
"""Racing: a candidate whose mean margin, paired world by world, trails the leader's by
more than this many standard errors is out; the worlds left go to the others."""

RACE_FIRST = 16
"""Worlds every candidate meets before the first cut."""

RACE_EVERY = 8
"""Worlds between cuts."""

POOL_EVERY = 4
"""With a pool, the deciding thread feeds the workers and takes their rows once every this
many of its own worlds (and once more when its budget is spent): each look costs system
calls and a pickle, and a worker holds two chunks of work, so it never waits for it."""

SOLVER_BUDGET = 2.5
"""The exact solver may take this many times ``think_ms`` (once per hand)."""

TT_LIMIT = 300_000
"""Solver table entries kept across hands (about 210 bytes each: ~63 MB); cleared beyond."""


def _spend(budget: object, alive: int, world: HandState, searched: int) -> None:
    """A count is told the work a world cost (its playouts' cards, the exact ends' positions);
    a clock measures its own."""
    if isinstance(budget, Count):
        budget.spend(alive * cards_left(world) + searched)


class HardPlayer:
    """RULES.md §5 hard: counts everything, imagines the hidden cards, plays the end exactly."""

    def __init__(
        self,
        *,
        seed: int,
        think_ms: int | None = None,
        worlds: int | None = None,
        name: str = "hard",
        weighting: bool = WEIGHTING,
        resample: int = RESAMPLE,
        miss: float = RESAMPLE_MISS,
        lengths: bool = True,
        textbook: bool = False,
        plays: int | str | None = None,
    ) -> None:
        self.name = name
        self.rng = random.Random(seed)
        self.think_ms = DEFAULT_THINK_MS if think_ms is None else think_ms
        self.worlds = worlds
        self.plays = plays
        """The budget as a count: a board (``"pi4"``, ``"pi5"``: what its core plays in
        ``think_ms``) or cards played per decision; None: ``think_ms`` of CPU time."""
        self.guard: float | None = None
        """A counted decision's wall-clock guard in seconds (None: think time + ``GUARD_MS``)."""
        self.last_work = 0
        """Cards the last counted search played (solver: nodes)."""
        self.last_guarded = False
        """The wall-clock guard, not the count, ended the last counted search."""
        self.weighting = weighting
        """Weight the sampled worlds by the past plays (:meth:`_weigher`; ``"hard-weighted"``)."""
        self.resample = resample
        """Two-seat games with a talon: each world searched is the one of this many sampled
        that the draws' inference finds likeliest (:func:`inference.likeliest`); 1: plain."""
        self.miss = miss
        """Per card of another seat the inference's rule would not have played: the factor
        of a world's odds of being searched (resampling), or of its weight (``weighting``;
        games of more than two seats too, :func:`world_weight`)."""
        self.textbook = textbook
        """Two-seat games with a talon: the inference judges the opponent's cards by the
        normal level's rules (:func:`inference.textbook_card`) rather than the card
        counter's (measurement only, docs/players.md)."""
        self.lengths = lengths
        """Worlds meet the suit lengths the classic signals tell (a *striscio*: three
        more; :class:`Sampler`); the pool's workers sample the same way. Off:
        ``"hard-no-lengths"`` (measurement only: the level before, docs/players.md)."""
        self.silence = False
        """Worlds also meet what a partner's silent lead tells (one or two more of the
        suit: :func:`~firmware.players.signals.silence_ranges`; ``"hard-silence"``,
        measurement only: true of our levels, not of a person)."""
        self.racing = True
        """Drop clearly worse candidates during the search (``"hard-plain"``: off)."""
        self.deepening = True
        """Every card placed, no exact solver (:func:`known_world`): search the one world
        deeper (:meth:`deepen`); off: sample it like a hidden one (``"hard-shallow"``,
        measurement only: the level before)."""
        self.last_depth = -1
        """Plies past its own card that the last :meth:`deepen` searched whole (-1: none)."""
        self.search_choices = True
        """Chiamata's call and terziglio's discard by search (:mod:`firmware.players.choices`);
        off: by the rule every level follows (``"hard-rule-choices"``, measurement only)."""
        self._solvers: dict[str, TwoHandSolver] = {}
        self.last_worlds = 0
        self.last_weight = 0.0
        self.last_alive: list[Card] = []
        self.last_history: dict[Card, list[float]] = {}
        self.budget: BudgetFactory = Budget
        """Starts a decision's budget; tests inject one with fake clocks."""
        self.use_pool = True
        """Spread the worlds over the process's pool of workers, when one was started."""
        self.pool: WorldPool | None = None
        """A pool of this player's own (the bench); None: the process's shared one."""
        self.last_pool_worlds = 0

    # ---------------------------------------------------------------- protocol

    def choose(self, view: View) -> Action:
        options = choices(view) if self.search_choices else []
        if options:
            budget = None if self.worlds is not None else self.start_budget(view.variant.name, view.variant.n_seats)
            sample = Sampler(view)
            return searched_choice(view, options, lambda: sample(self.rng), worlds=self.worlds, budget=budget)
        return searched_move(view, self.pick)

    def declarations(self, view: View) -> list[Declare]:
        return declare_everything(view)

    # ------------------------------------------------------------------ search

    def pick(self, view: View, cards: list[Card]) -> Card:
        if exact_endgame(view):
            world = determinize(view, self.rng)  # the only world: every card is placed
            card = self.solve(world)
            if card is not None:
                return card
            return self.pimc(view, cards, lambda: world.copy())
        if self.deepening and known_world(view):
            return self.deepen(determinize(view, self.rng), distinct_cards(view, cards))
        sample = Sampler(view, lengths=self.lengths, silence=self.silence)  # the view's constraints once per decision
        if self._resampling(view):
            draws, miss, fit = self.resample, self.miss, inference.Fit(view, self.textbook)
            return self.pimc(
                view, cards, lambda: inference.likeliest(view, sample, self.rng, draws, miss, fit), pooled=True
            )
        return self.pimc(view, cards, lambda: sample(self.rng), pooled=True)

    def _resampling(self, view: View) -> bool:
        return self.resample > 1 and not self.weighting and inference.applies(view)

    def solve(self, world: HandState) -> Card | None:
        """The exact solver's card; None if it ran out of time before a first answer.

        Its budget is ``SOLVER_BUDGET`` decisions' worth (it runs once per hand in
        earnest, later moves find the table filled); with a fixed number of worlds
        (tests) it has no clock at all.
        """
        solver = self._solvers.get(world.variant.deck.name)
        if solver is None or len(solver.tt) > TT_LIMIT:
            solver = TwoHandSolver(world.variant.deck)
            self._solvers[world.variant.deck.name] = solver
        if self.worlds is None:
            if self.plays is None:
                solver.deadline = self.budget(SOLVER_BUDGET * self.think_ms / 1000.0)
            else:
                if isinstance(self.plays, str):
                    nodes = board_nodes(self.plays, SOLVER_BUDGET * self.think_ms)
                else:
                    nodes = round(self.plays * SOLVER_BUDGET * SOLVER_NODES_PER_PLAY)
                solver.deadline = Count(nodes, guard=self._guard(SOLVER_BUDGET), used=lambda: solver.nodes)
        else:
            solver.deadline = None
        try:
            card, _ = solver.best_move_floored(world)
        except OutOfTime:
            return None
        finally:
            self._counted(solver.deadline)
        return card

    def count(self, variant: str, seats: int = 0) -> int | None:
        """Cards a decision of ``variant`` at ``seats`` seats may play counted (None: the
        budget is CPU time)."""
        if self.plays is None:
            return None
        if isinstance(self.plays, str):
            return board_plays(self.plays, variant, self.think_ms, seats)
        return self.plays

    def _guard(self, scale: float = 1.0) -> float:
        if self.guard is not None:
            return scale * self.guard
        return (scale * self.think_ms + GUARD_MS) / 1000.0

    def start_budget(self, variant: str, seats: int = 0) -> Budget:
        """A decision's budget in ``variant``: the count, or ``think_ms`` of CPU time."""
        plays = self.count(variant, seats)
        if plays is None:
            return self.budget(self.think_ms / 1000.0)
        return Count(plays, guard=self._guard())

    def _counted(self, budget: Budget | None) -> None:
        if isinstance(budget, Count):
            self.last_work = budget.done()
            self.last_guarded = budget.guarded()

    def deepen(self, world: HandState, cards: list[Card]) -> Card:
        """The one world's best card by iterative deepening (:class:`Deepening`) within
        the decision's budget; with a fixed number of worlds (tests), as many leaves as
        that many worlds would play out, so the answer is the same on every machine."""
        if len(cards) == 1:
            return cards[0]
        left = cards_left(world)
        search = self.one_world_search(len(cards), left=left, variant=world.variant.name, seats=world.n)
        card = search.best(world, cards)
        self.last_work = search.searched * left
        self.last_worlds = search.searched
        self.last_pool_worlds = 0
        self.last_depth = search.depth
        return card

    def one_world_search(self, n_cards: int, *, left: int = 40, variant: str = "", seats: int = 2) -> Deepening:
        """A search of the one world with this player's budget: the clock, or with a fixed
        number of worlds as many leaves as they would play out for ``n_cards`` cards (the
        coach's ratings ask the same, so its hint is this player's card); counted, as many
        leaves as playouts of the ``left`` cards still to play fit in the count."""
        if self.worlds is not None:
            return Deepening(leaves=self.worlds * n_cards)
        plays = self.count(variant, seats)
        if plays is not None:
            return Deepening(leaves=max(1, plays // max(1, left)))
        return Deepening(spent=self.budget(self.think_ms / 1000.0).spent)

    def pimc(
        self, view: View, cards: list[Card], sample: Callable[[], HandState], *, pooled: bool = False
    ) -> Card:
        if self.racing:
            cards = distinct_cards(view, cards)
            if len(cards) == 1:
                return cards[0]
        totals = self.pimc_totals(view, cards, sample, race=self.racing, pooled=pooled)
        # Ties go to the card that costs least to give away.
        return best_of(self.last_alive, totals)

    def pimc_totals(
        self,
        view: View,
        cards: list[Card],
        sample: Callable[[], HandState],
        *,
        race: bool = False,
        pooled: bool = False,
        keep: bool = False,
    ) -> dict[Card, float]:
        """The margin (thirds, see :func:`playout_margin`) summed per card over the same
        worlds, each weighted; ``self.last_worlds`` says how many, ``self.last_weight`` the
        sum of their weights (totals / last_weight is the mean). The coach rates plays with it.

        With ``race`` a card is dropped once it clearly trails (:func:`race_cut`): its
        total then covers fewer worlds, and only ``self.last_alive`` (the cards still in
        the race, at least one) may be compared; the search ends when one card is left.

        With ``pooled`` (worlds sampled from ``view``, a clock budget) the process's pool
        of world workers, if there is one, adds its worlds' rows inside the same budget
        (:mod:`firmware.players.pool`); ``self.last_pool_worlds`` says how many.

        With ``keep`` (the coach) every card's weighted margin world by world stays in
        ``self.last_history``, for the standard error of a paired difference."""
        tally = _Tally(cards, race or keep)
        alive = list(cards)
        limit = self.worlds
        budget = None if limit is not None else self.start_budget(view.variant.name, view.variant.n_seats)
        weigher = self._weigher(view)
        counted = isinstance(budget, Count)
        timed = budget is not None and not counted  # a count stays in the thread
        pool = self._pool(view) if pooled and weigher is None and timed and not self.silence else None
        resample = (self.resample, self.miss, self.textbook) if pooled and self._resampling(view) else None
        did = pool.begin(view, self.rng.getrandbits(48), resample, lengths=self.lengths) if pool is not None else 0
        next_cut = RACE_FIRST
        pooled_rows = 0
        own = 0
        try:
            while True:
                if own == 0 and pool is not None and budget is not None:
                    pool.feed(did, alive, budget.expected_end())
                world = sample()
                w = 1.0 if weigher is None else weigher(world)
                searched = [0]
                rows = [(alive, world_row(world, view.seat, alive, searched))]
                own += 1
                _spend(budget, len(alive), world, searched[0])
                if pool is not None and budget is not None and own % POOL_EVERY == 0:
                    got = pool.collect(did)
                    pooled_rows += len(got)
                    rows.extend(got)
                    pool.feed(did, alive, budget.expected_end())
                tally.add(rows, set(alive), w)
                if race and tally.n >= next_cut:
                    next_cut = tally.n + RACE_EVERY
                    alive = race_cut(alive, tally.history)
                    if len(alive) == 1:
                        break
                if limit is not None:
                    if tally.n >= limit:
                        break
                elif budget is not None and budget.spent():
                    if pool is not None:  # the rows that came since the last look
                        got = pool.collect(did)
                        pooled_rows += len(got)
                        tally.add(got, set(alive), 1.0)
                    break
        finally:
            if pool is not None:
                pool.lock.release()
        self._counted(budget)
        self.last_worlds = tally.n
        self.last_pool_worlds = pooled_rows
        self.last_weight = tally.weight
        self.last_alive = alive
        self.last_history = tally.history if keep else {}
        return tally.totals

    def _weigher(self, view: View) -> Callable[[HandState], float] | None:
        """What a sampled world weighs (None: 1 each, the plain search): with
        ``self.weighting``, how well the other seats' past cards fit it in games of more
        than two seats (:func:`world_weight`), the draws' inference in two-seat games."""
        if not self.weighting:
            return None
        if view.variant.n_seats > 2:
            plays = past_plays(view)
            miss = self.miss
            return lambda world: world_weight(view, world, plays, miss)
        if inference.applies(view):
            fit, miss = inference.Fit(view, self.textbook), self.miss
            return lambda world: miss ** fit.misses(world.hands[fit.opp])
        return None

    def _pool(self, view: View) -> WorldPool | None:
        """The process's pool of world workers, held for this decision; None: search
        alone (no pool started, one core, or another decision holds it)."""
        if not self.use_pool or view.variant.n_seats < 2:
            return None
        pool = self.pool if self.pool is not None else shared()
        if pool is None or not pool.workers or not pool.lock.acquire(blocking=False):
            return None
        return pool


class _Tally:
    """The weighted margins added up per card over the worlds searched, and (``history``)
    world by world when racing or for the coach."""

    def __init__(self, cards: list[Card], history: bool) -> None:
        self.totals = dict.fromkeys(cards, 0.0)
        self.history: dict[Card, list[float]] = {c: [] for c in cards}
        self.keep = history
        self.n = 0
        self.weight = 0.0

    def add(self, rows: list[tuple[list[Card], list[float]]], live: set[Card], w: float) -> None:
        """One world's rows (the cards each row rates, their margins), each world of
        weight ``w``; only the cards in ``live`` count."""
        totals, history, keep = self.totals, self.history, self.keep
        for cards_of_row, row in rows:
            for c, m in zip(cards_of_row, row, strict=True):
                if c in live:
                    totals[c] += w * m
                    if keep:
                        history[c].append(w * m)
            self.n += 1
            self.weight += w


def race_cut(alive: list[Card], history: dict[Card, list[float]]) -> list[Card]:
    """The cards still in the race: every card but those whose margin, paired world by
    world with the leader's (the best mean), trails it by more than ``RACE_Z`` standard
    errors of the paired difference (identical margins in every world never trail)."""
    leader = max(alive, key=lambda c: sum(history[c]))
    lead = history[leader]
    n = len(lead)
    keep: list[Card] = []
    for c in alive:
        if c == leader:
            keep.append(c)
            continue
        diffs = [a - b for a, b in zip(lead, history[c], strict=True)]
        mean = sum(diffs) / n
        var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
        if mean > 0 and mean * mean * n > RACE_Z * RACE_Z * var:
            continue
        keep.append(c)
    return keep


def distinct_cards(view: View, cards: list[Card]) -> list[Card]:
    """One card of each group that plays alike (the same suit and value, no card
    between them in rank that anyone else may still play or that lies in the trick:
    one of them would take it, the other not), once the talon is empty (a drawn card
    could fall between them). 3s, 2s and aces stay apart: they make the accusi. The
    stronger card of a group is kept."""
    if view.talon_left or len(cards) < 2 or view.variant.values is not TRESSETTE_VALUES:
        return cards  # (another game's order and count, Briscola: no two taken as alike)
    deck = view.variant.deck
    mine = 0
    for c in view.hand:
        mine |= 1 << c
    outside = deck.mask & ~mine & ~view.played_mask
    for _, c in view.trick:
        outside |= 1 << c
    out: list[Card] = []
    prev = -1
    for c in sorted(cards):
        if (
            prev >= 0
            and SUIT[prev] == SUIT[c]
            and THIRDS[prev] == THIRDS[c]
            and RANK[prev] >= ACCUSI_RANKS
            and not outside & ((1 << c) - (1 << (prev + 1)))
        ):
            continue  # plays exactly like the stronger card kept
        out.append(c)
        prev = c
    return out


ACCUSI_RANKS = 3
"""Ranks 0-2 of a suit (3, 2, ace) make accusi; they are never merged."""


def exact_endgame(view: View) -> bool:
    """Every card is placed (two seats, talon empty) and the lean exact solver plays the variant."""
    v = view.variant
    return v.n_seats == 2 and view.talon_left == 0 and v.name in LEAN_VARIANTS


def cards_left(world: HandState) -> int:
    """Cards still to be played in ``world`` (every hand and the talon): what a playout
    from it plays, the unit of a counted budget."""
    return sum(h.bit_count() for h in world.hands) + world.talon_left


def best_of(cards: list[Card], totals: dict[Card, float]) -> Card:
    """The card with the best total; ties go to the card that costs least to give away."""
    return max(cards, key=lambda c: (totals[c], -THIRDS[c], RANK[c]))




class OraclePlayer(HardPlayer):
    """Sees every card, the talon order included: MEASUREMENT ONLY, never in the menu.

    It runs the hard level's search in the one true world instead of sampled
    ones, so the gap between hard and oracle is the price of hidden cards.
    ``true_state`` is a callback giving the real :class:`HandState` of the
    table; nothing else in the players package reads hidden state.
    """

    def __init__(
        self,
        *,
        seed: int,
        true_state: Callable[[], HandState],
        think_ms: int | None = None,
        worlds: int | None = None,
        name: str = "oracle",
        plays: int | str | None = None,
    ) -> None:
        super().__init__(seed=seed, think_ms=think_ms, worlds=worlds, name=name, plays=plays)
        self.true_state = true_state

    def exact(self, state: HandState, view: View) -> Card | None:
        """The exact solver's card where it plays the game (two seats, the talon spent)."""
        v = view.variant
        if v.n_seats == 2 and state.talon_left == 0 and v.name in LEAN_VARIANTS:
            return self.solve(state.copy())
        return None

    def pick(self, view: View, cards: list[Card]) -> Card:
        state = self.true_state()
        card = self.exact(state, view)
        if card is not None:
            return card
        if self.deepening and known_world(view):  # the true world is hard's one world there
            return self.deepen(state.copy(), distinct_cards(view, cards))
        # One world, the true one: a single playout per card is all the policy can say,
        # so the oracle keeps sampling nothing and plays the true world once per card.
        saved = self.worlds
        self.worlds = 1
        try:
            return self.pimc(view, cards, lambda: state.copy())
        finally:
            self.worlds = saved


DEEP_ORACLE_LEAVES = 20_000
"""The deep oracle's leaves per decision (playouts, or exact ends of its lines): a count, so
the yardstick is the same on every host. Its lines rarely need more than a few thousand
(docs/players.md): the count bounds the work, it seldom cuts the search."""


class DeepOraclePlayer(OraclePlayer):
    """Sees every card and searches the true world deeper: MEASUREMENT ONLY, a truer
    yardstick than the oracle's one playout per card.

    Exact where the exact solver plays the game (two seats, the talon spent: no clock and
    no count, the whole tree); elsewhere a rollout of the plain oracle itself
    (:class:`~firmware.players.nested.NestedRollout`): each card valued by the line in
    which its side's seats play the oracle's rule to the end of the hand and the other
    side's the playout policy (``model="oracle"``: the oracle's rule too, the
    ``"oracle-rollout"`` spec), exact once the talon is spent, ``leaves`` (``DEEP_ORACLE_LEAVES``) leaves a decision whatever ``worlds``
    or ``think_ms`` say: a count, deterministic for a seed on every host."""

    def __init__(
        self,
        *,
        seed: int,
        true_state: Callable[[], HandState],
        think_ms: int | None = None,
        worlds: int | None = None,
        name: str = "oracle-deep",
        leaves: int | None = None,
        model: str = "policy",
    ) -> None:
        super().__init__(seed=seed, true_state=true_state, think_ms=think_ms, worlds=worlds, name=name)
        self.leaves = DEEP_ORACLE_LEAVES if leaves is None else leaves
        self.model = model
        """Who the other side is in a line (:data:`~firmware.players.nested.MODELS`)."""
        self.last_lines = 0

    def solver(self, deck: Deck) -> TwoHandSolver:
        """The exact solver for ``deck``, its table kept across decisions (cleared beyond
        ``TT_LIMIT``), never cut short."""
        solver = self._solvers.get(deck.name)
        if solver is None or len(solver.tt) > TT_LIMIT:
            solver = TwoHandSolver(deck)
            self._solvers[deck.name] = solver
        solver.deadline = None
        return solver

    def pick(self, view: View, cards: list[Card]) -> Card:
        state = self.true_state()
        v = view.variant
        if v.n_seats == 2 and state.talon_left == 0 and v.name in LEAN_VARIANTS:
            return self.solver(v.deck).best_move_floored(state.copy())[0]
        cards = distinct_cards(view, cards)
        if len(cards) == 1:
            return cards[0]
        search = NestedRollout(leaves=self.leaves, solver=self.solver, model=self.model)
        card = search.best(state.copy(), cards)
        self.last_work = search.searched
        self.last_worlds = search.searched
        self.last_lines = search.lines
        return card


class HandsOraclePlayer(OraclePlayer):
    """Sees every hand but not the talon's order: MEASUREMENT ONLY, never in the menu.

    It searches like hard (the same budget and racing) over worlds that are the true
    hands with the talon left shuffled anew in each: the value of knowing where the
    hidden cards are, without the order they will be drawn in, which no inference from
    the plays can recover. Without a talon it is the oracle."""

    def pick(self, view: View, cards: list[Card]) -> Card:
        state = self.true_state()
        if not state.talon_left:
            return super().pick(view, cards)
        rest = list(state.talon[state.talon_pos :])

        def shuffled() -> HandState:
            world = state.copy()
            self.rng.shuffle(rest)
            world.talon = state.talon[: state.talon_pos] + tuple(rest)
            return world

        return self.pimc(view, cards, shuffled)
