"""Taps, clicks and keys become intents; a dimmed card never does."""

from __future__ import annotations

import pygame
import pytest

from firmware.engine import Play
from firmware.engine.actions import Declare as DeclareAction
from firmware.engine.seating import SeatSpec
from tests.ui.conftest import MakeUI
from tools import demo
from ui import intents as it
from ui.app import UIApp
from ui.intents import SeatSetup
from ui.layout import table_layout
from ui.model import TableModel, model_from_view


def finger(ui: UIApp, pos: tuple[int, int]) -> pygame.event.Event:
    window = pygame.display.get_surface()
    w, h = window.get_size() if window is not None else ui.surface.get_size()
    return pygame.event.Event(pygame.FINGERDOWN, x=pos[0] / w, y=pos[1] / h, finger_id=0, touch_id=0)


def click(pos: tuple[int, int], touch: bool = False) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, touch=touch)


def key(k: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="")


@pytest.fixture
def turn_model() -> TableModel:
    return demo.my_turn_model("tressette2", 1, 4)


def hand_rects(ui: UIApp) -> list[tuple[int, pygame.Rect]]:
    return table_layout(ui.model, ui.surface.get_size()).hand_hit


def test_tap_on_a_legal_card_plays_it(make_ui: MakeUI, turn_model: TableModel) -> None:
    ui = make_ui((800, 480), turn_model)
    card, rect = next((c, r) for c, r in hand_rects(ui) if c in turn_model.playable)
    assert ui.handle(click(rect.center))
    assert ui.intents() == [it.PlayCard(card)]


@pytest.mark.parametrize("size", [(480, 320), (800, 480), (1280, 800)])
def test_a_dimmed_card_cannot_be_played(make_ui: MakeUI, turn_model: TableModel, size: tuple[int, int]) -> None:
    ui = make_ui(size, turn_model)
    dimmed = [(c, r) for c, r in hand_rects(ui) if c not in turn_model.playable]
    assert dimmed, "the sample must hold cards it may not play (must follow suit)"
    for _card, rect in dimmed:
        ui.handle(click(rect.center))
        ui.handle(finger(ui, rect.center))
    for i, c in enumerate(turn_model.hand):
        if c not in turn_model.playable and i < 10:
            ui.handle(key(pygame.K_1 + i if i < 9 else pygame.K_0))
    assert not [x for x in ui.intents() if isinstance(x, it.PlayCard)]


def test_nothing_is_played_when_it_is_not_my_turn(make_ui: MakeUI) -> None:
    model = demo.sample_model("tressette2", 5, 0, declare=False)
    assert not model.my_turn
    ui = make_ui((800, 480), model)
    for _c, r in hand_rects(ui):
        ui.handle(click(r.center))
    assert ui.intents() == []


def test_a_finger_is_handled_once(make_ui: MakeUI, turn_model: TableModel) -> None:
    """SDL sends FINGERDOWN and a synthesised MOUSEBUTTONDOWN (touch=True) for one tap."""
    ui = make_ui((800, 480), turn_model)
    card, rect = next((c, r) for c, r in hand_rects(ui) if c in turn_model.playable)
    assert ui.handle(finger(ui, rect.center))
    assert not ui.handle(click(rect.center, touch=True))
    assert ui.intents() == [it.PlayCard(card)]


def test_a_double_tap_plays_one_card(make_ui: MakeUI, turn_model: TableModel) -> None:
    """Tried as a player: a double tap played the card, the computer answered, and the
    second tap led the next trick with whatever card slid under the finger."""
    ui = make_ui((800, 480), turn_model)
    card, rect = next((c, r) for c, r in hand_rects(ui) if c in turn_model.playable)
    assert ui.handle(click(rect.center))
    ui.set_model(turn_model)  # my turn again at once (the computers were quick)
    ui.update(0.15)
    ui.handle(click(rect.center))
    assert ui.intents() == [it.PlayCard(card)]
    ui.update(0.3)  # a deliberate second tap, later, plays
    ui.handle(click(rect.center))
    assert ui.intents() == [it.PlayCard(card)]


