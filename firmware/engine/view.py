"""What one seat may know: the only door a player gets through (RULES.md §4).

A :class:`View` holds the seat's own hand, every card played, every card shown
(draws where shown, declared cards, the missing suit of a three), the suits
each seat is known to have none of (its *voids*, below), the declarations, and
the legal actions. It never holds the talon order nor another seat's hidden
cards; tests prove that no hidden card is reachable from it.

Voids are public knowledge, the same in every seat's view, and always true. A
seat is shown void in a suit exactly when

- it failed to follow that suit in some trick (the current one included), and
- it has drawn no card face down since the last such trick (a card drawn face
  down, or unseen by the box at a table of real cards, may be of any suit; a
  draw after a trick comes after every card of it), and
- none of the cards lying face up in its hand (a face-up draw, a declared card)
  is of that suit.

Then every card it got since that failure was seen by all, so the cards of the
suit it holds are exactly its face-up ones: a face-up draw of the suit takes the
void away while the card is held, and the seat is void again once it has played
it. What this leaves out (a seat is not shown void though everyone could work it
out): a suit whose every card outstanding is placed elsewhere, and a face-down
draw when the suit's cards the draw could have been are all accounted for.
"""

from __future__ import annotations

from dataclasses import dataclass

from firmware.engine.actions import Action
from firmware.engine.cards import SUIT, THIRDS, Card, CardMask, Seat, Suit, card_list, mask_of
from firmware.engine.declarations import Declaration
from firmware.engine.moves import legal_actions
from firmware.engine.played import Signal, Trick
from firmware.engine.result import HandResult
from firmware.engine.state import HandState
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
    shown: tuple[Card, ...]  # cards of this seat's hand lying face up (draws, declarations;
    # Briscola's show_partner: the partner's whole hand, in the partner's view only)
    voids: tuple[Suit, ...]  # suits it is known to hold none of (the module's docstring)
    thirds: int  # thirds taken in tricks so far
    tricks_won: int


@dataclass(frozen=True, slots=True)
class UnitCount:
    """The count of one scoring unit (side, or seat where each plays for himself) so far,
    as the end-of-hand screen tells it (seed 002): aces, ⅓-cards, the last trick."""

    aces: int
    third_cards: int  # 3s, 2s and court cards: a third each
    last_trick: bool
    thirds: int  # all of it in thirds: aces × 3 + third cards + 3 for the last trick (+ widow)


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
    # Issue 3: the four-player family. Defaults describe a two-player hand.
    trump: Suit | None = None  # briscola
    trump_card: Card | None = None  # briscola: the dealer's shown card (also in his shown);
    # Briscola (RULES.md §3.8): the card under the talon, then in the hand that drew it
    signals: tuple[Signal, ...] = ()  # every signal spoken so far, public
    sides: tuple[int | None, ...] = ()  # the hand's side of each seat as this seat knows it
    called: Card | None = None  # chiamata: the called card (public)
    caller: Seat | None = None  # chiamata: the seat that called it, once it is called (public)
    aside: tuple[Card, ...] = ()  # cards aside this seat may see (face up, its own discard)
    signal_options: tuple[tuple[Card, tuple[str, ...]], ...] = ()  # per playable card
    target: int = 0  # the game's target (a best-of-two decider: 41); 0: the variant's
    # What screens show, computed here so that no rule is worked out again outside the
    # engine: who holds the trick now, which of this seat's cards would take it, the
    # count and declarations per scoring unit, the totals after a finished hand.
    trick_holder: Seat | None = None
    winning_cards: tuple[Card, ...] = ()
    unit_counts: tuple[UnitCount, ...] = ()
    unit_declared: tuple[int, ...] = ()
    totals: tuple[int, ...] = ()

    @property
    def partner_known(self) -> bool:
        """Whether every seat's side is known to this seat (always, but in chiamata)."""
        return all(x is not None for x in self.sides)

    @property
    def played_mask(self) -> CardMask:
        m = mask_of(c for _, c in self.trick)
        for t in self.tricks:
            m |= mask_of(t.cards)
        return m

    @property
    def unseen(self) -> list[Card]:
        """Cards this seat cannot place: in other hands, the talon or aside, unknown where."""
        known = mask_of(self.hand) | self.played_mask | mask_of(self.aside)
        if self.trump_under_talon is not None:
            known |= 1 << self.trump_under_talon  # Briscola: face up under the talon
        for sv in self.seats:
            known |= mask_of(sv.shown)
        return card_list(self.variant.deck.mask & ~known)

    @property
    def trump_under_talon(self) -> Card | None:
        """Briscola: the trump card while it lies face up under the talon (drawn last)."""
        if self.trump_card is None or not self.variant.trump_under_talon or not self.talon_left:
            return None
        return self.trump_card

    @property
    def cards_aside(self) -> int:
        """Cards in no hand, no trick and not in the talon: terziglio's widow, the cards
        Treschetten lays aside (face down or up)."""
        played = sum(len(t.cards) for t in self.tricks) + len(self.trick)
        in_hands = sum(sv.hand_count for sv in self.seats)
        return max(0, len(self.variant.deck.cards) - in_hands - played - self.talon_left)

    @property
    def claim_points(self) -> int:
        """What this seat's side has counted so far, as chiamarsi fuori asks it (RULES.md,
        tressette4): the match total before the hand, the hand's declarations and its card
        points, thirds floored; the claim is right at the target."""
        side = self.seats[self.seat].side
        total = self.totals[side] if side < len(self.totals) else 0
        declared = self.unit_declared[side] if side < len(self.unit_declared) else 0
        thirds = self.unit_counts[side].thirds if side < len(self.unit_counts) else 0
        return total + declared + thirds // 3

    @property
    def claim_stands(self) -> bool:
        """A claim made now would be right: the side has counted the target (the same count
        the engine judges a claim by, ``HandState.hand_total``). Below it a claim can only
        lose the match, so a page that offers claims only when they stand asks this."""
        return self.claim_points >= (self.target or self.variant.target)

    @property
    def my_turn(self) -> bool:
        return self.to_move == self.seat and not self.over


