"""The three line-framer faults found by trying (issue: every failure seen and survived).

Each test reproduced its fault before the fix: the discarding flag outliving
the stale timeout, an optional id group that did not take part, and a user
pattern that backtracks catastrophically.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hal.config import load_hardware_config
from hal.reader import LineFramer, LineParser, check_line_pattern, line_frame

CATASTROPHIC = [
    r"(a+)+$",
    r"(\w+\s?)+$",
    r"([A-Za-z0-9]+)*-",
    r"(a|ab)*c",
    r"(a|a)*b",
    r"(?:a?){30}a{30}",
    r"(\d+)-\1",
    r"\d*\d*\d*\d*\d*!",
]
ACCEPTED = [
    r"[0-9A-Za-z\-]{1,64}",  # the default
    r"CARD-(?P<id>\d+)",  # docs/hardware.md
    r"(?:CARD-)?(?P<id>[0-9A-F]{4,16})",
    r"[A-Z]{2}\d{6}",
    r".*=(\w+)",
    r"(x)?\d+",
]


def test_an_overlong_line_then_a_pause_does_not_cost_the_next_code() -> None:
    framer = LineFramer(max_line=16, stale_timeout=1.0)
    assert framer.feed(b"X" * 40, 0.0) == []  # over-long, its terminator never came
    assert framer.stats.too_long == 1
    # A new scan after the stale timeout is a line of its own.
    assert framer.feed(line_frame("CODE-1"), 5.0) == ["CODE-1"]
    assert framer.stats.stale == 1


def test_an_overlong_line_still_swallows_its_own_tail_without_a_pause() -> None:
    framer = LineFramer(max_line=16, stale_timeout=1.0)
    assert framer.feed(b"X" * 40, 0.0) == []
    assert framer.feed(b"YYY\r\n" + line_frame("CODE-2"), 0.1) == ["CODE-2"]


def test_the_parser_poll_also_ends_the_discarding() -> None:
    parser = LineParser(pattern=r"CODE-\d", max_line=16, stale_timeout=1.0)
    parser.feed(b"X" * 40, 0.0)
    parser.poll(2.0)  # the reader thread polls with no data
    assert [getattr(e, "tag_id", None) for e in parser.feed(line_frame("CODE-3"), 2.1)] == ["CODE-3"]


@pytest.mark.parametrize(
    ("pattern", "line", "tag"),
    [
        (r"(?:CARD-(?P<id>\d+))?\d*", "1234", "1234"),  # id group did not take part
        (r"(PREFIX-)?\d+", "42", "42"),  # first group did not take part
        (r"(?:CARD-(?P<id>\d+))?\d*", "CARD-7", "7"),
    ],
)
def test_a_group_that_did_not_take_part_yields_the_whole_line(
    pattern: str, line: str, tag: str
) -> None:
    framer = LineFramer(pattern=pattern)
    assert framer.feed(line_frame(line), 0.0) == [tag]
    assert framer.stats.frames == 1


@pytest.mark.parametrize("pattern", CATASTROPHIC)
def test_a_catastrophic_pattern_is_refused_when_the_settings_load(pattern: str) -> None:
    assert check_line_pattern(pattern) is not None
    config, errors = load_hardware_config({"reader": {"enabled": True, "protocol": "lines", "pattern": pattern}})
    assert any("refused" in e for e in errors), errors
    assert not config.reader.enabled  # the reader stays off: the touchscreen still plays
    with pytest.raises(ValueError, match="refused"):
        LineFramer(pattern=pattern)


@pytest.mark.parametrize("pattern", ACCEPTED)
def test_ordinary_patterns_are_accepted(pattern: str) -> None:
    assert check_line_pattern(pattern) is None
    _, errors = load_hardware_config({"reader": {"protocol": "lines", "pattern": pattern}})
    assert errors == []


@settings(max_examples=150, deadline=None, derandomize=True)
@given(pattern=st.text(alphabet="ab()*+?|{}[]\\d,1-3^$.", max_size=14))
def test_any_pattern_text_is_either_refused_or_a_working_framer(pattern: str) -> None:
    why = check_line_pattern(pattern)
    if why is None:
        framer = LineFramer(pattern=pattern, max_line=32)
        framer.feed(b"ab" * 20 + b"\n" + b"a" * 29 + b"!\n", 0.0)
    else:
        assert pattern in why or "regular expression" in why


@st.composite
def scans(draw: st.DrawFn) -> list[tuple[str, object]]:
    """A scanner's session: good codes, over-long lines cut short, pauses."""
    out: list[tuple[str, object]] = []
    for _ in range(draw(st.integers(1, 12))):
        kind = draw(st.sampled_from(["code", "code", "long", "pause"]))
        if kind == "code":
            out.append(("code", draw(st.from_regex(r"[0-9A-Z]{1,12}", fullmatch=True))))
        elif kind == "long":
            out.append(("long", draw(st.integers(17, 60))))
        else:
            out.append(("pause", draw(st.floats(1.5, 30.0))))
    return out


@settings(max_examples=200, deadline=None, derandomize=True)
@given(session=scans(), cuts=st.lists(st.integers(1, 8), max_size=20))
def test_after_a_pause_every_code_is_found_whatever_came_before(
    session: list[tuple[str, object]], cuts: list[int]
) -> None:
    framer = LineFramer(max_line=16, stale_timeout=1.0)
    now, found, expected, discarding = 0.0, [], [], False
    for kind, value in session:
        if kind == "pause":
            now += float(value)  # type: ignore[arg-type]
            discarding = False
            continue
        if kind == "long":
            data, discarding = b"X" * int(value), True  # type: ignore[call-overload]
        else:
            data = line_frame(str(value))
            if not discarding:
                expected.append(value)
            discarding = False  # its terminator ends whatever was being dropped
        pieces, rest = [], data
        for cut in cuts:
            if not rest:
                break
            pieces.append(rest[:cut])
            rest = rest[cut:]
        for piece in [*pieces, rest]:
            if piece:
                now += 0.001
                found += framer.feed(piece, now)
    assert found == expected
