"""Bad command-line input is one clear line and a non-zero exit, never a
traceback or a hang (issue: every failure seen and survived).

Every invocation listed in the issue is here; each ended in a traceback, a
hang or a silently different meaning before the argparse types of
firmware/cliargs.py.
"""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from firmware import cli
from firmware.engine.records import match_to_json
from firmware.replay import RecordFileError, read_record_file
from firmware.store import Journal
from firmware.store_schema import DB_NAME
from tests.app.test_store import journal_of, played_match


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    try:
        rc = cli.main(list(argv))
    except SystemExit as exc:  # argparse
        rc = int(exc.code or 0)
    err = capsys.readouterr().err
    return rc, err


@pytest.mark.parametrize(
    ("argv", "needle"),
    [
        (["sim", "--size", "abc"], "is not WIDTHxHEIGHT"),
        (["sim", "--size", "0x0"], "is outside"),
        (["sim", "--size", "800"], "is not WIDTHxHEIGHT"),
        (["sim", "--variant", "nope"], "unknown variant 'nope'"),
        (["arena", "--variant", "nope"], "unknown variant 'nope'"),
        (["bench", "engine", "--variant", "nope"], "unknown variant 'nope'"),
        (["arena", "--a", "bogus"], "unknown player 'bogus'"),
        (["export", "1" * 40], "is too long for a number"),
        (["export", "9" * 19], "is not in 1.."),
        (["export", "1", "-o", "/"], "is a directory"),
        (["bench", "engine", "--seconds", "nan"], "is not a number in"),
        (["bench", "engine", "--seconds", "inf"], "is not a number in"),
        (["sim", "--headless", "--seats", ""], "seats must be a list"),
        (["sim", "--matches", "0"], "is not in 1.."),
        (["arena", "--matches", "0"], "is not in 1.."),
        (["arena", "--workers", "8"], "is not in 0..7"),
        (["bench", "pool", "--workers", "0"], "workers"),
        (["bench", "pool", "--nice", "40"], "nice"),
        (["bench", "inference", "--variant", "treseta4"], "choose --variant tressette2 or treschetten2"),
        (["sim", "--log-level", "BOGUS"], "is not one of DEBUG"),
        (["run", "--log-level", "BOGUS"], "is not one of DEBUG"),
        (["hardware-test", "--timeout", "nan"], "is not a number in"),
        (["deal", "--dealer", "-1"], "is not in 0..7"),
    ],
)
def test_a_bad_argument_is_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], needle: str
) -> None:
    rc, err = run(capsys, *argv)
    assert rc == 2 and needle in err, err
    assert "Traceback" not in err


