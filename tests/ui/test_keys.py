"""The keyboard (simulator, a USB keyboard on the box): every place in the hand has a key
in every game (terziglio's 11th and 12th card had none), shown on the cards once a key
was used; Enter twice on the match's end does not start a new match; Esc is "back" and
on the home screen asks to close the simulator."""

from __future__ import annotations

import pygame
import pytest

from firmware.engine.variants import PRESETS, make_variant
from tests.ui.conftest import MakeUI
from tools import demo
from ui import intents as it
from ui.app import UIApp
from ui.fonts import min_text_px
from ui.hand_view import HAND_KEYCODES, HAND_KEYS
from ui.model import TableModel
from ui.textcheck import RecordingSurface, problems

SIZES = [(800, 480), (480, 320), (1280, 800)]


def _hand_sizes() -> dict[str, int]:
    out = {}
    for name, preset in PRESETS.items():
        sizes = [make_variant(name).hand_size]
        for spec in preset.options:
            if spec.key == "players":
                sizes += [make_variant(name, {"players": p}).hand_size for p in spec.choices]
        out[name] = max(sizes)
    return out


def test_there_is_a_key_for_every_place_of_the_largest_hand() -> None:
    biggest = max(_hand_sizes().values())
    assert biggest >= 20  # terziglio 12, ciapanò for three 13, for two 20
    assert len(HAND_KEYS) >= biggest
    places = sorted(set(HAND_KEYCODES.values()))
    assert places == list(range(len(HAND_KEYS)))
    # none of them takes a key that means something else
    taken = {pygame.K_d, pygame.K_e, pygame.K_h, pygame.K_l, pygame.K_n, pygame.K_t, pygame.K_u, pygame.K_y,
             pygame.K_z, pygame.K_RETURN, pygame.K_SPACE, pygame.K_ESCAPE}
    assert not taken & set(HAND_KEYCODES)


GAMES: list[tuple[str, dict[str, bool | int | str]]] = [(v, {}) for v in PRESETS] + [("ciapano", {"players": 3}), ("ciapano", {"players": 2})]


@pytest.mark.parametrize(("variant", "options"), GAMES, ids=[f"{v}{o.get('players', '')}" for v, o in GAMES])
def test_each_place_of_a_full_hand_answers_its_key(variant: str, options: dict[str, bool | int | str], make_ui: MakeUI) -> None:
    size = make_variant(variant, options).hand_size
    model = next(m for k in range(8) if len((m := demo.sample_model(variant, 1, k, options=options)).hand) == size)
    by_place = {v: k for k, v in sorted(HAND_KEYCODES.items(), reverse=True)}  # the main keys
    for i, card in enumerate(model.hand):
        ui = make_ui((800, 480), model)
        ui.update(5.0)
        assert ui.key(by_place[i]) or not model.my_turn
        got = ui.intents()
        if got:
            assert got[-1] == it.PlayCard(card, ())
        assert ui.table.cursor == i


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("variant", list(PRESETS))
def test_the_keys_show_on_the_cards_once_a_key_is_used(variant: str, size: tuple[int, int], make_ui: MakeUI) -> None:
    model = demo.busiest(variant)
    ui = make_ui(size, model, language="de")
    ui.update(5.0)
    rec = RecordingSurface(size, ui.ctx.fonts.meta)
    ui.draw(rec)
    assert not any(t.text == "1" for t in rec.texts)  # a touch player sees no keys
    ui.key(pygame.K_RIGHT)
    rec = RecordingSurface(size, ui.ctx.fonts.meta)
    ui.draw(rec)
    texts = [t.text for t in rec.texts]
    for label in HAND_KEYS[:len(model.hand)]:
        assert label in texts
    assert ui.table.layout is not None
    found = problems(rec, min_px=min_text_px(size[1]),
                     trick=[ui.table.layout.trick_slots[pc.seat] for pc in ui.table._trick_shown()])
    assert not found, found


def _at_match_end(make_ui: MakeUI) -> UIApp:
    ui = make_ui((800, 480), demo.finished_match_model())
    ui.update(0.1)
    ui.show("hand_end", report=False)
    return ui


