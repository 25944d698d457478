"""A journal write that fails is a visible, recoverable state (issue: every
failure seen and survived).

Before: a write failing with disk full, an I/O error or a read-only database
raised sqlite3.OperationalError out of submit(), which only caught StoreError;
the loop logged it, nothing appeared on screen, the computer was never asked
again and the table stayed frozen after space was freed. Now the action is
refused (nothing applied that is not on disk), the screen says why, the LED
display shows Err1, the match is paused, the journal is probed with a real
write and play resumes when it works.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from firmware.app.controller import HAND_OVER, MATCH_OVER, PLAY
from firmware.app.journal_guard import JOURNAL_ERROR_CODE
from firmware.engine.records import replay
from firmware.store import Journal, JournalFailure
from tests.app.conftest import MakeTable, Table
from tests.pictures import save_png
from tests.uishare import shared


class FaultyConnection:
    """An sqlite3 connection that fails the statements it is told to, like a
    disk that fills up or returns I/O errors (``fail`` = SQL prefixes)."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        self._conn = conn
        self.fail: tuple[str, ...] = ()
        self.error = "disk I/O error"
        self.failed = 0

    def execute(self, sql: str, *args: Any) -> sqlite3.Cursor:
        if self.fail and sql.lstrip().upper().startswith(self.fail):
            self.failed += 1
            raise sqlite3.OperationalError(self.error)
        return self._conn.execute(sql, *args)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._conn, name)


Faulty = Callable[..., tuple[Table, FaultyConnection]]
"""The ``faulty`` fixture: ``make_table``'s table on a connection whose writes fail when told."""


@pytest.fixture
def faulty(make_table: MakeTable) -> Iterator[Faulty]:
    def make(**kw: Any) -> tuple[Table, FaultyConnection]:
        table = make_table(**kw)
        conn = FaultyConnection(table.journal.conn)
        table.journal.conn = conn  # type: ignore[assignment]
        table.ctl.guard.clock = table.clock  # the retry runs on the test's clock
        return table, conn

    yield make


def on_disk(table: Table) -> list[int]:
    """Actions per hand as the journal holds them."""
    assert table.ctl.match_id is not None
    doc = table.journal.record(table.ctl.match_id)
    return [len(h["actions"]) for h in doc["hands"]]


def in_memory(table: Table) -> list[int]:
    assert table.ctl.match is not None
    return [len(h.actions) for h in table.ctl.match.hands]


def paused(table: Table) -> bool:
    ctl = table.ctl
    return (
        ctl.journal_error is not None
        and ctl.message.level == "error"
        and ctl.message.message.key == "m_journal_failed"
        and ctl.display().text == JOURNAL_ERROR_CODE
        and ctl.cpu_request() is None
    )


def retry(table: Table, seconds: float = 11.0) -> None:
    table.clock.advance(seconds)
    table.pump()


@pytest.mark.parametrize("fail", [("INSERT",), ("COMMIT",)])
def test_a_computer_move_that_cannot_be_written_pauses_and_resumes(faulty: Faulty, fail: tuple[str, ...]) -> None:
    table, conn = faulty(seats=["cpu:easy", "cpu:normal"], seed=4)
    table.ctl.new_match()
    table.pump()
    assert table.ctl.phase == HAND_OVER  # a whole hand played, then it waits for a tap
    table.ctl.next_hand()
    conn.fail = fail
    table.pump()
    assert paused(table)
    assert on_disk(table) == in_memory(table)  # nothing applied that is not on disk
    assert table.journal.conn.in_transaction is False  # a failed COMMIT was rolled back
    retry(table)
    assert paused(table)  # still failing: still paused, retried with back-off
    conn.fail = ()
    retry(table)
    assert table.ctl.journal_error is None and table.ctl.display().text != JOURNAL_ERROR_CODE
    assert table.ctl.phase == HAND_OVER  # the computers were asked again and played on
    assert on_disk(table) == in_memory(table)
    assert table.journal.unfinished() is not None


def test_disk_full_for_real(faulty: Faulty) -> None:
    """SQLite's own SQLITE_FULL, not an injected one: the page limit reached."""
    table, _ = faulty(seats=["cpu:easy", "cpu:easy"], seed=5)
    table.ctl.new_match()
    conn = table.journal.conn
    pages = conn.execute("PRAGMA page_count").fetchone()[0]
    conn.execute(f"PRAGMA max_page_count={pages}")
    for _ in range(20):  # hands until the pages there are have no room left
        table.pump()
        if table.ctl.journal_error is not None:
            break
        table.ctl.next_hand()
    assert paused(table) and table.ctl.journal_error is not None and "full" in table.ctl.journal_error
    assert on_disk(table) == in_memory(table)
    conn.execute("PRAGMA max_page_count=1073741823")  # space freed
    retry(table)
    assert table.ctl.journal_error is None and table.ctl.phase in (HAND_OVER, MATCH_OVER)
    assert on_disk(table) == in_memory(table)


