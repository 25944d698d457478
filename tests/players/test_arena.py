"""The duplicate arena (``tressette arena --duplicate``) and ``--options``."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest

from firmware.engine import OptionError, make_variant
from tools import arena, arena_report, arena_stats


def _args(**kw: object) -> arena.ArenaOptions:
    base: dict[str, object] = {
        "a": "normal",
        "b": "easy",
        "variant": "tressette2",
        "matches": 1,
        "seed": 3,
        "think_ms": None,
        "worlds": None,
        "options": None,
        "duplicate": True,
        "also": None,
        "log": None,
        "from_log": None,
        "json": True,
        "quiet": True,
    }
    base.update(kw)
    return arena.ArenaOptions.from_args(argparse.Namespace(**base))


def test_options_parse_into_preset_values() -> None:
    opts = arena.parse_options("target=21, signals=classic,accusi=false", "treseta4")
    assert opts == {"target": 21, "signals": "classic", "accusi": False}
    assert make_variant("treseta4", opts).target == 21


@pytest.mark.parametrize("text", ["target=22", "nonsense=1", "signals=loud"])
def test_bad_options_are_refused(text: str) -> None:
    with pytest.raises(OptionError):
        arena.run(_args(variant="treseta4", options=text))


def test_option_without_value_is_refused() -> None:
    with pytest.raises(ValueError, match="key=value"):
        arena.parse_options("target", "treseta4")


@pytest.mark.parametrize(
    ("variant", "options"),
    [("tressette2", "target=21"), ("treseta4", "target=21,signals=none"), ("terziglio3", "")],
)
def test_the_same_level_on_both_sides_cancels_exactly(variant: str, options: str) -> None:
    # Every copy is then the same game with the labels moved: if the seats were not
    # exchanged between copies, the card luck would not cancel and the pairs would not be 0.
    out = arena.run(_args(a="normal", b="normal", variant=variant, options=options, matches=2))
    assert out["copies"] == make_variant(variant).n_sides
    assert out["matches"] == 2 * out["copies"]
    assert out["pair_diffs"]
    assert all(abs(d) < 1e-9 for d in out["pair_diffs"].values())
    assert out["a_wins"] == out["matches"] // 2 or make_variant(variant).n_sides > 2


def test_duplicate_copies_deal_the_same_cards() -> None:
    variant = make_variant("treseta4", {"target": 21})
    deals: list[list[tuple[int, dict[str, object]]]] = []
    for a_side in range(2):
        specs = ["normal" if variant.side_of(s) == a_side else "easy" for s in range(4)]
        match, points = arena.play_match(variant, specs, 77, 1, None, {})
        assert len(points) == len(match.hands)
        deals.append([(h.dealer, h.deal_spec) for h in match.hands])
    k = min(len(deals[0]), len(deals[1]))
    assert k >= 2 and deals[0][:k] == deals[1][:k]


def test_duplicate_reports_levels_and_the_paired_difference() -> None:
    out = arena.run(_args(a="normal", also="random", b="easy", matches=2))
    levels = [lv["level"] for lv in out["levels"]]
    assert levels == ["normal", "random"]
    vs = out["versus"][0]
    assert vs["other"] == "random" and vs["pairs"] >= 2
    text = arena_report.report(out)
    assert "normal minus random on the same" in text


def test_reference_opponent_smoke_duplicate() -> None:
    out = arena.run(_args(a="random", b="reference", matches=1, ref_plies=4))  # 4 plies: seconds, not minutes
    ref = out["levels"][0]
    # A seeded smoke run: the reference beats random play on these deals.
    assert ref["points_per_hand_diff"] < 0
    assert "reference" in out["decision_ms"]


def test_reference_lean_search_equals_engine_search(monkeypatch: pytest.MonkeyPatch) -> None:
    """The four-bitmask search of the reference plays the same cards with the same
    values as its search over the engine's states."""
    import random

    from firmware.engine import HandState, deal_seeded, view_for
    from firmware.engine.cards import cards_of
    from firmware.players import reference

    variant = make_variant("treseta4", {"signals": "none"})
    rng = random.Random(5)
    for _ in range(12):
        s = HandState.start(variant, deal_seeded(variant, rng.randrange(1 << 30), 0), 0)
        for _ in range(rng.randrange(0, 30)):
            s.play_fast(rng.choice(list(cards_of(s.legal_mask()))))
        view = view_for(s, s.to_move)
        cards = sorted(cards_of(s.legal_mask()))
        if len(cards) < 2:
            continue
        lean = reference.ReferencePlayer(seed=1, worlds=3, plies=6)
        got = lean.vote(view, cards)
        monkeypatch.setattr(reference, "_lean_ok", lambda s: False)
        engine = reference.ReferencePlayer(seed=1, worlds=3, plies=6)
        assert engine.vote(view, cards) == got
        assert engine.nodes == lean.nodes
        monkeypatch.undo()


