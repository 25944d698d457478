"""``tressette replay FILE [--json]`` and ``tressette deal``: records for people."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any, TextIO

from firmware.engine import (
    CODE,
    Declare,
    HandResult,
    Match,
    RecordError,
    TressetteError,
    ZuTun,
    deal_seeded,
    make_variant,
)
from firmware.engine.declarations import describe
from firmware.engine.records import action_from_json, replay, variant_of


def thirds_text(thirds: int) -> str:
    """``20`` thirds → ``"6 ⅔"``: whole points and the Pezz."""
    whole, rest = divmod(thirds, 3)
    return f"{whole}" + {0: "", 1: " ⅓", 2: " ⅔"}[rest]


def hand_json(result: HandResult) -> dict[str, Any]:
    return {
        "thirds": list(result.thirds),
        "card_points": list(result.card_points),
        "last_trick": result.last_trick,
        "declarations": [
            {"seat": d.seat, "kind": d.kind, "cards": [CODE[c] for c in d.cards], "points": d.points}
            for d in result.declarations
        ],
        "points": list(result.points),
    }


def match_json(match: Match) -> dict[str, Any]:
    return {
        "hands": [hand_json(r) for r in match.results],
        "totals": list(match.totals),
        "winner": match.winner,
        "finished": match.finished,
    }


def print_match(doc: dict[str, Any], out: TextIO) -> Match:
    """Tell the game trick by trick, as a person would; returns the replayed match.

    ``doc`` must already have passed :func:`replay` (so every action is legal).
    """
    variant = variant_of(doc)
    deck = variant.deck
    name = deck.name_of
    out.write(f"{variant.preset.title} ({variant.name}), target {variant.target}\n")
    match: Match | None = None
    for h_index, hand in enumerate(doc["hands"]):
        if match is None:
            match = Match(variant, first_dealer=hand["dealer"])
        state = match.start_hand(hand["deal"])
        out.write(f"\nHand {h_index + 1}: seat {state.dealer} deals\n")
        for obj in hand.get("actions", []):
            action = action_from_json(deck, obj)
            n_tricks, n_draws, n_decl = len(state.tricks), len(state.draws), len(state.declarations)
            match.apply(action)
            if isinstance(action, Declare):
                for d in state.declarations[n_decl:]:
                    out.write(f"  seat {d.seat} declares {describe(deck, d)}\n")
            elif isinstance(action, ZuTun):
                out.write(f"  seat {action.seat} lays {name(action.card)} on the talon: zu tun!\n")
            if len(state.tricks) > n_tricks:
                t = state.tricks[-1]
                played = " | ".join(
                    f"{t.seat_of(i, variant.n_seats)}: {name(c)}" for i, c in enumerate(t.cards)
                )
                out.write(f"  trick {len(state.tricks):2}  {played}  -> seat {t.winner}\n")
                for d in state.draws[n_draws:]:
                    seen = name(d.card) if d.shown else "face down"
                    out.write(f"            seat {d.seat} draws {seen}\n")
        if state.trick:
            out.write("  (unfinished) " + " | ".join(CODE[c] for c in state.trick) + "\n")
        if state.over:
            _write_count(match.results[-1], out)
    assert match is not None
    out.write("\nTotals: " + " - ".join(str(t) for t in match.totals))
    out.write(f"; side {match.winner} wins\n" if match.finished else " (not finished)\n")
    return match


def _write_count(result: HandResult, out: TextIO) -> None:
    for seat, th in enumerate(result.thirds):
        extra = " (with the last trick)" if result.last_trick == seat else ""
        out.write(f"  seat {seat} took {thirds_text(th)}{extra}\n")
    for side, (c, d, p) in enumerate(
        zip(result.card_points, result.declared, result.points, strict=True)
    ):
        out.write(f"  side {side}: {c} card points + {d} accusi = {p}\n")


def main(args: argparse.Namespace) -> int:
    try:
        text = Path(args.file).read_text(encoding="utf-8")
        doc = json.loads(text)
        if not isinstance(doc, dict):
            raise RecordError("a record is a JSON object")
        match = replay(doc)
    except OSError as exc:
        print(f"tressette replay: cannot read {args.file}: {exc.strerror}", file=sys.stderr)
        return 2
    except json.JSONDecodeError as exc:
        print(f"tressette replay: {args.file} is not JSON: {exc}", file=sys.stderr)
        return 2
    except RecordError as exc:
        print(f"tressette replay: {args.file}: {exc}", file=sys.stderr)
        return 1
    if args.json:
        json.dump(match_json(match), sys.stdout, indent=1)
        sys.stdout.write("\n")
    else:
        print_match(doc, sys.stdout)
    return 0


def deal_main(args: argparse.Namespace) -> int:
    try:
        variant = make_variant(args.variant)
    except TressetteError as exc:
        print(f"tressette deal: {exc}", file=sys.stderr)
        return 2
    deal = deal_seeded(variant, args.seed, args.dealer)
    print(f"{variant.preset.title}, seed {args.seed}, seat {args.dealer} deals")
    for seat, hand in enumerate(deal.hands):
        print(f"  seat {seat}: " + " ".join(CODE[c] for c in sorted(hand)))
    if deal.aside:
        print("  aside:  " + " ".join(CODE[c] for c in deal.aside))
    if deal.talon:
        print("  talon (top first): " + " ".join(CODE[c] for c in deal.talon))
    return 0
