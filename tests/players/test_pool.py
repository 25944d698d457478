"""The pool of world workers (``firmware/players/pool.py``): the same rows as the
deciding thread, only the view crosses, failures fall back to the thread, no process
is left behind. Nothing here times anything: the workers get far deadlines."""

from __future__ import annotations

import contextlib
import logging
import os
import random
import time
from collections.abc import Iterator

import pytest

from firmware.engine import PRESETS, Match, View, make_variant, view_for
from firmware.players import pool as poolmod
from firmware.players.determinize import Sampler
from firmware.players.hard import HardPlayer, exact_endgame
from firmware.players.heuristic import NormalPlayer
from firmware.players.pool import Resample, WorldPool
from firmware.players.worlds import world_row


@pytest.fixture(scope="module")
def pool() -> Iterator[WorldPool]:
    p = WorldPool(1, nice=0)
    assert p.wait_ready(120.0)
    yield p
    p.close()


def _view(name: str, seed: int = 4, plays: int = 3) -> View:
    """A view of seeded play where the hard level samples worlds."""
    variant = make_variant(name)
    match = Match(variant)
    state = match.start_hand(seed=seed)
    players = [NormalPlayer(seed=s) for s in range(variant.n_seats)]
    done = 0
    while True:
        view = view_for(state, state.to_move)
        cards = {a.card for a in view.legal if hasattr(a, "card")}
        if done >= plays and len(cards) >= 2 and not exact_endgame(view):
            return view
        action = players[state.to_move].choose(view)
        match.apply(action)
        done += 1


def _rows(
    pool: WorldPool,
    view: View,
    seed: int,
    cards: list[int],
    want: int,
    resample: Resample | None = None,
    lengths: bool = False,
) -> list[list[float]]:
    did = pool.begin(view, seed, resample, lengths=lengths)
    got: list[list[float]] = []
    end = time.perf_counter() + 120.0
    while len(got) < want and time.perf_counter() < end:
        pool.feed(did, cards, time.perf_counter() + 60.0)
        got.extend(row for _, row in pool.collect(did, timeout=1.0))
    return got[:want]


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_a_worker_searches_the_worlds_the_thread_would(pool: WorldPool, name: str) -> None:
    """Only the view crosses to the worker (it is pickled: nothing hidden rides along), and
    its worlds are the ones the same seed gives in the thread."""
    view = _view(name)
    cards = sorted({a.card for a in view.legal if hasattr(a, "card")})
    rows = _rows(pool, view, 11, cards, 4)
    sample = Sampler(view)
    rng = random.Random(11 * 7919 + 0)
    assert rows == [world_row(sample(rng), view.seat, cards) for _ in range(4)]


@pytest.mark.parametrize("name", ["briscola", "treseta4"])
def test_a_worker_meets_the_signals_suit_lengths_as_the_thread_does(pool: WorldPool, name: str) -> None:
    """``lengths`` crosses to the worker: its worlds are the thread's ``Sampler(view,
    lengths=True)`` worlds for the same seed."""
    view = _view(name)
    cards = sorted({a.card for a in view.legal if hasattr(a, "card")})
    rows = _rows(pool, view, 12, cards, 4, lengths=True)
    sample = Sampler(view, lengths=True)
    rng = random.Random(12 * 7919 + 0)
    assert rows == [world_row(sample(rng), view.seat, cards) for _ in range(4)]


@pytest.mark.parametrize("textbook", [False, True])
@pytest.mark.parametrize("name", ["tressette2", "treschetten2"])
def test_a_resampling_worker_searches_the_worlds_the_thread_would(
    pool: WorldPool, name: str, textbook: bool
) -> None:
    """With resampling (two seats, a talon) a worker searches the worlds the thread's
    :func:`inference.likeliest` picks with the same seed and the same model of the
    opponent (the card counter's rule, or the textbook's): only the view crosses."""
    from firmware.players import inference

    view = _view(name, plays=8)
    assert inference.applies(view)
    cards = sorted({a.card for a in view.legal if hasattr(a, "card")})
    rows = _rows(pool, view, 12, cards, 4, (8, 0.1, textbook))
    sample = Sampler(view)
    rng = random.Random(12 * 7919 + 0)
    fit = inference.Fit(view, textbook)
    want = [world_row(inference.likeliest(view, sample, rng, 8, 0.1, fit), view.seat, cards) for _ in range(4)]
    assert rows == want
    if textbook and name == "tressette2":
        # here the two models pick other worlds, so a worker deaf to the model would fail
        rng = random.Random(12 * 7919 + 0)
        counter = inference.Fit(view)
        assert want != [
            world_row(inference.likeliest(view, sample, rng, 8, 0.1, counter), view.seat, cards) for _ in range(4)
        ]


