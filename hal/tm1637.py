"""TM1637 4-digit 7-segment driver, bit-banged on two gpiozero pins.

The chip speaks a two-wire, I²C-like but address-less protocol:

* start: DIO falls while CLK is high; stop: DIO rises while CLK is high;
* bytes LSB first: CLK low, set DIO, CLK high (the chip samples on the rise);
* a 9th clock for the ACK: the master releases DIO and the chip pulls it low;
* commands: ``0x40`` data write with auto-increment, ``0xC0 | addr`` then the
  digit bytes, ``0x88 | brightness`` display on (brightness 0–7), ``0x80`` off.

DIO is driven open-drain (output low for a 0, released to the pull-up for a 1)
so the chip can pull it low for the ACK without a fight. No ACK means the
display is unplugged: :class:`TM1637` raises :class:`DisplayNotResponding`
after finishing the transfer, and the caller decides what to do.

For tests and the simulator this module also carries the other end of the
wire: :class:`TracingFactory` (mock pins that record every level change of
every pin in one ordered trace), :class:`FakeTM1637` (a chip on those pins
that ACKs and latches what it was sent), and the pure decoders
:func:`decode_levels` / :func:`decode_trace` / :class:`ChipState` that turn a
pin trace back into transfers, commands and segments.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from gpiozero.pins.mock import MockFactory, MockPin

from hal.closing import Closing

if TYPE_CHECKING:
    from gpiozero.pins import Factory, Pin

# --- segment font -----------------------------------------------------------

SEG_A, SEG_B, SEG_C, SEG_D, SEG_E, SEG_F, SEG_G, SEG_DP = (1 << i for i in range(8))
SEGMENT_NAMES = ("a", "b", "c", "d", "e", "f", "g", "dp")
"""Bit ``i`` of a digit byte lights segment ``SEGMENT_NAMES[i]``.

