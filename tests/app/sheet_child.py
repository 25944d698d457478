"""A score-sheet match with corrections, entered by a script: the process ``test_sheet_powercut`` kills.

``python -m tests.app.sheet_child STATE_DIR SEED``: resumes the journal's match (or starts a
tressette4 score sheet), then enters accusi, counts, sudden wins (confirmed), takes entries
back and corrects finished hands, each step journalled by the controller, until the match
ends or 300 steps are done.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

import ui.intents as ui
from firmware.app.controller import HAND_OVER, MATCH_OVER
from firmware.engine.actions import Declare
from tests.app.conftest import Table


def main(state: Path, seed: int) -> int:
    table = Table(state, variant="tressette4", seats=["table"] * 4, seed=seed)
    ctl = table.ctl
    if not ctl.boot():
        assert ctl.new_match(scoresheet=True).accepted
    rng = random.Random(seed + len(table.journal.matches()) + sum(1 for _ in table.journal.iter_actions(ctl.match_id or 0)))
    for _ in range(300):
        match = ctl.match
        if match is None:
            break
        if ctl.phase == MATCH_OVER and rng.random() < 0.9:
            table.put(ui.SheetUndo())  # the count that ended it, taken back
            continue
        if ctl.phase == MATCH_OVER:
            break
        roll = rng.random()
        if roll < 0.15:
            table.put(ui.SheetUndo())
        elif roll < 0.3 and match.results:
            hand = rng.randrange(len(match.hands))
            table.put(ui.SheetEdit(hand))
            a = rng.randrange(36)
            table.put(ui.SheetTally((a, 35 - a), amend=hand))
            table.put(ui.SheetConfirm(rng.random() < 0.8))
            table.put(ui.SheetEdit(None))
        elif ctl.phase == HAND_OVER:
            table.put(ui.NextHand())
        elif roll < 0.45:
            table.put(ui.Declare(Declare(rng.randrange(4), "napoletana", suit=rng.randrange(4))))
        elif roll < 0.5:
            table.put(ui.Declare(Declare(rng.randrange(4), "decima", suit=rng.randrange(4))))
            table.put(ui.SheetConfirm(rng.random() < 0.5))
        else:
            sheet = match.sheet
            a = rng.randrange(36)
            if sheet is not None and sheet.decima is not None:
                table.put(ui.SheetTally((min(a, 11), 0), "decima", sheet.decima.seat))
            elif roll < 0.55:
                table.put(ui.SheetTally((35, 0), sudden="cappotto", sudden_side=0))
            else:
                table.put(ui.SheetTally((a, 35 - a)))
            table.put(ui.SheetConfirm(rng.random() < 0.8))
    table.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1]), int(sys.argv[2])))
