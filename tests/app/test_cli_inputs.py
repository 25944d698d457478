"""Command-line input that was not checked (issue: a fair table, part 7): ``arena``'s
files (``--from-log``, ``--log``: a FIFO hung, 13 other file problems exited 70, an empty
``--from-log`` was ignored), ``--ceiling`` and the other duplicate options without
``--duplicate`` (ignored), ``--phones-host`` (300 characters: a traceback;
``256.256.256.256`` blamed on the port). Each is one line and exit 2 now, never 70,
never a hang."""

from __future__ import annotations

import errno
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from firmware import cli
from tests.app.conftest import REPO
from tests.app.test_cli_faults import run
from tools.arena_log import LogFileError, append_log, log_row, read_log

GOOD_ROWS = [
    {"deal": 0, "level": "random", "wins": 1, "matches": 2, "hands": 6, "pairs": {"0:0": 1.0, "0:1": -2.0}},
    {"deal": 0, "level": "easy", "wins": 1, "matches": 2, "hands": 4, "pairs": {"0:0": 0.0, "0:1": 0.5}},
]
AS_ROOT = os.geteuid() == 0


@pytest.fixture
def good_log(tmp_path: Path) -> Path:
    path = tmp_path / "good.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in GOOD_ROWS))
    return path


def make_bad(tmp_path: Path, kind: str) -> str:
    """A path that is no readable --log file, of the kind named."""
    p = tmp_path / kind.replace(" ", "_")
    if kind == "missing":
        return str(p)
    if kind == "directory":
        p.mkdir()
    elif kind == "fifo":
        os.mkfifo(p)
    elif kind == "device":
        return "/dev/null"
    elif kind == "empty":
        p.write_bytes(b"")
    elif kind == "binary":
        p.write_bytes(bytes(range(128, 256)) * 4)
    elif kind == "truncated json":
        p.write_text(json.dumps(GOOD_ROWS[0])[:30] + "\n")
    elif kind == "json array":
        p.write_text("[1, 2]\n")
    elif kind == "no level":
        p.write_text('{"deal": 0, "wins": 1, "matches": 2, "pairs": {}}\n')
    elif kind == "bad numbers":
        p.write_text('{"deal": 0, "level": "x", "wins": "1", "matches": 2, "pairs": {}}\n')
    elif kind == "boolean points":
        p.write_text('{"deal": 0, "level": "x", "wins": 1, "matches": 2, "pairs": {"0:0": true}}\n')
    elif kind == "deep json":
        p.write_text("[" * 100_000 + "]" * 100_000 + "\n")
    elif kind == "symlink loop":
        (tmp_path / "loop_a").symlink_to(tmp_path / "loop_b")
        (tmp_path / "loop_b").symlink_to(tmp_path / "loop_a")
        return str(tmp_path / "loop_a")
    elif kind == "dangling symlink":
        p.symlink_to(tmp_path / "nowhere")
    elif kind == "name too long":
        return str(tmp_path / ("x" * 300))
    elif kind == "under a file":
        p.write_text("x")
        return str(p / "log.jsonl")
    elif kind == "huge":
        with open(p, "wb") as f:  # sparse: no disk used
            f.truncate(300 * 1024 * 1024)
    elif kind == "unreadable":
        p.write_text(json.dumps(GOOD_ROWS[0]) + "\n")
        p.chmod(0)
    return str(p)


FROM_LOG_CASES = [
    ("missing", "does not exist"), ("directory", "is a directory"), ("fifo", "not a regular file"),
    ("device", "not a regular file"), ("empty", "is empty"), ("binary", "not UTF-8"),
    ("truncated json", "not JSON"), ("json array", "a log line is a JSON object"),
    ("no level", "names its 'level'"), ("bad numbers", "'wins' must be a whole number"),
    ("boolean points", "'pairs' must be an object of numbers"), ("deep json", "not JSON"),
    ("symlink loop", "a loop of symbolic links"), ("dangling symlink", "does not exist"),
    ("name too long", "the name is too long"), ("under a file", "a part of the path is a file"),
    ("huge", "is larger than"), ("unreadable", "permission denied"),
]


@pytest.mark.parametrize(("kind", "needle"), FROM_LOG_CASES, ids=[k for k, _ in FROM_LOG_CASES])
def test_from_log_of_a_file_that_is_no_log_is_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, good_log: Path, kind: str, needle: str
) -> None:
    if kind == "unreadable" and AS_ROOT:
        pytest.skip("root reads a file of mode 000")
    bad = make_bad(tmp_path, kind)
    for value in (bad, f"{good_log},{bad}"):  # alone, and after a good file
        rc, err = run(capsys, "arena", "--from-log", value, "--b", "easy")
        assert rc == 2 and needle in err, (kind, err)
        assert needle in err.splitlines()[-1] and "Traceback" not in err, err  # argparse's usage, then the line


@pytest.mark.parametrize("value", ["", ",", ",,"])
def test_from_log_that_names_no_file_is_refused_not_ignored(capsys: pytest.CaptureFixture[str], value: str) -> None:
    rc, err = run(capsys, "arena", "--from-log", value)
    assert rc == 2 and "name at least one --log file" in err, err


