"""The phones' wire: every message both ways as a typed, checked value (docs/phones.md).

:func:`parse` is the only door from a phone's bytes into the program: a frame
that is not one of the messages below, exactly, raises :class:`ProtocolError`
with the code and readable reason the phone is sent back; nothing else sees
it. What the box sends is built by the ``*_frame`` functions, so both sides
of the protocol are in one file.

Pure: no I/O, no clock, no asyncio; the server (:mod:`.server`) and the tests
call the same functions.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any, Final, Literal, get_args

import ui.intents as ui
from firmware.config import LANGUAGES
from firmware.engine.actions import Declare, DeclKind
from firmware.engine.names import BadName, PersonName, check_name
from ui.i18n import render, tr

MAX_FRAME: Final = 4096
"""The largest frame a phone may send, in bytes: a tap is under 200."""

CODE_RE: Final = re.compile(r"[0-9]{6}")
SECRET_RE: Final = re.compile(r"[A-Za-z0-9_-]{43}")  # secrets.token_urlsafe(32): 256 bits
TOKEN_RE: Final = re.compile(r"[A-Za-z0-9_-]{22}")  # secrets.token_urlsafe(16): 128 bits, the QR code's
SIGNAL_RE: Final = re.compile(r"[a-z_]{1,16}")
MAX_CARD: Final = 127  # every deck's card ids (firmware.engine.cards.DECKS) are below it
MAX_V: Final = 2**53 - 1  # what a JavaScript number holds exactly
DECL_KINDS: Final[frozenset[str]] = frozenset(get_args(DeclKind))

Lang = Literal["it", "de", "en", "hr", "nl"]
_LANGS: dict[str, Lang] = {"it": "it", "de": "de", "en": "en", "hr": "hr", "nl": "nl"}
assert set(_LANGS) == set(LANGUAGES)

ErrorCode = Literal[
    "bad_json", "bad_message", "too_big", "not_joined", "bad_code", "code_closed",
    "seat_taken", "too_many_tries", "unknown_secret", "stale", "not_legal", "rate_limited", "bad_name",
]  # fmt: skip
ByeCode = Literal["replaced", "seat_freed", "no_longer_phone", "timeout", "flood", "stopping", "too_big"]


class ProtocolError(ValueError):
    """A frame refused: ``code`` for the page, ``detail`` (English) names what is wrong."""

    def __init__(self, code: ErrorCode, detail: str = "") -> None:
        super().__init__(f"{code}: {detail}" if detail else code)
        self.code: ErrorCode = code
        self.detail = detail


# ------------------------------------------------------------------ phone → box


@dataclass(frozen=True, slots=True)
class Join:
    """A new phone with the short code shown on the touchscreen; scanned from its QR code,
    with the seat's join token as well (docs/phones.md, "Joining")."""

    code: str
    lang: Lang = "it"
    token: str | None = None
    name: PersonName | None = None  # who plays, typed on the join page (firmware.engine.names)


@dataclass(frozen=True, slots=True)
class Resume:
    """A phone that joined before, with its seat secret."""

    secret: str
    lang: Lang = "it"
    name: PersonName | None = None


@dataclass(frozen=True, slots=True)
class SetLang:
    lang: Lang


@dataclass(frozen=True, slots=True)
class Ping:
    pass


@dataclass(frozen=True, slots=True)
class DeclSpec:
    """A declaration as the state's ``legal.declare`` lists it (the engine's fields)."""

    kind: DeclKind
    suit: int | None = None
    rank: int | None = None
    missing: int | None = None
    extra: int | None = None


