"""The statistics: where a finished match counts (per game and computer level, from
the person's side) and how it counts for each person named in it. Pure: the
journal (:mod:`firmware.store`) keeps the counts as matches finish and reads
them back through these functions.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from firmware.engine import TressetteError, make_variant
from firmware.store_schema import MatchRow

ASSISTED_SUFFIX = ":help"
"""The statistics' level of an assisted match: ``hard:help`` beside ``hard``."""
LEVEL_ORDER = ("easy", "normal", "hard")
STAT_KEYS = ("played", "won", "lost", "abandoned")


def stat_line(row: MatchRow) -> tuple[str, str, str]:
    """Where a finished match counts: (variant, level, ``won``/``lost``/``abandoned``/``played``).

    ``played`` only: no person at the table (computers among themselves), or no
    computer (people among themselves: nobody is "us", nobody "them"; who won is in the
    statistics per person, :func:`person_lines`). An ``assisted`` match counts under its
    level with ``:help`` (``hard:help``).
    """
    cpus = [s.split(":", 1)[1] for s in row.seats if s.startswith("cpu:")]
    level = max(cpus, key=lambda x: LEVEL_ORDER.index(x) if x in LEVEL_ORDER else -1) if cpus else "-"
    if row.mode == "assisted":
        level += ASSISTED_SUFFIX  # played with undo or hints: counted apart
    people = [i for i, s in enumerate(row.seats) if not s.startswith("cpu:")]
    if row.winner is None:
        outcome = "abandoned"
    elif people and cpus:
        outcome = "won" if row.winner == _side_of(row, people[0]) else "lost"
    else:
        outcome = "played"
    return row.variant, level, outcome


@dataclass(frozen=True, slots=True)
class PersonLine:
    """How one finished match counts for one person in it (:func:`person_lines`)."""

    name: str
    variant: str
    outcome: str  # won, lost, abandoned
    hands: int
    points: int  # the person's side's total at the end
    partners: tuple[str, ...]  # the named people on the same side
    rivals: tuple[str, ...]  # the named people on the other sides
    level: str  # the strongest computer against them, "-" without one


def person_lines(row: MatchRow, hands: int) -> list[PersonLine]:
    """A finished match as each named person in it counts it: won or lost by the side
    the person sat on (a match of people only too: here somebody did win), with whom,
    against whom, against which computer. Nobody named: nothing."""
    if row.finished is None or row.mode == "lesson" or not any(row.players):
        return []
    try:
        variant = make_variant(row.variant, row.options)
        unit = [variant.side_of(s) if variant.has_fixed_sides else s for s in range(len(row.seats))]
    except TressetteError:
        unit = list(range(len(row.seats)))
    out = []
    for seat, name in enumerate(row.players):
        if not name or seat >= len(unit):
            continue
        mine = unit[seat]
        others = [s for s in range(len(unit)) if unit[s] != mine]
        cpus = [row.seats[s].split(":", 1)[1] for s in others if row.seats[s].startswith("cpu:")]
        level = max(cpus, key=lambda x: LEVEL_ORDER.index(x) if x in LEVEL_ORDER else -1) if cpus else "-"
        outcome = "abandoned" if row.winner is None else "won" if row.winner == mine else "lost"
        totals = row.totals or []
        out.append(PersonLine(
            name, row.variant, outcome, hands, totals[mine] if mine < len(totals) else 0,
            tuple(p for s, p in enumerate(row.players) if p and s != seat and unit[s] == mine),
            tuple(p for s, p in enumerate(row.players) if p and unit[s] != mine),
            level,
        ))  # fmt: skip
    return out


def add_person_line(people: dict[str, dict[str, Any]], line: PersonLine) -> None:
    p = people.setdefault(line.name, {"name": line.name, "games": {}, "partners": {}, "rivals": {}, "levels": {}})
    g = p["games"].setdefault(line.variant, {"variant": line.variant, **dict.fromkeys(STAT_KEYS, 0),
                                             "hands": 0, "points": 0})  # fmt: skip
    g["played"] += 1
    g[line.outcome] += 1
    if line.outcome != "abandoned":
        g["hands"] += line.hands
        g["points"] += line.points
    won = int(line.outcome == "won")
    for key, names in (("partners", line.partners), ("rivals", line.rivals), ("levels", (line.level,))):
        for other in dict.fromkeys(names):
            c = p[key].setdefault(other, {"played": 0, "won": 0})
            c["played"] += 1
            c["won"] += won


def person_out(p: dict[str, Any]) -> dict[str, Any]:
    games = []
    for variant in sorted(p["games"]):
        g = dict(p["games"][variant])
        g["points_per_hand"] = round(g["points"] / g["hands"], 2) if g["hands"] else None
        games.append(g)
    levels = {lv: p["levels"][lv] for lv in sorted(p["levels"], key=lambda x: (LEVEL_ORDER + ("-",)).index(x)
                                                    if x in LEVEL_ORDER + ("-",) else 9)}  # fmt: skip
    return {"name": p["name"], "games": games,
            "partners": dict(sorted(p["partners"].items(), key=lambda kv: kv[0].casefold())),
            "rivals": dict(sorted(p["rivals"].items(), key=lambda kv: kv[0].casefold())),
            "levels": levels}  # fmt: skip


def _side_of(row: MatchRow, seat: int) -> int:
    try:
        return make_variant(row.variant, row.options).side_of(seat)
    except TressetteError:
        return seat
