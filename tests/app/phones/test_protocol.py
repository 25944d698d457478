"""The phones' wire (docs/phones.md, "The protocol"): every message both ways.

Every message type round-trips through :func:`protocol.parse`; anything that is
not exactly one of them (garbage bytes, wrong types, extra or missing fields,
huge frames, deep nesting) is one :class:`ProtocolError` with a code the page
knows, never another exception.
"""

from __future__ import annotations

import json
import secrets
from typing import Any, get_args

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import ui.intents as ui
from firmware.app.phones import protocol as p
from ui.i18n import has

CODES = st.from_regex(r"[0-9]{6}", fullmatch=True)
SECRETS = st.builds(lambda: secrets.token_urlsafe(32))
LANGS = st.sampled_from(["it", "de", "en"])
V = st.integers(0, p.MAX_V)
CARD = st.integers(0, p.MAX_CARD)
SIGNALS = st.lists(st.from_regex(r"[a-z_]{1,16}", fullmatch=True), max_size=4)
DECL = st.fixed_dictionaries(
    {"kind": st.sampled_from(sorted(p.DECL_KINDS))},
    optional={"suit": st.none() | st.integers(0, 7), "rank": st.none() | st.integers(0, 15),
              "missing": st.none() | st.integers(0, 7), "extra": st.none() | st.integers(0, 40)},
)  # fmt: skip

MESSAGES = st.one_of(
    st.fixed_dictionaries({"type": st.just("join"), "code": CODES}, optional={"lang": LANGS}),
    st.fixed_dictionaries({"type": st.just("resume"), "secret": SECRETS}, optional={"lang": LANGS}),
    st.fixed_dictionaries({"type": st.just("lang"), "lang": LANGS}),
    st.just({"type": "ping"}),
    st.fixed_dictionaries({"type": st.just("play"), "v": V, "card": CARD}, optional={"signals": SIGNALS}),
    st.fixed_dictionaries({"type": st.just("declare"), "v": V, "declaration": DECL}),
    st.fixed_dictionaries({"type": st.sampled_from(["nothing", "claim", "next", "hint"]), "v": V}),
    st.fixed_dictionaries({"type": st.sampled_from(["call", "zutun"]), "v": V, "card": CARD}),
)


def test_every_message_type_is_covered() -> None:
    assert set(p.MESSAGE_TYPES) == {"join", "resume", "lang", "ping", "play", "declare", "nothing", "claim",
                                    "call", "zutun", "next", "hint"}  # fmt: skip


@given(MESSAGES)
def test_every_message_round_trips(obj: dict[str, Any]) -> None:
    message = p.parse(json.dumps(obj))
    match message:
        case p.Join():
            assert (message.code, message.lang) == (obj["code"], obj.get("lang", "it"))
        case p.Resume():
            assert message.secret == obj["secret"]
        case p.SetLang():
            assert message.lang == obj["lang"]
        case p.Ping():
            assert obj == {"type": "ping"}
        case p.Tap():
            assert message.what == obj["type"] and message.v == obj["v"]
            assert message.card == obj.get("card")
            assert list(message.signals) == obj.get("signals", [])
            intent = message.intent(2)
            if obj["type"] == "declare":
                assert isinstance(intent, ui.Declare) and intent.declare_action.seat == 2
                assert intent.declare_action.kind == obj["declaration"]["kind"]
            if obj["type"] == "hint":
                assert intent == ui.Hint()  # the seat's own: the message names none
            if obj["type"] == "play":
                assert intent == ui.PlayCard(obj["card"], tuple(obj.get("signals", [])))
    assert p.parse(json.dumps(obj).encode()) == message  # a binary frame says the same


@given(MESSAGES, st.sampled_from(["v", "card", "code", "secret", "lang", "declaration", "signals"]),
       st.one_of(st.none(), st.booleans(), st.floats(), st.integers(-10**20, -1), st.integers(2**53, 2**80),
                 st.text(max_size=50), st.lists(st.integers(), max_size=5),
                 st.dictionaries(st.text(max_size=5), st.integers(), max_size=3)))  # fmt: skip
def test_a_field_of_the_wrong_kind_is_one_clear_refusal(obj: dict[str, Any], key: str, value: object) -> None:
    if key not in obj:
        return
    bad = {**obj, key: value}
    try:
        p.parse(json.dumps(bad))
    except p.ProtocolError as exc:
        assert exc.code == "bad_message" and exc.detail
    # else: the value happened to be valid for that field (an int in range, a lang)


@given(MESSAGES, st.text(min_size=1, max_size=10).filter(lambda k: k != "type"), st.integers())
def test_an_unknown_field_is_refused(obj: dict[str, Any], key: str, value: int) -> None:
    if key in obj or key in ("lang", "signals"):
        return
    with pytest.raises(p.ProtocolError) as err:
        p.parse(json.dumps({**obj, key: value}))
    assert err.value.code == "bad_message"


