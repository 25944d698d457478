"""The arena's statistics: Wilson and mean intervals, percentiles, the bootstrap interval of a
gap share (:mod:`tools.arena`; docs/players.md says how each figure is read)."""

from __future__ import annotations

import math
import random
import statistics
from typing import Any


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval of a proportion k/n."""
    if n == 0:
        return (0.0, 1.0)
    p = k / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (centre - half, centre + half)


def mean_ci(xs: list[float], z: float = 1.96) -> tuple[float, float, float]:
    if not xs:
        return (0.0, 0.0, 0.0)
    m = statistics.fmean(xs)
    if len(xs) < 2:
        return (m, m, m)
    half = z * statistics.stdev(xs) / math.sqrt(len(xs))
    return (m, m - half, m + half)


SHARE_RESAMPLES = 2000
"""Bootstrap resamples of the deals for the interval of a gap share."""


def gap_share(
    level: dict[str, float], ceiling: dict[str, float], resamples: int = SHARE_RESAMPLES
) -> dict[str, Any]:
    """The share of the gap from B to ``ceiling`` that ``level`` closes: (level - B) /
    (ceiling - B), summed over the hand pairs ("deal:hand" -> points minus B) both have,
    with a 95% bootstrap interval over the deals (a deal's hands are resampled together;
    seeded: the same report every time)."""
    common = sorted(set(level) & set(ceiling))
    by_deal: dict[str, list[tuple[float, float]]] = {}
    for k in common:
        by_deal.setdefault(k.split(":")[0], []).append((level[k], ceiling[k]))
    deals = [(sum(a for a, _ in v), sum(c for _, c in v)) for v in by_deal.values()]
    out: dict[str, Any] = {"pairs": len(common), "deals": len(deals), "share": None, "ci95": [None, None]}
    den = sum(c for _, c in deals)
    if not deals or den <= 0:
        return out
    out["share"] = sum(a for a, _ in deals) / den
    rng = random.Random(0)
    shares: list[float] = []
    for _ in range(resamples):
        pick = [deals[rng.randrange(len(deals))] for _ in deals]
        d = sum(c for _, c in pick)
        if d > 0:
            shares.append(sum(a for a, _ in pick) / d)
    if shares:
        out["ci95"] = [percentile(shares, 0.025), percentile(shares, 0.975)]
    return out


def percentile(xs: list[float], q: float) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, int(q * len(s)))] if s else 0.0
