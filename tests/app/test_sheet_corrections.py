"""Score sheet corrections through the table program: a tap that ends a hand or the match asks
first (nothing journalled until *Confirm*), the last entry is taken back, a finished hand's
points are corrected; each correction is a journal entry of its own, and a controller that
boots from the journal stands where the live one stood."""

from __future__ import annotations

import json
from pathlib import Path

import ui.intents as ui
from firmware.app.controller import HAND_OVER, MATCH_OVER, PLAY
from firmware.engine.actions import Declare
from firmware.engine.records import replay
from tests.app.conftest import MakeTable, Table
from tests.uishare import shared
from ui.i18n import render


def actions(t: Table) -> list[dict[str, object]]:
    assert t.ctl.match_id is not None
    return [a for h in t.journal.record(t.ctl.match_id)["hands"] for a in h["actions"]]


def question(t: Table, lang: str = "en") -> str:
    entry = t.ctl.model().sheet_entry
    assert entry is not None and entry.question is not None
    return render(entry.question, lang)


def test_a_decima_asks_first_and_the_match_it_ended_is_taken_back(make_table: MakeTable, tmp_path: Path) -> None:
    t = make_table(variant="tressette4", seats=["table"] * 4)
    ctl = t.ctl
    assert ctl.new_match(scoresheet=True).accepted
    t.put(ui.Declare(Declare(0, "decima", suit=0)))  # the first accuso button, tapped by mistake
    assert "Confirm" in question(t) and "wins the match" in question(t) and actions(t) == []
    t.put(ui.SheetConfirm(False))  # Back: nothing was written
    assert ctl.model().sheet_entry.question is None and actions(t) == [] and ctl.phase == PLAY  # type: ignore[union-attr]
    t.put(ui.Declare(Declare(0, "decima", suit=0)))
    t.put(ui.SheetConfirm(True))
    assert actions(t) == [{"seat": 0, "declare": {"kind": "decima", "suit": "c"}}]
    t.put(ui.SheetTally((0, 0), "decima", 0))
    text = question(t)
    assert text == "Decima by seat 1: Side 1 wins the match, ×16. Confirm?", text  # not "0-0"
    t.put(ui.SheetConfirm(True))
    assert ctl.phase == MATCH_OVER and ctl.match is not None and ctl.match.winner == 0
    assert t.journal.unfinished() is None
    t.put(ui.SheetUndo())  # the count: the match goes on, the journal has it unfinished again
    assert ctl.phase == PLAY and ctl.match.winner is None and t.journal.unfinished() is not None
    t.put(ui.SheetUndo())  # the decima
    assert ctl.match.sheet is not None and ctl.match.sheet.declarations == []
    assert [a for a in actions(t) if "undo" in a] == [{"seat": 0, "undo": 1}] * 2  # entries of their own
    t.put(ui.SheetTally((20, 15)))  # an ordinary count asks nothing
    assert ctl.phase == HAND_OVER and ctl.totals == [6, 5]
    t.put(ui.NextHand())
    t.put(ui.SheetEdit(0))  # the score sheet's hand 1, opened to correct it
    entry = ctl.model().sheet_entry
    assert entry is not None and entry.amend == 0 and entry.amend_thirds == (20, 15)
    t.put(ui.SheetTally((23, 12), amend=0))
    entry = ctl.model().sheet_entry
    assert ctl.totals == [7, 4] and ctl.phase == PLAY and entry is not None and entry.amend is None
    assert actions(t)[-1] == {"seat": 0, "amend": 0, "tally": {"thirds": [23, 12]}}
    doc = t.journal.record(ctl.match_id or 0)
    assert replay(doc).totals == [7, 4]
    sheet = ctl.model().final_sheet  # the score sheet, all along: hand 1 says it was corrected
    assert sheet is not None and sheet.rows[0].corrected and sheet.rows[0].points == (7, 4)
    assert sheet.rows[1].note == "sheet_open"
    t.close()