@dataclass(frozen=True, slots=True)
class Tap:
    """An action of the seat on the state numbered ``v``: ``what`` says which.

    ``card`` for play/call/zutun, ``signals`` for play, ``declaration`` for declare.
    """

    what: Literal["play", "declare", "nothing", "claim", "call", "zutun", "next", "hint"]
    v: int
    card: int | None = None
    signals: tuple[str, ...] = ()
    declaration: DeclSpec | None = None

    def intent(self, seat: int) -> ui.Intent:
        """The touchscreen's intent for this tap: the same path through the controller."""
        match self.what:
            case "play":
                assert self.card is not None
                return ui.PlayCard(self.card, self.signals)
            case "declare":
                d = self.declaration
                assert d is not None
                return ui.Declare(Declare(seat, d.kind, d.suit, d.rank, d.missing, d.extra))
            case "nothing":
                return ui.NothingToDeclare()
            case "claim":
                return ui.Claim()
            case "call":
                assert self.card is not None
                return ui.Call(self.card)
            case "zutun":
                assert self.card is not None
                return ui.ZuTun(self.card)
            case "next":
                return ui.NextHand()
            case "hint":
                return ui.Hint()  # for this seat, from its view alone (firmware/app/coaching.py)


ClientMessage = Join | Resume | SetLang | Ping | Tap

# The fields of each type: (required, optional). Anything else is refused.
_FIELDS: dict[str, tuple[frozenset[str], frozenset[str]]] = {
    "join": (frozenset({"code"}), frozenset({"lang", "token", "name"})),
    "resume": (frozenset({"secret"}), frozenset({"lang", "name"})),
    "lang": (frozenset({"lang"}), frozenset()),
    "ping": (frozenset(), frozenset()),
    "play": (frozenset({"v", "card"}), frozenset({"signals"})),
    "declare": (frozenset({"v", "declaration"}), frozenset()),
    "nothing": (frozenset({"v"}), frozenset()),
    "claim": (frozenset({"v"}), frozenset()),
    "call": (frozenset({"v", "card"}), frozenset()),
    "zutun": (frozenset({"v", "card"}), frozenset()),
    "next": (frozenset({"v"}), frozenset()),
    "hint": (frozenset({"v"}), frozenset()),  # no seat: a phone asks for its own seat only
}
MESSAGE_TYPES: Final = tuple(_FIELDS)
_DECL_FIELDS = frozenset({"kind", "suit", "rank", "missing", "extra"})


def _int(obj: dict[str, Any], key: str, hi: int) -> int:
    value = obj[key]
    if type(value) is not int or not 0 <= value <= hi:  # bool is not a number here
        raise ProtocolError("bad_message", f"{key} must be a whole number from 0 to {hi}")
    return value


def _opt_int(obj: dict[str, Any], key: str, hi: int) -> int | None:
    if obj.get(key) is None:
        return None
    return _int(obj, key, hi)


def _lang(obj: dict[str, Any]) -> Lang:
    value = obj.get("lang", "it")
    if not isinstance(value, str) or value not in _LANGS:
        raise ProtocolError("bad_message", "lang must be it, de or en")
    return _LANGS[value]


def _match(obj: dict[str, Any], key: str, pattern: re.Pattern[str], what: str) -> str:
    value = obj[key]
    if not isinstance(value, str) or pattern.fullmatch(value) is None:
        raise ProtocolError("bad_message", f"{key} must be {what}")
    return value


def _name(obj: dict[str, Any]) -> PersonName | None:
    """The phone's person, checked like every name (absent or empty: nobody named)."""
    value = obj.get("name")
    if value is None or value == "":
        return None
    try:
        return check_name(value)
    except BadName as exc:
        raise ProtocolError("bad_name", str(exc)) from None


def _declaration(value: object) -> DeclSpec:
    if not isinstance(value, dict) or not set(value) <= _DECL_FIELDS or "kind" not in value:
        raise ProtocolError("bad_message", "declaration must be one of the state's legal.declare")
    kind = value["kind"]
    if not isinstance(kind, str) or kind not in DECL_KINDS:
        raise ProtocolError("bad_message", f"declaration kind must be one of {', '.join(sorted(DECL_KINDS))}")
    k: DeclKind = next(x for x in get_args(DeclKind) if x == kind)
    return DeclSpec(k, _opt_int(value, "suit", 7), _opt_int(value, "rank", 15),
                    _opt_int(value, "missing", 7), _opt_int(value, "extra", 40))  # fmt: skip


