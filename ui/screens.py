"""The menu screens: home, end of hand / match, statistics, settings, real cards, rules.

Each screen is a list of buttons laid out by a pure method ``buttons(size)``
(tested without a display), a ``press(name)`` that turns a button into an
intent or a screen change, and a ``draw(surface)``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pygame
from pygame import Rect

from firmware.engine import IllegalAction, TressetteError, make_variant
from firmware.engine.cards import CODE, DECKS
from firmware.engine.refusals import Refusal
from firmware.engine.result import HandResult
from firmware.engine.seating import HUMAN, PHONE, TABLE, SeatSpec
from firmware.engine.seating import seating_problem as engine_seating_problem
from firmware.engine.variants import PRESETS, Preset
from ui import actions as act
from ui import intents as it
from ui.i18n import (
    LANGUAGE_NAMES,
    LANGUAGES,
    CardName,
    Message,
    arg_text,
    describe_declare,
    option_label,
    value_label,
    variant_label,
)
from ui.layout import ButtonSpec, shared_table
from ui.model import TableModel
from ui.netmodel import NetworkModel
from ui.picker import open_revoke
from ui.table import count_lines
from ui.widgets import Ctx, blit_text, draw_button, draw_panel, seat_name, side_name_of, thirds_text

SEAT_CYCLE: tuple[SeatSpec, ...] = (
    HUMAN,
    PHONE,
    TABLE,
    SeatSpec.cpu("easy"),
    SeatSpec.cpu("normal"),
    SeatSpec.cpu("hard"),
)
"""The home screen's seat choices in the order a tap cycles them: the people
(you at the screen, a phone, real cards), then the computer's levels, easiest first."""


def seating_problem(variant: str, options: dict[str, Any], seats: Sequence[SeatSpec]) -> Exception | None:
    """Why the engine would refuse these seats for this game, or None (the rule the settings
    check, the home screen, *Play* and the start of a match share: firmware.engine.seating)."""
    try:
        v = make_variant(variant, options)
    except TressetteError as exc:
        return exc
    return engine_seating_problem(v, [kind for kind, _ in seats])


def next_seating(seats: Sequence[SeatSpec], i: int, variant: str,
                 options: dict[str, Any] | None = None) -> list[SeatSpec]:
    """The seats after a tap on seat ``i`` of the home screen: its next choice that the
    game can be played with (firmware.engine.seating: you and real cards never
    share a table, phones and real cards neither), the seats unchanged when none fits.

    Where the engine says every seat of the game plays real cards (a talon with real
    cards, Refusal.DEAL_TABLE_TALON), real cards on one seat bring the computers to
    real cards too, and a seat leaving them brings the others back to computers: the
    whole table changes, as the engine's rule is for the whole table."""
    opts = options or {}
    seats = [SeatSpec(*s) for s in seats]  # (kind, level) pairs are taken as they read
    cur = SEAT_CYCLE.index(seats[i]) if seats[i] in SEAT_CYCLE else 0
    for step in range(1, len(SEAT_CYCLE) + 1):
        nxt = SEAT_CYCLE[(cur + step) % len(SEAT_CYCLE)]
        if nxt == HUMAN and any(s.kind == "human" for j, s in enumerate(seats) if j != i):
            continue  # one screen, one person at it (the screen's rule, not the game's)
        trial = list(seats)
        trial[i] = nxt
        problem = seating_problem(variant, opts, trial)
        if isinstance(problem, IllegalAction) and problem.code == Refusal.DEAL_TABLE_TALON:
            if nxt == TABLE:
                trial = [TABLE if s.computer else s for s in trial]
            else:
                trial = [SeatSpec.cpu("normal") if j != i and s == TABLE else s for j, s in enumerate(trial)]
            problem = seating_problem(variant, opts, trial)
        if problem is None:
            return trial
    return seats


def next_seat(seats: Sequence[SeatSpec], i: int, variant: str,
              options: dict[str, Any] | None = None) -> SeatSpec:
    """Seat ``i``'s next choice (:func:`next_seating`)."""
    return next_seating(seats, i, variant, options)[i]


def ask(ctx: Ctx, question: str, intent: Any, emit: Callable[[Any], None]) -> None:
    """Ask first (ctx.ask, the app's yes/no dialog), or emit at once without one."""
    if ctx.ask is not None:
        ctx.ask(question, intent)
    else:
        emit(intent)


