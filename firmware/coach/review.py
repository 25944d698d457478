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

from firmware.coach.core import MARKS, Coach, Mark, Method, RatedPlay, accuracy, loss_scale
from firmware.coach.reasons import KEYS, CardRef, Reason, ReasonArg, SignalRef, SuitRef, Thirds
from firmware.engine import CODE, PRESETS, Card, Match, Play, Trick, make_variant, view_for
from firmware.engine.actions import Abandon, Correct, NothingToDeclare, Revoke, Undo
from firmware.engine.records import entry_from_json, variant_of
from firmware.engine.scoresheet import Amend, Tally


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
    # Seats whose plays cannot be rated: a person's real cards at a refereed table (a table
    # deal), unknown to the box but for the cards played, so what else he could have played
    # is unknown too. A computer's hand there was scanned at the deal: its plays are rated.
    unseen: tuple[int, ...] = ()
    scale: float = 1.0  # the game's points per tressette point (core.loss_scale; Briscola's 120)

    def seat_plays(self, seat: int) -> list[RatedPlay]:
        return [p.rated for p in self.plays if p.rated.seat == seat]

    def accuracy(self, seat: int) -> float | None:
        """Percent for ``seat``'s rated plays (forced plays do not count)."""
        return accuracy([p.loss for p in self.seat_plays(seat) if p.mark != "forced"], self.scale)

    def loss(self, seat: int) -> float:
        return sum(p.loss for p in self.seat_plays(seat))

    def costliest(self, seat: int) -> RatedPlay | None:
        """The play of ``seat`` that cost most (None when every play was best or forced)."""
        worst = max(self.seat_plays(seat), key=lambda p: p.loss, default=None)
        if worst is None or worst.mark in ("best", "good", "forced"):
            return None
        return worst


@dataclass(frozen=True, slots=True)
class MatchReview:
    variant: str
    hands: tuple[HandReview, ...]

    def accuracy(self, seat: int) -> float | None:
        losses = [p.loss for h in self.hands for p in h.seat_plays(seat) if p.mark != "forced"]
        return accuracy(losses, self.hands[0].scale if self.hands else 1.0)


def count_plays(doc: Mapping[str, Any]) -> int:
    """How many cards the record plays (the progress bar's length)."""
    return sum(
        1
        for hand in doc.get("hands", [])
        for a in hand.get("actions", [])
        if isinstance(a, Mapping) and "play" in a
    )


def _keep_sheet_hand(match: Match, hand: Mapping[str, Any]) -> None:
    """A score-sheet hand read into ``match`` as recorded: its accusi, count and corrections."""
    match.begin_hand(hand["deal"])
    for obj in hand.get("actions", []):
        match.record(entry_from_json(match.variant.deck, obj))


