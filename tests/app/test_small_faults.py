"""The small faults of the outside fault injection (point 6): each was silent before.

- ``export -o`` killed between its temporary file and the rename left
  ``.match.json.XXXXXXXX.tmp`` beside the target for good;
- ``bounce_max_ms`` shorter than ``debounce_ms`` was accepted (and quietly raised);
- ``debounce_ms = 30.7`` was cut to 30 without a word;
- ``self-test --state-dir`` on a missing nested directory made the whole tree and
  exited 0.
"""

from __future__ import annotations

import fcntl
import os
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from firmware import cli
from firmware.config import atomic_write
from firmware.store import Journal
from hal.config import load_hardware_config
from tests.app.test_store import journal_of, played_match


@pytest.fixture
def state(tmp_path: Path) -> Path:
    state = tmp_path / "state"
    with Journal.open(state) as j:
        journal_of(j, played_match())
    return state


def test_an_interrupted_exports_temporary_files_go_at_the_next_export(
    state: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "match.json"
    left = [tmp_path / ".match.json.k1llEd_1.tmp", tmp_path / ".match.json.abcdefgh.tmp"]
    for f in left:
        f.write_text('{"format": "tressette-rec')  # half written when the export was killed
    victim = tmp_path / "victim"
    victim.write_text("keep me")
    link = tmp_path / ".match.json.linkxxxx.tmp"
    link.symlink_to(victim)  # never followed, never removed
    other = tmp_path / ".other.json.abcdefgh.tmp"
    other.write_text("another file's")
    near = tmp_path / ".match.json.toolong99.tmp"  # not mkstemp's eight characters
    near.write_text("x")
    busy = tmp_path / ".match.json.writing_.tmp"  # a write going on now holds its lock
    busy.write_text("")
    fd = os.open(busy, os.O_RDONLY)
    fcntl.flock(fd, fcntl.LOCK_EX)
    try:
        assert cli.main(["export", "1", "--state-dir", str(state), "-o", str(out)]) == 0
    finally:
        os.close(fd)
    assert out.is_file()
    assert not any(f.exists() for f in left)
    assert link.is_symlink() and victim.read_text() == "keep me"
    assert other.exists() and near.exists() and busy.exists()
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")) == sorted(
        [link.name, other.name, near.name, busy.name])
    from firmware.config import clean_leftovers

    assert clean_leftovers(out) == [busy]  # its writer gone: the next run takes it


def test_a_write_that_fails_leaves_no_temporary_file(tmp_path: Path) -> None:
    target = tmp_path / "settings.toml"
    atomic_write(target, "a = 1\n")
    with pytest.raises(TypeError):
        atomic_write(target, b"not text")  # type: ignore[arg-type]
    assert [p.name for p in tmp_path.iterdir()] == ["settings.toml"]
    assert target.read_text() == "a = 1\n"


@pytest.mark.parametrize(
    ("buttons", "words"),
    [({"debounce_ms": 30.7}, "hardware.buttons.debounce_ms = 30.7 must be a whole number of milliseconds"),
     ({"bounce_max_ms": 99.5}, "bounce_max_ms = 99.5 must be a whole number"),
     ({"debounce_ms": 200, "bounce_max_ms": 100},
      "hardware.buttons.bounce_max_ms = 100 is shorter than debounce_ms = 200"),
     ({"debounce_ms": 300}, "bounce_max_ms = 250 is shorter than debounce_ms = 300")],
)  # fmt: skip
def test_button_timings_that_cannot_mean_what_they_say_are_refused(buttons: dict[str, float], words: str) -> None:
    config, errors = load_hardware_config({"buttons": buttons})
    assert len(errors) == 1 and words in errors[0], errors
    assert config.buttons.enabled is False  # the part concerned is switched off and the error shown


def test_whole_milliseconds_are_accepted_as_they_are() -> None:
    config, errors = load_hardware_config({"buttons": {"debounce_ms": 30.0, "bounce_max_ms": 30}})
    assert errors == [] and (config.buttons.debounce_ms, config.buttons.bounce_max_ms) == (30, 30)
    assert isinstance(config.buttons.debounce_ms, int)


@settings(max_examples=150, derandomize=True, deadline=None)
@given(st.one_of(st.integers(0, 500), st.floats(0, 500, allow_nan=False)),
       st.one_of(st.integers(0, 2000), st.floats(0, 2000, allow_nan=False)))
def test_any_button_timings_are_taken_exactly_or_refused_with_one_line_each(debounce: float, bounce_max: float) -> None:
    config, errors = load_hardware_config({"buttons": {"debounce_ms": debounce, "bounce_max_ms": bounce_max}})
    if errors:
        assert 1 <= len(errors) <= 2 and not config.buttons.enabled  # one line per setting wrong
        assert all("\n" not in e and e.startswith("hardware.buttons.") for e in errors)
    else:
        assert config.buttons.debounce_ms == debounce and config.buttons.bounce_max_ms == bounce_max
        assert config.buttons.bounce_max_ms >= config.buttons.debounce_ms


def test_self_test_on_a_missing_nested_state_dir_fails_and_makes_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    nested = tmp_path / "a" / "b" / "c"
    assert cli.main(["self-test", "--state-dir", str(nested)]) == 1
    out = capsys.readouterr().out
    line = next(x for x in out.splitlines() if "state dir writable" in x)
    assert line.startswith("FAIL") and f"{nested} does not exist, nor does {tmp_path / 'a'}" in line
    assert not (tmp_path / "a").exists()
    assert out.rstrip().endswith("self-test: FAILED")


def test_self_test_makes_a_missing_state_dir_under_an_existing_one_and_says_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli.main(["self-test", "--state-dir", str(tmp_path / "state")]) == 0
    assert f"ok    state dir writable ({tmp_path / 'state'}, made it)" in capsys.readouterr().out
    assert cli.main(["self-test", "--state-dir", str(tmp_path / "state")]) == 0
    assert f"ok    state dir writable ({tmp_path / 'state'})\n" in capsys.readouterr().out
