"""Why a card: a short reason drawn from what the seat knows, as a catalogue key + arguments.

The coach never writes a sentence: a :class:`Reason` names a catalogue entry
(``ui.i18n``, keys ``c_*``) and its arguments as typed references (a card, a
suit, a signal, a value in thirds), which the screen and ``tressette analyse``
render in Italian, German or English. Every reason states a fact visible in
the view (a card still out, a void shown, a partner's signal), never a hidden
card: :func:`reason_for` reads the view only.

The first rule that holds gives the reason:

=====================  ==========================================================
key                    when
=====================  ==========================================================
``c_only``             one legal card
``c_inverted``         points count against you (Ciapanò)
``c_exact``            every card is placed (two seats, talon empty) and none of
                       partner_asked / top / void / take / load holds: solved exactly
``c_known``            every card is placed and the one world searched deeper, not
                       solved (Briscola for two, talon empty): the search's word
``c_partner_asked``    on lead, the card's suit is the one the partner signalled
``c_top``              on lead, no card of its suit not yet played beats it (the
                       seat's own cards included)
``c_void``             on lead, no trumps, every opponent is shown void in the suit
``c_lead_low``         on lead, a card worth nothing, with a card worth something kept
``c_take``             following, the card wins the trick and no card a seat after
                       may still hold beats it
``c_take_try``         following, the card wins the trick for now
``c_load``             following, the partner holds the trick: a card with points
``c_partner_holds``    following, the partner holds the trick: a card without
``c_keep``             following, the card does not take the trick: a card worth
                       less than an ace, keeping an ace that is not the top card
``c_duck``             following, no card of the hand takes the trick and only
                       opponents play after: the cheapest card of those legal
``c_search``           otherwise: the search preferred it (the number of worlds)
=====================  ==========================================================

"May still hold" is what the view allows (:func:`may_hold`: the cards unseen
that the seat's shown voids, face-down draws and signals leave it, and its cards
lying face up); each claim is tested against the real hands in
``tests/coach/test_reason_claims.py``.
"""

from __future__ import annotations

from dataclasses import dataclass

from firmware.engine import (
    SUIT,
    THIRDS,
    TRESSETTE_VALUES,
    Action,
    Call,
    Card,
    Claim,
    Discard,
    Play,
    View,
    ZuTun,
)
from firmware.engine.cards import CardMask, beats, cards_of, mask_of
from firmware.players.base import legal_plays, side_total
from firmware.players.determinize import hidden_constraints
from firmware.players.knowledge import Counting, count, is_top, trick_best, trick_thirds
from firmware.players.signals import partner_request_by


@dataclass(frozen=True, slots=True)
class CardRef:
    card: Card


@dataclass(frozen=True, slots=True)
class SuitRef:
    suit: int


@dataclass(frozen=True, slots=True)
class SignalRef:
    name: str


@dataclass(frozen=True, slots=True)
class Thirds:
    """An amount of card value in thirds (rendered "⅓", "1 ⅔", "nothing")."""

    thirds: int


ReasonArg = CardRef | SuitRef | SignalRef | Thirds | int | str


@dataclass(frozen=True, slots=True)
class Reason:
    key: str
    args: tuple[tuple[str, ReasonArg], ...] = ()

    def arg(self, name: str) -> ReasonArg | None:
        return dict(self.args).get(name)


def reason(key: str, /, **args: ReasonArg) -> Reason:
    return Reason(key, tuple(args.items()))


KEYS = (
    "c_only",
    "c_exact",
    "c_known",
    "c_inverted",
    "c_partner_asked",
    "c_top",
    "c_void",
    "c_lead_low",
    "c_take",
    "c_take_try",
    "c_load",
    "c_partner_holds",
    "c_keep",
    "c_duck",
    "c_search",
    "c_zu_tun",
    "c_claim",
    "c_call",
    "c_call_among",
    "c_discard",
)
"""Every key a reason may name (a test checks the catalogue has each in it/de/en)."""


def reason_for_special(view: View, action: Action) -> Reason:
    """The reason for an action every level takes the same way (base.special_action)."""
    if isinstance(action, ZuTun):
        return reason("c_zu_tun", card=CardRef(action.card))
    if isinstance(action, Claim):
        return reason("c_claim", n=side_total(view))
    if isinstance(action, Call):
        suit = SUIT[action.card]
        held = [sum(1 for c in view.hand if SUIT[c] == s) for s in range(len(view.variant.deck.suits))]
        key = "c_call" if held[suit] == max(held) else "c_call_among"
        return reason(key, card=CardRef(action.card), suit=SuitRef(suit))
    if isinstance(action, Discard):
        return reason("c_discard", card=CardRef(action.card))
    return reason("c_search", card=CardRef(action.card if isinstance(action, Play) else 0))


def reason_for(view: View, card: Card, method: str) -> Reason:
    """Why ``card`` is the card to play from ``view`` (``method``: forced / exact / searched /
    sampled)."""
    here = CardRef(card)
    if method == "forced":
        return reason("c_only", card=here)
    if view.variant.inverted:
        return reason("c_inverted", card=here)
    found = _facts(view, card)
    if method == "exact" and found.key not in _SURE:
        return reason("c_exact", card=here)
    if method == "searched" and found.key == "c_search":
        # every card placed, the one world searched deeper (Briscola for two, talon empty)
        return reason("c_known", card=here)
    return found