def known_sides(state: HandState, seat: Seat) -> tuple[int | None, ...]:
    """The hand's sides as ``seat`` knows them: chiamata's stay secret until the called
    card is played or shown, except to its holder; every other game's are public."""
    if state.over or state.sides_revealed:
        return state.hand_sides
    n = state.n
    if state.called is None:
        return (None,) * n
    if state.hands[seat] >> state.called & 1:
        return state.hand_sides  # the holder knows who is with whom
    caller = state.caller
    return tuple(0 if s == caller else 1 if s == seat else None for s in range(n))


def visible_aside(state: HandState, seat: Seat) -> tuple[Card, ...]:
    v = state.variant
    if v.aside_shown:
        return state.aside
    if state.over:
        return state.widow if v.preset.aside_role == "widow" else state.aside
    if v.widow_dealt:
        if seat == state.dealer:
            return state.widow  # his own discard
        # A card of the widow went round face up: everyone saw it, so its discard is public.
        return tuple(c for c in state.widow if c in state.aside)
    return ()


def view_for(state: HandState, seat: Seat) -> View:
    n = state.n
    v = state.variant
    trick = tuple(((state.leader + i) % n, c) for i, c in enumerate(state.trick))
    draws = tuple(
        PublicDraw(d.trick, d.seat, d.card if (d.shown or d.seat == seat) else None)
        for d in state.draws
    )
    wins, counts = _trick_tally(state)
    seats = tuple(_seat_view(state, s, seat, wins[s]) for s in range(n))
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
        trump=state.trump,
        trump_card=state.trump_card,
        signals=state.signals,
        sides=known_sides(state, seat),
        called=state.called,
        caller=state.caller if state.called is not None else None,
        aside=visible_aside(state, seat),
        signal_options=_signal_options(state, seat),
        target=state.target,
        trick_holder=_trick_holder(state),
        winning_cards=_winning_cards(state, seat),
        unit_counts=counts,
        unit_declared=_unit_declared(state),
        totals=_totals(state),
    )


