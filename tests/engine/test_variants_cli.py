"""``tressette replay`` / ``deal`` / ``bench engine`` for every preset (docs/records.md)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from firmware.cli import main as cli
from firmware.engine import Call, Claim, Match, Play, make_variant
from firmware.engine.records import dumps
from tests.engine.test_variants_support import fill_deal, play_out_lowest, random_match

NAMES = [
    "treschetten3",
    "treschetten4",
    "treseta4",
    "treseta_hr",
    "tressette4",
    "terziglio3",
    "chiamata",
    "ciapano",
    "briscola",
]


@pytest.mark.parametrize("name", NAMES)
def test_replay_json_per_side_or_per_seat(name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    v = make_variant(name)
    match = random_match(v, seed=len(name), claims=True)
    path = tmp_path / "game.json"
    path.write_text(dumps(match))
    assert cli(["replay", str(path), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    by = "side" if v.preset.sides is not None else "seat"
    assert out["scores_by"] == by
    assert len(out["totals"]) == (2 if by == "side" else v.n_seats)
    assert out["totals"] == match.totals and out["finished"] is True
    assert out["stakes"] == match.stakes and len(out["ledger"]) == len(match.ledger)
    for hand in out["hands"]:
        assert len(hand["score"]) == len(out["totals"]) and len(hand["sides"]) == v.n_seats
    assert cli(["replay", str(path)]) == 0
    text = capsys.readouterr().out
    # a side is named by its seats, as on the screen ("seat 0 + 2 wins"), a seat by its own
    assert "trick  1" in text and "seat " in text and "wins" in text


def test_replay_text_tells_signals_calls_claims_and_the_ledger(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    v = make_variant("tressette4")
    match = Match(v)
    match.start_hand(fill_deal(v, {1: "3c Ac 7c 4d"}))
    match.apply(Play(1, v.deck.parse("3c"), ("busso",)))
    match.apply(Claim(2))
    path = tmp_path / "claim.json"
    path.write_text(dumps(match))
    assert '"claim": true' in path.read_text() and '"signal": [' in path.read_text()
    assert cli(["replay", str(path)]) == 0
    text = capsys.readouterr().out
    assert "[busso]" not in text  # the trick never finished
    assert "claims the game (chiamarsi fuori): wrong" in text
    assert "×1 (claim_wrong)" in text and "seat 1 + 3 wins" in text

    c = make_variant("chiamata")
    called = Match(c)
    called.start_hand(fill_deal(c, {1: "3c Ac 7c 4d"}))
    called.apply(Call(1, c.deck.parse("3d")))
    called.apply(Play(1, c.deck.parse("4d")))
    play_out_lowest(called)
    path.write_text(dumps(called))
    assert cli(["replay", str(path)]) == 0
    text = capsys.readouterr().out
    assert "seat 1 calls tre di denari" in text and "seat 0 + 1: 11 card points" in text  # the pair found by the call


def test_replay_marks_signals_in_the_trick(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    v = make_variant("treseta4", {"accusi": False})
    match = Match(v)
    match.start_hand(fill_deal(v, {1: "3c Ac 7c 4d"}))
    match.apply(Play(1, v.deck.parse("3c"), ("busso", "striscio")))
    play_out_lowest(match)
    path = tmp_path / "g.json"
    path.write_text(dumps(match))
    assert cli(["replay", str(path)]) == 0
    assert "tre di coppe [busso, striscio]" in capsys.readouterr().out


@pytest.mark.parametrize("name", NAMES)
def test_deal_command_for_every_variant(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    v = make_variant(name)
    assert cli(["deal", "--variant", name, "--seed", "3", "--dealer", "1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    hands = [line for line in lines if line.startswith("  seat ")]
    assert len(hands) == v.n_seats
    assert all(len(line.split(": ")[1].split()) == v.hand_size for line in hands)
    if v.aside_size:
        assert any(line.startswith(("  aside:", "  widow:")) for line in lines)
    assert any("trump" in line for line in lines) == (name == "briscola")


def test_deal_refuses_a_seat_the_table_does_not_have(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli(["deal", "--variant", "terziglio3", "--dealer", "3"]) == 2
    assert "seats 0-2" in capsys.readouterr().err


@pytest.mark.parametrize("name", NAMES)
def test_bench_engine_for_every_variant(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli(["bench", "engine", "--variant", name, "--seconds", "0.02"]) == 0
    out = capsys.readouterr().out
    assert f"variant: {name}" in out and "hands/s" in out
