"""Every screen × it/de/en × 800x480/480x320 as PNGs under ``docs/screens/``.

``tressette gallery`` (or ``python -m ui.gallery``) renders them again from the
seeded sample models of :mod:`ui.demo`, so the pictures follow the code; the
README links the index page ``docs/screens/README.md`` it writes beside them.
No display needed (SDL's dummy driver).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pygame

from firmware.engine.cards import DECKS
from firmware.engine.variants import PRESETS
from ui import demo
from ui.cards import STYLES, CardArt
from ui.fonts import Fonts
from ui.model import TableModel

GALLERY_SIZES: tuple[tuple[int, int], ...] = ((800, 480), (480, 320))
GALLERY_LANGS: tuple[str, ...] = ("it", "de", "en")
OUT = Path(__file__).resolve().parents[1] / "docs" / "screens"


Scene = Callable[[object], None]


def scenes(extra: dict[str, Scene] | None = None) -> dict[str, Scene]:
    """Name → a function that puts a fresh :class:`ui.app.UIApp` into that screen.

    ``extra`` replaces or adds scenes: ``tressette gallery`` passes the coach's, made by the
    real coach on real positions (firmware/app/coach_samples.py; the UI imports the engine
    only, so it cannot ask the coach itself)."""

    def menu(screen: str, model: TableModel | None = None) -> Callable[[object], None]:
        def setup(ui) -> None:  # type: ignore[no-untyped-def]
            ui.set_model(model or TableModel(resumable=True, stats=demo.SAMPLE_STATS))
            ui.update(5.0)
            ui.show(screen)
        return setup

    def table(model: TableModel) -> Callable[[object], None]:
        def setup(ui) -> None:  # type: ignore[no-untyped-def]
            ui.set_model(model)
            ui.update(5.0)
            ui.show("table")
            ui.table.replay_voices()  # the hand's declarations said again, as bubbles
        return setup

    def stats_chart(ui) -> None:  # type: ignore[no-untyped-def]
        menu("stats")(ui)
        scr = ui.screens["stats"]
        scr.press("chart")  # the small screen's charts (a wider one shows them with the table)
        scr.press("acc_game")  # and the second game's accuracy

    out: dict[str, Callable[[object], None]] = {
        "home": menu("home"),
        "settings": menu("settings"),
        "real_cards": menu("real_cards"),
        "rules": menu("rules"),
        "stats": menu("stats"),
        "stats_chart": stats_chart,
        "hand_end": menu("hand_end", demo.finished_model()),
        "match_end": menu("hand_end", demo.finished_match_model()),
        "hand_end_game_won": menu("hand_end", demo.game_won_model()),
        "hand_end_review": menu("hand_end", demo.hand_review_model()),
    }
    def ask_new_game(ui) -> None:  # type: ignore[no-untyped-def]
        ui.set_model(demo.busiest("tressette2"))
        ui.update(5.0)
        ui.show("home")
        ui.home.press("start")

    def table_after_hand(ui) -> None:  # type: ignore[no-untyped-def]
        ui.set_model(demo.finished_model())
        ui.update(5.0)
        ui.show("table")

    def history(screen: str, step: int = 0) -> Callable[[object], None]:
        def setup(ui) -> None:  # type: ignore[no-untyped-def]
            ui.set_model(demo.sample_history_model())
            ui.show("history")
            if screen != "history":
                ui.show("sheet")
            if screen == "replay":
                ui.show("replay")
                ui.screens["replay"].step = step
            ui.intents()
        return setup

    def review(screen: str, step: int = 0, ready: bool = True) -> Callable[[object], None]:
        def setup(ui) -> None:  # type: ignore[no-untyped-def]
            ui.set_model(demo.sample_review_model(ready=ready))
            ui.show("history")
            ui.show("sheet")
            ui.show("review")
            if screen == "review_hand":
                ui.show("review_hand")
                ui.screens["review_hand"].step = step
            ui.intents()
        return setup

    out["history"] = history("history")
    out["score_sheet"] = history("sheet")
    out["replay"] = history("replay", 5)
    out["review_progress"] = review("review", ready=False)
    out["review"] = review("review")
    out["review_hand"] = review("review_hand", 4)
    out["review_hand_best"] = review("review_hand", 1)
    out["ask_new_game"] = ask_new_game
    out["table_after_hand"] = table_after_hand
    out["table_hint"] = table(demo.hint_model("tressette2"))
    out["table_hint_treseta4"] = table(demo.hint_model("treseta4"))
    for variant in PRESETS:
        out[f"table_{variant}"] = table(demo.busiest(variant))
    # real cards without a reader: the card picker; score sheet only: the count and the accusi
    out["picker_treseta4"] = table(demo.picker_model("treseta4"))
    out["picker_tressette2"] = table(demo.picker_model("tressette2", tricks=3))
    out["picker_deal_briscola"] = table(demo.deal_picker_model("briscola"))
    out["sheet_count_tressette4"] = table(demo.sheet_entry_model("tressette4"))
    out["sheet_accuso_tressette4"] = table(demo.sheet_entry_model("tressette4", choosing=3))
    out["sheet_decima_tressette4"] = table(demo.sheet_entry_model("tressette4", decima=True))
    out["sheet_count_treschetten3"] = table(demo.sheet_entry_model("treschetten3"))
    out.update(extra or {})
    return out


def render_all(out: Path = OUT, *, sizes: tuple[tuple[int, int], ...] = GALLERY_SIZES,
               langs: tuple[str, ...] = GALLERY_LANGS, extra: dict[str, Scene] | None = None,
               only: frozenset[str] | None = None) -> list[Path]:
    """Render every scene; returns the files written (and writes ``README.md`` beside them)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    # start-up: pygame only when a window or screen is opened (tressette replay, history and run without a screen never load it)
    import pygame

    # start-up: pygame only when a window or screen is opened (tressette replay, history and run without a screen never load it)
    from ui.app import UIApp

    pygame.display.init()
    pygame.font.init()
    if pygame.display.get_surface() is None:
        pygame.display.set_mode((16, 16))
    out.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    table = scenes(extra)
    for name, setup in table.items():
        if only is not None and name not in only:
            continue
        for lang in langs:
            for size in sizes:
                ui = UIApp(pygame.Surface(size), settings={"language": lang}, sounds=False)
                setup(ui)
                ui.draw()
                path = out / f"{name}_{lang}_{size[0]}x{size[1]}.png"
                pygame.image.save(ui.surface, str(path))
                written.append(path)
    decks = render_decks(out)
    written += decks
    (out / "README.md").write_text(_index(list(table), sizes, langs, [p.name for p in decks]), encoding="utf-8")
    return written


