"""The join screen names an address the phone can reach: the bound host when the server
listens on one address, else the LAN address (the QR code's) and the box's mDNS name; and
the instruction line shows only while a code is on the screen. Renders go to test-artifacts/ui/."""

from __future__ import annotations

import itertools
import socket
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from firmware.app.phones.address import join_urls, lan_ip
from firmware.app.phones.server import PhoneServer
from tests.pictures import save_png
from tests.ui.conftest import MakeUI
from ui.i18n import LANGUAGES
from ui.joinscreen import JoinScreen
from ui.model import PhoneSeatModel, PhonesModel, TableModel
from ui.navigation import ScreenName

SMALL = [(800, 480), (480, 320)]


@pytest.mark.parametrize(("host", "ip", "want"), [
    ("127.0.0.1", "192.168.1.5", ("http://127.0.0.1:8391",)),  # bound to one address: that one only
    ("192.168.1.7", "192.168.1.5", ("http://192.168.1.7:8391",)),
    ("::1", "", ("http://[::1]:8391",)),
    ("0.0.0.0", "192.168.1.5", ("http://192.168.1.5:8391", "http://tressette.local:8391")),
    ("::", "10.0.0.2", ("http://10.0.0.2:8391", "http://tressette.local:8391")),
    ("0.0.0.0", "", ("http://tressette.local:8391",)),  # no LAN: the name, at least
])
def test_the_address_shown_is_one_the_phone_can_reach(host: str, ip: str, want: tuple[str, ...]) -> None:
    assert join_urls(host, 8391, "tressette.local", ip) == want


@given(st.sampled_from(["0.0.0.0", "::", "127.0.0.1", "192.168.0.9", "box.lan"]), st.integers(1, 65535),
       st.sampled_from(["", "10.1.2.3", "fe80::1"]), st.sampled_from(["", "tressette.local", "10.1.2.3"]))
def test_every_address_is_a_url_of_the_port_without_repeats(host: str, port: int, ip: str, name: str) -> None:
    urls = join_urls(host, port, name, ip)
    assert urls and len(set(urls)) == len(urls)
    assert all(u.startswith("http://") and u.endswith(f":{port}") for u in urls)


def test_the_lan_address_is_never_loopback_and_sends_nothing() -> None:
    ip = lan_ip()
    assert ip == "" or not ip.startswith("127.")
    if ip:
        socket.inet_pton(socket.AF_INET, ip)  # a real IPv4 address


def test_the_server_bound_to_localhost_says_localhost_not_the_box_name() -> None:
    server = PhoneServer(lambda _e: None, host="127.0.0.1", port=8391, address="tressette.local")
    assert server.url == "http://127.0.0.1:8391" and server.urls == ("http://127.0.0.1:8391",)
    everywhere = PhoneServer(lambda _e: None, host="0.0.0.0", port=8391, address="tressette.local")
    assert everywhere.urls[-1] == "http://tressette.local:8391"


def phones(url: str, also: tuple[str, ...], codes: tuple[str | None, ...]) -> PhonesModel:
    seats = tuple(PhoneSeatModel(i, c is None, c is None, c, f"{url}/#join={c}" if c else "")
                  for i, c in enumerate(codes))
    return PhonesModel(url, seats, also=also)


@pytest.mark.parametrize(("lang", "size"), list(itertools.product(LANGUAGES, SMALL)))
def test_render_the_join_screen_with_the_reachable_addresses(make_ui: MakeUI, artifacts: Path, lang: str,
                                                             size: tuple[int, int]) -> None:
    from ui.textcheck import RecordingSurface, problems

    ui = make_ui(size, language=lang)
    url, also = "http://192.168.1.5:8391", ("http://tressette.local:8391",)
    ui.set_model(TableModel(phones=phones(url, also, ("123456", None))))
    ui.show("join")
    rec = RecordingSurface(size, ui.ctx.fonts.meta)
    ui.draw(rec)
    save_png(rec, artifacts / f"join-addresses-{lang}-{size[0]}x{size[1]}.png")
    text = " ".join(t.text for t in rec.texts)
    assert "192.168.1.5:8391" in text and "tressette.local:8391" in text
    assert not problems(rec, min_px=ui.ctx.fonts.min_size)
    join = ui.screens[ScreenName.JOIN]
    assert isinstance(join, JoinScreen)
    head = join.head()
    assert url in head and also[0] in head


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_instruction_line_when_no_code_is_on_the_screen(make_ui: MakeUI, artifacts: Path, lang: str) -> None:
    from ui.textcheck import RecordingSurface

    ui = make_ui((800, 480), language=lang)
    ui.set_model(TableModel(phones=phones("http://127.0.0.1:8391", (), (None, None))))
    ui.show("join")
    rec = RecordingSurface((800, 480), ui.ctx.fonts.meta)
    ui.draw(rec)
    save_png(rec, artifacts / f"join-all-held-{lang}-800x480.png")
    assert not any("8391" in t.text for t in rec.texts)
    join = ui.screens[ScreenName.JOIN]
    assert isinstance(join, JoinScreen) and join.head() == ""


def test_the_address_follows_the_network(monkeypatch: pytest.MonkeyPatch) -> None:
    """The box joined another network (or opened its hotspot): the join screen's QR code
    carries the new address, not the one of the network it left. The server's URLs were
    kept per port, so the QR code named an address no phone could reach any more."""
    ip = ["192.168.1.23"]
    monkeypatch.setattr("firmware.app.phones.address.lan_ip", lambda: ip[0])
    server = PhoneServer(lambda _e: None, host="0.0.0.0", port=8391, address="tressette.local")
    assert server.url == "http://192.168.1.23:8391"

    ip[0] = "10.42.0.1"  # the box's own hotspot now

    assert server.url == "http://10.42.0.1:8391"
    assert server.urls == ("http://10.42.0.1:8391", "http://tressette.local:8391")
