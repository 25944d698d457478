"""The history on the screen: pages of matches, a match's score sheet, a hand replayed.

Pure functions from the journal (and the engine's records) to :mod:`ui.model`
values; :class:`HistoryBrowser` keeps what the screen asked for last, so the
model is rebuilt after every move without reading the journal again.

Every match is a seed and its actions (docs/records.md), so a score sheet and a
replay are the match played again through the engine, every action checked. A
record that no longer replays (an engine change) says so on the sheet rather
than fail.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from firmware.engine import Match, TressetteError, make_variant
from firmware.engine.actions import Correct, Undo
from firmware.engine.cards import cards_of
from firmware.engine.records import entry_from_json
from firmware.engine.scoresheet import Amend
from firmware.engine.seating import LEVELS, SeatSpec, check_seat
from ui.model import HandReplay, HistoryPage, HistoryRow, ScoreSheet, SheetRow, model_from_view

if TYPE_CHECKING:
    from firmware.engine import HandState, Variant
    from firmware.store import Journal
    from firmware.store_schema import MatchRow
    from ui.model import (
        HandReplay,
        HistoryPage,
        HistoryRow,
        ScoreSheet,
        SheetRow,
        TableModel,
    )

log = logging.getLogger("firmware.app.browse")

PAGE = 6  # rows a page: what the 480x320 screen shows with finger-high rows
def setups(seats: Sequence[SeatSpec | str]) -> tuple[SeatSpec, ...]:
    """The seats as values: the journal's strings read once (:func:`check_seat`); a seat
    this program does not know (a journal of another version) reads as a person, or as
    the normal computer when it names one."""
    out = []
    for seat in seats:
        try:
            out.append(check_seat(seat))
        except ValueError:
            out.append(SeatSpec.cpu() if str(seat).startswith("cpu:") else SeatSpec("human"))
    return tuple(out)


def _me(seats: Sequence[SeatSpec]) -> int | None:
    """The seat the history speaks for: the first person's (None: computers only)."""
    return next((i for i, s in enumerate(seats) if s.person), None)


def history_row(journal: Journal, row: MatchRow) -> HistoryRow:
    seats = setups(row.seats)
    cpus = [s.level for s in seats if s.level is not None]
    level = max(cpus, key=LEVELS.index) if cpus else ""
    me = _me(seats) if cpus else None  # people among themselves: nobody is "us", nobody "them"
    side = None
    try:
        variant: Variant | None = make_variant(row.variant, row.options)
    except TressetteError:
        variant = None
    if me is not None:
        side = variant.side_of(me) if variant is not None else me
    winners: tuple[int, ...] = ()
    if row.winner is not None and row.finished is not None and side is None:
        n = len(seats)
        winners = tuple(s for s in range(n) if (variant.side_of(s) if variant is not None else s) == row.winner)
    if row.finished is None:
        outcome = "playing"
    elif row.winner is None:
        outcome = "abandoned"
    elif side is None:
        outcome = "over"
    else:
        outcome = "won" if row.winner == side else "lost"
    return HistoryRow(row.id, row.variant, row.started, outcome, us_first(tuple(row.totals or ()), side),
                      journal.hand_count(row.id), level, row.mode, row.players, winners)


def us_first(totals: tuple[int, ...], side: int | None) -> tuple[int, ...]:
    """The totals with the person's side first, the others after in their order ("Persa
    13–22" is always us–them); computers only (``side`` None): as they are."""
    if side is None or not 0 <= side < len(totals):
        return totals
    return (totals[side], *(t for i, t in enumerate(totals) if i != side))


