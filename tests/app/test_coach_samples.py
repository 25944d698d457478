"""The gallery's coach screens show the real coach's words on a real position
(tools/coach_samples.py), never lines written for the picture."""

from __future__ import annotations

from firmware.app.coach_words import reason_message
from firmware.coach import Coach
from firmware.coach.review import review_match
from firmware.engine import Match, Play, make_variant
from firmware.engine.records import entry_from_json
from tests.coach.test_reason_claims import check_claim
from tools import coach_samples, demo
from tools.gallery import scenes
from ui.i18n import Message

COACH_SCENES = {"review", "review_progress", "review_hand", "review_hand_best", "table_hint",
                "table_hint_treseta4", "hand_end_review"}


def test_the_gallery_takes_every_coach_scene_from_the_real_coach() -> None:
    extra = coach_samples.scenes()
    assert set(extra) == COACH_SCENES
    table = scenes(extra)
    assert all(table[name] is extra[name] for name in COACH_SCENES)


def test_the_review_shown_is_the_coachs_review_of_the_hand_shown() -> None:
    doc, review = coach_samples.reviewed()
    assert len(doc["hands"]) >= 2  # a whole match: a row per hand
    again = review_match(doc, Coach(seed=0), seats=frozenset({coach_samples.ME}))
    assert again == review  # the same coach, the same numbers: nothing made up
    model = coach_samples.review_model(demo.sample_history_model())
    rh = model.review_hand
    assert rh is not None and model.match_review is not None and model.match_review.ready
    shown = [p for plays in rh.plays for p in plays]
    rated = [p.rated for p in review.hands[0].plays]
    assert [(p.card, p.mark, p.loss, p.best) for p in shown] == [(r.card, r.mark, r.loss, r.best) for r in rated]
    assert [p.reason for p in shown] == [reason_message(r.reason, "italian") for r in rated]
    assert any(p.mark not in ("best", "forced") for p in shown)  # the picture shows a real mistake


def test_every_reason_the_review_gives_holds_where_it_is_given() -> None:
    doc, review = coach_samples.reviewed()
    hand = doc["hands"][0]
    match = Match(make_variant(doc["variant"]), first_dealer=hand["dealer"])
    state = match.start_hand(hand["deal"])
    rated = iter(review.hands[0].plays)
    for obj in hand["actions"]:
        action = entry_from_json(match.variant.deck, obj)
        if isinstance(action, Play) and action.seat == coach_samples.ME:
            r = next(rated).rated
            assert r.card == action.card
            check_claim(state, r.seat, r.reason)  # the hint's reason, in the position it was given
        match.apply(action)  # type: ignore[arg-type]


def test_the_hint_on_the_table_is_the_coachs() -> None:
    model = coach_samples.hint_model("tressette2")
    assert model.hint_card is not None and model.hint_card in model.playable
    assert isinstance(model.message, Message) and model.message.key == "hint_says"