On 4-digit clock modules bit 7 of the second digit is the colon.
"""

FONT: dict[str, int] = {
    " ": 0x00, "-": 0x40, "_": 0x08, "=": 0x48, "'": 0x02, '"': 0x22, "?": 0x53, "°": 0x63,
    "0": 0x3F, "1": 0x06, "2": 0x5B, "3": 0x4F, "4": 0x66,
    "5": 0x6D, "6": 0x7D, "7": 0x07, "8": 0x7F, "9": 0x6F,
    "A": 0x77, "b": 0x7C, "C": 0x39, "c": 0x58, "d": 0x5E, "E": 0x79, "F": 0x71,
    "G": 0x3D, "H": 0x76, "h": 0x74, "I": 0x30, "i": 0x10, "J": 0x1E, "L": 0x38,
    "l": 0x30, "n": 0x54, "O": 0x3F, "o": 0x5C, "P": 0x73, "q": 0x67, "r": 0x50,
    "S": 0x6D, "t": 0x78, "U": 0x3E, "u": 0x1C, "y": 0x6E, "Z": 0x5B, "z": 0x5B,
}  # fmt: skip
"""Characters a 7-segment digit can show; the other case is used as a fallback."""

DIGITS = 4


def glyph(char: str) -> int:
    """The segment byte for one character (other case as fallback).

    >>> hex(glyph("A")), hex(glyph("a")), hex(glyph("c"))
    ('0x77', '0x77', '0x58')
    """
    for candidate in (char, char.upper(), char.lower()):
        if candidate in FONT:
            return FONT[candidate]
    raise ValueError(f"{char!r} cannot be shown on a 7-segment digit")


def encode_text(text: str) -> tuple[int, ...]:
    """Four digit bytes for up to four characters, left-aligned.

    ``.`` lights the decimal point of the character before it and ``:`` the
    colon (bit 7 of the second digit).

    >>> [hex(b) for b in encode_text("12:09")]
    ['0x6', '0xdb', '0x3f', '0x6f']
    >>> encode_text("AccU") == (0x77, 0x58, 0x58, 0x3E)
    True
    """
    digits: list[int] = []
    for char in text:
        if char in ".:":
            if not digits:
                raise ValueError(f"{text!r}: {char!r} must follow a character")
            if char == ":" and len(digits) != 2:
                raise ValueError(f"{text!r}: the colon sits between the 2nd and 3rd digit")
            digits[-1] |= SEG_DP
        else:
            digits.append(glyph(char))
    if len(digits) > DIGITS:
        raise ValueError(f"{text!r} has more than {DIGITS} characters")
    return tuple(digits + [0] * (DIGITS - len(digits)))


# --- the driver ---------------------------------------------------------------

CMD_DATA_AUTO = 0x40
CMD_ADDRESS = 0xC0
CMD_DISPLAY_ON = 0x88
CMD_DISPLAY_OFF = 0x80


class DisplayNotResponding(OSError):
    """The TM1637 did not acknowledge a byte: unplugged or miswired."""


class TM1637(Closing):
    """The wire protocol on two GPIO pins taken from a gpiozero pin factory.

    ``clk`` and ``dio`` are BCM numbers. ``bit_delay`` (seconds) is waited
    around clock edges; Python on a Pi is slow enough that 0 works, the
    default leaves margin for long wires.
    """

    def __init__(
        self,
        clk: int,
        dio: int,
        *,
        pin_factory: Factory | None = None,
        bit_delay: float = 2e-6,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        if pin_factory is None:
            # optional: the Pi's GPIO library, absent on a laptop (the simulated pins stand in)
            from gpiozero import Device

            Device.ensure_pin_factory()  # the same default every gpiozero device gets
            pin_factory = Device.pin_factory
        self.pin_factory: Factory = pin_factory
        self._names = (clk, dio)
        self._bit_delay = bit_delay
        self._sleep = sleep
        self._clk: Pin | None = None
        self._dio: Pin | None = None
        pin_factory.reserve_pins(self, clk, dio)
        try:
            self._clk = pin_factory.pin(clk)
            self._dio = pin_factory.pin(dio)
            self._clk.output_with_state(True)
            self._dio.input_with_pull("up")
        except BaseException:
            self.close()
            raise

    def __repr__(self) -> str:
        return f"<hal.TM1637 clk=GPIO{self._names[0]} dio=GPIO{self._names[1]}>"

    def _conflicts_with(self, other: object) -> bool:  # gpiozero's reservation hook
        return True

    # - public API -

    def write(
        self, digits: Sequence[int], *, brightness: int = 7, on: bool = True, address: int = 0
    ) -> None:
        """Write digit bytes from ``address`` on and set the display control.

        Raises :class:`DisplayNotResponding` if any byte went unacknowledged
        (every transfer is still completed, so the bus is left idle).
        """
        if not 0 <= brightness <= 7:
            raise ValueError(f"brightness must be 0..7, not {brightness}")
        acked = self._transfer([CMD_DATA_AUTO])
        acked &= self._transfer([CMD_ADDRESS | address, *digits])
        acked &= self._transfer([(CMD_DISPLAY_ON | brightness) if on else CMD_DISPLAY_OFF])
        if not acked:
            raise DisplayNotResponding(f"no ACK from the TM1637 on {self!r}")

    def set_display(self, *, on: bool, brightness: int = 7) -> None:
        """Only the display-control command: on/off and brightness."""
        if not 0 <= brightness <= 7:
            raise ValueError(f"brightness must be 0..7, not {brightness}")
        if not self._transfer([(CMD_DISPLAY_ON | brightness) if on else CMD_DISPLAY_OFF]):
            raise DisplayNotResponding(f"no ACK from the TM1637 on {self!r}")

    def close(self) -> None:
        for pin in (self._clk, self._dio):
            if pin is not None:
                pin.close()
        self._clk = self._dio = None
        self.pin_factory.release_all(self)

    @property
    def closed(self) -> bool:
        return self._clk is None


    # - the wire -

    def _pins(self) -> tuple[Pin, Pin]:
        if self._clk is None or self._dio is None:
            raise RuntimeError(f"{self!r} is closed")
        return self._clk, self._dio

    def _wait(self) -> None:
        if self._bit_delay > 0:
            self._sleep(self._bit_delay)

    def _dio_level(self, high: bool) -> None:
        _, dio = self._pins()
        if high:
            dio.input_with_pull("up")  # released: the pull-up (or the chip) decides
        else:
            dio.output_with_state(False)

    def _transfer(self, data: Sequence[int]) -> bool:
        """start, bytes, stop; True if every byte was acknowledged."""
        clk, dio = self._pins()
        # start: both high, then DIO falls while CLK is high
        self._dio_level(True)
        clk.state = True
        self._wait()
        self._dio_level(False)
        self._wait()
        acked = True
        for byte in data:
            acked &= self._write_byte(byte)
        # stop: DIO low while CLK low, CLK high, then DIO rises
        clk.state = False
        self._dio_level(False)
        self._wait()
        clk.state = True
        self._wait()
        self._dio_level(True)
        self._wait()
        return acked

    def _write_byte(self, byte: int) -> bool:
        clk, dio = self._pins()
        for bit in range(8):
            clk.state = False
            self._dio_level(bool(byte >> bit & 1))
            self._wait()
            clk.state = True
            self._wait()
        clk.state = False
        self._dio_level(True)  # release DIO for the ACK
        self._wait()
        clk.state = True
        self._wait()
        ack = not dio.state
        clk.state = False
        self._wait()
        return ack


# --- the other end of the wire: tracing pins, a fake chip, decoders ----------

Trace = list[tuple[int, bool]]
"""Ordered ``(gpio, level)`` changes of every pin of a :class:`TracingFactory`."""


def gpio_number(pin: Pin) -> int:
    name: str = pin.info.name
    return int(name.removeprefix("GPIO"))


class TracingPin(MockPin):  # type: ignore[misc]  # gpiozero has no type hints: its classes are Any
    """A mock pin that reports every level change to its factory, in order."""

    def _change_state(self, value: bool) -> bool:
        changed: bool = super()._change_state(value)
        if changed:
            self.factory.record(self, bool(value))
        return changed


class TracingFactory(MockFactory):  # type: ignore[misc]  # gpiozero has no type hints: its classes are Any
    """A gpiozero mock pin factory whose pins share one ordered level trace.

    ``trace`` is the list of ``(gpio, level)`` changes; ``listeners`` are
    called with each change as it happens (a fake device on the bus).
    """

    def __init__(self, revision: str | None = None) -> None:
        super().__init__(revision=revision, pin_class=TracingPin)
        self.trace: Trace = []
        self.listeners: list[Callable[[int, bool], None]] = []

    def record(self, pin: Pin, level: bool) -> None:
        gpio = gpio_number(pin)
        self.trace.append((gpio, level))
        for listener in list(self.listeners):
            listener(gpio, level)


@dataclass(frozen=True, slots=True)
class Transfer:
    """The bytes between one start and one stop, with each byte's ACK bit."""

    data: tuple[int, ...]
    acks: tuple[bool, ...]


