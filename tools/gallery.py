"""Every screen × it/de/en × 800x480/480x320 as PNGs under ``docs/screens/``.

``tressette gallery`` (or ``python -m tools.gallery``) renders them again from the
seeded sample models of :mod:`tools.demo`, so the pictures follow the code; the
README links the index page ``docs/screens/README.md`` it writes beside them.
No display needed (SDL's dummy driver).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

import pygame

import ui.intents as it
from firmware.engine.cards import DECKS
from firmware.engine.seating import PHONE, SeatSpec
from firmware.engine.variants import PRESETS
from tools import demo
from ui.cards import STYLES, CardArt
from ui.fonts import Fonts
from ui.history import ReplayScreen
from ui.i18n import msg
from ui.model import PersonGame, PersonStats, PhoneSeatModel, PhonesModel, TableModel
from ui.navigation import ScreenName
from ui.netmodel import NetworkModel, WifiRow, wifi_qr_text
from ui.picker import open_revoke
from ui.review import ReviewHandScreen
from ui.stats import StatsScreen

if TYPE_CHECKING:
    from ui.app import UIApp

S = TypeVar("S")

GALLERY_SIZES: tuple[tuple[int, int], ...] = ((800, 480), (480, 320))
GALLERY_LANGS: tuple[str, ...] = ("it", "de", "en", "hr", "nl")
OUT = Path(__file__).resolve().parents[1] / "docs" / "screens"


Scene = Callable[["UIApp"], None]  # puts a fresh UIApp into the screen to be pictured


def scenes(extra: Mapping[str, Scene] | None = None) -> dict[str, Scene]:
    """Name → a function that puts a fresh :class:`ui.app.UIApp` into that screen.

    ``extra`` replaces or adds scenes: ``tressette gallery`` passes the coach's, made by the
    real coach on real positions (tools/coach_samples.py; the UI imports the engine
    only, so it cannot ask the coach itself)."""
    out = menu_scenes() | history_scenes() | table_scenes() | network_scenes() | people_scenes()
    out.update(extra or {})
    return out


def menu_scenes() -> dict[str, Scene]:
    """The menus, the statistics and the count at the end of a hand, a match and a game."""
    return {
        "home": menu_scene("home"),
        "settings": menu_scene("settings"),
        "real_cards": menu_scene("real_cards"),
        "rules": menu_scene("rules"),
        # a game's rules with pictures (ui/rules.py): both decks, every kind of page
        "rules_values_treschetten3": rules_scene("treschetten3", "values"),
        "rules_declarations_tressette2": rules_scene("tressette2", "declarations"),
        "rules_declarations_treschetten4": rules_scene("treschetten4", "declarations"),
        "rules_signals_tressette4": rules_scene("tressette4", "signals"),
        "rules_sudden_tressette4": rules_scene("tressette4", "sudden"),
        "rules_values_ciapano": rules_scene("ciapano", "values"),
        "stats": menu_scene("stats"),
        "stats_chart": stats_chart,
        "hand_end": menu_scene("hand_end", demo.finished_model()),
        "match_end": menu_scene("hand_end", demo.finished_match_model()),
        "hand_end_game_won": menu_scene("hand_end", demo.game_won_model()),
        "hand_end_review": menu_scene("hand_end", demo.hand_review_model()),
    }


def history_scenes() -> dict[str, Scene]:
    """The matches played: the list, a score sheet, a replay, the coach's review."""
    return {
        "history": history_scene("history"),
        "score_sheet": history_scene("sheet"),
        "replay": history_scene("replay", 5),
        "review_progress": review_scene("review", ready=False),
        "review": review_scene("review"),
        "review_hand": review_scene("review_hand", 4),
        "review_hand_best": review_scene("review_hand", 1),
    }


