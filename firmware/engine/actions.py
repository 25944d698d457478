"""What a seat can do: small frozen values, written to records and the journal as-is."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from firmware.engine.cards import Card, Rank, Seat, Suit

DeclKind = Literal["napoletana", "three", "four", "decima"]
"""napoletana: 3-2-A of one suit (Napoli); three / four: three or four of 3, 2 or A
(buon gioco, quattro bello; Dreier, Vierer); decima: all ten cards of a suit
(napoletana decima, seed 003: the game is won at 16 times its value)."""

SIGNALS_CLASSIC: tuple[str, ...] = ("busso", "volo", "striscio")
"""RULES.md §3.3: busso "play your highest and return it", volo "my last card of
this suit" (must be true), striscio (``striscio_meaning``: many more / one or two low)."""
SIGNALS_ALTERNATIVE: tuple[str, ...] = ("busso", "ribusso", "cerco_la_meglio", "tutto_fuori")
"""RULES.md §3.5, leader only: busso "I hold the highest unplayed card of this suit",
ribusso "the second-highest" (both must be true), cerco_la_meglio "partner, play the
best unplayed card if you hold it", tutto_fuori "many cards, no 3/2/A" (bluff allowed)."""


@dataclass(frozen=True, slots=True)
class Play:
    """Play ``card`` to the trick; ``signals`` are the four-player signals attached to it."""

    seat: Seat
    card: Card
    signals: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Declare:
    """Declare a combination (accuso / Ansage): ``suit`` for a napoletana, ``rank`` otherwise.

    What a person at a real-card table says aloud travels with it, since the box
    cannot look into his hand: ``missing``, the suit a three lacks ("Welcher
    fehlt?"), and ``extra``, how many cards extend a napoletana (4, 5, ...).
    With dealt cards both are worked out from the hand; given, they must agree.
    """

    seat: Seat
    kind: DeclKind
    suit: Suit | None = None
    rank: Rank | None = None
    missing: Suit | None = None
    extra: int | None = None


@dataclass(frozen=True, slots=True)
class ZuTun:
    """Treschetten: lay a 10 face up on the talon and end the game as its winner."""

    seat: Seat
    card: Card


@dataclass(frozen=True, slots=True)
class Claim:
    """Chiamarsi fuori (tressette4): "my side has reached the target"; play stops at once."""

    seat: Seat


@dataclass(frozen=True, slots=True)
class Call:
    """Chiamata: the first player calls ``card`` (a 3 he does not hold); its holder is his
    secret partner."""

    seat: Seat
    card: Card


@dataclass(frozen=True, slots=True)
class Discard:
    """terziglio3 with the widow dealt: the dealer, holding 14 cards, lays one face down."""

    seat: Seat
    card: Card


Action = Play | Declare | ZuTun | Claim | Call | Discard


@dataclass(frozen=True, slots=True)
class Undo:
    """Take back the last ``count`` actions of the hand, the first of them a card ``seat``
    played (a person's *undo* against the computer: his card and the answers since).

    Not an :data:`Action` of the hand (no seat is ever offered it): the match
    rebuilds the hand without them (:meth:`~firmware.engine.match.Match.undo`). It is
    kept in the record where it happened, so a replay passes through it exactly.
    """

    seat: Seat
    count: int


@dataclass(frozen=True, slots=True)
class NothingToDeclare:
    """``seat`` has nothing (more) to declare in the declaration window open now (a
    person's *Nothing to declare* in the onori round or before the first card).

    Not an :data:`Action`: it changes nothing in the hand, so it is not applied to
    the state. It is kept in the record where it was said, so that a resume after a
    power cut does not ask the person again (:meth:`~firmware.engine.match.Match.passed`).
    """

    seat: Seat


@dataclass(frozen=True, slots=True)
class Correct:
    """Take back ``seat``'s ``card``, the last card a person entered at a real-card table
    (a mis-tap on the card picker, a wrong scan), and every entry since: the computers'
    cards played after it, what was said after it. The hand is rebuilt without them, so
    everything the box had inferred from the card goes too
    (:meth:`~firmware.engine.match.Match.correct`; how far back: docs/box.md).

    Not an :data:`Action`: no seat is offered it. Kept in the record where it happened
    (``{"seat": 1, "correct": "3c"}``), so a replay passes through it exactly.
    """

    seat: Seat
    card: Card


@dataclass(frozen=True, slots=True)
class Abandon:
    """The hand at a real-card table is abandoned (a misdeal, cards mixed up beyond
    correcting): it scores nothing and ``seat``, its dealer, deals again
    (RULES.md §3.3, "Misdeal (physical cards only)";
    :meth:`~firmware.engine.match.Match.abandon`). Kept in the record as
    ``{"seat": 0, "abandon": true}``.
    """

    seat: Seat


@dataclass(frozen=True, slots=True)
class Revoke:
    """The table calls a revoke of ``seat`` (a person did not follow suit while holding
    it): its penalty is the variant's ``revoke`` option (RULES.md §3.7), applied by
    :meth:`~firmware.engine.match.Match.revoke`, during the hand or at its end before the
    next hand is dealt. Not an :data:`Action`: kept in the record where it was called,
    ``{"seat": 2, "revoke": true}``, so a replay passes through it exactly.
    """

    seat: Seat


RecordEntry = Action | Undo | NothingToDeclare | Correct | Abandon | Revoke
"""What a hand's record holds, in order: the actions, any undo, correction, abandon,
revoke and any *nothing to declare* among them."""
