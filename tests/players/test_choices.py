"""Hard's choices before the first card (chiamata's call, terziglio3's discard, RULES.md 3.6)
are searched over imagined worlds: legal, from the view alone, the best of the worlds."""

from __future__ import annotations

import random

import pytest

from firmware.engine import Call, Discard, HandState, Match, View, make_variant, view_for
from firmware.players import choices as choices_mod
from firmware.players import make_player
from firmware.players.base import special_action
from firmware.players.determinize import determinize

GAMES = [("chiamata", {}), ("terziglio3", {"widow": "dealt"})]


def _choice_views(name: str, options: dict[str, object], hands: int) -> list[tuple[HandState, View]]:
    variant = make_variant(name, options)
    out: list[tuple[HandState, View]] = []
    for hand in range(hands):
        state = Match(variant, first_dealer=hand % variant.n_seats).start_hand(seed=100 + hand)
        for seat in range(variant.n_seats):
            view = view_for(state, seat)
            if choices_mod.choices(view):
                out.append((state, view))
    return out


@pytest.mark.parametrize(("name", "options"), GAMES)
def test_the_searched_choice_is_legal_and_repeats_with_the_seed(name: str, options: dict[str, object]) -> None:
    views = _choice_views(name, options, 4)
    assert len(views) == 4  # one call (one discard) a hand
    for _, view in views:
        got = make_player("hard", seed=3, worlds=6).choose(view)
        assert isinstance(got, Call | Discard) and got in view.legal
        assert make_player("hard", seed=3, worlds=6).choose(view) == got


@pytest.mark.parametrize(("name", "options"), GAMES)
def test_the_choice_does_not_depend_on_hidden_cards(name: str, options: dict[str, object]) -> None:
    rng = random.Random(5)
    for _, view in _choice_views(name, options, 3):
        expected = make_player("hard", seed=9, worlds=4).choose(view)
        for _ in range(3):
            world = determinize(view, rng)  # the other hands (and the widow) dealt again
            assert make_player("hard", seed=9, worlds=4).choose(view_for(world, view.seat)) == expected


@pytest.mark.parametrize(("name", "options"), GAMES)
def test_the_best_mean_margin_wins_and_the_rule_breaks_ties(
    name: str, options: dict[str, object], monkeypatch: pytest.MonkeyPatch
) -> None:
    view = next(v for _, v in _choice_views(name, options, 6) if len(choices_mod.choices(v)) >= 2)
    opts = choices_mod.choices(view)
    rule = special_action(view)
    assert rule in opts and len(opts) >= 2
    sample = lambda: determinize(view, random.Random(1))  # noqa: E731

    def card_of(s: HandState) -> int:
        return s.called if s.called is not None else s.widow[-1]

    target = max(a.card for a in opts if a != rule)
    monkeypatch.setattr(choices_mod, "playout_margin", lambda s, side: 1.0 if card_of(s) == target else 0.0)
    got = choices_mod.searched_choice(view, opts, sample, worlds=3, budget=None)
    assert isinstance(got, Call | Discard) and got.card == target
    monkeypatch.setattr(choices_mod, "playout_margin", lambda s, side: 0.0)
    assert choices_mod.searched_choice(view, opts, sample, worlds=3, budget=None) == rule


def test_the_rule_level_still_calls_by_the_rule() -> None:
    for _, view in _choice_views("chiamata", {}, 3):
        assert make_player("hard-rule-choices", seed=1, worlds=4).choose(view) == special_action(view)