def test_enter_twice_at_the_match_end_starts_nothing(make_ui: MakeUI) -> None:
    ui = _at_match_end(make_ui)
    ui.key(pygame.K_RETURN)  # the key that played the last card, pressed again
    assert ui.screen == "hand_end"
    ui.update(1.0)
    ui.key(pygame.K_RETURN)  # read: home
    assert ui.screen == "home"
    ui.key(pygame.K_RETURN)  # a second press right after: no new match
    ui.update(0.3)
    ui.key(pygame.K_SPACE)
    assert not [x for x in ui.intents() if isinstance(x, it.NewGame)]
    ui.update(1.0)
    ui.key(pygame.K_RETURN)  # Enter after Enter, however slow: still no new match
    ui.update(5.0)
    ui.key(pygame.K_KP_ENTER)
    assert not [x for x in ui.intents() if isinstance(x, it.NewGame)]
    assert ui.screen == "home"
    ui.key(pygame.K_DOWN)  # another key first: the person is choosing on the home screen
    ui.key(pygame.K_RETURN)  # now Enter plays
    assert [x for x in ui.intents() if isinstance(x, it.NewGame)]


def test_a_tap_at_home_after_the_match_end_arms_enter_again(make_ui: MakeUI) -> None:
    ui = _at_match_end(make_ui)
    ui.update(1.0)
    ui.key(pygame.K_RETURN)
    assert ui.screen == "home"
    ui.update(2.0)
    ui.tap((1, 1))  # a tap anywhere (here on no button)
    ui.key(pygame.K_RETURN)
    assert [x for x in ui.intents() if isinstance(x, it.NewGame)]


def test_escape_on_the_last_trick_goes_back_to_the_table(make_ui: MakeUI) -> None:
    from ui.model import TableModel as _TM

    m = demo.my_turn_model("tressette2", 1, 8)
    assert m.last_trick
    ui = make_ui((800, 480), m)
    ui.show("table")
    ui.key(pygame.K_t)
    assert ui.table.show_last
    ui.key(pygame.K_ESCAPE)
    assert ui.screen == "table" and not ui.table.show_last  # the table again, not home
    ui.key(pygame.K_ESCAPE)
    assert ui.screen == "home"  # and from the table, home as before
    assert isinstance(ui.model, _TM)


def test_enter_on_a_count_just_shown_does_not_deal(make_ui: MakeUI) -> None:
    ui = make_ui((800, 480), demo.finished_model())
    ui.update(0.1)
    ui.show("hand_end", report=False)
    ui.key(pygame.K_SPACE)
    assert it.NextHand() not in ui.intents()
    ui.update(1.0)
    ui.key(pygame.K_SPACE)
    assert it.NextHand() in ui.intents()


def test_escape_is_back_and_on_home_asks_to_close_the_simulator(make_ui: MakeUI) -> None:
    ui = make_ui((800, 480), demo.finished_model())
    ui.show("hand_end")
    ui.key(pygame.K_ESCAPE)
    assert ui.screen == "table"  # the count: back to the table
    ui.key(pygame.K_ESCAPE)
    assert ui.screen == "home"  # the table: back home, the match kept
    for screen in ("settings", "stats", "rules"):
        ui.show(screen)
        ui.key(pygame.K_ESCAPE)
        assert ui.screen != screen
    ui.show("home")
    ui.key(pygame.K_ESCAPE)
    assert ui.question is None  # the box: nothing to close
    sim = make_ui((800, 480), TableModel(), esc_quits=True)
    sim.key(pygame.K_ESCAPE)
    assert sim.question is not None and sim.intents() == []
    sim.key(pygame.K_ESCAPE)  # No
    assert sim.question is None and sim.intents() == []
    sim.key(pygame.K_ESCAPE)
    sim.key(pygame.K_RETURN)  # Yes
    assert it.Quit() in sim.intents()


@pytest.mark.parametrize("lang", ["it", "de", "en"])
def test_the_rules_screen_lists_every_card_key(lang: str) -> None:
    from ui.i18n import rules_pages

    title, body = rules_pages(lang)[-1]
    assert "1–9" in body and " ".join(HAND_KEYS[10:]) in body
