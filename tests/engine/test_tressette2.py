"""Tressette a due con il monte (RULES.md §3.1, seed 002)."""

from __future__ import annotations

import pytest

from firmware.engine import (
    ITALIAN,
    THIRDS,
    Declare,
    HandState,
    IllegalAction,
    Match,
    Play,
    apply,
    deal_explicit,
    legal_actions,
    make_variant,
    view_for,
)
from firmware.engine.records import replay
from tests.engine.builders import tressette2, two_player_record

P = ITALIAN.parse

# seed 002 worked example: pairs (seat 0's card, seat 1's card), each trick one suit.
SEED_002_TRICKS = [
    ("3c", "Ac"), ("2c", "Rc"), ("Fc", "Cc"), ("6c", "7c"), ("4c", "5c"),
    ("3d", "Ad"), ("2d", "7d"), ("Cd", "Rd"), ("6d", "Fd"), ("4d", "5d"),
    ("3s", "As"), ("2s", "6s"), ("Cs", "Rs"), ("7s", "Fs"), ("4s", "5s"),
    ("Ab", "2b"), ("Cb", "Rb"), ("6b", "Fb"), ("4b", "5b"), ("3b", "7b"),
]  # fmt: skip


def test_seed_002_worked_example_6_plus_5_is_11() -> None:
    # seed 002: three aces + eight thirds + last trick = 6 2/3 -> 6; the other 1 ace + 12 thirds = 5.
    record = two_player_record(tressette2(), SEED_002_TRICKS)
    match = replay(record)
    (result,) = match.results
    assert result.last_trick == 0
    assert result.thirds == (20, 15)
    assert result.card_points == (6, 5)
    assert sum(result.card_points) == 11


def test_seed_002_example_cards_taken() -> None:
    record = two_player_record(tressette2(), SEED_002_TRICKS)
    match = Match(tressette2(), first_dealer=1)
    state = match.start_hand(record["hands"][0]["deal"])
    for obj in record["hands"][0]["actions"]:
        match.apply(Play(obj["seat"], P(obj["play"])))
    taken = [c for t in state.tricks if t.winner == 0 for c in t.cards]
    aces = [c for c in taken if THIRDS[c] == 3]
    thirds = [c for c in taken if THIRDS[c] == 1]
    assert len(aces) == 3 and len(thirds) == 8


def _state(hand0: str, hand1: str, talon: str = "", dealer: int = 1) -> HandState:
    v = make_variant("tressette2")
    used = set(hand0.split()) | set(hand1.split()) | set(talon.split())
    rest = [ITALIAN.code(c) for c in ITALIAN.cards if ITALIAN.code(c) not in used]
    tal = talon.split() + rest
    deal = deal_explicit(v, {"0": hand0.split(), "1": hand1.split(), "talon": tal[:20]})
    return HandState.start(v, deal, dealer)


H0 = "3c 2c Ac Rc 4c 3d 7d 5s 6b 4b"
H1 = "Cc Fc 2d Ad Rd 3s 2s As 7b 5b"


def test_non_dealer_leads_and_must_follow_suit() -> None:
    s = _state(H0, H1)
    assert s.to_move == 0
    s = apply(s, Play(0, P("4c")))
    assert {a.card for a in legal_actions(s) if isinstance(a, Play)} == {P("Cc"), P("Fc")}
    with pytest.raises(IllegalAction, match="you must follow suit: you hold 2 coppe"):
        apply(s, Play(1, P("Ad")))


def test_no_obligation_to_win_and_highest_of_suit_led_wins() -> None:
    s = _state(H0, H1)
    s = apply(s, Play(0, P("4c")))
    s = apply(s, Play(1, P("Fc")))
    assert s.tricks[-1].winner == 1 and s.to_move == 1


def test_other_suit_never_wins() -> None:
    s = _state(H0, "Cd Fd 2d Ad Rd 3s 2s As 7b 5b")
    s = apply(s, Play(0, P("4c")))
    s = apply(s, Play(1, P("2d")))  # void in coppe: any card, but it cannot win
    assert s.tricks[-1].winner == 0
    assert s.voids[1] == 1 << 0


