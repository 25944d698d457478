"""Who holds which card, as far as the box knows: the one interface a hand asks.

A :class:`~firmware.engine.state.HandState` holds one :class:`Holdings` in
``holdings`` and asks it every question whose answer depends on what the box
has seen — how many cards a seat holds, whether its hand is hidden, what it
may hold, play or declare, whether the last trick is in — never *which kind*
of hand it is. There are two kinds:

- a hand the box dealt: it knows every card, and :data:`OPEN_HANDS` answers
  from ``HandState.hands`` (a stateless singleton, free to copy);
- a hand of real cards: :class:`firmware.engine.table.TableInfo` knows which
  seats are people's unseen hands and learns their cards as they are played.

Not to be confused with :mod:`firmware.players.knowledge`, a player's card
counting from its own view.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from firmware.engine import declarations
from firmware.engine.actions import Declare
from firmware.engine.cards import SUIT, Card, CardMask, Seat, card_list, mask_of
from firmware.engine.declarations import Declaration
from firmware.engine.errors import IllegalAction
from firmware.engine.refusals import Refusal
from firmware.engine.variants import Variant


class PlayedTrick(Protocol):
    """A trick taken (:class:`firmware.engine.played.Trick`)."""

    @property
    def leader(self) -> Seat: ...

    @property
    def cards(self) -> tuple[Card, ...]: ...

    @property
    def winner(self) -> Seat: ...

    def seat_of(self, index: int, n: int) -> Seat: ...


class Hand(Protocol):
    """What the holdings read and write of the hand: the part of
    :class:`firmware.engine.state.HandState` they need (state uses this module and
    :mod:`firmware.engine.table`, not the other way round)."""

    variant: Variant
    n: int
    dealer: Seat
    leader: Seat
    hands: list[CardMask]
    known: list[CardMask]
    voids: list[int]
    played: CardMask
    suit_masks: tuple[CardMask, ...]
    trick: list[Card]
    follows: bool
    declarations: list[Declaration]
    hand_sides: tuple[int, ...]
    called: Card | None
    n_tricks: int

    @property
    def tricks(self) -> Sequence[PlayedTrick]: ...

    @property
    def ended_by(self) -> str: ...

    @property
    def caller(self) -> Seat: ...

    def legal_mask(self) -> CardMask: ...

    def declarable_mask(self, seat: Seat) -> CardMask: ...

    def declarations_of(self, seat: Seat) -> tuple[Declaration, ...]: ...


@dataclass(frozen=True, slots=True)
class FalseDeclaration:
    """A declaration of a hidden seat that the cards played disproved; it scores nothing.

    ``why``: ``played_elsewhere`` (``cards`` were played by other seats),
    ``revoked`` (the declarer did not follow the suit of ``cards``),
    ``had_four`` (he played the missing card of his three), ``never_played``.
    """

    decl: Declaration
    why: str
    cards: tuple[Card, ...]


class Holdings(Protocol):
    """The questions a hand asks of what the box knows, and the news it tells it."""

    @property
    def real_cards(self) -> bool:
        """People play real cards: the box did not see every card dealt."""
        ...

    def copy(self) -> Holdings: ...

    def is_hidden(self, seat: Seat) -> bool:
        """A person's real cards, unknown to the box until scanned."""
        ...

    def held(self, state: Hand, seat: Seat) -> int:
        """How many cards ``seat`` holds now."""
        ...

    def may_hold(self, state: Hand, seat: Seat) -> CardMask:
        """The cards ``seat`` may hold now: its known cards, and unseen ones."""
        ...

    def announced(self, state: Hand, seat: Seat) -> CardMask:
        """Cards ``seat`` declared and has not played, public beyond its hand."""
        ...

    def hand_done(self, state: Hand) -> bool:
        """Whether the trick just taken was the last of the hand."""
        ...

    def false_declarations(self) -> tuple[FalseDeclaration, ...]: ...

    def play_mask(self, state: Hand, seat: Seat) -> CardMask:
        """The cards ``seat``, the seat to move, may play."""
        ...

    def play_refusal(self, state: Hand, seat: Seat, card: Card) -> None:
        """Raise why ``seat`` may not lay ``card`` now (turn and deck are checked)."""
        ...

    def declaration(self, state: Hand, action: Declare) -> Declaration:
        """The declaration ``action`` makes; raises if it is not true (as far as known)."""
        ...

    def possible_declarations(self, state: Hand, seat: Seat) -> list[Declare]: ...

    def given(self, seat: Seat) -> None:
        """A card face up went to ``seat`` (terziglio's widow); the hand has added it."""
        ...

    def drop_voids(self, state: Hand, seat: Seat) -> None:
        """A revoke of ``seat`` called and counted as played (RULES.md §3.7): what it showed
        it lacks is no longer believed."""
        ...

    def drew(self, state: Hand, seat: Seat) -> bool:
        """``seat`` drew the talon's next card; True when the box sees it (the hand
        then puts it in ``hands``)."""
        ...

    def before_play(self, state: Hand, seat: Seat, card: Card) -> None: ...

    def close(self, state: Hand) -> None:
        """The hand is over: settle what only its end can tell."""
        ...

    def take(self, state: Hand, seat: Seat, card: Card) -> None:
        """``card`` leaves ``seat``'s hand without a play (zu tun, laid away)."""
        ...

    def declared(self, state: Hand, decl: Declaration, action: Declare) -> None:
        """``decl`` was declared by ``action`` (it is in ``state.declarations``)."""
        ...


