"""Exact play when every card is known: alpha-beta with a transposition table.

Two solvers:

- :class:`TwoHandSolver`, the one the hard level uses in two-player games
  once the talon is empty (then the opponent's hand is exactly the unseen
  cards). It keeps its own lean representation: two hand bitmasks and who
  leads, searched a whole trick at a time. The value of a position is the
  thirds the leader takes from the remaining tricks, last trick included;
  it depends only on the two hands, so one table serves the whole endgame
  and every later move of the hand re-uses it.
- :func:`generic_best`, plain alpha-beta over :class:`HandState` copies
  (the engine's fast path), for any variant and any number of seats; it is
  used on small endgames of the four-player games and as the reference the
  tests compare the lean solver with.

Objective. The points credited are ``floor(thirds / 3)`` per side, but the
final floored score is a non-decreasing function of the thirds one side takes
from the rest of the hand (the total is fixed), and minimax commutes with a
non-decreasing function: maximising thirds therefore also maximises the
floored points, and among moves that floor alike prefers the most thirds (the
tie-break a person would use). The solver searches thirds, which also gives
finer bounds for the pruning.
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import time

from firmware.engine import RANK, SUIT, THIRDS, Card, CardMask, HandState, make_variant
from firmware.engine.cards import cards_of
from firmware.engine.deal import deal_seeded

LAST = 3  # thirds for the last trick

LEAN_VARIANTS = frozenset({"tressette2", "treschetten2"})
"""Variants whose tricks the lean solver may play: two seats, follow suit, no trump."""


def _bits(mask: CardMask) -> list[Card]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


class TwoHandSolver:
    """Exact two-hand endgame solver; keep one per hand (the table stays valid)."""

    def __init__(self, suit_masks: tuple[CardMask, ...]) -> None:
        self.suit_masks = suit_masks
        self.suit_of_card = SUIT
        self.tt: dict[tuple[CardMask, CardMask], tuple[int, int, Card]] = {}
        self.nodes = 0

    # ----------------------------------------------------------------- helpers

    def _distinct(self, mine: CardMask, other: CardMask) -> list[Card]:
        """``mine`` minus cards equivalent to a stronger kept one.

        Two cards of one suit in the same hand with no card of ``other`` between
        them and the same value in thirds do exactly the same in every line.
        """
        out: list[Card] = []
        prev = -1
        for c in _bits(mine):
            if (
                prev >= 0
                and SUIT[prev] == SUIT[c]
                and THIRDS[prev] == THIRDS[c]
                and not other & ((1 << c) - (1 << (prev + 1)))
            ):
                continue
            out.append(c)
            prev = c
        return out

    # ------------------------------------------------------------------ search

    def value(self, lead: CardMask, foll: CardMask, alpha: int, beta: int) -> int:
        """Thirds the leader takes from here on (fail-soft alpha-beta)."""
        self.nodes += 1
        if lead & (lead - 1) == 0:
            a = lead.bit_length() - 1
            b = foll.bit_length() - 1
            t = THIRDS[a] + THIRDS[b] + LAST
            if SUIT[a] == SUIT[b] and RANK[b] < RANK[a]:
                return 0
            return t
        key = (lead, foll)
        entry = self.tt.get(key)
        hint = -1
        if entry is not None:
            lo, hi, hint = entry
            if lo >= beta:
                return lo
            if hi <= alpha:
                return hi
            if lo == hi:
                return lo
            if lo > alpha:
                alpha = lo
            if hi < beta:
                beta = hi
        a0, b0 = alpha, beta
        total = LAST
        for c in _bits(lead | foll):
            total += THIRDS[c]
        suit_masks = self.suit_masks
        leads = self._distinct(lead, foll)
        if hint in leads and leads[0] != hint:
            leads.remove(hint)
            leads.insert(0, hint)
        best = -1
        best_card = leads[0]
        for a in leads:
            sa = SUIT[a]
            ra = RANK[a]
            follow = foll & suit_masks[sa]
            answers = self._distinct(follow if follow else foll, lead)
            if follow:
                # Try winning with the lowest winner first, then the cheapest loser.
                answers.sort(key=lambda b: (RANK[b] > ra, -RANK[b] if RANK[b] < ra else THIRDS[b]))
            else:
                answers.sort(key=lambda b: THIRDS[b])
            worst = 1 << 30
            lo_win = best if best > alpha else alpha
            nl = lead & ~(1 << a)
            for b in answers:
                t = THIRDS[a] + THIRDS[b]
                nf = foll & ~(1 << b)
                hi_win = beta if beta < worst else worst
                if SUIT[b] == sa and RANK[b] < ra:
                    rest = total - t
                    v = rest - self.value(nf, nl, rest - hi_win, rest - lo_win)
                else:
                    v = t + self.value(nl, nf, lo_win - t, hi_win - t)
                if v < worst:
                    worst = v
                    if worst <= lo_win:
                        break
            if worst > best:
                best = worst
                best_card = a
                if best >= beta:
                    break
        if best <= a0:
            self.tt[key] = (entry[0] if entry else 0, best, best_card)
        elif best >= b0:
            self.tt[key] = (best, entry[1] if entry else total, best_card)
        else:
            self.tt[key] = (best, best, best_card)
        return best

    def exact(self, lead: CardMask, foll: CardMask) -> int:
        return self.value(lead, foll, -1, 1 << 20)

    # -------------------------------------------------------------------- root

    def best_lead(self, lead: CardMask, foll: CardMask) -> tuple[Card, int]:
        """The leader's best card and the thirds it secures from here on."""
        v = self.exact(lead, foll)
        if lead & (lead - 1) == 0:
            return lead.bit_length() - 1, v
        entry = self.tt.get((lead, foll))
        assert entry is not None and entry[0] == entry[1] == v
        return entry[2], v

    def best_answer(self, led: Card, foll: CardMask, lead_rest: CardMask) -> tuple[Card, int]:
        """The follower's best card to ``led`` and the thirds the follower secures."""
        total = LAST + THIRDS[led]
        for c in _bits(lead_rest | foll):
            total += THIRDS[c]
        follow = foll & self.suit_masks[SUIT[led]]
        best_card, best = -1, -1
        for b in self._distinct(follow if follow else foll, lead_rest | 1 << led):
            t = THIRDS[led] + THIRDS[b]
            nf = foll & ~(1 << b)
            rest = total - t
            if SUIT[b] == SUIT[led] and RANK[b] < RANK[led]:
                mine = t + (self.exact(nf, lead_rest) if nf else LAST)
            else:
                mine = rest - (self.exact(lead_rest, nf) if nf else LAST)
            if mine > best:
                best, best_card = mine, b
        return best_card, best

    def best_move(self, state: HandState) -> tuple[Card, int]:
        """The best card for the seat to move in a two-seat state with no talon left."""
        me = state.to_move
        if state.trick:
            led = state.trick[0]
            return self.best_answer(led, state.hands[me], state.hands[1 - me])
        return self.best_lead(state.hands[me], state.hands[1 - me])