def test_a_claim_and_a_cappotto_ask_naming_the_consequence_in_each_language(make_table: MakeTable) -> None:
    t = make_table(variant="tressette4", seats=["table"] * 4)
    ctl = t.ctl
    assert ctl.new_match(scoresheet=True).accepted
    t.put(ui.SheetTally((12, 6), "claim", 1))  # a false claim by seat 2
    texts = {lang: question(t, lang) for lang in ("it", "de", "en")}
    assert "Side 1" in texts["en"] and "Partei 1" in texts["de"] and "Coppia 1" in texts["it"], texts
    assert actions(t) == []
    t.put(ui.SheetConfirm(False))
    t.put(ui.SheetTally((0, 35), sudden="cappotto", sudden_side=1))
    assert question(t) == "Cappotto for side 2: Side 2 wins the match, ×2. Confirm?"
    t.put(ui.SheetConfirm(True))
    assert ctl.phase == MATCH_OVER and ctl.match is not None and ctl.match.winner == 1
    t.put(ui.SheetEdit(0))
    t.put(ui.SheetTally((20, 15), amend=0))  # not a cappotto after all: it asks, the match goes on
    assert "goes on" in question(t)
    t.put(ui.SheetConfirm(True))
    assert ctl.phase == HAND_OVER and not ctl.match.finished and t.journal.unfinished() is not None
    t.close()


def test_a_correction_resumes_after_a_power_cut(tmp_path: Path) -> None:
    state = tmp_path / "state"
    state.mkdir()
    t = Table(state, variant="tressette2", seats=["table", "table"])
    assert t.ctl.new_match(scoresheet=True).accepted
    t.put(ui.SheetTally((33, 2)))
    t.put(ui.NextHand())
    t.put(ui.SheetTally((30, 5)))  # 21 - 1: it ends the match, asked
    t.put(ui.SheetConfirm(True))
    assert t.ctl.phase == MATCH_OVER
    t.put(ui.SheetEdit(1))
    t.put(ui.SheetTally((6, 29), amend=1))
    t.put(ui.SheetConfirm(True))
    live = list(t.ctl.totals)
    t.close()
    again = Table(state, variant="tressette2", seats=["table", "table"])
    try:
        assert again.ctl.boot()  # unfinished again: resumed
        assert again.ctl.totals == live == [13, 9] and again.ctl.phase == HAND_OVER
        assert json.dumps(again.journal.record(again.ctl.match_id or 0)).count("amend") == 1
    finally:
        again.close()


def test_a_decima_is_shown_as_its_stake_not_as_zero_points(make_table: MakeTable) -> None:
    import pygame

    from ui.app import UIApp
    from ui.handend import HandEndScreen

    t = make_table(variant="tressette4", seats=["table"] * 4)
    assert t.ctl.new_match(scoresheet=True).accepted
    t.put(ui.Declare(Declare(0, "decima", suit=0)))
    t.put(ui.SheetConfirm(True))
    t.put(ui.SheetTally((0, 0), "decima", 0))
    t.put(ui.SheetConfirm(True))
    model = t.ctl.model()
    assert model.result is not None and render(t.ctl.message.message, "en") == "Side 1 wins the match, ×16"
    pygame.display.init()
    app = shared(UIApp(pygame.Surface((800, 480)), sounds=False))
    app.set_model(model)
    app.show("hand_end")
    screen = app.current
    assert isinstance(screen, HandEndScreen)
    assert [cells for _name, cells in screen._declaration_rows(model.result)] == [["×16", ""]]  # not "+0"
    t.close()


def test_a_hand_opened_to_correct_shows_its_count_as_it_stands(make_table: MakeTable) -> None:
    import pygame

    from ui.app import UIApp
    from ui.sheetentry import end_choices, sudden_choices

    t = make_table(variant="tressette4", seats=["table"] * 4)
    assert t.ctl.new_match(scoresheet=True).accepted
    t.put(ui.SheetTally((27, 5), "claim", 2))  # seat 3 claims with 9 points: wrong, side 2 wins
    t.put(ui.SheetConfirm(True))
    t.put(ui.SheetEdit(0))
    model = t.ctl.model()
    entry = model.sheet_entry
    assert entry is not None and entry.amend == 0
    pygame.display.init()
    app = shared(UIApp(pygame.Surface((480, 320)), sounds=False))
    app.set_model(model)
    app.show("table")
    app.draw()
    st = app.table.sheet_panel.st
    assert st.thirds == [27, 5] and end_choices(entry)[st.end] == ("claim", 2)
    assert sudden_choices(entry, 2)[st.sudden] is None
    t.close()
