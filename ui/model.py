"""The view-model: one frozen snapshot of everything the screen shows.

The controller builds a :class:`TableModel` after every change, from the
engine :class:`~firmware.engine.view.View` of the seat at the screen plus the
facts only the app knows (who sits where, match totals, messages, stats,
whether a game can be resumed)::

    model = model_from_view(
        match.view_for(0),
        seats=(SeatSpec("human"), SeatSpec.cpu("hard")), names=("Anna", ""),
        totals=tuple(match.totals), match_over=match.finished, winner=match.winner,
        resumable=store.has_journal(), stats=stats,
        message=msg("r_not_held", card=CardName("italian", card)),
    )

Seat names left empty (the computer's above, every seat without ``names``) are
named by the screen in its language. Messages are :class:`ui.i18n.Message` values (a
catalogue key + arguments), never English text: the screen translates them.
    ui.set_model(model)

Without a hand in play (at power-on) pass ``TableModel(resumable=..., stats=...)``.

Everything here is plain data: the layout is a pure function of it and the
screen size, so the tests build models from seeded engine hands, no display.

The four-player extensions (signals on plays, claims, calls, the trump card)
have their fields already: :class:`PlayedCard.signals`, :attr:`TableModel.banners`,
``can_claim``, ``call_choices``, ``signal_choices``, ``trump_card``. The
builder fills them from the View; the controller can pass banners of its own.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal, TypedDict

from firmware.engine.actions import Call, Claim, Discard, Play, ZuTun
from firmware.engine.actions import Declare as DeclareAction
from firmware.engine.cards import Card
from firmware.engine.declarations import Declaration
from firmware.engine.errors import IllegalAction
from firmware.engine.lessons import declarable_now
from firmware.engine.offers import action_kinds
from firmware.engine.result import HandResult
from firmware.engine.scoresheet import Tally
from firmware.engine.seating import Level, SeatKind, SeatSpec
from firmware.engine.tally import public_tally
from firmware.engine.view import PublicDraw, View
from ui.i18n import Arg, Message
from ui.netmodel import NetworkModel

__all__ = ["AccuracySeries", "Banner", "EnrolStatus", "HandReplay", "HistoryPage", "HistoryRow", "MatchReviewView", "Message",
           "PickerModel", "PlayedCard", "RatedCard", "SheetEntryModel", "ReviewHandView", "ReviewRow", "ScoreSheet", "SeatModel", "SheetRow",
           "StatLine", "Stats", "TableModel", "model_from_view"]

BannerKind = Literal["declaration", "signal", "claim", "call", "trump", "info", "refusal"]


@dataclass(frozen=True, slots=True)
class Banner:
    """A line shown over the table for a while: an accuso, a signal, a claim, …

    A catalogue ``key`` + ``args`` (values may be :class:`ui.i18n.Term`,
    ``CardName``, ``SuitName``, … named in the screen's language; ``{name}``
    is the seat's name); ``text`` is shown as given, only when there is no key.
    """

    kind: BannerKind
    seat: int | None = None
    text: str = ""
    key: str = ""
    args: tuple[tuple[str, Arg], ...] = ()
    cards: tuple[Card, ...] = ()


@dataclass(frozen=True, slots=True)
class SeatModel:
    """One seat as the screen shows it."""

    seat: int
    name: str
    kind: SeatKind
    level: Level | None
    side: int
    hand_count: int
    shown: tuple[Card, ...] = ()  # face-up cards in that hand (draws, declared cards)
    tricks_won: int = 0
    thirds: int = 0
    voids: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class PlayedCard:
    seat: int
    card: Card
    signals: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class StatLine:
    """Games and wins against one level in one variant (``games`` finished ones; the
    abandoned are counted apart: a match given up is neither won nor lost)."""

    variant: str
    level: str
    games: int
    wins: int
    abandoned: int = 0
    accuracy: float | None = None  # the coach's mean accuracy of my plays (docs/coach.md)


@dataclass(frozen=True, slots=True)
class AccuracySeries:
    """The coach's accuracy of my plays, match after match (oldest first, percent), in one
    game against one level (as the statistics count it: ``hard``, ``hard:help``)."""

    variant: str
    level: str
    points: tuple[float, ...] = ()


@dataclass(frozen=True, slots=True)
class PersonGame:
    """One person's matches of one game: played (abandoned among them), won, points per hand."""

    variant: str
    played: int
    won: int
    abandoned: int = 0
    points_per_hand: float | None = None


@dataclass(frozen=True, slots=True)
class PersonStats:
    """A person's statistics (firmware/store.py ``person_statistics``): each game; with whom,
    against whom, against each computer level (``-``: people only), as (who, played, won)."""

    name: str
    games: tuple[PersonGame, ...] = ()
    partners: tuple[tuple[str, int, int], ...] = ()
    rivals: tuple[tuple[str, int, int], ...] = ()
    levels: tuple[tuple[str, int, int], ...] = ()


@dataclass(frozen=True, slots=True)
class Stats:
    lines: tuple[StatLine, ...] = ()
    # The human's side's final score in recent matches, oldest first, with the opponent's.
    history: tuple[tuple[int, int], ...] = ()
    # The coach's accuracy of my plays over time, one series per game and level.
    accuracy: tuple[AccuracySeries, ...] = ()
    # Each person named in a match (issue 36), by name.
    people: tuple[PersonStats, ...] = ()

    def accuracy_games(self) -> tuple[str, ...]:
        """The games with an accuracy series, in the order of their first series."""
        return tuple(dict.fromkeys(x.variant for x in self.accuracy))

    def accuracy_of(self, variant: str) -> tuple[AccuracySeries, ...]:
        return tuple(x for x in self.accuracy if x.variant == variant)


@dataclass(frozen=True, slots=True)
class HistoryRow:
    """One match of the history list."""

    match_id: int
    variant: str
    started: float  # seconds since the epoch
    outcome: str  # "won" | "lost" | "abandoned" | "playing" | "over" (nobody at the screen)
    totals: tuple[int, ...] = ()  # the person's side first (us–them), then the others
    hands: int = 0
    level: str = ""  # the strongest computer's level ("" without one)
    mode: str = ""  # the journal's mode: "lesson" is the guided hand (labelled so in the list)
    players: tuple[str | None, ...] = ()  # who played each seat (a name, None unnamed)
    winners: tuple[int, ...] = ()  # "over" (nobody is "us"): the seats of the side that won


@dataclass(frozen=True, slots=True)
class HistoryPage:
    """A page of the history, newest first: rows ``offset`` .. ``offset + len(rows)`` of ``total``."""

    rows: tuple[HistoryRow, ...] = ()
    offset: int = 0
    total: int = 0
    page_size: int = 6


@dataclass(frozen=True, slots=True)
class SheetRow:
    """One hand of a score sheet: its points per side and the totals after it.

    ``note``: how the hand or game ended when it is worth saying (a catalogue key:
    ``sheet_game``, ``sheet_claim``, ``sheet_zu_tun``, ``sheet_abandoned``, a sudden win's name, ``sheet_open``).
    """

    hand: int  # 1-based
    dealer: int
    points: tuple[int, ...] = ()
    totals: tuple[int, ...] = ()
    declared: tuple[int, ...] = ()
    note: str = ""
    corrected: bool = False  # score sheet: an entry of this hand was taken back or its count amended


@dataclass(frozen=True, slots=True)
class ScoreSheet:
    """A match hand by hand (the end of a match, or one from the history)."""

    match_id: int
    variant: str
    seats: tuple[SeatSpec, ...]
    sides: tuple[int, ...]  # the side (scoring unit) of each seat
    me: int = 0
    rows: tuple[SheetRow, ...] = ()
    winner: int | None = None
    problem: str = ""  # the record no longer replays: why
    players: tuple[str | None, ...] = ()  # who played each seat (a name, None unnamed)


@dataclass(frozen=True, slots=True)
class HandReplay:
    """A hand told trick by trick: one table per step (the deal, each trick taken)."""

    match_id: int
    hand: int  # 1-based
    frames: tuple[TableModel, ...] = ()
    hands: int = 0  # the match's hands (the replay goes on to the next one); 0: this one only
    sheet: SheetRow | None = None  # a score-sheet hand: no card to show, its points (as corrected)
    said: tuple[Declaration, ...] = ()  # ... and its accusi, as said


@dataclass(frozen=True, slots=True)
class RatedCard:
    """One card a person played, as the review shows it (docs/coach.md): its mark, the
    expected loss in points, and the hint that would have been given (its card and why)."""

    seat: int
    card: Card
    mark: str  # best | inaccuracy | mistake | blunder | forced
    loss: float
    best: Card
    reason: Message | str = ""


@dataclass(frozen=True, slots=True)
class ReviewRow:
    """One hand of a match's review: the person's accuracy, points lost, marks."""

    hand: int  # 1-based
    accuracy: float | None  # percent; None: no rated play (every card forced)
    loss: float = 0.0
    marks: tuple[int, int, int, int, int] = (0, 0, 0, 0, 0)  # best, good, inaccuracy, mistake, blunder
    undos: int = 0


@dataclass(frozen=True, slots=True)
class MatchReviewView:
    """A match's review: ``done`` of ``total`` cards rated until ``ready``; then a row per hand.

    ``problem``: a catalogue key when there is nothing to show (``review_none``: no card
    of a person at the screen; ``review_failed``: ``why``)."""

    match_id: int
    variant: str
    done: int = 0
    total: int = 0
    ready: bool = False
    rows: tuple[ReviewRow, ...] = ()
    accuracy: float | None = None
    problem: str = ""
    why: str = ""
    sheet: ScoreSheet | None = None  # ``review_sheet``: a score sheet's match, its hands' points


@dataclass(frozen=True, slots=True)
class ReviewHandView:
    """A reviewed hand trick by trick: one table per step (the deal, each trick taken) and,
    per step, the person's rated cards in that trick."""

    match_id: int
    hand: int  # 1-based
    frames: tuple[TableModel, ...] = ()
    plays: tuple[tuple[RatedCard, ...], ...] = ()  # one tuple per frame
    accuracy: float | None = None


@dataclass(frozen=True, slots=True)
class EnrolStatus:
    """A deck's tags being learnt: ``done`` of ``total`` scanned, ``card`` asked for next."""

    deck: str
    done: int
    total: int
    card: Card | None = None


@dataclass(frozen=True, slots=True)
class PickerModel:
    """The card picker (firmware/app/picker.py): a table seat names the card it laid.

    ``seat``: who enters it (None: at the deal, the cards the box must know);
    ``cards``: the whole deck in deck order, laid out by suit and rank; ``dimmed``: the
    cards the engine would refuse now, with why (only what the table may know);
    ``signals``: per card, the signals it may carry; ``discard``: terziglio's card laid away;
    ``take_back``: (seat, card) *Take back* takes back (the last card a person entered),
    None: none can be; ``abandon``: the dealer who deals again if the hand is abandoned,
    None: *Abandon hand* is not offered; ``ends_hand``: the card entered now closes the
    hand's last trick (the screen asks first, naming it: nothing ends a hand in one tap);
    ``hand``: the hands dealt so far (what *Abandon hand*'s answer names).
    """

    seat: int | None
    deck: str
    cards: tuple[Card, ...]
    dimmed: tuple[tuple[Card, Message], ...] = ()
    prompt: Message | str = ""
    discard: bool = False
    signals: tuple[tuple[Card, tuple[str, ...]], ...] = ()
    take_back: tuple[int | None, Card] | None = None  # the seat is None for a card aside at the deal
    abandon: int | None = None
    ends_hand: bool = False
    hand: int = 0
    revoke: bool = False  # *Revoke!* in the corrections' column (a real-card hand: RevokeModel)


@dataclass(frozen=True, slots=True)
class RevokeModel:
    """*Revoke!* at a real-card table (firmware/app/revokes.py): ``hand``, the hands dealt
    (what the answer names: a late one never calls it in the next hand); ``seats``: each
    person's seat with the question its call asks (what follows, by the ``revoke`` option:
    RULES.md §3.7), None when it cannot be called (it followed suit every time);
    ``penalty``: cappotto / replay / as_played."""

    hand: int
    seats: tuple[tuple[int, Message | None], ...]
    penalty: str


@dataclass(frozen=True, slots=True)
class SheetEntryModel:
    """Score sheet only (firmware/app/scoresheet.py): what the hand's count screen offers.

    ``units``: the seats of each side the count is entered for (chiamata: the caller's
    side, as ``partner`` makes it, then the others; the screen recomputes it when the
    partner changes); ``full``: the thirds of a hand played out; ``out``: at most this
    many lie out of play (treschetten3); ``ends``: played out, claim, zu tun as the game
    has them; ``sudden``: the sudden wins it has; ``caller``: chiamata's caller (a
    partner is asked for); ``choosing``: the seat choosing its accuso now, ``choices``
    its declarations as the engine accepts them said aloud; ``accusi``: the game has
    them (the count screen offers its *Accusi* button); ``decima``: the seat that laid
    a napoletana decima (the count still to enter is the points taken before it: the
    first trick's, or none; the hand ends with it)."""

    n_seats: int
    units: tuple[tuple[int, ...], ...]
    full: int
    out: int = 0
    ends: tuple[str, ...] = ("play",)
    sudden: tuple[str, ...] = ()
    caller: int | None = None
    choosing: int | None = None
    choices: tuple[DeclareAction, ...] = ()
    accusi: bool = False
    decima: int | None = None
    # corrections: ``amend``, the finished hand (0-based) whose count is being corrected, its
    # count as it stands (``amend_thirds``); ``undo``: what *Undo last entry* takes back
    # ("count", a declaration's kind; "": nothing); ``question``: a tap that ends a hand or
    # the match, held until confirmed (what follows from it, in words)
    amend: int | None = None
    amend_thirds: tuple[int, ...] = ()
    amend_count: Tally | None = None  # the corrected hand's count as it stands: how it ended, its sudden win
    undo: str = ""
    question: Message | None = None


@dataclass(frozen=True, slots=True)
class PhoneSeatModel:
    """A phone seat as the join screen shows it (docs/phones.md, "Joining"): its QR code
    names ``join_url``; ``code`` only while nobody holds the seat."""

    seat: int
    held: bool
    connected: bool
    code: str | None = None
    join_url: str = ""


@dataclass(frozen=True, slots=True)
class PhonesModel:
    """The phone seats of the match: the box's address, each seat, whom the match waits for,
    why phones cannot connect (the port taken), if so."""

    url: str = ""
    seats: tuple[PhoneSeatModel, ...] = ()
    waiting_for: tuple[int, ...] = ()
    error: str = ""
    also: tuple[str, ...] = ()  # the box's other addresses, shown after ``url``


@dataclass(frozen=True, slots=True)
class LessonModel:
    """The guided hand's lesson on screen (firmware/app/guide.py): its kind, its words,
    the cards it points at (the legal ones when the suit led must be followed)."""

    kind: str
    text: Message
    marked: frozenset[Card] = frozenset()


@dataclass(frozen=True, slots=True)
class TableModel:
    """Everything the screens show. Defaults describe "no game yet"."""

    # -- the hand (empty when no hand is dealt) --
    variant: str = ""
    options: tuple[tuple[str, bool | int | str], ...] = ()
    deck: str = "italian"  # "italian" | "bavarian"
    n_seats: int = 2
    me: int = 0  # the seat drawn at the bottom of the screen
    show_hand: bool = True  # False when nobody plays at the screen (hand hidden)
    seats: tuple[SeatModel, ...] = ()
    hand: tuple[Card, ...] = ()
    playable: frozenset[Card] = frozenset()  # legal plays now (empty when not my turn)
    declarable: tuple[DeclareAction, ...] = ()
    declarable_points: tuple[int, ...] = ()  # what each is worth, as the rules count it (engine.lessons)
    # the table waits for this seat's declarations: show "Nothing to declare" beside them
    declare_prompt: bool = False
    zu_tun: tuple[ZuTun, ...] = ()
    can_claim: bool = False
    signal_choices: tuple[str, ...] = ()
    call_choices: tuple[Card, ...] = ()
    # per playable card, the signals the engine accepts with it (signal_options of the View)
    signal_options: tuple[tuple[Card, tuple[str, ...]], ...] = ()
    # every kind of action this game may offer (engine.offers.action_kinds): the action bar
    # keeps a slot for each all match, dimmed when not legal now (buttons never move)
    action_kinds: tuple[str, ...] = ()
    discardable: frozenset[Card] = frozenset()  # terziglio: the dealer discards before play
    signals: tuple[tuple[int, int, Card, tuple[str, ...]], ...] = ()  # (trick, seat, card, names), public
    called: Card | None = None  # chiamata: the called card
    caller: int | None = None  # chiamata: the seat that called it
    widow: int = 0  # cards lying aside (terziglio's widow, Treschetten's cards aside), face down or up
    aside: tuple[Card, ...] = ()  # those of them this seat may see
    to_move: int | None = None
    dealer: int = 0
    trick: tuple[PlayedCard, ...] = ()
    last_trick: tuple[PlayedCard, ...] = ()
    last_winner: int | None = None
    tricks_played: int = 0
    talon_left: int = 0
    draws: tuple[PublicDraw, ...] = ()
    declarations: tuple[Declaration, ...] = ()
    trump_card: Card | None = None
    hand_won_at: int = 0  # Briscola: a hand is won with this many card points; totals count hands won
    side_thirds: tuple[int, ...] = ()  # card thirds taken this hand, per side
    claim_points: int = 0  # what my side has counted so far, as a claim asks it (engine: View.claim_points)
    declared: tuple[int, ...] = ()  # declaration points this hand, per side
    # the engine's count per side (aces, ⅓-cards, last trick, thirds) and the trick:
    # who holds it now, which of my playable cards would take it (briscola's trump too)
    side_counts: tuple[tuple[int, int, int, int], ...] = ()
    trick_holder: int | None = None
    winning_cards: frozenset[Card] = frozenset()
    totals: tuple[int, ...] = ()  # match totals before this hand, per side
    target: int = 21
    hand_over: bool = False
    result: HandResult | None = None
    # -- the match and the app --
    match_over: bool = False
    winner: int | None = None  # winning side
    level_at_target: bool = False  # the engine's word: target reached, level, another hand
    # a match of several games (best of two): games won per side, and the side(s) that won
    # the game this hand decided (engine: Match.games_won, Match.hand_decided)
    games_won: tuple[int, ...] = ()
    game_won_by: tuple[int, ...] = ()
    banners: tuple[Banner, ...] = ()
    # a refusal or note: a catalogue key + args the screen puts in its language
    # (a plain str is shown as given)
    message: Message | str = ""
    enrolled: tuple[str, ...] = ()  # decks whose tag map is complete (real cards)
    enrolling: EnrolStatus | None = None  # a deck being enrolled now
    picker: PickerModel | None = None  # real cards: the card picker, when a card is to be entered
    revoke: RevokeModel | None = None  # real cards: *Revoke!* and the seats it may name
    sheet_entry: SheetEntryModel | None = None  # score sheet only: the hand's count to enter
    score_sheet: bool = False  # score sheet only: no card seen, the count is as entered
    resumable: bool = False
    stats: Stats = field(default_factory=Stats)
    hand_no: int = 1
    side_cards: tuple[tuple[Card, ...], ...] = ()  # cards each side took in tricks this hand
    # the cards played so far and those face up in a hand, as all saw them (engine.tally):
    # the practice table's "cards played" view (ui/played_cards.py)
    played_cards: tuple[Card, ...] = ()
    face_up_cards: tuple[Card, ...] = ()
    # -- the history (filled when asked for: ShowHistory, OpenSheet, OpenReplay) --
    history: HistoryPage | None = None
    sheet: ScoreSheet | None = None  # the match looked at in the history
    final_sheet: ScoreSheet | None = None  # the match just finished, hand by hand
    replay: HandReplay | None = None
    match_review: MatchReviewView | None = None  # a match's review (OpenReview)
    review_hand: ReviewHandView | None = None  # one of its hands, trick by trick (OpenReviewHand)
    # -- the coach (docs/coach.md): casual matches only --
    casual: bool = False  # undo and hints offered in this match
    can_hint: bool = False  # the Hint button (key H): my turn in a casual match
    can_undo: bool = False  # the Undo button (key U): a card of mine to take back
    hint_card: Card | None = None  # the card the hint on screen names
    review: tuple[Message | str, ...] = ()  # the last hand's rating, line by line (hand end)
    # -- phone seats (docs/phones.md): None when the match has none --
    phones: PhonesModel | None = None
    # -- the guided first hand ("Learn to play"): the lesson on screen, if any --
    lesson: LessonModel | None = None
    # -- the box's Wi-Fi (Settings → Network, the join screen): None where nobody asked it --
    network: NetworkModel | None = None
    # -- a seeded run (--seed): its seed, marked small on the table; None in unseeded play,
    # whose deal seeds never reach the screen (docs/records.md, "Deal seeds") --
    seeded: int | None = None
    # -- the household's people (firmware/app/household.py): the names a seat can be given --
    household: tuple[str, ...] = ()

    @property
    def in_game(self) -> bool:
        return bool(self.variant) and bool(self.seats)

    @property
    def my_turn(self) -> bool:
        # a phone game's shared table has no "me": the bottom seat plays on its phone
        return self.to_move == self.me and not self.hand_over and (self.show_hand or self.phones is None)

    @property
    def n_sides(self) -> int:
        return len(self.totals) or self.n_seats

    def side_of(self, seat: int) -> int:
        return self.seats[seat].side if seat < len(self.seats) else seat

    def option(self, key: str, default: bool | int | str | None = None) -> bool | int | str | None:
        return dict(self.options).get(key, default)


NO_GAME = TableModel()
"""The model before the box sends one: no game. Shared (it is frozen, and making one takes
15 us; a UIApp's twenty screens each started with their own)."""


def _played(seq: Sequence[tuple[int, Card]], signals: Sequence[Sequence[str]] = ()) -> tuple[PlayedCard, ...]:
    out = []
    for i, (seat, card) in enumerate(seq):
        sig = tuple(signals[i]) if i < len(signals) else ()
        out.append(PlayedCard(seat, card, sig))
    return tuple(out)


def model_from_view(
    view: View,
    *,
    seats: Sequence[SeatSpec] = (),
    names: Sequence[str] = (),
    totals: Sequence[int] | None = None,
    match_over: bool = False,
    winner: int | None = None,
    level_at_target: bool = False,
    banners: Sequence[Banner] = (),
    message: Message | str = "",
    resumable: bool = False,
    stats: Stats | None = None,
    show_hand: bool = True,
    hand_no: int = 1,
    enrolled: tuple[str, ...] = (),
) -> TableModel:
    """The model of ``view`` (the seat at the screen) plus the app's facts.

    ``totals`` are the match totals *after* the hand when it is over (default:
    the view's ``prior`` plus the hand's points), so the end-of-hand screen and
    the score line agree.
    """
    v = view.variant
    spoken = tuple((sg.trick, sg.seat, sg.card, tuple(sg.names)) for sg in view.signals)
    last = view.tricks[-1] if view.tricks else None
    tally = public_tally(view)  # the cards played so far: only what every seat saw
    return TableModel(
        variant=v.name,
        options=tuple(sorted(v.options.items())),
        deck=v.deck.name,
        n_seats=v.n_seats,
        me=view.seat,
        show_hand=show_hand,
        seats=_seat_models(view, seats, names),
        hand=view.hand,
        **_choices(view),
        action_kinds=action_kinds(v),
        signals=spoken,
        called=view.called,
        caller=view.caller,
        widow=view.cards_aside,
        claim_points=view.claim_points,
        aside=view.aside,
        to_move=view.to_move,
        dealer=view.dealer,
        trick=_played(view.trick, _said(spoken, len(view.tricks), [c for _, c in view.trick])),
        last_trick=_last_trick(view, spoken),
        last_winner=last.winner if last else None,
        tricks_played=len(view.tricks),
        talon_left=view.talon_left,
        draws=view.draws,
        declarations=view.declarations,
        trump_card=view.trump_card,
        hand_won_at=v.hand_won_at,
        **_counts(view),
        totals=tuple(view.totals if totals is None else totals),
        target=v.target,
        hand_over=view.over,
        result=view.result,
        match_over=match_over,
        winner=winner,
        level_at_target=level_at_target,
        banners=tuple(banners),
        message=message,
        resumable=resumable,
        stats=stats or Stats(),
        hand_no=hand_no,
        enrolled=enrolled,
        side_cards=_side_cards(view),
        played_cards=tally.played,
        face_up_cards=tally.face_up,
    )


class _Choices(TypedDict):
    """What the seat at the screen may do now: the view's legal actions by kind."""

    playable: frozenset[Card]
    declarable: tuple[DeclareAction, ...]
    declarable_points: tuple[int, ...]
    zu_tun: tuple[ZuTun, ...]
    can_claim: bool
    signal_choices: tuple[str, ...]
    call_choices: tuple[Card, ...]
    signal_options: tuple[tuple[Card, tuple[str, ...]], ...]
    discardable: frozenset[Card]


def _choices(view: View) -> _Choices:
    sig_opts = tuple((c, tuple(names)) for c, names in view.signal_options)
    return _Choices(
        playable=frozenset(a.card for a in view.legal if isinstance(a, Play)),
        declarable=tuple(a for a in view.legal if isinstance(a, DeclareAction)),
        declarable_points=_declarable_points(view),
        zu_tun=tuple(a for a in view.legal if isinstance(a, ZuTun)),
        can_claim=any(isinstance(a, Claim) for a in view.legal),
        signal_choices=tuple(dict.fromkeys(x for _, names in sig_opts for x in names)),  # in order, once
        call_choices=tuple(a.card for a in view.legal if isinstance(a, Call)),
        signal_options=sig_opts,
        discardable=frozenset(a.card for a in view.legal if isinstance(a, Discard)),
    )


class _Counts(TypedDict):
    """The hand's count so far, per side, and who holds the trick: the engine's numbers."""

    side_thirds: tuple[int, ...]
    declared: tuple[int, ...]
    side_counts: tuple[tuple[int, int, int, int], ...]
    trick_holder: int | None
    winning_cards: frozenset[Card]


def _counts(view: View) -> _Counts:
    return _Counts(
        side_thirds=tuple(u.thirds for u in view.unit_counts),  # counted by the engine: no rule here
        declared=tuple(view.unit_declared),
        side_counts=tuple((u.aces, u.third_cards, int(u.last_trick), u.thirds) for u in view.unit_counts),
        trick_holder=view.trick_holder,
        winning_cards=frozenset(view.winning_cards),
    )


def _declarable_points(view: View) -> tuple[int, ...]:
    """The points of each declaration the seat may make, when its cards are known (dealt);
    none at a real-card seat, whose hand the box cannot see."""
    if not view.hand:
        return ()
    try:
        return tuple(d.points for d in declarable_now(view))
    except IllegalAction:  # a declaration the cards known do not make (said aloud): no points shown
        return ()


def _seat_models(view: View, seats: Sequence[SeatSpec], names: Sequence[str]) -> tuple[SeatModel, ...]:
    """Each seat as the screen shows it: who sits there (``seats``) and their name
    (``names``, empty: the screen's word), what the view says."""
    n = view.variant.n_seats
    setups = list(seats) + [SeatSpec.cpu("normal")] * (n - len(seats))
    named = list(names) + [""] * (n - len(names))
    return tuple(
        SeatModel(
            seat=sv.seat,
            name=named[sv.seat],
            kind=setups[sv.seat].kind,
            level=setups[sv.seat].level if setups[sv.seat].kind == "computer" else None,
            side=sv.side,
            hand_count=sv.hand_count,
            shown=sv.shown,
            tricks_won=sv.tricks_won,
            thirds=sv.thirds,
            voids=sv.voids,
        )
        for sv in view.seats
    )


Spoken = tuple[tuple[int, int, Card, tuple[str, ...]], ...]
"""The signals said so far: (trick, seat, card, names)."""


def _said(spoken: Spoken, trick: int, cards: Sequence[Card]) -> list[tuple[str, ...]]:
    """The signals said with each of ``cards`` of trick ``trick``."""
    return [next((x[3] for x in spoken if x[0] == trick and x[2] == c), ()) for c in cards]


def _last_trick(view: View, spoken: Spoken) -> tuple[PlayedCard, ...]:
    if not view.tricks:
        return ()
    last, n = view.tricks[-1], view.variant.n_seats
    said = _said(spoken, len(view.tricks) - 1, last.cards)
    return _played([(last.seat_of(i, n), c) for i, c in enumerate(last.cards)], said)


def _side_cards(view: View) -> tuple[tuple[Card, ...], ...]:
    """The cards each side has taken, trick by trick."""
    v = view.variant
    taken: list[list[Card]] = [[] for _ in range(v.n_sides)]
    for t in view.tricks:
        taken[v.side_of(t.winner)].extend(t.cards)
    return tuple(tuple(x) for x in taken)
