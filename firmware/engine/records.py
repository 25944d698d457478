"""Game records, ``"format": "tressette-record/1"`` (docs/records.md).

The same document is the saved game, the power-loss journal's content and
the input of ``tressette replay``. Reading one replays every action through
the checked path, so a record with an illegal action is refused with the
action's place and the reason; an unfinished last hand replays up to where it
stops.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from firmware.engine.actions import (
    Abandon,
    Action,
    Call,
    Claim,
    Correct,
    Declare,
    Discard,
    NothingToDeclare,
    Play,
    RecordEntry,
    Revoke,
    Undo,
    ZuTun,
)
from firmware.engine.cards import CODE, Deck
from firmware.engine.errors import RecordError, TressetteError
from firmware.engine.match import Match
from firmware.engine.scoresheet import Amend, Tally
from firmware.engine.variants import Variant, make_variant

FORMAT = "tressette-record/1"


def action_to_json(deck: Deck, action: Action) -> dict[str, Any]:
    if isinstance(action, Play):
        out: dict[str, Any] = {"seat": action.seat, "play": CODE[action.card]}
        if action.signals:
            out["signal"] = list(action.signals)
        return out
    if isinstance(action, Declare):
        decl: dict[str, Any] = {"kind": action.kind}
        if action.kind in ("napoletana", "decima"):
            assert action.suit is not None
            decl["suit"] = deck.suits[action.suit]
        else:
            assert action.rank is not None
            decl["rank"] = deck.ranks[action.rank]
        # Said aloud at a real-card table (the box cannot see the hand): the suit a
        # three lacks, the cards that extend a napoletana.
        if action.missing is not None:
            decl["missing"] = deck.suits[action.missing]
        if action.extra is not None:
            decl["extra"] = action.extra
        return {"seat": action.seat, "declare": decl}
    if isinstance(action, Claim):
        return {"seat": action.seat, "claim": True}
    if isinstance(action, Call):
        return {"seat": action.seat, "call": CODE[action.card]}
    if isinstance(action, Discard):
        return {"seat": action.seat, "discard": CODE[action.card]}
    return {"seat": action.seat, "zu_tun": CODE[action.card]}


KINDS = ("play", "declare", "zu_tun", "claim", "call", "discard")


def tally_to_json(t: Tally) -> dict[str, Any]:
    """A score-sheet hand's count: ``{"seat": 0, "tally": {"thirds": [18, 17], ...}}``."""
    body: dict[str, Any] = {"thirds": list(t.thirds)}
    if t.end != "play":
        body["end"], body["by"] = t.end, t.by
    if t.sudden is not None:
        body["sudden"], body["side"] = t.sudden, t.sudden_side
    if t.partner is not None:
        body["partner"] = t.partner
    return {"seat": t.seat, "tally": body}


def tally_from_json(obj: Mapping[str, Any]) -> Tally:
    seat, body = obj.get("seat"), obj.get("tally")
    if set(obj) != {"seat", "tally"} or not isinstance(body, Mapping):
        raise RecordError(f"a count is {{\"seat\": N, \"tally\": {{\"thirds\": [...]}}}}: {dict(obj)!r}")
    unknown = set(body) - {"thirds", "end", "by", "sudden", "side", "partner"}
    if unknown:
        raise RecordError(f"a count has no {', '.join(sorted(unknown))}: {dict(body)!r}")

    def number(name: str, value: object) -> int:
        if not isinstance(value, int) or isinstance(value, bool):
            raise RecordError(f"a count's {name!r} must be an integer: {dict(body)!r}")
        return value

    thirds = body.get("thirds")
    if not isinstance(thirds, list) or not thirds:
        raise RecordError(f"a count's 'thirds' is a list, one number per side: {dict(body)!r}")
    end = body.get("end", "play")
    if end not in ("play", "claim", "zu_tun", "decima"):
        raise RecordError(f"a count's 'end' is play, claim, zu_tun or decima, not {end!r}")
    sudden = body.get("sudden")
    if sudden is not None and not isinstance(sudden, str):
        raise RecordError(f"a count's 'sudden' is a name: {dict(body)!r}")
    opt = {k: None if body.get(k) is None else number(k, body.get(k)) for k in ("by", "side", "partner")}
    return Tally(number("seat", seat), tuple(number("thirds", x) for x in thirds), end,
                 opt["by"], sudden, opt["side"], opt["partner"])  # fmt: skip


