"""Three pieces of the screens pinned to what they gave before they were cut into parts:
the count's rows of the end-of-hand screen (``HandEndScreen.rows``), the guided hand's
panel (``lesson_layout``) and the model built from a view (``model_from_view``), over
seeded games of every preset in it/de/en at 800x480 and 480x320.

The expected values are in ``layout_pinned.json`` beside this file. A change of
behaviour that is meant (a new row, a panel placed better, a new model field) writes
them again: ``python -m tests.ui.test_layout_pinned`` (under ``SDL_VIDEODRIVER=dummy``),
and the diff of the JSON shows what moved.
"""

from __future__ import annotations

import dataclasses
import enum
import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402
from pygame import Rect  # noqa: E402

from firmware.app.guide import lesson_text  # noqa: E402
from firmware.engine.lessons import Lesson, lessons_for  # noqa: E402
from firmware.engine.seating import SeatSpec  # noqa: E402
from firmware.engine.variants import PRESETS  # noqa: E402
from firmware.engine.view import View  # noqa: E402
from tools import demo  # noqa: E402
from ui.i18n import Message, render  # noqa: E402
from ui.model import LessonModel, TableModel, model_from_view  # noqa: E402

if TYPE_CHECKING:
    from ui.app import UIApp

PINNED = Path(__file__).with_name("layout_pinned.json")
SIZES = ((800, 480), (480, 320))
LANGS = ("it", "de", "en")
SEED = 1
STEPS = (0, 9, 200)  # actions into the first hand: the deal, mid-hand, the hand over


def plain(x: object) -> object:
    """``x`` as JSON data: dataclasses field by field, sets sorted, rects as x, y, w, h."""
    if isinstance(x, Rect):
        return [x.x, x.y, x.w, x.h]
    if dataclasses.is_dataclass(x) and not isinstance(x, type):
        return {"@": type(x).__name__} | {f.name: plain(getattr(x, f.name)) for f in dataclasses.fields(x)}
    if isinstance(x, enum.Enum):
        return f"{type(x).__name__}.{x.name}"
    if isinstance(x, (frozenset, set)):
        return sorted((plain(v) for v in x), key=lambda v: json.dumps(v, sort_keys=True))
    if isinstance(x, (tuple, list)):
        return [plain(v) for v in x]
    if isinstance(x, dict):
        return {str(k): plain(v) for k, v in x.items()}
    if x is None or isinstance(x, (bool, int, float, str)):
        return x
    raise TypeError(f"no JSON form for {type(x).__name__}: {x!r}")


# ------------------------------------------------------------------ the scenes


def _seats(n: int, me: int) -> tuple[SeatSpec, ...]:
    seats = [SeatSpec.cpu("normal")] * n
    seats[me] = SeatSpec("human")
    return tuple(seats)


def view_models() -> Iterator[tuple[str, TableModel]]:
    """``model_from_view`` of every preset after each of ``STEPS`` actions, from each seat,
    with the app's facts the callers pass (totals, names, banners, a message, …)."""
    for variant in PRESETS:
        for steps in STEPS:
            match = demo.play_match(variant, SEED, steps)
            for seat in sorted({0, match.variant.n_seats - 1}):  # the screen's seat and another
                view = match.view_for(seat)
                yield f"{variant}/{steps}/seat{seat}", model_from_view(
                    view, seats=_seats(view.variant.n_seats, seat), totals=tuple(match.totals),
                    match_over=match.finished, winner=match.winner, hand_no=len(match.hands),
                    show_hand=seat == 0, names=tuple(f"N{i}" for i in range(seat)))
    view = demo.play_match("treseta4", 2, 5).view_for(0)
    yield "treseta4/defaults", model_from_view(view)  # the prior totals, the default facts
    yield "treseta4/facts", model_from_view(
        view, totals=(3, 4), match_over=True, winner=1, level_at_target=True, message="hello",
        resumable=True, stats=demo.SAMPLE_STATS, hand_no=4, enrolled=("a", "b"))


def hand_end_models() -> Iterator[tuple[str, TableModel]]:
    """The models the end-of-hand screen counts: every preset's hand played out (from
    each seat of chiamata, whose pairs are secret), a match's end, a game won, the score
    sheet's own count."""
    for variant in PRESETS:
        yield f"{variant}/finished", demo.finished_model(variant)
    for me in range(1, PRESETS["chiamata"].n_seats):
        yield f"chiamata/finished/me{me}", demo.sample_model("chiamata", SEED, 200, me=me)
    yield "match_end", demo.finished_match_model()
    yield "game_won", demo.game_won_model()
    yield "hand_review", demo.hand_review_model()
    for variant in ("tressette4", "treschetten3"):
        yield f"{variant}/sheet", demo.sheet_entry_model(variant)
    yield "tressette4/sheet_decima", demo.sheet_entry_model("tressette4", decima=True)


def _accusi(variant: str, n: int) -> Iterator[tuple[int, View, Lesson]]:
    """The first ``n`` deals of ``variant`` where the seat at the screen has an accuso."""
    for seed in range(1, 400):
        view = demo.play_match(variant, seed, 0, declare=False).view_for(0)
        lesson = next((x for x in lessons_for(view) if x.kind == "accuso"), None)
        if lesson is not None:
            yield seed, view, lesson
            n -= 1
            if n == 0:
                return


