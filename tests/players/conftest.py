"""Helpers for the player tests: drive a hand the way the table controller does."""

from __future__ import annotations

from collections.abc import Callable

from firmware.engine import Declare, HandState, IllegalAction, Match, make_variant, view_for
from firmware.players import Player

REFERENCE_PLIES = 4
"""The reference's search depth in the legality and hiding tests (its own: 8 cards, ``tressette
arena --ref-plies``). It votes among the legal cards :func:`searched_move` hands it, and searches
worlds sampled from the view, whatever the depth; 4 cards still cross a trick's end in every game
(the search's trick and hand ends, its lean and general paths). The 8 cards cost the two files
33 s of CPU for the same decisions checked."""


def play_hand(
    match: Match,
    players: list[Player],
    seed: int,
    on_decision: Callable[[HandState, int], None] | None = None,
) -> None:
    """Deal one hand and play it out through the checked path (an illegal move raises)."""
    state = match.start_hand(seed=seed)
    while not state.over:
        for seat, player in enumerate(players):
            # (the engine's own list first: a seat's whole view at every card, for every seat,
            # was a fifth of the legality and hiding tests' CPU)
            if state.pending is not None or not state.possible_declarations(seat):
                continue
            view = view_for(state, seat)
            if any(isinstance(a, Declare) for a in view.legal):
                for decl in player.declarations(view):
                    assert decl in view.legal or decl.seat == seat
                    try:
                        match.apply(decl)
                    except IllegalAction:
                        # only a three after its four may be refused
                        assert decl.kind == "three"
        if state.over:
            break
        seat = state.to_move
        if on_decision is not None:
            on_decision(state, seat)
        view = view_for(state, seat)
        action = players[seat].choose(view)
        assert action in view.legal or (
            hasattr(action, "signals") and action.signals
        ), f"{players[seat].name} chose {action} not in {view.legal}"
        match.apply(action)


def new_match(variant_name: str, first_dealer: int = 0) -> Match:
    return Match(make_variant(variant_name), first_dealer=first_dealer)