def lean_ok(state: HandState) -> bool:
    return state.variant.name in LEAN_VARIANTS and state.n == 2 and state.talon_left == 0


# ---------------------------------------------------------------- generic path


def _side_gain(state: HandState, side: int, start: list[int]) -> int:
    v = state.variant
    return sum(
        state.thirds[s] - start[s] for s in range(state.n) if v.side_of(s) == side
    )


def generic_value(state: HandState, side: int, alpha: int, beta: int, start: list[int]) -> int:
    """Thirds ``side`` takes from ``start`` to the end; the others minimise it (paranoid)."""
    if state.over:
        return _side_gain(state, side, start)
    maximise = state.variant.side_of(state.to_move) == side
    best = -(1 << 30) if maximise else 1 << 30
    for c in cards_of(state.legal_mask()):
        child = state.copy()
        child.play_fast(c)
        v = generic_value(child, side, alpha, beta, start)
        if maximise:
            if v > best:
                best = v
            alpha = max(alpha, best)
        else:
            if v < best:
                best = v
            beta = min(beta, best)
        if alpha >= beta:
            break
    return best


def generic_best(state: HandState) -> tuple[Card, int]:
    """Best card for the seat to move and the thirds its side takes from here on."""
    side = state.variant.side_of(state.to_move)
    start = state.thirds[:]
    best_card, best = -1, -(1 << 30)
    for c in cards_of(state.legal_mask()):
        child = state.copy()
        child.play_fast(c)
        v = generic_value(child, side, best, 1 << 30, start)
        if v > best:
            best, best_card = v, c
    return best_card, best


def brute_force(state: HandState, side: int) -> int:
    """Plain minimax without pruning: the reference for tests (small positions only)."""
    if state.over:
        return sum(state.thirds[s] for s in range(state.n) if state.variant.side_of(s) == side)
    values = []
    for c in cards_of(state.legal_mask()):
        child = state.copy()
        child.play_fast(c)
        values.append(brute_force(child, side))
    mine = state.variant.side_of(state.to_move) == side
    return max(values) if mine else min(values)


# ------------------------------------------------------------------- benchmark


def endgame_positions(variant_name: str, count: int, seed: int) -> list[HandState]:
    """Fixed 10-against-10 positions: seeded deals, the talon played out at random."""
    variant = make_variant(variant_name)
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        s = HandState.start(variant, deal_seeded(variant, rng.randrange(1 << 30), 0), 0)
        while s.talon_left > 0:
            legal = _bits(s.legal_mask())
            s.play_fast(rng.choice(legal))
        if not s.trick:
            out.append(s)
    return out


def bench_main(args: argparse.Namespace) -> int:
    """``tressette bench solver``: time the exact solver on fixed endgame positions."""
    variant_name = args.variant if args.variant in LEAN_VARIANTS else "tressette2"
    positions = endgame_positions(variant_name, 30, args.seed)
    times: list[float] = []
    nodes: list[int] = []
    for s in positions:
        solver = TwoHandSolver(s.suit_masks)
        t0 = time.perf_counter()
        solver.best_move(s)
        times.append(time.perf_counter() - t0)
        nodes.append(solver.nodes)
    times.sort()
    n_cards = positions[0].hands[0].bit_count()
    print(f"machine: {platform.machine()} {platform.processor() or ''} python {platform.python_version()}")
    print(f"variant: {variant_name}, {len(positions)} positions, {n_cards} against {n_cards} cards")
    print(
        f"exact solve: median {statistics.median(times) * 1e3:.1f} ms, "
        f"p95 {times[int(len(times) * 0.95)] * 1e3:.1f} ms, max {times[-1] * 1e3:.1f} ms; "
        f"median {statistics.median(nodes):,.0f} nodes"
    )
    return 0