@dataclass(slots=True)
class WireDecoder:
    """Turn successive (CLK, DIO) levels into :class:`Transfer` values."""

    clk: bool = False
    dio: bool = False
    bits: list[bool] = field(default_factory=list)
    data: list[int] = field(default_factory=list)
    acks: list[bool] = field(default_factory=list)
    active: bool = False

    def step(self, clk: bool, dio: bool) -> Transfer | None:
        """The lines are now at these levels; return a transfer when one ends."""
        prev_clk, prev_dio = self.clk, self.dio
        self.clk, self.dio = clk, dio
        done: Transfer | None = None
        if prev_clk and clk and prev_dio and not dio:  # start
            self.active = True
            self.bits, self.data, self.acks = [], [], []
        elif prev_clk and clk and not prev_dio and dio:  # stop
            if self.active:
                done = Transfer(tuple(self.data), tuple(self.acks))
            self.active = False
        elif self.active and not prev_clk and clk:  # rising clock: sample DIO
            self.bits.append(dio)
            if len(self.bits) == 9:
                self.data.append(sum(1 << i for i, bit in enumerate(self.bits[:8]) if bit))
                self.acks.append(not self.bits[8])
                self.bits = []
        return done

    @property
    def awaiting_ack(self) -> bool:
        """Eight bits clocked in and CLK low: the chip's moment to pull DIO low."""
        return self.active and len(self.bits) == 8 and not self.clk


def decode_levels(levels: Iterable[tuple[bool, bool]]) -> list[Transfer]:
    """Transfers from a sequence of (CLK, DIO) levels (both start low)."""
    decoder = WireDecoder()
    return [t for clk, dio in levels if (t := decoder.step(clk, dio)) is not None]