def _grid(area: Rect, n: int, cols: int, row_h: int, gap: int) -> list[Rect]:
    w = (area.w - (cols - 1) * gap) // cols
    return [Rect(area.x + (i % cols) * (w + gap), area.y + (i // cols) * (row_h + gap), w, row_h) for i in range(n)]


class Screen:
    name = "screen"
    arrows: tuple[str, str] | None = None
    """The buttons the left and right arrow keys press (a paged screen's back and on)."""

    def __init__(self, ctx: Ctx, emit: Callable[[Any], None], show: Callable[[str], None]) -> None:
        self.ctx = ctx
        self.emit = emit
        self.show = show
        self.model = TableModel()
        self.seen: tuple[int, int] = (800, 480)  # the size last tapped at: press() by name finds its buttons there

    def set_model(self, model: TableModel) -> None:
        self.model = model

    def buttons(self, size: tuple[int, int]) -> list[ButtonSpec]:
        return []

    def tap(self, pos: tuple[int, int], size: tuple[int, int]) -> bool:
        self.seen = size
        for b in self.buttons(size):
            if b.rect.collidepoint(pos):
                return self.press_button(b) if b.enabled else True
        return False

    def press_button(self, b: ButtonSpec) -> bool:
        """A button tapped: what it carries (``carried``), else the screen's own by its name."""
        if b.intent is not None or b.action is not None:
            return self.carried(b)
        return self.press(b.name)

    def carried(self, b: ButtonSpec) -> bool:
        """A button's intent sent to the controller; a screen with its own actions says more."""
        if b.intent is None:
            return False
        self.emit(b.intent)
        return True

    def press(self, name: str) -> bool:
        """The screen's own button called ``name`` (back, more, ...); a button that carries
        something is pressed by its name too, as shown at the last size tapped."""
        return self.by_name(name)

    def by_name(self, name: str) -> bool:
        b = next((b for b in self.buttons(self.seen) if b.name == name), None)
        return b is not None and (b.intent is not None or b.action is not None) and self.carried(b)

    def key(self, key: int) -> bool:
        if key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
            return self.press("back")
        if self.arrows is not None and key in (pygame.K_LEFT, pygame.K_RIGHT):
            return self.press(self.arrows[key == pygame.K_RIGHT])
        return False

    def update(self, dt: float) -> None:
        pass

    def draw(self, s: pygame.Surface) -> None:
        s.blit(self.ctx.felt(s.get_size()), (0, 0))
        self.draw_buttons(s)

    def draw_buttons(self, s: pygame.Surface) -> None:
        for b in self.buttons(s.get_size()):
            self.draw_button(s, b)

    def draw_button(self, s: pygame.Surface, b: ButtonSpec) -> None:
        draw_button(s, self.ctx, b.rect, self.ctx.label(b.label), enabled=b.enabled)

    def metrics(self, size: tuple[int, int]) -> tuple[int, int, int]:
        """(margin, row height, gap) for this size; rows are never under 40 px."""
        W, H = size
        m = max(6, H // 60)
        row = max(self.ctx.theme.min_touch + 2, int(H * 0.1))
        return m, row, max(4, H // 90)

    def title(self, s: pygame.Surface, text: str, max_w: int | None = None) -> None:
        W, H = s.get_size()
        m, row, _ = self.metrics((W, H))
        blit_text(s, self.ctx, text, self.ctx.fsize(H, 0.065), (m + 4, m + row // 2), anchor="midleft", bold=True,
                  max_w=max_w)

    def top_bar(self, size: tuple[int, int], names: tuple[str, ...]) -> list[ButtonSpec]:
        """Buttons at the top right, the last name rightmost; narrower on a small screen."""
        W, _ = size
        m, row, _ = self.metrics(size)
        bw = max(100, W // 5) if len(names) < 3 else max(self.ctx.theme.min_touch * 2, min(W // 5, 140))
        return [ButtonSpec(n, Rect(W - (i + 1) * (m + bw), m, bw, row), n) for i, n in enumerate(reversed(names))]

    def title_room(self, size: tuple[int, int]) -> int:
        """The width the title may take, left of the top bar."""
        left = min((b.rect.x for b in self.buttons(size) if b.rect.y < self.metrics(size)[1]), default=size[0])
        return left - 2 * self.metrics(size)[0] - 4


# --------------------------------------------------------------------- home


class PagedScreen(Screen):
    """Rows that page with ◀ ▶ (and the arrow keys), opened from another screen that
    *back* returns to: a match's score sheet, a match's review."""

    arrows = ("up", "down")

    def __init__(self, ctx: Ctx, emit: Callable[[Any], None], show: Callable[[str], None], came_from: str) -> None:
        super().__init__(ctx, emit, show)
        self.first = 0  # the first row shown
        self.came_from = came_from
        self.laid_out = (800, 480)  # the size last laid out: a page is the rows shown at it

    def page_buttons(self, size: tuple[int, int], per: int, n: int) -> list[ButtonSpec]:
        """◀ and ▶ at the foot, each enabled while there are rows that way (``per`` a page, ``n`` in all)."""
        self.laid_out = size
        W, H = size
        m, row, _ = self.metrics(size)
        bw = max(self.ctx.theme.min_touch * 2, W // 5)
        return [ButtonSpec("up", Rect(m, H - m - row, bw, row), "◀", enabled=self.first > 0),
                ButtonSpec("down", Rect(W - m - bw, H - m - row, bw, row), "▶", enabled=self.first + per < n)]

    def page(self, name: str, per: int) -> bool:
        """The paging buttons and *back*; any other is pressed by its name."""
        if name == "up":
            self.first = max(0, self.first - per)
        elif name == "down":
            self.first += per
        elif name == "back":
            self.show(self.came_from)
        else:
            return self.by_name(name)
        return True

    def draw_titled(self, s: pygame.Surface, key: str, variant: str | None) -> None:
        """The felt and the title: ``key``'s words, and the game's name when there is a match."""
        ctx = self.ctx
        size = s.get_size()
        s.blit(ctx.felt(size), (0, 0))
        title = ctx.t(key) if variant is None else f"{ctx.t(key)} · {variant_label(variant, ctx.lang)}"
        self.title(s, title, self.title_room(size))


class HomeScreen(Screen):
    """Start a game: variant, who sits where, the variant's options; continue."""

    name = "home"

    def __init__(self, ctx: Ctx, emit: Callable[[Any], None], show: Callable[[str], None]) -> None:
        super().__init__(ctx, emit, show)
        self.variants = list(PRESETS)
        self.vi = 0
        self._seats: list[SeatSpec] = []
        self.players: list[str | None] = []  # who plays each seat (Who plays, ui/players.py); None: nobody named
        self.options: dict[str, Any] = {}
        self.casual = False  # undo and hints offered (docs/coach.md); rated by default
        self.note_next = False  # say that the options are the next match's (a match is paused)
        self.scoresheet = False  # score sheet only: everybody plays his own cards (segnapunti)
        self._reset_for_variant()

    @property
    def preset(self) -> Preset:
        return PRESETS[self.variants[self.vi]]

    def _reset_for_variant(self) -> None:
        self.options = {o.key: o.default for o in self.preset.options}
        self._fit_seats()

    @property
    def seats(self) -> list[SeatSpec]:
        """Who sits where, as *Play* sends it (``NewGame.seats``)."""
        return self._seats

    @seats.setter
    def seats(self, seats: Sequence[SeatSpec]) -> None:
        self._seats = [SeatSpec(*s) for s in seats]  # (kind, level) pairs are taken as they read
        self.players = (self.players + [None] * len(self._seats))[: len(self._seats)]

    def is_person(self, i: int) -> bool:
        """Seat ``i`` is a person's (a score sheet's seats all are)."""
        return self.scoresheet or (i < len(self.seats) and self.seats[i].person)

    def chosen_players(self) -> tuple[str | None, ...]:
        """The names *Play* sends: a person's seat keeps its name, a computer's has none."""
        return tuple(p if self.is_person(i) else None for i, p in enumerate(self.players))

    def _fit_seats(self) -> None:
        """One seat per player; Ciapanò's ``players`` option changes how many."""
        n = int(self.options.get("players", self.preset.n_seats))
        old = self.seats
        self.seats = [HUMAN] + [SeatSpec.cpu("normal")] * (n - 1)
        for i in range(min(len(old), n)):
            self.seats[i] = old[i]
        # another game (or option) may refuse the seats kept: each seat the rule refuses
        # moves on to a choice it takes, so the screen never shows a seating Play refuses
        for i in reversed(range(n)):
            if self.seating_problem() is None:
                break
            self.seats = next_seating(self.seats, i, self.variants[self.vi], self.options)
        if self.seating_problem() is not None:
            self.seats = [HUMAN] + [SeatSpec.cpu("normal")] * (n - 1)

    def seating_problem(self) -> Exception | None:
        """Why *Play* would be refused with the seats shown (None: it would not)."""
        if self.scoresheet:
            return None
        return seating_problem(self.variants[self.vi], dict(self.options), self.seats)

    def refresh_variants(self) -> None:
        """The engine may have gained presets since start (another engineer's work)."""
        current = self.variants[self.vi]
        self.variants = list(PRESETS)
        self.vi = self.variants.index(current) if current in self.variants else 0

    def select_variant(self, name: str) -> None:
        self.refresh_variants()
        self.vi = self.variants.index(name)
        self._reset_for_variant()

    def new_game_intent(self) -> it.NewGame:
        seats = tuple(self.seats)
        if self.scoresheet:
            seats = (TABLE,) * len(self.seats)
        players = self.chosen_players()
        return it.NewGame(self.variants[self.vi], dict(self.options), seats, casual=self.casual,
                          scoresheet=self.scoresheet, players=players if any(players) else ())

    def buttons(self, size: tuple[int, int]) -> list[ButtonSpec]:
        W, H = size
        m, row, gap = self.metrics(size)
        out: list[ButtonSpec] = []
        # the top bar: statistics, settings, rules, each as wide as its label (at the size
        # a button of this height writes) in what the title leaves: "Einstellungen" shrank
        # to 10 px in a third of the room
        names = ("rules", "settings", "stats", "players")  # players: who plays each people seat (ui/players.py)
        room = W - int(W * 0.27) - m - 2 * gap
        fs = max(self.ctx.fonts.min_size, min(int(row * 0.42), 28))
        font = self.ctx.fonts.font(fs, True)
        need = [max(self.ctx.theme.min_touch * 2, font.size(self.ctx.t(n))[0] + 16) for n in names]
        if sum(need) > room:  # the labels shrink together (draw_button fits each)
            need = [int(w * room / sum(need)) for w in need]
        else:  # the room left over, shared, up to a fifth of the screen each
            extra = (room - sum(need)) // len(names)
            need = [min(max(w, int(W * 0.2)), w + extra) for w in need]
        x = W - m
        for name, w in zip(names, need, strict=True):
            x -= w
            if name == "players":
                out.append(ButtonSpec("players", Rect(x, m, w, row), "who_plays"))
            else:
                out.append(ButtonSpec(f"nav:{name}", Rect(x, m, w, row), name, action=act.Nav(name)))
            x -= gap
        left = Rect(m, m + row + gap, int(W * 0.46), H - row - 2 * m - gap)
        right = Rect(left.right + m * 2, left.y, W - left.right - 3 * m, left.h)
        arrow = max(self.ctx.theme.min_touch, row)
        y = left.y
        out.append(ButtonSpec("variant:prev", Rect(left.x, y, arrow, row), "◀", action=act.StepVariant(-1)))
        out.append(ButtonSpec("variant:next", Rect(left.x + arrow + gap, y, left.w - 2 * (arrow + gap), row), "variant",
                              action=act.StepVariant(1)))
        out.append(ButtonSpec("variant:next2", Rect(left.right - arrow, y, arrow, row), "▶", action=act.StepVariant(1)))
        y += row + gap * 2
        n = len(self.seats)
        cols = 1 if n <= 2 and left.w < 300 else 2
        for i, r in enumerate(_grid(Rect(left.x, y, left.w, 0), n, cols, row, gap)):
            out.append(ButtonSpec(f"seat:{i}", r, "seat", action=act.CycleSeat(i)))
        y += ((n + cols - 1) // cols) * (row + gap) + gap
        bottom = left.bottom - row
        play_y = max(y, bottom - (row + gap))
        out.append(ButtonSpec("start", Rect(left.x, play_y, left.w, row), "start"))
        in_game = self.model.in_game and not self.model.match_over
        out.append(ButtonSpec("continue", Rect(left.x, play_y + row + gap, left.w, row), "continue",
                              enabled=in_game or self.model.resumable))
        # ``revoke`` (what a revoke costs, RULES.md §3.7) only where people play real cards
        real = not self.scoresheet and any(seat.kind == "table" for seat in self.seats)
        specs = [o for o in self.preset.options if o.key != "revoke" or real]
        n_opt = len(specs) + 3  # the options, casual (hints and undo) or rated, score sheet only, learn to play
        opt_h = max(self.ctx.theme.min_touch, min(row, (right.h - (n_opt - 1) * gap) // n_opt))
        cols = 1 if n_opt * opt_h + (n_opt - 1) * gap <= right.h else 2
        if cols == 2:
            rows_needed = (n_opt + 1) // 2
            opt_h = max(self.ctx.theme.min_touch, min(row, (right.h - (rows_needed - 1) * gap) // rows_needed))
        for i, r in enumerate(_grid(right, n_opt, cols, opt_h, gap)):
            if i < len(specs):
                out.append(ButtonSpec(f"option:{specs[i].key}", r, "option", action=act.CycleOption(specs[i].key)))
            elif i == len(specs):
                out.append(ButtonSpec("casual", r, "casual"))
            elif i == len(specs) + 1:
                out.append(ButtonSpec("scoresheet", r, "scoresheet"))
            else:
                out.append(ButtonSpec("learn", r, "learn"))  # the guided first hand (firmware/app/guide.py)
        return out

    @property
    def paused(self) -> bool:
        """A match waits (on the table or in the journal): what is changed here is the next one's."""
        return (self.model.in_game and not self.model.match_over) or self.model.resumable

    def carried(self, b: ButtonSpec) -> bool:
        if isinstance(b.action, act.StepVariant | act.CycleSeat | act.CycleOption):
            # a match is paused: changing the options here does not change it (issue 24.8)
            self.note_next = self.paused
        match b.action:
            case act.Nav(screen=screen):
                self.show(screen)
            case act.StepVariant(step=step):
                self.refresh_variants()
                self.vi = (self.vi + step) % len(self.variants)
                self._reset_for_variant()
            case act.CycleSeat(seat=i):
                if not self.scoresheet:  # a score sheet: every seat plays his own cards
                    self.seats = next_seating(self.seats, i, self.variants[self.vi], self.options)
            case act.CycleOption(key=key):
                spec = next(o for o in self.preset.options if o.key == key)
                vals = list(spec.choices)
                cur = self.options.get(key, spec.default)
                self.options[key] = vals[(vals.index(cur) + 1) % len(vals)] if cur in vals else spec.default
                self._fit_seats()
            case _:
                return super().carried(b)
        return True

    def press(self, name: str) -> bool:
        if name in ("casual", "scoresheet"):
            # a match is paused: changing the options here does not change it (issue 24.8)
            self.note_next = self.paused
        if name == "scoresheet":
            self.scoresheet = not self.scoresheet
        elif name == "players":
            self.show("players")
        elif name == "casual":
            self.casual = not self.casual
        elif name == "start":
            intent = self.new_game_intent()
            if self.seating_problem() is not None:
                self.emit(intent)  # refused before any question: the match in progress stays as it is
            elif (self.model.in_game and not self.model.match_over) or self.model.resumable:
                ask(self.ctx, self.ctx.t("ask_abandon"), intent, self.emit)  # one tap must not lose a match
            else:
                self.emit(intent)
        elif name == "learn":
            # the guided hand is against the easy computer: said when another level is chosen
            # (it comes back after the guide: firmware.app.present.home_preset)
            chosen = next((s.level for s in self.seats if s.kind == "computer" and s.level not in (None, "easy")), None)
            note = self.ctx.t("learn_easy_note", level=self.ctx.t(chosen)) if chosen else ""
            if (self.model.in_game and not self.model.match_over) or self.model.resumable:
                ask(self.ctx, " ".join(x for x in (note, self.ctx.t("ask_abandon")) if x), it.Guide("start"), self.emit)
            elif note:
                ask(self.ctx, f"{note} {self.ctx.t('learn_start_q')}", it.Guide("start"), self.emit)
            else:
                self.emit(it.Guide("start"))
        elif name == "continue":
            if self.model.in_game and not self.model.match_over:
                self.show("table")
            else:
                self.emit(it.Continue())
        elif name == "back":
            if self.model.in_game:
                self.show("table")
        else:
            return self.by_name(name)
        return True

    def key(self, key: int) -> bool:
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            return self.press("start")
        return super().key(key)

    def seat_text(self, i: int) -> str:
        kind, level = TABLE if self.scoresheet else self.seats[i]
        t = self.ctx.t
        who = (t("human_short") if kind == "human" else t("table_seat") if kind == "table"
               else t("phone_seat") if kind == "phone" else f"CPU {t(level or 'normal')}")  # fmt: skip
        return f"{i + 1}: {who}"

    def seat_label(self, i: int) -> str:
        """The seat's button: its kind, and the person chosen for it (Who plays)."""
        person = self.players[i] if i < len(self.players) and self.is_person(i) else None
        return f"{self.seat_text(i)} · {person}" if person else self.seat_text(i)

    def draw(self, s: pygame.Surface) -> None:
        s.blit(self.ctx.felt(s.get_size()), (0, 0))
        self.title(s, "Tressette")
        W, H = s.get_size()
        for b in self.buttons((W, H)):
            if b.name == "variant:next":
                text = variant_label(self.variants[self.vi], self.ctx.lang, self.preset.title)
                draw_button(s, self.ctx, b.rect, text, color=(30, 100, 70))
            elif isinstance(b.action, act.CycleSeat):
                seat_kind = self.seats[b.action.seat].kind
                draw_button(s, self.ctx, b.rect, self.seat_label(b.action.seat),
                            color=(120, 80, 30) if seat_kind == "human" and not self.scoresheet
                            else (28, 96, 112) if seat_kind == "phone" else None)
            elif isinstance(b.action, act.CycleOption):
                key = b.action.key
                val = value_label(self.options.get(key), self.ctx.lang)
                # Briscola's target is hands won, not points (RULES.md §3.8)
                label = option_label("target_hands" if key == "target" and self.preset.hand_won_at else key,
                                     self.ctx.lang)
                draw_button(s, self.ctx, b.rect, f"{label}: {val}", color=(50, 60, 90))
            elif b.name == "casual":
                val = value_label(self.casual, self.ctx.lang)
                draw_button(s, self.ctx, b.rect, f"{self.ctx.t('casual')}: {val}", color=(50, 60, 90))
            elif b.name == "scoresheet":
                val = value_label(self.scoresheet, self.ctx.lang)
                draw_button(s, self.ctx, b.rect, f"{self.ctx.t('scoresheet')}: {val}",
                            color=(110, 70, 30) if self.scoresheet else (50, 60, 90))
            elif b.name == "start":
                draw_button(s, self.ctx, b.rect, self.ctx.t("start"), color=self.ctx.theme.good)
            elif b.name == "players":
                named = any(self.chosen_players())  # the names themselves: on the seats' buttons
                draw_button(s, self.ctx, b.rect, self.ctx.t("who_plays"), color=(120, 80, 30) if named else None)
            elif b.name == "learn":
                draw_button(s, self.ctx, b.rect, self.ctx.t("learn"), color=(120, 80, 30))
            else:
                self.draw_button(s, b)
        self.draw_message(s)

    def draw_message(self, s: pygame.Surface) -> None:
        """The app's last word (a resumed match, a file moved aside, bad settings), where the
        box's screen shows it at power-on (:meth:`message_place`)."""
        said = self.ctx.say(self.model.message)
        if self.note_next and self.paused:
            said = f"{said} · {self.ctx.t('home_next_match')}" if said else self.ctx.t("home_next_match")
        placed = self.message_place(s.get_size(), said)
        if placed is not None:
            self._message_box(s, *placed)

    def message_place(self, size: tuple[int, int], said: str) -> tuple[Rect, list[str], int] | None:
        """Where the message goes (box, lines, font size), pure: in the free room between
        the seats and *Gioca*, else under the right column (the options, *casual*, *score
        sheet* and *learn to play*); never over a button a tap could then change unseen,
        cut to what fits when no room holds it all."""
        if not said:
            return None
        W, H = size
        m, row, gap = self.metrics(size)
        rects = {b.name: b.rect for b in self.buttons(size)}
        start = rects["start"]
        seats_bottom = max(r.bottom for name, r in rects.items() if name.startswith("seat:"))
        right = [r for name, r in rects.items()
                 if name.startswith("option:") or name in ("casual", "scoresheet", "learn")]
        x = min((r.x for r in right), default=int(W * 0.46) + 3 * m)
        under = max((r.bottom for r in right), default=m + row + gap) + gap
        places = (
            Rect(start.x, seats_bottom + gap, start.w, start.y - seats_bottom - 2 * gap),
            Rect(x, under, W - m - x, H - m - under),
        )
        small = min(self.ctx.fsize(H, 0.034), max(self.ctx.fonts.min_size, 11))
        for fs in (self.ctx.fsize(H, 0.04), self.ctx.fsize(H, 0.034), small):
            for room in places:
                lines = self.ctx.fonts.wrap(said, fs, room.w - 16)
                need = len(lines) * (fs + 2) + 6
                if room.w > 16 and need <= room.h:
                    return Rect(room.x, room.bottom - need, room.w, need), lines, fs
        # no free room holds it all: the one showing the most of it, cut to what fits
        # (never over a button)
        def shown(r: Rect) -> int:
            return min(len(self.ctx.fonts.wrap(said, small, max(1, r.w - 16))), max(0, (r.h - 6) // (small + 2)))

        room = max(places, key=shown)
        lines = self.ctx.fonts.wrap(said, small, room.w - 16)[: shown(room)]
        if not lines or room.w <= 0:
            return None
        return Rect(room.x, room.y, room.w, len(lines) * (small + 2) + 6), lines, small

    def _message_box(self, s: pygame.Surface, box: Rect, lines: list[str], fs: int) -> None:
        draw_panel(s, box, self.ctx.theme, 200)
        for i, line in enumerate(lines):
            blit_text(s, self.ctx, line, fs, (box.x + 8, box.y + 3 + i * (fs + 2)), max_w=box.w - 16)


# ------------------------------------------------------------- end of hand


CountRow = tuple[str, list[str]]  # a line of the count: its label, a cell for each side


class HandEndScreen(Screen):
    """The count of the hand (seed 002 style), and the end of the match."""

    name = "hand_end"

    def buttons(self, size: tuple[int, int]) -> list[ButtonSpec]:
        W, H = size
        m, row, gap = self.metrics(size)
        bw = max(self.ctx.theme.min_touch * 3, int(W * 0.3))
        y = H - m - row
        if self.model.score_sheet:
            # score sheet: the count can be taken back, a hand corrected on the sheet
            bw = (W - 2 * m - 3 * gap) // 4
            x = [m + i * (bw + gap) for i in range(4)]
            last = ("new_game", "new_game") if self.model.match_over else ("next_hand", "next_hand")
            return [
                ButtonSpec("home" if self.model.match_over else "table", Rect(x[0], y, bw, row),
                           "home" if self.model.match_over else "table"),
                ButtonSpec("sheet", Rect(x[1], y, bw, row), "score_sheet", enabled=self.model.final_sheet is not None),
                ButtonSpec("sh_undo", Rect(x[2], y, bw, row), "sh_undo", intent=it.SheetUndo()),
                ButtonSpec(last[0], Rect(x[3], y, bw, row), last[1]),
            ]
        if self.model.match_over:
            # home, the score sheet, the coach's review of the match (docs/coach.md), a new game
            sheet = self.model.final_sheet is not None
            bw = (W - 2 * m - 3 * gap) // 4
            x = [m + i * (bw + gap) for i in range(4)]
            return [
                ButtonSpec("home", Rect(x[0], y, bw, row), "home"),
                ButtonSpec("sheet", Rect(x[1], y, bw, row), "score_sheet", enabled=sheet),
                ButtonSpec("review", Rect(x[2], y, bw, row), "review", enabled=sheet),
                ButtonSpec("new_game", Rect(x[3], y, bw, row), "new_game"),
            ]
        out = [
            ButtonSpec("table", Rect(W // 2 - bw - gap, y, bw, row), "table"),
            ButtonSpec("next_hand", Rect(W // 2 + gap, y, bw, row), "next_hand"),
        ]
        if self.model.revoke is not None:
            # real cards: a revoke called before the next hand is dealt (docs/box.md, "A
            # revoke"), in the corner left of the two, which keep their places
            rw = min(W // 2 - bw - gap - 2 * m, max(self.ctx.theme.min_touch * 2, int(W * 0.16)))
            out.append(ButtonSpec("revoke", Rect(m, y, rw, row), "revoke_btn"))
        return out

    def press(self, name: str) -> bool:
        if name == "revoke":
            if self.model.revoke is not None:
                open_revoke(self.ctx, self.model.revoke)
        elif name == "next_hand":
            self.emit(it.NextHand())
        elif name == "new_game":
            self.show("home")  # the home screen is where a game is set up
        elif name in ("home", "table", "sheet"):
            self.show(name)
        elif name == "review" and self.model.final_sheet is not None:
            self.emit(it.OpenReview(self.model.final_sheet.match_id))
            self.show("review")
        elif name == "back":
            self.show("table")
        else:
            return False
        return True

    def key(self, key: int) -> bool:
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            return self.press("home" if self.model.match_over else "next_hand")
        return super().key(key)

    def side_name(self, side: int) -> str:
        m = self.model
        seats = [x.seat for x in m.seats if x.side == side]
        if m.me in seats and not shared_table(m):
            return self.ctx.t("you") if len(seats) == 1 else self.ctx.t("us")
        if len(seats) == 1:
            return seat_name(m, seats[0], self.ctx)
        if self._them(seats):
            return self.ctx.t("them")
        return side_name_of(seats, [x.name or None for x in m.seats], self.ctx)  # "Anna + Marco", "Seat 1 + 3"

    def _them(self, seats: list[int]) -> bool:
        """A pair that is "them" to the person at the screen: the other side at a screen seat's
        table, unless its people are named or it has no computer (people among themselves)."""
        m = self.model
        if shared_table(m) or len(seats) < 2:
            return False
        if any(m.seats[x].name for x in seats):
            return False
        return any(m.seats[x].kind == "computer" for x in seats)

    def _said_of(self, key: str, side: int) -> str:
        """A sentence about a side, in the right grammar: you, we, they, or a seat by name."""
        m = self.model
        seats = [x.seat for x in m.seats if x.side == side]
        if m.me in seats and m.show_hand:
            return self.ctx.t(key + ("_you" if len(seats) == 1 else "_us"))
        if self._them(seats):
            return self.ctx.t(key + "_them")
        return self.ctx.t(key, name=self.side_name(side))  # a phone game's table: "Vince Coppia 2"

    def _hand_cell(self, values: tuple[int, ...], unit: int) -> int | None:
        """A per-hand-side number for a match unit: the same index unless the hand's
        sides differ from the match's units (chiamata: the partner is secret)."""
        res = self.model.result
        if len(values) == self.model.n_sides:
            return values[unit]
        if res is not None and res.sides and unit < len(res.sides) and res.sides[unit] < len(values):
            return values[res.sides[unit]]
        return values[unit] if unit < len(values) else None

    def rows(self) -> list[CountRow]:
        """The lines of the count: label, one cell per side."""
        m, t = self.model, self.ctx.t
        c = [count_lines(m, sd) for sd in range(m.n_sides)]
        # a score sheet's count: no card was seen, the points as entered, then what they count
        rows = [] if m.score_sheet else self._card_rows(c)
        res = m.result
        if res is not None:
            if res.sides and len(set(res.sides)) < m.n_sides:  # chiamata: the pairs were secret
                rows = [self._partners_row(res), *rows, *self._secret_pair_rows(res, c)]
            else:
                rows.append(self._card_points_row(res, c))
            rows += self._declaration_rows(res)
            rows.append(self._hand_points_row(res))
        # Briscola: the totals are hands won (RULES.md §3.8)
        rows.append((t("hands_won_row" if m.hand_won_at else "match_total"), [f"{x}" for x in m.totals]))
        if m.games_won:
            rows.append((t("games_won_row"), [str(x) for x in m.games_won]))
        return rows

    def _card_rows(self, c: list[dict[str, int]]) -> list[CountRow]:
        """What the cards taken hold, side by side: aces, thirds, the last trick's point
        (Briscola counts whole points and nothing for the last trick: its card points say it)."""
        t = self.ctx.t
        if self.model.hand_won_at:
            return []
        return [
            (t("aces"), [str(x["aces"]) for x in c]),
            (t("thirds", ranks=", ".join(DECKS[self.model.deck].counting_numbers())), [f"{x['thirds']} = {thirds_text(x['thirds'])}" if x["thirds"] else "0" for x in c]),
            (t("last_trick_pt"), [str(x["last"]) if x["last"] else "–" for x in c]),
        ]

    def _partners_row(self, res: HandResult) -> CountRow:
        """Chiamata: each seat scores for itself, but the card points are the pair's of this
        hand: who partnered whom (the count's first row)."""
        m = self.model
        seats = [x.seat for x in m.seats]
        partners = []
        for unit in range(m.n_sides):
            mates = [q for q in seats if q != unit and q < len(res.sides) and unit < len(res.sides)
                     and res.sides[q] == res.sides[unit]]
            partners.append(", ".join(seat_name(m, q, self.ctx) for q in mates) or "–")
        return (self.ctx.t("partner_row"), partners)

    def _secret_pair_rows(self, res: HandResult, c: list[dict[str, int]]) -> list[CountRow]:
        """Chiamata: the seat's own thirds, then the pair's points."""
        t, sides = self.ctx.t, range(self.model.n_sides)
        return [
            (t("own_card_points"), [thirds_text(x["total_thirds"]) or "0" for x in c]),
            (t("pair_card_points"),
             [str(v) if (v := self._hand_cell(res.card_points, i)) is not None else "" for i in sides]),
        ]

    def _card_points_row(self, res: HandResult, c: list[dict[str, int]]) -> CountRow:
        """Each side's thirds and the card points they make ("10⅔ → 10")."""
        cells = []
        for i, x in enumerate(c):
            pts = self._hand_cell(res.card_points, i)
            if self.model.hand_won_at:  # Briscola: whole points, of 120
                cells.append(str(pts) if pts is not None else "")
                continue
            cells.append(f"{thirds_text(x['total_thirds']) or '0'} → {pts}" if pts is not None else "")
        return (self.ctx.t("card_points"), cells)

    def _declaration_rows(self, res: HandResult) -> list[CountRow]:
        """A row for each declaration of the hand, its points under the side that made it."""
        m = self.model
        rows = []
        for d in res.declarations:
            cells = ["" for _ in range(m.n_sides)]
            unit = m.side_of(d.seat)
            if unit < len(cells):
                # a decima has no points: it wins the game at 16 times its value (seed 003)
                cells[unit] = "×16" if d.kind == "decima" else f"+{d.points}"
            name = describe_declare(m.deck, d.kind, d.suit, d.rank, d.missing, self.ctx.lang)
            rows.append((name[:1].upper() + name[1:], cells))  # a row's label, as "Assi" above it
        return rows

    def _hand_points_row(self, res: HandResult) -> CountRow:
        score = res.score or res.points
        cells = [str(v) if (v := self._hand_cell(score, u)) is not None else "" for u in range(self.model.n_sides)]
        if self.model.hand_won_at:  # Briscola: the hand is won with 61, it scores one
            return (self.ctx.t("hand_won_row", n=self.model.hand_won_at), cells)
        return (self.ctx.t("hand_points"), cells)

    def games_line(self) -> str:
        """A hand that decided a game of a longer match: who won it and the games so far,
        the screen's own side first ("Partita a noi · partite 1–0"); the engine decided both."""
        m = self.model
        if not m.game_won_by or not m.games_won:
            return ""
        return self._said_of("game_won", m.game_won_by[0]) + " · " + self.ctx.t("games_score", score=self._games_score())

    def _games_score(self) -> str:
        m = self.model
        mine = m.side_of(m.me)
        n = len(m.games_won)
        order = [mine, *(x for x in range(n) if x != mine)] if mine < n else list(range(n))
        return "–".join(str(m.games_won[x]) for x in order)

    def headline(self) -> str:
        m, t = self.model, self.ctx.t
        res = m.result
        prefix = ""
        if res is not None and res.ended_by == "zu_tun" and res.zu_tun_seat is not None:
            prefix = t("zu_tun_end", name=self.side_name(m.side_of(res.zu_tun_seat))) + " "
        if res is not None and res.claim_seat is not None:
            key = "claim_ok" if res.claim_ok else "claim_wrong"
            prefix += self._said_of(key, m.side_of(res.claim_seat)) + " · "
        if res is not None and res.sudden:
            prefix += t("sudden", what=res.sudden, n=res.multiplier) + " · "
        if res is not None and res.revoke_seat is not None:  # real cards: a revoke called (RULES.md §3.7)
            prefix += t("revoke_end", n=res.revoke_seat + 1, what=t("ov_" + (res.revoke_penalty or "cappotto"))) + " · "
        if m.match_over and m.winner is not None:
            mine = m.side_of(m.me)
            pair = sum(1 for x in m.seats if x.side == mine) > 1
            games = " · " + t("games_score", score=self._games_score()) if m.games_won else ""
            if any(x.kind == "human" for x in m.seats):
                if m.winner == mine:
                    return prefix + t("we_win" if pair else "you_win") + games
                return prefix + t("we_lose" if pair else "you_lose") + games
            return prefix + self._said_of("side_wins", m.winner) + games
        if m.level_at_target:
            return prefix + t("tie_play_on")
        if games := self.games_line():
            return prefix + games
        return prefix + t("hand_end_n", n=m.hand_no)  # not "Ende der Runde · Runde 1"

    def draw(self, s: pygame.Surface) -> None:
        ctx = self.ctx
        W, H = s.get_size()
        s.blit(ctx.felt((W, H)), (0, 0))
        m, row, gap = self.metrics((W, H))
        head = self.headline()
        big = ctx.fsize(H, 0.07)
        blit_text(s, ctx, head, big, (W // 2, m + 2), anchor="midtop", bold=True, color=ctx.theme.accent, max_w=W - 2 * m)
        rows = self.rows()
        panel = Rect(m * 2, m + big + 10, W - 4 * m, H - (m + big + 10) - row - 3 * m)
        if self.model.review:
            # the coach's rating of my plays (docs/coach.md) takes the bottom of the panel
            rfs = max(10, ctx.fsize(H, 0.04))
            lines = [ln for msg_ in self.model.review for ln in ctx.fonts.wrap(ctx.say(msg_), rfs, panel.w - 16)]
            lines = lines[: max(1, int(panel.h * 0.4) // (rfs + 3))]
            rev = Rect(panel.x, 0, panel.w, len(lines) * (rfs + 3) + 8)
            rev.bottom = panel.bottom
            panel.h -= rev.h + m
            draw_panel(s, rev, ctx.theme, 215)
            for i, text in enumerate(lines):
                blit_text(s, ctx, text, rfs, (rev.x + 8, rev.y + 4 + i * (rfs + 3)), max_w=rev.w - 16,
                          color=ctx.theme.accent if i == 0 else ctx.theme.text)
        draw_panel(s, panel, ctx.theme, 200)
        n_sides = self.model.n_sides
        line = max(12, min(panel.h // (len(rows) + 1), int(H * 0.075)))
        fs = max(10, min(int(line * 0.62), ctx.fsize(H, 0.05)))
        label_w = int(panel.w * 0.5)
        col_w = (panel.w - label_w - 12) // max(1, n_sides)
        y = panel.y + 4
        for sd in range(n_sides):
            blit_text(s, ctx, self.side_name(sd), fs, (panel.x + label_w + col_w * sd + col_w // 2, y), anchor="midtop",
                      bold=True, color=ctx.theme.accent, max_w=col_w - 4)
        y += line
        for i, (label, cells) in enumerate(rows):
            strong = i >= len(rows) - 2
            if strong:
                pygame.draw.line(s, ctx.theme.panel_edge, (panel.x + 8, y - 2), (panel.right - 8, y - 2))
            blit_text(s, ctx, label, fs, (panel.x + 10, y), bold=strong, max_w=label_w - 14)
            for sd, cell in enumerate(cells):
                blit_text(s, ctx, cell, fs, (panel.x + label_w + col_w * sd + col_w // 2, y), anchor="midtop",
                          bold=strong, max_w=col_w - 4)
            y += line
        self.draw_buttons(s)

    def draw_button(self, s: pygame.Surface, b: ButtonSpec) -> None:
        strong = b.name in ("next_hand", "new_game")
        draw_button(s, self.ctx, b.rect, self.ctx.label(b.label), color=self.ctx.theme.good if strong else None,
                    enabled=b.enabled)


# --------------------------------------------------------------- statistics


class StatsScreen(Screen):
    """Games and wins per game and level, the scores of recent matches, and the coach's
    accuracy over time: one game at a time (a tap on its name turns to the next game), a
    line per level. The chart sits beside the table on a wide screen, under it at 800x480;
    at 480x320 *Chart* shows it instead of the table."""

    name = "stats"

    def __init__(self, ctx: Ctx, emit: Callable[[Any], None], show: Callable[[str], None]) -> None:
        super().__init__(ctx, emit, show)
        self.game = 0  # which game's accuracy the chart shows
        self.chart_only = False  # the small screen: the charts instead of the table

    def _small(self, size: tuple[int, int]) -> bool:
        return size[0] < 640

    def _areas(self, size: tuple[int, int]) -> tuple[Rect | None, Rect | None, Rect | None]:
        """(the table, the scores chart, the accuracy chart): where each goes, or None."""
        W, H = size
        m, row, gap = self.metrics(size)
        st = self.model.stats
        fs = self.ctx.fsize(H, 0.045)
        top = m + row + gap * 2
        charts = bool(st.history or st.accuracy)
        beside = charts and W >= 1000
        below = charts and not beside and not self._small(size)
        alone = charts and self._small(size) and self.chart_only
        if alone:
            return None, *self._split(Rect(m, top, W - 2 * m, H - top - m), m, stacked=True)
        chart_w = int(W * 0.4) if beside else 0
        rows_h = (len(st.lines) + 1) * (fs + 6) + 12
        table_h = min(H - top - m, rows_h) if below else H - top - m
        table = Rect(m, top, W - 3 * m - chart_w if beside else W - 2 * m, table_h)
        if beside:
            return table, *self._split(Rect(table.right + m, top, chart_w, H - top - m), m, stacked=True)
        if below and H - table.bottom - 2 * m > 6 * self.ctx.fonts.min_size:
            return table, *self._split(Rect(m, table.bottom + m, W - 2 * m, H - table.bottom - 2 * m), m,
                                       stacked=False)
        return table, None, None

    def _split(self, r: Rect, m: int, *, stacked: bool) -> tuple[Rect | None, Rect | None]:
        """The scores chart and the accuracy chart in ``r``: one above the other, side by
        side, or one taking the whole of it when the other has nothing."""
        st = self.model.stats
        if st.history and st.accuracy:
            if stacked:
                half = (r.h - m) // 2
                return Rect(r.x, r.y, r.w, half), Rect(r.x, r.y + half + m, r.w, r.h - half - m)
            half = (r.w - m) // 2
            return Rect(r.x, r.y, half, r.h), Rect(r.x + half + m, r.y, r.w - half - m, r.h)
        if st.accuracy:
            return None, r
        return r, None

    def _game_button(self, r: Rect) -> Rect:
        """The accuracy chart's game name: a tap shows the next game's lines."""
        touch = self.ctx.theme.min_touch
        w = max(touch * 2, min(r.w - 12, int(r.w * 0.55)))
        return Rect(r.right - 4 - w, r.y + 4, w, touch)

    def buttons(self, size: tuple[int, int]) -> list[ButtonSpec]:
        st = self.model.stats
        small_chart = self._small(size) and bool(st.history or st.accuracy)
        # each person's statistics (ui/people.py); on a small screen with its charts' button
        # the title keeps its room: People is then under Matches played
        people = ("people",) if st.people and not small_chart else ()
        out = self.top_bar(size, ("chart" if not self.chart_only else "stats_table", "history", "back") if small_chart
                           else (*people, "history", "back"))
        _, _, acc = self._areas(size)
        if acc is not None and len(st.accuracy_games()) > 1:
            out.append(ButtonSpec("acc_game", self._game_button(acc), ""))
        return out

    def press(self, name: str) -> bool:
        if name in ("back", "history", "people"):
            self.show("home" if name == "back" else name)
            return True
        if name in ("chart", "stats_table"):
            self.chart_only = name == "chart"
            return True
        if name == "acc_game":
            self.game += 1
            return True
        return False

    def shown_game(self) -> str:
        games = self.model.stats.accuracy_games()
        return games[self.game % len(games)] if games else ""

    def draw(self, s: pygame.Surface) -> None:
        ctx, t = self.ctx, self.ctx.t
        W, H = s.get_size()
        s.blit(ctx.felt((W, H)), (0, 0))
        self.title(s, t("stats"), self.title_room((W, H)))
        st = self.model.stats
        fs = ctx.fsize(H, 0.045)
        table, scores, acc = self._areas((W, H))
        if table is not None:
            self.draw_table(s, table, fs)
        if scores is not None:
            self.draw_chart(s, scores, fs)
        if acc is not None and st.accuracy:
            self.draw_accuracy(s, acc, fs)
        self.draw_buttons_over(s)

    def draw_buttons_over(self, s: pygame.Surface) -> None:
        for b in self.buttons(s.get_size()):
            if b.name == "acc_game":
                draw_button(s, self.ctx, b.rect, variant_label(self.shown_game(), self.ctx.lang) + " ▸",
                            color=(50, 60, 90))
            else:
                self.draw_button(s, b)  # Back (it was never drawn: issue 13.1)

    def draw_table(self, s: pygame.Surface, table: Rect, fs: int) -> None:
        ctx, t = self.ctx, self.ctx.t
        st = self.model.stats
        draw_panel(s, table, ctx.theme, 190)
        if not st.lines:
            blit_text(s, ctx, t("no_games"), fs, table.center, anchor="center")
            return
        # game · level · played · won · given up · % · the coach's accuracy
        fr = (0.0, 0.31, 0.47, 0.58, 0.68, 0.81, 0.87)
        cols = [table.x + 8 + int((table.w - 16) * f) for f in fr]
        heads = [t("variant"), t("level"), t("games"), t("wins"), t("abandoned_short"), "%", t("accuracy_short")]
        widths = [b - a - 6 for a, b in zip(cols, [*cols[1:], table.right - 4], strict=True)]
        y = table.y + 6
        head = max(ctx.fonts.min_size, fs - 3)
        if ctx.fonts.font(head, True).size(heads[-1])[0] > widths[-1]:
            heads[-1] = t("accuracy_avg_tiny")  # "Ø prec.": the mean all the same (the chart: the latest)
        for x, h, w in zip(cols, heads, widths, strict=True):
            blit_text(s, ctx, h, head, (x, y), bold=True, color=ctx.theme.accent, max_w=w)
        y += fs + 8
        for line in st.lines:
            if y + fs > table.bottom - 4:
                break
            people = line.level.split(":")[0] == "-"  # people among themselves: played, nobody's win or loss
            rate = f"{100 * line.wins / line.games:.0f}" if line.games and not people else "–"
            acc = "–" if line.accuracy is None else f"{line.accuracy:.0f}"
            level = t("people_only") if people else t(line.level)
            cells = (variant_label(line.variant, ctx.lang), level, str(line.games), "–" if people else str(line.wins),
                     str(line.abandoned) if line.abandoned else "–", rate, acc)
            for x, cell, w in zip(cols, cells, widths, strict=True):
                blit_text(s, ctx, cell, fs, (x, y), max_w=w)
            y += fs + 6
        if any(line.level.endswith(":help") for line in st.lines) and y + fs <= table.bottom:
            note = max(ctx.fonts.min_size, fs - 3)
            blit_text(s, ctx, t("help_note"), note, (table.x + 8, table.bottom - note - 6), max_w=table.w - 16,
                      color=ctx.theme.text_dim)

    def draw_accuracy(self, s: pygame.Surface, r: Rect, fs: int) -> None:
        """The coach's accuracy of my plays in one game, match after match (0-100 %): a
        line per level, each in its colour, named in the legend with its latest figure."""
        ctx = self.ctx
        draw_panel(s, r, ctx.theme, 190)
        game = self.shown_game()
        series = self.model.stats.accuracy_of(game)
        size = max(ctx.fonts.min_size, fs - 2)
        small = ctx.fonts.min_size
        several = len(self.model.stats.accuracy_games()) > 1
        head_h = ctx.theme.min_touch + 4 if several else size + 8
        title_w = (self._game_button(r).x if several else r.right) - r.x - 12
        title = ctx.t("accuracy") if several else f"{ctx.t('accuracy')} · {variant_label(game, ctx.lang)}"
        blit_text(s, ctx, title, size, (r.x + 6, r.y + 4 + (head_h - 8 - size) // 2), bold=True, max_w=title_w)
        # the legend: a swatch, the level, its latest figure
        x, y = r.x + 8, r.y + head_h
        for sr in series:  # as many rows as the levels need
            colour = LEVEL_COLOURS.get(sr.level.split(":")[0], ctx.theme.accent)
            level = ctx.t("people_only") if sr.level.split(":")[0] == "-" else ctx.t(sr.level)  # never "?-"
            # the latest match's figure, said so (the table beside it gives the mean: issue 38)
            word = f"{level}: {ctx.t('acc_latest', n=f'{sr.points[-1]:.0f}')}" if sr.points else level
            w = ctx.fonts.text(word, small).get_width() + small + 16
            if x + w > r.right - 4 and x > r.x + 8:
                x, y = r.x + 8, y + small + 4
            pygame.draw.rect(s, colour, (x, y + 3, small - 2, small - 4))
            x = blit_text(s, ctx, word, small, (x + small + 2, y), color=colour, max_w=r.right - x - small - 8).right + 12
        if any(sr.level.endswith(":help") for sr in series):  # what the "*" of "hard*" means
            note = ctx.t("help_note")
            w = ctx.fonts.text(note, small).get_width()
            if x + w > r.right - 4 and x > r.x + 8:
                x, y = r.x + 8, y + small + 4
            blit_text(s, ctx, note, small, (x, y), color=ctx.theme.text_dim, max_w=r.right - x - 8)
        # the scale: 0 / 50 / 100 % up the left, "matches, oldest → newest" along the bottom
        scale_w = ctx.fonts.text("100%", small).get_width() + 4
        top = y + small + 8 + small // 2
        area = Rect(r.x + 8 + scale_w, top, r.w - 16 - scale_w, r.bottom - top - small - 10)
        if area.h < 2 * small:
            return
        for pct in (0, 50, 100):
            gy = int(area.bottom - area.h * pct / 100)
            if pct:
                pygame.draw.line(s, (70, 100, 80), (area.x, gy), (area.right, gy))
            blit_text(s, ctx, f"{pct}%", small, (area.x - 3, gy), anchor="midright", color=ctx.theme.text_dim)
        pygame.draw.line(s, ctx.theme.text_dim, area.bottomleft, area.bottomright)
        pygame.draw.line(s, ctx.theme.text_dim, area.bottomleft, area.topleft)
        blit_text(s, ctx, ctx.t("acc_x_axis"), small, (area.centerx, area.bottom + 3), anchor="midtop",
                  color=ctx.theme.text_dim, max_w=area.w)
        longest = max((len(sr.points) for sr in series), default=0)
        step = area.w / max(1, longest - 1)
        x0 = area.centerx if longest == 1 else area.x  # one match: its point in the middle
        for sr in series:
            colour = LEVEL_COLOURS.get(sr.level.split(":")[0], ctx.theme.accent)
            pts = [(int(x0 + i * step), int(area.bottom - area.h * max(0.0, min(100.0, a)) / 100))
                   for i, a in enumerate(sr.points)]  # fmt: skip
            if len(pts) > 1:
                pygame.draw.lines(s, colour, False, pts, 1 if sr.level.endswith(":help") else 2)
            for p in pts:
                pygame.draw.circle(s, colour, p, 3)

    def draw_chart(self, s: pygame.Surface, r: Rect, fs: int) -> None:
        """Recent matches: our final score (bright) beside theirs (dim), each bar with its
        value, a legend, and the match number under each pair (oldest left)."""
        ctx = self.ctx
        draw_panel(s, r, ctx.theme, 190)
        small = ctx.fonts.min_size
        title = blit_text(s, ctx, ctx.t("score_history"), max(small, fs - 2), (r.x + 8, r.y + 4), bold=True,
                          max_w=r.w - 16)
        # legend: a swatch and a word for each side
        x, y = r.x + 8, title.bottom + 4
        for col, word in ((ctx.theme.accent, ctx.t("us")), (ctx.theme.text_dim, ctx.t("them"))):
            pygame.draw.rect(s, col, (x, y + 2, small, small - 2))
            x = blit_text(s, ctx, word, small, (x + small + 4, y), color=col).right + 12
        slots = max(1, min(8, (r.w - 16) // (3 * small + 8)))  # room for two values a match
        hist = self.model.stats.history[-slots:]
        area = Rect(r.x + 8, y + small + 8 + small + 2, r.w - 16, r.bottom - (y + small + 8 + small + 2) - small - 10)
        top = max(max(a, b) for a, b in hist) or 1
        # a slot as wide as for four matches at the least (one match drew two bars the whole
        # chart wide: issue 24.8), the pairs centred
        slot = area.w / max(len(hist), min(slots, 4))
        bw = max(4, int(slot * 0.42))
        left = area.x + (area.w - slot * len(hist)) / 2
        for i, (ours, theirs) in enumerate(hist):
            x0 = int(left + i * slot + (slot - 2 * bw) / 2)
            for j, (val, col) in enumerate(((ours, ctx.theme.accent), (theirs, ctx.theme.text_dim))):
                h = int(area.h * val / top)
                bar = Rect(x0 + j * bw, area.bottom - h, bw - 2, h)
                pygame.draw.rect(s, col, bar)
                blit_text(s, ctx, str(val), small, (bar.centerx, bar.y - 1), anchor="midbottom", color=col)
            blit_text(s, ctx, str(len(self.model.stats.history) - len(hist) + i + 1), small,
                      (x0 + bw, area.bottom + 3), anchor="midtop", color=ctx.theme.text_dim)
        pygame.draw.line(s, ctx.theme.text_dim, area.bottomleft, area.bottomright)


LEVEL_COLOURS = {"easy": (140, 210, 140), "normal": (235, 205, 110), "hard": (240, 130, 120), "-": (170, 190, 230)}
"""The accuracy chart's colour of each level (its assisted line, thinner, in the same)."""


# ----------------------------------------------------------------- settings


SETTING_CHOICES: dict[str, tuple[Any, ...]] = {
    "language": LANGUAGES,
    "deck_style": ("napoletane", "piacentine", "triestine"),
    "german_style": ("salzburger", "bavarian"),
    "sounds": (True, False),
    "confirm_points": (True, False),
    "safe_play": (True, False),
    "speed": ("slow", "normal", "fast"),
}


class SettingsScreen(Screen):
    name = "settings"
    page = 0  # a screen too small for every row shows them a page at a time

    def buttons(self, size: tuple[int, int]) -> list[ButtonSpec]:
        W, H = size
        m, row, gap = self.metrics(size)
        # real cards: the decks' tags (enrolment) on a screen of their own
        out = self.top_bar(size, ("real_cards", "rules", "back"))
        label_w = int(W * 0.3)
        y = m + row + gap * 2
        avail = H - y - m
        keys = [*SETTING_CHOICES, "brightness"]
        if self.model.network is not None:  # the box's Wi-Fi first: its state, Settings → Network a tap away
            keys.insert(0, "network")
        touch = self.ctx.theme.min_touch
        fit = max(1, (avail + gap) // (touch + gap))
        pages = 1 if len(keys) <= fit else (len(keys) + fit - 2) // (fit - 1)
        per = len(keys) if pages == 1 else fit - 1  # a small screen: pages, the last row turns them
        self.page %= pages
        shown = keys[self.page * per:(self.page + 1) * per]
        n_rows = len(shown) + (pages > 1)
        row = max(touch, min(row, (avail - gap * n_rows) // n_rows))
        for key in shown:
            area = Rect(m + label_w, y, W - 2 * m - label_w, row)
            if key == "language":
                area = self._language_row(area, size, gap)
            if key == "network":
                out.append(ButtonSpec("network", area, "network"))
            elif key == "brightness":
                cells = _grid(area, 3, 3, row, gap)
                out.append(ButtonSpec("bright:-", cells[0], "−"))
                out.append(ButtonSpec("bright:+", cells[2], "+"))
            else:
                choices = SETTING_CHOICES[key]
                for c, r in zip(choices, _grid(area, len(choices), len(choices), row, gap), strict=True):
                    out.append(ButtonSpec(f"set:{key}:{c}", r, "", intent=it.SetSetting(key, c)))
            y += row + gap
        if pages > 1:
            out.append(ButtonSpec("page", Rect(m + label_w, y, W - 2 * m - label_w, row), "more"))
        return out

    def _language_row(self, area: Rect, size: tuple[int, int], gap: int) -> Rect:
        """The five languages' names, each in its own language: where they do not fit beside
        the row's label at a button's smallest size, the row takes the whole width and goes
        without its label (a person who cannot read the screen's language reads the names)."""
        W, H = size
        font = self.ctx.fonts.font(14 if H >= 480 else 12, True)
        names = [LANGUAGE_NAMES.get(lang, lang) for lang in SETTING_CHOICES["language"]]
        need = len(names) * (max(font.size(n)[0] for n in names) + 12) + gap * (len(names) - 1)
        if need <= area.w:
            return area
        m = self.metrics(size)[0]
        return Rect(m, area.y, W - 2 * m, area.h)

    def carried(self, b: ButtonSpec) -> bool:
        if isinstance(b.intent, it.SetSetting):
            self._set(b.intent.key, b.intent.value)
            return True
        return super().carried(b)

    def press(self, name: str) -> bool:
        st = self.ctx.settings
        if name in ("bright:-", "bright:+"):
            b = int(st.get("brightness", 80)) + (10 if name == "bright:+" else -10)
            self._set("brightness", max(10, min(100, b)))
        elif name == "page":
            self.page += 1
        elif name == "rules":
            self.show("rules")
        elif name == "real_cards":
            self.show("real_cards")
        elif name == "network":
            self.show("network")
        elif name == "back":
            self.show("home")
        else:
            return self.by_name(name)
        return True

    def _set(self, key: str, value: Any) -> None:
        self.ctx.settings[key] = value
        self.emit(it.SetSetting(key, value))

    def _label(self, s: pygame.Surface, text: str, fs: int, row: Rect, max_w: int) -> None:
        """A setting's name left of its row: one line, or two when one does not hold it
        ("Conferma le carte / che danno punti": saying what is confirmed takes words)."""
        ctx = self.ctx
        m = self.metrics(s.get_size())[0]
        lines = ctx.fonts.wrap(text, fs, max_w, bold=True)
        size = fs
        while (len(lines) > 2 or (len(lines) == 2 and 2 * size + 2 > row.h)) and size > ctx.fonts.min_size:
            size -= 1
            lines = ctx.fonts.wrap(text, size, max_w, bold=True)
        if len(lines) == 1:
            blit_text(s, ctx, text, size, (m + 4, row.centery), anchor="midleft", bold=True, max_w=max_w)
            return
        top = row.centery - (2 * size + 2) // 2
        for i, line in enumerate(lines[:2]):
            blit_text(s, ctx, line, size, (m + 4, top + i * (size + 2)), bold=True, max_w=max_w)

    def draw(self, s: pygame.Surface) -> None:
        ctx = self.ctx
        W, H = s.get_size()
        s.blit(ctx.felt((W, H)), (0, 0))
        self.title(s, ctx.t("settings"), self.title_room((W, H)))
        m = self.metrics((W, H))[0]
        fs = ctx.fsize(H, 0.045)
        seen: set[str] = set()
        for b in self.buttons((W, H)):
            if isinstance(b.intent, it.SetSetting):
                key, value = b.intent.key, b.intent.value
                if key not in seen:
                    seen.add(key)
                    if b.rect.x > m:  # the language row may go without (_language_row)
                        self._label(s, ctx.t(key), fs, b.rect, int(W * 0.3) - 8)
                raw = str(value)
                text = LANGUAGE_NAMES.get(raw) or (value_label(value, ctx.lang) if isinstance(value, bool) else ctx.t(raw))
                draw_button(s, ctx, b.rect, text, selected=ctx.settings.get(key) == value)
            elif b.name == "network" and self.model.network is not None:
                blit_text(s, ctx, ctx.t("network"), fs, (m + 4, b.rect.centery), anchor="midleft", bold=True,
                          max_w=int(W * 0.3) - 8)
                draw_button(s, ctx, b.rect, network_summary(self.model.network, ctx.t) + "  ›")
            elif b.name in ("bright:-", "bright:+"):
                if b.name == "bright:-":
                    blit_text(s, ctx, ctx.t("brightness"), fs, (m + 4, b.rect.centery), anchor="midleft", bold=True,
                              max_w=int(W * 0.3) - 8)
                    mid = b.rect.move(b.rect.w + (b.rect.w // 20 + 4), 0)
                    blit_text(s, ctx, f"{ctx.settings.get('brightness', 80)}%", fs, mid.center, anchor="center", bold=True)
                self.draw_button(s, b)
            else:
                self.draw_button(s, b)


def network_summary(net: NetworkModel, t: Callable[..., str]) -> str:
    """The Network row's button: where the box is, in a word or two."""
    if net.state == "connected":
        return net.ssid or net.address
    if net.state == "hotspot":
        return f"{t('n_hotspot')}: {net.ssid}"
    if net.state == "connecting":
        return t("n_state_connecting", ssid=net.ssid)
    return t("n_state_disconnected").split(":")[0]


# --------------------------------------------------------------- real cards


class RealCardsScreen(Screen):
    """The decks' tags for real-card play: which deck is enrolled, enrol one, follow it.

    A tap on a deck emits ``EnrolDeck(deck)``; the controller then
    asks for the cards one by one (``TableModel.enrolling``) while the screen
    names the next card big enough to read from the table. *Stop* emits
    ``EnrolDeck(None)``: the deck's previous map stays.
    """

    name = "real_cards"

    def buttons(self, size: tuple[int, int]) -> list[ButtonSpec]:
        W, H = size
        m, row, gap = self.metrics(size)
        out = self.top_bar(size, ("back",))
        busy = self.model.enrolling is not None
        bw = max(self.ctx.theme.min_touch * 3, int(W * 0.3))
        y = m + row + gap * 2
        for deck in DECKS:
            label = "enrol_again" if deck in self.model.enrolled else "enrol"
            out.append(ButtonSpec(f"enrol:{deck}", Rect(W - m - bw, y, bw, row), label, enabled=not busy,
                                  intent=it.EnrolDeck(deck)))
            y += row + gap
        if busy:
            out.append(ButtonSpec("enrol:stop", Rect(W - m - bw, H - m - row, bw, row), "enrol_stop",
                                  intent=it.EnrolDeck(None)))
        return out

    def press(self, name: str) -> bool:
        if name == "back":
            self.show("settings")
            return True
        return self.by_name(name)

    def draw(self, s: pygame.Surface) -> None:
        ctx, t = self.ctx, self.ctx.t
        W, H = s.get_size()
        s.blit(ctx.felt((W, H)), (0, 0))
        self.title(s, t("real_cards"), self.title_room((W, H)))
        m, row, gap = self.metrics((W, H))
        fs = ctx.fsize(H, 0.045)
        buttons = self.buttons((W, H))
        for b in buttons:
            match b.intent:
                case it.EnrolDeck(deck=str(deck)):
                    self._draw_deck(s, b, deck, fs, m)
            self.draw_button(s, b)
        top = max(b.rect.bottom for b in buttons if b.name.startswith("enrol:") and b.name != "enrol:stop") + gap * 2
        stop = next((b.rect for b in buttons if b.name == "enrol:stop"), None)
        bottom = (stop.y - gap) if stop is not None else H - m
        panel = Rect(m, top, W - 2 * m, bottom - top)
        draw_panel(s, panel, ctx.theme, 190)
        self._draw_progress(s, panel, fs)

    def _draw_deck(self, s: pygame.Surface, b: ButtonSpec, deck: str, fs: int, m: int) -> None:
        """A deck's name and whether it is enrolled, left of its button."""
        ctx, t = self.ctx, self.ctx.t
        ok = deck in self.model.enrolled
        status = ("✓ " + t("enrolled")) if ok else t("not_enrolled")
        label_w = b.rect.x - 2 * m
        blit_text(s, ctx, t("deck_" + deck), fs, (m + 4, b.rect.y + 2), bold=True, max_w=label_w)
        blit_text(s, ctx, status, max(11, fs - 2), (m + 4, b.rect.bottom - 2), anchor="bottomleft",
                  color=ctx.theme.accent if ok else ctx.theme.text_dim, max_w=label_w)

    def _draw_progress(self, s: pygame.Surface, panel: Rect, fs: int) -> None:
        ctx, t = self.ctx, self.ctx.t
        e = self.model.enrolling
        lines: list[tuple[str, int, bool, Any]] = []
        if e is not None:
            if e.card is not None:
                card = t("enrol_next", card=arg_text(CardName(e.deck, e.card), ctx.lang)) + f" ({CODE[e.card]})"
                lines.append((card, ctx.fsize(s.get_height(), 0.07), True, ctx.theme.accent))
            lines.append((t("enrol_progress", n=e.done + (e.card is not None), total=e.total), fs, True,
                          ctx.theme.text))
        else:
            lines.append((t("enrol_hint"), fs, False, ctx.theme.text_dim))
        message = self.model.message
        prompt = isinstance(message, Message) and message.key == "m_enrol_scan"  # said above, bigger
        said = ctx.say(message)
        if said and not prompt:
            lines.append((said, fs, False, ctx.theme.text))
        y = panel.y + 8
        for text, size, bold, color in lines:
            for line in ctx.fonts.wrap(text, size, panel.w - 20)[:3]:
                if y + size > panel.bottom - 4:
                    return
                blit_text(s, ctx, line, size, (panel.x + 10, y), bold=bold, color=color, max_w=panel.w - 20)
                y += size + 6
        if e is not None and e.total and y + 12 < panel.bottom:
            bar = Rect(panel.x + 10, y + 2, panel.w - 20, max(8, fs // 2))
            pygame.draw.rect(s, ctx.theme.panel_edge, bar, 1, border_radius=4)
            done = bar.inflate(-4, -4)
            done.w = done.w * e.done // e.total
            if done.w > 0:
                pygame.draw.rect(s, ctx.theme.accent, done, border_radius=3)
