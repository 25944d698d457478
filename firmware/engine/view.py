"""What one seat may know: the only door a player gets through (RULES.md §4).

A :class:`View` holds the seat's own hand, every card played, every card shown
(draws where shown, declared cards, the missing suit of a three), the suits
each seat failed to follow, the declarations, and the legal actions. It never
holds the talon order nor another seat's hidden cards; tests prove that no
hidden card is reachable from it.
"""

from __future__ import annotations

from dataclasses import dataclass

from firmware.engine.actions import Action
from firmware.engine.cards import Card, CardMask, Seat, Suit, card_list, mask_of
from firmware.engine.declarations import Declaration
from firmware.engine.state import HandResult, HandState, Trick, legal_actions
from firmware.engine.variants import Variant


@dataclass(frozen=True, slots=True)
class PublicDraw:
    """A talon draw as this seat saw it: ``card`` is None when drawn face down by another."""

    trick: int
    seat: Seat
    card: Card | None


@dataclass(frozen=True, slots=True)
class SeatView:
    seat: Seat
    side: int
    hand_count: int
    shown: tuple[Card, ...]  # cards of this seat's hand lying face up (draws, declarations)
    voids: tuple[Suit, ...]  # suits it failed to follow: it holds none of them
    thirds: int  # thirds taken in tricks so far
    tricks_won: int


@dataclass(frozen=True, slots=True)
class View:
    variant: Variant
    seat: Seat
    dealer: Seat
    hand: tuple[Card, ...]
    to_move: Seat | None
    leader: Seat
    trick: tuple[tuple[Seat, Card], ...]
    tricks: tuple[Trick, ...]
    talon_left: int
    draws: tuple[PublicDraw, ...]
    seats: tuple[SeatView, ...]
    declarations: tuple[Declaration, ...]
    legal: tuple[Action, ...]
    prior: tuple[int, ...]  # the sides' match totals before this hand
    over: bool
    result: HandResult | None

    @property
    def played_mask(self) -> CardMask:
        m = mask_of(c for _, c in self.trick)
        for t in self.tricks:
            m |= mask_of(t.cards)
        return m

    @property
    def unseen(self) -> list[Card]:
        """Cards this seat cannot place: in other hands, the talon or aside, unknown where."""
        known = mask_of(self.hand) | self.played_mask
        for sv in self.seats:
            known |= mask_of(sv.shown)
        return card_list(self.variant.deck.mask & ~known)

    @property
    def my_turn(self) -> bool:
        return self.to_move == self.seat and not self.over


def view_for(state: HandState, seat: Seat) -> View:
    n = state.n
    v = state.variant
    trick = tuple(((state.leader + i) % n, c) for i, c in enumerate(state.trick))
    draws = tuple(
        PublicDraw(d.trick, d.seat, d.card if (d.shown or d.seat == seat) else None)
        for d in state.draws
    )
    seats = tuple(
        SeatView(
            seat=s,
            side=v.side_of(s),
            hand_count=state.hands[s].bit_count(),
            shown=tuple(card_list(state.known[s] & state.hands[s])),
            voids=tuple(x for x in range(len(v.deck.suits)) if state.voids[s] >> x & 1),
            thirds=state.thirds[s],
            tricks_won=sum(1 for t in state.tricks if t.winner == s),
        )
        for s in range(n)
    )
    return View(
        variant=v,
        seat=seat,
        dealer=state.dealer,
        hand=tuple(card_list(state.hands[seat])),
        to_move=None if state.over else state.to_move,
        leader=state.leader,
        trick=trick,
        tricks=tuple(state.tricks),
        talon_left=state.talon_left,
        draws=draws,
        seats=seats,
        declarations=tuple(state.declarations),
        legal=tuple(legal_actions(state, seat)),
        prior=state.prior,
        over=state.over,
        result=state.result() if state.over else None,
    )
