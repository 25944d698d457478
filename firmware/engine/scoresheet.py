"""Score sheet only (*segnapunti*): the people play their own cards, the box keeps the match.

No card reaches the box. A hand of a score-sheet match (``{"sheet": true}`` as its
deal, docs/records.md) holds what the table *says*: the accusi announced (a
:class:`~firmware.engine.actions.Declare`, as said aloud: not checked against any
hand, only against the preset and the seat's earlier declarations) and, at the end,
one :class:`Tally`: the thirds each side of the hand took (the last trick included),
how the hand ended (played out, *chiamarsi fuori*, zu tun, a decima) and a sudden win where
the preset has them. A napoletana decima declared ends the hand (seed 003): what is still
entered is the count taken before it, as the played hand counts it: nothing when it was said
right after the deal, the first trick's points when it was said with the onori (RULES.md §3.4),
one trick taken by one side (``Tally(end="decima")``).

What the engine can check, it checks (:meth:`SheetHand.tally`): a hand played out
adds up to the deck's thirds plus the last trick's (treschetten3's cards aside count
for nobody: up to their most), a hand ended early to no more than that; a claim is
right when the claimant's side has reached the target (the match's totals, its
declarations and the thirds entered), zu tun only with the target reached and more
than the others; a sudden win only as its rule says (cappotto: every third to one
side; stramazzo: 11 points; stramazzone: the others under one point). Then the hand's
:class:`~firmware.engine.result.HandResult` goes to the match like a played one's:
target, best of two, the stake ledger, the end of the match are the one rule set.

The thirds of a side are booked on its first seat in ``HandResult.thirds`` (the
table does not say who of the partners took them).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal, TypeGuard, get_args

from firmware.engine.actions import Declare
from firmware.engine.cards import Seat, card_list
from firmware.engine.declarations import DECLARABLE_RANKS, Declaration, check_earlier
from firmware.engine.errors import IllegalAction
from firmware.engine.refusals import Refusal
from firmware.engine.result import LAST_TRICK_THIRDS, SUDDEN_MULTIPLIERS, HandResult
from firmware.engine.variants import Variant

SheetEnd = Literal["play", "claim", "zu_tun", "decima"]


def is_sheet_end(text: str) -> TypeGuard[SheetEnd]:
    """``text`` names one of the ways a hand on the score sheet ends."""
    return text in get_args(SheetEnd)


SUDDEN_NAMES = ("cappotto", "stramazzo", "cappottone", "stramazzone")


@dataclass(frozen=True, slots=True)
class Tally:
    """The count of a hand as the table says it, entered at its end.

    ``thirds``: per side of the hand (per seat where each plays for himself; chiamata:
    the caller's side first), the last trick included; a screen enters points and
    thirds (``points * 3 + thirds``). ``end``: played out, ``claim`` (chiamarsi fuori
    by ``by``), ``zu_tun`` (by ``by``) or ``decima`` (after a decima declared by ``by``: the
    thirds taken before it, the first trick's or none). ``sudden``: a sudden win of ``sudden_side``
    (tressette4's cappotto, stramazzo, cappottone, stramazzone; treseta's ``cappotto``
    option). ``partner``: chiamata, the seat that held the called card (the caller
    himself: he played alone).
    """

    seat: Seat  # who entered it (the dealer's place at the box; any seat may)
    thirds: tuple[int, ...]
    end: SheetEnd = "play"
    by: Seat | None = None
    sudden: str | None = None
    sudden_side: int | None = None
    partner: Seat | None = None


@dataclass(frozen=True, slots=True)
class Amend:
    """A correction: hand ``hand``'s count (0-based, a finished hand of this match) replaced
    by ``tally``, checked like any count. Kept where it was entered, after what it corrects:
    nothing is rewritten; the match is counted again from its hands with the new count
    (:meth:`~firmware.engine.match.Match.correct`). ``tally.seat`` entered it."""

    hand: int
    tally: Tally

    @property
    def seat(self) -> Seat:
        return self.tally.seat


SheetEntry = Declare | Tally
"""What a score-sheet hand holds once its corrections are applied: accusi and its count."""


def deck_thirds(variant: Variant) -> int:
    """The thirds a hand played out gives: every card's, and the last trick's."""
    return variant.values.deck_thirds(variant.deck)


def thirds_out(variant: Variant) -> int:
    """At most how many thirds lie out of play (treschetten3's cards aside count for
    nobody; a widow goes with the last trick)."""
    if variant.preset.aside_role != "out" or not variant.aside_size:
        return 0
    values = sorted((variant.values.thirds[c] for c in variant.deck.cards), reverse=True)
    return sum(values[: variant.aside_size])


def first_trick_thirds(variant: Variant) -> int:
    """At most how many thirds one trick holds (the decima's count: the first trick, the last
    trick's bonus not among them): its highest cards, one per seat."""
    values = sorted((variant.values.thirds[c] for c in variant.deck.cards), reverse=True)
    return sum(values[: variant.n_seats])


def said_declaration(variant: Variant, action: Declare) -> Declaration:
    """The declaration ``action`` says, as said aloud (nobody looks into the hand)."""
    deck = variant.deck
    suits = range(len(deck.suits))
    if action.kind in ("napoletana", "decima"):
        if action.suit not in suits:
            raise IllegalAction(Refusal.NAPOLETANA_SUIT, deck=deck.name, kind=action.kind)
        assert action.suit is not None
        if action.kind == "decima":
            if not variant.preset.decima:
                raise IllegalAction(Refusal.DECL_UNKNOWN, kind=repr(action.kind))
            return Declaration(action.seat, "decima", action.suit, None, tuple(card_list(deck.suit_mask(action.suit))), 0)
        extra = action.extra or 0
        if extra < 0 or extra > len(deck.extension) or (extra and not variant.preset.napoletana_extends):
            raise IllegalAction(Refusal.DECL_EXTENSION, deck=deck.name, suit=action.suit, points=3, announced=3 + extra)
        ranks = DECLARABLE_RANKS + deck.extension[:extra]
        cards = tuple(deck.card(action.suit, r) for r in ranks)
        return Declaration(action.seat, "napoletana", action.suit, None, cards, len(cards))
    if action.kind in ("three", "four"):
        if action.rank not in DECLARABLE_RANKS:
            raise IllegalAction(Refusal.DECL_RANK, deck=deck.name, ranks=DECLARABLE_RANKS)
        assert action.rank is not None
        cards = tuple(deck.card(x, action.rank) for x in suits)
        if action.kind == "four":
            return Declaration(action.seat, "four", None, action.rank, cards, 4)
        missing = action.missing
        if missing is not None:
            if missing not in suits:
                raise IllegalAction(Refusal.DECL_NAMES_MISSING, deck=deck.name, kind="three", rank=action.rank)
            cards = tuple(c for i, c in enumerate(cards) if i != missing)
        return Declaration(action.seat, "three", None, action.rank, cards, 3, missing)
    raise IllegalAction(Refusal.DECL_UNKNOWN, kind=repr(action.kind))


class SheetHand:
    """One hand of a score-sheet match: accusi as said, then the tally; then its result."""

    def __init__(self, variant: Variant, dealer: Seat, prior: Sequence[int], target: int) -> None:
        self.variant = variant
        self.n = variant.n_seats
        self.dealer = dealer
        self.prior = tuple(prior)
        self.target = target
        self.declarations: list[Declaration] = []
        self.over = False
        self.ended_by: SheetEnd = "play"
        self.decima: Declaration | None = None  # declared: the count before it is still to come
        self._result: HandResult | None = None

    # ------------------------------------------------------------ sides

    @property
    def caller(self) -> Seat:
        """Chiamata: the player after the dealer calls."""
        return (self.dealer + 1) % self.n

    def hand_sides(self, partner: Seat | None = None) -> tuple[int, ...]:
        v = self.variant
        if v.preset.call_partner:
            mates = {self.caller, self.caller if partner is None else partner}
            return tuple(0 if s in mates else 1 for s in range(self.n))
        return tuple(v.side_of(s) for s in range(self.n))

    @property
    def n_hand_sides(self) -> int:
        return 2 if self.variant.preset.call_partner else self.variant.n_sides

    def declared(self, sides: tuple[int, ...]) -> tuple[int, ...]:
        out = [0] * (max(sides) + 1)
        for d in self.declarations:
            out[sides[d.seat]] += d.points
        return tuple(out)

    # ------------------------------------------------------------ entries

    def check_declare(self, action: Declare) -> Declaration:
        v = self.variant
        if self.over or self.decima is not None:
            raise IllegalAction(Refusal.HAND_OVER)
        if not 0 <= action.seat < self.n:
            raise IllegalAction(Refusal.NO_SEAT, seat=action.seat)
        decl = said_declaration(v, action)
        if decl.kind != "decima" and not v.accusi:
            raise IllegalAction(Refusal.ACCUSI_OFF)
        check_earlier(decl, tuple(d for d in self.declarations if d.seat == action.seat))
        loose = decl.kind == "three" and decl.missing is None
        for other in self.declarations:
            other_loose = other.kind == "three" and other.missing is None
            if other.seat != action.seat and set(other.cards) & set(decl.cards) and not (loose or other_loose):
                # a card is in one hand only (a three said without its suit may still fit)
                raise IllegalAction(Refusal.DECL_IMPOSSIBLE, deck=v.deck.name, kind=decl.kind,
                                    cards=tuple(sorted(set(other.cards) & set(decl.cards))))
        return decl

    def declare(self, action: Declare) -> None:
        decl = self.check_declare(action)
        self.declarations.append(decl)
        if decl.kind == "decima":  # laid on the table: the hand ends, won at 16 times (seed 003)
            self.decima = decl  # ... once the points taken before it are entered (Tally(end="decima"))

    def check_tally(self, t: Tally) -> tuple[int, ...]:
        """Raise the reason ``t`` cannot be this hand's count; the hand's sides if it can."""
        v = self.variant
        if self.over:
            raise IllegalAction(Refusal.HAND_OVER)
        if not 0 <= t.seat < self.n:
            raise IllegalAction(Refusal.NO_SEAT, seat=t.seat)
        self._check_partner(t)
        sides = self.hand_sides(t.partner)
        n_sides = max(sides) + 1
        if len(t.thirds) != n_sides or any(x < 0 for x in t.thirds):
            raise IllegalAction(Refusal.SHEET_SIDES, n=n_sides)
        full, out = deck_thirds(v), thirds_out(v)
        got = sum(t.thirds)
        if (t.end == "decima") != (self.decima is not None):
            raise IllegalAction(Refusal.SHEET_END, end=str(t.end))
        if t.end == "decima":
            self._check_decima_count(t, got)
            return sides
        self._check_end(t, sides, got, full - out, full)
        if t.sudden is not None:
            self._check_sudden(t, sides, full)
        return sides

    def _check_partner(self, t: Tally) -> None:
        """Chiamata's count names the caller's partner; no other game's does."""
        if self.variant.preset.call_partner:
            if t.partner is None or not 0 <= t.partner < self.n:
                raise IllegalAction(Refusal.SHEET_PARTNER)
        elif t.partner is not None:
            raise IllegalAction(Refusal.SHEET_NO_PARTNER)

    def _check_decima_count(self, t: Tally, got: int) -> None:
        """A decima laid down: entered by its seat, at most the first trick's points, one side's."""
        assert self.decima is not None
        if t.by != self.decima.seat:
            raise IllegalAction(Refusal.NO_SEAT, seat=-1 if t.by is None else t.by)
        most = first_trick_thirds(self.variant)
        if got > most or sum(1 for x in t.thirds if x) > 1:
            raise IllegalAction(Refusal.SHEET_DECIMA_TOTAL, got=got, most=most)
        if t.sudden is not None:
            raise IllegalAction(Refusal.SHEET_SUDDEN_OFF, sudden=str(t.sudden))

    def _check_end(self, t: Tally, sides: tuple[int, ...], got: int, least: int, full: int) -> None:
        """The count fits how the hand ended: every card played (``least``..``full`` thirds
        taken: the cards out of play are not), or a claim or zu tun before the last trick."""
        if t.end == "play":
            if not least <= got <= full:
                raise IllegalAction(Refusal.SHEET_TOTAL, got=got, want=full)
        elif t.end in ("claim", "zu_tun"):
            last = self.variant.values.last_trick
            if got > full - last:
                raise IllegalAction(Refusal.SHEET_EARLY_TOTAL, got=got, most=full - last)
            if t.by is None or not 0 <= t.by < self.n:
                raise IllegalAction(Refusal.NO_SEAT, seat=-1 if t.by is None else t.by)
            if t.end == "claim" and not self.variant.claims:
                raise IllegalAction(Refusal.CLAIMS_OFF)
            if t.end == "zu_tun":
                self._check_zu_tun(t, sides)
        else:
            raise IllegalAction(Refusal.SHEET_END, end=str(t.end))

    def _totals(self, t: Tally, sides: tuple[int, ...]) -> list[int]:
        """Per side of the hand: earlier hands + declarations + card points entered."""
        declared = self.declared(sides)
        out = []
        for side in range(max(sides) + 1):
            seat = sides.index(side)
            out.append(self.prior[self.variant.side_of(seat)] + declared[side] + t.thirds[side] // 3)
        return out

    def _check_zu_tun(self, t: Tally, sides: tuple[int, ...]) -> None:
        if not self.variant.options.get("zu_tun", False):
            raise IllegalAction(Refusal.ZU_TUN_OFF)
        assert t.by is not None
        totals = self._totals(t, sides)
        mine = sides[t.by]
        if totals[mine] < self.target:
            raise IllegalAction(Refusal.ZU_TUN_SHORT, total=totals[mine], target=self.target)
        other = max(x for i, x in enumerate(totals) if i != mine)
        if totals[mine] <= other:
            raise IllegalAction(Refusal.ZU_TUN_BEHIND, total=totals[mine], other=other)

    def _check_sudden(self, t: Tally, sides: tuple[int, ...], full: int) -> None:
        v = self.variant
        option = v.options.get("cappotto", "none")
        allowed = SUDDEN_NAMES if v.sudden_wins else ("cappotto",) if option != "none" else ()
        if t.sudden not in allowed or t.end != "play":
            raise IllegalAction(Refusal.SHEET_SUDDEN_OFF, sudden=str(t.sudden))
        side = t.sudden_side
        if side is None or not 0 <= side < len(t.thirds):
            raise IllegalAction(Refusal.SHEET_SUDDEN_SIDE)
        rest = sum(t.thirds) - t.thirds[side]
        if t.sudden in ("cappotto", "cappottone") and rest:
            raise IllegalAction(Refusal.SHEET_SUDDEN_FALSE, sudden=t.sudden, got=t.thirds[side], want=sum(t.thirds))
        if t.sudden == "stramazzo" and t.thirds[side] // 3 != 11:
            raise IllegalAction(Refusal.SHEET_SUDDEN_FALSE, sudden=t.sudden, got=t.thirds[side], want=33)
        if t.sudden == "stramazzone" and rest >= 3 + LAST_TRICK_THIRDS:  # the others: under a point
            raise IllegalAction(Refusal.SHEET_SUDDEN_FALSE, sudden=t.sudden, got=t.thirds[side], want=full - 2)

    def tally(self, t: Tally) -> None:
        sides = self.check_tally(t)
        self.over = True
        self.ended_by = t.end
        if self.decima is not None:
            self._result = self._make(t, sides, "decima", sides[self.decima.seat])
        else:
            self._result = self._make(t, sides, t.sudden, t.sudden_side)

    # ------------------------------------------------------------ the count

    def _make(self, t: Tally, sides: tuple[int, ...], sudden: str | None, sudden_side: int | None) -> HandResult:
        v = self.variant
        n_sides = max(sides) + 1
        card_points = [x // 3 for x in t.thirds]
        cappotto_side = None
        option = v.options.get("cappotto", "none")
        if sudden == "cappotto" and not v.sudden_wins and option != "none":
            # seed 001: a side that took every trick doubles its hand, or takes 11+1
            assert sudden_side is not None
            cappotto_side = sudden_side
            card_points[sudden_side] = card_points[sudden_side] * 2 if option == "double" else 12
            sudden, sudden_side = None, None
        declared = self.declared(sides)
        points = tuple(c + d for c, d in zip(card_points, declared, strict=True))
        if v.hand_won_at:  # Briscola: a hand won with 61 card points scores one (RULES.md §3.8)
            score = tuple(int(x >= v.hand_won_at) for x in points)
        elif v.has_fixed_sides or not v.preset.call_partner:
            score = points
        else:
            score = tuple(points[sides[s]] for s in range(self.n))
        seat_thirds = [0] * self.n
        for side in range(n_sides):
            seat_thirds[sides.index(side)] = t.thirds[side]
        claim_ok = None
        if t.end == "claim":
            assert t.by is not None
            claim_ok = self._totals(t, sides)[sides[t.by]] >= self.target
        return HandResult(
            thirds=tuple(seat_thirds),
            card_points=tuple(card_points),
            last_trick=None,
            declarations=tuple(self.declarations),
            declared=declared,
            points=points,
            ended_by=self.ended_by,
            zu_tun_seat=t.by if t.end == "zu_tun" else None,
            sides=sides,
            score=score,
            sudden=sudden,
            multiplier=SUDDEN_MULTIPLIERS[sudden] if sudden else 1,
            sudden_side=sudden_side,
            claim_seat=t.by if t.end == "claim" else None,
            claim_ok=claim_ok,
            cappotto_side=cappotto_side,
        )

    def result(self) -> HandResult:
        if self._result is None:
            raise IllegalAction(Refusal.HAND_NOT_FINISHED)
        return self._result


def tally_of(result: HandResult, variant: Variant, seat: Seat = 0, partner: Seat | None = None) -> Tally:
    """What a table would enter for a hand it played (the tests, the simulator's demo):
    the thirds per side of the hand, how it ended, its sudden win."""
    n_sides = max(result.sides) + 1
    thirds = [0] * n_sides
    for s, x in enumerate(result.thirds):
        thirds[result.sides[s]] += x
    end: SheetEnd = "play"
    by = None
    if result.ended_by == "decima":
        end, by = "decima", result.declarations[-1].seat
    elif result.ended_by == "claim":
        end, by = "claim", result.claim_seat
    elif result.ended_by == "zu_tun":
        end, by = "zu_tun", result.zu_tun_seat
    sudden, side = result.sudden, result.sudden_side
    if result.cappotto_side is not None:
        sudden, side = "cappotto", result.cappotto_side
    if sudden == "decima":
        sudden, side = None, None
    return Tally(seat, tuple(thirds), end, by, sudden, side, partner)
