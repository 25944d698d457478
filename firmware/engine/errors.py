"""The engine's errors: one family; refusals are data (a code and its arguments)."""

from __future__ import annotations

from firmware.engine.refusals import Refusal, english


class TressetteError(Exception):
    """Base of every error the engine raises on purpose."""


class IllegalAction(TressetteError, ValueError):
    """An action the rules do not allow now; the state is unchanged.

    ``code`` names the refusal and ``params`` carry its arguments (card, suit,
    seat, ...; see :mod:`firmware.engine.refusals`). ``str()`` is the English
    sentence, "you must follow suit: you hold 2 spade (3s, Fs)"; a screen
    translates ``code`` with its own catalogue instead.
    """

    def __init__(self, code: Refusal, /, **params: object) -> None:
        super().__init__(code)
        self.code = code
        self.params: dict[str, object] = params

    def __str__(self) -> str:
        return english(self.code, self.params)


class OptionError(TressetteError, ValueError):
    """An unknown variant or an option value the variant does not accept."""


class RecordError(TressetteError, ValueError):
    """A game record that cannot be read or replayed; says where and why."""
