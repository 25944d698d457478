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

import random

from firmware.engine import RANK, SUIT, THIRDS, Card, CardMask, Deck, HandState, make_variant
from firmware.engine.cards import card_list, cards_of
from firmware.engine.deal import deal_seeded
from firmware.players.budget import Budget
from firmware.players.rollout import playout

LAST = 3  # thirds for the last trick

LEAN_VARIANTS = frozenset({"tressette2", "treschetten2"})
"""Variants whose tricks the lean solver may play: two seats, follow suit, no trump."""




class OutOfTime(Exception):
    """The solver's deadline passed; the table keeps everything finished so far."""


class TwoHandSolver:
    """Exact two-hand endgame solver; keep one per hand (the table stays valid)."""

    deadline: Budget | None = None
    """The search raises :class:`OutOfTime` once this budget is spent (None: no clock)."""

    def __init__(self, deck: Deck) -> None:
        nr = len(deck.ranks)
        self.deck = deck
        self.suit_masks = tuple(deck.suit_mask(s) for s in range(len(deck.suits)))
        self.nr = nr
        self.full = (1 << nr) - 1
        self.shifts = tuple(deck.offset + s * nr for s in range(len(deck.suits)))
        # Ranks present in a suit's chunk of a hand, strongest first.
        self.ranks_of = [tuple(r for r in range(nr) if m >> r & 1) for m in range(1 << nr)]
        self.rthirds = deck.rank_thirds
        self.aces = sum(1 << c for c in deck.cards if THIRDS[c] == 3)
        self.ones = sum(1 << c for c in deck.cards if THIRDS[c] == 1)
        self.tt: dict[tuple[CardMask, CardMask], tuple[int, int, Card]] = {}
        self.nodes = 0

    def total(self, cards: CardMask) -> int:
        """Thirds still to be taken from ``cards``, the last trick included."""
        return LAST + 3 * (cards & self.aces).bit_count() + (cards & self.ones).bit_count()

    def _distinct(self, mine: CardMask, other: CardMask) -> list[Card]:
        """``mine`` minus cards equivalent to a stronger kept one.

        Two cards of one suit in the same hand with no card of ``other`` between
        them and the same value in thirds do exactly the same in every line.
        """
        out: list[Card] = []
        full, rth, ranks_of = self.full, self.rthirds, self.ranks_of
        for sh in self.shifts:
            mc = (mine >> sh) & full
            if not mc:
                continue
            oc = (other >> sh) & full
            prev = -1
            for r in ranks_of[mc]:
                if prev >= 0 and rth[prev] == rth[r] and not oc & ((1 << r) - (1 << (prev + 1))):
                    continue
                out.append(sh + r)
                prev = r
        return out

    # ------------------------------------------------------------------ search

    def value(self, lead: CardMask, foll: CardMask, alpha: int, beta: int, total: int) -> int:
        """Thirds the leader takes from here on, of ``total`` still to take (fail-soft)."""
        self.nodes += 1
        if self.nodes & 1023 == 0 and self.deadline is not None and self.deadline.spent():
            raise OutOfTime
        # Terminal positions and trivial windows, before the table.
        if lead & (lead - 1) == 0:
            a = lead.bit_length() - 1
            b = foll.bit_length() - 1
            if SUIT[a] == SUIT[b] and RANK[b] < RANK[a]:
                return 0
            return total
        if total <= alpha or beta <= 0:
            # Nothing left to decide in this window: at most ``total``, at least 0.
            return total if total <= alpha else 0
        if lead.bit_count() == 2:
            return self._two(lead, foll, total)
        # The table: its bounds narrow the window, its best card is tried first.
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
        rth = self.rthirds
        best = -1
        best_card = -1
        for sh, ra in self._leads(lead, foll, hint):
            a = sh + ra
            ta = rth[ra]
            answers, wins = self._replies(lead, foll, sh, ra)
            worst = 1 << 30
            lo_win = best if best > alpha else alpha
            nl = lead & ~(1 << a)
            for i, b in enumerate(answers):
                t = ta + THIRDS[b]
                nf = foll & ~(1 << b)
                rest = total - t
                hi_win = beta if beta < worst else worst
                if i < wins:
                    v = rest - self.value(nf, nl, rest - hi_win, rest - lo_win, rest)
                else:
                    v = t + self.value(nl, nf, lo_win - t, hi_win - t, rest)
                if v < worst:
                    worst = v
                    if worst <= lo_win:
                        break
            if worst > best:
                best = worst
                best_card = a
                if best >= beta:
                    break
        self._store(key, entry, best, best_card, a0, b0, total)
        return best

    def _leads(self, lead: CardMask, foll: CardMask, hint: Card) -> list[tuple[int, int]]:
        """The leader's distinct cards as (suit shift, rank), in search order: the table's
        card ``hint``, then sure winners (richest first), then the rest, low first."""
        full, rth, ranks_of = self.full, self.rthirds, self.ranks_of
        tops: list[tuple[int, int]] = []
        lows: list[tuple[int, int]] = []
        for sh in self.shifts:
            lc = (lead >> sh) & full
            if not lc:
                continue
            oc = (foll >> sh) & full
            prev = -1
            for r in ranks_of[lc]:
                if prev >= 0 and rth[prev] == rth[r] and not oc & ((1 << r) - (1 << (prev + 1))):
                    continue
                prev = r
                if sh + r == hint:
                    tops.insert(0, (sh, r))
                elif not oc & ((1 << r) - 1):
                    tops.append((sh, r))
                else:
                    lows.append((sh, r))
        lows.reverse()
        return tops + lows

    def _replies(self, lead: CardMask, foll: CardMask, sh: int, ra: int) -> tuple[list[Card], int]:
        """The follower's distinct answers to the lead of rank ``ra`` in the suit at shift
        ``sh``, in search order, and how many of the first ones win the trick: following,
        the weakest winner first, then the weakest loser; void, the blank cards first."""
        fc = (foll >> sh) & self.full
        if not fc:
            answers: list[Card] = []
            rich: list[Card] = []
            for c in self._distinct(foll, lead):
                if THIRDS[c]:
                    rich.append(c)
                else:
                    answers.append(c)
            return answers + rich, 0
        lc = (lead >> sh) & self.full
        rth = self.rthirds
        prev = -1
        kept: list[int] = []
        for r in self.ranks_of[fc]:
            if prev >= 0 and rth[prev] == rth[r] and not lc & ((1 << r) - (1 << (prev + 1))):
                continue
            kept.append(r)
            prev = r
        winners = [sh + r for r in kept if r < ra]
        winners.reverse()
        losers = [sh + r for r in kept if r > ra]
        losers.reverse()
        return winners + losers, len(winners)

    def _store(
        self, key: tuple[CardMask, CardMask], entry: tuple[int, int, Card] | None,
        best: int, best_card: Card, a0: int, b0: int, total: int,
    ) -> None:
        """Record ``best`` found in the window ``a0``..``b0``: an upper bound when it failed
        low, a lower bound when it failed high, else the exact value."""
        if best <= a0:
            self.tt[key] = (entry[0] if entry else 0, best, best_card)
        elif best >= b0:
            self.tt[key] = (best, entry[1] if entry else total, best_card)
        else:
            self.tt[key] = (best, best, best_card)

    def _two(self, lead: CardMask, foll: CardMask, total: int) -> int:
        """Two cards each: enumerate both tricks (cheaper than the table)."""
        a1 = lead & -lead
        a2 = lead ^ a1
        b1 = foll & -foll
        b2 = foll ^ b1
        la = (a1.bit_length() - 1, a2.bit_length() - 1)
        lb = (b1.bit_length() - 1, b2.bit_length() - 1)
        best = -1
        for i in (0, 1):
            a = la[i]
            a_rest = la[1 - i]
            sa = SUIT[a]
            follows = [j for j in (0, 1) if SUIT[lb[j]] == sa] or [0, 1]
            worst = 1 << 30
            for j in follows:
                b = lb[j]
                b_rest = lb[1 - j]
                t = THIRDS[a] + THIRDS[b]
                rest = total - t
                if SUIT[b] == sa and RANK[b] < RANK[a]:
                    # follower wins and leads the last card
                    last_leader_wins = not (SUIT[a_rest] == SUIT[b_rest] and RANK[a_rest] < RANK[b_rest])
                    v = 0 if last_leader_wins else rest
                else:
                    last_wins = not (SUIT[a_rest] == SUIT[b_rest] and RANK[b_rest] < RANK[a_rest])
                    v = t + (rest if last_wins else 0)
                if v < worst:
                    worst = v
            if worst > best:
                best = worst
        return best

    def exact(self, lead: CardMask, foll: CardMask) -> int:
        return self.value(lead, foll, -1, 1 << 20, self.total(lead | foll))

    # -------------------------------------------------------------------- root

    def after_trick(self, a: Card, b: Card, lead: CardMask, foll: CardMask, lo: int, hi: int) -> int:
        """The leader's thirds from here if the trick is ``a`` against ``b``."""
        nl = lead & ~(1 << a)
        nf = foll & ~(1 << b)
        t = THIRDS[a] + THIRDS[b]
        rest = self.total(nl | nf)
        leader_wins = not (SUIT[b] == SUIT[a] and RANK[b] < RANK[a])
        if not nl:
            return t + LAST if leader_wins else 0
        if leader_wins:
            return t + self.value(nl, nf, lo - t, hi - t, rest)
        return rest - self.value(nf, nl, rest - hi, rest - lo, rest)

    def answers(self, a: Card, foll: CardMask, lead: CardMask) -> list[Card]:
        follow = foll & self.suit_masks[SUIT[a]]
        return self._distinct(follow if follow else foll, lead)

    def best_lead(self, lead: CardMask, foll: CardMask) -> tuple[Card, int]:
        """The leader's best card and the thirds it secures from here on."""
        entry = self.tt.get((lead, foll))
        leads = self._distinct(lead, foll)
        if entry is not None and entry[2] in leads:
            leads.remove(entry[2])
            leads.insert(0, entry[2])
        best_card, best = leads[0], -1
        for a in leads:
            worst = 1 << 30
            for b in self.answers(a, foll, lead):
                v = self.after_trick(a, b, lead, foll, best, worst)
                if v < worst:
                    worst = v
                    if worst <= best:
                        break
            if worst > best:
                best, best_card = worst, a
        return best_card, best

    def best_answer(self, led: Card, foll: CardMask, lead_rest: CardMask) -> tuple[Card, int]:
        """The follower's best card to ``led`` and the thirds the follower secures."""
        lead = lead_rest | 1 << led
        total = self.total(lead | foll)
        best_card, best = -1, 1 << 30  # the leader's thirds, which the follower minimises
        for b in self.answers(led, foll, lead):
            v = self.after_trick(led, b, lead, foll, -1, best)
            if v < best:
                best, best_card = v, b
        return best_card, total - best

    def best_move(self, state: HandState) -> tuple[Card, int]:
        """The best card for the seat to move (two seats, no talon left) and its thirds."""
        me = state.to_move
        if state.trick:
            led = state.trick[0]
            return self.best_answer(led, state.hands[me], state.hands[1 - me])
        return self.best_lead(state.hands[me], state.hands[1 - me])

    def move_value(self, state: HandState, card: Card, lo: int, hi: int) -> int:
        """The mover's thirds from here after ``card`` (fail-soft in ``lo``..``hi``)."""
        me = state.to_move
        mine, other = state.hands[me], state.hands[1 - me]
        if state.trick:
            led = state.trick[0]
            lead = other | 1 << led
            total = self.total(lead | mine)
            return total - self.after_trick(led, card, lead, mine, total - hi, total - lo)
        worst = 1 << 30
        for b in self.answers(card, other, mine):
            v = self.after_trick(card, b, mine, other, lo, min(hi, worst))
            if v < worst:
                worst = v
                if worst <= lo:
                    break
        return worst

    def best_move_floored(self, state: HandState) -> tuple[Card, int]:
        """The best card for the floored score (RULES.md §1) and the thirds it secures.

        Only the whole points count, so the search asks yes/no questions
        ("can I reach k thirds?") at the thresholds where the mover's
        floor(thirds / 3) changes: null-window searches are much cheaper than
        exact values. Returns the first card that reaches the best threshold.
        """
        me = state.to_move
        mine, other = state.hands[me], state.hands[1 - me]
        lead = mine if not state.trick else other | 1 << state.trick[0]
        total = self.total(mine | other | (1 << state.trick[0] if state.trick else 0))
        have = state.thirds[me]
        if state.trick:
            moves = self.answers(state.trick[0], mine, lead)
        else:
            moves = self._distinct(mine, other)
            entry = self.tt.get((mine, other))
            if entry is not None and entry[2] in moves:
                moves.remove(entry[2])
                moves.insert(0, entry[2])
        if len(moves) == 1:
            return moves[0], -1
        thresholds = [k for k in range(1, total + 1) if (have + k) % 3 == 0]

        def reaching(k: int) -> Card | None:
            for c in moves:
                if self.move_value(state, c, k - 1, k) >= k:
                    return c
            return None

        # Start at the threshold a quick playout reaches, then step up or down: when the
        # guess is right two probes settle it (MTD(f)-style, on the floored scale).
        i = _guess_index(state, thresholds)
        best_card, best_k = None, 0
        try:
            c = reaching(thresholds[i]) if thresholds else None
            if c is not None:
                best_card, best_k = c, thresholds[i]
                for k in thresholds[i + 1 :]:
                    c = reaching(k)
                    if c is None:
                        break
                    best_card, best_k = c, k
            else:
                for k in reversed(thresholds[:i]):
                    c = reaching(k)
                    if c is not None:
                        best_card, best_k = c, k
                        break
        except OutOfTime:
            # Anytime: the card that reached the best threshold proved so far (or none).
            if best_card is None:
                raise
            return best_card, best_k
        if best_card is None:
            best_card = moves[0]
        return best_card, best_k


