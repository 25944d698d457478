"""Every settings file goes through one loader: bad files are one readable
problem and the defaults, never a traceback (issue: every failure seen and
survived). Each example below ended in a traceback or was silently ignored
before the shared loader (hal/settingsfile.py)."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from firmware import config
from hal.config import load_file
from hal.settingsfile import MAX_DEPTH, SettingsFileError, depth, parse_toml

DEEP_ARRAY = "a = " + "[" * 5000 + "]" * 5000 + "\n"
DEEP_TABLE = "[game]\noptions = " + "{x = " * 3000 + "1" + "}" * 3000 + "\n"
DOTTED = "[" + ".".join(["t"] * 40) + "]\nk = 1\n"


def write(tmp_path: Path, data: bytes | str, name: str = "s.toml") -> Path:
    path = tmp_path / name
    if isinstance(data, str):
        data = data.encode()
    path.write_bytes(data)
    return path


@pytest.mark.parametrize(
    ("data", "needle"),
    [
        (DEEP_ARRAY, "nested too deeply"),
        (DEEP_TABLE, "nested too deeply"),
        (DOTTED, "nested too deeply"),
        (b"# Einstellungen f\xfcr die Box\n[ui]\nlanguage = \"de\"\n", "line 1: byte 0xfc is not UTF-8"),
        ("[ui]\nlanguage = \"de\"\n".encode("utf-16"), "UTF-16"),
        (b"\x00\x01\x02garbage", "NUL"),
        (b"x" * 300_000, "larger than"),
        ("[game\n", "not valid TOML"),
    ],
)
def test_a_file_that_cannot_be_used_is_one_problem_and_the_defaults(
    tmp_path: Path, data: bytes | str, needle: str
) -> None:
    path = write(tmp_path, data)
    s, problems = config.load(path)
    assert len(problems) == 1 and needle in problems[0], problems
    assert s.game.variant == "tressette2" and s.ui.language == "it"
    hw, errors = load_file(path)  # what tressette hardware-test reads
    assert len(errors) == 1 and needle in errors[0]
    assert not hw.buttons.enabled


def test_a_utf8_bom_is_accepted(tmp_path: Path) -> None:
    s, problems = config.load(write(tmp_path, b"\xef\xbb\xbf[ui]\nlanguage = \"en\"\n"))
    assert problems == [] and s.ui.language == "en"


@pytest.mark.parametrize(
    ("text", "needle"),
    [
        ('[ui]\nlangauge = "en"\n', "[ui]: unknown setting 'langauge' (did you mean 'language'?)"),
        ('[gmae]\nvariant = "briscola"\n', "unknown table 'gmae' (did you mean 'game'?)"),
        ("[game]\nthink = 100\n", "[game]: unknown setting 'think' (did you mean 'think_ms'?)"),
        ('[paths]\nstatedir = "/x"\n', "did you mean 'state_dir'?"),
        ("[hardware.buttons]\ndebounce = 40\n", "did you mean 'debounce_ms'?"),
        ("[hardware.dispaly]\nclk = 5\n", "unknown table 'dispaly' (did you mean 'display'?)"),
        ("[zzz]\nq = 1\n", "unknown table 'zzz' (known: game, hardware, network, paths, phones, ui)"),
    ],
)
def test_misspelt_keys_and_tables_are_reported_with_the_nearest_name(
    tmp_path: Path, text: str, needle: str
) -> None:
    _, problems = config.load(write(tmp_path, text))
    assert any(needle in p for p in problems), problems


def test_every_documented_value_is_accepted(tmp_path: Path) -> None:
    # the program's default file and hal's documented [hardware] section, with menu = false
    from hal.config import DEFAULT_TOML as HARDWARE_TOML

    text = config.DEFAULT_TOML.replace("# [hardware]\n", "") + HARDWARE_TOML
    text = text.replace("menu = 26 ", "menu = false ")
    s, problems = config.load(write(tmp_path, text))
    assert problems == []
    assert s.hardware_config.buttons.menu is None and s.hardware_config.buttons.enabled


def test_the_overlay_reports_unknown_keys_and_keeps_the_good_ones(tmp_path: Path) -> None:
    s, _ = config.load(write(tmp_path, '[ui]\nlanguage = "it"\n'))
    write(tmp_path, '[ui]\nlanguage = "de"\nsoudns = false\n[extra]\nx = 1\n', config.OVERLAY_NAME)
    problems = config.apply_overlay(s, tmp_path)
    assert s.ui.language == "de"
    assert any("did you mean 'sounds'?" in p for p in problems)
    assert any("unknown table 'extra'" in p for p in problems)


@pytest.mark.parametrize("data", [DEEP_ARRAY.encode(), b"\xff\xfe[\x00u\x00", b"lang\xe9 = 1"])
def test_an_unusable_overlay_is_moved_aside(tmp_path: Path, data: bytes) -> None:
    s, _ = config.load(write(tmp_path, '[ui]\nlanguage = "en"\n'))
    write(tmp_path, data, config.OVERLAY_NAME)
    problems = config.apply_overlay(s, tmp_path)
    assert len(problems) == 1 and s.overlay_moved is not None
    assert s.ui.language == "en"


def test_depth_is_counted_without_recursion() -> None:
    value: object = 1
    for _ in range(100_000):
        value = [value]
    assert depth(value) > MAX_DEPTH
    assert depth({"a": {"b": [1, 2]}}) == 3


# --- property-based: any bytes, any document -------------------------------------

toml_scalar = st.one_of(
    st.booleans(), st.integers(-(2**63), 2**63 - 1), st.text(max_size=12),
    st.floats(allow_nan=False, allow_infinity=False),
)
toml_value = st.recursive(
    toml_scalar,
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(st.text(min_size=1, max_size=8), inner, max_size=4)),
    max_leaves=12,
)
keys = st.sampled_from(
    ["game", "ui", "paths", "hardware", "variant", "seats", "think_ms", "options", "language",
     "brightness", "sounds", "deck_style", "state_dir", "buttons", "display", "reader", "menu",
     "pattern", "debounce_ms", "clk", "enabled", "langauge", "x"]
)
documents = st.recursive(
    st.dictionaries(keys, toml_value, max_size=5),
    lambda inner: st.dictionaries(keys, inner, max_size=4),
    max_leaves=10,
)


def dump(doc: dict[str, object]) -> str:
    """A minimal TOML writer for the generated documents (inline tables)."""

    def value(v: object) -> str:
        if isinstance(v, bool):
            return "true" if v else "false"
        if isinstance(v, int | float):
            return repr(v)
        if isinstance(v, str):
            return '"' + v.encode("unicode_escape").decode().replace('"', '\\"') + '"'
        if isinstance(v, list):
            return "[" + ", ".join(value(x) for x in v) + "]"
        assert isinstance(v, dict)
        return "{" + ", ".join(f"{k!r} = {value(x)}".replace("'", '"') for k, x in v.items()) + "}"

    return "".join(f'"{k}" = {value(v)}\n' for k, v in doc.items())


@settings(max_examples=150, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(doc=documents)
def test_any_document_gives_settings_and_readable_problems(tmp_path: Path, doc: dict[str, object]) -> None:
    path = write(tmp_path, dump(doc))
    s, problems = config.load(path)
    assert all(isinstance(p, str) and "\n" not in p.strip() for p in problems)
    assert s.ui.language in config.LANGUAGES and 0 <= s.ui.brightness <= 7
    config.apply_overlay(s, tmp_path)  # the same document as an overlay: never raises
    load_file(path)


@settings(max_examples=150, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.binary(max_size=200) | st.text(max_size=200).map(str.encode))
def test_any_bytes_give_a_document_or_one_clear_error(data: bytes) -> None:
    try:
        doc = parse_toml(data)
    except SettingsFileError as exc:
        assert str(exc) and "Traceback" not in str(exc)
    else:
        assert isinstance(doc, dict)


def toml_blocks() -> list[tuple[str, str]]:
    import re

    from tests.app.conftest import REPO

    out = []
    for doc in sorted((REPO / "docs").glob("*.md")):
        for i, block in enumerate(re.findall(r"```toml\n(.*?)```", doc.read_text(), re.S)):
            out.append((f"{doc.name}#{i}", block))
    return out


@pytest.mark.parametrize(("where", "block"), toml_blocks())
def test_every_settings_example_in_the_docs_loads_without_a_problem(
    tmp_path: Path, where: str, block: str
) -> None:
    _, problems = config.load(write(tmp_path, block))
    assert problems == [], (where, problems)


def test_a_settings_path_that_is_a_fifo_or_a_device_does_not_hang(tmp_path: Path) -> None:
    import os

    fifo = tmp_path / "fifo.toml"
    os.mkfifo(fifo)
    for path in (fifo, Path("/dev/zero"), tmp_path):
        s, problems = config.load(path, create=False)
        assert len(problems) == 1 and ("not a regular file" in problems[0] or "directory" in problems[0])
        assert s.game.variant == "tressette2"
