"""The home screen: the game, who sits where, the game's options; play or continue."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pygame
from pygame import Rect

from firmware.engine import IllegalAction, TressetteError, make_variant
from firmware.engine.refusals import Refusal
from firmware.engine.seating import HUMAN, PHONE, TABLE, SeatSpec
from firmware.engine.seating import seating_problem as engine_seating_problem
from firmware.engine.variants import PRESETS, Preset
from ui import actions as act
from ui import intents as it
from ui.i18n import (
    option_label,
    value_label,
    variant_label,
)
from ui.layout import ButtonSpec
from ui.screen import Screen, ask, grid
from ui.widgets import Ctx, blit_text, draw_button, draw_panel

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


FIRST_GAMES: dict[str, tuple[str, ...]] = {
    # A Croatian table looks for its own games first (issue 39): Trešeta in four with akuže to
    # 41, Trešeta for two, then Briškula for two and for four; the other games follow.
    "hr": ("treseta_hr", "tressette2", "briskula2", "briskula4"),
}


def game_order(lang: str) -> list[str]:
    """The games in the order the home screen offers them in ``lang``."""
    first = [v for v in FIRST_GAMES.get(lang, ()) if v in PRESETS]
    return first + [v for v in PRESETS if v not in first]


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


class HomeScreen(Screen):
    """Start a game: variant, who sits where, the variant's options; continue."""

    name = "home"

    def __init__(self, ctx: Ctx, emit: Callable[[Any], None], show: Callable[[str], None]) -> None:
        super().__init__(ctx, emit, show)
        self.variants = game_order(ctx.lang)
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
        self.variants = game_order(self.ctx.lang)
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

    def chosen(self) -> it.HomeChoice:
        """Everything the screen shows chosen (kept by the app across a power cut)."""
        return it.HomeChoice(self.variants[self.vi], dict(self.options), tuple(self.seats), casual=self.casual,
                             scoresheet=self.scoresheet, players=tuple(self.players))

    def restore(self, choice: it.HomeChoice) -> None:
        """Show ``choice`` (kept from before a restart) as it was chosen; what this game
        no longer takes goes back to the game's own (an option) or to a seating it takes."""
        self.select_variant(choice.variant)
        for o in self.preset.options:
            if choice.options.get(o.key) in o.choices:
                self.options[o.key] = choice.options[o.key]
        self.casual, self.scoresheet = choice.casual, choice.scoresheet
        self.seats = choice.seats
        self._fit_seats()
        self.players = [*choice.players[: len(self.seats)], *[None] * (len(self.seats) - len(choice.players))]

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
        for i, r in enumerate(grid(Rect(left.x, y, left.w, 0), n, cols, row, gap)):
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
        for i, r in enumerate(grid(right, n_opt, cols, opt_h, gap)):
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
               else t("phone_seat") if kind == "phone" else t("cpu_level", level=t(level or "normal")))  # fmt: skip
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
