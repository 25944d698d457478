"""After *Riprendi la partita* (Continue) the first tap on *Prossima mano* deals.

Found by touch-play: resumed straight into a finished hand, the screen showed the
table for a frame or more (its action bar has a *Prossima mano* of its own, at
another place), then the count replaced it; a tap aimed at the table's button
landed on the count where there is none. Now a hand resumed over opens on its
count at once, and the count's button is where the tap goes."""

from __future__ import annotations

from pathlib import Path

import ui.intents as it
from tests.app.conftest import MakeTable, Table, make_table  # noqa: F401  (the table fixture, here beside the screen)
from tests.app.test_coaching import _play, _start
from tests.ui.conftest import MakeUI
from ui.app import UIApp
from ui.handend import HandEndScreen
from ui.table import TableScreen


def _to_hand_end(table: Table) -> None:
    _start(table, "tressette2", casual=False)
    for _ in range(400):
        if table.ctl.phase != "play":
            break
        if not _play(table):
            table.pump()
    assert table.ctl.phase == "hand_over"


def _frame(ui: UIApp, table: Table, dt: float = 1 / 30) -> None:
    """One turn of the main loop: the controller's model in, time on, as firmware/app/loop.py."""
    ui.set_model(table.ctl.model())
    ui.update(dt)


def _tap(ui: UIApp, table: Table, name: str) -> None:
    size = ui.surface.get_size()
    scr = ui.current
    if ui.screen == "table":
        assert isinstance(scr, TableScreen) and scr.layout is not None
        buttons = scr.layout.buttons
    else:
        buttons = scr.buttons(size)
    rect = next(b.rect for b in buttons if b.name == name)
    assert ui.tap(rect.center)
    for intent in ui.intents():
        table.put(intent)
    _frame(ui, table)


def test_the_first_tap_on_next_hand_after_continue_deals(make_table: MakeTable, make_ui: MakeUI, tmp_path: Path) -> None:  # noqa: F811
    first = make_table(state_dir=tmp_path / "s")
    _to_hand_end(first)
    first.close()  # the simulator stopped after the hand's end
    table = make_table(state_dir=tmp_path / "s")  # and started again on the same journal
    ui = make_ui((800, 480))
    _frame(ui, table)
    assert ui.screen == "home" and table.ctl.model().resumable
    _tap(ui, table, "continue")
    assert ui.screen == "hand_end"  # the count at once: nothing else shown in between
    hand = table.ctl.model().hand_no
    _tap(ui, table, "next_hand")
    assert table.ctl.phase == "play" and table.ctl.model().hand_no == hand + 1


def test_continue_into_a_finished_hand_never_shows_the_table_first(make_ui: MakeUI) -> None:
    from tools import demo
    from ui.model import TableModel

    ui = make_ui((800, 480), TableModel(resumable=True, stats=demo.SAMPLE_STATS))
    ui.update(1.0)
    ui.set_model(demo.finished_model())
    assert ui.screen == "hand_end"  # before any frame is drawn




def test_back_at_the_table_while_the_last_trick_still_shows_the_count_never_pops_up(make_ui: MakeUI) -> None:
    """The once-ignored tap: the last trick falls, the person goes home at once (Menu) and
    comes back (Continue) while the trick's pause still ran. The count used to replace
    the table when the pause ended, under the finger; now the finished hand comes back
    as its count at once, and nothing changes the screen after that by itself."""
    from tools import demo

    before = demo.sample_model("tressette2", 1, 38)  # two cards before the hand's end
    ui = make_ui((800, 480), before)
    ui.show("table")
    ui.update(0.1)
    ui.set_model(demo.finished_model())
    assert ui.screen == "table" and ui.table.busy  # the last trick held on the table
    ui.table.press("menu")
    assert ui.screen == "home"
    ui.update(0.1)
    ui.home.press("continue")
    assert ui.screen == "hand_end"
    ui.update(3.0)  # the pause long over
    assert ui.screen == "hand_end"
    nxt = next(b for b in ui.current.buttons((800, 480)) if b.name == "next_hand")
    ui.tap(nxt.rect.center)
    assert it.NextHand() in ui.intents()


def test_the_table_looked_at_after_the_count_stays(make_ui: MakeUI) -> None:
    """*Tavolo* on the count shows the finished table, and it stays until the person leaves."""
    from tools import demo

    ui = make_ui((800, 480), demo.finished_model())
    ui.update(1.0)
    assert ui.screen == "hand_end"
    count = ui.current
    assert isinstance(count, HandEndScreen)
    count.press("table")
    for _ in range(10):
        ui.update(0.5)
    assert ui.screen == "table"