def test_number_keys_play_the_nth_card(make_ui: MakeUI, turn_model: TableModel) -> None:
    ui = make_ui((800, 480), turn_model)
    i = next(i for i, c in enumerate(turn_model.hand) if c in turn_model.playable)
    ui.handle(key(pygame.K_1 + i if i < 9 else pygame.K_0))
    assert ui.intents() == [it.PlayCard(turn_model.hand[i])]


def test_arrows_and_enter_choose_and_play(make_ui: MakeUI, turn_model: TableModel) -> None:
    ui = make_ui((800, 480), turn_model)
    i = next(i for i, c in enumerate(turn_model.hand) if c in turn_model.playable)
    for _ in range(i + 1):
        ui.handle(key(pygame.K_RIGHT))
    assert ui.table.cursor == i
    ui.handle(key(pygame.K_RETURN))
    assert ui.intents() == [it.PlayCard(turn_model.hand[i])]


def test_declare_button_emits_the_legal_declaration(make_ui: MakeUI) -> None:
    match = demo.play_match("tressette2", 0, 0)
    for seed in range(60):
        match = demo.play_match("tressette2", seed, 0)
        if any(isinstance(a, DeclareAction) for a in match.view_for(0).legal):
            break
    view = match.view_for(0)
    model = model_from_view(view, seats=(SeatSetup("human", None), SeatSetup("computer", "normal")))
    assert model.declarable
    ui = make_ui((480, 320), model)
    lay = table_layout(model, (480, 320))
    b = next(b for b in lay.buttons if b.name == "declare:0")
    ui.handle(click(b.rect.center))
    assert ui.intents() == [it.Declare(model.declarable[0])]


def test_menu_button_goes_home_and_keys_n_l_d(make_ui: MakeUI, turn_model: TableModel) -> None:
    ui = make_ui((800, 480), turn_model)
    lay = table_layout(turn_model, (800, 480))
    menu = next(b for b in lay.buttons if b.name == "menu")
    ui.handle(click(menu.rect.center))
    assert ui.screen == "home"
    assert it.ShowScreen("home") in ui.intents()
    ui.show("table")
    ui.intents()
    ui.handle(key(pygame.K_n))
    assert ui.question is not None and ui.intents() == []  # N with a match going asks first
    ui.handle(key(pygame.K_RETURN))
    ui.handle(key(pygame.K_l))
    ui.handle(key(pygame.K_d))
    got = ui.intents()
    assert isinstance(got[0], it.NewGame) and got[0].variant == "tressette2"
    assert got[0].seats[0].kind == "human"
    assert it.SetLevel(1, "hard") in got
    assert it.SetSetting("deck_style", "piacentine") in got
    assert ui.settings["deck_style"] == "piacentine"
    ui.handle(key(pygame.K_d))  # D goes round every Italian style, then back to the first
    assert ui.intents() == [it.SetSetting("deck_style", "triestine")]
    ui.handle(key(pygame.K_d))
    assert ui.intents() == [it.SetSetting("deck_style", "napoletane")]


def test_home_screen_starts_the_chosen_game(make_ui: MakeUI) -> None:
    from ui.model import TableModel

    ui = make_ui((480, 320), TableModel())
    home = ui.home
    home.select_variant("treschetten2")
    size = (480, 320)
    buttons = {b.name: b for b in home.buttons(size)}
    ui.handle(click(buttons["option:open_draws"].rect.center))  # shown -> hidden
    ui.handle(click(buttons["seat:1"].rect.center))  # normal -> hard
    ui.handle(click(buttons["start"].rect.center))
    chosen, ng = ui.intents()
    assert chosen == home.chosen()  # what the screen shows chosen (the app keeps it), then the game
    assert ng == it.NewGame(
        "treschetten2",
        {"accusi": True, "target": 31, "open_draws": "hidden", "announce_when": "any_time",
         "match_format": "single", "zu_tun": True, "revoke": "cappotto"},
        (SeatSetup("human", None), SeatSetup("computer", "hard")),
    )
    assert not buttons["continue"].enabled  # nothing to resume


