"""Four-player signals: the levels send them, and only true ones (the engine checks)."""

from __future__ import annotations

import pytest

from firmware.engine import SUIT, HandState, Match, make_variant
from firmware.players import make_player
from tests.players.conftest import play_hand


@pytest.mark.parametrize("system", ["classic", "alternative"])
@pytest.mark.parametrize("spec", ["normal", "hard"])
def test_partners_signal_truthfully(system: str, spec: str) -> None:
    match = Match(make_variant("treseta4", {"signals": system}))
    players = [make_player(spec, seed=s, worlds=2) for s in range(4)]
    play_hand(match, players, seed=3)  # the checked path refuses a false volo / busso / ribusso
    assert match.state is not None
    spoken = list(match.state.signals)
    assert spoken
    for sig in spoken:
        assert "cerco_la_meglio" not in sig.names
        if "volo" in sig.names:
            # volo: that was the seat's last card of the suit
            later = [
                c
                for t in match.state.tricks[sig.trick + 1 :]
                for c in t.cards
            ]
            suit_cards = {c for c in later if SUIT[c] == SUIT[sig.card]}
            seats_later = {
                (t.leader + i) % 4
                for t in match.state.tricks[sig.trick + 1 :]
                for i, c in enumerate(t.cards)
                if c in suit_cards
            }
            assert sig.seat not in seats_later


def test_busso_and_ribusso_place_the_card_they_name() -> None:
    """Alternative system (RULES.md §3.5, seed 003): busso = the highest unplayed card
    of the suit is mine, ribusso = the second-highest. What the sampler reads from them
    holds in the real deal at every later decision, and the sampled worlds obey it."""
    import random

    from firmware.engine import view_for
    from firmware.players.determinize import determinize
    from firmware.players.signals import signal_holdings

    rng = random.Random(4)
    found = 0
    for seed in range(6):
        match = Match(make_variant("treseta4", {"signals": "alternative"}))
        players = [make_player("normal", seed=s) for s in range(4)]

        def check(state: HandState, seat: int) -> None:
            nonlocal found
            view = view_for(state, seat)
            held = signal_holdings(view)
            for holder, cards in held.items():
                assert state.hands[holder] & cards == cards
                if holder != seat:
                    found += 1
                    world = determinize(view, rng)
                    assert world.hands[holder] & cards == cards

        play_hand(match, players, seed=seed, on_decision=check)
    assert found > 0
