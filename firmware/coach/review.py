"""The review of a game record: every play rated, the hint that would have been given.

:func:`review_match` replays a record (already checked by
:func:`firmware.engine.records.replay`) hand by hand and, before each card,
asks the coach about the view of the seat to play (``view_for(state, seat)``:
that seat's information at that moment, nothing else). Pure: a document in,
dataclasses out; ``progress(done, total)`` is called after each rated play.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from firmware.coach.core import Coach, RatedPlay, accuracy
from firmware.engine import Match, Play, Trick, view_for
from firmware.engine.actions import NothingToDeclare, Undo
from firmware.engine.records import entry_from_json, variant_of


@dataclass(frozen=True, slots=True)
class ReviewedPlay:
    trick: int  # 0-based index of the trick the card was played to
    rated: RatedPlay


@dataclass(frozen=True, slots=True)
class HandReview:
    index: int  # 0-based hand number in the record
    dealer: int
    plays: tuple[ReviewedPlay, ...]  # in the order played
    tricks: tuple[Trick, ...]
    points: tuple[int, ...] | None  # the hand's points per side; None if unfinished
    n_seats: int
    undos: int = 0  # undos in this hand (the plays they took back are not rated)

    def seat_plays(self, seat: int) -> list[RatedPlay]:
        return [p.rated for p in self.plays if p.rated.seat == seat]

    def accuracy(self, seat: int) -> float | None:
        """Percent for ``seat``'s rated plays (forced plays do not count)."""
        return accuracy([p.loss for p in self.seat_plays(seat) if p.mark != "forced"])

    def loss(self, seat: int) -> float:
        return sum(p.loss for p in self.seat_plays(seat))

    def costliest(self, seat: int) -> RatedPlay | None:
        """The play of ``seat`` that cost most (None when every play was best or forced)."""
        worst = max(self.seat_plays(seat), key=lambda p: p.loss, default=None)
        if worst is None or worst.mark in ("best", "forced"):
            return None
        return worst


@dataclass(frozen=True, slots=True)
class MatchReview:
    variant: str
    hands: tuple[HandReview, ...]

    def accuracy(self, seat: int) -> float | None:
        losses = [p.loss for h in self.hands for p in h.seat_plays(seat) if p.mark != "forced"]
        return accuracy(losses)


def count_plays(doc: Mapping[str, Any]) -> int:
    """How many cards the record plays (the progress bar's length)."""
    return sum(
        1
        for hand in doc.get("hands", [])
        for a in hand.get("actions", [])
        if isinstance(a, Mapping) and "play" in a
    )


def review_match(
    doc: Mapping[str, Any],
    coach: Coach | None = None,
    progress: Callable[[int, int], None] | None = None,
    seats: frozenset[int] | None = None,
    only_hand: int | None = None,
) -> MatchReview:
    """Rate every play of the record (of ``seats`` only, of hand ``only_hand`` only, when given)."""
    coach = coach or Coach()
    variant = variant_of(doc)
    total = count_plays(doc) if only_hand is None else count_plays({"hands": doc["hands"][only_hand:only_hand + 1]})
    done = 0
    match: Match | None = None
    hands: list[HandReview] = []
    for h_index, hand in enumerate(doc["hands"]):
        if match is None:
            match = Match(variant, first_dealer=hand["dealer"])
        state = match.start_hand(hand["deal"])
        plays: list[ReviewedPlay] = []
        rated_flags: list[bool] = []  # per action that stands: was it rated (a play of ``seats``)
        undos = 0
        for obj in hand.get("actions", []):
            action = entry_from_json(variant.deck, obj)
            if isinstance(action, NothingToDeclare):  # said, not played: nothing to rate
                match.record(action)
                continue
            if isinstance(action, Undo):
                # The plays taken back were never part of the game: their ratings go too.
                taken = rated_flags[len(rated_flags) - action.count :]
                del rated_flags[len(rated_flags) - action.count :]
                del plays[len(plays) - sum(taken) :]
                undos += 1
                match.undo(action)
                continue
            rated = (
                isinstance(action, Play)
                and (seats is None or action.seat in seats)
                and (only_hand is None or only_hand == h_index)
            )
            rated_flags.append(rated)
            if isinstance(action, Play) and rated:
                view = view_for(state, action.seat)
                plays.append(ReviewedPlay(len(state.tricks), coach.rate(view, action)))
            if isinstance(action, Play) and (only_hand is None or only_hand == h_index):
                done += 1
                if progress is not None:
                    progress(done, total)
            match.apply(action)
        hands.append(
            HandReview(
                index=h_index,
                dealer=state.dealer,
                plays=tuple(plays),
                tricks=tuple(state.tricks),
                points=match.results[-1].points if state.over else None,
                n_seats=variant.n_seats,
                undos=undos,
            )
        )
    return MatchReview(variant.name, tuple(hands))
