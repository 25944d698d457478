"""The rule decisions of RULES.md §3.2, §3.4, §3.6 (issue 11, point 8) and refusals as data."""

from __future__ import annotations

import random

import pytest

from firmware.engine import (
    Claim,
    Declare,
    IllegalAction,
    Match,
    Play,
    legal_actions,
    make_variant,
)
from firmware.engine.declarations import describe
from firmware.engine.refusals import ENGLISH, Refusal
from firmware.engine.state import HandState


def play_out(match: Match, rng: random.Random) -> None:
    """Play the current hand to its end with seeded random plays (no claims)."""
    st = match.state
    assert st is not None
    while not st.over:
        acts = [a for a in legal_actions(st) if not isinstance(a, Claim)]
        match.apply(rng.choice(acts))


def test_a_three_player_decider_won_by_a_player_without_a_game_wins_the_match() -> None:
    # seed 000 (best of two, decider to 41), RULES.md §3.2 Decision.
    m = Match(make_variant("treschetten3", {"match_format": "best_of_two"}))
    m.game_winners = [0, 1]
    m.games_won = [1, 1, 0]
    assert m.game_target == 41
    m.totals = [0, 0, 45]  # seat 2, who has no game yet, is past 41 after any hand
    m.start_hand(seed=5)
    play_out(m, random.Random(5))
    assert m.finished
    assert m.winner == 2 and m.winners == (2,)
    assert [e.winners for e in m.ledger] == [(2,)]


def test_two_player_decider_targets_are_all_41() -> None:
    # seed 000: the decider goes to 41; zu tun in it needs 41 too (RULES.md §3.2).
    m = Match(make_variant("treschetten2", {"match_format": "best_of_two"}))
    m.game_winners = [0, 1]
    m.games_won = [1, 1]
    m.totals = [35, 35]
    st = m.start_hand(seed=8)
    assert st.target == 41
    play_trick(m)
    winner = st.tricks[-1].winner
    ten = m.variant.deck.card(0, 0)
    st.hands[winner] |= 1 << ten  # give him a 10 to lay
    reason = st.zu_tun_refusal(winner, ten)
    assert reason is not None and reason.code == "zu_tun_short"
    assert reason.params["target"] == 41


def play_trick(m: Match) -> None:
    st = m.state
    assert st is not None
    for _ in range(st.n):
        st_plays = [a for a in legal_actions(st) if isinstance(a, Play)]
        m.apply(st_plays[0])


def test_zu_tun_needs_more_than_the_opponent() -> None:
    # seed 000 "die für den Sieg notwendigen Punkte": the target and more than the other.
    m = Match(make_variant("treschetten2"))
    m.totals = [31, 60]
    st = m.start_hand(seed=2)
    play_trick(m)
    winner = st.tricks[-1].winner
    ten = m.variant.deck.card(0, 0)
    if not st.hands[winner] >> ten & 1:
        st.hands[winner] |= 1 << ten
    st.prior = (31, 60) if winner == 0 else (60, 31)
    reason = st.zu_tun_refusal(winner, ten)
    assert reason is not None and reason.code == "zu_tun_behind"
    st.prior = (60, 31) if winner == 0 else (31, 60)
    assert st.zu_tun_refusal(winner, ten) is None


def decima_deal() -> dict[str, list[str]]:
    """Seat 2 holds all ten coppe (seed 003's napoletana decima)."""
    suits = "cdsb"
    ranks = ["3", "2", "A", "R", "C", "F", "7", "6", "5", "4"]
    by_suit = {s: [r + s for r in ranks] for s in suits}
    return {"0": by_suit["d"], "1": by_suit["s"], "2": by_suit["c"], "3": by_suit["b"], "talon": []}


def test_decima_right_after_the_deal_before_the_first_card() -> None:
    # seed 003: "Hält ein Spieler nach dem Geben alle 10 Karten einer Farbe ... sagt er das an".
    m = Match(make_variant("tressette4"))
    st = m.start_hand(decima_deal())
    assert Declare(2, "decima", suit=0) in legal_actions(st, 2)
    with pytest.raises(IllegalAction) as exc:
        m.apply(Declare(2, "napoletana", suit=0))  # onori wait for trick 1
    assert exc.value.code == "onori_window"
    m.apply(Declare(2, "decima", suit=0))
    assert st.over and m.results[-1].sudden == "decima" and m.results[-1].multiplier == 16
    assert m.finished and m.winner == 0


