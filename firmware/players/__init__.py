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
- ``"hard-shallow"``: hard before it searched a world with every card placed deeper
  (two-handed Ciapanò: one playout per card; measurement only, docs/players.md);
- ``"hard-plain"``: hard without racing its candidates (every card searched in
  every world; measurement only: what racing bought, docs/players.md);
- ``"hard-rule-choices"``: hard making chiamata's call and terziglio's discard by
  the rule every level follows, not by search (measurement only, docs/players.md);
- ``"reference"``: sampled deals, fixed-depth alpha-beta, majority vote: an
  opponent built differently from the levels, for measurement (docs/players.md);
- ``"oracle-hands"``: sees every hand but not the talon's order (measurement only);
- ``"oracle-deep"``: sees every card and searches the true world deeper (exact where
  the solver plays, elsewhere a rollout of the plain oracle: every card's line played
  out by the oracle's rule at its side's seats, the other side's by the playout policy):
  a truer yardstick (measurement only);
- ``"oracle-rollout"``: the deep oracle taking the other side for the oracle too (every
  seat by the oracle's rule: a best reply to the plain oracle; measurement only);
- ``"hard-silence"``: hard whose worlds also read a partner's silent lead (neither
  *volo* nor *striscio*: one or two more of the suit, as our levels signal);
- ``"hard@MS"``: hard with a budget of ``MS`` ms whatever ``--think-ms`` says
  (measurement only: what more worlds buy on the same deals, e.g. the pool's
  speed-up as a longer budget in one thread, docs/players.md);
- ``"oracle"``: sees every card; measurement only, never in the menu. It needs
  the true hand state: ``make_player("oracle", seed=1, true_state=lambda: match.state)``.

Every player is deterministic given its seed and the views it is shown.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from firmware.engine import HandState
from firmware.players.base import Player, RandomPlayer, declare_everything
from firmware.players.determinize import determinize
from firmware.players.hard import (
    DEFAULT_THINK_MS,
    RESAMPLE_MISS,
    DeepOraclePlayer,
    HandsOraclePlayer,
    HardPlayer,
    OraclePlayer,
)
from firmware.players.heuristic import EasyPlayer, NormalPlayer
from firmware.players.ismcts import IsmctsPlayer
from firmware.players.reference import ReferencePlayer

LEVELS = ("easy", "normal", "hard")
"""What the menu offers."""


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


@dataclass(frozen=True, slots=True)
class _Measured:
    """A measurement variant of the hard level (docs/players.md): its constructor options
    and the switches it turns off; the module's docstring says what each one is."""

    weighting: bool = False
    resample: int = 1
    miss: float = RESAMPLE_MISS
    textbook: bool = False
    lengths: bool = True
    deepening: bool = True
    racing: bool = True
    search_choices: bool = True
    silence: bool = False


MEASURED: dict[str, _Measured] = {
    "hard-weighted": _Measured(weighting=True, miss=0.6),
    "hard-w10": _Measured(weighting=True, miss=0.1),
    "hard-sir": _Measured(resample=8, miss=0.1),
    "hard-textbook": _Measured(resample=8, miss=0.1, textbook=True),
    "hard-textbook32": _Measured(resample=32, miss=0.02, textbook=True),
    "hard-inferred": _Measured(weighting=True, miss=0.3),
    "hard-no-lengths": _Measured(lengths=False),
    "hard-shallow": _Measured(deepening=False),
    "hard-plain": _Measured(racing=False),
    "hard-rule-choices": _Measured(search_choices=False),
    "hard-silence": _Measured(silence=True),
}
"""The hard level's measurement variants by spec (never in the menu)."""

SPECS = (
    "random", "easy", "normal", "hard", "oracle", "oracle-hands", "oracle-deep", "oracle-rollout", "ismcts", "reference", *MEASURED
)  # fmt: skip
"""Every spec ``make_player`` builds (and ``hard@MS``)."""

ORACLES = ("oracle", "oracle-hands", "oracle-deep", "oracle-rollout")
"""The specs that see hidden cards (measurement only): they need ``true_state``."""


def _measured(
    kind: str, m: _Measured, seed: int, think_ms: int | None, worlds: int | None, plays: int | str | None = None
) -> HardPlayer:
    player = HardPlayer(
        seed=seed, think_ms=think_ms, worlds=worlds, name=kind, weighting=m.weighting, resample=m.resample,
        miss=m.miss, lengths=m.lengths, textbook=m.textbook, plays=plays,
    )  # fmt: skip
    player.deepening, player.racing, player.search_choices = m.deepening, m.racing, m.search_choices
    player.silence = m.silence
    return player


def make_player(
    spec: str,
    *,
    seed: int,
    think_ms: int | None = None,
    worlds: int | None = None,
    true_state: Callable[[], HandState] | None = None,
    plays: int | str | None = None,
) -> Player:
    """A player by name; ``worlds`` fixes the hard search to that many worlds (no clock);
    ``plays`` counts its budget (a board, "pi4" or "pi5", or cards played per decision:
    :class:`~firmware.players.budget.Count`) instead of timing it."""
    kind = spec.strip().lower()
    budget = spec_budget(kind)
    if budget is not None:
        return HardPlayer(seed=seed, think_ms=budget, name=kind, plays=plays)
    if kind in MEASURED:
        return _measured(kind, MEASURED[kind], seed, think_ms, worlds, plays)
    if kind == "random":
        return RandomPlayer(seed=seed)
    if kind == "easy":
        return EasyPlayer(seed=seed)
    if kind == "normal":
        return NormalPlayer(seed=seed)
    if kind == "hard":
        return HardPlayer(seed=seed, think_ms=think_ms, worlds=worlds, plays=plays)
    if kind == "ismcts":
        # Measurement only: the alternative search the hard level was compared with.
        return IsmctsPlayer(seed=seed, think_ms=think_ms, worlds=worlds)
    if kind == "reference":
        # Measurement only: the outside-style opponent of the duplicate arena.
        return ReferencePlayer(seed=seed, worlds=worlds)
    if kind in ORACLES and true_state is None:
        raise ValueError("the oracle needs true_state=: a callback giving the real HandState")
    if kind == "oracle-hands" and true_state is not None:
        # Measurement only: every hand seen, the talon order not (docs/players.md).
        return HandsOraclePlayer(
            seed=seed, true_state=true_state, think_ms=think_ms, worlds=worlds, name="oracle-hands", plays=plays
        )
    if kind == "oracle-deep" and true_state is not None:
        # Measurement only: the true world searched deeper, a truer yardstick (docs/players.md).
        return DeepOraclePlayer(seed=seed, true_state=true_state, think_ms=think_ms, worlds=worlds, name="oracle-deep")
    if kind == "oracle-rollout" and true_state is not None:
        # Measurement only: the deep oracle taking every seat for the oracle (docs/players.md).
        return DeepOraclePlayer(
            seed=seed, true_state=true_state, think_ms=think_ms, worlds=worlds, name=kind, model="oracle"
        )
    if kind == "oracle" and true_state is not None:
        return OraclePlayer(seed=seed, true_state=true_state, think_ms=think_ms, worlds=worlds, plays=plays)
    raise ValueError(f"unknown player {spec!r}; choose one of {', '.join(SPECS)}")


__all__ = [
    "DEFAULT_THINK_MS",
    "MEASURED",
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
