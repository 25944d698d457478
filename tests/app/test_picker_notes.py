"""The picker's words: a refused card is answered by the way it came (tap or scan; the
engine's reason itself is neutral), and a trick just taken says who took it."""

from __future__ import annotations

import pytest

import ui.intents as ui
from firmware.engine import make_variant
from ui.i18n import render, tr


def picker_table(make_table):
    t = make_table(variant="treseta4", seats=["table"] * 4, options={"accusi": False})
    t.ctl.reader_fitted = False
    assert t.ctl.new_match().accepted
    return t


@pytest.mark.parametrize("lang", ["it", "de", "en"])
def test_the_engines_reason_names_no_input_device(lang: str) -> None:
    text = tr("e_already_played", lang, card="4c", trick=1).lower()
    for word in ("scan", "passa", "tocca", "tap", "tippe"):
        assert word not in text


def test_a_tapped_card_refused_is_asked_again_as_a_tap(make_table) -> None:
    t = picker_table(make_table)
    first = make_variant("treseta4").deck.parse("4c")
    t.put(ui.PlayCard(first))
    t.put(ui.PlayCard(first))
    said = t.ctl.message.message
    assert render(said, "en").endswith("tap the card you are playing")
    assert "tocca la carta" in render(said, "it") and "tippe die Karte an" in render(said, "de")
    assert t.ctl.message.level == "refusal"


def test_a_scanned_card_refused_is_asked_again_as_a_scan(make_table) -> None:
    t = picker_table(make_table)
    t.put(ui.SimScan("4c"))
    assert len(t.ctl.match.state.trick) == 1
    t.put(ui.SimScan("4c"))
    assert render(t.ctl.message.message, "en").endswith("scan the card you are playing")


def test_a_trick_taken_says_who_took_it(make_table) -> None:
    t = picker_table(make_table)
    st = t.ctl.match.state
    while not st.tricks:
        dimmed = dict(t.ctl.model().picker.dimmed)
        t.put(ui.PlayCard(next(c for c in t.ctl.model().picker.cards if c not in dimmed)))
    said = t.ctl.message.message
    assert said.key == "m_trick_taken"
    assert render(said, "en") == f"Trick 1 to seat {st.tricks[0].winner + 1}"
    assert t.ctl.model().picker is not None  # the note is shown over the picker
