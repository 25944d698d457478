"""A real-card match entered on the picker in which people revoke and the table calls
revokes, played by a script: the process ``test_revoke_powercut`` kills.

``python -m tests.app.revoke_child STATE_DIR SEED [PENALTY]``: resumes the journal's match
(or starts treseta4 with ``revoke = PENALTY``, every seat a person with real cards, no
reader), then taps any bright card on the picker (people who do not follow suit while
holding it: the box believes them void, and takes a later card of that suit as a revoke),
and now and then calls *Revoke!* for a seat it may name (as after its question: yes),
during the hand or at its end, until the match ends or 400 steps are done.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

import ui.intents as ui
from tests.app.conftest import Table

VARIANT = "treseta4"


def main(state: Path, seed: int, penalty: str) -> int:
    table = Table(state, variant=VARIANT, seats=["table"] * 4, options={"revoke": penalty}, seed=seed)
    ctl = table.ctl
    ctl.reader_fitted = False
    if not ctl.boot():
        ctl.new_match()
    rng = random.Random(seed * 1000 + len(table.journal.matches()) + ctl.generation)
    for _ in range(400):
        if ctl.match is not None and ctl.match.finished:
            break
        model = ctl.model()
        revoke = model.revoke
        callable_ = [seat for seat, question in revoke.seats if question is not None] if revoke is not None else []
        if revoke is not None and callable_ and rng.random() < 0.06:
            table.put(ui.CallRevoke(rng.choice(callable_), revoke.hand))
            continue
        picker = model.picker
        if picker is None:
            table.put(ui.NextHand())
            if ctl.model().picker is None:
                table.put(ui.NothingToDeclare())
            continue
        dimmed = dict(picker.dimmed)
        table.put(ui.PlayCard(rng.choice([c for c in picker.cards if c not in dimmed])))
    table.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1]), int(sys.argv[2]), sys.argv[3] if len(sys.argv) > 3 else "cappotto"))