def review_match(
    doc: Mapping[str, Any],
    coach: Coach | None = None,
    progress: Callable[[int, int], None] | None = None,
    seats: frozenset[int] | None = None,
    only_hand: int | None = None,
    known: Mapping[int, HandReview] | None = None,
) -> MatchReview:
    """Rate every play of the record (of ``seats`` only, of hand ``only_hand`` only, when given).

    ``known``: hands already rated with the same coach and seats (the end of each hand
    rates it): they are replayed, not rated again, and not counted in the progress.
    ``progress`` may raise to stop the review (a review nobody waits for any more).
    """
    coach = coach or Coach()
    known = known or {}
    variant = variant_of(doc)
    wanted = [
        hand for i, hand in enumerate(doc["hands"])
        if (only_hand is None or only_hand == i) and i not in known
    ]  # fmt: skip
    total = count_plays({"hands": wanted})
    done = 0
    match: Match | None = None
    hands: list[HandReview] = []
    for h_index, hand in enumerate(doc["hands"]):
        if match is None:
            match = Match(variant, first_dealer=hand["dealer"])
        if hand["deal"].get("sheet") is not None:
            _keep_sheet_hand(match, hand)  # played with the table's own cards: nothing to rate
            continue
        state = match.start_hand(hand["deal"])
        plays: list[ReviewedPlay] = []
        rated_flags: list[bool] = []  # per action that stands: was it rated (a play of ``seats``)
        undos = 0
        for obj in hand.get("actions", []):
            action = entry_from_json(variant.deck, obj)
            if isinstance(action, (NothingToDeclare, Tally, Abandon, Amend, Revoke)):  # said, not played: nothing to rate
                match.record(action)
                continue
            if isinstance(action, (Undo, Correct)):
                # The plays taken back were never part of the game: their ratings go too.
                standing = len(match.hands[-1].effective())
                match.record(action)
                count = standing - len(match.hands[-1].effective())
                taken = rated_flags[len(rated_flags) - count :]
                del rated_flags[len(rated_flags) - count :]
                del plays[len(plays) - sum(taken) :]
                undos += isinstance(action, Undo)
                continue
            rating = (only_hand is None or only_hand == h_index) and h_index not in known
            rated = (isinstance(action, Play) and (seats is None or action.seat in seats) and rating
                     and not state.is_hidden(action.seat))
            rated_flags.append(rated)
            if isinstance(action, Play) and rated:
                view = view_for(state, action.seat)
                plays.append(ReviewedPlay(len(state.tricks), coach.rate(view, action)))
            if isinstance(action, Play) and rating:
                done += 1
                if progress is not None:
                    progress(done, total)
            match.apply(action)
        if h_index in known:
            hands.append(known[h_index])
            continue
        hands.append(
            HandReview(
                index=h_index,
                dealer=state.dealer,
                plays=tuple(plays),
                tricks=tuple(state.tricks),
                points=match.results[-1].points if state.over else None,
                n_seats=variant.n_seats,
                undos=undos,
                unseen=tuple(s for s in range(variant.n_seats) if state.is_hidden(s)),
                scale=loss_scale(variant),
            )
        )
    return MatchReview(variant.name, tuple(hands))


# ------------------------------------------------------------------ to and from JSON

REVIEW_FORMAT = "tressette-review/1"
"""The format of a stored review (the screen's cache, firmware/app/reviewing.py)."""

_MARK_NAMES: tuple[Mark, ...] = ("forced", *MARKS)
_METHODS: tuple[Method, ...] = ("forced", "exact", "sampled", "searched")


def _arg_json(value: ReasonArg) -> Any:
    if isinstance(value, CardRef):
        return {"card": value.card}
    if isinstance(value, SuitRef):
        return {"suit": value.suit}
    if isinstance(value, SignalRef):
        return {"signal": value.name}
    if isinstance(value, Thirds):
        return {"thirds": value.thirds}
    return value


def review_to_json(review: MatchReview) -> dict[str, Any]:
    """The review as plain JSON values (cards as engine ids; :func:`review_from_json` reads it)."""
    return {
        "format": REVIEW_FORMAT,
        "variant": review.variant,
        "hands": [
            {
                "index": h.index,
                "dealer": h.dealer,
                "n_seats": h.n_seats,
                "undos": h.undos,
                "unseen": list(h.unseen),
                "points": None if h.points is None else list(h.points),
                "tricks": [[t.leader, list(t.cards), t.winner] for t in h.tricks],
                "plays": [
                    {
                        "trick": p.trick,
                        "seat": p.rated.seat,
                        "card": p.rated.card,
                        "loss": p.rated.loss,
                        "mark": p.rated.mark,
                        "best": p.rated.best,
                        "reason": [p.rated.reason.key, [[k, _arg_json(v)] for k, v in p.rated.reason.args]],
                        "method": p.rated.method,
                        "worlds": p.rated.worlds,
                        "noise": p.rated.noise,
                    }
                    for p in h.plays
                ],
            }
            for h in review.hands
        ],
    }


def _int(value: Any, lo: int = 0, hi: int = 1 << 30) -> int:
    if type(value) is not int or not lo <= value < hi:
        raise ValueError(f"not an integer in [{lo}, {hi}): {value!r}")
    return value


def _seats_from(value: Any, n_seats: int) -> tuple[int, ...]:
    if not isinstance(value, list):
        raise ValueError(f"not a list of seats: {value!r}")
    return tuple(sorted({_int(x, 0, n_seats) for x in value}))


def _card(value: Any) -> Card:
    return _int(value, 0, len(CODE))


