"""Computer players and the Player protocol (issue 4, RULES.md §5).

``make_player(spec, seed=...)`` builds a level by name:

- ``"random"``: uniformly random legal cards (a test opponent);
- ``"easy"``, ``"normal"``, ``"hard"``: the three levels of the menu;
- ``"ismcts"``: hard with information-set MCTS instead of determinization
  (measurement only: docs/players.md compares the two);
- ``"hard-weighted"``: hard weighting the sampled worlds by the other seats'
  past cards (measurement only: it did not measure better, docs/players.md);
- ``"hard-w10"``: ``"hard-weighted"`` with 0.1 a miss instead of 0.6 (measurement only);
- ``"hard-sir"``: hard in two-seat games with a talon searching, as each world, one
  of 8 sampled ones picked by likelihood (odds 0.1 a miss), not a weighted one
  (measurement only: it did not measure better, docs/players.md);
- ``"hard-textbook"``: ``"hard-sir"`` judging the opponent's cards by the normal
  level's rules (the textbook: its leads tell its suit lengths) instead of the card
  counter's rule; ``"hard-textbook32"`` the same from 32 sampled worlds at 0.02 a miss,
  near the exact posterior against a textbook player (measurement only, docs/players.md);
- ``"hard-inferred"``: ``"hard-weighted"`` weighting harder (0.3 a miss instead of 0.6;
  measurement only: it did not measure better in briscola, docs/players.md);
- ``"hard-no-lengths"``: hard whose worlds ignore the suit lengths the classic
  signals tell (a *striscio*: three more of the suit): the hard level before it read
  them (measurement only, docs/players.md);
- ``"hard-plain"``: hard without racing its candidates (every card searched in
  every world; measurement only: what racing bought, docs/players.md);
- ``"hard-rule-choices"``: hard making chiamata's call and terziglio's discard by
  the rule every level follows, not by search (measurement only, docs/players.md);
- ``"reference"``: sampled deals, fixed-depth alpha-beta, majority vote: an
  opponent built differently from the levels, for measurement (docs/players.md);
- ``"oracle-hands"``: sees every hand but not the talon's order (measurement only);
- ``"hard@MS"``: hard with a budget of ``MS`` ms whatever ``--think-ms`` says
  (measurement only: what more worlds buy on the same deals, e.g. the pool's
  speed-up as a longer budget in one thread, docs/players.md);
- ``"oracle"``: sees every card; measurement only, never in the menu. It needs
  the true hand state: ``make_player("oracle", seed=1, true_state=lambda: match.state)``.

Every player is deterministic given its seed and the views it is shown.
"""

from __future__ import annotations

from collections.abc import Callable

from firmware.engine import HandState
from firmware.players.base import Player, RandomPlayer, declare_everything
from firmware.players.determinize import determinize
from firmware.players.hard import DEFAULT_THINK_MS, HandsOraclePlayer, HardPlayer, OraclePlayer
from firmware.players.heuristic import EasyPlayer, NormalPlayer
from firmware.players.ismcts import IsmctsPlayer
from firmware.players.reference import ReferencePlayer

LEVELS = ("easy", "normal", "hard")
"""What the menu offers."""

SPECS = (
    "random", "easy", "normal", "hard", "oracle", "oracle-hands", "ismcts", "reference", "hard-weighted", "hard-w10", "hard-sir", "hard-textbook", "hard-textbook32", "hard-plain",
    "hard-rule-choices", "hard-inferred", "hard-no-lengths", "hard-shallow",
)


BUDGET_SPEC = "hard@"
"""``hard@70``: the hard level with its own budget in ms (measurement only)."""


def spec_budget(spec: str) -> int | None:
    """The budget of a ``hard@MS`` spec (1 to 10,000 ms); None for any other spec.
    Raises ValueError on ``hard@`` with anything but such a number."""
    kind = spec.strip().lower()
    if not kind.startswith(BUDGET_SPEC):
        return None
    text = kind[len(BUDGET_SPEC):]
    if not text.isdigit() or not 1 <= int(text) <= 10_000:
        raise ValueError(f"{spec!r}: write hard@MS with MS a budget from 1 to 10000 ms, e.g. hard@70")
    return int(text)


