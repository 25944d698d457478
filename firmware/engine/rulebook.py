"""A game's rules as data, for the pictures of the rules pages (touchscreen and phones).

What counts (each rank's value in thirds of a point, the last trick's), the declarations
with an example hand each and the points the engine gives it, the signals, the sudden
wins with their multiples: all read from the same tables and functions the game is
played by (``Deck.rank_thirds``, ``declarations.evaluate``, ``SUDDEN_MULTIPLIERS``,
``offers.signal_names``), so a picture cannot say other than the rules do.

>>> from firmware.engine import make_variant
>>> sheet = rule_sheet(make_variant("tressette2"))
>>> [(row.thirds, len(row.ranks)) for row in sheet.values]
[(3, 1), (1, 5), (0, 4)]
>>> [(d.kind, d.points) for d in sheet.declarations]
[('napoletana', 3), ('napoletana', 4), ('three', 3), ('four', 4)]
>>> sheet.hand_points
11
"""

from __future__ import annotations

from dataclasses import dataclass

from firmware.engine.actions import Declare, DeclKind
from firmware.engine.cards import Card, Rank, mask_of
from firmware.engine.declarations import DECLARABLE_RANKS, evaluate
from firmware.engine.offers import signal_names
from firmware.engine.result import LAST_TRICK_THIRDS, SUDDEN_MULTIPLIERS
from firmware.engine.variants import Variant

SUDDEN_ORDER = ("cappotto", "stramazzo", "cappottone", "stramazzone")
"""tressette4's sudden wins from the least to the most (RULES.md §3.4)."""


@dataclass(frozen=True, slots=True)
class ValueRow:
    """The ranks worth ``thirds`` thirds of a point each (from the strongest)."""

    thirds: int
    ranks: tuple[Rank, ...]


@dataclass(frozen=True, slots=True)
class DeclarationExample:
    """A declaration held in ``cards``, worth ``points`` as the engine counts it
    (``missing``: the suit a three lacks)."""

    kind: DeclKind
    cards: tuple[Card, ...]
    points: int
    suit: int | None = None
    rank: Rank | None = None
    missing: int | None = None


@dataclass(frozen=True, slots=True)
class RuleSheet:
    variant: str
    deck: str
    order: tuple[Card, ...]  # one suit from the strongest card down
    values: tuple[ValueRow, ...]  # from the most worth down; 0 last
    last_trick_thirds: int
    hand_points: int  # the cards and the last trick of a whole hand
    inverted: bool  # ciapanò: the points taken count against
    trump_shown: bool  # briscola: the dealer's last card shows the trump suit
    declarations: tuple[DeclarationExample, ...]  # none where the game has no accusi
    signals: tuple[str, ...]  # none where the game has no signals
    sudden: tuple[tuple[str, int], ...]  # (name, times the game's value), the least first


def rule_sheet(variant: Variant) -> RuleSheet:
    """The rules of ``variant`` as the pictures show them."""
    deck = variant.deck
    ranks = range(len(deck.ranks))
    worth = sorted({deck.rank_thirds[r] for r in ranks}, reverse=True)
    values = tuple(ValueRow(t, tuple(r for r in ranks if deck.rank_thirds[r] == t)) for t in worth)
    total = sum(deck.rank_thirds[r] for r in ranks) * len(deck.suits) + LAST_TRICK_THIRDS
    sudden: list[tuple[str, int]] = []
    if variant.sudden_wins:
        sudden += [(name, SUDDEN_MULTIPLIERS[name]) for name in SUDDEN_ORDER]
    if variant.preset.decima and variant.accusi:
        sudden.append(("decima", SUDDEN_MULTIPLIERS["decima"]))
    return RuleSheet(
        variant=variant.name,
        deck=deck.name,
        order=tuple(deck.card(0, r) for r in ranks),
        values=values,
        last_trick_thirds=LAST_TRICK_THIRDS,
        hand_points=total // 3,
        inverted=variant.inverted,
        trump_shown=variant.trump_shown,
        declarations=_examples(variant) if variant.accusi else (),
        signals=signal_names(variant),
        sudden=tuple(sudden),
    )


def _examples(variant: Variant) -> tuple[DeclarationExample, ...]:
    """A napoletana (and one run on by a card where it extends), a three, a four: each
    evaluated by the engine from a hand holding just its cards."""
    deck = variant.deck
    extends = variant.preset.napoletana_extends
    asks: list[tuple[Declare, list[Card]]] = []
    run = [deck.card(0, r) for r in DECLARABLE_RANKS]
    asks.append((Declare(0, "napoletana", suit=0), run))
    if extends and deck.extension:
        asks.append((Declare(0, "napoletana", suit=0), [*run, deck.card(0, deck.extension[0])]))
    threes = [deck.card(s, 0) for s in range(len(deck.suits) - 1)]
    asks.append((Declare(0, "three", rank=0), threes))
    asks.append((Declare(0, "four", rank=1), [deck.card(s, 1) for s in range(len(deck.suits))]))
    out = []
    for action, cards in asks:
        d = evaluate(deck, action, mask_of(cards), extends, ())
        out.append(DeclarationExample(d.kind, d.cards, d.points, d.suit, d.rank, d.missing))
    return tuple(out)
