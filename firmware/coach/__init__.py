"""The coach (docs/coach.md): hints, ratings of plays, reviews of records.

``Coach(seed=...).hint(view)`` is the card the hard player would play from
that seat with a reason; ``Coach().rate(view, play)`` the play's expected
loss in points against the best card and its mark; :mod:`firmware.coach.review`
rates every play of a game record. Pure: views in, values out; the screen and
``tressette analyse`` render the reasons (catalogue keys) in it/de/en.
"""

from firmware.coach.core import (
    MARKS,
    NOISE_Z,
    RATE_WORLDS,
    THRESHOLDS,
    Coach,
    Evaluation,
    Hint,
    Mark,
    Method,
    RatedPlay,
    accuracy,
    mark_of,
    play_score,
    position_digest,
    tie_margin,
)
from firmware.coach.reasons import KEYS, CardRef, Reason, SignalRef, SuitRef, Thirds

__all__ = [
    "KEYS",
    "MARKS",
    "NOISE_Z",
    "RATE_WORLDS",
    "THRESHOLDS",
    "CardRef",
    "Coach",
    "Evaluation",
    "Hint",
    "Mark",
    "Method",
    "RatedPlay",
    "Reason",
    "SignalRef",
    "SuitRef",
    "Thirds",
    "accuracy",
    "mark_of",
    "play_score",
    "position_digest",
    "tie_margin",
]
