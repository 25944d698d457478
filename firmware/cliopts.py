"""Typed records of the command line's options: the one place a namespace becomes one.

A command's code reads a frozen dataclass of its options, whose defaults are
the ones :mod:`firmware.cli` declares, built once from the parsed namespace by
:func:`options_from`. This module imports no project module, so every part a
command hands its record to may name the record's type (``tressette bench``'s
record, :class:`BenchOptions`, reaches the engine, the players, the coach, the
app and the UI).
"""

from __future__ import annotations

import argparse
import dataclasses
from dataclasses import dataclass
from typing import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

Options = TypeVar("Options", bound="DataclassInstance")


def options_from(record: type[Options], args: argparse.Namespace) -> Options:
    """``record`` from a parsed namespace: each field from the attribute of its name.

    The one place an attribute may be missing (a namespace built by hand, or a
    command that does not declare that option): the field keeps the record's
    default, which is the parser's."""
    names = {f.name for f in dataclasses.fields(record)}
    return record(**{k: v for k, v in vars(args).items() if k in names})


@dataclass(frozen=True, slots=True)
class BenchOptions:
    """``tressette bench WHAT``'s options, with the parser's defaults."""

    what: str
    variant: str = "tressette2"
    seconds: float | None = None  # engine: playout time, app: rounds (3 s); phones: the whole bench's bound; ui: a still screen
    seed: int = 1
    think_ms: int | None = None  # pool: each decision's wall time
    worlds: int | None = None  # coach: worlds per rated decision
    hands: int = 5  # coach, phones and inference: seeded hands
    workers: int | None = None  # pool: world workers (None: the cores but one)
    positions: int = 30  # pool: decisions measured
    nice: int | None = None  # pool: the workers' priority (None: the pool's own)

    @classmethod
    def from_args(cls, args: argparse.Namespace) -> BenchOptions:
        return options_from(cls, args)

    def seconds_or(self, default: float) -> float:
        """``--seconds`` when given, else this bench's ``default``."""
        return default if self.seconds is None else self.seconds