def entry_to_json(deck: Deck, entry: RecordEntry | Tally | Amend) -> dict[str, Any]:
    """An action, an undo ``{"seat": 0, "undo": 3}``, a *nothing to declare*
    ``{"seat": 1, "nothing_to_declare": true}``, a score sheet's count or its amendment
    ``{"seat": 0, "amend": 2, "tally": {...}}`` (docs/records.md)."""
    if isinstance(entry, Amend):
        return {"seat": entry.seat, "amend": entry.hand, "tally": tally_to_json(entry.tally)["tally"]}
    if isinstance(entry, Tally):
        return tally_to_json(entry)
    if isinstance(entry, Undo):
        return {"seat": entry.seat, "undo": entry.count}
    if isinstance(entry, NothingToDeclare):
        return {"seat": entry.seat, "nothing_to_declare": True}
    if isinstance(entry, Revoke):
        return {"seat": entry.seat, "revoke": True}
    if isinstance(entry, Correct):
        return {"seat": entry.seat, "correct": CODE[entry.card]}
    if isinstance(entry, Abandon):
        return {"seat": entry.seat, "abandon": True}
    return action_to_json(deck, entry)


def amend_from_json(obj: Mapping[str, Any]) -> Amend:
    """``{"seat": 0, "amend": HAND, "tally": {...}}``: hand HAND's (from 0) count amended."""
    hand = obj.get("amend")
    if set(obj) != {"seat", "amend", "tally"}:
        raise RecordError(f"an amendment is {{\"seat\": N, \"amend\": HAND, \"tally\": {{...}}}}: {dict(obj)!r}")
    if not isinstance(hand, int) or isinstance(hand, bool) or hand < 0:
        raise RecordError(f"an amendment's 'amend' is a hand number from 0: {dict(obj)!r}")
    return Amend(hand, tally_from_json({"seat": obj.get("seat"), "tally": obj.get("tally")}))


def entry_from_json(deck: Deck, obj: Mapping[str, Any]) -> RecordEntry | Tally | Amend:
    """An action (:func:`action_from_json`), an undo, a correction, an abandon, a *nothing
    to declare*, a score sheet's count or its amendment; raises :class:`RecordError`."""
    if isinstance(obj, Mapping) and "amend" in obj:
        return amend_from_json(obj)
    if isinstance(obj, Mapping) and "tally" in obj:
        return tally_from_json(obj)
    if isinstance(obj, Mapping) and "nothing_to_declare" in obj:
        seat = obj.get("seat")
        if set(obj) != {"seat", "nothing_to_declare"} or obj.get("nothing_to_declare") is not True:
            raise RecordError(f"'nothing to declare' is {{\"seat\": N, \"nothing_to_declare\": true}}: {dict(obj)!r}")
        if not isinstance(seat, int) or isinstance(seat, bool):
            raise RecordError(f"'nothing to declare' needs an integer 'seat': {dict(obj)!r}")
        return NothingToDeclare(seat)
    if isinstance(obj, Mapping) and "revoke" in obj:
        seat = obj.get("seat")
        if set(obj) != {"seat", "revoke"} or obj.get("revoke") is not True:
            raise RecordError(f"a revoke is {{\"seat\": N, \"revoke\": true}}: {dict(obj)!r}")
        if not isinstance(seat, int) or isinstance(seat, bool):
            raise RecordError(f"a revoke needs an integer 'seat': {dict(obj)!r}")
        return Revoke(seat)
    if isinstance(obj, Mapping) and "undo" in obj:
        seat, count = obj.get("seat"), obj.get("undo")
        if set(obj) != {"seat", "undo"}:
            raise RecordError(f"an undo has only 'seat' and 'undo': {dict(obj)!r}")
        for name, value in (("seat", seat), ("undo", count)):
            if not isinstance(value, int) or isinstance(value, bool):
                raise RecordError(f"an undo needs an integer {name!r}: {dict(obj)!r}")
        assert isinstance(seat, int) and isinstance(count, int)
        return Undo(seat, count)
    if isinstance(obj, Mapping) and ("correct" in obj or "abandon" in obj):
        return _correction_from_json(deck, obj)
    return action_from_json(deck, obj)