DECK_CARD = (86, 139)  # px: a card of the hand at 800x480 (ui.layout: 29 % of the height)


def deck_sheet(style: str, card: tuple[int, int] = DECK_CARD) -> object:
    """Every card of the deck ``style`` is drawn with, at full size: one suit a row, its ten
    ranks across (courts included), on the table's felt. Returns a pygame Surface."""
    deck = DECKS["bavarian" if style in ("salzburger", "bavarian") else "italian"]
    art = CardArt(Fonts())
    w, h = card
    gap = 8
    cols, rows = len(deck.ranks), len(deck.suits)
    sheet = pygame.Surface((cols * (w + gap) + gap, rows * (h + gap) + gap))
    sheet.fill((22, 92, 56))
    for s in range(rows):
        for r in range(cols):
            sheet.blit(art.face(deck.card(s, r), w, h, style), (gap + r * (w + gap), gap + s * (h + gap)))
    return sheet


def render_decks(out: Path = OUT) -> list[Path]:
    """One picture of each card style's whole deck at full size (``deck_<style>.png``)."""
    written = []
    for style in STYLES:
        path = out / f"deck_{style}.png"
        pygame.image.save(deck_sheet(style), str(path))  # type: ignore[arg-type]
        written.append(path)
    return written


def _index(names: list[str], sizes: tuple[tuple[int, int], ...], langs: tuple[str, ...],
           decks: list[str] | None = None) -> str:
    lines = ["# Screens", "",
             "Rendered by `tressette gallery` from seeded sample games (`ui/gallery.py`); do not edit by hand.", ""]
    if decks:
        lines += ["## The decks", "", "Every card of each pattern at the size of a card in the hand at 800x480.", ""]
        lines += [f"![{d}]({d})" for d in decks] + [""]
    for name in names:
        lines.append(f"## {name}")
        lines.append("")
        for size in sizes:
            cells = " ".join(f"![{name} {lang} {size[0]}x{size[1]}]({name}_{lang}_{size[0]}x{size[1]}.png)"
                             for lang in langs)
            lines.append(cells)
            lines.append("")
    return "\n".join(lines)


def main(argv: list[str] | None = None, extra: dict[str, Scene] | None = None) -> int:
    files = render_all(extra=extra)
    print(f"{len(files)} screens written to {OUT}")
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
