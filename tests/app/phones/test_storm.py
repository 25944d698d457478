"""A storm of taps from every phone seat cannot change a hand it has no right to change.

Property (issue 35): at random points of seeded hands of every preset, phones
mixed with computers, every phone seat sends a storm of taps: the legal actions
of *another* seat, taps nobody may make, its own legal taps on a state gone
(stale ``v``), taps it already sent. Through the protocol's one door and the
table's queue (the server's own check is left out: the table's is the one that
counts). Then

- every tap not among its sender's legal actions now is refused to that phone,
  and moves nothing: not the generation, the journal, the screen's words, the
  display;
- the generation moves only with an accepted action;
- the hand still ends (the table's driver has a bound of moves), and when the
  storm held nothing legal for its sender it ends exactly as the same seeded
  hand without the storm: the same record, result, totals and generation.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from firmware.engine import Action, Call, Claim, Declare, Discard, Play, ZuTun, make_variant
from firmware.engine.variants import PRESETS
from tests.app.phones.conftest import MakePhoneTable, PhoneTable, drive

Frame = dict[str, Any]


def mixes(n: int) -> list[list[str]]:
    """Phone seats among computers: one phone first, one phone last, phones and computers alternating."""
    out = [["phone"] + ["cpu:easy"] * (n - 1), ["cpu:easy"] * (n - 1) + ["phone"]]
    if n >= 3:
        out.append(["phone" if s % 2 == 0 else "cpu:easy" for s in range(n)])
    return out


def tap_of(action: Action) -> Frame:
    """The phone's frame for an engine action (the fields the page sends)."""
    match action:
        case Play(card=card) | Discard(card=card):
            return {"type": "play", "card": card}
        case Declare():
            return {"type": "declare", "declaration": {"kind": action.kind, "suit": action.suit, "rank": action.rank,
                                                       "missing": action.missing, "extra": action.extra}}  # fmt: skip
        case Claim():
            return {"type": "claim"}
        case Call(card=card):
            return {"type": "call", "card": card}
        case ZuTun(card=card):
            return {"type": "zutun", "card": card}
    raise AssertionError(action)


def own_taps(state: dict[str, Any]) -> list[Frame]:
    """Every tap a seat's state offers it (its ``legal``), without ``v``."""
    lg = state["legal"]
    out: list[Frame] = [{"type": "play", "card": c} for c in lg["play"]]
    out += [{"type": "declare", "declaration": d} for d in lg["declare"]]
    out += [{"type": "call", "card": c} for c in lg["call"]] + [{"type": "zutun", "card": c} for c in lg["zutun"]]
    out += [{"type": "nothing"}] * bool(lg["nothing"]) + [{"type": "claim"}] * bool(lg["claim"])
    return out


def legal_now(t: PhoneTable, seat: int, frame: Frame) -> bool:
    """The tap is one its sender's state offers now, on the state now (the page's contract)."""
    state = t.state(seat)
    if frame["v"] != state["v"]:
        return False
    if frame["type"] == "next":
        return bool(state["phase"] == "hand_over")
    bare = {k: v for k, v in frame.items() if k not in ("v", "signals")}
    if bare not in own_taps(state):
        return False
    signals = frame.get("signals", [])
    return set(signals) <= set(state["legal"]["signals"].get(str(frame.get("card")), []))


def junk(rng: random.Random, deck: int) -> Frame:
    """A tap of any kind with any card: mostly one nobody may make."""
    kind = rng.choice(["play", "call", "zutun", "claim", "nothing", "declare", "next"])
    frame: Frame = {"type": kind}
    if kind in ("play", "call", "zutun"):
        frame["card"] = rng.randrange(deck)
        if kind == "play" and rng.random() < 0.3:
            frame["signals"] = [rng.choice(["busso", "volo", "striscio", "piombo", "bogus"])]
    if kind == "declare":
        d = rng.choice([{"kind": "four", "rank": rng.randrange(10)}, {"kind": "three", "rank": rng.randrange(10)},
                        {"kind": "napoletana", "suit": rng.randrange(4)}])  # fmt: skip
        frame["declaration"] = d
    return frame


