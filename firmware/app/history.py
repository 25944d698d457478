"""``tressette history`` and ``tressette export``: the journal as history.

Finished matches stay in the journal; ``history`` lists them with statistics
per variant and computer level, ``export MATCH`` writes any match (finished
or not) as a tressette-record/1 file that ``tressette replay`` reads.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from firmware.cliopts import options_from
from firmware.config import BOX_STATE_DIR, atomic_write, sim_state_dir
from firmware.engine import TressetteError, make_variant
from firmware.replay import who
from firmware.store import Journal, JournalUnavailable
from firmware.store_schema import DB_NAME, MatchRow


def state_dir_of(arg: str | None) -> Path:
    """--state-dir, else $TRESSETTE_STATE_DIR, else the box's, else the simulator's."""
    if arg:
        return Path(arg)
    env = os.environ.get("TRESSETTE_STATE_DIR")
    if env:
        return Path(env)
    if (Path(BOX_STATE_DIR) / DB_NAME).exists():
        return Path(BOX_STATE_DIR)
    return sim_state_dir()


def open_for_reading(command: str, arg: str | None) -> Journal | None:
    """The journal, read-only (nothing created or chowned), or None after saying why."""
    try:
        return Journal.open_readonly(state_dir_of(arg))
    except JournalUnavailable as exc:
        print(f"tressette {command}: {exc}", file=sys.stderr)
        return None


@dataclass(frozen=True, slots=True)
class ExportOptions:
    """``tressette export``'s options, with the parser's defaults (firmware.cli)."""

    match: int
    output: str | None = None  # None or "-": stdout
    state_dir: str | None = None

    @classmethod
    def from_args(cls, args: argparse.Namespace) -> ExportOptions:
        return options_from(cls, args)


def export_main(namespace: argparse.Namespace) -> int:
    args = ExportOptions.from_args(namespace)
    journal = open_for_reading("export", args.state_dir)
    if journal is None:
        return 1
    with journal:
        if journal.match(args.match) is None:
            print(f"tressette export: no match {args.match} in {journal.path}", file=sys.stderr)
            return 1
        text = json.dumps(journal.record(args.match), ensure_ascii=False, indent=1) + "\n"
    if args.output in (None, "-"):
        sys.stdout.write(text)
        return 0

    try:
        atomic_write(Path(args.output), text)
    except (OSError, ValueError) as exc:
        print(f"tressette export: cannot write {args.output}: {exc}", file=sys.stderr)
        return 1
    return 0


@dataclass(frozen=True, slots=True)
class HistoryOptions:
    """``tressette history``'s options, with the parser's defaults (firmware.cli)."""

    state_dir: str | None = None
    json: bool = False

    @classmethod
    def from_args(cls, args: argparse.Namespace) -> HistoryOptions:
        return options_from(cls, args)


def history_main(namespace: argparse.Namespace) -> int:
    args = HistoryOptions.from_args(namespace)
    journal = open_for_reading("history", args.state_dir)
    if journal is None:
        return 1
    with journal:
        rows = journal.matches(limit=100)
        stats = journal.statistics()
        people = journal.person_statistics()
    if args.json:
        out = {
            "matches": [
                {"id": r.id, "variant": r.variant, "seats": r.seats, "started": r.started,
                 "finished": r.finished, "winner": r.winner, "totals": r.totals,
                 **({"players": list(r.players)} if any(r.players) else {})}
                for r in rows
            ],
            "statistics": stats,
            "people": people,
        }  # fmt: skip
        print(json.dumps(out, indent=1, ensure_ascii=False))
        return 0
    print(f"{'id':>4}  {'started':16}  {'variant':13} {'seats':28} result")
    for r in rows:
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(r.started))
        if r.finished is None:
            result = "in progress"
        elif r.winner is None:
            result = "abandoned"
        else:
            result = f"{winner_name(r)} won {'-'.join(map(str, r.totals or []))}"
        seats = ",".join(s + (f" {r.player(i)}" if r.player(i) else "") for i, s in enumerate(r.seats))
        print(f"{r.id:>4}  {when:16}  {r.variant:13} {seats:28} {result}")
    if stats:
        print("\nstatistics (people's side against the strongest computer; '-': people only, played):")
        for s in stats:
            print(
                f"  {s['variant']:13} {s['level']:7} played {s['played']:3}  won {s['won']:3}  "
                f"lost {s['lost']:3}  abandoned {s['abandoned']:3}"
            )
    if people:
        print("\nstatistics per person:")
        for p in people:
            print(person_text(p))
    return 0


def winner_name(r: MatchRow) -> str:
    """The side that won, by its one name (firmware.replay.who: "Anna + Marco", "seat 0 + 2")."""
    assert r.winner is not None
    try:
        v = make_variant(r.variant, r.options)
        members = [s for s in range(v.n_seats) if v.side_of(s) == r.winner]
    except TressetteError:
        members = [r.winner]
    return who(r.players, members)


def person_text(p: dict[str, Any]) -> str:
    """One person's lines: each game, then with whom, against whom, against each computer level."""
    lines = [f"  {p['name']}"]
    for g in p["games"]:
        pts = "–" if g["points_per_hand"] is None else f"{g['points_per_hand']:.1f}"
        lines.append(f"    {g['variant']:13} played {g['played']:3}  won {g['won']:3}  points/hand {pts}")
    for key, title in (("partners", "with"), ("rivals", "against"), ("levels", "against cpu")):
        for name, c in p[key].items():
            lines.append(f"    {title} {name}: played {c['played']}  won {c['won']}")
    return "\n".join(lines)
