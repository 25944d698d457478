"""Who sits in a seat (:class:`SeatSpec`), and which seatings a game can be played
with: asked by the settings check, the start of a match and the home screen alike (so
the screen never offers a seating the start would refuse). Seat kinds by name: human,
computer, table (real cards), phone.

:class:`SeatSpec` is the one seat description from the home screen's button to the
start of a match (``ui.intents.NewGame.seats``, the controller, the journal's writer).
Its string form (``human``, ``table``, ``phone``, ``cpu:LEVEL``) belongs to the edges
where people type it or a file keeps it: the settings file, ``--seats``, the journal
(:func:`check_seat` reads it, ``str(spec)`` writes it)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal, NamedTuple

from firmware.engine.errors import IllegalAction
from firmware.engine.refusals import Refusal
from firmware.engine.variants import Variant

SeatKind = Literal["human", "computer", "table", "phone"]
"""human: plays at the touchscreen; computer: a computer player; table: a person
with real cards, read by the card reader; phone: a person holding the hand on a
phone or tablet (firmware/app/phones, docs/phones.md)."""

Level = Literal["easy", "normal", "hard"]

KINDS: tuple[SeatKind, ...] = ("human", "computer", "table", "phone")
LEVELS: tuple[Level, ...] = ("easy", "normal", "hard")


class SeatSpec(NamedTuple):
    """Who sits in a seat: a kind, and a level for a computer.

    A tuple, so the home screen's choices read as pairs (``kind, level = spec``;
    ``SeatSpec("table") == ("table", None)``). The string form (:meth:`__str__`)
    is what the settings file, ``--seats`` and the journal hold; everything inside
    the program uses the value.
    """

    kind: SeatKind
    level: Level | None = None

    @property
    def computer(self) -> bool:
        return self.kind == "computer"

    @property
    def person(self) -> bool:
        """A person: at the touchscreen, with real cards or on a phone."""
        return self.kind != "computer"

    def __str__(self) -> str:
        return f"cpu:{self.level}" if self.kind == "computer" else self.kind

    @classmethod
    def cpu(cls, level: Level = "normal") -> SeatSpec:
        return cls("computer", level)


HUMAN = SeatSpec("human")
TABLE = SeatSpec("table")
PHONE = SeatSpec("phone")

_KIND_OF: dict[object, SeatKind] = {k: k for k in KINDS}
_LEVEL_OF: dict[object, Level] = {lv: lv for lv in LEVELS}


def check_seat(spec: object) -> SeatSpec:
    """A seat as a checked :class:`SeatSpec`: from its string form (``human``, ``table``,
    ``phone``, ``cpu:LEVEL``) or a value (a computer without a level plays the normal
    level; a person's level is dropped); raises ValueError for anything else."""
    if isinstance(spec, SeatSpec):
        kind = _KIND_OF.get(spec.kind)
        if kind == "computer":
            level = _LEVEL_OF.get(spec.level if spec.level is not None else "normal")
            if level is not None:
                return SeatSpec.cpu(level)
        elif kind is not None:
            return SeatSpec(kind)
    elif isinstance(spec, str):
        if spec.startswith("cpu:") and spec[4:] in _LEVEL_OF:
            return SeatSpec.cpu(_LEVEL_OF[spec[4:]])
        kind = _KIND_OF.get(spec)
        if kind is not None and kind != "computer":
            return SeatSpec(kind)
    shown = str(spec) if isinstance(spec, SeatSpec) else spec
    raise ValueError(f"seat {shown!r} is not human, table, phone or cpu:{'|'.join(LEVELS)}")


def mix_problem(kinds: Sequence[str]) -> str | None:
    """Why these kinds of seat cannot share a table, whatever the game, or None."""
    if "table" in kinds and "human" in kinds:
        # Real cards are refereed: people at the table, computers whose cards are scanned
        # at the deal (docs/box.md §4); nobody plays dealt cards on the screen.
        return "a game with real cards has table and computer seats, no \"human\" seat"
    if "table" in kinds and "phone" in kinds:
        # A phone holds a hand the box dealt; real cards are dealt by the people.
        return "a game with real cards has table and computer seats, no \"phone\" seat"
    return None


def seating_refusal(variant: Variant, real_cards: bool, computers: Sequence[int]) -> IllegalAction | None:
    """Why ``variant`` cannot be played with these seats, or None.

    ``real_cards``: the people play their own cards (the box referees);
    ``computers``: the seats (0-based) of computer players. A game drawing from a
    talon with real cards cannot have a computer: the draws are face down to the
    box, so the computer's hand could not be followed."""
    if real_cards and variant.talon_size and computers:
        return IllegalAction(Refusal.DEAL_TABLE_TALON, variant=variant.name, seat=computers[0])
    return None


def seating_problem(variant: Variant, kinds: Sequence[str]) -> ValueError | None:
    """Everything above for one game: the count of seats, the kinds, their mix and the
    game's own rule; None when a match can start with these seats."""
    if len(kinds) != variant.n_seats:
        return ValueError(f"this variant has {variant.n_seats} seats, the settings name {len(kinds)}")
    bad = next((k for k in kinds if k not in KINDS), None)
    if bad is not None:
        return ValueError(f"seat kind {bad!r} is not one of {', '.join(KINDS)}")
    mix = mix_problem(kinds)
    if mix is not None:
        return ValueError(mix)
    return seating_refusal(variant, "table" in kinds, [i for i, k in enumerate(kinds) if k == "computer"])
