"""The card picker at the table program's level: no reader, no enrolled deck, every card
one tap; dimmed cards say why; a power cut mid-hand loses nothing and asks nothing twice."""

from __future__ import annotations

from pathlib import Path

import pytest

import ui.intents as ui
from firmware.app.controller import HAND_OVER, PLAY, TableController
from firmware.engine import PRESETS, make_variant
from tests.app.conftest import MakeTable, Table
from ui.i18n import Message, render
from ui.model import TableModel


def picker_table(make_table: MakeTable, state_dir: Path | None = None) -> Table:
    t = make_table(variant="treseta4", seats=["table"] * 4, options={"accusi": False}, state_dir=state_dir)
    t.ctl.reader_fitted = False
    return t


def bright(model: TableModel) -> list[int]:
    assert model.picker is not None
    dimmed = dict(model.picker.dimmed)
    return [c for c in model.picker.cards if c not in dimmed]


def test_no_reader_no_enrolment_and_one_tap_per_card(make_table: MakeTable) -> None:
    t = picker_table(make_table)
    assert t.ctl.new_match().accepted and t.ctl.phase == PLAY  # not the enrolment
    v = make_variant("treseta4")
    model = t.ctl.model()
    assert model.picker is not None and model.picker.cards == v.deck.cards and not model.picker.dimmed
    assert t.ctl.match is not None
    st = t.ctl.match.state
    first = v.deck.parse("4c")
    t.put(ui.PlayCard(first))
    assert st is not None
    assert st.trick == [first]
    model = t.ctl.model()
    assert model.picker is not None
    assert model.picker.seat == st.to_move
    why = dict(model.picker.dimmed)[first]
    assert why.key == "e_already_played"
    t.put(ui.PlayCard(first))  # tapped anyway: the engine refuses it, nothing recorded
    said = t.ctl.message.message  # the engine's reason, then how to name another card
    why_again = dict(said.args)["why"]
    assert st.trick == [first] and said.key == "r_card_again"
    assert isinstance(why_again, Message) and why_again.key == "e_already_played"


def test_a_power_cut_mid_hand_loses_nothing_and_asks_nothing_twice(make_table: MakeTable, tmp_path: Path) -> None:
    d = tmp_path / "box"
    t = picker_table(make_table, state_dir=d)
    t.ctl.new_match()
    for _ in range(6):
        t.put(ui.PlayCard(bright(t.ctl.model())[-1]))
    assert t.ctl.match is not None
    before = t.ctl.match.state
    assert before is not None
    played = (list(before.trick), [tr.cards for tr in before.tricks], before.to_move)
    t.close()  # the power goes
    again = picker_table(make_table, state_dir=d)
    assert again.ctl.boot()
    assert again.ctl.match is not None
    st = again.ctl.match.state
    assert st is not None
    assert (list(st.trick), [tr.cards for tr in st.tricks], st.to_move) == played
    model = again.ctl.model()
    assert model.picker is not None and model.picker.seat == st.to_move  # the next card, not a deal
    assert again.ctl.deal_scan is None


def test_with_a_reader_the_picker_is_there_too_and_a_scan_wins(make_table: MakeTable) -> None:
    """A reader and the picker both present: whichever comes first is the card."""
    from tests.app.test_table_presets import scan, tag

    v = make_variant("treseta4")
    t = make_table(variant="treseta4", seats=["table"] * 4, options={"accusi": False})
    assert t.ctl.cards is not None
    t.ctl.cards.save("italian", {tag(c): c for c in v.deck.cards})
    t.ctl.new_match()
    assert t.ctl.match is not None
    st = t.ctl.match.state
    assert t.ctl.model().picker is not None  # the picker is always there
    first = v.deck.parse("Ac")
    scan(t, first)
    assert st is not None
    assert st.trick == [first]
    model = t.ctl.model()
    assert model.picker is not None
    assert model.picker.seat == st.to_move and dict(model.picker.dimmed)[first].key == "e_already_played"
    t.put(ui.PlayCard(v.deck.parse("4c")))  # the next seat's card, tapped
    assert st.trick == [first, v.deck.parse("4c")]


