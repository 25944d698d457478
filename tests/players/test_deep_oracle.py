"""The deep oracle: the true world searched deeper than one playout per card (a truer
yardstick for hard's share, docs/players.md), measurement only."""

from __future__ import annotations

import argparse

import pytest

from firmware.engine import Match, make_variant, view_for
from firmware.players import hard, make_player
from firmware.players.hard import DeepOraclePlayer
from tools import arena


def test_the_deep_oracle_needs_the_true_state() -> None:
    with pytest.raises(ValueError, match="true_state"):
        make_player("oracle-deep", seed=1)


@pytest.mark.parametrize(("variant", "options"), [("tressette2", "target=21"), ("treseta4", "target=21")])
def test_the_deep_oracle_plays_through_the_arena(
    variant: str, options: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(hard, "DEEP_ORACLE_LEAVES", 60)  # a whole match in a few seconds
    ns = argparse.Namespace(
        a="oracle-deep", b="normal", variant=variant, options=options, matches=1, seed=2, think_ms=None,
        worlds=1, duplicate=True, also=None, log=None, from_log=None, json=True, quiet=True,
    )  # fmt: skip
    out = arena.run(arena.ArenaOptions.from_args(ns))
    assert out["levels"][0]["level"] == "oracle-deep"


def test_the_deep_oracle_rolls_out_every_card_with_the_talon_in_view() -> None:
    """The talon's order is part of the true world: every card's line is played to the
    end of the hand (exact once the talon is spent), within the count of leaves."""
    match = Match(make_variant("tressette2"), first_dealer=0)
    state = match.start_hand(seed=11)
    player = make_player("oracle-deep", seed=1, true_state=lambda: state)
    assert isinstance(player, DeepOraclePlayer)
    view = view_for(state, state.to_move)
    action = player.choose(view)
    assert action in view.legal
    assert player.last_lines >= 2 and player.last_work <= player.leaves
