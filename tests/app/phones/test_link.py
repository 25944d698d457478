"""The server's life (firmware/app/phones/link.py): started only for a phone game or by the
setting, each change published once, a port that cannot be had said on the screen."""

from __future__ import annotations

import importlib
import socket
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from firmware.app.phones.link import PhoneLink
from firmware.app.phones.seatview import TableFeed
from firmware.app.phones.server import PhoneServer
from firmware.engine.cards import DECKS
from tests.app.phones.conftest import MakePhoneTable
from ui.webart import card_names


class FakeServer:
    def __init__(self) -> None:
        self.feeds: list[TableFeed] = []
        self.freed: list[int] = []
        self.started = 0

    @property
    def error(self) -> str:
        return ""

    def start(self, timeout: float = 10.0) -> bool:
        self.started += 1
        return True

    def publish(self, feed: TableFeed) -> None:
        self.feeds.append(feed)

    def free(self, seat: int) -> None:
        self.freed.append(seat)

    def stop(self, timeout: float = 5.0) -> None:
        pass


def test_no_server_without_a_phone_seat_unless_the_setting_says(make_phone_table: MakePhoneTable) -> None:
    made: list[FakeServer] = []

    def make() -> FakeServer:
        made.append(FakeServer())
        return made[-1]

    t = make_phone_table(variant="tressette2", seats=["human", "cpu:easy"])
    t.loop.phones = PhoneLink(make)
    t.ctl.new_match()
    t.pump()
    assert made == []
    t.loop.phones = PhoneLink(make, always=True)
    t.pump()
    assert len(made) == 1 and made[0].feeds and made[0].feeds[-1].phone_seats == frozenset()


def test_a_phone_game_starts_it_and_publishes_each_change_once(make_phone_table: MakePhoneTable) -> None:
    server = FakeServer()
    t = make_phone_table(variant="tressette2", seats=["phone", "cpu:easy"], seed=2)
    t.loop.phones = PhoneLink(lambda: server)
    t.ctl.new_match()
    t.pump()
    assert server.started == 1
    n = len(server.feeds)
    t.pump()
    assert len(server.feeds) == n  # nothing changed, nothing sent
    feed = server.feeds[-1]
    assert feed.phone_seats == frozenset({0}) and feed.join_open == frozenset({0}) and set(feed.views) == {0}
    assert feed.info["n_seats"] == 2 and len(feed.info["cards"]) == 40
    import ui.intents as ui

    t.put(ui.FreePhoneSeat(0))
    assert server.freed == [0]


def test_a_port_already_taken_is_said_on_the_screen(make_phone_table: MakePhoneTable) -> None:
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        t = make_phone_table(variant="tressette2", seats=["phone", "cpu:easy"])
        server = PhoneServer(t.events.put, host="127.0.0.1", port=port, state_dir=t.state_dir)
        t.loop.phones = PhoneLink(lambda: server)
        t.ctl.new_match()
        t.pump()
        assert server.error and str(port) in server.error
        t.pump()
        assert t.ctl.phones.status.error == server.error
        assert t.ctl.message.message.key == "ph_no_server" and t.ctl.message.level == "error"


def test_the_prepare_steps_run_one_per_refresh_before_the_server_is_made(
        make_phone_table: MakePhoneTable) -> None:
    server = FakeServer()
    steps: list[int] = []

    def prepare() -> Iterator[None]:
        for i in range(3):
            steps.append(i)
            yield

    t = make_phone_table(variant="tressette2", seats=["phone", "cpu:easy"], seed=2)
    link = PhoneLink(lambda: server, prepare=prepare)
    t.ctl.new_match()
    for n in (1, 2, 3):
        link.refresh(t.ctl)
        assert steps == list(range(n)) and server.started == 0 and not server.feeds
    link.refresh(t.ctl)  # the generator ends: the server is made, started and told the table
    assert server.started == 1 and server.feeds and steps == [0, 1, 2]
    link.refresh(t.ctl)
    assert steps == [0, 1, 2] and server.started == 1