def test_a_read_only_database_refuses_a_tap_with_the_reason_on_screen(faulty: Faulty) -> None:
    table, _ = faulty(seed=1)
    ctl = table.ctl
    ctl.new_match()
    ctl.accusi_done.add(0)  # the person declares nothing: the computer leads
    table.pump()
    before = in_memory(table)
    table.journal.conn.execute("PRAGMA query_only=ON")  # what a read-only file system gives
    assert table.human_plays() is True
    table.pump()
    assert paused(table) and ctl.journal_error is not None and "readonly" in ctl.journal_error
    assert in_memory(table) == before == on_disk(table)
    # every further tap is refused at once with the same message, nothing tried
    assert table.human_plays() is True
    assert paused(table) and in_memory(table) == before
    table.journal.conn.execute("PRAGMA query_only=OFF")
    retry(table)
    assert ctl.journal_error is None and ctl.message.message.key == "m_journal_back"
    assert table.human_plays() is True
    assert sum(in_memory(table)) > sum(before) and on_disk(table) == in_memory(table)


def test_a_hand_that_cannot_be_dealt_is_dealt_after_the_retry(faulty: Faulty) -> None:
    table, conn = faulty(seats=["cpu:easy", "cpu:easy"], seed=6, auto_next=True)
    table.ctl.new_match()
    conn.fail = ("INSERT INTO HANDS",)
    conn.error = "database or disk is full"
    table.pump()
    assert paused(table) and table.ctl.phase == HAND_OVER
    assert table.ctl.match is not None
    n_hands = len(table.ctl.match.hands)
    assert table.ctl.match_id is not None
    assert len(table.journal.hands(table.ctl.match_id)) == n_hands
    conn.fail = ()
    table.clock.advance(11.0)
    table.ctl.retry_journal()
    assert len(table.ctl.match.hands) == n_hands + 1 and table.ctl.phase == PLAY


def test_a_match_that_cannot_be_closed_is_closed_after_the_retry(faulty: Faulty) -> None:
    table, conn = faulty(seats=["cpu:easy", "cpu:easy"], seed=7, options={"target": 21})
    ctl = table.ctl
    ctl.new_match()
    conn.fail = ("UPDATE MATCHES SET FINISHED",)
    for _ in range(40):
        table.pump()
        if ctl.journal_error is not None or ctl.phase == MATCH_OVER:
            break
        ctl.next_hand()
    assert paused(table) and ctl.phase == HAND_OVER
    assert ctl.match_id is not None
    row = table.journal.match(ctl.match_id)
    assert row is not None and row.finished is None
    conn.fail = ()
    retry(table)
    row = table.journal.match(ctl.match_id)
    assert ctl.phase == MATCH_OVER and row is not None and row.finished is not None


def test_the_health_file_and_status_report_the_journal(tmp_path: Path, faulty: Faulty) -> None:
    import json

    from firmware.app.notify import Notifier

    table, conn = faulty(seats=["cpu:easy", "cpu:easy"], seed=8)
    health = tmp_path / "health"
    sent: list[str] = []
    notifier = Notifier(health_path=health, env={}, clock=table.clock,
                        status=lambda: {"journal": table.ctl.journal_state()})  # fmt: skip
    notifier.set_status = sent.append  # type: ignore[method-assign, assignment]
    table.loop.notifier = notifier
    table.ctl.new_match()
    conn.fail = ("INSERT",)
    table.pump()
    table.clock.advance(3.0)
    table.loop.step(timeout=0)
    info = json.loads(health.read_text())
    assert info["status"] == "ok" and info["journal"] == "failing: disk I/O error"
    assert sent[-1] == "journal failing: disk I/O error"
    conn.fail = ()
    retry(table)
    table.clock.advance(3.0)
    table.loop.step(timeout=0)
    assert json.loads(health.read_text())["journal"] == "ok" and sent[-1] == "playing"


def test_the_runtime_health_status_has_the_journal_field(tmp_path: Path) -> None:
    from firmware.app.controller import ControllerOptions
    from firmware.app.runtime import Runtime
    from firmware.config import Settings

    with Runtime(settings=Settings(), state_dir=tmp_path, options=ControllerOptions(),
                 think_ms=0, seed=1) as rt:  # fmt: skip
        assert rt._status()["journal"] == "ok"


