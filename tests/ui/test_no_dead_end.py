"""No dead end: from every screen, in every state of the table, taps alone lead back to
the home screen and onward into play (a new game, the match resumed, the next hand).

The search taps the centre of everything tappable the screen offers (its buttons, the
table's buttons, the yes/no of a question), breadth first, a few taps deep, replaying
each path on a fresh UI: what a person with only a finger can reach."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.ui.conftest import MakeUI
from tools import demo
from ui import intents as it
from ui.app import SCREENS, UIApp
from ui.intents import Intent
from ui.layout import table_layout
from ui.model import EnrolStatus, TableModel
from ui.navigation import ScreenName

STATES = {
    "no game": TableModel(),
    "resumable": TableModel(resumable=True),
    "playing": demo.busiest("tressette2"),
    "playing four": demo.busiest("tressette4"),
    "hand over": demo.finished_model(),
    "match over": demo.finished_match_model(),
    "enrolling": TableModel(enrolling=EnrolStatus("italian", 3, 40, 3)),
    "reviewed": demo.sample_review_model(),
    "reviewing": demo.sample_review_model(ready=False),
}
PLAY = (it.NewGame, it.Continue, it.NextHand)


def targets(ui: UIApp) -> list[tuple[int, int]]:
    size = ui.surface.get_size()
    if ui.question is not None:
        return [b.rect.center for b in ui.question_buttons(size)]
    if ui.screen == "table":
        lay = table_layout(ui.model, size)
        return [b.rect.center for b in lay.buttons if b.enabled]
    return [b.rect.center for b in ui.current.buttons(size) if b.enabled]


def start(make_ui: MakeUI, size: tuple[int, int], model: TableModel, screen: str) -> UIApp:
    ui = make_ui(size, model)
    ui.update(5.0)
    ui.show(screen)
    ui.intents()
    return ui


def search(make_ui: MakeUI, size: tuple[int, int], model: TableModel, screen: str,
           goal: Callable[[UIApp, list[Intent]], bool], depth: int = 8) -> list[tuple[int, int]] | None:
    frontier: list[list[tuple[int, int]]] = [[]]
    seen: set[tuple[str, bool, bool]] = set()
    for _ in range(depth + 1):
        nxt = []
        for path in frontier:
            ui = start(make_ui, size, model, screen)
            for pos in path:
                ui.tap(pos)
            said = ui.intents()
            if goal(ui, said):
                return path
            key = (ui.screen, ui.question is not None, len(path) > 0 and bool(said))
            if key in seen:
                continue
            seen.add(key)
            nxt += [[*path, t] for t in targets(ui)]
        frontier = nxt
    return None


@pytest.mark.parametrize("size", [(800, 480), (480, 320)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("state", list(STATES))
@pytest.mark.parametrize("screen", SCREENS)
def test_every_screen_leads_home_and_into_play(screen: ScreenName, state: str, size: tuple[int, int], make_ui: MakeUI) -> None:
    model = STATES[state]
    home = search(make_ui, size, model, screen, lambda ui, said: ui.screen == "home")
    assert home is not None, f"{screen} ({state}): no taps lead home"
    # after a hand, onward is the next hand; otherwise a new game or the match resumed
    play = (it.NextHand,) if state == "hand over" else PLAY
    onward = search(make_ui, size, model, screen, lambda ui, said: any(isinstance(x, play) for x in said))
    assert onward is not None, f"{screen} ({state}): no taps lead into play"


def test_a_tap_on_new_game_with_a_match_going_asks_first(make_ui: MakeUI) -> None:
    ui = start(make_ui, (800, 480), demo.busiest("tressette2"), "home")
    start_button = next(b for b in ui.home.buttons((800, 480)) if b.name == "start")
    ui.tap(start_button.rect.center)
    assert ui.intents() == [] and ui.question is not None
    no, yes = ui.question_buttons((800, 480))
    ui.tap(no.rect.center)
    assert ui.intents() == [] and ui.question is None
    ui.tap(start_button.rect.center)
    ui.tap(yes.rect.center)
    assert [type(x) for x in ui.intents()] == [it.NewGame]


def test_claiming_the_win_asks_first_with_the_points(make_ui: MakeUI) -> None:
    model = demo.showcase()["table4_claim"]
    ui = start(make_ui, (800, 480), model, "table")
    claim = next(b for b in table_layout(model, (800, 480)).buttons if b.name == "claim")
    ui.tap(claim.rect.center)
    assert ui.intents() == [] and ui.question is not None
    assert str(model.target) in ui.question[0]
    ui.tap(ui.question_buttons((800, 480))[1].rect.center)
    assert ui.intents() == [it.Claim()]


def test_the_table_after_a_hand_offers_the_count_and_the_next_hand(make_ui: MakeUI) -> None:
    ui = start(make_ui, (800, 480), demo.finished_model(), "table")
    names = {b.name for b in table_layout(ui.model, (800, 480)).buttons}
    assert {"count", "next_hand"} <= names


@pytest.mark.parametrize("state", list(STATES))
@pytest.mark.parametrize("screen", SCREENS)
def test_every_button_a_screen_answers_to_is_drawn(screen: ScreenName, state: str, make_ui: MakeUI) -> None:
    """A button that works but is never drawn is a dead end too (Statistics' Back, 13.1)."""
    from ui.textcheck import RecordingSurface

    ui = start(make_ui, (800, 480), STATES[state], screen)
    rec = RecordingSurface((800, 480), ui.ctx.fonts.meta)
    ui.draw(rec)
    drawn = {tuple(r) for r in rec.panels}
    if ui.screen == "table":
        buttons = [b for b in table_layout(ui.model, (800, 480)).buttons if b.name != "menu"]
    else:
        buttons = ui.current.buttons((800, 480))
    for b in buttons:
        assert tuple(b.rect) in drawn, (ui.screen, b.name)
