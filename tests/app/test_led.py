"""What the TM1637 shows, for every preset through a whole match (computers only): two
sides their scores around the colon ("12:09"); three or four seats each for himself the
seat to play and its score with every digit lit ("2-07": "2- 7" left a dark digit that
read as a broken segment, or as "1-:_0" in the simulator). Every text encodes on the
4 digits (hal.display.encode_text)."""

from __future__ import annotations

import re

import pytest

from firmware.app.core import HAND_OVER, MATCH_OVER
from firmware.engine.variants import PRESETS, make_variant
from hal.tm1637 import encode_text
from tests.app.conftest import MakeTable
from ui.intents import NextHand

TWO_SIDES = re.compile(r"^\d\d:\d\d$")
EACH_FOR_HIMSELF = re.compile(r"^[1-4]-\d\d$")


@pytest.mark.parametrize("variant", list(PRESETS))
def test_every_led_text_of_a_match_is_four_lit_digits(variant: str, make_table: MakeTable) -> None:
    n = PRESETS[variant].n_seats
    table = make_table(variant=variant, seats=["cpu:easy"] * n, seed=3)
    assert table.ctl.display().text == "----"  # no game yet
    table.ctl.new_match()
    table.pump()
    for _ in range(12):  # hands, bounded
        if table.ctl.phase == MATCH_OVER:
            break
        assert table.ctl.phase == HAND_OVER
        table.put(NextHand())
    shown = [t for t in table.hw.display.history if t]
    pattern = TWO_SIDES if make_variant(variant).n_sides == 2 else EACH_FOR_HIMSELF
    scores = [t for t in shown if t not in ("AccU", "----")]
    assert scores, shown
    for text in shown:
        assert len(encode_text(text)) == 4
    bad = [t for t in scores if not pattern.match(t)]
    assert not bad, bad
    if table.ctl.phase == MATCH_OVER and make_variant(variant).n_sides > 2:
        # the end shows the winner's seat and score
        win = table.ctl.winner
        assert win is not None
        assert shown[-1].startswith(f"{win + 1}-")