@given(MESSAGES)
def test_a_missing_field_is_refused(obj: dict[str, Any]) -> None:
    for key in [k for k in obj if k not in ("type", "lang", "signals")]:
        with pytest.raises(p.ProtocolError) as err:
            p.parse(json.dumps({k: v for k, v in obj.items() if k != key}))
        assert err.value.code == "bad_message" and key in err.value.detail


@settings(max_examples=300)
@given(st.binary(max_size=600) | st.text(max_size=600))
def test_garbage_is_one_protocol_error(frame: bytes | str) -> None:
    try:
        message = p.parse(frame)
    except p.ProtocolError as exc:
        assert exc.code in ("bad_json", "bad_message", "too_big")
    else:  # garbage that happens to be a message (hypothesis will not find one, but)
        assert isinstance(message, (p.Join, p.Resume, p.SetLang, p.Ping, p.Tap))


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda kids: st.lists(kids, max_size=4) | st.dictionaries(st.text(max_size=8), kids, max_size=4),
    max_leaves=30,
)


@settings(max_examples=300)
@given(JSON)
def test_any_json_value_is_a_message_or_one_protocol_error(value: object) -> None:
    try:
        p.parse(json.dumps(value))
    except p.ProtocolError as exc:
        assert exc.code == "bad_message"


def test_huge_and_deep_frames_are_refused_before_parsing() -> None:
    huge = json.dumps({"type": "ping", "pad": "x" * p.MAX_FRAME})
    with pytest.raises(p.ProtocolError) as err:
        p.parse(huge)
    assert err.value.code == "too_big"
    deep = "[" * 2000 + "]" * 2000  # within the size limit, deeper than any message
    with pytest.raises(p.ProtocolError) as err:
        p.parse(deep)
    assert err.value.code in ("bad_json", "bad_message")
    with pytest.raises(p.ProtocolError):
        p.parse("[" * 4000)


def test_bools_are_not_numbers_and_codes_are_exactly_six_digits() -> None:
    for bad in ({"type": "play", "v": True, "card": 3}, {"type": "play", "v": 1, "card": False},
                {"type": "join", "code": "12345"}, {"type": "join", "code": "1234567"},
                {"type": "join", "code": 123456}, {"type": "join", "code": "12a456"},
                {"type": "resume", "secret": "x" * 42}, {"type": "resume", "secret": "/" * 43},
                {"type": "play", "v": 1, "card": 3, "signals": ["BUSSO"]},
                {"type": "play", "v": 1, "card": 3, "signals": ["a", "b", "c", "d", "e"]},
                {"type": "declare", "v": 1, "declaration": {"kind": "bogus"}},
                {"type": "declare", "v": 1, "declaration": {"kind": "four", "colour": 1}}):  # fmt: skip
        with pytest.raises(p.ProtocolError) as err:
            p.parse(json.dumps(bad))
        assert err.value.code == "bad_message", bad


@pytest.mark.parametrize("code", get_args(p.ErrorCode))
@pytest.mark.parametrize("lang", ["it", "de", "en"])
def test_every_error_has_words_in_every_language(code: p.ErrorCode, lang: str) -> None:
    assert has("w_" + code)
    frame = json.loads(p.error_frame(code, lang, retry_after=3.14))
    assert frame["type"] == "error" and frame["code"] == code and frame["retry_after"] == 3.1
    assert frame["text"] and not frame["text"].startswith("w_")


@pytest.mark.parametrize("code", ["replaced", "seat_freed", "no_longer_phone", "timeout", "flood", "stopping"])
def test_every_bye_has_words(code: p.ByeCode) -> None:
    for lang in ("it", "de", "en"):
        frame = json.loads(p.bye_frame(code, lang))
        assert frame == {"type": "bye", "code": code, "text": frame["text"]} and not frame["text"].startswith("w_")


def test_welcome_carries_the_secret_only_when_given() -> None:
    first = json.loads(p.welcome_frame(seat=1, secret="s" * 43, table={"n_seats": 4}, lang="de"))
    again = json.loads(p.welcome_frame(seat=1, secret=None, table={"n_seats": 4}, lang="de"))
    assert first["secret"] == "s" * 43 and "secret" not in again
    assert again == {"type": "welcome", "seat": 1, "lang": "de", "n_seats": 4}


def test_every_deck_card_fits_the_wire() -> None:
    from firmware.engine.cards import DECKS

    for deck in DECKS.values():
        for card in deck.cards:
            assert p.parse(json.dumps({"type": "play", "v": 0, "card": card})) == p.Tap("play", 0, card)
