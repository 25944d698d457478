"""The Player protocol: what every seat at the table answers to.

A player receives only :class:`~firmware.engine.View` values (RULES.md §4):
the computer levels, the human seat on the touchscreen, a seat of real cards
read by the card reader and, later, a network seat all implement the same two
methods. The table controller calls :meth:`Player.declarations` whenever the
seat's ``view.legal`` holds :class:`Declare` actions (in tressette2 that is
before the first card, also when it is not the seat's turn) and
:meth:`Player.choose` when ``view.my_turn``.

Computer players are deterministic given their seed and the sequence of views
they are shown: each owns a ``random.Random(seed)`` and nothing else random.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Protocol, runtime_checkable

from firmware.engine import SUIT, THIRDS, Action, Call, Claim, Declare, Discard, Play, View, ZuTun
from firmware.engine.cards import RANK


@runtime_checkable
class Player(Protocol):
    name: str

    def choose(self, view: View) -> Action:
        """One of ``view.legal`` (a Play, or a Declare / ZuTun the variant offers)."""
        ...

    def declarations(self, view: View) -> list[Declare]:
        """The declarations to make now from ``view.legal`` (may be empty: a hold-back)."""
        ...


def legal_declares(view: View) -> list[Declare]:
    return [a for a in view.legal if isinstance(a, Declare)]


def legal_plays(view: View) -> list[Play]:
    return [a for a in view.legal if isinstance(a, Play)]


def legal_zu_tun(view: View) -> list[ZuTun]:
    return [a for a in view.legal if isinstance(a, ZuTun)]


def declare_everything(view: View) -> list[Declare]:
    """Every declaration on offer, the larger first where two overlap.

    A four and the three of the same rank are both offered when a seat holds
    the four; declaring the four first is worth 4 and the three is then
    refused by the engine (a three may not follow its four), so only the four
    is returned. A napoletana and a three may share cards (seed 000, 003).
    """
    decls = legal_declares(view)
    fours = {d.rank for d in decls if d.kind == "four"}
    return [d for d in decls if not (d.kind == "three" and d.rank in fours)]


def play_for_card(view: View, card: int) -> Play:
    """The legal Play of ``card``; with signals on offer, the one without any."""
    options = [a for a in legal_plays(view) if a.card == card]
    if not options:
        raise ValueError(f"card {card} is not playable now")
    plain = [a for a in options if not a.signals]
    return plain[0] if plain else options[0]


def side_total(view: View) -> int:
    """What the engine counts for a claim: earlier hands + declarations + card points so far."""
    sides = view.sides
    me = view.seat
    if not sides or sides[me] is None:
        return 0
    mine = sides[me]
    declared = sum(d.points for d in view.declarations if sides[d.seat] == mine)
    thirds = sum(sv.thirds for sv in view.seats if sides[sv.seat] == mine)
    return view.prior[view.variant.side_of(me)] + declared + thirds // 3


def special_action(view: View) -> Action | None:
    """The actions every level takes the same way, before any card play.

    - zu tun when offered (it wins the game);
    - chiamarsi fuori only when the count from the view says it is right;
    - chiamata: call the 3 (or 2, ace) of the suit we are longest in;
    - terziglio3's dealer lays away his cheapest card, never an ace.
    """
    zu = legal_zu_tun(view)
    if zu:
        return zu[0]
    calls = [a for a in view.legal if isinstance(a, Call)]
    if calls:
        hand = view.hand
        return max(calls, key=lambda a: (sum(1 for c in hand if SUIT[c] == SUIT[a.card]), -a.card))
    discards = [a for a in view.legal if isinstance(a, Discard)]
    if discards:
        return min(discards, key=lambda a: (THIRDS[a.card] == 3, THIRDS[a.card], -RANK[a.card]))
    claim_offered = view.my_turn and any(isinstance(a, Claim) for a in view.legal)
    if claim_offered and side_total(view) >= view.variant.target:
        return Claim(view.seat)
    return None


def level_move(view: View, pick: Callable[[list[Play]], Action]) -> Action:
    """A computer level's move: the actions every level takes alike first
    (:func:`special_action`); with no card to play, the first other action that is not
    a claim (a claim is never a default); else the one ``pick`` makes of the legal plays."""
    special = special_action(view)
    if special is not None:
        return special
    plays = legal_plays(view)
    if plays:
        return pick(plays)
    others = [a for a in view.legal if not isinstance(a, Claim)]
    return others[0] if others else view.legal[0]


class RandomPlayer:
    """Uniformly random among the legal plays; declares everything (a test opponent)."""

    def __init__(self, *, seed: int, name: str = "random") -> None:
        self.name = name
        self.rng = random.Random(seed)

    def choose(self, view: View) -> Action:
        return level_move(view, self.rng.choice)

    def declarations(self, view: View) -> list[Declare]:
        return declare_everything(view)
