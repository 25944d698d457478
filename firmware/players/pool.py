"""Every core of the box: imagined worlds searched by a pool of worker processes.

The hard level's search (:meth:`HardPlayer.pimc_totals`) is a loop over
independent worlds, so it spreads over processes without changing what it
computes: while the deciding thread searches its own worlds inside its budget,
each worker samples worlds from the same view (its own seed) and sends back one
*row* per world, the margin of every candidate card still in the race. The
deciding thread adds the rows to its own, world by world, and races the cards
as before (a row always covers every card still in the race, so the paired
comparison holds).

- The pool is started once (:func:`start_shared`) and kept warm: the processes
  import the players and wait on a pipe. They run at a lower priority
  (``os.nice``) so that the screen's frame keeps its budget on the box.
- A decision never waits for a worker: when the deciding thread's budget is
  spent it keeps the rows that have arrived; rows that come later are tagged
  with their decision and dropped. Workers stop a chunk of worlds at the
  deciding thread's expected end.
- A worker that fails (an exception, a pipe that breaks, a process that dies)
  is dropped with a log line; the search goes on in the thread with the workers
  left, or alone, as with no pool at all.
- One core: :func:`default_workers` is 0 and no pool is started; the search is
  the one of before.
- :meth:`WorldPool.close` (also at exit) stops every worker: none is left behind;
  a worker whose parent dies sees its pipe close and exits.
"""

from __future__ import annotations

import atexit
import contextlib
import copyreg
import logging
import multiprocessing
import os
import random
import select
import signal
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from multiprocessing.connection import Connection, wait
from typing import Any

from firmware.engine import Card, HandState, View, make_variant
from firmware.engine.variants import Variant
from firmware.players import inference
from firmware.players.determinize import Sampler
from firmware.players.worlds import world_row

log = logging.getLogger("firmware.players.pool")

Resample = tuple[int, float, bool]
"""(draws, miss, textbook): :func:`~firmware.players.inference.likeliest`'s draws and odds a
miss, and whether the opponent is judged by the textbook's rules (:class:`inference.Fit`)."""

WORKER_NICE = 10
"""How much lower than the box's own process the workers run (``os.nice``)."""

CHUNK_WORLDS = 4
"""Worlds a worker searches per request before it reports (and reads the next one)."""

MAX_WORKERS = 7
"""At most this many workers, whatever the core count."""


def _reduce_variant(v: Variant) -> tuple[Any, tuple[str, dict[str, object]]]:
    # A Variant holds a read-only mapping (not picklable): it travels as its name and options.
    return make_variant, (v.preset.name, dict(v.options))


copyreg.pickle(Variant, _reduce_variant)


def default_workers() -> int:
    """Worker processes for this machine: one core less than it has (the deciding
    thread keeps one), so 0 on one core; ``TRESSETTE_WORKERS`` overrides."""
    env = os.environ.get("TRESSETTE_WORKERS", "").strip()
    if env:
        try:
            return max(0, min(MAX_WORKERS, int(env)))
        except ValueError:
            log.warning("TRESSETTE_WORKERS=%r is not a number; using the core count", env)
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
    return max(0, min(MAX_WORKERS, cores - 1))


# ------------------------------------------------------------------ the worker


