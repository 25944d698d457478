from __future__ import annotations

import logging
from collections.abc import Iterator

import pytest
from gpiozero.exc import GPIOPinInUse
from gpiozero.pins.mock import MockFactory

from hal.display import Frame, SimDisplay, TM1637Display, segment_polygons
from hal.events import DisplayFault, DisplayRestored, EventQueue, HalEvent
from hal.timing import Backoff, ManualClock
from hal.tm1637 import (
    TM1637,
    ChipState,
    DisplayNotResponding,
    FakeTM1637,
    TracingFactory,
    decode_trace,
    describe,
    encode_text,
)

CLK, DIO = 5, 6


@pytest.fixture
def tracing() -> Iterator[TracingFactory]:
    f = TracingFactory()
    yield f
    f.reset()
    f.close()


@pytest.fixture
def chip(tracing: TracingFactory) -> FakeTM1637:
    return FakeTM1637(tracing, clk=CLK, dio=DIO)


def commands(tracing: TracingFactory) -> list[str]:
    return [describe(t) for t in decode_trace(tracing.trace, clk=CLK, dio=DIO)]


def test_one_write_is_three_acknowledged_transfers(
    tracing: TracingFactory, chip: FakeTM1637
) -> None:
    with TM1637(CLK, DIO, pin_factory=tracing, bit_delay=0) as tm:
        tm.write(encode_text("12:09"), brightness=3)
    assert commands(tracing) == ["DATA auto", "ADDR 0: 06 db 3f 6f", "DISPLAY on 3"]
    assert chip.state.digits == (0x06, 0xDB, 0x3F, 0x6F)
    assert chip.state.brightness == 3 and chip.state.on


def test_bytes_go_lsb_first_with_a_ninth_ack_clock(
    tracing: TracingFactory, chip: FakeTM1637
) -> None:
    """Look at the raw wire of the data command 0x40 = 0b0100_0000."""
    with TM1637(CLK, DIO, pin_factory=tracing, bit_delay=0) as tm:
        tracing.trace.clear()
        tm.set_display(on=False)
    clk, dio, sampled = True, True, []
    for gpio, level in tracing.trace:
        if gpio == CLK:
            if level and not clk:
                sampled.append(dio)
            clk = level
        else:
            dio = level
    # 0x80 LSB first: seven zeros, a one; then the ACK (low); then the stop clock
    assert sampled[:9] == [False] * 7 + [True, False]


def test_start_and_stop_conditions_change_dio_only_while_clk_is_high(
    tracing: TracingFactory, chip: FakeTM1637
) -> None:
    with TM1637(CLK, DIO, pin_factory=tracing, bit_delay=0) as tm:
        tracing.trace.clear()
        tm.set_display(on=True, brightness=7)
    clk = True
    edges_while_high: list[bool] = []
    for gpio, level in tracing.trace:
        if gpio == CLK:
            clk = level
        elif clk:
            edges_while_high.append(level)
    assert edges_while_high == [False, True]  # one start, one stop


@pytest.mark.parametrize(
    ("text", "digits"),
    [
        ("AccU", (0x77, 0x58, 0x58, 0x3E)),
        ("PEzz", (0x73, 0x79, 0x5B, 0x5B)),
        ("----", (0x40, 0x40, 0x40, 0x40)),
        ("8.8.:8.8.", (0xFF, 0xFF, 0xFF, 0xFF)),
        ("Hi", (0x76, 0x10, 0, 0)),
        ("", (0, 0, 0, 0)),
    ],
)
def test_text_reaches_the_chip_segment_for_segment(
    tracing: TracingFactory, chip: FakeTM1637, text: str, digits: tuple[int, ...]
) -> None:
    with TM1637Display(
        clk=CLK, dio=DIO, pin_factory=tracing, tick_interval=None, bit_delay=0
    ) as display:
        display.show_text(text)
        assert chip.state.lit == digits
        assert display.text == text
    assert not chip.state.on  # close() switches it off


def test_scores_and_colon(tracing: TracingFactory, chip: FakeTM1637) -> None:
    with TM1637Display(clk=CLK, dio=DIO, pin_factory=tracing, tick_interval=None, bit_delay=0) as d:
        d.show_scores(12, 9)
        assert d.text == "12:09" and d.colon
        assert chip.state.lit == (0x06, 0x5B | 0x80, 0x3F, 0x6F)
        d.show_scores(0, 31)
        assert chip.state.lit == (0x3F, 0x3F | 0x80, 0x4F, 0x06)
        with pytest.raises(ValueError, match="0..99"):
            d.show_scores(100, 0)


