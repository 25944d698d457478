"""What the table program tells people, in no language: catalogue keys + arguments.

The controller never writes English on the screen. Every note, refusal and
error is a :class:`ui.i18n.Message` (``msg("r_not_held", card=CardName(...))``)
that the screen renders in the language chosen in the settings; the one
catalogue is :mod:`ui.i18n` (plain data, no pygame: the app may import it).

The engine refuses in English (``IllegalAction``) and is not ours to change,
so :func:`engine_refusal` names the common refusals from what the app can see
itself — whose turn it is, the card's holder, the suit led, the declaration
window of the variant — and falls back to the engine's own text only for rare
ones (a signal's fine print, a zu-tun condition the screen never offers).
"""

from __future__ import annotations

from typing import Any

from firmware.engine import Action, Call, Claim, Declare, Discard, IllegalAction, Play, ZuTun
from firmware.engine.cards import CODE, DECKS, SUIT, card_list
from firmware.engine.refusals import SEAT_ARGS, rank_word
from ui.i18n import Arg, CardName, DeclName, Message, SuitName, Term, has, msg, render

__all__ = ["CardName", "DeclName", "Message", "SuitName", "Term", "english", "engine_refusal", "has", "msg",
           "refusal", "window_refusal"]


def refusal(exc: IllegalAction) -> Message:
    """The engine's refusal in catalogue words: key ``e_<code>``, its arguments named for
    the screen (a card by its name, a suit, seats counted from 1). Nothing is worked out
    again here: the engine said what and why (firmware/engine/refusals.py)."""
    params = exc.params
    deck = str(params.get("deck", "italian"))
    args: dict[str, Arg] = {}
    for key, value in params.items():
        if key == "deck":
            continue
        if key == "card" and isinstance(value, int):
            args[key] = CardName(deck, value)
        elif key == "cards" and isinstance(value, tuple):
            args[key] = ", ".join(CODE[c] for c in value)
        elif key in ("suit", "missing", "given") and isinstance(value, int):
            args[key] = SuitName(deck, value)
        elif key in SEAT_ARGS and isinstance(value, int):
            args[key] = value + 1
        elif key == "kind" and isinstance(value, str):
            args[key] = Term("k_" + value) if has("k_" + value) else value
        elif key == "rank" and isinstance(value, int):
            args[key] = rank_word(DECKS[deck], value)
        elif key == "ranks" and isinstance(value, tuple):
            args[key] = ", ".join(rank_word(DECKS[deck], r) for r in value)
        elif isinstance(value, (str, int)):
            args[key] = value
        else:
            args[key] = str(value)
    if "cards" in params and "count" not in params and isinstance(params["cards"], tuple):
        args["count"] = len(params["cards"])
    key = "e_" + exc.code
    return msg(key, **args) if has(key) else Message(text=str(exc))


def english(message: Message | str) -> str:
    """The English of a message: for logs, ``Outcome.reason`` and error texts."""
    return render(message, "en")


def engine_refusal(state: Any, action: Action, reason: str) -> Message:
    """The engine refused ``action`` in ``state`` with ``reason``: say it in catalogue words."""
    found = _known(state, action)
    return found if found is not None else Message(text=reason)


def _known(state: Any, action: Action) -> Message | None:
    st = state
    over = getattr(st, "over", False)
    if over:
        return msg("r_hand_over")
    deck = st.variant.deck
    pending = getattr(st, "pending", None)
    if isinstance(action, (Call, Discard)) or pending is not None:
        return _pending(st, action, deck)
    if isinstance(action, Play):
        return _play(st, action, deck)
    if isinstance(action, Declare):
        return _declare(st, action, deck)
    if isinstance(action, (ZuTun, Claim)):
        return None  # offered on screen only when legal; the engine's words are enough
    return None


def _pending(st: Any, action: Action, deck: Any) -> Message | None:
    pending = getattr(st, "pending", None)
    if pending is not None and (pending[1] != action.seat or pending[0] != _pending_kind(action)):
        kind, owner = pending
        return msg("r_first_call" if kind == "call" else "r_first_discard", n=owner + 1)
    if isinstance(action, Discard) and not st.hands[action.seat] >> action.card & 1:
        return msg("r_not_held", card=CardName(deck.name, action.card))
    return None


def _pending_kind(action: Action) -> str:
    return "call" if isinstance(action, Call) else "discard" if isinstance(action, Discard) else ""


def _play(st: Any, action: Play, deck: Any) -> Message | None:
    if action.seat != st.to_move:
        return msg("r_turn_of", n=st.to_move + 1)
    if not deck.contains(action.card):
        return msg("r_wrong_deck")
    hand = st.hands[action.seat]
    if not hand >> action.card & 1:
        return msg("r_not_held", card=CardName(deck.name, action.card))
    trick = st.trick
    if trick and not st.legal_mask() >> action.card & 1:
        lead = SUIT[trick[0]]
        follow = card_list(hand & st.suit_masks[lead])
        return msg(
            "r_follow_suit",
            suit=SuitName(deck.name, lead),
            n=len(follow),
            cards=", ".join(CODE[c] for c in follow),
        )
    return None  # a signal refused: the engine's text


def _declare(st: Any, action: Declare, deck: Any) -> Message | None:
    v = st.variant
    if st.declare_window(action.seat) is not None:
        return window_refusal(v, action.seat, st.to_move, bool(st.tricks), bool(st.trick), st.tricks)
    earlier = st.declarations_of(action.seat)
    for old in earlier:
        if old.kind == action.kind and old.suit == action.suit and old.rank == action.rank:
            return msg("r_decl_twice")
        if action.kind == "three" and old.kind == "four" and old.rank == action.rank:
            return msg("r_decl_three_after_four")
    what = DeclName(deck.name, action.kind, action.suit, action.rank)
    return msg("r_decl_cards", what=what)


def window_refusal(
    v: Any, seat: int, to_move: int | None, tricks_done: bool, trick_started: bool, tricks: Any = ()
) -> Message | None:
    """Why ``seat`` may not declare now, from the variant's declaration window (RULES.md)."""
    if not v.accusi:
        return msg("r_accusi_off")
    window = v.preset.declare_window
    if window == "start":
        return msg("r_accusi_before_first")
    if window == "turn":
        if seat != to_move:
            return msg("r_accusi_your_turn")
        return msg("r_accusi_on_lead")
    if window in ("first_card", "first_trick"):
        return msg("r_accusi_before_yours") if tricks_done else msg("r_accusi_your_turn")
    if window == "after_first_trick":
        done = list(tricks) if tricks is not None else []
        if len(done) == 1 and not trick_started:
            return msg("r_onori_order", n=done[0].winner + 1)
        return msg("r_onori_window")
    return msg("r_no_declarations")
