"""No deal seed of an unseeded match reaches a phone, the screen or the log (issue "A fair
table"): the seeds live in the journal, read only by ``tressette export`` on the box.

At every point of an unseeded treseta4 hand played through the phones' own protocol,
every phone seat's state frame (the bytes the server sends), the touchscreen's model
and every log line at INFO or above are searched for each seed journalled so far, in
hex and in decimal; a seeded table is marked on the screen model, an unseeded one not.
"""

from __future__ import annotations

import logging
import random

import pytest

from firmware.app.phones import protocol as p
from firmware.app.phones.link import build_feed
from firmware.app.phones.seatview import seat_state
from firmware.engine import seed_value
from tests.app.phones.conftest import MakePhoneTable, PhoneTable, drive


def seed_texts(table: PhoneTable) -> list[str]:
    """Every journalled seed of the match as it could be written: hex and decimal."""
    out = []
    for _, deal in table.journal.hands(table.match_id):
        n = seed_value(deal["seed"])
        out += [f"{n:x}", str(n)]
    assert out
    return out


def check_point(table: PhoneTable) -> None:
    seeds = seed_texts(table)
    feed = build_feed(table.ctl)
    assert feed.facts is not None
    frames = [p.dumps(seat_state(view, feed.facts, lang)) for view in feed.views.values() for lang in ("it", "de", "en")]
    assert frames
    model = table.ctl.model()
    assert model.seeded is None
    shown = repr(model)
    for seed in seeds:
        assert not any(seed in f for f in frames), seed
        assert seed not in shown, seed


def test_no_seed_reaches_a_phone_the_screen_or_the_log(make_phone_table: MakePhoneTable,
                                                       caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO)
    table = make_phone_table(variant="treseta4", seats=["phone", "cpu:easy", "phone", "cpu:easy"], seed=None)
    table.ctl.new_match()
    table.connect_all()
    table.pump()
    drive(table, random.Random(4), check_point)
    assert table.ctl.phase != "play"
    table.ctl.next_hand()
    table.pump()
    check_point(table)
    seeds = seed_texts(table)
    assert len(seeds) >= 4
    logged = "\n".join(r.getMessage() for r in caplog.records)
    assert not [s for s in seeds if s in logged]


def test_a_seeded_table_says_so_on_the_screen_model(make_phone_table: MakePhoneTable) -> None:
    table = make_phone_table(variant="tressette2", seats=["human", "cpu:easy"], seed=42)
    assert table.ctl.model().seeded is None  # home: no table yet
    table.ctl.new_match()
    table.pump()
    assert table.ctl.model().seeded == 42
    unseeded = make_phone_table(variant="tressette2", seats=["human", "cpu:easy"], seed=None)
    unseeded.ctl.new_match()
    unseeded.pump()
    assert unseeded.ctl.model().seeded is None
