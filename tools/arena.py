"""``tressette arena``: complete matches between two player levels, with statistics.

Seats are swapped every other match (and the first dealer with them), so
neither level profits from the seat. In four-player games the two seats of
a side are partners of the same level. Reports the match win rate of ``--a``
with a 95% Wilson interval, the mean points per hand of ``--a`` minus ``--b``
with a 95% interval, and per level the time of each decision (median, p95,
max), as wall-clock time and as the thread's CPU time (on a shared machine
the wall clock also counts the other processes; on the box both agree);
``--json`` prints the same as one JSON object.

``--options accusi=false,target=21,signals=classic`` sets any option of the
preset. ``--duplicate`` plays every seeded match once per side with the
levels' seats exchanged (A on side 0, then A on side 1, ...; the same deals
and dealers in every copy): luck of the cards cancels within a deal, so the
points a hand are compared per *duplicate pair* (the mean over the copies of
the same deal of A's points minus B's), with a 95% interval over the pairs;
the matches won count every copy.

Where the sides change hand by hand (chiamata: the call decides them) or every
player is for himself (Ciapanò, terziglio3, treschetten3), the arena scores a
*seat*, as the match does: level A holds one seat, B the others, A moves to
the next seat in the next match (or copy), and "A's points" are that seat's
(:func:`unit_points`). In Ciapanò the points count against you, so the arena
negates them: a positive difference is always in A's favour.
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import platform
import random
import resource
import statistics
import sys
import time
from dataclasses import dataclass, field, replace
from typing import Any

from firmware.cliopts import options_from
from firmware.coach.calibrate import Calibration
from firmware.coach.core import RATE_WORLDS, Coach
from firmware.engine import (
    PRESETS,
    Declare,
    HandResult,
    HandState,
    IllegalAction,
    Match,
    OptionError,
    Variant,
    make_variant,
    view_for,
)
from firmware.players import MEASURED, ORACLES, Player, make_player
from firmware.players import pool as world_pool
from firmware.players.budget import Budget, parse_budget
from firmware.players.hard import HardPlayer
from firmware.players.reference import ReferencePlayer
from tools.arena_log import append_log, read_log
from tools.arena_report import report
from tools.arena_stats import gap_share, mean_ci, percentile, wilson

MAX_HANDS = 200  # a match that runs longer than this is stopped (never seen; a guard)


@dataclass(frozen=True, slots=True)
class ArenaOptions:
    """``tressette arena``'s options, with the parser's defaults (firmware.cli)."""

    a: str = "hard"
    b: str = "normal"
    variant: str = "tressette2"
    matches: int = 20
    seed: int = 1
    think_ms: int | None = None
    worlds: int | None = None  # hard: fixed worlds per decision, no clock
    wall_cap: float | None = None  # hard: the wall-clock cap, times think_ms
    budget: str | None = None  # hard: a count, "pi4", "pi5" or cards played per decision
    ref_plies: int | None = None  # reference: search depth in cards
    workers: int | None = None  # hard: a shared pool of world workers
    options: str | None = None  # preset options, key=value,...
    duplicate: bool = False
    also: str | None = None  # duplicate: more levels in A's place, comma-separated
    log: str | None = None  # duplicate: a JSON line per deal and level appended here
    first: int | None = None  # duplicate: the first deal
    from_log: str | None = None  # report these --log files (comma-separated)
    ceiling: str | None = None  # duplicate: each level's share of the gap from B to this one
    json: bool = False
    quiet: bool = False
    coach: bool = False
    coach_worlds: int | None = None

    @classmethod
    def from_args(cls, args: argparse.Namespace) -> ArenaOptions:
        return options_from(cls, args)


@dataclass
class Tally:
    wins: list[int] = field(default_factory=lambda: [0, 0])  # per level: a, b
    matches: int = 0
    hand_diffs: list[float] = field(default_factory=list)  # a minus b, points per hand
    times: dict[str, list[float]] = field(default_factory=dict)  # level -> seconds per decision


def play_match(
    variant: Variant,
    specs: list[str],
    seed: int,
    first_dealer: int,
    think_ms: int | None,
    times: dict[str, list[float]],
    worlds: int | None = None,
    wall_cap: float | None = None,
    ref_plies: int | None = None,
    *,
    budget: str | None = None,
) -> tuple[Match, list[tuple[int, ...]]]:
    """One match; ``specs[seat]`` is the level at each seat. Returns the match and hand points.

    ``wall_cap`` replaces the searching levels' wall-clock cap (times their CPU budget,
    :mod:`firmware.players.budget`): on a machine loaded past it they would measure the
    load again (counted, their guard: ``wall_cap`` times the think time). ``ref_plies``
    sets the reference's search depth (a smaller fixed size where a talon makes its
    default slow). ``budget`` counts the searching levels' budget (``--budget``: "pi4",
    "pi5" or cards played per decision) instead of timing it."""
    match = Match(variant, first_dealer=first_dealer)
    plays = parse_budget(budget) if budget is not None else None

    def true_state() -> HandState:
        assert match.state is not None
        return match.state

    players: list[Player] = [
        make_player(
            spec,
            seed=seed * 101 + seat,
            think_ms=think_ms,
            worlds=worlds if spec in ("hard", "ismcts", *MEASURED) else None,
            true_state=true_state if spec in ORACLES else None,
            plays=plays,
        )
        for seat, spec in enumerate(specs)
    ]
    if wall_cap is not None:
        for p in players:
            if isinstance(p, HardPlayer):
                p.budget = functools.partial(Budget, cap=wall_cap)
                p.guard = wall_cap * p.think_ms / 1000.0
    if ref_plies is not None:
        for p in players:
            if isinstance(p, ReferencePlayer):
                p.plies = ref_plies
    deals = random.Random(seed)
    points: list[tuple[int, ...]] = []
    while not match.finished and len(points) < MAX_HANDS:
        state = match.start_hand(seed=deals.randrange(1 << 30))
        while not state.over:
            _declarations(match, players)
            if state.over:
                break
            seat = state.to_move
            view = view_for(state, seat)
            t0 = time.perf_counter()
            c0 = time.thread_time()
            action = players[seat].choose(view)
            times.setdefault(specs[seat], []).append(time.perf_counter() - t0)
            times.setdefault(specs[seat] + " (cpu)", []).append(time.thread_time() - c0)
            match.apply(action)
        points.append(unit_points(variant, match.results[-1]))
    return match, points


def unit_points(variant: Variant, result: HandResult) -> tuple[int, ...]:
    """A hand's points per scoring unit of the match (``variant.n_sides`` of them: the
    sides of fixed partnerships, else the seats), the more the better for that unit.

    Chiamata's hand sides are the call's: its per-seat ``score`` is what the match adds
    up. Ciapanò's points count against the taker, so they are negated."""
    pts = result.score or result.points
    if variant.inverted:
        return tuple(-p for p in pts)
    return tuple(pts)