@contextlib.contextmanager
def _until_rows(pool: WorldPool, player: HardPlayer, want: int = 4) -> Iterator[None]:
    """``player``'s budget ends once ``want`` of the worker's rows have come in (no clock
    read by the test; every look at the pipes waits up to 50 ms for them)."""
    rows_seen = [0]

    class UntilRows:
        def __init__(self, seconds: float) -> None:
            self.calls = 0

        def expected_end(self) -> float:
            return time.perf_counter() + 60.0

        def spent(self) -> bool:
            self.calls += 1
            return self.calls > 5000 or rows_seen[0] >= want

    real_collect = pool.collect

    def counting(did: int, timeout: float = 0.0) -> list[tuple[list[int], list[float]]]:
        got = real_collect(did, timeout=0.05)
        rows_seen[0] += len(got)
        return got

    pool.collect = counting  # type: ignore[method-assign]
    player.pool = pool
    player.budget = UntilRows  # type: ignore[assignment]
    try:
        yield
    finally:
        del pool.collect


def test_a_pooled_decision_adds_the_workers_worlds(pool: WorldPool) -> None:
    view = _view("treseta4")
    player = HardPlayer(seed=1, think_ms=200)
    player.racing = False
    with _until_rows(pool, player):
        cards = sorted({a.card for a in view.legal if hasattr(a, "card")})
        card = player.pick(view, cards)
    assert card in cards
    assert player.last_pool_worlds >= 4
    assert player.last_worlds > player.last_pool_worlds
    assert not pool.lock.locked()


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_the_coach_never_uses_the_pool(pool: WorldPool, name: str) -> None:
    """The coach's hint and its ratings search a fixed number of worlds seeded by the
    position, in the thread: a pool beside it (free for the taking) changes no answer
    (docs/coach.md, *One answer*)."""
    from firmware.coach.core import Coach

    view = _view(name, plays=5)
    pooled = Coach(seed=3, worlds=12)
    pooled.hard.pool = pool
    alone = Coach(seed=3, worlds=12)
    assert pooled.evaluate(view) == alone.evaluate(view)
    assert pooled.hint(view) == alone.hint(view)
    assert pooled.hard.last_pool_worlds == 0
    assert not pool.lock.locked()


def test_fixed_worlds_never_use_the_pool(pool: WorldPool) -> None:
    """Tests and reproducible measurements (``worlds=N``) search in the thread only, so
    the pool changes nothing there: the same card as without it."""
    view = _view("treseta4", seed=6)
    cards = sorted({a.card for a in view.legal if hasattr(a, "card")})
    with_pool = HardPlayer(seed=3, worlds=24)
    with_pool.pool = pool
    alone = HardPlayer(seed=3, worlds=24)
    alone.use_pool = False
    assert with_pool.pick(view, cards) == alone.pick(view, cards)
    assert with_pool.last_pool_worlds == 0 and with_pool.last_worlds == alone.last_worlds


def test_a_failing_worker_is_dropped_with_a_log_line(caplog: pytest.LogCaptureFixture) -> None:
    p = WorldPool(1, nice=0)
    try:
        assert p.wait_ready(120.0)
        proc = p.workers[0].process
        p.workers[0].conn.send(("fail",))
        with caplog.at_level(logging.WARNING, logger="firmware.players.pool"):
            end = time.perf_counter() + 60.0
            while p.workers and time.perf_counter() < end:
                p.collect(0, timeout=0.5)
        assert p.size == 0
        assert any("dropped" in r.getMessage() for r in caplog.records)
        assert not proc.is_alive()
        # The decision goes on in the thread.
        view = _view("briscola")
        player = HardPlayer(seed=2, think_ms=1)
        player.pool = p
        cards = sorted({a.card for a in view.legal if hasattr(a, "card")})
        assert player.pick(view, cards) in cards
        assert player.last_pool_worlds == 0
    finally:
        p.close()


