"""One hand of play: the state, its legal actions and how an action changes it.

Two paths, as in python-chess:

- the checked public path, :func:`legal_actions` and :func:`apply`, which
  validates an action, raises :class:`IllegalAction` with a readable reason
  and returns a new state, leaving the old one untouched;
- the unchecked fast path for search, :meth:`HandState.legal_mask`,
  :meth:`HandState.play_fast` and :meth:`HandState.copy`, which mutate in place
  and trust the caller.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from firmware.engine import declarations
from firmware.engine.actions import Action, Declare, Play, ZuTun
from firmware.engine.cards import (
    CODE,
    RANK,
    SUIT,
    THIRDS,
    Card,
    CardMask,
    Seat,
    Suit,
    card_list,
    cards_of,
    mask_of,
)
from firmware.engine.deal import Deal
from firmware.engine.declarations import Declaration
from firmware.engine.errors import IllegalAction
from firmware.engine.variants import Variant

LAST_TRICK_THIRDS = 3


@dataclass(frozen=True, slots=True)
class Trick:
    """A completed trick: ``cards[i]`` was played by seat ``(leader + i) % n``."""

    leader: Seat
    cards: tuple[Card, ...]
    winner: Seat

    def seat_of(self, index: int, n: int) -> Seat:
        return (self.leader + index) % n


@dataclass(frozen=True, slots=True)
class Draw:
    """A card taken from the talon after trick ``trick``; public when ``shown``."""

    trick: int
    seat: Seat
    card: Card
    shown: bool


@dataclass(frozen=True, slots=True)
class HandResult:
    """The count of a finished hand (RULES.md §1), per seat and per side."""

    thirds: tuple[int, ...]  # per seat, the last trick included
    card_points: tuple[int, ...]  # per side: floor(thirds / 3), the Pezz lost
    last_trick: Seat | None
    declarations: tuple[Declaration, ...]
    declared: tuple[int, ...]  # per side
    points: tuple[int, ...]  # per side: card points + declarations
    ended_by: Literal["play", "zu_tun"] = "play"
    zu_tun_seat: Seat | None = None


class HandState:
    """Everything about one hand, hidden parts included; players see a :class:`View`."""

    __slots__ = (
        "variant",
        "n",
        "dealer",
        "prior",
        "hands",
        "talon",
        "talon_pos",
        "aside",
        "leader",
        "trick",
        "tricks",
        "thirds",
        "played",
        "known",
        "voids",
        "draws",
        "declarations",
        "over",
        "last_winner",
        "ended_by",
        "zu_tun_seat",
        "suit_masks",
    )

    variant: Variant
    n: int
    dealer: Seat
    prior: tuple[int, ...]
    hands: list[CardMask]
    talon: tuple[Card, ...]
    talon_pos: int
    aside: tuple[Card, ...]
    leader: Seat
    trick: list[Card]
    tricks: list[Trick]
    thirds: list[int]
    played: CardMask
    known: list[CardMask]
    voids: list[int]
    draws: list[Draw]
    declarations: list[Declaration]
    over: bool
    last_winner: Seat | None
    ended_by: Literal["play", "zu_tun"]
    zu_tun_seat: Seat | None
    suit_masks: tuple[CardMask, ...]

    @classmethod
    def start(
        cls, variant: Variant, deal: Deal, dealer: Seat, prior: tuple[int, ...] | None = None
    ) -> HandState:
        """A new hand from ``deal``; ``prior`` are the sides' totals before it (for zu tun)."""
        s = cls.__new__(cls)
        s.variant = variant
        s.n = variant.n_seats
        s.dealer = dealer
        s.prior = prior if prior is not None else (0,) * variant.n_sides
        s.hands = [mask_of(h) for h in deal.hands]
        s.talon = deal.talon
        s.talon_pos = 0
        s.aside = deal.aside
        s.leader = (dealer + 1) % s.n
        s.trick = []
        s.tricks = []
        s.thirds = [0] * s.n
        s.played = 0
        s.known = [0] * s.n
        s.voids = [0] * s.n
        s.draws = []
        s.declarations = []
        s.over = False
        s.last_winner = None
        s.ended_by = "play"
        s.zu_tun_seat = None
        s.suit_masks = tuple(variant.deck.suit_mask(x) for x in range(len(variant.deck.suits)))
        return s

    def copy(self) -> HandState:
        c = HandState.__new__(HandState)
        c.variant = self.variant
        c.n = self.n
        c.dealer = self.dealer
        c.prior = self.prior
        c.hands = self.hands[:]
        c.talon = self.talon
        c.talon_pos = self.talon_pos
        c.aside = self.aside
        c.leader = self.leader
        c.trick = self.trick[:]
        c.tricks = self.tricks[:]
        c.thirds = self.thirds[:]
        c.played = self.played
        c.known = self.known[:]
        c.voids = self.voids[:]
        c.draws = self.draws[:]
        c.declarations = self.declarations[:]
        c.over = self.over
        c.last_winner = self.last_winner
        c.ended_by = self.ended_by
        c.zu_tun_seat = self.zu_tun_seat
        c.suit_masks = self.suit_masks
        return c

    # ------------------------------------------------------------------ queries

    @property
    def to_move(self) -> Seat:
        return (self.leader + len(self.trick)) % self.n

    @property
    def talon_left(self) -> int:
        return len(self.talon) - self.talon_pos

    @property
    def lead_suit(self) -> Suit | None:
        return SUIT[self.trick[0]] if self.trick else None

    def hand_of(self, seat: Seat) -> list[Card]:
        return card_list(self.hands[seat])

    def legal_mask(self) -> CardMask:
        """The cards the seat to move may play: its cards of the suit led, else any."""
        hand = self.hands[self.to_move]
        if self.trick:
            follow = hand & self.suit_masks[SUIT[self.trick[0]]]
            if follow:
                return follow
        return hand

    def trick_winner_index(self, cards: list[Card]) -> int:
        best = 0
        for i in range(1, len(cards)):
            if SUIT[cards[i]] == SUIT[cards[best]] and RANK[cards[i]] < RANK[cards[best]]:
                best = i
        return best

    def side_thirds(self, side: int) -> int:
        v = self.variant
        return sum(self.thirds[s] for s in range(self.n) if v.side_of(s) == side)

    def declared_points(self, side: int) -> int:
        v = self.variant
        return sum(d.points for d in self.declarations if v.side_of(d.seat) == side)

    # ---------------------------------------------------------------- fast path

    def play_fast(self, card: Card) -> None:
        """Play ``card`` for the seat to move, unchecked; completes tricks and draws."""
        seat = (self.leader + len(self.trick)) % self.n
        bit = 1 << card
        self.hands[seat] &= ~bit
        self.known[seat] &= ~bit
        self.played |= bit
        trick = self.trick
        if trick and SUIT[card] != SUIT[trick[0]]:
            self.voids[seat] |= 1 << SUIT[trick[0]]
        trick.append(card)
        if len(trick) == self.n:
            self._finish_trick()

    def _finish_trick(self) -> None:
        n = self.n
        cards = self.trick
        winner = (self.leader + self.trick_winner_index(cards)) % n
        self.thirds[winner] += sum(THIRDS[c] for c in cards)
        self.tricks.append(Trick(self.leader, tuple(cards), winner))
        self.trick = []
        self.leader = winner
        if self.talon_pos < len(self.talon):
            self._draw_round(winner)
        if not any(self.hands):
            self.thirds[winner] += LAST_TRICK_THIRDS
            self.last_winner = winner
            self.over = True

    def _draw_round(self, winner: Seat) -> None:
        """Winner draws the top card, then the others in turn (RULES.md §3.1)."""
        shown = self.variant.draws_shown
        trick_no = len(self.tricks) - 1
        for i in range(self.n):
            if self.talon_pos >= len(self.talon):
                break
            seat = (winner + i) % self.n
            card = self.talon[self.talon_pos]
            self.talon_pos += 1
            self.hands[seat] |= 1 << card
            if shown:
                self.known[seat] |= 1 << card
            self.draws.append(Draw(trick_no, seat, card, shown))

    # -------------------------------------------------------------- declarations

    def declare_window(self, seat: Seat) -> str | None:
        """``None`` if ``seat`` may declare now, else the reason it may not."""
        v = self.variant
        if not v.accusi:
            return "accusi are off in this game"
        if self.over:
            return "the hand is over"
        window = v.preset.declare_window
        first_trick = not self.tricks
        if window == "start":
            return (
                None if first_trick and not self.trick else "accusi are made before the first card"
            )
        if window == "turn":
            if seat != self.to_move:
                return "you announce at your turn to play"
            if v.options.get("announce_when") == "after_trick" and self.trick:
                return "you announce only on lead, after winning a trick"
            return None
        if window == "first_card":
            if not first_trick:
                return "accusi are made before your first card"
            return (
                None if seat == self.to_move else "you declare at your turn, before your first card"
            )
        if window == "after_first_trick":
            ok = len(self.tricks) == 1 and not self.trick
            return None if ok else "onori are declared after the first trick, before the second"
        if window == "first_trick":
            if not first_trick:
                return "announcements only during the first trick"
            return None if seat == self.to_move else "you announce at your turn"
        return "this game has no declarations"

    def declarable_mask(self, seat: Seat) -> CardMask:
        """The cards a declaration of ``seat`` may use now."""
        held = self.hands[seat]
        if self.variant.preset.declare_window == "after_first_trick" and self.tricks:
            # tressette4: the card played to trick 1 still counts (seed 003).
            t = self.tricks[0]
            held |= 1 << t.cards[(seat - t.leader) % self.n]
        return held

    def declarations_of(self, seat: Seat) -> tuple[Declaration, ...]:
        return tuple(d for d in self.declarations if d.seat == seat)

    def possible_declarations(self, seat: Seat) -> list[Declare]:
        if self.declare_window(seat) is not None:
            return []
        v = self.variant
        return declarations.possible(
            v.deck,
            seat,
            self.declarable_mask(seat),
            v.preset.napoletana_extends,
            self.declarations_of(seat),
        )

    # -------------------------------------------------------------------- zu tun

    def hand_total(self, seat: Seat) -> int:
        """Earlier hands + this hand's declarations + card points so far, floored."""
        side = self.variant.side_of(seat)
        return self.prior[side] + self.declared_points(side) + self.side_thirds(side) // 3

    def zu_tun_refusal(self, seat: Seat, card: Card) -> str | None:
        v = self.variant
        if not v.options.get("zu_tun", False):
            return "zu tun is not played in this game"
        if self.over or seat != self.to_move or self.trick or not self.tricks:
            return "zu tun: only on lead, after winning the previous trick"
        if self.tricks[-1].winner != seat:
            return "zu tun: only after winning the previous trick"
        if self.talon_left == 0:
            return "zu tun: the talon is empty"
        if not self.hands[seat] >> card & 1 or RANK[card] != 0:
            return "zu tun: lay a 10 from your hand on the talon"
        total = self.hand_total(seat)
        if total < v.target:
            return f"zu tun: you have {total}, the target is {v.target}"
        return None

    def zu_tun_cards(self, seat: Seat) -> list[Card]:
        tens = [c for c in cards_of(self.hands[seat]) if RANK[c] == 0]
        return [c for c in tens if self.zu_tun_refusal(seat, c) is None]

    # ------------------------------------------------------------------- scoring

    def result(self) -> HandResult:
        v = self.variant
        sides = range(v.n_sides)
        card_points = tuple(self.side_thirds(side) // 3 for side in sides)
        declared = tuple(self.declared_points(side) for side in sides)
        return HandResult(
            thirds=tuple(self.thirds),
            card_points=card_points,
            last_trick=self.last_winner,
            declarations=tuple(self.declarations),
            declared=declared,
            points=tuple(c + d for c, d in zip(card_points, declared, strict=True)),
            ended_by=self.ended_by,
            zu_tun_seat=self.zu_tun_seat,
        )


# ---------------------------------------------------------------- checked path


def legal_actions(state: HandState, seat: Seat | None = None) -> list[Action]:
    """What ``seat`` (default: the seat to move) may do now.

    Other seats than the one to move may have declarations open (tressette2
    declares before the first card; tressette4's onori after trick 1).
    """
    if state.over:
        return []
    mover = state.to_move
    seat = mover if seat is None else seat
    out: list[Action] = list(state.possible_declarations(seat))
    if seat == mover:
        out.extend(ZuTun(seat, c) for c in state.zu_tun_cards(seat))
        out.extend(Play(seat, c) for c in cards_of(state.legal_mask()))
    return out


def check(state: HandState, action: Action) -> None:
    """Raise :class:`IllegalAction` with the reason if ``action`` is not legal now."""
    if state.over:
        raise IllegalAction("the hand is over")
    if not 0 <= action.seat < state.n:
        raise IllegalAction(f"there is no seat {action.seat}")
    if isinstance(action, Play):
        _check_play(state, action)
    elif isinstance(action, Declare):
        reason = state.declare_window(action.seat)
        if reason is not None:
            raise IllegalAction(reason)
        v = state.variant
        declarations.evaluate(
            v.deck,
            action,
            state.declarable_mask(action.seat),
            v.preset.napoletana_extends,
            state.declarations_of(action.seat),
        )
    elif isinstance(action, ZuTun):
        reason = state.zu_tun_refusal(action.seat, action.card)
        if reason is not None:
            raise IllegalAction(reason)
    else:  # pragma: no cover - the Action union is closed
        raise IllegalAction(f"unknown action {action!r}")


def _check_play(state: HandState, action: Play) -> None:
    v = state.variant
    if action.seat != state.to_move:
        raise IllegalAction(f"it is seat {state.to_move}'s turn, not seat {action.seat}'s")
    if not v.deck.contains(action.card):
        raise IllegalAction(f"that card is not of the {v.deck.name} deck")
    hand = state.hands[action.seat]
    if not hand >> action.card & 1:
        raise IllegalAction(f"you do not hold {CODE[action.card]}")
    if action.signals:
        raise IllegalAction("this game has no signals")
    if not state.legal_mask() >> action.card & 1:
        lead = SUIT[state.trick[0]]
        follow = card_list(hand & state.suit_masks[lead])
        suit = v.deck.suit_name(lead)
        raise IllegalAction(
            f"you must follow suit: you hold {len(follow)} {suit} ({', '.join(CODE[c] for c in follow)})"
        )


def apply(state: HandState, action: Action) -> HandState:
    """A new state with ``action`` done; ``state`` itself is never changed."""
    check(state, action)
    new = state.copy()
    apply_unchecked(new, action)
    return new


def apply_unchecked(state: HandState, action: Action) -> None:
    """Do a legal action in place (the journal replays through here after checking)."""
    if isinstance(action, Play):
        state.play_fast(action.card)
    elif isinstance(action, Declare):
        v = state.variant
        decl = declarations.evaluate(
            v.deck,
            action,
            state.declarable_mask(action.seat),
            v.preset.napoletana_extends,
            state.declarations_of(action.seat),
        )
        state.declarations.append(decl)
        state.known[action.seat] |= mask_of(decl.cards) & state.hands[action.seat]
    elif isinstance(action, ZuTun):
        state.hands[action.seat] &= ~(1 << action.card)
        state.over = True
        state.ended_by = "zu_tun"
        state.zu_tun_seat = action.seat
