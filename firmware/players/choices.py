"""The hard level's choices before the first card, searched as its cards are.

Chiamata's caller names a card (RULES.md 3.6: a 3 he does not hold, its holder his
secret partner) and terziglio3's dealer lays a card aside. Every level makes these by
one rule (:func:`firmware.players.base.special_action`); hard imagines worlds from its
view, makes each candidate in the same worlds (paired, as its card search is), finishes
the hand with the playout policy and takes the candidate with the best mean margin for
its seat. The rule's choice is the fallback: when the budget leaves no world, and
between candidates that tie.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from firmware.engine import Action, Call, Discard, HandState, View
from firmware.engine.moves import apply_unchecked
from firmware.players.base import special_action
from firmware.players.budget import Budget, Count
from firmware.players.rollout import playout_margin

Choice = Call | Discard


def choices(view: View) -> list[Choice]:
    """The calls or discards on offer to ``view``'s seat (empty when neither is)."""
    if not view.my_turn:
        return []
    return [a for a in view.legal if isinstance(a, Call | Discard) and a.seat == view.seat]


def searched_choice(
    view: View,
    options: Sequence[Choice],
    sample: Callable[[], HandState],
    *,
    worlds: int | None,
    budget: Budget | None,
) -> Action:
    """The option whose worlds end best for ``view``'s seat: ``worlds`` of them, or as
    many as ``budget`` allows (at least one); the rule's option wins ties."""
    rule = special_action(view)
    if len(options) < 2:
        return options[0] if options else rule if rule is not None else view.legal[0]
    totals = [0.0] * len(options)
    n = 0
    while True:
        world = sample()
        if isinstance(budget, Count):  # a count's work: every option played out in this world
            budget.spend(len(options) * (sum(h.bit_count() for h in world.hands) + world.talon_left))
        for i, option in enumerate(options):
            s = world.copy()
            apply_unchecked(s, option)
            totals[i] += playout_margin(s, s.hand_sides[view.seat])
        n += 1
        if worlds is not None:
            if n >= worlds:
                break
        elif budget is None or budget.spent():
            break
    first = options.index(rule) if rule in options else 0
    return options[max(range(len(options)), key=lambda i: (totals[i], i == first))]