def _guess_index(state: HandState, thresholds: list[int]) -> int:
    """Index of the threshold the mover reaches in one policy playout (a first guess)."""

    if not thresholds:
        return 0
    me = state.to_move
    s = state.copy()
    playout(s)
    gained = s.thirds[me] - state.thirds[me]
    best = 0
    for i, k in enumerate(thresholds):
        if k <= gained:
            best = i
    return best


# ---------------------------------------------------------------- generic path


def _side_gain(state: HandState, side: int, start: list[int]) -> int:
    sides = state.hand_sides
    return sum(state.thirds[s] - start[s] for s in range(state.n) if sides[s] == side)


def generic_value(
    state: HandState,
    side: int,
    alpha: int,
    beta: int,
    start: list[int],
    *,
    avoid: bool = False,
    tally: list[int] | None = None,
) -> int:
    """Thirds ``side`` takes from ``start`` to the end; the others minimise it (paranoid).

    With ``avoid`` (Ciapanò: points count against the taker) ``side`` minimises its take
    and the others push it up: the same value, the roles of max and min exchanged.
    ``tally[0]`` (when given) counts the positions searched: a counted budget's work."""
    if tally is not None:
        tally[0] += 1
    if state.over:
        return _side_gain(state, side, start)
    maximise = (state.hand_sides[state.to_move] == side) != avoid
    best = -(1 << 30) if maximise else 1 << 30
    for c in cards_of(state.legal_mask()):
        child = state.copy()
        child.play_fast(c)
        v = generic_value(child, side, alpha, beta, start, avoid=avoid, tally=tally)
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
    side = state.hand_sides[state.to_move]
    start = state.thirds[:]
    best_card, best = -1, -(1 << 30)
    for c in cards_of(state.legal_mask()):
        child = state.copy()
        child.play_fast(c)
        v = generic_value(child, side, best, 1 << 30, start)
        if v > best:
            best, best_card = v, c
    return best_card, best


