"""The table controller driven synchronously: one queue, no threads, no sleeps.

:class:`Table` is the device minus the screen: a journal in a temporary state
directory, the controller, computer seats on a :class:`SyncExecutor` (an
answer is queued before ``submit`` returns), the HAL's simulated buttons,
display and reader on one event queue, and the real :class:`MainLoop`
consuming it.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

import pytest

from firmware.app.cards_map import CardsMap
from firmware.app.controller import ControllerOptions, TableController
from firmware.app.events import Event, one_queue
from firmware.app.loop import MainLoop
from firmware.app.seats import ComputerSeats, SyncExecutor
from firmware.config import GameSettings, check_seats
from firmware.engine import SUIT, HandState, Match, Play
from firmware.store import Journal
from firmware.store_schema import MatchRow
from hal.box import open_sim_hardware
from hal.sim import SimButtons
from hal.timing import ManualClock
from tests.uishare import shared

if TYPE_CHECKING:
    from ui.app import UIApp

REPO = Path(__file__).resolve().parents[2]


class Table:
    def __init__(
        self,
        state_dir: Path,
        *,
        variant: str = "tressette2",
        seats: list[str] | None = None,
        options: dict[str, object] | None = None,
        seed: int | None = 1,  # None: an unseeded table, every deal fresh (as the box)
        auto_next: bool = False,
        pty_reader: bool = False,
    ) -> None:
        self.state_dir = state_dir
        self.events = one_queue()
        self.clock = ManualClock(1000.0)
        self.hw = open_sim_hardware(events=self.events, clock=self.clock, pty_reader=pty_reader)
        self.journal = Journal.open(state_dir)
        self.cards = CardsMap(state_dir)
        settings = GameSettings(variant=variant, seats=check_seats(seats or ["human", "cpu:normal"]),
                                think_ms=0, options=options or {})  # fmt: skip
        self.ctl = TableController(
            self.journal, settings,
            options=ControllerOptions(auto_next=auto_next, seed=seed, first_dealer=0),
            cards=self.cards,
        )  # fmt: skip
        # the coach's ratings on one world: fast, and the tests check their form, not their numbers
        self.seats = ComputerSeats(self.events.put, seed=seed or 0, executor=SyncExecutor(), rate_worlds=1)
        self.loop = MainLoop(self.ctl, self.events, seats=self.seats, display=self.hw.display,
                             frame_s=0.0, clock=self.clock)  # fmt: skip

    # The controller's match, hand and buttons for a test that has started them: typed
    # without None, and a test that reaches for one too early fails saying so.
    @property
    def match(self) -> Match:
        match = self.ctl.match
        assert match is not None, "no match started"
        return match

    @property
    def hand_state(self) -> HandState:
        state = self.match.state
        assert state is not None, "no hand being played"
        return state

    @property
    def match_id(self) -> int:
        match_id = self.ctl.match_id
        assert match_id is not None, "no match started"
        return match_id

    def row(self, match_id: int | None = None) -> MatchRow:
        """The journal's row of match ``match_id`` (the current match by default)."""
        wanted = self.match_id if match_id is None else match_id
        row = self.journal.match(wanted)
        assert row is not None, f"match {wanted} is not in the journal"
        return row

    @property
    def buttons(self) -> SimButtons:
        buttons = self.hw.sim_buttons
        assert buttons is not None
        return buttons

    def pump(self, limit: int = 10_000) -> None:
        """Handle everything queued, computer answers included, until quiet."""
        for _ in range(limit):
            self.hw.tick()
            if self.events.empty() and self.ctl.cpu_request() is None:
                self.loop.step(timeout=0)
                if self.events.empty():
                    return
            self.loop.step(timeout=0)
        raise AssertionError("the table never went quiet")

    def put(self, event: Event) -> None:
        self.events.put(event)
        self.pump()

    def human_plays(self) -> bool:
        """The human plays its first legal card; False if it is not its turn."""
        ctl = self.ctl
        if ctl.match is None or ctl.match.state is None or ctl.phase != "play":
            return False
        seat = ctl.table.mover()
        if seat is None or ctl.seats[seat].kind != "human":
            return False
        view = ctl.match.view_for(seat)
        from ui.intents import PlayCard

        for action in view.legal:
            if isinstance(action, Play):
                self.put(PlayCard(action.card))
                return True
        # a call / discard / claim waiting: take the first legal action as is
        first = next(a for a in view.legal)
        ctl.submit(first)
        self.pump()
        return True

    def close(self) -> None:
        self.seats.close()
        self.hw.close()
        self.journal.close()


class MakeTable(Protocol):
    """The ``make_table`` fixture: a :class:`Table` in ``state_dir`` (a fresh one if None),
    closed at the end of the test."""

    def __call__(
        self,
        *,
        state_dir: Path | None = None,
        variant: str = ...,
        seats: list[str] | None = ...,
        options: dict[str, object] | None = ...,
        seed: int | None = ...,
        auto_next: bool = ...,
        pty_reader: bool = ...,
    ) -> Table: ...


@pytest.fixture
def make_table(tmp_path: Path) -> Iterator[MakeTable]:
    tables: list[Table] = []

    def make(*, state_dir: Path | None = None, **kw: Any) -> Table:
        t = Table(state_dir or tmp_path / f"state{len(tables)}", **kw)
        tables.append(t)
        return t

    yield make
    for t in tables:
        t.close()


@pytest.fixture
def follow_suit_table(make_table: MakeTable) -> tuple[Table, int, list[int]]:
    """A table where the person is to follow a suit led and also holds other suits.

    Returns (table, a card that does not follow, the cards that do).
    """
    for seed in range(60):
        table = make_table(seed=seed)
        ctl = table.ctl
        ctl.new_match()
        ctl.accusi_done.add(0)
        table.pump()
        assert ctl.match is not None and ctl.match.state is not None
        state = ctl.match.state
        if state.to_move != 0 or not state.trick:
            continue
        hand = state.hand_of(0)
        wrong = [c for c in hand if SUIT[c] != state.lead_suit]
        right = [c for c in hand if SUIT[c] == state.lead_suit]
        if wrong and right:
            return table, wrong[0], right
    raise AssertionError("no seed of 60 gave a follow-suit situation")


def ui_on(t: Table) -> UIApp:
    """A real touchscreen app (a surface, no window) on ``t``'s loop, shown once: what the
    tests of the home screen after a restart look at."""
    import pygame

    from ui.app import UIApp

    pygame.display.init()
    pygame.font.init()
    app = shared(UIApp(pygame.Surface((800, 480)), settings={}, sounds=False))
    t.loop.ui = app
    t.loop.refresh(force=True)
    return app
