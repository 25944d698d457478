"""A phone game with nobody at the touchscreen: the shared table shows no action slot of
any seat (busso/volo/striscio, claim, declarations, calls, zu tun, hint, undo are on
the seat's phone), only the way to the phone seats; every preset, played through the real
controller, at 800x480 and 480x320. A seat at the screen keeps its fixed slots
(tests/app/test_action_bar.py). Renders go to test-artifacts/ui/."""

from __future__ import annotations

import random
from pathlib import Path

import pygame
import pytest

from firmware.engine import PRESETS
from firmware.engine.variants import make_variant
from tests.app.phones.conftest import MakePhoneTable, PhoneTable, drive
from tests.pictures import save_png
from tests.uishare import shared
from ui.layout import action_slots, table_layout

ARTIFACTS = Path(__file__).resolve().parents[3] / "test-artifacts" / "ui"
SIZES = [(800, 480), (480, 320)]
ALLOWED = {"phones", "count", "next_hand", "home", "more"}
ACTIONS = {"signal", "claim", "hint", "undo", "declare", "declare_none", "zu_tun", "call"}


def acting(names: set[str]) -> set[str]:
    """The buttons that act for a seat (a signal, the claim, a declaration, a call ...)."""
    return {n for n in names if n.partition(":")[0] in ACTIONS}


def mixes(n: int) -> list[list[str]]:
    """Nobody at the screen: phones only, phones and computers."""
    return [["phone"] * n, ["phone"] + ["cpu:easy"] * (n - 1)]


@pytest.mark.parametrize(("variant", "seats"),
                         [(v, m) for v in PRESETS for m in mixes(make_variant(v).n_seats)])  # fmt: skip
def test_the_shared_table_has_no_action_slot_of_a_seat_not_at_the_screen(make_phone_table: MakePhoneTable, variant: str,
                                                                         seats: list[str]) -> None:  # fmt: skip
    t: PhoneTable = make_phone_table(variant=variant, seats=seats, seed=7)
    t.ctl.new_match()
    t.pump()
    t.connect_all()
    seen = 0

    def check(table: PhoneTable) -> None:
        nonlocal seen
        model = table.ctl.model()
        permanent, transient = action_slots(model)
        assert {b.name for b in permanent} <= ALLOWED and not transient
        for size in SIZES:
            names = {b.name for b in table_layout(model, size).buttons}
            assert not acting(names), (variant, size, names)
        seen += 1

    drive(t, random.Random(7), on_point=check)
    assert seen > 0


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("variant", ["treseta4", "terziglio3", "tressette2"])
def test_render_the_shared_table_without_action_slots(make_phone_table: MakePhoneTable, variant: str,
                                                      size: tuple[int, int]) -> None:
    from ui.app import UIApp

    n = make_variant(variant).n_seats
    t: PhoneTable = make_phone_table(variant=variant, seats=["phone"] + ["cpu:easy"] * (n - 1), seed=5)
    t.ctl.new_match()
    t.pump()
    t.connect_all()
    pygame.display.init()
    pygame.font.init()
    ui = shared(UIApp(pygame.Surface(size), settings={"language": "it"}))
    ui.set_model(t.ctl.model())
    ui.show("table")
    for _ in range(20):
        ui.update(0.1)
    ui.draw(ui.surface)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    save_png(ui.surface, ARTIFACTS / f"shared-table-no-actions-{variant}-{size[0]}x{size[1]}.png")
    assert ui.table.layout is not None
    names = {b.name for b in ui.table.layout.buttons}
    assert not acting(names) and "phones" in names, names