def table_scenes() -> dict[str, Scene]:
    """The table: every preset at its busiest, hints, the card picker, the score sheet's count."""
    out: dict[str, Scene] = {
        "ask_new_game": ask_new_game,
        "table_after_hand": table_after_hand,
        "table_hint": table_scene(demo.hint_model("tressette2")),
        "table_hint_treseta4": table_scene(demo.hint_model("treseta4")),
    }
    for variant in PRESETS:
        out[f"table_{variant}"] = table_scene(demo.busiest(variant))
    # practice: the cards played so far by suit, both decks (ui/played_cards.py)
    out["played_tressette2"] = peek_scene(demo.busiest("tressette2"))
    out["played_treschetten3"] = peek_scene(demo.busiest("treschetten3"))
    # real cards without a reader: the card picker; score sheet only: the count and the accusi
    out["picker_treseta4"] = table_scene(demo.picker_model("treseta4"))
    out["picker_tressette2"] = table_scene(demo.picker_model("tressette2", tricks=3))
    out["picker_deal_briscola"] = table_scene(demo.deal_picker_model("briscola"))
    out["picker_abandon_question"] = picker_abandon_question
    # a revoke (docs/box.md, "A revoke"): the picker's *Revoke!*, who revoked, the question
    out["picker_revoke"] = table_scene(demo.revoke_model("treseta4"))
    out["picker_revoke_seat"] = revoke_scene(question=False)
    out["picker_revoke_question"] = revoke_scene(question=True)
    out["sheet_count_tressette4"] = table_scene(demo.sheet_entry_model("tressette4"))
    out["sheet_accuso_tressette4"] = table_scene(demo.sheet_entry_model("tressette4", choosing=3))
    out["sheet_decima_tressette4"] = table_scene(demo.sheet_entry_model("tressette4", decima=True))
    out["sheet_count_treschetten3"] = table_scene(demo.sheet_entry_model("treschetten3"))
    # score sheet corrections: a tap that ends the match asks first; a finished hand's points corrected
    out["sheet_confirm_tressette4"] = table_scene(demo.sheet_entry_model("tressette4", question=True))
    out["sheet_amend_tressette4"] = table_scene(demo.sheet_entry_model("tressette4", amend=True))
    out["sheet_corrected_tressette4"] = sheet_from_count(demo.sheet_entry_model("tressette4"))
    return out


SAMPLE_HOTSPOT = ("Tressette-K2P9", "hm7qa3xtnw4e")
SAMPLE_NETWORKS = (
    WifiRow("Casa Rossi", 82, True, in_use=True, known=True),
    WifiRow("FRITZ!Box 7590 KL", 64, True),
    WifiRow("Bar Sport: ospiti", 47, False),
    WifiRow("Vodafone-A1B2C3", 31, True, known=True),
    WifiRow("Nonna Pina", 12, True),
)


def sample_network(state: str = "connected", **changes: object) -> NetworkModel:
    """The simulator's networks as Settings → Network shows them (hal/network.py's double)."""
    ssid, passphrase = SAMPLE_HOTSPOT
    base = NetworkModel(state="connected", ssid="Casa Rossi", address="192.168.1.23", hotspot_ssid=ssid,
                        hotspot_passphrase=passphrase, networks=SAMPLE_NETWORKS, known=("Casa Rossi", "Vodafone-A1B2C3"),
                        scanned=True)  # fmt: skip
    if state == "hotspot":
        base = replace(base, state="hotspot", ssid=ssid, address="10.42.0.1", wifi_qr=wifi_qr_text(ssid, passphrase),
                       networks=tuple(replace(n, in_use=False) for n in SAMPLE_NETWORKS),
                       result=msg("n_hotspot_open", ssid=ssid, address="10.42.0.1"), result_ok=True)
    elif state == "disconnected":
        base = replace(base, state="disconnected", ssid="", address="",
                       networks=tuple(replace(n, in_use=False) for n in SAMPLE_NETWORKS))
    return replace(base, **changes)  # type: ignore[arg-type]


def network_scenes() -> dict[str, Scene]:
    """Settings → Network: connected, a wrong password said, the hotspot open, the password's keyboard
    (letters, symbols, accents, shown), and the join screen with the box's own Wi-Fi or none."""
    wrong = sample_network("disconnected", result=msg("n_wrong_password", ssid="FRITZ!Box 7590 KL"))
    return {
        "settings_network": menu_scene("settings", TableModel(resumable=True, network=sample_network())),
        "network": network_scene(sample_network()),
        "network_wrong_password": network_scene(wrong),
        "network_hotspot": network_scene(sample_network("hotspot")),
        "network_password": password_scene("letters", "Casa-Bella7", shift=True),
        "network_password_symbols": password_scene("symbols", "Casa-Bella7", shown=True),
        "network_password_accents": password_scene("accents", "perché"),
        "join_hotspot": join_scene(sample_network("hotspot")),
        "join_no_network": join_scene(sample_network("disconnected")),
    }