def test_every_seat_reaches_every_level_and_real_cards_mix_only_with_computers() -> None:
    """Tried as a player: seat 2 cycled normal, hard, real cards, normal: easy was out of reach."""
    from ui.home import SEAT_CYCLE, next_seat

    GAME_OF_N = {2: "tressette2", 3: "terziglio3", 4: "treseta4"}
    for n in (2, 3, 4):
        for start in range(n):
            seats: list[SeatSpec] = [SeatSpec("human")] + [SeatSpec.cpu("normal")] * (n - 1)
            seen = set()
            for _ in range(2 * len(SEAT_CYCLE)):
                seats[start] = next_seat(seats, start, GAME_OF_N[n])
                seen.add(seats[start])
                kinds = [k for k, _ in seats]
                assert kinds.count("human") <= 1
                assert not ("human" in kinds and "table" in kinds)
            assert {("computer", lv) for lv in ("easy", "normal", "hard")} <= seen
            assert ("human", None) in seen if start == 0 else ("human", None) not in seen
    # an all-real-cards table: the person leaves the screen first, then the others follow
    seats = [SeatSpec("human"), SeatSpec.cpu("normal")]
    while seats[0] != ("table", None):
        seats[0] = next_seat(seats, 0, "tressette2")
    while seats[1] != ("table", None):
        seats[1] = next_seat(seats, 1, "tressette2")
    assert seats == [("table", None), ("table", None)]


def test_continue_offers_the_interrupted_game(make_ui: MakeUI) -> None:
    from ui.model import TableModel

    ui = make_ui((800, 480), TableModel(resumable=True))
    b = next(b for b in ui.home.buttons((800, 480)) if b.name == "continue")
    assert b.enabled
    ui.handle(click(b.rect.center))
    assert ui.intents() == [it.Continue()]


def test_settings_change_language_and_emit(make_ui: MakeUI) -> None:
    from ui.model import TableModel

    ui = make_ui((480, 320), TableModel())
    ui.show("settings")
    ui.intents()
    b = next(b for b in ui.current.buttons((480, 320)) if b.name == "set:language:de")
    ui.handle(click(b.rect.center))
    assert ui.intents() == [it.SetSetting("language", "de")]
    assert ui.ctx.t("your_turn") == "Du bist dran"


def test_finished_hand_shows_the_count_then_next_hand(make_ui: MakeUI) -> None:
    model = demo.finished_model()
    assert model.hand_over and not model.match_over
    ui = make_ui((800, 480), model)
    ui.update(5.0)
    assert ui.screen == "hand_end"
    ui.intents()
    b = next(b for b in ui.current.buttons((800, 480)) if b.name == "next_hand")
    ui.handle(click(b.rect.center))
    assert ui.intents() == [it.NextHand()]


def test_every_draw_flies_from_the_talon_face_up_where_shown(make_ui: MakeUI) -> None:
    match = demo.play_match("tressette2", 4, 0, declare=False)
    seats = (SeatSetup("human", None), SeatSetup("computer", "normal"))
    ui = make_ui((800, 480), model_from_view(match.view_for(0), seats=seats))
    ui.update(1.0)
    assert match.state is not None
    while len(match.state.tricks) < 1:
        seat = match.state.to_move
        match.apply(next(a for a in match.view_for(seat).legal if isinstance(a, Play)))
    model = model_from_view(match.view_for(0), seats=seats)
    ui.set_model(model)
    flights = list(ui.table.flights)
    assert len(flights) == 2 == len(model.draws)
    assert {f.seat for f in flights} == {0, 1}
    talon = table_layout(model, (800, 480)).talon
    assert all(f.src == talon for f in flights)
    # drawn cards are shown in tressette2: both fly face up
    assert all(f.card is not None for f in flights)
    assert ui.busy
    ui.update(0.2)
    assert ui.busy  # the finished trick is still shown
    ui.update(5.0)
    assert not ui.busy and not ui.table.flights


def test_quit_event(make_ui: MakeUI) -> None:
    ui = make_ui()
    ui.handle(pygame.event.Event(pygame.QUIT))
    assert ui.intents() == [it.Quit()]