def test_log_and_from_log_give_the_same_report(tmp_path: Path) -> None:
    log = str(tmp_path / "run.jsonl")
    out = arena.run(_args(a="normal", also="random", b="easy", matches=2, log=log))
    again = arena.run(_args(a="ignored", b="easy", matches=0, from_log=log))
    assert again["levels"] == out["levels"]
    assert again["versus"] == out["versus"]
    # The same level in two files (before / after a change) is told apart by file.
    log2 = str(tmp_path / "other.jsonl")
    arena.run(_args(a="normal", b="easy", matches=1, log=log2))
    both = arena.run(_args(b="easy", from_log=f"{log},{log2}"))
    names = [lv["level"] for lv in both["levels"]]
    assert names == ["normal (run.jsonl)", "random (run.jsonl)", "normal (other.jsonl)"]
    assert both["versus"][1]["points_per_hand_diff"] == 0.0
    assert "normal (run.jsonl) minus random" in arena_report.report(both)


@pytest.mark.parametrize("cap", [0.5, 5000.0])
def test_a_wall_cap_out_of_range_is_refused(cap: float) -> None:
    with pytest.raises(ValueError, match="wall-cap"):
        arena.run(_args(wall_cap=cap))


def test_the_wall_cap_reaches_the_searching_players(monkeypatch: pytest.MonkeyPatch) -> None:
    """``--wall-cap`` replaces the box's 3x cap of every hard player of the match."""
    from firmware.players import budget

    caps: list[float] = []

    class Spy(budget.Budget):
        def __init__(self, seconds: float, *, cap: float = budget.WALL_CAP) -> None:
            caps.append(cap)
            super().__init__(seconds, cap=cap)

    monkeypatch.setattr(arena, "Budget", Spy)
    arena.run(_args(a="hard", b="normal", think_ms=1, wall_cap=25.0, matches=1))
    assert caps and set(caps) == {25.0}


def test_ref_plies_sets_the_reference_depth(monkeypatch: pytest.MonkeyPatch) -> None:
    from firmware.players.reference import ReferencePlayer

    depths: set[int] = set()
    real_vote = ReferencePlayer.vote

    def spy(self: ReferencePlayer, view: object, cards: list[int]) -> int:
        depths.add(self.plies)
        return real_vote(self, view, cards)  # type: ignore[arg-type]

    monkeypatch.setattr(ReferencePlayer, "vote", spy)
    out = arena.run(_args(a="normal", b="reference", variant="treseta4", options="target=21", matches=1, ref_plies=2))
    assert depths == {2}
    assert out["ref_plies"] == 2
    with pytest.raises(ValueError, match="ref-plies"):
        arena.run(_args(ref_plies=0))


def _cases() -> list[tuple[str, str]]:
    """Every preset, Ciapanò at each table size, at its shortest target."""
    from firmware.engine import PRESETS

    out: list[tuple[str, str]] = []
    for name, preset in sorted(PRESETS.items()):
        targets = [o for o in preset.options if o.key == "target"]
        short = f"target={min(int(v) for v in targets[0].choices)}" if targets else ""
        players = [o for o in preset.options if o.key == "players"]
        for n in players[0].choices if players else [None]:
            out.append((name, ",".join(x for x in (short, f"players={n}" if n else "") if x)))
    return out


@pytest.mark.parametrize(("variant", "options"), _cases())
def test_every_preset_plays_through_the_duplicate_arena(variant: str, options: str, tmp_path: Path) -> None:
    """seeds 001, 003 (chiamata's call decides the sides; Ciapanò, each for himself): the
    arena scores a seat where the sides are not fixed, and every copy gives A each unit."""
    v = make_variant(variant, arena.parse_options(options, variant))
    log = str(tmp_path / "run.jsonl")
    out = arena.run(_args(a="normal", also="hard", worlds=2, b="easy", variant=variant, options=options, log=log))
    assert out["copies"] == v.n_sides
    assert [lv["matches"] for lv in out["levels"]] == [v.n_sides, v.n_sides]
    assert out["pair_diffs"] and 0 < out["versus"][0]["pairs"] <= len(out["pair_diffs"])
    again = arena.run(_args(b="easy", variant=variant, options=options, from_log=log))
    assert again["levels"] == out["levels"]
    plain = arena.run(_args(a="hard", b="normal", worlds=2, variant=variant, options=options, duplicate=False))
    assert plain["hands"] > 0 and plain["a_wins"] + plain["b_wins"] == 1


