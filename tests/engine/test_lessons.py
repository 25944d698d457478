"""The guided hand's lessons (firmware/engine/lessons.py) say only what is true in the
position they are given about, for every preset: "you must follow" only when the seat
holds the suit led and exactly its cards of that suit are legal (RULES.md §2, seed 000's
"rispondere al seme"), "play any card" only when it holds none and every card is legal,
an accuso's points are those the engine adds when it is declared, and a trick's worth is
the thirds the engine's count gives the seat that took it (seed 002: ace 3 thirds,
three/two/court 1, the last trick a point)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from firmware.engine import PRESETS, SUIT, Claim, Declare, Match, Play, ZuTun, make_variant
from firmware.engine.lessons import lessons_for
from firmware.engine.moves import apply


def _check_view(match: Match, seat: int) -> set[str]:
    state = match.state
    assert state is not None
    view = match.view_for(seat)
    kinds: set[str] = set()
    for lesson in lessons_for(view):
        kinds.add(lesson.kind)
        hand = state.hand_of(seat)
        plays = {a.card for a in view.legal if isinstance(a, Play)}
        if lesson.kind == "follow":
            led = SUIT[state.trick[0]]
            assert state.to_move == seat and lesson.suit == led
            assert {c for c in hand if SUIT[c] == led} == plays == set(lesson.cards)
        elif lesson.kind == "void":
            assert set(lesson.takes) == set(view.winning_cards) <= plays
            led = SUIT[state.trick[0]]
            assert state.to_move == seat and lesson.suit == led
            assert not any(SUIT[c] == led for c in hand) and plays == set(hand) == set(lesson.cards)
        elif lesson.kind == "accuso":
            assert lesson.declaration is not None
            worth = []
            for a in view.legal:
                if isinstance(a, Declare):
                    after = apply(state, a)  # the engine's own declaration of it
                    worth.append(after.declarations[-1].points)
            assert lesson.declaration.points == max(worth) and lesson.n_declarations == len(worth)
        elif lesson.kind == "count":
            assert state.over
    return kinds


def _play_hand(name: str, seed: int) -> set[str]:
    v = make_variant(name, {})
    rng = random.Random(seed)
    match = Match(v, first_dealer=rng.randrange(v.n_seats))
    match.start_hand({"seed": seed})
    seen: set[str] = set()
    for _ in range(400):
        state = match.state
        assert state is not None
        for seat in range(v.n_seats):
            seen |= _check_view(match, seat)
        if state.over:
            break
        mover = state.to_move
        legal = [a for a in match.view_for(mover).legal if not isinstance(a, (Claim, ZuTun))]
        declares = [a for a in legal if isinstance(a, Declare)]
        action = rng.choice(declares) if declares and rng.random() < 0.5 else rng.choice(
            [a for a in legal if not isinstance(a, Declare)] or legal)
        before = list(state.thirds)
        n_tricks = len(state.tricks)
        match.apply(action)
        after = match.state
        assert after is not None
        if len(after.tricks) > n_tricks:
            # the trick just taken (a widow with the last): its worth said is what the count gave
            gained = sum(after.thirds) - sum(before)
            for seat in range(v.n_seats):
                said = [x for x in lessons_for(match.view_for(seat)) if x.kind == "trick"]
                assert [x.thirds for x in said] == [gained]
                assert said[0].winner == after.tricks[-1].winner and said[0].last == after.over
    return seen


@pytest.mark.parametrize("name", sorted(PRESETS))
@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10_000))
def test_every_lesson_is_true_where_it_is_given(name: str, seed: int) -> None:
    _play_hand(name, seed)


def test_the_tressette2_hand_meets_every_lesson() -> None:
    # not a vacuous property: a plain hand of tressette2 shows them all to some seat
    seen: set[str] = set()
    for seed in range(8):
        seen |= _play_hand("tressette2", seed)
    assert seen == {"accuso", "follow", "void", "trick", "count"}


def _voids(name: str, seeds: range) -> list[bool]:
    """Per "you hold none of the suit led" said in those hands: whether a card still takes."""
    out = []
    for seed in seeds:
        v = make_variant(name, {})
        rng = random.Random(seed)
        match = Match(v, first_dealer=rng.randrange(v.n_seats))
        match.start_hand({"seed": seed})
        while match.state is not None and not match.state.over:
            view = match.view_for(match.state.to_move)
            out += [bool(x.takes) for x in lessons_for(view) if x.kind == "void"]
            match.apply(rng.choice([a for a in view.legal if isinstance(a, Play)]))
    return out


def test_a_void_takes_nothing_without_trumps_and_may_with_briscola() -> None:
    # RULES.md §1: the highest card of the suit led wins; con la Briscola a trump may take
    plain = _voids("tressette2", range(6))
    assert plain and not any(plain)
    assert any(_voids("briscola", range(6)))