def _worker_main(conn: Connection, nice: int) -> None:
    """A worker's life: wait for a view, search worlds of it on request, until told to stop."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent decides when to stop
    if nice:
        with contextlib.suppress(OSError):  # not permitted: run at the parent's priority
            os.nice(nice)

    try:
        conn.send(("ready",))  # warm: the players are imported
    except (OSError, ValueError):
        return
    sampler: Callable[[], HandState] | None = None
    last = time.process_time()
    seat = 0
    rng = random.Random(0)
    decision = -1
    while True:
        try:
            msg = conn.recv()
        except (EOFError, OSError):
            return  # the parent is gone
        kind = msg[0]
        if kind == "stop":
            return
        try:
            if kind == "begin":
                _, decision, view, seed, resample, lengths = msg
                seat = view.seat
                rng = random.Random(seed)
                sampler = _world_source(view, rng, resample, lengths)
            elif kind == "chunk":
                _, did, cards, k, deadline = msg
                rows: list[list[float]] = []
                if did == decision and sampler is not None:
                    for _ in range(k):
                        rows.append(world_row(sampler(), seat, cards))
                        if time.perf_counter() >= deadline:
                            break
                now = time.process_time()  # all the worker's CPU since its last report
                conn.send(("rows", did, cards, rows, now - last))
                last = now
            elif kind == "fail":  # tests: a worker that raises
                raise RuntimeError("asked to fail")
        except Exception as exc:  # noqa: BLE001 - reported to the parent, which drops us
            try:
                conn.send(("error", decision, repr(exc)))
            except (OSError, ValueError):
                return
            return


def _world_source(
    view: View, rng: random.Random, resample: Resample | None, lengths: bool = False
) -> Callable[[], HandState]:
    """The worlds a worker searches: sampled from ``view``, or resampled by likelihood."""
    sample = Sampler(view, lengths=lengths)
    if resample is None:
        return lambda: sample(rng)
    draws, miss, textbook = resample
    fit = inference.Fit(view, textbook)
    return lambda: inference.likeliest(view, sample, rng, draws, miss, fit)


# ------------------------------------------------------------------ the pool


@dataclass
class _Worker:
    process: Any  # multiprocessing.Process (spawn context)
    conn: Connection
    fd: int  # the pipe's descriptor, registered with the pool's poller
    outstanding: int = 0
    ready: bool = False


class WorldPool:
    """Worker processes that search worlds of the deciding thread's view."""

    def __init__(self, workers: int, *, nice: int = WORKER_NICE) -> None:
        ctx = multiprocessing.get_context("spawn")  # no fork of a process with threads (the screen)
        self.workers: list[_Worker] = []
        self.lock = threading.Lock()
        """Held by the decision using the pool; another one (the coach) searches alone."""
        self._did = 0
        self.worker_cpu = 0.0
        """CPU seconds the workers spent on the rows that were used (the bench reads it)."""
        self.worker_rows = 0
        self._poller = select.poll()
        """Every worker's pipe, registered once: one system call asks them all whether
        rows have come (``Connection.poll`` builds a selector on every call, which cost the
        deciding thread about 6% of its worlds when it asked after each one)."""
        self._by_fd: dict[int, _Worker] = {}
        """The workers by their pipe's descriptor (what the poller answers with)."""
        for _ in range(max(0, workers)):
            parent, child = ctx.Pipe()
            proc = ctx.Process(target=_worker_main, args=(child, nice), daemon=True, name="tressette-worlds")
            proc.start()
            child.close()
            w = _Worker(proc, parent, parent.fileno())
            self.workers.append(w)
            self._by_fd[w.fd] = w
            self._poller.register(w.fd, select.POLLIN)
        self.started = len(self.workers)

    def wait_ready(self, timeout: float = 30.0) -> bool:
        """Wait until every worker has imported the players (True), or ``timeout`` s."""
        end = time.perf_counter() + timeout
        while any(not w.ready for w in self.workers):
            left = end - time.perf_counter()
            if left <= 0:
                return False
            self.collect(-1, timeout=min(left, 0.5))
        return bool(self.workers)

    @property
    def size(self) -> int:
        return len(self.workers)

    def pids(self) -> list[int]:
        return [w.process.pid for w in self.workers]

    # -------------------------------------------------------------- a decision

    def begin(
        self, view: View, seed: int, resample: Resample | None = None, *, lengths: bool = False
    ) -> int:
        """Send ``view`` to every worker; returns the decision's tag. ``resample``
        (draws, miss, textbook): each world a worker searches is the one of that many sampled
        that :func:`~firmware.players.inference.likeliest` picks, as in the thread.
        ``lengths``: its worlds meet the signals' suit lengths (:class:`Sampler`)."""
        self._did += 1
        for i, w in enumerate(list(self.workers)):
            self._send(w, ("begin", self._did, view, seed * 7919 + i, resample, lengths))
        return self._did

    def feed(self, did: int, cards: Sequence[Card], deadline: float) -> None:
        """Keep every worker busy: a chunk of worlds for the cards still in the race, to
        stop at ``deadline`` (``time.perf_counter``, the same clock in every process)."""
        for w in list(self.workers):
            while w.outstanding < 2:
                if not self._send(w, ("chunk", did, list(cards), CHUNK_WORLDS, deadline)):
                    break
                w.outstanding += 1

    def collect(self, did: int, timeout: float = 0.0) -> list[tuple[list[Card], list[float]]]:
        """The rows that have arrived for decision ``did`` (rows of earlier ones are dropped)."""
        out: list[tuple[list[Card], list[float]]] = []
        if not self.workers:
            return out
        if timeout > 0:
            wait([w.conn for w in self.workers], timeout)
        while ready := [w for w in self._readable() if w in self.workers]:
            for w in ready:  # one message from each pipe that holds one, until none does
                self._take(w, did, out)
        return out

    def _take(self, w: _Worker, did: int, out: list[tuple[list[Card], list[float]]]) -> None:
        try:
            msg = w.conn.recv()
        except (EOFError, OSError) as exc:
            self._drop(w, f"pipe closed ({exc.__class__.__name__})")
            return
        if msg[0] == "ready":
            w.ready = True
        elif msg[0] == "rows":
            w.outstanding = max(0, w.outstanding - 1)
            if msg[1] == did:
                out.extend((msg[2], row) for row in msg[3])
                self.worker_cpu += msg[4]
                self.worker_rows += len(msg[3])
        else:
            self._drop(w, f"raised {msg[2]}")

    def _readable(self) -> list[_Worker]:
        """The workers whose pipe holds a message (or has closed), asked in one call."""
        return [self._by_fd[fd] for fd, _ in self._poller.poll(0) if fd in self._by_fd]

    # -------------------------------------------------------------- upkeep

    def _send(self, w: _Worker, msg: tuple[Any, ...]) -> bool:
        try:
            w.conn.send(msg)
            return True
        except (OSError, ValueError) as exc:
            self._drop(w, f"cannot be reached ({exc.__class__.__name__})")
            return False

    def _drop(self, w: _Worker, why: str) -> None:
        if w not in self.workers:
            return
        self.workers.remove(w)
        self._forget(w)
        log.warning(
            "world worker %s %s: dropped, the search goes on with %d worker(s) and the deciding thread",
            w.process.pid, why, len(self.workers),
        )
        _end(w)

    def close(self) -> None:
        """Stop every worker and wait for it (a worker that hangs is terminated)."""
        for w in self.workers:
            with contextlib.suppress(OSError, ValueError):
                w.conn.send(("stop",))
        for w in self.workers:
            self._forget(w)
            _end(w)
        self.workers = []

    def _forget(self, w: _Worker) -> None:
        if self._by_fd.pop(w.fd, None) is not None:
            self._poller.unregister(w.fd)


