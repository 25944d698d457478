"""What the person at the screen wants: named intents, never raw pygame events.

The UI turns taps, clicks and keys into these small frozen values; the table
controller drains them with :meth:`ui.app.UIApp.intents` and turns each into
an engine action (or a menu step). The UI never applies anything itself: a
``PlayCard`` for a dimmed card is never emitted, but everything else is the
controller's to check (the engine refuses with a readable reason, and the
controller shows it back through ``TableModel.message``).

Card values are engine card ids (``firmware.engine.cards.Card`` = ``int``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from firmware.engine.actions import Declare as DeclareAction
from firmware.engine.cards import Card
from firmware.engine.seating import LEVELS as LEVELS  # the computer's levels, in order
from firmware.engine.seating import Level, SeatSpec

SeatSetup = SeatSpec
"""Who sits in a seat for a new game: the engine's :class:`~firmware.engine.seating.SeatSpec`
itself (kind, and a level for a computer), so what the home screen chose reaches the
start of the match as it was chosen; the older name, kept for its many call sites."""


# ------------------------------------------------------------------ play


@dataclass(frozen=True, slots=True)
class PlayCard:
    """Play ``card`` from the hand of the seat at the screen.

    ``signals`` are the four-player signals (busso, volo, striscio, …) the
    person toggled before playing; they travel with the card as in
    ``engine.actions.Play.signals``.
    """

    card: Card
    signals: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Declare:
    """Make a declaration (accuso / Ansage): the engine action, exactly as legal."""

    declare_action: DeclareAction


@dataclass(frozen=True, slots=True)
class NothingToDeclare:
    """The seat asked to declare has nothing (more) to declare: the table goes on."""


@dataclass(frozen=True, slots=True)
class Signal:
    """A signal chip was toggled (``on``); the chosen set is attached to the next PlayCard.

    The controller may ignore it; it exists so a table seat (real cards) can
    make a signal on the screen and so the controller can echo it as a banner.
    """

    signal: str
    on: bool = True


@dataclass(frozen=True, slots=True)
class Hint:
    """Ask the coach which card to play (casual matches; the Hint button, key H)."""


@dataclass(frozen=True, slots=True)
class Undo:
    """Take back my last card and the computers' answers since (casual matches)."""


@dataclass(frozen=True, slots=True)
class TakeBack:
    """Real cards: take back ``seat``'s ``card``, the last card a person entered, as the
    picker's *Take back* named it (refused if the last card is another by now); at the
    deal, the card entered last (``seat`` None: a card aside)."""

    seat: int | None
    card: int


@dataclass(frozen=True, slots=True)
class AbandonHand:
    """Real cards: abandon the hand (no points, the same dealer deals again); sent only
    after the screen's question was answered yes. ``hand``: the hand asked about (the
    number of hands dealt then): refused if another hand is being played by now."""

    hand: int


@dataclass(frozen=True, slots=True)
class CallRevoke:
    """Real cards: the table calls a revoke of ``seat`` (docs/box.md, "A revoke"); sent
    only after the screen's question, naming what follows, was answered yes. ``hand``:
    the hand asked about (the number of hands dealt then)."""

    seat: int
    hand: int


@dataclass(frozen=True, slots=True)
class Claim:
    """Chiamarsi fuori: the seat at the screen claims its side has reached the target."""


@dataclass(frozen=True, slots=True)
class Call:
    """Chiamata: call a card (a 3 you do not hold); its holder becomes your partner."""

    card: Card


@dataclass(frozen=True, slots=True)
class Discard:
    """Terziglio with the widow dealt: the dealer lays ``card`` aside face down."""

    card: Card


@dataclass(frozen=True, slots=True)
class ZuTun:
    """Treschetten: lay the 10 ``card`` on the talon and end the game as its winner."""

    card: Card


# ------------------------------------------------------------------ menus


@dataclass(frozen=True, slots=True)
class NewGame:
    """Start a new match: preset name, chosen options, one SeatSpec per seat."""

    variant: str
    options: dict[str, bool | int | str] = field(default_factory=dict)
    seats: tuple[SeatSpec, ...] = ()
    casual: bool = False  # undo and hints offered (docs/coach.md); rated matches offer neither
    scoresheet: bool = False  # score sheet only: the table plays its own cards, the box keeps the score
    players: tuple[str | None, ...] = ()  # who plays each seat (a person's name, None unnamed); checked by the app


