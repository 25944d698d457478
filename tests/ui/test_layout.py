"""Layout is a pure function of the model and the screen size: no display needed."""

from __future__ import annotations

import itertools

import pytest
from pygame import Rect

from tests.ui.conftest import SIZES, MakeUI
from tools import demo
from ui.handend import HandEndScreen
from ui.home import HomeScreen
from ui.layout import position_of, table_layout
from ui.model import EnrolStatus, TableModel
from ui.navigation import ScreenName
from ui.realcards import RealCardsScreen
from ui.rules import RulesScreen
from ui.settings import SettingsScreen
from ui.stats import StatsScreen
from ui.widgets import Ctx

MIN_TOUCH = 40

REVIEW_MODELS = {"review": demo.sample_review_model(), "review in progress": demo.sample_review_model(ready=False),
                 "match over": demo.finished_match_model()}


def models() -> dict[str, TableModel]:
    out = demo.showcase()
    out["3-seat synthetic"] = demo.synthetic_model(3)
    out["4-seat, my lead, synthetic"] = demo.synthetic_model(4, played=0)
    return out


MODELS = models()


def inside(r: Rect, size: tuple[int, int]) -> bool:
    return Rect(0, 0, *size).contains(r)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("name", list(MODELS))
def test_table_fits_and_is_touchable(name: str, size: tuple[int, int]) -> None:
    model = MODELS[name]
    lay = table_layout(model, size)
    # every card of the hand, raised or not, is on the screen
    for _, r in lay.hand:
        assert inside(r, size) and inside(r.move(0, -lay.lift), size), (name, r)
    # the visible strip of every hand card is large enough for a finger
    for card, r in lay.hand_hit:
        assert r.w >= MIN_TOUCH and r.h >= MIN_TOUCH, (name, card, r)
    for b in lay.buttons:
        assert inside(b.rect, size), (b.name, b.rect)
        assert b.rect.w >= MIN_TOUCH and b.rect.h >= MIN_TOUCH, (b.name, b.rect)
    # nothing tappable overlaps anything else tappable
    taps = [("hand", r) for _, r in lay.hand_hit] + [(b.name, b.rect) for b in lay.buttons]
    for (na, ra), (nb, rb) in itertools.combinations(taps, 2):
        assert not ra.colliderect(rb), (na, ra, nb, rb)
    # the other seats, the trick and the talon are on the screen and clear of the hand
    hand_top = min((r.y for _, r in lay.hand), default=size[1]) - lay.lift
    for area in lay.seats.values():
        for r in [area.label, *area.cards]:
            assert inside(r, size), (area.seat, r)
            assert r.bottom <= hand_top
    for r in lay.trick_slots.values():
        assert inside(r, size) and r.bottom <= hand_top
    if lay.talon is not None:
        assert inside(lay.talon, size)
    # buttons do not cover the trick, the seats or the talon
    fixed = list(lay.trick_slots.values()) + [r for a in lay.seats.values() for r in [a.label, *a.cards]]
    if lay.talon is not None:
        fixed.append(lay.talon)
    for b in lay.buttons:
        for r in fixed:
            assert not b.rect.colliderect(r), (b.name, b.rect, r)


@pytest.mark.parametrize("n", [2, 3, 4])
def test_seat_positions_run_counter_clockwise_from_the_bottom(n: int) -> None:
    positions = [position_of(s, 0, n) for s in range(n)]
    assert positions[0] == "bottom"
    assert len(set(positions)) == n
    if n == 4:
        assert positions == ["bottom", "right", "top", "left"]  # partner opposite
    # the seat at the screen is always at the bottom
    assert position_of(2, 2, n) == "bottom"


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_menu_screens_fit_and_are_touchable(size: tuple[int, int], make_ui: MakeUI) -> None:
    ui = make_ui(size, demo.finished_model())
    ctx: Ctx = ui.ctx
    home = HomeScreen(ctx, ui.emit, ui.show)
    screens = [home, HandEndScreen(ctx, ui.emit, ui.show), StatsScreen(ctx, ui.emit, ui.show),
               SettingsScreen(ctx, ui.emit, ui.show), RulesScreen(ctx, ui.emit, ui.show),
               RealCardsScreen(ctx, ui.emit, ui.show)]
    finished = demo.finished_model()
    for variant in home.variants:  # every preset's options must fit on the home screen
        home.select_variant(variant)
        for scr in screens:
            scr.set_model(finished)
            buttons = scr.buttons(size)
            for b in buttons:
                assert inside(b.rect, size), (scr.name, variant, b.name, b.rect)
                assert b.rect.w >= MIN_TOUCH and b.rect.h >= MIN_TOUCH, (scr.name, b.name, b.rect)
            for a, b in itertools.combinations(buttons, 2):
                assert not a.rect.colliderect(b.rect), (scr.name, a.name, b.name)