def test_the_probe_leaves_nothing_behind(tmp_path: Path) -> None:
    with Journal.open(tmp_path) as j:
        j.probe()
        assert j.matches() == [] and j.unfinished() is None
        j.conn.execute("PRAGMA query_only=ON")
        with pytest.raises(JournalFailure, match="readonly"):
            j.probe()


# --- property-based: failures at any writes of a whole match -------------------------


@settings(max_examples=12, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])  # fmt: skip
@given(
    failing=st.sets(st.integers(0, 120), max_size=12),
    statement=st.sampled_from(["INSERT", "COMMIT", "BEGIN"]),
)
def test_failures_at_any_writes_never_apply_what_is_not_on_disk(
    make_table: MakeTable, failing: set[int], statement: str
) -> None:
    table: Table = make_table(seats=["cpu:easy", "cpu:easy"], seed=9, auto_next=True,
                              options={"target": 21})  # fmt: skip
    conn = FaultyConnection(table.journal.conn)
    table.journal.conn = conn  # type: ignore[assignment]
    table.ctl.guard.clock = table.clock
    table.ctl.opts.matches = 1
    table.ctl.new_match()
    for step in range(2000):
        conn.fail = (statement,) if step in failing else ()
        table.loop.step(timeout=0)
        table.clock.advance(2.0)
        if conn.fail and table.ctl.match is not None and table.ctl.match.hands:
            assert on_disk(table) == in_memory(table)  # right after a failed write
        if table.ctl.stopping is not None:
            break
    assert table.ctl.stopping is not None, "the match never finished"
    assert table.ctl.match_id is not None
    doc = table.journal.record(table.ctl.match_id)
    assert replay(doc).finished


def test_a_journal_that_cannot_be_opened_at_start_is_shown_and_retried(tmp_path: Path) -> None:
    """tressette run with its state directory unusable (here: a file where the
    directory should be; on the box a read-only or full file system) used to
    raise out of Runtime, and the unit restarted it for ever."""
    from firmware.app.controller import HOME, ControllerOptions, TableController
    from firmware.config import GameSettings, check_seats
    from hal.timing import ManualClock

    blocker = tmp_path / "var"
    blocker.write_text("not a directory")
    journal = Journal.open_lazily(blocker / "lib" / "tressette")
    clock = ManualClock(0.0)
    ctl = TableController(journal, GameSettings(seats=check_seats(["human", "cpu:easy"])),
                          options=ControllerOptions(seed=1))  # fmt: skip
    ctl.guard.clock = clock
    assert ctl.boot() is False
    assert ctl.journal_error is not None and ctl.display().text == JOURNAL_ERROR_CODE
    assert ctl.phase == HOME and ctl.message.message.key == "m_journal_failed"
    clock.advance(2.0)
    assert ctl.retry_journal() is False  # still unusable
    blocker.unlink()  # the technician fixes the file system
    clock.advance(10.0)
    assert ctl.retry_journal() is True
    assert (blocker / "lib" / "tressette" / "journal.sqlite3").exists()
    assert ctl.new_match().accepted and ctl.phase == PLAY
    journal.close()


def test_the_runtime_starts_with_an_unusable_state_dir(tmp_path: Path) -> None:
    from firmware.app.controller import ControllerOptions
    from firmware.app.runtime import Runtime
    from firmware.config import Settings

    blocker = tmp_path / "var"
    blocker.write_text("not a directory")
    with Runtime(settings=Settings(), state_dir=blocker / "state", options=ControllerOptions(),
                 think_ms=0, seed=1) as rt:  # fmt: skip
        assert rt.ctl.boot() is False
        journal = rt._status()["journal"]
        assert isinstance(journal, str) and journal.startswith("failing: ")


# --- the matrix: every preset, every kind of seat --------------------------------------

from firmware.engine import PRESETS, Play, make_variant  # noqa: E402