_SURE = frozenset({"c_partner_asked", "c_top", "c_void", "c_take", "c_load"})
"""Reasons that are facts of the position, also when the exact solver chose the card."""


def may_hold(view: View) -> list[CardMask]:
    """Per seat: every card it may still hold as far as ``view`` can tell (the own seat:
    its hand): the unseen cards its shown voids, face-down draws and signals leave it
    (:func:`~firmware.players.determinize.hidden_constraints`) and its cards face up."""
    allowed = hidden_constraints(view)
    out = []
    for sv in view.seats:
        if sv.seat == view.seat:
            out.append(mask_of(view.hand))
        else:
            out.append(allowed[sv.seat] | mask_of(sv.shown))
    return out


def seats_after(view: View) -> list[int]:
    """The seats still to play to the current trick after the seat to move."""
    n = view.variant.n_seats
    return [(view.seat + k) % n for k in range(1, n - len(view.trick))]


def _facts(view: View, card: Card) -> Reason:
    """The first rule of the table above that holds for ``card``, on lead or following.
    The rules speak of tressette's order and count (aces, thirds, the top card by rank);
    a game with its own (Briscola) is given the search's word only, never a false fact."""
    if view.variant.values is not TRESSETTE_VALUES:
        return reason("c_search", card=CardRef(card))
    c = count(view)
    if not view.trick:
        return _lead_facts(view, card, c)
    return _follow_facts(view, card, c)


def _opponents(view: View) -> list[int]:
    """The seats not on the seat's side (every other seat where each plays for himself)."""
    me, sides = view.seat, view.sides
    mine = sides[me] if sides else None
    return [s for s in range(view.variant.n_seats) if s != me and (mine is None or sides[s] != mine)]


def _lead_facts(view: View, card: Card, c: Counting) -> Reason:
    """On lead: the partner's request, the top card, a void, a card worth nothing, else the search."""
    here = CardRef(card)
    suit = SUIT[card]
    asked = partner_request_by(view)
    if asked is not None and asked[0] == suit:
        return reason("c_partner_asked", card=here, suit=SuitRef(suit), signal=SignalRef(asked[1]))
    if (view.trump is None or suit == view.trump) and is_top(card, c, c.outside | c.hand):
        # "the top card of its suit still in play": no card beats it anywhere, the seat's
        # own hand included (the 2 is not the top while the seat holds the 3)
        return reason("c_top", card=here)
    opponents = _opponents(view)
    # "your opponents showed they hold no more {suit}": each is shown void in it (a void
    # shown is always true, RULES.md §4), not merely out of cards the seat can place
    if view.trump is None and opponents and all(suit in view.seats[s].voids for s in opponents):
        return reason("c_void", card=here, suit=SuitRef(suit))
    if THIRDS[card] == 0 and any(THIRDS[x] > 0 for x in view.hand):
        return reason("c_lead_low", card=here)
    return reason("c_search", card=here)


def _follow_facts(view: View, card: Card, c: Counting) -> Reason:
    """Following: a take, a load or a cheap card for the partner, an ace kept, a duck, else the search."""
    here = CardRef(card)
    sides = view.sides
    mine = sides[view.seat] if sides else None
    best_seat, best_card = trick_best(view)
    after = seats_after(view)
    if beats(card, best_card, view.trump, view.variant.values.strength):
        points = Thirds(trick_thirds(view) + THIRDS[card])
        held = may_hold(view) if after else []
        sure = not any(beats(x, card, view.trump, view.variant.values.strength) for s in after for x in cards_of(held[s]))
        return reason("c_take" if sure else "c_take_try", card=here, points=points)
    if mine is not None and best_seat != view.seat and sides[best_seat] == mine:  # the partner holds it
        if THIRDS[card] > 0:
            return reason("c_load", card=here, worth=Thirds(THIRDS[card]))
        return reason("c_partner_holds", card=here)
    aces = [x for x in cards_of(c.hand) if THIRDS[x] == 3 and x != card and not is_top(x, c)]
    if THIRDS[card] < 3 and aces:
        keep = min(aces, key=lambda x: (SUIT[x] != SUIT[card], x))
        return reason("c_keep", card=here, worth=Thirds(THIRDS[card]), keep=CardRef(keep))
    if _duck(view, card, best_card, after, mine):
        return reason("c_duck", card=here, worth=Thirds(THIRDS[card]))
    return reason("c_search", card=here)


def _duck(view: View, card: Card, best_card: Card, after: list[int], mine: int | None) -> bool:
    """No legal card takes the trick, only opponents play after, and ``card`` is the cheapest legal."""
    sides = view.sides
    legal = {a.card for a in legal_plays(view)}
    lost = not any(beats(x, best_card, view.trump, view.variant.values.strength) for x in legal) and all(
        mine is not None and sides[s] is not None and sides[s] != mine for s in after
    )
    return lost and THIRDS[card] == min(THIRDS[x] for x in legal)


