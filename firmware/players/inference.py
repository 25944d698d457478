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

Two models of the opponent's choice can judge a card: the card counter's rule
above (the default), or with ``textbook`` the rules everyone learns, the normal
level's (:func:`textbook_card`): the two answer alike when following, and part on
lead, where the textbook leads the least valuable card of its longest suit (so
its leads tell its suit lengths) and keeps its last sure winner back at the end.

The weight can serve two ways (docs/players.md measures both): as the weight of
each world searched (``hard-weighted``), or to pick which sampled world is searched
(:func:`likeliest`, ``hard-sir``). :class:`Fit` works the opponent's past choices
out once per decision, so that a world costs only the rule's cards.

Nothing here reads more than the view and the imagined world (the world is made
from the view: :func:`~firmware.players.determinize.Sampler`).
"""

from __future__ import annotations

import random

from firmware.engine import RANK, SUIT, THIRDS, Card, CardMask, HandState, Variant, View
from firmware.engine.cards import card_list
from firmware.players.determinize import Sampler
from firmware.players.rollout import cheapest, sure_lead, weakest

MISS = 0.6
"""A world's weight is multiplied by this for each opponent card the rule would not have played."""


def _reads(variant: Variant) -> bool:
    # the card counter's rule is tressette's: suit followed, no trump
    return (
        variant.n_seats == 2 and variant.preset.draw_from_talon and not variant.inverted
        and variant.follows_suit and not variant.trump_under_talon
    )


def game_applies(variant: Variant) -> bool:
    """Two seats, a talon, its draws shown, points for the taker: the games the inference
    reads (tressette2 and treschetten2 as they come)."""
    return _reads(variant) and variant.draws_shown


def applies(view: View) -> bool:
    """Two seats, a talon, every opponent draw shown: the world then fixes the past hands."""
    return _reads(view.variant) and all(d.card is not None for d in view.draws)


def rule_card(hand: CardMask, lead: Card | None, unseen: CardMask, suit_masks: tuple[CardMask, ...]) -> Card:
    """The card counter's card from ``hand``: on lead (``lead`` None) or answering ``lead``."""
    if lead is None:
        best = sure_lead(hand, unseen, suit_masks)
        return best if best >= 0 else cheapest(hand)
    follow = hand & suit_masks[SUIT[lead]]
    legal = follow or hand
    winners = follow & ((1 << lead) - 1)
    if winners:
        w = weakest(winners)
        if THIRDS[lead] >= 1 or THIRDS[w] != 1:
            return w
    return cheapest(legal)


def textbook_card(
    hand: CardMask, lead: Card | None, unseen: CardMask, talon_left: int, suit_masks: tuple[CardMask, ...]
) -> Card:
    """The normal level's card (:func:`firmware.players.heuristic.normal_card`) from
    ``hand`` in a two-seat game without trump or signals, on lead (``lead`` None) or
    answering ``lead``; ``unseen``: every card the seat could not place (neither in its
    hand nor played), ``talon_left``: the talon's cards when the trick was played.
    On bitmasks, so that a world costs little; a test ties it to ``normal_card``."""
    if lead is not None:
        return rule_card(hand, lead, unseen, suit_masks)  # following, the two rules agree
    if hand & (hand - 1) == 0:
        return hand.bit_length() - 1
    tops = 0  # per suit, the held cards above its strongest unseen one (lower ids are stronger)
    for suit in suit_masks:
        out = unseen & suit
        tops |= hand & suit & ((out & -out) - 1 if out else suit)
    if tops:
        if tops & (tops - 1) == 0 and talon_left == 0 and hand.bit_count() <= 3:
            # the last sure winner is kept for the last trick, unless only aces remain
            others = hand & ~tops
            if any(THIRDS[c] != 3 for c in card_list(others)):
                return _low_lead(others, hand, unseen, suit_masks)
        return sure_lead(tops, 0, suit_masks)
    return _low_lead(hand, hand, unseen, suit_masks)


def _low_lead(cards: CardMask, hand: CardMask, unseen: CardMask, suit_masks: tuple[CardMask, ...]) -> Card:
    """The normal level's low lead: no ace while anything else is left, the fewest thirds
    (a court card guarding a beatable ace of its suit counting one more), from the
    longest suit, the weakest card."""
    best, key = -1, (9, 9, 99, 99)
    m = cards
    while m:
        low = m & -m
        c = low.bit_length() - 1
        m ^= low
        suit = suit_masks[SUIT[c]]
        held = hand & suit
        guard = 0
        if THIRDS[c] == 1:
            aces = [a for a in card_list(held) if THIRDS[a] == 3]
            if aces and unseen & suit & ((1 << aces[0]) - 1):
                guard = 1
        k = (THIRDS[c] == 3, guard + THIRDS[c], -held.bit_count(), -RANK[c])
        if k < key:
            best, key = c, k
    return best


