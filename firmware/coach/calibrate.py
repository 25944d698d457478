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
import random
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
    deal_pairs: list[tuple[float, float]] = field(default_factory=list)  # the same, per duplicate deal

    def add_duplicate(self, copies: list[tuple[Match, list[str], int]]) -> None:
        """The copies of one duplicate deal sequence (A on each side in turn): hand k is the
        same deal in every copy, so the mean over copies of (loss A − loss B) against the
        mean of (points B − points A) has the luck of the cards taken out."""
        per_copy = [self.add(match, specs, a_side) for match, specs, a_side in copies]
        if not per_copy:
            return
        for k in range(min(len(p) for p in per_copy)):
            x = sum(p[k][0] for p in per_copy) / len(per_copy)
            y = sum(p[k][1] for p in per_copy) / len(per_copy)
            self.deal_pairs.append((x, y))

    def add(self, match: Match, specs: list[str], a_side: int) -> list[tuple[float, float]]:
        """Rate every play of ``match``; ``specs[seat]`` is each seat's level, A on ``a_side``.
        Returns per hand (loss A − loss B, points B − points A) (two-sided games)."""
        added: list[tuple[float, float]] = []
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
                pair = (side_loss[a_side] - side_loss[b_side], float(pts[b_side] - pts[a_side]))
                self.pairs.append(pair)
                added.append(pair)
        return added

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
        out["correlation_ci95"] = pearson_ci(self.pairs)
        out["correlation_bootstrap_ci95"] = bootstrap_ci(self.pairs)
        if self.deal_pairs:
            out["deals"] = len(self.deal_pairs)
            out["correlation_per_deal"] = pearson(self.deal_pairs)
            out["correlation_per_deal_ci95"] = pearson_ci(self.deal_pairs)
            out["correlation_per_deal_bootstrap_ci95"] = bootstrap_ci(self.deal_pairs)
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


def pearson_ci(pairs: list[tuple[float, float]]) -> list[float] | None:
    """95% interval of the correlation (Fisher's z)."""
    r = pearson(pairs)
    if r is None or len(pairs) < 4 or abs(r) >= 1:
        return None
    z = math.atanh(r)
    half = 1.96 / math.sqrt(len(pairs) - 3)
    return [math.tanh(z - half), math.tanh(z + half)]


def bootstrap_ci(pairs: list[tuple[float, float]], reps: int = 2000, seed: int = 0) -> list[float] | None:
    """95% percentile-bootstrap interval of the correlation (pairs resampled with
    replacement, seeded): it assumes no normal distribution, where Fisher's z does."""
    if pearson(pairs) is None or len(pairs) < 4:
        return None
    rng = random.Random(seed)
    n = len(pairs)
    rs = sorted(r for r in (pearson([pairs[rng.randrange(n)] for _ in range(n)]) for _ in range(reps))
                if r is not None)  # fmt: skip
    if len(rs) < reps // 2:
        return None
    return [rs[int(0.025 * len(rs))], rs[min(len(rs) - 1, int(0.975 * len(rs)))]]


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
        f"{_interval(out.get('correlation_ci95'), out.get('correlation_bootstrap_ci95'))}"
    )
    if out.get("deals"):
        rd = out["correlation_per_deal"]
        lines.append(
            f"  per duplicate deal (card luck out): r = {'n/a' if rd is None else f'{rd:.2f}'} ({out['deals']} deals)"
            f"{_interval(out.get('correlation_per_deal_ci95'), out.get('correlation_per_deal_bootstrap_ci95'))}"
        )
    return lines


def _interval(fisher: list[float] | None, boot: list[float] | None) -> str:
    parts = []
    if fisher:
        parts.append(f"Fisher 95% {fisher[0]:.2f}..{fisher[1]:.2f}")
    if boot:
        parts.append(f"bootstrap 95% {boot[0]:.2f}..{boot[1]:.2f}")
    return f", {'; '.join(parts)}" if parts else ""
