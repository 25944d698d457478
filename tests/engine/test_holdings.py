"""The hand's one interface to what the box knows (firmware/engine/holdings.py).

HandState used to branch on ``state.table is None`` (a dealt hand) or a TableInfo (real
cards). Each function ``old_*`` below is such a branch as it read, from the state's own
fields; every preset and option value, dealt and scanned, must get the same answers
from ``state.holdings`` at every step of a hand.
"""

from __future__ import annotations

import copy
import pickle
import random
from typing import Any

import pytest

from firmware.engine import Declare, IllegalAction, Match, Play, make_variant
from firmware.engine.actions import Discard
from firmware.engine.cards import SUIT, card_list, mask_of
from firmware.engine.deal import deal_seeded
from firmware.engine.declarations import evaluate, possible
from firmware.engine.holdings import OPEN_HANDS, Holdings
from firmware.engine.moves import check
from firmware.engine.refusals import Refusal
from firmware.engine.state import HandState
from firmware.engine.table import TableInfo, said_aloud, scanned_at_deal
from tests.engine.test_table import CASES, known_seats, pick

# ------------------------------------------------- the branches as they read


def table_of(state: HandState) -> TableInfo | None:
    h = state.holdings
    assert h is OPEN_HANDS or isinstance(h, TableInfo)
    return h if isinstance(h, TableInfo) else None


def old_is_hidden(state: HandState, seat: int) -> bool:
    info = table_of(state)
    return info is not None and info.hidden[seat]


def old_held(state: HandState, seat: int) -> int:
    info = table_of(state)
    return state.hands[seat].bit_count() if info is None else info.counts[seat]


def old_may_hold(state: HandState, seat: int) -> int:
    """TableInfo.may_hold as it read, and a dealt hand's cards."""
    info = table_of(state)
    known = state.hands[seat]
    if info is None:
        return known
    if info.hidden[seat] and info.counts[seat] - known.bit_count() > 0:
        return known | info.pool
    return known


def old_zu_tun_holds(state: HandState, seat: int, card: int) -> bool:
    info = table_of(state)
    return bool(state.hands[seat] >> card & 1 or (info is not None and old_may_hold(state, seat) >> card & 1))


def old_discardable(state: HandState, seat: int) -> int:
    return state.hands[seat] if table_of(state) is None else old_may_hold(state, seat) & ~state.played


def old_signal_possible(state: HandState, seat: int) -> int:
    return state.hands[seat] if table_of(state) is None else old_may_hold(state, seat) & ~state.played


def old_hand_done(state: HandState) -> bool:
    info = table_of(state)
    return len(state.tricks) == state.n_tricks if info is not None else not any(state.hands)


def old_false(state: HandState) -> tuple[Any, ...]:
    info = table_of(state)
    return tuple(info.false) if info is not None else ()


def old_announced(state: HandState, seat: int) -> int:
    info = table_of(state)
    mask = 0
    if info is not None and info.hidden[seat]:
        for claim in info.claims:
            if claim.decl.seat == seat and claim.need == len(claim.decl.cards):
                mask |= mask_of(claim.decl.cards) & ~state.played
    return mask


def old_play_mask(state: HandState, seat: int) -> int:
    info = table_of(state)
    return info.play_mask(state, seat) if info is not None and info.hidden[seat] else state.legal_mask()


def refusal(fn: Any, *args: Any) -> tuple[str, dict[str, object]] | None:
    try:
        fn(*args)
    except IllegalAction as exc:
        return exc.code, exc.params
    return None


def old_play_refusal(state: HandState, seat: int, card: int) -> None:
    """_check_play after the turn and the deck, as it read."""
    info = table_of(state)
    hand = state.hands[seat]
    if info is not None and info.hidden[seat]:
        info.play_refusal(state, seat, card)
    elif not hand >> card & 1:
        raise IllegalAction(Refusal.NOT_HELD, card=card)
    elif not state.legal_mask() >> card & 1:
        lead = SUIT[state.trick[0]]
        follow = tuple(card_list(hand & state.suit_masks[lead]))
        raise IllegalAction(Refusal.FOLLOW_SUIT, deck=state.variant.deck.name, suit=lead, cards=follow)


def old_possible_declarations(state: HandState, seat: int) -> list[Declare]:
    info = table_of(state)
    if info is not None and info.hidden[seat]:
        return info.possible_claims(state, seat)
    p = state.variant.preset
    return possible(state.variant.deck, seat, state.declarable_mask(seat), p.napoletana_extends,
                    state.declarations_of(seat), p.decima)  # fmt: skip


