"""``tressette bench inference``: how much of the opponent's face-down hand the imagined
worlds place right in the two-player games with a talon, by each model of its choices
(:mod:`firmware.players.inference`), and what a world costs.

Method: seeded hands (``--hands``) are played by two seats of one level, ``normal`` (the
textbook: the model the ``textbook`` rows use is its very rule) and then ``hard`` (at a
fixed 24 worlds a decision, so that the positions are the same on every machine): a
player the textbook only approximates. At every third decision from the fourth trick
on, while the talon lasts, the seat to move imagines 12 worlds by each way below; a
world's score is the share of the cards the opponent really holds face down (its hand
less the cards every seat saw it draw or show) that the world gives it. Plain sampling
places about as many as chance allows; the exact posterior against a textbook player
(every world that fits each of its past cards, each as likely) is the most any reading
of the plays can place against it, approached by the row with 256 draws; seeing the
hands (``oracle-hands``) places all of them.
"""

from __future__ import annotations

import platform
import random
import statistics
import sys
import time

from firmware.cliopts import BenchOptions
from firmware.engine import HandState, Match, View, make_variant, view_for
from firmware.players import inference, make_player
from firmware.players.base import Player
from firmware.players.determinize import Sampler
from tools.bench.pool import declare_all

WAYS: tuple[tuple[str, int, float, bool], ...] = (
    ("plain samples (hard)", 1, 1.0, False),
    ("card counter's rule, 8 draws, 0.1 a miss (hard-sir)", 8, 0.1, False),
    ("textbook's rules, 8 draws, 0.1 a miss (hard-textbook)", 8, 0.1, True),
    ("textbook's rules, 32 draws, 0.02 a miss (hard-textbook32)", 32, 0.02, True),
    ("textbook's rules, 256 draws, 0.0001 a miss (near the exact posterior)", 256, 1e-4, True),
)
"""(what it is, draws, odds a miss, textbook) for each way of imagining a world."""

WORLDS = 12
"""Worlds imagined by each way at each position."""


def positions(variant_name: str, level: str, seed: int, hands: int) -> list[HandState]:
    """The true states at every third decision of ``hands`` seeded hands played by
    ``level`` at both seats, where the inference applies, from the fourth trick on and
    while the talon lasts (before it, nothing was played; after it, no card is hidden)."""
    variant = make_variant(variant_name)
    out: list[HandState] = []
    for hand in range(hands):
        match = Match(variant, first_dealer=hand % 2)
        state = match.start_hand(seed=seed * 1009 + hand)
        players: list[Player] = [
            make_player(level, seed=seed + s, worlds=24 if level == "hard" else None) for s in range(2)
        ]
        decision = 0
        while not state.over:
            declare_all(match, players)
            if state.over:
                break
            view = view_for(state, state.to_move)
            if state.pending is None and decision % 3 == 0 and telling(view, state):
                out.append(state.copy())
            decision += 1
            match.apply(players[state.to_move].choose(view))
    return out


def telling(view: View, state: HandState) -> bool:
    """A position the bench (and the tests) judge the inference at: it applies, three
    tricks or more were played, the talon lasts and the opponent holds a card face down."""
    if not inference.applies(view) or not view.talon_left or len(view.tricks) < 3:
        return False
    opp = 1 - view.seat
    return bool(state.hands[opp] & ~state.known[opp])


def placed(states: list[HandState], draws: int, miss: float, textbook: bool, seed: int) -> tuple[float, float]:
    """The mean share of the opponent's face-down cards placed right, and the seconds a
    world took, over ``states`` (:data:`WORLDS` worlds each)."""
    rng = random.Random(seed)
    shares: list[float] = []
    spent = 0.0
    for state in states:
        view = view_for(state, state.to_move)
        opp = 1 - view.seat
        truth = state.hands[opp] & ~state.known[opp]
        sample = Sampler(view)
        t0 = time.perf_counter()
        if draws == 1:
            worlds = [sample(rng) for _ in range(WORLDS)]  # the plain sampler, as hard draws
        else:
            fit = inference.Fit(view, textbook)
            worlds = [inference.likeliest(view, sample, rng, draws, miss, fit) for _ in range(WORLDS)]
        spent += time.perf_counter() - t0
        shares.extend((w.hands[opp] & truth).bit_count() / truth.bit_count() for w in worlds)
    return statistics.fmean(shares), spent / max(1, WORLDS * len(states))


def main(args: BenchOptions) -> int:
    if not inference.game_applies(make_variant(args.variant)):
        print(
            f"tressette bench inference: {args.variant} has no inference from the talon's draws "
            "(two seats, a talon, every draw shown); choose --variant tressette2 or treschetten2",
            file=sys.stderr,
        )
        return 2
    print(f"machine: {platform.machine()} python {platform.python_version()}")
    for level in ("normal", "hard"):
        states = positions(args.variant, level, args.seed, args.hands)
        print(
            f"{args.variant}, both seats {level}: {len(states)} positions of {args.hands} seeded hands, "
            f"{WORLDS} worlds each; share of the opponent's face-down cards a world places right"
        )
        if not states:
            continue
        for what, draws, miss, textbook in WAYS:
            share, cost = placed(states, draws, miss, textbook, args.seed)
            print(f"  {share:6.1%}  {cost * 1e6:8.0f} µs a world  {what}")
        print("  100.0%             seeing the hands (oracle-hands)")
    return 0
