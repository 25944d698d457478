"""The deep oracle's search: a rollout of the plain oracle in the true world
(:mod:`firmware.players.nested`), exact where the rest of the hand is small."""

from __future__ import annotations

import random

import pytest

from firmware.engine import Deck, HandState, Match, deal_seeded, make_variant, view_for
from firmware.engine.cards import cards_of
from firmware.players import make_player
from firmware.players.hard import DeepOraclePlayer, best_of
from firmware.players.nested import NestedRollout, exact_end
from firmware.players.rollout import distinct_legal, margin
from firmware.players.solver import TwoHandSolver
from firmware.players.worlds import world_row


def _solvers() -> dict[str, TwoHandSolver]:
    return {}


def _search(leaves: int, table: dict[str, TwoHandSolver] | None = None, model: str = "policy") -> NestedRollout:
    kept = _solvers() if table is None else table

    def solver(deck: Deck) -> TwoHandSolver:
        return kept.setdefault(deck.name, TwoHandSolver(deck))

    return NestedRollout(leaves=leaves, solver=solver, model=model)


def _minimax(s: HandState, side: int) -> float:
    """Plain minimax of ``side``'s margin, every card of every seat tried (small positions)."""
    if s.over:
        return margin(s, side)
    values = []
    for c in cards_of(s.legal_mask()):
        child = s.copy()
        child.play_fast(c)
        values.append(_minimax(child, side))
    return max(values) if s.hand_sides[s.to_move] == side else min(values)


def _ending(name: str, rng: random.Random, most: int, *, lead: bool) -> HandState:
    """A position of ``name`` with at most ``most`` cards a hand, the talon spent, reached
    by random cards; at the start of a trick (``lead``) or anywhere."""
    v = make_variant(name)
    while True:
        s = HandState.start(v, deal_seeded(v, rng.randrange(1 << 30), rng.randrange(v.n_seats)), 0)
        while not s.over and (s.talon_left or max(h.bit_count() for h in s.hands) > most or (lead and s.trick)):
            s.play_fast(rng.choice(list(cards_of(s.legal_mask()))))
        if not s.over and len(distinct_legal(s)) > 1:
            return s


@pytest.mark.parametrize("name", ["tressette2", "treschetten2"])
def test_an_exact_end_of_a_line_is_plain_minimax(name: str) -> None:
    """Two seats, the talon spent: a line ends in the solver's value, which is plain
    minimax's margin for either side."""
    rng = random.Random(3)
    search = _search(1_000_000)
    for _ in range(25):
        s = _ending(name, rng, 4, lead=True)
        assert exact_end(s)
        for side in (0, 1):
            assert search.exact_margin(s.copy(), side) == _minimax(s, side)


def test_where_every_hand_is_small_each_card_gets_its_minimax_value() -> None:
    """Without a talon, once every hand holds three cards or fewer the oracle's rule is
    exact at every seat, so where every seat plays it (``"oracle"``: the other side
    too) each candidate's line is minimax play after it."""
    rng = random.Random(4)
    for _ in range(6):
        s = _ending("treseta4", rng, 3, lead=False)
        side = s.hand_sides[s.to_move]
        cards = distinct_legal(s)
        search = _search(1_000_000, model="oracle")
        card = search.best(s, cards)
        truth = {}
        for c in cards:
            child = s.copy()
            child.play_fast(c)
            truth[c] = _minimax(child, side)
        assert search.values == truth
        assert truth[card] == max(truth.values())


def _opening(name: str, seed: int) -> HandState:
    return Match(make_variant(name), first_dealer=0).start_hand(seed=seed)


def test_only_the_two_models_of_the_other_side_are_taken() -> None:
    with pytest.raises(ValueError, match="model"):
        _search(10, model="minimax")


@pytest.mark.parametrize("model", ["policy", "oracle"])
@pytest.mark.parametrize("name", ["tressette2", "treschetten2", "treseta4"])
def test_the_count_of_leaves_is_honoured(name: str, model: str) -> None:
    """However small the count, the search meets no more leaves than it allows; with only
    the level-1 values' worth it plays the plain oracle's card (one playout a card)."""
    s = _opening(name, 21)
    cards = distinct_legal(s)
    for limit in (len(cards), len(cards) + 1, 60, 300, 1_000_000):
        search = _search(limit, model=model)
        card = search.best(s.copy(), cards)
        assert search.searched <= limit
        if limit == len(cards):
            row = world_row(s, s.to_move, cards)
            assert search.lines == 0
            assert card == best_of(cards, dict(zip(cards, row, strict=True)))
    assert search.lines == len(cards)  # the largest count: every card's line finished


def test_the_search_is_deterministic_and_the_table_does_not_change_it() -> None:
    """The same world gives the same card, values and leaves, whether the solver's table
    is fresh or filled by earlier searches."""
    s = _opening("tressette2", 5)
    cards = distinct_legal(s)
    table: dict[str, TwoHandSolver] = {}
    first = _search(1_000_000, table)
    card = first.best(s.copy(), cards)
    again = _search(1_000_000, table)
    fresh = _search(1_000_000)
    assert again.best(s.copy(), cards) == card == fresh.best(s.copy(), cards)
    assert first.values == again.values == fresh.values
    assert first.searched == again.searched == fresh.searched


def test_the_deep_oracle_plays_the_same_cards_whatever_its_seed() -> None:
    """Measurement only, and the same yardstick on every host: no clock and no chance."""
    state = _opening("tressette2", 9)
    view = view_for(state, state.to_move)
    picks = set()
    for seed in (1, 2):
        player = make_player("oracle-deep", seed=seed, true_state=lambda: state)
        assert isinstance(player, DeepOraclePlayer)
        picks.add(player.choose(view))
        assert 0 < player.last_work <= player.leaves and player.last_lines >= 1
    assert len(picks) == 1
