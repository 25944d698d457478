"""The touchscreen's side of phone seats: the join screen (a QR code, the address, a short
code per open seat; free a held seat), the home screen's seat choice, and the shared table
of a phone game, at 800x480 and 480x320 in it/de/en. Renders go to test-artifacts/ui/."""

from __future__ import annotations

import itertools
import random
from dataclasses import replace
from pathlib import Path

import pygame
import pytest
from hypothesis import given
from hypothesis import strategies as st

from firmware.engine import Play, View, make_variant
from firmware.engine.match import Match
from firmware.engine.seating import SeatSpec
from firmware.engine.variants import PRESETS
from tests.pictures import save_png
from tests.ui.conftest import MakeUI
from ui import intents as it
from ui.home import SEAT_CYCLE, next_seat
from ui.i18n import LANGUAGES
from ui.joinscreen import (
    QUIET,
    JoinScreen,
    all_joined,
    draw_qr,
    join_layout,
    open_seats,
    qr_matrix,
    spaced_code,
    wants_join_screen,
)
from ui.model import PhoneSeatModel, PhonesModel, model_from_view
from ui.navigation import ScreenName

URL = "http://tressette.local:8337"
SMALL = [(800, 480), (480, 320)]


LAN = "http://192.168.178.123:8337"  # the longest a home network's address makes the QR code's
KEY = "&key=" + "A" * 22  # the seat's join token, 128 bits (firmware/app/phones/joining.py, CodeBook)


def seat_model(seat: int, held: bool, connected: bool, code: str | None) -> PhoneSeatModel:
    return PhoneSeatModel(seat, held, connected, code, f"{LAN}/#join={code}{KEY}" if code else "")


def phones_of(n: int, held: int = 0) -> PhonesModel:
    seats = tuple(seat_model(i, i < held, i < held, None if i < held else f"{123456 + i:06d}") for i in range(n))
    return PhonesModel(URL, seats)


@pytest.mark.parametrize(("n", "held", "size"), list(itertools.product((1, 2, 3, 4), (0, 1, 2), SMALL)))
def test_join_layout_every_panel_on_screen_apart_with_a_readable_code(n: int, held: int, size: tuple[int, int]) -> None:
    lay = join_layout(phones_of(n, min(held, n)), size, min_touch=40, min_text=12 if size[1] >= 480 else 10)
    screen = pygame.Rect((0, 0), size)
    for one, other in itertools.combinations(lay.panels, 2):
        assert not one.panel.colliderect(other.panel)
    for p in lay.panels:
        assert screen.contains(p.panel)
        if p.seat.code:
            # a phone's camera reads a code of at least 2 px a module from a hand's distance
            modules = len(qr_matrix(p.seat.join_url)) + 2 * QUIET
            assert p.qr.w >= 2 * modules and p.panel.contains(p.qr)
            assert not p.qr.colliderect(p.text)
    for b in lay.buttons:
        assert screen.contains(b.rect) and b.rect.h >= 40
    frees = {b.name for b in lay.buttons if b.name.startswith("free:")}
    assert frees == {f"free:{p.seat.seat}" for p in lay.panels if p.seat.held}
    for a, b in itertools.combinations(lay.buttons, 2):
        assert not a.rect.colliderect(b.rect), (a.name, b.name)
    # fresh codes are offered exactly while a code is on the screen (docs/phones.md, security)
    assert ("new_codes" in {b.name for b in lay.buttons}) == any(p.seat.code for p in lay.panels)