def test_preset_home_and_start(make_ui: MakeUI) -> None:
    from ui.model import TableModel

    ui = make_ui((800, 480), TableModel())
    ui.preset_home("treseta4", {"target": 41}, (SeatSetup("table", None), SeatSetup("computer", "hard"),
                                                 SeatSetup("table", None), SeatSetup("computer", "easy")))
    ui.handle(key(pygame.K_RETURN))
    (ng,) = ui.intents()
    assert isinstance(ng, it.NewGame)
    assert ng.variant == "treseta4" and ng.options["target"] == 41
    assert [s.kind for s in ng.seats] == ["table", "computer", "table", "computer"]


def test_the_person_at_the_screen_is_you_in_their_language(make_ui: MakeUI) -> None:
    match = demo.play_match("tressette2", 1, 0)
    model = model_from_view(match.view_for(0), seats=(SeatSetup("human", None), SeatSetup("computer", "hard")),
                            names=("You", "Bot"))
    ui = make_ui((800, 480), model, language="de")
    assert ui.table.seat_name(0) == "Du"
    assert ui.table.seat_name(1) == "Bot"


def test_signals_travel_with_the_card_only_where_the_engine_allows(make_ui: MakeUI) -> None:
    model = next(m for m in demo.showcase().values() if m.my_turn and m.signal_choices)
    ui = make_ui((800, 480), model)
    lay = table_layout(model, (800, 480))
    ui.handle(click(next(b for b in lay.buttons if b.name == "signal:busso").rect.center))
    card = next(c for c, names in model.signal_options if "busso" in names)
    ui.table.play(card)
    got = ui.intents()
    assert got[0] == it.Signal("busso", True)
    assert got[-1] == it.PlayCard(card, ("busso",))


def _press(ui: UIApp, name: str) -> None:
    lay = table_layout(ui.model, ui.surface.get_size())
    ui.handle(click(next(b for b in lay.buttons if b.name.startswith(name)).rect.center))


def test_claim_call_zu_tun_and_discard_buttons(make_ui: MakeUI) -> None:
    import dataclasses

    from firmware.engine import ZuTun as ZuTunAction

    shows = demo.showcase()
    ui = make_ui((480, 320), shows["table4_claim"])
    _press(ui, "claim")
    assert ui.intents() == []  # asked first: a wrong claim loses the match
    ui.handle(key(pygame.K_RETURN))
    assert ui.intents() == [it.Claim()]

    model = shows["table4_chiamata"]
    ui = make_ui((480, 320), model)
    _press(ui, "call:")
    assert ui.intents() == [it.Call(model.call_choices[0])]

    model = shows["table3_discard"]
    ui = make_ui((480, 320), model)
    card, rect = hand_rects(ui)[-1]
    ui.handle(click(rect.center))
    assert ui.intents() == [it.Discard(card)]

    base = shows["table2_treschetten"]
    ten = next((c for c in base.hand if c % 8 == 0), base.hand[0])  # a Bavarian 10 (rank 0)
    model = dataclasses.replace(base, zu_tun=(ZuTunAction(0, ten),))
    ui = make_ui((480, 320), model)
    _press(ui, "zu_tun:")
    assert ui.intents() == []  # asked first: zu tun ends the game at once
    assert ui.question is not None and "Zu tun" in ui.question[0]
    ui.handle(key(pygame.K_RETURN))
    assert ui.intents() == [it.ZuTun(ten)]
    ui.draw()


