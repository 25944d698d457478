"""Settings → Network, the password's on-screen keyboard and the join screen's Wi-Fi lines:
layouts as pure functions (no display), taps turned into intents, every screen drawn in
it/de/en at 800x480 and 480x320 (test-artifacts/ui/network/)."""

from __future__ import annotations

import itertools
from dataclasses import replace
from pathlib import Path

import pygame
import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.pictures import save_png
from tests.ui.conftest import MakeUI
from tools.gallery import network_scenes, sample_network
from ui import intents as it
from ui.i18n import LANGUAGES
from ui.joinscreen import JoinScreen, join_layout
from ui.keyboard import ACCENTS, DIGITS, LETTERS, PAGES, SYMBOLS, Keyboard, capital, keyboard_keys
from ui.model import PhoneSeatModel, PhonesModel, TableModel
from ui.navigation import ScreenName
from ui.netmodel import NetworkModel, WifiRow
from ui.network import network_layout, password_layout
from ui.settings import SettingsScreen

SIZES = [(800, 480), (480, 320)]
MIN_TOUCH = 40


def inside_and_apart(rects: list[pygame.Rect], size: tuple[int, int]) -> None:
    screen = pygame.Rect((0, 0), size)
    for r in rects:
        assert screen.contains(r), (r, size)
    for a, b in itertools.combinations(rects, 2):
        assert not a.colliderect(b), (a, b)


# ------------------------------------------------------------------ the keyboard


@pytest.mark.parametrize(("layout", "page", "shift", "size"),
                         list(itertools.product(sorted(LETTERS), PAGES, (False, True), SIZES)))
def test_every_key_is_on_screen_apart_and_big_enough_to_touch(layout: str, page: str, shift: bool,
                                                              size: tuple[int, int]) -> None:
    kb = Keyboard(layout)
    kb.page, kb.shift = page, shift
    lay = password_layout(kb, size, min_touch=MIN_TOUCH)
    inside_and_apart([k.rect for k in lay.keys] + [lay.field, lay.show], size)
    for k in lay.keys:
        assert k.rect.h >= MIN_TOUCH - 2 and k.rect.w >= MIN_TOUCH - 6, (k, size)  # a fingertip's width
    names = {k.name for k in lay.keys}
    assert {"back", "space", "ok", "cancel"} <= names and {f"page:{p}" for p in PAGES if p != page} <= names


def test_any_printable_ascii_and_the_layouts_letters_can_be_typed() -> None:
    for layout in LETTERS:
        typed = set()
        for page in PAGES:
            for shift in (False, True):
                typed |= {k.name[3:] for k in keyboard_keys(layout, page, shift, pygame.Rect(0, 0, 800, 400))
                          if k.name.startswith("ch:")}
        assert {chr(c) for c in range(33, 127)} <= typed  # (space has its own key)
        assert set("".join(LETTERS[layout])) | set("".join(ACCENTS)) <= typed
    assert set("üöäß") <= set("".join(LETTERS["de"])) and "qwertz" in LETTERS["de"][0]
    assert LETTERS["it"][0].startswith("qwerty") and LETTERS["en"] == LETTERS["it"]
    assert capital("ß") == "ß" and capital("è") == "È"
    assert set(DIGITS) and SYMBOLS


@given(st.lists(st.sampled_from(["ch:a", "ch:ü", "shift", "space", "back", "page:symbols", "ch:@", "page:accents",
                                 "ch:é", "page:letters", "show"]), max_size=80))
def test_the_text_is_what_the_keys_typed(presses: list[str]) -> None:
    kb = Keyboard("de", max_length=20)
    expected = ""
    shift = False
    for name in presses:
        if name.startswith("ch:") and len(expected) < 20:
            expected += capital(name[3:]) if shift and name != "ch:@" else name[3:]
        if name.startswith("ch:") or name.startswith("page:"):
            shift = False
        elif name == "shift":
            shift = not shift
        elif name == "space" and len(expected) < 20:
            expected += " "
        elif name == "back":
            expected = expected[:-1]
        # the keys as drawn: a shifted page shows capitals, and pressing one types it
        if name.startswith("ch:") and kb.shift and name != "ch:@":
            name = f"ch:{capital(name[3:])}"
        assert kb.press(name) is None
    assert kb.text == expected
    assert kb.shown_text() == (kb.text if kb.shown else "•" * len(kb.text))


