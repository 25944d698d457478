"""Entry points: ``tressette <command>``.

Each command's handler imports its own modules lazily, so ``tressette replay``
on the box never imports pygame and ``tressette bench engine`` never touches
the hardware layer.
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


def _bench(args: argparse.Namespace) -> int:
    # start-up: each command loads its own modules (every command's modules at once: 20x the import time of firmware.cli alone, python -c, load 14)
    from tools import bench

    return bench.main(args)


def _arena(args: argparse.Namespace) -> int:
    # start-up: each command loads its own modules (every command's modules at once: 20x the import time of firmware.cli alone, python -c, load 14)
    from tools import arena

    return arena.main(args)


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


def _gallery(args: argparse.Namespace) -> int:
    # start-up: each command loads its own modules (every command's modules at once: 20x the import time of firmware.cli alone, python -c, load 14)
    from tools import coach_samples, gallery

    return gallery.main([], extra=coach_samples.scenes())


MAX_WORLDS = 1000


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

    p = sub.add_parser("gallery", help="render every screen x it/de/en/hr/nl x 800x480/480x320 into docs/screens/")
    p.set_defaults(func=_gallery)

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
    p.add_argument("--worlds", type=_int_in(1, MAX_WORLDS, "worlds"), default=None,
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


def _add_bench(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """``tressette bench WHAT``: the speed benchmarks and their knobs."""
    p = sub.add_parser("bench", help="speed benchmarks (engine, solver, ui, app, coach, phones, pool, inference, budget)")
    p.add_argument("what", choices=["engine", "solver", "ui", "app", "coach", "phones", "pool", "inference", "budget"])
    p.add_argument("--variant", type=A.variant, default="tressette2")
    p.add_argument("--seconds", type=A.float_range(0.01, 3600), default=None,
                   help="engine: seconds of playouts, app: rounds (default 3); phones: a bound on the whole bench (default 180)")
    p.add_argument("--seed", type=A.int_range(0), default=1)
    p.add_argument("--think-ms", type=_int_in(1, 60_000, "think-ms"), default=None,
                   help="pool: each decision's wall time (the coach has no clock: --worlds)")
    p.add_argument("--worlds", type=_int_in(1, MAX_WORLDS, "worlds"), default=None,
                   help="coach: worlds per decision, a hint's and a rating's alike (default 64); budget: thousands of cards per decision (default 4)")
    p.add_argument("--hands", type=_int_in(1, 200, "hands"), default=5, help="coach, inference: seeded hands")
    p.add_argument("--workers", type=_int_in(1, 7, "workers"), default=None,
                   help="pool: world workers (default: the cores but one, at least 1)")
    p.add_argument("--positions", type=_int_in(1, 1000, "positions"), default=30,
                   help="pool: decisions measured")
    p.add_argument("--nice", type=_int_in(0, 19, "nice"), default=None,
                   help="pool: the workers' priority below the deciding thread (default 10)")
    p.set_defaults(func=_bench)


def _add_arena(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """``tressette arena``: levels against each other, plain or duplicate, with the coach."""
    p = sub.add_parser("arena", help="computer levels play complete matches against each other")
    p.add_argument("--a", type=A.player, default="hard", help="level A: random, easy, normal, hard, oracle, reference")
    p.add_argument("--b", type=A.player, default="normal", help="level B")
    p.add_argument("--variant", type=A.variant, default="tressette2")
    p.add_argument("--matches", type=A.int_range(1, 1_000_000), default=20)
    p.add_argument("--seed", type=A.int_range(0), default=1)
    p.add_argument("--think-ms", type=A.int_range(0, 60_000), default=None, help="hard/oracle budget per decision, ms of CPU time (wall time capped at 3x)")
    p.add_argument("--worlds", type=A.int_range(1, 100_000), default=None, help="hard: fixed worlds per decision, no clock")
    p.add_argument("--wall-cap", type=float, default=None, help="hard: wall-clock cap, times --think-ms (default 3, as on the box; raise it on a loaded machine)")
    p.add_argument("--budget", type=A.budget, default=None,
                   help="hard: a counted budget, the same search on any host and load: pi4 or pi5 (what its core does in --think-ms) or cards played per decision")
    p.add_argument("--ref-plies", type=A.int_range(1, 40), default=None, help="reference: search depth in cards (default 8)")
    p.add_argument("--workers", type=A.int_range(0, 7), default=None, help="hard: a pool of this many world worker processes (default none)")
    p.add_argument("--options", default=None, help="preset options, e.g. target=21,signals=classic")
    p.add_argument(
        "--duplicate",
        action="store_true",
        help="every match once per side with the seats exchanged; points over duplicate pairs",
    )
    p.add_argument("--also", type=A.players, default=None, help="duplicate: more levels in A's place on the same deals")
    p.add_argument("--log", type=A.log_output, default=None,
                   help="duplicate: append one JSON line per deal and level (a regular file or a new one)")
    p.add_argument("--first", type=A.int_range(0, 1_000_000), default=None, help="duplicate: start at this deal (go on after a run cut short)")
    p.add_argument("--from-log", type=A.log_files, default=None,
                   help="report the deals of --log files (comma-separated regular files)")
    p.add_argument("--ceiling", default=None,
                   help="duplicate or --from-log: each level's share of the gap from B to this level (one of the levels)")
    p.add_argument("--json", action="store_true")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.add_argument("--coach", action="store_true", help="rate every play with the coach (calibration)")
    p.add_argument("--coach-worlds", type=_int_in(1, MAX_WORLDS, "coach-worlds"), default=None,
                   help="coach: worlds per decision, a hint's and a rating's alike (default 64); budget: thousands of cards per decision (default 4)")
    p.set_defaults(func=_arena)


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


def build_parser() -> argparse.ArgumentParser:
    """The command line: one sub-command each, in the order ``--help`` lists them."""
    parser = argparse.ArgumentParser(prog="tressette", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    _add_replay(sub)
    _add_analyse(sub)
    _add_deal(sub)
    _add_bench(sub)
    _add_arena(sub)
    _add_self_test(sub)
    _add_hardware_test(sub)
    _add_app_commands(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
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