def _correction_from_json(deck: Deck, obj: Mapping[str, Any]) -> Correct | Abandon:
    """``{"seat": 1, "correct": "3c"}`` or ``{"seat": 0, "abandon": true}`` (real cards)."""
    seat = obj.get("seat")
    if not isinstance(seat, int) or isinstance(seat, bool):
        raise RecordError(f"a correction or an abandon needs an integer 'seat': {dict(obj)!r}")
    if "abandon" in obj:
        if set(obj) != {"seat", "abandon"} or obj.get("abandon") is not True:
            raise RecordError(f"an abandon is {{\"seat\": DEALER, \"abandon\": true}}: {dict(obj)!r}")
        return Abandon(seat)
    if set(obj) != {"seat", "correct"}:
        raise RecordError(f"a correction has only 'seat' and 'correct': {dict(obj)!r}")
    try:
        return Correct(seat, deck.parse(obj["correct"]))
    except TressetteError as exc:
        raise RecordError(str(exc)) from None


def action_from_json(deck: Deck, obj: Mapping[str, Any]) -> Action:
    """Parse one action object; raises :class:`RecordError` saying what is wrong."""
    if not isinstance(obj, Mapping):
        raise RecordError(f"an action must be an object, not {obj!r}")
    seat = obj.get("seat")
    if not isinstance(seat, int) or isinstance(seat, bool):
        raise RecordError(f"an action needs an integer 'seat': {dict(obj)!r}")
    kinds = [k for k in KINDS if k in obj]
    if len(kinds) != 1:
        raise RecordError(f"an action has exactly one of {' / '.join(KINDS)}: {dict(obj)!r}")
    try:
        if "play" in obj:
            signals = obj.get("signal", [])
            if not isinstance(signals, list) or not all(isinstance(x, str) for x in signals):
                raise RecordError("'signal' must be a list of names")
            return Play(seat, deck.parse(obj["play"]), tuple(signals))
        if "zu_tun" in obj:
            return ZuTun(seat, deck.parse(obj["zu_tun"]))
        if "claim" in obj:
            if obj["claim"] is not True:
                raise RecordError("'claim' must be true")
            return Claim(seat)
        if "call" in obj:
            return Call(seat, deck.parse(obj["call"]))
        if "discard" in obj:
            return Discard(seat, deck.parse(obj["discard"]))
        decl = obj["declare"]
        if not isinstance(decl, Mapping):
            raise RecordError("'declare' must be an object")
        kind = decl.get("kind")
        extra = decl.get("extra")
        if extra is not None and (not isinstance(extra, int) or isinstance(extra, bool)):
            raise RecordError(f"'extra' must be a number of cards, not {extra!r}")
        missing = decl.get("missing")
        if missing is not None and missing not in deck.suits:
            raise RecordError(f"missing suit {missing!r} is not one of {' '.join(deck.suits)}")
        if kind in ("napoletana", "decima"):
            suit = decl.get("suit")
            if suit not in deck.suits:
                raise RecordError(f"{kind} suit {suit!r} is not one of {' '.join(deck.suits)}")
            return Declare(seat, kind, suit=deck.suits.index(suit), extra=extra)
        if kind in ("three", "four"):
            rank = decl.get("rank")
            if rank not in deck.ranks:
                raise RecordError(f"rank {rank!r} is not one of {' '.join(deck.ranks)}")
            miss = None if missing is None else deck.suits.index(missing)
            return Declare(seat, kind, rank=deck.ranks.index(rank), missing=miss)
        raise RecordError(f"unknown declaration kind {kind!r}")
    except RecordError:
        raise
    except TressetteError as exc:
        raise RecordError(str(exc)) from None


