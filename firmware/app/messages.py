"""What the table program tells people, in no language: catalogue keys + arguments.

The controller never writes English on the screen. Every note, refusal and
error is a :class:`ui.i18n.Message` (``msg("r_not_held", card=CardName(...))``)
that the screen renders in the language chosen in the settings; the one
catalogue is :mod:`ui.i18n` (plain data, no pygame: the app may import it).

The engine refuses with a code and its arguments (``IllegalAction``);
:func:`refusal` names them in catalogue words (``e_<code>``). Nothing is
worked out a second time here: the engine said what and why.
"""

from __future__ import annotations

from firmware.engine import IllegalAction
from firmware.engine.cards import CODE, DECKS
from firmware.engine.refusals import SEAT_ARGS, rank_word
from ui.i18n import Arg, CardName, DeclName, Message, SuitName, Term, has, msg, render

__all__ = ["CardName", "DeclName", "Message", "SuitName", "Term", "english", "has", "msg", "refusal"]


def refusal(exc: IllegalAction) -> Message:
    """The engine's refusal in catalogue words: key ``e_<code>``, its arguments named for
    the screen (a card by its name, a suit, seats counted from 1). Nothing is worked out
    again here: the engine said what and why (firmware/engine/refusals.py)."""
    params = exc.params
    deck = str(params.get("deck", "italian"))
    args: dict[str, Arg] = {}
    for key, value in params.items():
        if key == "deck":
            continue
        if key == "card" and isinstance(value, int):
            args[key] = CardName(deck, value)
        elif key == "cards" and isinstance(value, tuple):
            args[key] = ", ".join(CODE[c] for c in value)
        elif key in ("suit", "missing", "given") and isinstance(value, int):
            args[key] = SuitName(deck, value)
        elif key in SEAT_ARGS and isinstance(value, int):
            args[key] = value + 1
        elif key == "kind" and isinstance(value, str):
            args[key] = Term("k_" + value) if has("k_" + value) else value
        elif key == "rank" and isinstance(value, int):
            args[key] = rank_word(DECKS[deck], value)
        elif key == "ranks" and isinstance(value, tuple):
            args[key] = ", ".join(rank_word(DECKS[deck], r) for r in value)
        elif isinstance(value, (str, int)):
            args[key] = value
        else:
            args[key] = str(value)
    if "cards" in params and "count" not in params and isinstance(params["cards"], tuple):
        args["count"] = len(params["cards"])
    key = "e_" + exc.code
    return msg(key, **args) if has(key) else Message(text=str(exc))


def english(message: Message | str) -> str:
    """The English of a message: for logs, ``Outcome.reason`` and error texts."""
    return render(message, "en")
