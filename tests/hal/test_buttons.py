from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from gpiozero.pins.mock import MockFactory

from hal.buttons import Debouncer, TableButtons
from hal.events import ButtonHeld, ButtonPressed, ButtonReleased, EventQueue, HalEvent
from hal.timing import ManualClock

PINS = {"seat0": 17, "seat1": 27, "seat2": 22, "seat3": 23, "menu": 24}


@pytest.fixture
def buttons(
    factory: MockFactory, events: EventQueue[HalEvent], clock: ManualClock
) -> Iterator[TableButtons]:
    with TableButtons(
        PINS, events=events, pin_factory=factory, clock=clock, tick_interval=None
    ) as b:
        yield b


def bounce(factory: MockFactory, clock: ManualClock, pin: int, levels: list[bool]) -> None:
    """Drive ``pin`` through contact levels (True = pressed = low), 2 ms apart."""
    for pressed in levels:
        if pressed:
            factory.pin(pin).drive_low()
        else:
            factory.pin(pin).drive_high()
        clock.advance(0.002)


def kinds(events: EventQueue[HalEvent]) -> list[tuple[str, str]]:
    return [(type(e).__name__, getattr(e, "button", "")) for e in events.drain()]


def test_press_and_release_reach_the_queue(
    buttons: TableButtons, factory: MockFactory, events: EventQueue[HalEvent], clock: ManualClock
) -> None:
    factory.pin(17).drive_low()
    assert events.drain() == [ButtonPressed("seat0", 100.0)]
    assert buttons.is_pressed("seat0")
    clock.advance(0.1)
    factory.pin(17).drive_high()
    released = events.drain()
    assert released == [ButtonReleased("seat0", 100.1)]
    assert isinstance(released[0], ButtonReleased) and released[0].seat == 0
    assert events.empty()


def test_a_burst_of_bounce_within_30ms_is_one_press(
    buttons: TableButtons, factory: MockFactory, events: EventQueue[HalEvent], clock: ManualClock
) -> None:
    bounce(factory, clock, 27, [True, False, True, False, True, False, True])
    clock.advance(0.05)
    buttons.tick()
    assert kinds(events) == [("ButtonPressed", "seat1")]
    # and the release bounces too: still one release
    bounce(factory, clock, 27, [False, True, False, True, False])
    clock.advance(0.05)
    buttons.tick()
    assert kinds(events) == [("ButtonReleased", "seat1")]


def test_two_presses_80ms_apart_are_two(
    buttons: TableButtons, factory: MockFactory, events: EventQueue[HalEvent], clock: ManualClock
) -> None:
    pin = factory.pin(22)
    pin.drive_low()
    clock.advance(0.040)
    pin.drive_high()
    clock.advance(0.040)
    pin.drive_low()
    clock.advance(0.040)
    pin.drive_high()
    assert kinds(events) == [
        ("ButtonPressed", "seat2"),
        ("ButtonReleased", "seat2"),
        ("ButtonPressed", "seat2"),
        ("ButtonReleased", "seat2"),
    ]


def test_a_tap_shorter_than_the_window_still_releases(
    buttons: TableButtons, factory: MockFactory, events: EventQueue[HalEvent], clock: ManualClock
) -> None:
    factory.pin(23).drive_low()
    clock.advance(0.010)
    factory.pin(23).drive_high()
    assert kinds(events) == [("ButtonPressed", "seat3")]
    clock.advance(0.025)
    buttons.tick()
    assert events.drain() == []  # the contact is quiet only since 10 ms: wait
    clock.advance(0.010)
    buttons.tick()
    assert events.drain() == [ButtonReleased("seat3", 100.04)]


def test_a_missed_tick_is_made_up_on_the_next_edge(
    buttons: TableButtons, factory: MockFactory, events: EventQueue[HalEvent], clock: ManualClock
) -> None:
    factory.pin(23).drive_low()
    clock.advance(0.010)
    factory.pin(23).drive_high()
    clock.advance(0.100)  # nobody ticked
    factory.pin(23).drive_low()
    assert kinds(events) == [
        ("ButtonPressed", "seat3"),
        ("ButtonReleased", "seat3"),
        ("ButtonPressed", "seat3"),
    ]


