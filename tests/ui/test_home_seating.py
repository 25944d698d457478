"""The home screen offers only the seatings a game can be played with (the settings
check and the engine's, asked, not copied), and a refused *Play* never gives up the
match in progress (a newcomer's report: seat 1 real cards + seat 2 CPU at Tressette
for two asked to give up the match, then refused)."""

from __future__ import annotations

import pytest

import ui.intents as it
from firmware.config import check_seats
from firmware.engine import PRESETS, make_variant
from firmware.engine.seating import SeatSpec
from firmware.engine.seating import seating_problem as engine_seating_problem
from firmware.engine.variants import OptionValue
from tests.ui.conftest import MakeUI
from ui.home import SEAT_CYCLE, HomeScreen, next_seat, seating_problem
from ui.model import TableModel


def _reachable(home: HomeScreen, limit: int = 4000) -> set[tuple[SeatSpec, ...]]:
    """Every seating the seat buttons reach from the screen's first one (breadth first)."""
    start = tuple(home.seats)
    seen = {start}
    todo = [start]
    while todo and len(seen) < limit:
        seats = todo.pop()
        for i in range(len(seats)):
            home.seats = list(seats)
            assert home.press(f"seat:{i}")
            nxt = tuple(home.seats)
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return seen


def _option_sets(preset: str) -> list[dict[str, OptionValue]]:
    """The preset's defaults, and each option that changes the count of seats at each value."""
    p = PRESETS[preset]
    base: dict[str, OptionValue] = {o.key: o.default for o in p.options}
    out = [base]
    for o in p.options:
        if o.key == "players":
            out += [{**base, o.key: v} for v in o.choices if v != o.default]
    return out


@pytest.mark.parametrize("preset", list(PRESETS))
def test_every_seating_the_home_screen_cycles_to_is_one_the_game_takes(make_ui: MakeUI, preset: str) -> None:
    ui = make_ui((800, 480))
    home: HomeScreen = ui.home
    home.select_variant(preset)
    for options in _option_sets(preset):
        home.options = dict(options)
        home._fit_seats()
        for seats in _reachable(home):
            v = make_variant(preset, options)
            assert engine_seating_problem(v, [k for k, _ in seats]) is None, (preset, options, seats)
            specs = [SeatSpec(k, lvl) for k, lvl in seats]
            assert check_seats(specs, v.n_seats) == specs  # the settings check takes it too


def test_tressette_for_two_never_offers_real_cards_beside_a_computer(make_ui: MakeUI) -> None:
    ui = make_ui((800, 480))
    home: HomeScreen = ui.home
    home.select_variant("tressette2")
    seats = _reachable(home)
    assert (("table", None), ("computer", "normal")) not in seats
    assert (("table", None), ("table", None)) in seats  # real cards, all people: still offered
    # a game without a talon takes computers beside real cards, on any seat
    home.select_variant("treseta4")
    seats4 = _reachable(home)
    assert any(s[0] == ("table", None) and s[1][0] == "computer" for s in seats4)
    assert any(s[1] == ("table", None) and s[0][0] == "computer" for s in seats4)


def test_a_refused_seating_is_refused_before_the_question_and_keeps_the_match(make_ui: MakeUI) -> None:
    """Even a seating the screen did not cycle to (set from the settings): no question."""
    ui = make_ui((800, 480))
    sent: list[object] = []
    home = HomeScreen(ui.ctx, sent.append, ui.show)
    home.set_model(TableModel(resumable=True))  # a match waits
    home.seats = [SeatSpec("table"), SeatSpec.cpu("normal")]  # tressette2: refused by the engine
    assert home.seating_problem() is not None
    assert home.press("start")
    assert ui.question is None and len(sent) == 1 and isinstance(sent[0], it.NewGame)
    home.seats = [SeatSpec("human"), SeatSpec.cpu("hard")]
    assert home.press("start")
    assert ui.question is not None and sent == sent[:1]  # a good one asks first


def test_a_game_change_moves_the_seats_to_a_seating_it_takes(make_ui: MakeUI) -> None:
    ui = make_ui((800, 480))
    home: HomeScreen = ui.home
    home.select_variant("treseta4")
    home.seats = [SeatSpec("table"), SeatSpec.cpu("easy"), SeatSpec("table"), SeatSpec.cpu("hard")]
    assert home.seating_problem() is None
    for name in PRESETS:
        home.select_variant(name)
        assert home.seating_problem() is None, name
    ui.preset_home("tressette2", None, (it.SeatSetup("table", None), it.SeatSetup("computer", "normal")))
    assert home.seating_problem() is None


def test_seat_choices_go_people_first_then_computers_easiest_first() -> None:
    kinds = [k for k, _ in SEAT_CYCLE]
    assert kinds == ["human", "phone", "table", "computer", "computer", "computer"]
    assert [lvl for k, lvl in SEAT_CYCLE if k == "computer"] == ["easy", "normal", "hard"]
    seats: list[SeatSpec] = [SeatSpec("human")] + [SeatSpec.cpu("normal")] * 3
    order = []
    for _ in range(4):
        seats[1] = next_seat(seats, 1, "treseta4")
        order.append(seats[1])
    # from normal: hard, then the people (a phone; you and real cards are taken), then easy
    assert order == [("computer", "hard"), ("phone", None), ("computer", "easy"), ("computer", "normal")]


def test_the_screen_asks_the_same_check_as_the_settings() -> None:
    assert seating_problem("tressette2", {}, [SeatSpec("table"), SeatSpec.cpu("easy")]) is not None
    assert seating_problem("tressette2", {}, [SeatSpec("table"), SeatSpec("table")]) is None
    assert seating_problem("tressette2", {}, [SeatSpec("human"), SeatSpec("table")]) is not None
    assert seating_problem("treseta4", {}, [SeatSpec("table"), SeatSpec("phone")] * 2) is not None
