"""The table screen: the hand, the other seats, the talon, the trick, banners.

Input: a tap on a bright card plays it (``PlayCard``); a dimmed card does
nothing. Keys 1-9 and 0 play the n-th card, arrows move a cursor and Enter
plays it (seed 002). Buttons: declare, zu tun, claim, signals, last trick, menu.

Animation: every talon draw flies from the talon to the drawing hand, face
up where draws are shown; a finished trick stays in the middle a moment
before the draws start. The cards in flight are hidden at their destination
until they land, so nothing is drawn twice (ui/flights.py).

This screen owns the table's state (the model, the cursor, the lifted and pressed
card, the flights, the bubbles, the overlays) and its input; each part is drawn by a
module of its own: ui/score_box.py, ui/seat_plates.py (seats, dealer's mark, talon),
ui/trick_view.py (the trick, the last trick), ui/hand_view.py, ui/action_bar.py,
ui/status_row.py, ui/bubbles.py, ui/taken_tricks.py.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

import pygame
from pygame import Rect

from firmware.engine.actions import Declare as DeclareAction
from firmware.engine.cards import DECKS, SUIT, THIRDS, Card
from ui import intents as it
from ui.action_bar import declare_label, draw_buttons, label_fits
from ui.bubbles import LiveBanner, draw_bubbles
from ui.cards import style_for
from ui.flights import Flight, draw_flights, new_flights
from ui.hand_view import HAND_KEYCODES, draw_hand, draw_pressed, pressed_rect, raised_index
from ui.i18n import (
    CardName,
    arg_text,
    describe_declare,
    has,
    msg,
    said_by,
    tr,
)
from ui.layout import (
    ButtonSpec,
    TableLayout,
    table_layout,
)
from ui.lesson import LessonPanel, lesson_layout
from ui.model import NO_GAME, Banner, PlayedCard, TableModel
from ui.picker import PickerLayout, draw_picker, open_revoke, picker_layout, reason_of, show_button
from ui.played_cards import TABS, tab_rects, tally_available
from ui.score_box import draw_score
from ui.seat_plates import dealer_chip_size, draw_seat, draw_talon
from ui.sheetentry import SheetEntryPanel, entry_layout
from ui.shown_cards import ShownCards, seat_at
from ui.speed import speed_of
from ui.status_row import draw_seeded, draw_status, status_text
from ui.taken_tricks import draw_taken, peek_panel, taken_rows
from ui.trick_view import draw_last_trick, draw_trick
from ui.widgets import Ctx, draw_button, is_own_seat, seat_name

BANNER_S = 3.5
DOUBLE_TAP_S = 0.35  # two taps closer than this are one (a double tap plays one card)
PRESS_MAX_S = 4.0  # an enlarged card whose finger-up never came (the screen changed) goes after this
SHAKE_S, SHAKE_PX = 0.4, 7  # a refused card shakes sideways this long, this far


class TableScreen:
    name = "table"

    def __init__(self, ctx: Ctx, emit: Callable[[it.Intent], None],
                 show: Callable[[str], None] | None = None) -> None:
        self.ctx = ctx
        self.emit = emit
        self.show = show or (lambda name: emit(it.ShowScreen(name)))
        self.model = NO_GAME
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
        self._game_model = NO_GAME  # the last model with a game: what "new" is measured against
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
        self.flights.extend(new_flights(model, lay, lay.talon, draws, start))

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
        w, h = dealer_chip_size(self.ctx)
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
        in_hand = self.hand_key(key, hand)
        if in_hand is not None:
            return in_hand
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

    def hand_key(self, key: int, hand: Sequence[Card]) -> bool | None:
        """The hand's keys: a card's own key plays it, the arrows move the cursor, Enter plays
        the card under it, Up goes to the first playable card. None: not a hand's key here."""
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
        return None

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
        m, ctx, style = self.model, self.ctx, self.style()
        draw_score(s, ctx, m, lay)
        for area in lay.seats.values():
            chip = self.dealer_chip_rect(lay) if m.dealer == area.seat else None
            draw_seat(s, ctx, m, lay, area.seat, hidden, backs.get(area.seat, 0), style, chip)
        draw_talon(s, ctx, m, lay, style, bool(self.flights), sum(1 for f in self.flights if f.t < f.delay))
        draw_trick(s, ctx, lay, self._trick_shown(), style)
        draw_hand(s, ctx, m, lay, hidden, style, self.cursor, self.keyboard, self.just_drawn(), self.shaking,
                  self.can_play)
        draw_buttons(s, ctx, m, lay, self.signals_on, self.size[1])
        draw_status(s, ctx, m, lay, self.status_text, raised_index(lay, self.cursor), self._trick_shown(), self.said())
        draw_seeded(s, ctx, m, lay)
        draw_bubbles(s, ctx, m, lay, self.said())
        self.lesson_panel.draw(s, lay, self.model.lesson, self.lesson_trick(), self.cursor, self.lesson_keep())
        draw_pressed(s, ctx, lay, self.pressed, style)
        draw_flights(s, ctx, self.flights, style)
        if self.show_last:
            draw_last_trick(s, self.ctx, self.model, lay, self.style())
        elif self.show_taken:
            draw_taken(s, self.ctx, self.model, lay, self.peek_tab, self.style())
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

    def _trick_shown(self) -> tuple[PlayedCard, ...]:
        m = self.model
        if self.hold > 0 and m.last_trick and len(m.trick) == 0:
            return m.last_trick
        if self.hold > 0 and m.last_trick and m.trick:
            return m.last_trick
        return m.trick

    def pressed_rect(self, lay: TableLayout) -> Rect | None:
        """Where the card under the finger is shown enlarged (ui.hand_view.pressed_rect)."""
        return pressed_rect(self.pressed, lay)

    def declare_label(self, d: DeclareAction, r: Rect) -> str:
        """The longest name of the declaration ``d`` that fits ``r`` (ui.action_bar.declare_label)."""
        return declare_label(self.ctx, self.model, d, r, self.size[1])

    def _label_fits(self, text: str, r: Rect) -> bool:
        return label_fits(self.ctx, text, r, self.size[1])

    def status_text(self, m: TableModel) -> tuple[str, tuple[int, int, int]]:
        """What the status row says now, and in which colour (ui.status_row.status_text)."""
        return status_text(self.ctx, m, self.hint, self.table_word, self.seat_name)

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
        """Per side, the person's first: its name and the cards it took (ui.taken_tricks)."""
        return taken_rows(self.ctx, self.model)

    def can_peek(self) -> bool:
        """The peek at the tricks taken (a tap on the score, P): once a trick was taken, or
        at any time in practice, where it also shows the cards played by suit."""
        return any(self.model.side_cards) or tally_available(self.model)

    def peek_panel(self, lay: TableLayout) -> Rect:
        return peek_panel(lay)


def count_lines(model: TableModel, side: int) -> dict[str, int]:
    """The count of one side for the end-of-hand screen (seed 002 style)."""
    # Counted by the engine (View.unit_counts): the screen only lays it out.
    aces, thirds, last, total_thirds = (
        model.side_counts[side] if side < len(model.side_counts) else (0, 0, 0, 0)
    )
    return {"aces": aces, "thirds": thirds, "last": last, "total_thirds": total_thirds}