def match_to_json(match: Match) -> dict[str, Any]:
    deck = match.variant.deck
    return {
        "format": FORMAT,
        "variant": match.variant.name,
        "options": match.variant.to_json(),
        "hands": [
            {
                "dealer": h.dealer,
                "deal": h.deal_spec,
                "actions": [entry_to_json(deck, a) for a in h.actions],
            }
            for h in match.hands
        ],
    }


def dumps(match: Match) -> str:
    return json.dumps(match_to_json(match), ensure_ascii=False, indent=1)


def variant_of(doc: Mapping[str, Any]) -> Variant:
    if doc.get("format") != FORMAT:
        raise RecordError(f"not a game record: 'format' must be {FORMAT!r}")
    options = doc.get("options", {})
    if not isinstance(options, Mapping):
        raise RecordError("'options' must be an object")
    try:
        return make_variant(str(doc.get("variant")), options)
    except TressetteError as exc:
        raise RecordError(str(exc)) from None


def replay(doc: Mapping[str, Any]) -> Match:
    """Rebuild the match a record describes, checking every action."""
    variant = variant_of(doc)
    hands = doc.get("hands")
    if not isinstance(hands, list):
        raise RecordError("'hands' must be a list")
    match: Match | None = None
    for h_index, hand in enumerate(hands):
        where = f"hand {h_index + 1}"
        if not isinstance(hand, Mapping):
            raise RecordError(f"{where}: must be an object")
        dealer = hand.get("dealer", 0)
        if not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < variant.n_seats:
            raise RecordError(f"{where}: 'dealer' must be a seat number")
        if match is None:
            match = Match(variant, first_dealer=dealer)
        elif dealer != match.next_dealer:
            raise RecordError(f"{where}: the dealer is seat {match.next_dealer}, not {dealer}")
        deal = hand.get("deal")
        if not isinstance(deal, Mapping):
            raise RecordError(f"{where}: 'deal' must be an object")
        _check_flags(where, deal)
        try:
            match.begin_hand(deal)
        except TressetteError as exc:
            raise RecordError(f"{where}: {exc}") from None
        actions = hand.get("actions", [])
        if not isinstance(actions, list):
            raise RecordError(f"{where}: 'actions' must be a list")
        for a_index, obj in enumerate(actions):
            try:
                match.record(entry_from_json(variant.deck, obj))
            except TressetteError as exc:
                raise RecordError(f"{where}, action {a_index}: {exc}") from None
        if h_index < len(hands) - 1 and not match.hand_over:
            raise RecordError(f"{where}: unfinished, but another hand follows")
    if match is None:
        match = Match(variant)
    return match


DEAL_FLAGS = {"sheet": "true", "table": "true or false"}
"""A deal's booleans and the values each may take: JSON's own, never ``1`` or ``"true"``."""


def _check_flags(where: str, deal: Mapping[str, Any]) -> None:
    """A deal's ``sheet`` / ``table`` are JSON booleans (``1 == True`` in Python: a record
    with ``{"sheet": 1}`` was read as a score-sheet hand)."""
    for key, allowed in DEAL_FLAGS.items():
        if key in deal:
            value = deal[key]
            if value is not True and (value is not False or allowed == "true"):
                raise RecordError(f"{where}: the deal's {key!r} must be {allowed} (a JSON boolean), not {value!r}")


def loads(text: str) -> Match:
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError(f"not JSON: {exc}") from None
    if not isinstance(doc, Mapping):
        raise RecordError("a record is a JSON object")
    return replay(doc)