@dataclass(frozen=True, slots=True)
class HomeChoice:
    """What the home screen shows chosen, not yet played, sent whenever it changes (the
    app keeps it across a power cut: firmware.app.homechoice): the game, its options, the
    seats as shown, the casual and score-sheet toggles, and who plays each seat (a name
    kept on a seat that is a computer's now comes back with the person)."""

    variant: str
    options: dict[str, bool | int | str] = field(default_factory=dict)
    seats: tuple[SeatSpec, ...] = ()
    casual: bool = False
    scoresheet: bool = False
    players: tuple[str | None, ...] = ()


@dataclass(frozen=True, slots=True)
class Continue:
    """Resume the interrupted game (from the journal)."""


@dataclass(frozen=True, slots=True)
class NextHand:
    """The end-of-hand count was read: deal the next hand."""


@dataclass(frozen=True, slots=True)
class SetLevel:
    """Change a computer seat's level during the match (key L)."""

    seat: int
    level: Level


@dataclass(frozen=True, slots=True)
class ShowScreen:
    """The UI changed screen (home, table, stats, settings, rules); informational."""

    name: str


@dataclass(frozen=True, slots=True)
class SetSetting:
    """A setting changed: ``language`` (it/de/en), ``deck_style`` (napoletane/piacentine/triestine),
    ``german_style`` (salzburger/bavarian), ``sounds`` (bool), ``brightness`` (10-100).
    The UI applies it at once; the controller persists it (and sets the backlight)."""

    key: str
    value: bool | int | str


@dataclass(frozen=True, slots=True)
class EnrolDeck:
    """Learn ``deck``'s card tags now (Settings → Real cards: ``italian``/``bavarian``),
    every card scanned once; ``None`` stops an enrolment half done (the deck's previous
    map stays). A command, not a setting: nothing is kept."""

    deck: str | None


@dataclass(frozen=True, slots=True)
class ShowHistory:
    """The history screen wants ``limit`` matches from ``offset`` on (newest first): as many
    as its screen shows."""

    offset: int = 0
    limit: int = 6


@dataclass(frozen=True, slots=True)
class OpenSheet:
    """The score sheet of match ``match_id``, hand by hand."""

    match_id: int


@dataclass(frozen=True, slots=True)
class OpenReplay:
    """Hand ``hand`` (1-based) of match ``match_id``, trick by trick."""

    match_id: int
    hand: int


@dataclass(frozen=True, slots=True)
class OpenReview:
    """The coach's review of match ``match_id``: every card of the person rated (docs/coach.md)."""

    match_id: int


@dataclass(frozen=True, slots=True)
class OpenReviewHand:
    """Hand ``hand`` (1-based) of the review on screen, trick by trick."""

    match_id: int
    hand: int


@dataclass(frozen=True, slots=True)
class FreePhoneSeat:
    """The touchscreen frees phone seat ``seat``: its phone's secret stops working and a
    new short code lets another phone take it (a flat battery, a friend leaving)."""

    seat: int


@dataclass(frozen=True, slots=True)
class NewPhoneCodes:
    """The touchscreen draws every open phone seat a fresh short code (someone was
    guessing codes: a fresh code makes the guesses so far worthless, and the box
    lets phones try again at once)."""


# ------------------------------------------------------------------ the network


@dataclass(frozen=True, slots=True)
class AddPerson:
    """A name typed on the home screen's keyboard: kept in the household's list
    (firmware/app/household.py), checked there like every name."""

    name: str


@dataclass(frozen=True, slots=True)
class ForgetPerson:
    """Take a name off the household's list (the matches played keep it)."""

    name: str


@dataclass(frozen=True, slots=True)
class NetworkScan:
    """Settings → Network: look for the networks in reach (and the box's state) again."""


@dataclass(frozen=True, slots=True)
class NetworkConnect:
    """Join ``ssid`` with ``password`` (empty: an open network, or one the box knows)."""

    ssid: str
    password: str = field(default="", repr=False)  # never in a log line


