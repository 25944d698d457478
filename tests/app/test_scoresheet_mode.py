"""Score sheet only through the table program: every seat a person with his own cards,
accusi by the seat's Accuso button and chosen on the screen, the count entered at each
hand's end; the match as the engine keeps a played one (totals, ledger, winner, journal,
resume after a power cut: nothing lost, nothing asked twice)."""

from __future__ import annotations

import random
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

import ui.intents as ui
from firmware.app.controller import HAND_OVER, MATCH_OVER, PLAY
from firmware.engine import PRESETS, Match, make_variant
from firmware.engine.records import replay
from firmware.engine.scoresheet import tally_of
from firmware.engine.table import said_aloud
from hal.events import ButtonPressed
from tests.app.conftest import MakeTable, Table
from tests.engine.test_table import pick

if TYPE_CHECKING:
    from firmware.engine.actions import Declare


def sheet_table(
    make_table: MakeTable, name: str, options: dict[str, object] | None = None, state_dir: Path | None = None
) -> Table:
    t = make_table(variant=name, seats=["table"] * make_variant(name, options or {}).n_seats,
                   options=options or {}, state_dir=state_dir)
    return t


def enter_hand(t: Table, played: Match) -> None:
    """The table says what happened in ``played``'s last hand: accusi by the buttons, then the count."""
    ctl = t.ctl
    result = played.results[-1]
    for decl in result.declarations:
        said = on_screen(said_aloud(decl))
        t.put(ButtonPressed(f"seat{said.seat}"))
        assert ctl.scoresheet.choosing == said.seat
        entry = ctl.model().sheet_entry
        assert entry is not None and said in entry.choices
        t.put(ui.Declare(said))
        confirm(t)
        if ctl.scoresheet.choosing is not None:
            t.put(ui.NothingToDeclare())
    state = played.state
    partner = None
    if played.variant.preset.call_partner:
        assert state is not None
        caller = (state.dealer + 1) % state.n
        partner = next((s for s in range(state.n) if s != caller and result.sides[s] == result.sides[caller]), caller)
    tally = tally_of(result, played.variant, partner=partner)
    t.put(ui.SheetTally(tally.thirds, tally.end, tally.by, tally.sudden, tally.sudden_side, tally.partner))
    confirm(t)


def confirm(t: Table) -> None:
    """A tap that ends a hand or the match asks first (a decima, a claim, a sudden win, the
    last count): the table confirms it."""
    entry = t.ctl.model().sheet_entry
    if entry is not None and entry.question is not None:
        t.put(ui.SheetConfirm(True))


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_a_score_sheet_match_keeps_the_played_match(make_table: MakeTable, name: str) -> None:
    v = make_variant(name)
    t = sheet_table(make_table, name)
    ctl = t.ctl
    assert ctl.new_match(scoresheet=True).accepted
    assert ctl.match_mode == "scoresheet" and ctl.phase == PLAY and ctl.model().sheet_entry is not None
    played = Match(v, first_dealer=0)
    rng = random.Random(len(name))
    for hand in range(8):
        if played.finished:
            break
        if hand:
            assert ctl.phase == HAND_OVER
            t.put(ui.NextHand())
        st = played.start_hand({"seed": 50 + hand})
        while not st.over:
            played.apply(pick(played, rng))
        enter_hand(t, played)
        assert ctl.match is not None
        assert ctl.match.hand_over
        assert ctl.match.results[-1].score == played.results[-1].score
    assert ctl.match is not None
    assert ctl.match.ledger == played.ledger and ctl.winner == played.winner
    assert ctl.match.totals == played.totals
    assert (ctl.phase == MATCH_OVER) == played.finished
    assert ctl.match_id is not None
    again = replay(t.journal.record(ctl.match_id))
    assert again.totals == ctl.match.totals and again.ledger == ctl.match.ledger
    if v.n_sides == 2:  # the LED display: the match's score, as in a played match
        assert ctl.display().scores == tuple(ctl.totals)
    # the history reads it: its score sheet row by row; a hand's replay has no cards to show
    ctl.browser.open_sheet(ctl.match_id)
    assert ctl.browser.sheet is not None and not ctl.browser.sheet.problem
    assert ctl.match is not None
    assert len(ctl.browser.sheet.rows) == len(ctl.match.hands)
    ctl.browser.open_replay(ctl.match_id, 1)
    assert ctl.browser.replay is not None and ctl.browser.replay.frames == ()
    # and tressette replay tells it
    import io

    from firmware.replay import print_match

    out = io.StringIO()
    print_match(t.journal.record(ctl.match_id), out)
    assert "score sheet" in out.getvalue() and "Totals: " in out.getvalue()
    if played.finished:
        model = ctl.model()
        assert model.final_sheet is not None and len(model.final_sheet.rows) == len(played.results)


