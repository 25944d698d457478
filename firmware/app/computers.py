"""The computers' worker: computer players think on a thread, the answer comes back
through the one queue.

:class:`ComputerSeats` asks the controller what a computer should think about
(``cpu_request()``, the seats' part answers it, :mod:`firmware.app.seats`) and
thinks on a worker (:class:`concurrent.futures.Executor`) so the screen never
freezes; the answer comes back through the one queue as a
:class:`~firmware.app.events.PlayerMoved` carrying the controller's
*generation* at the time of asking, so an answer to a state that no longer
exists (a human declared meanwhile, a new game started) is ignored. Tests use
:class:`SyncExecutor`: the answer is queued before ``submit`` returns.

Its own module, apart from the seats' part: the main loop polls it, it asks the
controller, the controller asks the seats' part, so the walk of one loop turn
never comes back to a module it came from.
"""

from __future__ import annotations

import logging
import random
import secrets
import threading
import time
from collections.abc import Callable
from concurrent.futures import Executor, Future, ThreadPoolExecutor
from pathlib import Path
from typing import Any, Protocol

from firmware.app.coaching import CoachActions, CoachWorker
from firmware.app.core import AskKind, CpuRequest
from firmware.app.events import PlayerFailed, PlayerMoved
from firmware.app.reviewing import MatchReviewing, ReviewWorker
from firmware.engine import Action, Declare, Match, Play, View
from firmware.engine.seating import SeatSpec
from firmware.players import make_player as players_make
from firmware.players.hard import HardPlayer

log = logging.getLogger("firmware.app.computers")


class Player(Protocol):
    def choose(self, view: View) -> Action: ...

    def declarations(self, view: View) -> list[Declare]: ...