def test_the_table_seat_acting_now_gets_the_call_and_the_claim_buttons(make_table: MakeTable) -> None:
    """Real cards: the seat that calls (chiamata) or may claim (tressette4) is not the one the
    screen is drawn for (seat 1); its buttons are on the screen all the same."""
    t = make_table(variant="chiamata", seats=["table"] * 4)
    t.ctl.reader_fitted = False
    t.ctl.new_match()
    assert t.ctl.match is not None
    st = t.ctl.match.state
    assert st is not None and st.pending is not None
    caller = st.pending[1]
    assert caller != 0 and t.ctl.model().call_choices  # the caller's candidates, on the screen
    assert t.ctl.model().picker is None  # a call is made with the buttons, not a card laid
    t.put(ui.Call(t.ctl.model().call_choices[0]))
    assert st.called is not None and t.ctl.model().picker is not None
    t4 = make_table(variant="tressette4", seats=["table"] * 4, options={"accusi": False})
    t4.ctl.reader_fitted = False
    t4.ctl.new_match()
    assert t4.ctl.model().can_claim


def seat_kinds(name: str) -> list[list[str]]:
    """People only, and (where no talon hides the draws) a computer among them."""
    v = make_variant(name)
    people = ["table"] * v.n_seats
    return [people] if v.talon_size else [people, ["table", "cpu:easy"] + ["table"] * (v.n_seats - 2)]


def entered(ctl: TableController) -> tuple[object, ...]:
    """What the box has of the hand: its actions, the deal's cards entered so far."""
    assert ctl.match is not None
    actions = len(ctl.match.hands[-1].actions) if ctl.match.hands else 0
    scan = ctl.deal_scan
    return actions, None if scan is None else {k: list(x) for k, x in scan.got.items()}


READER_CASES = [(name, seats) for name in sorted(PRESETS) for seats in seat_kinds(name)]


@pytest.mark.parametrize(("name", "seats"), READER_CASES, ids=[f"{n}-{'+'.join(s)}" for n, s in READER_CASES])
def test_a_reader_and_an_untagged_deck_the_game_starts_and_the_picker_takes_the_cards(
    make_table: MakeTable, name: str, seats: list[str]
) -> None:
    """docs/box.md §4: a reader fitted, the deck never enrolled. Not forced into an
    enrolment: the game starts, every card is tapped, a tag seen names no card and is
    ignored (said once per match, no refusal), and the settings still enrol the deck."""
    from tests.app.test_table_presets import scan

    v = make_variant(name)
    t = make_table(variant=name, seats=seats)
    ctl = t.ctl
    assert ctl.cards is not None
    assert ctl.reader_fitted and not ctl.cards.enrolled(v.deck.name)
    assert ctl.new_match().accepted
    assert ctl.phase == (PLAY if ctl.deal_scan is None else HAND_OVER) and ctl.enrol is None
    assert ctl.match_id is not None
    if ctl.deal_scan is not None:  # a computer's cards, briscola's shown card, the cards aside
        assert ctl.message.message.key.startswith("m_pick_")  # tap them: the reader cannot
    model = ctl.model()
    assert model.enrolling is None and model.in_game
    picker = model.picker
    if picker is None:  # chiamata's call first: made with the buttons
        assert ctl.match is not None and ctl.match.state is not None
        assert ctl.match.state.pending is not None and ctl.match.state.pending[0] == "call"
        t.put(ui.Call(model.call_choices[0]))
        picker = ctl.model().picker
    assert picker is not None and picker.cards == v.deck.cards
    before = entered(ctl)
    card = bright(ctl.model())[0]
    blinks = ctl.table.blink_seq
    scan(t, card)  # an untagged card on the antenna, or a stray tag: names no card of this deck
    assert ctl.message.message.key == "m_reader_unknown_deck" and ctl.message.level == "info"
    assert render(ctl.message.message, "en").startswith("The reader does not know this deck (Italian deck (40))") or v.deck.name != "italian"
    for lang in ("it", "de"):
        assert "{" not in render(ctl.message.message, lang)
    seq = ctl.message.seq
    scan(t, bright(ctl.model())[-1])  # again: ignored, not said twice, no blink
    assert ctl.message.seq == seq and ctl.table.blink_seq == blinks
    assert entered(ctl) == before
    t.put(ui.PlayCard(card))  # the picker takes it
    assert entered(ctl) != before and ctl.message.level != "refusal"
    phase, match_id = ctl.phase, ctl.match_id
    t.put(ui.EnrolDeck(v.deck.name))  # enrolment stays in the settings
    assert ctl.phase == "enrol" and ctl.model().enrolling is not None
    t.put(ui.EnrolDeck(None))  # stopped: back to the match, nothing lost
    assert ctl.phase == phase and ctl.match_id == match_id and ctl.model().picker is not None