def network_scene(net: NetworkModel) -> Scene:
    def setup(ui: UIApp) -> None:
        ui.set_model(TableModel(network=net))
        ui.show("settings")
        ui.show("network")
        ui.intents()
    return setup


def password_scene(page: str, text: str, *, shift: bool = False, shown: bool = False) -> Scene:
    def setup(ui: UIApp) -> None:
        network_scene(sample_network("disconnected"))(ui)
        ui.network.press("net:1")  # FRITZ!Box: a lock, not known
        kb = ui.password.keyboard
        kb.type(text)
        kb.page, kb.shift, kb.shown = page, shift, shown
        ui.intents()
    return setup


def join_scene(net: NetworkModel) -> Scene:
    """The phone join screen of a two-phone game while the box is on its own hotspot, or on no network."""
    def setup(ui: UIApp) -> None:
        url = "http://tressette.local:8337"
        seats = tuple(PhoneSeatModel(i, False, False, f"{482913 + i * 1111:06d}", f"{url}/#join={482913 + i * 1111:06d}")
                      for i in (1, 3))
        model = TableModel(phones=PhonesModel(url, seats), network=net)
        ui.set_model(model)
        ui.show("join")
        ui.intents()
    return setup


SAMPLE_PEOPLE = ("Đurđa", "Jürgen", "Anna", "Marco", "Zoë 🃏", "Giovanni Battista")
"""The household's list in the pictures: Croatian, German, Italian, an emoji."""
NAMED_SEATS = ("Anna", "Đurđa", "Marco", "Jürgen")


def people_scenes() -> dict[str, Scene]:
    """Who plays: the home screen with names, choosing them, typing one; a table, a hand's
    end and a score sheet of named people (issue 36)."""
    return {
        "home_named": home_named,
        "players": players_scene(),
        "players_typing": players_scene(typing="Đurđa"),
        "players_refused": players_scene(typing="Giovanni Battista Maria", ok=True),
        "table_named": table_scene(demo.named(demo.busiest("treseta4"), NAMED_SEATS)),
        "hand_end_named": menu_scene("hand_end", demo.named(demo.finished_model("treseta4"), NAMED_SEATS)),
        "stats_named": menu_scene("stats", TableModel(resumable=True, stats=PEOPLE_STATS)),
        "stats_person": menu_scene("people", TableModel(resumable=True, stats=PEOPLE_STATS)),
    }


PEOPLE_STATS = replace(demo.SAMPLE_STATS, people=(
    PersonStats("Anna", (PersonGame("treseta4", 14, 9, 1, 6.4), PersonGame("tressette2", 6, 2, 0, 4.8)),
                partners=(("Marco", 8, 6), ("Đurđa", 4, 2)), rivals=(("Jürgen", 9, 6), ("Zoë 🃏", 3, 1)),
                levels=(("easy", 2, 2), ("hard", 6, 2), ("-", 12, 7))),
    PersonStats("Đurđa", (PersonGame("treseta4", 5, 2, 0, 5.9),), partners=(("Anna", 4, 2),),
                levels=(("-", 5, 2),)),
))


def home_named(ui: UIApp) -> None:
    ui.set_model(TableModel(household=SAMPLE_PEOPLE, stats=demo.SAMPLE_STATS))
    ui.show("home")
    ui.home.select_variant("treseta4")
    ui.home.seats = [SeatSpec("human"), SeatSpec.cpu("hard"), PHONE, SeatSpec.cpu("normal")]
    ui.home.players = ["Anna", None, "Zoë 🃏", None]
    ui.intents()


def players_scene(typing: str = "", ok: bool = False) -> Scene:
    def setup(ui: UIApp) -> None:
        home_named(ui)
        ui.show("players")
        if typing:
            ui.players.press("type:2")
            ui.players.keyboard.type(typing)
            ui.players.keyboard.page = "accents"
            if ok:
                ui.players.press("ok")
        ui.intents()
    return setup


def sheet_from_count(model: TableModel) -> Scene:
    """The score sheet opened from the count screen: a finished hand (✎) is tapped to correct it."""

    def setup(ui: UIApp) -> None:
        table_scene(model)(ui)
        ui.show("sheet")
    return setup


def menu_scene(screen: str, model: TableModel | None = None) -> Scene:
    """A menu screen (or the count) over ``model``, by default no game and the sample statistics."""

    def setup(ui: UIApp) -> None:
        ui.set_model(model or TableModel(resumable=True, stats=demo.SAMPLE_STATS))
        ui.update(5.0)
        ui.show(screen)
    return setup