class FallbackPlayer:
    """Used only if firmware.players has no player for a seat: random legal card, every accuso."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: View) -> Action:
        plays = [a for a in view.legal if isinstance(a, Play)]
        return self.rng.choice(plays or list(view.legal))

    def declarations(self, view: View) -> list[Declare]:
        decls = [a for a in view.legal if isinstance(a, Declare)]
        fours = {d.rank for d in decls if d.kind == "four"}
        return [d for d in decls if not (d.kind == "three" and d.rank in fours)]


BOARD_MODEL = Path("/proc/device-tree/model")
"""Where Linux names the board it runs on (a Raspberry Pi's model line)."""


def box_budget(given: str | None, model: Path = BOARD_MODEL) -> int | str:
    """The hard level's counted budget on the box: ``--budget`` when given (pi4, pi5 or
    a count), else this board's (a Pi 5 by its model line; a Pi 4, or any other host)."""
    if given is not None:
        return int(given) if given.isdigit() else given
    try:
        line = model.read_bytes().decode("ascii", "replace")
    except OSError:
        return "pi4"
    return "pi5" if "Raspberry Pi 5" in line else "pi4"


def make_player(spec: SeatSpec, *, seed: int, think_ms: int | None = None) -> Player:
    """The computer player for a computer seat (firmware.players), or a fallback."""
    try:
        return players_make(spec.level or "normal", seed=seed, think_ms=think_ms)
    except (ValueError, KeyError, TypeError):
        log.warning("no player for %s: using a random player", spec)
        return FallbackPlayer(seed)


class PlayerFactory(Protocol):
    def __call__(self, spec: SeatSpec, *, seed: int, think_ms: int | None = None) -> Player: ...


class Asked(Protocol):
    """What the computers' worker asks the table (the controller answers)."""

    @property
    def match(self) -> Match | None: ...

    @property
    def match_id(self) -> int | None: ...

    @property
    def seats(self) -> list[SeatSpec]: ...

    @property
    def coaching(self) -> CoachActions: ...

    @property
    def reviewing(self) -> MatchReviewing: ...

    def cpu_request(self) -> CpuRequest | None: ...


class SyncExecutor(Executor):
    """Runs the job inside ``submit``: deterministic tests, no threads."""

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        fut: Future[Any] = Future()
        try:
            fut.set_result(fn(*args, **kwargs))
        except BaseException as exc:
            fut.set_exception(exc)
        return fut


class ComputerSeats:
    """Asks the controller what to think about and posts the answers to the queue."""

    def __init__(
        self,
        post: Callable[[PlayerMoved | PlayerFailed], None],
        *,
        seed: int | None = 0,
        think_ms: int = 0,
        executor: Executor | None = None,
        player_factory: PlayerFactory = make_player,
        rate_worlds: int | None = None,
        plays: int | str | None = None,
    ) -> None:
        self.post = post
        # The hard level's budget as a count (a board or cards per decision: the same
        # search whatever else the box is doing); None: think_ms of CPU time.
        self.plays = plays
        # None: an unseeded box. A computer's random choices then come from the operating
        # system, so nobody at the table can replay them: from a known generator, an easy
        # computer's pick among its legal cards would tell how many it holds. The coach and
        # the reviews stay on a fixed seed (a hint is a function of the position).
        self.seed = 0 if seed is None else seed
        self.unseeded = seed is None
        self.think_ms = think_ms
        # The coach's ratings (a hand's end, a match's review) at the rating's own budget
        # (None: RATE_WORLDS), whatever the computers' pause: a quick table (think_ms 0,
        # ``sim --think-ms 0``) once rated on one world and showed its noise as losses
        # ("perdi 5 punti e ⅔" for one card of an 11-point hand). Tests ask for less.
        self.rate_worlds = rate_worlds
        self.executor = executor or ThreadPoolExecutor(max_workers=1, thread_name_prefix="cpu")
        # a match's review (seconds of work) on a thread of its own: the table never waits for it
        self.review_executor = executor or ThreadPoolExecutor(max_workers=1, thread_name_prefix="review")
        self.player_factory = player_factory
        self._players: dict[tuple[int, int, SeatSpec], Player] = {}
        self._inflight: tuple[int, str, int, tuple[int, ...]] | None = None
        self._lock = threading.Lock()
        self._coach: CoachWorker | None = None  # the coach's worker, made when first needed
        self._reviewer: ReviewWorker | None = None  # the match reviews' worker

    def player(self, match_id: int, seat: int, spec: SeatSpec) -> Player:
        key = (match_id, seat, spec)
        if key not in self._players:
            seed = secrets.randbits(128) if self.unseeded else hash((self.seed, match_id, seat)) & 0x7FFFFFFF
            player = self.player_factory(spec, seed=seed, think_ms=self.think_ms)
            if isinstance(player, HardPlayer) and self.plays is not None:
                player.plays = self.plays
            self._players[key] = player
        return self._players[key]

    def poll(self, ctl: Asked) -> bool:
        """Start thinking if the controller wants a move and nobody is on it; True if started.

        A hint the person asked for (casual matches) is computed on the same worker."""
        if self._reviewer is None:
            self._reviewer = ReviewWorker(self.post, self.review_executor, worlds=self.rate_worlds)
        self._reviewer.poll(ctl.reviewing)
        if self._coach is None:
            self._coach = CoachWorker(self.post, self.executor, rate_worlds=self.rate_worlds)
        if self._coach.poll(ctl.coaching):
            return True
        req = ctl.cpu_request()
        if req is None or req.key == self._inflight or ctl.match is None:
            return False
        assert ctl.match_id is not None
        self._inflight = req.key
        player = self.player(ctl.match_id, req.seat, ctl.seats[req.seat])
        view = ctl.match.view_for(req.seat)
        self.executor.submit(self._think, player, view, req)
        return True

    def _think(self, player: Player, view: View, req: CpuRequest) -> None:
        start = time.monotonic()
        try:
            if req.kind == AskKind.DECLARE:
                actions: tuple[Action, ...] = tuple(player.declarations(view))
            else:
                actions = (player.choose(view),)
        except Exception as exc:  # a player bug must not stop the table
            log.exception("computer seat %d failed", req.seat)
            self.post(PlayerFailed(req.seat, req.generation, repr(exc), req.asked))
            return
        spent = time.monotonic() - start
        if req.kind == AskKind.PLAY and self.think_ms and spent * 1000 < self.think_ms:
            # Let people see it coming: a computer plays no faster than think_ms.
            time.sleep(self.think_ms / 1000 - spent)
        self.post(
            PlayerMoved(req.seat, actions, req.generation, int(spent * 1000), req.asked)
        )

    def close(self) -> None:
        if self._reviewer is not None:
            self._reviewer.wanted = None  # a review under way stops at its next card
        self.executor.shutdown(wait=False, cancel_futures=True)
        if self.review_executor is not self.executor:
            self.review_executor.shutdown(wait=False, cancel_futures=True)