def test_from_log_of_a_good_log_reports_with_a_ceiling(capsys: pytest.CaptureFixture[str], good_log: Path) -> None:
    rc = cli.main(["arena", "--from-log", str(good_log), "--b", "normal", "--ceiling", "easy", "--json"])
    out = json.loads(capsys.readouterr().out)
    assert rc == 0 and out["ceiling"] == "easy" and out["deals"] == 1


def test_the_issue_s_fifo_hangs_nothing(tmp_path: Path) -> None:
    """Through a real process with a deadline: a hang fails here instead of hanging CI."""
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    env = dict(os.environ, PYTHONPATH=str(REPO))
    for argv in (["--from-log", str(fifo)], ["--duplicate", "--matches", "1", "--a", "random", "--b", "random",
                                              "--log", str(fifo), "--quiet"]):
        done = subprocess.run([sys.executable, "-m", "firmware.cli", "arena", *argv], env=env, cwd=REPO,
                              capture_output=True, text=True, timeout=60)  # fmt: skip
        assert done.returncode == 2 and "not a regular file" in done.stderr, done.stderr
        assert "not a regular file" in done.stderr.splitlines()[-1] and "Traceback" not in done.stderr


LOG_CASES = [
    ("fifo", "not a regular file"), ("directory", "is a directory"), ("device", "not a regular file"),
    ("symlink loop", "a loop of symbolic links"), ("name too long", "the name is too long"),
    ("under a file", "a part of the path is a file"), ("in a missing directory", "does not exist"),
]


@pytest.mark.parametrize(("kind", "needle"), LOG_CASES, ids=[k for k, _ in LOG_CASES])
def test_log_that_cannot_be_appended_to_is_refused_before_a_deal(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, kind: str, needle: str
) -> None:
    bad = str(tmp_path / "none" / "log.jsonl") if kind == "in a missing directory" else make_bad(tmp_path, kind)
    rc, err = run(capsys, "arena", "--duplicate", "--a", "random", "--b", "random", "--matches", "1",
                  "--quiet", "--log", bad)  # fmt: skip
    assert rc == 2 and needle in err and "Traceback" not in err, (kind, err)


def test_log_empty_path_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    rc, err = run(capsys, "arena", "--duplicate", "--log", "")
    assert rc == 2 and "an empty path" in err


def test_a_fifo_put_in_place_of_the_log_after_the_check_does_not_hang(tmp_path: Path) -> None:
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    with pytest.raises(ValueError, match="No such device|not a regular file"):
        append_log(str(fifo), "{}\n")
    with pytest.raises(LogFileError, match="not a regular file"):
        read_log(str(fifo))


def test_a_log_written_by_the_arena_is_read_back(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    log = tmp_path / "d.jsonl"
    argv = ["arena", "--duplicate", "--a", "random", "--b", "easy", "--matches", "1", "--quiet", "--log", str(log)]
    assert run(capsys, *argv)[0] == 0
    rows = read_log(str(log))
    assert [r.level for r in rows] == ["random"] and rows[0].matches == 2
    assert run(capsys, "arena", "--from-log", str(log), "--b", "easy")[0] == 0


def test_a_log_that_fails_mid_run_loses_no_result(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    from tools import arena

    calls: list[str] = []

    def full(path: str, line: str) -> None:
        calls.append(line)
        if line:
            raise ValueError(f"--log {path}: No space left on device")

    monkeypatch.setattr(arena, "append_log", full)
    argv = ["arena", "--duplicate", "--a", "random", "--b", "easy", "--matches", "2", "--quiet", "--json",
            "--log", str(tmp_path / "d.jsonl")]  # fmt: skip
    assert cli.main(argv) == 0
    out, err = capsys.readouterr()
    assert json.loads(out)["deals"] == 2 and len(calls) == 2  # the check, one failed append, no more
    assert err.count("\n") == 1 and "No space left on device; deal 0 on is not logged" in err, err


@pytest.mark.parametrize(("argv", "needle"), [
    (["--ceiling", "oracle"], "--ceiling needs --duplicate"),
    (["--log", "x.jsonl"], "--log needs --duplicate"),
    (["--also", "easy"], "--also needs --duplicate"),
    (["--first", "3"], "--first needs --duplicate"),
])
def test_a_duplicate_option_without_duplicate_is_a_usage_error(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, argv: list[str], needle: str
) -> None:
    argv = [str(tmp_path / a) if a.endswith(".jsonl") else a for a in argv]
    rc, err = run(capsys, "arena", "--matches", "1", "--a", "random", "--b", "random", "--quiet", *argv)
    assert rc == 2 and needle in err.splitlines()[-1] and err.count("\n") == 1, err
    assert not (tmp_path / "x.jsonl").exists()


@pytest.mark.parametrize(("host", "needle"), [
    ("x" * 300, "a host name has at most 253"),
    ("256.256.256.256", "is not an IPv4 address"),
    ("", "an empty host"),
    ("a..b", "an empty part between dots"),
    ("bad host", "letters, digits and hyphens"),
    ("::zz", "is not an IPv6 address"),
    ("a" * 64 + ".local", "a part longer than 63"),
])
@pytest.mark.parametrize("command", ["sim", "run"])
def test_a_bad_phones_host_is_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], command: str, host: str, needle: str
) -> None:
    rc, err = run(capsys, command, "--phones-host", host)
    assert rc == 2 and needle in err and "port" not in err.splitlines()[-1], err


