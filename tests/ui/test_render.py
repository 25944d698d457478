"""Every screen renders with the dummy driver; the PNGs go to test-artifacts/ui/ to be looked at."""

from __future__ import annotations

import time
from pathlib import Path

import pygame
import pytest

from tests.pictures import save_png
from tests.ui.conftest import SIZES, MakeUI
from tools import demo
from ui.model import TableModel

TABLES = demo.showcase()


def ids(s: tuple[int, int]) -> str:
    return f"{s[0]}x{s[1]}"


def not_blank(surf: pygame.Surface) -> bool:
    colours = {tuple(surf.get_at((x, y))) for x in range(0, surf.get_width(), 23) for y in range(0, surf.get_height(), 17)}
    return len(colours) > 20


@pytest.mark.parametrize("size", SIZES, ids=ids)
@pytest.mark.parametrize("name", list(TABLES))
def test_table_renders(name: str, size: tuple[int, int], make_ui: MakeUI, artifacts: Path) -> None:
    ui = make_ui(size, TABLES[name])
    ui.update(5.0)  # let draws land
    ui.draw()
    assert not_blank(ui.surface)
    save_png(ui.surface, artifacts / f"{name}_{ids(size)}.png")


@pytest.mark.parametrize("size", SIZES, ids=ids)
@pytest.mark.parametrize("screen", ["home", "stats", "settings", "rules"])
def test_menu_screens_render(screen: str, size: tuple[int, int], make_ui: MakeUI, artifacts: Path) -> None:
    ui = make_ui(size, TableModel(resumable=True, stats=demo.SAMPLE_STATS))
    ui.show(screen)
    ui.draw()
    assert not_blank(ui.surface)
    save_png(ui.surface, artifacts / f"{screen}_{ids(size)}.png")


@pytest.mark.parametrize("size", SIZES, ids=ids)
def test_end_of_hand_and_match_render(size: tuple[int, int], make_ui: MakeUI, artifacts: Path) -> None:
    ui = make_ui(size, demo.finished_model())
    ui.update(5.0)
    assert ui.screen == "hand_end"
    ui.draw()
    save_png(ui.surface, artifacts / f"hand_end_{ids(size)}.png")
    over = demo.finished_match_model()
    ui.set_model(over)
    ui.show("hand_end")
    ui.draw()
    save_png(ui.surface, artifacts / f"match_end_{ids(size)}.png")


@pytest.mark.parametrize("lang", ["de", "en"])
def test_other_languages_render(lang: str, make_ui: MakeUI, artifacts: Path) -> None:
    ui = make_ui((800, 480), demo.my_turn_model("tressette2", 1, 4), language=lang)
    ui.update(5.0)
    ui.draw()
    save_png(ui.surface, artifacts / f"table2_{lang}_800x480.png")
    ui.show("rules")
    ui.draw()
    save_png(ui.surface, artifacts / f"rules_{lang}_800x480.png")


def test_draws_mid_flight_and_last_trick_render(make_ui: MakeUI, artifacts: Path) -> None:
    from firmware.engine import Play
    from ui.intents import SeatSetup
    from ui.model import model_from_view

    match = demo.play_match("tressette2", 4, 0, declare=False)
    seats = (SeatSetup("human", None), SeatSetup("computer", "normal"))
    ui = make_ui((800, 480), model_from_view(match.view_for(0), seats=seats))
    assert match.state is not None
    while len(match.state.tricks) < 2:
        seat = match.state.to_move
        match.apply(next(a for a in match.view_for(seat).legal if isinstance(a, Play)))
    ui.set_model(model_from_view(match.view_for(0), seats=seats))
    ui.update(1.15)
    ui.draw()
    save_png(ui.surface, artifacts / "draw_in_flight_800x480.png")
    ui.update(5)
    ui.table.show_last = True
    ui.draw()
    save_png(ui.surface, artifacts / "last_trick_800x480.png")


