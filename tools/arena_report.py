"""The arena's text report of a run's result (``--json``'s object, :mod:`tools.arena`): the
plain matches' or the duplicate deals', then the decision times, the coach's, time and memory."""

from __future__ import annotations

from typing import Any

from firmware.coach.calibrate import report as coach_report


def report(out: dict[str, Any]) -> str:
    if out.get("mode") == "duplicate":
        return _report_duplicate(out)
    lo, hi = out["a_win_rate_ci95"]
    dlo, dhi = out["points_per_hand_diff_ci95"]
    lines = [
        f"{out['variant']}: {out['a']} vs {out['b']}, {out['matches']} matches, {out['hands']} hands, seed {out['seed']}",
        f"{out['a']} wins {out['a_wins']}/{out['matches']} = {out['a_win_rate']:.1%} "
        f"(95% CI {lo:.1%} - {hi:.1%})",
        f"points per hand, {out['a']} minus {out['b']}: {out['points_per_hand_diff']:+.2f} "
        f"(95% CI {dlo:+.2f} .. {dhi:+.2f})",
    ]
    return "\n".join(lines + _report_costs(out))


def _report_duplicate(out: dict[str, Any]) -> str:
    opts = ",".join(f"{k}={v}" for k, v in out["options"].items())
    lines = [
        f"{out['variant']} ({opts}), duplicate: {out['deals']} deals x {out['copies']} copies, "
        f"against {out['b']}, seed {out['seed']}, think_ms {out['think_ms']}, worlds {out['worlds']}"
        + (f", budget {out['budget']}" if out.get("budget") else "")
        + (f", wall cap {out['wall_cap']}" if out.get("wall_cap") else "")
        + (f", reference plies {out['ref_plies']}" if out.get("ref_plies") else "")
        + (f", {out['workers']} world worker(s)" if out.get("workers") else ""),
    ]
    for lv in out["levels"]:
        lo, hi = lv["win_rate_ci95"]
        dlo, dhi = lv["points_per_hand_diff_ci95"]
        lines.append(
            f"{lv['level']}: wins {lv['wins']}/{lv['matches']} = {lv['win_rate']:.1%} ({lo:.1%} - {hi:.1%}); "
            f"points per hand minus {out['b']} over {lv['pairs']} pairs: "
            f"{lv['points_per_hand_diff']:+.2f} ({dlo:+.2f} .. {dhi:+.2f})"
        )
    for vs in out["versus"]:
        lo, hi = vs["ci95"]
        lines.append(
            f"{vs['a']} minus {vs['other']} on the same {vs['pairs']} pairs: "
            f"{vs['points_per_hand_diff']:+.2f} ({lo:+.2f} .. {hi:+.2f})"
        )
    for sh in out.get("shares", []):
        lines.append(_share_line(sh, out["b"], out["ceiling"]))
    return "\n".join(lines + _report_costs(out))


def _report_costs(out: dict[str, Any]) -> list[str]:
    """The lines every report ends with: decision times, the coach's, time and memory."""
    lines = [
        f"decision time {level}: median {d['median']:.1f} ms, p95 {d['p95']:.1f} ms, "
        f"max {d['max']:.1f} ms ({d['n']} decisions)"
        for level, d in out["decision_ms"].items()
    ]
    if out.get("coach"):
        lines.extend(coach_report(out["coach"]))
    lines.append(f"{out['seconds']:.0f} s, max RSS {out['max_rss_mb']:.0f} MB, {out['machine']}")
    return lines


def _share_line(sh: dict[str, Any], b: str, ceiling: str) -> str:
    head = f"{sh['level']}: share of the gap from {b} to {ceiling} over {sh['pairs']} pairs ({sh['deals']} deals): "
    if sh["share"] is None:
        return head + "none (no gap)"
    lo, hi = sh["ci95"]
    ci = "" if lo is None else f" ({lo:.0%} .. {hi:.0%})"
    return head + f"{sh['share']:.0%}{ci}"
