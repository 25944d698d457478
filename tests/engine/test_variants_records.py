"""Records of the three- and four-player games: the new action kinds (docs/records.md,
"More players"), read, replayed and refused with their place."""

from __future__ import annotations

import json
from typing import Any

import pytest

from firmware.engine import RecordError, make_variant
from firmware.engine.records import dumps, loads, replay
from tests.engine.test_variants_support import fill_deal


def doc(name: str, options: dict[str, Any], deal: dict[str, Any], actions: list[dict[str, Any]]) -> dict[str, Any]:
    return {
        "format": "tressette-record/1",
        "variant": name,
        "options": options,
        "hands": [{"dealer": 0, "deal": deal, "actions": actions}],
    }


def treseta_deal() -> dict[str, Any]:
    # Seat 1 leads with 3c Ac 7c 4d; seat 0 holds 2c Rc Cc Fc 6c 5c 4c 3d 2d Ad.
    return fill_deal(make_variant("treseta4"), {1: "3c Ac 7c 4d"})


def test_signals_in_a_record() -> None:
    d = doc("treseta4", {}, treseta_deal(), [
        {"seat": 1, "play": "7c", "signal": ["busso", "striscio"]},
        {"seat": 2, "play": "3s"},
    ])
    match = replay(d)
    assert match.state is not None and match.state.signals[0].names == ("busso", "striscio")
    assert json.loads(dumps(match))["hands"][0]["actions"] == d["hands"][0]["actions"]


@pytest.mark.parametrize(
    ("options", "action", "reason"),
    [
        ({}, {"seat": 1, "play": "7c", "signal": ["volo"]}, "volo must be true"),
        ({"signals": "alternative"}, {"seat": 1, "play": "4d", "signal": ["busso"]}, "busso must be true"),
        ({"signals": "none"}, {"seat": 1, "play": "4d", "signal": ["striscio"]}, "no signals"),
        ({}, {"seat": 1, "play": "4d", "signal": "busso"}, "'signal' must be a list"),
        ({}, {"seat": 1, "claim": True}, "chiamarsi fuori is not played"),
        ({}, {"seat": 1, "call": "3d"}, "no call in this game"),
    ],
)
def test_refused_with_place_and_reason(options: dict[str, Any], action: dict[str, Any], reason: str) -> None:
    with pytest.raises(RecordError, match=rf"hand 1, action 0: .*{reason}"):
        replay(doc("treseta4", options, treseta_deal(), [action]))


def test_claim_in_a_record() -> None:
    deal = fill_deal(make_variant("tressette4"), {1: "3c Ac 7c 4d"})
    match = replay(doc("tressette4", {}, deal, [{"seat": 1, "play": "3c"}, {"seat": 3, "claim": True}]))
    assert match.finished and match.winner == 0 and match.ledger[-1].reason == "claim_wrong"
    with pytest.raises(RecordError, match="'claim' must be true"):
        replay(doc("tressette4", {}, deal, [{"seat": 3, "claim": False}]))


def test_decima_in_a_record() -> None:
    deal = fill_deal(make_variant("tressette4"), {1: "3c 2c Ac Rc Cc Fc 7c 6c 5c 4c"})
    plays = [{"seat": 1, "play": "4c"}] + [{"seat": s, "play": deal[str(s)][0]} for s in (2, 3, 0)]
    match = replay(doc("tressette4", {}, deal, [*plays, {"seat": 1, "declare": {"kind": "decima", "suit": "c"}}]))
    assert match.ledger[-1].multiplier == 16 and match.winner == 1
    assert loads(dumps(match)).ledger == match.ledger


def test_call_in_a_record_and_a_wrong_call() -> None:
    deal = fill_deal(make_variant("chiamata"), {1: "3c Ac 7c 4d"})
    match = replay(doc("chiamata", {}, deal, [{"seat": 1, "call": "3d"}, {"seat": 1, "play": "4d"}]))
    assert match.state is not None and match.state.called is not None
    with pytest.raises(RecordError, match="action 0: you may not call 3c"):
        replay(doc("chiamata", {}, deal, [{"seat": 1, "call": "3c"}]))
    with pytest.raises(RecordError, match="action 0: seat 1 must first call"):
        replay(doc("chiamata", {}, deal, [{"seat": 1, "play": "4d"}]))


def test_widow_dealt_and_discard_in_a_record() -> None:
    v = make_variant("terziglio3", {"widow": "dealt"})
    deal = fill_deal(v, {}, aside="Ac Ad As Ab")
    match = replay(doc("terziglio3", {"widow": "dealt"}, deal, [{"seat": 0, "discard": "Ab"}]))
    assert match.state is not None and match.state.widow == (v.deck.parse("Ab"),)
    with pytest.raises(RecordError, match="action 0: only the dealer lays a card away"):
        replay(doc("terziglio3", {"widow": "dealt"}, deal, [{"seat": 1, "discard": "Ac"}]))


def test_explicit_deal_must_hold_the_cards_aside() -> None:
    v = make_variant("treschetten3")
    deal = fill_deal(v, {})
    assert len(deal["aside"]) == 2
    del deal["aside"]
    with pytest.raises(RecordError, match="hand 1: the deal must hold the whole bavarian deck"):
        replay(doc("treschetten3", {}, deal, []))


def test_unknown_option_of_a_new_preset_is_refused() -> None:
    with pytest.raises(RecordError, match="no option 'zu_tun'"):
        replay(doc("treschetten4", {"zu_tun": True}, {"seed": 1}, []))
    with pytest.raises(RecordError, match="'accusi': True is not one of false"):
        replay(doc("ciapano", {"accusi": True}, {"seed": 1}, []))
