"""UIApp: the whole touchscreen as one widget (pygame_gui style).

Wiring for the controller::

    from ui.app import UIApp
    from ui.model import TableModel, model_from_view

    ui = UIApp(screen_surface, settings={"language": "it"})
    ui.set_model(TableModel(resumable=True, stats=stats))   # home screen at boot
    while running:
        for event in pygame.event.get():
            ui.handle(event)                  # True if the UI used it
        for intent in ui.intents():           # drain: PlayCard, NewGame, Quit, …
            controller.handle(intent)         # -> engine action (firmware.app.controller)
        ui.set_model(controller.model())      # the table as it is now
        ui.update(dt_seconds)                 # animations (draws, trick hold, banners)
        ui.draw()                             # onto the surface given (or draw(other))
        pygame.display.flip()

The UI never blocks: it only draws the latest model; the controller runs
computer players on a worker and calls ``set_model`` when they have played.
If the controller wants the draws to have landed before the computer's next
card appears, it may wait while ``ui.busy`` (optional; the UI copes either way).

Screens switch by themselves: a newly dealt hand shows the table, a finished
hand the count (after the last trick has been seen), no game the home screen.
:meth:`show` forces one; every change is also reported as ``ShowScreen``.

Input: FINGERDOWN taps; MOUSEBUTTONDOWN clicks, except those SDL synthesises
from a touch (``event.touch``), so a finger is handled once. Keys (seed 002):
1-9, 0, then A B C F G I J K M O play the 1st..20th card (``ui.hand_view.HAND_KEYS``;
each card shows its key once a key was used), arrows and Enter choose and play, N new game,
L level, D deck style, T last trick, H hint, U undo. Esc is "back": the table and
every menu screen go back one step, the count goes to the table; on the home
screen Esc asks to close the simulator (``esc_quits``; the box has nothing to
close). Enter and Space do nothing on the count or the home screen for
``KEY_GUARD_S`` after it appeared: a key pressed for the last card, or twice,
never skips past the result or starts a new match.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import pygame
from pygame import Rect

from firmware.engine.seating import LEVELS, SeatSpec
from ui import intents as it
from ui.cards import CardArt
from ui.fonts import Fonts, min_text_px
from ui.handend import HandEndScreen
from ui.history import HistoryScreen, ReplayScreen, SheetScreen
from ui.home import HomeScreen
from ui.intents import Intent
from ui.joinscreen import JoinScreen, all_joined, wants_join_screen
from ui.layout import ButtonSpec
from ui.model import NO_GAME, TableModel
from ui.navigation import ScreenName, ShownScreen
from ui.network import NetworkScreen, PasswordScreen
from ui.people import PeopleScreen
from ui.players import PlayersScreen
from ui.realcards import RealCardsScreen
from ui.review import ReviewHandScreen, ReviewScreen
from ui.rules import RulesScreen
from ui.settings import SETTING_CHOICES, SettingsScreen
from ui.sound import Sounds
from ui.stats import StatsScreen
from ui.table import TableScreen
from ui.theme import DEFAULT, Theme
from ui.widgets import Ctx, blit_text, draw_button, draw_panel, rounded

DEFAULT_SETTINGS: dict[str, Any] = {
    "language": "it",
    "deck_style": "napoletane",
    "german_style": "salzburger",
    "sounds": True,
    "brightness": 80,
    "confirm_points": False,  # a second tap for a card that gives points away
    "safe_play": False,  # every card: the first tap lifts it, a second tap plays it (ui.table)
    "speed": "normal",  # game speed: slow / normal / fast (ui.speed)
    "simulate_brightness": False,  # the simulator darkens the picture; the box dims the backlight
    "esc_quits": False,  # the simulator: Esc on the home screen asks to close the window
}

KEY_GUARD_S = 0.8  # Enter/Space are ignored this long on a count or home screen just shown
CONFIRM_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)

SCREENS = tuple(ScreenName)


class UIApp:
    """The touchscreen: ``handle(event) -> bool``, ``update(dt)``, ``draw(surface)``."""

    def __init__(
        self,
        surface: pygame.Surface,
        *,
        settings: Mapping[str, Any] | None = None,
        theme: Theme = DEFAULT,
        sounds: bool = True,
    ) -> None:
        self.surface = surface
        self.settings: dict[str, Any] = dict(DEFAULT_SETTINGS)
        self.settings.update(settings or {})
        fonts = Fonts(theme)
        fonts.min_size = min_text_px(surface.get_height())
        self.ctx = Ctx(fonts=fonts, art=CardArt(fonts), theme=theme, settings=self.settings,
                       sounds=Sounds() if sounds else None)
        if self.ctx.sounds is not None and self.settings.get("sounds", True):
            self.ctx.sounds.preload()
        self.model = NO_GAME
        self.outbox = it.Outbox()  # what the screens send (their ``emit``), taken by intents()
        emit = self.outbox.put
        self.table = TableScreen(self.ctx, emit, self.show)
        self.home = HomeScreen(self.ctx, emit, self.show)
        self.rules = RulesScreen(self.ctx, emit, self.show)
        self.history = HistoryScreen(self.ctx, emit, self.show)
        self.sheet = SheetScreen(self.ctx, emit, self.show)
        self.review = ReviewScreen(self.ctx, emit, self.show)
        self.password = PasswordScreen(self.ctx, emit, self.show)  # a Wi-Fi password (ui/network.py)
        self.network = NetworkScreen(self.ctx, emit, self.show, self.password)
        self.players = PlayersScreen(self.ctx, emit, self.show, self.home)  # who plays (ui/players.py)
        self.screens: dict[ScreenName, ShownScreen] = {
            ScreenName.HOME: self.home,
            ScreenName.TABLE: self.table,
            ScreenName.HAND_END: HandEndScreen(self.ctx, emit, self.show),
            ScreenName.STATS: StatsScreen(self.ctx, emit, self.show),
            ScreenName.SETTINGS: SettingsScreen(self.ctx, emit, self.show),
            ScreenName.REAL_CARDS: RealCardsScreen(self.ctx, emit, self.show),
            ScreenName.RULES: self.rules,
            ScreenName.HISTORY: self.history,
            ScreenName.SHEET: self.sheet,
            ScreenName.REPLAY: ReplayScreen(self.ctx, emit, self.show),
            ScreenName.REVIEW: self.review,
            ScreenName.REVIEW_HAND: ReviewHandScreen(self.ctx, emit, self.show),
            ScreenName.JOIN: JoinScreen(self.ctx, emit, self.show),  # phone seats (ui/joinscreen.py)
            ScreenName.NETWORK: self.network,
            ScreenName.WIFI_PASSWORD: self.password,
            ScreenName.PLAYERS: self.players,
            ScreenName.PEOPLE: PeopleScreen(self.ctx, emit, self.show),
        }
        self.screen = ScreenName.HOME
        self.ctx.ask = self.ask
        self.ctx.choose = self.choose
        self.question: tuple[str, Intent] | None = None  # a yes/no asked before an intent
        # a choice before a question (a revoke's seat): the title, then (label, question, intent)
        self.choice: tuple[str, list[tuple[str, str | None, Intent]]] | None = None
        self._end_pending = False
        self._dim: pygame.Surface | None = None
        self.shown_for = KEY_GUARD_S  # seconds since the screen changed (none at start)
        self.enter_disarmed = False  # home reached from a match's end by Enter: Enter starts nothing
        self._told = self.home.chosen()  # the home screen's choice as the app last heard it (intents)

    # -------------------------------------------------------------- feeding

    def set_model(self, model: TableModel) -> None:
        """Show this snapshot; animations of new draws and tricks start here."""
        old = self.model
        self.model = model
        size = self.surface.get_size()
        self.table.set_model(model, size)
        for name, scr in self.screens.items():
            if name != "table":
                scr.set_model(model)
        new_hand = model.in_game and (
            not old.in_game
            or (model.variant, model.hand_no, model.dealer) != (old.variant, old.hand_no, old.dealer)
            or model.tricks_played < old.tricks_played
            or (old.hand_over and not model.hand_over)
        )
        if not model.in_game:
            if self.screen in ("table", "hand_end"):
                self.show("home", report=False)
            if model.enrolling is not None and old.enrolling is None:
                self.show("real_cards", report=False)  # a table game asked for its deck's tags first
        elif new_hand:
            self.show("table", report=False)
            self._end_pending = model.hand_over  # resumed straight into a finished hand
        elif model.hand_over and not old.hand_over:
            self._end_pending = True  # shown once the last trick and draws have been seen
        entry, was = model.sheet_entry, old.sheet_entry
        if entry is not None and (entry.amend is not None or entry.question is not None) and self.screen in (
            "hand_end", "sheet"
        ):
            self.show("table", report=False)  # score sheet: a hand corrected, or a question to answer, on the table
        elif was is not None and entry is None and model.hand_over and self.screen == "table" and not new_hand:
            self.show("hand_end", report=False)  # the correction made (or left): back to the hand's end
        if model.in_game and wants_join_screen(old.phones, model.phones):
            self.show("join", report=False)  # a phone seat to take: its code on the screen
        elif self.screen == "join" and model.in_game and all_joined(old.phones, model.phones):
            self.show("table", report=False)  # the last code was taken: the shared table

    def preset_home(self, variant: str, options: Mapping[str, Any] | None = None,
                    seats: Sequence[SeatSpec] | None = None, *, mode: str | None = None,
                    choice: it.HomeChoice | None = None) -> None:
        """Preselect the home screen's game (e.g. from the settings file at start, or the last
        match's after a restart); ``mode``, the journal's (None: leave the toggles as they are),
        sets the score sheet and the casual toggles as that match had them. ``choice``: what
        the person had chosen here and not played before a restart, shown as it was (the
        other arguments are then its game, options and seats)."""
        self._preset(variant, options, seats, mode, choice)
        self._told = self.home.chosen()  # the app's offer, not the person's choice: not sent back

    def _preset(self, variant: str, options: Mapping[str, Any] | None, seats: Sequence[SeatSpec] | None,
                mode: str | None, choice: it.HomeChoice | None) -> None:
        if choice is not None:
            if choice != self.home.chosen():  # (the choice just sent, offered back: shown already)
                self.home.restore(choice)
            return
        self.home.select_variant(variant)
        if mode is not None:
            self.home.scoresheet = mode == "scoresheet"
            self.home.casual = mode in ("casual", "assisted")
        if options:
            self.home.options.update(options)
            self.home._fit_seats()
        if seats and mode != "scoresheet":  # a score sheet's seats are all the table's own cards
            self.home.seats = list(seats)
            self.home._fit_seats()  # as many as the game has (sim --variant tressette4, two seats set)

    def show(self, name: str, *, report: bool = True) -> None:
        """Switch screen (``home``, ``table``, ``hand_end``, ``stats``, ``settings``, ``real_cards``, ``rules``).

        A switch the person asked for is reported as ``ShowScreen``; the
        automatic ones (a hand dealt, a hand over) are not.
        """
        if name not in SCREENS:
            return
        name = ScreenName(name)
        if name == "rules" and self.screen != "rules":
            self.rules.came_from = self.screen if self.screen in ("settings", "table", "hand_end") else "home"
            chosen = self.home.variants[self.home.vi]
            playing = self.model.in_game and (self.rules.came_from in ("table", "hand_end")
                                              or chosen == self.model.variant)
            if playing:  # the game being played, with the options it is played with
                self.rules.open_at(self.model.variant, dict(self.model.options))
            else:  # the game chosen on the home screen, with its options
                self.rules.open_at(chosen, self.home.options)
        if name == "sheet" and self.screen in ("history", "hand_end", "table"):
            self.sheet.came_from = self.screen
            if self.screen in ("hand_end", "table"):
                self.sheet.open_at_end()  # the match's deciding hand, not its first
        if name == "review" and self.screen in ("sheet", "hand_end"):
            self.review.came_from = self.screen
        if name == "history" and self.screen != "history":
            page = self.model.history
            fit = self.history.page_size(self.surface.get_size())
            self.emit(it.ShowHistory(page.offset if page is not None else 0, fit))  # fresh rows
        if name == "network" and self.screen not in ("network", "wifi_password"):
            self.network.first = 0
            self.network.came_from = "join" if self.screen == "join" else "settings"  # where *Back* goes
            self.emit(it.NetworkScan())  # the networks in reach now, not when last looked
        if name == "table" and not self.model.in_game:
            name = ScreenName.HOME
        if name == "table" and self.screen == "home" and self.model.hand_over:
            # back to a finished hand (Continue): its count at once. Shown the table, the count
            # would replace it when the last trick's pause ran out, under a finger reaching for
            # the table's own "Prossima mano" (a tap that found no button: issue 24.7)
            name = ScreenName.HAND_END
            self._end_pending = False
        if name != self.screen:
            self._leave()
            self.screen = name
            self.shown_for = 0.0
            if report:
                self.emit(it.ShowScreen(name))

    def _leave(self) -> None:
        """The screen shown is switched away from."""
        if self.screen == "table" and self.model.hand_over:
            self._end_pending = False  # the person left the table: the count never pops up later
        left = self.current
        if isinstance(left, ReplayScreen):
            left.playing = False  # a replay left while it plays itself waits there

    @property
    def shown(self) -> tuple[str, bool, bool]:
        """What is up, for the screen's pace (ui/frames.py): the screen and whether a
        question or a choice lies over it."""
        return self.screen, self.question is not None, self.choice is not None

    @property
    def current(self) -> ShownScreen:
        return self.screens[self.screen]

    @property
    def busy(self) -> bool:
        """True while draws fly or a finished trick is still shown."""
        return self.table.busy

    # ---------------------------------------------------------------- input

    def handle(self, event: pygame.event.Event) -> bool:
        """Use one pygame event; True if it meant something to the UI."""
        et = event.type
        if et == pygame.QUIT:
            self.emit(it.Quit())
            return True
        if et == pygame.FINGERDOWN:
            # finger coordinates are 0..1 of the window; the UI's surface sits at its
            # top left (the whole window on the box, the left part in the simulator)
            window = pygame.display.get_surface()
            w, h = window.get_size() if window is not None else self.surface.get_size()
            x, y = int(event.x * w), int(event.y * h)
            sw, sh = self.surface.get_size()
            if x >= sw or y >= sh:
                return False
            return self.tap((x, y))
        if et in (pygame.FINGERUP, pygame.MOUSEBUTTONUP):
            return self.table.release()  # the finger lifted: the touched card's enlarged view goes
        if et == pygame.MOUSEBUTTONDOWN:
            # optional: pygame gives SDL's mouse events a touch flag; one posted by code has none
            if getattr(event, "touch", False) or event.button != 1:
                return False  # SDL's copy of a finger we already took, or a wheel/right click
            return self.tap(event.pos)
        if et == pygame.KEYDOWN:
            text = getattr(event, "unicode", "")  # optional: an event posted by code may carry none
            if self.screen == "wifi_password" and self.question is None and text and text.isprintable():
                return self.password.type(text)  # a laptop's keyboard types the password too
            if self.screen == "players" and self.players.typing is not None and self.question is None \
                    and text and text.isprintable():
                return self.players.type(text)  # and a name
            return self.key(event.key)
        return False

    def ask(self, question: str, intent: Intent) -> None:
        """Ask yes/no over the screen; ``intent`` is sent only on yes."""
        self.question = (question, intent)

    def choose(self, title: str, options: list[tuple[str, str | None, Intent]]) -> None:
        """One of ``options`` chosen over the screen; the one chosen asks its question (a
        question None: dimmed, it cannot be chosen now); *Back* chooses nothing."""
        self.choice = (title, options)

    def choice_buttons(self, size: tuple[int, int]) -> list[ButtonSpec]:
        """The choices in a row (two rows past four) under the title, *Back* under them (pure layout)."""
        W, H = size
        options = self.choice[1] if self.choice is not None else []
        touch = self.ctx.theme.min_touch
        n = max(1, len(options))
        per_row = n if n <= 4 else (n + 1) // 2
        gap = 10
        bw = min(int(W * 0.2), (int(W * 0.84) - 32 - (per_row - 1) * gap) // per_row)
        bh = max(touch + 4, int(H * 0.12))
        top = int(H * 0.16) + max(touch, int(H * 0.12)) + 12
        out: list[ButtonSpec] = []
        for i, (label, question, _) in enumerate(options):
            row, col = divmod(i, per_row)
            in_row = min(per_row, n - row * per_row)
            x0 = W // 2 - (in_row * bw + (in_row - 1) * gap) // 2
            r = Rect(x0 + col * (bw + gap), top + row * (bh + gap), bw, bh)
            out.append(ButtonSpec(f"choice:{i}", r, label, enabled=question is not None))
        rows = (n + per_row - 1) // per_row
        back_w = max(touch * 2, int(W * 0.28))
        out.append(ButtonSpec("choice_back", Rect(W // 2 - back_w // 2, top + rows * (bh + gap) + 4, back_w, bh), "back"))
        return out

    def question_buttons(self, size: tuple[int, int]) -> list[ButtonSpec]:
        """Yes and No of the question, side by side under it (pure layout)."""
        W, H = size
        bw = max(self.ctx.theme.min_touch * 2, int(W * 0.28))
        bh = max(self.ctx.theme.min_touch + 4, int(H * 0.12))
        y = H // 2 + int(H * 0.08)
        return [ButtonSpec("no", Rect(W // 2 - bw - 12, y, bw, bh), "no"),
                ButtonSpec("yes", Rect(W // 2 + 12, y, bw, bh), "yes")]

    def answer(self, yes: bool) -> None:
        if self.question is None:
            return
        _, intent = self.question
        self.question = None
        if yes:
            self.emit(intent)

    def tap(self, pos: tuple[int, int]) -> bool:
        self.enter_disarmed = False
        if self.question is None and self.choice is not None:
            return self._choice_tap(pos)
        if self.question is not None:
            for b in self.question_buttons(self.surface.get_size()):
                if b.rect.collidepoint(pos):
                    self.answer(b.name == "yes")
            return True  # the question holds every tap until it is answered
        return self.current.tap(pos, self.surface.get_size())

    def _choice_tap(self, pos: tuple[int, int]) -> bool:
        choice = self.choice
        assert choice is not None
        for b in self.choice_buttons(self.surface.get_size()):
            if b.rect.collidepoint(pos) and b.enabled:
                if b.name == "choice_back":
                    self.choice = None
                else:
                    _, question, intent = choice[1][int(b.name.partition(":")[2])]
                    self.choice = None
                    if question is not None:
                        self.ask(question, intent)
        return True  # the choice holds every tap until one is made or Back

    def key(self, key: int) -> bool:
        if self.question is None and self.choice is not None:
            if key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
                self.choice = None
            return True
        if self.question is not None:
            if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_y):
                self.answer(True)
            elif key in (pygame.K_ESCAPE, pygame.K_BACKSPACE, pygame.K_n):
                self.answer(False)
            return True
        if key in CONFIRM_KEYS and self.screen in ("hand_end", "home") and self.shown_for < KEY_GUARD_S:
            return True  # the key meant for the last card, or a second press: not "go on"
        if key in CONFIRM_KEYS and self.screen == "hand_end" and self.model.match_over:
            self.show("home")
            self.enter_disarmed = True  # Enter after Enter: never a new match (issue 24.7)
            return True
        if key in CONFIRM_KEYS and self.screen == "home" and self.enter_disarmed:
            return True  # home from the match's end by Enter: Play takes a tap, or a key after another
        self.enter_disarmed = False
        scr = self.current
        if key == pygame.K_ESCAPE and self.screen == "home":
            if self.settings.get("esc_quits"):
                self.ask(self.ctx.t("ask_quit"), it.Quit())
            return True
        if scr.key(key):
            return True
        if key == pygame.K_n:
            intent = self.new_game_like_this()
            m = self.model
            if (m.in_game and not m.match_over) or m.resumable:
                self.ask(self.ctx.t("ask_abandon"), intent)
            else:
                self.emit(intent)
            return True
        if key == pygame.K_l:
            return self._cycle_level()
        if key == pygame.K_d:
            self._cycle_deck()
            return True
        if key == pygame.K_ESCAPE:  # back: the table to the home screen (the match kept)
            self.show("home" if self.screen == "table" else "table" if self.model.in_game else "home")
            return True
        return False

    def new_game_like_this(self) -> it.NewGame:
        """N: a new match like the one on the table (or as set up on the home screen)."""
        m = self.model
        if m.in_game:
            seats = tuple(SeatSpec(s.kind, s.level) for s in m.seats)
            return it.NewGame(m.variant, dict(m.options), seats)
        return self.home.new_game_intent()

    def _cycle_level(self) -> bool:
        m = self.model
        if m.in_game:
            seats = [s for s in m.seats if s.kind == "computer"]
            if not seats:
                return False
            cur = seats[0].level or "normal"
            nxt = LEVELS[(LEVELS.index(cur) + 1) % len(LEVELS)] if cur in LEVELS else "normal"
            for s in seats:
                self.emit(it.SetLevel(s.seat, nxt))
            return True
        home = self.home
        for i, seat in enumerate(home.seats):
            if seat.computer:
                lv = seat.level or "normal"
                home.seats[i] = SeatSpec.cpu(LEVELS[(LEVELS.index(lv) + 1) % len(LEVELS)])
        return True

    def _cycle_deck(self) -> None:
        if self.model.deck == "bavarian":
            key, choices = "german_style", ("salzburger", "bavarian")
        else:
            key, choices = "deck_style", SETTING_CHOICES["deck_style"]
        cur = self.settings.get(key, choices[0])
        value = choices[(choices.index(cur) + 1) % len(choices)] if cur in choices else choices[0]
        self.settings[key] = value
        self.emit(it.SetSetting(key, value))

    def emit(self, intent: Intent) -> None:
        self.outbox.put(intent)

    def intents(self) -> list[Intent]:
        """The intents since the last call, oldest first (and forget them); first of them
        the home screen's choice, when the person changed it since it was last told (on
        a change only: a frame that changed nothing sends nothing)."""
        chosen = self.home.chosen()
        if chosen == self._told:
            return self.outbox.take()
        self._told = chosen
        return [chosen, *self.outbox.take()]

    # ------------------------------------------------------------ animation

    def update(self, dt: float) -> None:
        """Advance animations by ``dt`` seconds."""
        self.shown_for += dt
        self.table.update(dt)
        for name, scr in self.screens.items():
            if name != "table":
                scr.update(dt)
        if self._end_pending and not self.table.busy and self.model.lesson is None:
            # (the guided hand's last lessons, the last trick and the count, are read first)
            self._end_pending = False
            if self.model.hand_over and self.screen == "table":
                self.show("hand_end", report=False)

    # -------------------------------------------------------------- drawing

    def draw(self, surface: pygame.Surface | None = None) -> None:
        target = surface if surface is not None else self.surface
        self.current.draw(target)
        if self.question is None and self.choice is not None:
            self._draw_choice(target)
        if self.question is not None:
            self._draw_question(target)
        if self.settings.get("simulate_brightness"):
            self._darken(target)

    def _draw_question(self, s: pygame.Surface) -> None:
        W, H = s.get_size()
        s.blit(rounded((W, H), (0, 0, 0), 160, 0), (0, 0))
        ctx = self.ctx
        buttons = self.question_buttons((W, H))
        box = Rect(int(W * 0.08), int(H * 0.16), int(W * 0.84), buttons[0].rect.bottom + int(H * 0.05) - int(H * 0.16))
        draw_panel(s, box, ctx.theme, 240)
        fs = ctx.fsize(H, 0.05)
        room = buttons[0].rect.y - box.y - 16
        lines = ctx.fonts.wrap(self.question[0] if self.question else "", fs, box.w - 32, bold=True)
        while len(lines) * (fs + 6) > room and fs > ctx.fonts.min_size:
            fs -= 1
            lines = ctx.fonts.wrap(self.question[0] if self.question else "", fs, box.w - 32, bold=True)
        y = box.y + 12
        for line in lines:
            blit_text(s, ctx, line, fs, (W // 2, y), anchor="midtop", bold=True, max_w=box.w - 32)
            y += fs + 6
        for b in buttons:
            draw_button(s, ctx, b.rect, ctx.t(b.label), color=ctx.theme.danger if b.name == "yes" else None)

    def _draw_choice(self, s: pygame.Surface) -> None:
        W, H = s.get_size()
        s.blit(rounded((W, H), (0, 0, 0), 160, 0), (0, 0))
        ctx = self.ctx
        buttons = self.choice_buttons((W, H))
        box = Rect(int(W * 0.08), int(H * 0.16), int(W * 0.84), buttons[-1].rect.bottom + 12 - int(H * 0.16))
        draw_panel(s, box, ctx.theme, 240)
        title = self.choice[0] if self.choice is not None else ""
        blit_text(s, ctx, title, ctx.fsize(H, 0.055), (W // 2, box.y + 12), anchor="midtop", bold=True,
                  max_w=box.w - 32)
        for b in buttons:
            draw_button(s, ctx, b.rect, ctx.t(b.label) if b.name == "choice_back" else b.label, enabled=b.enabled)

    def _darken(self, s: pygame.Surface) -> None:
        b = int(self.settings.get("brightness", 100))
        if b >= 100:
            return
        if self._dim is None or self._dim.get_size() != s.get_size():
            self._dim = pygame.Surface(s.get_size(), pygame.SRCALPHA)
        self._dim.fill((0, 0, 0, int((100 - b) * 1.8)))
        s.blit(self._dim, (0, 0))
