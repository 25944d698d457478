"""The worlds a computer imagines respect every void the view shows (issue 35, part 6).

The view's voids are public and true (firmware/engine/view.py); the hard level's
sampling (:class:`Sampler`, with and without the signals' suit lengths, and
:func:`determinize`) must never deal a seat a card of a suit it is shown to lack.

(A void shown again after a face-down draw, the one case the sampling's own reading of
the tricks judged by a seat's first failure in the suit, needs the talon gone; in the
two-handed games that have one, every unseen card is then in the other hand, so no world
could differ there: the sampling bans the view's voids outright all the same.)
"""

from __future__ import annotations

import random

import pytest

from firmware.engine import HandState, Match, make_variant, view_for
from firmware.players.determinize import Sampler, determinize, hidden_constraints
from tests.engine.test_variants_support import random_action

CASES: list[tuple[str, dict[str, object]]] = [
    ("tressette2", {}),
    ("treschetten2", {}),
    ("treschetten2", {"open_draws": "hidden"}),
    ("ciapano", {"players": 2}),
    ("treseta4", {}),
    ("briscola", {}),
    ("chiamata", {}),
    ("terziglio3", {}),
]


def _positions(name: str, options: dict[str, object], seeds: range) -> list[HandState]:
    """Every position of seeded random hands."""
    out: list[HandState] = []
    for seed in seeds:
        rng = random.Random(seed)
        match = Match(make_variant(name, options), first_dealer=seed % 2)
        state = match.start_hand(seed=seed)
        while not state.over:
            out.append(state.copy())
            match.apply(random_action(state, rng))
    return out


@pytest.mark.parametrize(("name", "options"), CASES, ids=["-".join([n, *(f"{k}={v}" for k, v in o.items())]) for n, o in CASES])
def test_no_sampled_world_deals_a_seat_a_suit_it_is_shown_to_lack(name: str, options: dict[str, object]) -> None:
    rng = random.Random(5)
    voids_seen = 0
    for state in _positions(name, options, range(4)):
        seat = state.to_move
        view = view_for(state, seat)
        allowed = hidden_constraints(view)
        worlds = [determinize(view, rng), Sampler(view)(rng), Sampler(view, lengths=True)(rng)]
        for other, sv in enumerate(view.seats):
            if other == seat:
                continue
            for suit in sv.voids:
                voids_seen += 1
                mask = state.suit_masks[suit]
                assert not allowed[other] & mask, f"seat {other} may be dealt suit {suit} it lacks"
                for world in worlds:
                    assert not world.hands[other] & mask
        for world in worlds:
            assert view_for(world, seat) == view
    assert voids_seen

