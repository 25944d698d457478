"""Inference over the hidden cards of two-player games with a talon (tressette2,
treschetten2): how likely an imagined deal is to have produced the opponent's
cards so far.

Every draw of these games is shown (the default of both presets), so an imagined
world fixes the opponent's whole hand at every past trick: its hand now, plus
the cards it played since, minus the cards it drew since. At each trick where
it had a choice, a card counter's rule (the lean playout's: lead the richest
card nobody it cannot see can beat, else the cheapest; follow with the weakest
card that wins when the trick is worth it, else the cheapest) says what it
would have played with that hand; every card the opponent chose that the rule
would not have (another suit or another value) multiplies the world's weight
by :data:`MISS`. What the rule counts as unseen is what the opponent could not
see: every card neither in its hand nor played before that trick.

Nothing here reads more than the view and the imagined world (the world is made
from the view: :func:`~firmware.players.determinize.Sampler`).
"""

from __future__ import annotations

import random
from collections.abc import Callable

from firmware.engine import RANK, SUIT, THIRDS, Card, CardMask, HandState, View
from firmware.players.rollout import cheapest, weakest

MISS = 0.6
"""A world's weight is multiplied by this for each opponent card the rule would not have played."""


def applies(view: View) -> bool:
    """Two seats, a talon, every opponent draw shown: the world then fixes the past hands."""
    v = view.variant
    if v.n_seats != 2 or not v.preset.draw_from_talon or v.inverted:
        return False
    return all(d.card is not None for d in view.draws)


def rule_card(hand: CardMask, lead: Card | None, unseen: CardMask, suit_masks: tuple[CardMask, ...]) -> Card:
    """The card counter's card from ``hand``: on lead (``lead`` None) or answering ``lead``."""
    if lead is None:
        best, key = -1, (-1, 0)
        m = hand
        while m:
            low = m & -m
            c = low.bit_length() - 1
            m ^= low
            if not unseen & suit_masks[SUIT[c]] & (low - 1):
                k = (THIRDS[c], -RANK[c])
                if k > key:
                    best, key = c, k
        return best if best >= 0 else cheapest(hand)
    follow = hand & suit_masks[SUIT[lead]]
    legal = follow or hand
    winners = follow & ((1 << lead) - 1)
    if winners:
        w = weakest(winners)
        if THIRDS[lead] >= 1 or THIRDS[w] != 1:
            return w
    return cheapest(legal)


def misses(view: View, world: HandState) -> int:
    """How many of the opponent's past cards the rule would not have chosen in ``world``."""
    me = view.seat
    opp = 1 - me
    sm = world.suit_masks
    deck = view.variant.deck.mask
    drew: dict[int, CardMask] = {}
    for d in view.draws:
        if d.seat == opp and d.card is not None:
            drew[d.trick] = drew.get(d.trick, 0) | (1 << d.card)
    # (hand before the play, lead or None, the card it played, cards played before that trick)
    seen: list[tuple[CardMask, Card | None, Card, CardMask]] = []
    hand = world.hands[opp]
    played = 0
    for t in view.tricks:
        for c in t.cards:
            played |= 1 << c
    # The current trick: the opponent may have led it.
    if view.trick and view.trick[0][0] == opp:
        c = view.trick[0][1]
        hand |= 1 << c
        seen.append((hand, None, c, played))
    for i in range(len(view.tricks) - 1, -1, -1):
        t = view.tricks[i]
        hand &= ~drew.get(i, 0)
        for c in t.cards:
            played &= ~(1 << c)
        pos = 0 if t.leader == opp else 1
        c = t.cards[pos]
        hand |= 1 << c
        seen.append((hand, None if pos == 0 else t.cards[0], c, played))
    n = 0
    for before, lead, c, gone in seen:
        legal = (before & sm[SUIT[lead]] or before) if lead is not None else before
        if legal & (legal - 1) == 0:
            continue
        unseen = deck & ~before & ~gone
        if lead is not None:
            unseen &= ~(1 << lead)
        m = rule_card(before, lead, unseen, sm)
        if m != c and (SUIT[m] != SUIT[c] or THIRDS[m] != THIRDS[c]):
            n += 1
    return n


def weight(view: View, world: HandState, miss: float = MISS) -> float:
    """The world's weight: ``miss`` (:data:`MISS` unless told) to the power of its misses."""
    return miss ** misses(view, world)


def likeliest(
    view: View, sample: Callable[[], HandState], rng: random.Random, draws: int, miss: float
) -> HandState:
    """One world of ``draws`` sampled ones, picked with probability proportional to its
    weight (``miss`` to the power of its misses; ``miss`` 0: one of those with the
    fewest misses): sampling-importance-resampling, so that the search spends its
    time on the deals likeliest to have produced the opponent's cards, each of
    weight 1, instead of weighting the worlds it searched."""
    worlds = [sample() for _ in range(draws)]
    counts = [misses(view, w) for w in worlds]
    if miss <= 0.0:
        low = min(counts)
        best = [w for w, k in zip(worlds, counts, strict=True) if k == low]
        return best[rng.randrange(len(best))]
    weights = [miss ** (k - min(counts)) for k in counts]
    x = rng.random() * sum(weights)
    for w, a in zip(worlds, weights, strict=True):
        x -= a
        if x < 0.0:
            return w
    return worlds[-1]