@pytest.mark.parametrize("lang", ["it", "de", "en"])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("state", list(REVIEW_MODELS))
def test_review_screens_fit_and_are_touchable(state: str, size: tuple[int, int], lang: str, make_ui: MakeUI) -> None:
    """The coach's review of a match (a row per hand, each hand trick by trick), the score
    sheet that opens it and the end of a match: inside, finger-sized, apart."""
    from ui.history import SheetScreen
    from ui.review import ReviewHandScreen, ReviewScreen

    model = REVIEW_MODELS[state]
    ui = make_ui(size, model, language=lang)
    ctx: Ctx = ui.ctx
    screens = [ReviewScreen(ctx, ui.emit, ui.show), ReviewHandScreen(ctx, ui.emit, ui.show),
               SheetScreen(ctx, ui.emit, ui.show), HandEndScreen(ctx, ui.emit, ui.show)]
    for scr in screens:
        scr.set_model(model)
        for step in range(8):
            if isinstance(scr, ReviewHandScreen):
                scr.step = step
            buttons = scr.buttons(size)
            for b in buttons:
                assert inside(b.rect, size), (scr.name, b.name, b.rect)
                assert b.rect.w >= MIN_TOUCH and b.rect.h >= MIN_TOUCH, (scr.name, b.name, b.rect)
            for a, b in itertools.combinations(buttons, 2):
                assert not a.rect.colliderect(b.rect), (scr.name, a.name, b.name)
            if isinstance(scr, ReviewHandScreen):  # the table picture keeps room above the words
                assert scr.bar(size).y - scr.info_height(size) >= size[1] // 2
    names = {b.name for b in screens[0].buttons(size)}
    if state == "review":  # every hand reachable, a page at a time
        assert isinstance(screens[0], ReviewScreen) and model.match_review is not None
        assert {f"hand:{r.hand}" for r in model.match_review.rows[: screens[0].per_page(size)]} <= names
    if state == "match over":
        assert "review" in {b.name for b in screens[3].buttons(size)}


def test_no_game_has_an_empty_table_layout() -> None:
    lay = table_layout(TableModel(), (800, 480))
    assert lay.hand == [] and lay.seats == {}


@pytest.mark.parametrize("lang", ["it", "de", "en"])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_settings_and_real_cards_fit_while_enrolling(size: tuple[int, int], lang: str, make_ui: MakeUI) -> None:
    """The real-cards entry in the settings' top bar and the enrolment screen, idle and busy."""
    ui = make_ui(size, TableModel(), language=lang)
    ctx: Ctx = ui.ctx
    busy = TableModel(enrolled=("bavarian",), enrolling=EnrolStatus("italian", 7, 40, 7))
    for model in (TableModel(), busy):
        for scr in (SettingsScreen(ctx, ui.emit, ui.show), RealCardsScreen(ctx, ui.emit, ui.show)):
            scr.set_model(model)
            buttons = scr.buttons(size)
            for b in buttons:
                assert inside(b.rect, size), (scr.name, b.name, b.rect)
                assert b.rect.w >= MIN_TOUCH and b.rect.h >= MIN_TOUCH, (scr.name, b.name, b.rect)
            for a, b in itertools.combinations(buttons, 2):
                assert not a.rect.colliderect(b.rect), (scr.name, a.name, b.name)
            assert scr.title_room(size) >= 100  # the title is never squeezed out
    names = {b.name for b in RealCardsScreen(ctx, ui.emit, ui.show).buttons(size)}
    assert names == {"back", "enrol:italian", "enrol:bavarian"}


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("table", ["table2", "table4_signals"])
def test_every_declaration_is_offered_however_many(table: str, size: tuple[int, int], make_ui: MakeUI) -> None:
    """Real cards: every combination a hand might hold is offered (19); none is cut off
    (issue 13.5: three 2s and three aces never appeared): "more" turns the pages."""
    import dataclasses

    from firmware.engine.actions import Declare as DeclareAction

    offer = [DeclareAction(0, "napoletana", suit=s) for s in range(4)]
    offer += [DeclareAction(0, "three", rank=r) for r in range(3) for _ in range(4)]
    offer += [DeclareAction(0, "four", rank=r) for r in range(3)]
    model = dataclasses.replace(MODELS[table], declarable=tuple(offer))
    ui = make_ui(size, model)
    seen: set[int] = set()
    for _ in range(len(offer)):
        lay = ui.table.layout
        assert lay is not None
        names = [b.name for b in lay.buttons]
        seen |= {int(n.split(":")[1]) for n in names if n.startswith("declare:")}
        for b in lay.buttons:
            assert inside(b.rect, size) and b.rect.w >= MIN_TOUCH and b.rect.h >= MIN_TOUCH, (b.name, b.rect)
        if "more" not in names:
            break
        ui.table.press("more")
    assert seen == set(range(len(offer)))


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_no_card_of_the_trick_lies_on_another(size: tuple[int, int]) -> None:
    """Every card of the trick is seen whole, its corner index too (issue 13: a 3 of coins
    was hidden under the card across)."""
    from firmware.engine.variants import PRESETS

    for variant in PRESETS:
        lay = table_layout(demo.busiest(variant), size)
        for (a, ra), (b, rb) in itertools.combinations(lay.trick_slots.items(), 2):
            assert not ra.colliderect(rb), (variant, a, ra, b, rb)


