"""A casual match with undo, played by a script: the process ``test_undo_powercut`` kills.

``python -m tests.app.undo_child STATE_DIR SEED``: resumes the journal's match
(or starts a casual tressette2 one), then the person plays and now and then
takes back a card, each step journalled by the controller, until the match
ends or 300 steps are done.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

import ui.intents as ui
from tests.app.conftest import Table
from tests.app.test_coaching import _my_turn


def main(state: Path, seed: int) -> int:
    table = Table(state, seats=["human", "cpu:normal"], seed=seed)
    ctl = table.ctl
    if not ctl.boot():
        table.put(ui.NewGame("tressette2", {}, (ui.SeatSetup("human", None), ui.SeatSetup("computer", "normal")),
                             casual=True))  # fmt: skip
    rng = random.Random(seed + len(table.journal.matches()))
    for _ in range(300):
        if ctl.match is not None and ctl.match.finished:
            break
        if not _my_turn(table):
            table.put(ui.NextHand())
            continue
        if ctl.can_undo() and rng.random() < 0.3:
            table.put(ui.Undo())
        else:
            table.human_plays()
    table.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1]), int(sys.argv[2])))
