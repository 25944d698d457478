"""``tressette replay FILE [--json]`` and ``tressette deal``: records for people."""

from __future__ import annotations

import argparse
import json
import os
import re
import stat
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, TextIO

from firmware.cliopts import options_from
from firmware.engine import (
    CODE,
    Action,
    Call,
    Claim,
    Declare,
    Discard,
    HandResult,
    HandState,
    Match,
    RecordEntry,
    RecordError,
    Stake,
    TressetteError,
    Variant,
    ZuTun,
    deal_seeded,
    make_variant,
)
from firmware.engine.actions import Abandon, Correct, NothingToDeclare, Revoke, Undo
from firmware.engine.cards import SUIT
from firmware.engine.declarations import describe
from firmware.engine.names import side_label
from firmware.engine.records import entry_from_json, players_of, replay, variant_of
from firmware.engine.scoresheet import Amend, SheetEntry, Tally, said_declaration
from firmware.engine.table import revokes_seen


def thirds_text(thirds: int) -> str:
    """``20`` thirds → ``"6 ⅔"``: whole points and the Pezz."""
    whole, rest = divmod(thirds, 3)
    return f"{whole}" + {0: "", 1: " ⅓", 2: " ⅔"}[rest]


def unit_name(variant: Variant) -> str:
    """What scores are kept per: ``side`` (fixed partnerships) or ``seat`` (each for himself,
    and chiamata, whose partnerships change every hand)."""
    return "side" if variant.has_fixed_sides else "seat"


def record_seat(n: str) -> str:
    """A seat (or seats, ``"0 + 2"``) in the record's numbering, for the CLI's lines."""
    return f"seat {n}"


def who(players: Sequence[str | None], members: Sequence[int]) -> str:
    """One name for a side or a seat in the CLI (:func:`side_label`, the screen's too):
    ``Anna + Marco``, ``Anna + seat 2``, ``seat 0 + 2``."""
    return side_label(members, players, record_seat, first=0)


def unit_members(variant: Variant, unit: int) -> list[int]:
    """The seats a scoring unit (a side, or a seat each for himself) is."""
    if not variant.has_fixed_sides:
        return [unit]
    return [s for s in range(variant.n_seats) if variant.side_of(s) == unit]


