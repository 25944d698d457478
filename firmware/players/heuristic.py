"""The easy and normal levels: the rules everyone learns (RULES.md §5, seed 002).

normal, in order of priority:

- take zu tun when it is offered (it wins the game);
- on lead: cash a sure winner (an ace first: it is a whole point), but in the
  last tricks keep one sure winner back for the last trick; otherwise lead
  the least valuable card of the longest suit;
- following: when the partner already holds the trick with a sure card, give
  him points; when the trick is worth it, win it with the lowest card that
  wins; else give the least valuable card, never an ace under a 3 or 2 while
  another card of the suit is there;
- declare everything.

easy plays a card that gives points away about a third of the time, a
random legal card another third, and the normal card otherwise: it stays
legal and declares its accusi.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from firmware.engine import RANK, SUIT, THIRDS, Action, Card, Declare, Play, View
from firmware.engine.cards import beats, cards_of
from firmware.players import signals
from firmware.players.base import (
    declare_everything,
    legal_plays,
    level_move,
    play_for_card,
)
from firmware.players.determinize import Inconsistent
from firmware.players.knowledge import (
    Counting,
    count,
    is_top,
    trick_best,
    trick_thirds,
)
from firmware.players.rollout import avoid_points_card, cheapest
from firmware.players.rollout import weakest as lowest_winner  # among winners: the lowest that wins


def searched_move(view: View, search: Callable[[View, list[Card]], Card]) -> Action:
    """A searching level's move (hard, the reference): the special actions first, the
    only legal card as it is, else the card ``search`` picks among the legal ones, with
    the signals that card may carry. If no world fits the view (cannot happen for views
    the engine makes), play as the normal level rather than stall the table."""
    return level_move(view, lambda plays: signals.play_with_signals(view, _searched_card(view, plays, search)))


def _searched_card(view: View, plays: list[Play], search: Callable[[View, list[Card]], Card]) -> Card:
    cards = sorted({a.card for a in plays})
    if len(cards) == 1:
        return cards[0]
    try:
        return search(view, cards)
    except Inconsistent:
        return normal_card(view)


def normal_card(view: View) -> Card:
    """The card the normal level plays from ``view`` (deterministic)."""
    c = count(view)
    legal = 0
    for a in legal_plays(view):
        legal |= 1 << a.card
    if legal & (legal - 1) == 0:
        return legal.bit_length() - 1
    if view.variant.inverted:
        return avoid_points_card(legal, [c for _, c in view.trick], c.suit_masks)
    if not view.trick:
        return _lead(view, c, legal)
    return _follow(view, c, legal)


def _rivals(view: View, c: Counting) -> int:
    """Cards that an opponent might still play against me: outside minus the partner's shown."""
    for p in _partners(view):
        rivals = c.outside & ~c.shown[p]
        return rivals
    return c.outside


def _partners(view: View) -> list[int]:
    """Seats known to be on our side this hand (chiamata: only once revealed)."""
    sides = view.sides
    if not sides or sides[view.seat] is None:
        return []
    return [s for s, x in enumerate(sides) if x == sides[view.seat] and s != view.seat]


def _lead(view: View, c: Counting, legal: int) -> Card:
    rivals = _rivals(view, c)
    hint = signals.partner_request(view)
    if hint is not None and legal & c.suit_masks[hint]:
        # The partner asked for a suit (busso / striscio): return it, highest first.
        suit_cards = legal & c.suit_masks[hint]
        return min(cards_of(suit_cards), key=lambda x: RANK[x])
    tops = [x for x in cards_of(legal) if is_top(x, c, rivals)]
    endgame = view.talon_left == 0 and len(view.hand) <= 3
    if tops:
        # Keep the last sure winner for the last trick (it is worth a whole point).
        if endgame and len(tops) == 1 and len(view.hand) > 1:
            others = legal & ~(1 << tops[0])
            if others and not _dangerous_lead(others, c):
                return _low_lead(view, c, others)
        return max(tops, key=lambda x: (THIRDS[x], -RANK[x]))
    return _low_lead(view, c, legal)


def _dangerous_lead(cards: int, c: Counting) -> bool:
    return all(THIRDS[x] == 3 for x in cards_of(cards))


