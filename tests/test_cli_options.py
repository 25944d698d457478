"""Each command's typed options record (firmware.cliopts) holds every option its parser
declares, with the parser's default: an option added to one and not the other fails here
(options_from would drop it silently, or a record built by hand would differ from the CLI's)."""

from __future__ import annotations

import argparse
import dataclasses
from typing import Any

import pytest

from firmware import cli
from firmware.analyse import AnalyseOptions
from firmware.app.device import RunOptions
from firmware.app.history import ExportOptions, HistoryOptions
from firmware.app.sim import SimOptions
from firmware.cliopts import BenchOptions, options_from
from firmware.replay import DealOptions, ReplayOptions
from firmware.selftest import SelfTestOptions
from hal.selftest import HardwareTestOptions
from tools.arena import ArenaOptions

RECORDS: list[tuple[list[str], Any]] = [
    (["replay", "game.json"], ReplayOptions),
    (["analyse", "game.json"], AnalyseOptions),
    (["deal"], DealOptions),
    (["bench", "pool"], BenchOptions),
    (["arena"], ArenaOptions),
    (["self-test"], SelfTestOptions),
    (["hardware-test"], HardwareTestOptions),
    (["run"], RunOptions),
    (["sim"], SimOptions),
    (["export", "1"], ExportOptions),
    (["history"], HistoryOptions),
]


@pytest.mark.parametrize(("argv", "record"), RECORDS, ids=[argv[0] for argv, _ in RECORDS])
def test_the_record_has_every_option_with_the_parser_s_default(argv: list[str], record: Any) -> None:
    namespace = cli.build_parser().parse_args(argv)
    declared = {k: v for k, v in vars(namespace).items() if k not in ("func", "command")}
    fields = {f.name: f for f in dataclasses.fields(record)}
    assert set(declared) == set(fields)
    for name, f in fields.items():
        if f.default is not dataclasses.MISSING:
            assert f.default == declared[name], name
    built = record.from_args(namespace)
    assert {name: getattr(built, name) for name in fields} == declared


def test_a_namespace_built_by_hand_takes_the_defaults_for_what_it_lacks() -> None:
    opts = options_from(ArenaOptions, argparse.Namespace(a="easy", matches=3, func=print))
    assert opts == dataclasses.replace(ArenaOptions(), a="easy", matches=3)


def test_the_command_line_reaches_the_record() -> None:
    argv = ["arena", "--a", "normal", "--wall-cap", "4", "--ref-plies", "6", "--duplicate", "--also", "easy,random"]
    opts = ArenaOptions.from_args(cli.build_parser().parse_args(argv))
    assert (opts.a, opts.wall_cap, opts.ref_plies, opts.duplicate, opts.also) == ("normal", 4.0, 6, True, "easy,random")
    bench = BenchOptions.from_args(cli.build_parser().parse_args(["bench", "pool", "--workers", "2", "--nice", "0"]))
    assert (bench.what, bench.workers, bench.nice, bench.positions) == ("pool", 2, 0, 30)
    sim = SimOptions.from_args(cli.build_parser().parse_args(["sim", "--seats", "human,cpu:hard", "--size", "480x320"]))
    assert [s.kind for s in sim.seats or []] == ["human", "computer"] and sim.size == (480, 320)
