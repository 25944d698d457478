"""The coach's review of a whole match (docs/coach.md, "The match's review"): opened from
the history or at the end of a match, rated off the loop, kept in memory and on disk
under the state directory, rated again when the match or the coach's budget changed."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import firmware.app.reviewing as reviewing
import ui.intents as ui
from firmware.app.events import MatchReviewProgress, MatchReviewReady
from firmware.app.reviewing import CACHE_DIR, ReviewJob, ReviewWorker, cache_path, record_digest
from firmware.coach.review import review_match
from firmware.engine import PRESETS, make_variant
from tests.app.conftest import MakeTable, Table
from tests.app.test_coaching import _play, _start


def _play_match(table: Table, hands: int = 30) -> None:
    ctl = table.ctl
    for _ in range(hands * 60):
        if ctl.phase == "match_over":
            return
        if ctl.phase == "play":
            if not _play(table):
                table.pump()
        elif ctl.phase == "hand_over":
            table.put(ui.NextHand())
    raise AssertionError(f"the match did not end: {ctl.phase}")


def _play_hand(table: Table) -> None:
    ctl = table.ctl
    for _ in range(200):
        if ctl.phase != "play":
            return
        if not _play(table):
            table.pump()
    raise AssertionError("the hand did not end")


def _spy(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Counts the cards the coach rates for the match's review."""
    rated: list[int] = []

    def counting(*args: Any, **kw: Any) -> Any:
        progress = args[2] if len(args) > 2 else kw.get("progress")

        def step(done: int, total: int) -> None:
            rated.append(done)
            if progress is not None:
                progress(done, total)

        return review_match(args[0], args[1], step, *args[3:], **{k: v for k, v in kw.items() if k != "progress"})

    monkeypatch.setattr(reviewing, "review_match", counting)
    return rated


def test_the_end_of_a_match_reviews_it_without_rating_its_hands_again(make_table: MakeTable, monkeypatch: pytest.MonkeyPatch) -> None:
    table = make_table()
    _start(table, "tressette2", casual=False)
    _play_match(table)
    ctl = table.ctl
    rated = _spy(monkeypatch)
    model = ctl.model()
    assert model.match_over and model.final_sheet is not None
    table.put(ui.OpenReview(model.final_sheet.match_id))
    rv = ctl.model().match_review
    assert rv is not None and rv.ready and rv.problem == ""
    assert rated == []  # every hand was rated at its end: reused, not rated again
    assert [r.hand for r in rv.rows] == list(range(1, len(model.final_sheet.rows) + 1))
    for r in rv.rows:
        assert r.accuracy is None or 0 <= r.accuracy <= 100
        assert r.loss >= 0 and sum(r.marks) > 0
    assert rv.accuracy is not None
    # the same numbers as the hands' ratings kept for the statistics
    kept = table.journal.conn.execute("SELECT hand, accuracy FROM ratings ORDER BY hand").fetchall()
    assert [round(a, 6) for _, a in kept] == [round(r.accuracy, 6) for r in rv.rows if r.accuracy is not None]
    assert cache_path(table.state_dir / CACHE_DIR, rv.match_id).is_file()


@pytest.mark.parametrize("variant", sorted(PRESETS))
def test_a_hand_of_every_preset_is_reviewed_trick_by_trick(make_table: MakeTable, variant: str) -> None:
    table = make_table()
    _start(table, variant, casual=False)
    _play_hand(table)
    ctl = table.ctl
    mid = ctl.match_id
    assert mid is not None
    table.put(ui.OpenReview(mid))
    rv = ctl.model().match_review
    assert rv is not None and rv.ready and len(rv.rows) == 1
    table.put(ui.OpenReviewHand(mid, 1))
    rh = ctl.model().review_hand
    assert rh is not None and rh.hand == 1
    n = make_variant(variant).n_seats
    tricks = [f for f in rh.frames[1:]]
    assert ctl.match is not None and ctl.match.state is not None
    assert rh.frames and len(tricks) == len(ctl.match.state.tricks)
    assert rh.plays[0] == ()  # the deal: nothing played yet
    mine = [p for step in rh.plays for p in step]
    assert all(p.seat == 0 for p in mine)
    # seat 0 played once in every trick: each trick shows its card, with the hint and why
    for frame, step in zip(tricks, rh.plays[1:], strict=True):
        played = [pc.card for pc in frame.trick if pc.seat == 0]
        assert [p.card for p in step] == played, (variant, n)
        for p in step:
            assert p.mark in ("forced", "best", "good", "inaccuracy", "mistake", "blunder") and p.loss >= 0
            assert getattr(p.reason, "key", "").startswith("c_")