def test_the_terziglio_widow_lies_on_the_table() -> None:
    """Issue 13.10: the four cards aside in terziglio were not drawn."""
    model = demo.busiest("terziglio3")
    assert model.widow == 4 and model.talon_left == 0
    lay = table_layout(model, (800, 480))
    assert lay.talon is not None
    for r in lay.trick_slots.values():
        assert not r.colliderect(lay.talon)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_accuracy_chart_turns_game_by_game_and_fits(size: tuple[int, int], make_ui: MakeUI) -> None:
    """One game at a time, a line per level; a tap on the game's name shows the next game;
    at 480x320 *Chart* shows the charts instead of the table (there is no room for both)."""
    model = TableModel(stats=demo.SAMPLE_STATS)
    ui = make_ui(size, model)
    scr = StatsScreen(ui.ctx, ui.emit, ui.show)
    scr.set_model(model)
    games = demo.SAMPLE_STATS.accuracy_games()
    assert len(games) == 2
    for chart_only in (False, True):
        scr.chart_only = chart_only
        buttons = scr.buttons(size)
        names = {b.name for b in buttons}
        for b in buttons:
            assert inside(b.rect, size) and b.rect.w >= MIN_TOUCH and b.rect.h >= MIN_TOUCH, (b.name, b.rect)
        for a, b in itertools.combinations(buttons, 2):
            assert not a.rect.colliderect(b.rect), (a.name, b.name)
        assert scr.title_room(size) >= 100
        small = size[0] < 640
        assert ("acc_game" in names) == (not small or chart_only)
        assert ("chart" in names or "stats_table" in names) == small
    seen = []
    for _ in range(3):
        seen.append(scr.shown_game())
        scr.press("acc_game")
    assert seen == [games[0], games[1], games[0]]
    if size[0] < 640:
        scr.chart_only = False
        assert scr.press("chart") and scr.chart_only and scr._areas(size)[0] is None
        assert scr.press("stats_table") and not scr.chart_only


def test_the_sample_statistics_table_and_chart_agree() -> None:
    """The gallery showed "Tressette for four · hard 62%" on the chart while the table gave
    that game and level no accuracy ("–"): a game and level with a chart line has its mean
    in the table, and no table line without one claims an accuracy."""
    stats = demo.SAMPLE_STATS
    charted = {(a.variant, a.level): a.points for a in stats.accuracy if ":" not in a.level}
    lines = {(x.variant, x.level): x for x in stats.lines}
    for key, pts in charted.items():
        assert key in lines, key
        line = lines[key]
        assert line.accuracy == pytest.approx(sum(pts) / len(pts), abs=0.05), key
        assert line.games >= len(pts), key  # a point per match played
    for key, line in lines.items():
        assert (line.accuracy is None) == (key not in charted), key


@pytest.mark.parametrize("lang", ["it", "de", "en"])
@pytest.mark.parametrize("size", [(800, 480), (480, 320)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_accuracy_chart_has_its_scale_and_says_what_runs_along(size: tuple[int, int], lang: str, make_ui: MakeUI) -> None:
    """A line with no scale cannot be read: 0/50/100 % up the side, matches oldest to newest
    along the bottom, all of it at least the screen's smallest text."""
    from ui.fonts import min_text_px
    from ui.i18n import tr
    from ui.textcheck import RecordingSurface

    ui = make_ui(size, TableModel(stats=demo.SAMPLE_STATS), language=lang)
    ui.show("stats")
    scr = ui.screens[ScreenName.STATS]
    assert isinstance(scr, StatsScreen)
    if size[0] < 640:
        scr.press("chart")
    rec = RecordingSurface(size, ui.ctx.fonts.meta)
    ui.draw(rec)
    texts = {t.text: t for t in rec.texts}
    for word in ("0%", "50%", "100%", tr("acc_x_axis", lang)):
        assert word in texts, (word, sorted(texts))
        assert texts[word].size >= min_text_px(size[1])