@pytest.mark.parametrize(("variant", "options"), [("chiamata", "target=21"), ("ciapano", "target=21,players=3")])
def test_the_same_level_at_every_seat_cancels_exactly(variant: str, options: str) -> None:
    out = arena.run(_args(a="normal", b="normal", variant=variant, options=options, matches=1))
    assert out["pair_diffs"] and all(abs(d) < 1e-9 for d in out["pair_diffs"].values())


def test_ciapano_points_count_against_the_taker() -> None:
    from firmware.engine.result import HandResult

    v = make_variant("ciapano", {"players": 3})
    result = HandResult(thirds=(15, 12, 6), card_points=(5, 4, 2), last_trick=0, declarations=(), declared=(0, 0, 0), points=(5, 4, 2))
    assert arena.unit_points(v, result) == (-5, -4, -2)


def test_first_goes_on_where_a_run_stopped(tmp_path: Path) -> None:
    """Deals 0-1 and then deal 2 (``--first 2``) in one log give the report of deals 0-2."""
    log = str(tmp_path / "run.jsonl")
    arena.run(_args(a="normal", b="easy", matches=2, log=log))
    arena.run(_args(a="normal", b="easy", matches=1, first=2, log=log))
    whole = arena.run(_args(a="normal", b="easy", matches=3))
    again = arena.run(_args(b="easy", from_log=log))
    assert again["levels"] == whole["levels"]


def test_a_budget_spec_sets_that_level_s_own_budget() -> None:
    from firmware.players import HardPlayer, make_player

    p = make_player("hard@70", seed=1, think_ms=40)
    assert isinstance(p, HardPlayer) and p.think_ms == 70 and p.name == "hard@70"
    plain = make_player("hard", seed=1, think_ms=40)
    assert isinstance(plain, HardPlayer) and plain.think_ms == 40


@pytest.mark.parametrize("text", ["hard@", "hard@0", "hard@x", "hard@10001", "hard@-5", "hard@1.5"])
def test_a_bad_budget_spec_is_refused_in_one_line(text: str) -> None:
    from firmware import cliargs

    with pytest.raises(argparse.ArgumentTypeError, match="hard@MS"):
        cliargs.player(text)


def test_a_budget_spec_plays_beside_hard_on_the_same_deals() -> None:
    out = arena.run(_args(a="hard", b="normal", think_ms=2, also="hard@4", matches=1))
    assert [lv["level"] for lv in out["levels"]] == ["hard", "hard@4"]
    assert out["versus"][0]["other"] == "hard@4" and out["versus"][0]["pairs"] >= 2


def test_gap_share_sums_over_the_common_pairs_and_resamples_deals() -> None:
    level = {"0:0": 1.0, "0:1": 2.0, "1:0": 1.0, "2:0": 5.0}
    ceiling = {"0:0": 2.0, "0:1": 2.0, "1:0": 4.0}  # deal 2 has no ceiling: left out
    sh = arena_stats.gap_share(level, ceiling)
    assert sh["pairs"] == 3 and sh["deals"] == 2
    assert sh["share"] == pytest.approx(4.0 / 8.0)
    lo, hi = sh["ci95"]
    # A resample holds deal 0 (3/4) or deal 1 (1/4) or both: the interval lies between.
    assert 0.25 <= lo < sh["share"] < hi <= 0.75
    assert arena_stats.gap_share(level, {"0:0": -1.0})["share"] is None  # no gap to close


def test_ceiling_reports_each_levels_share(tmp_path: Path) -> None:
    log = str(tmp_path / "run.jsonl")
    arena.run(_args(a="normal", also="random", b="easy", matches=2, log=log))
    out = arena.run(_args(b="easy", from_log=log, ceiling="normal"))
    assert [sh["level"] for sh in out["shares"]] == ["random"]
    assert "random: share of the gap from easy to normal" in arena_report.report(out)
    with pytest.raises(ValueError, match="--ceiling oracle"):
        arena.run(_args(b="easy", from_log=log, ceiling="oracle"))
