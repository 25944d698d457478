"""``tressette analyse RECORD [--json]``: every play of a game record rated by the coach.

Hand by hand, trick by trick: each card with its mark (docs/coach.md), its
expected loss in points, and the hint the coach would have given at that
moment (the hard player's card and why); per hand the accuracy of every
seat and its costliest play. ``--json`` prints the same as one object
(``"format": "tressette-analysis/1"``) for tools. A progress bar goes to
the terminal (stderr) only.

The record is checked first (:func:`firmware.engine.records.replay`): a file
that cannot be read, is not JSON or is not a legal game is refused with one
line on stderr and a non-zero exit, never a traceback.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, TextIO

from firmware.app.browse import sheet_rows
from firmware.app.coach_words import (
    mark_message,
    points_words,
    reason_message,
    verdict_key,
    verdict_message,
)
from firmware.cliopts import options_from
from firmware.coach import (
    NOISE_Z,
    RATE_WORLDS,
    THRESHOLDS,
    CardRef,
    Coach,
    RatedPlay,
    Reason,
    SignalRef,
    SuitRef,
    Thirds,
)
from firmware.coach.review import HandReview, MatchReview, review_match
from firmware.engine import CODE, Deck, RecordError, Variant
from firmware.engine.records import variant_of
from firmware.replay import RecordFileError, load_record, refused, unit_name
from ui.i18n import render, tr
from ui.model import SheetRow

FORMAT = "tressette-analysis/1"


# -------------------------------------------------------------------- JSON


def _reason_json(deck: Deck, reason: Reason, lang: str) -> dict[str, Any]:
    args: dict[str, Any] = {}
    for k, v in reason.args:
        if isinstance(v, CardRef):
            args[k] = CODE[v.card]
        elif isinstance(v, SuitRef):
            args[k] = deck.suits[v.suit]
        elif isinstance(v, SignalRef):
            args[k] = v.name
        elif isinstance(v, Thirds):
            args[k] = {"thirds": v.thirds}
        else:
            args[k] = v
    return {"key": reason.key, "args": args, "text": render(reason_message(reason, deck.name), lang)}


def _play_json(deck: Deck, p: RatedPlay, lang: str) -> dict[str, Any]:
    return {
        "seat": p.seat,
        "card": CODE[p.card],
        "mark": p.mark,
        # one verdict: "best" (the hint's card), "tie" (as good as it), else the mark
        "verdict": {"key": verdict_key(p.mark, p.card, p.best)[2:],
                    "text": render(verdict_message(p.mark, p.card, p.best, deck.name), lang)},
        "loss": round(p.loss, 3),
        "noise": round(p.noise, 3),
        "margin": round(p.margin, 3),
        "method": p.method,
        "worlds": p.worlds,
        "hint": {"card": CODE[p.best], "reason": _reason_json(deck, p.reason, lang)},
    }


def _hand_json(deck: Deck, h: HandReview, lang: str) -> dict[str, Any]:
    tricks: list[dict[str, Any]] = []
    for rp in h.plays:
        while len(tricks) <= rp.trick:
            i = len(tricks)
            t = h.tricks[i] if i < len(h.tricks) else None
            tricks.append(
                {"trick": i + 1, "leader": None if t is None else t.leader,
                 "winner": None if t is None else t.winner, "plays": []}
            )
        tricks[rp.trick]["plays"].append(_play_json(deck, rp.rated, lang))
    seats = range(h.n_seats)
    costliest = {str(s): h.costliest(s) for s in seats}
    return {
        "hand": h.index + 1,
        "dealer": h.dealer,
        "points": None if h.points is None else list(h.points),
        "tricks": tricks,
        "accuracy": {str(s): _round(h.accuracy(s)) for s in seats},
        "loss": {str(s): round(h.loss(s), 3) for s in seats},
        "costliest": {s: None if p is None else _play_json(deck, p, lang) for s, p in costliest.items()},
        # a person's real cards at a refereed table: his hand is not in the record
        "not_analysed": {str(s): {"why": "real_cards", "text": tr("not_analysed", lang)} for s in h.unseen},
    }


def _round(x: float | None) -> float | None:
    return None if x is None else round(x, 1)


def review_json(variant: Variant, review: MatchReview, worlds: int, seed: int, lang: str) -> dict[str, Any]:
    deck = variant.deck
    return {
        "format": FORMAT,
        "variant": variant.name,
        "worlds": worlds,
        "seed": seed,
        "thresholds": {"good": THRESHOLDS[0], "inaccuracy": THRESHOLDS[0], "mistake": THRESHOLDS[1],
                       "blunder": THRESHOLDS[2]},
        "noise_z": NOISE_Z,
        "hands": [_hand_json(deck, h, lang) for h in review.hands],
        "accuracy": {str(s): _round(review.accuracy(s)) for s in range(variant.n_seats)},
    }


# -------------------------------------------------------------------- text


def print_review(variant: Variant, review: MatchReview, lang: str, out: TextIO) -> None:
    deck = variant.deck

    def name(card: int) -> str:
        return deck.name_of(card, lang)

    out.write(f"{variant.preset.title} ({variant.name})\n")
    for h in review.hands:
        table = " (real cards, refereed)" if h.unseen else ""
        out.write(f"\nHand {h.index + 1}: seat {h.dealer} deals{table}\n")
        last_trick = -1
        for rp in h.plays:
            p = rp.rated
            if rp.trick != last_trick:
                last_trick = rp.trick
                won = f"  -> seat {h.tricks[rp.trick].winner}" if rp.trick < len(h.tricks) else ""
                out.write(f"  trick {rp.trick + 1}{won}\n")
            mark = render(verdict_message(p.mark, p.card, p.best, deck.name), lang)
            loss = f"-{points_words(p.loss, lang)}" if p.mark not in ("best", "forced") else ""
            hint = render(reason_message(p.reason, deck.name), lang)
            out.write(f"    seat {p.seat}: {name(p.card):<22} {mark:<14} {loss:>5}   {tr('hint', lang)}: {hint}\n")
        for s in range(h.n_seats):
            if s in h.unseen:
                out.write(f"  seat {s}: {tr('not_analysed', lang)}\n")
                continue
            acc = h.accuracy(s)
            if acc is None:
                continue
            line = f"  seat {s}: {render_accuracy(acc, lang)}, {tr('loss_n', lang, points=points_words(h.loss(s), lang))}"
            worst = h.costliest(s)
            if worst is not None:
                line += "; " + tr(
                    "costliest", lang, card=name(worst.card), mark=render(mark_message(worst.mark), lang),
                    points=points_words(worst.loss, lang), better=name(worst.best),
                )
            out.write(line + "\n")
    out.write("\n")
    for s in range(variant.n_seats):
        acc = review.accuracy(s)
        if acc is not None:
            out.write(f"seat {s}: {render_accuracy(acc, lang)} ({len(review.hands)} hands)\n")
        elif review.hands and all(s in h.unseen for h in review.hands):
            out.write(f"seat {s}: {tr('not_analysed_match', lang)}\n")


def render_accuracy(acc: float, lang: str) -> str:
    return tr("accuracy_n", lang, n=f"{acc:.0f}")


# -------------------------------------------------------------------- command


@dataclass(frozen=True, slots=True)
class AnalyseOptions:
    """``tressette analyse``'s options, with the parser's defaults (firmware.cli)."""

    file: str  # a tressette-record/1 JSON file
    json: bool = False
    lang: str = "en"
    seat: int | None = None  # rate only this seat's plays
    worlds: int | None = None  # None: the coach's RATE_WORLDS
    seed: int = 0
    quiet: bool = False

    @classmethod
    def from_args(cls, args: argparse.Namespace) -> AnalyseOptions:
        return options_from(cls, args)


def main(namespace: argparse.Namespace) -> int:
    args = AnalyseOptions.from_args(namespace)
    try:
        doc, match = load_record(args.file)  # every action checked: the review below trusts the record
    except (RecordFileError, RecordError) as exc:
        return refused("analyse", args.file, exc)
    variant = variant_of(doc)
    seats = None if args.seat is None else frozenset({args.seat})
    if args.seat is not None and args.seat >= variant.n_seats:
        print(f"tressette analyse: {variant.name} has seats 0-{variant.n_seats - 1}", file=sys.stderr)
        return 2
    worlds = RATE_WORLDS if args.worlds is None else args.worlds
    coach = Coach(seed=args.seed, worlds=worlds)
    bar: Any = None
    if not args.quiet and sys.stderr.isatty():
        # optional: the progress bar, when tqdm is installed
        from tqdm import tqdm  # type: ignore[import-untyped]  # tqdm ships no type hints

        bar = tqdm(total=None, desc="analysing", file=sys.stderr, unit="card")

    def progress(done: int, total: int) -> None:
        if bar is not None:
            bar.total = total
            bar.n = done
            bar.refresh()

    review = review_match(doc, coach, progress, seats)
    if bar is not None:
        bar.close()
    rows = sheet_rows(match) if match.keeps_sheet else ()
    if args.json:
        out = review_json(variant, review, worlds, args.seed, args.lang)
        if rows:
            out["sheet"] = [sheet_row_json(r) for r in rows]
        json.dump(out, sys.stdout, indent=1, ensure_ascii=False)
        sys.stdout.write("\n")
    else:
        print_review(variant, review, args.lang, sys.stdout)
        print_sheet(variant, rows, args.lang, sys.stdout)
    return 0


def sheet_row_json(r: SheetRow) -> dict[str, Any]:
    """A score-sheet hand: its points per side (or seat), the totals after it, how it ended."""
    return {"hand": r.hand, "dealer": r.dealer, "points": list(r.points), "totals": list(r.totals),
            "declared": list(r.declared), "note": r.note, "corrected": r.corrected}


def print_sheet(variant: Variant, rows: Sequence[SheetRow], lang: str, out: TextIO) -> None:
    """A score sheet's hands (no card to rate: the table played its own): the points each took."""
    if not rows:
        return
    unit = unit_name(variant)
    out.write(f"{tr('review_sheet', lang)}\n")
    for r in rows:
        pts = ", ".join(f"{unit} {i} {p}" for i, p in enumerate(r.points))
        note = tr(r.note, lang) if r.note.startswith("sheet_") else r.note
        extra = "; ".join(x for x in (note, tr("sheet_corrected", lang) if r.corrected else "") if x)
        tot = " - ".join(str(x) for x in r.totals)
        out.write(f"Hand {r.hand}: {pts or '-'}; totals {tot}" + (f" ({extra})" if extra else "") + "\n")