def _end(w: _Worker) -> None:
    w.process.join(timeout=2.0)
    if w.process.is_alive():
        w.process.terminate()
        w.process.join(timeout=2.0)
    if w.process.is_alive():  # pragma: no cover - terminate is enough for our workers
        w.process.kill()
        w.process.join(timeout=2.0)
    with contextlib.suppress(OSError):
        w.conn.close()


# ------------------------------------------------------------------ one pool per process

_SHARED: WorldPool | None = None


def start_shared(workers: int | None = None) -> WorldPool | None:
    """Start the process's pool once (``workers`` default :func:`default_workers`);
    None when that is 0 (one core: the search stays in the thread)."""
    global _SHARED
    n = default_workers() if workers is None else workers
    if _SHARED is not None:
        return _SHARED
    if n <= 0:
        return None
    try:
        _SHARED = WorldPool(n)
    except OSError as exc:  # no processes to be had: search in the thread
        log.warning("world workers could not start (%s): searching in the thread", exc)
        return None
    atexit.register(stop_shared)
    log.info("world workers started: %d (pids %s)", _SHARED.size, _SHARED.pids())
    return _SHARED


def shared() -> WorldPool | None:
    """The process's pool, if one was started and has workers left."""
    return _SHARED if _SHARED is not None and _SHARED.workers else None


def stop_shared() -> None:
    global _SHARED
    if _SHARED is not None:
        _SHARED.close()
        _SHARED = None


class SharedPool:
    """The process's pool as a thing to close (the box's runtime closes it on the way out)."""

    def close(self) -> None:
        stop_shared()