def _low_lead(view: View, c: Counting, legal: int) -> Card:
    """The least valuable card, from the longest suit; an ace only when nothing else is left."""
    n_suits = len(c.suit_masks)
    length = [(c.hand & c.suit_masks[s]).bit_count() for s in range(n_suits)]

    def key(x: Card) -> tuple[int, int, int, int]:
        ace = THIRDS[x] == 3
        # A court card guarding an ace of its suit is kept (seed 000: decken).
        guard = 1 if THIRDS[x] == 1 and _guards_ace(x, c) else 0
        return (ace, guard + THIRDS[x], -length[SUIT[x]], -RANK[x])

    return min(cards_of(legal), key=key)


def _guards_ace(card: Card, c: Counting) -> bool:
    suit_cards = c.hand & c.suit_masks[SUIT[card]]
    return any(THIRDS[x] == 3 for x in cards_of(suit_cards)) and not is_top(
        next(x for x in cards_of(suit_cards) if THIRDS[x] == 3), c
    )


def _follow(view: View, c: Counting, legal: int) -> Card:
    v = view.variant
    n = v.n_seats
    best_seat, best = trick_best(view)
    last_to_play = len(view.trick) == n - 1
    rivals = _rivals(view, c)
    partner_holds = best_seat in _partners(view)
    if partner_holds:
        # Partner wins if no rival still to play can beat his card.
        if last_to_play or is_top(best, c, rivals):
            return _give_points(legal, c, rivals)
        return cheapest(legal)
    winners = 0
    for x in cards_of(legal):
        if beats(x, best, view.trump, view.variant.values.strength):
            winners |= 1 << x
    value = trick_thirds(view)
    if winners:
        if not last_to_play:
            # Someone still to play may beat a card that is not top.
            sure = 0
            for x in cards_of(winners):
                if is_top(x, c, rivals):
                    sure |= 1 << x
            if sure and (value >= 1 or _cheap(lowest_winner(sure))):
                return lowest_winner(sure)
        else:
            w = lowest_winner(winners)
            if value >= 1 or _cheap(w) or THIRDS[w] == 3:
                return w
    return cheapest(legal)


def _cheap(card: Card) -> bool:
    return THIRDS[card] == 0 or THIRDS[card] == 3


def _give_points(legal: int, c: Counting, rivals: int) -> Card:
    """Partner holds the trick: load it (carico) with the richest card that is no sure winner."""
    spare = [x for x in cards_of(legal) if not is_top(x, c, rivals)]
    if spare:
        return max(spare, key=lambda x: (THIRDS[x], RANK[x]))
    return cheapest(legal)


class NormalPlayer:
    """RULES.md §5 normal: the heuristics people learn first."""

    def __init__(self, *, seed: int, name: str = "normal") -> None:
        self.name = name
        self.rng = random.Random(seed)

    def choose(self, view: View) -> Action:
        return level_move(view, lambda _plays: signals.play_with_signals(view, normal_card(view)))

    def declarations(self, view: View) -> list[Declare]:
        return declare_everything(view)


def generous_card(view: View) -> Card:
    """A card that gives points away: the richest card that loses the trick, or on lead
    the richest card an opponent can still beat (the beginner's "ace under a 3")."""
    c = count(view)
    legal = 0
    for a in legal_plays(view):
        legal |= 1 << a.card
    if view.trick:
        _, best = trick_best(view)
        losers = [x for x in cards_of(legal) if not beats(x, best, view.trump, view.variant.values.strength)]
        pool = losers or list(cards_of(legal))
    else:
        beatable = [x for x in cards_of(legal) if not is_top(x, c)]
        pool = beatable or list(cards_of(legal))
    return max(pool, key=lambda x: (THIRDS[x], -RANK[x]))


class EasyPlayer:
    """RULES.md §5 easy: often random, gives points away, still legal and declares.

    Each card is the generous one (points given away) with ``generous_share``,
    a random one with ``random_share``, else the normal one.
    """

    def __init__(
        self,
        *,
        seed: int,
        name: str = "easy",
        random_share: float = 0.35,
        generous_share: float = 0.35,
    ) -> None:
        self.name = name
        self.rng = random.Random(seed)
        self.random_share = random_share
        self.generous_share = generous_share

    def choose(self, view: View) -> Action:
        return level_move(view, lambda plays: self._card(view, plays))

    def _card(self, view: View, plays: list[Play]) -> Action:
        r = self.rng.random()
        if r < self.generous_share:
            return play_for_card(view, generous_card(view))
        if r < self.generous_share + self.random_share:
            return play_for_card(view, self.rng.choice(plays).card)
        return play_for_card(view, normal_card(view))

    def declarations(self, view: View) -> list[Declare]:
        return declare_everything(view)
