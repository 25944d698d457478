"""The simulator's table panel: buttons with hold times, card scans, the LED display."""

from __future__ import annotations

from functools import partial
from pathlib import Path

import pygame
import pytest
from pygame import Rect

from tests.pictures import save_png
from ui.intents import SimButton, SimScan
from ui.simpanel import SimPanel


def down(pos: tuple[int, int]) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, touch=False)


def up(pos: tuple[int, int]) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1, touch=False)


# the panel beside an 800x480 table, its keywords SimPanel's own
panel = partial(SimPanel, Rect(800, 0, 300, 480))


def test_accuso_click_and_menu_hold() -> None:
    p = panel(n_seats=2)
    lay = p.layout()
    assert set(k for k in lay if k.startswith("seat")) == {"seat0", "seat1"}
    assert p.handle(down(lay["seat1"].center))
    p.update(0.1)
    assert p.handle(up(lay["seat1"].center))
    p.handle(down(lay["menu"].center))
    p.update(1.5)
    p.update(1.6)
    p.handle(up(lay["menu"].center))
    p.handle(down(lay["menu@10"].center))
    assert p.intents() == [SimButton("seat1", 0.0), SimButton("menu", 3.1), SimButton("menu", 10.0)]


def test_scan_a_card_of_either_deck() -> None:
    p = panel(deck="italian")
    p.handle(down(p.layout()["card:3d"].center))
    p.set_table(deck="bavarian", n_seats=2)
    p.handle(down(p.layout()["card:10h"].center))
    assert p.intents() == [SimScan("3d"), SimScan("10h")]


def test_clicks_outside_are_not_taken() -> None:
    p = panel()
    assert not p.handle(down((100, 100)))
    assert p.intents() == []


def test_layout_inside_the_panel() -> None:
    for deck, n in (("italian", 4), ("bavarian", 2)):
        p = panel(deck=deck, n_seats=n)
        for name, r in p.layout().items():
            assert p.rect.contains(r), (name, r)


def test_led_draws_segments(artifacts: Path) -> None:
    p = panel(n_seats=2)
    p.set_display([0x06, 0x5B | 0x80, 0x4F, 0x66])  # "1 2:3 4"
    p.set_table(played={"3d", "Ac"}, reader_online=True, message="Seat 2: play your card")
    surf = pygame.Surface((1100, 480))
    p.update(0.01)
    p.draw(surf)
    save_png(surf.subsurface(p.rect), artifacts / "simpanel.png")
    # a lit segment is red, an unlit one dark: "1" lights b and c only on the first digit
    assert surf.get_at((p.rect.x + 1, p.rect.y + 1))[:3] == (30, 34, 42)


@pytest.mark.parametrize(("lang", "words"), [
    ("it", ["Accuso 1", "Accuso 4", "Menu", "Menu 3 s", "Menu 10 s"]),
    ("de", ["Ansage 1", "Ansage 4", "Menü", "Menü 3 s", "Menü 10 s"]),
    ("en", ["Accuso 1", "Accuso 4", "Menu", "Menu 3 s", "Menu 10 s"]),
    ("hr", ["Akuža 1", "Akuža 4", "Izbornik", "Drži 3 s", "Drži 10 s"]),
    ("nl", ["Melding 1", "Melding 4", "Menu", "Menu 3 s", "Menu 10 s"]),
])
def test_the_panels_buttons_speak_the_screens_language(lang: str, words: list[str]) -> None:
    """The Accuso buttons in each language's word for an accuso (its catalogue's, as the
    game's messages say it: akuža, Melding, Ansage), the menu button as the screens name it."""
    from ui.textcheck import RecordingSurface

    p = panel(n_seats=4, language=lang)
    rec = RecordingSurface((1100, 480), p.fonts.meta)
    p.draw(rec)
    shown = " ".join(box.text for box in rec.texts)  # (a label too long for one line: on two)
    assert all(w in shown for w in words) and not any(box.cut for box in rec.texts), shown
