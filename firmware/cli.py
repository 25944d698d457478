"""Entry points: ``tressette <command>``.

Each command's handler imports its own modules lazily, so ``tressette replay``
on the box never imports pygame and ``tressette bench engine`` never touches
the hardware layer. The commands of the tools (bench, arena, gallery) are plug-ins,
declared in pyproject.toml and read at run time; this module names no tool.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence

from firmware import cliargs as A

Handler = Callable[[argparse.Namespace], int]


def _replay(args: argparse.Namespace) -> int:
    # start-up: each command loads its own modules (every command's modules at once: 20x the import time of firmware.cli alone, python -c, load 14)
    from firmware import replay

    return replay.main(args)


def _deal(args: argparse.Namespace) -> int:
    # start-up: each command loads its own modules (every command's modules at once: 20x the import time of firmware.cli alone, python -c, load 14)
    from firmware import replay

    return replay.deal_main(args)


def _analyse(args: argparse.Namespace) -> int:
    # start-up: each command loads its own modules (every command's modules at once: 20x the import time of firmware.cli alone, python -c, load 14)
    from firmware import analyse

    return analyse.main(args)


def _self_test(args: argparse.Namespace) -> int:
    # start-up: each command loads its own modules (every command's modules at once: 20x the import time of firmware.cli alone, python -c, load 14)
    from firmware import selftest

    return selftest.main(args)


def _hardware_test(args: argparse.Namespace) -> int:
    # start-up: each command loads its own modules (every command's modules at once: 20x the import time of firmware.cli alone, python -c, load 14)
    from hal import selftest

    return selftest.main(args)


def _run(args: argparse.Namespace) -> int:
    # start-up: each command loads its own modules (every command's modules at once: 20x the import time of firmware.cli alone, python -c, load 14)
    from firmware.app import device

    return device.main(args)


def _sim(args: argparse.Namespace) -> int:
    # start-up: each command loads its own modules (every command's modules at once: 20x the import time of firmware.cli alone, python -c, load 14)
    from firmware.app import sim

    return sim.main(args)


def _export(args: argparse.Namespace) -> int:
    # start-up: each command loads its own modules (every command's modules at once: 20x the import time of firmware.cli alone, python -c, load 14)
    from firmware.app import history

    return history.export_main(args)


def _history(args: argparse.Namespace) -> int:
    # start-up: each command loads its own modules (every command's modules at once: 20x the import time of firmware.cli alone, python -c, load 14)
    from firmware.app import history

    return history.history_main(args)


def _int_in(lo: int, hi: int, what: str) -> Callable[[str], int]:
    """An argparse type: a whole number in lo..hi, refused in one line otherwise."""
    return A.int_range(lo, hi, what=what)


def _phone_options(p: argparse.ArgumentParser) -> None:
    """The phone seats' server (docs/phones.md) over the settings' ``[phones]``."""
    p.add_argument("--phones-port", type=A.int_range(1024, 65535), default=None,
                   help="phone seats' web server port (default: the settings' [phones] port, 8337)")
    p.add_argument("--phones-host", type=A.host, default=None,
                   help="address it listens on: an IP address or a host name (default: [phones] host, 0.0.0.0)")


def _add_app_commands(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    # Options are declared here (not in firmware.app) so --help never imports pygame.
    p = sub.add_parser("run", help="the device program (full screen, real hardware)")
    p.add_argument("--config", type=A.path, default=None, help="default: /etc/tressette/tressette.toml")
    p.add_argument("--state-dir", type=A.state_dir, default=None, help="default: the settings' [paths] state_dir")
    p.add_argument("--health-file", type=A.path, default=None, help="default: $RUNTIME_DIRECTORY/health or /run/tressette/health")
    p.add_argument("--budget", type=A.budget, default=None,
                   help="hard's search, counted: pi4, pi5 (what its core does in the think time) or cards per decision (default: this board's, pi4 off a Pi)")
    p.add_argument("--log-level", type=A.log_level, default="INFO", metavar="LEVEL", help=", ".join(A.LOG_LEVELS))
    _phone_options(p)
    p.set_defaults(func=_run)

    p = sub.add_parser("sim", help="the simulator: the box in a window on a laptop")
    p.add_argument("--headless", action="store_true", help="no window (SDL dummy video driver)")
    p.add_argument("--seats", type=A.seats, default=None, help="e.g. human,cpu:normal or cpu:hard,cpu:normal")
    p.add_argument("--variant", type=A.variant, default=None, help="default: the settings file's")
    p.add_argument("--matches", type=A.int_range(1), default=None, help="stop after N finished matches")
    p.add_argument("--state-dir", type=A.state_dir, default=None, help="default: ~/.local/state/tressette")
    p.add_argument("--config", type=A.path, default=None, help="default: ~/.config/tressette/tressette.toml")
    p.add_argument("--seed", type=A.int_range(0), default=None, help="deal and computer seeds")
    p.add_argument("--think-ms", type=A.int_range(0, 60_000), default=None, help="computer think time in ms")
    p.add_argument("--budget", type=A.budget, default=None,
                   help="hard's search, counted: pi4, pi5 (what its core does in the think time) or cards per decision (default: this board's, pi4 off a Pi)")
    p.add_argument("--size", type=A.screen_size, default=(800, 480), help="touchscreen: 800x480, 480x320, 1280x800")
    p.add_argument("--log-level", type=A.log_level, default="WARNING", metavar="LEVEL", help=", ".join(A.LOG_LEVELS))
    _phone_options(p)
    p.set_defaults(func=_sim)

    p = sub.add_parser("export", help="write a match from the journal as a record file")
    p.add_argument("match", type=A.int_range(1), help="match id (see tressette history)")
    p.add_argument("-o", "--output", type=A.output_path, default=None, help="a regular file or a new one; default: stdout")
    p.add_argument("--state-dir", type=A.state_dir, default=None)
    p.set_defaults(func=_export)

    p = sub.add_parser("history", help="matches played and statistics per variant and level")
    p.add_argument("--state-dir", type=A.state_dir, default=None)
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=_history)


def _add_replay(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """``tressette replay FILE``: a game record told trick by trick."""
    p = sub.add_parser("replay", help="print a game record trick by trick")
    p.add_argument("file", help="a tressette-record/1 JSON file")
    p.add_argument("--json", action="store_true", help="machine-readable totals")
    p.set_defaults(func=_replay)


def _add_analyse(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """``tressette analyse FILE``: the coach rates every play of a record."""
    p = sub.add_parser("analyse", help="rate every play of a game record (the coach, docs/coach.md)")
    p.add_argument("file", help="a tressette-record/1 JSON file (tressette export writes them)")
    p.add_argument("--json", action="store_true", help="machine-readable: format tressette-analysis/1")
    p.add_argument("--lang", choices=("it", "de", "en"), default="en", help="names and reasons")
    p.add_argument("--seat", type=_int_in(0, 3, "seat"), default=None, help="rate only this seat's plays")
    p.add_argument("--worlds", type=_int_in(1, A.MAX_WORLDS, "worlds"), default=None,
                   help="sampled worlds per decision (default: the coach's, 64)")
    p.add_argument("--seed", type=_int_in(0, (1 << 32) - 1, "seed"), default=0,
                   help="search seed: the same seed gives the same analysis")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.set_defaults(func=_analyse)


def _add_deal(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """``tressette deal``: the cards of a seeded hand."""
    p = sub.add_parser("deal", help="print the deal of a seeded hand")
    p.add_argument("--variant", type=A.variant, default="tressette2")
    p.add_argument("--seed", type=A.int_range(0), default=0)
    p.add_argument("--dealer", type=A.int_range(0, 7), default=0)
    p.set_defaults(func=_deal)


def _add_self_test(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """``tressette self-test``: can this release run here (the installer asks)."""
    p = sub.add_parser("self-test", help="check this release can run here (used by the installer)")
    p.add_argument("--state-dir", type=A.state_dir, default=None, help="default: $TRESSETTE_STATE_DIR or /var/lib/tressette")
    p.add_argument("--unit", type=A.path, default=None, help="the systemd unit whose SDL_VIDEODRIVER to check "
                   "(default: $TRESSETTE_UNIT or /etc/systemd/system/tressette.service)")
    p.set_defaults(func=_self_test)


def _add_hardware_test(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """``tressette hardware-test``: buttons, display and reader, step by step."""
    p = sub.add_parser("hardware-test", help="walk through buttons, display and card reader")
    p.add_argument("--sim", action="store_true", help="run against the simulated doubles")
    p.add_argument("--config", type=A.path, default=None, help="settings file with a [hardware] section")
    p.add_argument("--timeout", type=A.float_range(0.1, 3600), default=30.0, help="seconds to wait for each step")
    p.set_defaults(func=_hardware_test)


COMMANDS_GROUP = "tressette.commands"
"""The plug-in point for the commands of other packages: each entry point of this group
(pyproject.toml's ``[project.entry-points."tressette.commands"]``) names a function that
takes the sub-command table and adds the command of the entry point's name. The tools'
``bench``, ``arena`` and ``gallery`` come this way (:mod:`tools.commands`), so the product
names no tool and the tools, which ship in the same wheel, stay commands of ``tressette``."""


def _product_parser() -> tuple[argparse.ArgumentParser, argparse._SubParsersAction[argparse.ArgumentParser]]:
    """The product's own commands, in the order ``--help`` lists them."""
    parser = argparse.ArgumentParser(prog="tressette", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    _add_replay(sub)
    _add_analyse(sub)
    _add_deal(sub)
    _add_self_test(sub)
    _add_hardware_test(sub)
    _add_app_commands(sub)
    return parser, sub


def _add_plugins(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """The installed packages' commands (:data:`COMMANDS_GROUP`), by name, after the product's.

    A plug-in that does not load, or names a command the product has, is one line on
    stderr and left out: the product's commands work whatever a plug-in does."""
    # start-up: the entry points are read only for --help and a command not the product's (importlib.metadata doubles the import time of firmware.cli, python -c, load 1)
    from importlib.metadata import entry_points

    for ep in sorted(entry_points(group=COMMANDS_GROUP), key=lambda e: e.name):
        if ep.name in sub.choices:
            print(f"tressette: plug-in {ep.value} left out: {ep.name} is a command already", file=sys.stderr)
            continue
        try:
            ep.load()(sub)
        except Exception as exc:  # a broken plug-in loses its command, never the others
            print(f"tressette: plug-in {ep.value} left out: {type(exc).__name__}: {exc}", file=sys.stderr)


def build_parser() -> argparse.ArgumentParser:
    """The command line: the product's commands, then the plug-ins' (``--help`` lists them all)."""
    parser, sub = _product_parser()
    _add_plugins(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    parser, sub = _product_parser()
    if not argv or argv[0] not in sub.choices:
        _add_plugins(sub)  # --help, a plug-in's command, or a typo answered with every command
    args = parser.parse_args(argv)
    handler: Handler = args.func
    try:
        return handler(args)
    except BrokenPipeError:
        # `tressette replay x | head`: the reader left; not an error worth a traceback.
        sys.stderr.close()
        return 141
    except KeyboardInterrupt:
        return 130
    except Exception as exc:
        # The last net: every known bad input has its own message; anything
        # else is one line for a person (the traceback with TRESSETTE_DEBUG=1).
        # The device program is left to its unit: its log keeps the traceback.
        if args.command == "run" or os.environ.get("TRESSETTE_DEBUG"):
            raise
        print(f"tressette {args.command}: {type(exc).__name__}: {exc}", file=sys.stderr)
        return 70


if __name__ == "__main__":
    sys.exit(main())
