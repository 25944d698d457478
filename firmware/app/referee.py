"""Refereeing real cards: hands the box never saw dealt.

With real cards the deal is shuffled and dealt by people; the engine's
:class:`~firmware.engine.HandState` needs every hand up front, so it cannot
referee. This module is the *referee mode* of the app (kept here, not in the
engine, which stays the pure rules of known deals). It knows a card only when
it is scanned, and checks what can be known:

- the card is of the variant's deck and not played before ("the same card
  twice");
- it is the turn of a seat with real cards;
- a seat that showed a void in a suit (failed to follow) and has not drawn
  from the talon since cannot play that suit.

Everything else is the players' honesty, as at a real table. Trick winners,
card points (in thirds, floor per side, the last trick), totals and the end
of the match follow RULES.md §1 exactly as the engine counts them.

Declarations (accusi) for a table seat are chosen on the touchscreen after its
*Accuso* button; they cannot be checked when made (only refused when the
cards already seen make them impossible), so each is checked against the
cards the seats play: a declared card played by another seat, a suit of a
declared card not followed by the declarer, or a declared card never played
by the declarer by the end of the hand, makes it a **false declaration**:
flagged on the screen, and it scores nothing. Such a play is *accepted*:
refusing it would leave an honest player holding the card with no legal
scan (the lie was the declaration, not the play). (A napoletana is
counted as 3 in referee mode: its extension cannot be known.)

The journal of a refereed match uses the record format of docs/records.md with
the deal written as ``{"table": true}``; :meth:`RefereeMatch.from_record`
replays it. ``tressette replay`` (engine) cannot replay such a record, since
the deal is unknown; ``tressette export`` writes it all the same.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from firmware.engine import (
    CODE,
    SUIT,
    THIRDS,
    Action,
    Declare,
    Play,
    RecordError,
    TressetteError,
    Variant,
    make_variant,
)
from firmware.engine.declarations import DECLARABLE_RANKS, Declaration
from firmware.engine.records import action_from_json, action_to_json
from firmware.engine.state import LAST_TRICK_THIRDS, HandResult, Trick
from firmware.engine.view import SeatView, View
from ui.i18n import DeclName, Message, SuitName, msg, render


@dataclass(slots=True)
class Claim:
    """A declaration made for a table seat, to be proved by the cards it plays."""

    decl: Declaration
    cards: tuple[int, ...]  # cards that must all come from the declarer (four, napoletana)
    need: int  # how many of ``cards`` the declarer must play (3 of the four for a three)
    false: bool = False


@dataclass(slots=True)
class RefereeHand:
    variant: Variant
    dealer: int
    leader: int
    n: int
    trick: list[tuple[int, int]] = field(default_factory=list)
    tricks: list[Trick] = field(default_factory=list)
    thirds: list[int] = field(default_factory=list)
    played_by: dict[int, int] = field(default_factory=dict)
    voids: list[set[int]] = field(default_factory=list)
    void_since_draw: list[set[int]] = field(default_factory=list)
    claims: list[Claim] = field(default_factory=list)
    drawn: int = 0
    over: bool = False
    last_winner: int | None = None

    @property
    def to_move(self) -> int:
        return (self.leader + len(self.trick)) % self.n

    @property
    def total_tricks(self) -> int:
        return (self.variant.deck.size - self.variant.preset.aside) // self.n

    @property
    def talon_left(self) -> int:
        return max(0, self.variant.talon_size - self.drawn)

    def hand_count(self, seat: int) -> int:
        played = sum(1 for s in self.played_by.values() if s == seat)
        draws = min(self.drawn, len(self.tricks) * self.n) // self.n if self.variant.talon_size else 0
        return self.variant.hand_size + draws - played

    def public_cards_of(self, seat: int) -> set[int]:
        """Declared cards of ``seat`` not yet played: lying face up in its hand."""
        out: set[int] = set()
        for c in self.claims:
            if c.decl.seat == seat and not c.false and c.need == len(c.cards):
                out |= {x for x in c.cards if x not in self.played_by}
        return out


class RefereeMatch:
    """A match of real cards: same totals, dealer rotation and end as the engine's Match."""

    def __init__(self, variant: Variant, first_dealer: int = 0) -> None:
        self.variant = variant
        self.next_dealer = first_dealer
        self.totals = [0] * variant.n_sides
        self.hands: list[Any] = []
        self.results: list[HandResult] = []
        self.state: RefereeHand | None = None
        self.finished = False
        self.winner: int | None = None

    # ------------------------------------------------------------------ hands

    @property
    def hand_over(self) -> bool:
        return self.state is not None and self.state.over

    @property
    def to_move(self) -> int:
        assert self.state is not None
        return self.state.to_move

    def start_hand(self, spec: Mapping[str, Any]) -> None:
        from firmware.engine.match import HandRecord

        n = self.variant.n_seats
        dealer = self.next_dealer
        self.state = RefereeHand(
            self.variant, dealer, (dealer + 1) % n, n,
            thirds=[0] * n, voids=[set() for _ in range(n)],
            void_since_draw=[set() for _ in range(n)],
        )  # fmt: skip
        self.hands.append(HandRecord(dealer, dict(spec)))

    # ----------------------------------------------------------- declarations

    def declare_window(self, seat: int) -> Message | None:
        """``None`` if ``seat`` may declare now, else why not (a catalogue message)."""
        v = self.variant
        st = self.state
        if not v.accusi:
            return msg("r_accusi_off")
        if st is None or st.over:
            return msg("r_hand_over")
        window = v.preset.declare_window
        if window == "start":
            return None if not st.tricks and not st.trick else msg("r_accusi_before_first")
        if window in ("turn", "first_card", "first_trick"):
            if seat != st.to_move:
                return msg("r_accusi_your_turn")
            if window != "turn" and st.tricks:
                return msg("r_accusi_before_yours")
            return None
        if window == "after_first_trick":
            ok = len(st.tricks) == 1 and not st.trick
            return None if ok else msg("r_onori_window")
        return msg("r_no_declarations")

    def possible_declarations(self, seat: int) -> list[Declare]:
        """Combinations still possible for ``seat`` given the public cards."""
        if self.declare_window(seat) is not None:
            return []
        deck = self.variant.deck
        out: list[Declare] = []
        for suit in range(len(deck.suits)):
            out.append(Declare(seat, "napoletana", suit=suit))
        for rank in DECLARABLE_RANKS:
            out.append(Declare(seat, "four", rank=rank))
            out.append(Declare(seat, "three", rank=rank))
        return [d for d in out if self._declare_refusal(d) is None]

    def _claim_for(self, action: Declare) -> Claim:
        deck = self.variant.deck
        if action.kind == "napoletana":
            assert action.suit is not None
            cards = tuple(deck.card(action.suit, r) for r in DECLARABLE_RANKS)
            decl = Declaration(action.seat, "napoletana", action.suit, None, cards, 3)
            return Claim(decl, cards, 3)
        assert action.rank is not None
        cards = tuple(deck.card(s, action.rank) for s in range(len(deck.suits)))
        need = 3 if action.kind == "three" else 4
        decl = Declaration(action.seat, action.kind, None, action.rank, cards, need)
        return Claim(decl, cards, need)

    def _declare_refusal(self, action: Declare) -> Message | None:
        st = self.state
        assert st is not None
        if action.kind not in ("napoletana", "three", "four"):
            return Message(text=f"unknown declaration {action.kind!r}")  # never offered on screen
        if action.kind == "napoletana" and (action.suit is None or not 0 <= action.suit < 4):
            return Message(text="a napoletana names its suit")
        if action.kind != "napoletana" and action.rank not in DECLARABLE_RANKS:
            return Message(text="three or four of a kind must be of 3s, 2s or aces")
        claim = self._claim_for(action)
        for old in st.claims:
            if old.decl.seat != action.seat:
                continue
            if old.decl.key == claim.decl.key:
                return msg("r_decl_twice")
            if action.kind == "three" and old.decl.kind == "four" and old.decl.rank == action.rank:
                return msg("r_decl_three_after_four")
        elsewhere = [c for c in claim.cards if st.played_by.get(c, action.seat) != action.seat]
        elsewhere += [
            c for c in claim.cards for s in range(st.n)
            if s != action.seat and c in st.public_cards_of(s)
        ]  # fmt: skip
        if len(claim.cards) - len(set(elsewhere)) < claim.need:
            what = DeclName(self.variant.deck.name, action.kind, action.suit, action.rank)
            return msg("r_decl_impossible", what=what, cards=", ".join(CODE[c] for c in sorted(set(elsewhere))))
        return None

    # ------------------------------------------------------------------ plays

    def check(self, action: Action) -> Message | None:
        """``None`` if the action is legal as far as the box can know, else why not."""
        st = self.state
        if st is None or st.over:
            return msg("r_no_hand")
        if not 0 <= action.seat < st.n:
            return msg("r_no_seat", n=action.seat + 1)
        if isinstance(action, Declare):
            return self.declare_window(action.seat) or self._declare_refusal(action)
        if not isinstance(action, Play):
            return msg("r_table_only_plays")
        if action.signals:
            return msg("r_table_no_signals")
        return self._play_refusal(action.seat, action.card)

    def _play_refusal(self, seat: int, card: int) -> Message | None:
        st = self.state
        assert st is not None
        deck = self.variant.deck
        if seat != st.to_move:
            return msg("r_turn_of", n=st.to_move + 1)
        if not deck.contains(card):
            return msg("r_wrong_deck")
        code = CODE[card]
        if card in st.played_by:
            where = next(
                (i + 1 for i, t in enumerate(st.tricks) if card in t.cards), len(st.tricks) + 1
            )
            return msg("r_already_played", code=code, trick=where)
        suit = SUIT[card]
        if suit in st.void_since_draw[seat]:
            return msg("r_showed_void", n=seat + 1, suit=SuitName(deck.name, suit))
        return None

    def apply(self, action: Action) -> list[Message]:
        """Apply a checked action; returns notes (false declarations found)."""
        st = self.state
        assert st is not None
        notes: list[Message] = []
        self.hands[-1].actions.append(action)
        if isinstance(action, Declare):
            st.claims.append(self._claim_for(action))
            return notes
        assert isinstance(action, Play)
        seat, card = action.seat, action.card
        if st.trick:
            lead = SUIT[st.trick[0][1]]
            if SUIT[card] != lead:
                st.voids[seat].add(lead)
                st.void_since_draw[seat].add(lead)
        st.played_by[card] = seat
        st.trick.append((seat, card))
        notes += self._check_claims(final=False)
        if len(st.trick) == st.n:
            self._finish_trick()
            if st.over:
                notes += self._check_claims(final=True)
                self._close_hand()
        return notes

    def _check_claims(self, *, final: bool) -> list[Message]:
        st = self.state
        assert st is not None
        deck = self.variant.deck
        notes = []
        for c in st.claims:
            if c.false:
                continue
            seat = c.decl.seat
            by_other = [x for x in c.cards if st.played_by.get(x, seat) != seat]
            mine = [x for x in c.cards if st.played_by.get(x) == seat]
            # a card it claims and has not played, of a suit it failed to follow: not there
            revoked = [
                x for x in c.cards if x not in st.played_by and SUIT[x] in st.voids[seat]
            ]
            possible = len(c.cards) - len(set(by_other) | set(revoked))
            if possible < c.need or (final and len(mine) < c.need):
                c.false = True
                if by_other:
                    why = msg("n_why_played_elsewhere", cards=", ".join(CODE[x] for x in by_other))
                elif revoked:
                    why = msg("n_why_revoked", suit=SuitName(deck.name, SUIT[revoked[0]]), code=CODE[revoked[0]])
                else:
                    why = msg("n_why_never_played")
                d = c.decl
                what = DeclName(deck.name, d.kind, d.suit, d.rank, d.missing)
                notes.append(msg("n_false_decl", n=d.seat + 1, what=what, why=why))
        return notes

    def _finish_trick(self) -> None:
        st = self.state
        assert st is not None
        cards = [c for _, c in st.trick]
        lead = SUIT[cards[0]]
        best = 0
        for i in range(1, len(cards)):
            if SUIT[cards[i]] == lead and cards[i] < cards[best]:  # lower id = stronger in a suit
                best = i
        winner = st.trick[best][0]
        st.thirds[winner] += sum(THIRDS[c] for c in cards)
        st.tricks.append(Trick(st.trick[0][0], tuple(cards), winner))
        st.trick = []
        st.leader = winner
        if st.talon_left > 0:
            st.drawn += min(st.n, st.talon_left)
            for voids in st.void_since_draw:
                voids.clear()  # a drawn card may be of any suit
        if len(st.tricks) == st.total_tricks:
            st.thirds[winner] += LAST_TRICK_THIRDS
            st.last_winner = winner
            st.over = True

    def result(self) -> HandResult:
        st = self.state
        assert st is not None
        v = self.variant
        sides = range(v.n_sides)
        side_thirds = [sum(st.thirds[s] for s in range(st.n) if v.side_of(s) == x) for x in sides]
        valid = tuple(c.decl for c in st.claims if not c.false)
        declared = [sum(d.points for d in valid if v.side_of(d.seat) == x) for x in sides]
        card_points = tuple(t // 3 for t in side_thirds)
        return HandResult(
            thirds=tuple(st.thirds),
            card_points=card_points,
            last_trick=st.last_winner,
            declarations=valid,
            declared=tuple(declared),
            points=tuple(c + d for c, d in zip(card_points, declared, strict=True)),
        )

    def _close_hand(self) -> None:
        st = self.state
        assert st is not None
        result = self.result()
        self.results.append(result)
        for side, pts in enumerate(result.points):
            self.totals[side] += pts
        self.next_dealer = (st.dealer + 1) % self.variant.n_seats
        best = max(self.totals)
        if best >= self.variant.target and self.totals.count(best) == 1:
            self.finished = True
            self.winner = self.totals.index(best)

    # ------------------------------------------------------------------ views

    def view_for(self, seat: int) -> View:
        """An engine :class:`View` of what the table shows: no hands are known."""
        st = self.state
        assert st is not None
        v = self.variant
        seats = tuple(
            SeatView(
                seat=s,
                side=v.side_of(s),
                hand_count=max(0, st.hand_count(s)),
                shown=tuple(sorted(st.public_cards_of(s))),
                voids=tuple(sorted(st.voids[s])),
                thirds=st.thirds[s],
                tricks_won=sum(1 for t in st.tricks if t.winner == s),
            )
            for s in range(st.n)
        )
        prior = tuple(self.totals)
        if st.over:
            prior = tuple(t - p for t, p in zip(self.totals, self.results[-1].points, strict=True))
        return View(
            variant=v,
            seat=seat,
            dealer=st.dealer,
            hand=(),
            to_move=None if st.over else st.to_move,
            leader=st.leader,
            trick=tuple(st.trick),
            tricks=tuple(st.tricks),
            talon_left=st.talon_left,
            draws=(),
            seats=seats,
            declarations=tuple(c.decl for c in st.claims if not c.false),
            legal=tuple(self.possible_declarations(seat)),
            prior=prior,
            over=st.over,
            result=self.results[-1] if st.over else None,
        )

    # ---------------------------------------------------------------- records

    def action_json(self, action: Action) -> dict[str, Any]:
        return action_to_json(self.variant.deck, action)

    @classmethod
    def from_record(cls, doc: Mapping[str, Any]) -> RefereeMatch:
        """Replay a refereed match's journal (deal ``{"table": true}``)."""
        try:
            variant = make_variant(str(doc.get("variant")), doc.get("options", {}))
        except TressetteError as exc:
            raise RecordError(str(exc)) from None
        hands = doc.get("hands", [])
        match = cls(variant, first_dealer=hands[0]["dealer"] if hands else 0)
        for h_index, hand in enumerate(hands):
            match.start_hand(hand.get("deal", {"table": True}))
            for a_index, obj in enumerate(hand.get("actions", [])):
                action = action_from_json(variant.deck, obj)
                reason = match.check(action)
                if reason is not None:
                    raise RecordError(f"hand {h_index + 1}, action {a_index}: {render(reason, 'en')}")
                match.apply(action)
        return match
