"""The history and the score sheets (issue 24.6): the page counter counts the rows shown,
results are always the person's side first (us–them) with the word won/lost, and the
score sheet at a match's end replays a hand on a tap like the history's does."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pygame
import pytest

import ui.intents as it
from firmware.app.browse import history_page, us_first
from firmware.store import Journal
from tests.ui.conftest import MakeUI
from tools import demo
from ui.app import UIApp
from ui.handend import HandEndScreen
from ui.history import HistoryScreen, ReplayScreen, SheetScreen
from ui.model import HistoryPage, HistoryRow
from ui.navigation import ScreenName
from ui.review import ReviewScreen
from ui.textcheck import RecordingSurface

SIZES = [(800, 480), (480, 320), (1280, 800)]


def _page(n_rows: int, total: int, offset: int = 0) -> HistoryPage:
    rows = tuple(HistoryRow(1000 - i, "tressette2", 1_764_590_400.0 - i * 60, "won", (21, 14), 5, "hard")
                 for i in range(n_rows))  # fmt: skip
    return HistoryPage(rows, offset, total, n_rows)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("asked", [3, 6, 12])
def test_the_page_counter_counts_the_rows_on_the_screen(size: tuple[int, int], asked: int, make_ui: MakeUI) -> None:
    """A page asked for at one size and shown at another ("1–6 di 1234" above 5 rows)."""
    model = dataclasses.replace(demo.sample_history_model(), history=_page(asked, 1234, 60))
    ui = make_ui(size, model, language="it")
    ui.show("history")
    ui.intents()
    scr = ui.current
    assert isinstance(scr, HistoryScreen)
    shown = [b for b in scr.buttons(size) if b.name.startswith("match:")]
    rec = RecordingSurface(size, ui.ctx.fonts.meta)
    ui.draw(rec)
    texts = [t.text for t in rec.texts]
    assert f"61–{60 + len(shown)} di 1234" in texts, texts
    assert len(shown) == min(asked, scr.page_size(size))
    scr.press("next")  # ▶ goes on from the last row shown, none skipped
    nxt = [x for x in ui.intents() if isinstance(x, it.ShowHistory)]
    assert nxt and nxt[-1].offset == 60 + len(shown)


def test_results_are_us_then_them_whoever_won(tmp_path: Path) -> None:
    with Journal.open(tmp_path) as j:
        lost = j.new_match("tressette2", {}, ["cpu:hard", "human"])  # the person in seat 1: side 1
        j.finish_match(lost, 0, [22, 13])
        won = j.new_match("tressette2", {}, ["cpu:hard", "human"])
        j.finish_match(won, 1, [9, 21])
        first = j.new_match("tressette2", {}, ["human", "cpu:hard"])
        j.finish_match(first, 1, [13, 22])
        rows = {r.match_id: r for r in history_page(j, 0).rows}
    assert (rows[lost].outcome, rows[lost].totals) == ("lost", (13, 22))
    assert (rows[won].outcome, rows[won].totals) == ("won", (21, 9))
    assert (rows[first].outcome, rows[first].totals) == ("lost", (13, 22))


def test_us_first_keeps_the_others_in_order() -> None:
    assert us_first((5, 9, 14), 1) == (9, 5, 14)
    assert us_first((5, 9), None) == (5, 9)
    assert us_first((), 0) == ()


@pytest.mark.parametrize("lang", ["it", "de", "en"])
def test_a_history_row_says_the_word_then_us_then_them(lang: str, make_ui: MakeUI) -> None:
    from ui.i18n import tr

    ui = make_ui((800, 480), demo.sample_history_model(), language=lang)
    scr = ui.screens[ScreenName.HISTORY]
    assert isinstance(scr, HistoryScreen)
    _, _, right = scr.row_text(HistoryRow(7, "tressette2", 0.0, "lost", (13, 22), 4, "hard"))
    assert right == f"{tr('outcome_lost', lang)}  13–22"


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_sheet_at_a_matchs_end_replays_a_hand_on_a_tap(size: tuple[int, int], make_ui: MakeUI) -> None:
    model = demo.finished_match_model()
    assert model.match_over and model.final_sheet is not None
    ui = make_ui(size, model)
    ui.update(1.0)
    ui.show("hand_end")
    end = ui.current
    assert isinstance(end, HandEndScreen)
    end.press("sheet")
    assert ui.screen == "sheet"
    scr = ui.current
    assert isinstance(scr, SheetScreen)
    hands = [b for b in scr.buttons(size) if b.name.startswith("hand:")]
    assert hands, "no tappable rows on the final score sheet"
    ui.intents()
    ui.tap(hands[0].rect.center)
    first = int(hands[0].name.split(":")[1])  # the last page: its deciding hand shown
    assert it.OpenReplay(model.final_sheet.match_id, first) in ui.intents()
    assert ui.screen == "replay"
    replay = ui.current
    assert isinstance(replay, ReplayScreen)
    replay.press("back")
    assert ui.screen == "sheet"
    sheet = ui.current
    assert isinstance(sheet, SheetScreen) and sheet.came_from == "hand_end"  # still the match just played


PAGED = [ScreenName.SHEET, ScreenName.REVIEW]


def _long_paged(make_ui: MakeUI, size: tuple[int, int], name: ScreenName) -> tuple[UIApp, SheetScreen | ReviewScreen]:
    """The score sheet or the review of a match far longer than a page, shown at ``size``."""
    model = demo.sample_history_model()
    review = demo.sample_review_model().match_review
    assert model.sheet is not None and review is not None
    long_sheet = dataclasses.replace(model.sheet, rows=model.sheet.rows * 8)
    long_review = dataclasses.replace(review, rows=review.rows * 16)
    ui = make_ui(size, dataclasses.replace(model, sheet=long_sheet, match_review=long_review))
    ui.show(name)
    scr = ui.current
    assert isinstance(scr, (SheetScreen, ReviewScreen))
    return ui, scr


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("name", PAGED)
def test_the_arrow_keys_page_a_long_sheet_and_review(name: ScreenName, size: tuple[int, int], make_ui: MakeUI) -> None:
    """A keyboard pages the score sheet as it pages the review: → as ▶, ← as ◀."""
    ui, scr = _long_paged(make_ui, size, name)
    down = next(b for b in scr.buttons(size) if b.name == "down")
    assert down.enabled  # more rows than a page
    ui.key(pygame.K_RIGHT)
    assert scr.first > 0
    ui.key(pygame.K_LEFT)
    assert scr.first == 0


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("name", PAGED)
def test_a_page_on_goes_on_from_the_last_row_shown(name: ScreenName, size: tuple[int, int], make_ui: MakeUI) -> None:
    """▶ pages by the rows this screen shows, at every size: no row is skipped on a small screen."""
    ui, scr = _long_paged(make_ui, size, name)
    ui.draw(RecordingSurface(size, ui.ctx.fonts.meta))
    shown = [b for b in scr.buttons(size) if b.name.startswith("hand:")]
    down = next(b for b in scr.buttons(size) if b.name == "down")
    assert ui.tap(down.rect.center)
    assert scr.first == len(shown)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_sheet_at_a_matchs_end_opens_on_its_deciding_hand(size: tuple[int, int], make_ui: MakeUI) -> None:
    """Opened from the end of a match longer than a page, the score sheet shows its last
    hand (the totals the outcome under the rows speaks of: a newcomer saw "you win" beside
    totals of 19–17, the deciding hand a page away); from the history a sheet opens on
    hand 1, as before."""
    model = demo.finished_match_model()
    assert model.final_sheet is not None
    rows = tuple(dataclasses.replace(r, hand=i + 1) for i, r in enumerate(model.final_sheet.rows * 8))
    final = dataclasses.replace(model.final_sheet, rows=rows)
    ui = make_ui(size, dataclasses.replace(model, final_sheet=final))
    ui.update(1.0)
    ui.show("hand_end")
    end = ui.current
    assert isinstance(end, HandEndScreen)
    end.press("sheet")
    scr = ui.current
    assert isinstance(scr, SheetScreen)
    hands = [b.name for b in scr.buttons(size) if b.name.startswith("hand:")]
    assert hands[-1] == f"hand:{len(rows)}" and hands[0] != "hand:1", hands
    assert len(hands) == scr.per_page(size)  # a full last page
    ui.draw(RecordingSurface(size, ui.ctx.fonts.meta))

    history = make_ui(size, demo.sample_history_model())
    history.show(ScreenName.HISTORY)
    history.show(ScreenName.SHEET)
    sheet = history.current
    assert isinstance(sheet, SheetScreen) and sheet.came_from == "history"
    assert [b.name for b in sheet.buttons(size) if b.name.startswith("hand:")][0] == "hand:1"
