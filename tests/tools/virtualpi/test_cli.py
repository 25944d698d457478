"""The virtual Pi's command line (tools/virtualpi/cli.py): every command and flag parses to the
values the commands use, bad lines are refused with one line (exit 2), and the commands that
need no machine answer from the cache's files alone."""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

import pytest

from tools.virtualpi import cache, cli, machine
from tools.virtualpi.cache import Paths

# Every command, and each flag with its default and a given value.
PARSED: list[tuple[list[str], dict[str, object]]] = [
    (["build"], {"command": "build"}),
    (["preflight"], {"command": "preflight"}),
    (["up"], {"command": "up", "fresh": False, "timeout": 900.0, "memory": 2048}),
    (["up", "--fresh", "--timeout", "60", "--memory", "512"], {"fresh": True, "timeout": 60.0, "memory": 512}),
    (["ssh"], {"command": "ssh", "cmd": []}),
    (["ssh", "ls", "-l", "/"], {"cmd": ["ls", "-l", "/"]}),
    (["ssh-config"], {"command": "ssh-config"}),
    (["screenshot", "out/a.PNG"], {"command": "screenshot", "out": Path("out/a.PNG")}),
    (["down"], {"command": "down", "timeout": 180.0}),
    (["down", "--timeout", "5"], {"timeout": 5.0}),
    (["kill"], {"command": "kill"}),
    (["status"], {"command": "status"}),
    (["mock-pins"], {"command": "mock-pins"}),
    (["tap", "0", "479"], {"command": "tap", "x": 0, "y": 479}),
    (["tap", "799", "0"], {"x": 799, "y": 0}),
    (["key", "up", "Return", "a"], {"command": "key", "names": ["up", "Return", "a"]}),
    (["reader", "--rdm6300", "0A00B1C2D3"],
     {"command": "reader", "rdm6300": ["0A00B1C2D3"], "line": [], "settle": 10.0, "gap": 1.0, "hold": 2.0}),
    (["reader", "--line", "A-1", "--line", "B", "--rdm6300", "0a00b1c2d3", "--settle", "0", "--gap", "0.5",
      "--hold", "0"],
     {"rdm6300": ["0a00b1c2d3"], "line": ["A-1", "B"], "settle": 0.0, "gap": 0.5, "hold": 0.0}),
    (["test"], {"command": "test", "out": None, "timeout": 3600.0, "keep": False, "wifi": True, "only": ""}),
    (["test", "--out", "/tmp/x", "--timeout", "10", "--keep", "--no-wifi", "--only", "configure,boot"],
     {"out": Path("/tmp/x"), "timeout": 10.0, "keep": True, "wifi": False, "only": "configure,boot"}),
    (["test", "--wifi", "--only", "configure,Wi-Fi"], {"wifi": True, "only": "configure,Wi-Fi"}),
]  # fmt: skip


@pytest.mark.parametrize(("argv", "want"), PARSED)
def test_every_command_and_flag_parses_as_the_commands_use_it(argv: list[str], want: dict[str, object]) -> None:
    args = vars(cli.parse_args(argv))
    assert {k: args[k] for k in want} == want


