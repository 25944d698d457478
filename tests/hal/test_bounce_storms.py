"""Worn tactile switches bounce for 20-50 ms (issue: every failure seen and survived).

The first edge is reported at once (the earliest Accuso wins, to the
millisecond); after it the debouncer waits until the contact is quiet for
``debounce`` before it believes another change. The old lock-out of a fixed
30 ms gave an extra release and press on every press of a 50 ms bouncer.
"""

from __future__ import annotations

from gpiozero.pins.mock import MockFactory
from hypothesis import given, settings
from hypothesis import strategies as st

from hal.buttons import Debouncer, TableButtons
from hal.config import load_hardware_config
from hal.events import ButtonEvent, ButtonHeld, ButtonPressed, ButtonReleased, EventQueue, HalEvent
from hal.timing import ManualClock

DEBOUNCE = 0.030


def storm(start: float, gaps: list[float], *, ends_pressed: bool) -> list[tuple[float, bool]]:
    """Edges of one bounce storm: the first at ``start``, alternating levels."""
    level = ends_pressed if len(gaps) % 2 == 0 else not ends_pressed
    edges, t = [(start, level)], start
    for gap in gaps:
        t += gap
        level = not level
        edges.append((t, level))
    return edges


def run(d: Debouncer, edges: list[tuple[float, bool]], until: float) -> list[ButtonEvent]:
    events: list[ButtonEvent] = []
    for t, level in edges:
        events += d.tick(t)
        events += d.edge(level, t)
    events += d.tick(until)
    return events


def test_a_50ms_bounce_storm_is_one_press_and_one_release() -> None:
    d = Debouncer("seat0", debounce=DEBOUNCE)
    press = storm(0.0, [0.005] * 10, ends_pressed=True)  # 50 ms of bounce
    release = storm(0.300, [0.005] * 10, ends_pressed=False)
    events = run(d, press + release, 1.0)
    assert events == [ButtonPressed("seat0", 0.0), ButtonReleased("seat0", 0.300)]


def test_a_contact_that_opens_for_40ms_inside_a_storm_is_still_one_press() -> None:
    d = Debouncer("seat0", debounce=0.045)  # the settings can widen the quiet time
    edges = [(0.0, True), (0.002, False), (0.042, True)]
    assert run(d, edges, 0.5) == [ButtonPressed("seat0", 0.0)]


def test_a_tap_released_inside_the_storm_is_reported_once_quiet() -> None:
    d = Debouncer("seat0", debounce=DEBOUNCE)
    edges = [(0.0, True), (0.003, False), (0.006, True), (0.009, False)]
    assert run(d, edges, 0.5) == [ButtonPressed("seat0", 0.0), ButtonReleased("seat0", 0.039)]


def test_a_contact_chattering_for_ever_does_not_hold_the_button() -> None:
    d = Debouncer("menu", debounce=DEBOUNCE, holds=(3.0, 10.0), bounce_max=0.25)
    edges = [(i * 0.004, i % 2 == 0) for i in range(3000)]  # 12 s of chatter
    events = run(d, edges, 12.0)
    assert not any(isinstance(e, ButtonHeld) for e in events)
    assert len(events) > 2  # reported as it is, not swallowed


def test_the_time_constants_come_from_the_settings() -> None:
    config, errors = load_hardware_config({"buttons": {"debounce_ms": 45, "bounce_max_ms": 400}})
    assert errors == []
    assert (config.buttons.debounce_ms, config.buttons.bounce_max_ms) == (45, 400)
    _, errors = load_hardware_config({"buttons": {"bounce_max_ms": -1}})
    assert errors == ["hardware.buttons.bounce_max_ms = -1 is out of range 0–2000"]


def test_mock_pins_bouncing_50ms_give_one_press_at_the_first_edge() -> None:
    events: EventQueue[HalEvent] = EventQueue()
    clock, factory = ManualClock(100.0), MockFactory()
    try:
        with TableButtons(
            {"seat0": 17}, events=events, pin_factory=factory, clock=clock, tick_interval=None
        ) as buttons:
            pin = factory.pin(17)
            for i in range(11):  # 11 edges 5 ms apart, ends closed
                pin.drive_low() if i % 2 == 0 else pin.drive_high()
                clock.advance(0.005)
                buttons.tick()
            clock.advance(0.1)
            buttons.tick()
            assert events.drain() == [ButtonPressed("seat0", 100.0)]
    finally:
        factory.close()


bounce_gap = st.floats(min_value=0.0002, max_value=0.020)


@st.composite
def presses(draw: st.DrawFn) -> list[tuple[list[float], float, list[float], float]]:
    """Presses: (press storm gaps, held for, release storm gaps, idle after)."""
    out = []
    for _ in range(draw(st.integers(1, 4))):
        gaps = []
        for _ in range(2):
            g = draw(st.lists(bounce_gap, max_size=12).filter(lambda g: sum(g) <= 0.050))
            gaps.append(g[: len(g) // 2 * 2])  # an even number: the storm ends where it began
        out.append((gaps[0], draw(st.floats(0.035, 1.0)), gaps[1], draw(st.floats(0.035, 1.0))))
    return out


@settings(max_examples=200, deadline=None, derandomize=True)
@given(plan=presses())
def test_bounce_storms_up_to_50ms_give_no_spurious_event(
    plan: list[tuple[list[float], float, list[float], float]],
) -> None:
    d = Debouncer("seat1", debounce=DEBOUNCE)
    edges: list[tuple[float, bool]] = []
    expected: list[ButtonEvent] = []
    t = 1.0
    for press_gaps, held, release_gaps, idle in plan:
        expected.append(ButtonPressed("seat1", t))
        edges += storm(t, press_gaps, ends_pressed=True)
        t += sum(press_gaps) + held
        expected.append(ButtonReleased("seat1", t))
        edges += storm(t, release_gaps, ends_pressed=False)
        t += sum(release_gaps) + idle
    assert run(d, edges, t + 1.0) == expected