class OpenHands:
    """A hand the box dealt: every card is in ``HandState.hands``, nothing is hidden.

    A real-card hand asks it too, for the seats whose cards the box sees (computers')."""

    __slots__ = ()

    real_cards = False

    def copy(self) -> OpenHands:
        return self

    def __copy__(self) -> OpenHands:
        return self

    def __deepcopy__(self, memo: object) -> OpenHands:
        return self

    def __reduce__(self) -> str:
        return "OPEN_HANDS"  # unpickled as the one instance (the hot path tests for it)

    def is_hidden(self, seat: Seat) -> bool:
        return False

    def held(self, state: Hand, seat: Seat) -> int:
        return state.hands[seat].bit_count()

    def may_hold(self, state: Hand, seat: Seat) -> CardMask:
        return state.hands[seat]

    def announced(self, state: Hand, seat: Seat) -> CardMask:
        return 0

    def hand_done(self, state: Hand) -> bool:
        return not any(state.hands)

    def false_declarations(self) -> tuple[FalseDeclaration, ...]:
        return ()

    def play_mask(self, state: Hand, seat: Seat) -> CardMask:
        return state.legal_mask()

    def play_refusal(self, state: Hand, seat: Seat, card: Card) -> None:
        hand = state.hands[seat]
        if not hand >> card & 1:
            raise IllegalAction(Refusal.NOT_HELD, card=card)
        if not state.legal_mask() >> card & 1:
            lead = SUIT[state.trick[0]]
            follow = tuple(card_list(hand & state.suit_masks[lead]))
            raise IllegalAction(Refusal.FOLLOW_SUIT, deck=state.variant.deck.name, suit=lead, cards=follow)

    def declaration(self, state: Hand, action: Declare) -> Declaration:
        """Checked against the declarer's cards."""
        p = state.variant.preset
        return declarations.evaluate(
            state.variant.deck,
            action,
            state.declarable_mask(action.seat),
            p.napoletana_extends,
            state.declarations_of(action.seat),
            p.decima,
        )

    def possible_declarations(self, state: Hand, seat: Seat) -> list[Declare]:
        p = state.variant.preset
        return declarations.possible(
            state.variant.deck,
            seat,
            state.declarable_mask(seat),
            p.napoletana_extends,
            state.declarations_of(seat),
            p.decima,
        )

    def given(self, seat: Seat) -> None:
        pass

    def drop_voids(self, state: Hand, seat: Seat) -> None:
        pass  # dealt cards are seen: nobody revokes

    def drew(self, state: Hand, seat: Seat) -> bool:
        return True

    def before_play(self, state: Hand, seat: Seat, card: Card) -> None:
        pass

    def close(self, state: Hand) -> None:
        pass

    def take(self, state: Hand, seat: Seat, card: Card) -> None:
        pass

    def declared(self, state: Hand, decl: Declaration, action: Declare) -> None:
        """A declaration from a seen hand shows its cards to every seat."""
        state.known[decl.seat] |= mask_of(decl.cards) & state.hands[decl.seat]


OPEN_HANDS = OpenHands()
"""The holdings of every hand the box dealt."""
