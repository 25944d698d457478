"""Treschetten (RULES.md §3.2, seed 000)."""

from __future__ import annotations

import random

import pytest

from firmware.engine import (
    BAVARIAN,
    Declare,
    HandState,
    IllegalAction,
    Match,
    Play,
    Variant,
    ZuTun,
    apply,
    deal_explicit,
    legal_actions,
    make_variant,
    view_for,
)
from firmware.engine.records import replay
from tests.engine.builders import two_player_record

P = BAVARIAN.parse


def treschetten(**options: object) -> Variant:
    return make_variant("treschetten2", {"accusi": False, **options})


# seed 000 Pezz example: seat 0 takes König, Unter (Eichel), Herz 10, Herz Ass, Laub 9,
# Laub Ober, Herz 9, Herz König, Schell 7, Schell Ober; seat 1 everything else and the last trick.
PEZZ_TRICKS = [
    ("Ke", "Ue"), ("9e", "10e"), ("10h", "Ah"), ("Oe", "Ae"), ("9l", "Ol"), ("7e", "8e"),
    ("Al", "10l"), ("9h", "Kh"), ("Ul", "Kl"), ("7l", "8l"), ("Os", "7s"), ("Uh", "Oh"),
    ("7h", "8h"), ("9s", "10s"), ("Ks", "As"), ("8s", "Us"),
]  # fmt: skip


def test_seed_000_pezz_example_3_and_2_pezz_is_3() -> None:
    match = replay(two_player_record(treschetten(), PEZZ_TRICKS))
    (result,) = match.results
    assert result.thirds[0] == 11  # "3 und 2 Pezz"
    assert result.card_points[0] == 3
    assert result.last_trick == 1
    assert sum(result.card_points) == 11


