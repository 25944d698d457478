"""What a phone seat is sent: built from the engine's ``view_for(state, seat)`` and public facts.

:func:`seat_state` is pure: the seat's :class:`~firmware.engine.View` plus
:class:`TableFacts` (what everyone at the table knows: who sits where, which
phones are here, the phase, the table's note) in, a JSON-ready dict out.
Nothing else reaches a phone, so what a phone may learn is exactly what the
engine's view holds (RULES.md §4): the wire hiding test
(tests/app/phones/test_wire_hiding.py) deals the hidden cards again in every
way the view allows and asserts the bytes stay the same.

:func:`public_view` is the shared table: the meet of every seat's view, what
the touchscreen shows when nobody plays at it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field, replace
from typing import Any

import ui.intents as ui
from firmware.engine import Call, Claim, Declare, Discard, Play, Variant, View, ZuTun
from firmware.engine.view import UnitCount
from ui.i18n import CardName, Message, arg_text, render


@dataclass(frozen=True, slots=True)
class Notice:
    """A message for one phone or the table, already in no language (key + args)."""

    message: Message
    level: str = "info"
    seq: int = 0


@dataclass(frozen=True, slots=True)
class TableFacts:
    """The public facts a seat's state carries besides its view.

    ``v`` numbers the table's state (the controller's generation): a tap names it.
    ``kinds`` the seat kinds in turn order; ``connected`` per seat whether its
    phone is here (None for a seat that is no phone); ``waiting_for`` the phone
    seats the match waits for; ``prompt`` the seats the table waits for to declare
    or say *nothing to declare*; ``may_declare`` those whose declarations the table
    takes now; ``cards_wait`` no card may be played (the onori round runs); ``hints``
    the table gives hints (a practice match: docs/coach.md); ``coached`` per phone seat
    what its coach said (the hint it asked for, its hand's rating), each sent to that
    seat's phone only.
    """

    v: int
    phase: str
    kinds: tuple[str, ...]
    connected: tuple[bool | None, ...]
    totals: tuple[int, ...] = ()
    waiting_for: tuple[int, ...] = ()
    prompt: frozenset[int] = frozenset()
    may_declare: frozenset[int] = frozenset()
    cards_wait: bool = False
    match_over: bool = False
    winner: int | None = None
    notice: Notice | None = None
    refusals: tuple[tuple[int, Notice], ...] = field(default=())  # (seat, its last refusal)
    names: tuple[str | None, ...] = ()  # who plays each seat (firmware.engine.names), None unnamed
    hints: bool = False
    coached: tuple[tuple[int, Coached], ...] = field(default=())  # (seat, what its coach said)


@dataclass(frozen=True, slots=True)
class Coached:
    """What the coach told one phone seat: the hint for the state ``v`` (its card and its
    reason), ``thinking`` while it is being worked out, the last hand's rating lines."""

    v: int = -1
    card: int | None = None
    hint: Message | None = None
    thinking: bool = False
    rating: tuple[Message, ...] = ()


@dataclass(frozen=True, slots=True)
class TableFeed:
    """What the main loop publishes after a change (built by :func:`.link.build_feed`).

    ``views`` holds the engine's view of each phone seat, ``facts`` the public
    facts; ``phone_seats`` None while no match is on the table (claims are kept),
    ``join_open`` the phone seats whose short code the touchscreen shows now.
    """

    version: int
    phone_seats: frozenset[int] | None
    join_open: frozenset[int] = frozenset()
    views: Mapping[int, View] = field(default_factory=dict)
    facts: TableFacts | None = None
    info: Mapping[str, Any] = field(default_factory=dict)  # the welcome's public game facts
    codes_drawn: int = 0  # times the touchscreen asked for fresh join codes


def _decl(d: Declare) -> dict[str, Any]:
    return {"kind": d.kind, "suit": d.suit, "rank": d.rank, "missing": d.missing, "extra": d.extra}


def _plain(obj: object) -> Any:
    """A dataclass tree as JSON values (tuples as lists)."""
    if isinstance(obj, dict):
        return {str(k): _plain(v) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        return [_plain(x) for x in obj]
    return obj


def _flat(obj: UnitCount) -> dict[str, Any]:
    """A dataclass of plain fields as a dict: what ``asdict`` gives, without its deep copy
    (every state message, for every phone, carries a count per side)."""
    return {name: getattr(obj, name) for name in obj.__slots__}


def known_cards(view: View) -> frozenset[int]:
    """Every card whose place this seat knows (its hand, played, shown, aside, drawn face up)."""
    return frozenset(view.variant.deck.cards) - frozenset(view.unseen)


def _names_unknown_card(message: Message, known: frozenset[int]) -> bool:
    for _, arg in message.args:
        if isinstance(arg, CardName) and arg.card not in known:
            return True
        if isinstance(arg, Message) and _names_unknown_card(arg, known):
            return True
    return False


# the table's notes about one phone seat's phone (firmware/app/phoneseats.py), n = its seat + 1
ABOUT_A_PHONE = frozenset({"ph_joined", "ph_away"})


def notice_json(notice: Notice | None, view: View, lang: str) -> dict[str, Any] | None:
    """A note for this seat, or None. A note that names a card this seat cannot place is
    not sent as it is (the table's words are written for the people at the screen): a
    refusal becomes the plain "not possible now", any other note is left out."""
    if notice is None or not notice.message:
        return None
    m = notice.message
    if m.key in ABOUT_A_PHONE and dict(m.args).get("n") == view.seat + 1:
        return None  # "Seat 1: phone connected" is news to the others, not to seat 1's own phone
    if _names_unknown_card(m, known_cards(view)):
        if notice.level != "refusal":
            return None
        m = Message("ph_refused")
    args = {k: v if isinstance(v, (int, str)) else arg_text(v, lang) for k, v in m.args}
    return {"key": m.key, "args": args, "text": render(m, lang), "level": notice.level, "seq": notice.seq}


def legal_json(view: View, facts: TableFacts) -> dict[str, Any]:
    """The engine's legal actions of this seat now, grouped as the page shows them; the
    table's own waits (the onori round's order) applied as the touchscreen applies them."""
    seat = view.seat
    plays = [] if facts.cards_wait else sorted({a.card for a in view.legal if isinstance(a, (Play, Discard))})
    # terziglio's dealer lays a card away before the first trick: tapped like a play (the
    # touchscreen's Discard and PlayCard take the same path), said as a discard
    discards = [] if facts.cards_wait else sorted({a.card for a in view.legal if isinstance(a, Discard)})
    signals = {str(c): list(names) for c, names in view.signal_options if names and c in plays}
    declare = [_decl(a) for a in view.legal if isinstance(a, Declare)] if seat in facts.may_declare else []
    return {
        "play": plays,
        "discard": discards,
        "signals": signals,
        "declare": declare,
        "nothing": seat in facts.prompt,
        "claim": any(isinstance(a, Claim) for a in view.legal),
        # the page offers the claim only where it stands (the engine's count has reached the
        # target): below it one tap ends the match lost (docs/phones.md, "The state a seat is sent")
        "claim_stands": view.claim_stands,
        "call": sorted({a.card for a in view.legal if isinstance(a, Call)}),
        "zutun": sorted({a.card for a in view.legal if isinstance(a, ZuTun)}),
        # the coach's hint, asked privately (a practice match, the seat to play a card)
        "hint": facts.hints and not facts.cards_wait and any(isinstance(a, Play) for a in view.legal),
    }


def allows(view: View | None, facts: TableFacts, seat: int, intent: ui.Intent) -> bool:
    """Whether ``seat`` may make ``intent`` now: it is among the seat's legal actions as
    :func:`legal_json` lists them (the engine's, with the table's waits), the very list its
    phone is shown; *next hand* while the count is read. Everything else is refused before
    it reaches the table: the server asks this of the feed it was given, the table of its
    state now (firmware/app/phoneseats.py)."""
    if isinstance(intent, ui.NextHand):
        return facts.phase == "hand_over"
    if view is None or view.seat != seat or facts.phase != "play":
        return False
    legal = legal_json(view, facts)
    match intent:
        case ui.PlayCard(card=card, signals=signals):
            return card in legal["play"] and set(signals) <= set(legal["signals"].get(str(card), ()))
        case ui.Discard(card=card):
            return card in legal["discard"]
        case ui.Declare(declare_action=action):
            return action.seat == seat and _decl(action) in legal["declare"]
        case ui.NothingToDeclare():
            return bool(legal["nothing"])
        case ui.Claim():
            return bool(legal["claim"])
        case ui.Call(card=card):
            return card in legal["call"]
        case ui.ZuTun(card=card):
            return card in legal["zutun"]
        case ui.Hint():
            return bool(legal["hint"])
    return False


def coach_json(coached: Coached | None, view: View, facts: TableFacts, lang: str) -> dict[str, Any] | None:
    """This seat's own coach: the hint for this very state (``thinking`` while it is worked
    out), the last hand's rating; None when it said nothing. Only cards this seat can place
    are ever named (a hint is worked out from its view alone: checked again here)."""
    if coached is None:
        return None
    known = known_cards(view)
    hint = None
    if coached.v == facts.v and coached.hint is not None and not _names_unknown_card(coached.hint, known):
        hint = {"card": coached.card if coached.card in view.hand else None,
                "text": render(Message("hint_says", (("hint", coached.hint),)), lang)}  # fmt: skip
    rating = [render(m, lang) for m in coached.rating if not _names_unknown_card(m, known)]
    thinking = coached.thinking and coached.v == facts.v
    if hint is None and not rating and not thinking:
        return None
    return {"hint": hint, "thinking": thinking, "rating": rating}


def seat_state(view: View, facts: TableFacts, lang: str = "it") -> dict[str, Any]:
    """The ``state`` message for ``view.seat`` (docs/phones.md, "The state a seat is sent")."""
    v = view.variant
    n = v.n_seats
    seats = [
        {
            "seat": sv.seat, "kind": facts.kinds[sv.seat] if sv.seat < len(facts.kinds) else "computer",
            "connected": facts.connected[sv.seat] if sv.seat < len(facts.connected) else None,
            "cards": sv.hand_count, "tricks": sv.tricks_won, "side": view.sides[sv.seat] if view.sides else sv.side,
            "shown": list(sv.shown), "voids": list(sv.voids),
            # a person's name: text the page sets with textContent, never markup
            "name": facts.names[sv.seat] if sv.seat < len(facts.names) else None,
        }
        for sv in view.seats
    ]  # fmt: skip
    last = view.tricks[-1] if view.tricks else None
    refusal = next((r for s, r in facts.refusals if s == view.seat), None)
    coached = next((c for s, c in facts.coached if s == view.seat), None)
    return {
        "type": "state",
        "v": facts.v,
        "seat": view.seat,
        "phase": facts.phase,
        "variant": v.name,
        "n_seats": n,
        "sides": [view.sides[s] if view.sides else v.side_of(s) for s in range(n)],
        "seats": seats,
        "hand": list(view.hand),
        "legal": legal_json(view, facts),
        "to_move": view.to_move,
        "leader": view.leader,
        "dealer": view.dealer,
        "trick": [[s, c] for s, c in view.trick],
        "trick_holder": view.trick_holder,
        "winning": list(view.winning_cards),
        "last_trick": None if last is None else {
            "cards": [[last.seat_of(i, n), c] for i, c in enumerate(last.cards)], "winner": last.winner},
        "tricks": len(view.tricks),
        "talon_left": view.talon_left,
        "draws": [[d.trick, d.seat, d.card] for d in view.draws],
        "trump": view.trump,
        "trump_card": view.trump_card,
        "called": view.called,
        "aside": list(view.aside),
        "declarations": [_plain(asdict(d)) for d in view.declarations],
        "said": [{"seat": s.seat, "trick": s.trick, "card": s.card, "signals": list(s.names)} for s in view.signals],
        "score": {
            "totals": list(facts.totals or view.totals or view.prior),
            "prior": list(view.prior),
            "target": view.target or v.target,
            "counts": [_flat(u) for u in view.unit_counts],
            "declared": list(view.unit_declared),
            "hand_won_at": v.hand_won_at,  # Briscola: a hand won with 61 scores one (RULES.md §3.8)
        },
        "result": None if view.result is None else _plain(asdict(view.result)),
        "match_over": facts.match_over,
        "winner": facts.winner,
        "waiting_for": list(facts.waiting_for),
        "notice": notice_json(facts.notice, view, lang),
        "refusal": notice_json(refusal, view, lang),
        "coach": coach_json(coached, view, facts, lang),
    }  # fmt: skip


def table_info(variant: Variant) -> dict[str, Any]:
    """The public facts ``welcome`` carries: the game and its deck (every card's code)."""
    deck = variant.deck
    return {"variant": variant.name, "n_seats": variant.n_seats, "deck": deck.name,
            "cards": {str(c): deck.code(c) for c in deck.cards}}  # fmt: skip


def public_view(views: Sequence[View]) -> View:
    """What every seat sees: the meet of all the seats' views (the shared table).

    No hand, no legal move, no card aside or drawn that not every seat sees, a side
    only where every seat knows it (chiamata's partner stays secret)."""
    first = views[0]
    n = len(views)
    draws = tuple(
        replace(d, card=d.card if all(w.draws[i].card == d.card for w in views) else None)
        for i, d in enumerate(first.draws)
    )
    aside = tuple(c for c in first.aside if all(c in w.aside for w in views))
    sides = tuple(
        first.sides[s] if all(w.sides[s] == first.sides[s] for w in views) else None
        for s in range(len(first.sides))
    )
    assert all(len(w.draws) == len(first.draws) for w in views) and n > 0
    return replace(first, hand=(), legal=(), winning_cards=(), signal_options=(), aside=aside,
                   draws=draws, sides=sides)  # fmt: skip


__all__ = ["Coached", "Notice", "TableFacts", "TableFeed", "allows", "known_cards", "public_view", "seat_state", "table_info"]
