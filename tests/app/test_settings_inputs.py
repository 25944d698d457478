"""Settings are validated on load, every key against its type and its allowed values
(issue: a fair table, part 7). Before: any ``deck_style`` was accepted and ``tressette
sim`` then exited 70 (``KeyError``); with phones on a bogus ``german_style`` gave a
traceback every 4 s (the phone server's card art); ``Napoletane``, the name the screen
shows, was refused; ``[phones] host`` took 300 characters or ``256.256.256.256``. Now a
bad value is one problem naming its key, its default used, nothing else lost."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from firmware import config
from firmware.hostcheck import host_problem
from tests.app.conftest import REPO
from tests.app.test_settings_faults import write


def value(v: object) -> str:
    """``v`` as TOML (a string with JSON's escapes, which TOML's basic strings share)."""
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int | float):
        return repr(v)
    if isinstance(v, str):
        return json.dumps(v, ensure_ascii=False).replace("\x7f", "\\u007f")
    if isinstance(v, list):
        return "[" + ", ".join(value(x) for x in v) + "]"
    assert isinstance(v, dict)
    return "{" + ", ".join(f"{value(str(k))} = {value(x)}" for k, x in v.items()) + "}"


def dump(doc: dict[str, dict[str, object]]) -> str:
    return "".join(f"[{t}]\n" + "".join(f"{k} = {value(v)}\n" for k, v in keys.items()) for t, keys in doc.items())


def load(tmp_path: Path, text: str) -> tuple[config.Settings, list[str]]:
    return config.load(write(tmp_path, text))


@pytest.mark.parametrize(("key", "value"), [
    ("deck_style", "bogus"), ("deck_style", "bavarian"), ("deck_style", ""), ("deck_style", 3),
    ("german_style", "bogus"), ("german_style", "napoletane"), ("german_style", True),
])
def test_an_unknown_deck_style_is_one_problem_and_its_default(tmp_path: Path, key: str, value: object) -> None:
    text = dump({"ui": {key: value, "language": "de", "brightness": 2}})
    s, problems = load(tmp_path, text)
    assert len(problems) == 1 and f"[ui] {key} must be one of" in problems[0], problems
    assert getattr(s.ui, key) == getattr(config.UISettings(), key)
    assert (s.ui.language, s.ui.brightness) == ("de", 2)  # nothing else lost


@pytest.mark.parametrize(("key", "value", "style"), [
    ("deck_style", "Napoletane", "napoletane"), ("deck_style", "PIACENTINE", "piacentine"),
    ("deck_style", " Neapolitaner ", "napoletane"), ("deck_style", "Piacentiner", "piacentine"),
    ("deck_style", "Triestine", "triestine"), ("deck_style", "TRIESTINER", "triestine"),
    ("german_style", "Salisburghesi", "salzburger"), ("german_style", "Bayerische", "bavarian"),
    ("german_style", "Bavaresi", "bavarian"), ("german_style", "BAVARIAN", "bavarian"),
])
def test_a_deck_style_by_the_name_the_screen_shows_is_taken(tmp_path: Path, key: str, value: str,
                                                            style: str) -> None:
    s, problems = load(tmp_path, dump({"ui": {key: value}}))
    assert problems == [] and getattr(s.ui, key) == style


def test_the_screen_s_names_of_each_style_are_the_ones_the_settings_take() -> None:
    from ui.cards import STYLES
    from ui.i18n import CATALOGUE
    from ui.settings import SETTING_CHOICES

    for key, styles in (("deck_style", config.DECK_STYLES), ("german_style", config.GERMAN_STYLES)):
        assert SETTING_CHOICES[key] == tuple(styles)
        for style, names in styles.items():
            assert style in STYLES
            shown = {x.casefold() for x in CATALOGUE[style]}
            assert shown <= {style, *names}, (style, shown)


def test_the_overlay_s_bogus_style_keeps_the_file_s_and_says_so(tmp_path: Path) -> None:
    s, _ = load(tmp_path, '[ui]\ndeck_style = "piacentine"\ngerman_style = "bavarian"\n')
    write(tmp_path, '[ui]\ndeck_style = "nope"\ngerman_style = "Salzburger"\nlanguage = "en"\n', config.OVERLAY_NAME)
    problems = config.apply_overlay(s, tmp_path)
    assert len(problems) == 1 and "deck_style" in problems[0] and str(tmp_path) in problems[0]
    assert (s.ui.deck_style, s.ui.german_style, s.ui.language) == ("piacentine", "salzburger", "en")


def test_the_screen_saves_a_style_by_its_key(tmp_path: Path) -> None:
    path = tmp_path / config.OVERLAY_NAME
    config.save_screen_setting(path, "german_style", "Bayerische")
    assert 'german_style = "bavarian"' in path.read_text()
    with pytest.raises(ValueError, match="german_style must be one of"):
        config.save_screen_setting(path, "german_style", "bogus")


@pytest.mark.parametrize("host", ["x" * 300, "256.256.256.256", "10.0.0", "a..b", "-a.b", "a_b.local",
                                  "bad host", "", "1.2.3.4.5", "::zz", "é.local"])
def test_a_bad_phones_host_or_address_is_one_problem_and_its_default(tmp_path: Path, host: str) -> None:
    s, problems = load(tmp_path, dump({"phones": {"host": host, "address": host, "port": 9000}}))
    assert len(problems) == 2 and all("must be an IP address or a host name" in p for p in problems), problems
    assert (s.phones.host, s.phones.address, s.phones.port) == ("0.0.0.0", "tressette.local", 9000)


@pytest.mark.parametrize("host", ["0.0.0.0", "127.0.0.1", "::", "::1", "fe80::1%eth0", "localhost",
                                  "tressette.local", "box-1.example.org", "tressette.local.", "a" * 63 + ".b"])
def test_a_good_phones_host_is_taken(tmp_path: Path, host: str) -> None:
    s, problems = load(tmp_path, dump({"phones": {"host": host}}))
    assert problems == [] and s.phones.host == host


def test_sim_with_a_bogus_deck_style_plays_and_says_which_setting(tmp_path: Path) -> None:
    """The issue's run: ``tressette sim`` exited 70 on ``KeyError: 'bogus'``."""
    conf = tmp_path / "s.toml"
    conf.write_text('[ui]\ndeck_style = "bogus"\ngerman_style = "bogus"\n')
    env = dict(os.environ, PYTHONPATH=str(REPO), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    cmd = [sys.executable, "-m", "firmware.cli", "sim", "--headless", "--config", str(conf),
           "--state-dir", str(tmp_path / "state"), "--seats", "cpu:easy,cpu:easy", "--matches", "1",
           "--think-ms", "0", "--seed", "1"]  # fmt: skip
    done = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=120, cwd=REPO)
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    assert sum("deck_style must be one of" in line for line in done.stderr.splitlines()) == 1
    assert sum("german_style must be one of" in line for line in done.stderr.splitlines()) == 1