def test_brightness_and_blank(tracing: TracingFactory, chip: FakeTM1637) -> None:
    with TM1637Display(clk=CLK, dio=DIO, pin_factory=tracing, tick_interval=None, bit_delay=0) as d:
        for level in range(8):
            d.brightness = level
            assert chip.state.brightness == level
        with pytest.raises(ValueError, match="brightness"):
            d.brightness = 8
        d.show_text("8888")
        d.blank()
        assert chip.state.lit == (0, 0, 0, 0) and d.text == ""


def test_blink_switches_off_and_on_as_time_passes(
    tracing: TracingFactory, chip: FakeTM1637, clock: ManualClock
) -> None:
    with TM1637Display(
        clk=CLK, dio=DIO, pin_factory=tracing, clock=clock, tick_interval=None, bit_delay=0
    ) as d:
        d.show_text("AccU")
        d.blink(times=2, period=0.4)
        seen = [chip.state.on]
        for _ in range(5):
            clock.advance(0.2)
            d.tick()
            seen.append(chip.state.on)
        assert seen == [False, True, False, True, True, True]
        assert not d.blinking and chip.state.lit == encode_text("AccU")


def test_unplugged_display_is_logged_once_and_retried_with_backoff(
    tracing: TracingFactory, chip: FakeTM1637, clock: ManualClock, events: EventQueue[HalEvent],
    caplog: pytest.LogCaptureFixture,
) -> None:
    chip.unplug()
    with caplog.at_level(logging.WARNING, logger="hal.display"), TM1637Display(
        clk=CLK, dio=DIO, pin_factory=tracing, clock=clock, events=events,
        tick_interval=None, bit_delay=0, backoff=Backoff(initial=1.0, maximum=4.0),
    ) as d:
        d.show_scores(1, 2)  # the game keeps going
        d.show_scores(3, 4)
        assert d.faulted
        assert [type(e) for e in events.drain()] == [DisplayFault]
        assert len([r for r in caplog.records if "not responding" in r.message]) == 1
        attempts = []
        for _ in range(12):
            clock.advance(0.5)
            before = len(chip.transfers)
            d.tick()
            attempts.append(len(chip.transfers) > before)
        # retries at +1 s, then +2 s, then +4 s: not on every tick
        assert attempts == [False, True, False, False, False, True] + [False] * 6
        chip.plug()
        clock.advance(4.0)
        d.tick()
        assert not d.faulted
        assert chip.state.lit == encode_text("03:04")
        assert [type(e) for e in events.drain()] == [DisplayRestored]


def test_a_bare_mock_factory_reads_no_ack(factory: MockFactory) -> None:
    """Nobody on the wire: the pull-up keeps DIO high on the ACK clock."""
    with TM1637(CLK, DIO, pin_factory=factory, bit_delay=0) as tm, pytest.raises(
        DisplayNotResponding
    ):
        tm.write((0, 0, 0, 0))


def test_pins_are_reserved_and_released(factory: MockFactory) -> None:
    tm = TM1637(CLK, DIO, pin_factory=factory, bit_delay=0)
    with pytest.raises(GPIOPinInUse):
        TM1637(DIO, 7, pin_factory=factory)
    tm.close()
    assert tm.closed
    TM1637(CLK, DIO, pin_factory=factory, bit_delay=0).close()


def test_bit_delay_uses_the_injected_sleep(tracing: TracingFactory, chip: FakeTM1637) -> None:
    waits: list[float] = []
    with TM1637(CLK, DIO, pin_factory=tracing, bit_delay=1e-5, sleep=waits.append) as tm:
        tm.set_display(on=True)
    assert waits and set(waits) == {1e-5}


def test_chip_state_follows_fixed_address_mode() -> None:
    from hal.tm1637 import Transfer

    state = ChipState()
    state.apply(Transfer((0x44,), (True,)))
    state.apply(Transfer((0xC2, 0x11, 0x22), (True, True, True)))
    assert state.registers[:4] == [0, 0, 0x22, 0]


def test_text_that_cannot_be_shown_is_refused() -> None:
    for bad in ("12345", "W", ":12", "1:2"):
        with pytest.raises(ValueError):
            encode_text(bad)


def test_sim_display_keeps_text_history_and_segments(clock: ManualClock) -> None:
    with SimDisplay(clock=clock) as d:
        d.show_text("AccU")
        d.show_scores(12, 9)
        d.blank()
        assert list(d.history)[-3:] == ["AccU", "12:09", ""]
        d.show_text("8.")
        assert d.lit_segments()[0] == {"a", "b", "c", "d", "e", "f", "g", "dp"}
        assert d.sink.frames[-1] == Frame(encode_text("8."), 4, True)
        d.blink(times=1, period=0.2)
        assert d.lit_segments() == [set(), set(), set(), set()]
    assert d.sink.closed


def test_segment_polygons_stay_inside_the_box() -> None:
    for name, points in segment_polygons(40, 70).items():
        assert all(0 <= x <= 40 and 0 <= y <= 70 for x, y in points), name
