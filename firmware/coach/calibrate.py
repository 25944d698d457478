"""The coach's calibration in the arena (``tressette arena --coach``, docs/coach.md).

Every finished arena match is turned into its record and reviewed by the
coach (every play of every seat rated from that seat's view). Per level:
the mean expected loss per rated play and per hand, and how its plays fall
into the marks. Per hand: the Pearson correlation between the difference of
the two sides' rated losses and the difference of the points they actually
scored (the side that the coach says played worse should score less).
"""

from __future__ import annotations

import json
import math
import statistics
from dataclasses import dataclass, field
from typing import Any

from firmware.coach.core import MARKS, Coach
from firmware.coach.review import review_match
from firmware.engine import Match
from firmware.engine.records import dumps


@dataclass
class Calibration:
    coach: Coach
    losses: dict[str, list[float]] = field(default_factory=dict)  # level -> loss per rated play
    hand_losses: dict[str, list[float]] = field(default_factory=dict)  # level -> a side's loss per hand
    marks: dict[str, dict[str, int]] = field(default_factory=dict)
    pairs: list[tuple[float, float]] = field(default_factory=list)  # (loss a - loss b, points b - points a)

    def add(self, match: Match, specs: list[str], a_side: int) -> None:
        """Rate every play of ``match``; ``specs[seat]`` is each seat's level, A on ``a_side``."""
        variant = match.variant
        review = review_match(json.loads(dumps(match)), self.coach)
        for hand, result in zip(review.hands, match.results, strict=False):
            side_loss = [0.0] * variant.n_sides
            for rp in hand.plays:
                p = rp.rated
                level = specs[p.seat]
                side_loss[variant.side_of(p.seat)] += p.loss
                if p.mark == "forced":
                    continue
                self.losses.setdefault(level, []).append(p.loss)
                marks = self.marks.setdefault(level, dict.fromkeys(MARKS, 0))
                marks[p.mark] += 1
            for side in range(variant.n_sides):
                level = next(specs[s] for s in range(variant.n_seats) if variant.side_of(s) == side)
                self.hand_losses.setdefault(level, []).append(side_loss[side])
            if variant.n_sides == 2:
                pts = result.points
                b_side = 1 - a_side
                self.pairs.append(
                    (side_loss[a_side] - side_loss[b_side], float(pts[b_side] - pts[a_side]))
                )

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"worlds": self.coach.worlds, "levels": {}}
        for level, xs in self.losses.items():
            hl = self.hand_losses.get(level, [])
            out["levels"][level] = {
                "rated_plays": len(xs),
                "loss_per_play": statistics.fmean(xs) if xs else 0.0,
                "loss_per_play_ci95": _ci(xs),
                "loss_per_hand": statistics.fmean(hl) if hl else 0.0,
                "marks": self.marks.get(level, {}),
            }
        out["hands"] = len(self.pairs)
        out["correlation_loss_vs_points_lost"] = pearson(self.pairs)
        return out


def _ci(xs: list[float]) -> list[float]:
    if len(xs) < 2:
        return [0.0, 0.0]
    m = statistics.fmean(xs)
    half = 1.96 * statistics.stdev(xs) / math.sqrt(len(xs))
    return [m - half, m + half]


def pearson(pairs: list[tuple[float, float]]) -> float | None:
    if len(pairs) < 3:
        return None
    xs = [x for x, _ in pairs]
    ys = [y for _, y in pairs]
    mx, my = statistics.fmean(xs), statistics.fmean(ys)
    sxy = sum((x - mx) * (y - my) for x, y in pairs)
    sxx = sum((x - mx) ** 2 for x in xs)
    syy = sum((y - my) ** 2 for y in ys)
    if sxx == 0 or syy == 0:
        return None
    return sxy / math.sqrt(sxx * syy)


def report(out: dict[str, Any]) -> list[str]:
    lines = [f"coach (--worlds {out['worlds']} per rated decision):"]
    for level, d in out["levels"].items():
        lo, hi = d["loss_per_play_ci95"]
        marks = ", ".join(f"{k} {v}" for k, v in d["marks"].items())
        lines.append(
            f"  {level}: {d['loss_per_play']:.3f} points per rated play (95% CI {lo:.3f}-{hi:.3f}), "
            f"{d['loss_per_hand']:.2f} per hand and side; {marks}"
        )
    r = out["correlation_loss_vs_points_lost"]
    lines.append(
        f"  per hand, rated loss A-B vs points B-A: r = {'n/a' if r is None else f'{r:.2f}'} ({out['hands']} hands)"
    )
    return lines