# ------------------------------------------------------------------ Settings → Network


def many(n: int) -> NetworkModel:
    rows = tuple(WifiRow(f"Rete {i}", 90 - i * 7, i % 2 == 0, known=i % 3 == 0) for i in range(n))
    return NetworkModel(networks=rows, known=tuple(r.ssid for r in rows if r.known), scanned=True)


@pytest.mark.parametrize(("n", "size"), list(itertools.product((0, 1, 3, 5, 12), SIZES)))
def test_network_layout_rows_and_buttons_fit_and_page(n: int, size: tuple[int, int]) -> None:
    net = many(n)
    seen: list[str] = []
    first = 0
    while True:
        lay = network_layout(net, size, first, min_touch=MIN_TOUCH)
        own = [b for b in lay.buttons if not b.name.startswith(("net:", "forget:"))]
        inside_and_apart([b.rect for b in own] + [r.rect for r in lay.rows] + [lay.lines, lay.hotspot], size)
        for b in lay.buttons:
            assert b.rect.h >= MIN_TOUCH and b.rect.w >= MIN_TOUCH
            if b.name.startswith("forget:"):  # on its row, at its right end
                row = next(r for r in lay.rows if r.index == int(b.name[7:]))
                assert row.rect.contains(b.rect)
        seen += [r.row.ssid for r in lay.rows]
        down = next((b for b in lay.buttons if b.name == "down"), None)
        if down is None or not down.enabled:
            break
        first += lay.per
    assert seen == [r.ssid for r in net.networks]  # every network once, in order


def test_a_tap_joins_an_open_or_known_network_and_asks_a_locked_ones_password(make_ui: MakeUI) -> None:
    ui = make_ui((800, 480), TableModel(network=sample_network("disconnected")), language="it")
    ui.show("settings")
    ui.show("network")
    assert ui.intents() == [it.ShowScreen("settings"), it.NetworkScan(), it.ShowScreen("network")]
    ui.network.press("net:2")  # Bar Sport: open
    ui.network.press("net:0")  # Casa Rossi: known
    assert ui.intents() == [it.NetworkConnect("Bar Sport: ospiti", ""), it.NetworkConnect("Casa Rossi", "")]
    ui.network.press("net:1")  # FRITZ!Box: a lock, not known
    assert ui.screen == "wifi_password" and ui.password.ssid == "FRITZ!Box 7590 KL"
    for name in ["shift", "ch:S", "ch:e", "ch:g", "ch:r", "ch:e", "ch:t", "ch:o", "page:symbols", "ch:!", "ok"]:
        ui.password.press(name)
    assert ui.intents()[-2:] == [it.NetworkConnect("FRITZ!Box 7590 KL", "Segreto!"), it.ShowScreen("network")]
    assert ui.screen == "network" and ui.password.keyboard.text == ""  # the password is not kept on screen


def test_ok_waits_for_eight_characters_and_cancel_sends_nothing(make_ui: MakeUI) -> None:
    ui = make_ui((480, 320), TableModel(network=sample_network("disconnected")), language="de")
    ui.show("network")
    ui.network.press("net:1")
    ui.intents()
    for ch in "abc1234":
        ui.password.press(f"ch:{ch}")
    ok = next(b for b in ui.password.buttons((480, 320)) if b.name == "ok")
    assert not ok.enabled
    ui.password.press("ok")
    assert ui.screen == "wifi_password" and ui.intents() == []
    ui.key(pygame.K_ESCAPE)
    assert ui.screen == "network" and ui.intents() == [it.ShowScreen("network")]  # no NetworkConnect