def test_a_frame_is_drawn_in_a_few_milliseconds(make_ui: MakeUI) -> None:
    """Cached cards and text: steady-state frames are cheap (the budget is 5 ms on the box).
    Counted in the drawing thread's CPU time, not the wall clock: a busy machine (other
    workers, a browser) stretches the wall time of a 2 ms frame past 10 ms."""
    ui = make_ui((800, 480), demo.my_turn_model("tressette2", 1, 4))
    for _ in range(3):
        ui.update(1 / 60)
        ui.draw()
    times = []
    for _ in range(30):
        t0 = time.thread_time()
        ui.update(1 / 60)
        ui.draw()
        times.append(time.thread_time() - t0)
    times.sort()
    assert times[len(times) // 2] < 0.010


def _presets() -> list[str]:
    from firmware.engine.variants import PRESETS

    return list(PRESETS)


@pytest.mark.parametrize("variant", _presets())
def test_end_of_hand_of_every_preset(variant: str, make_ui: MakeUI, artifacts: Path) -> None:
    """The count screen copes with every table shape (sides, each for himself, chiamata)."""
    model = demo.sample_model(variant, 1, 400)
    assert model.hand_over
    ui = make_ui((800, 480), model)
    ui.update(5.0)
    assert ui.screen == "hand_end"
    ui.draw()
    save_png(ui.surface, artifacts / f"hand_end_{variant}_800x480.png")


@pytest.mark.parametrize("style", [("deck_style", "piacentine", "table2"), ("deck_style", "triestine", "table2"),
                                   ("german_style", "bavarian", "table2_treschetten")])
def test_deck_styles_render(style: tuple[str, str, str], make_ui: MakeUI, artifacts: Path) -> None:
    key, value, table = style
    ui = make_ui((800, 480), demo.showcase()[table], **{key: value})
    ui.update(5.0)
    ui.draw()
    save_png(ui.surface, artifacts / f"{table}_{value}_800x480.png")


@pytest.mark.parametrize("size", [(480, 320), (800, 480)], ids=ids)
@pytest.mark.parametrize("lang", ["it", "de"])
def test_settings_and_real_cards_render_in_italian_and_german(lang: str, size: tuple[int, int], make_ui: MakeUI, artifacts: Path) -> None:
    from firmware.engine.cards import DECKS
    from ui.i18n import CardName, msg
    from ui.model import EnrolStatus

    ui = make_ui(size, TableModel(enrolled=("bavarian",)), language=lang)
    for screen in ("settings", "real_cards"):
        ui.show(screen)
        ui.draw()
        assert not_blank(ui.surface)
        save_png(ui.surface, artifacts / f"{screen}_{lang}_{ids(size)}.png")
    italian = DECKS["italian"]
    busy = TableModel(enrolled=("bavarian",), enrolling=EnrolStatus("italian", 5, 40, italian.cards[5]),
                      message=msg("m_enrol_tag_twice", code="3c", next=msg(
                          "m_enrol_scan", card=CardName("italian", italian.cards[5]),
                          code=italian.code(italian.cards[5]), n=6, total=40)))
    ui.set_model(busy)
    ui.draw()
    save_png(ui.surface, artifacts / f"real_cards_enrolling_{lang}_{ids(size)}.png")


@pytest.mark.parametrize("size", [(480, 320), (800, 480)], ids=ids)
@pytest.mark.parametrize("lang", ["it", "de"])
def test_table_renders_in_italian_and_german(lang: str, size: tuple[int, int], make_ui: MakeUI, artifacts: Path) -> None:
    ui = make_ui(size, demo.my_turn_model("tressette2", 1, 4), language=lang)
    ui.update(5.0)
    ui.draw()
    save_png(ui.surface, artifacts / f"table2_{lang}_{ids(size)}.png")


@pytest.mark.parametrize("size", [(480, 320), (800, 480)], ids=ids)
@pytest.mark.parametrize("lang", ["it", "de"])
def test_home_shows_the_apps_message_in_the_language(lang: str, size: tuple[int, int], make_ui: MakeUI, artifacts: Path) -> None:
    from ui.i18n import msg

    model = TableModel(resumable=True, message=msg("m_settings_moved", file="settings.toml.corrupt-20261129-101500"))
    ui = make_ui(size, model, language=lang)
    ui.draw()
    save_png(ui.surface, artifacts / f"home_message_{lang}_{ids(size)}.png")


def test_the_gallery_command_renders_every_screen(tmp_path: Path) -> None:
    """`tressette gallery` writes one PNG per screen, language and size, one page of each
    deck at full size (issue 24.9), and the index."""
    from tools.gallery import render_all, scenes
    from ui.cards import STYLES

    files = render_all(tmp_path, sizes=((480, 320),), langs=("de",))
    assert len(files) == len(scenes()) + len(STYLES) and all(f.stat().st_size > 5000 for f in files)
    assert {f.name for f in files} >= {f"deck_{s}.png" for s in STYLES}
    index = (tmp_path / "README.md").read_text(encoding="utf-8")
    assert all(f.name in index for f in files)


def test_piacentine_are_their_own_pattern_not_a_recolouring() -> None:
    """Issue 13.12: Piacentine court figures are double-headed (the card reads the same
    upside down) and the suit signs are the pattern's own (sabres, batons), drawn by code."""
    from firmware.engine.cards import ITALIAN, Card
    from ui.cards import CardArt
    from ui.fonts import Fonts

    art = CardArt(Fonts())
    w, h = 120, 194

    def art_region(card: Card, style: str) -> pygame.Surface:
        surf = art.face(card, w, h, style).copy()
        return surf.subsurface(pygame.Rect(int(w * 0.3), int(h * 0.06), w - int(w * 0.3) - int(w * 0.06),
                                           h - 2 * int(h * 0.06)))

    def mirror_distance(surf: pygame.Surface) -> int:
        flipped = pygame.transform.rotate(surf, 180)
        diff = 0
        for x in range(0, surf.get_width(), 4):
            for y in range(0, surf.get_height() // 2 - 6, 4):
                a, b = surf.get_at((x, y)), flipped.get_at((x, y))
                diff += sum(abs(a[i] - b[i]) for i in range(3))
        return diff

    king = ITALIAN.card(2, 3)  # re di spade
    assert mirror_distance(art_region(king, "piacentine")) < mirror_distance(art_region(king, "napoletane")) / 3
    sword_ace, club_ace = ITALIAN.card(2, 2), ITALIAN.card(3, 2)
    for card in (sword_ace, club_ace):
        a = pygame.transform.grayscale(art_region(card, "piacentine"))
        b = pygame.transform.grayscale(art_region(card, "napoletane"))
        differs = sum(1 for x in range(0, a.get_width(), 3) for y in range(0, a.get_height(), 3)
                      if abs(a.get_at((x, y))[0] - b.get_at((x, y))[0]) > 60)
        assert differs > 40  # another shape, not the same shape in other colours
