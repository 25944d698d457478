"""The screen's pace (ui/frames.py): every frame while anything moves, one in six while
the picture stands still, and never a picture on the glass other than the last drawn."""

from __future__ import annotations

from pathlib import Path

import pygame
from hypothesis import given, settings
from hypothesis import strategies as st

from firmware import config
from firmware.app.controller import ControllerOptions
from firmware.app.runtime import Runtime
from ui.frames import STILL_AFTER, STILL_EVERY, FramePacer


def _frame(pacer: FramePacer, surface: pygame.Surface, colour: tuple[int, int, int], model: object = None,
           shown: object = None) -> str:  # fmt: skip
    """One frame as the screens present it: 'skipped', 'same' (drawn, not shown) or 'shown'."""
    if not pacer.due(model, shown):
        return "skipped"
    surface.fill(colour)
    return "shown" if pacer.changed(surface) else "same"


def test_a_still_picture_drops_to_one_frame_in_six_and_a_change_is_shown_at_once() -> None:
    pacer, s = FramePacer(), pygame.Surface((40, 30))
    assert _frame(pacer, s, (1, 2, 3)) == "shown"
    assert [_frame(pacer, s, (1, 2, 3)) for _ in range(STILL_AFTER)] == ["same"] * STILL_AFTER
    still = [_frame(pacer, s, (1, 2, 3)) for _ in range(STILL_EVERY * 3)]
    assert still == (["skipped"] * (STILL_EVERY - 1) + ["same"]) * 3
    # the clock changes the picture (a banner, a blink): the next frame drawn shows it...
    changed = [_frame(pacer, s, (9, 9, 9)) for _ in range(STILL_EVERY)]
    assert changed == ["skipped"] * (STILL_EVERY - 1) + ["shown"]
    # ...and the full pace is back while it moves
    assert [_frame(pacer, s, c) for c in ((1, 1, 1), (2, 2, 2), (3, 3, 3))] == ["shown"] * 3


def test_a_tap_or_a_new_model_brings_the_full_pace_back_at_once() -> None:
    pacer, s = FramePacer(), pygame.Surface((40, 30))
    model = object()
    for _ in range(STILL_AFTER + 1):
        _frame(pacer, s, (5, 5, 5), model)
    assert _frame(pacer, s, (5, 5, 5), model) == "skipped"
    pacer.wake()  # an event: drawn, and shown even if the same (the window shown again)
    assert _frame(pacer, s, (5, 5, 5), model) == "shown"
    for _ in range(STILL_AFTER):
        _frame(pacer, s, (5, 5, 5), model)
    assert _frame(pacer, s, (5, 5, 5), model) == "skipped"
    model = object()
    assert _frame(pacer, s, (5, 5, 5), model) == "same"  # a new model: drawn at once
    for _ in range(STILL_AFTER):
        _frame(pacer, s, (5, 5, 5), model)
    assert _frame(pacer, s, (5, 5, 5), model) == "skipped"
    # the UI switched by the clock (a hand's count after the last trick): drawn at once
    assert _frame(pacer, s, (6, 6, 6), model, ("hand_end", False, False)) == "shown"


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 3), st.booleans()), max_size=120))
def test_the_glass_always_holds_the_last_picture_drawn(frames: list[tuple[int, bool]]) -> None:
    """Any run of pictures and events: what was last shown is what was last drawn, and a
    changed picture waits at most one frame in six."""
    pacer, s = FramePacer(), pygame.Surface((8, 8))
    glass: int | None = None
    wanted: int | None = None
    waited = 0
    for picture, event in frames:
        if event:
            pacer.wake()
        wanted = picture
        outcome = _frame(pacer, s, (picture * 60, 0, 0))
        if outcome == "shown":
            glass = picture
        if outcome != "skipped":
            assert glass == picture
        waited = 0 if glass == wanted else waited + 1
        assert waited < STILL_EVERY


def test_the_simulator_draws_a_still_home_screen_five_times_a_second(tmp_path: Path) -> None:
    """The real loop and window (headless) on the home screen for twelve seconds of its
    clock: about sixty frames drawn, not three hundred; a key pressed brings every frame back."""
    settings_, problems = config.load(tmp_path / "s.toml")
    rt = Runtime(settings=settings_, state_dir=tmp_path / "state", think_ms=0, seed=1,
                 options=ControllerOptions(seed=1), problems=problems)  # fmt: skip
    now = [0.0]

    def clock() -> float:
        return now[0]

    with rt:
        rt.start_sim(size=(800, 480), headless=True)
        rt.loop.clock = clock
        assert rt.window is not None
        drawn = [0]
        draw = rt.window.ui.draw

        def counted(surface: pygame.Surface | None = None) -> None:
            drawn[0] += 1
            draw(surface)

        rt.window.ui.draw = counted  # type: ignore[method-assign]
        for _ in range(300):  # twelve seconds, each turn of the loop one frame's time
            now[0] += 0.04
            rt.loop.step(timeout=0)
        assert 50 <= drawn[0] <= 75  # 16 at full pace, then one in six: 63, not 300
        drawn[0] = 0
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode=""))
        for _ in range(10):
            now[0] += 0.04
            rt.loop.step(timeout=0)
        assert drawn[0] == 10