def brute_force(state: HandState, side: int, *, avoid: bool = False) -> int:
    """Plain minimax without pruning: the reference for tests (small positions only). The
    thirds ``side`` ends the hand with, taking the most (with ``avoid``, Ciapanò: the
    fewest) while every other seat does the opposite."""
    if state.over:
        return sum(state.thirds[s] for s in range(state.n) if state.hand_sides[s] == side)
    values = []
    for c in cards_of(state.legal_mask()):
        child = state.copy()
        child.play_fast(c)
        values.append(brute_force(child, side, avoid=avoid))
    maximise = (state.hand_sides[state.to_move] == side) != avoid
    return max(values) if maximise else min(values)


# ------------------------------------------------------------------- benchmark


def endgame_positions(variant_name: str, count: int, seed: int) -> list[HandState]:
    """Fixed 10-against-10 positions: seeded deals, the talon played out at random."""
    variant = make_variant(variant_name)
    rng = random.Random(seed)
    out: list[HandState] = []
    while len(out) < count:
        s = HandState.start(variant, deal_seeded(variant, rng.randrange(1 << 30), 0), 0)
        while s.talon_left > 0:
            legal = card_list(s.legal_mask())
            s.play_fast(rng.choice(legal))
        if not s.trick:
            out.append(s)
    return out
