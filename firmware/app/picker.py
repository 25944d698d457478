"""The card picker: a table seat without a reader names the card it laid with one tap.

The reader is optional (docs/box.md §4): a table seat always has the picker on the
touchscreen, the game's whole deck laid out by suit and rank. A tap is the same
event as a scan: the controller turns it into the engine action of the seat to move
(:meth:`~firmware.app.seats.SeatActions.play_table_card`), checked, journalled and
applied on the one path; at the deal it is the next card the deal needs
(:mod:`firmware.app.dealing`). Whichever comes first, tap or scan, is the card; the
other is then the next seat's, or refused.

This module only says what the picker shows (:func:`picker_for`): which seat enters
a card, the prompt, the cards dimmed and why (the engine's refusals,
:func:`firmware.engine.table.picker_marks`, only those the whole table may know) and
the signals each card may carry. Its one interface to the controller is read-only.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from firmware.app.core import PLAY
from firmware.app.messages import CardName, Message, Term, msg, refusal
from firmware.engine.picker import picker_marks
from ui.model import PickerModel

if TYPE_CHECKING:
    from firmware.app.core import Outcome, Table
    from firmware.app.corrections import TableCorrections
    from firmware.app.dealing import DealScan
    from firmware.app.declaring import DeclarationWindows


def picker_for(
    t: Table, scan: DealScan | None, declarations: DeclarationWindows, corrections: TableCorrections | None = None
) -> PickerModel | None:
    """What the card picker shows now, or None when no card is to be entered: read from
    the table, the deal's scans still to come, the declaration windows and what *Take
    back* and *Abandon hand* offer (firmware/app/corrections.py)."""
    v = t.variant
    if v is None:
        return None
    if scan is not None and scan.current is not None:
        return _deal_picker(scan, v.deck.name, v.deck.cards)
    match = t.match
    if t.phase != PLAY or match is None or match.state is None or match.state.over:
        return None
    state = match.state
    mover = state.to_move if state.pending is None else int(state.pending[1])
    if t.seats[mover].kind != "table" or declarations.declaring is not None:
        return None
    if state.pending is not None and state.pending[0] != "discard":
        return None  # chiamata's call is made with the screen's buttons, not a card laid
    if declarations.play_refusal(mover) is not None:
        return None  # the onori round: declarations first, no card yet
    dimmed = tuple((card, refusal(why)) for card, why in picker_marks(state, mover) if why is not None)
    discard = state.pending is not None
    # the signals each card may carry (treseta: busso, volo, striscio), chosen before the tap
    signals = () if discard else tuple(match.view_for(mover).signal_options)
    prompt = msg("pick_discard" if discard else "pick_play", n=mover + 1)
    take_back = corrections.take_back_offer() if corrections is not None else None
    dealer = corrections.abandon_offer() if corrections is not None else None
    ends_hand = not discard and len(state.tricks) == state.n_tricks - 1 and len(state.trick) == state.n - 1
    return PickerModel(mover, v.deck.name, v.deck.cards, dimmed, prompt, discard, signals, take_back, dealer,
                       ends_hand, len(match.hands))  # fmt: skip


def _deal_picker(scan: DealScan, deck: str, cards: tuple[int, ...]) -> PickerModel:
    """At the deal: the cards the box must know (a computer's hand, briscola's shown
    card, the cards aside), one tap each; a card entered already is dimmed."""
    assert scan.current is not None
    key = scan.current[0]
    entered = [c for got in scan.got.values() for c in got]
    again_ok: set[int] = set()
    if key == "trump" and not scan.under_talon:  # a computer dealer's shown card is one of his entered cards
        again_ok = set(scan.got.get(str(scan.dealer), []))
    dimmed = tuple(
        (c, msg("e_deal_table_card", card=CardName(deck, c))) for c in cards if c in entered and c not in again_ok
    )
    last = scan.last()  # *Take back*: the card entered last, nothing journalled yet
    take_back = (scan.seat_of(last[0]), last[1]) if last is not None else None
    return PickerModel(None, deck, cards, dimmed, scan.prompt(touch=True), False, (), take_back)



def after_table_card(t: Table, out: Outcome, seq: int, tricks: int, tapped: bool) -> None:
    """What the table hears after a card laid at the table (tapped on the picker or scanned):
    a card the engine refused gets the way to lay another, by the device it came from
    (the engine's reason is neutral); a trick just taken says who took it, unless the
    table said something newer (``seq``: the note before the card; ``tricks``: how many
    tricks were taken before it). The "New game" greeting goes with the first card laid:
    on a table with nobody at the screen it would otherwise stay in the middle of it."""
    said = t.message.message
    if not out.accepted:
        if said.key.startswith("e_"):
            t.say(msg("r_card_again", why=said, how=Term("how_tap_card" if tapped else "how_scan_card")), t.message.level)
        return
    match = t.match
    if match is None or match.state is None or t.phase != PLAY:
        return
    st = match.state
    if t.message.seq == seq and len(st.tricks) > tricks and not st.over:
        t.say(msg("m_trick_taken", trick=len(st.tricks), n=st.tricks[-1].winner + 1))
    elif t.message.message.key == "m_new_game":
        t.say(Message())
