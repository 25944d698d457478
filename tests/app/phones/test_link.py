"""The server's life (firmware/app/phones/link.py): started only for a phone game or by the
setting, each change published once, a port that cannot be had said on the screen."""

from __future__ import annotations

import socket

from firmware.app.phones.link import PhoneLink
from firmware.app.phones.seatview import TableFeed
from firmware.app.phones.server import PhoneServer
from tests.app.phones.conftest import MakePhoneTable


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