def won(match: Match, unit: int) -> bool:
    """``unit`` (a side, or a seat where sides change) is among the match's winners
    (chiamata's two partners may win together)."""
    return match.finished and unit in match.winners


def _declarations(match: Match, players: list[Player]) -> None:
    """Ask every seat with declarations on offer, as the table controller does."""
    state = match.state
    assert state is not None
    for seat, player in enumerate(players):
        view = view_for(state, seat)
        if not any(isinstance(a, Declare) for a in view.legal):
            continue
        for decl in player.declarations(view):
            try:
                match.apply(decl)
            except IllegalAction:
                # A declaration the engine refuses after an earlier one (e.g. a three
                # after its four) is dropped, as the table would.
                continue


def parse_options(text: str | None, variant_name: str) -> dict[str, object]:
    """``key=value,key=value`` into preset options: true/false, integers, else words.

    Unknown keys and values are refused by :func:`make_variant` with the list of
    what the preset has."""
    out: dict[str, object] = {}
    if not text:
        return out
    preset = PRESETS.get(variant_name)
    specs = {o.key: o for o in preset.options} if preset else {}
    for item in text.split(","):
        item = item.strip()
        if not item:
            continue
        key, sep, raw = item.partition("=")
        key, raw = key.strip(), raw.strip()
        if not sep or not key:
            raise ValueError(f"option {item!r}: write key=value")
        spec = specs.get(key)
        value: object = raw
        if spec is not None and isinstance(spec.default, bool):
            low = raw.lower()
            value = True if low in ("true", "on", "yes", "1") else False if low in ("false", "off", "no", "0") else raw
        elif spec is not None and isinstance(spec.default, int):
            try:
                value = int(raw)
            except ValueError:
                value = raw
        out[key] = value
    return out