def test_winner_draws_first_and_draws_are_shown() -> None:
    s = _state(H0, H1, talon="Cb 6c")
    s = apply(s, Play(0, P("4c")))
    s = apply(s, Play(1, P("Fc")))
    assert [(d.seat, ITALIAN.code(d.card)) for d in s.draws] == [(1, "Cb"), (0, "6c")]
    v0 = view_for(s, 0)
    assert P("Cb") in v0.seats[1].shown  # seed 002: "Gezogene Karten werden gezeigt"
    assert v0.talon_left == 18


def test_an_illegal_action_changes_nothing() -> None:
    s = _state(H0, H1)
    before = (s.hands[:], s.trick[:], s.talon_pos, len(s.declarations))
    for bad in (Play(1, P("Cc")), Play(0, P("Cc")), Play(0, P("Rs"))):
        with pytest.raises(IllegalAction):
            apply(s, bad)
    assert (s.hands, s.trick, s.talon_pos, len(s.declarations)) == before


def test_accusi_at_start_by_both_players_then_closed() -> None:
    s = _state(H0, "Cc Fc 2d Ad 3d Rd 3s 2s As 4s".replace("3d", "Cs"), dealer=1)
    offered0 = [a for a in legal_actions(s, 0) if isinstance(a, Declare)]
    assert Declare(0, "napoletana", suit=0, extra=1) in offered0  # 3c 2c Ac + 4c
    s = apply(s, Declare(0, "napoletana", suit=0))
    assert s.declarations[-1].points == 4  # seed 002: "mit der 4 dazu sind es 4"
    s = apply(s, Declare(1, "napoletana", suit=2))  # 3s 2s As 4s: extended too
    assert s.declarations[-1].points == 4
    s = apply(s, Play(0, P("6b")))
    with pytest.raises(IllegalAction, match="before the first card"):
        apply(s, Declare(1, "three", rank=1))


def test_false_declaration_refused() -> None:
    s = _state(H0, H1)
    with pytest.raises(IllegalAction, match="napoletana"):
        apply(s, Declare(0, "napoletana", suit=1))
    with pytest.raises(IllegalAction, match="exactly 3"):
        apply(s, Declare(0, "three", rank=0))


def test_three_of_a_kind_names_the_missing_suit_and_shows_cards() -> None:
    s = _state("3c 3d 3s 2c 4c 5c 6c 7c Fc Cc", "2d 2s 2b Ad Rd Cs Fs As 7b 5b")
    s = apply(s, Declare(1, "three", rank=1))
    decl = s.declarations[-1]
    assert decl.missing == 0 and decl.points == 3  # the 2 of coppe is missing
    assert set(view_for(s, 0).seats[1].shown) == {P("2d"), P("2s"), P("2b")}


@pytest.mark.parametrize(
    ("before", "finished", "winner"),
    [
        ((10, 10), False, None),  # 16-15: nobody at 21
        ((14, 16), True, 1),  # 20-21: the first to reach the target wins
        ((16, 16), True, 0),  # 22-21: both reach it, the higher total wins
        ((15, 16), False, None),  # 21-21: equal, another hand (seed 002)
    ],
)
def test_target_check_at_the_end_of_the_hand(
    before: tuple[int, int], finished: bool, winner: int | None
) -> None:
    record = two_player_record(tressette2(), SEED_002_TRICKS)  # this hand scores 6 - 5
    match = Match(tressette2(), first_dealer=1)
    match.totals = list(before)
    match.start_hand(record["hands"][0]["deal"])
    for obj in record["hands"][0]["actions"]:
        match.apply(Play(obj["seat"], P(obj["play"])))
    assert match.totals == [before[0] + 6, before[1] + 5]
    assert (match.finished, match.winner) == (finished, winner)


def test_dealer_alternates_and_non_dealer_leads() -> None:
    m = Match(make_variant("tressette2", {"accusi": False}), first_dealer=0)
    import random

    rng = random.Random(5)
    for hand in range(3):
        state = m.start_hand(seed=hand)
        assert state.dealer == hand % 2 and state.to_move == (hand + 1) % 2
        while not state.over:
            acts = legal_actions(state)
            m.apply(acts[rng.randrange(len(acts))])
        if m.finished:
            break