def test_tap_on_the_middle_shows_the_last_trick(make_ui: MakeUI) -> None:
    model = demo.my_turn_model("tressette2", 2, 14)
    ui = make_ui((800, 480), model)
    ui.update(5)
    lay = table_layout(model, (800, 480))
    ui.handle(click(lay.middle.move(0, lay.middle.h // 2 - 5).midtop))
    assert ui.table.show_last
    ui.handle(click((5, 5)))  # any tap closes it
    assert not ui.table.show_last
    assert ui.intents() == []


def test_confirm_before_giving_points_away(make_ui: MakeUI) -> None:
    """Optional (setting confirm_points): last to play, trick lost, a valuable card needs a second tap."""
    models = demo.showcase()
    model = None
    for seed in range(1, 40):
        for n in range(3, 30, 2):
            m = demo.sample_model("tressette2", seed, n)
            if m.my_turn and len(m.trick) == 1:
                probe = make_ui((800, 480), m, confirm_points=True).table
                risky = [c for c in m.playable if probe.gives_points_away(c)]
                if risky:
                    model, card = m, risky[0]
                    break
        if model is not None:
            break
    assert model is not None, models.keys()
    ui = make_ui((800, 480), model, confirm_points=True)
    assert not ui.table.play(card)
    assert ui.intents() == []
    assert ui.table.play(card)
    assert ui.intents() == [it.PlayCard(card)]
    off = make_ui((800, 480), model)  # the setting is off by default
    assert off.table.play(card)


def test_a_new_game_with_the_same_shape_restarts_the_table(make_ui: MakeUI) -> None:
    finished = demo.finished_model()
    ui = make_ui((800, 480), finished)
    ui.update(5)
    assert ui.screen == "hand_end"
    fresh = demo.sample_model("tressette2", 1, 0)  # hand 1 again, same dealer
    ui.set_model(fresh)
    assert ui.screen == "table"
    assert not ui.table.flights and ui.table._seen_draws == 0


def test_settings_lead_to_real_cards_and_a_deck_tap_asks_for_enrolment(make_ui: MakeUI) -> None:
    from ui.model import EnrolStatus, TableModel

    size = (480, 320)
    ui = make_ui(size, TableModel(enrolled=("bavarian",)))
    ui.show("settings")
    ui.intents()
    entry = next(b for b in ui.current.buttons(size) if b.name == "real_cards")
    ui.handle(click(entry.rect.center))
    assert ui.screen == "real_cards"
    buttons = {b.name: b for b in ui.current.buttons(size)}
    assert buttons["enrol:italian"].label == "enrol" and buttons["enrol:bavarian"].label == "enrol_again"
    ui.intents()
    ui.handle(click(buttons["enrol:italian"].rect.center))
    assert ui.intents() == [it.EnrolDeck("italian")]
    # the controller starts it: the screen follows, decks locked, Stop offered
    ui.set_model(TableModel(enrolled=("bavarian",), enrolling=EnrolStatus("italian", 0, 40, 0)))
    buttons = {b.name: b for b in ui.current.buttons(size)}
    assert not buttons["enrol:bavarian"].enabled
    ui.handle(click(buttons["enrol:bavarian"].rect.center))
    ui.handle(click(buttons["enrol:stop"].rect.center))
    assert ui.intents() == [it.EnrolDeck(None)]
    ui.handle(key(pygame.K_ESCAPE))
    assert ui.screen == "settings"


def test_an_enrolment_the_game_asked_for_shows_the_real_cards_screen(make_ui: MakeUI) -> None:
    from ui.model import EnrolStatus, TableModel

    ui = make_ui((800, 480), TableModel())
    assert ui.screen == "home"
    ui.set_model(TableModel(enrolling=EnrolStatus("bavarian", 0, 32, 0)))
    assert ui.screen == "real_cards"


def test_the_card_just_drawn_is_marked_until_the_next_trick(make_ui: MakeUI) -> None:
    model = demo.showcase()["table2"]
    ui = make_ui((800, 480), model)
    mine = [d for d in model.draws if d.seat == model.me and d.trick == model.tricks_played - 1]
    assert mine, "the sample has a draw after its last trick"
    assert ui.table.just_drawn() == {mine[0].card}


def test_a_declaration_is_not_said_again_after_a_visit_home(make_ui: MakeUI) -> None:
    """Issue 13.11: an old declaration banner came back after Settings (or the menu)."""
    from ui.model import TableModel

    decl = next(m for m in (demo.sample_model("tressette2", s, 1) for s in range(60)) if m.declarations)
    ui = make_ui((800, 480), decl)
    assert ui.table.banners
    ui.update(10.0)
    assert not ui.table.banners
    ui.set_model(TableModel())
    ui.set_model(decl)
    assert not ui.table.banners