def test_decima_follows_accusi() -> None:
    # RULES.md §3.4 Decision: a declaration, so off when accusi are off.
    m = Match(make_variant("tressette4", {"accusi": False}))
    m.start_hand(decima_deal())
    with pytest.raises(IllegalAction) as exc:
        m.apply(Declare(2, "decima", suit=0))
    assert exc.value.code == "accusi_off"


def test_bavarian_refusals_use_german_names() -> None:
    # seed 000 / RULES.md §3.2: Dreier, Vierer, Napoli; 10, 9, Ass; Herz, Laub.
    m = Match(make_variant("treschetten2"))
    st = m.start_hand(seed=1)
    seat = st.to_move
    held = {st.variant.deck.ranks[r]: sum(1 for c in st.hand_of(seat) if c % 8 == r) for r in (0, 1, 2)}
    rank = next(r for r in (0, 1, 2) if held[st.variant.deck.ranks[r]] != 3)
    with pytest.raises(IllegalAction) as exc:
        m.apply(Declare(seat, "three", rank=rank))
    text = str(exc.value)
    assert "a Dreier needs exactly 3" in text
    word = ("10", "9", "Ass")[rank]
    assert f"rank {word};" in text
    napoli = IllegalAction(Refusal.NAPOLETANA_MISSING, deck="bavarian", kind="napoletana", suit=2, ranks=(0, 1, 2))
    assert str(napoli) == "no Napoli of Herz: you need its 10, 9 and Ass"


def test_bavarian_declarations_are_told_in_german() -> None:
    deck = make_variant("treschetten2").deck
    from firmware.engine.declarations import Declaration

    three = Declaration(0, "three", None, 2, (), 3, missing=1)
    four = Declaration(0, "four", None, 0, (), 4)
    napoli = Declaration(1, "napoletana", 2, None, (), 3)
    assert describe(deck, three) == "Dreier Ass (ohne Laub) = 3"
    assert describe(deck, four) == "Vierer 10 = 4"
    assert describe(deck, napoli) == "Napoli Herz = 3"


def test_every_refusal_the_engine_raises_has_an_english_sentence() -> None:
    import pathlib
    import re

    root = pathlib.Path(__file__).parents[2] / "firmware" / "engine"
    codes = set()
    for path in root.glob("*.py"):
        codes |= set(re.findall(r'IllegalAction\(\s*"([a-z_0-9]+)"', path.read_text()))
        codes |= set(re.findall(r'code = "([a-z_0-9]+)"', path.read_text()))
    assert codes and codes <= set(ENGLISH)


def test_a_refusal_is_a_code_with_arguments() -> None:
    m = Match(make_variant("tressette2"))
    st: HandState = m.start_hand(seed=3)
    other = 1 - st.to_move
    card = st.hand_of(other)[0]
    with pytest.raises(IllegalAction) as exc:
        m.apply(Play(other, card))
    assert exc.value.code == "turn_of"
    assert exc.value.params == {"seat": st.to_move, "actor": other}
    assert str(exc.value) == f"it is seat {st.to_move}'s turn, not seat {other}'s"


def test_the_text_replay_of_a_bavarian_game_is_german(capsys: pytest.CaptureFixture[str]) -> None:
    # RULES.md §3.2: a Treschetten table says Napoli, Dreier, Vierer; Herz, Laub, Eichel, Schell.
    from pathlib import Path

    from firmware.cli import main as cli

    path = Path(__file__).parents[2] / "examples" / "treschetten2-match.json"
    assert cli(["replay", str(path)]) == 0
    text = capsys.readouterr().out
    assert "declares Napoli Herz = 3" in text and "Laub Zehn" in text
    for italian in ("napoletana", "quattro", "manca", "coppe", "denari", "spade", "bastoni", " tre "):
        assert italian not in text
