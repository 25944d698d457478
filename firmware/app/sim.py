"""``tressette sim``: the box on a laptop.

A window with the touchscreen at its real size and, beside it, the table: the
*Accuso* buttons of the seats and the menu button (clickable; they drive the
real debounce code on mock pins), the LED score display drawn as 7 segments,
and a card-reader panel where a click on a card "scans" it: the tag goes
through the real reader parser and thread over a pty. Keyboard shortcuts are
listed in docs/box.md.

``--headless`` uses SDL's dummy video driver; with computer seats only
(``--seats cpu:hard,cpu:normal --matches N``) it plays unattended, which the
soak and power-cut tests use.
"""

from __future__ import annotations

import argparse
import logging
import os
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from firmware import config
from firmware.app.computers import box_budget
from firmware.app.controller import ControllerOptions
from firmware.app.messages import english, msg
from firmware.app.runtime import Runtime
from firmware.cliopts import options_from
from firmware.config import sim_state_dir
from firmware.engine import TressetteError, make_variant
from firmware.store import JournalFailure

if TYPE_CHECKING:
    from firmware.engine.seating import SeatSpec

log = logging.getLogger("firmware.app.sim")



def headless_refusal(kinds: list[str]) -> str | None:
    """Why a headless simulator cannot play these seats (it would wait for ever), or None.

    Without the window nobody taps the screen for a ``human`` seat, and nobody scans the
    real cards of a ``table`` seat (the window's reader panel does that, or a real reader
    on the box)."""
    def which(kind: str) -> str:
        numbers = [str(n + 1) for n, k in enumerate(kinds) if k == kind]
        return ("seats " if len(numbers) > 1 else "seat ") + ", ".join(numbers)

    if "human" in kinds:
        return (f"--headless has no screen to tap for {which('human')}; name computer seats with --seats "
                "(e.g. cpu:hard,cpu:normal), or run the window")
    if "table" in kinds:
        return (f"--headless cannot play the real cards of table {which('table')}: nobody scans them without the "
                "window's card-reader panel; run the window (without --headless) and scan there, or "
                "name computer seats with --seats (e.g. cpu:hard,cpu:normal)")
    return None


@dataclass(frozen=True, slots=True)
class SimOptions:
    """``tressette sim``'s options, with the parser's defaults (firmware.cli)."""

    headless: bool = False
    seats: list[SeatSpec] | None = None  # None: the settings'
    variant: str | None = None  # None: the settings'
    matches: int | None = None  # stop after this many finished matches
    state_dir: str | None = None  # None: sim_state_dir()
    config: str | None = None
    seed: int | None = None
    think_ms: int | None = None  # None: the settings' (0 unattended and headless)
    budget: str | None = None  # hard's counted budget; None: this board's
    size: tuple[int, int] = (800, 480)
    log_level: str = "WARNING"
    phones_port: int | None = None  # None: the settings' [phones]
    phones_host: str | None = None

    @classmethod
    def from_args(cls, args: argparse.Namespace) -> SimOptions:
        return options_from(cls, args)


def main(namespace: argparse.Namespace) -> int:
    args = SimOptions.from_args(namespace)
    logging.basicConfig(
        level=logging.getLevelNamesMapping().get(args.log_level.upper(), logging.WARNING),
        format="%(asctime)s %(name)s %(levelname)s %(message)s",
    )
    if not _video(headless=args.headless):
        print("tressette sim: no display here (DISPLAY is not set); use --headless", file=sys.stderr)
        return 2
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

    settings, problems = config.load(Path(args.config) if args.config else None)
    wrong = _game_arguments(settings, args)
    if wrong is not None:
        print(f"tressette sim: {wrong}", file=sys.stderr)
        return 2
    config.phone_arguments(settings, args.phones_port, args.phones_host)
    unattended = all(s.computer for s in settings.game.seats)
    if args.headless:
        refusal = headless_refusal([s.kind for s in settings.game.seats])
        if refusal is not None:
            print(f"tressette sim: {refusal}", file=sys.stderr)
            return 2
    think = args.think_ms
    if think is None:
        think = 0 if unattended and args.headless else settings.game.think_ms
    state_dir = Path(args.state_dir) if args.state_dir else sim_state_dir()
    size = args.size
    rt = Runtime(
        settings=settings,
        state_dir=state_dir,
        options=ControllerOptions(auto_next=unattended, matches=args.matches, seed=args.seed),
        think_ms=think,
        plays=box_budget(args.budget),
        seed=args.seed,
        problems=problems,
    )
    with rt:
        rt.install_signals()
        from firmware.app.window import NoWindow  # start-up: pygame, loaded by the simulator only

        try:
            rt.start_sim(size=size, headless=args.headless)
        except NoWindow as exc:
            shown = os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY") or ""
            print(f"tressette sim: no window could be opened on {shown!r} ({exc}); is its display "
                  "server running? --headless plays without a window", file=sys.stderr)
            return 2
        rt.loop.think_pinned = args.think_ms is not None  # --think-ms beats the speed setting
        _first_match(rt, args, unattended)
        rt.loop.run()
    # a seeded run is no fair table: its last line says so (the screen says so all along)
    seeded = "" if args.seed is None else f" (seeded run, --seed {args.seed}: every deal can be repeated)"
    print(f"tressette sim: {rt.ctl.stopping or 'stopped'}{seeded}", file=sys.stderr)
    return 0


def _video(*, headless: bool) -> bool:
    """SDL's dummy drivers for ``--headless``; otherwise whether there is a display to open."""
    if headless:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
        return True
    return any(os.environ.get(v) for v in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER"))


def _game_arguments(settings: config.Settings, args: SimOptions) -> str | None:
    """``--variant`` and ``--seats`` over the settings' game; what is wrong with them, or None."""
    if args.variant:
        settings.game.variant = args.variant
        settings.game.options = {}
        if not args.seats:  # the settings' seats, as many as this game has
            try:
                n = make_variant(args.variant).n_seats
            except TressetteError as exc:
                return f"--variant: {exc}"
            settings.game.seats = config.fit_seats(settings.game.seats, n)
    if args.seats:
        try:
            n = make_variant(settings.game.variant).n_seats
            settings.game.seats = config.check_seats(args.seats, n)
        except Exception as exc:
            return f"--seats: {exc}"
    return None


def _first_match(rt: Runtime, args: SimOptions, unattended: bool) -> None:
    """Resume the journal's unfinished match, else start the game the command line names."""
    resumed = rt.ctl.boot()
    if resumed and (args.seats or args.variant) and rt.ctl.match_id is not None:
        # An unfinished match is never thrown away unasked: the named game waits its turn.
        named = msg("m_resumed_not_named", match=rt.ctl.match_id)
        rt.ctl.say(named)
        print(f"tressette sim: {english(named)}", file=sys.stderr)
    # Seats or a variant named on the command line: start that game at once.
    if not resumed and (unattended or args.matches is not None or args.seats or args.variant):
        try:
            rt.ctl.new_match()
        except JournalFailure as exc:  # shown, retried; the person taps New game then
            rt.ctl.journal_failed(exc)