@pytest.mark.parametrize("variant", sorted(PRESETS))
@pytest.mark.parametrize("people", ["computers", "touchscreen"])
def test_every_preset_pauses_and_resumes(faulty: Faulty, variant: str, people: str) -> None:
    n = make_variant(variant).n_seats
    seats = ["cpu:easy"] * n if people == "computers" else ["human"] + ["cpu:easy"] * (n - 1)
    table, conn = faulty(variant=variant, seats=seats, seed=3)
    ctl = table.ctl
    ctl.new_match()
    conn.fail = ("INSERT INTO ACTIONS",)  # the first action of the match cannot be written
    table.pump()  # a computer that leads is refused here
    if ctl.journal_error is None:  # the person acts first: a card, a call, a declaration
        if ctl.pending_accusi():
            seat = min(ctl.pending_accusi())
            offer = ctl.declarations.possible(seat)
            assert table.hw.sim_buttons is not None
            ctl.submit(offer[0]) if offer else table.hw.sim_buttons.click(seat)
        else:
            assert table.human_plays()
        table.pump()
    assert paused(table), (variant, ctl.phase, ctl.message)
    assert on_disk(table) == in_memory(table)
    conn.fail = ()
    retry(table)
    assert ctl.journal_error is None
    moved = sum(in_memory(table))
    for _ in range(50):  # play goes on
        if not table.human_plays():
            table.pump()
        if sum(in_memory(table)) > moved + 1 or ctl.phase != PLAY:
            break
    assert sum(in_memory(table)) > moved or ctl.phase != PLAY
    assert on_disk(table) == in_memory(table)


def test_real_cards_through_the_reader_pause_and_resume(faulty: Faulty) -> None:
    from tests.app.test_real_cards import enrol, honest_table, scan

    table, conn = faulty(seats=["table", "table"], seed=1)
    enrol(table)
    ctl = table.ctl
    ctl.new_match()
    ctl.accusi_done.update({0, 1})
    assert ctl.match is not None and ctl.match.state is not None
    real = honest_table(seed=77, dealer=ctl.match.state.dealer)

    def next_card() -> int:
        assert real.state is not None
        seat = real.state.to_move
        return next(a.card for a in real.view_for(seat).legal if isinstance(a, Play))

    card = next_card()
    conn.fail = ("INSERT INTO ACTIONS",)
    scan(table, card)
    assert ctl.journal_error is not None and ctl.display().text == JOURNAL_ERROR_CODE
    assert ctl.match_id is not None
    assert not list(table.journal.iter_actions(ctl.match_id))  # the card is not taken
    conn.fail = ()
    retry(table)
    scan(table, card)  # the person scans it again once the screen says so
    assert len(list(table.journal.iter_actions(ctl.match_id))) == 1
    assert real.state is not None
    real.apply(Play(real.state.to_move, card))


@pytest.mark.parametrize("lang", ["it", "de", "en"])
@pytest.mark.parametrize("size", [(800, 480), (480, 320)])
def test_the_failure_reads_on_the_screen_in_every_language(
    faulty: Faulty, lang: str, size: tuple[int, int]
) -> None:
    import pygame

    from tests.app.conftest import REPO
    from ui.app import UIApp
    from ui.i18n import render

    table, conn = faulty(seats=["cpu:easy", "cpu:easy"], seed=2)
    table.ctl.new_match()
    conn.fail = ("INSERT",)
    conn.error = "database or disk is full"
    table.pump()
    model = table.ctl.model()
    text = render(model.message, lang)
    # the cause in the screen's words, the pause first (a narrow screen cuts the end)
    full = {"it": "memoria piena", "de": "Speicher voll", "en": "disk full"}[lang]
    assert full in text and text.startswith(("Pausa:", "Pause:", "Paused:"))
    pygame.display.init()
    pygame.font.init()
    ui = shared(UIApp(pygame.Surface(size), settings={"language": lang}, sounds=False))
    ui.set_model(model)
    ui.update(5.0)
    ui.draw()
    assert ui.ctx.say(model.message) == text
    out = REPO / "test-artifacts" / "app"
    out.mkdir(parents=True, exist_ok=True)
    save_png(ui.surface, out / f"journal_failure_{lang}_{size[0]}x{size[1]}.png")


def test_a_deck_map_that_cannot_be_saved_is_said_not_a_silent_stall(
    make_table: MakeTable, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The state directory full while enrolling: the save raised out of the
    handler, the loop logged it, and the screen stayed on the last card."""
    import errno

    import firmware.app.cards_map as cards_map
    from tests.app.test_real_cards import enrol

    def full(path: Path, text: str) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    table = make_table(seats=["table", "table"])
    monkeypatch.setattr(cards_map, "atomic_write", full)
    with pytest.raises(AssertionError):  # enrol() expects the success message
        enrol(table)
    ctl = table.ctl
    assert ctl.message.level == "error" and ctl.message.message.key == "m_cards_not_saved"
    assert "No space left on device" in ctl.message.text
    assert ctl.enrol is None and ctl.phase != "enrol"
    assert not table.cards.enrolled("italian")