def _seat_view(state: HandState, seat: Seat, viewer: Seat, tricks_won: int) -> SeatView:
    shown = _shown(state, seat)
    voids = _voids(state, seat, shown)  # public: the same in every view
    if _partner_shows(state, seat, viewer):
        shown = tuple(card_list(state.hands[seat]))
    return SeatView(
        seat=seat,
        side=state.variant.side_of(seat),
        hand_count=state.holdings.held(state, seat),
        shown=shown,
        voids=voids,
        thirds=state.thirds[seat],
        tricks_won=tricks_won,
    )


def _partner_shows(state: HandState, seat: Seat, viewer: Seat) -> bool:
    """Briscola in four with ``show_partner``: once the talon is empty, ``viewer`` sees its
    partner's cards (RULES.md §3.8, *pokazivanje karata*); to that seat alone."""
    v = state.variant
    return (
        v.show_partner and not state.talon_left and seat != viewer
        and state.hand_sides[seat] == state.hand_sides[viewer]
    )  # fmt: skip


def _voids(state: HandState, seat: Seat, shown: tuple[Card, ...]) -> tuple[Suit, ...]:
    """The seat's voids by the module's rule: ``state.voids`` keeps the suits it failed to
    follow since it last drew face down; a suit it holds face up is not one."""
    voids = state.voids[seat]
    for c in shown:
        voids &= ~(1 << SUIT[c])
    return tuple(x for x in range(len(state.suit_masks)) if voids >> x & 1)


def _trick_holder(state: HandState) -> Seat | None:
    if not state.trick:
        return None
    return (state.leader + state.trick_winner_index(state.trick)) % state.n


def _winning_cards(state: HandState, seat: Seat) -> tuple[Card, ...]:
    """The cards ``seat`` may play now that would take the trick as it stands (trump too)."""
    if state.over or state.pending is not None or seat != state.to_move or not state.trick:
        return ()
    mask = state.holdings.play_mask(state, seat)
    here = len(state.trick)
    return tuple(c for c in card_list(mask) if state.trick_winner_index([*state.trick, c]) == here)


def _trick_tally(state: HandState) -> tuple[list[int], tuple[UnitCount, ...]]:
    """The tricks each seat has won, and the count of each scoring unit so far: one pass
    over the tricks (every view asks, and the phones and the computers ask often)."""
    v = state.variant
    units = v.n_sides
    wins = [0] * state.n
    aces = [0] * units
    thirds = [0] * units
    for t in state.tricks:
        wins[t.winner] += 1
        unit = v.side_of(t.winner)
        for c in t.cards:
            worth = THIRDS[c]
            if worth == 3:
                aces[unit] += 1
            elif worth == 1:
                thirds[unit] += 1
    last = [False] * units
    if state.last_winner is not None:
        last[v.side_of(state.last_winner)] = True
    totals = [0] * units
    for s in range(state.n):
        totals[v.side_of(s)] += state.thirds[s]
    return wins, tuple(UnitCount(aces[u], thirds[u], last[u], totals[u]) for u in range(units))


def _unit_declared(state: HandState) -> tuple[int, ...]:
    v = state.variant
    out = [0] * v.n_sides
    for d in state.declarations:
        out[v.side_of(d.seat)] += d.points
    return tuple(out)


def _totals(state: HandState) -> tuple[int, ...]:
    """The match's totals: before the hand, plus its score once it is over."""
    if not state.over:
        return state.prior
    result = state.result()
    score = result.score or result.points
    return tuple(p + x for p, x in zip(state.prior, score, strict=False))


def _shown(state: HandState, seat: Seat) -> tuple[Card, ...]:
    """Cards of ``seat``'s hand lying face up; at a real-card table also the cards a
    person declared and has not played yet (announced, so public)."""
    mask = state.known[seat] & state.hands[seat] | state.holdings.announced(state, seat)
    return tuple(card_list(mask))


def _signal_options(state: HandState, seat: Seat) -> tuple[tuple[Card, tuple[str, ...]], ...]:
    if state.over or state.pending is not None or state.variant.signals == "none":
        return ()
    if seat != state.to_move:
        return ()
    mask = state.holdings.play_mask(state, seat)
    return tuple((c, state.legal_signals(c)) for c in card_list(mask))