@pytest.mark.parametrize("argv", [["sim", "--config", ""], ["run", "--config", ""], ["run", "--health-file", ""],
                                  ["hardware-test", "--config", ""], ["self-test", "--unit", ""]])
def test_an_empty_path_is_refused_not_taken_for_the_default(capsys: pytest.CaptureFixture[str],
                                                            argv: list[str]) -> None:
    """``sim --config ''`` wrote ~/.config/tressette/tressette.toml; ``self-test --unit ''``
    checked the default unit."""
    rc, err = run(capsys, *argv)
    assert rc == 2 and "an empty path" in err.splitlines()[-1], err


def test_a_good_phones_host_is_taken() -> None:
    for host in ("127.0.0.1", "::1", "0.0.0.0", "tressette.local", "box-1"):
        assert cli.build_parser().parse_args(["sim", "--phones-host", host]).phones_host == host


# --- property-based ---------------------------------------------------------------------

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 5) | st.floats() | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3),
    max_leaves=8,
)


@settings(max_examples=200, deadline=None, derandomize=True)
@given(obj=json_values | st.dictionaries(st.sampled_from(["deal", "level", "wins", "matches", "hands", "pairs"]),
                                         json_values, max_size=6))
def test_any_json_line_is_a_log_row_or_one_clear_error(obj: object) -> None:
    try:
        row = log_row(obj)
    except LogFileError as exc:
        assert str(exc) and "\n" not in str(exc)
    else:
        assert isinstance(row.level, str) and row.wins >= 0 and row.matches >= 0
        assert all(isinstance(v, float) for v in row.pairs.values())


@settings(max_examples=100, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.binary(max_size=300) | st.lists(json_values.map(json.dumps), max_size=4).map(lambda xs: "\n".join(xs).encode()))
def test_any_bytes_in_a_from_log_file_are_a_report_or_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, data: bytes
) -> None:
    path = tmp_path / "any.jsonl"
    path.write_bytes(data)
    rc, err = run(capsys, "arena", "--from-log", str(path), "--b", "easy")
    assert rc in (0, 2) and "Traceback" not in err, err
    assert rc == 0 or err.splitlines()[-1].startswith(("arena: ", "tressette arena: error: ")), err


SUBCOMMANDS = ["replay", "analyse", "deal", "bench", "arena", "self-test", "hardware-test", "run", "sim",
               "export", "gallery", "history"]
OPTIONS = ["--phones-host", "--phones-port", "--log", "--from-log", "--ceiling", "--duplicate", "--also",
           "--first", "--seconds", "--wall-cap", "--ref-plies", "--workers", "--config", "--state-dir",
           "--size", "--seats", "--variant", "--matches", "--seed", "--think-ms", "--log-level", "--timeout",
           "--dealer", "--seat", "--worlds", "--lang", "--json", "--a", "--b", "--options", "-o", "--hands",
           "--nice", "--positions", "--coach-worlds", "--health-file", "--unit", "phones", "engine", "pool"]
VALUES = ["", "0", "1", "-1", "nan", "inf", "1e400", "abc", "256.256.256.256", "x" * 300, "/dev/null",
          "/nonexistent/x", "/", ",", "easy", "hard@40", "tressette2", "human,cpu:hard", "800x480", "::1",
          "127.0.0.1", "target=21", "\u00e9", "a..b"]


@settings(max_examples=300, deadline=None, derandomize=True)
@given(command=st.sampled_from(SUBCOMMANDS),
       rest=st.lists(st.sampled_from(OPTIONS) | st.sampled_from(VALUES), max_size=6))
def test_random_argv_of_every_subcommand_parses_or_exits_2(command: str, rest: list[str]) -> None:
    """Parsed in-process (each type checks its value): exit 0 (help) or 2, never another
    status, never an exception; an arena command that parses is checked to its options."""
    from tools.arena import ArenaOptions, _check_knobs

    try:
        args = cli.build_parser().parse_args([command, *rest])
    except SystemExit as exc:
        assert exc.code in (0, 2)
        return
    if command == "arena":
        try:
            _check_knobs(ArenaOptions.from_args(args))
        except ValueError as exc:
            assert "\n" not in str(exc)


def test_a_too_long_name_is_enametoolong_here(tmp_path: Path) -> None:
    """The case above is what it says: this file system refuses the name."""
    with pytest.raises(OSError) as info:
        os.stat(tmp_path / ("x" * 300))
    assert info.value.errno == errno.ENAMETOOLONG
