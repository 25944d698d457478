"""A seat's face-up cards (its accuso's, laid by its seat) are readable (issue 24.5): at
480x320 they lie there as strips 10-16 px wide, so a tap on the seat shows them as a
row of whole cards, none over another, each wide enough for its rank and suit; any tap
or Esc goes back to the table."""

from __future__ import annotations

import dataclasses
import itertools

import pygame
import pytest
from hypothesis import given
from hypothesis import strategies as st

from firmware.engine.cards import DECKS
from firmware.engine.variants import PRESETS, make_variant
from tests.ui.conftest import MakeUI
from tools import demo
from ui.fonts import min_text_px
from ui.model import TableModel
from ui.shown_cards import shown_cells
from ui.textcheck import RecordingSurface, problems

SIZES = [(800, 480), (480, 320)]
WITH_ACCUSI = [v for v in PRESETS if make_variant(v, {}).options.get("accusi", False)]


def test_the_games_with_accusi_are_the_ones_the_samples_declare_in() -> None:
    """The parametrisation below is not empty by accident: every game with accusi has a
    sample hand with a declaration (and face-up cards), the others none."""
    assert len(WITH_ACCUSI) >= 8
    for v in PRESETS:
        m = demo.busiest(v)
        assert bool(m.declarations) == (v in WITH_ACCUSI), v


def _sample(variant: str) -> TableModel:
    """The game's busiest sample; where only my own seat declared (tressette4's), the seat
    on my left lays three cards face up as well (cards nobody else shows or holds)."""
    m = demo.busiest(variant)
    if any(x.shown for x in m.seats if x.seat != m.me):
        return m
    seen = {*m.hand, *(pc.card for pc in m.trick), *(pc.card for pc in m.last_trick),
            *(c for x in m.seats for c in x.shown)}
    free = [c for c in DECKS[m.deck].cards if c not in seen][:3]
    left = (m.me + 1) % m.n_seats
    seats = tuple(dataclasses.replace(x, shown=tuple(free), hand_count=max(x.hand_count, 3)) if x.seat == left else x
                  for x in m.seats)
    return dataclasses.replace(m, seats=seats)


def _whole(cells: list[pygame.Rect], size: tuple[int, int], min_w: int) -> None:
    screen = pygame.Rect(0, 0, *size)
    for a, b in itertools.combinations(cells, 2):
        assert not a.colliderect(b), (a, b)
    for r in cells:
        assert screen.contains(r) and r.w >= min_w, (r, min_w)


@pytest.mark.parametrize("lang", ["it", "de", "en"])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("variant", WITH_ACCUSI)
def test_a_tap_on_a_seat_shows_its_face_up_cards_whole(variant: str, size: tuple[int, int], lang: str, make_ui: MakeUI) -> None:
    ui = make_ui(size, _sample(variant), language=lang)
    ui.update(5.0)
    ui.show("table")
    lay = ui.table.layout
    assert lay is not None
    seats = [s for s, a in lay.seats.items() if ui.model.seats[s].shown]
    assert seats, "no seat with face-up cards in the sample"
    for seat in seats:
        area = lay.seats[seat]
        shown = ui.model.seats[seat].shown
        ui.tap(area.cards[0].center)
        assert ui.table.enlarged.seat == seat
        rec = RecordingSurface(size, ui.ctx.fonts.meta)
        ui.draw(rec)
        panel, cells, _, head = ui.table.enlarged.layout(lay, ui.model, ui.table.seat_name(seat))
        assert len(cells) == len(shown)
        # whole cards, a rank and a suit to read: at least as wide as the trick's cards at
        # 480x320 shrunk to two thirds (36 px there), never one over another
        _whole(cells, size, min(lay.trick_size[0], 36))
        assert all(panel.contains(r) for r in cells)
        assert any(t.text == head for t in rec.texts)
        assert not problems(rec, min_px=min_text_px(size[1]), allow_cut=True)
        ui.tap((2, size[1] // 2))  # any tap: back to the table
        assert ui.table.enlarged.seat is None
    ui.tap(lay.seats[seats[0]].label.center)
    assert ui.table.enlarged.seat == seats[0]
    ui.key(pygame.K_ESCAPE)
    assert ui.table.enlarged.seat is None and ui.screen == "table"


@given(n=st.integers(1, 20), w=st.integers(20, 120), size=st.sampled_from(SIZES))
def test_shown_cells_never_overlap_nor_leave_the_screen(n: int, w: int, size: tuple[int, int]) -> None:
    h = int(w * 1.62)
    panel, cells = shown_cells(n, (w, h), size, 14)
    assert len(cells) == n
    _whole(cells, size, 1)
    assert pygame.Rect(0, 0, *size).contains(panel)
    assert all(panel.contains(r) for r in cells)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("variant", WITH_ACCUSI)
def test_the_dealers_mark_leaves_every_shown_card_readable(variant: str, size: tuple[int, int], make_ui: MakeUI) -> None:
    """A seat that shows cards and deals: its mark goes over a card face down (or under its
    name), never over a face-up card's corner, where its rank and suit are (a newcomer could
    not read the CPU's first shown card, often the card it just drew)."""
    m = _sample(variant)
    for seat in (x.seat for x in m.seats if x.shown and x.seat != m.me):
        model = dataclasses.replace(m, dealer=seat, hand_over=False)
        ui = make_ui(size, model)
        ui.show("table")
        ui.set_model(model)
        ui.update(5.0)
        ui.draw(RecordingSurface(size, ui.ctx.fonts.meta))
        lay = ui.table.layout
        assert lay is not None
        chip = ui.table.dealer_chip_rect(lay)
        assert chip is not None and pygame.Rect((0, 0), size).contains(chip)
        area = lay.seats[seat]
        n = len(model.seats[seat].shown)
        for i, card in enumerate(area.cards[:n]):
            corner = pygame.Rect(card.x + 1, card.y + 1, 8, 10)  # the rank's index
            if any(later.contains(corner) for later in area.cards[i + 1:]):
                continue  # a card laid over it hides it anyway
            assert not chip.colliderect(corner), (variant, seat, chip, card)