def _arg_from(value: Any) -> ReasonArg:
    if isinstance(value, dict) and len(value) == 1:
        ((kind, x),) = value.items()
        if kind == "card":
            return CardRef(_card(x))
        if kind == "suit":
            return SuitRef(_int(x, 0, 8))
        if kind == "signal" and isinstance(x, str):
            return SignalRef(x)
        if kind == "thirds":
            return Thirds(_int(x, 0, 1000))
    if type(value) is int or isinstance(value, str):
        return value
    raise ValueError(f"not a reason argument: {value!r}")


def _reason_from(value: Any) -> Reason:
    if not (isinstance(value, list) and len(value) == 2 and value[0] in KEYS and isinstance(value[1], list)):
        raise ValueError(f"not a reason: {value!r}")
    args = []
    for pair in value[1]:
        if not (isinstance(pair, list) and len(pair) == 2 and isinstance(pair[0], str)):
            raise ValueError(f"not a reason argument: {pair!r}")
        args.append((pair[0], _arg_from(pair[1])))
    return Reason(value[0], tuple(args))


def _play_from(obj: Any, n_seats: int) -> ReviewedPlay:
    if not isinstance(obj, dict):
        raise ValueError(f"not a rated play: {obj!r}")
    loss = obj.get("loss")
    if not isinstance(loss, int | float) or isinstance(loss, bool) or not 0.0 <= loss < 1000.0:
        raise ValueError(f"not a loss: {loss!r}")
    noise = obj.get("noise", 0.0)
    if not isinstance(noise, int | float) or isinstance(noise, bool) or not 0.0 <= noise < 1000.0:
        raise ValueError(f"not a standard error: {noise!r}")
    mark, method = obj.get("mark"), obj.get("method")
    if mark not in _MARK_NAMES or method not in _METHODS:
        raise ValueError(f"not a mark or method: {mark!r} {method!r}")
    rated = RatedPlay(
        seat=_int(obj.get("seat"), 0, n_seats),
        card=_card(obj.get("card")),
        loss=float(loss),
        mark=mark,
        best=_card(obj.get("best")),
        reason=_reason_from(obj.get("reason")),
        method=method,
        worlds=_int(obj.get("worlds"), 0, 1 << 20),
        noise=float(noise),
    )
    return ReviewedPlay(_int(obj.get("trick"), 0, 64), rated)


def review_from_json(obj: Any) -> MatchReview:
    """A review read back from :func:`review_to_json`; ValueError for anything else
    (a stored file is checked before it is believed)."""
    if not isinstance(obj, dict) or obj.get("format") != REVIEW_FORMAT or not isinstance(obj.get("variant"), str):
        raise ValueError("not a review")
    preset = PRESETS.get(obj["variant"])
    scale = loss_scale(make_variant(preset.name)) if preset is not None else 1.0
    hands_in = obj.get("hands")
    if not isinstance(hands_in, list):
        raise ValueError("a review without hands")
    hands: list[HandReview] = []
    for i, h in enumerate(hands_in):
        if not isinstance(h, dict) or h.get("index") != i:
            raise ValueError(f"hand {i}: not a hand review")
        n = _int(h.get("n_seats"), 2, 9)
        points = h.get("points")
        if points is not None and not (isinstance(points, list) and all(type(x) is int for x in points)):
            raise ValueError(f"hand {i}: bad points")
        tricks_in, plays_in = h.get("tricks"), h.get("plays")
        if not isinstance(tricks_in, list) or not isinstance(plays_in, list):
            raise ValueError(f"hand {i}: bad tricks or plays")
        tricks = []
        for t in tricks_in:
            if not (isinstance(t, list) and len(t) == 3 and isinstance(t[1], list)):
                raise ValueError(f"hand {i}: bad trick {t!r}")
            tricks.append(Trick(_int(t[0], 0, n), tuple(_card(c) for c in t[1]), _int(t[2], 0, n)))
        hands.append(
            HandReview(
                index=i,
                dealer=_int(h.get("dealer"), 0, n),
                plays=tuple(_play_from(p, n) for p in plays_in),
                tricks=tuple(tricks),
                points=None if points is None else tuple(points),
                n_seats=n,
                undos=_int(h.get("undos")),
                unseen=_seats_from(h.get("unseen", []), n),
                scale=scale,
            )
        )
    return MatchReview(obj["variant"], tuple(hands))
