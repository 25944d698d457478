"""The touchscreen's card picker for real cards without a reader (docs/box.md §4).

A table seat names the card it laid with one tap on the whole deck; a card is dimmed
when the engine would refuse it now and the whole table may know why. Kept apart from
:mod:`firmware.engine.table` (which :mod:`firmware.engine.state` uses): this module asks
the state's one check, so the imports go one way.
"""

from __future__ import annotations

from firmware.engine.actions import Discard, Play
from firmware.engine.cards import Card, Seat
from firmware.engine.errors import IllegalAction
from firmware.engine.moves import check
from firmware.engine.state import HandState

PUBLIC_REASONS = frozenset(
    {"already_played", "follow_suit", "showed_void", "no_unknown_cards", "card_aside", "card_held_by"}
)
"""The refusals the card picker may show on a card before it is tapped (docs/box.md §4)."""


def picker_marks(state: HandState, seat: Seat) -> tuple[tuple[Card, IllegalAction | None], ...]:
    """The touchscreen's card picker for the hidden ``seat`` to move: every card of the
    deck, in deck order, with the reason the engine would refuse it now, or None.

    A tap on a card makes the same action a scan would (a play, or terziglio's card laid
    away), so the reason is the engine's own check of that action. Only what the whole
    table may know dims a card: a card played, a suit the seat showed it lacks, the suit
    led it must follow, a card lying face up aside, a card another *person* was seen to
    hold (briscola's shown trump, a decima laid down). A computer's cards and cards aside
    face down are secret: they are not dimmed, and the engine refuses a tap on one as it
    refuses its scan.
    """
    out: list[tuple[Card, IllegalAction | None]] = []
    discard = state.pending is not None and state.pending[0] == "discard"
    for card in state.variant.deck.cards:
        try:
            check(state, Discard(seat, card) if discard else Play(seat, card))
        except IllegalAction as exc:
            out.append((card, exc if _public(state, exc, card) else None))
            continue
        out.append((card, None))
    return tuple(out)


def _public(state: HandState, exc: IllegalAction, card: Card) -> bool:
    """May the table see this refusal before the card is tapped?"""
    if exc.code not in PUBLIC_REASONS:
        return False
    bit = 1 << card
    if exc.code == "card_held_by":
        holder = exc.params.get("seat")
        return isinstance(holder, int) and (state.is_hidden(holder) or bool(state.known[holder] & bit))
    if exc.code == "card_aside":
        # treschetten3's two cards laid aside face up; a widow (terziglio, ciapano's odd card)
        # and terziglio's card laid away lie face down
        return state.variant.aside_shown and card in state.aside
    return True
