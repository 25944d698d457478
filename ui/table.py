"""The table screen: the hand, the other seats, the talon, the trick, banners.

Input: a tap on a bright card plays it (``PlayCard``); a dimmed card does
nothing. Keys 1-9 and 0 play the n-th card, arrows move a cursor and Enter
plays it (seed 002). Buttons: declare, zu tun, claim, signals, last trick, menu.

Animation: every talon draw flies from the talon to the drawing hand, face
up where draws are shown; a finished trick stays in the middle a moment
before the draws start. The cards in flight are hidden at their destination
until they land, so nothing is drawn twice.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from dataclasses import dataclass, replace

import pygame
from pygame import Rect

from firmware.engine.actions import Declare as DeclareAction
from firmware.engine.cards import DECKS, RANK, SUIT, THIRDS, Card
from ui import intents as it
from ui.cards import style_for
from ui.fonts import Fonts
from ui.i18n import (
    CardName,
    Message,
    arg_text,
    declare_labels,
    describe_declare,
    has,
    msg,
    said_by,
    tr,
)
from ui.layout import (
    ButtonSpec,
    TableLayout,
    bubble_tail,
    seeded_place,
    shared_table,
    speaker_areas,
    table_layout,
)
from ui.lesson import LessonPanel, lesson_layout
from ui.model import Banner, PlayedCard, TableModel
from ui.picker import PickerLayout, draw_picker, open_revoke, picker_layout, reason_of, show_button
from ui.played_cards import TABS, draw_tabs, draw_tally, tab_rects, tally_available
from ui.sheetentry import SheetEntryPanel, entry_layout
from ui.shown_cards import ShownCards, seat_at
from ui.speed import speed_of
from ui.textcheck import min_button_px
from ui.widgets import (  # noqa: F401 (is_own_seat, seat_name: named from here too)
    Ctx,
    blit_text,
    draw_button,
    draw_panel,
    fitting_label,
    is_own_seat,
    note_panel,
    rounded,
    seat_name,
    side_name_of,
    thirds_text,
)

DRAW_FLIGHT_S = 0.45
DRAW_STAGGER_S = 0.25
BANNER_S = 3.5
# the key of each place in the hand, left to right: the number row, then the letters no
# other key uses (D deck, E enrol, H hint, L level, N new, T last trick, U undo, Y/Z swap
# on German keyboards) for the 11th to 20th card (terziglio's 12, ciapanò for two's 20);
# each card shows its key once a key was used
HAND_KEYS = "1234567890ABCFGIJKMO"
HAND_KEYCODES: dict[int, int] = (
    {pygame.K_1 + i: i for i in range(9)} | {pygame.K_0: 9}
    | {pygame.K_KP1 + i: i for i in range(9)} | {pygame.K_KP0: 9}
    | {ord(c.lower()): 10 + i for i, c in enumerate(HAND_KEYS[10:])}  # SDL: a letter key is its ASCII code
)
DOUBLE_TAP_S = 0.35  # two taps closer than this are one (a double tap plays one card)
PRESS_ZOOM_MAX_H = 360  # screens this short (480x320) show the card under the finger enlarged
PRESS_ZOOM = 1.7  # how much larger than in the hand
PRESS_MAX_S = 4.0  # an enlarged card whose finger-up never came (the screen changed) goes after this
SHAKE_S, SHAKE_PX = 0.4, 7  # a refused card shakes sideways this long, this far


@dataclass
class Flight:
    """A card flying from ``src`` to ``dst``; ``card`` None means face down."""

    card: Card | None
    seat: int
    src: Rect
    dst: Rect
    delay: float
    duration: float = DRAW_FLIGHT_S
    t: float = 0.0

    @property
    def done(self) -> bool:
        return self.t >= self.delay + self.duration

    def rect(self) -> Rect:
        f = min(1.0, max(0.0, (self.t - self.delay) / self.duration))
        f = 1 - (1 - f) ** 3  # ease out
        w = self.src.w + (self.dst.w - self.src.w) * f
        h = self.src.h + (self.dst.h - self.src.h) * f
        r = Rect(0, 0, int(w), int(h))
        r.center = (
            int(self.src.centerx + (self.dst.centerx - self.src.centerx) * f),
            int(self.src.centery + (self.dst.centery - self.src.centery) * f),
        )
        return r


@dataclass
class LiveBanner:
    text: str
    kind: str
    seat: int | None = None  # the seat that spoke (a bubble beside it); None: the table's word
    age: float = 0.0


class TableScreen:
    name = "table"

    def __init__(self, ctx: Ctx, emit: Callable[[it.Intent], None],
                 show: Callable[[str], None] | None = None) -> None:
        self.ctx = ctx
        self.emit = emit
        self.show = show or (lambda name: emit(it.ShowScreen(name)))
        self.model = TableModel()
        self.layout: TableLayout | None = None
        self.size = (0, 0)
        self.cursor: int | None = None  # keyboard cursor in the hand
        self.keyboard = False  # a key chose a card once: each card shows its key from now on
        self.flights: list[Flight] = []
        self.hold: float = 0.0  # the finished trick stays this long
        # Seconds since this screen last played a card: a second tap of a double tap
        # lands on whatever card slid under the finger, so it is not a play.
        self.since_play: float = DOUBLE_TAP_S
        self.show_last = False
        self.show_taken = False  # the cards each side took this hand (P, or a tap on the score)
        self.peek_tab = "taken"  # practice: that peek's tab, the tricks taken or the cards played
        self.banners: list[LiveBanner] = []
        self._seen_draws = 0
        self._seen_decl = 0
        self._seen_banners: set[Banner] = set()
        self._hand_key: tuple[object, ...] = ()
        self.signals_on: set[str] = set()
        self.hint: tuple[str, float] = ("", 0.0)  # a short note under the trick, and for how long
        self._confirm: Card | None = None  # a card tapped once that gives points away
        # safe play (setting ``safe_play``): the card a first tap lifted, played by a second tap
        self.lifted: Card | None = None
        self._lift_said = False  # "tap it again" is said at the first lift only
        # the card under the finger, where it lay, and for how long (shown enlarged on small screens)
        self.pressed: tuple[Card, Rect] | None = None
        self.pressed_for = 0.0
        self.shake: tuple[Card | None, float] = (None, SHAKE_S)  # a refused card, seconds into its shake
        self.action_page = 0  # which page of many action buttons (layout: "more")
        self._game_model = TableModel()  # the last model with a game: what "new" is measured against
        # the card picker (real cards, no reader: ui/picker.py)
        self.picker_hidden: tuple[object, ...] | None = None  # the entry it was hidden for
        self.picker_note: tuple[str, float] = ("", 0.0)  # why a tapped card is dimmed, and how long
        self.sheet_panel = SheetEntryPanel(ctx, emit)  # score sheet only: the hand's count (ui/sheetentry.py)
        self.lesson_panel = LessonPanel(ctx, emit)  # the guided hand's lesson (ui/lesson.py)
        self.enlarged = ShownCards(ctx)  # a seat's face-up cards, whole, on a tap (ui/shown_cards.py)

    # ------------------------------------------------------------ model

    def set_model(self, model: TableModel, size: tuple[int, int] | None = None) -> None:
        """The table as it is now, laid out at ``size`` (default: the size it has)."""
        size = self.size if size is None else size
        self.sheet_panel.sync(model)
        if not model.in_game:
            # no game (home, settings, enrolment): keep what this table has seen, so the
            # same hand coming back is not news (an old declaration said again: issue 13.11)
            self.model = model
            self.size = size
            self.layout = table_layout(model, size, self.ctx.theme, self.action_page)
            return
        old = self._game_model
        self._game_model = model
        self._confirm = None
        hand_key = (model.variant, model.hand_no, model.dealer)
        # a new deal: another hand number or dealer, or the same ones again after a
        # new game (then the hand went back in time: fewer tricks or draws than seen)
        new_hand = (
            hand_key != self._hand_key
            or model.tricks_played < old.tricks_played
            or len(model.draws) < self._seen_draws
        )
        self.model = model
        self.size = size
        if new_hand:
            self.action_page = 0  # (a declaration made keeps its place: the page stays)
        self.layout = table_layout(model, size, self.ctx.theme, self.action_page)
        self.enlarged.sync(model, new_hand)
        if new_hand or self.lifted not in model.hand:
            self.lifted = None
        if new_hand:
            self._hand_key = hand_key
            self.show_taken = False
            self.flights.clear()
            self.hold = 0.0
            self._seen_draws = 0
            self._seen_decl = 0
            self.cursor = None
            self.signals_on.clear()
        elif model.tricks_played > old.tricks_played:
            self.hold = speed_of(self.ctx.settings.get("speed")).trick_s
        if not new_hand:
            played_now = len(model.trick) + model.tricks_played * model.n_seats
            played_before = len(old.trick) + old.tricks_played * old.n_seats
            if played_now > played_before:
                self.ctx.play("card")
            if model.my_turn and not old.my_turn:
                self.ctx.play("turn")
        if self.cursor is not None and self.cursor >= len(model.hand):
            self.cursor = len(model.hand) - 1 if model.hand else None
        if model.hint_card is not None and model.hint_card != old.hint_card and model.hint_card in model.hand:
            self.cursor = model.hand.index(model.hint_card)  # the coach's card is raised
        self._new_draws(model)
        self._new_banners(model)

    def relayout(self, size: tuple[int, int]) -> None:
        self.size = size
        self.layout = table_layout(self.model, size, self.ctx.theme, self.action_page)

    def _new_draws(self, model: TableModel) -> None:
        lay = self.layout
        assert lay is not None
        draws = model.draws[self._seen_draws :]
        self._seen_draws = len(model.draws)
        if not draws or lay.talon is None:
            return
        start = self.hold + sum(max(0.0, f.delay + f.duration - f.t) * 0 for f in self.flights)
        for i, d in enumerate(draws):
            dst = self._draw_target(d.seat, d.card)
            if dst is None:
                continue
            face = d.card if (d.card is not None and (d.seat == model.me or d.card in self._shown(d.seat))) else None
            self.flights.append(Flight(face, d.seat, lay.talon.copy(), dst, start + i * DRAW_STAGGER_S))

    def _shown(self, seat: int) -> tuple[Card, ...]:
        return self.model.seats[seat].shown if seat < len(self.model.seats) else ()

    def _draw_target(self, seat: int, card: Card | None) -> Rect | None:
        lay = self.layout
        assert lay is not None
        if seat == self.model.me:
            for c, r in lay.hand:
                if c == card:
                    return r.copy()
            return None
        area = lay.seats.get(seat)
        if area is None or not area.cards:
            return None
        shown = self._shown(seat)
        if card is not None and card in shown:
            return area.cards[shown.index(card)].copy()
        return area.cards[-1].copy()

    def _new_banners(self, model: TableModel) -> None:
        """What the seats said becomes a bubble beside each (a declaration, a claim, a
        call); what the table says (accusi open, the trump) goes to the status line.
        Signals need no banner: they stay beside the seat while its card is on the trick."""
        lang = self.ctx.lang
        decls = model.declarations[self._seen_decl :]
        self._seen_decl = len(model.declarations)
        for d in decls:
            what = describe_declare(model.deck, d.kind, d.suit, d.rank, d.missing, lang) + f" = {d.points}"
            self._banner(tr("b_accuso", lang, what=what), "declaration", d.seat)
        for b in model.banners:
            if b in self._seen_banners or b.key == "b_called":
                continue
            self._seen_banners.add(b)
            if b.kind == "signal":
                continue  # shown from the trick itself, beside the seat
            args = {k: arg_text(v, lang) for k, v in b.args}
            key = b.key
            if b.seat is not None and has(key + "_said"):
                key += "_said"  # in the seat's own bubble, in the first person
            text = b.text or said_by(key, lang, self.seat_name(b.seat), self.who(b.seat), **args)
            self._banner(text, b.kind, b.seat)

    def replay_voices(self) -> None:
        """Say the hand's declarations again (a resumed hand, the gallery, the tests)."""
        self._seen_decl = 0
        self._new_banners(self.model)

    def _banner(self, text: str, kind: str, seat: int | None = None) -> None:
        self.banners.append(LiveBanner(text, kind, seat))
        del self.banners[:-4]

    def said(self) -> dict[int, str]:
        """Per seat, what it says now: the signals of its card on the trick, else its
        latest declaration or claim (for a few seconds)."""
        out: dict[int, str] = {}
        for b in self.banners:
            if b.seat is not None:
                out[b.seat] = b.text
        for pc in self._trick_shown():
            if pc.signals:
                out[pc.seat] = ", ".join(self.ctx.label("sig_" + x) for x in pc.signals)
        return out

    def seat_name(self, seat: int | None) -> str:
        return seat_name(self.model, seat, self.ctx)

    def who(self, seat: int | None) -> str:
        """"you" for the person's own seat (a sentence about it needs the 2nd person), else ""."""
        return "you" if is_own_seat(self.model, seat) else ""

    # ------------------------------------------------------------ state

    def lesson_trick(self) -> tuple[int, ...]:
        """The seats whose cards lie in the trick (a lesson leaves them in sight): the trick
        being played, or, for the lesson about the trick just taken, that trick (it is held on
        the table while the lesson is read: the trick's lesson, the count's). The model's, not the animation's: the panel never
        moves under a finger while the hold runs out."""
        m = self.model
        if not m.trick and m.lesson is not None:
            return tuple(p.seat for p in m.last_trick)
        return tuple(p.seat for p in m.trick)

    def dealer_chip_rect(self, lay: TableLayout, below_lesson: bool = True) -> Rect | None:
        """Where the dealer's mark of a seat across or aside goes (at the foot of its first card
        face down, inside the screen); None for my own (it sits by the status line) or after the hand."""
        m = self.model
        if m.hand_over or m.dealer not in lay.seats or m.dealer == m.me and m.show_hand:
            return None
        area = lay.seats[m.dealer]
        # at the foot of the first card face down (of the last card when all are face up):
        # at its head the mark hid a face-up card's rank and suit (its top-left corner),
        # and where the screen's edge pushed it back, the last face-up card's; none laid
        # out: under the seat's name
        n_shown = len(m.seats[m.dealer].shown) if m.dealer < len(m.seats) else 0
        w, h = self.dealer_chip_size(lay)
        if area.cards:
            card = area.cards[min(n_shown, len(area.cards) - 1)]
            at = (card.x, card.bottom - h - 4)
        else:
            at = area.label.bottomleft
        W, H = lay.size
        r = Rect(max(0, min(at[0] + 2, W - w)), max(0, min(at[1] + 2, H - h)), w, h)
        if below_lesson and m.lesson is not None:  # a lesson's panel over the seat across: the mark below it
            panel = lesson_layout(self.ctx, lay, m.lesson, self.lesson_trick(), (r,)).panel
            if panel.colliderect(r):
                r.y = min(panel.bottom + 2, H - h)
        return r

    def lesson_keep(self) -> tuple[Rect, ...]:
        """What a lesson's panel leaves in sight besides the trick: the dealer's mark."""
        lay, m = self.layout, self.model
        if lay is None or m.lesson is None:
            return ()
        chip = self.dealer_chip_rect(lay, below_lesson=False)
        return (chip,) if chip is not None else ()

    @property
    def busy(self) -> bool:
        """Animating: a trick held or cards in flight."""
        return self.hold > 0 or bool(self.flights)

    def hidden_cards(self) -> tuple[set[Card], dict[int, int]]:
        """Cards still in flight: hidden at their destination (own hand / shown), backs per seat."""
        cards: set[Card] = set()
        backs: dict[int, int] = {}
        for f in self.flights:
            if f.card is not None:
                cards.add(f.card)
            else:
                backs[f.seat] = backs.get(f.seat, 0) + 1
        return cards, backs

    def just_drawn(self) -> set[Card]:
        """My cards drawn from the talon after the last trick (marked until the next one)."""
        m = self.model
        return {d.card for d in m.draws if d.seat == m.me and d.trick == m.tricks_played - 1 and d.card is not None}

    def can_play(self, card: Card) -> bool:
        m = self.model
        return (m.my_turn and card in m.playable) or card in m.discardable

    # ------------------------------------------------------------ input

    # ------------------------------------------------------------ the card picker

    def picker_key(self) -> tuple[object, ...]:
        m = self.model
        p = m.picker
        return (m.hand_no, m.tricks_played, len(m.trick), p.seat if p else None, str(p.prompt) if p else "")

    def picker_active(self) -> bool:
        return self.model.picker is not None and self.picker_hidden != self.picker_key()

    def picker_layout(self) -> PickerLayout | None:
        p = self.model.picker
        if p is None or self.size == (0, 0):
            return None
        return picker_layout(p, self.size, self.ctx.theme)

    def picker_tap(self, pos: tuple[int, int]) -> bool:
        p, lay = self.model.picker, self.picker_layout()
        if p is None or lay is None:
            return False
        for b in lay.buttons:
            if b.rect.collidepoint(pos):
                if b.name == "picker_hide":
                    self.picker_hidden = self.picker_key()
                elif b.name == "picker_take_back" and p.take_back is not None:
                    self.signals_on.clear()
                    self.emit(it.TakeBack(*p.take_back))  # one tap: entering the card again undoes it
                elif b.name == "picker_revoke" and self.model.revoke is not None:
                    open_revoke(self.ctx, self.model.revoke)
                elif b.name == "picker_abandon" and p.abandon is not None:
                    if self.ctx.ask is not None:  # never abandoned unasked: the question names what follows
                        self.ctx.ask(self.ctx.t("ask_abandon_hand", n=p.abandon + 1), it.AbandonHand(p.hand))
                elif b.name.startswith("psig:"):
                    name = b.name[5:]
                    on = name not in self.signals_on
                    (self.signals_on.add if on else self.signals_on.discard)(name)
                    self.emit(it.Signal(name, on))
                return True
        for card, r in lay.cells:
            if r.collidepoint(pos):
                why = reason_of(p, card)
                if why is not None:
                    self.picker_note = (self.ctx.say(why), 3.0)  # says why; sends nothing
                    return True
                if self.since_play < DOUBLE_TAP_S:
                    return True  # a double tap enters one card
                self.since_play = 0.0
                self.picker_note = ("", 0.0)
                if p.discard:
                    self.emit(it.Discard(card))
                else:
                    allowed = dict(p.signals).get(card, ())
                    intent = it.PlayCard(card, tuple(x for x in allowed if x in self.signals_on))
                    if p.ends_hand and p.seat is not None and self.ctx.ask is not None:
                        # the hand's last card ends it: asked first, naming the card and the seat
                        said = msg("ask_last_card", card=CardName(p.deck, card), n=p.seat + 1)
                        self.ctx.ask(self.ctx.say(said), intent)
                    else:
                        self.emit(intent)
                self.signals_on.clear()
                return True
        return True  # the panel covers the table: a tap beside a card does nothing under it

    def sheet_tap(self, pos: tuple[int, int]) -> bool:
        lay = entry_layout(self.model, self.sheet_panel.st, self.size, self.ctx.theme)
        for b in lay.buttons:
            if b.rect.collidepoint(pos):
                if b.name == "sh_menu":
                    self.show("home")
                    return True
                if b.name == "sh_sheet":  # the match hand by hand: a finished hand tapped is corrected
                    self.show("sheet")
                    return True
                return self.sheet_panel.press(self.model, b)
        return True

    def buttons(self, size: tuple[int, int] | None = None) -> list[ButtonSpec]:
        """The buttons as laid out now (at the size set_model was given)."""
        return list(self.layout.buttons) if self.layout is not None else []

    def tap(self, pos: tuple[int, int], size: tuple[int, int] | None = None) -> bool:
        lay = self.layout  # laid out at the size set_model was given
        if lay is None:
            return False
        if self.model.sheet_entry is not None:
            return self.sheet_tap(pos)
        if self.picker_active():
            return self.picker_tap(pos)
        if self.model.picker is not None and show_button(lay.middle, self.ctx.theme).collidepoint(pos):
            self.picker_hidden = None
            return True
        if self.show_taken and tally_available(self.model):
            for name, r in tab_rects(self.peek_panel(lay), self.ctx.theme.min_touch).items():
                if r.collidepoint(pos):
                    self.peek_tab = name  # practice: the other tab; any other tap closes
                    return True
        if self.show_last or self.show_taken or self.enlarged.close():
            self.show_last = self.show_taken = False
            return True
        if self.lesson_panel.tap(lay, self.model.lesson, self.lesson_trick(), pos, self.lesson_keep()):
            return True
        for b in lay.buttons:
            if b.rect.collidepoint(pos):
                return self.press_button(b) if b.enabled else True
        for i, (card, r) in enumerate(lay.hand_hit):
            if r.collidepoint(pos):
                self.pressed, self.pressed_for = (card, r), 0.0
                if self._safe_lift(card, i):
                    return True
                if self.play(card):
                    self.cursor = None  # a tapped card leaves
                elif self._confirm == card:
                    self.cursor = i  # raised: a second tap plays it
                elif not self.can_play(card):
                    self.refuse(card)
                return True
        if lay.score.collidepoint(pos) and self.can_peek():
            if not any(self.model.side_cards):
                self.peek_tab = "played"  # practice before the first trick is taken: the other tab
            self.show_taken = True  # the tricks each side took: public, every card was played face up
            return True
        if lay.middle.collidepoint(pos) and self.model.last_trick:
            self.show_last = True  # the last trick on a tap of the table's middle
            return True
        seat = seat_at(self.model, lay, pos)
        if seat is not None:  # a seat's face-up cards, too small where they lie: whole
            self.enlarged.open(self.model, seat)
            return True
        return False

    def _safe_lift(self, card: Card, i: int) -> bool:
        """Safe play: a playable card tapped is lifted, not played (True); the second tap on
        the lifted card plays it (False: play on). A card that cannot be played now is
        refused as with one tap, and nothing stays lifted."""
        if not self.ctx.settings.get("safe_play"):
            return False
        if not self.can_play(card):
            self.lifted = None
            return False
        if self.lifted == card:
            self.lifted = None
            return False
        self.lifted, self.cursor = card, i
        if not self._lift_said:
            self._lift_said = True
            self.hint = (self.ctx.t("safe_lifted"), 2.5)
        return True

    def release(self) -> bool:
        """The finger lifted (or the mouse button): the enlarged card under it goes."""
        was = self.pressed is not None
        self.pressed = None
        return was

    def press(self, name: str) -> bool:
        """The button called ``name`` pressed, as a tap on it does (False: none on screen)."""
        lay = self.layout
        button = next((b for b in lay.buttons if b.name == name), None) if lay is not None else None
        return self.press_button(button or ButtonSpec(name, Rect(0, 0, 0, 0)))

    def press_button(self, b: ButtonSpec) -> bool:
        """A button tapped: the screen's own (menu, the last trick, the count, more), a
        signal toggled, or the intent the button carries sent to the controller."""
        m, name = self.model, b.name
        if name == "menu":
            self.show("home")
            return True
        if name == "last_trick":
            self.show_last = bool(m.last_trick)
            return True
        if name in ("count", "home"):
            self.show("hand_end" if name == "count" else "home")
            return True
        if name == "phones":
            self.show("join")  # the phone seats: codes, free a seat (ui/joinscreen.py)
            return True
        if name == "revoke":
            if m.revoke is not None:
                open_revoke(self.ctx, m.revoke)  # who revoked, then what follows: asked
            return True
        if name == "more":
            self.action_page += 1
            self.relayout(self.size)
            return True
        if not b.enabled:
            return True  # a dimmed slot keeps its place under the finger and does nothing
        if b.signal is not None:
            on = b.signal not in self.signals_on
            (self.signals_on.add if on else self.signals_on.discard)(b.signal)
            self.emit(it.Signal(b.signal, on))
        elif isinstance(b.intent, it.Claim) and self.ctx.ask is not None:
            # chiamarsi fuori wrongly loses the match: never on one tap (issue 13.2)
            self.ctx.ask(self.ctx.t("ask_claim", n=m.claim_points, target=m.target), b.intent)
        elif isinstance(b.intent, it.ZuTun) and self.ctx.ask is not None:
            # zu tun ends the game at once: never on one tap either
            self.ctx.ask(self.ctx.t("ask_zu_tun", card=DECKS[m.deck].code(b.intent.card)), b.intent)
        elif b.intent is not None:
            self.emit(b.intent)
        else:
            return False
        return True

    def refuse(self, card: Card) -> None:
        """A card that may not be played now, tapped: it drops back at once (the hint's card
        raised again, if any) with a short shake and a sound, and the status says why."""
        m = self.model
        self.cursor = m.hand.index(m.hint_card) if m.hint_card in m.hand else None
        self.shake = (card, 0.0)
        self.ctx.play("refuse")
        self._refuse_hint()

    def shaking(self, card: Card, at: float | None = None) -> int:
        """How far (px) ``card`` is shaken sideways now (or ``at`` seconds into its shake)."""
        shaken, t = self.shake
        t = t if at is None else at
        if shaken != card or t >= SHAKE_S:
            return 0
        return round(SHAKE_PX * math.sin(2 * math.pi * 4 * t / SHAKE_S) * (1 - t / SHAKE_S))

    def _refuse_hint(self) -> None:
        """Why a dimmed card does nothing: the suit to follow (or whose turn it is)."""
        m = self.model
        if m.my_turn and m.trick:
            suit = DECKS[m.deck].suit_name(SUIT[m.trick[0].card], self.ctx.lang)
            self.hint = (self.ctx.t("must_follow", suit=suit), 2.0)

    def gives_points_away(self, card: Card) -> bool:
        """Certain loss of value: I play last, an opponent holds the trick, and this card
        (an ace, a 3, a 2 or a court card) neither wins it nor is my only choice."""
        m = self.model
        if not m.trick or len(m.trick) != m.n_seats - 1 or THIRDS[card] == 0 or len(m.playable) < 2:
            return False
        # Who holds the trick and what would take it are the engine's (trump included).
        if m.trick_holder is None or m.side_of(m.trick_holder) == m.side_of(m.me):
            return False
        return card not in m.winning_cards and any(THIRDS[c] < THIRDS[card] for c in m.playable)

    def play(self, card: Card) -> bool:
        """Emit PlayCard if the card may be played now; a dimmed card does nothing.

        With the ``confirm_points`` setting, a card that would give points away
        needs a second tap (the first raises it and says so).
        """
        if not self.can_play(card) or self.since_play < DOUBLE_TAP_S:
            return False
        confirm = self.ctx.settings.get("confirm_points") and card not in self.model.discardable
        if confirm and self.gives_points_away(card) and self._confirm != card:
            self._confirm = card
            self.hint = (self.ctx.t("confirm_play"), 3.0)
            return False
        self._confirm = None
        self.hold = 0.0  # the player is ahead of the animation: let it go
        self.since_play = 0.0
        if card in self.model.discardable:
            self.emit(it.Discard(card))
            return True
        allowed = dict(self.model.signal_options).get(card, ())
        # only the chosen signals this card may carry (a false volo is refused by the engine)
        intent = it.PlayCard(card, tuple(x for x in allowed if x in self.signals_on))
        unsaid = self.declarations_off_screen()
        if unsaid and self.ctx.ask is not None:
            # a declaration offered but behind *More*: the card would let its points go unsaid
            what = ", ".join(describe_declare(self.model.deck, a.kind, a.suit, a.rank, a.missing, self.ctx.lang)
                             for a in unsaid)
            self.ctx.ask(self.ctx.t("ask_declare_first", what=what), intent)
        else:
            self.emit(intent)
        self.signals_on.clear()
        return True

    def declarations_off_screen(self) -> list[DeclareAction]:
        """The declarations offered now that no button on screen shows (a page of *More*)."""
        lay = self.layout
        shown = {b.intent.declare_action for b in (lay.buttons if lay is not None else [])
                 if isinstance(b.intent, it.Declare) and b.enabled}
        return [a for a in self.model.declarable if a not in shown]

    def key(self, key: int) -> bool:
        hand = self.model.hand
        if key in (pygame.K_ESCAPE, pygame.K_BACKSPACE) and (self.show_last or self.show_taken or self.enlarged.active):
            self.show_last = self.show_taken = False
            self.enlarged.close()  # back from the last trick to the table, not home
            return True
        if self.lesson_panel.key(self.model.lesson, key):
            return True
        if key == pygame.K_p:
            self.show_taken = not self.show_taken and self.can_peek()
            self.show_last = False
            return True
        if key == pygame.K_TAB and self.show_taken and tally_available(self.model):
            self.peek_tab = TABS[(TABS.index(self.peek_tab) + 1) % len(TABS)]
            return True
        if key in HAND_KEYCODES:
            i = HAND_KEYCODES[key]
            self.keyboard = True
            if i < len(hand):
                self.cursor = i
                return self.play(hand[i])
            return False
        if key in (pygame.K_LEFT, pygame.K_RIGHT) and hand:
            self.keyboard = True
            step = -1 if key == pygame.K_LEFT else 1
            self.cursor = (0 if step > 0 else len(hand) - 1) if self.cursor is None else (self.cursor + step) % len(hand)
            return True
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and self.cursor is not None and hand:
            return self.play(hand[self.cursor])
        if key in (pygame.K_UP,) and hand:
            # up: the first playable card
            for i, c in enumerate(hand):
                if self.can_play(c):
                    self.cursor = i
                    return True
        if key == pygame.K_t:
            self.show_last = not self.show_last and bool(self.model.last_trick)
            return True
        if key == pygame.K_r:
            self.show("rules")  # this game's rules with pictures; Back comes back here
            return True
        if key == pygame.K_h and self.model.can_hint:
            self.emit(it.Hint())
            return True
        if key == pygame.K_u and self.model.can_undo:
            self.emit(it.Undo())
            return True
        return False

    # ------------------------------------------------------------ time

    def update(self, dt: float) -> None:
        self.since_play += dt
        if self.pressed is not None:
            self.pressed_for += dt
            if self.pressed_for > PRESS_MAX_S:
                self.pressed = None
        if self.shake[1] < SHAKE_S:
            self.shake = (self.shake[0], self.shake[1] + dt)
        if self.picker_note[1] > 0:
            self.picker_note = (self.picker_note[0], self.picker_note[1] - dt)
        if self.hint[1] > 0:
            self.hint = (self.hint[0], self.hint[1] - dt)
        if self.hold > 0:
            self.hold = max(0.0, self.hold - dt)
        for f in self.flights:
            if f.t < f.delay <= f.t + dt:
                self.ctx.play("draw")
            f.t += dt
        self.flights = [f for f in self.flights if not f.done]
        for b in self.banners:
            b.age += dt
        self.banners = [b for b in self.banners if b.age < BANNER_S]

    # ------------------------------------------------------------ drawing

    def style(self) -> str:
        st = self.ctx.settings
        return style_for(self.model.deck, st.get("deck_style", "napoletane"), st.get("german_style", "salzburger"))

    def draw(self, s: pygame.Surface) -> None:
        lay = self.layout
        if lay is None or lay.size != s.get_size():
            self.relayout(s.get_size())
            lay = self.layout
        assert lay is not None
        if self.model.sheet_entry is not None:
            self.sheet_panel.draw(s, self.model)  # score sheet only: no cards on this screen
            return
        s.blit(self.ctx.felt(lay.size), (0, 0))
        hidden, backs = self.hidden_cards()
        self._draw_score(s, lay)
        for area in lay.seats.values():
            self._draw_seat(s, lay, area.seat, hidden, backs.get(area.seat, 0))
        self._draw_talon(s, lay)
        self._draw_trick(s, lay)
        self._draw_hand(s, lay, hidden)
        self._draw_buttons(s, lay)
        self._draw_status(s, lay)
        self._draw_seeded(s, lay)
        self._draw_banners(s, lay)
        self.lesson_panel.draw(s, lay, self.model.lesson, self.lesson_trick(), self.cursor, self.lesson_keep())
        self._draw_pressed(s, lay)
        for f in self.flights:
            if f.t >= f.delay:
                # the card art at its destination size, scaled on the way: no new art per frame
                r = f.rect()
                w, h = f.dst.size
                img = self.ctx.art.face(f.card, w, h, self.style()) if f.card is not None else self.ctx.art.back(w, h, self.style())
                s.blit(pygame.transform.scale(img, r.size) if r.size != (w, h) else img, r)
        if self.show_last:
            self._draw_last_trick(s, lay)
        elif self.show_taken:
            self._draw_taken(s, lay)
        elif self.enlarged.seat is not None:
            self.enlarged.draw(s, lay, self.model, self.seat_name(self.enlarged.seat), self.style())
        self._draw_picker(s, lay)

    def _draw_picker(self, s: pygame.Surface, lay: TableLayout) -> None:
        p = self.model.picker
        if p is None:
            return
        if not self.picker_active():
            draw_button(s, self.ctx, show_button(lay.middle, self.ctx.theme), self.ctx.t("picker_show"),
                        color=(30, 100, 70))
            return
        plo = picker_layout(p, s.get_size(), self.ctx.theme)
        note = self.picker_note[0] if self.picker_note[1] > 0 else self.ctx.say(self.model.message)
        totals = "-".join(map(str, self.model.totals)) if self.model.totals else ""
        draw_picker(s, self.ctx, p, plo, style=self.style(), signals_on=self.signals_on, note=note, totals=totals)

    def _draw_score(self, s: pygame.Surface, lay: TableLayout) -> None:
        """A small table: side, match total, this hand's points in thirds (+ declarations)."""
        m, r = self.model, lay.score
        ctx = self.ctx
        draw_panel(s, r, ctx.theme, 170)
        least = ctx.fonts.min_size
        # the heading row (target, total, hand) only where every row still gets a readable line
        header = (r.h - 4) // (m.n_sides + 1) >= least + 3
        # the heading (dim, the smallest text) takes only its line; the rows share the rest
        line_h = (r.h - 4) // (m.n_sides + (1 if header else 0))
        head_h = line_h
        if header and m.n_sides > 2:
            head_h = min(line_h, least + 3)
            line_h = (r.h - 4 - head_h) // m.n_sides
        fs = min(ctx.fsize(lay.size[1], 0.04), max(least, line_h - 3))
        small = max(least, min(int(fs * 0.8), head_h - 3))
        col_total = r.x + int(r.w * 0.62)
        dim = ctx.theme.text_dim
        y = r.y + 2
        if header:
            yy = y + (head_h - small) // 2
            blit_text(s, ctx, ctx.t("to_target", n=m.target), small, (r.x + 8, yy), color=dim, max_w=int(r.w * 0.3))
            blit_text(s, ctx, ctx.t("total_short"), small, (col_total, yy), anchor="topright", color=dim,
                      max_w=int(r.w * 0.3))
            blit_text(s, ctx, ctx.t("hand_short"), small, (r.right - 6, yy), anchor="topright", color=dim,
                      max_w=int(r.w * 0.3))
            y += head_h
        for side in range(m.n_sides):
            seats = [x.seat for x in m.seats if x.side == side]
            total = m.totals[side] if side < len(m.totals) else 0
            hand = m.side_thirds[side] if side < len(m.side_thirds) else 0
            decl = m.declared[side] if side < len(m.declared) else 0
            yy = y + (line_h - fs) // 2
            self._side_stripe(s, Rect(r.x, y, 8, line_h), side)
            room = col_total - r.x - 6 - fs * 2
            label = self._side_name(side, seats)
            if len(seats) > 1 and any(m.seats[x].name for x in seats if x < len(m.seats)):
                label = fitting_label(ctx, label, fs, room, True)  # "Đurđ. + Jürg." rather than "Đurđa + J…"
            blit_text(s, ctx, label, fs, (r.x + 8, yy), bold=True, max_w=room)
            blit_text(s, ctx, str(total), fs, (col_total, yy), anchor="topright", bold=True)
            extra = f" +{decl}" if decl else ""
            # the ⅓ and ⅔ larger than the digits: readable at 480x320 too (issue 38)
            amount, above = ctx.fonts.amount(f"{thirds_text(hand) or '0'}{extra}", fs, ctx.theme.accent,
                                             max_w=r.right - col_total - 10)
            s.blit(amount, amount.get_rect(topright=(r.right - 6, yy - above)))
            y += line_h

    def _side_name(self, side: int, seats: list[int]) -> str:
        m = self.model
        if m.me in seats and not shared_table(m):
            return self.ctx.t("you") if len(seats) == 1 else self.ctx.t("us")
        if len(seats) == 1:
            return self.seat_name(seats[0])
        return self._pair_name(seats, m.n_sides == 2)

    def _pair_name(self, seats: list[int], two_sides: bool) -> str:
        """A pair not the screen's: "them" against the person at the screen (a computer in it,
        nobody named), else its one name (``Anna + Marco``, ``Seat 1 + 3``: the LED's left
        and right scores are the first and second rows of the score box, named so)."""
        m = self.model
        named = any(m.seats[x].name for x in seats if x < len(m.seats))
        people = all(m.seats[x].kind != "computer" for x in seats if x < len(m.seats))
        if two_sides and not shared_table(m) and not named and not people:
            return self.ctx.t("them")
        return side_name_of(seats, [x.name or None for x in m.seats], self.ctx)

    def _draw_seat(self, s: pygame.Surface, lay: TableLayout, seat: int, hidden: set[Card], n_hidden_backs: int) -> None:
        m, ctx = self.model, self.ctx
        area = lay.seats[seat]
        sm = m.seats[seat]
        turn = m.to_move == seat and not m.hand_over
        lab = area.label
        draw_panel(s, lab, ctx.theme, 150)
        if turn:
            pygame.draw.rect(s, ctx.theme.accent, lab, 2, border_radius=max(4, lab.h // 8))
        self._side_stripe(s, lab, sm.side)
        fs = ctx.fsize(lay.size[1], 0.042)
        small = max(ctx.fonts.min_size, fs - 2)
        name = self.seat_name(seat)
        tricks = ctx.t("tricks_n", n=sm.tricks_won)  # the same words on every plate
        if shared_table(m) and seat == m.me:
            # the shared table's bottom seat: the plate the people at the box read from
            # their chairs, larger than the one across (ui.layout gives it the room)
            fs, small = fs + 3, max(ctx.fonts.min_size + 2, fs)
        if area.position == "top":
            r = blit_text(s, ctx, name, fs, (lab.x + 8, lab.y + 3), bold=True, max_w=lab.w - 12)
            y = r.bottom + 1
            sub = ctx.t(sm.level) if sm.level else ctx.t("table_seat") if sm.kind == "table" else ""
            for line in (sub, tricks):
                if line and y + small <= lab.bottom - 2:
                    r = blit_text(s, ctx, line, small, (lab.x + 8, y), color=ctx.theme.text_dim, max_w=lab.w - 12)
                    y = r.bottom + 1
        elif lab.h >= 2 * small + 4:  # a narrow column: the name, and the tricks under it
            row_h = (lab.h - 2) // 2
            blit_text(s, ctx, name, small, (lab.x + 8, lab.y + 1 + row_h // 2), anchor="midleft", bold=True,
                      max_w=lab.w - 12)
            blit_text(s, ctx, tricks, small, (lab.x + 8, lab.y + 1 + row_h + row_h // 2), anchor="midleft",
                      color=ctx.theme.text_dim, max_w=lab.w - 12)
        else:
            tw = ctx.fonts.text(tricks, small).get_width()
            blit_text(s, ctx, name, small, (lab.x + 8, lab.centery), anchor="midleft", bold=True,
                      max_w=lab.w - 18 - tw)
            blit_text(s, ctx, tricks, small, (lab.right - 6, lab.centery), anchor="midright",
                      color=ctx.theme.text_dim)
        style = self.style()
        w, h = area.card_size
        shown = list(sm.shown)
        n_backs = max(0, sm.hand_count - len(shown))
        for i, r in enumerate(area.cards):
            if i < len(shown):
                if shown[i] in hidden:
                    continue
                s.blit(ctx.art.face(shown[i], w, h, style), r)
            elif i < len(shown) + n_backs - n_hidden_backs:
                s.blit(ctx.art.back(w, h, style), r)
        chip = self.dealer_chip_rect(lay) if m.dealer == seat else None
        if chip is not None:
            # the dealer: a labelled mark over the seat's cards (backs: nothing hidden), drawn
            # after them (under them it showed only where the cards left a gap: "dea")
            self._dealer_chip(s, chip.topleft, lay)

    SIDE_COLOURS = ((250, 204, 72), (120, 180, 255), (240, 120, 120), (170, 230, 140))

    def _side_stripe(self, s: pygame.Surface, r: Rect, side: int) -> None:
        """Partners: a stripe in their side's colour on each plate (and in the score box)."""
        m = self.model
        if m.n_sides >= m.n_seats:
            return  # each for himself (chiamata too: its partner is secret): no sides to mark
        col = self.SIDE_COLOURS[side % len(self.SIDE_COLOURS)]
        pygame.draw.rect(s, col, Rect(r.x + 2, r.y + 3, 4, r.h - 6), border_radius=2)

    def dealer_chip_size(self, lay: TableLayout) -> tuple[int, int]:
        fs = self.ctx.fonts.min_size
        return (self.ctx.fonts.text(self.ctx.t("dealer"), fs, bold=True).get_width() + 10, fs + 6)

    def _dealer_chip(self, s: pygame.Surface, topleft: tuple[int, int], lay: TableLayout) -> Rect:
        """The dealer's mark: "mazziere" on a light pill (it was an unlabelled 10 px deck)."""
        ctx = self.ctx
        w, h = self.dealer_chip_size(lay)
        r = Rect(topleft[0], topleft[1], w, h)
        pygame.draw.rect(s, (245, 236, 200), r, border_radius=h // 2)
        pygame.draw.rect(s, (60, 50, 30), r, 1, border_radius=h // 2)
        blit_text(s, ctx, ctx.t("dealer"), ctx.fonts.min_size, r.center, anchor="center", bold=True, color=(40, 34, 20))
        return r

    def _draw_talon(self, s: pygame.Surface, lay: TableLayout) -> None:
        m, ctx, r = self.model, self.ctx, lay.talon
        if r is None:
            return
        style = self.style()
        label_size = max(10, ctx.fsize(lay.size[1], 0.038))
        if m.widow and not m.talon_left and m.trump_card is None and m.called is None:
            # terziglio's widow (the cards aside): a small pile, face up what this seat may see
            for i in range(min(m.widow, 4)):
                card = m.aside[i] if i < len(m.aside) else None
                img = ctx.art.face(card, r.w, r.h, style) if card is not None else ctx.art.back(r.w, r.h, style)
                s.blit(img, (r.x + i * max(3, r.w // 6), r.y))
            # over the pile, reaching no further right than half a card past it: a seat's bubble
            # may sit there ("Weduwe (2)" at 1280x800 ran under "napoletana in eikels"); a long
            # word moves left instead
            label = f"{ctx.t('widow')} ({m.widow})"
            room = max(x.label.w for x in lay.seats.values()) if lay.seats else r.w * 2
            img = ctx.fonts.fit(label, label_size, room, ctx.theme.text_dim)
            right = min(r.centerx + img.get_width() // 2, r.right + r.w // 2)
            right = max(right, min(img.get_width() + 4, r.right + r.w // 2))  # not off the screen's left
            blit_text(s, ctx, label, label_size, (right, r.y - 4), anchor="bottomright",
                      color=ctx.theme.text_dim, max_w=room)
            return
        if m.called is not None and m.trump_card is None:
            # chiamata: the called card stays in view all hand, with who called it
            s.blit(ctx.art.face(m.called, r.w, r.h, style), r)
            pygame.draw.rect(s, ctx.theme.accent, r.inflate(4, 4), 2, border_radius=max(3, r.w // 10))
            label = said_by("called_by", ctx.lang, self.seat_name(m.caller), self.who(m.caller))
            blit_text(s, ctx, label, label_size, (r.centerx, r.y - 4), anchor="midbottom",
                      color=ctx.theme.accent, bold=True, max_w=max(x.label.w for x in lay.seats.values())
                      if lay.seats else r.w * 2)
            return
        if m.trump_card is not None and m.talon_left == 0 and not self.flights:
            # briscola: the trump card shown where the talon would be; Briscola's, drawn last
            # from under the talon and now in a hand, only as a faded reminder of the suit
            img = ctx.art.face(m.trump_card, r.w, r.h, style)
            if any(d.card == m.trump_card for d in m.draws):
                img = img.copy()
                img.set_alpha(110)
            s.blit(img, r)
            pygame.draw.rect(s, ctx.theme.accent, r.inflate(4, 4), 2, border_radius=max(3, r.w // 10))
            blit_text(s, ctx, ctx.t("trump"), label_size, (r.centerx, r.y - 4), anchor="midbottom",
                      color=ctx.theme.accent, bold=True)
            return
        if m.trump_card is not None:
            # Briscola: the trump turned up across the talon's foot, its index corner clear of it
            img = pygame.transform.rotate(ctx.art.face(m.trump_card, r.w, r.h, style), -90)
            s.blit(img, img.get_rect(midleft=(r.centerx, r.centery)))
        # cards still waiting to fly are still on the talon, as far as the eye is concerned
        left = m.talon_left + sum(1 for f in self.flights if f.t < f.delay)
        if left > 0:
            layers = min(4, max(1, left // 5 + 1))
            for i in range(layers):
                s.blit(ctx.art.back(r.w, r.h, style), (r.x + i * 2, r.y - i * 2))
            fs = ctx.fsize(lay.size[1], 0.05)
            badge = Rect(0, 0, fs * 2 + 4, fs + 6)
            badge.center = (r.right - 2, r.bottom - 4)
            pygame.draw.rect(s, ctx.theme.accent, badge, border_radius=badge.h // 2)
            blit_text(s, ctx, str(left), fs, badge.center, color=(30, 30, 30), bold=True, anchor="center")
        else:
            pygame.draw.rect(s, ctx.theme.felt_dark, r, 2, border_radius=6)
        blit_text(s, ctx, ctx.t("talon"), label_size, (r.centerx, r.y - 4),
                  anchor="midbottom", color=ctx.theme.text_dim)

    def _trick_shown(self) -> tuple[PlayedCard, ...]:
        m = self.model
        if self.hold > 0 and m.last_trick and len(m.trick) == 0:
            return m.last_trick
        if self.hold > 0 and m.last_trick and m.trick:
            return m.last_trick
        return m.trick

    def _draw_trick(self, s: pygame.Surface, lay: TableLayout) -> None:
        style = self.style()
        for pc in self._trick_shown():
            r = lay.trick_slots.get(pc.seat)
            if r is None:
                continue
            s.blit(self.ctx.art.face(pc.card, r.w, r.h, style), r)

    def _draw_hand(self, s: pygame.Surface, lay: TableLayout, hidden: set[Card]) -> None:
        m, ctx = self.model, self.ctx
        style = self.style()
        w, h = lay.card_size
        my_turn = m.my_turn
        fresh = self.just_drawn()
        for i, (card, r) in enumerate(lay.hand):
            if card in hidden:
                continue
            rr = r.move(self.shaking(card), -lay.lift if i == self.cursor else 0)
            if (my_turn or m.discardable) and not self.can_play(card):
                img = ctx.art.dimmed(card, w, h, style, ctx.theme.dim_alpha)
            else:
                img = ctx.art.face(card, w, h, style)
            s.blit(img, rr)
            if card in fresh:
                # the card just drawn from the talon: a mark on its top edge until the next trick
                pygame.draw.rect(s, ctx.theme.accent, Rect(rr.x + 3, rr.y - 4, rr.w - 6, 5), border_radius=2)
            if my_turn and card in m.playable and i == self.cursor:
                pygame.draw.rect(s, ctx.theme.accent, rr.inflate(4, 4), 3, border_radius=max(3, w // 12))
        if self.keyboard:
            self._draw_hand_keys(s, lay, hidden)

    def pressed_rect(self, lay: TableLayout) -> Rect | None:
        """Where the card under the finger is shown enlarged: above the hand, centred over the
        card touched, inside the screen; None on a screen tall enough to read the hand."""
        if self.pressed is None or lay.size[1] > PRESS_ZOOM_MAX_H:
            return None
        w, h = lay.card_size
        big = Rect(0, 0, int(w * PRESS_ZOOM), int(h * PRESS_ZOOM))
        _, under = self.pressed
        big.midbottom = (under.centerx, under.y - lay.lift - 4)
        return big.clamp(Rect(0, 0, *lay.size))

    def _draw_pressed(self, s: pygame.Surface, lay: TableLayout) -> None:
        r = self.pressed_rect(lay)
        if r is None or self.pressed is None:
            return
        s.blit(rounded(r.inflate(10, 10).size, (0, 0, 0), 90, 10), r.inflate(10, 10).move(3, 3))
        s.blit(self.ctx.art.face(self.pressed[0], r.w, r.h, self.style()), r)
        pygame.draw.rect(s, self.ctx.theme.accent, r.inflate(4, 4), 3, border_radius=max(3, r.w // 12))

    def _draw_hand_keys(self, s: pygame.Surface, lay: TableLayout, hidden: set[Card]) -> None:
        """Each card's key on a small plate at the foot of its visible part (once a key was
        used: a touch player never sees them)."""
        ctx = self.ctx
        fs = max(ctx.fonts.min_size, ctx.fsize(lay.size[1], 0.036))
        for i, (card, hit) in enumerate(lay.hand_hit[:len(HAND_KEYS)]):
            if card in hidden:
                continue
            r = hit.move(0, -lay.lift) if i == self.cursor else hit
            plate = Rect(0, 0, min(hit.w - 4, fs + 8), fs + 6)
            plate.bottomleft = (r.x + 2, r.bottom - 3)
            draw_panel(s, plate, ctx.theme, 230)
            blit_text(s, ctx, HAND_KEYS[i], fs, plate.center, anchor="center", bold=True, color=ctx.theme.accent)

    def _draw_buttons(self, s: pygame.Surface, lay: TableLayout) -> None:
        m, ctx = self.model, self.ctx
        for b in lay.buttons:
            match b.intent:
                case it.Declare(declare_action=d):
                    # the engine's legal declaration names the suit a three lacks; one made
                    # already stays in its place, dimmed (the bar never moves)
                    text = self.declare_label(d, b.rect)
                    draw_button(s, ctx, b.rect, text, color=(150, 90, 20) if b.enabled else None,
                                enabled=b.enabled)
                case it.ZuTun(card=card):
                    text = f"{ctx.t('zu_tun_btn')} {DECKS[m.deck].code(card)}"
                    draw_button(s, ctx, b.rect, text, color=ctx.theme.danger)
                case it.Call(card=card):
                    deck = DECKS[m.deck]
                    text = f"{ctx.t('call')} {deck.ranks[RANK[card]]} {deck.suit_name(SUIT[card], ctx.lang)}"
                    draw_button(s, ctx, b.rect, text)
                case _ if b.signal is not None:
                    text = ctx.label("sig_" + b.signal)
                    if " (" in text and not self._label_fits(text, b.rect):
                        text = text.split(" (")[0]  # the signal's name without its gloss ("volo (my last)")
                    draw_button(s, ctx, b.rect, text, selected=b.signal in self.signals_on, enabled=b.enabled)
                case it.Hint() | it.Undo() if not self._label_fits(ctx.label(b.label), b.rect):
                    # a narrow cell (under the right seat at 480x320): the sign instead of the word
                    draw_button(s, ctx, b.rect, "?" if isinstance(b.intent, it.Hint) else "↶", enabled=b.enabled)
                case _ if b.name == "menu":
                    self._menu_icon(s, b.rect)
                case _ if b.name == "revoke":
                    # real cards: *Revoke!* (docs/box.md, "A revoke"); a narrow cell: smaller words
                    text = ctx.label(b.label)
                    fs = max(ctx.fonts.min_size, min(20, b.rect.h // 2))
                    while fs > ctx.fonts.min_size and ctx.fonts.font(fs, True).size(text)[0] > b.rect.w - 6:
                        fs -= 1
                    draw_button(s, ctx, b.rect, text, color=(140, 95, 20), size=fs)
                case _:
                    draw_button(s, ctx, b.rect, ctx.label(b.label), enabled=b.enabled)

    def declare_label(self, d: DeclareAction, r: Rect) -> str:
        """The longest name of the declaration ``d`` that fits ``r`` whole, with its points
        first (the missing suit is kept by every one: i18n.declare_labels); the shortest
        when none does."""
        m = self.model
        labels = declare_labels(m.deck, d.kind, d.suit, d.rank, d.missing, self.ctx.lang)
        if d in m.declarable and len(m.declarable_points) == len(m.declarable):
            # its points first, where they fit: "napoletana di coppe: 4 punti" (as the sheet says it)
            n = m.declarable_points[m.declarable.index(d)]
            labels = [self.ctx.t("sh_decl_points", what=labels[0], n=n), *labels]
        return next((t for t in labels if self._label_fits(t, r)), labels[-1])

    def _label_fits(self, text: str, r: Rect) -> bool:
        """The label fits ``r`` whole at the smallest size, on one line or on the two lines
        draw_button splits it into."""
        font = self.ctx.fonts.font(min_button_px(self.size[1] or 480), True)
        if font.size(text)[0] <= r.w - 8:
            return True
        words = text.split(" ")
        if len(words) < 2 or r.h < 36:
            return False
        half = min(range(1, len(words)), key=lambda i: abs(len(" ".join(words[:i])) - len(" ".join(words[i:]))))
        return all(font.size(" ".join(x))[0] <= r.w - 8 for x in (words[:half], words[half:]))

    def _menu_icon(self, s: pygame.Surface, r: Rect) -> None:
        th = self.ctx.theme
        pygame.draw.rect(s, th.button, r, border_radius=r.h // 4)
        pygame.draw.rect(s, th.button_edge, r, 2, border_radius=r.h // 4)
        for i in (-1, 0, 1):
            y = r.centery + i * r.h // 5
            pygame.draw.line(s, th.button_text, (r.x + r.w // 4, y), (r.right - r.w // 4, y), max(2, r.h // 14))

    def status_text(self, m: TableModel) -> tuple[str, tuple[int, int, int]]:
        """What the status row says now, and in which colour ("" for nothing)."""
        ctx = self.ctx
        if self.hint[1] > 0:
            return self.hint[0], (255, 190, 150)
        waits = m.declare_prompt and m.me < len(m.seats)
        if waits and isinstance(m.message, Message) and m.message.key in ("m_new_game", "m_new_lesson"):
            # the hand-start declaration waits for me: that is what the status asks for
            return ctx.t("declare_turn"), ctx.theme.accent
        if m.message:
            said = ctx.say(m.message)
            # a hint on screen (its card raised) says whose turn it is: its reason gets the room
            return (f"{ctx.t('your_turn')} · {said}" if m.my_turn and m.hint_card is None else said), ctx.theme.text
        if m.hand_over:
            return "", ctx.theme.text
        if word := self.table_word():
            return (f"{ctx.t('your_turn')} · {word}" if m.my_turn else word), ctx.theme.text
        if m.declare_prompt and m.me < len(m.seats):
            # the table waits for my accusi: no card is played, by me or a computer, before them
            return ctx.t("declare_turn"), ctx.theme.accent
        if m.discardable:
            return ctx.t("discard"), ctx.theme.accent
        if m.my_turn:
            return ctx.t("your_turn"), ctx.theme.accent
        if m.to_move is not None and m.to_move < len(m.seats):
            sm = m.seats[m.to_move]
            key = "thinking" if sm.kind == "computer" else ("play_real_card" if sm.kind == "table" else "waits")
            return ctx.t(key, name=self.seat_name(m.to_move)), ctx.theme.text
        return "", ctx.theme.text

    def _draw_seeded(self, s: pygame.Surface, lay: TableLayout) -> None:
        """A seeded run (``--seed``) says so, small and dim: its deals can be repeated by
        anyone who knows the seed. Unseeded play shows nothing (no seed reaches the model)."""
        seed = self.model.seeded
        if seed is None:
            return
        ctx = self.ctx
        surf = ctx.fonts.fit(ctx.t("seeded_mark", n=str(seed)), ctx.fonts.min_size, lay.size[0] // 4,
                             ctx.theme.text_dim)
        box = seeded_place(lay, surf.get_rect().inflate(6, 0).size)
        draw_panel(s, box, ctx.theme, 120)
        s.blit(surf, surf.get_rect(center=box.center))

    def _draw_status(self, s: pygame.Surface, lay: TableLayout) -> None:
        m, ctx = self.model, self.ctx
        if m.me < len(m.seats) and (m.seats[m.me].kind == "phone" or shared_table(m)):
            # a shared table (phones, real cards): nobody at the screen is "you"
            m = replace(m, me=len(m.seats))
        r = lay.status
        text, color = self.status_text(m)
        mine = m.dealer == m.me and m.show_hand and not m.hand_over
        chip_w, chip_h = self.dealer_chip_size(lay)
        icon_w = chip_w + 6 if mine else 0
        if not text:
            if mine:  # my own dealer mark, where the status would be
                self._dealer_chip(s, (r.x + 2, r.centery - chip_h // 2), lay)
            return
        r, lines, fs, grown = self._status_lines(lay, text, Rect(r.x + icon_w, r.y, r.w - icon_w, r.h))
        surfs = [ctx.fonts.fit(x, fs, r.w - 16, color, bold=True) for x in lines]
        w = max(x.get_width() for x in surfs)
        h = sum(x.get_height() for x in surfs)
        box = Rect(0, 0, w + 16, max(h + 4, min(r.h, h + 6)))
        box.center = r.center
        if grown:
            box.bottom = r.bottom
        raised = self.raised_index(lay)
        if raised is not None and box.colliderect(raised):
            # clear of the raised card's index (the hint's): up into the row's own room, as far
            # as the trick's cards allow (issue 38)
            slots = [lay.trick_slots[pc.seat] for pc in self._trick_shown() if pc.seat in lay.trick_slots]
            above = [t.bottom + 1 for t in slots if t.x < box.right and box.x < t.right]
            box.h = min(box.h, h + 2)  # the least padding: every pixel counts at 480x320
            box.bottom = max(min(box.bottom, raised.y), max(above, default=0) + box.h)
        if m.n_seats > 2:
            box.left = r.left  # the row's left end, clear of the action buttons
        draw_panel(s, box, ctx.theme, 160)
        if mine and not grown:  # my own dealer mark, just left of the status (the others': on their plates)
            self._dealer_chip(s, (box.x - icon_w, box.centery - chip_h // 2), lay)
        elif mine and box.x - chip_w - 4 >= lay.status.x:  # the status grew: the mark stays in the row
            self._dealer_chip(s, (box.x - chip_w - 4, lay.status.centery - chip_h // 2), lay)
        y = box.centery - h // 2
        for surf in surfs:
            s.blit(surf, surf.get_rect(midtop=(box.centerx, y)))
            y += surf.get_height()

    def raised_index(self, lay: TableLayout) -> Rect | None:
        """The corner index of the card raised in my hand (the hint's, or the cursor's)."""
        if self.cursor is None or not 0 <= self.cursor < len(lay.hand):
            return None
        r = lay.hand[self.cursor][1].move(0, -lay.lift)
        edge = max(3, r.h // 14)  # the card's margin above its rank letter
        return Rect(r.x, r.y + edge, max(10, r.w * 3 // 10), r.h * 3 // 10 - edge)

    def _status_lines(self, lay: TableLayout, text: str, r: Rect) -> tuple[Rect, list[str], int, bool]:
        """Where the status ``text`` goes (``r``: the row left of my dealer mark), its lines,
        their font size and whether it left the row: one line in the row; above the
        declarations when they hold the row (layout.status_room); two lines when too long
        for one even at the smallest size, and a third line rather than words lost."""
        fonts = self.ctx.fonts
        fs = self.ctx.fsize(lay.size[1], 0.05)
        lines = [text]
        grown = False
        if r.w < 90 and lay.status_room.w >= 90:
            # the declarations hold the row: the status above them (layout.status_room)
            room = lay.status_room
            r = Rect(room.x, max(room.y, room.bottom - r.h), room.w, min(r.h, room.h))
            grown = True
        if fonts.font(fonts.min_size, True).size(text)[0] > r.w - 16:
            # too long for one line even at the smallest size: two lines
            fs = max(fonts.min_size, (r.h - 4) // 2 - 1)
            lines = bubble_lines(fonts, text, fs, r.w - 16)
            if len(lines) > 2:  # the smallest size, and a third line rather than words lost
                fs = fonts.min_size
                r, lines, higher = self._status_three_lines(lay, text, r, fs)
                grown = grown or higher
        return r, lines, fs, grown

    def _status_three_lines(self, lay: TableLayout, text: str, r: Rect, fs: int) -> tuple[Rect, list[str], bool]:
        """The status at the smallest size in three lines or more: the box grows upwards
        (layout.status_room, clear of the bubbles shown there) when the row cannot hold them."""
        fonts = self.ctx.fonts
        lines = bubble_lines(fonts, text, fs, r.w - 16)
        room = lay.status_room.copy()
        for seat in self.said():  # clear of the bubbles shown there
            b = lay.bubbles.get(seat)
            if b is not None and b.colliderect(room) and b.bottom < lay.status.y:
                room.h, room.y = room.bottom - b.bottom - 4, b.bottom + 4
        higher = False
        if len(lines) * fonts.font(fs, True).get_linesize() > r.h - 4 and room.h > r.h:
            # more lines than the row holds: the box grows upwards (layout.status_room)
            r = Rect(room.x, room.y, room.w, room.h)
            lines = bubble_lines(fonts, text, fs, r.w - 16)
            higher = True
        return r, lines[:max(3, (r.h - 4) // fonts.font(fs, True).get_linesize())], higher

    def _draw_banners(self, s: pygame.Surface, lay: TableLayout) -> None:
        """Bubbles beside the seats that spoke (never over the trick: layout.bubbles), each
        with a tail pointing at its speaker; my own also says "Du:" (it may have to sit
        where no seat of mine is near)."""
        ctx = self.ctx
        speakers = speaker_areas(self.model, lay)
        for seat, text in self.said().items():
            r = lay.bubbles.get(seat)
            if r is None:
                continue  # no room beside that seat: the status line says it
            if seat == self.model.me:
                text = ctx.t("i_say", text=text)
            fonts = ctx.fonts
            fs = min(ctx.fsize(lay.size[1], 0.042), int(r.h * 0.62))
            lines = [text]
            if fonts.font(fs, True).size(text)[0] > r.w - 14:
                fs = max(fonts.min_size, min(fs, (r.h - 4) // 2 - 2))
                lines = bubble_lines(fonts, text, fs, r.w - 14)
                while len(lines) > 2 and fs > fonts.min_size:  # two lines, smaller, rather than cut
                    fs -= 1
                    lines = bubble_lines(fonts, text, fs, r.w - 14)
                if len(lines) > 2 and " (" in text:
                    # the aside in brackets ("(manca denari)") goes first: the declared cards
                    # lie face up on the seat; the rest stays whole at 11 px (480x320)
                    short = re.sub(r" \([^)]*\)", "", text)
                    if len(bubble_lines(fonts, short, fs, r.w - 14)) <= 2:
                        lines = bubble_lines(fonts, short, fs, r.w - 14)
                if len(lines) > 2:
                    lines = [lines[0], " ".join(lines[1:])]
            surfs = [fonts.fit(x, fs, r.w - 14, ctx.theme.banner_text, bold=True) for x in lines]
            box = Rect(r.x, r.y, min(r.w, max(x.get_width() for x in surfs) + 14), r.h)
            who = speakers.get(seat)
            if who is not None:  # the box leans towards its speaker within its place
                if who.centerx >= r.right - r.w // 3:
                    box.right = r.right
                elif who.centerx > r.x + r.w // 3:
                    box.centerx = r.centerx
                pygame.draw.polygon(s, ctx.theme.banner, bubble_tail(box, who))
            s.blit(rounded(box.size, ctx.theme.banner, 240, box.h // 3), box)
            note_panel(s, box)
            h = sum(x.get_height() for x in surfs)
            y = box.centery - h // 2
            for surf in surfs:
                s.blit(surf, (box.x + 7, y))
                y += surf.get_height()

    def table_word(self) -> str:
        """The newest thing the table says (no seat), or a seat's words with no bubble room."""
        lay = self.layout
        for b in reversed(self.banners):
            if b.seat is None:
                return b.text
        if lay is not None:
            said = self.said()
            newest = [b.seat for b in reversed(self.banners) if b.seat is not None]
            for seat in [*newest, *said]:  # the newest words first, then the signals
                if seat in said and seat not in lay.bubbles:
                    return f"{self.seat_name(seat)}: {said[seat]}"
        return ""

    def taken_rows(self) -> list[tuple[str, tuple[Card, ...]]]:
        """Per side, the person's first: its name and the cards it took this hand, by suit.
        All of it public: every card of a trick was played face up (RULES.md §4)."""
        m, t = self.model, self.ctx.t
        mine = m.side_of(m.me)
        order = [mine, *(x for x in range(len(m.side_cards)) if x != mine)] if mine < len(m.side_cards) else []
        out = []
        for side in order:
            seats = [x.seat for x in m.seats if x.side == side]
            if side == mine and m.show_hand:
                name = t("you") if len(seats) == 1 else t("us")
            elif len(seats) == 1:
                name = self.seat_name(seats[0])
            else:
                name = self._pair_name(seats, len(order) == 2)
            tricks = len(m.side_cards[side]) // max(1, m.n_seats)
            out.append((f"{name} · {t('tricks_n', n=tricks)}", tuple(sorted(m.side_cards[side]))))
        return out

    def can_peek(self) -> bool:
        """The peek at the tricks taken (a tap on the score, P): once a trick was taken, or
        at any time in practice, where it also shows the cards played by suit."""
        return any(self.model.side_cards) or tally_available(self.model)

    def peek_panel(self, lay: TableLayout) -> Rect:
        W, H = lay.size
        pad = max(6, W // 80)
        return Rect(pad, pad, W - 2 * pad, H - 2 * pad)

    def _draw_taken(self, s: pygame.Surface, lay: TableLayout) -> None:
        """The cards each side took this hand, a row per side, over the dimmed table; in
        practice two tabs over it, the other one the cards played so far by suit."""
        ctx = self.ctx
        W, H = lay.size
        s.blit(rounded((W, H), (0, 0, 0), 150, 0), (0, 0))
        rows = self.taken_rows()
        fs = max(ctx.fonts.min_size, ctx.fsize(H, 0.045))
        panel = self.peek_panel(lay)
        pad = panel.x
        tabs = tally_available(self.model)
        if not rows and not tabs:
            return
        draw_panel(s, panel, ctx.theme, 255 if tabs else 235)  # the faint cards over the panel, not the table
        if tabs:
            draw_tabs(s, ctx, panel, self.peek_tab)
            top = max(r.bottom for r in tab_rects(panel, ctx.theme.min_touch).values()) + 6
            if self.peek_tab == "played":
                draw_tally(s, ctx, self.model, panel, top, self.style())
                return
        else:
            blit_text(s, ctx, ctx.t("taken_title"), fs + 2, (panel.centerx, panel.y + 6), anchor="midtop", bold=True)
            top = panel.y + fs + 16
        if not rows:
            return
        band = (panel.bottom - pad - top) // len(rows)
        ch = max(16, min(band - fs - 10, int(W * 0.11)))
        cw = int(ch * 0.62)
        for i, (label, cards) in enumerate(rows):
            y = top + i * band
            blit_text(s, ctx, label, fs, (panel.x + 10, y), bold=True, color=ctx.theme.accent, max_w=panel.w - 20)
            if not cards:
                continue
            room = panel.w - 20
            step = min(cw + 3, max(4, (room - cw) // max(1, len(cards) - 1))) if len(cards) > 1 else cw
            for k, card in enumerate(cards):
                r = Rect(panel.x + 10 + k * step, y + fs + 6, cw, ch)
                s.blit(ctx.art.face(card, cw, ch, self.style()), r)

    def _draw_last_trick(self, s: pygame.Surface, lay: TableLayout) -> None:
        """The last trick in the order played, each card over its player's name on a plate of
        its own (four names side by side ran into one another at 800x480), the taker's
        framed, the signals under the name."""
        m, ctx = self.model, self.ctx
        W, H = lay.size
        s.blit(rounded((W, H), (0, 0, 0), 150, 0), (0, 0))
        fs = ctx.fsize(H, 0.05)
        nfs = max(ctx.fonts.min_size, fs - 2)
        names = [self.seat_name(pc.seat) for pc in m.last_trick]
        widths = [ctx.fonts.font(nfs, True).size(x)[0] + 12 for x in names]
        cells = last_trick_cells(lay.trick_size, widths, (W, H), nfs)
        if not cells:
            return
        top = min(c.y for c, _ in cells) - fs - 14
        bottom = max(p.bottom for _, p in cells) + (nfs + 6 if any(pc.signals for pc in m.last_trick) else 0)
        left, right = min(c.x for _, c in cells), max(c.right for _, c in cells)
        draw_panel(s, Rect(left - 10, top - 6, right - left + 20, bottom - top + 14), ctx.theme, 235)
        blit_text(s, ctx, ctx.t("last_trick"), fs, (W // 2, top), anchor="midtop", bold=True)
        for pc, name, (card, plate) in zip(m.last_trick, names, cells, strict=True):
            s.blit(ctx.art.face(pc.card, card.w, card.h, self.style()), card)
            won = pc.seat == m.last_winner
            if won:
                pygame.draw.rect(s, ctx.theme.accent, card.inflate(6, 6), 3, border_radius=6)
            draw_panel(s, plate, ctx.theme, 220)
            blit_text(s, ctx, name, nfs, plate.center, anchor="center", max_w=plate.w - 8,
                      color=ctx.theme.accent if won else None, bold=True)
            if pc.signals:
                said = ", ".join(ctx.label("sig_" + x) for x in pc.signals)
                blit_text(s, ctx, said, nfs, (plate.centerx, plate.bottom + 3), anchor="midtop",
                          color=ctx.theme.accent, bold=True, max_w=plate.w + 4)


def last_trick_cells(card: tuple[int, int], name_w: list[int], size: tuple[int, int],
                     font_px: int) -> list[tuple[Rect, Rect]]:
    """The last-trick review's places: per card played, the card and its name plate under
    it. Each column is as wide as its card or its name, whichever is wider, with a clear
    gap between columns; the cards shrink if the row would not fit the screen."""
    W, H = size
    n = len(name_w)
    if not n:
        return []
    w, h = card
    gap = max(10, w // 4)
    margin = max(8, W // 40)
    cols = [max(w, nw) for nw in name_w]
    total = sum(cols) + (n - 1) * gap
    if total > W - 2 * margin:  # narrower cards; a name keeps its size
        room = (W - 2 * margin - (n - 1) * gap) // n
        w, h = min(w, room), int(h * min(w, room) / w)
        cols = [max(w, min(nw, room)) for nw in name_w]
        total = sum(cols) + (n - 1) * gap
    plate_h = font_px + 10
    x = (W - total) // 2
    y = (H - h - plate_h - 6) // 2
    out = []
    for cw in cols:
        c = Rect(x + (cw - w) // 2, y, w, h)
        out.append((c, Rect(x, c.bottom + 6, cw, plate_h)))
        x += cw + gap
    return out


GLUE = "\u00a0"  # a space no line breaks at


def bubble_lines(fonts: Fonts, text: str, size: int, max_w: int) -> list[str]:
    """A bubble's text in lines, never breaking inside "= 3" (a declaration's points stay
    with it: "napoletana di" / "coppe = 3", not "napoletana di coppe" / "= 3")."""
    glued = re.sub(r" = (\S+)", lambda mt: f"{GLUE}={GLUE}{mt.group(1)}", text)
    return [x.replace(GLUE, " ") for x in fonts.wrap(glued, size, max_w, bold=True)]


def count_lines(model: TableModel, side: int) -> dict[str, int]:
    """The count of one side for the end-of-hand screen (seed 002 style)."""
    # Counted by the engine (View.unit_counts): the screen only lays it out.
    aces, thirds, last, total_thirds = (
        model.side_counts[side] if side < len(model.side_counts) else (0, 0, 0, 0)
    )
    return {"aces": aces, "thirds": thirds, "last": last, "total_thirds": total_thirds}
