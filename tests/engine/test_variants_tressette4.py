"""tressette4 (seed 003): onori after trick 1, chiamarsi fuori, sudden wins, the stake ledger."""

from __future__ import annotations

import pytest

from firmware.engine import (
    Claim,
    Declare,
    HandState,
    IllegalAction,
    Match,
    Play,
    Trick,
    deal_explicit,
    legal_actions,
    make_variant,
)
from firmware.engine.records import dumps, loads
from tests.engine.test_variants_support import fill_deal, play, play_out_lowest

COPPE, DENARI = 0, 1
RANK_2 = 1


def onori_match() -> Match:
    # Seat 1 (after dealer 0) holds 3c 2c Ac 2s 2b; seat 0 holds 3d 2d Ad.
    v = make_variant("tressette4")
    match = Match(v)
    match.start_hand(fill_deal(v, {1: "3c 2c Ac 2s 2b"}))
    return match


def test_kelch_napoletana_und_2er_ohne_muenzen_is_6() -> None:
    # seed 003: "Kelch-Napoletana und 2er ohne Münzen" = 6; the 2s played to trick 1 still counts.
    match = onori_match()
    play(match, "2s", "3s", "4s", "Rc")  # seat 2 takes trick 1 with the 3s
    state = match.state
    assert state is not None and state.tricks[0].winner == 2
    match.apply(Declare(1, "napoletana", suit=COPPE))
    match.apply(Declare(1, "three", rank=RANK_2))
    mine = state.declarations_of(1)
    assert sum(d.points for d in mine) == 6
    assert mine[1].missing == DENARI  # "ohne Münzen"
    assert state.declared_points(state.side_of(1)) == 6


def test_onori_only_after_the_first_trick_and_before_the_second() -> None:
    match = onori_match()
    state = match.state
    assert state is not None
    with pytest.raises(IllegalAction, match="after the first trick"):
        match.apply(Declare(1, "napoletana", suit=COPPE))
    play(match, "2s", "3s", "4s", "Rc")
    assert Declare(1, "napoletana", suit=COPPE) in legal_actions(state, 1)
    play(match, "As")  # seat 2 leads trick 2: the window is shut
    with pytest.raises(IllegalAction, match="after the first trick"):
        match.apply(Declare(1, "napoletana", suit=COPPE))


def test_onori_go_in_turn_from_the_winner_of_trick_one() -> None:
    match = onori_match()
    play(match, "2s", "3s", "4s", "Rc")  # seat 2 won: order 2, 3, 0, 1
    match.apply(Declare(1, "napoletana", suit=COPPE))  # the last in turn declares
    with pytest.raises(IllegalAction, match="in turn"):
        match.apply(Declare(0, "napoletana", suit=DENARI))  # seat 0 came before him


def test_onori_earlier_in_turn_is_fine() -> None:
    match = onori_match()
    play(match, "2s", "3s", "4s", "Rc")
    match.apply(Declare(0, "napoletana", suit=DENARI))
    match.apply(Declare(1, "napoletana", suit=COPPE))
    state = match.state
    assert state is not None
    assert [d.seat for d in state.declarations] == [0, 1]


def test_target_is_21_without_onori_and_31_with() -> None:
    assert make_variant("tressette4").target == 31
    assert make_variant("tressette4", {"accusi": False}).target == 21
    assert make_variant("tressette4", {"accusi": False, "target": 51}).target == 51


# ----------------------------------------------------------------- sudden wins


def all_coppe_to_leader(options: dict[str, object] | None = None) -> Match:
    v = make_variant("tressette4", options)
    match = Match(v)
    match.start_hand(fill_deal(v, {1: "3c 2c Ac Rc Cc Fc 7c 6c 5c 4c"}))
    return match


def test_cappottone_one_player_takes_every_trick_six_times() -> None:
    match = all_coppe_to_leader({"accusi": False})
    play_out_lowest(match)
    result = match.results[-1]
    assert result.sudden == "cappottone" and result.multiplier == 6
    assert match.finished and match.winner == 1
    assert match.ledger[-1].reason == "cappottone" and match.stakes == [0, 6]


def lead(match: Match, card: str) -> None:
    """``card`` leads; the others follow with their strongest legal card."""
    state = match.state
    assert state is not None
    play(match, card)
    while state.trick:
        match.apply([a for a in legal_actions(state) if isinstance(a, Play)][0])


def test_cappotto_a_side_takes_every_trick_twice() -> None:
    # Seat 1 cashes five denari, then gives the lead to his partner's coppe;
    # seats 0 and 2 hold only spade and bastoni.
    v = make_variant("tressette4", {"accusi": False})
    match = Match(v)
    deal = fill_deal(v, {1: "3d 2d Ad Rd Cd Fc 7c 6c 5c 4c", 3: "3c 2c Ac Rc Cc Fd 7d 6d 5d 4d"})
    match.start_hand(deal)
    for card in ("3d", "2d", "Ad", "Rd", "Cd", "4c"):
        lead(match, card)
    play_out_lowest(match)
    state = match.state
    assert state is not None
    assert {t.winner for t in state.tricks} == {1, 3}
    result = match.results[-1]
    assert result.sudden == "cappotto" and result.multiplier == 2
    assert match.ledger[-1].winners == (1,) and match.stakes == [0, 2]


