"""ui.probe: the hit-boxes the simulator lists for scripts/touch-play are the boxes a tap hits.

A tap at the centre of a listed card plays that card through ``UIApp.handle``; a tap at
the centre of a listed button reaches that button and no other (nothing lies over it in
the order the screen tests taps); the listing is JSON as written to the probe file."""

from __future__ import annotations

import json

import pygame
import pytest

from firmware.engine import PRESETS
from ui import demo
from ui import intents as it
from ui.app import SCREENS
from ui.model import TableModel
from ui.probe import probe

SIZES = [(800, 480), (480, 320)]


def click(ui, pos) -> list:
    ui.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, touch=False))
    return ui.intents()


def centre(rect) -> tuple[int, int]:
    x, y, w, h = rect
    return (x + w // 2, y + h // 2)


def inside(rect, pos) -> bool:
    x, y, w, h = rect
    return x <= pos[0] < x + w and y <= pos[1] < y + h


@pytest.mark.parametrize("variant", list(PRESETS))
def test_a_tap_at_a_listed_box_hits_that_box(variant, make_ui):
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
def test_every_screen_lists_the_buttons_it_taps(screen, state, make_ui):
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


def test_a_question_lists_only_its_yes_and_no(make_ui):
    ui = make_ui((800, 480), demo.busiest("tressette2"))
    ui.update(5.0)
    ui.ask("sure?", it.NewGame("tressette2"))
    p = probe(ui)
    assert p["question"] == "sure?"
    assert sorted(b["name"] for b in p["buttons"]) == ["no", "yes"]
    assert p["cards"] == []
    yes = next(b for b in p["buttons"] if b["name"] == "yes")
    assert any(isinstance(x, it.NewGame) for x in click(ui, centre(yes["rect"])))