def test_one_look_takes_the_rows_of_every_worker_and_a_dead_one_is_forgotten(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """The pipes are asked together (one poll for all): rows of both workers come in, each
    worker's own worlds; a worker that dies is dropped, its pipe no longer asked."""
    p = WorldPool(2, nice=0)
    try:
        assert p.wait_ready(120.0)
        view = _view("treseta4", seed=5)
        cards = sorted({a.card for a in view.legal if hasattr(a, "card")})
        did = p.begin(view, 21)
        sample = Sampler(view)
        by_worker = [random.Random(21 * 7919 + i) for i in range(2)]
        # A worker's rows are its own first worlds; either may have searched any share.
        expected = [[world_row(sample(rng), view.seat, cards) for _ in range(200)] for rng in by_worker]
        rows: list[list[float]] = []
        end = time.perf_counter() + 120.0
        while time.perf_counter() < end and len(rows) < 150 and not (
            any(r in expected[0] for r in rows) and any(r in expected[1] for r in rows)
        ):
            p.feed(did, cards, time.perf_counter() + 60.0)
            rows.extend(row for _, row in p.collect(did, timeout=1.0))
        assert all(r in expected[0] or r in expected[1] for r in rows)
        assert any(r in expected[0] for r in rows) and any(r in expected[1] for r in rows)
        dead = p.workers[0]
        dead.process.kill()
        dead.process.join(timeout=30.0)
        with caplog.at_level(logging.WARNING, logger="firmware.players.pool"):
            end = time.perf_counter() + 60.0
            while dead in p.workers and time.perf_counter() < end:
                p.feed(did, cards, time.perf_counter() + 60.0)
                p.collect(did, timeout=0.5)
        assert dead not in p.workers and p.size == 1
        assert any("dropped" in r.getMessage() for r in caplog.records)
        assert dead.fd not in p._by_fd
        p.feed(did, cards, time.perf_counter() + 60.0)
        assert isinstance(p.collect(did, timeout=1.0), list)  # the live worker still answers
    finally:
        p.close()
    assert not p._by_fd


def test_close_leaves_no_process_and_a_lost_parent_ends_the_worker() -> None:
    p = WorldPool(2, nice=0)
    procs = [w.process for w in p.workers]
    assert p.wait_ready(120.0)
    # The parent's end of one pipe closes (as when the box's process dies): that worker exits.
    p.workers[0].conn.close()
    procs[0].join(timeout=30.0)
    assert not procs[0].is_alive()
    p.workers.pop(0)
    p.close()
    assert all(not pr.is_alive() for pr in procs)
    assert p.size == 0


def test_one_core_starts_no_pool(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(os, "sched_getaffinity", lambda _pid: {0}, raising=False)
    monkeypatch.delenv("TRESSETTE_WORKERS", raising=False)
    assert poolmod.default_workers() == 0
    assert poolmod.start_shared() is None
    assert poolmod.shared() is None


@pytest.mark.parametrize(("env", "want"), [("0", 0), ("2", 2), ("99", poolmod.MAX_WORKERS), ("x", None)])
def test_the_worker_count_can_be_set(monkeypatch: pytest.MonkeyPatch, env: str, want: int | None) -> None:
    monkeypatch.setattr(os, "sched_getaffinity", lambda _pid: {0, 1, 2, 3}, raising=False)
    monkeypatch.setenv("TRESSETTE_WORKERS", env)
    assert poolmod.default_workers() == (3 if want is None else want)


def test_the_box_starts_its_pool_once_and_closes_it(tmp_path: object, monkeypatch: pytest.MonkeyPatch) -> None:
    """The runtime starts the shared pool when the computers think (not for think_ms 0,
    the tests' setting), the hard players use it, and closing the runtime ends it."""
    from pathlib import Path

    from firmware import config
    from firmware.app.controller import ControllerOptions
    from firmware.app.runtime import Runtime

    assert isinstance(tmp_path, Path)
    monkeypatch.setenv("TRESSETTE_WORKERS", "1")
    settings, problems = config.load(tmp_path / "s.toml")
    rt = Runtime(settings=settings, state_dir=tmp_path / "state", think_ms=40, seed=1,
                 options=ControllerOptions(seed=1), problems=problems)  # fmt: skip
    shared = poolmod.shared()
    try:
        assert shared is not None and shared.size == 1
        procs = [w.process for w in shared.workers]
    finally:
        rt.close()
    assert poolmod.shared() is None
    assert all(not p.is_alive() for p in procs)
    quiet = Runtime(settings=settings, state_dir=tmp_path / "state2", think_ms=0, seed=1,
                    options=ControllerOptions(seed=1), problems=problems)  # fmt: skip
    try:
        assert poolmod.shared() is None
    finally:
        quiet.close()


def test_bench_pool_reports_both_ways(capsys: pytest.CaptureFixture[str]) -> None:
    from firmware.cli import main as cli

    assert cli(["bench", "pool", "--variant", "treseta4", "--positions", "2", "--think-ms", "5",
                "--workers", "1", "--nice", "0"]) == 0  # fmt: skip
    out = capsys.readouterr().out
    assert "worlds per decision alone" in out and "with pool" in out and "speed-up" in out
    assert "1 left at the end" in out


def test_arena_with_workers_uses_the_shared_pool() -> None:
    from tests.players.test_arena import _args
    from tools import arena

    try:
        out = arena.run(_args(a="hard", b="normal", variant="treseta4", options="target=21",
                              think_ms=2, workers=1, duplicate=False))  # fmt: skip
        assert out["workers"] == 1 and out["hands"] > 0
        assert poolmod.shared() is not None
    finally:
        poolmod.stop_shared()
    assert poolmod.shared() is None


def test_bench_positions_are_card_plays_in_every_preset() -> None:
    # chiamata's first decision is the call, whose actions carry a card too: the bench took it
    # for a card play and searched worlds where the caller had no legal card ("negative shift count").
    from firmware.engine import PRESETS, Play
    from tools.bench import pool as poolbench

    for name in PRESETS:
        for view in poolbench.positions(name, 1, 3):
            plays = {a.card for a in view.legal if isinstance(a, Play)}
            assert len(plays) >= 2, name
            assert all(isinstance(a, Play) for a in view.legal if hasattr(a, "card")), name