def synthetic(thirds: list[int], winners: list[int], last: int) -> HandState:
    """A finished tressette4 hand with the given takings (tricks' cards do not matter)."""
    v = make_variant("tressette4")
    state = HandState.start(v, deal_explicit(v, fill_deal(v, {})), 0)
    state.hands = [0, 0, 0, 0]
    state.tricks = [Trick(0, (), w) for w in winners]
    state.thirds = thirds
    state.last_winner = last
    state.over = True
    return state


def test_stramazzo_all_eleven_points_while_the_others_take_a_trick() -> None:
    # seed 003: the opponents may take up to ⅔, which floors to 0.
    state = synthetic([2, 27, 0, 6], [0] + [1] * 8 + [3], last=3)
    result = state.result()
    assert result.card_points == (0, 11)
    assert (result.sudden, result.multiplier, result.sudden_side) == ("stramazzo", 3, 1)


def test_stramazzone_one_player_takes_all_whole_points() -> None:
    state = synthetic([2, 33, 0, 0], [0] + [1] * 9, last=1)
    assert (state.result().sudden, state.result().multiplier) == ("stramazzone", 8)


def test_stramazzone_does_not_count_the_last_trick() -> None:
    # The opponents took the last trick (its point does not count here), seat 1 the rest.
    state = synthetic([3, 32, 0, 0], [1] * 9 + [0], last=0)
    result = state.result()
    assert result.card_points == (1, 10)
    assert (result.sudden, result.multiplier) == ("stramazzone", 8)


def test_no_sudden_win_when_points_are_shared() -> None:
    state = synthetic([10, 15, 5, 5], [0, 1, 2, 3, 1, 1, 0, 0, 1, 1], last=1)
    assert state.result().sudden is None and state.result().multiplier == 1


def test_sudden_wins_option_off() -> None:
    match = all_coppe_to_leader({"accusi": False, "sudden_wins": False})
    play_out_lowest(match)
    assert match.results[-1].sudden is None
    assert not match.finished  # 11 points: far from the target


def test_napoletana_decima_wins_sixteen_times() -> None:
    # seed 003: all ten cards of a suit; the card played to trick 1 still counts.
    match = all_coppe_to_leader()
    lead(match, "4c")
    state = match.state
    assert state is not None
    decima = Declare(1, "decima", suit=COPPE)
    assert decima in legal_actions(state, 1)
    match.apply(decima)
    assert state.over and state.ended_by == "decima"
    assert match.finished and match.winner == 1
    assert match.ledger[-1].multiplier == 16 and match.ledger[-1].reason == "decima"


def test_no_decima_in_treseta4() -> None:
    v = make_variant("treseta4")
    match = Match(v)
    match.start_hand(fill_deal(v, {1: "3c 2c Ac Rc Cc Fc 7c 6c 5c 4c"}))
    with pytest.raises(IllegalAction):
        match.apply(Declare(1, "decima", suit=COPPE))


# ------------------------------------------------------------- chiamarsi fuori


def test_a_wrong_claim_loses_the_game() -> None:
    match = onori_match()
    play(match, "2s", "3s", "4s", "Rc")
    match.apply(Claim(0))  # side 0 has 0 + a few thirds: far from 31
    result = match.results[-1]
    assert result.ended_by == "claim" and result.claim_ok is False
    assert match.finished and match.winner == 1
    assert match.ledger[-1].reason == "claim_wrong"


def claim_when_reached(seed: int) -> tuple[Match, int] | None:
    """Seeded hands, onori declared, strongest cards played, until a seat's side has
    reached the target during a hand: it claims. None if a hand's end got there first."""
    v = make_variant("tressette4", {"target": 21, "sudden_wins": False})
    match = Match(v)
    for hand in range(6):
        state = match.start_hand(seed=seed * 100 + hand)
        while not state.over:
            for seat in range(4):
                if state.hand_total(seat) >= 21:
                    match.apply(Claim(seat))
                    return match, seat
            decls = [a for s in range(4) for a in legal_actions(state, s) if isinstance(a, Declare)]
            if decls:
                match.apply(decls[0])
                continue
            match.apply([a for a in legal_actions(state) if isinstance(a, Play)][0])
        if match.finished:
            return None
    return None


def test_a_right_claim_wins_the_game_counting_onori_and_card_points_so_far() -> None:
    found = next(r for r in map(claim_when_reached, range(20)) if r is not None)
    match, seat = found
    v = match.variant
    result = match.results[-1]
    assert result.ended_by == "claim" and result.claim_ok is True
    assert result.last_trick is None  # play stopped: no last trick
    assert match.finished and match.winner == v.side_of(seat)
    assert match.ledger[-1].reason == "claim" and match.ledger[-1].multiplier == 1
    again = loads(dumps(match))
    assert again.ledger == match.ledger and again.winner == match.winner


def test_no_claims_when_the_option_is_off() -> None:
    v = make_variant("tressette4", {"chiamarsi_fuori": False})
    match = Match(v)
    state = match.start_hand(seed=4)
    assert not any(isinstance(a, Claim) for a in legal_actions(state, 0))
    with pytest.raises(IllegalAction, match="chiamarsi fuori"):
        match.apply(Claim(0))
