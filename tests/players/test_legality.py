"""Every level plays only legal actions in every variant the engine offers."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from firmware.engine import PRESETS, Declare, HandState, Match, make_variant, view_for
from firmware.players import LEVELS, Player, make_player
from firmware.players.reference import ReferencePlayer
from tests.players.conftest import REFERENCE_PLIES, play_hand

SPECS = ("random", *LEVELS, "oracle", "oracle-hands", "reference", "hard-weighted", "hard-sir", "hard-textbook")


def _true_state(match: Match) -> Callable[[], HandState]:
    """The oracles' callback: the hand in play (they are asked only while one is)."""

    def state() -> HandState:
        assert match.state is not None
        return match.state

    return state


def _players(match: Match, spec: str, seed: int) -> list[Player]:
    n = match.variant.n_seats
    players = [
        make_player(spec, seed=seed * 10 + seat, worlds=2, true_state=_true_state(match))
        for seat in range(n)
    ]
    for p in players:
        if isinstance(p, ReferencePlayer):
            p.plies = REFERENCE_PLIES
    return players


@pytest.mark.parametrize("variant_name", sorted(PRESETS))
@pytest.mark.parametrize("spec", SPECS)
def test_every_level_plays_legal_hands(variant_name: str, spec: str) -> None:
    hands = 6 if spec in ("random", "easy", "normal") else 2  # the searching players: two hands each
    for seed in range(hands):
        match = Match(make_variant(variant_name), first_dealer=seed % PRESETS[variant_name].n_seats)
        play_hand(match, _players(match, spec, seed), seed=1000 + seed)
        assert match.state is not None and match.state.over


@pytest.mark.parametrize("variant_name", ["tressette2", "treschetten2", "treseta4"])
def test_levels_mixed_at_one_table(variant_name: str) -> None:
    match = Match(make_variant(variant_name))
    n = match.variant.n_seats
    specs = ["hard", "normal", "easy", "random"]
    players = [make_player(specs[s % 4], seed=s, worlds=2) for s in range(n)]
    for h in range(2):
        if match.finished:
            break
        play_hand(match, players, seed=77 + h)


@pytest.mark.parametrize("spec", LEVELS)
def test_every_level_declares_its_accusi(spec: str) -> None:
    # seed 002: accusi are declared at the start; easy must not forget them either.
    variant = make_variant("tressette2")
    found = 0
    for seed in range(60):
        match = Match(variant)
        state = match.start_hand(seed=seed)
        for seat in range(2):
            view = view_for(state, seat)
            offered = [a for a in view.legal if isinstance(a, Declare)]
            if not offered:
                continue
            found += 1
            chosen = make_player(spec, seed=seed).declarations(view)
            kinds = {(d.kind, d.suit, d.rank) for d in chosen}
            for d in offered:
                fours = {x.rank for x in offered if x.kind == "four"}
                if d.kind == "three" and d.rank in fours:
                    continue
                assert (d.kind, d.suit, d.rank) in kinds
    assert found > 5


def test_make_player_refuses_unknown_and_oracle_without_state() -> None:
    with pytest.raises(ValueError):
        make_player("grandmaster", seed=1)
    with pytest.raises(ValueError):
        make_player("oracle", seed=1)


def test_players_do_not_mutate_views() -> None:
    match = Match(make_variant("tressette2"))
    state = match.start_hand(seed=5)
    view = view_for(state, state.to_move)
    snapshot = (view.hand, view.legal, view.seats, view.draws)
    for spec in SPECS:
        make_player(spec, seed=3, worlds=2, true_state=_true_state(match)).choose(view)
    assert (view.hand, view.legal, view.seats, view.draws) == snapshot


def _option_cases() -> list[tuple[str, str, object]]:
    cases: list[tuple[str, str, object]] = []
    for name, preset in sorted(PRESETS.items()):
        for spec in preset.options:
            for value in spec.choices:
                if value != spec.default:
                    cases.append((name, spec.key, value))
    return cases


@pytest.mark.parametrize(("variant_name", "key", "value"), _option_cases())
def test_levels_play_every_option(variant_name: str, key: str, value: object) -> None:
    # Every table option (hidden draws, announce only on lead, widow dealt, ...)
    # changes what a view holds; the levels must stay legal with each.
    match = Match(make_variant(variant_name, {key: value}))
    n = match.variant.n_seats
    players = [make_player(("hard", "normal")[s % 2], seed=s, worlds=2) for s in range(n)]
    play_hand(match, players, seed=4)


def test_ismcts_measurement_player_is_legal() -> None:
    for seed in range(2):
        match = Match(make_variant("tressette2"), first_dealer=seed)
        players = [make_player("ismcts", seed=s, worlds=2) for s in range(2)]
        play_hand(match, players, seed=seed)
