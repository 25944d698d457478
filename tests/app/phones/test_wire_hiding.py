"""Hidden cards stay hidden on the wire (RULES.md §4; the standard of tests/players/test_hiding.py).

For every preset and seat mix, at every point of seeded hands played through
the phones' own protocol, the state each phone seat is sent is checked two ways:

- **worlds**: the hidden cards (other hands, the talon, what lies aside) are
  dealt again in many ways consistent with the seat's view (the players' own
  ``determinize``); the bytes sent must be the very same in every world, so no
  byte depends on a card the seat cannot know;
- **cards**: every card the message names (hand, legal moves, trick, draws,
  aside, shown cards, declarations, signals, last trick) is one the seat can
  place; no card of another seat's hidden hand is named.

The shared table the touchscreen shows in a phone game is checked the same
way: it is the same in every world any seat considers possible.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from firmware.app.phones import protocol as p
from firmware.app.phones.link import build_feed
from firmware.app.phones.seatview import known_cards, public_view, seat_state
from firmware.engine import HandState, view_for
from firmware.engine.cards import mask_of
from firmware.players.determinize import determinize
from tests.app.phones.conftest import MakePhoneTable, PhoneTable, drive, preset_mixes

WORLDS = 3


def named_cards(state: dict[str, Any]) -> set[int]:
    """Every card id the state message places (chiamata's ``legal.call`` and ``called``
    name cards that are placed nowhere: the worlds check covers them)."""
    legal = state["legal"]
    out = set(state["hand"]) | set(legal["play"]) | set(legal["zutun"])
    out |= {int(c) for c in legal["signals"]} | set(state["winning"]) | set(state["aside"])
    out |= {c for _, c in state["trick"]} | {d[2] for d in state["draws"] if d[2] is not None}
    for s in state["seats"]:
        out |= set(s["shown"])
    for d in state["declarations"]:
        out |= set(d["cards"])
    out |= {s["card"] for s in state["said"]}
    if state["last_trick"] is not None:
        out |= {c for _, c in state["last_trick"]["cards"]}
    if state["trump_card"] is not None:
        out.add(state["trump_card"])  # chiamata's called card is named, placed nowhere
    return out


def check_point(table: PhoneTable, rng: random.Random) -> None:
    ctl = table.ctl
    match = ctl.match
    assert match is not None and match.state is not None
    real: HandState = match.state
    feed = build_feed(ctl)
    assert feed.facts is not None
    phones = [s for s, spec in enumerate(ctl.seats) if spec.kind == "phone"]
    shared = public_view([view_for(real, s) for s in range(real.n)])
    for seat in phones:
        view = feed.views[seat]
        msg = seat_state(view, feed.facts, "it")
        sent = p.dumps(msg)
        known = known_cards(view)
        assert named_cards(msg) <= known
        for other in range(real.n):
            if other != seat:
                hidden = real.hands[other] & ~real.known[other]
                assert not named_cards(msg) & {c for c in view.variant.deck.cards if hidden >> c & 1}
        for _ in range(WORLDS):
            world = determinize(view, rng)
            views = [view_for(world, s) for s in range(world.n)]
            assert views[seat] == view  # the world is one the seat cannot tell apart
            assert p.dumps(seat_state(views[seat], feed.facts, "it")) == sent
            assert public_view(views) == shared
    assert not shared.hand and not shared.legal and not shared.winning_cards
    assert mask_of(shared.aside) & ~mask_of(c for c in real.aside) == 0


@pytest.mark.parametrize("seed", [5, pytest.param(6, marks=pytest.mark.slow)])
@pytest.mark.parametrize(("name", "mix"), preset_mixes(), ids=lambda x: x if isinstance(x, str) else ",".join(x))
def test_no_phone_is_sent_a_card_its_seat_cannot_know(make_phone_table: MakePhoneTable, name: str, mix: list[str],
                                                      seed: int) -> None:  # fmt: skip
    rng = random.Random(7 + seed)
    table = make_phone_table(variant=name, seats=mix, seed=seed)
    table.ctl.new_match()
    table.pump()
    table.connect_all()
    points = [0]

    def point(t: PhoneTable) -> None:
        points[0] += 1
        check_point(t, rng)

    drive(table, rng, point)
    assert points[0] >= 5
    assert table.ctl.phase in ("hand_over", "match_over")


def test_the_touchscreen_of_a_phone_game_shows_no_hidden_card(make_phone_table: MakePhoneTable) -> None:
    """Nobody at the screen: its model holds no hand, no playable card, no declaration
    that only one seat could know; the seats' own hands are on their phones."""
    rng = random.Random(2)
    table = make_phone_table(variant="tressette4", seats=["phone", "cpu:easy", "phone", "cpu:easy"], seed=3)
    table.ctl.new_match()
    table.pump()
    table.connect_all()

    def point(t: PhoneTable) -> None:
        model = t.ctl.model()
        assert model.hand == () and not model.playable and not model.declarable and not model.show_hand
        assert t.ctl.match is not None
        state = t.ctl.match.state
        assert state is not None
        public = set().union(*(set(sv.shown) for sv in public_view(
            [view_for(state, s) for s in range(state.n)]).seats))  # fmt: skip
        for seat in range(state.n):
            hidden = {c for c in state.variant.deck.cards if (state.hands[seat] & ~state.known[seat]) >> c & 1}
            assert not hidden & public

    drive(table, rng, point)
