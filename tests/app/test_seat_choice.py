"""A seat chosen on the home screen reaches the controller as the value it was chosen as.

The home screen's seat button cycles :data:`ui.home.SEAT_CYCLE` (you at the screen,
a phone, real cards, the computer's three levels); *Play* sends ``NewGame`` with one
:class:`~firmware.engine.seating.SeatSpec` per seat. Tapped here as a person taps
(pygame clicks on the buttons' boxes), through the real main loop, into a real
controller and journal: the controller hands the match's start the same values, no
string is parsed on the way (the string form is the journal's, written once), and
the table then seats them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame
import pytest

import firmware.app.controller as controller_module
import firmware.app.lifecycle as lifecycle_module
import firmware.config as config_module
from firmware.engine.seating import SeatSpec
from tests.uishare import shared
from ui.home import SEAT_CYCLE
from ui.intents import NewGame

SIZE = (800, 480)


def _click(ui: Any, name: str) -> None:
    box = next(b for b in ui.home.buttons(SIZE) if b.name == name)
    ui.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=box.rect.center, button=1, touch=False))


@pytest.mark.parametrize("chosen", SEAT_CYCLE, ids=str)
def test_a_seat_chosen_on_the_home_screen_reaches_the_controller_as_chosen(
    make_table: Any, monkeypatch: pytest.MonkeyPatch, chosen: SeatSpec
) -> None:
    from ui.app import UIApp

    pygame.display.init()
    table = make_table(variant="treseta4", seats=["human", "cpu:normal", "cpu:normal", "cpu:normal"])
    table.loop.seats = None  # nobody asks the computers: a table of computers would play itself out
    ui = shared(UIApp(pygame.Surface(SIZE), sounds=False))
    table.loop.ui = ui
    table.loop.refresh(force=True)

    # every reader of a seat on the way records what it was given
    read: list[object] = []
    for module in (controller_module, lifecycle_module, config_module):
        real = module.check_seat

        def spy(spec: object, real: Callable[[object], SeatSpec] = real) -> SeatSpec:
            read.append(spec)
            return real(spec)

        monkeypatch.setattr(module, "check_seat", spy)
    started: list[list[SeatSpec]] = []
    real_new_match = table.ctl.lifecycle.new_match

    def new_match(variant: Any = None, options: Any = None, seats: Any = None, **kw: Any) -> Any:
        started.append(list(seats))
        return real_new_match(variant, options, seats, **kw)

    monkeypatch.setattr(table.ctl.lifecycle, "new_match", new_match)
    sent: list[object] = []
    real_handle = table.ctl.handle

    def handle(ev: object) -> None:
        sent.append(ev)
        real_handle(ev)

    monkeypatch.setattr(table.ctl, "handle", handle)

    for _ in range(len(SEAT_CYCLE)):  # the first seat's button, tapped until it shows the choice
        if ui.home.seats[0] == chosen:
            break
        _click(ui, "seat:0")
    assert ui.home.seats[0] == chosen
    _click(ui, "start")
    table.loop.step(timeout=0)

    intents = [e for e in sent if isinstance(e, NewGame)]
    assert len(intents) == 1, sent
    seats = intents[0].seats
    assert seats[0] == chosen and all(type(s) is SeatSpec for s in seats)
    assert started == [list(seats)] and all(type(s) is SeatSpec for s in started[0])
    assert not any(isinstance(s, str) for s in read), read  # no seat went through its string form
    assert table.ctl.seats == list(seats) and all(type(s) is SeatSpec for s in table.ctl.seats)
    assert table.ctl.seats[0] == chosen
    assert table.journal.match(table.ctl.match_id).seats[0] == str(chosen)  # the journal's string, once
