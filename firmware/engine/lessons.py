"""What a newcomer's guided hand teaches, read from a seat's view (docs/box.md "Learn to play").

Pure and stdlib only, like the rest of the engine: :func:`lessons_for` takes what
one seat may know (a :class:`~firmware.engine.view.View`) and says which of the
game's first lessons are true in that position now, in the order a newcomer
meets them. The screen never works out a rule itself: the accuso held and its
points are the declaration rules' (:func:`declarations.evaluate`), the cards that
may be played are the view's legal actions, a trick's worth is its cards' thirds
(plus the last trick's point) as the hand's count adds them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from firmware.engine import declarations
from firmware.engine.actions import Declare, Play
from firmware.engine.cards import SUIT, TRESSETTE_VALUES, Card, CardValues, Seat, Suit, mask_of
from firmware.engine.declarations import Declaration
from firmware.engine.state import declarable_cards
from firmware.engine.view import View

LessonKind = Literal["accuso", "follow", "void", "trick", "count"]


@dataclass(frozen=True, slots=True)
class Lesson:
    """One thing to teach, with the facts it says (all from the engine)."""

    kind: LessonKind
    suit: Suit | None = None  # follow / void: the suit led
    cards: tuple[Card, ...] = ()  # follow: the cards that may be played; trick: the trick's cards
    thirds: int = 0  # trick: what it was worth, in thirds of a point (the last trick's point included)
    last: bool = False  # trick: the hand's last trick
    winner: Seat | None = None  # trick: who took it
    declaration: Declaration | None = None  # accuso: the best one held, as the rules count it
    n_declarations: int = 0  # accuso: how many may be declared now
    takes: tuple[Card, ...] = ()  # void: the cards that would still take the trick (briscola's trumps)


def trick_thirds(cards: tuple[Card, ...], last: bool, values: CardValues = TRESSETTE_VALUES) -> int:
    """A trick's worth in thirds, in the game's count (tressette: ace 3, three/two/court 1,
    and for the last trick a point; Briscola: three per point, nothing for the last)."""
    return sum(values.thirds[c] for c in cards) + (values.last_trick if last else 0)


def declarable_now(view: View) -> tuple[Declaration, ...]:
    """What each declaration the seat may make now would be, as the rules count it (its
    points): one per legal :class:`Declare`, in the order of ``view.legal``."""
    v = view.variant
    declares = [a for a in view.legal if isinstance(a, Declare)]
    if not declares:
        return ()
    mine = tuple(d for d in view.declarations if d.seat == view.seat)
    held = declarable_cards(v, mask_of(view.hand), view.tricks, view.seat)
    return tuple(declarations.evaluate(v.deck, a, held, v.preset.napoletana_extends, mine, v.preset.decima)
                 for a in declares)  # fmt: skip


def lessons_for(view: View) -> tuple[Lesson, ...]:
    """The lessons true in ``view`` now, the most urgent first (an accuso before the card).

    ``follow`` only when the legal plays are exactly the seat's cards of the suit led and
    it holds others (the rule binds),
    ``void`` only when it holds none of that suit and every card it holds may be played.
    """
    out: list[Lesson] = []
    made = declarable_now(view)
    if made:
        best = max(made, key=lambda d: d.points)
        out.append(Lesson("accuso", declaration=best, n_declarations=len(made)))
    if view.my_turn and view.trick:
        led = SUIT[view.trick[0][1]]
        plays = tuple(a.card for a in view.legal if isinstance(a, Play))
        of_led = {c for c in view.hand if SUIT[c] == led}
        if of_led and set(plays) == of_led != set(view.hand):  # the rule binds: only the suit led may be played
            out.append(Lesson("follow", suit=led, cards=plays))
        elif not of_led and plays and set(plays) == set(view.hand):  # none of it: any card
            out.append(Lesson("void", suit=led, cards=plays, takes=tuple(view.winning_cards)))
        # (briscola binds nobody to follow: no lesson of either kind there)
    if view.tricks and not view.trick:
        t = view.tricks[-1]
        last = view.over and view.result is not None and view.result.ended_by == "play"
        values = view.variant.values
        thirds = trick_thirds(t.cards, last, values)
        if last and view.result is not None and len(view.result.thirds) > t.winner:
            # the last trick takes a widow too (terziglio): what the count gave its winner
            earlier = sum(trick_thirds(x.cards, False, values) for x in view.tricks[:-1] if x.winner == t.winner)
            thirds = view.result.thirds[t.winner] - earlier
        out.append(Lesson("trick", cards=t.cards, thirds=thirds, last=last, winner=t.winner))
    if view.over and view.result is not None:
        out.append(Lesson("count"))
    return tuple(out)
