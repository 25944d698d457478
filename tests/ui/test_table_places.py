"""Where the table puts what belongs to one seat (issue 24.3, 24.8): chiamata's called card
under the seat that called it, whoever that is, at both sizes."""

from __future__ import annotations

import dataclasses

import pytest

from tests.ui.conftest import MakeUI
from tools import demo
from ui.layout import position_of, reach, speaker_areas, table_layout
from ui.navigation import ScreenName

SIZES = [(800, 480), (480, 320)]


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("caller", [0, 1, 2, 3])
def test_the_called_card_lies_by_the_seat_that_called_it(size: tuple[int, int], caller: int) -> None:
    """ "CPU 2 chiama" was drawn under CPU 4: the card and its caption go to the caller
    (the nearest seat to the card is the caller; the seat at the screen: the left column,
    captioned "Tu chiami")."""
    base = demo.find_model("chiamata", lambda m: m.called is not None and not m.hand_over, 1)
    assert base.called is not None
    model = dataclasses.replace(base, caller=caller)
    lay = table_layout(model, size)
    assert lay.talon is not None
    where = speaker_areas(model, lay)
    pos = position_of(caller, model.me, model.n_seats)
    if pos == "bottom":
        return  # my own call: captioned with "you", in the left column as before
    d = reach(lay.talon, where[caller])
    for seat, area in where.items():
        if seat != caller:
            assert reach(lay.talon, area) > d, (pos, seat, lay.talon, area)
    # the card and its caption cover no seat's plate or cards
    zone = lay.talon.inflate(0, 40)
    for a in lay.seats.values():
        for r in (a.label, *a.cards):
            assert not lay.talon.colliderect(r), (a.seat, r)
    assert not any(b.rect.colliderect(lay.talon) for b in lay.buttons)
    assert zone.bottom <= lay.middle.bottom + 40


@pytest.mark.parametrize("lang", ["it", "de", "en"])
def test_chiamatas_hand_end_rows_of_points_say_points(make_ui: MakeUI, lang: str) -> None:
    """The row "Terzi presi" held points ("1⅔"): a seat's own row and its pair's row are
    in one unit, the pair's card points being the pair's own points added (its thirds
    dropped, RULES.md: card points count whole points)."""
    from fractions import Fraction

    from ui.handend import HandEndScreen

    model = demo.finished_model("chiamata")
    ui = make_ui((800, 480), model, language=lang)
    scr = HandEndScreen(ui.ctx, ui.emit, ui.show)
    scr.set_model(model)
    rows = dict(scr.rows())
    t = ui.ctx.t
    own, pair = rows[t("own_card_points")], rows[t("pair_card_points")]
    assert "Terzi" not in t("own_card_points") and "Drittel" not in t("own_card_points")

    def value(cell: str) -> Fraction:
        frac = {"⅓": Fraction(1, 3), "⅔": Fraction(2, 3)}
        whole = cell.rstrip("⅓⅔")
        return Fraction(int(whole or 0)) + (frac[cell[-1]] if cell[-1:] in frac else 0)

    assert model.result is not None
    sides = model.result.sides
    for seat, cell in enumerate(pair):
        mates = [q for q in range(model.n_seats) if sides[q] == sides[seat]]
        assert int(sum(value(own[q]) for q in mates)) == int(cell), (seat, own, pair)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("variant", ["tressette4", "treseta4", "treseta_hr", "briscola", "tressette2", "treschetten2"])
def test_my_own_bubble_is_nearer_my_hand_than_any_other_seat(variant: str, size: tuple[int, int]) -> None:
    """Issue 24.8: my bubble sat on the left by CPU 4 and read as CPU 4's words."""
    from ui.layout import reach

    model = demo.busiest(variant)
    lay = table_layout(model, size)
    mine = lay.bubbles.get(model.me)
    if mine is None:
        return  # no room: my words go to the status line, with my name
    where = speaker_areas(model, lay)
    d = reach(mine, where[model.me])
    assert all(reach(mine, r) > d for s, r in where.items() if s != model.me), (mine, where)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", ["it", "de", "en"])
def test_home_options_changed_while_a_match_waits_say_they_are_the_next_matchs(make_ui: MakeUI, size: tuple[int, int], lang: str) -> None:
    """Issue 24.8: the options on the home screen could be changed with a match paused,
    and nothing said they do not change that match."""
    from ui.textcheck import RecordingSurface, problems

    ui = make_ui(size, demo.busiest("tressette2"), language=lang)
    ui.show("home")
    home = ui.home
    note = ui.ctx.t("home_next_match")

    def shown() -> str:
        rec = RecordingSurface(size, ui.ctx.fonts.meta)
        ui.draw(rec)
        assert not problems(rec, min_px=ui.ctx.fonts.min_size), problems(rec, min_px=ui.ctx.fonts.min_size)
        return " ".join(t.text for t in rec.texts)

    assert note.split()[0] not in shown().split()  # nothing said before anything is changed
    option = next(b.name for b in home.buttons(size) if b.name.startswith("option:"))
    home.press(option)
    words = shown().split()
    assert all(w in words for w in note.split()), (note, words)
    # no match waiting: nothing to say
    ui2 = make_ui(size, demo.finished_match_model(), language=lang)
    ui2.show("home")
    ui2.home.press(option)
    rec = RecordingSurface(size, ui2.ctx.fonts.meta)
    ui2.draw(rec)
    assert note.split()[-1] not in " ".join(t.text for t in rec.texts).split()


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_score_chart_of_a_single_match_is_two_bars_not_the_whole_chart(size: tuple[int, int], make_ui: MakeUI) -> None:
    """Issue 24.8: with one match played the chart drew two bars each half the chart wide."""
    import pygame
    from pygame import Rect

    from ui.model import Stats, TableModel
    from ui.stats import StatsScreen

    ui = make_ui(size, TableModel(stats=Stats(history=((21, 14),))))
    scr = ui.screens[ScreenName.STATS]
    assert isinstance(scr, StatsScreen)
    r = Rect(0, 0, 360, 200)
    surf = pygame.Surface((360, 200))
    surf.fill((0, 0, 0))
    scr.draw_chart(surf, r, 14)
    accent = ui.ctx.theme.accent
    cols = {x for x in range(r.w) for y in range(60, r.h - 20) if tuple(surf.get_at((x, y)))[:3] == tuple(accent)[:3]}
    assert cols, "our bar is drawn"
    assert max(cols) - min(cols) < r.w * 0.15, (min(cols), max(cols))
    assert abs((max(cols) + min(cols)) / 2 - r.w / 2) < r.w * 0.2  # near the middle
