"""Racing the candidates of the hard search, and merging cards that play alike."""

from __future__ import annotations

import random

import pytest

from firmware.engine import RANK, SUIT, THIRDS, HandState, Match, make_variant, view_for
from firmware.players import make_player
from firmware.players.hard import ACCUSI_RANKS, HardPlayer, distinct_cards, race_cut
from tests.players.conftest import play_hand


def test_a_card_that_trails_in_every_world_is_dropped() -> None:
    rng = random.Random(1)
    good = [rng.uniform(-6, 6) for _ in range(16)]
    history = {1: good, 2: [g - 3 + rng.uniform(-0.5, 0.5) for g in good]}
    assert race_cut([1, 2], history) == [1]


def test_cards_with_the_same_mean_stay_in_the_race() -> None:
    rng = random.Random(2)
    a = [rng.uniform(-6, 6) for _ in range(24)]
    b = [rng.uniform(-6, 6) for _ in range(24)]
    same = a[:]
    assert race_cut([1, 2, 3], {1: a, 2: b, 3: same}) == [1, 2, 3]


def test_identical_margins_never_trail() -> None:
    m = [1.0, -2.0, 3.0] * 6
    assert race_cut([4, 5], {4: m, 5: m[:]}) == [4, 5]


def _views(name: str, options: dict[str, object], seed: int) -> list:  # type: ignore[type-arg]
    match = Match(make_variant(name, options))
    players = [make_player("normal", seed=s) for s in range(match.variant.n_seats)]
    out = []

    def grab(state: HandState, seat: int) -> None:
        out.append(view_for(state, seat))

    play_hand(match, players, seed=seed, on_decision=grab)
    return out


@pytest.mark.parametrize("name", ["treseta4", "tressette4", "tressette2", "terziglio3"])
def test_merged_cards_play_alike(name: str) -> None:
    merged = kept_apart = 0
    for seed in range(4):
        for view in _views(name, {}, seed):
            cards = sorted({a.card for a in view.legal if hasattr(a, "card") and a.card is not None})
            if len(cards) < 2:
                continue
            kept = distinct_cards(view, cards)
            assert set(kept) <= set(cards) and kept
            if view.talon_left:
                assert kept == cards
                continue
            hand = sum(1 << c for c in view.hand)
            for c in cards:
                if c in kept:
                    continue
                merged += 1
                # A stronger kept card of the same suit and value, nothing another seat
                # may play between them, no accusi rank.
                rep = max(k for k in kept if k < c and SUIT[k] == SUIT[c])
                assert THIRDS[rep] == THIRDS[c] and RANK[rep] >= ACCUSI_RANKS
                between = range(rep + 1, c)
                assert all(hand >> b & 1 or view.played_mask >> b & 1 for b in between)
            for a, b in zip(kept, kept[1:], strict=False):
                if SUIT[a] == SUIT[b] and THIRDS[a] == THIRDS[b]:
                    kept_apart += 1
    if name != "tressette2":  # there the exact solver plays once the talon is empty
        assert merged > 0 and kept_apart > 0


def test_racing_ends_the_search_once_one_card_is_left() -> None:
    """With fixed worlds, a decision whose other cards all trail clearly takes fewer."""
    early = 0
    for view in _views("treseta4", {"signals": "none"}, 5)[:24]:
        player = HardPlayer(seed=1, worlds=200)
        player.choose(view)
        if 0 < player.last_worlds < 200:
            early += 1
            assert len(player.last_alive) == 1
    assert early > 0


def test_without_racing_every_card_meets_every_world() -> None:
    for view in _views("treseta4", {"signals": "none"}, 6)[:12]:
        player = HardPlayer(seed=1, worlds=20)
        player.racing = False
        player.choose(view)
        assert player.last_worlds in (0, 20)
