"""The picker's words: a refused card is answered by the way it came (tap or scan; the
engine's reason itself is neutral), and a trick just taken says who took it."""

from __future__ import annotations

import pytest

import ui.intents as ui
from firmware.engine import make_variant
from tests.app.conftest import MakeTable, Table
from ui.i18n import render, tr


def picker_table(make_table: MakeTable) -> Table:
    t = make_table(variant="treseta4", seats=["table"] * 4, options={"accusi": False})
    t.ctl.reader_fitted = False
    assert t.ctl.new_match().accepted
    return t


@pytest.mark.parametrize("lang", ["it", "de", "en"])
def test_the_engines_reason_names_no_input_device(lang: str) -> None:
    text = tr("e_already_played", lang, card="4c", trick=1).lower()
    for word in ("scan", "passa", "tocca", "tap", "tippe"):
        assert word not in text


def test_a_tapped_card_refused_is_asked_again_as_a_tap(make_table: MakeTable) -> None:
    t = picker_table(make_table)
    first = make_variant("treseta4").deck.parse("4c")
    t.put(ui.PlayCard(first))
    t.put(ui.PlayCard(first))
    said = t.ctl.message.message
    assert render(said, "en").endswith("tap the card you are playing")
    assert "tocca la carta" in render(said, "it") and "tippe die Karte an" in render(said, "de")
    assert t.ctl.message.level == "refusal"


def test_a_scanned_card_refused_is_asked_again_as_a_scan(make_table: MakeTable) -> None:
    t = picker_table(make_table)
    t.put(ui.SimScan("4c"))
    assert t.ctl.match is not None and t.ctl.match.state is not None
    assert len(t.ctl.match.state.trick) == 1
    t.put(ui.SimScan("4c"))
    assert render(t.ctl.message.message, "en").endswith("scan the card you are playing")


def test_a_trick_taken_says_who_took_it(make_table: MakeTable) -> None:
    t = picker_table(make_table)
    assert t.ctl.match is not None
    st = t.ctl.match.state
    assert st is not None
    while not st.tricks:
        picker = t.ctl.model().picker
        assert picker is not None
        dimmed = dict(picker.dimmed)
        t.put(ui.PlayCard(next(c for c in picker.cards if c not in dimmed)))
    said = t.ctl.message.message
    assert said.key == "m_trick_taken"
    assert render(said, "en") == f"Trick 1 to seat {st.tricks[0].winner + 1}"
    assert t.ctl.model().picker is not None  # the note is shown over the picker


def test_the_new_game_greeting_goes_with_the_first_card(make_table: MakeTable) -> None:
    t = picker_table(make_table)
    assert t.ctl.message.message.key == "m_new_game"
    t.put(ui.PlayCard(make_variant("treseta4").deck.parse("4c")))
    assert not t.ctl.message.message


@pytest.mark.parametrize("scoresheet", [False, True])
def test_a_table_of_real_cards_names_seats_not_you(make_table: MakeTable, scoresheet: bool) -> None:
    """Nobody sits at the screen of a real-cards game: seat 1 is "Seat 1", a side its seats
    ("Seat 1 + 3": one name for a side on the screen, in the CLI and in records, issue 36)."""
    from ui.i18n import tr as t_
    from ui.layout import shared_table

    t = make_table(variant="treseta4", seats=["table"] * 4, options={"accusi": False})
    t.ctl.reader_fitted = False
    t.ctl.new_match(scoresheet=scoresheet)
    model = t.ctl.model()
    assert shared_table(model)  # the bottom seat drawn as the others, sides by number
    from ui.cards import CardArt
    from ui.fonts import Fonts
    from ui.handend import HandEndScreen
    from ui.widgets import Ctx, seat_name

    fonts = Fonts()
    ctx = Ctx(fonts, CardArt(fonts), settings={"language": "en"})
    assert [seat_name(model, s, ctx) for s in range(4)] == [f"Seat {s + 1}" for s in range(4)]
    end = HandEndScreen.__new__(HandEndScreen)
    end.ctx, end.model = ctx, model
    assert [end.side_name(x) for x in (0, 1)] == ["Seat 1 + 3", "Seat 2 + 4"]
    assert t_("you", "en") not in (end.side_name(0), seat_name(model, 0, ctx))


def test_a_screen_game_keeps_its_you(make_table: MakeTable) -> None:
    from ui.layout import shared_table

    t = make_table(variant="treseta4")
    t.ctl.new_match()
    m = t.ctl.model()
    assert any(s.kind == "human" for s in m.seats)
    assert not shared_table(m) or not m.show_hand