def table_scene(model: TableModel) -> Scene:
    def setup(ui: UIApp) -> None:
        ui.set_model(model)
        ui.update(5.0)
        ui.show("table")
        ui.table.replay_voices()  # the hand's declarations said again, as bubbles
    return setup


def rules_scene(variant: str, page: str) -> Scene:
    """The rules screen at ``variant``'s picture page ``page``."""
    def setup(ui: UIApp) -> None:
        ui.home.select_variant(variant)
        ui.show("rules")
        ui.rules.page = ui.rules.pages().index((page, 0))
    return setup


def peek_scene(model: TableModel) -> Scene:
    """A practice table's peek at the cards played so far, by suit."""
    def setup(ui: UIApp) -> None:
        table_scene(replace(model, casual=True))(ui)
        ui.table.show_taken, ui.table.peek_tab = True, "played"
    return setup


def picker_abandon_question(ui: UIApp) -> None:
    """The picker's *Abandon hand* tapped: the question that names what follows."""
    model = demo.picker_model("tressette2", tricks=3)
    table_scene(model)(ui)
    assert model.picker is not None and model.picker.abandon is not None
    ui.ask(ui.ctx.t("ask_abandon_hand", n=model.picker.abandon + 1), it.AbandonHand(model.picker.hand))


def revoke_scene(*, question: bool) -> Scene:
    """*Revoke!* tapped: the seat chooser, or (``question``) seat 3 chosen: its question."""
    def setup(ui: UIApp) -> None:
        model = demo.revoke_model("treseta4")
        table_scene(model)(ui)
        assert model.revoke is not None
        open_revoke(ui.ctx, model.revoke)
        if question:
            ui.choice = None
            seat, said = model.revoke.seats[2]
            assert said is not None
            ui.ask(ui.ctx.say(said), it.CallRevoke(seat, model.revoke.hand))
    return setup


def stats_chart(ui: UIApp) -> None:
    menu_scene("stats")(ui)
    scr = _screen(ui, ScreenName.STATS, StatsScreen)
    scr.press("chart")  # the small screen's charts (a wider one shows them with the table)
    scr.press("acc_game")  # and the second game's accuracy


def ask_new_game(ui: UIApp) -> None:
    ui.set_model(demo.busiest("tressette2"))
    ui.update(5.0)
    ui.show("home")
    ui.home.press("start")


def table_after_hand(ui: UIApp) -> None:
    ui.set_model(demo.finished_model())
    ui.update(5.0)
    ui.show("table")


def history_scene(screen: str, step: int = 0) -> Scene:
    """The list of matches, a match's score sheet or its replay at ``step``."""

    def setup(ui: UIApp) -> None:
        ui.set_model(demo.sample_history_model())
        ui.show("history")
        if screen != "history":
            ui.show("sheet")
        if screen == "replay":
            ui.show("replay")
            _screen(ui, ScreenName.REPLAY, ReplayScreen).step = step
        ui.intents()
    return setup


def review_scene(screen: str, step: int = 0, ready: bool = True) -> Scene:
    """The coach's review of a match (still working unless ``ready``), or a hand of it at ``step``."""

    def setup(ui: UIApp) -> None:
        ui.set_model(demo.sample_review_model(ready=ready))
        ui.show("history")
        ui.show("sheet")
        ui.show("review")
        if screen == "review_hand":
            ui.show("review_hand")
            _screen(ui, ScreenName.REVIEW_HAND, ReviewHandScreen).step = step
        ui.intents()
    return setup


def _screen(ui: UIApp, name: ScreenName, kind: type[S]) -> S:
    scr = ui.screens[name]
    assert isinstance(scr, kind)
    return scr


def render_all(out: Path = OUT, *, sizes: tuple[tuple[int, int], ...] = GALLERY_SIZES,
               langs: tuple[str, ...] = GALLERY_LANGS, extra: Mapping[str, Scene] | None = None,
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
             "Rendered by `tressette gallery` from seeded sample games (`tools/gallery.py`); do not edit by hand.", ""]
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


def main(argv: list[str] | None = None, extra: Mapping[str, Scene] | None = None) -> int:
    files = render_all(extra=extra)
    print(f"{len(files)} screens written to {OUT}")
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