def test_an_impossible_count_is_refused_and_nothing_is_journalled(make_table: MakeTable) -> None:
    t = sheet_table(make_table, "tressette4")
    ctl = t.ctl
    ctl.new_match(scoresheet=True)
    t.put(ui.SheetTally((20, 14)))
    assert ctl.phase == PLAY and ctl.message.level == "refusal"
    assert ctl.message.message.key == "e_sheet_total" and "35" in ctl.message.text
    assert ctl.match_id is not None
    assert t.journal.record(ctl.match_id)["hands"][0]["actions"] == []
    t.put(ui.SimScan("3c"))  # a card scanned or tapped: not in a score sheet
    assert ctl.message.message.key == "r_sheet_no_cards"
    t.put(ui.SheetTally((20, 15)))
    assert ctl.phase == HAND_OVER and ctl.totals == [6, 5]


def test_a_power_cut_mid_hand_keeps_the_accuso_and_asks_nothing_twice(make_table: MakeTable, tmp_path: Path) -> None:
    d = tmp_path / "box"
    t = sheet_table(make_table, "tressette4", state_dir=d)
    t.ctl.new_match(scoresheet=True)
    nap = ui.Declare(make_napoletana(seat=2))
    t.put(ButtonPressed("seat2"))
    t.put(nap)
    t.close()  # the power goes
    again = sheet_table(make_table, "tressette4", state_dir=d)
    assert again.ctl.boot() and again.ctl.phase == PLAY and again.ctl.keeping_score
    assert again.ctl.match is not None
    sheet = again.ctl.match.sheet
    assert sheet is not None
    assert [x.seat for x in sheet.declarations] == [2]
    again.put(ButtonPressed("seat2"))
    entry = again.ctl.model().sheet_entry
    assert entry is not None and nap.declare_action not in entry.choices  # not offered twice
    again.put(ui.NothingToDeclare())
    again.put(ui.SheetTally((18, 17)))
    assert again.ctl.totals == [6 + 3, 5]  # seat 3 (index 2) plays with seat 1


def on_screen(d: Declare) -> Declare:
    """As the screen offers it: a three by its rank only, a napoletana with its extension."""
    from firmware.engine.actions import Declare

    return Declare(d.seat, d.kind, suit=d.suit, rank=d.rank, extra=(d.extra or 0) if d.kind == "napoletana" else None)


def make_napoletana(seat: int) -> Declare:
    from firmware.engine.actions import Declare

    return Declare(seat, "napoletana", suit=0, extra=0)


def test_a_decima_asks_only_for_the_points_taken_before_it_and_survives_a_power_cut(make_table: MakeTable, tmp_path: Path) -> None:
    # seed 003 / RULES.md §3.4: said with the onori, the first trick's points count, as played.
    from firmware.engine.actions import Declare

    d = tmp_path / "box"
    t = sheet_table(make_table, "tressette4", state_dir=d)
    ctl = t.ctl
    ctl.new_match(scoresheet=True)
    t.put(ButtonPressed("seat2"))
    t.put(ui.Declare(Declare(2, "decima", suit=1)))
    confirm(t)  # it ends the hand: asked first
    entry = ctl.model().sheet_entry
    assert ctl.phase == PLAY and entry is not None and entry.decima == 2 and entry.ends == ("decima",)
    assert entry.sudden == () and entry.choosing is None and ctl.message.message.key == "m_sheet_decima"
    t.put(ButtonPressed("seat1"))  # no accuso after a decima: the hand is ended
    assert ctl.message.level == "refusal"
    t.close()  # the power goes before the count
    again = sheet_table(make_table, "tressette4", state_dir=d)
    assert again.ctl.boot() and again.ctl.phase == PLAY
    entry = again.ctl.model().sheet_entry
    assert entry is not None and entry.decima == 2  # the decima kept, the count still asked
    again.put(ui.SheetTally((6, 0), "play"))
    assert again.ctl.message.message.key == "e_sheet_end"
    again.put(ui.SheetTally((6, 3), "decima", 2))
    assert again.ctl.message.message.key == "e_sheet_decima_total"
    again.put(ui.SheetTally((0, 6), "decima", 2))  # the first trick: two points, to the other side
    confirm(again)
    m = again.ctl.match
    assert m is not None
    assert again.ctl.phase in (HAND_OVER, MATCH_OVER) and m.ledger[-1].reason == "decima"
    assert m.results[-1].card_points == (0, 2) and m.ledger[-1].multiplier == 16
