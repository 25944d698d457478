"""Controller state → the screen's view-model (:class:`ui.model.TableModel`).

Kept apart from the controller so the controller never imports the UI; this
module imports only :mod:`ui.model` and :mod:`ui.intents` (plain data, no pygame).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from firmware.app.core import ENROL, HOME, MATCH_OVER
from firmware.config import SeatSpec
from firmware.store import LEVEL_ORDER, Journal, JournalFailure
from ui.intents import SeatSetup
from ui.model import (
    AccuracySeries,
    Banner,
    EnrolStatus,
    StatLine,
    Stats,
    TableModel,
    model_from_view,
)

if TYPE_CHECKING:
    from firmware.app.controller import TableController
    from ui.i18n import Message


def seat_setups(seats: Sequence[SeatSpec]) -> tuple[SeatSetup, ...]:
    """Who sits where; names left empty: the screen names seats in its own language."""
    return tuple(SeatSetup(spec.kind, spec.level) for spec in seats)


def home_preset(ctl: TableController) -> tuple[str, dict[str, object], tuple[SeatSetup, ...]]:
    """The game the home screen offers next: the one at the table, else the settings'.

    So "new game" after a match repeats the same table (variant, options and who
    sits where, as given by the settings file or ``--seats``), not a default.
    """
    if ctl.variant is not None and ctl.seats:
        return ctl.variant.name, dict(ctl.variant.options), seat_setups(ctl.seats)
    game = ctl.settings
    return game.variant, dict(game.options), seat_setups(list(game.seats))


def enrolled_decks(ctl: TableController) -> tuple[str, ...]:
    """Decks whose tag map is complete and saved: what the Real cards screen shows."""
    from firmware.engine.cards import DECKS

    if ctl.cards is None:
        return ()
    return tuple(name for name in DECKS if ctl.cards.saved(name))


def enrol_status(ctl: TableController) -> EnrolStatus | None:
    e = ctl.enrol
    if e is None:
        return None
    return EnrolStatus(e.deck_name, len(e.mapping), len(e.order), e.expected)


def stats_model(journal: Journal) -> Stats:
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
        if row.totals and len(row.totals) == 2:
            history.append((row.totals[0], row.totals[1]))
    return Stats(lines=lines, history=tuple(history), accuracy=accuracy_series(rated))


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


def _attach(ctl: TableController, model: TableModel) -> TableModel:
    """What the history screens and the match's review asked for last."""
    model = ctl.browser.attach(model)
    review, hand = ctl.review_models()
    if review is None and hand is None:
        return model
    return replace(model, match_review=review, review_hand=hand)


def _mean(xs: list[float]) -> float | None:
    return sum(xs) / len(xs) if xs else None


def build_model(ctl: TableController, stats: Stats | None = None) -> TableModel:
    message = ctl.message.message  # a catalogue key + args: the screen translates it
    try:
        if stats is None:
            stats = stats_model(ctl.journal)
        resumable = ctl.journal.unfinished() is not None
    except JournalFailure:
        # A journal that cannot be read now (the failure is on the screen already, and
        # retried): the screen is drawn without the history, not a drawing failure.
        stats, resumable = Stats(), False
    enrolled = enrolled_decks(ctl)
    if ctl.phase in (HOME, ENROL) or ctl.match_id is None:
        return _attach(ctl, TableModel(resumable=resumable, stats=stats, message=message, enrolled=enrolled,
                                             enrolling=enrol_status(ctl)))
    seat = ctl.view_seat()
    view = None
    if ctl.match is not None and ctl.match.state is not None:
        view = ctl.match.view_for(seat)
    if view is None and ctl.deal_scan is not None and ctl.variant is not None:
        return dealing_model(ctl, message, stats)
    if view is None:
        return _attach(ctl, TableModel(resumable=resumable, stats=stats, message=message, enrolled=enrolled))
    banners = list(ctl.banners)
    if ctl.accusi_open():
        banners.append(Banner("info", None, key="b_accusi_open"))
    show_hand = ctl.seats[seat].kind == "human" or ctl.declaring is not None
    model = model_from_view(
        view,
        seats=seat_setups(ctl.seats),
        totals=tuple(ctl.totals),
        match_over=ctl.phase == MATCH_OVER,
        winner=ctl.winner,
        level_at_target=ctl.match is not None and ctl.match.level_at_target,
        banners=banners,
        message=message,
        resumable=resumable,
        stats=stats,
        show_hand=show_hand,
        hand_no=len(ctl._hands()),
        enrolled=enrolled,
    )
    if ctl.phase == MATCH_OVER and ctl.match is not None and ctl.match.hands:
        # the end of a match shows it hand by hand
        from firmware.app.browse import live_sheet

        model = replace(model, final_sheet=live_sheet(ctl.match, ctl.match_id, [str(x) for x in ctl.seats]))
    if ctl.match is not None and ctl.match.games_to_win > 1:
        decided = ctl.match.hand_decided if model.hand_over else None
        model = replace(model, games_won=tuple(ctl.match.games_won),
                        game_won_by=decided.winners if decided is not None else ())
    return coach_model(ctl, _attach(ctl, declaration_window(ctl, seat, model)))


def coach_model(ctl: TableController, model: TableModel) -> TableModel:
    """The coach's part of the screen: Hint and Undo in casual matches, the hinted card,
    the last hand's review (docs/coach.md)."""
    if not ctl.casual and not ctl.review_lines:
        return model
    return replace(
        model,
        casual=ctl.casual,
        can_hint=ctl.can_hint() and ctl.hint_card() is None,
        can_undo=ctl.can_undo(),
        hint_card=ctl.hint_card(),
        review=ctl.review_lines if model.hand_over else (),
    )


def dealing_model(ctl: TableController, message: Message | str, stats: Stats) -> TableModel:
    """Real cards, the first deal of a match: the empty table while the screen asks for
    the cards the box must see before the first card (firmware.app.dealing)."""
    from ui.model import SeatModel

    v = ctl.variant
    assert v is not None
    seats = tuple(
        SeatModel(s, "", spec.kind, spec.level, v.side_of(s), 0) for s, spec in enumerate(ctl.seats)
    )
    return TableModel(
        variant=v.name, options=tuple(sorted(v.options.items())), deck=v.deck.name, n_seats=v.n_seats,
        seats=seats, show_hand=False, totals=tuple(ctl.totals), target=v.target, message=message,
        stats=stats, hand_no=len(ctl._hands()) + 1,
    )  # fmt: skip


def declaration_window(ctl: TableController, seat: int, model: TableModel) -> TableModel:
    """The engine's legal declarations, as far as the table lets ``seat`` make them now.

    In the onori round a seat's declarations show only at its turn, with *Nothing
    to declare* beside them; no card is playable until the round is over.
    """
    declarable = model.declarable if ctl.may_declare_now(seat) else ()
    playable = frozenset() if ctl.cards_wait() else model.playable
    prompt = ctl.declare_prompt(seat)
    if (declarable, playable, prompt) == (model.declarable, model.playable, model.declare_prompt):
        return model
    return replace(model, declarable=declarable, playable=playable, declare_prompt=prompt)