def test_a_laptops_keys_type_the_password(make_ui: MakeUI) -> None:
    ui = make_ui((800, 480), TableModel(network=sample_network("disconnected")))
    ui.show("network")
    ui.network.press("net:1")
    for ch in "pässwort;9":
        ui.handle(pygame.event.Event(pygame.KEYDOWN, key=0, unicode=ch))
    ui.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_BACKSPACE, unicode="\b"))
    ui.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, unicode="\r"))
    assert it.NetworkConnect("FRITZ!Box 7590 KL", "pässwort;") in ui.intents()


def test_forget_is_asked_first_and_the_hotspot_button_opens_or_closes(make_ui: MakeUI) -> None:
    ui = make_ui((800, 480), TableModel(network=sample_network()))
    ui.show("network")
    ui.intents()
    ui.network.press("forget:0")
    assert ui.question is not None and ui.intents() == []
    ui.answer(True)
    ui.network.press("hotspot")
    assert ui.intents() == [it.NetworkForget("Casa Rossi"), it.NetworkHotspot(True)]
    ui.set_model(TableModel(network=sample_network("hotspot")))
    ui.network.press("hotspot")
    assert ui.intents() == [it.NetworkHotspot(False)]
    ui.set_model(TableModel(network=replace(sample_network(), busy="connect", busy_ssid="Casa Rossi")))
    assert not any(b.enabled for b in ui.network.buttons((800, 480)) if b.name not in ("back", "up", "down"))


def test_settings_shows_the_network_row_only_where_there_is_a_network(make_ui: MakeUI) -> None:
    ui = make_ui((800, 480), TableModel())
    settings = ui.screens[ScreenName.SETTINGS]
    assert isinstance(settings, SettingsScreen)
    assert "network" not in {b.name for b in settings.buttons((800, 480))}
    ui.set_model(TableModel(network=sample_network()))
    ui.show("settings")
    settings.press("network")
    assert ui.screen == "network"


# ------------------------------------------------------------------ the join screen


def phones() -> PhonesModel:
    url = "http://tressette.local:8337"
    return PhonesModel(url, tuple(PhoneSeatModel(i, False, False, f"12345{i}", f"{url}/#join=12345{i}") for i in range(4)))


@pytest.mark.parametrize("size", SIZES)
def test_the_wifi_panel_comes_first_and_leaves_the_seats_their_room(size: tuple[int, int]) -> None:
    plain = join_layout(phones(), size)
    lay = join_layout(phones(), size, wifi_panel=True, network_button=True)
    assert plain.wifi is None and lay.wifi is not None
    assert all(lay.wifi.right < p.panel.x for p in lay.panels)
    inside_and_apart([lay.wifi] + [p.panel for p in lay.panels] + [b.rect for b in lay.buttons], size)
    assert [b.name for b in lay.buttons][-1] == "network"


def test_join_screen_says_when_the_box_has_no_network_and_offers_the_network_screen(make_ui: MakeUI) -> None:
    ui = make_ui((800, 480), TableModel(phones=phones(), network=sample_network("disconnected")), language="en")
    ui.show("join")
    join = ui.screens[ScreenName.JOIN]
    assert isinstance(join, JoinScreen)
    assert join.head().startswith("The box has no network")
    join.press("network")
    assert ui.screen == "network"
    ui.network.press("back")
    assert ui.screen == "join"  # back where the person came from
    ui.set_model(TableModel(phones=phones(), network=sample_network()))
    assert "network" not in {b.name for b in join.buttons((800, 480))}
    ui.set_model(TableModel(phones=phones()))  # no network part at all: the join screen as it was
    assert join.layout((800, 480)).wifi is None


# ------------------------------------------------------------------ every screen, every language, both sizes


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_network_screen_renders_in_every_language_at_both_sizes(make_ui: MakeUI, artifacts: Path,
                                                                      lang: str) -> None:
    out = artifacts / "network"
    out.mkdir(exist_ok=True)
    for (name, setup), size in itertools.product(network_scenes().items(), SIZES):
        ui = make_ui(size, language=lang)
        setup(ui)
        ui.draw()
        save_png(ui.surface, out / f"{name}_{lang}_{size[0]}x{size[1]}.png")