def test_a_step_that_says_ready_starts_the_server_and_the_rest_follow_one_per_refresh(
        make_phone_table: MakePhoneTable) -> None:
    server = FakeServer()
    steps: list[int] = []

    def prepare() -> Iterator[bool]:
        for i in range(4):
            steps.append(i)
            yield i == 1  # the game's own deck is ready after the second step

    t = make_phone_table(variant="tressette2", seats=["phone", "cpu:easy"], seed=2)
    link = PhoneLink(lambda: server, prepare=prepare)
    t.ctl.new_match()
    link.refresh(t.ctl)
    assert steps == [0] and server.started == 0
    link.refresh(t.ctl)  # ready: the server is made, started and told the table at once
    assert steps == [0, 1] and server.started == 1 and server.feeds
    for n in (3, 4):
        link.refresh(t.ctl)
        assert steps == list(range(n)) and not link.prepared
    link.refresh(t.ctl)
    assert link.prepared and steps == [0, 1, 2, 3] and server.started == 1


def test_a_prepare_step_that_fails_still_makes_the_server(make_phone_table: MakePhoneTable) -> None:
    server = FakeServer()

    def prepare() -> Iterator[None]:
        yield
        raise OSError("no card art")

    t = make_phone_table(variant="tressette2", seats=["phone", "cpu:easy"], seed=2)
    link = PhoneLink(lambda: server, prepare=prepare)
    t.ctl.new_match()
    link.refresh(t.ctl)
    assert server.started == 0
    link.refresh(t.ctl)
    assert server.started == 1  # and the log says what failed


@pytest.mark.parametrize(("variant", "deck"), [("tressette2", "italian"), ("treschetten2", "bavarian")])
def test_the_first_phone_game_holds_the_main_loop_for_one_card_picture_at_a_time(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, variant: str, deck: str) -> None:
    """The box's watchdog (30 s) killed the program when a phone game first started on the
    emulated Pi: aiohttp's import (31 s there) and both decks drawn as PNG (35 s) ran in one
    iteration of the main loop. Now each iteration draws one card at most, the modules load
    on a thread of their own, and the server starts once they and the game's own deck are
    done; the other deck follows, a card per iteration, the server running."""
    from firmware import config
    from firmware.app import runtime
    from firmware.app.controller import ControllerOptions
    from ui.webart import WebArt

    drawn: list[str] = []
    render = WebArt._render

    def counted(self: WebArt, code: str) -> bytes:
        drawn.append(code)
        return render(self, code)

    monkeypatch.setattr(WebArt, "_render", counted)
    imported_on: list[str] = []
    real_import = importlib.import_module

    def import_module(name: str, package: str | None = None) -> object:
        if name == "firmware.app.phones.server":
            imported_on.append(threading.current_thread().name)
        return real_import(name, package)

    monkeypatch.setattr(importlib, "import_module", import_module)
    settings, problems = config.load(tmp_path / "s.toml")
    settings.game.variant = variant
    settings.game.seats = config.check_seats(["phone", "cpu:easy"])
    settings.phones.host, settings.phones.port = "127.0.0.1", 0
    rt = runtime.Runtime(settings=settings, state_dir=tmp_path / "state", think_ms=0, seed=1,
                         options=ControllerOptions(seed=1), problems=problems)
    with rt:
        rt.ctl.new_match()
        link = rt.phones
        for _ in range(500):
            before = len(drawn)
            link.refresh(rt.ctl)
            assert len(drawn) - before <= 1, "one iteration drew several cards"
            if link.server is not None:
                break
        assert link.server is not None and not link.server.error
        assert imported_on == ["phones-import"]
        server = link.server
        assert isinstance(server, PhoneServer)
        assert len(drawn) == len(card_names(deck)) and set(server.cards[deck]) == set(card_names(deck))
        for _ in range(500):
            before = len(drawn)
            link.refresh(rt.ctl)
            assert len(drawn) - before <= 1, "one iteration drew several cards"
            if link.prepared:
                break
        assert len(drawn) == sum(len(card_names(d)) for d in DECKS)
        assert all(server.cards[d]["back.png"].startswith(b"\x89PNG") for d in DECKS)
