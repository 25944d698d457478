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
>>> t = make_variant("treseta4")
>>> t.n_seats, t.hand_size, t.packets, t.n_sides, t.signals
(4, 10, (5, 5), 2, 'classic')
>>> make_variant("ciapano", {"players": 3}).hand_size, make_variant("tressette4", {"accusi": False}).target
(13, 21)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Literal

from firmware.engine.cards import (
    BAVARIAN,
    BRISCOLA_VALUES,
    ITALIAN,
    TRESSETTE_VALUES,
    CardValues,
    Deck,
    Seat,
)
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
            if isinstance(value, bool) and value in self.choices:
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
    # Hooks beyond the two-player games (issue 3); every default keeps them off.
    trump_shown: bool = False  # briscola: the dealer's last card is shown and is trump
    inverted: bool = False  # ciapano: points count against you, lowest total wins
    call_partner: bool = False  # chiamata: the leader calls a card; its holder is his partner
    decima: bool = False  # napoletana decima may be declared (seed 003)
    target_without_accusi: int | None = None  # tressette4: 21 without onori (seed 003)
    # Other table sizes chosen by the ``players`` option:
    # players -> (hand_size, packets, aside).
    shapes: tuple[tuple[int, int, tuple[int, ...], int], ...] = ()
    # What the cards aside are: "out" of play (treschetten3) or a "widow" whose
    # points go to the winner of the last trick (terziglio3, three-handed Ciapanò).
    aside_role: Literal["out", "widow"] = "out"
    # The game's order and worth of the cards (RULES.md §1): tressette's unless it says.
    values: CardValues = TRESSETTE_VALUES
    # Briscola (RULES.md §3.8): no obligation to follow suit; the card turned up under the
    # talon is trump and is drawn last; talon draws face down; a hand is won with
    # ``hand_won_at`` card points and the match counts hands won (0: points are scored).
    follow_suit: bool = True
    trump_under_talon: bool = False
    draws_open: bool = True
    hand_won_at: int = 0


PRESETS: dict[str, Preset] = {}


REVOKE_PENALTIES: tuple[str, ...] = ("cappotto", "replay", "as_played")
"""What a revoke called at a table of real cards costs (RULES.md §3.7): the hand lost
"per cappotto" (the default), the hand replayed with no score, or counted as played."""


def _revoke() -> OptionSpec:
    return OptionSpec(
        "revoke",
        "cappotto",
        REVOKE_PENALTIES,
        "a revoke called at a table of real cards: the hand lost per cappotto, replayed, or counted as played",
    )


def register(preset: Preset) -> Preset:
    """Add ``preset``; every game may be played with real cards, so each where suit must be
    followed takes the ``revoke`` option (shown on the home screen only when a seat plays
    real cards); Briscola, which binds nobody to follow, has no revoke."""
    assert sum(preset.packets) == preset.hand_size, preset.name
    if preset.follow_suit:
        preset = replace(preset, options=(*preset.options, _revoke()))
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


# ------------------------------------------------------------ four-player family


def _signals(default: str = "classic") -> tuple[OptionSpec, ...]:
    return (
        OptionSpec(
            "signals",
            default,
            ("none", "classic", "alternative"),
            "spoken signals attached to a card (RULES.md §3.3, §3.5)",
        ),
        OptionSpec(
            "signal_by",
            "leader",
            ("leader", "anyone"),
            "classic signals: only the player who leads the trick (seed 003) or anyone (seed 001)",
        ),
        OptionSpec(
            "striscio_meaning",
            "many",
            ("many", "few"),
            "striscio: many more cards of the suit (seed 001) or one or two low ones (seed 003)",
        ),
    )


def _cappotto() -> OptionSpec:
    return OptionSpec(
        "cappotto",
        "none",
        ("none", "double", "eleven_plus_one"),
        "a side that takes every trick: nothing more, double its card points, or 11+1",
    )


_TRESETA_OPTIONS: tuple[OptionSpec, ...] = (
    _bool("accusi", True, "accuse before your first card"),
    _target(31, 21, 31, 41),
    *_signals(),
    _cappotto(),
)

register(
    Preset(
        name="treseta4",
        title="Treseta (Tressette in four)",
        seed="001, 004",
        deck=ITALIAN,
        n_seats=4,
        hand_size=10,
        packets=(5, 5),
        draw_from_talon=False,
        declare_window="first_card",
        napoletana_extends=False,
        options=_TRESETA_OPTIONS,
        sides=(0, 1, 0, 1),
    )
)

register(
    Preset(
        name="treseta_hr",
        title="Trešeta (Croatian)",
        seed="001, 004",
        deck=ITALIAN,
        n_seats=4,
        hand_size=10,
        packets=(5, 5),
        draw_from_talon=False,
        declare_window="first_card",
        napoletana_extends=False,
        options=(_TRESETA_OPTIONS[0], _target(41, 21, 31, 41), *_TRESETA_OPTIONS[2:]),
        sides=(0, 1, 0, 1),
    )
)

