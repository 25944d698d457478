"""The coach's screens for the gallery, from the real coach on real seeded positions.

``tressette gallery`` shows the match's review, a hand trick by trick, a hint at
the table and a hand's end with its rating. Their words must be what the coach
says about the position drawn, never lines written for the picture: so this
module plays a seeded hand (a normal-level player in the person's seat, the
hard level against it), rates it with :class:`~firmware.coach.Coach` at the
rating's default budget, and builds the screens' models through the same
functions the table uses (:mod:`firmware.app.browse`,
:func:`firmware.app.coaching.review_messages`, :func:`reason_message`).

A tool beside the gallery (``tools.gallery``), which takes these scenes from the
command (``firmware.cli``): it drives the table's parts and the UI's models, and
nothing of the box imports it.
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from firmware.app.browse import replay_hands
from firmware.app.coach_words import reason_message, review_messages
from firmware.app.reviewing import ReviewState, match_review_view, review_hand_view
from firmware.coach import Coach
from firmware.coach.review import MatchReview, review_match
from firmware.engine import Declare, IllegalAction, Match, Play, make_variant
from firmware.engine.records import action_from_json, match_to_json
from firmware.engine.seating import SeatSpec
from firmware.players import make_player
from firmware.players.base import declare_everything
from tools import demo
from ui.i18n import msg
from ui.model import MatchReviewView, TableModel, model_from_view
from ui.navigation import ScreenName
from ui.review import ReviewHandScreen

if TYPE_CHECKING:
    from tools.gallery import Scene
    from ui.app import UIApp

ME = 0
MATCH_ID = 1234


def _play(variant: str, seed: int, stop: Callable[[Match], bool] | None = None, hands: int = 1) -> Match:
    """Seeded hands of ``variant`` (``hands``, or to the match's end): the person's seat played
    by the normal level (it errs now and then, as people do), the others by the hard level
    on a small fixed budget."""
    match = Match(make_variant(variant))
    for k in range(hands):
        if match.finished:
            break
        _play_hand(match, seed + k, stop)
        if stop is not None and match.state is not None and not match.state.over:
            break
    return match


def _play_hand(match: Match, seed: int, stop: Callable[[Match], bool] | None) -> None:
    state = match.start_hand(seed=seed)
    n = state.n
    players = [make_player("normal" if s == ME else "hard", seed=seed + s, worlds=6) for s in range(n)]
    while not state.over:
        for seat in range(n):
            view = match.view_for(seat)
            if any(isinstance(a, Declare) for a in view.legal):
                for d in declare_everything(view):
                    with contextlib.suppress(IllegalAction):  # a three after its four: refused
                        match.apply(d)
        if state.over:
            break
        if stop is not None and stop(match):
            return
        seat = state.to_move
        match.apply(players[seat].choose(match.view_for(seat)))


@functools.lru_cache(maxsize=4)
def reviewed(seed: int = 1) -> tuple[dict[str, Any], MatchReview]:
    """A seeded tressette2 match played to its end and the coach's review of the person's plays."""
    doc = match_to_json(_play("tressette2", seed, hands=12))
    return doc, review_match(doc, Coach(seed=0), seats=frozenset({ME}))


def _seats(n: int) -> tuple[SeatSpec, ...]:
    return tuple(SeatSpec("human") if s == ME else SeatSpec.cpu("hard") for s in range(n))


def review_model(base: TableModel, seed: int = 1, *, ready: bool = True) -> TableModel:
    """``base`` with the real review of a seeded hand (``ready=False``: the coach at work)."""

    doc, review = reviewed(seed)
    hands = [(h["dealer"], h["deal"], h["actions"]) for h in doc["hands"]]
    variant = make_variant(doc["variant"], doc.get("options"))
    seats = _seats(variant.n_seats)
    st = ReviewState(MATCH_ID, "", doc["variant"], dict(doc.get("options") or {}), frozenset({ME}),
                     review=review)
    rv = match_review_view(st) if ready else MatchReviewView(MATCH_ID, doc["variant"], 37, 20 * len(hands))
    replay = replay_hands(MATCH_ID, 1, variant, seats, ME, hands)
    hand = review_hand_view(MATCH_ID, 1, review.hands[0], replay, frozenset({ME}), variant.deck.name)
    return dataclasses.replace(base, match_review=rv, review_hand=hand)


def worst_step(model: TableModel) -> int:
    """The step of the hand's review that shows its costliest play (1 if none)."""
    rh = model.review_hand
    if rh is None:
        return 1
    best, where = -1.0, 1
    for k, plays in enumerate(rh.plays):
        for p in plays:
            if p.loss > best:
                best, where = p.loss, k
    return where


def best_step(model: TableModel) -> int:
    """A step whose play was the hint's own card (1 if none)."""
    rh = model.review_hand
    if rh is None:
        return 1
    for k, plays in enumerate(rh.plays):
        if plays and plays[0].mark == "best" and plays[0].card == plays[0].best:
            return k
    return 1


@functools.lru_cache(maxsize=8)  # (a frozen model: the gallery and two test modules ask for the same)
def hint_model(variant: str = "tressette2", seed: int = 1) -> TableModel:
    """A practice match at the person's turn, a trick led, with the coach's real hint."""

    def mine_to_follow(m: Match) -> bool:
        st = m.state
        return st is not None and st.to_move == ME and bool(st.trick) and len(m.view_for(ME).legal) > 1 \
            and len(st.tricks) >= 2

    match = _play(variant, seed, stop=mine_to_follow)
    view = match.view_for(ME)
    hint = Coach(seed=0).hint(view)
    card = hint.action.card if isinstance(hint.action, Play) else None
    model = model_from_view(view, seats=_seats(view.variant.n_seats))
    return dataclasses.replace(model, casual=True, can_hint=False, can_undo=True, hint_card=card,
                               message=msg("hint_says", hint=reason_message(hint.reason, view.variant.deck.name)))


def hand_review_model(seed: int = 1) -> TableModel:
    """The end of the seeded hand with the coach's real rating of the person's cards."""

    doc, review = reviewed(seed)
    match = Match(make_variant(doc["variant"], doc.get("options")))
    state = match.start_hand(doc["hands"][0]["deal"])

    for obj in doc["hands"][0]["actions"]:  # computers played it: actions only, no undo or count
        match.apply(action_from_json(match.variant.deck, obj))
    assert state.over
    model = model_from_view(match.view_for(ME), seats=_seats(match.variant.n_seats),
                            totals=tuple(match.totals), hand_no=1)
    return dataclasses.replace(model, review=review_messages(review.hands[0], [ME], match.variant.deck.name))


def scenes() -> dict[str, Scene]:
    """The gallery's coach scenes (``tools.gallery.render_all(extra=...)``)."""

    def review(screen: str, step: Callable[[TableModel], int] | None = None,
               ready: bool = True) -> Scene:
        def setup(ui: UIApp) -> None:
            model = review_model(demo.sample_history_model(), ready=ready)
            ui.set_model(model)
            ui.update(5.0)
            ui.show("review")
            if screen == "review_hand":
                ui.show("review_hand")
                hand = ui.screens[ScreenName.REVIEW_HAND]
                assert isinstance(hand, ReviewHandScreen)
                hand.step = step(model) if step else 1
        return setup

    def table(model: TableModel) -> Scene:
        def setup(ui: UIApp) -> None:
            ui.set_model(model)
            ui.update(5.0)
            ui.show("table")
        return setup

    def hand_end(ui: UIApp) -> None:
        ui.set_model(hand_review_model())
        ui.update(5.0)
        ui.show("hand_end")

    return {
        "hand_end_review": hand_end,
        "review_progress": review("review", ready=False),
        "review": review("review"),
        "review_hand": review("review_hand", worst_step),
        "review_hand_best": review("review_hand", best_step),
        "table_hint": table(hint_model("tressette2")),
        "table_hint_treseta4": table(hint_model("treseta4")),
    }
