"""One hand of play: the state and how a card played changes it.

Two paths, as in python-chess:

- the checked public path, :func:`~firmware.engine.moves.legal_actions` and
  :func:`~firmware.engine.moves.apply` (in :mod:`firmware.engine.moves`), which
  validates an action, raises :class:`IllegalAction` with a readable reason
  and returns a new state, leaving the old one untouched;
- the unchecked fast path for search, here: :meth:`HandState.legal_mask`,
  :meth:`HandState.play_fast` and :meth:`HandState.copy`, which mutate in place
  and trust the caller.

The hand's count at its end is a :class:`~firmware.engine.result.HandResult`
(:meth:`HandState.result`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from firmware.engine import table
from firmware.engine.actions import (
    SIGNALS_ALTERNATIVE,
    SIGNALS_CLASSIC,
    Declare,
)
from firmware.engine.cards import (
    RANK,
    SUIT,
    Card,
    CardMask,
    Seat,
    Suit,
    card_list,
    mask_of,
)
from firmware.engine.deal import Deal
from firmware.engine.declarations import Declaration
from firmware.engine.errors import IllegalAction
from firmware.engine.holdings import OPEN_HANDS, Holdings
from firmware.engine.played import Draw, Signal, Trick
from firmware.engine.refusals import Refusal
from firmware.engine.result import SUDDEN_MULTIPLIERS, EndedBy, HandResult
from firmware.engine.variants import Variant


def caller_of(dealer: Seat, n: int) -> Seat:
    """Chiamata: who calls a card in a hand dealt by ``dealer`` (the player after him)."""
    return (dealer + 1) % n


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
        "trump",
        "trump_card",
        "hand_sides",
        "called",
        "pending",
        "signals",
        "widow",
        "claim_seat",
        "claim_ok",
        "target",
        "n_tricks",
        "holdings",
        "revoke",
        "strength",
        "worth",
        "follows",
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
    voids: list[int]  # per seat: suits it failed to follow since it last drew face down
    draws: list[Draw]
    declarations: list[Declaration]
    over: bool
    last_winner: Seat | None
    ended_by: EndedBy
    zu_tun_seat: Seat | None
    suit_masks: tuple[CardMask, ...]
    trump: Suit | None  # briscola: the suit of the dealer's shown last card
    trump_card: Card | None
    hand_sides: tuple[int, ...]  # seat -> side for this hand (chiamata: secret until revealed)
    called: Card | None  # chiamata: the called card
    pending: tuple[Literal["call", "discard"], Seat] | None  # a step before the first card
    signals: tuple[Signal, ...]  # public log of signals spoken with cards
    widow: tuple[Card, ...]  # cards whose points go to the winner of the last trick
    claim_seat: Seat | None
    claim_ok: bool | None
    target: int  # the game's target (a best-of-two decider: 41), for zu tun and claims
    n_tricks: int  # tricks in this hand (real cards: the hand ends with the last)
    holdings: Holdings  # what the box knows of who holds what (module holdings)
    revoke: tuple[Seat, str] | None  # a revoke called: the seat, the penalty (RULES.md §3.7)
    strength: tuple[int, ...]  # per card: the game's order, 0 the strongest of its suit
    worth: tuple[int, ...]  # per card: the game's count, in thirds of a point
    follows: bool  # suit must be followed (all but Briscola)

    @classmethod
    def start(
        cls,
        variant: Variant,
        deal: Deal,
        dealer: Seat,
        prior: tuple[int, ...] | None = None,
        target: int | None = None,
    ) -> HandState:
        """A new hand from ``deal``; ``prior`` are the sides' totals before it (for zu tun),
        ``target`` the game's (default: the variant's)."""
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
        s.trump = None
        s.trump_card = None
        s.hand_sides = variant.preset.sides or tuple(range(s.n))
        s.called = None
        s.pending = None
        s.signals = ()
        s.widow = deal.aside if variant.preset.aside_role == "widow" else ()
        s.claim_seat = None
        s.claim_ok = None
        s.target = target if target is not None else variant.target
        s.holdings = OPEN_HANDS
        s.revoke = None
        s.strength = variant.values.strength
        s.worth = variant.values.thirds
        s.follows = variant.follows_suit
        if deal.table:
            s._start_table(deal)
        if variant.trump_under_talon and s.talon:
            # Briscola: the card turned up under the talon is trump, drawn last (RULES.md §3.8).
            s.trump_card = s.talon[-1]
            s.trump = SUIT[s.trump_card]
        if variant.trump_shown:
            # briscola: the dealer's last dealt card is shown and fixes the trump (seed 001).
            card = deal.trump if deal.trump is not None else deal.hands[dealer][-1]
            s.trump_card = card
            s.trump = SUIT[card]
            s.known[dealer] |= 1 << card
            s.hands[dealer] |= 1 << card
        if variant.preset.call_partner:
            s.hand_sides = tuple(0 if seat == s.leader else 1 for seat in range(s.n))
            s.pending = ("call", s.leader)
        if variant.widow_dealt and deal.aside:
            s._deal_widow(deal.aside)
        held = sum(s.holdings.held(s, seat) for seat in range(s.n))
        if s.pending is not None and s.pending[0] == "discard":
            held -= 1
        s.n_tricks = (held + len(s.talon)) // s.n
        return s

    def _start_table(self, deal: Deal) -> None:
        """Real cards: the hidden seats' hands and the talon are unknown (module table)."""
        self.talon = (-1,) * self.variant.talon_size  # face down: the box never sees a talon card
        if self.variant.trump_under_talon and deal.trump is not None and self.talon:
            self.talon = (*self.talon[1:], deal.trump)  # Briscola: scanned, face up under it
        self.holdings = table.TableInfo.at_deal(self.variant, deal, self.hands)

    def _deal_widow(self, widow: tuple[Card, ...]) -> None:
        """terziglio3: the widow face up, one card each from the dealer's right, the last to
        the dealer, who then lays one card away (RULES.md §3.6)."""
        order = [(self.dealer + 1 + i) % self.n for i in range(self.n)]
        for i, card in enumerate(widow):
            seat = order[i] if i < len(order) else self.dealer
            self.hands[seat] |= 1 << card
            self.known[seat] |= 1 << card
            self.holdings.given(seat)
        self.widow = ()
        self.pending = ("discard", self.dealer)

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
        c.trump = self.trump
        c.trump_card = self.trump_card
        c.hand_sides = self.hand_sides
        c.called = self.called
        c.pending = self.pending
        c.signals = self.signals
        c.widow = self.widow
        c.claim_seat = self.claim_seat
        c.claim_ok = self.claim_ok
        c.target = self.target
        c.n_tricks = self.n_tricks
        c.revoke = self.revoke
        c.strength = self.strength
        c.worth = self.worth
        c.follows = self.follows
        holdings = self.holdings
        # The search copies dealt hands millions of times: OPEN_HANDS.copy() inlined.
        c.holdings = holdings if holdings is OPEN_HANDS else holdings.copy()
        return c

    # ------------------------------------------------------------------ queries

    @property
    def to_move(self) -> Seat:
        """The seat to act: the next to play, or the one owing a call or a discard first."""
        if self.pending is not None:
            return self.pending[1]
        return (self.leader + len(self.trick)) % self.n

    @property
    def caller(self) -> Seat:
        """Chiamata: the seat that calls a card, the player after the dealer (RULES.md, chiamata)."""
        return caller_of(self.dealer, self.n)

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
        hand = self.hands[(self.leader + len(self.trick)) % self.n]
        if self.trick and self.follows:
            follow = hand & self.suit_masks[SUIT[self.trick[0]]]
            if follow:
                return follow
        return hand

    def trick_winner_index(self, cards: list[Card]) -> int:
        best = 0
        trump = self.trump
        strength = self.strength
        if trump is None:
            for i in range(1, len(cards)):
                if SUIT[cards[i]] == SUIT[cards[best]] and strength[cards[i]] < strength[cards[best]]:
                    best = i
            return best
        # briscola: a trump beats any card of another suit; the highest trump wins.
        for i in range(1, len(cards)):
            c, b = cards[i], cards[best]
            if SUIT[c] == SUIT[b]:
                if strength[c] < strength[b]:
                    best = i
            elif SUIT[c] == trump:
                best = i
        return best

    def side_of(self, seat: Seat) -> int:
        """The seat's side in this hand (chiamata: known to the engine, secret to players)."""
        return self.hand_sides[seat]

    @property
    def n_hand_sides(self) -> int:
        return max(self.hand_sides) + 1

    @property
    def sides_revealed(self) -> bool:
        """Chiamata: the called card has been played or shown, so everyone knows the sides."""
        called = self.called
        if called is None:
            return not self.variant.preset.call_partner
        bit = 1 << called
        return bool(self.played & bit) or any(k & bit for k in self.known)

    def side_thirds(self, side: int) -> int:
        sides = self.hand_sides
        return sum(self.thirds[s] for s in range(self.n) if sides[s] == side)

    def declared_points(self, side: int) -> int:
        sides = self.hand_sides
        return sum(d.points for d in self.declarations if sides[d.seat] == side)

    # ---------------------------------------------------------------- fast path

    def play_fast(self, card: Card) -> None:
        """Play ``card`` for the seat to move, unchecked; completes tricks and draws."""
        seat = (self.leader + len(self.trick)) % self.n
        bit = 1 << card
        self.hands[seat] &= ~bit
        self.known[seat] &= ~bit
        self.played |= bit
        trick = self.trick
        if trick and SUIT[card] != SUIT[trick[0]] and self.follows:
            self.voids[seat] |= 1 << SUIT[trick[0]]
        trick.append(card)
        if len(trick) == self.n:
            self._finish_trick()

    def _finish_trick(self) -> None:
        n = self.n
        cards = self.trick
        winner = (self.leader + self.trick_winner_index(cards)) % n
        worth = self.worth
        self.thirds[winner] += sum(worth[c] for c in cards)
        self.tricks.append(Trick(self.leader, tuple(cards), winner))
        self.trick = []
        self.leader = winner
        if self.talon_pos < len(self.talon):
            self._draw_round(winner)
        holdings = self.holdings
        # The search's hot path: OPEN_HANDS.hand_done(self) inlined.
        if not any(self.hands) if holdings is OPEN_HANDS else holdings.hand_done(self):
            self.thirds[winner] += self.variant.values.last_trick
            if self.widow:
                # terziglio3's widow (and three-handed Ciapanò's odd card) go with the last trick.
                self.thirds[winner] += sum(worth[c] for c in self.widow)
            self.last_winner = winner
            self.over = True

    def _draw_round(self, winner: Seat) -> None:
        """Winner draws the top card, then the others in turn (RULES.md §3.1)."""
        shown = self.variant.draws_shown
        trick_no = len(self.tricks) - 1
        holdings = self.holdings
        seen = holdings is OPEN_HANDS  # the search's hot path: OPEN_HANDS.drew() inlined
        for i in range(self.n):
            if self.talon_pos >= len(self.talon):
                break
            seat = (winner + i) % self.n
            card = self.talon[self.talon_pos]
            self.talon_pos += 1
            if card == self.trump_card and card >= 0:
                # Briscola: the trump turned up under the talon, drawn last, face up to all.
                if not seen:
                    holdings.given(seat)
                self.hands[seat] |= 1 << card
                self.known[seat] |= 1 << card
                self.draws.append(Draw(trick_no, seat, card, True))
                continue
            if not seen and not holdings.drew(self, seat):
                self.voids[seat] = 0  # real cards: drawn face down, unseen by the box
                continue
            self.hands[seat] |= 1 << card
            if shown:
                self.known[seat] |= 1 << card
            else:
                self.voids[seat] = 0  # face down: it may be of a suit the seat had none of
            self.draws.append(Draw(trick_no, seat, card, shown))

    # -------------------------------------------------------------- declarations

    def declare_window(self, seat: Seat, kind: str | None = None) -> IllegalAction | None:
        """``None`` if ``seat`` may declare (a ``kind``) now, else the refusal."""
        v = self.variant
        if not v.accusi:
            return IllegalAction(Refusal.ACCUSI_OFF)
        if self.over:
            return IllegalAction(Refusal.HAND_OVER)
        if self.pending is not None:
            code = Refusal.FIRST_CALL if self.pending[0] == "call" else Refusal.FIRST_DISCARD
            return IllegalAction(code, seat=self.pending[1])
        window = v.preset.declare_window
        first_trick = not self.tricks
        if window == "start":
            return None if first_trick and not self.trick else IllegalAction(Refusal.ACCUSI_BEFORE_FIRST)
        if window == "turn":
            if seat != self.to_move:
                return IllegalAction(Refusal.ACCUSI_YOUR_TURN)
            if v.options.get("announce_when") == "after_trick" and self.trick:
                return IllegalAction(Refusal.ACCUSI_ON_LEAD)
            return None
        if window == "first_card":
            if not first_trick:
                return IllegalAction(Refusal.ACCUSI_BEFORE_YOURS)
            return None if seat == self.to_move else IllegalAction(Refusal.ACCUSI_FIRST_CARD_TURN)
        if window == "after_first_trick":
            if first_trick and not self.trick and v.preset.decima and kind == "decima":
                # RULES.md §3.4: a decima may be declared right after the deal (seed 003).
                return None
            ok = len(self.tricks) == 1 and not self.trick
            if not ok:
                code = Refusal.DECIMA_WINDOW if kind == "decima" else Refusal.ONORI_WINDOW
                return IllegalAction(code)
            # In turn from the trick's winner (seed 003): once a later seat has declared,
            # the earlier ones have passed.
            winner = self.tricks[0].winner
            mine = (seat - winner) % self.n
            for d in self.declarations:
                if (d.seat - winner) % self.n > mine:
                    return IllegalAction(Refusal.ONORI_ORDER, winner=winner, later=d.seat)
            return None
        if window == "first_trick":
            if not first_trick:
                return IllegalAction(Refusal.FIRST_TRICK_ONLY)
            return None if seat == self.to_move else IllegalAction(Refusal.FIRST_TRICK_TURN)
        return IllegalAction(Refusal.NO_DECLARATIONS)

    def declarable_mask(self, seat: Seat) -> CardMask:
        """The cards a declaration of ``seat`` may use now."""
        return declarable_cards(self.variant, self.hands[seat], self.tricks, seat)

    def declarations_of(self, seat: Seat) -> tuple[Declaration, ...]:
        return tuple(d for d in self.declarations if d.seat == seat)

    def is_hidden(self, seat: Seat) -> bool:
        """A person's real cards, unknown to the box until scanned (module table)."""
        return self.holdings.is_hidden(seat)

    def possible_declarations(self, seat: Seat) -> list[Declare]:
        v = self.variant
        if not v.accusi:
            return []
        decima_only = False
        if self.declare_window(seat) is not None:
            if not v.preset.decima or self.declare_window(seat, "decima") is not None:
                return []
            decima_only = True  # right after the deal, before the first card
        found = self.holdings.possible_declarations(self, seat)
        if decima_only:
            found = [d for d in found if d.kind == "decima"]
        return found

    # -------------------------------------------------------------------- zu tun

    def hand_total(self, seat: Seat) -> int:
        """Earlier hands + this hand's declarations + card points so far, floored."""
        side = self.hand_sides[seat]
        prior = self.prior[self.variant.side_of(seat)]
        return prior + self.declared_points(side) + self.side_thirds(side) // 3

    def zu_tun_refusal(self, seat: Seat, card: Card) -> IllegalAction | None:
        v = self.variant
        if not v.options.get("zu_tun", False):
            return IllegalAction(Refusal.ZU_TUN_OFF)
        if self.over or seat != self.to_move or self.trick or not self.tricks:
            return IllegalAction(Refusal.ZU_TUN_NOT_ON_LEAD)
        if self.tricks[-1].winner != seat:
            return IllegalAction(Refusal.ZU_TUN_AFTER_WIN)
        if self.talon_left == 0:
            return IllegalAction(Refusal.ZU_TUN_TALON_EMPTY)
        holds = self.holdings.may_hold(self, seat) >> card & 1
        if not holds or RANK[card] != 0 or not v.deck.contains(card):
            return IllegalAction(Refusal.ZU_TUN_TEN)
        total = self.hand_total(seat)
        if total < self.target:
            return IllegalAction(Refusal.ZU_TUN_SHORT, total=total, target=self.target)
        mine = self.hand_sides[seat]
        other = max(self.hand_total(s) for s in range(self.n) if self.hand_sides[s] != mine)
        if total <= other:
            # RULES.md §3.2 Decision: "die für den Sieg notwendigen Punkte" (seed 000)
            # means the target and more than the opponent, counted the same way.
            return IllegalAction(Refusal.ZU_TUN_BEHIND, total=total, other=other)
        return None

    def zu_tun_cards(self, seat: Seat) -> list[Card]:
        if not self.variant.options.get("zu_tun", False):
            return []
        deck = self.variant.deck
        tens = [deck.card(x, 0) for x in range(len(deck.suits))]
        return [c for c in tens if self.zu_tun_refusal(seat, c) is None]

    # ------------------------------------------------------- claims, calls, signals

    def claim_refusal(self, seat: Seat) -> IllegalAction | None:
        if not self.variant.claims:
            return IllegalAction(Refusal.CLAIMS_OFF)
        if self.over:
            return IllegalAction(Refusal.HAND_OVER)
        if self.pending is not None:
            return IllegalAction(Refusal.CLAIM_NOT_STARTED)
        return None

    def call_candidates(self, seat: Seat) -> list[Card]:
        """Chiamata: the cards ``seat`` may call now (seed 003)."""
        if self.pending is None or self.pending != ("call", seat):
            return []
        deck = self.variant.deck
        hand = self.hands[seat]
        alone = self.variant.options.get("call") == "alone"
        if self.is_hidden(seat):
            # Real cards: the box cannot see whether he holds every 3 (or 2); any 3, 2 or
            # ace not known to be his is what he may call (seed 003's lower calls included).
            ranks = (0,) if alone else (0, 1, 2)
            free = [deck.card(x, r) for r in ranks for x in range(4)]
            return [c for c in free if alone or not hand >> c & 1]
        for rank in (0, 1, 2):  # a 3; holding all 3s a 2; holding all 2s too an ace
            free = [deck.card(x, rank) for x in range(4) if not hand >> deck.card(x, rank) & 1]
            if free:
                return free
            if alone:
                # Always a 3: holding all four, he calls one of his own and plays alone.
                return [deck.card(x, 0) for x in range(4)]
        return []  # pragma: no cover - ten cards never hold all 3s, 2s and aces

    def discard_candidates(self, seat: Seat) -> list[Card]:
        if self.pending is None or self.pending != ("discard", seat):
            return []
        return card_list(self.holdings.may_hold(self, seat) & ~self.played)

    def legal_signals(self, card: Card) -> tuple[str, ...]:
        """The signals the seat to move may speak with ``card``; any combination of them.

        A hidden seat (real cards) is refused only what the box can see is false.
        """
        v = self.variant
        system = v.signals
        if system == "none" or self.pending is not None:
            return ()
        seat = (self.leader + len(self.trick)) % self.n
        hand = self.hands[seat]
        bit = 1 << card
        possible = self.holdings.may_hold(self, seat) & ~self.played
        if not possible & bit:
            return ()
        leader_only = system == "alternative" or v.options.get("signal_by") == "leader"
        if leader_only and self.trick:
            return ()
        suit = self.suit_masks[SUIT[card]]
        out: list[str] = []
        if system == "classic":
            out.append("busso")
            if not hand & suit & ~bit:
                out.append("volo")  # must be true: the last card of the suit
            out.append("striscio")
            return tuple(out)
        unplayed = card_list(suit & ~self.played)  # strongest first
        if unplayed and (unplayed[0] == card or possible >> unplayed[0] & 1):
            out.append("busso")  # must be true: the highest unplayed card is his
        if len(unplayed) > 1 and (unplayed[1] == card or possible >> unplayed[1] & 1):
            out.append("ribusso")  # must be true: the second-highest is his
        out.extend(("cerco_la_meglio", "tutto_fuori"))
        return tuple(out)

    def signal_refusal(self, card: Card, names: tuple[str, ...]) -> IllegalAction | None:
        v = self.variant
        system = v.signals
        if system == "none":
            return IllegalAction(Refusal.SIGNALS_NONE)
        known = SIGNALS_CLASSIC if system == "classic" else SIGNALS_ALTERNATIVE
        for name in names:
            if name not in known:
                return IllegalAction(Refusal.SIGNAL_UNKNOWN, name=name, system=system, names=", ".join(known))
        if len(set(names)) != len(names):
            return IllegalAction(Refusal.SIGNAL_TWICE)
        leader_only = system == "alternative" or v.options.get("signal_by") == "leader"
        if leader_only and self.trick:
            return IllegalAction(Refusal.SIGNAL_LEADER_ONLY)
        allowed = self.legal_signals(card)
        deck = v.deck.name
        for name in names:
            if name in allowed:
                continue
            if name == "volo":
                seat = self.to_move
                left = (self.hands[seat] & self.suit_masks[SUIT[card]] & ~(1 << card)).bit_count()
                return IllegalAction(Refusal.VOLO_FALSE, deck=deck, left=left, suit=SUIT[card])
            if name == "busso":
                return IllegalAction(Refusal.BUSSO_FALSE, deck=deck, suit=SUIT[card])
            return IllegalAction(Refusal.RIBUSSO_FALSE, deck=deck, suit=SUIT[card])
        return None

    # ------------------------------------------------------------------- scoring

    def _sudden_win(self) -> tuple[str, int] | None:
        """tressette4's sudden wins (seed 003): the best that applies, with its side."""
        if not self.variant.sudden_wins or self.ended_by != "play" or not self.over:
            return None
        sides = self.hand_sides
        winners = {t.winner for t in self.tricks}
        winner_sides = {sides[w] for w in winners}
        found: list[tuple[int, str, int]] = []
        if len(winners) == 1:
            found.append((6, "cappottone", sides[next(iter(winners))]))
        if len(winner_sides) == 1:
            found.append((2, "cappotto", next(iter(winner_sides))))
        for side in winner_sides:
            if self.side_thirds(side) // 3 == 11 and len(winner_sides) > 1:
                found.append((3, "stramazzo", side))
        last = self.last_winner
        for p in range(self.n):
            rest = sum(
                self.thirds[s] - (self.variant.values.last_trick if s == last else 0)
                for s in range(self.n)
                if s != p
            )
            others_took = any(sides[w] != sides[p] for w in winners)
            if rest < 3 and others_took:
                found.append((8, "stramazzone", sides[p]))
        if not found:
            return None
        mult, name, side = max(found)
        return name, side

    def full_count(self) -> int:
        """The points of a whole hand: every card and the last trick (11 with either deck
        in tressette's count)."""
        return self.variant.values.deck_thirds(self.variant.deck) // 3

    def failed_to_follow(self, seat: Seat) -> bool:
        """``seat`` laid another suit than the one led at least once in this hand (never
        a revoke where suit need not be followed: Briscola)."""
        if not self.follows:
            return False
        n = self.n
        for t in self.tricks:
            if SUIT[t.cards[(seat - t.leader) % n]] != SUIT[t.cards[0]]:
                return True
        i = (seat - self.leader) % n
        return 0 < i < len(self.trick) and SUIT[self.trick[i]] != SUIT[self.trick[0]]

    def _revoke_points(self, seat: Seat, penalty: str) -> tuple[list[int], tuple[int, ...]]:
        """Card points and declarations of a hand a revoke of ``seat`` was called in
        (RULES.md §3.7). ``cappotto``: the other side scores the hand as a cappotto (the
        whole count, or the variant's cappotto score: doubled, 11+1), the offenders score no
        card points, declarations scored stand; where the count goes against you (Ciapanò)
        the offender takes the whole count. ``replay``: nothing for anyone."""
        sides = range(self.n_hand_sides)
        if penalty == "replay":
            return [0 for _ in sides], tuple(0 for _ in sides)
        declared = tuple(self.declared_points(side) for side in sides)
        off = self.hand_sides[seat]
        full = self.full_count()
        if self.variant.inverted:
            return [full if side == off else 0 for side in sides], declared
        option = self.variant.options.get("cappotto", "none")
        won = full * 2 if option == "double" else full + 1 if option == "eleven_plus_one" else full
        return [0 if side == off else won for side in sides], declared

    def result(self) -> HandResult:
        v = self.variant
        sides = range(self.n_hand_sides)
        card_points = [self.side_thirds(side) // 3 for side in sides]
        cappotto_side = None
        option = v.options.get("cappotto", "none")
        penalty = None if self.revoke is None or self.revoke[1] == "as_played" else self.revoke[1]
        if option != "none" and self.over and self.ended_by == "play" and penalty is None:
            takers = {self.hand_sides[t.winner] for t in self.tricks}
            if len(takers) == 1:
                cappotto_side = next(iter(takers))
                # seed 001: a side that took every trick doubles its hand, or takes 11+1.
                card_points[cappotto_side] = (
                    card_points[cappotto_side] * 2 if option == "double" else 12
                )
        declared = tuple(self.declared_points(side) for side in sides)
        if self.revoke is not None and penalty is not None:
            card_points, declared = self._revoke_points(self.revoke[0], penalty)
        points = tuple(c + d for c, d in zip(card_points, declared, strict=True))
        sudden: str | None = None
        sudden_side: int | None = None
        if penalty is not None:
            pass  # a hand lost to a revoke wins nothing suddenly
        elif self.ended_by == "decima":
            decl = self.declarations[-1]
            sudden, sudden_side = "decima", self.hand_sides[decl.seat]
        else:
            found = self._sudden_win()
            if found is not None:
                sudden, sudden_side = found
        if v.hand_won_at:
            # Briscola: the hand is won with 61 of 120 card points (60-60: by no one);
            # the match counts hands won (RULES.md §3.8).
            score = tuple(int(p >= v.hand_won_at) for p in points)
        elif v.has_fixed_sides or not v.preset.call_partner:
            score = points
        else:
            score = tuple(points[self.hand_sides[seat]] for seat in range(self.n))
        return HandResult(
            thirds=tuple(self.thirds),
            card_points=tuple(card_points),
            last_trick=self.last_winner,
            declarations=tuple(self.declarations),
            declared=declared,
            points=points,
            ended_by=self.ended_by,
            zu_tun_seat=self.zu_tun_seat,
            sides=self.hand_sides,
            score=score,
            sudden=sudden,
            multiplier=SUDDEN_MULTIPLIERS[sudden] if sudden else 1,
            sudden_side=sudden_side,
            claim_seat=self.claim_seat,
            claim_ok=self.claim_ok,
            cappotto_side=cappotto_side,
            false_declarations=self.holdings.false_declarations(),
            revoke_seat=None if self.revoke is None else self.revoke[0],
            revoke_penalty=None if self.revoke is None else self.revoke[1],
        )


# ---------------------------------------------------------------- checked path


def declarable_cards(variant: Variant, held: CardMask, tricks: Sequence[Trick], seat: Seat) -> CardMask:
    """The cards a declaration of ``seat`` may use, from the cards it holds and the tricks
    played (what its own view knows too: the guided hand asks it from a view)."""
    if variant.preset.declare_window == "after_first_trick" and tricks:
        # tressette4: the card played to trick 1 still counts (seed 003).
        t = tricks[0]
        held |= 1 << t.cards[(seat - t.leader) % len(t.cards)]
    return held
