"""The places the table layout hands out: a seat's position on the screen, a button, a
seat's area, the whole table's layout (ui.layout.table fills them in)."""

from __future__ import annotations

from dataclasses import dataclass, field

from pygame import Rect

from ui.actions import Action
from ui.intents import Intent
from ui.model import TableModel

POSITIONS = {
    1: ("bottom",),
    2: ("bottom", "top"),
    3: ("bottom", "right", "left"),
    4: ("bottom", "right", "top", "left"),
}


def shared_table(model: TableModel) -> bool:
    """Nobody sits at the screen, no seat is "you": the touchscreen as the table of a phone
    game, or of a game of real cards (reader, picker, score sheet: people at the table and
    computers, never a screen seat). Seats are "Seat 1", sides "Side 2"."""
    if model.show_hand:
        return False
    return model.phones is not None or not any(s.kind == "human" for s in model.seats)


def position_of(seat: int, me: int, n: int) -> str:
    """Where ``seat`` sits on the screen; turn order runs counter-clockwise from the bottom."""
    return POSITIONS[n][(seat - me) % n]


@dataclass(slots=True)
class ButtonSpec:
    """A tappable button. ``name`` is what the probe and touch-play call it (``declare:0``,
    ``menu``, ``zu_tun:40``); what a tap does is carried typed: the ``intent`` it sends the
    controller, the ``signal`` it toggles, or the screen's own ``action`` (ui/actions.py);
    a button with none is the screen's own by its name (menu, the last trick, back, more)."""

    name: str
    rect: Rect
    label: str = ""  # catalogue key or literal text (decided by the renderer)
    enabled: bool = True
    intent: Intent | None = None
    signal: str | None = None
    action: Action | None = None


@dataclass(slots=True)
class SeatArea:
    seat: int
    position: str
    label: Rect  # name plate
    cards: list[Rect]  # one rect per card in that hand (shown ones first)
    card_size: tuple[int, int]


@dataclass(slots=True)
class TableLayout:
    size: tuple[int, int]
    card_size: tuple[int, int]  # the hand's cards
    trick_size: tuple[int, int]
    hand: list[tuple[int, Rect]]  # (card, full rect) in display order
    hand_hit: list[tuple[int, Rect]]  # (card, visible rect) for taps
    lift: int  # how far a chosen card rises
    seats: dict[int, SeatArea]
    trick_slots: dict[int, Rect]
    talon: Rect | None
    score: Rect
    status: Rect
    status_room: Rect  # where a status too long for its line may grow (upwards, clear of the rest)
    banner: Rect
    middle: Rect = field(default_factory=Rect)  # the trick area: a tap there shows the last trick
    buttons: list[ButtonSpec] = field(default_factory=list)
    # where what a seat said (a declaration, a signal, a claim) is shown: beside that
    # seat, clear of the trick, the hands and the buttons (a seat without room: absent,
    # its words go to the status line)
    bubbles: dict[int, Rect] = field(default_factory=dict)
