"""Every card placed (two-handed Ciapanò): the one world searched deeper, and only there.

Seeds 001 and 003 (``../shared/seeds/``) deal all forty cards in Ciapanò, so with two
players each hand is the complement of the other and of the cards played.
"""

from __future__ import annotations

import random

import pytest

from firmware.engine import PRESETS, HandState, Match, deal_seeded, make_variant, view_for
from firmware.engine.cards import cards_of
from firmware.players import HardPlayer, make_player
from firmware.players.determinize import determinize
from firmware.players.known import Deepening, known_world
from firmware.players.rollout import distinct_legal
from firmware.players.solver import brute_force
from tests.players.conftest import play_hand

CASES: list[tuple[str, dict[str, object]]] = [(name, {}) for name in sorted(PRESETS)] + [("ciapano", {"players": 2}), ("ciapano", {"players": 3})]


@pytest.mark.parametrize(("name", "options"), CASES)
def test_the_one_world_is_the_true_one_wherever_it_is_searched(name: str, options: dict[str, object]) -> None:
    """Whenever hard would search a single world, every world the view allows is the real
    table (nothing hidden is guessed); in two-handed Ciapanò that is every decision."""
    match = Match(make_variant(name, options))
    n = match.variant.n_seats
    rng = random.Random(5)
    seen: list[bool] = []

    def look(state: HandState, seat: int) -> None:
        view = view_for(state, seat)
        one = known_world(view)
        seen.append(one)
        if one:
            for _ in range(3):
                world = determinize(view, rng)
                assert world.hands == state.hands and world.trick == state.trick

    play_hand(match, [make_player("normal", seed=s) for s in range(n)], seed=7, on_decision=look)
    assert seen
    if name == "ciapano" and options.get("players") == 2:
        assert all(seen)
    elif name == "briskula2":
        # Briscola for two (RULES.md §3.8): once the talon is empty (the last three tricks)
        # every card is placed, and no solver of tressette's plays it: the one world.
        assert any(seen) and not all(seen)
    else:  # more seats, or a talon and then the exact solver: the worlds are sampled
        assert not any(seen)


def _ciapano2_ending(rng: random.Random, most: int) -> HandState:
    v = make_variant("ciapano", {"players": 2})
    while True:
        s = HandState.start(v, deal_seeded(v, rng.randrange(1 << 30), rng.randrange(2)), 0)
        k = rng.randint(1, most)
        mid_trick = rng.random() < 0.5
        while not s.over and (max(h.bit_count() for h in s.hands) > k or (mid_trick and not s.trick)):
            s.play_fast(rng.choice(list(cards_of(s.legal_mask()))))
        if not s.over and s.legal_mask() & (s.legal_mask() - 1):
            return s


def _after(s: HandState, card: int) -> HandState:
    c = s.copy()
    c.play_fast(card)
    return c


def test_deepening_to_the_last_card_plays_the_exact_ending() -> None:
    """Once a round reaches the end of the hand the search is exact: its card takes as few
    points as plain minimax says can be taken (seed 001: in Ciapanò points count against)."""
    rng = random.Random(11)
    for _ in range(40):
        s = _ciapano2_ending(rng, most=4)
        side = s.hand_sides[s.to_move]
        search = Deepening(leaves=1_000_000)
        card = search.best(s, distinct_legal(s))
        assert search.depth + 1 >= sum(h.bit_count() for h in s.hands)
        best = min(brute_force(_after(s, c), side, avoid=True) for c in cards_of(s.legal_mask()))
        assert brute_force(_after(s, card), side, avoid=True) == best


def test_the_budget_cuts_a_round_but_never_the_first() -> None:
    """The first round (to the end of the trick) always ends, so every card has a value
    (the coach's losses); later rounds stop at the budget, a legal card all the same."""
    v = make_variant("ciapano", {"players": 2})
    s = HandState.start(v, deal_seeded(v, 2, 0), 0)  # twenty cards each: far from exact
    cards = distinct_legal(s)
    # A fixed number of leaves: the same card every time, searched no further than allowed.
    first = Deepening(leaves=1)
    card, values = first.search(s, cards)
    assert first.depth == 0 and set(values) == set(cards) and card in cards
    again = Deepening(leaves=1)
    assert again.search(s, cards) == (card, values) and again.searched == first.searched
    more = Deepening(leaves=first.searched + 40)
    more.best(s, cards)
    assert more.depth == 0 and more.searched == first.searched + 41
    # A clock spent at once: asked once the first round is done, at the first look.
    looks: list[int] = []

    def spent() -> bool:
        looks.append(1)
        return True

    cut = Deepening(spent=spent)
    assert cut.best(s, cards) in cards
    assert cut.depth == 0 and looks == [1]


@pytest.mark.parametrize("spec", ["hard", "oracle"])
def test_hard_and_the_oracle_search_ciapano2_deeper_and_hard_shallow_does_not(spec: str) -> None:
    match = Match(make_variant("ciapano", {"players": 2}))
    state = match.start_hand(seed=3)
    view = view_for(state, state.to_move)
    player = make_player(spec, seed=1, worlds=8, true_state=lambda: state.copy())
    assert isinstance(player, HardPlayer)  # the oracle is one too
    player.choose(view)
    assert player.last_depth >= 0 and player.last_worlds > 8  # leaves, as many as 8 worlds' playouts
    shallow = make_player("hard-shallow", seed=1, worlds=8)
    assert isinstance(shallow, HardPlayer)
    shallow.choose(view)
    assert shallow.last_depth == -1


def test_an_exact_round_counts_the_ends_of_the_hand_against_the_budget() -> None:
    """A round that reaches the last card plays no playout, only ends of the hand: they
    count as leaves, so such a round too looks at the clock and stops (it ran on unbounded,
    twice a decision's CPU budget in the arena). Four cards each, the seat to lead: the
    fourth round is the first without playouts; the clock is spent once three are done."""
    rng = random.Random(8)
    checked = 0
    while checked < 10:
        s = _ciapano2_ending(rng, most=4)
        if s.trick or min(h.bit_count() for h in s.hands) < 4:
            continue
        search = Deepening()
        search.spent = lambda done=search: done.depth >= 4
        search.best(s, distinct_legal(s))
        assert search.depth == 4
        checked += 1