def test_state_dir_at_a_file_or_unreadable(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    a_file = tmp_path / "f"
    a_file.write_text("x")
    rc, err = run(capsys, "history", "--state-dir", str(a_file))
    assert rc == 2 and "is not a directory" in err
    rc, err = run(capsys, "sim", "--headless", "--state-dir", str(a_file / "below"))
    assert rc == 2 and "is not a directory" in err
    if os.geteuid() != 0:  # root reads anything
        locked = tmp_path / "locked"
        locked.mkdir(mode=0)
        rc, err = run(capsys, "history", "--state-dir", str(locked))
        assert rc == 2 and "permission denied" in err


# --- export -o: only a regular file or a new path ------------------------------------


@pytest.fixture
def state(tmp_path: Path) -> Path:
    state = tmp_path / "state"
    with Journal.open(state) as j:
        journal_of(j, played_match())
    return state


def test_export_writes_a_new_file_and_replaces_a_regular_one(
    capsys: pytest.CaptureFixture[str], state: Path, tmp_path: Path
) -> None:
    out = tmp_path / "m.json"
    assert run(capsys, "export", "1", "--state-dir", str(state), "-o", str(out))[0] == 0
    assert json.loads(out.read_text())["format"] == "tressette-record/1"
    assert stat.S_IMODE(out.stat().st_mode) == 0o644
    out.chmod(0o600)
    assert run(capsys, "export", "1", "--state-dir", str(state), "-o", str(out))[0] == 0
    assert stat.S_IMODE(out.stat().st_mode) == 0o600  # a replaced file keeps its mode


@pytest.mark.parametrize("kind", ["symlink", "fifo", "dangling symlink", "directory"])
def test_export_never_replaces_a_link_a_fifo_or_a_directory(
    capsys: pytest.CaptureFixture[str], state: Path, tmp_path: Path, kind: str
) -> None:
    target, victim = tmp_path / "out", tmp_path / "victim"
    victim.write_text("keep me")
    if kind == "symlink":
        target.symlink_to(victim)
    elif kind == "dangling symlink":
        target.symlink_to(tmp_path / "nowhere")
    elif kind == "fifo":
        os.mkfifo(target)
    else:
        target.mkdir()
    before = os.lstat(target)
    rc, err = run(capsys, "export", "1", "--state-dir", str(state), "-o", str(target))
    assert rc == 2 and "Traceback" not in err
    after = os.lstat(target)
    assert (before.st_mode, before.st_ino) == (after.st_mode, after.st_ino)
    assert victim.read_text() == "keep me"
    assert not (tmp_path / "nowhere").exists()


def test_export_refuses_a_device_node(capsys: pytest.CaptureFixture[str], state: Path) -> None:
    rc, err = run(capsys, "export", "1", "--state-dir", str(state), "-o", "/dev/null")
    assert rc == 2 and "not a regular file" in err
    assert stat.S_ISCHR(os.lstat("/dev/null").st_mode)


def test_a_planted_link_at_the_temporary_name_is_not_followed(state: Path, tmp_path: Path) -> None:
    from firmware.config import atomic_write

    victim = tmp_path / "victim"
    victim.write_text("keep me")
    (tmp_path / ".out.tmp").symlink_to(victim)  # the old fixed temporary name
    atomic_write(tmp_path / "out", "new\n")
    assert victim.read_text() == "keep me" and (tmp_path / "out").read_text() == "new\n"


# --- history/export open the journal read-only --------------------------------------


def test_history_and_export_on_an_empty_state_dir_create_nothing(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    empty = tmp_path / "empty"
    empty.mkdir()
    rc, err = run(capsys, "history", "--state-dir", str(empty))
    assert rc == 1 and "no journal" in err
    rc, err = run(capsys, "export", "1", "--state-dir", str(empty))
    assert rc == 1 and "no journal" in err
    assert list(empty.iterdir()) == []
    rc, _ = run(capsys, "history", "--state-dir", str(tmp_path / "missing"))
    assert rc == 1 and not (tmp_path / "missing").exists()


def test_reading_a_journal_creates_and_changes_no_file(
    capsys: pytest.CaptureFixture[str], state: Path
) -> None:
    def files() -> dict[str, tuple[int, int, int]]:
        return {p.name: (p.stat().st_size, p.stat().st_mtime_ns, p.stat().st_uid) for p in state.iterdir()}

    before = files()
    assert run(capsys, "history", "--state-dir", str(state))[0] == 0
    assert run(capsys, "export", "1", "--state-dir", str(state))[0] == 0
    assert files() == before


def test_reading_while_the_program_writes_sees_its_latest_action(state: Path) -> None:
    with Journal.open(state) as writer:  # the running program: -wal and -shm exist
        mid = writer.new_match("tressette2", {}, ["human", "cpu:easy"])
        assert (state / f"{DB_NAME}-wal").exists()
        with Journal.open_readonly(state) as reader:
            assert reader.match(mid) is not None
            assert reader.readonly


# --- replay: the file-reading edge ------------------------------------------------------


def good_record() -> dict[str, object]:
    return match_to_json(played_match())


@pytest.mark.parametrize(
    ("data", "needle"),
    [
        (json.dumps(good_record()).encode("utf-16"), "UTF-16"),
        (b'{"format": "tressette-record/1", "variant": "tressette2\xe9"}', "is not UTF-8"),
        (bytes(range(256)) * 4, "is not UTF-8"),
        (b"[" * 100_000 + b"]" * 100_000, "nested 100000 deep"),
        (b'{"a":' * 5000 + b"1" + b"}" * 5000, "nested 5000 deep"),
        (b"[1, 2]", "a record is a JSON object"),
        (b"{", "is not a JSON record"),
    ],
)
@pytest.mark.parametrize("command", ["replay", "analyse"])
def test_replay_of_a_file_that_is_not_a_record_is_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, data: bytes, needle: str, command: str
) -> None:
    path = tmp_path / "r.json"
    path.write_bytes(data)
    rc, err = run(capsys, command, "--quiet", str(path)) if command == "analyse" else run(capsys, command, str(path))
    assert rc != 0 and needle in err and err.count("\n") == 1, err


def test_replay_of_a_device_a_fifo_or_a_directory(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)  # opened non-blocking: no writer, no hang
    for path, needle in (("/dev/zero", "not a regular file"), (str(fifo), "not a regular file"),
                         (str(tmp_path), "is a directory"), (str(tmp_path / "none"), "cannot read")):
        for command in ("replay", "analyse"):
            rc, err = run(capsys, command, path)
            assert rc == 2 and needle in err, (command, path, err)


def test_a_boolean_dealer_is_refused(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    doc = good_record()
    doc["hands"][0]["dealer"] = True  # type: ignore[index]
    path = tmp_path / "r.json"
    path.write_text(json.dumps(doc))
    rc, err = run(capsys, "replay", str(path))
    assert rc == 1 and "'dealer' must be a seat number" in err


def test_a_utf8_bom_record_is_read(tmp_path: Path) -> None:
    path = tmp_path / "r.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps(good_record()).encode())
    assert read_record_file(str(path))["format"] == "tressette-record/1"


# --- property-based -------------------------------------------------------------------

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=20,
)


@settings(max_examples=120, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.binary(max_size=300))
def test_any_bytes_are_a_record_or_one_clear_error(tmp_path: Path, data: bytes) -> None:
    path = tmp_path / "r.json"
    path.write_bytes(data)
    try:
        doc = read_record_file(str(path))
    except RecordFileError as exc:
        assert "\n" not in str(exc)
    else:
        assert isinstance(doc, dict)


@settings(max_examples=120, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    mutation=st.sampled_from(["format", "variant", "options", "hands", "dealer", "deal", "actions", "action", "seed"]),
    value=json_values,
)
def test_a_mutated_record_is_replayed_or_refused_in_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, mutation: str, value: object
) -> None:
    doc: dict[str, object] = good_record()
    hand: dict[str, object] = doc["hands"][0]  # type: ignore[index]
    if mutation in ("format", "variant", "options", "hands"):
        doc[mutation] = value
    elif mutation in ("dealer", "deal", "actions"):
        hand[mutation] = value
    elif mutation == "seed":
        hand["deal"] = {"seed": value}
    else:
        hand["actions"][0] = value  # type: ignore[index]
    path = tmp_path / "r.json"
    path.write_text(json.dumps(doc))
    rc, err = run(capsys, "replay", "--json", str(path))
    assert rc in (0, 1), err
    assert err.count("\n") == (rc != 0) and "Traceback" not in err


@settings(max_examples=150, deadline=None, derandomize=True)
@given(argv=st.lists(st.sampled_from([
    "sim", "arena", "bench", "export", "history", "deal", "replay", "engine", "--size", "--seats",
    "--variant", "--matches", "--seconds", "--a", "--log-level", "--dealer", "--seed", "--think-ms",
    "-o", "0", "1", "-1", "nan", "abc", "800x480", "", "human", "cpu:hard", "tressette2", "x" * 50,
]), max_size=5))
def test_argument_parsing_never_raises_anything_but_an_exit(argv: list[str]) -> None:
    parser = cli.build_parser()
    try:
        parser.parse_args(argv)
    except SystemExit as exc:
        assert exc.code in (0, 2)


def test_headless_with_a_person_at_the_screen_is_refused_not_a_hang(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    rc, err = run(capsys, "sim", "--headless", "--config", str(tmp_path / "s.toml"),
                  "--state-dir", str(tmp_path / "state"), "--seats", "human,cpu:easy")  # fmt: skip
    assert rc == 2 and "no screen to tap" in err
