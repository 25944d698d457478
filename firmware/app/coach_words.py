"""The coach in words: its reasons and marks as catalogue messages (docs/coach.md).

:mod:`firmware.coach` answers in typed references (a card, a suit, a signal,
a value in thirds) and never imports the screen; this module turns them into
:class:`ui.i18n.Message` values that the table screen, the match's review and
``tressette analyse`` render in it/de/en.
"""

from __future__ import annotations

from firmware.coach import CardRef, Mark, Reason, SignalRef, SuitRef, Thirds
from firmware.coach.reasons import ReasonArg
from firmware.coach.review import HandReview
from ui.i18n import Amount, Arg, CardName, Message, SuitName, Term, amount_text, msg, thirds_glyphs


def thirds_words(thirds: int) -> Message | str:
    """``0`` → "nothing" (a catalogue word), ``4`` → "1⅓"."""
    if thirds == 0:
        return msg("c_worth_0")
    return thirds_glyphs(thirds)


def points_words(points: float, lang: str = "en") -> str:
    """An expected loss in points as a player says it, in thirds: ``0.42`` → "⅓ di punto"."""
    return amount_text(points, lang)


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
    """``Reason("c_top", card=CardRef(0))`` → a message naming the card in the reader's language.
    A card worth nothing is said so ("non vale niente", not "vale niente"): ``c_keep_0``."""
    key = reason.key
    if key == "c_keep" and reason.arg("worth") == Thirds(0):
        key = "c_keep_0"
    return Message(key, tuple((k, _arg(deck, v)) for k, v in reason.args))


def mark_message(mark: Mark) -> Message:
    return msg("m_" + mark)


def verdict_key(mark: str, card: int, best: int) -> str:
    """The verdict's catalogue key: ``m_tie`` for a best card that is not the hint's (as
    good as it, within the tie margin), else the mark's own (``m_best``, ``m_good``, ...)."""
    return "m_tie" if mark == "best" and card != best else "m_" + mark


def verdict_message(mark: str, card: int, best: int, deck: str) -> Message:
    """What a play is, in one verdict with the hint beside it: "best" only for the hint's
    own card; a card tied with it "as good as the 6 of cups"; otherwise the mark."""
    key = verdict_key(mark, card, best)
    if key == "m_tie":
        return msg(key, better=CardName(deck, best))
    return msg(key)


def review_messages(review: HandReview, seats: list[int], deck: str) -> tuple[Message, ...]:
    """The hand-end lines for the people at the screen: accuracy, the costliest play, why."""
    lines: list[Message] = []
    for seat in seats:
        acc = review.accuracy(seat)
        if acc is None:
            continue
        lines.append(msg("review_acc", n=f"{acc:.0f}", points=Amount(review.loss(seat))))
        worst = review.costliest(seat)
        if worst is None:
            lines.append(msg("no_mistakes"))
            continue
        lines.append(
            msg(
                "costliest",
                card=CardName(deck, worst.card),
                mark=mark_message(worst.mark),
                points=Amount(worst.loss),
                better=CardName(deck, worst.best),
            )
        )
        lines.append(reason_message(worst.reason, deck))
    return tuple(lines)