def _signals(value: object) -> tuple[str, ...]:
    if not isinstance(value, list) or len(value) > 4:
        raise ProtocolError("bad_message", "signals must be a list of at most 4 names")
    out: list[str] = []
    for s in value:
        if not isinstance(s, str) or SIGNAL_RE.fullmatch(s) is None:
            raise ProtocolError("bad_message", "a signal is a short lowercase name")
        out.append(s)
    return tuple(out)


def parse(frame: str | bytes) -> ClientMessage:
    """One frame from a phone as a checked message; :class:`ProtocolError` otherwise."""
    if len(frame) > MAX_FRAME:
        raise ProtocolError("too_big", f"a message is at most {MAX_FRAME} bytes")
    try:
        obj = json.loads(frame)
    except (ValueError, RecursionError) as exc:  # UnicodeDecodeError is a ValueError
        raise ProtocolError("bad_json", "not JSON") from exc
    if not isinstance(obj, dict):
        raise ProtocolError("bad_message", "a message is a JSON object")
    kind = obj.get("type")
    if not isinstance(kind, str) or kind not in _FIELDS:
        raise ProtocolError("bad_message", f"type must be one of {', '.join(MESSAGE_TYPES)}")
    required, optional = _FIELDS[kind]
    keys = set(obj) - {"type"}
    if missing := sorted(required - keys):
        raise ProtocolError("bad_message", f"{kind} needs {', '.join(missing)}")
    if extra := sorted(keys - required - optional):
        raise ProtocolError("bad_message", f"{kind} takes no {', '.join(extra[:3])}")
    match kind:
        case "join":
            token = _match(obj, "token", TOKEN_RE, "the QR code's token") if "token" in obj else None
            return Join(_match(obj, "code", CODE_RE, "the six digits shown on the box"), _lang(obj), token, _name(obj))
        case "resume":
            return Resume(_match(obj, "secret", SECRET_RE, "the secret the box gave"), _lang(obj), _name(obj))
        case "lang":
            return SetLang(_lang(obj))
        case "ping":
            return Ping()
        case "play":
            sig = _signals(obj["signals"]) if "signals" in obj else ()
            return Tap("play", _int(obj, "v", MAX_V), _int(obj, "card", MAX_CARD), sig)
        case "declare":
            return Tap("declare", _int(obj, "v", MAX_V), declaration=_declaration(obj["declaration"]))
        case "call" | "zutun":
            return Tap(kind, _int(obj, "v", MAX_V), _int(obj, "card", MAX_CARD))
        case "nothing" | "claim" | "next" | "hint":
            return Tap(kind, _int(obj, "v", MAX_V))
    raise AssertionError(kind)  # every key of _FIELDS is matched above


# ------------------------------------------------------------------ box → phone


def dumps(obj: dict[str, Any]) -> str:
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"))


def error_text(code: str, lang: str) -> str:
    """The phone's words for an error or bye code (the catalogue's ``w_<code>``)."""
    return tr("w_" + code, lang)


def error_frame(code: ErrorCode, lang: str, *, detail: str = "", retry_after: float | None = None) -> str:
    obj: dict[str, Any] = {"type": "error", "code": code, "text": error_text(code, lang)}
    if detail:
        obj["detail"] = detail  # English, for the developer's console
    if retry_after is not None:
        obj["retry_after"] = round(retry_after, 1)
    return dumps(obj)


def bye_frame(code: ByeCode, lang: str) -> str:
    return dumps({"type": "bye", "code": code, "text": error_text(code, lang)})


def pong_frame() -> str:
    return dumps({"type": "pong"})


def welcome_frame(*, seat: int, secret: str | None, table: dict[str, Any], lang: str) -> str:
    """``table`` holds the public facts of the game (variant, n_seats, deck, cards)."""
    obj: dict[str, Any] = {"type": "welcome", "seat": seat, "lang": lang, **table}
    if secret is not None:
        obj["secret"] = secret
    return dumps(obj)


__all__ = [
    "MAX_FRAME", "ClientMessage", "DeclSpec", "Join", "Ping", "ProtocolError", "Resume", "SetLang", "Tap",
    "bye_frame", "dumps", "error_frame", "parse", "pong_frame", "render", "welcome_frame",
]  # fmt: skip