def decode_trace(trace: Iterable[tuple[int, bool]], *, clk: int, dio: int) -> list[Transfer]:
    """Transfers from a :class:`TracingFactory` trace, given the two GPIO numbers."""
    levels = {clk: False, dio: False}

    def walk() -> Iterable[tuple[bool, bool]]:
        for gpio, level in trace:
            if gpio in levels:
                levels[gpio] = level
                yield levels[clk], levels[dio]

    return decode_levels(walk())


def describe(transfer: Transfer) -> str:
    """A readable name for a transfer, for test failure messages.

    >>> describe(Transfer((0xC0, 0x3F, 0x06), (True, True, True)))
    'ADDR 0: 3f 06'
    >>> describe(Transfer((0x8C,), (False,)))
    'DISPLAY on 4 (NAK)'
    """
    cmd, rest = transfer.data[0], transfer.data[1:]
    if cmd & 0xC0 == 0x40:
        text = "DATA " + ("fixed" if cmd & 0x04 else "auto")
    elif cmd & 0xC0 == 0xC0:
        text = f"ADDR {cmd & 0x07}: " + " ".join(f"{b:02x}" for b in rest)
    elif cmd & 0xC0 == 0x80:
        text = f"DISPLAY on {cmd & 0x07}" if cmd & 0x08 else "DISPLAY off"
    else:
        text = f"?? {cmd:02x}"
    return text if all(transfer.acks) else text + " (NAK)"


@dataclass(slots=True)
class ChipState:
    """What a TM1637 latches from the transfers it receives."""

    registers: list[int] = field(default_factory=lambda: [0] * 6)
    brightness: int = 0
    on: bool = False
    auto_increment: bool = True

    def apply(self, transfer: Transfer) -> None:
        if not transfer.data:
            return
        cmd, rest = transfer.data[0], transfer.data[1:]
        if cmd & 0xC0 == 0x40:
            self.auto_increment = not cmd & 0x04
        elif cmd & 0xC0 == 0xC0:
            address = cmd & 0x07
            for byte in rest:
                if address < len(self.registers):
                    self.registers[address] = byte
                if self.auto_increment:
                    address += 1
        elif cmd & 0xC0 == 0x80:
            self.on = bool(cmd & 0x08)
            self.brightness = cmd & 0x07

    @property
    def digits(self) -> tuple[int, ...]:
        return tuple(self.registers[:DIGITS])

    @property
    def lit(self) -> tuple[int, ...]:
        """What a person sees: the digits, or nothing while the display is off."""
        return self.digits if self.on else (0,) * DIGITS


class FakeTM1637:
    """A TM1637 on a :class:`TracingFactory`'s pins: ACKs and latches.

    With ``connected=False`` (or after :meth:`unplug`) it stays silent, as an
    unplugged module would: the pull-up leaves DIO high on the ACK clock.
    """

    def __init__(
        self, factory: TracingFactory, *, clk: int, dio: int, connected: bool = True
    ) -> None:
        self.factory = factory
        self.clk, self.dio = clk, dio
        self.connected = connected
        self.state = ChipState()
        self.transfers: list[Transfer] = []
        self._decoder = WireDecoder()
        self._levels = {clk: False, dio: False}
        self._acking = False
        factory.listeners.append(self._on_change)

    def unplug(self) -> None:
        self.connected = False

    def plug(self) -> None:
        self.connected = True

    def close(self) -> None:
        if self._on_change in self.factory.listeners:
            self.factory.listeners.remove(self._on_change)

    def _dio_pin(self) -> Any:
        return self.factory.pin(self.dio)

    def _on_change(self, gpio: int, level: bool) -> None:
        if gpio not in self._levels:
            return
        self._levels[gpio] = level
        falling_clk = gpio == self.clk and not level
        transfer = self._decoder.step(self._levels[self.clk], self._levels[self.dio])
        if transfer is not None:
            self.transfers.append(transfer)
            self.state.apply(transfer)
        pin = self._dio_pin()
        if self._acking and falling_clk:
            self._acking = False  # the 9th clock has passed: let go of DIO
            if pin.function == "input":
                pin.drive_high()
        elif self.connected and self._decoder.awaiting_ack:
            self._acking = True
        if self._acking and pin.function == "input" and pin.state:
            pin.drive_low()
