"""Buttons never move under the finger (issue 24.1): every preset, a seeded hand played
through the real controller, every frame the screen was given, both screen sizes.

The table's layout is a pure function of the view-model and the size, so the frames are
the models the loop hands the screen (``MainLoop.refresh`` → ``set_model``); between two
consecutive frames of one hand, no button keeps its name and changes its rectangle, and
no button appears where another one was a frame before (a tap meant for *Chiamarsi
fuori* turned on *volo*). The exception is the screen itself changing: a new hand. The
hand's end is no exception (issue 38): *count / next hand* come where no button of the hand
was, and a page of *more* turns only the cells of what comes and goes (declarations, calls),
never the cells of hint, undo, the signals or the claim; a declaration offered is on the
first page (at 480x320 too), never behind *more*.
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
                    seats: Sequence[SeatSpec] | None = None, *, mode: str | None = None,
                    choice: ui.HomeChoice | None = None) -> None:
        pass

    def update(self, dt: float) -> None:
        pass


def one_hand(make_table: MakeTable, variant: str, seed: int, *, casual: bool, whole: bool = False) -> list[TableModel]:
    """A hand of ``variant`` by the person at seat 0 against easy computers; every frame
    (``whole``: the match to its end, *next hand* tapped after each count)."""
    n = make_variant(variant).n_seats
    table = make_table(variant=variant, seats=["human"] + ["cpu:easy"] * (n - 1), seed=seed)
    rec = Recorder()
    table.loop.ui = rec
    table.ctl.new_match(casual=casual)
    table.pump()
    rng = random.Random(seed)
    hinted = False
    for _ in range(400 * (40 if whole else 1)):
        m = rec.frames[-1] if rec.frames else table.ctl.model()
        intent: ui.Intent | None = None
        if m.hand_over and (m.match_over or not whole):
            return rec.frames
        if m.hand_over:
            table.put(ui.NextHand())
            continue
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
    raise AssertionError(f"{variant}: no end after {400 * (40 if whole else 1)} steps")


def same_screen(a: TableModel, b: TableModel) -> bool:
    """Two frames of one hand: its play and its end (the end's buttons come where the
    person may still be tapping the last trick's)."""
    return a.in_game and b.in_game and (a.hand_no, a.dealer) == (b.hand_no, b.dealer) and not a.hand_over


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


@pytest.mark.touch_match
@pytest.mark.parametrize("casual", [False, True], ids=["match", "casual"])
@pytest.mark.parametrize("variant", sorted(PRESETS))
def test_no_button_changes_places_in_a_whole_match(make_table: MakeTable, variant: str, casual: bool) -> None:
    """Every frame of a whole match, hand after hand: ``pytest -m touch_match`` (not in CI)."""
    frames = one_hand(make_table, variant, seed=11, casual=casual, whole=True)
    assert frames[-1].match_over
    bad = []
    for a, b in zip(frames, frames[1:], strict=False):
        if same_screen(a, b):
            bad += [f"{size}: {x}" for size in SIZES for x in moved(a, b, size)]
    bad += [f"{size}: {x}" for m in frames if m.in_game for size in SIZES for x in turned(m, size)]
    assert not bad, bad[:8]


PERMANENT = ("hint", "undo", "claim", "phones")


def turned(m: TableModel, size: tuple[int, int], pages: int = 4) -> list[str]:
    """What a page of *more* changes that it must not: a permanent cell (hint, undo, a
    signal, the claim) holding another action, or a declaration offered kept off page 0."""
    first = visible(table_layout(m, size).buttons)
    fixed = {n: b for n, b in first.items() if n in PERMANENT or n.startswith("signal:")}
    out = []
    for p in range(1, pages):
        for name, b in visible(table_layout(m, size, action_page=p).buttons).items():
            for other, f in fixed.items():
                if other != name and f.rect.colliderect(b.rect):
                    out.append(f"page {p}: {name} {tuple(b.rect)} in {other}'s cell {tuple(f.rect)}")
            if name in fixed and fixed[name].rect != b.rect:
                out.append(f"page {p}: {name} moved {tuple(fixed[name].rect)} -> {tuple(b.rect)}")
    shown = {b.intent.declare_action for b in first.values() if isinstance(b.intent, ui.Declare) and b.enabled}
    hidden = [a for a in m.declarable if a not in shown]
    if hidden and len(m.declarable) <= 2:
        out.append(f"declarations behind more: {hidden}")
    return out


@pytest.mark.parametrize("casual", [False, True], ids=["match", "casual"])
@pytest.mark.parametrize("variant", sorted(PRESETS))
def test_more_turns_only_the_cells_that_come_and_go(make_table: MakeTable, variant: str, casual: bool) -> None:
    frames = [m for m in one_hand(make_table, variant, seed=3, casual=casual) if m.in_game]
    bad = [f"{size}: {x}" for m in frames for size in SIZES for x in turned(m, size)]
    assert not bad, bad[:8]


@pytest.mark.parametrize("size", SIZES)
def test_the_coach_pair_keeps_its_cells_when_the_right_seat_has_played_its_last_card(size: tuple[int, int]) -> None:
    """treseta4 at the last trick: the right seat's hand empty must not turn hint and undo
    from side by side to one above the other (undo landed where hint was)."""
    from dataclasses import replace

    from tools import demo

    m = replace(demo.hint_model("treseta4"), casual=True)
    right = (m.me + 1) % m.n_seats
    cards = tuple(replace(s, hand_count=1 if s.seat == right else s.hand_count) for s in m.seats)
    empty = tuple(replace(s, hand_count=0 if s.seat == right else s.hand_count, shown=()) for s in m.seats)
    a = visible(table_layout(replace(m, seats=cards), size).buttons)
    b = visible(table_layout(replace(m, seats=empty), size).buttons)
    assert {n: tuple(a[n].rect) for n in ("hint", "undo")} == {n: tuple(b[n].rect) for n in ("hint", "undo")}