def test_the_qr_code_is_drawn_module_by_module() -> None:
    text = phones_of(1).seats[0].join_url
    assert text == f"{LAN}/#join=123456{KEY}"
    matrix = qr_matrix(text)
    surf = pygame.Surface((300, 300))
    square = draw_qr(surf, surf.get_rect(), text)
    px = square.w // (len(matrix) + 2 * QUIET)
    for y, row in enumerate(matrix):
        for x, dark in enumerate(row):
            c = surf.get_at((square.x + (x + QUIET) * px + px // 2, square.y + (y + QUIET) * px + px // 2))
            assert (c[:3] == (0, 0, 0)) == dark


def test_short_codes_read_in_two_halves() -> None:
    assert spaced_code("123456") == "123 456"
    assert spaced_code("12") == "12"


@given(st.lists(st.tuples(st.booleans(), st.booleans(), st.booleans()), min_size=1, max_size=4),
       st.lists(st.tuples(st.booleans(), st.booleans(), st.booleans()), min_size=1, max_size=4))
def test_the_screen_turns_to_the_codes_only_for_a_newly_open_seat(before: list[tuple[bool, bool, bool]],
                                                                  after: list[tuple[bool, bool, bool]]) -> None:
    def model(xs: list[tuple[bool, bool, bool]]) -> PhonesModel:
        return PhonesModel(URL, tuple(seat_model(i, h, c, None if h or not o else "111111")
                                      for i, (h, c, o) in enumerate(xs)))

    old, new = model(before), model(after)
    newly = {s.seat for s in open_seats(new)} - {s.seat for s in open_seats(old)}
    assert wants_join_screen(old, new) == bool(newly)
    assert all_joined(old, new) == (bool(open_seats(old)) and not open_seats(new))
    assert not wants_join_screen(old, None)


def test_the_ui_shows_the_codes_when_a_phone_game_starts_and_the_table_once_all_joined(make_ui: MakeUI) -> None:
    ui = make_ui((800, 480))
    view = dealt("treseta4", 2)
    base = model_from_view(view, show_hand=False)
    ui.set_model(base)
    assert ui.screen == "table"
    ui.set_model(replace(base, phones=phones_of(2)))
    assert ui.screen == "join"
    ui.set_model(replace(base, phones=phones_of(2, held=2)))
    assert ui.screen == "table"


def test_free_a_seat_asks_first_then_frees_it(make_ui: MakeUI) -> None:
    ui = make_ui((800, 480))
    base = model_from_view(dealt("treseta4", 3), show_hand=False)
    ui.set_model(replace(base, phones=phones_of(2, held=1)))
    ui.show("join")
    scr = ui.screens[ScreenName.JOIN]
    assert isinstance(scr, JoinScreen)
    free = next(b for b in scr.buttons((800, 480)) if b.name == "free:0")
    assert scr.tap(free.rect.center, (800, 480))
    assert ui.question is not None and "1" in ui.question[0]
    assert ui.question[1] == it.FreePhoneSeat(0)


def test_new_code_asks_the_box_for_fresh_codes(make_ui: MakeUI) -> None:
    ui = make_ui((480, 320))
    base = model_from_view(dealt("treseta4", 3), show_hand=False)
    ui.set_model(replace(base, phones=phones_of(2, held=1)))
    ui.show("join")
    scr = ui.screens[ScreenName.JOIN]
    assert isinstance(scr, JoinScreen)
    fresh = next(b for b in scr.buttons((480, 320)) if b.name == "new_codes")
    emitted: list[object] = []
    scr.emit = emitted.append
    assert scr.tap(fresh.rect.center, (480, 320))
    assert emitted == [it.NewPhoneCodes()]


def test_the_home_screen_offers_phones_beside_you_and_computers_never_with_real_cards() -> None:
    assert ("phone", None) in SEAT_CYCLE
    seen = set()
    seats: list[SeatSpec] = [SeatSpec("human"), SeatSpec.cpu("normal"), SeatSpec.cpu("normal"),
                                           SeatSpec.cpu("normal")]
    for _ in range(len(SEAT_CYCLE) * 2):
        seats[1] = next_seat(seats, 1, "treseta4" if len(seats) == 4 else "tressette2")
        seen.add(seats[1][0])
    assert "phone" in seen and "table" not in seen  # you are at the screen: no real cards
    seats = [SeatSpec("table"), SeatSpec.cpu("normal"), SeatSpec("table"), SeatSpec.cpu("normal")]
    for _ in range(len(SEAT_CYCLE) * 2):
        seats[1] = next_seat(seats, 1, "treseta4" if len(seats) == 4 else "tressette2")
        assert seats[1][0] != "phone"
    seats = [SeatSpec("phone"), SeatSpec.cpu("normal")]
    for _ in range(len(SEAT_CYCLE) * 2):
        seats[1] = next_seat(seats, 1, "treseta4" if len(seats) == 4 else "tressette2")
        assert seats[1][0] != "table"


# ------------------------------------------------------------------ renders, looked at


def dealt(variant: str, seed: int, plays: int = 0) -> View:
    """The shared table's view of a seeded hand after ``plays`` cards: every seat's view met."""
    from firmware.app.phones.seatview import public_view

    v = make_variant(variant)
    m = Match(v)
    m.start_hand(seed=seed)
    rng = random.Random(seed)
    for _ in range(plays):
        assert m.state is not None
        seat = m.state.to_move
        legal = [a for a in m.view_for(seat).legal if isinstance(a, Play)]
        if not legal:
            break
        m.apply(rng.choice(legal))
    return public_view([m.view_for(s) for s in range(v.n_seats)])


@pytest.mark.parametrize(("lang", "size"), list(itertools.product(LANGUAGES, SMALL)))
def test_render_the_join_screen(make_ui: MakeUI, artifacts: Path, lang: str, size: tuple[int, int]) -> None:
    from ui.textcheck import RecordingSurface, problems

    for n, held in ((2, 0), (4, 2)):
        ui = make_ui(size, language=lang)
        base = model_from_view(dealt("treseta4", 1), show_hand=False)
        ui.set_model(replace(base, phones=phones_of(n, held)))
        ui.show("join")
        rec = RecordingSurface(size, ui.ctx.fonts.meta)
        ui.draw(rec)
        save_png(rec, artifacts / f"join-{n}phones-{held}held-{lang}-{size[0]}x{size[1]}.png")
        found = problems(rec, min_px=ui.ctx.fonts.min_size)
        assert not found, found


@pytest.mark.parametrize(("variant", "lang", "size"),
                         [("treseta4", "it", (800, 480)), ("treseta4", "de", (480, 320)),
                          ("tressette2", "en", (800, 480)), ("tressette2", "it", (480, 320)),
                          ("chiamata", "de", (800, 480)), ("terziglio3", "en", (480, 320))])
def test_render_the_shared_table_of_a_phone_game(make_ui: MakeUI, artifacts: Path, variant: str, lang: str,
                                                  size: tuple[int, int]) -> None:
    n = PRESETS[variant].n_seats
    view = dealt(variant, 5, plays=n + 1)
    seats = tuple(it.SeatSetup("phone" if s % 2 == 0 else "computer", None if s % 2 == 0 else "normal")
                  for s in range(n))
    base = model_from_view(view, seats=seats, show_hand=False)
    phones = PhonesModel(URL, tuple(seat_model(s, True, True, None) for s in range(0, n, 2)))
    ui = make_ui(size, language=lang)
    ui.set_model(replace(base, phones=phones))
    ui.show("table")
    for _ in range(40):
        ui.update(0.1)  # the draws land
    ui.draw(ui.surface)
    save_png(ui.surface, artifacts / f"shared-table-{variant}-{lang}-{size[0]}x{size[1]}.png")
    assert ui.model.hand == ()  # nobody's hand on the shared screen
    assert ui.table.layout is not None
    names = [b.name for b in ui.table.layout.buttons]
    assert "phones" in names  # the way to the codes, to free a seat


@pytest.mark.parametrize(("variant", "lang", "size"), list(itertools.product(sorted(PRESETS), LANGUAGES, SMALL)))
def test_the_shared_tables_bottom_plate_reads_from_a_chair(make_ui: MakeUI, artifacts: Path, variant: str, lang: str,
                                                             size: tuple[int, int]) -> None:
    """A phone game's shared table: the bottom seat's plate (a person holding a phone) is
    read across the box, so its text is larger than the smallest (11 px at 480x320) and its
    name larger than the plate's across; all of it on the plate, nothing cut or overlapping."""
    from ui.textcheck import RecordingSurface, problems

    n = PRESETS[variant].n_seats
    view = dealt(variant, 5, plays=n + 1)
    seats = tuple(it.SeatSetup("phone" if s % 2 == 0 else "computer", None if s % 2 == 0 else "normal")
                  for s in range(n))
    base = model_from_view(view, seats=seats, show_hand=False)
    phones = PhonesModel(URL, tuple(seat_model(s, True, True, None) for s in range(0, n, 2)))
    ui = make_ui(size, language=lang)
    ui.set_model(replace(base, phones=phones))
    ui.show("table")
    for _ in range(40):
        ui.update(0.1)
    rec = RecordingSurface(size, ui.ctx.fonts.meta)
    ui.draw(rec)
    lay = ui.table.layout
    assert lay is not None
    plate = lay.seats[ui.model.me].label
    on_plate = [t for t in rec.texts if plate.collidepoint(t.rect.center)]
    assert on_plate, rec.texts
    smallest = ui.ctx.fonts.min_size
    assert all(t.size >= smallest + 2 for t in on_plate), [(t.text, t.size) for t in on_plate]
    assert all(plate.inflate(2, 2).contains(t.rect) and not t.cut for t in on_plate), (plate, on_plate)
    across = [a.label for a in lay.seats.values() if a.seat != ui.model.me and a.position == "top"]
    if across:
        top = max((t.size for t in rec.texts if across[0].collidepoint(t.rect.center)), default=0)
        assert max(t.size for t in on_plate) > top
    found = [x for x in problems(rec, min_px=smallest, allow_cut=True) if any(repr(t.text) in x for t in on_plate)]
    assert not found, found
    if lang == "de" and variant in ("treseta4", "terziglio3", "tressette2"):
        save_png(rec, artifacts / f"shared-table-bottom-{variant}-{lang}-{size[0]}x{size[1]}.png")


@pytest.mark.parametrize(("lang", "size"), list(itertools.product(LANGUAGES, SMALL)))
def test_render_the_home_screen_with_phone_seats(make_ui: MakeUI, artifacts: Path, lang: str, size: tuple[int, int]) -> None:
    from ui.textcheck import RecordingSurface, problems

    ui = make_ui(size, language=lang)
    ui.home.select_variant("treseta4")
    ui.home.seats = [SeatSpec("phone"), SeatSpec.cpu("normal"), SeatSpec("phone"), SeatSpec.cpu("hard")]
    rec = RecordingSurface(size, ui.ctx.fonts.meta)
    ui.draw(rec)
    save_png(rec, artifacts / f"home-phones-{lang}-{size[0]}x{size[1]}.png")
    texts = [t.text for t in rec.texts]
    assert any(ui.ctx.t("phone_seat") in t for t in texts)
    found = [p for p in problems(rec, min_px=ui.ctx.fonts.min_size) if "phone" in p.lower() or "Telef" in p]
    assert not found, found
    assert ui.home.new_game_intent().seats[0] == it.SeatSetup("phone", None)
