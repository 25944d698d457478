"""The engine's errors: one family, readable messages."""

from __future__ import annotations


class TressetteError(Exception):
    """Base of every error the engine raises on purpose."""


class IllegalAction(TressetteError, ValueError):
    """An action the rules do not allow now; the state is unchanged.

    The message is meant for a player: "you must follow suit: you hold 2 spade (3s, Fs)".
    """


class OptionError(TressetteError, ValueError):
    """An unknown variant or an option value the variant does not accept."""


class RecordError(TressetteError, ValueError):
    """A game record that cannot be read or replayed; says where and why."""
