"""Variants as data: a preset is a deck, a table shape and a set of options.

Every option of RULES.md §3 is an :class:`OptionSpec` with its default and the
values it accepts; :func:`make_variant` validates a player's choices against
them. The engine reads the resulting :class:`Variant` and never branches on a
preset's name, only on its fields, so a new preset is new data plus, at most,
a small hook.

>>> v = make_variant("tressette2")
>>> v.n_seats, v.hand_size, v.talon_size, v.target
(2, 10, 20, 21)
>>> make_variant("treschetten2", {"open_draws": "hidden"}).draws_shown
False
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Literal

from firmware.engine.cards import BAVARIAN, DECKS, ITALIAN, Deck, Seat
from firmware.engine.errors import OptionError

OptionValue = bool | int | str

DeclareWindow = Literal["start", "turn", "first_card", "after_first_trick", "first_trick", "none"]
"""When accusi may be made.

- ``start``: by any seat, before the first card of the hand (tressette2).
- ``turn``: at your turn to play, from the cards held then (treschetten2).
- ``first_card``: at your turn, before playing your card to the first trick (treseta4).
- ``after_first_trick``: after trick 1 and before trick 2 (tressette4 onori).
- ``first_trick``: during the first trick, at your turn (treschetten4).
- ``none``: no declarations (Ciapanò).
"""


@dataclass(frozen=True, slots=True)
class OptionSpec:
    key: str
    default: OptionValue
    choices: tuple[OptionValue, ...]
    help: str = ""

    def check(self, value: object) -> OptionValue:
        if isinstance(self.default, bool):
            if isinstance(value, bool):
                return value
        elif isinstance(self.default, int):
            if isinstance(value, int) and not isinstance(value, bool) and value in self.choices:
                return value
        elif isinstance(value, str) and value in self.choices:
            return value
        allowed = " / ".join(str(c).lower() for c in self.choices)
        raise OptionError(f"option {self.key!r}: {value!r} is not one of {allowed}")


def _bool(key: str, default: bool, help: str = "") -> OptionSpec:
    return OptionSpec(key, default, (True, False), help)


def _target(default: int, *choices: int) -> OptionSpec:
    return OptionSpec("target", default, choices, "points to win")


@dataclass(frozen=True, slots=True)
class Preset:
    """A named table shape; ``options`` lists what the players may change."""

    name: str
    title: str
    seed: str
    deck: Deck
    n_seats: int
    hand_size: int
    packets: tuple[int, ...]
    draw_from_talon: bool
    declare_window: DeclareWindow
    napoletana_extends: bool
    options: tuple[OptionSpec, ...]
    sides: tuple[int, ...] | None = None  # seat -> side; None: each seat for himself
    aside: int = 0  # cards dealt to nobody (treschetten3) or to a widow (terziglio3)


PRESETS: dict[str, Preset] = {}


def register(preset: Preset) -> Preset:
    assert sum(preset.packets) == preset.hand_size, preset.name
    PRESETS[preset.name] = preset
    return preset


register(
    Preset(
        name="tressette2",
        title="Tressette a due con il monte",
        seed="002",
        deck=ITALIAN,
        n_seats=2,
        hand_size=10,
        packets=(5, 5),
        draw_from_talon=True,
        declare_window="start",
        napoletana_extends=True,
        options=(
            _bool("accusi", True, "declarations at the start of each hand"),
            _target(21, 21, 31, 41),
        ),
    )
)

register(
    Preset(
        name="treschetten2",
        title="Treschetten",
        seed="000",
        deck=BAVARIAN,
        n_seats=2,
        hand_size=8,
        packets=(4, 4),
        draw_from_talon=True,
        declare_window="turn",
        napoletana_extends=False,
        options=(
            _bool("accusi", True, "announcements (Ansagen) during the hand"),
            _target(31, 31, 41),
            OptionSpec("open_draws", "shown", ("shown", "hidden"), "cards drawn from the talon"),
            OptionSpec(
                "announce_when",
                "any_time",
                ("any_time", "after_trick"),
                "any time it is your turn, or only on lead",
            ),
            OptionSpec(
                "match_format",
                "single",
                ("single", "best_of_two"),
                "one game, or two games to 31 with a decider to 41",
            ),
            _bool("zu_tun", True, "lay a 10 on the talon to end the game when you have won"),
        ),
    )
)


@dataclass(frozen=True, slots=True)
class Variant:
    """A preset with its options chosen: everything the engine needs to play."""

    preset: Preset
    options: Mapping[str, OptionValue] = field(hash=False)

    @property
    def name(self) -> str:
        return self.preset.name

    @property
    def deck(self) -> Deck:
        return self.preset.deck

    @property
    def n_seats(self) -> int:
        return self.preset.n_seats

    @property
    def hand_size(self) -> int:
        return self.preset.hand_size

    @property
    def talon_size(self) -> int:
        if not self.preset.draw_from_talon:
            return 0
        return self.deck.size - self.n_seats * self.hand_size - self.preset.aside

    @property
    def accusi(self) -> bool:
        return bool(self.options.get("accusi", False)) and self.preset.declare_window != "none"

    @property
    def target(self) -> int:
        return int(self.options["target"])

    @property
    def draws_shown(self) -> bool:
        return self.options.get("open_draws", "shown") == "shown"

    @property
    def n_sides(self) -> int:
        return self.n_seats if self.preset.sides is None else max(self.preset.sides) + 1

    def side_of(self, seat: Seat) -> int:
        return seat if self.preset.sides is None else self.preset.sides[seat]

    def to_json(self) -> dict[str, OptionValue]:
        return dict(self.options)


def make_variant(name: str, options: Mapping[str, object] | None = None) -> Variant:
    """The preset ``name`` with ``options`` over its defaults; unknown keys are refused."""
    try:
        preset = PRESETS[name]
    except KeyError:
        known = ", ".join(sorted(PRESETS))
        raise OptionError(f"unknown variant {name!r}; the box plays {known}") from None
    specs = {spec.key: spec for spec in preset.options}
    chosen: dict[str, OptionValue] = {key: spec.default for key, spec in specs.items()}
    for key, value in (options or {}).items():
        if key not in specs:
            raise OptionError(f"variant {name!r} has no option {key!r}; it has {', '.join(specs)}")
        chosen[key] = specs[key].check(value)
    return Variant(preset, MappingProxyType(chosen))


def deck_named(name: str) -> Deck:
    return DECKS[name]
