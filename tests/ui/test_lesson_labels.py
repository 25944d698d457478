"""The guided hand is a lesson on every path a person sees it (issue 24.4): its row in the
history says so (it/de/en) and the greeting on starting it names it a lesson, not a new
match like any other."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from firmware.app.browse import history_page
from firmware.store import Journal
from tests.app.conftest import Table
from tests.ui.conftest import MakeUI
from tools import demo
from ui import intents as it
from ui.history import HistoryScreen
from ui.i18n import render, tr
from ui.model import HistoryRow
from ui.navigation import ScreenName
from ui.textcheck import RecordingSurface

LANGS = ["it", "de", "en"]


def test_the_journal_mode_reaches_the_history_row(tmp_path: Path) -> None:
    with Journal.open(tmp_path) as j:
        lesson = j.new_match("tressette2", {}, ["human", "cpu:easy"], mode="lesson")
        plain = j.new_match("tressette2", {}, ["human", "cpu:easy"])
        rows = {r.match_id: r for r in history_page(j, 0).rows}
    assert rows[lesson].mode == "lesson" and rows[plain].mode != "lesson"


@pytest.mark.parametrize("size", [(800, 480), (480, 320)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", LANGS)
def test_a_lesson_row_is_labelled_a_lesson(lang: str, size: tuple[int, int], make_ui: MakeUI) -> None:
    ui = make_ui(size, demo.sample_history_model(), language=lang)
    scr = ui.screens[ScreenName.HISTORY]
    assert isinstance(scr, HistoryScreen)
    word = tr("h_lesson", lang)
    _, sub, _ = scr.row_text(HistoryRow(7, "tressette2", 0.0, "won", (21, 13), 1, "easy", "lesson"))
    assert sub.startswith(word)
    _, plain, _ = scr.row_text(HistoryRow(8, "tressette2", 0.0, "won", (21, 13), 1, "easy", "engine"))
    assert word not in plain
    # and it is on the screen, whole, in a row of the list
    page = demo.sample_history_model().history
    assert page is not None and page.rows
    rows = (dataclasses.replace(page.rows[0], mode="lesson"), *page.rows[1:])
    model = dataclasses.replace(demo.sample_history_model(), history=dataclasses.replace(page, rows=rows))
    ui = make_ui(size, model, language=lang)
    ui.show("history")
    rec = RecordingSurface(size, ui.ctx.fonts.meta)
    ui.draw(rec)
    assert any(t.text.startswith(word + " · ") for t in rec.texts), [t.text for t in rec.texts]


@pytest.mark.parametrize("lang", LANGS)
def test_starting_the_guided_hand_greets_a_lesson(lang: str, tmp_path: Path) -> None:
    table = Table(tmp_path / "s")
    table.put(it.Guide("start"))
    said = render(table.ctl.table.message.message, lang)
    assert said.startswith(tr("g_title", lang)), said
    assert tr("m_new_game", lang, variant="").rstrip(": ") not in said
    table.close()
