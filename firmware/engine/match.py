"""A match: hands one after another until a side wins (RULES.md §3).

The match owns the record of itself: every hand's dealer, deal and accepted
actions. A game is fully determined by that record, so saved games, the
power-loss journal and ``tressette replay`` are one format (see records.py).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from firmware.engine.actions import Action
from firmware.engine.cards import Seat
from firmware.engine.deal import Deal, deal_explicit, deal_seeded
from firmware.engine.errors import IllegalAction
from firmware.engine.state import HandResult, HandState, apply_unchecked, check
from firmware.engine.variants import Variant
from firmware.engine.view import View, view_for

DealSpec = Mapping[str, Any]
"""``{"seed": N}`` or ``{"0": [...], "1": [...], "talon": [...]}``."""


@dataclass(slots=True)
class HandRecord:
    dealer: Seat
    deal_spec: dict[str, Any]
    actions: list[Action] = field(default_factory=list)


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
        self.finished = False
        self.winner: int | None = None  # a side

    # ------------------------------------------------------------------ games

    @property
    def game_target(self) -> int:
        """The target of the game being played; seed 000's decider goes to 41."""
        target = self.variant.target
        if (
            self.variant.options.get("match_format") == "best_of_two"
            and len(self.game_winners) == 2
        ):
            return max(41, target)
        return target

    def _games_to_win(self) -> int:
        return 2 if self.variant.options.get("match_format") == "best_of_two" else 1

    # ------------------------------------------------------------------ hands

    def start_hand(
        self, deal_spec: DealSpec | None = None, *, seed: int | None = None
    ) -> HandState:
        """Deal the next hand from a seed or an explicit deal."""
        if self.finished:
            raise IllegalAction("the match is over")
        if self.state is not None and not self.state.over:
            raise IllegalAction("the current hand is not finished")
        spec: dict[str, Any] = dict(deal_spec) if deal_spec is not None else {"seed": seed or 0}
        deal = self._deal(spec)
        dealer = self.next_dealer
        self.state = HandState.start(self.variant, deal, dealer, tuple(self.totals))
        self.hands.append(HandRecord(dealer, spec))
        return self.state

    def _deal(self, spec: dict[str, Any]) -> Deal:
        if "seed" in spec:
            seed = spec["seed"]
            if not isinstance(seed, int) or isinstance(seed, bool):
                raise IllegalAction(f"a deal seed must be an integer, not {seed!r}")
            return deal_seeded(self.variant, seed, self.next_dealer)
        return deal_explicit(self.variant, spec)

    def apply(self, action: Action) -> None:
        """Check and do ``action`` in the current hand; closes hand and match when due."""
        state = self.state
        if state is None or state.over:
            raise IllegalAction("no hand is being played")
        check(state, action)
        apply_unchecked(state, action)
        self.hands[-1].actions.append(action)
        if state.over:
            self._close_hand(state)

    def _close_hand(self, state: HandState) -> None:
        result = state.result()
        self.results.append(result)
        for side, pts in enumerate(result.points):
            self.totals[side] += pts
        self.next_dealer = (state.dealer + 1) % self.variant.n_seats
        game_winner = self._game_winner(result)
        if game_winner is None:
            return
        self.game_winners.append(game_winner)
        self.games_won[game_winner] += 1
        if self.games_won[game_winner] >= self._games_to_win():
            self.finished = True
            self.winner = game_winner
        else:
            self.totals = [0] * self.variant.n_sides

    def _game_winner(self, result: HandResult) -> int | None:
        if result.ended_by == "zu_tun" and result.zu_tun_seat is not None:
            return self.variant.side_of(result.zu_tun_seat)
        target = self.game_target
        best = max(self.totals)
        if best < target or self.totals.count(best) > 1:
            return None  # nobody there yet, or equal at the top: another hand (seed 002)
        return self.totals.index(best)

    # ------------------------------------------------------------------ views

    def view_for(self, seat: Seat) -> View:
        if self.state is None:
            raise IllegalAction("no hand has been dealt")
        return view_for(self.state, seat)

    @property
    def hand_over(self) -> bool:
        return self.state is not None and self.state.over
