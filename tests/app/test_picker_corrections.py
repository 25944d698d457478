"""The picker's corrections at the table program's level (issue 36): *Take back* takes back
the last card a person entered (a mis-tap of another seat's card), journalled before it is
applied; *Abandon hand* asks first, then scores nothing and the same dealer deals again."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

import ui.intents as ui
from firmware.app.controller import PLAY
from firmware.engine import Match, Play, deal_seeded, legal_actions, make_variant
from firmware.engine.cards import SUIT
from firmware.engine.records import replay
from tests.app.conftest import MakeTable, Table
from tests.uishare import shared
from ui.app import UIApp
from ui.i18n import render
from ui.picker import picker_layout


def picker_table(make_table: MakeTable, variant: str = "treseta4", state_dir: Path | None = None,
                 seats: list[str] | None = None) -> Table:  # fmt: skip
    v = make_variant(variant)
    t = make_table(variant=variant, seats=seats or ["table"] * v.n_seats, options={"accusi": False}
                   if "accusi" in {o.key for o in v.preset.options} else {}, state_dir=state_dir)  # fmt: skip
    t.ctl.reader_fitted = False
    return t


def truth_of(t: Table) -> Match:
    """The cards really dealt at the table (the people's hands)."""
    assert t.ctl.match is not None and t.ctl.match.state is not None
    st = t.ctl.match.state
    v = st.variant
    m = Match(v, first_dealer=st.dealer)
    m.start_hand({"seed": 77})
    assert deal_seeded(v, 77, st.dealer) is not None
    return m


def true_tap(t: Table, truth: Match) -> Play:
    st = truth.state
    assert st is not None
    play = next(a for a in legal_actions(st) if isinstance(a, Play))
    truth.apply(play)
    t.put(ui.PlayCard(play.card))
    return play


def actions(t: Table) -> list[dict[str, object]]:
    assert t.ctl.match_id is not None
    return [a for _, _, a in t.journal.iter_actions(t.ctl.match_id)]


@pytest.mark.parametrize("lang", ["it", "en"])
def test_a_mis_tap_of_another_seat_s_card_is_taken_back_and_that_card_comes_back(
    make_table: MakeTable, lang: str
) -> None:
    t = picker_table(make_table)
    assert t.ctl.new_match().accepted and t.ctl.phase == PLAY
    truth = truth_of(t)
    first = t.ctl.model().picker
    assert first is not None and first.take_back is None
    lead = true_tap(t, truth)
    real = truth.state
    assert real is not None
    nxt = real.to_move
    after = (nxt + 1) % real.n
    wrong = next(c for c in real.hand_of(after) if SUIT[c] != SUIT[lead.card])  # seat 3's card, off suit
    t.put(ui.PlayCard(wrong))  # seat 2 taps it by mistake: accepted, the box cannot know
    assert t.ctl.match is not None and t.ctl.match.state is not None
    st = t.ctl.match.state
    assert st.trick == [lead.card, wrong]
    picker = t.ctl.model().picker
    assert picker is not None and picker.take_back == (nxt, wrong) and picker.abandon == st.dealer
    assert wrong in dict(picker.dimmed)  # seat 3 could not enter its own card now
    n = len(actions(t))
    t.put(ui.TakeBack(nxt, wrong))
    assert actions(t)[n:] == [{"seat": nxt, "correct": t.ctl.match.variant.deck.code(wrong)}]
    assert st.trick == [lead.card] and st.to_move == nxt
    said = render(t.ctl.message.message, lang)
    assert said.endswith(f"({'posto' if lang == 'it' else 'seat'} {nxt + 1})"), said
    picker = t.ctl.model().picker
    assert picker is not None and wrong not in dict(picker.dimmed) and picker.seat == nxt
    # the hand goes on: seat 2's true card, then the card taken back, from its holder
    true_tap(t, truth)
    picker = t.ctl.model().picker
    assert picker is not None and picker.seat == after and wrong not in dict(picker.dimmed)
    t.put(ui.PlayCard(wrong))
    assert st.trick[-1] == wrong
    assert t.ctl.match_id is not None
    rebuilt = replay(t.journal.record(t.ctl.match_id))
    assert rebuilt.state is not None and rebuilt.state.trick == st.trick


def test_a_stale_take_back_is_refused_and_changes_nothing(make_table: MakeTable) -> None:
    t = picker_table(make_table)
    t.ctl.new_match()
    truth = truth_of(t)
    a = true_tap(t, truth)
    true_tap(t, truth)
    n = len(actions(t))
    t.put(ui.TakeBack(a.seat, a.card))  # named before the next card came: not the last any more
    assert len(actions(t)) == n and t.ctl.message.message.key == "r_take_back_changed"


def test_take_back_reopens_the_last_trick_and_stops_there(make_table: MakeTable) -> None:
    t = picker_table(make_table)
    t.ctl.new_match()
    truth = truth_of(t)
    for _ in range(8):  # two tricks taken
        true_tap(t, truth)
    assert t.ctl.match is not None and t.ctl.match.state is not None
    st = t.ctl.match.state
    taken = 0
    while (p := t.ctl.model().picker) is not None and p.take_back is not None:
        t.put(ui.TakeBack(*p.take_back))
        taken += 1
    assert taken == 4 and len(st.tricks) == 1 and not st.trick


def test_abandon_scores_nothing_and_the_same_dealer_deals_again(make_table: MakeTable) -> None:
    t = picker_table(make_table)
    t.ctl.new_match()
    truth = truth_of(t)
    for _ in range(5):
        true_tap(t, truth)
    assert t.ctl.match is not None and t.ctl.match.state is not None
    dealer = t.ctl.match.state.dealer
    picker = t.ctl.model().picker
    assert picker is not None and picker.hand == 1
    t.put(ui.AbandonHand(picker.hand))
    assert actions(t)[-1] == {"seat": dealer, "abandon": True}
    assert t.ctl.phase == PLAY and len(t.ctl.match.hands) == 2  # the next hand, no deal to scan
    assert t.ctl.match.state is not None and t.ctl.match.state.dealer == dealer
    assert t.ctl.totals == [0, 0] and t.ctl.message.message.key == "m_abandoned"
    assert t.ctl.model().picker is not None
    n = len(actions(t))
    t.put(ui.AbandonHand(1))  # a late answer to the question about hand 1: not hand 2
    assert len(actions(t)) == n and t.ctl.message.message.key == "r_abandon_changed"
    from firmware.app.browse import score_sheet

    assert t.ctl.match_id is not None
    sheet = score_sheet(t.journal, t.ctl.match_id)
    assert not sheet.problem and sheet.rows[0].note == "sheet_abandoned" and sheet.rows[0].points == (0, 0)


def test_abandon_with_a_computer_asks_the_deal_again(make_table: MakeTable) -> None:
    t = picker_table(make_table, "briscola", seats=["table", "cpu:easy"])
    t.ctl.new_match()
    while t.ctl.deal_scan is not None:  # the computer's hand and the shown trump, tapped
        picker = t.ctl.model().picker
        assert picker is not None
        dimmed = dict(picker.dimmed)
        t.put(ui.PlayCard(next(c for c in picker.cards if c not in dimmed)))
    assert t.ctl.phase == PLAY and t.ctl.match is not None and t.ctl.match.state is not None
    dealer = t.ctl.match.state.dealer
    t.put(ui.AbandonHand(1))
    assert t.ctl.deal_scan is not None and t.ctl.deal_scan.dealer == dealer
    assert t.ctl.match.results[-1].ended_by == "abandoned"


def test_abandon_is_asked_first_and_nothing_is_sent_on_no() -> None:
    from tools.demo import picker_model

    model = picker_model("tressette2", tricks=3)
    assert model.picker is not None and model.picker.abandon is not None and model.picker.take_back is not None
    dealer, take_back = model.picker.abandon, model.picker.take_back
    pygame.display.init()
    pygame.font.init()
    for lang, size in (("de", (480, 320)), ("en", (800, 480))):
        app = shared(UIApp(pygame.Surface(size), settings={"language": lang}, sounds=False))
        app.set_model(model)
        app.update(5.0)
        app.show("table")
        app.draw()
        lay = picker_layout(model.picker, size, app.ctx.theme)
        rect = next(b.rect for b in lay.buttons if b.name == "picker_abandon")
        app.tap(rect.center)
        assert app.question is not None and str(dealer + 1) in app.question[0]
        assert not [i for i in app.intents() if isinstance(i, ui.AbandonHand)]
        no = next(b for b in app.question_buttons(size) if b.name == "no")
        app.tap(no.rect.center)
        assert app.question is None and not app.intents()
        app.tap(rect.center)
        yes = next(b for b in app.question_buttons(size) if b.name == "yes")
        app.tap(yes.rect.center)
        assert [i for i in app.intents() if isinstance(i, ui.AbandonHand)]
        tb = next(b.rect for b in lay.buttons if b.name == "picker_take_back")
        app.update(1.0)
        app.tap(tb.center)  # one tap takes back, naming what it takes back
        assert [i for i in app.intents() if isinstance(i, ui.TakeBack)] == [ui.TakeBack(*take_back)]


def test_the_hand_s_last_card_is_asked_first_naming_it(make_table: MakeTable) -> None:
    """Nothing ends a hand in one tap: the picker's last card asks, naming the card and seat."""
    import dataclasses

    from tools.demo import picker_model

    t = picker_table(make_table, "tressette2")
    t.ctl.new_match()
    assert t.ctl.match is not None and t.ctl.match.state is not None
    st = t.ctl.match.state
    while True:
        picker = t.ctl.model().picker
        assert picker is not None
        if picker.ends_hand:
            break
        dimmed = dict(picker.dimmed)
        t.put(ui.PlayCard(next(c for c in picker.cards if c not in dimmed)))
    assert len(st.tricks) == st.n_tricks - 1 and len(st.trick) == st.n - 1
    model = picker_model("tressette2", tricks=3)
    assert model.picker is not None
    model = dataclasses.replace(model, picker=dataclasses.replace(model.picker, ends_hand=True))
    pygame.display.init()
    pygame.font.init()
    app = shared(UIApp(pygame.Surface((480, 320)), settings={"language": "de"}, sounds=False))
    app.set_model(model)
    app.update(5.0)
    app.show("table")
    app.draw()
    assert model.picker is not None
    lay = picker_layout(model.picker, (480, 320), app.ctx.theme)
    dimmed = dict(model.picker.dimmed)
    card, cell = next((c, r) for c, r in lay.cells if c not in dimmed)
    app.tap(cell.center)
    assert app.question is not None and app.question[0].startswith(f"Platz {model.picker.seat + 1}, ")  # type: ignore[operator]
    assert not [i for i in app.intents() if isinstance(i, ui.PlayCard)]
    yes = next(b for b in app.question_buttons((480, 320)) if b.name == "yes")
    app.tap(yes.rect.center)
    assert [i.card for i in app.intents() if isinstance(i, ui.PlayCard)] == [card]


def test_a_card_tapped_by_mistake_at_the_deal_is_taken_back(make_table: MakeTable) -> None:
    """The computer's cards entered at the deal: the last one taken back before the deal is
    complete (nothing of it is journalled until then), and entered again."""
    t = picker_table(make_table, "briscola", seats=["table", "cpu:easy"])
    t.ctl.new_match()
    scan = t.ctl.deal_scan
    assert scan is not None
    cards = []
    for _ in range(2):
        picker = t.ctl.model().picker
        assert picker is not None
        dimmed = dict(picker.dimmed)
        cards.append(next(c for c in picker.cards if c not in dimmed))
        t.put(ui.PlayCard(cards[-1]))
    picker = t.ctl.model().picker
    assert picker is not None and picker.take_back == (1, cards[-1]) and cards[-1] in dict(picker.dimmed)
    t.put(ui.TakeBack(*picker.take_back))
    assert scan.got == {"1": cards[:1]} and t.ctl.message.message.key == "m_taken_back"
    picker = t.ctl.model().picker
    assert picker is not None and cards[-1] not in dict(picker.dimmed) and picker.take_back == (1, cards[0])
    t.put(ui.TakeBack(1, cards[-1]))  # a stale tap: refused
    assert scan.got == {"1": cards[:1]} and t.ctl.message.message.key == "r_take_back_changed"
    assert t.ctl.match_id is not None and not t.journal.record(t.ctl.match_id)["hands"]
