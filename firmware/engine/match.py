"""A match: hands one after another until a side wins (RULES.md §3).

The match owns the record of itself: every hand's dealer, deal and accepted
actions. A game is fully determined by that record, so saved games, the
power-loss journal and ``tressette replay`` are one format (see records.py).
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from firmware.engine.actions import (
    Abandon,
    Action,
    Correct,
    Declare,
    Discard,
    NothingToDeclare,
    Play,
    RecordEntry,
    Revoke,
    Undo,
)
from firmware.engine.cards import Seat
from firmware.engine.deal import Deal, deal_explicit, deal_seeded, deal_table, seed_value
from firmware.engine.errors import IllegalAction
from firmware.engine.moves import apply_unchecked, check
from firmware.engine.refusals import Refusal
from firmware.engine.result import HandResult
from firmware.engine.scoresheet import Amend, SheetEntry, SheetHand, Tally
from firmware.engine.state import HandState
from firmware.engine.variants import Variant
from firmware.engine.view import View, view_for

DealSpec = Mapping[str, Any]
"""``{"seed": N}`` (an int or hex digits) or ``{"0": [...], "1": [...], "talon": [...]}``."""


@dataclass(frozen=True, slots=True)
class Stake:
    """One game decided: who won it and at how many times the game's value.

    ``reason``: ``target`` (reached it first; Ciapanò: lowest when someone reached
    it), ``zu_tun``, ``claim`` (chiamarsi fuori, right), ``claim_wrong`` (the other
    side claimed wrongly), or a sudden win: ``cappotto`` ×2, ``stramazzo`` ×3,
    ``cappottone`` ×6, ``stramazzone`` ×8, ``decima`` ×16 (seed 003).
    """

    game: int  # 0-based game number in the match
    winners: tuple[int, ...]  # sides (per Variant.side_of); chiamata: the winning seats
    multiplier: int
    reason: str


@dataclass(frozen=True, slots=True)
class _Counted:
    """The match's count before a hand was closed (:meth:`Match._uncount`)."""

    totals: list[int]
    games_won: list[int]
    game_winners: list[int]
    stakes: list[int]
    ledger: list[Stake]
    results: int
    next_dealer: Seat
    finished: bool
    winner: int | None
    winners: tuple[int, ...]
    level_at_target: bool


@dataclass(slots=True)
class HandRecord:
    dealer: Seat
    deal_spec: dict[str, Any]
    actions: list[RecordEntry | Tally | Amend] = field(default_factory=list)  # as recorded, undos included

    def effective(self) -> list[Action]:
        """The actions that stand: every :class:`Undo` and :class:`Correct` applied, no
        *nothing to declare*, no abandon."""
        out: list[Action] = []
        for a in self.actions:
            if isinstance(a, Undo):
                del out[len(out) - a.count :]
            elif isinstance(a, Correct):
                del out[_last_card_at(out, a.seat, a.card) :]
            elif not isinstance(a, (NothingToDeclare, Tally, Abandon, Amend, Revoke)):
                out.append(a)
        return out


def _last_card_at(done: list[Action], seat: Seat, card: int) -> int:
    """Where ``seat``'s ``card`` (played or laid away) stands in ``done``; len(done) if nowhere."""
    for i in range(len(done) - 1, -1, -1):
        a = done[i]
        if isinstance(a, (Play, Discard)) and a.seat == seat and a.card == card:
            return i
    return len(done)


SheetCorrection = Undo | Amend
"""A score sheet's correction (docs/records.md): the last entries of the hand taken back
(``Undo``: an accuso said, the count), or a finished hand's count amended."""


def sheet_entries(hands: Sequence[HandRecord]) -> list[list[SheetEntry]]:
    """Per hand of a score-sheet match's record, the entries that stand: every correction
    applied where it was entered (raises :class:`IllegalAction` for one that cannot be)."""
    out: list[list[SheetEntry]] = []
    for rec in hands:
        out.append([])
        for a in rec.actions:
            if isinstance(a, (Undo, Amend)):
                out = corrected(out, a)
            elif isinstance(a, (Declare, Tally)):
                out[-1].append(a)
    return out


