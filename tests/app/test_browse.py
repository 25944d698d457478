"""The history on the screen: pages newest first, a match's score sheet hand by hand,
a hand replayed trick by trick, and the sheet at the end of a match (issue 13.10)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path

import pytest

from firmware.app.browse import PAGE, history_page, score_sheet
from firmware.app.controller import MATCH_OVER
from firmware.engine.seating import HUMAN, SeatSpec
from firmware.engine.variants import PRESETS
from firmware.store import Journal
from tests.app.conftest import MakeTable, Table
from ui.intents import HomeChoice, Intent, OpenReplay, OpenSheet, ShowHistory
from ui.model import TableModel

from .test_controller import play_out


def cpu_match(make_table: MakeTable, variant: str, seed: int = 3) -> Table:
    n = PRESETS[variant].n_seats
    table = make_table(variant=variant, seats=["human"] + ["cpu:easy"] * (n - 1), seed=seed)
    table.ctl.new_match()
    table.pump()
    play_out(table)
    assert table.ctl.phase == MATCH_OVER
    return table


@pytest.mark.parametrize("variant", ["tressette2", "treschetten2", "tressette4", "chiamata", "terziglio3"])
def test_a_finished_match_shows_its_sheet_and_replays_any_hand(make_table: MakeTable, variant: str) -> None:
    table = cpu_match(make_table, variant)
    ctl = table.ctl
    model = ctl.model()
    live = model.final_sheet
    assert ctl.match is not None
    assert live is not None and len(live.rows) == len(ctl.match.hands)  # the end of the match: every hand
    # the last row's totals are the match's final totals
    assert live.rows[-1].totals == tuple(ctl.match.totals) or live.rows[-1].note
    table.put(ShowHistory(0))
    page = ctl.model().history
    assert page is not None and page.rows[0].match_id == ctl.match_id and page.rows[0].outcome in ("won", "lost")
    table.put(OpenSheet(ctl.match_id))
    sheet = ctl.model().sheet
    assert sheet is not None and not sheet.problem
    assert [r.points for r in sheet.rows] == [r.points for r in live.rows]
    table.put(OpenReplay(ctl.match_id, 1))
    replay = ctl.model().replay
    assert replay is not None and replay.frames
    first, last = replay.frames[0], replay.frames[-1]
    assert first.tricks_played == 0 and last.hand_over
    # a frame per trick taken, each showing that trick on the table
    taken = [f for f in replay.frames if f.trick and len(f.trick) == f.n_seats and f.last_trick == f.trick]
    assert len(taken) == last.tricks_played


def test_history_pages_newest_first_and_abandoned_matches_say_so(tmp_path: Path) -> None:
    with Journal.open(tmp_path) as j:
        ids = [j.new_match("tressette2", {}, ["human", "cpu:hard"]) for _ in range(3 * PAGE + 2)]
        j.abandon_match(ids[-1])
        first = history_page(j, 0)
        assert first.total == len(ids) and [r.match_id for r in first.rows] == ids[::-1][:PAGE]
        assert first.rows[0].outcome == "abandoned" and first.rows[0].level == "hard"
        assert first.rows[1].outcome == "playing"
        last = history_page(j, 10 * PAGE)  # past the end: the last page
        assert last.offset == 3 * PAGE and [r.match_id for r in last.rows] == ids[:2][::-1]
        sheet = score_sheet(j, ids[0])  # no hand dealt: an empty sheet, no error
        assert sheet.rows == () and not sheet.problem


def test_a_page_is_read_with_the_primary_key_not_a_sort(tmp_path: Path) -> None:
    """Thousands of matches: the page query walks the id index backwards (no temp sort)."""
    with Journal.open(tmp_path) as j:
        plan = j.conn.execute(
            "EXPLAIN QUERY PLAN SELECT id FROM matches ORDER BY id DESC LIMIT 6 OFFSET 60"
        ).fetchall()
        assert not any("TEMP B-TREE" in str(row) for row in plan)


class FakeUI:
    """The loop's view of a screen: its settings, never busy, no intents."""

    busy = False

    def __init__(self, settings: dict[str, object]) -> None:
        self.settings = settings

    def intents(self) -> list[Intent]:
        return []

    def set_model(self, model: TableModel) -> None:
        pass

    def preset_home(
        self, variant: str, options: Mapping[str, object] | None = None,
        seats: Sequence[SeatSpec] | None = None, *, mode: str | None = None, choice: HomeChoice | None = None,
    ) -> None:
        pass

    def update(self, dt: float) -> None:
        pass


