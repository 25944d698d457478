"""A tap's walk: from the touchscreen to the journal and the engine, never back up.

One card tapped on the table screen (a pygame click on the card's box) is followed
with ``sys.setprofile`` through a real UI, the real main loop, a real controller and
journal and the computer's answer (:class:`SyncExecutor`, inside the same loop turn)::

    pygame event → ui.app (UIApp.handle) → ui.table (TableScreen.tap) → ui.intents (Outbox.put)
    firmware.app.loop (MainLoop.step) → firmware.app.controller (TableController.handle)
      → firmware.app.seats (SeatActions.play_card) → firmware.app.lifecycle (MatchLifecycle.submit)
      → firmware.engine (check) · firmware.app.journal_guard → firmware.store · firmware.engine (Match.apply)
    firmware.app.loop → firmware.app.computers (ComputerSeats.poll) → firmware.app.controller
      (cpu_request) → firmware.app.seats … the answer back through the queue, as the card above

**The rule checked.** A module is *entered* when a function defined in it is called
from a function of another module. Only the project's modules count: frames of the
standard library, pygame and other libraries are transparent (the caller named is the
nearest project frame above them). The engine (``firmware.engine.*``) counts as one
module, and so do the computer players (``firmware.players.*``, ``firmware.coach.*``):
what they do inside is their own business, as long as they call nothing of the app or
the screen. At every call, the project frames on the stack, with consecutive frames of
one module taken as one, must name each module once: a module entered again while one
of its own frames is still waiting further up, with another module between them, is a
call back (the path went from A into B and, before B returned, back into A: a screen
calling the app that holds it, a part calling the controller that called it). Coming
back by returning is not entering: the controller may ask several parts in turn, and
a part may be asked twice.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from types import FrameType
from typing import Any

import pygame

from tests.uishare import shared
from ui.layout import table_layout

PROJECT = ("firmware", "ui", "hal")
WHOLE = ("firmware.engine", "firmware.players", "firmware.coach")  # one module each
SIZE = (800, 480)


def _module(frame: FrameType) -> str | None:
    name = str(frame.f_globals.get("__name__", ""))
    if name.split(".")[0] not in PROJECT:
        return None
    return next((w for w in WHOLE if name == w or name.startswith(w + ".")), name)


@dataclass
class Walk:
    """What the profiler saw: every module entry with the modules above it."""

    entries: list[tuple[tuple[str, ...], str]] = field(default_factory=list)  # (chain, qualname)
    backs: list[tuple[str, ...]] = field(default_factory=list)  # chains that enter a module twice

    def chain_at(self, module: str, qualname: str) -> tuple[str, ...]:
        """The modules from the top to the first entry of ``module`` by ``qualname``."""
        return next(c for c, q in self.entries if c[-1] == module and q == qualname)

    def first(self, module: str, qualname: str) -> int:
        return next(i for i, (c, q) in enumerate(self.entries) if c[-1] == module and q == qualname)


@contextmanager
def walked() -> Iterator[Walk]:
    walk = Walk()
    stack: list[str | None] = []  # one per Python frame: its module, None if not the project's

    def profile(frame: FrameType, event: str, arg: Any) -> None:
        if event == "call":
            module = _module(frame)
            chain = [m for m in stack if m is not None]
            if module is not None and (not chain or chain[-1] != module):
                modules = [m for i, m in enumerate(chain) if i == 0 or chain[i - 1] != m] + [module]
                walk.entries.append((tuple(modules), frame.f_code.co_qualname))
                if module in modules[:-1]:  # (the calls under it are not named again)
                    walk.backs.append(tuple(modules))
            stack.append(module)
        elif event == "return" and stack:
            stack.pop()

    before = sys.getprofile()
    sys.setprofile(profile)
    try:
        yield walk
    finally:
        sys.setprofile(before)


def _table_at_my_turn(make_table: Callable[..., Any]) -> tuple[Any, Any, pygame.Rect]:
    from ui.app import UIApp

    pygame.display.init()
    table = make_table(seats=["cpu:normal", "human"])  # dealer seat 0: the person leads
    ui = shared(UIApp(pygame.Surface(SIZE), sounds=False))
    table.loop.ui = ui
    assert table.ctl.new_match().accepted
    table.loop.refresh(force=True)
    ui.show("table")
    assert ui.model.my_turn
    _card, box = next((c, r) for c, r in table_layout(ui.model, SIZE).hand_hit if c in ui.model.playable)
    return table, ui, box


def _tap(ui: Any, box: pygame.Rect) -> None:
    ui.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=box.center, button=1, touch=False))


def test_a_card_tap_walks_down_to_the_journal_and_the_engine_and_never_back(make_table: Any) -> None:
    table, ui, box = _table_at_my_turn(make_table)
    played = len(table.journal.actions(table.ctl.match_id, 0))
    with walked() as walk:
        _tap(ui, box)
        table.loop.step(timeout=0)
    new = table.journal.actions(table.ctl.match_id, 0)[played:]
    assert new[0]["seat"] == 1 and [a["seat"] for a in new[1:2]] == [0]  # my card, then the computer's
    assert walk.backs == [], "\n".join(" > ".join(c) for c in walk.backs[:5])

    # the walk as docs/box.md §2 writes it down
    assert walk.chain_at("ui.intents", "Outbox.put") == ("ui.app", "ui.table", "ui.intents")
    to_part = ("firmware.app.loop", "firmware.app.controller", "firmware.app.seats", "firmware.app.lifecycle")
    assert walk.chain_at("firmware.engine", "check") == (*to_part, "firmware.engine")
    journal = walk.chain_at("firmware.store", "_guarded.<locals>.wrapper")
    assert journal == (*to_part, "firmware.app.journal_guard", "firmware.store")
    assert walk.chain_at("firmware.engine", "Match.apply") == (*to_part, "firmware.engine")
    # one path for every action: checked, on disk, then applied
    check, write, apply = (walk.first("firmware.engine", "check"),
                           walk.first("firmware.store", "_guarded.<locals>.wrapper"),
                           walk.first("firmware.engine", "Match.apply"))
    assert check < write < apply
    asked = walk.chain_at("firmware.app.seats", "SeatActions.cpu_request")
    assert asked == ("firmware.app.loop", "firmware.app.computers", "firmware.app.controller", "firmware.app.seats")


def test_the_walk_sees_a_call_back(make_table: Any) -> None:
    """The rule above can fail: a screen wired to the app's own ``emit`` (as the screens
    were before the outbox) calls back into the app that is handling the tap."""
    table, ui, box = _table_at_my_turn(make_table)
    ui.table.emit = ui.emit
    with walked() as walk:
        _tap(ui, box)
    assert ("ui.app", "ui.table", "ui.app") in walk.backs
