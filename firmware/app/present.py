"""A frozen snapshot of the table → the screen's view-model (:class:`ui.model.TableModel`).

The controller reads its parts once into a :class:`TableSnapshot` (everything the
screen shows, as values); :func:`build_model` is a pure function of it. This
module imports only :mod:`ui.model` and :mod:`ui.intents` of the UI (plain data,
no pygame).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from firmware.app.cards_map import CardsMap, Enrolment
from firmware.app.core import ENROL, HOME, MATCH_OVER, KeptChoice, LastGame, Phase
from firmware.config import GameSettings
from firmware.engine import Call, Claim, Match, Variant, View, ZuTun
from firmware.engine.cards import DECKS
from firmware.engine.declarations import Declaration
from firmware.engine.seating import SeatSpec
from firmware.store import Journal, JournalFailure
from firmware.store_stats import LEVEL_ORDER
from ui.i18n import Message
from ui.intents import HomeChoice
from ui.model import (
    AccuracySeries,
    Banner,
    EnrolStatus,
    HandReplay,
    HistoryPage,
    MatchReviewView,
    PersonGame,
    PersonStats,
    PhonesModel,
    PickerModel,
    ReviewHandView,
    ScoreSheet,
    SeatModel,
    SheetEntryModel,
    StatLine,
    Stats,
    TableModel,
    model_from_view,
)


@dataclass(frozen=True, slots=True)
class HomePreset:
    """What the home screen offers next: a game, its options, who sits where, and the
    journal mode it was played in (``scoresheet``, ``casual``, ...; None: the settings')."""

    variant: str
    options: dict[str, object]
    seats: tuple[SeatSpec, ...]
    mode: str | None = None
    choice: HomeChoice | None = None  # the person's own choice, not yet played: shown as it was


def home_preset(
    variant: Variant | None, seats: Sequence[SeatSpec], settings: GameSettings,
    mode: str = "engine", last: LastGame | None = None, kept: KeptChoice | None = None,
) -> HomePreset:
    """The game the home screen offers next: the one at the table, else what the person
    chose on the home screen and has not played (``kept``, firmware.app.homechoice) when
    no match was played since it was chosen, else the last one the journal holds (a
    restart after a match's end, and while and after the guided hand is played), else
    the settings'.

    So "new game" after a match repeats the same table (variant, options, who sits
    where, as given by the settings file or ``--seats``, and a score sheet stays a
    score sheet), not a default, across a power cut too; and a choice made but not
    played is not lost to the cut either.
    """
    if variant is not None and seats and mode != "lesson":
        # (the guided hand's easy computer is the guide's, never the person's choice)
        return HomePreset(variant.name, dict(variant.options), tuple(seats), mode)
    if kept is not None and (last is None or kept.after >= last.match_id):
        c = kept.choice
        return HomePreset(c.variant, dict(c.options), c.seats, choice=c)
    if last is not None:
        return HomePreset(last.variant, dict(last.options), last.seats, last.mode)
    return HomePreset(settings.variant, dict(settings.options), tuple(settings.seats))


def enrolled_decks(cards: CardsMap | None) -> tuple[str, ...]:
    """Decks whose tag map is complete and saved: what the Real cards screen shows."""
    if cards is None:
        return ()
    return tuple(name for name in DECKS if cards.saved(name))


def enrol_status(e: Enrolment | None) -> EnrolStatus | None:
    if e is None:
        return None
    return EnrolStatus(e.deck_name, len(e.mapping), len(e.order), e.expected)


def stats_model(journal: Journal) -> Stats:
    """The history screens' statistics; none while the journal cannot be read (the failure
    is on the screen already, and retried): the screen is drawn, not a drawing failure."""
    try:
        return _stats_model(journal)
    except JournalFailure:
        return Stats()


def journal_resumable(journal: Journal) -> bool:
    """Is there an unfinished match to resume? False while the journal cannot be read."""
    try:
        return journal.unfinished() is not None
    except JournalFailure:
        return False


def _stats_model(journal: Journal) -> Stats:
    rated = journal.accuracy_history(limit=200)
    per_line: dict[tuple[str, str], list[float]] = {}
    for r in rated:
        per_line.setdefault((r["variant"], r["level"]), []).append(r["accuracy"])
    lines = tuple(
        StatLine(s["variant"], s["level"], s["played"] - s["abandoned"], s["won"], s["abandoned"],
                 _mean(per_line.get((s["variant"], s["level"]), [])))  # fmt: skip
        for s in journal.statistics()
    )
    history = []
    for row in reversed(journal.matches(limit=20)):
        if row.totals and len(row.totals) == 2 and row.mode != "lesson":  # a lesson is no result
            history.append((row.totals[0], row.totals[1]))
    return Stats(lines=lines, history=tuple(history), accuracy=accuracy_series(rated),
                 people=tuple(person_stats(p) for p in journal.person_statistics()))


def person_stats(p: Mapping[str, Any]) -> PersonStats:
    """One person's figures from the journal (``Journal.person_statistics``) for the screen."""
    def pairs(d: Mapping[str, Mapping[str, int]]) -> tuple[tuple[str, int, int], ...]:
        return tuple((k, v["played"], v["won"]) for k, v in d.items())

    games = tuple(PersonGame(g["variant"], g["played"], g["won"], g["abandoned"], g["points_per_hand"])
                  for g in p["games"])  # fmt: skip
    return PersonStats(p["name"], games, pairs(p["partners"]), pairs(p["rivals"]), pairs(p["levels"]))


SERIES_POINTS = 20


def accuracy_series(rated: Sequence[Mapping[str, Any]]) -> tuple[AccuracySeries, ...]:
    """The journal's rated matches (oldest first) as one series per game and level: the
    accuracy against easy and against hard are never one line (docs/coach.md). Games in
    the order of their latest match (the newest first), levels easy, normal, hard, then
    the assisted ones; the last :data:`SERIES_POINTS` matches of each."""
    order = {lv: i for i, lv in enumerate(LEVEL_ORDER)}
    by: dict[tuple[str, str], list[float]] = {}
    latest: dict[str, int] = {}
    for i, r in enumerate(rated):
        by.setdefault((r["variant"], r["level"]), []).append(float(r["accuracy"]))
        latest[r["variant"]] = i
    def rank(key: tuple[str, str]) -> tuple[int, bool, int, str]:
        variant, level = key
        base, _, helped = level.partition(":")
        return (-latest[variant], bool(helped), order.get(base, len(order)), level)

    return tuple(AccuracySeries(v, lv, tuple(by[(v, lv)][-SERIES_POINTS:])) for v, lv in sorted(by, key=rank))


@dataclass(frozen=True, slots=True)
class Coached:
    """The coach's part of the screen (casual matches; the last hand's rating)."""

    casual: bool = False
    can_hint: bool = False
    can_undo: bool = False
    hint_card: int | None = None
    review_lines: tuple[Message, ...] = ()


@dataclass(frozen=True, slots=True)
class Asked:
    """What the history screens and the match's review asked for last."""

    history: HistoryPage | None = None
    sheet: ScoreSheet | None = None
    replay: HandReplay | None = None
    match_review: MatchReviewView | None = None
    review_hand: ReviewHandView | None = None


@dataclass(frozen=True, slots=True)
class Hand:
    """The hand at the table, as the seat at the screen sees it."""

    view: View
    seat: int  # the seat the screen speaks for
    show_hand: bool
    banners: tuple[Banner, ...]
    may_declare: bool  # the table lets the seat declare now (the engine's window, the round's turn)
    cards_wait: bool  # no card may be played now (the onori round)
    declare_prompt: bool  # the table waits for the seat's declarations
    level_at_target: bool = False
    final_sheet: ScoreSheet | None = None  # the end of a match: the match hand by hand
    games_won: tuple[int, ...] | None = None  # best of two: games won by each side
    game_won_by: tuple[int, ...] = ()  # the sides that won a game with this hand
    acting: View | None = None  # real cards: the table seat acting now, when the screen is drawn for another


@dataclass(frozen=True, slots=True)
class SheetSnapshot:
    """Score sheet only: the match kept (no cards), the count screen, its sheet at the end."""

    match: Match
    entry: SheetEntryModel | None
    final_sheet: ScoreSheet | None = None


@dataclass(frozen=True, slots=True)
class TableSnapshot:
    """The table at one moment, read once: everything the screen model is built from."""

    phase: Phase
    message: Message
    resumable: bool
    enrolled: tuple[str, ...]
    enrolling: EnrolStatus | None = None
    match_id: int | None = None
    variant: Variant | None = None
    seats: tuple[SeatSpec, ...] = ()
    players: tuple[str | None, ...] = ()  # a person's name per seat, None unnamed
    totals: tuple[int, ...] = ()
    winner: int | None = None
    hand_no: int = 0  # hands dealt so far
    hand: Hand | None = None  # None: no hand on the table (home, a table deal being scanned)
    dealing: bool = False  # real cards: the deal's scans still to come
    picker: PickerModel | None = None  # real cards: the card picker, when a card is to be entered
    sheet: SheetSnapshot | None = None  # score sheet only
    coached: Coached = Coached()
    asked: Asked = Asked()
    phones: PhonesModel | None = None  # phone seats (docs/phones.md): the join screen's facts
    seeded: int | None = None  # a seeded run's --seed (the screen marks it); None unseeded


def _attach(snap: TableSnapshot, model: TableModel) -> TableModel:
    """What the history screens and the match's review asked for last."""
    a = snap.asked
    if a.history is not None or a.sheet is not None or a.replay is not None:
        model = replace(model, history=a.history, sheet=a.sheet, replay=a.replay)
    if a.match_review is None and a.review_hand is None:
        return model
    return replace(model, match_review=a.match_review, review_hand=a.review_hand)


def _mean(xs: list[float]) -> float | None:
    return sum(xs) / len(xs) if xs else None


def build_model(snap: TableSnapshot, stats: Stats) -> TableModel:
    """The screen's model of ``snap``: a pure function of it. A seeded run's table says
    it is seeded (TableModel.seeded); an unseeded one shows no seed at all."""
    model = _build_model(snap, stats)
    dealt = model.in_game and not model.score_sheet and all(x.kind != "table" for x in model.seats)
    if snap.seeded is not None and dealt:  # only where the box deals the cards
        model = replace(model, seeded=snap.seeded)
    return model


def _name(snap: TableSnapshot, seat: int) -> str:
    """The person's name in ``seat``, "" when nobody is named there."""
    return (snap.players[seat] if seat < len(snap.players) else None) or ""


def _build_model(snap: TableSnapshot, stats: Stats) -> TableModel:
    message = snap.message  # a catalogue key + args: the screen translates it
    if snap.phase in (HOME, ENROL) or snap.match_id is None:
        return _attach(snap, TableModel(resumable=snap.resumable, stats=stats, message=message,
                                        enrolled=snap.enrolled, enrolling=snap.enrolling))  # fmt: skip
    if snap.sheet is not None:
        return _attach(snap, sheet_model(snap, snap.sheet, stats))
    h = snap.hand
    if h is None and snap.dealing and snap.variant is not None:
        return dealing_model(snap, stats)
    if h is None:
        return _attach(snap, TableModel(resumable=snap.resumable, stats=stats, message=message,
                                        enrolled=snap.enrolled))  # fmt: skip
    model = model_from_view(
        h.view,
        seats=snap.seats,
        names=[_name(snap, s) for s in range(len(snap.seats))],  # "": the screen names the seat in its language
        totals=snap.totals,
        match_over=snap.phase == MATCH_OVER,
        winner=snap.winner,
        level_at_target=h.level_at_target,
        banners=h.banners,
        message=message,
        resumable=snap.resumable,
        stats=stats,
        show_hand=h.show_hand,
        hand_no=snap.hand_no,
        enrolled=snap.enrolled,
    )
    if h.final_sheet is not None:
        model = replace(model, final_sheet=h.final_sheet)
    if h.games_won is not None:
        model = replace(model, games_won=h.games_won, game_won_by=h.game_won_by if model.hand_over else ())
    if snap.picker is not None:
        model = replace(model, picker=snap.picker)
    if h.acting is not None:
        legal = h.acting.legal
        model = replace(model, call_choices=tuple(a.card for a in legal if isinstance(a, Call)),
                        zu_tun=tuple(a for a in legal if isinstance(a, ZuTun)),
                        can_claim=any(isinstance(a, Claim) for a in legal))
    if snap.phones is not None:
        model = replace(model, phones=snap.phones)
    return coach_model(snap.coached, _attach(snap, declaration_window(h, model)))


def sheet_model(snap: TableSnapshot, sh: SheetSnapshot, stats: Stats) -> TableModel:
    """Score sheet only: the table without cards, the hand's count to enter (or the count
    entered, once the hand is over), the match's totals, its sheet at the end."""
    match = sh.match
    v = match.variant
    sheet = match.sheet
    seats = tuple(SeatModel(s, _name(snap, s), "table", None, v.side_of(s), 0) for s in range(v.n_seats))
    over = match.hand_over
    result = match.results[-1] if over and match.results else None
    model = TableModel(
        variant=v.name, options=tuple(sorted(v.options.items())), deck=v.deck.name, n_seats=v.n_seats,
        seats=seats, show_hand=False, totals=snap.totals, target=match.game_target, message=snap.message,
        stats=stats, hand_no=snap.hand_no, dealer=sheet.dealer if sheet is not None else 0,
        declarations=_sheet_declarations(match, sh), hand_over=over, result=result,
        match_over=snap.phase == MATCH_OVER, winner=snap.winner, level_at_target=match.level_at_target,
        resumable=snap.resumable, sheet_entry=sh.entry, final_sheet=sh.final_sheet,
        declared=tuple(result.declared) if result is not None and len(result.declared) == v.n_sides else (),
        side_thirds=_unit_thirds(v, result.thirds) if result is not None else (), score_sheet=True,
        side_counts=tuple((0, 0, 0, x) for x in _unit_thirds(v, result.thirds)) if result is not None else (),
    )  # fmt: skip
    if match.games_to_win > 1:
        decided = match.hand_decided if over else None
        model = replace(model, games_won=tuple(match.games_won),
                        game_won_by=decided.winners if decided is not None else ())
    return model


def _sheet_declarations(match: Match, sh: SheetSnapshot) -> tuple[Declaration, ...]:
    """The accusi the count screen lists: the hand being kept's, or the corrected hand's."""
    amend = sh.entry.amend if sh.entry is not None else None
    if amend is not None and 0 <= amend < len(match.results):
        return tuple(match.results[amend].declarations)
    return tuple(match.sheet.declarations) if match.sheet is not None else ()


def _unit_thirds(v: Variant, thirds: Sequence[int]) -> tuple[int, ...]:
    """The thirds each scoring unit took, as entered on the score sheet."""
    out = [0] * v.n_sides
    for seat, x in enumerate(thirds):
        out[v.side_of(seat)] += x
    return tuple(out)


def coach_model(c: Coached, model: TableModel) -> TableModel:
    """The coach's part of the screen: Hint and Undo in casual matches, the hinted card,
    the last hand's review (docs/coach.md)."""
    if not c.casual and not c.review_lines:
        return model
    return replace(
        model,
        casual=c.casual,
        can_hint=c.can_hint and c.hint_card is None,
        can_undo=c.can_undo,
        hint_card=c.hint_card,
        review=c.review_lines if model.hand_over else (),
    )


def dealing_model(snap: TableSnapshot, stats: Stats) -> TableModel:
    """Real cards, the first deal of a match: the empty table while the screen asks for
    the cards the box must see before the first card (firmware.app.dealing)."""
    v = snap.variant
    assert v is not None
    seats = tuple(
        SeatModel(s, _name(snap, s), spec.kind, spec.level, v.side_of(s), 0) for s, spec in enumerate(snap.seats)
    )
    return TableModel(
        variant=v.name, options=tuple(sorted(v.options.items())), deck=v.deck.name, n_seats=v.n_seats,
        seats=seats, show_hand=False, totals=snap.totals, target=v.target, message=snap.message,
        stats=stats, hand_no=snap.hand_no + 1, picker=snap.picker,
    )  # fmt: skip


def declaration_window(h: Hand, model: TableModel) -> TableModel:
    """The engine's legal declarations, as far as the table lets the seat make them now.

    In the onori round a seat's declarations show only at its turn, with *Nothing
    to declare* beside them; no card is playable until the round is over.
    """
    declarable = model.declarable if h.may_declare else ()
    playable = frozenset() if h.cards_wait else model.playable
    prompt = h.declare_prompt
    if (declarable, playable, prompt) == (model.declarable, model.playable, model.declare_prompt):
        return model
    return replace(model, declarable=declarable, playable=playable, declare_prompt=prompt)