register(
    Preset(
        name="tressette4",
        title="Tressette with onori and sudden wins",
        seed="003",
        deck=ITALIAN,
        n_seats=4,
        hand_size=10,
        packets=(5, 5),
        draw_from_talon=False,
        declare_window="after_first_trick",
        napoletana_extends=False,
        options=(
            _bool("accusi", True, "onori after the first trick, before the second"),
            _target(31, 21, 31, 51),
            *_signals(),
            _bool("chiamarsi_fuori", True, "claim during play that your side has reached the target"),
            _bool("sudden_wins", True, "cappotto, stramazzo, cappottone, stramazzone win at once"),
        ),
        sides=(0, 1, 0, 1),
        decima=True,
        target_without_accusi=21,
    )
)

register(
    Preset(
        name="briscola",
        title="Tressette con la briscola",
        seed="001",
        deck=ITALIAN,
        n_seats=4,
        hand_size=10,
        packets=(5, 5),
        draw_from_talon=False,
        declare_window="first_card",
        napoletana_extends=False,
        options=_TRESETA_OPTIONS,
        sides=(0, 1, 0, 1),
        trump_shown=True,
    )
)

register(
    Preset(
        name="chiamata",
        title="Tressette con la chiamata del tre",
        seed="003",
        deck=ITALIAN,
        n_seats=4,
        hand_size=10,
        packets=(5, 5),
        draw_from_talon=False,
        declare_window="after_first_trick",
        napoletana_extends=False,
        options=(
            _bool("accusi", False, "onori after the first trick, before the second"),
            _target(31, 21, 31, 51),
            OptionSpec(
                "call",
                "lower",
                ("lower", "alone"),
                "holding all four 3s: call a 2 (then an ace), or call a 3 and play alone",
            ),
        ),
        call_partner=True,
        decima=True,  # with onori (seed 003: "Wird mit Meldungen gespielt ...")
        target_without_accusi=21,
    )
)

register(
    Preset(
        name="terziglio3",
        title="Terziglio (Tressette for three)",
        seed="001",
        deck=ITALIAN,
        n_seats=3,
        hand_size=12,
        packets=(4, 4, 4),
        draw_from_talon=False,
        declare_window="first_card",
        napoletana_extends=False,
        options=(
            _bool("accusi", True, "accuse before your first card"),
            _target(31, 21, 31, 41),
            OptionSpec(
                "widow",
                "last_trick",
                ("last_trick", "dealt"),
                "the four cards left over: to the winner of the last trick, or dealt face up",
            ),
        ),
        aside=4,
        aside_role="widow",
    )
)

register(
    Preset(
        name="ciapano",
        title="Ciapanò",
        seed="001, 003",
        deck=ITALIAN,
        n_seats=4,
        hand_size=10,
        packets=(5, 5),
        draw_from_talon=False,
        declare_window="none",
        napoletana_extends=False,
        options=(
            OptionSpec("accusi", False, (False,), "Ciapanò has no accusi"),
            _target(41, 21, 31, 41),
            OptionSpec("players", 4, (4, 3, 2), "players at the table, each for himself"),
        ),
        inverted=True,
        aside_role="widow",
        shapes=((4, 10, (5, 5), 0), (3, 13, (5, 5, 3), 1), (2, 20, (5, 5, 5, 5), 0)),
    )
)

register(
    Preset(
        name="treschetten3",
        title="Treschetten zu dritt",
        seed="000",
        deck=BAVARIAN,
        n_seats=3,
        hand_size=10,
        packets=(5, 5),
        draw_from_talon=False,
        declare_window="turn",
        napoletana_extends=False,
        options=(
            _bool("accusi", True, "announcements (Ansagen) during the hand"),
            _target(31, 31, 41),
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
            OptionSpec("aside", "face_down", ("face_down", "face_up"), "the two cards laid aside"),
        ),
        aside=2,
    )
)

register(
    Preset(
        name="treschetten4",
        title="Treschetten zu viert",
        seed="000",
        deck=BAVARIAN,
        n_seats=4,
        hand_size=8,
        packets=(4, 4),
        draw_from_talon=False,
        declare_window="first_trick",
        napoletana_extends=False,
        options=(
            _bool("accusi", True, "announcements during the first trick, at your turn"),
            _target(31, 31, 41),
            OptionSpec(
                "match_format",
                "single",
                ("single", "best_of_two"),
                "one game, or two games to 31 with a decider to 41",
            ),
        ),
        sides=(0, 1, 0, 1),
    )
)


# ------------------------------------------------------------------ Briscola


def _briskula_options(seats: int) -> tuple[OptionSpec, ...]:
    out: tuple[OptionSpec, ...] = (
        OptionSpec("accusi", False, (False,), "Briscola has no declarations"),
        OptionSpec("target", 4, (4, 3, 2, 1), "hands to win: four, as Croatian clubs play (na četiri)"),
    )
    if seats == 4:
        out += (
            _bool(
                "show_partner",
                False,
                "partners see each other's cards once the talon is empty (pokazivanje karata)",
            ),
        )
    return out


