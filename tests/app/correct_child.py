"""A real-card match entered on the picker with mistakes taken back and hands abandoned,
played by a script: the process ``test_correct_powercut`` kills.

``python -m tests.app.correct_child STATE_DIR SEED [VARIANT]``: resumes the journal's
match (or starts one of VARIANT, every seat a person with real cards, no reader), then
taps cards on the picker: now and then a card the box cannot refuse that the person
did not lay (any bright card), taken back by *Take back*, and now and then *Abandon
hand* (as after its question: yes), until the match ends or 400 steps are done.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

import ui.intents as ui
from firmware.engine import make_variant
from tests.app.conftest import Table


def seats_of(variant: str) -> list[str]:
    return ["table"] * make_variant(variant).n_seats


def main(state: Path, seed: int, variant: str) -> int:
    table = Table(state, variant=variant, seats=seats_of(variant), options={}, seed=seed)
    ctl = table.ctl
    ctl.reader_fitted = False
    if not ctl.boot():
        ctl.new_match()
    rng = random.Random(seed * 1000 + len(table.journal.matches()) + ctl.generation)
    for _ in range(400):
        if ctl.match is not None and ctl.match.finished:
            break
        picker = ctl.model().picker
        if picker is None:
            table.put(ui.NextHand())
            if ctl.model().picker is None:
                table.put(ui.NothingToDeclare())
            continue
        roll = rng.random()
        if picker.take_back is not None and roll < 0.3:
            table.put(ui.TakeBack(*picker.take_back))
        elif picker.abandon is not None and roll < 0.33:
            table.put(ui.AbandonHand(picker.hand))
        else:
            dimmed = dict(picker.dimmed)
            table.put(ui.PlayCard(rng.choice([c for c in picker.cards if c not in dimmed])))
    table.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1]), int(sys.argv[2]), sys.argv[3] if len(sys.argv) > 3 else "treseta4"))
