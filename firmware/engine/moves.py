"""The checked public path of a hand: what a seat may do now (:func:`legal_actions`),
why an action is refused (:func:`check`, :class:`IllegalAction` with a readable
reason) and an action done (:func:`apply`: a new state, the old one untouched;
:func:`apply_unchecked`: in place, after checking, as the journal replays).

The unchecked fast path for search (:meth:`HandState.legal_mask`,
:meth:`HandState.play_fast`, :meth:`HandState.copy`) stays with the state in
:mod:`firmware.engine.state`.
"""

from __future__ import annotations

from firmware.engine.actions import Action, Call, Claim, Declare, Discard, Play, ZuTun
from firmware.engine.cards import Seat, cards_of
from firmware.engine.declarations import Declaration
from firmware.engine.errors import IllegalAction
from firmware.engine.played import Signal
from firmware.engine.refusals import Refusal
from firmware.engine.state import HandState


def legal_actions(state: HandState, seat: Seat | None = None) -> list[Action]:
    """What ``seat`` (default: the seat to move) may do now.

    Other seats than the one to move may have declarations open (tressette2
    declares before the first card; tressette4's onori after trick 1) and, in
    tressette4, a claim (chiamarsi fuori). Plays are listed without signals:
    :meth:`HandState.legal_signals` says which may be spoken with each card.
    """
    if state.over:
        return []
    mover = state.to_move
    seat = mover if seat is None else seat
    if state.pending is not None:
        kind, owner = state.pending
        if seat != owner:
            return []
        if kind == "call":
            return [Call(seat, c) for c in state.call_candidates(seat)]
        return [Discard(seat, c) for c in state.discard_candidates(seat)]
    out: list[Action] = list(state.possible_declarations(seat))
    if seat == mover:
        out.extend(ZuTun(seat, c) for c in state.zu_tun_cards(seat))
        mask = state.holdings.play_mask(state, seat)
        out.extend(Play(seat, c) for c in cards_of(mask))
    if state.variant.claims and state.claim_refusal(seat) is None:
        out.append(Claim(seat))
    return out


def check(state: HandState, action: Action) -> None:
    """Raise :class:`IllegalAction` with the reason if ``action`` is not legal now."""
    if state.over:
        raise IllegalAction(Refusal.HAND_OVER)
    if not 0 <= action.seat < state.n:
        raise IllegalAction(Refusal.NO_SEAT, seat=action.seat)
    if isinstance(action, Call):
        _check_call(state, action)
        return
    if isinstance(action, Discard):
        if state.pending != ("discard", action.seat):
            raise IllegalAction(Refusal.DISCARD_NOT_NOW)
        if action.card not in state.discard_candidates(action.seat):
            if state.variant.deck.contains(action.card):
                state.holdings.play_refusal(state, action.seat, action.card)
            raise IllegalAction(Refusal.NOT_HELD, card=action.card)
        return
    if state.pending is not None:
        kind, owner = state.pending
        raise IllegalAction(Refusal.FIRST_CALL if kind == "call" else Refusal.FIRST_DISCARD, seat=owner)
    reason: IllegalAction | None
    if isinstance(action, Play):
        _check_play(state, action)
    elif isinstance(action, Declare):
        reason = state.declare_window(action.seat, action.kind)
        if reason is not None:
            raise reason
        _declaration(state, action)
    elif isinstance(action, ZuTun):
        reason = state.zu_tun_refusal(action.seat, action.card)
        if reason is not None:
            raise reason
    elif isinstance(action, Claim):
        reason = state.claim_refusal(action.seat)
        if reason is not None:
            raise reason
    else:  # pragma: no cover - the Action union is closed
        raise IllegalAction(Refusal.UNKNOWN_ACTION, action=repr(action))


def _declaration(state: HandState, action: Declare) -> Declaration:
    """The declaration ``action`` makes; raises if it is not true (as far as can be known)."""
    return state.holdings.declaration(state, action)


def _check_call(state: HandState, action: Call) -> None:
    if not state.variant.preset.call_partner:
        raise IllegalAction(Refusal.NO_CALL)
    if state.pending != ("call", action.seat):
        raise IllegalAction(Refusal.CALL_NOT_NOW)
    allowed = state.call_candidates(action.seat)
    if action.card not in allowed:
        raise IllegalAction(Refusal.CALL_NOT_ALLOWED, card=action.card, cards=tuple(allowed))


def _check_play(state: HandState, action: Play) -> None:
    v = state.variant
    if action.seat != state.to_move:
        raise IllegalAction(Refusal.TURN_OF, seat=state.to_move, actor=action.seat)
    if not v.deck.contains(action.card):
        raise IllegalAction(Refusal.WRONG_DECK, deck=v.deck.name)
    state.holdings.play_refusal(state, action.seat, action.card)
    if action.signals:
        reason = state.signal_refusal(action.card, tuple(action.signals))
        if reason is not None:
            raise reason


def apply(state: HandState, action: Action) -> HandState:
    """A new state with ``action`` done; ``state`` itself is never changed."""
    check(state, action)
    new = state.copy()
    apply_unchecked(new, action)
    return new


def apply_unchecked(state: HandState, action: Action) -> None:
    """Do a legal action in place (the journal replays through here after checking)."""
    holdings = state.holdings
    if isinstance(action, Play):
        if action.signals:
            state.signals += (
                Signal(len(state.tricks), action.seat, action.card, tuple(action.signals)),
            )
        holdings.before_play(state, action.seat, action.card)
        state.play_fast(action.card)
        if state.over:
            holdings.close(state)
    elif isinstance(action, Declare):
        decl = _declaration(state, action)
        state.declarations.append(decl)
        holdings.declared(state, decl, action)
        if decl.kind == "decima":
            state.over = True
            state.ended_by = "decima"
    elif isinstance(action, ZuTun):
        holdings.take(state, action.seat, action.card)
        state.hands[action.seat] &= ~(1 << action.card)
        state.over = True
        state.ended_by = "zu_tun"
        state.zu_tun_seat = action.seat
    elif isinstance(action, Claim):
        # Chiamarsi fuori: count the side's card points so far (onori already recorded).
        state.claim_ok = state.hand_total(action.seat) >= state.target
        state.claim_seat = action.seat
        state.over = True
        state.ended_by = "claim"
    elif isinstance(action, Call):
        holder = next((s for s in range(state.n) if state.hands[s] >> action.card & 1), None)
        state.called = action.card
        # Real cards: the partner is whoever plays the called card (module table).
        partners = (action.seat,) if holder is None else (action.seat, holder)
        state.hand_sides = tuple(0 if s in partners else 1 for s in range(state.n))
        state.pending = None
    elif isinstance(action, Discard):
        holdings.take(state, action.seat, action.card)
        bit = 1 << action.card
        state.hands[action.seat] &= ~bit
        state.known[action.seat] &= ~bit
        state.widow += (action.card,)
        state.pending = None
