"""A revoke at the table program's level (issue 36; RULES.md §3.7; docs/box.md, "A revoke").

People lay real cards (the picker); one does not follow suit while holding it, then lays
that suit: the box takes the card and says who revoked in which trick. *Revoke!* names
the seat; the question says what follows; the call is journalled before it is applied,
and the journal replays to the same match."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

import ui.intents as ui
from firmware.app.controller import HAND_OVER, PLAY
from firmware.engine import Match, Play, make_variant
from firmware.engine.cards import SUIT, card_list
from firmware.engine.moves import apply_unchecked
from firmware.engine.records import replay
from firmware.engine.state import HandState
from tests.app.conftest import MakeTable, Table
from tests.pictures import save_png
from tests.uishare import shared
from ui.app import UIApp
from ui.i18n import Term, msg, render
from ui.model import PickerModel
from ui.picker import picker_layout


def people_table(make_table: MakeTable, variant: str, **options: object) -> Table:
    v = make_variant(variant)
    opts: dict[str, object] = {"accusi": False} if "accusi" in {o.key for o in v.preset.options} else {}
    t = make_table(variant=variant, seats=["table"] * v.n_seats, options={**opts, **options})
    t.ctl.reader_fitted = False
    assert t.ctl.new_match().accepted and t.ctl.phase == PLAY
    return t


def truth_of(t: Table, seed: int = 77) -> HandState:
    """The cards the people really hold: any deal fits, the box saw none of them."""
    assert t.ctl.match is not None and t.ctl.match.state is not None
    st = t.ctl.match.state
    m = Match(st.variant, first_dealer=st.dealer)
    truth = m.start_hand({"seed": seed})
    return truth


def lay(t: Table, truth: HandState, card: int) -> None:
    """A person lays ``card`` (tapped on the picker): the box takes it; the truth follows."""
    seat = truth.to_move
    t.put(ui.PlayCard(card))
    match = t.ctl.match
    assert match is not None and match.hands[-1].actions[-1] == Play(seat, card), render(t.ctl.model().message, "en")
    apply_unchecked(truth, Play(seat, card))


def play_to_a_proved_revoke(t: Table, truth: HandState) -> tuple[int, int]:
    """Lay true cards; the first person who can revokes, and lays that suit at his next
    turn. Returns (seat, trick revoked in)."""
    revoker: tuple[int, int, int] | None = None  # seat, suit, trick
    while True:
        seat = truth.to_move
        hand = truth.hands[seat]
        if revoker is None and truth.trick and len(truth.tricks) <= truth.n_tricks - 2 and not truth.talon_left:
            suit = SUIT[truth.trick[0]]
            follow, other = hand & truth.suit_masks[suit], hand & ~truth.suit_masks[suit]
            if follow and other:
                revoker = (seat, suit, len(truth.tricks) + 1)
                lay(t, truth, card_list(other)[0])
                continue
        if revoker is not None and seat == revoker[0]:
            lay(t, truth, card_list(hand & truth.suit_masks[revoker[1]])[0])
            return revoker[0], revoker[2]
        lay(t, truth, card_list(truth.legal_mask())[0])


@pytest.mark.parametrize(("variant", "lang"), [("treseta4", "it"), ("treschetten4", "de"), ("ciapano", "en")])
def test_a_revoke_noticed_is_said_and_called_for_its_penalty(make_table: MakeTable, variant: str, lang: str) -> None:
    t = people_table(make_table, variant)
    truth = truth_of(t)
    seat, trick = play_to_a_proved_revoke(t, truth)
    model = t.ctl.model()
    assert model.message and getattr(model.message, "key", "") == "m_revoke_seen"
    said = render(model.message, "en")
    assert said.startswith(f"Seat {seat + 1} revoked in trick {trick} (did not follow ")
    assert render(model.message, lang)  # every language has it
    assert model.revoke is not None and model.picker is not None and model.picker.revoke
    questions = dict(model.revoke.seats)
    question = questions[seat]
    assert question is not None
    assert render(question, "en").startswith(f"Revoke by seat {seat + 1}: the hand is lost per cappotto")
    match = t.ctl.match
    assert match is not None and match.state is not None
    off = match.state.hand_sides[seat]
    n_before = sum(1 for _ in t.journal.iter_actions(t.ctl.match_id or 0))
    t.put(ui.CallRevoke(seat, model.revoke.hand))
    rows = [a for _, _, a in t.journal.iter_actions(t.ctl.match_id or 0)]
    assert len(rows) == n_before + 1 and rows[-1] == {"seat": seat, "revoke": True}
    assert t.ctl.phase == HAND_OVER
    v = match.variant
    expected = [0] * v.n_sides
    for s in range(v.n_seats):
        lost = match.state.hand_sides[s] == off
        expected[v.side_of(s)] = (11 if lost else 0) if v.inverted else (0 if lost else 11)  # Ciapanò: against
    assert list(t.ctl.totals) == expected
    again = replay(t.journal.record(t.ctl.match_id or 0))  # the journal replays to the live match
    assert again.totals == match.totals and again.results[-1].revoke_seat == seat


def test_a_late_answer_never_calls_a_revoke_in_the_next_hand(make_table: MakeTable) -> None:
    t = people_table(make_table, "treseta4", revoke="as_played")
    truth = truth_of(t)
    seat, _ = play_to_a_proved_revoke(t, truth)
    model = t.ctl.model()
    assert model.revoke is not None
    t.put(ui.CallRevoke(seat, model.revoke.hand + 1))
    assert getattr(t.ctl.model().message, "key", "") == "r_revoke_changed"
    t.put(ui.CallRevoke(seat, model.revoke.hand))  # as played: the hand goes on
    assert t.ctl.phase == PLAY and getattr(t.ctl.model().message, "key", "") == "m_revoke_as_played"


def test_replay_deals_again_by_the_same_dealer(make_table: MakeTable) -> None:
    t = people_table(make_table, "treseta4", revoke="replay")
    truth = truth_of(t)
    dealer = truth.dealer
    seat, _ = play_to_a_proved_revoke(t, truth)
    model = t.ctl.model()
    assert model.revoke is not None
    t.put(ui.CallRevoke(seat, model.revoke.hand))
    match = t.ctl.match
    assert match is not None and match.state is not None and len(match.hands) == 2
    assert match.state.dealer == dealer and list(t.ctl.totals) == [0, 0]


@pytest.mark.parametrize("size", [(480, 320), (800, 480)])
def test_revoke_in_the_picker_moves_nothing_and_fits(size: tuple[int, int]) -> None:
    """*Revoke!* between *Take back* and *Abandon hand*: no other button or card moves."""
    base = PickerModel(1, "italian", tuple(range(40)), take_back=(0, 5), abandon=0)
    with_revoke = PickerModel(1, "italian", tuple(range(40)), take_back=(0, 5), abandon=0, revoke=True)
    a, b = picker_layout(base, size), picker_layout(with_revoke, size)
    assert a.cells == b.cells
    assert [(x.name, x.rect) for x in a.buttons] == [(x.name, x.rect) for x in b.buttons if x.name != "picker_revoke"]
    rv = next(x.rect for x in b.buttons if x.name == "picker_revoke")
    screen = pygame.Rect(0, 0, *size)
    assert screen.contains(rv) and rv.h >= 40
    for x in a.buttons:
        assert not rv.colliderect(x.rect), x.name
    for _, cell in a.cells:
        assert not rv.colliderect(cell)


def test_the_chooser_then_the_question_then_the_call(make_table: MakeTable, tmp_path: Path) -> None:
    """The screen: *Revoke!* in the picker, the seat chooser, the question naming the penalty;
    *No* sends nothing, *Yes* the call. The PNGs are saved to look at."""
    t = people_table(make_table, "treseta4")
    truth = truth_of(t)
    seat, _ = play_to_a_proved_revoke(t, truth)
    pygame.init()
    surface = pygame.Surface((480, 320))
    app = shared(UIApp(surface, settings={"language": "en"}, sounds=False))
    app.set_model(t.ctl.model())
    app.show("table")
    app.draw()
    save_png(surface, tmp_path / "picker.png")
    assert app.model.picker is not None
    lay_ = picker_layout(app.model.picker, (480, 320))
    rv = next(b.rect for b in lay_.buttons if b.name == "picker_revoke")
    app.tap(rv.center)
    assert app.choice is not None
    app.draw()
    save_png(surface, tmp_path / "chooser.png")
    buttons = app.choice_buttons((480, 320))
    mine = next(b for b in buttons if b.label == f"Seat {seat + 1}")
    assert mine.enabled
    app.tap(mine.rect.center)
    assert app.question is not None and "lost per cappotto" in app.question[0]
    app.draw()
    save_png(surface, tmp_path / "question.png")
    app.answer(True)
    sent = [x for x in app.intents() if isinstance(x, ui.CallRevoke)]
    assert [x.seat for x in sent] == [seat]


@pytest.mark.parametrize(("size", "lang"), [((480, 320), "de"), ((800, 480), "it")])
def test_revoke_on_the_count_before_the_next_hand(
    make_table: MakeTable, tmp_path: Path, size: tuple[int, int], lang: str
) -> None:
    """The hand played out with a revoke noticed and not called: the count offers
    *Revoke!* left of *Table* and *Next hand* (which keep their places); the call counts
    the hand again, per cappotto."""
    t = people_table(make_table, "treseta4")
    truth = truth_of(t)
    seat, _ = play_to_a_proved_revoke(t, truth)
    while not truth.over:
        lay(t, truth, card_list(truth.legal_mask())[0])
    assert t.ctl.phase == HAND_OVER
    model = t.ctl.model()
    assert model.revoke is not None and dict(model.revoke.seats)[seat] is not None
    pygame.init()
    surface = pygame.Surface(size)
    app = shared(UIApp(surface, settings={"language": lang}, sounds=False))
    app.set_model(model)
    app.show("hand_end")
    buttons = {b.name: b.rect for b in app.current.buttons(size)}
    without = {b.name: b.rect for b in app.current.buttons(size) if b.name != "revoke"}
    assert set(buttons) == {"table", "next_hand", "revoke"}
    screen = pygame.Rect(0, 0, *size)
    assert screen.contains(buttons["revoke"]) and buttons["revoke"].h >= 40
    assert not any(buttons["revoke"].colliderect(r) for r in without.values())
    app.draw()
    save_png(surface, tmp_path / f"count-{size[0]}.png")
    t.put(ui.CallRevoke(seat, model.revoke.hand))
    match = t.ctl.match
    assert match is not None and match.state is not None
    off = match.state.hand_sides[seat]
    assert [t.ctl.totals[s] for s in range(2)] == [0 if s == off else 11 for s in range(2)]
    assert len(match.results) == 1 and match.results[0].revoke_seat == seat
    after = t.ctl.model()
    assert after.revoke is None  # called: nothing more to call in this hand
    app.set_model(after)
    app.show("hand_end")
    head = app.current.headline()  # type: ignore[attr-defined]
    assert head.startswith(render(msg("revoke_end", n=seat + 1, what=Term("ov_cappotto")), lang))
    app.draw()
    save_png(surface, tmp_path / f"counted-{size[0]}.png")


@pytest.mark.parametrize("size", [(480, 320), (800, 480)])
def test_the_revoke_option_is_offered_where_people_play_real_cards(size: tuple[int, int]) -> None:
    """docs/variants.md: ``revoke`` on the home screen only when a seat plays real cards."""
    from firmware.engine.seating import TABLE

    pygame.init()
    app = shared(UIApp(pygame.Surface(size), settings={"language": "it"}, sounds=False))
    home = app.home
    home.select_variant("treseta4")
    assert "option:revoke" not in {b.name for b in home.buttons(size)}
    home.seats = [TABLE] * 4
    buttons = {b.name: b.rect for b in home.buttons(size)}
    assert "option:revoke" in buttons and pygame.Rect(0, 0, *size).contains(buttons["option:revoke"])
    others = [r for name, r in buttons.items() if name != "option:revoke"]
    assert not any(buttons["option:revoke"].colliderect(r) for r in others)
    app.show("home")
    app.draw()


@pytest.mark.parametrize("variant", ["treseta4", "tressette2"])
@pytest.mark.parametrize(("size", "lang"), [((480, 320), "it"), ((480, 320), "de"), ((800, 480), "en")])
def test_revoke_in_the_table_s_bar_fits(make_table: MakeTable, variant: str, size: tuple[int, int], lang: str) -> None:
    """The picker hidden (*Table*): *Revoke!* in the table's bar, its word whole at the
    buttons' smallest size, over no other button."""
    t = people_table(make_table, variant)
    truth = truth_of(t)
    play_to_a_proved_revoke(t, truth)
    pygame.init()
    app = shared(UIApp(pygame.Surface(size), settings={"language": lang}, sounds=False))
    app.set_model(t.ctl.model())
    app.show("table")
    table = app.table
    table.picker_hidden = table.picker_key()
    table.relayout(size)
    buttons = {b.name: b.rect for b in table.buttons(size)}
    rv = buttons["revoke"]
    assert pygame.Rect(0, 0, *size).contains(rv) and rv.h >= 40
    assert not any(rv.colliderect(r) for name, r in buttons.items() if name != "revoke")
    word = app.ctx.t("revoke_btn")
    assert app.ctx.fonts.font(app.ctx.fonts.min_size, True).size(word)[0] <= rv.w - 6
    table.tap(rv.center)
    assert app.choice is not None  # who revoked?