def test_reopening_is_instant_and_a_restart_reads_the_disk(make_table: MakeTable, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    table = make_table(state_dir=tmp_path / "s")
    _start(table, "tressette2", casual=False)
    _play_hand(table)
    mid = table.ctl.match_id
    rated = _spy(monkeypatch)
    assert mid is not None
    table.put(ui.OpenReview(mid))
    first = table.ctl.model().match_review
    assert first is not None and first.ready and rated == []  # the hand was rated at its end
    table.ctl.close_match_review()
    table.put(ui.OpenReview(mid))
    assert table.ctl.model().match_review == first and rated == []  # from memory
    table.close()
    again = make_table(state_dir=tmp_path / "s")  # the box restarted: memory gone, the file stays
    again.put(ui.OpenReview(mid))
    assert again.ctl.model().match_review == first and rated == []


def test_a_match_that_went_on_is_rated_again(make_table: MakeTable, monkeypatch: pytest.MonkeyPatch) -> None:
    table = make_table()
    _start(table, "tressette2", casual=False)
    assert _play(table) and _play(table)
    mid = table.ctl.match_id
    rated = _spy(monkeypatch)
    assert mid is not None
    table.put(ui.OpenReview(mid))
    before = table.ctl.model().match_review
    assert before is not None and before.ready and rated  # an unfinished hand: rated now
    path = cache_path(table.state_dir / CACHE_DIR, mid)
    key = json.loads(path.read_text())["key"]
    rated.clear()
    assert _play(table)
    table.put(ui.OpenReview(mid))
    after = table.ctl.model().match_review
    assert after is not None and after.ready and rated  # another record: rated again
    assert json.loads(path.read_text())["key"] != key


@pytest.mark.parametrize("spoilt", ["", "{", "[]", '{"key": "x", "review": {}}', "\x00\xff"])
def test_a_spoilt_file_is_rated_again_and_replaced(make_table: MakeTable, monkeypatch: pytest.MonkeyPatch, tmp_path: Path, spoilt: str) -> None:
    table = make_table(state_dir=tmp_path / "s")
    _start(table, "tressette2", casual=False)
    _play_hand(table)
    mid = table.ctl.match_id
    assert mid is not None
    table.put(ui.OpenReview(mid))
    good = table.ctl.model().match_review
    path = cache_path(table.state_dir / CACHE_DIR, mid)
    stored = json.loads(path.read_text())
    table.close()
    path.write_text(spoilt, encoding="utf-8", errors="surrogateescape")
    again = make_table(state_dir=tmp_path / "s")
    rated = _spy(monkeypatch)
    again.put(ui.OpenReview(mid))
    assert again.ctl.model().match_review == good and rated
    assert json.loads(path.read_text()) == stored


def test_an_unwritable_state_directory_costs_only_the_disk_copy(make_table: MakeTable, monkeypatch: pytest.MonkeyPatch) -> None:
    table = make_table()
    _start(table, "tressette2", casual=False)
    _play_hand(table)
    (table.state_dir / CACHE_DIR).write_text("a file where the directory should be")
    assert table.ctl.match_id is not None
    table.put(ui.OpenReview(table.ctl.match_id))
    rv = table.ctl.model().match_review
    assert rv is not None and rv.ready


def test_computers_only_have_nothing_to_review(make_table: MakeTable) -> None:
    table = make_table(seats=["cpu:easy", "cpu:normal"])
    table.ctl.new_match()
    table.pump()
    assert table.ctl.match_id is not None
    table.put(ui.OpenReview(table.ctl.match_id))
    rv = table.ctl.model().match_review
    assert rv is not None and not rv.ready and rv.problem == "review_none"


def test_a_review_asked_for_no_longer_stops_at_its_next_card(make_table: MakeTable) -> None:
    table = make_table()
    _start(table, "tressette2", casual=False)
    _play_hand(table)
    assert table.ctl.match_id is not None
    doc = table.journal.record(table.ctl.match_id)
    posted: list[object] = []
    worker = ReviewWorker(posted.append, executor=None, worlds=1)  # type: ignore[arg-type]
    job = ReviewJob(1, record_digest(doc, frozenset({0})), doc, frozenset({0}), {}, None)
    worker.wanted = "another review"
    worker.run(job)
    assert posted == []
    worker.wanted = job.digest
    worker.run(job)
    assert isinstance(posted[-1], MatchReviewReady)
    assert any(isinstance(x, MatchReviewProgress) for x in posted)


def test_a_review_that_fails_says_why_on_the_screen(make_table: MakeTable, monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*args: Any, **kw: Any) -> Any:
        raise RuntimeError("out of memory")

    table = make_table()
    _start(table, "tressette2", casual=False)
    _play_hand(table)
    monkeypatch.setattr(reviewing, "review_match", broken)
    monkeypatch.setattr(table.ctl.reviewing, "_rated", {})
    assert table.ctl.match_id is not None
    table.put(ui.OpenReview(table.ctl.match_id))
    rv = table.ctl.model().match_review
    assert rv is not None and rv.problem == "review_failed" and "out of memory" in rv.why