def _variant(args: ArenaOptions) -> Variant:
    return make_variant(args.variant, parse_options(args.options, args.variant))


def _calibration(args: ArenaOptions) -> Calibration | None:
    """``--coach``: every match reviewed by the coach (docs/coach.md, calibration)."""
    if not args.coach:
        return None

    return Calibration(Coach(seed=args.seed, worlds=args.coach_worlds or RATE_WORLDS))


def run(args: ArenaOptions) -> dict[str, Any]:
    _check_knobs(args)
    if args.from_log is not None:
        return summarize_logs(args)
    workers = args.workers
    if workers:
        # The hard players of the match share one pool of world workers (measurement:
        # what the box's other cores buy; default none, the search of one core).
        started = world_pool.start_shared(workers)
        if started is not None:
            started.wait_ready(60.0)
    if args.duplicate:
        return run_duplicate(args)
    variant = _variant(args)
    tally = Tally()
    bar = _progress_bar(args.matches, f"{args.a} vs {args.b}", args.quiet)
    calibration = _calibration(args)
    t_start = time.perf_counter()
    for i in range(args.matches):
        _play_and_count(variant, args, i, tally, calibration)
        if bar is not None:
            rate = tally.wins[0] / tally.matches
            bar.set_postfix_str(f"{args.a} {rate:.0%}")
            bar.update(1)
    if bar is not None:
        bar.close()
    return _report(args, variant, tally, calibration, t_start)


DUPLICATE_ONLY = ("log", "also", "first")
"""Options that mean something on duplicate deals only (``--ceiling``: or ``--from-log``)."""


def _check_knobs(args: ArenaOptions) -> None:
    """``--wall-cap`` and ``--ref-plies`` in their ranges, the duplicate options with
    ``--duplicate`` (a ValueError saying which; before: silently ignored)."""
    if not args.duplicate:
        if args.ceiling is not None and args.from_log is None:
            raise ValueError("--ceiling needs --duplicate (or --from-log): the gap is measured on duplicate deals")
        for name in DUPLICATE_ONLY:
            if getattr(args, name) is not None and not (name == "log" and args.from_log is not None):
                raise ValueError(f"--{name} needs --duplicate: it is about duplicate deals")
    if args.from_log is not None and args.log is not None:
        raise ValueError("--log and --from-log: give one (--from-log reads logs, it writes none)")
    cap = args.wall_cap
    if cap is not None and not 1.0 <= cap <= 1000.0:
        raise ValueError(f"--wall-cap {cap}: give a factor from 1 to 1000")
    if args.budget is not None:
        parse_budget(args.budget)  # a ValueError with the person's line
    plies = args.ref_plies
    if plies is not None and not 1 <= plies <= 40:
        raise ValueError(f"--ref-plies {plies}: give a depth from 1 to 40")


def _progress_bar(total: int, desc: str, quiet: bool) -> Any:
    """A tqdm bar on stderr (off with ``--quiet``); None without tqdm."""
    try:
        # optional: the progress bar, when tqdm is installed
        from tqdm import tqdm  # type: ignore[import-untyped]  # tqdm ships no type hints
    except ImportError:  # pragma: no cover - tqdm is a dependency
        return None
    return tqdm(total=total, desc=desc, file=sys.stderr, disable=quiet)