def corrected(entries: Sequence[Sequence[SheetEntry]], correction: SheetCorrection) -> list[list[SheetEntry]]:
    """``entries`` (per hand) with ``correction`` applied: an undo takes back the last
    ``count`` entries of the hand being kept (the last one), an amendment replaces a
    finished hand's count. Only the form is checked here; the counting, by :meth:`Match.correct`."""
    out = [list(h) for h in entries]
    if isinstance(correction, Undo):
        current = out[-1] if out else []
        if not current:
            raise IllegalAction(Refusal.SHEET_UNDO_NOTHING)
        if not 1 <= correction.count <= len(current):
            raise IllegalAction(Refusal.UNDO_COUNT, count=correction.count, done=len(current))
        del current[len(current) - correction.count :]
        return out
    n = correction.hand
    if not 0 <= n < len(out) or not out[n] or not isinstance(out[n][-1], Tally):
        raise IllegalAction(Refusal.SHEET_AMEND_HAND, hand=n + 1)
    out[n][-1] = correction.tally
    return out


class Match:
    """Totals, games, dealer rotation and the current hand."""

    def __init__(self, variant: Variant, first_dealer: Seat = 0) -> None:
        self.variant = variant
        self.next_dealer: Seat = first_dealer
        self.totals: list[int] = [0] * variant.n_sides
        self.games_won: list[int] = [0] * variant.n_sides
        self.game_winners: list[int] = []
        self.results: list[HandResult] = []
        self.hands: list[HandRecord] = []
        self.state: HandState | None = None
        # score sheet only: the hand being kept (no cards: firmware/engine/scoresheet.py)
        self.sheet: SheetHand | None = None
        self.finished = False
        self.winner: int | None = None  # a side
        # The stake ledger (tressette4's sudden wins multiply a game's value; every
        # other game is worth 1): one entry per game decided, and the sum per side.
        self.ledger: list[Stake] = []
        self.stakes: list[int] = [0] * variant.n_sides
        self.winners: tuple[int, ...] = ()  # the match's winners (chiamata: may be two seats)
        # The last hand reached the target but left the game undecided, because the
        # best totals were level (seed 002: "another hand is played").
        self.level_at_target = False
        # The game the last finished hand decided (None: it decided none, or no hand is
        # over): what the end-of-hand screen says before the next hand is dealt.
        self.hand_decided: Stake | None = None
        # What the match was before the last hand was counted: a revoke called at the
        # hand's end counts it again (:meth:`revoke`).
        self._before_count: _Counted | None = None
        # Real cards: the most tricks the hand being played has had closed; a correction
        # reopens at most the last of them (:meth:`correct`).
        self.furthest = 0

    # ------------------------------------------------------------------ games

    @property
    def game_target(self) -> int:
        """The target of the game being played; seed 000's decider goes to 41, and so
        does every target during it (zu tun, claims: RULES.md §3.2)."""
        target = self.variant.target
        if (
            self.variant.options.get("match_format") == "best_of_two"
            and len(self.game_winners) == 2
        ):
            return max(41, target)
        return target

    def _games_to_win(self) -> int:
        return 2 if self.variant.options.get("match_format") == "best_of_two" else 1

    @property
    def games_to_win(self) -> int:
        """Games a side must win to win the match: 2 in a best-of-two match, else 1."""
        return self._games_to_win()

    # ------------------------------------------------------------------ hands

    def start_hand(
        self, deal_spec: DealSpec | None = None, *, seed: int | None = None
    ) -> HandState:
        """Deal the next hand from a seed or an explicit deal."""
        if self.finished:
            raise IllegalAction(Refusal.MATCH_OVER)
        if (self.state is not None and not self.state.over) or (self.sheet is not None and not self.sheet.over):
            raise IllegalAction(Refusal.HAND_NOT_FINISHED)
        spec: dict[str, Any] = dict(deal_spec) if deal_spec is not None else {"seed": seed or 0}
        dealer = self.next_dealer
        if spec.get("sheet") is not None:
            raise IllegalAction(Refusal.DEAL_SHEET)  # begin_hand keeps a score-sheet hand
        self.sheet = None
        deal = self._deal(spec)
        self.hand_decided = None
        self._before_count = None
        self.furthest = 0
        self.state = HandState.start(
            self.variant, deal, dealer, tuple(self.totals), target=self.game_target
        )
        self.hands.append(HandRecord(dealer, spec))
        return self.state

    def begin_hand(self, deal_spec: DealSpec) -> None:
        """The next hand from its record's deal: dealt (:meth:`start_hand`), or a hand of
        a score-sheet match, ``{"sheet": true}``: no cards, the table's count at its end
        (:mod:`firmware.engine.scoresheet`)."""
        if deal_spec.get("sheet") is None:
            self.start_hand(deal_spec)
            return
        if self.finished:
            raise IllegalAction(Refusal.MATCH_OVER)
        if (self.state is not None and not self.state.over) or (self.sheet is not None and not self.sheet.over):
            raise IllegalAction(Refusal.HAND_NOT_FINISHED)
        if set(deal_spec) != {"sheet"} or deal_spec["sheet"] is not True:  # 1 == True: compare by identity
            raise IllegalAction(Refusal.DEAL_SHEET)
        self.hand_decided = None
        self.state = None
        self.sheet = SheetHand(self.variant, self.next_dealer, tuple(self.totals), self.game_target)
        self.hands.append(HandRecord(self.next_dealer, {"sheet": True}))

    def keep(self, entry: Declare | Tally) -> None:
        """An entry of the score sheet's hand: an accuso as said, or the hand's count."""
        sheet = self.sheet
        if sheet is None or sheet.over:
            raise IllegalAction(Refusal.NO_HAND)
        if isinstance(entry, Tally):
            sheet.tally(entry)
        else:
            sheet.declare(entry)
        self.hands[-1].actions.append(entry)
        if sheet.over:
            self._close_hand(sheet)

    # ------------------------------------------------------------------ score sheet corrections

    @property
    def keeps_sheet(self) -> bool:
        """A score-sheet match: its hands are ``{"sheet": true}`` (no cards)."""
        return bool(self.hands) and self.hands[-1].deal_spec.get("sheet") is not None

    def sheet_entries(self) -> list[list[SheetEntry]]:
        """Per hand, the score sheet's entries that stand (corrections applied)."""
        return sheet_entries(self.hands)

    def last_sheet_entry(self) -> SheetEntry | None:
        """What *undo the last entry* would take back now (None: nothing in this hand)."""
        if not self.keeps_sheet:
            return None
        current = self.sheet_entries()[-1]
        return current[-1] if current else None

    def check_correction(self, correction: SheetCorrection) -> Match:
        """The match as it would stand with ``correction``: counted again from its first
        hand with the entries that stand, every one through the checked path. Raises
        :class:`IllegalAction`: not a score sheet, nothing to take back, no such finished
        hand, the new count refused (its own reason), a later entry that no longer fits,
        or a match that now ends before a hand that has entries."""
        if not self.keeps_sheet:
            raise IllegalAction(Refusal.SHEET_NOT_SHEET)
        entries = corrected(self.sheet_entries(), correction)
        return self._recount(entries, correction.hand if isinstance(correction, Amend) else len(entries) - 1)

    def check_entry(self, entry: SheetEntry) -> Match:
        """The match as it would stand with ``entry`` kept in the hand being kept (a screen
        asks it before a tap that ends a hand or the match: what follows from it)."""
        if not self.keeps_sheet:
            raise IllegalAction(Refusal.SHEET_NOT_SHEET)
        entries = self.sheet_entries()
        entries[-1].append(entry)
        return self._recount(entries, len(entries) - 1)

    def _recount(self, entries: Sequence[Sequence[SheetEntry]], changed: int) -> Match:
        """A new match counted from ``entries`` (per hand), every one through the checked
        path; a refusal at hand ``changed`` or before is its own, a later one says so."""
        fresh = Match(self.variant, first_dealer=self.hands[0].dealer)
        for i, hand in enumerate(entries):
            if fresh.finished:
                if hand:
                    raise IllegalAction(Refusal.SHEET_AMEND_ENDS, hand=len(fresh.results))
                break  # a hand begun after what is now the end: nothing was said in it
            fresh.begin_hand({"sheet": True})
            for entry in hand:
                try:
                    fresh.keep(entry)
                except IllegalAction:
                    if i <= changed:
                        raise  # the count entered now is refused: its own reason
                    raise IllegalAction(Refusal.SHEET_AMEND_LATER, hand=i + 1) from None
        return fresh

    def correct_sheet(self, correction: SheetCorrection) -> None:
        """A score sheet's correction: kept in the record where it is entered (nothing
        is rewritten), the match counted again with it (:meth:`check_correction`):
        totals, games, stakes, the winner; a match may end or go on again."""
        fresh = self.check_correction(correction)
        self.hands[-1].actions.append(correction)
        for name, value in vars(fresh).items():
            if name not in ("variant", "hands"):
                setattr(self, name, value)

    def check_deal(self, deal_spec: DealSpec) -> None:
        """Raise :class:`IllegalAction` if the next hand cannot be dealt from ``deal_spec``."""
        self._deal(dict(deal_spec))

    def _deal(self, spec: dict[str, Any]) -> Deal:
        if spec.get("table") is True:
            return deal_table(self.variant, spec, self.next_dealer)  # real cards
        if "seed" in spec:
            return deal_seeded(self.variant, seed_value(spec["seed"]), self.next_dealer)
        return deal_explicit(self.variant, spec)

    def apply(self, action: Action) -> None:
        """Check and do ``action`` in the current hand; closes hand and match when due."""
        state = self.state
        if state is None or state.over:
            raise IllegalAction(Refusal.NO_HAND)
        check(state, action)
        apply_unchecked(state, action)
        self.hands[-1].actions.append(action)
        self.furthest = max(self.furthest, len(state.tricks))
        if state.over:
            self._close_hand(state)

    def record(self, entry: RecordEntry | Tally | Amend) -> None:
        """One entry of a hand's record, as read back: an action is applied, an undo
        taken back, a *nothing to declare* kept (the one way records are replayed);
        in a score-sheet hand an accuso or the count is kept (:meth:`keep`)."""
        if isinstance(entry, Amend) or (isinstance(entry, Undo) and self.keeps_sheet):
            self.correct_sheet(entry)  # a score sheet's correction: the match counted again
        elif self.sheet is not None and isinstance(entry, (Declare, Tally)):
            self.keep(entry)
        elif isinstance(entry, Tally):
            raise IllegalAction(Refusal.SHEET_NOT_SHEET)
        elif isinstance(entry, Undo):
            self.undo(entry)
        elif isinstance(entry, Revoke):
            self.revoke(entry)
        elif isinstance(entry, Correct):
            self.correct(entry)
        elif isinstance(entry, Abandon):
            self.abandon(entry)
        elif isinstance(entry, NothingToDeclare):
            self.nothing_to_declare(entry)
        else:
            self.apply(entry)

    # ------------------------------------------------------------------ nothing to declare

    def nothing_to_declare(self, entry: NothingToDeclare) -> None:
        """Keep ``entry.seat``'s *nothing to declare* in the record; refused outside a hand."""
        state = self.state
        if state is None or state.over:
            raise IllegalAction(Refusal.NO_HAND)
        if not 0 <= entry.seat < self.variant.n_seats:
            raise IllegalAction(Refusal.NO_SEAT, seat=entry.seat)
        self.hands[-1].actions.append(entry)

    def passed(self) -> frozenset[Seat]:
        """The seats that said *nothing to declare* since the last card played or taken
        back: in the declaration window open now (a card closes a window, an undo
        reopens the hand as it was)."""
        if self.state is None or self.state.over or not self.hands:
            return frozenset()
        seats: set[Seat] = set()
        for entry in reversed(self.hands[-1].actions):
            if isinstance(entry, (Play, Undo, Correct)):
                break
            if isinstance(entry, NothingToDeclare):
                seats.add(entry.seat)
        return frozenset(seats)

    # ------------------------------------------------------------------ undo

    def undo_count(self, seat: Seat) -> int | None:
        """How many actions an undo of ``seat``'s last card takes back (that card and
        every action since), or None: the hand is over, or ``seat`` played no card in it."""
        if self.state is None or self.state.over or not self.hands:
            return None
        done = self.hands[-1].effective()
        for i in range(len(done) - 1, -1, -1):
            a = done[i]
            if isinstance(a, Play) and a.seat == seat:
                return len(done) - i
        return None

    def undo(self, undo: Undo) -> None:
        """Take back ``undo.count`` actions: the hand is dealt again and the rest re-applied.

        Refused (IllegalAction) unless the hand is still being played and the first
        action taken back is a card of ``undo.seat`` (RULES.md: undo is a casual-match
        aid the box offers against the computer; the engine only keeps it exact).
        """
        state = self.state
        if state is None or state.over:
            raise IllegalAction(Refusal.UNDO_NO_HAND)
        record = self.hands[-1]
        done = record.effective()
        if not 1 <= undo.count <= len(done):
            raise IllegalAction(Refusal.UNDO_COUNT, count=undo.count, done=len(done))
        first = done[len(done) - undo.count]
        if not (isinstance(first, Play) and first.seat == undo.seat):
            raise IllegalAction(Refusal.UNDO_NOT_CARD, seat=undo.seat)
        self._rebuild(state, done[: len(done) - undo.count])
        record.actions.append(undo)

    def _rebuild(self, state: HandState, keep: list[Action]) -> None:
        """The hand dealt again and ``keep`` re-applied, in place (holders of the state see it):
        whatever the box had inferred from the actions left out goes with them."""
        record = self.hands[-1]
        fresh = HandState.start(
            self.variant, self._deal(record.deal_spec), state.dealer, state.prior, target=state.target
        )
        for a in keep:
            apply_unchecked(fresh, a)  # every one was checked when it was first applied
        for slot in HandState.__slots__:
            setattr(state, slot, getattr(fresh, slot))

    # ------------------------------------------------------------------ real cards: corrections

    def last_entered(self) -> Play | Discard | None:
        """The card a correction would take back now (:meth:`correct`), or None.

        At a real-card table, the last card a *person* entered (a hidden seat's card, played
        or laid away), while the hand is being played and the card lies in the trick on the
        table or in the last trick closed: the trick it closed is reopened. Repeated, the
        corrections walk back through the trick on the table and then the last trick taken,
        never further: an older trick has been gathered and turned over by then (docs/box.md).
        """
        found = self._correctable()
        return found if isinstance(found, (Play, Discard)) else None

    def _correctable(self) -> Play | Discard | IllegalAction:
        state = self.state
        if state is None or state.over or not state.holdings.real_cards or not self.hands:
            return IllegalAction(Refusal.CORRECT_NOTHING)
        done = self.hands[-1].effective()
        last = next((a for a in reversed(done) if isinstance(a, (Play, Discard)) and state.is_hidden(a.seat)), None)
        if last is None:
            return IllegalAction(Refusal.CORRECT_NOTHING)
        if isinstance(last, Discard):
            trick = -1  # laid away before the first trick
        elif last.card in state.trick:
            trick = len(state.tricks)
        else:
            trick = next(i for i, t in enumerate(state.tricks) if last.card in t.cards)
        if trick < self.furthest - 1:
            return IllegalAction(Refusal.CORRECT_TOO_FAR, deck=self.variant.deck.name, card=last.card, seat=last.seat)
        return last

    def correct(self, entry: Correct) -> None:
        """Take back ``entry.card`` of ``entry.seat``, the last card a person entered, and every
        entry since (a computer's card played after it is played again): the hand is dealt
        again and the rest re-applied, so the voids, the unknown cards and the claims the box
        had worked out from it are undone with it. Refused unless :meth:`last_entered` is it."""
        found = self._correctable()
        if isinstance(found, IllegalAction):
            raise found
        if (found.seat, found.card) != (entry.seat, entry.card):
            raise IllegalAction(Refusal.CORRECT_NOT_LAST, deck=self.variant.deck.name, card=found.card, seat=found.seat)
        state = self.state
        assert state is not None
        done = self.hands[-1].effective()
        self._rebuild(state, done[: _last_card_at(done, entry.seat, entry.card)])
        self.hands[-1].actions.append(entry)

    def abandon(self, entry: Abandon) -> None:
        """A real-card hand abandoned (a misdeal, cards mixed up beyond correcting): it counts
        no points for anyone and its dealer, ``entry.seat``, deals again (RULES.md §3.3,
        "Misdeal (physical cards only): the same dealer deals again")."""
        state = self.state
        if state is None or state.over:
            raise IllegalAction(Refusal.NO_HAND)
        if not state.holdings.real_cards:
            raise IllegalAction(Refusal.ABANDON_NOT_TABLE)
        if entry.seat != state.dealer:
            raise IllegalAction(Refusal.ABANDON_DEALER, seat=state.dealer)
        self.hands[-1].actions.append(entry)
        state.over = True
        state.ended_by = "abandoned"
        full = state.result()
        none = tuple(0 for _ in full.points)
        result = replace(
            full, thirds=tuple(0 for _ in full.thirds), card_points=none, last_trick=None, declarations=(),
            declared=none, points=none, score=tuple(0 for _ in full.score), sudden=None, multiplier=1,
            sudden_side=None, cappotto_side=None, false_declarations=(), zu_tun_seat=None, claim_seat=None,
            claim_ok=None,
        )
        self.results.append(result)
        self.hand_decided = None  # the totals stand; the same dealer deals again

    # ------------------------------------------------------------------ revoke

    def revoke_refusal(self, seat: Seat) -> IllegalAction | None:
        """Why a revoke of ``seat`` may not be called now, or None (:meth:`revoke`)."""
        state = self.state
        if state is None or self.sheet is not None or (state.over and self._before_count is None):
            return IllegalAction(Refusal.NO_HAND)
        if not state.holdings.real_cards:
            return IllegalAction(Refusal.REVOKE_NOT_TABLE)
        if not self.variant.follows_suit:
            return IllegalAction(Refusal.REVOKE_NO_SUIT)  # Briscola (RULES.md §3.8)
        if not 0 <= seat < self.variant.n_seats:
            return IllegalAction(Refusal.NO_SEAT, seat=seat)
        if not state.is_hidden(seat):
            return IllegalAction(Refusal.REVOKE_COMPUTER, seat=seat)
        if state.revoke is not None and state.revoke[1] != "as_played":
            return IllegalAction(Refusal.REVOKE_CALLED, seat=state.revoke[0])
        if not state.failed_to_follow(seat):
            return IllegalAction(Refusal.REVOKE_FOLLOWED, seat=seat)
        return None

    def revoke(self, entry: Revoke) -> None:
        """The table calls a revoke of ``entry.seat`` (RULES.md §3.7), during a real-card hand
        or at its end before the next hand is dealt; the penalty is the variant's ``revoke``:

        - ``cappotto``: the hand ends (if it was being played) and is scored as lost per
          cappotto by the offenders (:meth:`HandState.result`);
        - ``replay``: the hand ends, scores nothing, and the same dealer deals again;
        - ``as_played``: the hand goes on and is counted as it lies; what the box believed
          the offender lacks is dropped, so his later cards of those suits are taken.

        Refused unless the hand is a real-card hand, the seat a person's that failed to
        follow at least once in it, and no revoke ended it already.
        """
        reason = self.revoke_refusal(entry.seat)
        if reason is not None:
            raise reason
        state = self.state
        assert state is not None
        penalty = self.variant.revoke_penalty
        self.hands[-1].actions.append(entry)
        state.revoke = (entry.seat, penalty)
        if penalty == "as_played":
            if state.over:  # counted already as the cards lie: the result says the call
                self.results[-1] = replace(self.results[-1], revoke_seat=entry.seat, revoke_penalty=penalty)
            else:
                state.holdings.drop_voids(state, entry.seat)
            return
        if state.over:
            self._uncount()  # counted as played: counted again with the penalty
        else:
            state.over = True
            state.ended_by = "revoke"
        self._close_hand(state)

    def preview_revoke(self, seat: Seat) -> Match:
        """What a revoke of ``seat`` called now would leave (the totals, the match's end), on
        a copy: this match is unchanged (the screen's question names the consequence)."""
        other = copy.copy(self)
        other.totals, other.games_won, other.game_winners = self.totals[:], self.games_won[:], self.game_winners[:]
        other.results, other.ledger, other.stakes = self.results[:], self.ledger[:], self.stakes[:]
        last = self.hands[-1]
        other.hands = [*self.hands[:-1], HandRecord(last.dealer, last.deal_spec, last.actions[:])]
        other.state = self.state.copy() if self.state is not None else None
        other.revoke(Revoke(seat))
        return other

    def _uncount(self) -> None:
        """The match as it was before the last hand was counted (a revoke called at its end)."""
        before = self._before_count
        assert before is not None
        self.totals, self.games_won, self.game_winners = before.totals[:], before.games_won[:], before.game_winners[:]
        self.stakes, self.ledger = before.stakes[:], before.ledger[:]
        del self.results[before.results :]
        self.next_dealer, self.finished, self.winner = before.next_dealer, before.finished, before.winner
        self.winners, self.level_at_target = before.winners, before.level_at_target
        self.hand_decided = None

    def _close_hand(self, state: HandState | SheetHand) -> None:
        self._before_count = _Counted(
            self.totals[:], self.games_won[:], self.game_winners[:], self.stakes[:], self.ledger[:],
            len(self.results), self.next_dealer, self.finished, self.winner, self.winners, self.level_at_target,
        ) if isinstance(state, HandState) else None  # fmt: skip
        result = state.result()
        self.results.append(result)
        for side, pts in enumerate(result.score or result.points):
            self.totals[side] += pts
        if result.revoke_penalty == "replay":
            # RULES.md §3.7 "replay the hand": no score, the same dealer deals again
            self.next_dealer = state.dealer
            self.level_at_target = self._reached_target()
            self.hand_decided = None
            return
        self.next_dealer = (state.dealer + 1) % self.variant.n_seats
        decided = self._game_decision(result)
        self.level_at_target = decided is None and self._reached_target()
        self.hand_decided = None
        if decided is None:
            return
        winners, multiplier, reason = decided
        game = len(self.game_winners)
        self.hand_decided = Stake(game, winners, multiplier, reason)
        self.ledger.append(self.hand_decided)
        for w in winners:
            self.stakes[w] += multiplier
            self.games_won[w] += 1
        self.game_winners.append(winners[0])
        decider = self._games_to_win() == 2 and game == 2
        if decider or any(self.games_won[w] >= self._games_to_win() for w in winners):
            # RULES.md §3.2 Decision: the decider's winner wins the match, also a player
            # who had no game yet (three players).
            self.finished = True
            self.winner = winners[0]
            self.winners = winners
        else:
            self.totals = [0] * self.variant.n_sides

    def _reached_target(self) -> bool:
        return max(self.totals) >= self.game_target

    def _unit_of_hand_side(self, result: HandResult, hand_side: int) -> tuple[int, ...]:
        """The match's scoring units (sides or seats) that were on ``hand_side``."""
        v = self.variant
        seats = [s for s in range(v.n_seats) if result.sides[s] == hand_side]
        return tuple(sorted({v.side_of(s) for s in seats}))

    def _game_decision(self, result: HandResult) -> tuple[tuple[int, ...], int, str] | None:
        """Who wins the game after this hand, at what multiple, and why; None: play on."""
        v = self.variant
        if result.ended_by == "zu_tun" and result.zu_tun_seat is not None:
            return (v.side_of(result.zu_tun_seat),), 1, "zu_tun"
        if result.ended_by == "claim" and result.claim_seat is not None:
            mine = result.sides[result.claim_seat]
            if result.claim_ok:
                return self._unit_of_hand_side(result, mine), 1, "claim"
            others = [x for x in range(max(result.sides) + 1) if x != mine]
            return self._unit_of_hand_side(result, others[0]), 1, "claim_wrong"
        if result.sudden is not None and result.sudden_side is not None:
            return (
                self._unit_of_hand_side(result, result.sudden_side),
                result.multiplier,
                result.sudden,
            )
        target = self.game_target
        if v.inverted:
            # Ciapanò: the game ends when anyone reaches the target; the lowest wins.
            if max(self.totals) < target:
                return None
            low = min(self.totals)
            if self.totals.count(low) > 1:
                return None  # equal at the bottom: another hand
            return (self.totals.index(low),), 1, "target"
        best = max(self.totals)
        if best < target:
            return None
        top = tuple(i for i, t in enumerate(self.totals) if t == best)
        if len(top) == 1:
            return top, 1, "target"
        # chiamata: partners of the last hand who share the top win together.
        if v.preset.call_partner and len({result.sides[s] for s in top}) == 1:
            return top, 1, "target"
        return None  # equal at the top: another hand (seed 002)

    # ------------------------------------------------------------------ views

    def view_for(self, seat: Seat) -> View:
        if self.state is None:
            raise IllegalAction(Refusal.NO_HAND_DEALT)
        return view_for(self.state, seat)

    @property
    def hand_over(self) -> bool:
        if self.sheet is not None:
            return self.sheet.over
        return self.state is not None and self.state.over

    @property
    def counted_totals(self) -> tuple[int, ...]:
        """The totals to show now: while a hand is played, the match's; once it is over,
        what it was counted to (the totals before it plus its points), so the hand that
        decides a game of a longer match shows the totals it was won at, not the 0s the
        next game starts from (``match_format = best_of_two``)."""
        state: HandState | SheetHand | None = self.sheet if self.sheet is not None else self.state
        if state is None or not state.over or not self.results:
            return tuple(self.totals)
        res = self.results[-1]
        return tuple(p + x for p, x in zip(state.prior, res.score or res.points, strict=False))