class Storm:
    """The storm's taps at one point of the hand, from every phone seat; ``legal`` lets it send
    its sender's own legal taps with the current ``v`` too (then the hand may go another way)."""

    def __init__(self, rng: random.Random, *, density: float, legal: bool) -> None:
        self.rng = rng
        self.density = density
        self.legal = legal
        self.sent: list[tuple[int, Frame]] = []
        self.sent_legal = 0
        self.refused = 0

    def frames(self, t: PhoneTable, seat: int) -> list[Frame]:
        rng = self.rng
        ctl = t.ctl
        match = ctl.match
        assert match is not None
        v = ctl.generation
        deck = len(match.variant.deck.cards)
        out: list[Frame] = []
        for _ in range(rng.randint(1, 4)):
            kind = rng.choice(["other", "junk", "stale", "repeat", "own"])
            if kind == "other" and match.state is not None:  # another seat's legal action, as this phone's
                others = [a for s in range(len(ctl.seats)) if s != seat for a in match.view_for(s).legal]
                if others:
                    out.append({**tap_of(rng.choice(others)), "v": v})
            elif kind == "junk":
                out.append({**junk(rng, deck), "v": v})
            elif kind == "stale":  # its own legal tap on a state gone, or not yet there
                taps = own_taps(t.state(seat))
                if taps:
                    out.append({**rng.choice(taps), "v": rng.choice([max(0, v - rng.randint(1, 5)), v + 1])})
            elif kind == "repeat" and self.sent:
                out.append(rng.choice(self.sent)[1])
            elif kind == "own" and self.legal:
                taps = own_taps(t.state(seat))
                if taps:
                    out.append({**rng.choice(taps), "v": v})
        return out

    def __call__(self, t: PhoneTable) -> None:
        if self.rng.random() >= self.density:
            return
        ctl = t.ctl
        for seat in [s for s, spec in enumerate(ctl.seats) if spec.kind == "phone"]:
            for frame in self.frames(t, seat):
                if ctl.phase != "play":
                    return
                self.tap(t, seat, frame)

    def tap(self, t: PhoneTable, seat: int, frame: Frame) -> None:
        ctl = t.ctl
        legal = legal_now(t, seat, frame)
        if legal and not self.legal:
            return  # a stale tap whose v came round, a repeat that became legal: not this storm's
        rows = t.journal.conn.execute("SELECT COUNT(*) FROM actions").fetchone()[0]
        before = (ctl.generation, ctl.message, ctl.table.blink_seq, ctl.phase)
        seq = (t.state(seat)["refusal"] or {"seq": 0})["seq"]
        t.send(seat, json.dumps(frame))
        self.sent.append((seat, frame))
        accepted = t.journal.conn.execute("SELECT COUNT(*) FROM actions").fetchone()[0] > rows or ctl.phase != before[3]
        if not legal:
            self.refused += 1
            assert not accepted, (seat, frame)
            assert (ctl.generation, ctl.message, ctl.table.blink_seq, ctl.phase) == before, (seat, frame)
            refusal = t.state(seat)["refusal"]
            assert refusal is not None and refusal["seq"] == seq + 1 and refusal["text"], (seat, frame)
        else:
            self.sent_legal += 1
        assert ctl.generation == before[0] or accepted, (seat, frame)  # it moves with an accepted action only


def play_hand(t: PhoneTable, seed: int, storm: Storm | None) -> tuple[Any, ...]:
    """The seeded hand to its end; what it ended as."""
    t.ctl.new_match()
    t.pump()
    t.connect_all()
    drive(t, random.Random(seed), storm)
    match = t.ctl.match
    assert match is not None and t.ctl.phase != "play"
    rows = t.journal.conn.execute("SELECT match, hand, idx, action FROM actions ORDER BY match, hand, idx").fetchall()
    return (match.hands[-1].actions, match.results, match.totals, t.ctl.generation, rows)


@pytest.mark.parametrize("name", list(PRESETS))
@settings(max_examples=3, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data(), seed=st.integers(0, 10_000), storm_seed=st.integers(0, 2**32 - 1),
       density=st.sampled_from([0.3, 0.6, 1.0]), legal=st.sampled_from([False, False, True]))  # fmt: skip
def test_a_storm_of_taps_from_every_phone_changes_nothing_it_may_not(
    make_phone_table: MakePhoneTable, name: str, data: st.DataObject, seed: int, storm_seed: int,
    density: float, legal: bool,
) -> None:  # fmt: skip
    seats = data.draw(st.sampled_from(mixes(make_variant(name).n_seats)), label="seats")
    quiet = play_hand(make_phone_table(variant=name, seats=seats, seed=seed), seed, None)
    storm = Storm(random.Random(f"{name}/{seed}/{storm_seed}"), density=density, legal=legal)  # each game its own
    loud = play_hand(make_phone_table(variant=name, seats=seats, seed=seed), seed, storm)
    if storm.sent_legal == 0:
        assert loud == quiet
    assert storm.refused > 0 or density < 1.0