def _play_and_count(variant: Variant, args: ArenaOptions, i: int, tally: Tally, calibration: Calibration | None) -> None:
    """Match ``i``: A on side (or seat) ``i % n_sides``, B on the others; its result and its
    hands' points (A's minus the mean of B's) into ``tally``, the match to ``calibration``."""
    units = variant.n_sides
    a_side = i % units  # A moves to the next side (or seat) every match
    specs = [args.a if variant.side_of(s) == a_side else args.b for s in range(variant.n_seats)]
    match, points = play_match(
        variant,
        specs,
        args.seed * 100_003 + i // units,
        (i // units) % variant.n_seats,
        args.think_ms,
        tally.times,
        args.worlds,
        args.wall_cap,
        args.ref_plies,
        budget=args.budget,
    )
    tally.matches += 1
    if calibration is not None:
        calibration.add(match, specs, a_side)
    if match.finished:
        tally.wins[0 if won(match, a_side) else 1] += 1
    b_sides = [x for x in range(variant.n_sides) if x != a_side]
    for p in points:
        other = sum(p[x] for x in b_sides) / len(b_sides)
        tally.hand_diffs.append(p[a_side] - other)


def _search_settings(args: ArenaOptions) -> dict[str, Any]:
    """What the searching levels were given, as every report states it."""
    return {
        "think_ms": args.think_ms,
        "wall_cap": args.wall_cap,
        "budget": args.budget,
        "ref_plies": args.ref_plies,
        "worlds": args.worlds,
        "workers": args.workers,
    }


def _report(args: ArenaOptions, variant: Variant, tally: Tally, calibration: Calibration | None, t_start: float) -> dict[str, Any]:
    """The run's result: ``--json``'s object, which the text report prints."""
    lo, hi = wilson(tally.wins[0], tally.matches)
    m, mlo, mhi = mean_ci(tally.hand_diffs)
    return {
        "variant": args.variant,
        "options": dict(variant.options),
        "a": args.a,
        "b": args.b,
        "matches": tally.matches,
        "seed": args.seed,
        **_search_settings(args),
        "a_wins": tally.wins[0],
        "b_wins": tally.wins[1],
        "a_win_rate": tally.wins[0] / max(1, tally.matches),
        "a_win_rate_ci95": [lo, hi],
        "hands": len(tally.hand_diffs),
        "points_per_hand_diff": m,
        "points_per_hand_diff_ci95": [mlo, mhi],
        "decision_ms": _decision_ms(tally),
        "coach": None if calibration is None else calibration.to_json(),
        "seconds": time.perf_counter() - t_start,
        "max_rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
        "machine": _machine(),
    }


@dataclass
class DuplicateTally:
    """One level against B over duplicate matches."""

    wins: int = 0
    matches: int = 0
    hands: int = 0
    pairs: dict[str, float] = field(default_factory=dict)  # "match:hand" -> A minus B, mean of the copies


def duplicate_match(
    variant: Variant,
    a: str,
    b: str,
    i: int,
    args: ArenaOptions,
    times: dict[str, list[float]],
    tally: DuplicateTally,
    calibration: Calibration | None = None,
) -> None:
    """Match ``i`` once per side with ``a`` on that side; its hand pairs into ``tally``.

    With ``calibration`` (``--coach``) every copy is reviewed by the coach and the
    deals are paired there too (docs/coach.md)."""
    n = variant.n_seats
    copies = variant.n_sides
    per_copy: list[list[tuple[int, ...]]] = []
    reviewed: list[tuple[Match, list[str], int]] = []
    for a_side in range(copies):
        specs = [a if variant.side_of(s) == a_side else b for s in range(n)]
        match, points = play_match(
            variant,
            specs,
            args.seed * 100_003 + i,
            i % n,
            args.think_ms,
            times,
            args.worlds,
            args.wall_cap,
            args.ref_plies,
            budget=args.budget,
        )
        tally.matches += 1
        tally.hands += len(points)
        if won(match, a_side):
            tally.wins += 1
        per_copy.append(points)
        reviewed.append((match, specs, a_side))
    if calibration is not None:
        calibration.add_duplicate(reviewed)
    # Hand k is the same deal (seed and dealer) in every copy while all copies still run.
    for k in range(min(len(p) for p in per_copy)):
        d = 0.0
        for a_side, points in enumerate(per_copy):
            p = points[k]
            others = [p[x] for x in range(copies) if x != a_side]
            d += p[a_side] - sum(others) / len(others)
        tally.pairs[f"{i}:{k}"] = d / copies


def _summary(level: str, t: DuplicateTally) -> dict[str, Any]:
    lo, hi = wilson(t.wins, t.matches)
    m, mlo, mhi = mean_ci(list(t.pairs.values()))
    return {
        "level": level,
        "wins": t.wins,
        "matches": t.matches,
        "win_rate": t.wins / max(1, t.matches),
        "win_rate_ci95": [lo, hi],
        "hands": t.hands,
        "pairs": len(t.pairs),
        "points_per_hand_diff": m,
        "points_per_hand_diff_ci95": [mlo, mhi],
    }


def run_duplicate(args: ArenaOptions) -> dict[str, Any]:
    """Every match once per side, the levels' seats exchanged; points over duplicate pairs.

    ``--also L1,L2`` plays the same deals with each of those levels in A's place,
    and reports A minus each of them over the deal pairs both have (paired).
    """
    variant = _variant(args)
    levels = [args.a, *[x.strip() for x in (args.also or "").split(",") if x.strip()]]
    tallies = {level: DuplicateTally() for level in levels}
    times: dict[str, list[float]] = {}
    calibration = _calibration(args)
    bar = _progress_bar(args.matches, f"{'/'.join(levels)} vs {args.b} (duplicate)", args.quiet)
    t_start = time.perf_counter()
    log = args.log
    if log is not None:
        append_log(log, "")  # a log that cannot be written is said before a deal is played
    first = args.first or 0
    if not 0 <= first <= 1_000_000:
        raise ValueError(f"--first {first}: give a deal number from 0 to 1000000")
    # --first N: deals N, N+1, ... (a run cut short goes on where it stopped, into the same log)
    for i in range(first, first + args.matches):
        for level in levels:
            t = tallies[level]
            before = (t.wins, t.matches, len(t.pairs))
            before_hands = t.hands
            duplicate_match(variant, level, args.b, i, args, times, t,
                            calibration if level == args.a else None)
            if log:
                # One line per deal and level: a run cut short still says what it measured
                # (deal i is the same in every run with the same seed and options).
                line = {
                    "deal": i,
                    "level": level,
                    "wins": t.wins - before[0],
                    "matches": t.matches - before[1],
                    "hands": t.hands - before_hands,
                    "pairs": {k: v for k, v in list(t.pairs.items())[before[2] :]},
                }
                try:
                    append_log(log, json.dumps(line) + "\n")
                except ValueError as exc:  # the disk filled, the file was replaced: the run goes on
                    print(f"arena: {exc}; deal {i} on is not logged, the report below has it", file=sys.stderr)
                    log = None
        if bar is not None:
            t = tallies[args.a]
            bar.set_postfix_str(f"{args.a} {t.wins / t.matches:.0%}")
            bar.update(1)
    if bar is not None:
        bar.close()
    out = _duplicate_out(args, variant, levels, tallies)
    out.update(
        coach=None if calibration is None else calibration.to_json(),
        decision_ms=_decision_ms_of(times),
        seconds=time.perf_counter() - t_start,
        max_rss_mb=resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
        machine=_machine(),
    )
    return out


def summarize_logs(args: ArenaOptions) -> dict[str, Any]:
    """``--from-log F1,F2``: the duplicate report of the deals in one or more ``--log``
    files (a run cut short, or two runs on the same deals: before/after a change).
    A level appearing in several files is named ``level (file)``; the first is A."""
    variant = _variant(args)
    levels: list[str] = []
    tallies: dict[str, DuplicateTally] = {}
    names = [x for x in (args.from_log or "").split(",") if x]
    if not names:
        raise ValueError("--from-log: name at least one --log file (comma-separated)")
    rows_of = [read_log(path) for path in names]
    seen_levels = [sorted({row.level for row in rows}) for rows in rows_of]
    for path, rows, in_file in zip(names, rows_of, seen_levels, strict=True):
        clash = any(set(in_file) & set(other) for other in seen_levels if other is not in_file)
        for row in rows:
            key = f"{row.level} ({path.rsplit('/', 1)[-1]})" if clash else row.level
            if key not in tallies:
                levels.append(key)
                tallies[key] = DuplicateTally()
            t = tallies[key]
            t.wins += row.wins
            t.matches += row.matches
            t.hands += row.hands
            t.pairs.update(row.pairs)
    if not levels:
        raise ValueError("the log files hold no deals")
    args = replace(args, a=levels[0], matches=max(len({k.split(":")[0] for k in t.pairs}) for t in tallies.values()))
    out = _duplicate_out(args, variant, levels, tallies)
    out.update(decision_ms={}, seconds=0.0, max_rss_mb=0.0, machine=_machine())
    return out


def _duplicate_out(
    args: ArenaOptions, variant: Variant, levels: list[str], tallies: dict[str, DuplicateTally]
) -> dict[str, Any]:
    main_tally = tallies[levels[0]]
    out: dict[str, Any] = {
        "mode": "duplicate",
        "variant": args.variant,
        "options": dict(variant.options),
        "a": levels[0],
        "b": args.b,
        "deals": args.matches,
        "copies": variant.n_sides,
        "seed": args.seed,
        **_search_settings(args),
        "levels": [_summary(level, tallies[level]) for level in levels],
        "versus": [],
        "pair_diffs": main_tally.pairs,
    }
    for other in levels[1:]:
        common = sorted(set(main_tally.pairs) & set(tallies[other].pairs))
        diffs = [main_tally.pairs[k] - tallies[other].pairs[k] for k in common]
        m, mlo, mhi = mean_ci(diffs)
        out["versus"].append(
            {"a": levels[0], "other": other, "pairs": len(diffs), "points_per_hand_diff": m, "ci95": [mlo, mhi]}
        )
    ceiling = getattr(args, "ceiling", None)
    out["ceiling"] = ceiling
    out["shares"] = []
    if ceiling:
        if ceiling not in tallies:
            raise ValueError(f"--ceiling {ceiling}: not among the levels ({', '.join(levels)})")
        for level in levels:
            if level != ceiling:
                share = gap_share(tallies[level].pairs, tallies[ceiling].pairs)
                out["shares"].append({"level": level, **share})
    head = out["levels"][0]
    out.update(
        a_wins=head["wins"],
        matches=head["matches"],
        a_win_rate=head["win_rate"],
        a_win_rate_ci95=head["win_rate_ci95"],
        hands=head["hands"],
        points_per_hand_diff=head["points_per_hand_diff"],
        points_per_hand_diff_ci95=head["points_per_hand_diff_ci95"],
    )
    return out


def _decision_ms(tally: Tally) -> dict[str, dict[str, float]]:
    return _decision_ms_of(tally.times)


def _decision_ms_of(times: dict[str, list[float]]) -> dict[str, dict[str, float]]:
    return {
        level: {
            "n": len(ts),
            "median": statistics.median(ts) * 1e3,
            "p95": percentile(ts, 0.95) * 1e3,
            "max": max(ts) * 1e3,
        }
        for level, ts in times.items()
    }


def _machine() -> str:
    load = ""
    try:
        l1, l5, l15 = os.getloadavg()
        load = f" load {l1:.1f} {l5:.1f} {l15:.1f}"
    except OSError:  # pragma: no cover - not on every platform
        pass
    return f"{platform.machine()} {platform.processor()} python {platform.python_version()}{load}".strip()


def main(namespace: argparse.Namespace) -> int:
    args = ArenaOptions.from_args(namespace)
    try:
        out = run(args)
    except (OptionError, ValueError) as exc:
        print(f"arena: {exc}", file=sys.stderr)
        return 2
    print(json.dumps(out, indent=1) if args.json else report(out))
    return 0