@dataclass(frozen=True, slots=True)
class NetworkForget:
    """Forget the known network ``ssid``: its password goes, the box no longer joins it."""

    ssid: str


@dataclass(frozen=True, slots=True)
class NetworkHotspot:
    """Open (``on``) or close the box's own Wi-Fi hotspot."""

    on: bool


@dataclass(frozen=True, slots=True)
class Quit:
    """Leave the program (simulator window closed, or Quit in the menu)."""


# ------------------------------------------------------------ simulator panel


@dataclass(frozen=True, slots=True)
class SimButton:
    """A table button clicked in the simulator panel: ``seat0``..``seat3`` or ``menu``.

    ``hold_s`` is how long it was held (a long press of menu may mean something else).
    """

    button: str
    hold_s: float = 0.0


@dataclass(frozen=True, slots=True)
class SimScan:
    """A card picked in the simulator's card-reader panel, as its code (``"3d"``, ``"10h"``)."""

    card_code: str


@dataclass(frozen=True, slots=True)
class SheetTally:
    """Score sheet only: the hand's count as the table says it (engine ``scoresheet.Tally``):
    thirds per side of the hand, how it ended, a sudden win, chiamata's partner."""

    thirds: tuple[int, ...]
    end: str = "play"  # play | claim | zu_tun | decima
    by: int | None = None
    sudden: str | None = None
    sudden_side: int | None = None
    partner: int | None = None
    amend: int | None = None  # a finished hand's (0-based) count corrected; None: the hand being kept


@dataclass(frozen=True, slots=True)
class SheetUndo:
    """Score sheet only: *Undo last entry*: the last accuso said or the hand's count taken back
    (a correction of its own in the journal)."""


@dataclass(frozen=True, slots=True)
class SheetEdit:
    """Score sheet only: open the count screen on finished hand ``hand`` (0-based) to correct
    its points; None closes it."""

    hand: int | None = None


@dataclass(frozen=True, slots=True)
class SheetConfirm:
    """Score sheet only: the answer to the question a tap that ends a hand or the match asks:
    *Confirm* (``yes``: it is journalled and kept) or *Back* (nothing written)."""

    yes: bool = False


@dataclass(frozen=True, slots=True)
class SheetAccusi:
    """Score sheet only: the count screen's *Accusi* button. Every seat is asked in turn
    (from seat 1) for what it declares; a seat's table button still opens its own choice."""


@dataclass(frozen=True, slots=True)
class Guide:
    """The guided first hand ("Learn to play", firmware/app/guide.py): ``start`` it from the
    home screen, ``dismiss`` the lesson on screen, ``skip`` the lessons (the hand goes on)."""

    step: Literal["start", "dismiss", "skip"]


Intent = (
    PlayCard
    | Declare
    | NothingToDeclare
    | Signal
    | Claim
    | Hint
    | Undo
    | TakeBack
    | AbandonHand
    | CallRevoke
    | Call
    | Discard
    | ZuTun
    | NewGame
    | HomeChoice
    | Continue
    | NextHand
    | SetLevel
    | ShowScreen
    | SetSetting
    | EnrolDeck
    | ShowHistory
    | OpenSheet
    | OpenReplay
    | OpenReview
    | OpenReviewHand
    | FreePhoneSeat
    | NewPhoneCodes
    | AddPerson
    | ForgetPerson
    | NetworkScan
    | NetworkConnect
    | NetworkForget
    | NetworkHotspot
    | Quit
    | SimButton
    | SimScan
    | SheetTally
    | SheetAccusi
    | SheetUndo
    | SheetEdit
    | SheetConfirm
    | Guide
)


class Outbox:
    """The intents sent since the main loop last took them, oldest first.

    Every screen is given :meth:`put` as its ``emit``: what a tap means is handed
    over as a value and no code of :class:`ui.app.UIApp` runs on the way, so a tap's
    walk goes down from the app to the screen and ends here (docs/box.md §2);
    :meth:`ui.app.UIApp.intents` takes them for the loop."""

    def __init__(self) -> None:
        self._sent: list[Intent] = []

    def put(self, intent: Intent) -> None:
        self._sent.append(intent)

    def take(self) -> list[Intent]:
        out, self._sent = self._sent, []
        return out