def make_player(
    spec: str,
    *,
    seed: int,
    think_ms: int | None = None,
    worlds: int | None = None,
    true_state: Callable[[], HandState] | None = None,
) -> Player:
    """A player by name; ``worlds`` fixes the hard search to that many worlds (no clock)."""
    kind = spec.strip().lower()
    budget = spec_budget(kind)
    if budget is not None:
        return HardPlayer(seed=seed, think_ms=budget, name=kind)
    if kind == "random":
        return RandomPlayer(seed=seed)
    if kind == "easy":
        return EasyPlayer(seed=seed)
    if kind == "normal":
        return NormalPlayer(seed=seed)
    if kind == "hard":
        return HardPlayer(seed=seed, think_ms=think_ms, worlds=worlds)
    if kind == "ismcts":
        # Measurement only: the alternative search the hard level was compared with.

        return IsmctsPlayer(seed=seed, think_ms=think_ms, worlds=worlds)
    if kind == "hard-weighted":
        # Measurement only: hard weighting its worlds by the past plays (docs/players.md).
        return HardPlayer(seed=seed, think_ms=think_ms, worlds=worlds, name="hard-weighted", weighting=True, miss=0.6)
    if kind == "hard-w10":
        # Measurement only: hard-weighted with 0.1 a miss instead of 0.6 (docs/players.md).
        return HardPlayer(seed=seed, think_ms=think_ms, worlds=worlds, name="hard-w10", weighting=True, miss=0.1)
    if kind == "hard-sir":
        # Measurement only: hard searching the likeliest of 8 sampled worlds (docs/players.md).
        return HardPlayer(seed=seed, think_ms=think_ms, worlds=worlds, name="hard-sir", resample=8, miss=0.1)
    if kind == "hard-textbook":
        # Measurement only: hard-sir with the normal level's rules as the opponent's model.
        return HardPlayer(
            seed=seed, think_ms=think_ms, worlds=worlds, name="hard-textbook", resample=8, miss=0.1, textbook=True
        )
    if kind == "hard-textbook32":
        # Measurement only: the same, sharper: 32 draws, 0.02 a miss (docs/players.md).
        return HardPlayer(
            seed=seed, think_ms=think_ms, worlds=worlds, name="hard-textbook32", resample=32, miss=0.02, textbook=True
        )
    if kind == "hard-inferred":
        # Measurement only: hard-weighted with a stronger weight per miss (docs/players.md).
        return HardPlayer(seed=seed, think_ms=think_ms, worlds=worlds, name="hard-inferred", weighting=True, miss=0.3)
    if kind == "hard-no-lengths":
        # Measurement only: hard before it read the signals' suit lengths (docs/players.md).
        return HardPlayer(seed=seed, think_ms=think_ms, worlds=worlds, name="hard-no-lengths", lengths=False)
    if kind == "hard-shallow":
        # Measurement only: hard before it searched a world with every card placed deeper
        # (two-handed Ciapanò: one playout per card; docs/players.md).
        shallow = HardPlayer(seed=seed, think_ms=think_ms, worlds=worlds, name="hard-shallow")
        shallow.deepening = False
        return shallow
    if kind == "hard-plain":
        # Measurement only: hard without racing its candidates (docs/players.md).
        plain = HardPlayer(seed=seed, think_ms=think_ms, worlds=worlds, name="hard-plain")
        plain.racing = False
        return plain
    if kind == "hard-rule-choices":
        # Measurement only: hard calling (chiamata) and laying aside (terziglio3) by the rule.
        ruled = HardPlayer(seed=seed, think_ms=think_ms, worlds=worlds, name="hard-rule-choices")
        ruled.search_choices = False
        return ruled
    if kind == "reference":
        # Measurement only: the outside-style opponent of the duplicate arena.

        return ReferencePlayer(seed=seed, worlds=worlds)
    if kind == "oracle-hands":
        # Measurement only: every hand seen, the talon order not (docs/players.md).
        if true_state is None:
            raise ValueError("the oracle needs true_state=: a callback giving the real HandState")
        return HandsOraclePlayer(seed=seed, true_state=true_state, think_ms=think_ms, worlds=worlds, name="oracle-hands")
    if kind == "oracle":
        if true_state is None:
            raise ValueError("the oracle needs true_state=: a callback giving the real HandState")
        return OraclePlayer(seed=seed, true_state=true_state, think_ms=think_ms, worlds=worlds)
    raise ValueError(f"unknown player {spec!r}; choose one of {', '.join(SPECS)}")



__all__ = [
    "DEFAULT_THINK_MS",
    "LEVELS",
    "SPECS",
    "spec_budget",
    "EasyPlayer",
    "HardPlayer",
    "NormalPlayer",
    "OraclePlayer",
    "Player",
    "RandomPlayer",
    "declare_everything",
    "determinize",
    "make_player",
]