def old_declaration(state: HandState, action: Declare) -> Any:
    info = table_of(state)
    if info is not None and info.hidden[action.seat]:
        return info.claim_of(state, action)  # then check_earlier, as the new one does
    p = state.variant.preset
    return evaluate(state.variant.deck, action, state.declarable_mask(action.seat), p.napoletana_extends,
                    state.declarations_of(action.seat), p.decima)  # fmt: skip


def old_discard_refusal(state: HandState, seat: int, card: int) -> None:
    """check() of a Discard, as it read."""
    if card not in state.discard_candidates(seat):
        info = table_of(state)
        if info is not None and info.hidden[seat] and state.variant.deck.contains(card):
            info.play_refusal(state, seat, card)
        raise IllegalAction(Refusal.NOT_HELD, card=card)


# ------------------------------------------------------------ the comparison


def compare(state: HandState) -> None:
    h: Holdings = state.holdings
    v = state.variant
    assert h.real_cards == (table_of(state) is not None)
    assert h.hand_done(state) == old_hand_done(state)
    assert h.false_declarations() == old_false(state)
    for seat in range(state.n):
        assert h.is_hidden(seat) == old_is_hidden(state, seat) == state.is_hidden(seat)
        assert h.held(state, seat) == old_held(state, seat)
        assert h.announced(state, seat) == old_announced(state, seat)
        assert h.may_hold(state, seat) & ~state.played == old_discardable(state, seat)
        assert h.may_hold(state, seat) & ~state.played == old_signal_possible(state, seat)
        for c in v.deck.cards:
            assert bool(h.may_hold(state, seat) >> c & 1) == old_zu_tun_holds(state, seat, c)
        if state.declare_window(seat) is None:
            assert h.possible_declarations(state, seat) == old_possible_declarations(state, seat)
            for d in old_possible_declarations(state, seat):
                assert refusal(h.declaration, state, d) == refusal(old_declaration, state, d)
    if state.over:
        return
    if state.pending is not None:
        kind, seat = state.pending
        for c in v.deck.cards if kind == "discard" else ():
            assert refusal(check, state, Discard(seat, c)) == refusal(old_discard_refusal, state, seat, c)
        return
    mover = state.to_move
    assert h.play_mask(state, mover) == old_play_mask(state, mover)
    for c in v.deck.cards:
        assert refusal(h.play_refusal, state, mover, c) == refusal(old_play_refusal, state, mover, c)


def play_and_compare(name: str, options: dict[str, Any], seed: int, hands: int = 2) -> int:
    """Dealt and scanned, side by side (as tests/engine/test_table.py plays them),
    comparing before every action; returns the states compared."""
    variant = make_variant(name, options)
    rng = random.Random(seed)
    dealt, table = Match(variant), Match(variant)
    compared = 0
    for hand in range(hands):
        if dealt.finished:
            break
        deal_seed = seed * 100 + hand
        st = dealt.start_hand({"seed": deal_seed})
        deal = deal_seeded(variant, deal_seed, st.dealer)
        tb = table.start_hand(scanned_at_deal(variant, deal, st.dealer, known_seats(variant)))
        assert st.holdings is OPEN_HANDS and isinstance(tb.holdings, TableInfo)
        while True:
            compare(st)
            compare(tb)
            compared += 2
            if st.over:
                break
            action = pick(dealt, rng)
            before = len(st.declarations)
            dealt.apply(action)
            if isinstance(action, Declare) and tb.is_hidden(action.seat):
                action = said_aloud(st.declarations[before])
            table.apply(action)
        assert tb.over
    return compared


@pytest.mark.parametrize(("name", "options"), CASES, ids=[f"{n}-{o}" for n, o in CASES])
def test_the_holdings_answer_as_the_table_branches_did(name: str, options: dict[str, Any]) -> None:
    assert play_and_compare(name, options, seed=3) > 10


def test_open_hands_is_one_object_through_copies_and_pickles() -> None:
    """The hot path tests ``holdings is OPEN_HANDS``: no copy may make a second one."""
    v = make_variant("tressette2")
    st = HandState.start(v, deal_seeded(v, 1, 0), 0)
    assert st.copy().holdings is OPEN_HANDS
    assert copy.deepcopy(st.holdings) is OPEN_HANDS
    assert pickle.loads(pickle.dumps(st.holdings)) is OPEN_HANDS


def test_a_table_copy_is_its_own() -> None:
    v = make_variant("tressette2")
    deal = deal_seeded(v, 1, 0)
    m = Match(v)
    st = m.start_hand(scanned_at_deal(v, deal, 0))
    before = st.copy()
    leader = st.to_move
    m.apply(Play(leader, deal.hands[leader][0]))
    assert isinstance(st.holdings, TableInfo) and isinstance(before.holdings, TableInfo)
    assert st.holdings.counts != before.holdings.counts
    assert st.holdings.pool != before.holdings.pool