EARLY = [
    ("10e", "9e"), ("Ae", "Ke"), ("Oe", "Ue"), ("8e", "7e"), ("9l", "10l"), ("Kl", "Al"),
    ("Ul", "Ol"), ("7l", "8l"), ("10s", "9s"), ("As", "Ks"), ("Os", "Us"), ("8s", "7s"),
    ("Oh", "Uh"), ("8h", "7h"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("last_two", "expected"),
    [
        # seed 000 strategy notes: A holds Herz Ass + Herz 9, B Herz König + Herz 10, A leads.
        ([("Ah", "10h"), ("9h", "Kh")], (5, 4)),  # A: 1 Punkt 2 Pezz, B: 1 Punkt 1 Pezz
        ([("Ah", "Kh"), ("9h", "10h")], (4, 5)),  # A: 1 Punkt 1 Pezz, B: 1 Punkt 2 Pezz
        ([("9h", "Kh"), ("Ah", "10h")], (2, 7)),  # A: 2 Pezz, B: 2 Punkte 1 Pezz
        ([("9h", "10h"), ("Ah", "Kh")], (7, 2)),  # A: 2 Punkte 1 Pezz, B: 2 Pezz
    ],
)
def test_seed_000_last_two_tricks_four_lines(
    last_two: list[tuple[str, str]], expected: tuple[int, int]
) -> None:
    record = two_player_record(treschetten(), EARLY + last_two)
    match = Match(treschetten(), first_dealer=1)
    state = match.start_hand(record["hands"][0]["deal"])
    actions = record["hands"][0]["actions"]
    for obj in actions[:28]:
        match.apply(Play(obj["seat"], P(obj["play"])))
    assert state.to_move == 0 and state.talon_left == 0
    before = list(state.thirds)
    for obj in actions[28:]:
        match.apply(Play(obj["seat"], P(obj["play"])))
    assert tuple(a - b for a, b in zip(state.thirds, before, strict=True)) == expected


def _state(hand0: str, hand1: str, talon: str, **options: object) -> HandState:
    v = make_variant("treschetten2", options)
    used = hand0.split() + hand1.split() + talon.split()
    rest = [BAVARIAN.code(c) for c in BAVARIAN.cards if BAVARIAN.code(c) not in used]
    deal = deal_explicit(
        v, {"0": hand0.split(), "1": hand1.split(), "talon": talon.split() + rest}
    )
    return HandState.start(v, deal, dealer=1)


def test_dreier_then_vierer_after_a_draw_but_never_twice() -> None:
    # seed 000: "Nach einer Dreier-Ansage darf ... die entsprechende Vierer-Ansage gemacht werden."
    s = _state("10e 10l 10h 7e 8e 7l 8l Ue", "9e 9l 9h 9s Ke Kl Kh Ks", "10s 7h")
    s = apply(s, Declare(0, "three", rank=0))
    assert s.declarations[-1].missing == 3  # "Welcher fehlt?" Schell
    s = apply(s, Play(0, P("Ue")))
    s = apply(s, Play(1, P("Ke")))  # seat 1 wins and draws first
    assert [BAVARIAN.code(d.card) for d in s.draws] == ["10s", "7h"]
    s = apply(s, Declare(1, "four", rank=1))  # seat 1 is on turn and holds four 9s
    assert s.declarations[-1].points == 4
    with pytest.raises(IllegalAction, match="already declared"):
        apply(s, Declare(1, "four", rank=1))
    with pytest.raises(IllegalAction, match="exactly 3"):
        apply(s, Declare(1, "three", rank=1))


def test_vierer_after_dreier_with_drawn_card() -> None:
    s = _state("10e 10l 10h 7e 8e 7l 8l Ue", "9e 9l 9h Ae Ke Kl Kh Ks", "10s 7h")
    s = apply(s, Declare(0, "three", rank=0))
    s = apply(s, Play(0, P("7e")))
    s = apply(s, Play(1, P("Ke")))  # seat 1 wins and draws 10s, seat 0 draws 7h
    assert s.hands[1] >> P("10s") & 1
    s = _state("10e 10l 10h 7e 8e 7l 8l Ue", "9e 9l 9h Ae Ke Kl Kh Ks", "7h 10s")
    s = apply(s, Declare(0, "three", rank=0))
    s = apply(s, Play(0, P("7e")))
    s = apply(s, Play(1, P("Ke")))  # seat 0 draws the 10s second
    s = apply(s, Play(1, P("Kl")))
    s = apply(s, Declare(0, "four", rank=0))  # at his turn, following
    assert [d.points for d in s.declarations if d.seat == 0] == [3, 4]


def test_three_refused_after_four() -> None:
    s = _state("10e 10l 10h 10s 8e 7l 8l Ue", "9e 9l 9h Ae Ke Kl Kh Ks", "7h 7e")
    s = apply(s, Declare(0, "four", rank=0))
    s = apply(s, Play(0, P("10s")))
    s = apply(s, Play(1, P("Ks")))
    with pytest.raises(IllegalAction):
        apply(s, Declare(0, "three", rank=0))


def test_announce_only_at_your_turn_and_on_lead_with_after_trick() -> None:
    s = _state("10e 10l 10h 7e 8e 7l 8l Ue", "9e 9l 9h Ae Ke Kl Kh Ks", "7h 10s")
    with pytest.raises(IllegalAction, match="your turn"):
        apply(s, Declare(1, "three", rank=1))
    s = _state(
        "10e 10l 10h 7e 8e 7l 8l Ue", "9e 9l 9h Ae Ke Kl Kh Ks", "7h 10s", announce_when="after_trick"
    )
    s = apply(s, Play(0, P("7e")))
    with pytest.raises(IllegalAction, match="only on lead"):
        apply(s, Declare(1, "three", rank=1))
    s = apply(s, Play(1, P("Ke")))
    s = apply(s, Declare(1, "three", rank=1))  # won the trick: on lead


def test_napoli_does_not_extend() -> None:
    s = _state("10e 9e Ae Ke Oe Ue 8e 7e", "9l 9h Al Kl Kh Ks 10l 10h", "7h 10s")
    s = apply(s, Declare(0, "napoletana", suit=0))
    assert s.declarations[-1].points == 3


def test_hidden_draws_are_seen_only_by_the_drawer() -> None:
    s = _state("10e 10l 10h 7e 8e 7l 8l Ue", "9e 9l 9h Ae Ke Kl Kh Ks", "7h 10s", open_draws="hidden")
    s = apply(s, Play(0, P("7e")))
    s = apply(s, Play(1, P("Ke")))
    v0, v1 = view_for(s, 0), view_for(s, 1)
    assert [d.card for d in v0.draws] == [None, P("10s")]
    assert [d.card for d in v1.draws] == [P("7h"), None]
    assert P("7h") not in v0.seats[1].shown


def test_zu_tun_only_when_valid_and_ends_the_game() -> None:
    v = make_variant("treschetten2", {"accusi": False})
    match = Match(v, first_dealer=1)
    match.totals = [30, 12]
    deal = {
        "0": "Ae 10l 10h 7e 8e 7l 8l Ue".split(),
        "1": "9e 9l 9h 10e Ke Kl Kh Ks".split(),
    }
    used = deal["0"] + deal["1"]
    deal["talon"] = [BAVARIAN.code(c) for c in BAVARIAN.cards if BAVARIAN.code(c) not in used]
    state = match.start_hand(deal)
    assert not any(isinstance(a, ZuTun) for a in legal_actions(state))  # no trick won yet
    match.apply(Play(0, P("Ae")))
    match.apply(Play(1, P("Ke")))  # seat 0 takes Ass + König: 4 thirds -> 1 point -> 31
    assert ZuTun(0, P("10l")) in legal_actions(state)
    with pytest.raises(IllegalAction, match="lay a 10"):
        match.apply(ZuTun(0, P("Ue")))
    match.apply(ZuTun(0, P("10h")))
    assert match.finished and match.winner == 0
    assert match.results[-1].ended_by == "zu_tun"


def test_zu_tun_refused_below_target() -> None:
    v = make_variant("treschetten2", {"accusi": False})
    s = _state("Ae 10l 10h 7e 8e 7l 8l Ue", "9e 9l 9h 10e Ke Kl Kh Ks", "7h 10s", accusi=False)
    s = apply(s, Play(0, P("Ae")))
    s = apply(s, Play(1, P("Ke")))
    with pytest.raises(IllegalAction, match="target is 31"):
        apply(s, ZuTun(0, P("10l")))
    assert v.target == 31


def test_best_of_two_with_a_decider_to_41() -> None:
    v = make_variant("treschetten2", {"match_format": "best_of_two"})
    rng = random.Random(11)
    for _ in range(4):
        m = Match(v)
        targets = []
        while not m.finished:
            targets.append(m.game_target)
            state = m.start_hand(seed=rng.randrange(1 << 30))
            while not state.over:
                acts = [a for a in legal_actions(state) if not isinstance(a, ZuTun)]
                m.apply(acts[rng.randrange(len(acts))])
        assert m.winner is not None and m.games_won[m.winner] == 2
        assert len(m.game_winners) in (2, 3)
        if len(m.game_winners) == 3:
            assert targets[-1] == 41


def test_the_hand_that_wins_a_game_is_counted_to_its_totals_not_the_next_games_zeros() -> None:
    """best_of_two: the match counts from 0 after a game, but the hand that won it shows
    the totals it was won at (found playing by touch: the count said "Total 0 0")."""
    v = make_variant("treschetten2", {"match_format": "best_of_two"})
    rng = random.Random(5)
    m = Match(v)
    seen_game = False
    while not m.finished:
        state = m.start_hand(seed=rng.randrange(1 << 30))
        assert m.counted_totals == tuple(m.totals)  # while played: the match's
        prior, games = tuple(m.totals), len(m.game_winners)
        while not state.over:
            acts = [a for a in legal_actions(state) if not isinstance(a, ZuTun)]
            m.apply(acts[rng.randrange(len(acts))])
        res = m.results[-1]
        counted = tuple(p + x for p, x in zip(prior, res.score or res.points, strict=True))
        assert m.counted_totals == counted
        if len(m.game_winners) > games and not m.finished:
            seen_game = True
            assert m.totals == [0, 0] and max(counted) >= 31
        else:
            assert m.counted_totals == tuple(m.totals)
    assert seen_game
