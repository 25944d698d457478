"""The lean two-seat playout plays exactly the engine-driven playout."""

from __future__ import annotations

import random

from firmware.engine import HandState, deal_seeded, make_variant
from firmware.engine.cards import cards_of
from firmware.players.rollout import lean_eligible, lean_playout, playout


def test_lean_playout_equals_engine_playout() -> None:
    variant = make_variant("tressette2")
    rng = random.Random(1)
    checked = 0
    for _ in range(200):
        s = HandState.start(variant, deal_seeded(variant, rng.randrange(1 << 30), rng.randrange(2)), 0)
        for _ in range(rng.randrange(0, 38)):
            s.play_fast(rng.choice(list(cards_of(s.legal_mask()))))
            if s.over:
                break
        if s.over:
            continue
        assert lean_eligible(s)
        engine = s.copy()
        playout(engine)
        assert lean_playout(s) == engine.thirds
        checked += 1
    assert checked > 150


def test_lean_playout_not_used_where_declarations_happen_in_play() -> None:
    s = HandState.start(make_variant("treschetten2"), deal_seeded(make_variant("treschetten2"), 1, 0), 0)
    assert not lean_eligible(s)
