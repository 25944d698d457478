"""A person's name (firmware.engine.names): any script and emoji, nothing hidden, bounded.

The hostile names a phone or an edited journal could carry: markup, bidi overrides,
newlines, 10k characters, zalgo towers, lone joiners; every one is refused with a
reason or accepted as plain text that stays plain (no control, no format character
but the joiner inside an emoji), and one name of a side is built from them.
"""

from __future__ import annotations

import time
import unicodedata

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from firmware.engine.names import (
    MAX_BYTES,
    MAX_CHARS,
    BadName,
    check_name,
    check_players,
    fit_name,
    graphemes,
    side_label,
)

ACCEPTED = {
    "  Anna ": "Anna",
    "Đurđa": "Đurđa",
    "Jürgen": "Jürgen",
    "Zoë 🃏": "Zoë 🃏",
    "Zoe\u0308": "Zoë",  # NFC: one ë
    "Marco   Rossi": "Marco Rossi",
    "Anna\u00a0Maria": "Anna Maria",  # any space is one space
    "👨\u200d👩\u200d👧\u200d👦": "👨\u200d👩\u200d👧\u200d👦",
    "🇭🇷 Ivo": "🇭🇷 Ivo",
    "👍🏽": "👍🏽",
    "王小明": "王小明",
    "محمد": "محمد",
    "<img src=x onerror=": "<img src=x onerror=",
    "\nAnna\n": "Anna",  # trimmed: only what is inside counts
}

REFUSED = {
    "": "empty",
    "   ": "empty",
    "\u3000": "empty",
    "Anna\nINFO forged": "character",
    "An\rna": "character",
    "Anna\tB": "character",
    "Anna\u202eocraM": "character",  # right-to-left override
    "\u2066Anna\u2069": "character",  # isolates
    "An\u200bna": "character",  # zero-width space
    "An\u200dna": "character",  # a joiner between letters
    "Anna\u200d": "character",
    "Anna\u2028B": "character",  # line separator
    "Anna\x00": "character",
    "\ue000": "character",  # private use
    "Z" + "\u0301" * 9: "character",
    "\u0301Anna": "character",
    "x" * 21: "long",
    "x" * 10_000: "long",
    "🃏" * 40: "long",
}


@pytest.mark.parametrize(("text", "name"), ACCEPTED.items())
def test_names_of_any_script_and_emoji_are_kept(text: str, name: str) -> None:
    assert check_name(text) == name
    assert check_name(name) == name  # checked again: the same


@pytest.mark.parametrize(("text", "why"), REFUSED.items(), ids=[ascii(k)[:30] for k in REFUSED])
def test_hostile_names_are_refused_with_a_reason_that_never_repeats_them(text: str, why: str) -> None:
    with pytest.raises(BadName) as err:
        check_name(text)
    assert err.value.why == why
    line = str(err.value)
    assert "\n" not in line and "\r" not in line and (len(text.strip()) < 3 or text.strip() not in line)


@pytest.mark.parametrize("value", [None, 3, b"Anna", ["Anna"]])
def test_a_name_is_text(value: object) -> None:
    with pytest.raises(BadName):
        check_name(value)


def test_a_huge_name_is_refused_at_once() -> None:
    t0 = time.thread_time()  # CPU: the other processes of a busy machine do not count
    for _ in range(100):
        with pytest.raises(BadName):
            check_name("\u0301" * 1_000_000)
    assert time.thread_time() - t0 < 1.0


@settings(max_examples=400, deadline=None)
@given(st.text(max_size=60))
def test_any_text_is_refused_or_a_plain_bounded_name(text: str) -> None:
    try:
        name = check_name(text)
    except BadName as exc:
        assert exc.why in ("empty", "long", "character")
        return
    assert name == name.strip() and name == unicodedata.normalize("NFC", name)
    assert 1 <= len(graphemes(name)) <= MAX_CHARS and len(name.encode()) <= MAX_BYTES
    for ch in name:
        cat = unicodedata.category(ch)
        assert cat not in ("Cc", "Cs", "Co", "Cn", "Zl", "Zp"), ascii(name)
        assert cat != "Cf" or ch == "\u200d" or 0xE0020 <= ord(ch) < 0xE0080, ascii(name)
    assert "  " not in name
    assert check_name(name) == name


@settings(max_examples=300, deadline=None)
@given(st.text(min_size=1, max_size=40), st.integers(1, 25))
def test_a_name_cut_to_fit_is_never_cut_inside_a_character(text: str, k: int) -> None:
    cut = fit_name(text, k)
    whole = graphemes(text)
    if len(whole) <= k:
        assert cut == text
    else:
        assert cut.endswith("…") and len(graphemes(cut)) <= k
        assert graphemes(cut[:-1]) == whole[: k - 1]


def test_one_name_for_a_side() -> None:
    def seat(n: str) -> str:
        return f"Seat {n}"

    assert side_label([0, 2], ["Anna", None, "Marco", None], seat) == "Anna + Marco"
    assert side_label([0, 2], ["Anna", None, None, None], seat) == "Anna + Seat 3"
    assert side_label([1, 3], ["Anna", None, None, None], seat) == "Seat 2 + 4"
    assert side_label([1], [], seat) == "Seat 2"
    assert side_label([0, 2], [], lambda n: f"seat {n}", first=0) == "seat 0 + 2"


def test_players_of_a_record_or_journal() -> None:
    assert check_players(None, 2) == (None, None)
    assert check_players(["Anna", None], 2) == ("Anna", None)
    for bad in (["Anna"], "Anna", ["A\nB", None], [1, None], {"0": "Anna"}):
        with pytest.raises(BadName):
            check_players(bad, 2)
