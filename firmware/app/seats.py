"""Seat kinds and the computer players' worker.

Seats are spec strings, in turn order: ``human`` (the touchscreen),
``cpu:easy|normal|hard`` (a computer player), ``table`` (a person with real
cards, read by the card reader).

Computer players think on a worker (:class:`concurrent.futures.Executor`) so
the screen never freezes; the answer comes back through the one queue as a
:class:`~firmware.app.events.PlayerMoved` carrying the controller's
*generation* at the time of asking, so an answer to a state that no longer
exists (a human declared meanwhile, a new game started) is ignored. Tests use
:class:`SyncExecutor`: the answer is queued before ``submit`` returns.
"""

from __future__ import annotations

import logging
import random
import threading
import time
from collections.abc import Callable
from concurrent.futures import Executor, Future, ThreadPoolExecutor
from typing import Any, Protocol

from firmware.app.controller import CpuRequest, TableController
from firmware.app.events import PlayerFailed, PlayerMoved
from firmware.engine import Action, Declare, Play, View

log = logging.getLogger("firmware.app.seats")


class Player(Protocol):
    def choose(self, view: View) -> Action: ...

    def declarations(self, view: View) -> list[Declare]: ...


class FallbackPlayer:
    """Used only if firmware.players cannot make a player: random legal card, every accuso."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: View) -> Action:
        plays = [a for a in view.legal if isinstance(a, Play)]
        return self.rng.choice(plays or list(view.legal))

    def declarations(self, view: View) -> list[Declare]:
        decls = [a for a in view.legal if isinstance(a, Declare)]
        fours = {d.rank for d in decls if d.kind == "four"}
        return [d for d in decls if not (d.kind == "three" and d.rank in fours)]


def make_player(spec: str, *, seed: int, think_ms: int | None = None) -> Player:
    """The computer player for ``cpu:LEVEL`` (firmware.players), or a fallback."""
    try:
        from firmware.players import make_player as players_make
    except ImportError:
        log.warning("firmware.players.make_player missing: using a random player")
        return FallbackPlayer(seed)
    for candidate in (spec, spec.split(":", 1)[-1]):
        try:
            return players_make(candidate, seed=seed, think_ms=think_ms)
        except (ValueError, KeyError, TypeError):
            continue
    log.warning("no player for %r: using a random player", spec)
    return FallbackPlayer(seed)


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
        post: Callable[[object], None],
        *,
        seed: int = 0,
        think_ms: int = 0,
        executor: Executor | None = None,
        player_factory: Callable[..., Player] = make_player,
    ) -> None:
        self.post = post
        self.seed = seed
        self.think_ms = think_ms
        self.executor = executor or ThreadPoolExecutor(max_workers=1, thread_name_prefix="cpu")
        self.player_factory = player_factory
        self._players: dict[tuple[int, int, str], Player] = {}
        self._inflight: tuple[Any, ...] | None = None
        self._lock = threading.Lock()

    def player(self, match_id: int, seat: int, spec: str) -> Player:
        key = (match_id, seat, spec)
        if key not in self._players:
            seed = hash((self.seed, match_id, seat)) & 0x7FFFFFFF
            self._players[key] = self.player_factory(spec, seed=seed, think_ms=self.think_ms)
        return self._players[key]

    def poll(self, ctl: TableController) -> bool:
        """Start thinking if the controller wants a move and nobody is on it; True if started."""
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
            if req.kind == "declare":
                actions: tuple[Action, ...] = tuple(player.declarations(view))
            else:
                actions = (player.choose(view),)
        except Exception as exc:  # a player bug must not stop the table
            log.exception("computer seat %d failed", req.seat)
            self.post(PlayerFailed(req.seat, req.generation, repr(exc), req.asked))
            return
        spent = time.monotonic() - start
        if req.kind == "play" and self.think_ms and spent * 1000 < self.think_ms:
            # Let people see it coming: a computer plays no faster than think_ms.
            time.sleep(self.think_ms / 1000 - spent)
        self.post(
            PlayerMoved(req.seat, actions, req.generation, int(spent * 1000), req.asked)
        )

    def close(self) -> None:
        self.executor.shutdown(wait=False, cancel_futures=True)