for _name, _seats, _sides in (("briskula2", 2, None), ("briskula4", 4, (0, 1, 0, 1))):
    register(
        Preset(
            name=_name,
            title="Briscola / Briškula" if _seats == 2 else "Briscola / Briškula in four",
            seed="none (RULES.md §3.8)",
            deck=ITALIAN,
            n_seats=_seats,
            hand_size=3,
            packets=(1, 1, 1),
            draw_from_talon=True,
            declare_window="none",
            napoletana_extends=False,
            options=_briskula_options(_seats),
            sides=_sides,
            values=BRISCOLA_VALUES,
            follow_suit=False,
            trump_under_talon=True,
            draws_open=False,
            hand_won_at=61,
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
    def _shape(self) -> tuple[int, int, tuple[int, ...], int]:
        p = self.preset
        players = self.options.get("players")
        for shape in p.shapes:
            if shape[0] == players:
                return shape
        return (p.n_seats, p.hand_size, p.packets, p.aside)

    @property
    def values(self) -> CardValues:
        """The game's order and worth of the cards (per card id) and the last trick's."""
        return self.preset.values

    @property
    def n_seats(self) -> int:
        return self._shape[0]

    @property
    def hand_size(self) -> int:
        return self._shape[1]

    @property
    def packets(self) -> tuple[int, ...]:
        """Cards given at a time to each seat, round by round (five at a time: ``(5, 5)``)."""
        return self._shape[2]

    @property
    def aside_size(self) -> int:
        """Cards dealt to nobody: treschetten3's two, terziglio3's widow, ciapano3's one."""
        return self._shape[3]

    @property
    def talon_size(self) -> int:
        if not self.preset.draw_from_talon:
            return 0
        return self.deck.size - self.n_seats * self.hand_size - self.aside_size

    @property
    def signals(self) -> str:
        """``none`` / ``classic`` / ``alternative`` (RULES.md §3.3, §3.5)."""
        return str(self.options.get("signals", "none"))

    @property
    def trump_shown(self) -> bool:
        return self.preset.trump_shown

    @property
    def trump_under_talon(self) -> bool:
        """Briscola: the card turned up under the talon is trump, drawn last (RULES.md §3.8)."""
        return self.preset.trump_under_talon

    @property
    def follows_suit(self) -> bool:
        """Whether a card of the suit led must be played when held (all but Briscola)."""
        return self.preset.follow_suit

    @property
    def show_partner(self) -> bool:
        """Briscola in four, ``show_partner``: partners see each other's cards once the
        talon is empty (RULES.md §3.8, *pokazivanje karata*)."""
        return bool(self.options.get("show_partner", False))

    @property
    def hand_won_at(self) -> int:
        """Briscola: the card points that win a hand (61 of 120); 0: hands score points."""
        return self.preset.hand_won_at

    @property
    def inverted(self) -> bool:
        return self.preset.inverted

    @property
    def claims(self) -> bool:
        """Chiamarsi fuori is played (tressette4)."""
        return bool(self.options.get("chiamarsi_fuori", False))

    @property
    def sudden_wins(self) -> bool:
        return bool(self.options.get("sudden_wins", False))

    @property
    def widow_dealt(self) -> bool:
        """terziglio3 ``widow = dealt``: the widow is dealt face up before play."""
        return self.options.get("widow") == "dealt"

    @property
    def aside_shown(self) -> bool:
        """treschetten3 ``aside = face_up``: everyone sees the two cards laid aside."""
        return self.options.get("aside") == "face_up"

    @property
    def revoke_penalty(self) -> str:
        """``cappotto`` / ``replay`` / ``as_played``: a revoke called (RULES.md §3.7)."""
        return str(self.options.get("revoke", "cappotto"))

    @property
    def has_fixed_sides(self) -> bool:
        return self.preset.sides is not None

    @property
    def accusi(self) -> bool:
        return bool(self.options.get("accusi", False)) and self.preset.declare_window != "none"

    @property
    def target(self) -> int:
        return int(self.options["target"])

    @property
    def draws_shown(self) -> bool:
        default = "shown" if self.preset.draws_open else "hidden"
        return self.options.get("open_draws", default) == "shown"

    @property
    def n_sides(self) -> int:
        return self.n_seats if self.preset.sides is None else max(self.preset.sides) + 1

    def side_of(self, seat: Seat) -> int:
        """The seat's side for scores: fixed partnerships, else the seat itself.

        Chiamata's partnerships change every hand and are secret; they live on
        the hand (:meth:`HandState.side_of`), the match scores per seat.
        """
        return seat if self.preset.sides is None else self.preset.sides[seat]

    def to_json(self) -> dict[str, OptionValue]:
        """The options as a record writes them; ``revoke`` only when it is a house rule
        (not the default), so records of the games without it read and write the same."""
        return {k: v for k, v in self.options.items() if k != "revoke" or v != "cappotto"}


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
    given = options or {}
    if preset.target_without_accusi is not None and "target" not in given and not chosen["accusi"]:
        # seed 003: the game goes to 21 without onori, 31 (or 51) with them.
        chosen["target"] = preset.target_without_accusi
    return Variant(preset, MappingProxyType(chosen))