# --- property-based: every key of every table, any TOML value -----------------------------

SCHEMA_KEYS = [(table, key) for table, keys in config.SCHEMA.items() if table for key in keys
               if (table, key) != ("game", "options")]
toml_scalars = st.one_of(
    st.booleans(), st.integers(-(2**63), 2**63 - 1), st.integers(-5, 70_000),
    st.floats(allow_nan=False, allow_infinity=False), st.text(max_size=20),
    st.sampled_from(["Napoletane", "piacentine", "BAVARIAN", "salzburger", "de", "fast", "cpu:hard",
                     "treseta4", "127.0.0.1", "256.256.256.256", "x" * 300, "/tmp/x"]),
)
toml_values = toml_scalars | st.lists(toml_scalars, max_size=4) | st.dictionaries(
    st.text(min_size=1, max_size=6), toml_scalars, max_size=3)


@settings(max_examples=200, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(values=st.dictionaries(st.sampled_from(SCHEMA_KEYS), toml_values, max_size=8))
def test_random_values_for_every_key_give_valid_settings(tmp_path: Path, values: dict[tuple[str, str], object]) -> None:
    from firmware.engine.cards import DECKS
    from ui.cards import STYLES
    from ui.webart import WebArt

    doc: dict[str, dict[str, object]] = {}
    for (table, key), value in values.items():
        doc.setdefault(table, {})[key] = value
    s, problems = config.load(write(tmp_path, dump(doc)))
    assert not any("unreadable" in p for p in problems), problems  # the writer above is right
    assert all(isinstance(p, str) and "\n" not in p for p in problems)
    assert len(problems) <= len(values) + 1  # one a key at most (seats may follow a refused variant)
    u = s.ui
    assert u.language in config.LANGUAGES and u.speed in config.SPEED_NAMES and 0 <= u.brightness <= 7
    assert u.deck_style in config.DECK_STYLES and u.german_style in config.GERMAN_STYLES
    assert u.deck_style in STYLES and u.german_style in STYLES
    for deck in DECKS:  # the phones' card art: never an unknown style
        WebArt.for_settings(deck, u.deck_style, u.german_style)
    assert isinstance(u.sounds, bool) and isinstance(s.phones.enabled, bool)
    assert host_problem(s.phones.host) is None and host_problem(s.phones.address) is None
    assert 1024 <= s.phones.port <= 65535 and 0 <= s.game.think_ms <= 10_000
    assert isinstance(s.state_dir, str) and s.state_dir
    for (table, key), value in values.items():  # [ui]: a value taken, or its default and its problem
        if table == "ui" and not any(f"{key} must" in p for p in problems):
            assert getattr(u, key) == value or key.endswith("_style")
