"""The picker's corrections clicked as a person would, under Xvfb (issue 36): in two games
and two languages, a card of another seat tapped by mistake is taken back with *Take
back* (the card comes back, the same seat enters again), and the hand is abandoned with
*Abandon hand*: its question answered No changes nothing, Yes scores nothing and the same
dealer deals again. Where to click comes from the simulator's probe file; screenshots in
``test-artifacts/real-cards/``."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from firmware.engine import make_variant
from firmware.engine.cards import SUIT

from .test_xvfb_real_cards import ARTIFACTS, Sim, wait
from .test_xvfb_real_cards import xdisplay as xdisplay  # the fixture, shared

pytestmark = pytest.mark.xvfb


def toml(variant: str, lang: str, options: str = "") -> str:
    seats = ["table"] * make_variant(variant).n_seats
    return (f'[game]\nvariant = "{variant}"\nseats = {json.dumps(seats)}\nthink_ms = 0\n\n'
            f'[game.options]\n{options}\n\n[ui]\nlanguage = "{lang}"\n')  # fmt: skip


@pytest.mark.parametrize(("variant", "lang", "options"), [("treseta4", "it", "accusi = false"), ("tressette2", "en", "")])
def test_a_mis_tap_taken_back_and_a_hand_abandoned_by_clicks(
    xdisplay: str, tmp_path: Path, variant: str, lang: str, options: str
) -> None:
    for old in ARTIFACTS.glob(f"*correct-{variant}*.png"):
        old.unlink()
    deck = make_variant(variant).deck
    sim = Sim(xdisplay, tmp_path, toml(variant, lang, options))
    try:
        sim.click(sim.button("start"))
        p = wait(lambda: sim.probe().get("picker") and sim.probe(), 30, "the picker")
        first_seat = p["picker"]["seat"]
        lead = next(c for c in p["cards"] if c["playable"])
        sim.tap_until(lead["rect"], sim.entries_over(0), "the first card")
        # the next seat's person taps a card of another suit by mistake (another seat holds it)
        p = wait(lambda: (q := sim.probe()).get("picker") and q["picker"]["seat"] != first_seat and q, 20,
                 "the picker for the next seat")  # fmt: skip
        second = p["picker"]["seat"]
        wrong = next(c for c in p["cards"] if c["playable"] and SUIT[c["card"]] != SUIT[lead["card"]])
        sim.tap_until(wrong["rect"], sim.entries_over(1), "the mistaken card")
        p = wait(lambda: (q := sim.probe()).get("picker") and any(b["name"] == "picker_take_back" for b in q["buttons"])
                 and q, 20, "Take back")  # fmt: skip
        sim.shot(f"correct-{variant}-{lang}-mistake")
        sim.tap_until(sim.button("picker_take_back"), sim.entries_over(2), "the correction in the journal")
        hand = sim.journal()["hands"][0]
        assert hand["actions"][-1] == {"seat": second, "correct": deck.code(wrong["card"])}
        p = wait(lambda: (q := sim.probe()).get("picker") and q["picker"]["seat"] == second and q, 20,
                 "the same seat to enter again")  # fmt: skip
        again = next(c for c in p["cards"] if c["card"] == wrong["card"])
        assert again["playable"], "the card taken back may be entered again"
        time.sleep(0.3)
        sim.shot(f"correct-{variant}-{lang}-taken-back")
        # Abandon hand: asked first; No changes nothing
        n = sim.n_entries()
        sim.click(sim.button("picker_abandon"))
        q = wait(lambda: (r := sim.probe()).get("question") and r, 20, "the question")
        dealer = hand["dealer"]
        assert str(dealer + 1) in q["question"]
        sim.shot(f"correct-{variant}-{lang}-abandon-question")
        sim.click(sim.button("no"))
        wait(lambda: not sim.probe().get("question"), 20, "the question gone")
        time.sleep(0.5)
        assert sim.n_entries() == n, "nothing journalled on No"
        sim.click(sim.button("picker_abandon"))
        wait(lambda: sim.probe().get("question"), 20, "the question again")
        sim.click(sim.button("yes"))
        wait(lambda: len(sim.journal()["hands"]) == 2, 20, "the hand dealt again")
        rec = sim.journal()
        assert rec["hands"][0]["actions"][-1] == {"seat": dealer, "abandon": True}
        assert rec["hands"][1]["dealer"] == dealer
        wait(lambda: sim.probe().get("picker"), 20, "the picker of the new hand")
        time.sleep(0.3)
        sim.shot(f"correct-{variant}-{lang}-abandoned")
        assert sim.probe()["model"]["totals"] in ([0, 0], [])
    finally:
        err = sim.stop()
    assert "Traceback" not in err, err[-3000:]