def hand_json(result: HandResult, variant: Variant | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {
        "thirds": list(result.thirds),
        "card_points": list(result.card_points),
        "last_trick": result.last_trick,
        "declarations": [
            {"seat": d.seat, "kind": d.kind, "cards": [CODE[c] for c in d.cards], "points": d.points}
            for d in result.declarations
        ],
        "points": list(result.points),
    }
    if result.false_declarations:
        # Real cards: declarations the cards played disproved; they scored nothing.
        out["false_declarations"] = [
            {"seat": f.decl.seat, "kind": f.decl.kind, "why": f.why, "cards": [CODE[c] for c in f.cards]}
            for f in result.false_declarations
        ]
    if result.revoke_seat is not None:
        # Real cards: a revoke called, and the penalty it was scored by (RULES.md §3.7).
        out["revoke"] = {"seat": result.revoke_seat, "penalty": result.revoke_penalty}
    if variant is not None and variant.n_seats > 2:
        # Three- and four-player games (docs/records.md, "More players"): the hand's
        # sides, what each scoring unit gets, and how the hand ended.
        out["sides"] = list(result.sides)
        out["score"] = list(result.score or result.points)
        out["ended_by"] = result.ended_by
        out["sudden"] = result.sudden
        out["multiplier"] = result.multiplier
        out["claim"] = (
            None
            if result.claim_seat is None
            else {"seat": result.claim_seat, "right": result.claim_ok}
        )
    return out


def match_json(match: Match, players: Sequence[str | None] = ()) -> dict[str, Any]:
    variant = match.variant
    out: dict[str, Any] = {
        "hands": [hand_json(r, variant) for r in match.results],
        "totals": list(match.totals),
        "winner": match.winner,
        "finished": match.finished,
    }
    if any(players):
        # who played, and one name per scoring unit as the screen and the lines above say it
        out["players"] = list(players)
        out["names"] = [who(players, unit_members(variant, u)) for u in range(len(match.totals))]
    if variant.n_seats > 2:
        out["scores_by"] = unit_name(variant)
        out["winners"] = list(match.winners)
        out["stakes"] = list(match.stakes)
        out["ledger"] = [
            {
                "game": e.game,
                "winners": list(e.winners),
                "multiplier": e.multiplier,
                "reason": e.reason,
            }
            for e in match.ledger
        ]
    return out


def print_match(doc: dict[str, Any], out: TextIO) -> Match:
    """Tell the game trick by trick, as a person would; returns the replayed match.

    ``doc`` must already have passed :func:`replay` (so every action is legal).
    """
    variant = variant_of(doc)
    players = players_of(doc)
    out.write(f"{variant.preset.title} ({variant.name}), target {variant.target}\n")
    if any(players):
        out.write("Players: " + ", ".join(f"seat {s} {p}" for s, p in enumerate(players) if p) + "\n")
    match: Match | None = None
    decided: list[Stake] = []
    for h_index, hand in enumerate(doc["hands"]):
        if match is None:
            match = Match(variant, first_dealer=hand["dealer"])
        if hand["deal"].get("sheet") is not None:
            _print_sheet_hand(match, hand, h_index, decided, players, out)
            _print_decided(match, decided, players, out)
        else:
            _print_card_hand(match, hand, h_index, decided, players, out)
    assert match is not None
    _print_totals(match, players, out)
    return match


def _print_card_hand(match: Match, hand: dict[str, Any], h_index: int, decided: list[Stake],
                     players: Sequence[str | None], out: TextIO) -> None:
    """A hand played with cards the box knows (dealt by it, or real cards refereed)."""
    variant = match.variant
    deck = variant.deck
    state = match.start_hand(hand["deal"])
    real = " (real cards, refereed)" if state.holdings.real_cards else ""
    out.write(f"\nHand {h_index + 1}: seat {state.dealer} deals{real}\n")
    if state.trump_card is not None:
        trump = deck.suit_name(SUIT[state.trump_card])
        out.write(f"  {deck.name_of(state.trump_card)} is shown: trump is {trump}\n")
    for obj in hand.get("actions", []):
        _print_entry(match, state, entry_from_json(deck, obj), out)
    if state.trick:
        out.write(("  (on the table) " if state.over else "  (unfinished) ") + " | ".join(CODE[c] for c in state.trick) + "\n")
    if state.over:
        _write_count(match.results[-1], players, out, match.variant.hand_won_at)
        _print_decided(match, decided, players, out)


PENALTY_WORDS = {
    "cappotto": "the hand is lost per cappotto",
    "replay": "the hand is replayed, no score, the same dealer",
    "as_played": "the cards count as played",
}
"""A revoke's penalty as ``tressette replay`` tells it (RULES.md §3.7)."""


def _print_entry(match: Match, state: HandState, entry: RecordEntry | Tally | Amend, out: TextIO) -> None:
    """One entry of a card hand applied to ``match``, and what a person saw of it."""
    if isinstance(entry, Undo):
        match.undo(entry)
        out.write(f"  seat {entry.seat} takes back {entry.count} action(s): undo\n")
        return
    if isinstance(entry, NothingToDeclare):
        match.record(entry)
        out.write(f"  seat {entry.seat} has nothing (more) to declare\n")
        return
    if isinstance(entry, Correct):
        match.correct(entry)
        name = match.variant.deck.name_of(entry.card)
        out.write(f"  seat {entry.seat}'s {name} is taken back: corrected\n")
        return
    if isinstance(entry, Abandon):
        match.abandon(entry)
        out.write(f"  the hand is abandoned: no points, seat {entry.seat} deals again\n")
        return
    if isinstance(entry, (Tally, Amend)):
        match.record(entry)  # refused: a count belongs to a score-sheet hand
        return
    if isinstance(entry, Revoke):
        match.record(entry)
        out.write(f"  revoke called: seat {entry.seat}; {PENALTY_WORDS[match.variant.revoke_penalty]}\n")
        return
    n_tricks, n_draws, n_decl = len(state.tricks), len(state.draws), len(state.declarations)
    seen = revokes_seen(state.holdings)
    match.apply(entry)
    for r in revokes_seen(state.holdings)[len(seen) :]:
        suit = match.variant.deck.suit_name(r.suit)
        out.write(f"  seat {r.seat} revoked in trick {r.trick} (did not follow {suit})\n")
    _print_action(match, state, entry, n_decl, out)
    if len(state.tricks) > n_tricks:
        _print_trick(match.variant, state, n_draws, out)


def _print_action(match: Match, state: HandState, action: Action, n_decl: int, out: TextIO) -> None:
    """What ``action`` (just applied) says, unless it is a plain card: the trick tells that."""
    deck = match.variant.deck
    name = deck.name_of
    if isinstance(action, Declare):
        for d in state.declarations[n_decl:]:
            out.write(f"  seat {d.seat} declares {describe(deck, d)}\n")
    elif isinstance(action, ZuTun):
        out.write(f"  seat {action.seat} lays {name(action.card)} on the talon: zu tun!\n")
    elif isinstance(action, Call):
        out.write(f"  seat {action.seat} calls {name(action.card)}\n")
    elif isinstance(action, Discard):
        out.write(f"  seat {action.seat} lays {name(action.card)} away face down\n")
    elif isinstance(action, Claim):
        result = match.results[-1]
        verdict = "right" if result.claim_ok else "wrong"
        out.write(f"  seat {action.seat} claims the game (chiamarsi fuori): {verdict}\n")


def _print_trick(variant: Variant, state: HandState, n_draws: int, out: TextIO) -> None:
    """The trick just taken, each card with the signals spoken with it, then the draws after it."""
    name = variant.deck.name_of
    t = state.tricks[-1]
    # Signals are spoken with a card: "[busso, striscio]" after it.
    spoken = {g.card: g.names for g in state.signals if g.trick == len(state.tricks) - 1}
    played = " | ".join(
        f"{t.seat_of(i, variant.n_seats)}: {name(c)}"
        + (f" [{', '.join(spoken[c])}]" if c in spoken else "")
        for i, c in enumerate(t.cards)
    )
    out.write(f"  trick {len(state.tricks):2}  {played}  -> seat {t.winner}\n")
    for draw in state.draws[n_draws:]:
        seen = name(draw.card) if draw.shown else "face down"
        out.write(f"            seat {draw.seat} draws {seen}\n")


def _print_totals(match: Match, players: Sequence[str | None], out: TextIO) -> None:
    """The match's last line: totals, who won (or not finished), and the stakes of a game."""
    variant = match.variant
    out.write("\nTotals: " + " - ".join(str(t) for t in match.totals))
    if variant.inverted:
        out.write(" (points against)")
    won = list(match.winners) or ([] if match.winner is None else [match.winner])
    winners = " and ".join(who(players, unit_members(variant, w)) for w in won)
    out.write(f"; {winners} wins\n" if match.finished else " (not finished)\n")
    if variant.n_seats > 2 and match.ledger:
        out.write("Stakes: " + " - ".join(str(x) for x in match.stakes) + " game values\n")


def _print_decided(match: Match, decided: list[Stake], players: Sequence[str | None], out: TextIO) -> None:
    for entry in match.ledger[len(decided) :]:
        decided.append(entry)
        names = ", ".join(who(players, unit_members(match.variant, w)) for w in entry.winners)
        out.write(f"  game {entry.game + 1} to {names}: ×{entry.multiplier} ({entry.reason})\n")


def _print_sheet_hand(match: Match, hand: dict[str, Any], h_index: int, decided: list[Stake],
                      players: Sequence[str | None], out: TextIO) -> None:
    """A score-sheet hand: no cards, the accusi as said and the count as entered, and every
    correction where it was entered (an entry taken back, a hand's count amended)."""
    deck = match.variant.deck
    match.begin_hand(hand["deal"])
    out.write(f"\nHand {h_index + 1}: seat {match.next_dealer} deals (score sheet: played with the table's own cards)\n")
    for obj in hand.get("actions", []):
        entry = entry_from_json(deck, obj)
        if isinstance(entry, Undo):
            taken = match.sheet_entries()[-1][-entry.count :]
            match.record(entry)
            what = ", ".join(_sheet_entry_text(match, e) for e in taken)
            out.write(f"  seat {entry.seat} takes back the last entry: {what} (correction)\n")
            _print_corrected_totals(match, decided, players, out)
            continue
        match.record(entry)
        if isinstance(entry, Amend):
            out.write(f"  seat {entry.seat} corrects hand {entry.hand + 1}'s count: {_sheet_entry_text(match, entry.tally)}"
                      " (correction)\n")
            _print_corrected_totals(match, decided, players, out)
        elif isinstance(entry, Declare):
            sheet = match.sheet
            assert sheet is not None
            out.write(f"  seat {entry.seat} declares {describe(deck, sheet.declarations[-1])}\n")
        elif isinstance(entry, Tally):
            how = {"claim": f": seat {entry.by} claims the game", "zu_tun": f": seat {entry.by} goes zu tun",
                   "decima": f": the points taken before seat {entry.by}'s decima"}
            out.write(f"  the count is entered{how.get(entry.end, '')}\n")
            _write_count(match.results[-1], players, out, match.variant.hand_won_at)
            _print_decided(match, decided, players, out)


def _sheet_entry_text(match: Match, entry: SheetEntry) -> str:
    """A score sheet's entry in a few words: an accuso as said, or a count's thirds per side."""
    deck = match.variant.deck
    if isinstance(entry, Declare):
        return f"seat {entry.seat}'s {describe(deck, said_declaration(match.variant, entry))}"
    text = "count " + " - ".join(thirds_text(x) for x in entry.thirds)
    if entry.end != "play":
        text += f" ({entry.end.replace('_', ' ')}, seat {entry.by})"
    if entry.sudden is not None:
        text += f" ({entry.sudden}, side {entry.sudden_side})"
    return text


def _print_corrected_totals(match: Match, decided: list[Stake], players: Sequence[str | None], out: TextIO) -> None:
    """After a correction: the totals it leaves, and a game it un-decides."""
    same = 0
    while same < min(len(decided), len(match.ledger)) and decided[same] == match.ledger[same]:
        same += 1
    for stake in decided[same:]:
        names = ", ".join(who(players, unit_members(match.variant, w)) for w in stake.winners)
        out.write(f"  game {stake.game + 1} to {names} is taken back\n")
    del decided[same:]
    state = "; the match is over" if match.finished else ""
    out.write("  totals now " + " - ".join(str(t) for t in match.counted_totals) + state + "\n")
    _print_decided(match, decided, players, out)


def _write_count(result: HandResult, players: Sequence[str | None], out: TextIO, won_at: int = 0) -> None:
    """The hand's count; ``won_at``: Briscola's 61 (whole points, no last trick's point, the
    hand won by the side that reached it, RULES.md §3.8)."""
    if result.ended_by == "abandoned":
        return  # said where it happened; it counts nothing
    for f in result.false_declarations:
        cards = ", ".join(CODE[c] for c in f.cards)
        out.write(f"  seat {f.decl.seat}'s {f.decl.kind} was false ({f.why.replace('_', ' ')}: {cards})\n")
    for seat, th in enumerate(result.thirds):
        extra = " (with the last trick)" if result.last_trick == seat and not won_at else ""
        out.write(f"  seat {seat} took {thirds_text(th)}{extra}\n")
    n_seats = len(result.thirds)
    for side, (c, d, p) in enumerate(
        zip(result.card_points, result.declared, result.points, strict=True)
    ):
        members = [s for s in range(n_seats) if result.sides and result.sides[s] == side] or [side]
        label = who(players, members)
        if won_at:
            out.write(f"  {label}: {c} card points" + (f", the hand won ({won_at})" if p >= won_at else "") + "\n")
            continue
        out.write(f"  {label}: {c} card points + {d} accusi = {p}\n")
    def side_named(n: int) -> str:
        return who(players, [s for s in range(n_seats) if result.sides and result.sides[s] == n] or [n])

    if result.cappotto_side is not None:
        out.write(f"  cappotto: {side_named(result.cappotto_side)} took every trick\n")
    if result.sudden is not None and result.sudden_side is not None:
        out.write(f"  {result.sudden}: {side_named(result.sudden_side)} wins ×{result.multiplier}\n")


MAX_RECORD_BYTES = 16 * 1024 * 1024
"""A long match is a few hundred KB; a bigger file is not a record."""
MAX_RECORD_DEPTH = 16
"""A record nests four deep (record, hands, hand, actions, action); JSON
nested much deeper is refused before it can exhaust the stack."""


class RecordFileError(Exception):
    """A file that cannot be a record at all; ``str()`` is one readable line."""


def read_record_file(path: str) -> dict[str, Any]:
    """The JSON object in ``path``, checked at the edge before anything parses it.

    Only a regular file is read (``/dev/zero`` or a FIFO would never end), at
    most :data:`MAX_RECORD_BYTES`, as UTF-8 (UTF-16 and other encodings are
    named, not decoded as garbage), nested at most :data:`MAX_RECORD_DEPTH`.
    """

    try:
        # optional: O_NONBLOCK is POSIX only (a FIFO must not hang the read where it exists)
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as exc:
        raise RecordFileError(f"cannot read {path}: {exc.strerror or exc}") from None
    mode = os.fstat(fd).st_mode
    if not stat.S_ISREG(mode):
        os.close(fd)
        if stat.S_ISDIR(mode):
            raise RecordFileError(f"{path} is a directory, not a record file")
        raise RecordFileError(f"{path} is not a regular file (a device, FIFO or socket)")
    with os.fdopen(fd, "rb") as f:
        try:
            data = f.read(MAX_RECORD_BYTES + 1)
        except OSError as exc:
            raise RecordFileError(f"cannot read {path}: {exc.strerror or exc}") from None
    if len(data) > MAX_RECORD_BYTES:
        raise RecordFileError(f"{path} is larger than {MAX_RECORD_BYTES // 2**20} MB: not a record")
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        raise RecordFileError(f"{path} is UTF-16 text; a record is UTF-8 JSON")
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise RecordFileError(
            f"{path}: byte 0x{data[exc.start]:02x} at offset {exc.start} is not UTF-8; "
            "a record is UTF-8 JSON"
        ) from None
    deepest = _json_depth(text)
    if deepest > MAX_RECORD_DEPTH:
        raise RecordFileError(f"{path}: JSON nested {deepest} deep (a record needs at most {MAX_RECORD_DEPTH})")
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordFileError(f"{path} is not a JSON record (not JSON: {exc})") from None
    except RecursionError:  # pragma: no cover - the depth check comes first
        raise RecordFileError(f"{path}: JSON nested too deeply") from None
    if not isinstance(doc, dict):
        raise RecordFileError(f"{path}: a record is a JSON object, not {type(doc).__name__}")
    return doc


_JSON_TOKENS = re.compile(r'"(?:[^"\\]|\\.)*"?|[\[\]{}]')


def _json_depth(text: str) -> int:
    """How deeply ``[`` and ``{`` nest in JSON text, outside strings; no recursion."""
    depth = deepest = 0
    for m in _JSON_TOKENS.finditer(text):
        ch = m.group()
        if ch in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif ch in "]}":
            depth -= 1
    return deepest


def load_record(path: str) -> tuple[dict[str, Any], Match]:
    """The record at ``path`` and its match, every action checked by replaying it; raises
    RecordFileError (not a record file) or RecordError (a record the rules refuse)."""
    doc = read_record_file(path)
    return doc, replay(doc)


def refused(command: str, path: str, exc: RecordFileError | RecordError) -> int:
    """Say why ``command`` cannot read the record at ``path``; its exit status: 2 for a
    file that is no record, 1 for a record the rules refuse."""
    if isinstance(exc, RecordFileError):
        print(f"tressette {command}: {exc}", file=sys.stderr)
        return 2
    print(f"tressette {command}: {path}: {exc}", file=sys.stderr)
    return 1


@dataclass(frozen=True, slots=True)
class ReplayOptions:
    """``tressette replay``'s options, with the parser's defaults (firmware.cli)."""

    file: str  # a tressette-record/1 JSON file
    json: bool = False

    @classmethod
    def from_args(cls, args: argparse.Namespace) -> ReplayOptions:
        return options_from(cls, args)


def main(namespace: argparse.Namespace) -> int:
    args = ReplayOptions.from_args(namespace)
    try:
        doc, match = load_record(args.file)
    except (RecordFileError, RecordError) as exc:
        return refused("replay", args.file, exc)
    if args.json:
        json.dump(match_json(match, players_of(doc)), sys.stdout, indent=1, ensure_ascii=False)
        sys.stdout.write("\n")
    else:
        print_match(doc, sys.stdout)
    return 0


@dataclass(frozen=True, slots=True)
class DealOptions:
    """``tressette deal``'s options, with the parser's defaults (firmware.cli)."""

    variant: str = "tressette2"
    seed: int = 0
    dealer: int = 0

    @classmethod
    def from_args(cls, args: argparse.Namespace) -> DealOptions:
        return options_from(cls, args)


def deal_main(namespace: argparse.Namespace) -> int:
    args = DealOptions.from_args(namespace)
    try:
        variant = make_variant(args.variant)
    except TressetteError as exc:
        print(f"tressette deal: {exc}", file=sys.stderr)
        return 2
    if not 0 <= args.dealer < variant.n_seats:
        print(f"tressette deal: {variant.name} has seats 0-{variant.n_seats - 1}", file=sys.stderr)
        return 2
    deal = deal_seeded(variant, args.seed, args.dealer)
    print(f"{variant.preset.title}, seed {args.seed}, seat {args.dealer} deals")
    for seat, hand in enumerate(deal.hands):
        print(f"  seat {seat}: " + " ".join(CODE[c] for c in sorted(hand)))
    if deal.aside:
        what = "widow" if variant.preset.aside_role == "widow" else "aside"
        print(f"  {what}:  " + " ".join(CODE[c] for c in deal.aside))
    if variant.trump_shown:
        shown = deal.hands[args.dealer][-1]
        print(f"  trump: {CODE[shown]} (the dealer's last card, shown)")
    if deal.talon:
        print("  talon (top first): " + " ".join(CODE[c] for c in deal.talon))
    return 0
