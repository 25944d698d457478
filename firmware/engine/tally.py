"""The cards played so far, as a player keeps them on paper (the tally, *il conto delle carte*).

Only what every seat at the table saw: the cards played face up in the tricks (the trick
on the table included), and the cards lying face up that are not yet played: draws from
the talon shown to all, declared cards, briscola's trump card, treschetten's cards aside
laid face up (all the widow's and the aside's once the hand is over). Never a card that
only one seat saw (its own face-down draw, the dealer's own discard), so the same tally
comes out of every seat's view of the same moment
(``tests/engine/test_tally.py``).

>>> from firmware.engine import Match, make_variant, view_for, legal_actions
>>> m = Match(make_variant("tressette2"))
>>> s = m.start_hand(seed=3)
>>> m.apply(legal_actions(s)[0])
>>> public_tally(view_for(s, 0)) == public_tally(view_for(s, 1))
True
>>> len(public_tally(view_for(s, 1)).played)
1
"""

from __future__ import annotations

from dataclasses import dataclass

from firmware.engine.cards import Card
from firmware.engine.view import View


@dataclass(frozen=True, slots=True)
class CardTally:
    """``played``: in the tricks so far, in the order played (the open trick last);
    ``face_up``: seen by all, not played (in a hand face up, or aside face up)."""

    played: tuple[Card, ...]
    face_up: tuple[Card, ...]


def public_tally(view: View) -> CardTally:
    """The tally of ``view``'s moment: the same for every seat (only public cards)."""
    played = [c for t in view.tricks for c in t.cards] + [c for _, c in view.trick]
    gone = set(played)
    shown: list[Card] = [c for sv in view.seats for c in sv.shown]
    if view.variant.aside_shown or view.over:
        shown += view.aside
    face_up = tuple(dict.fromkeys(c for c in shown if c not in gone))
    return CardTally(tuple(played), face_up)
