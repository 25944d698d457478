"""ui.probe: the hit-boxes the simulator lists for scripts/touch-play are the boxes a tap hits.

A tap at the centre of a listed card plays that card through ``UIApp.handle``; a tap at
the centre of a listed button reaches that button and no other (nothing lies over it in
the order the screen tests taps); the listing is JSON as written to the probe file."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path

import pygame
import pytest

from firmware.engine import PRESETS
from tests.ui.conftest import MakeUI
from tools import demo
from ui import intents as it
from ui.app import SCREENS, UIApp
from ui.intents import Intent
from ui.model import TableModel
from ui.navigation import ScreenName
from ui.probe import probe

SIZES = [(800, 480), (480, 320)]


def click(ui: UIApp, pos: tuple[int, int]) -> list[Intent]:
    ui.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, touch=False))
    return ui.intents()


def centre(rect: Sequence[int]) -> tuple[int, int]:
    x, y, w, h = rect
    return (x + w // 2, y + h // 2)


def inside(rect: Sequence[int], pos: tuple[int, int]) -> bool:
    x, y, w, h = rect
    return x <= pos[0] < x + w and y <= pos[1] < y + h


@pytest.mark.parametrize("variant", list(PRESETS))
def test_a_tap_at_a_listed_box_hits_that_box(variant: str, make_ui: MakeUI) -> None:
    """Every preset at its busiest, the sizes taking turns: the centre of a listed card
    plays that card (the two ends of the fan), and no button lies under another box
    (the table tests its buttons first, then the hand)."""
    size = SIZES[list(PRESETS).index(variant) % 2]
    model = demo.busiest(variant)
    ui = make_ui(size, model)
    ui.update(5.0)
    p = json.loads(json.dumps(probe(ui)))  # what the harness reads back
    assert p["screen"] == "table" and p["model"]["my_turn"]
    assert {c["card"] for c in p["cards"]} == set(model.hand)
    playable = [c for c in p["cards"] if c["playable"]]
    assert {c["card"] for c in playable} == set(model.playable) | set(model.discardable)
    boxes = [b["rect"] for b in p["buttons"]] + [c["rect"] for c in p["cards"]]
    for i, b in enumerate(p["buttons"]):
        first = next(j for j, r in enumerate(boxes) if inside(r, centre(b["rect"])))
        assert first == i, f"{b['name']} lies under another box"
    for c in {playable[0]["card"]: playable[0], playable[-1]["card"]: playable[-1]}.values():
        fresh = make_ui(size, model)
        fresh.update(5.0)
        said = click(fresh, centre(c["rect"]))
        assert [x.card for x in said if isinstance(x, (it.PlayCard, it.Discard))] == [c["card"]], c["code"]


STATES = {
    "no game": TableModel(),
    "hand over": demo.finished_model(),
    "match over": demo.finished_match_model(),
}


@pytest.mark.parametrize("state", list(STATES))
@pytest.mark.parametrize("screen", SCREENS)
def test_every_screen_lists_the_buttons_it_taps(screen: ScreenName, state: str, make_ui: MakeUI) -> None:
    ui = make_ui((800, 480), STATES[state])
    ui.update(5.0)
    ui.show(screen)
    ui.intents()
    p = probe(ui)
    assert p["screen"] == ui.screen
    json.dumps(p)
    if ui.screen != "table":
        assert [b["name"] for b in p["buttons"]] == [b.name for b in ui.current.buttons((800, 480))]
    for b in p["buttons"]:
        assert b["rect"][0] >= 0 and b["rect"][0] + b["rect"][2] <= 800 and b["rect"][1] + b["rect"][3] <= 480


def test_a_question_lists_only_its_yes_and_no(make_ui: MakeUI) -> None:
    ui = make_ui((800, 480), demo.busiest("tressette2"))
    ui.update(5.0)
    ui.ask("sure?", it.NewGame("tressette2"))
    p = probe(ui)
    assert p["question"] == "sure?"
    assert sorted(b["name"] for b in p["buttons"]) == ["no", "yes"]
    assert p["cards"] == []
    yes = next(b for b in p["buttons"] if b["name"] == "yes")
    assert any(isinstance(x, it.NewGame) for x in click(ui, centre(yes["rect"])))


def test_the_probe_file_is_written_when_the_screen_changed_and_only_then(make_ui: MakeUI, tmp_path: Path) -> None:
    from ui.probe import PROBE_ENV, ProbeFile

    assert ProbeFile.from_env({}) is None
    pf = ProbeFile.from_env({PROBE_ENV: str(tmp_path / "probe.json")})
    assert pf is not None
    ui = make_ui((800, 480))
    pf.write(ui)
    assert json.loads(pf.path.read_text()) == json.loads(json.dumps(probe(ui)))
    pf.path.write_text("seen")  # the same screen again: not rewritten
    pf.write(ui)
    assert pf.path.read_text() == "seen"
    ui.show("settings")
    pf.write(ui)
    assert json.loads(pf.path.read_text())["screen"] == "settings"
    assert not list(tmp_path.glob("*.tmp"))


def test_a_probe_file_that_cannot_be_written_never_stops_the_game(make_ui: MakeUI, tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    from ui.probe import ProbeFile

    pf = ProbeFile(tmp_path / "missing-dir" / "probe.json")
    pf.write(make_ui((800, 480)))
    assert "probe file" in caplog.text


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("variant", list(PRESETS))
def test_the_home_screen_lists_the_game_its_play_button_starts(variant: str, size: tuple[int, int], make_ui: MakeUI) -> None:
    """What the seat buttons say (scripts/virtual-pi test taps a seat until it says phone):
    each tap on a seat listed moves that seat on the cycle, and Play starts exactly those seats."""
    ui = make_ui(size, TableModel())
    ui.preset_home(variant)
    ui.show("home")
    ui.intents()
    p = json.loads(json.dumps(probe(ui)))
    home = p["home"]
    assert home["variant"] == variant
    assert home["seats"] == [f"cpu:{lv}" if k == "computer" else k for k, lv in ui.home.seats]
    seat0 = next(b for b in p["buttons"] if b["name"] == "seat:0")
    seen = [home["seats"][0]]
    for _ in range(6):  # round the cycle: you, the computer's levels, phone (real cards where allowed)
        click(ui, centre(seat0["rect"]))
        seen.append(probe(ui)["home"]["seats"][0])
    assert "phone" in seen and seen[0] == "human" and seen[-1] == "human"
    while probe(ui)["home"]["seats"][0] != "phone":
        click(ui, centre(seat0["rect"]))
    start = next(b for b in probe(ui)["buttons"] if b["name"] == "start")
    game = [x for x in click(ui, centre(start["rect"])) if isinstance(x, it.NewGame)]
    assert [str(s.kind if s.kind != "computer" else f"cpu:{s.level}") for s in game[0].seats] == \
        probe(ui)["home"]["seats"]


def test_only_the_home_screen_lists_its_seats(make_ui: MakeUI) -> None:
    ui = make_ui((800, 480), demo.busiest("tressette2"))
    ui.update(5.0)
    assert "home" not in probe(ui)
