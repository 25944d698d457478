"""``tressette analyse`` and ``replay`` over a real-card record with corrections and an
abandoned hand (issue 36): a computer's card taken back with the person's mistake is not
rated, the one played again is; the abandoned hand replays and counts nothing."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from firmware.cli import main as cli
from firmware.coach import Coach
from firmware.coach.review import review_match
from firmware.engine import Abandon, Correct, Match, Play, legal_actions, make_variant
from firmware.engine.deal import deal_seeded
from firmware.engine.records import dumps
from firmware.engine.table import scanned_at_deal


def test_corrections_and_an_abandon_are_analysed_and_replayed(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    v = make_variant("treseta4", {"accusi": False})
    truth = Match(v)
    real = truth.start_hand({"seed": 5})
    deal = deal_seeded(v, 5, real.dealer)
    table = Match(v)
    st = table.start_hand(scanned_at_deal(v, deal, real.dealer, (1,)))
    while not (st.to_move == 0 and len(st.trick) < 3):
        play = next(a for a in legal_actions(real) if isinstance(a, Play))
        truth.apply(play)
        table.apply(play)
    wrong = next(a for a in legal_actions(st) if isinstance(a, Play) and a.seat == 0)
    table.apply(wrong)  # seat 0 mis-taps; the computer (seat 1) answers it
    cpu = next(a for a in legal_actions(st) if isinstance(a, Play))
    assert cpu.seat == 1
    table.apply(cpu)
    table.correct(Correct(0, wrong.card))
    for _ in range(2):  # the true card, the computer's answer again
        play = next(a for a in legal_actions(real) if isinstance(a, Play))
        truth.apply(play)
        table.apply(play)
    table.abandon(Abandon(st.dealer))
    doc = json.loads(dumps(table))
    review = review_match(doc, Coach(seed=0, worlds=2))
    rated = list(review.hands[0].plays)
    cpu_cards = [a for a in table.hands[0].effective() if isinstance(a, Play) and a.seat == 1]
    assert len(rated) == len(cpu_cards)  # the answer taken back is not rated
    path = tmp_path / "r.json"
    path.write_text(json.dumps(doc))
    assert cli(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert "is taken back: corrected" in out and "the hand is abandoned" in out
    assert cli(["analyse", str(path), "--worlds", "2", "--quiet"]) == 0
    assert capsys.readouterr().err == ""