def lesson_models() -> Iterator[tuple[str, TableModel]]:
    """Every lesson the engine finds for the seat at the screen along a seeded hand of
    each preset (at most one of each kind a preset), on that table."""
    for variant in PRESETS:
        kinds: set[str] = set()
        for steps in range(0, 60, 3):
            match = demo.play_match(variant, SEED, steps)
            view = match.view_for(0)
            for lesson in lessons_for(view):
                if lesson.kind in kinds:
                    continue
                kinds.add(lesson.kind)
                base = model_from_view(view, seats=_seats(view.variant.n_seats, 0), totals=tuple(match.totals))
                marked = frozenset(lesson.cards) if lesson.kind == "follow" else frozenset()
                model = dataclasses.replace(
                    base, lesson=LessonModel(lesson.kind, lesson_text(lesson, view.variant.deck.name, 0), marked))
                yield f"{variant}/{steps}/{lesson.kind}", model
                for times in (2, 4) if lesson.kind == "follow" else ():  # words too many for the strip
                    words = " ".join([render(lesson_text(lesson, view.variant.deck.name, 0), "en")] * times)
                    yield f"{variant}/{steps}/follow_x{times}", dataclasses.replace(
                        model, lesson=LessonModel("follow", Message(text=words), marked))
            if match.hand_over:
                break
    for seed, view, lesson in _accusi("tressette2", 3):  # an accuso to declare, before any card
        base = model_from_view(view, seats=_seats(view.variant.n_seats, 0))
        yield f"tressette2/seed{seed}/accuso", dataclasses.replace(
            base, lesson=LessonModel("accuso", lesson_text(lesson, view.variant.deck.name, 0)))


# ------------------------------------------------------------------ what is pinned


def _ui(size: tuple[int, int], lang: str) -> UIApp:
    from ui.app import UIApp

    return UIApp(pygame.Surface(size), settings={"language": lang}, sounds=False)


def pin_view_models() -> dict[str, object]:
    return {name: plain(m) for name, m in view_models()}


def pin_hand_end_rows() -> dict[str, object]:
    from ui.handend import HandEndScreen

    out: dict[str, object] = {}
    for name, model in hand_end_models():
        for lang in LANGS:
            ui = _ui((800, 480), lang)
            ui.set_model(model)
            screen = HandEndScreen(ui.ctx, ui.emit, ui.show)
            screen.set_model(model)
            out[f"{name}/{lang}"] = plain(screen.rows())
    return out


def pin_lesson_layouts() -> dict[str, object]:
    from ui.lesson import lesson_layout

    out: dict[str, object] = {}
    for name, model in lesson_models():
        assert model.lesson is not None
        for lang in LANGS:
            for size in SIZES:
                ui = _ui(size, lang)
                ui.set_model(model)
                ui.update(5.0)
                ui.show("table")
                ui.draw()
                lay = ui.table.layout
                assert lay is not None
                trick, keep = ui.table.lesson_trick(), ui.table.lesson_keep()
                key = f"{name}/{lang}/{size[0]}x{size[1]}"
                out[key] = plain(lesson_layout(ui.ctx, lay, model.lesson, trick, keep))
                if lang == "it":  # the same lesson with nothing kept in the top of the screen, no trick in sight
                    out[key + "/bare"] = plain(lesson_layout(ui.ctx, lay, model.lesson))
    return out


PINS = {"model_from_view": pin_view_models, "hand_end_rows": pin_hand_end_rows,
        "lesson_layout": pin_lesson_layouts}


@pytest.fixture(scope="module")
def pinned() -> dict[str, dict[str, object]]:
    data: dict[str, dict[str, object]] = json.loads(PINNED.read_text(encoding="utf-8"))
    return data


@pytest.mark.parametrize("what", sorted(PINS))
def test_the_output_is_as_pinned(pinned: dict[str, dict[str, object]], what: str) -> None:
    now = json.loads(json.dumps(PINS[what]()))  # tuples → lists, as the file holds them
    want = pinned[what]
    assert sorted(now) == sorted(want), "the scenes changed: write the file again"
    changed = [k for k in want if now[k] != want[k]]
    assert not changed, f"{len(changed)} of {len(want)} differ, first {changed[0]}: {now[changed[0]]} != {want[changed[0]]}"


def test_the_scenes_reach_every_branch_pinned() -> None:
    """The scenes are worth pinning: the lessons include a strip over a trick and a panel
    after the hand, the counts a secret pair (chiamata), declarations and games won."""
    lessons = {name.split("/")[-1] for name, _ in lesson_models()}
    assert {"follow", "trick", "count"} <= lessons
    models = dict(hand_end_models())
    assert any(m.result is not None and m.result.declarations for m in models.values())
    assert models["game_won"].games_won and models["chiamata/finished"].result is not None


def _dumps(data: dict[str, dict[str, object]]) -> str:
    """One scene a line (a change shows as the lines of the scenes it moved)."""

    def one(x: object) -> str:
        return json.dumps(x, sort_keys=True, separators=(",", ":"), ensure_ascii=False)

    parts = [one(what) + ": {\n" + ",\n".join(f"{one(k)}: {one(v)}" for k, v in sorted(scenes.items())) + "\n}"
             for what, scenes in sorted(data.items())]
    return "{\n" + ",\n".join(parts) + "\n}\n"


def main() -> int:  # pragma: no cover - writes the expected values again
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((16, 16))
    data = {what: pin() for what, pin in PINS.items()}
    PINNED.write_text(_dumps(data), encoding="utf-8")
    print(f"{PINNED}: " + ", ".join(f"{len(v)} {k}" for k, v in data.items()))
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
