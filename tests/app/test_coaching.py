"""Undo and hints at the table (docs/coach.md): casual matches only, journalled, marked apart."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import ui.intents as ui
from firmware.config import check_seats
from firmware.engine import PRESETS, Match, Play, make_variant
from firmware.engine.records import replay
from firmware.store import Journal
from tests.app.conftest import MakeTable, Table
from ui.i18n import Message


def _start(table: Table, variant: str, casual: bool) -> None:
    n = make_variant(variant).n_seats
    seats = tuple(ui.SeatSetup("human" if i == 0 else "computer", None if i == 0 else "normal")
                  for i in range(n))  # fmt: skip
    table.put(ui.NewGame(variant, {}, seats, casual=casual))


def _my_turn(table: Table) -> bool:
    """Pass declaration windows until it is the person's (seat 0's) turn to play a card."""
    ctl = table.ctl
    for _ in range(40):
        if ctl.match is None or ctl.match.state is None or ctl.match.state.over:
            return False
        if ctl.table.mover() == 0 and not ctl.cards_wait() and not ctl.declare_prompt(0):
            return True
        if ctl.declare_prompt(0) or 0 in ctl.pending_accusi():
            table.put(ui.NothingToDeclare())
        else:
            table.pump()
    return False


def _play(table: Table) -> bool:
    return _my_turn(table) and table.human_plays()


def _record(table: Table) -> dict[str, Any]:
    assert table.ctl.match_id is not None
    return table.journal.record(table.ctl.match_id)


def test_a_rated_match_offers_neither_undo_nor_hint(make_table: MakeTable) -> None:
    table = make_table()
    _start(table, "tressette2", casual=False)
    assert _play(table)
    before = _record(table)
    table.put(ui.Undo())
    assert table.ctl.message.message.key == "r_rated_no_help"
    table.put(ui.Hint())
    assert table.ctl.message.message.key == "r_rated_no_help"
    assert _record(table) == before
    assert not table.ctl.can_undo() and not table.ctl.can_hint()
    assert table.ctl.match_id is not None
    row = table.journal.match(table.ctl.match_id)
    assert row is not None and row.mode == "engine"


@pytest.mark.parametrize("variant", sorted(PRESETS))
def test_undo_takes_back_my_card_and_the_answers_and_replays_exactly(make_table: MakeTable, variant: str) -> None:
    table = make_table(variant=variant, seats=["human"] + ["cpu:normal"] * (make_variant(variant).n_seats - 1))
    _start(table, variant, casual=True)
    ctl = table.ctl
    assert ctl.match_mode == "casual"
    # Play two of my cards; remember the state before the second.
    assert _play(table)
    match = ctl.match
    assert match is not None and match.state is not None
    assert _my_turn(table)
    view_before = match.view_for(0)
    effective_before = list(match.hands[-1].effective())
    assert table.human_plays()
    assert not match.state.over
    table.put(ui.Undo())
    assert ctl.message.message.key == "m_undone"
    assert match.hands[-1].effective() == effective_before
    assert match.view_for(0) == view_before
    assert ctl.match_mode == "assisted"
    assert ctl.match_id is not None
    row = table.journal.match(ctl.match_id)
    assert row is not None and row.mode == "assisted"
    # The journal holds the undo where it happened; replaying it reaches the same state.
    doc = _record(table)
    assert "undo" in doc["hands"][-1]["actions"][-1]
    again = replay(doc)
    assert again.view_for(0) == match.view_for(0)
    # And play goes on: my turn again, a card is accepted.
    assert _play(table)


def test_resume_after_an_undo_continues_the_same_position(make_table: MakeTable, tmp_path: Path) -> None:
    state_dir = tmp_path / "resume"
    table = make_table(state_dir=state_dir)
    _start(table, "tressette2", casual=True)
    assert _play(table)
    assert _play(table)
    table.put(ui.Undo())
    assert table.ctl.message.message.key == "m_undone"
    assert table.ctl.match is not None
    view = table.ctl.match.view_for(0)
    table.close()
    again = Table(state_dir, seats=["human", "cpu:normal"])
    try:
        assert again.ctl.boot()
        assert again.ctl.match_mode == "assisted"
        assert again.ctl.match is not None
        assert again.ctl.match.view_for(0) == view
        assert again.ctl.can_undo() == (again.ctl.match.undo_count(0) is not None)
    finally:
        again.close()


def test_nothing_to_undo_before_my_first_card(make_table: MakeTable) -> None:
    table = make_table(seed=3)
    _start(table, "tressette2", casual=True)
    ctl = table.ctl
    assert ctl.match is not None
    if ctl.match.undo_count(0) is None:
        before = _record(table)
        table.put(ui.Undo())
        assert ctl.message.message.key == "r_nothing_to_undo"
        assert _record(table) == before
        assert ctl.match_mode == "casual"  # nothing used: still counted as rated-equivalent


@pytest.mark.parametrize("variant", sorted(PRESETS))
def test_a_hint_names_a_legal_card_and_marks_the_match(make_table: MakeTable, variant: str) -> None:
    table = make_table()
    _start(table, variant, casual=True)
    ctl = table.ctl
    assert _my_turn(table)
    table.put(ui.Hint())
    card = ctl.hint_card()
    assert card is not None
    assert ctl.match is not None
    legal = {a.card for a in ctl.match.view_for(0).legal if isinstance(a, Play)}
    assert card in legal
    assert ctl.message.message.key == "hint_says"
    reason = dict(ctl.message.message.args)["hint"]
    assert isinstance(reason, Message) and reason.key.startswith("c_")  # the reason, in the screen's catalogue
    assert ctl.model().hint_card == card
    assert ctl.match_mode == "assisted"
    # Playing a card makes the hint stale, its words too: they named a card no longer held
    # ("Your turn · Hint: ace of cups…" stood a trick later, seen by a newcomer).
    table.put(ui.PlayCard(card))
    assert ctl.hint_card() is None
    assert ctl.message.message.key != "hint_says"


def test_an_assisted_match_is_counted_apart(tmp_path: Path) -> None:
    with Journal.open(tmp_path) as j:
        rated = j.new_match("tressette2", {}, ["human", "cpu:hard"])
        helped = j.new_match("tressette2", {}, ["human", "cpu:hard"], mode="casual")
        j.set_mode(helped, "assisted")
        j.finish_match(rated, 0, [21, 3])
        j.finish_match(helped, 0, [21, 5])
        levels = {s["level"]: s for s in j.statistics()}
        assert levels["hard"]["won"] == 1 and levels["hard:help"]["won"] == 1
        assert j.statistics() == j.statistics_recounted()


def test_seats_spec_roundtrip_for_casual_new_game() -> None:
    # A casual match is chosen per new game; the seats are the usual ones.
    assert [str(s) for s in check_seats(["human", "cpu:normal"])] == ["human", "cpu:normal"]
    assert ui.NewGame("tressette2").casual is False
    Match(make_variant("tressette2"))


def test_each_hand_a_person_played_is_rated_and_kept(make_table: MakeTable) -> None:
    """At the end of a hand the coach rates the person's plays (off the loop, with progress),
    the hand-end screen gets the lines, and the journal keeps the accuracy over time."""
    table = make_table()
    _start(table, "tressette2", casual=False)
    ctl = table.ctl
    while ctl.phase == "play":
        if not _play(table):
            table.pump()
    assert ctl.review_lines and ctl.review_lines[0].key == "review_acc"
    model = ctl.model()
    assert model.hand_over and model.review == ctl.review_lines
    assert table.journal.accuracy_history() == []  # the match still going: counted at its end (issue 38)
    assert ctl.match_id is not None
    table.journal.finish_match(ctl.match_id, 0, [21, 0])
    table.loop.refresh(force=True)
    history = table.journal.accuracy_history()
    assert len(history) == 1 and history[0]["level"] == "normal"
    assert 0 <= history[0]["accuracy"] <= 100
    stats = ctl.model().stats
    from ui.model import AccuracySeries

    assert stats.accuracy == (AccuracySeries("tressette2", "normal", (history[0]["accuracy"],)),)


def test_a_version_2_journal_gains_the_ratings_table(tmp_path: Path) -> None:
    import sqlite3

    from firmware import store_schema

    path = tmp_path / store_schema.DB_NAME
    conn = sqlite3.connect(path)
    conn.executescript(store_schema.SCHEMA[: store_schema.SCHEMA.index("CREATE TABLE ratings")])
    conn.execute(f"PRAGMA application_id={store_schema.APPLICATION_ID}")
    conn.execute("PRAGMA user_version=2")
    conn.commit()
    conn.close()
    with Journal.open(tmp_path) as j:
        assert j.conn.execute("PRAGMA user_version").fetchone()[0] == store_schema.SCHEMA_VERSION == 4
        assert j.report.moved_aside is None
        m = j.new_match("tressette2", {}, ["human", "cpu:easy"])
        j.add_rating(m, 0, 0, 75.0, 1.5, 12)
        j.add_rating(m, 1, 0, 95.0, 0.5, 8)
        j.finish_match(m, 0, [21, 0])
        (row,) = j.accuracy_history()
        assert row["accuracy"] == pytest.approx((75 * 12 + 95 * 8) / 20)


def test_the_history_sheet_and_replay_pass_through_an_undo(make_table: MakeTable) -> None:
    from firmware.app.browse import hand_replay, score_sheet

    table = make_table()
    _start(table, "tressette2", casual=True)
    assert _play(table) and _play(table)
    table.put(ui.Undo())
    assert table.ctl.message.message.key == "m_undone"
    mid = table.ctl.match_id
    assert mid is not None
    sheet = score_sheet(table.journal, mid)
    assert sheet.problem == "" and len(sheet.rows) == 1
    frames = hand_replay(table.journal, mid, 1).frames
    assert frames  # the hand replays, undo included


@pytest.mark.parametrize("variant", ["tressette2", "treseta4"])
def test_after_an_undo_the_same_position_gets_the_same_hint(make_table: MakeTable, variant: str) -> None:
    """Issue 38: after Undo the same position was hinted 2 di denari, then 7 di spade. The
    hint is a function of the position: asked, the card played, taken back, asked again:
    the same card and reason, the one any coach gives from that view (whatever the box's
    seed), and the one the hand's rating names for it."""
    from firmware.app.coaching import CoachWorker
    from firmware.coach import Coach

    table = make_table(variant=variant, seats=["human"] + ["cpu:normal"] * (make_variant(variant).n_seats - 1))
    _start(table, variant, casual=True)
    ctl = table.ctl
    assert _play(table) and _my_turn(table)
    while len({a.card for a in table.match.view_for(0).legal if isinstance(a, Play)}) < 2:
        assert _play(table) and _my_turn(table)  # a position with a choice of cards
    view = table.match.view_for(0)
    table.put(ui.Hint())
    first, said = ctl.hint_card(), ctl.message.message
    assert first is not None
    table.put(ui.PlayCard(first))
    table.put(ui.Undo())
    assert ctl.message.message.key == "m_undone"
    assert table.match.view_for(0) == view
    table.put(ui.Hint())
    assert ctl.hint_card() == first and ctl.message.message == said
    worker = table.seats._coach
    assert isinstance(worker, CoachWorker)
    fresh = Coach(seed=0, worlds=worker.coach.worlds)
    hint = fresh.hint(view)
    assert isinstance(hint.action, Play) and hint.action.card == first
    rated = worker.rater.rate(view, hint.action)
    assert rated.best == first and rated.mark == "best" and rated.reason == hint.reason
