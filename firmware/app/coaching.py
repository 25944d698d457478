"""The coach in words: its reasons and marks as catalogue messages (docs/coach.md).

:mod:`firmware.coach` answers in typed references (a card, a suit, a signal,
a value in thirds) and never imports the screen; this module turns them into
:class:`ui.i18n.Message` values that the table screen and ``tressette
analyse`` render in it/de/en.
"""

from __future__ import annotations

from firmware.coach import CardRef, Mark, Reason, SignalRef, SuitRef, Thirds
from firmware.coach.reasons import ReasonArg
from ui.i18n import Arg, CardName, Message, SuitName, Term, msg


def thirds_words(thirds: int) -> Message | str:
    """``0`` → "nothing" (a catalogue word), ``4`` → "1 ⅓"."""
    if thirds == 0:
        return msg("c_worth_0")
    whole, rest = divmod(thirds, 3)
    frac = {0: "", 1: "⅓", 2: "⅔"}[rest]
    if whole == 0:
        return frac
    return f"{whole} {frac}".strip()


def points_words(points: float) -> str:
    """An expected loss in points, as people read it: ``0.42`` → "0.4", ``2.0`` → "2"."""
    text = f"{points:.1f}"
    return text[:-2] if text.endswith(".0") else text


def _arg(deck: str, value: ReasonArg) -> Arg:
    if isinstance(value, CardRef):
        return CardName(deck, value.card)
    if isinstance(value, SuitRef):
        return SuitName(deck, value.suit)
    if isinstance(value, SignalRef):
        return Term("sig_" + value.name)
    if isinstance(value, Thirds):
        return thirds_words(value.thirds)
    return value


def reason_message(reason: Reason, deck: str) -> Message:
    """``Reason("c_top", card=CardRef(0))`` → a message naming the card in the reader's language."""
    return Message(reason.key, tuple((k, _arg(deck, v)) for k, v in reason.args))


def mark_message(mark: Mark) -> Message:
    return msg("m_" + mark)