class Fit:
    """The opponent's past choices, worked out once per view: per trick where it played,
    the cards its hand then held for sure, the cards it held now but drew since, the
    card led to it (None: it led), the card it chose and what it could not see but
    its own hand. :meth:`misses` then only adds an imagined world's hidden cards."""

    def __init__(self, view: View, textbook: bool = False) -> None:
        me = view.seat
        opp = 1 - me
        deck = view.variant.deck
        self.opp = opp
        self.textbook = textbook
        """Judge each card by :func:`textbook_card` (the normal level's rules) instead of
        :func:`rule_card` (the card counter's)."""
        self.suit_masks = tuple(deck.suit_mask(s) for s in range(len(deck.suits)))
        drew: dict[int, CardMask] = {}
        draws_after: dict[int, int] = {}  # every seat's draws after each trick
        for d in view.draws:
            draws_after[d.trick] = draws_after.get(d.trick, 0) + 1
            if d.seat == opp and d.card is not None:
                drew[d.trick] = drew.get(d.trick, 0) | (1 << d.card)
        played = 0
        for t in view.tricks:
            for c in t.cards:
                played |= 1 << c
        # (cards held then and played since, cards drawn since, lead, card, unseen but the hand,
        # the talon's cards when that trick was played: the textbook's ending)
        self.positions: list[tuple[CardMask, CardMask, Card | None, Card, CardMask, int]] = []
        since = 0  # the opponent's cards played from that trick on
        drawn = 0  # the opponent's cards drawn from that trick on
        talon = view.talon_left
        if view.trick and view.trick[0][0] == opp:
            c = view.trick[0][1]
            since |= 1 << c
            self.positions.append((since, drawn, None, c, deck.mask & ~played, talon))
        for i in range(len(view.tricks) - 1, -1, -1):
            t = view.tricks[i]
            drawn |= drew.get(i, 0)
            talon += draws_after.get(i, 0)
            for c in t.cards:
                played &= ~(1 << c)
            pos = 0 if t.leader == opp else 1
            c = t.cards[pos]
            since = (since & ~drawn) | (1 << c)
            lead = None if pos == 0 else t.cards[0]
            base = deck.mask & ~played
            if lead is not None:
                base &= ~(1 << lead)
            self.positions.append((since, drawn, lead, c, base, talon))

    def misses(self, hand: CardMask) -> int:
        """How many of the opponent's past cards the rule would not have chosen, its hand
        now being ``hand`` (an imagined world's)."""
        sm = self.suit_masks
        n = 0
        textbook = self.textbook
        for since, drawn, lead, c, base, talon in self.positions:
            before = (hand & ~drawn) | since
            legal = (before & sm[SUIT[lead]] or before) if lead is not None else before
            if legal & (legal - 1) == 0:
                continue
            if textbook:
                m = textbook_card(before, lead, base & ~before, talon, sm)
            else:
                m = rule_card(before, lead, base & ~before, sm)
            if m != c and (SUIT[m] != SUIT[c] or THIRDS[m] != THIRDS[c]):
                n += 1
        return n


def misses(view: View, world: HandState) -> int:
    """How many of the opponent's past cards the rule would not have chosen in ``world``."""
    return Fit(view).misses(world.hands[1 - view.seat])


def replayed_misses(view: View, world: HandState) -> int:
    """:func:`misses` by replaying the hand backwards world by world (the tests' check of :class:`Fit`)."""
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
    view: View,
    sample: Sampler,
    rng: random.Random,
    draws: int,
    miss: float,
    fit: Fit | None = None,
) -> HandState:
    """One world of ``draws`` sampled ones, picked with probability proportional to its
    weight (``miss``, above 0, to the power of its misses): sampling-importance-resampling, so that the search spends its
    time on the deals likeliest to have produced the opponent's cards, each of
    weight 1, instead of weighting the worlds it searched. Only the hidden cards are
    drawn ``draws`` times; the talon's order once, for the world picked. ``fit``: the
    view's :class:`Fit`, made once per decision (else here)."""
    fit = Fit(view) if fit is None else fit
    opp = fit.opp
    own = sample.shown[opp]
    hiddens = [sample.hidden(rng) for _ in range(draws)]
    counts = [fit.misses(own | h[opp]) for h in hiddens]
    low = min(counts)
    weights = [miss ** (k - low) for k in counts]
    x = rng.random() * sum(weights)
    pick = hiddens[-1]
    for h, a in zip(hiddens, weights, strict=True):
        x -= a
        if x < 0.0:
            pick = h
            break
    return sample.world(pick, rng)
