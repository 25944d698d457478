"""``tressette``'s plug-in point (firmware.cli's COMMANDS_GROUP): the tools' commands reach the
command line through pyproject.toml's entry points, the product naming no tool.

The installed metadata must carry the entry points pyproject.toml declares: a venv installed
before they changed lacks them (``scripts/setup`` reinstalls when pyproject.toml changes)."""

from __future__ import annotations

import argparse
import tomllib
from importlib import metadata

import pytest

from firmware import cli
from tests.test_imports import REPO

PRODUCT_COMMANDS = {"replay", "analyse", "deal", "self-test", "hardware-test", "run", "sim", "export",
                    "history"}
TOOL_COMMANDS = {"bench", "arena", "gallery"}


def _declared() -> dict[str, str]:
    project = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    table: dict[str, str] = project["entry-points"][cli.COMMANDS_GROUP]
    return table


def _commands(parser: argparse.ArgumentParser) -> set[str]:
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return set(sub.choices)


def test_the_installed_metadata_holds_the_declared_commands() -> None:
    installed = {ep.name: ep.value for ep in metadata.entry_points(group=cli.COMMANDS_GROUP)}
    assert installed == _declared(), (
        "the installed entry points differ from pyproject.toml's: run ./scripts/setup (it reinstalls "
        "the project when pyproject.toml changes, and removes an old *.egg-info a wheel build left in "
        "the tree, which would come first)")


def test_every_command_is_on_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert set(_declared()) == TOOL_COMMANDS
    assert _commands(cli.build_parser()) == PRODUCT_COMMANDS | TOOL_COMMANDS
    with pytest.raises(SystemExit) as info:
        cli.main(["--help"])
    assert info.value.code == 0
    listed = {line.split()[0] for line in capsys.readouterr().out.splitlines() if line.startswith("    ")}
    assert listed >= PRODUCT_COMMANDS | TOOL_COMMANDS


def _with_plugins(monkeypatch: pytest.MonkeyPatch, *extra: metadata.EntryPoint) -> None:
    real = list(metadata.entry_points(group=cli.COMMANDS_GROUP))

    def entry_points(*, group: str) -> metadata.EntryPoints:
        assert group == cli.COMMANDS_GROUP
        return metadata.EntryPoints([*real, *extra])

    monkeypatch.setattr(metadata, "entry_points", entry_points)


def test_a_broken_plugin_is_one_line_and_loses_only_its_command(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _with_plugins(monkeypatch, metadata.EntryPoint("broken", "tools.no_such_module:add", cli.COMMANDS_GROUP),
                  metadata.EntryPoint("sim", "tools.commands:add_bench", cli.COMMANDS_GROUP))
    commands = _commands(cli.build_parser())
    err = capsys.readouterr().err
    assert commands == PRODUCT_COMMANDS | TOOL_COMMANDS
    assert err.count("\n") == 2 and "Traceback" not in err
    assert "tools.no_such_module:add left out: ModuleNotFoundError" in err
    assert "tools.commands:add_bench left out: sim is a command already" in err


def test_a_product_command_reads_no_plugin(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """``tressette run`` at boot (and replay, deal...) never reads the installed metadata."""

    def entry_points(*, group: str) -> metadata.EntryPoints:
        raise AssertionError(f"read {group}")

    monkeypatch.setattr(metadata, "entry_points", entry_points)
    assert cli.main(["deal", "--seed", "3"]) == 0
    assert capsys.readouterr().out
    with pytest.raises(AssertionError, match="read tressette.commands"):
        cli.main(["bench", "engine", "--seconds", "0.01"])