def test_the_table_above_names_every_command_the_help_lists(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as e:
        cli.parse_args(["--help"])
    assert e.value.code == 0
    out = capsys.readouterr().out
    listed = set(re.findall(r"^    ([a-z][a-z-]+)(?:  |$)", out, re.M))
    assert listed == {argv[0] for argv, _ in PARSED}
    assert len(listed) == 14


@pytest.mark.parametrize(("argv", "said"), [
    (["up", "--timeout", "0"], "--timeout must be positive"),
    (["test", "--timeout", "-1"], "--timeout must be positive"),
    (["down", "--timeout", "0"], "--timeout must be positive"),
    (["up", "--memory", "511"], "--memory must be at least 512 MiB"),
    (["screenshot", "shot.ppm"], "screenshot OUT must end in .png"),
    (["tap", "800", "0"], "800 is off the screen (0..799)"),
    (["tap", "0", "480"], "480 is off the screen (0..479)"),
    (["key", "up", "no such"], "not a key name: 'no such'"),
    (["reader"], "reader: give --rdm6300 TAG or --line CODE"),
    (["reader", "--rdm6300", "0A00B1C2D"], "an RDM6300 tag id is 10 hex digits"),
    (["reader", "--line", "two\nlines"], "a barcode is one line of printable ASCII"),
    (["reader", "--line", "A", "--gap", "-1"], "reader: --settle, --gap and --hold are seconds, not negative"),
    (["frobnicate"], "invalid choice: 'frobnicate'"),
    (["tap", "x", "1"], "invalid int value: 'x'"),
])  # fmt: skip
def test_a_bad_line_is_one_line_and_exit_2(argv: list[str], said: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as e:
        cli.parse_args(argv)
    assert e.value.code == 2
    err = capsys.readouterr().err
    assert said in err
    assert err.strip().splitlines()[-1].startswith("virtual-pi")  # usage line, then "virtual-pi ...: error: ..."


# ------------------------------------------------------------------ main, without a machine


@pytest.fixture
def here(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Paths:
    """The commands' paths in a temporary cache: nothing running, no image."""
    p = cache.paths_for(tmp_path / "tressette/virtual-pi", "0123456789abcdef")
    monkeypatch.setattr(cli, "paths", lambda: p)
    return p


def test_status_is_one_json_line_with_the_running_machines_state(here: Paths,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["status"]) == 0
    assert json.loads(capsys.readouterr().out) == {
        "running": False, "pid": None, "image": str(here.image), "image_ready": False, "run": str(here.run)}
    here.run.mkdir(parents=True)
    here.state.write_text('{"ssh_port": 2299, "phone_port": 41234, "image": "x"}\n')
    here.image.mkdir(parents=True)
    for name in cache.IMAGE_FILES:
        (here.image / name).write_bytes(b"")
    assert cli.main(["status"]) == 0
    status = json.loads(capsys.readouterr().out)
    assert (status["image_ready"], status["ssh_port"], status["phone_port"]) == (True, 2299, 41234)
    assert status["image"] == "x"  # the state file's word, as before: the image this boot used


def test_ssh_config_prints_where_the_file_is(here: Paths, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["ssh-config"]) == 0
    assert capsys.readouterr().out == f"{here.run / 'ssh_config'}\n"


@pytest.mark.parametrize("argv", [["ssh"], ["screenshot", "a.png"], ["mock-pins"], ["tap", "1", "1"],
                                  ["key", "ret"], ["reader", "--line", "X"]])
def test_a_command_that_needs_the_machine_says_it_is_not_running(here: Paths, argv: list[str],
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(argv) == 2
    assert capsys.readouterr().err == "virtual-pi: not running (scripts/virtual-pi up)\n"


@pytest.mark.parametrize("command", ["down", "kill"])
def test_down_and_kill_of_nothing_say_so(here: Paths, command: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main([command]) == 0
    assert capsys.readouterr().out == "virtual-pi: not running\n"


def test_build_with_the_image_cached_says_where(here: Paths, capsys: pytest.CaptureFixture[str]) -> None:
    here.image.mkdir(parents=True)
    for name in cache.IMAGE_FILES:
        (here.image / name).write_bytes(b"")
    assert cli.main(["build"]) == 0
    assert capsys.readouterr().out == f"virtual-pi: image ready: {here.image}\n"


def test_up_when_running_is_refused(here: Paths, monkeypatch: pytest.MonkeyPatch,
                                    capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(machine, "qemu_pid", lambda p: 4242)
    assert cli.main(["up"]) == 2
    assert capsys.readouterr().err == "virtual-pi: already running (scripts/virtual-pi down, or kill)\n"


def test_a_failed_host_command_is_exit_1_naming_it(here: Paths, monkeypatch: pytest.MonkeyPatch,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    def build(p: Paths) -> None:
        raise subprocess.CalledProcessError(3, ["deploy/build-image", "--key", "k"])

    monkeypatch.setattr(cli, "build", build)
    assert cli.main(["build"]) == 1
    assert capsys.readouterr().err == "virtual-pi: deploy/build-image --key k failed (exit 3)\n"