def history_page(journal: Journal, offset: int = 0, size: int = PAGE) -> HistoryPage:
    total = journal.count_matches()
    offset = max(0, min(offset, max(0, total - 1) // size * size))
    rows = tuple(history_row(journal, r) for r in journal.matches_page(offset, size))
    return HistoryPage(rows, offset, total, size)


def _hands(journal: Journal, match_id: int) -> tuple[Any, list[tuple[int, dict[str, Any], list[Any]]]]:
    row = journal.match(match_id)
    if row is None:
        raise KeyError(match_id)
    hands = [(dealer, deal, journal.actions(match_id, h)) for h, (dealer, deal) in enumerate(journal.hands(match_id))]
    return row, hands


def score_sheet(journal: Journal, match_id: int) -> ScoreSheet:
    """Match ``match_id`` hand by hand, played again through the engine."""

    row, hands = _hands(journal, match_id)
    seats = setups(row.seats)
    try:
        variant = make_variant(row.variant, row.options)
    except TressetteError as exc:
        return ScoreSheet(match_id, row.variant, seats, tuple(range(len(seats))), problem=str(exc))
    sides = tuple(variant.side_of(s) for s in range(variant.n_seats))
    me = _me(seats) or 0
    if not hands:
        return ScoreSheet(match_id, row.variant, seats, sides, me, winner=row.winner, players=row.players)
    match = Match(variant, first_dealer=hands[0][0])
    rows: list[SheetRow] = []
    problem = ""
    try:
        for dealer, deal, actions in hands:
            games = len(match.ledger)
            match.begin_hand(deal)  # a score-sheet hand too
            for obj in actions:
                match.record(entry_from_json(variant.deck, obj))
            rows.append(sheet_row(match, len(rows) + 1, dealer, games))
        if match.keeps_sheet:
            rows = list(sheet_rows(match))  # a score sheet's hands as corrected since
    except (TressetteError, KeyError, TypeError, ValueError) as exc:
        log.warning("match %s does not replay for its sheet: %s", match_id, exc)
        problem = str(exc)
    return ScoreSheet(match_id, row.variant, seats, sides, me, tuple(rows), row.winner, problem, row.players)


def sheet_row(match: Match, hand: int, dealer: int, games_before: int) -> SheetRow:
    """The latest hand of ``match`` as a sheet row: its points per side, the totals after it
    (when it decided a game of a longer match, the totals it was decided at: the match then
    starts counting again), and a note on how it ended."""

    state = match.sheet if match.sheet is not None else match.state
    if state is None or not state.over or not match.results:
        return SheetRow(hand, dealer, totals=tuple(match.totals), note="sheet_open")
    res = match.results[-1]
    points = tuple(res.score or res.points)
    declared = tuple(res.declared) if len(res.declared) == len(points) else ()
    decided = len(match.ledger) > games_before
    note = ""
    if res.sudden:
        note = res.sudden
    elif res.ended_by == "zu_tun":
        note = "sheet_zu_tun"
    elif res.ended_by == "abandoned":
        note = "sheet_abandoned"  # real cards: abandoned on the picker, the same dealer dealt again
    elif res.revoke_seat is not None:
        note = "sheet_revoke"  # real cards: a revoke called (RULES.md §3.7)
    elif res.claim_seat is not None:
        note = "sheet_claim" if res.claim_ok else "sheet_claim_wrong"
    elif decided:
        note = "sheet_game"
    totals = tuple(match.totals)
    if decided:
        totals = tuple(p + x for p, x in zip(state.prior, points, strict=False))
    return SheetRow(hand, dealer, points, totals, declared, note)


def live_sheet(match: Match, match_id: int, seats: Sequence[SeatSpec],
               players: Sequence[str | None] = ()) -> ScoreSheet:
    """The sheet of the match being played (the end of a match shows it; a score sheet's,
    all along: a finished hand tapped is corrected)."""

    variant = match.variant
    sides = tuple(variant.side_of(s) for s in range(variant.n_seats))
    specs = setups(seats)
    return ScoreSheet(match_id, variant.name, specs, sides, _me(specs) or 0, sheet_rows(match), match.winner,
                      players=tuple(players))


def sheet_rows(match: Match) -> tuple[SheetRow, ...]:
    """``match`` hand by hand: a score sheet's from the entries that stand (its corrections
    applied: a hand corrected says so), a played match's as recorded."""
    variant = match.variant
    replayed = Match(variant, first_dealer=match.hands[0].dealer if match.hands else 0)
    corrected: set[int] = set()
    if match.keeps_sheet:
        entries: list[Sequence[Any]] = list(match.sheet_entries())
        for i, rec in enumerate(match.hands):
            for a in rec.actions:
                if isinstance(a, Amend):
                    corrected.add(a.hand)
                elif isinstance(a, Undo):
                    corrected.add(i)
    else:
        entries = [rec.actions for rec in match.hands]
    rows: list[SheetRow] = []
    for rec, hand in zip(match.hands, entries, strict=True):
        if replayed.finished:
            break  # a hand begun after what a correction made the end: nothing was said in it
        games = len(replayed.ledger)
        replayed.begin_hand(rec.deal_spec)
        for entry in hand:
            replayed.record(entry)  # undos and "nothing to declare" included, as recorded
        row = sheet_row(replayed, len(rows) + 1, rec.dealer, games)
        if len(rows) in corrected and row.note != "sheet_open":
            row = replace(row, corrected=True)
        rows.append(row)
    return tuple(rows)


def hand_replay(journal: Journal, match_id: int, hand: int) -> HandReplay:
    """Hand ``hand`` (1-based) of a match as the seat of the screen saw it: the deal,
    then each trick as it was taken (with the draws, declarations and signals)."""
    row, hands = _hands(journal, match_id)
    variant = make_variant(row.variant, row.options)
    seats = setups(row.seats)
    return replay_hands(match_id, hand, variant, seats, _me(seats) or 0, hands)


def replay_hands(match_id: int, hand: int, variant: Variant, seats: tuple[SeatSpec, ...], me: int,
                 hands: Sequence[tuple[int, Any, Sequence[Any]]]) -> HandReplay:
    """:func:`hand_replay` from a match's hands as (dealer, deal, actions) (a journal's or a
    record's): pure.

    A hand played to its end is public (the record after the hand: RULES.md §4): its
    frames then show every hand face up, as it stood at that step. A hand still going
    shows only what the screen's seat saw, and a real-card game only the cards played
    (the box never saw the hands)."""

    if not 1 <= hand <= len(hands):
        return HandReplay(match_id, hand, hands=len(hands))
    deal = hands[hand - 1][1]
    if isinstance(deal, dict) and deal.get("sheet") is not None:
        return sheet_hand_replay(match_id, hand, variant, hands)
    match = Match(variant, first_dealer=hands[0][0])
    frames: list[TableModel] = []
    held: list[list[int]] = []  # every seat's hand at each frame (shown once the hand is over)
    state: HandState | None = None
    try:
        for i, (_dealer, deal, actions) in enumerate(hands[:hand]):
            last = i == hand - 1
            if isinstance(deal, dict) and deal.get("sheet") is not None:
                # a score-sheet hand: no cards to show, trick by trick (its row is on the sheet)
                match.begin_hand(deal)
                for obj in actions:
                    match.record(entry_from_json(variant.deck, obj))
                continue
            state = match.start_hand(deal)

            def frame(state: HandState = state) -> TableModel:
                # a picture of the table, nothing to tap: no legal moves offered
                held.append(list(state.hands))
                m = model_from_view(match.view_for(me), seats=seats, hand_no=hand)
                return replace(m, playable=frozenset(), declarable=(), zu_tun=(), can_claim=False,
                               signal_choices=(), call_choices=(), signal_options=(), discardable=frozenset(),
                               to_move=None)

            if last:
                frames.append(frame())
            for obj in actions:
                before = len(state.tricks)
                decls = len(state.declarations)
                entry = entry_from_json(variant.deck, obj)
                match.record(entry)
                if not last:
                    continue
                if isinstance(entry, (Undo, Correct)):
                    frames.append(frame())  # the table as it stood again after the undo
                    continue
                if len(state.tricks) > before:
                    taken = frame()
                    # the trick just taken lies on the table in its frame
                    frames.append(replace(taken, trick=taken.last_trick))
                elif len(state.declarations) > decls or any(k in obj for k in ("call", "discard", "claim")):
                    frames.append(frame())
    except (TressetteError, KeyError, TypeError, ValueError) as exc:
        log.warning("match %s hand %s does not replay: %s", match_id, hand, exc)
        state = None
    if state is not None and state.over and not state.holdings.real_cards and len(held) == len(frames):
        frames = [face_up(f, h, me) for f, h in zip(frames, held, strict=True)]
    return HandReplay(match_id, hand, tuple(frames), hands=len(hands))


def sheet_hand_replay(match_id: int, hand: int, variant: Variant,
                      hands: Sequence[tuple[int, Any, Sequence[Any]]]) -> HandReplay:
    """A score-sheet hand (1-based) from the history: no cards to show, its points, the totals
    after it and its accusi, as the whole record counts them (its corrections applied)."""
    match = Match(variant, first_dealer=hands[0][0])
    rows: tuple[SheetRow, ...] = ()
    try:
        for _dealer, deal, actions in hands:
            match.begin_hand(deal)
            for obj in actions:
                match.record(entry_from_json(variant.deck, obj))
        rows = sheet_rows(match)
    except (TressetteError, KeyError, TypeError, ValueError) as exc:
        log.warning("match %s hand %s does not replay: %s", match_id, hand, exc)
    row = rows[hand - 1] if hand <= len(rows) else None
    said = tuple(match.results[hand - 1].declarations) if row is not None and hand <= len(match.results) else ()
    return HandReplay(match_id, hand, (), hands=len(hands), sheet=row, said=said)


def face_up(frame: TableModel, hands: Sequence[int], me: int) -> TableModel:
    """``frame`` with every other seat's cards of that moment face up (a finished hand)."""

    seats = tuple(
        s if s.seat == me or s.seat >= len(hands) else replace(s, shown=tuple(cards_of(hands[s.seat])))
        for s in frame.seats
    )
    return replace(frame, seats=seats)


class HistoryBrowser:
    """What the history screens asked for last, computed once per request."""

    def __init__(self, journal: Journal) -> None:
        self.journal = journal
        self.page: HistoryPage | None = None
        self.sheet: ScoreSheet | None = None
        self.replay: HandReplay | None = None

    def show_page(self, offset: int, limit: int = PAGE) -> None:
        self.page = history_page(self.journal, offset, max(1, min(limit, 50)))

    def open_sheet(self, match_id: int) -> None:
        try:
            self.sheet = score_sheet(self.journal, match_id)
        except KeyError:
            self.sheet = None

    def open_replay(self, match_id: int, hand: int) -> None:
        try:
            self.replay = hand_replay(self.journal, match_id, hand)
        except (KeyError, TressetteError):
            self.replay = None
