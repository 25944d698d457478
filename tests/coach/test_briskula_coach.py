"""The coach in Briscola (RULES.md §3.8): it rates every play of a whole match without
stopping, its marks and accuracy weigh a loss as the same share of a hand as in
tressette (120 points against 11), and it says only the search's reason."""

from __future__ import annotations

import json
from pathlib import Path

from firmware.coach import Coach
from firmware.coach.core import loss_scale, mark_of
from firmware.coach.review import review_from_json, review_match, review_to_json
from firmware.engine import PRESETS, make_variant

RECORD = Path(__file__).resolve().parents[2] / "examples" / "briskula2-match.json"


def test_the_scale_is_a_hand_s_count_over_tressette_s() -> None:
    for name, preset in PRESETS.items():
        scale = loss_scale(make_variant(name))
        assert scale == (120 / 11 if preset.hand_won_at else 1.0), name
    briscola = loss_scale(make_variant("briskula2"))
    assert mark_of(5.0, scale=briscola) == "inaccuracy"  # five of 120 points: about ½ of tressette's
    assert mark_of(5.0) == "blunder"  # five of tressette's 11


def test_a_whole_briscola_match_is_rated_with_the_search_s_reasons_only() -> None:
    doc = json.loads(RECORD.read_text())
    review = review_match(doc, Coach(seed=0, worlds=2))
    assert len(review.hands) == 5
    plays = [p.rated for h in review.hands for p in h.plays]
    assert len(plays) == 5 * 40
    assert {p.reason.key for p in plays if p.reason is not None} <= {"c_search", "c_known", "c_only", "c_exact"}
    assert all(h.scale == 120 / 11 for h in review.hands)
    acc = review.accuracy(0)
    assert acc is not None and 0 <= acc <= 100
    again = review_from_json(review_to_json(review))
    assert again.accuracy(0) == acc and again.hands[0].scale == review.hands[0].scale