def test_menu_hold_3s_then_10s(
    buttons: TableButtons, factory: MockFactory, events: EventQueue[HalEvent], clock: ManualClock
) -> None:
    factory.pin(24).drive_low()
    clock.advance(2.9)
    buttons.tick()
    assert kinds(events) == [("ButtonPressed", "menu")]
    clock.advance(0.2)
    buttons.tick()
    assert events.drain() == [ButtonHeld("menu", 3.0, 103.0)]
    clock.advance(7.0)
    buttons.tick()
    assert events.drain() == [ButtonHeld("menu", 10.0, 110.0)]
    clock.advance(5.0)
    buttons.tick()
    factory.pin(24).drive_high()
    assert kinds(events) == [("ButtonReleased", "menu")]


def test_holds_reached_before_a_late_tick_come_before_the_release(
    buttons: TableButtons, factory: MockFactory, events: EventQueue[HalEvent], clock: ManualClock
) -> None:
    factory.pin(24).drive_low()
    clock.advance(4.0)
    factory.pin(24).drive_high()  # no tick while held
    assert [type(e) for e in events.drain()] == [ButtonPressed, ButtonHeld, ButtonReleased]


def test_seat_buttons_do_not_hold_by_default(
    buttons: TableButtons, factory: MockFactory, events: EventQueue[HalEvent], clock: ManualClock
) -> None:
    factory.pin(17).drive_low()
    clock.advance(20.0)
    buttons.tick()
    assert kinds(events) == [("ButtonPressed", "seat0")]


def test_close_releases_the_pins(factory: MockFactory, events: EventQueue[HalEvent]) -> None:
    b = TableButtons({"menu": 24}, events=events, pin_factory=factory, tick_interval=None)
    b.close()
    assert b.closed
    with TableButtons({"menu": 24}, events=events, pin_factory=factory, tick_interval=None):
        pass


def test_a_pin_used_twice_fails_and_releases_what_it_took(
    factory: MockFactory, events: EventQueue[HalEvent]
) -> None:
    from gpiozero.exc import GPIOPinInUse

    with pytest.raises(GPIOPinInUse):
        TableButtons({"seat0": 17, "seat1": 17}, events=events, pin_factory=factory)
    with TableButtons({"seat0": 17}, events=events, pin_factory=factory, tick_interval=None):
        pass


def test_the_ticker_thread_starts_and_stops(factory: MockFactory, events: EventQueue[HalEvent]) -> None:
    b = TableButtons({"menu": 24}, events=events, pin_factory=factory, tick_interval=0.001)
    b.close()
    assert b.closed


@pytest.mark.parametrize("seed", range(20))
def test_random_bounce_never_splits_a_press(seed: int) -> None:
    """Random bursts (edges < 30 ms apart) separated by quiet gaps: one event per burst."""
    rng = random.Random(seed)
    d = Debouncer("seat0", debounce=0.03)
    now = 0.0
    events = []
    level = False
    for _ in range(30):
        target = not level
        # a burst: an odd number of edges, each under 4 ms apart, total < 30 ms
        for _ in range(rng.choice([1, 3, 5, 7])):
            level = not level
            events += d.edge(level, now)
            now += rng.uniform(0.0001, 0.004)
        assert level == target
        now += rng.uniform(0.035, 0.5)
        events += d.tick(now)
    assert len(events) == 30
    assert [type(e) for e in events] == [ButtonPressed, ButtonReleased] * 15
    assert all(a.at < b.at for a, b in zip(events, events[1:], strict=False))


def test_the_ticker_thread_reports_a_release_absorbed_by_the_window(
    factory: MockFactory, events: EventQueue[HalEvent]
) -> None:
    """Real time, real ticker: the release of a very short tap still arrives."""
    with TableButtons({"seat0": 17}, events=events, pin_factory=factory, tick_interval=0.005):
        factory.pin(17).drive_low()
        factory.pin(17).drive_high()  # inside the 30 ms window: absorbed for now
        assert isinstance(events.get(timeout=5), ButtonPressed)
        assert isinstance(events.get(timeout=5), ButtonReleased)
