"""A revoke clicked as a person would, under Xvfb (issue 36; docs/box.md, "A revoke"): in
two games and two languages people enter their real cards on the picker; one does not
follow suit, then lays that suit: the box takes the card and says who revoked; *Revoke!*
opens the seat chooser, the seat's question answered No changes nothing, Yes journals the
call and scores the hand as lost per cappotto (RULES.md §3.7). Where to click comes from
the simulator's probe file; screenshots in ``test-artifacts/real-cards/``."""

from __future__ import annotations

import json
import time
from functools import partial
from pathlib import Path
from typing import Any

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


def fresh(sim: Sim, n: int, done: int) -> dict[str, Any] | None:
    """The probe of the picker once the box has taken the ``done`` cards laid (an older
    probe may still offer a card just played)."""
    q = sim.probe()
    model = q["model"]
    return q if q.get("picker") and model["tricks_played"] * n + model["trick"] == done else None


@pytest.mark.parametrize(("variant", "lang", "options"), [("treseta4", "it", "accusi = false"), ("ciapano", "de", "")])
def test_a_revoke_noticed_then_called_by_clicks(
    xdisplay: str, tmp_path: Path, variant: str, lang: str, options: str
) -> None:
    for old in ARTIFACTS.glob(f"*revoke-{variant}*.png"):
        old.unlink()
    v = make_variant(variant)
    n = v.n_seats
    sim = Sim(xdisplay, tmp_path, toml(variant, lang, options))
    try:
        sim.click(sim.button("start"))
        revoker: int | None = None
        suit: int | None = None
        while True:
            hand = sim.journal()["hands"][0]["actions"] if sim.record() else []
            plays = [v.deck.parse(a["play"]) for a in hand if "play" in a]

            p = wait(partial(fresh, sim, n, len(plays)), 30, "the picker")
            seat = p["picker"]["seat"]
            trick = plays[len(plays) - len(plays) % n:]
            cards = [c for c in p["cards"] if c["playable"]]
            if revoker is None and trick:
                suit = SUIT[trick[0]]
                revoker = seat
                pick = next(c for c in cards if SUIT[c["card"]] != suit)  # he does not follow
            elif revoker is not None and seat == revoker and suit is not None:
                pick = next(c for c in cards if SUIT[c["card"]] == suit)  # ...and lays the suit later
            elif trick:
                pick = next((c for c in cards if SUIT[c["card"]] == SUIT[trick[0]]), cards[0])
            else:
                pick = next((c for c in cards if SUIT[c["card"]] != suit), cards[0])
            sim.tap_until(pick["rect"], sim.entries_over(len(plays)), "a card entered")
            if revoker is not None and seat == revoker and len(plays) >= n:
                break
        p = wait(lambda: (q := sim.probe())["model"]["message_key"] == "m_revoke_seen" and q, 20, "the revoke said")
        assert revoker is not None and revoker in (p["model"]["revoke"] or [])
        time.sleep(0.3)
        sim.shot(f"revoke-{variant}-{lang}-seen")
        # Revoke!: the seat chooser, then the question; No sends nothing
        entries = sim.n_entries()
        sim.click(sim.button("picker_revoke"))
        wait(lambda: sim.probe().get("choice"), 20, "the seat chooser")
        sim.shot(f"revoke-{variant}-{lang}-chooser")
        sim.click(sim.button(f"choice:{revoker}"))
        q = wait(lambda: (r := sim.probe()).get("question") and r, 20, "the question")
        assert str(revoker + 1) in q["question"]
        sim.shot(f"revoke-{variant}-{lang}-question")
        sim.click(sim.button("no"))
        wait(lambda: not sim.probe().get("question"), 20, "the question gone")
        time.sleep(0.5)
        assert sim.n_entries() == entries, "nothing journalled on No"
        sim.click(sim.button("picker_revoke"))
        wait(lambda: sim.probe().get("choice"), 20, "the seat chooser again")
        sim.click(sim.button(f"choice:{revoker}"))
        wait(lambda: sim.probe().get("question"), 20, "the question again")
        sim.click(sim.button("yes"))
        wait(sim.entries_over(entries), 20, "the revoke in the journal")
        rec = sim.journal()
        assert rec["hands"][0]["actions"][-1] == {"seat": revoker, "revoke": True}
        p = wait(lambda: (q := sim.probe())["model"]["hand_over"] and q, 20, "the hand over")
        time.sleep(0.5)
        sim.shot(f"revoke-{variant}-{lang}-scored")
        totals = sim.probe()["model"]["totals"]
        if v.inverted:  # Ciapanò: the offender takes the hand's whole count
            assert totals[revoker] == 11 and sum(totals) == 11
        else:
            assert totals[v.side_of(revoker)] == 0 and totals[1 - v.side_of(revoker)] == 11
    finally:
        err = sim.stop()
    assert "Traceback" not in err, err[-3000:]