def test_game_speed_from_the_screen_sets_the_computers_pause_and_is_kept(make_table: MakeTable, tmp_path: Path) -> None:
    """Settings -> Game speed: the computers' pause follows at once, the trick display
    time in the UI (ui.speed), and the choice is kept in the screen's settings file."""
    from firmware.config import Settings, apply_overlay
    from ui.intents import SetSetting
    from ui.speed import SPEEDS

    table = make_table()
    table.ctl.opts.settings_file = tmp_path / "settings.toml"

    ui = table.loop.ui = FakeUI({"speed": "normal"})
    before = table.seats.think_ms
    table.pump()
    assert table.seats.think_ms == before  # the default speed leaves the configured pause
    ui.settings["speed"] = "fast"
    table.put(SetSetting("speed", "fast"))
    assert table.seats.think_ms == SPEEDS["fast"].cpu_ms
    settings = Settings()
    apply_overlay(settings, tmp_path)
    assert settings.ui.speed == "fast"


def test_a_think_time_named_on_the_command_line_beats_the_speed_setting(make_table: MakeTable) -> None:
    """`tressette sim --think-ms 0` with the fast speed: the computers keep the pause the
    command line named (the touch-play harness and the Xvfb tests rely on it)."""
    from ui.speed import SPEEDS

    table = make_table()
    table.loop.ui = FakeUI({"speed": "fast"})
    table.seats.think_ms = 0
    table.loop.think_pinned = True
    table.pump()
    assert table.seats.think_ms == 0
    table.loop.think_pinned = False
    table.pump()
    assert table.seats.think_ms == SPEEDS["fast"].cpu_ms


def test_history_and_export_read_without_creating_a_journal(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 13.11: `tressette history` created an empty journal where there was none."""
    from firmware.cli import main

    state = tmp_path / "nowhere"
    main(["history", "--state-dir", str(state)])
    main(["history", "--json", "--state-dir", str(state)])
    assert main(["export", "1", "--state-dir", str(state)]) == 1
    assert not state.exists() or not any(state.iterdir())


def test_closing_accusi_with_the_button_takes_the_declare_buttons_away(make_table: MakeTable) -> None:
    """Issue 13.10: after the Accuso button closed a seat's accusi, its remaining declare
    buttons stayed live on the screen."""
    for seed in range(80):
        table = make_table(seed=seed)
        ctl = table.ctl
        ctl.new_match()
        table.pump()
        if not ctl.model().declarable or ctl.phase != "play":
            continue
        ctl.accuso_button(0)  # open (what the seat's Accuso button does)
        assert ctl.declaring == 0
        ctl.accuso_button(0)  # pressed again: nothing (more) to declare
        assert 0 in ctl.accusi_done
        assert ctl.model().declarable == ()
        table.pump()
        assert ctl.model().declarable == ()
        return
    pytest.fail("no deal with an accuso in 80 seeds")


def test_the_live_sheet_replays_a_hand_with_a_card_taken_back() -> None:
    """A casual undo is in the hand's record: the sheet replays it instead of refusing it."""
    from firmware.app.browse import live_sheet
    from firmware.engine import Match, Play, Undo, make_variant

    match = Match(make_variant("tressette2"), first_dealer=0)
    match.start_hand({"seed": 4})
    for _ in range(3):
        assert match.state is not None
        seat = match.state.to_move
        match.apply(next(a for a in match.view_for(seat).legal if isinstance(a, Play)))
    seat = match.hands[-1].actions[-1].seat
    count = match.undo_count(seat)
    assert count is not None
    match.undo(Undo(seat, count))
    sheet = live_sheet(match, 1, [HUMAN, SeatSpec.cpu("easy")])
    assert len(sheet.rows) == 1


def test_a_declaration_at_your_own_turn_is_offered_after_cards_were_played(make_table: MakeTable) -> None:
    """Treschetten announces at your turn all hand long: closing a window open to all must
    not hide those (found playing a match by touch under Xvfb)."""
    from firmware.engine import Declare, Play
    from ui.intents import PlayCard

    for seed in range(60):
        table = make_table(variant="treschetten2", seats=["human", "cpu:easy"], seed=seed)
        ctl = table.ctl
        ctl.new_match()
        table.pump()
        for _ in range(40):
            st = ctl.match.state if ctl.match is not None else None
            if st is None or st.over or ctl.phase != "play":
                break
            assert ctl.match is not None
            view = ctl.match.view_for(0)
            if st.to_move != 0:
                table.pump()
                continue
            if len(st.tricks) >= 3 and any(isinstance(a, Declare) for a in view.legal):
                assert ctl.model().declarable, "the screen offers the declaration the engine allows"
                return
            play = next(a for a in view.legal if isinstance(a, Play))
            table.put(PlayCard(play.card))
    pytest.fail("no own-turn declaration after the third trick in 60 seeds")
