"""Buttons never move under the finger (issue 24.1): every preset, a seeded hand played
through the real controller, every frame the screen was given, both screen sizes.

The table's layout is a pure function of the view-model and the size, so the frames are
the models the loop hands the screen (``MainLoop.refresh`` → ``set_model``); between two
consecutive frames of one hand, no button keeps its name and changes its rectangle, and
no button appears where another one was a frame before (a tap meant for *Chiamarsi
fuori* turned on *volo*). The exceptions are the screen itself changing: a new hand, the
hand's end (the table's bar becomes *count / next hand*).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

import pytest

import ui.intents as ui
from firmware.engine import PRESETS
from firmware.engine.offers import action_kinds
from firmware.engine.seating import SeatSpec
from firmware.engine.variants import make_variant
from tests.app.conftest import MakeTable
from ui.layout import ButtonSpec, table_layout
from ui.model import TableModel

SIZES = [(800, 480), (480, 320)]


class Recorder:
    """The loop's screen: it keeps every model it is given and sends what the test queues."""

    busy = False
    settings: dict[str, object] = {}

    def __init__(self) -> None:
        self.frames: list[TableModel] = []
        self.queued: list[ui.Intent] = []

    def intents(self) -> list[ui.Intent]:
        out, self.queued = self.queued, []
        return out

    def set_model(self, model: TableModel) -> None:
        self.frames.append(model)

    def preset_home(self, variant: str, options: Mapping[str, object] | None = None,
                    seats: Sequence[SeatSpec] | None = None, *, mode: str | None = None) -> None:
        pass

    def update(self, dt: float) -> None:
        pass


def one_hand(make_table: MakeTable, variant: str, seed: int, *, casual: bool) -> list[TableModel]:
    """A hand of ``variant`` by the person at seat 0 against easy computers; every frame."""
    n = make_variant(variant).n_seats
    table = make_table(variant=variant, seats=["human"] + ["cpu:easy"] * (n - 1), seed=seed)
    rec = Recorder()
    table.loop.ui = rec
    table.ctl.new_match(casual=casual)
    table.pump()
    rng = random.Random(seed)
    hinted = False
    for _ in range(400):
        m = rec.frames[-1] if rec.frames else table.ctl.model()
        if m.hand_over:
            return rec.frames
        intent: ui.Intent | None = None
        offered = [a for a in m.declarable]
        if offered:
            intent = ui.Declare(offered[0])
        elif m.declare_prompt:
            intent = ui.NothingToDeclare()
        elif m.call_choices:
            intent = ui.Call(rng.choice(sorted(m.call_choices)))
        elif m.discardable:
            intent = ui.Discard(rng.choice(sorted(m.discardable)))
        elif m.my_turn and m.playable:
            if m.can_hint and not hinted and rng.random() < 0.3:
                hinted = True
                intent = ui.Hint()
            else:
                hinted = False
                card = rng.choice(sorted(m.playable))
                said = dict(m.signal_options).get(card, ())
                intent = ui.PlayCard(card, tuple(x for x in said if rng.random() < 0.3))
        if intent is None:
            table.pump()
            if rec.frames and rec.frames[-1] is m:
                raise AssertionError(f"{variant}: nothing to do and nothing happens: {m.to_move=} {m.playable=}")
            continue
        table.put(intent)
    raise AssertionError(f"{variant}: no hand's end after 400 steps")


def same_screen(a: TableModel, b: TableModel) -> bool:
    return a.in_game and b.in_game and (a.hand_no, a.dealer, a.hand_over) == (b.hand_no, b.dealer, b.hand_over)


def visible(buttons: list[ButtonSpec]) -> dict[str, ButtonSpec]:
    return {b.name: b for b in buttons}


def moved(a: TableModel, b: TableModel, size: tuple[int, int]) -> list[str]:
    la, lb = visible(table_layout(a, size).buttons), visible(table_layout(b, size).buttons)
    out = []
    for name, bb in lb.items():
        ba = la.get(name)
        if ba is not None and ba.rect != bb.rect:
            out.append(f"{name} moved {tuple(ba.rect)} -> {tuple(bb.rect)}")
        for other, bo in la.items():
            if other != name and bo.rect.colliderect(bb.rect):
                out.append(f"{name} {tuple(bb.rect)} appeared where {other} was {tuple(bo.rect)}")
    return out


@pytest.mark.parametrize("casual", [False, True], ids=["match", "casual"])
@pytest.mark.parametrize("variant", sorted(PRESETS))
def test_no_button_moves_between_two_frames_of_a_hand(make_table: MakeTable, variant: str, casual: bool) -> None:
    frames = one_hand(make_table, variant, seed=3, casual=casual)
    assert len(frames) > 5
    bad = []
    for a, b in zip(frames, frames[1:], strict=False):
        if not same_screen(a, b):
            continue
        for size in SIZES:
            bad += [f"{size}: {x}" for x in moved(a, b, size)]
    assert not bad, bad[:8]


@pytest.mark.parametrize("variant", sorted(PRESETS))
def test_the_game_keeps_a_slot_for_every_action_it_may_offer(make_table: MakeTable, variant: str) -> None:
    """Every signal and the claim of the game have their place on every frame of the hand,
    dimmed when not legal now, so the bar is the same trick after trick."""
    kinds = action_kinds(make_variant(variant))
    permanent = [k for k in kinds if k.startswith("signal:") or k == "claim"]
    frames = [m for m in one_hand(make_table, variant, seed=5, casual=False) if m.in_game and not m.hand_over]
    for size in SIZES:
        for m in frames:
            buttons = visible(table_layout(m, size).buttons)
            for k in permanent:
                assert k in buttons, (size, k, sorted(buttons))
                legal = m.can_claim if k == "claim" else k.partition(":")[2] in m.signal_choices
                assert buttons[k].enabled == legal, (size, k)
