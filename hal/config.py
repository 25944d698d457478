"""The ``[hardware]`` section of the box's TOML settings: pins, display, reader.

Loading never crashes the program: :func:`load_hardware_config` returns a
config *and* a list of readable errors; every part with an error is switched
off (a safe state: the touchscreen still plays), and the app shows the list.
:meth:`HardwareConfig.from_dict` is the strict path that raises
:class:`HardwareConfigError` with all the errors at once.

Pins are BCM GPIO numbers (``17`` = GPIO17 = header pin 11), not header pins.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from hal.events import MENU, ButtonName, seat_button
from hal.reader import DEFAULT_LINE_PATTERN, PROTOCOLS, check_line_pattern
from hal.settingsfile import Section, SettingsFileError, read_toml

HEADER_GPIOS = range(2, 28)
"""GPIO2–GPIO27 are on the 40-pin header; 0 and 1 belong to the HAT ID EEPROM."""


class HardwareConfigError(ValueError):
    """Everything wrong with a ``[hardware]`` section, one problem per line."""

    def __init__(self, errors: list[str]) -> None:
        self.errors = list(errors)
        super().__init__("invalid [hardware] settings:\n" + "\n".join(f"  - {e}" for e in errors))


@dataclass(frozen=True, slots=True)
class ButtonsConfig:
    enabled: bool = True
    seats: tuple[int, ...] = (5, 6, 13, 19)
    menu: int | None = 26
    pull_up: bool = True
    debounce_ms: int = 30
    bounce_max_ms: int = 250
    home_hold_s: float = 3.0
    shutdown_hold_s: float = 10.0

    def pins(self) -> dict[ButtonName, int]:
        """Button name → GPIO: ``{"seat0": 5, …, "menu": 26}``."""
        pins = {seat_button(i): gpio for i, gpio in enumerate(self.seats)}
        if self.menu is not None:
            pins[MENU] = self.menu
        return pins

    def holds(self) -> dict[ButtonName, tuple[float, ...]]:
        return {MENU: (self.home_hold_s, self.shutdown_hold_s)}


@dataclass(frozen=True, slots=True)
class DisplayConfig:
    enabled: bool = True
    clk: int = 23
    dio: int = 24
    brightness: int = 4


@dataclass(frozen=True, slots=True)
class ReaderConfig:
    enabled: bool = False
    port: str = "/dev/serial/by-id/usb-1a86_USB_Serial-if00-port0"
    protocol: str = "rdm6300"
    baud: int = 9600
    pattern: str = DEFAULT_LINE_PATTERN
    repeat_window_ms: int = 500


@dataclass(frozen=True, slots=True)
class HardwareConfig:
    buttons: ButtonsConfig = field(default_factory=ButtonsConfig)
    display: DisplayConfig = field(default_factory=DisplayConfig)
    reader: ReaderConfig = field(default_factory=ReaderConfig)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any] | None) -> HardwareConfig:
        """The strict path: a valid config or :class:`HardwareConfigError`."""
        config, errors = load_hardware_config(data)
        if errors:
            raise HardwareConfigError(errors)
        return config

    @classmethod
    def safe(cls) -> HardwareConfig:
        """Everything off: what a box runs with when nothing can be trusted."""
        return cls(
            ButtonsConfig(enabled=False), DisplayConfig(enabled=False), ReaderConfig(enabled=False)
        )


# --- checking -------------------------------------------------------------------


class _Section(Section):
    """A ``[hardware]`` table: the shared checks plus GPIO numbers and ranges."""

    def __init__(self, name: str, data: Any, errors: list[str], known: set[str]) -> None:
        super().__init__(name, data, errors, known)
        self.name = name
        self.errors = errors

    def gpio(self, key: str, value: Any) -> int | None:
        if isinstance(value, bool) or not isinstance(value, int):
            self.error(f"{self.name}.{key} must be a GPIO number, not {value!r}")
            return None
        if value in (0, 1):
            self.error(
                f"{self.name}.{key} = {value}: GPIO{value} is reserved for the HAT ID EEPROM"
            )
            return None
        if value not in HEADER_GPIOS:
            self.error(
                f"{self.name}.{key} = {value}: there is no GPIO{value} on the Pi header "
                "(use BCM numbers 2–27, e.g. 17 for header pin 11)"
            )
            return None
        return value

    def number(self, key: str, default: float, lo: float, hi: float) -> float:
        value = self.get(key, (int, float), default)
        if not lo <= value <= hi:
            self.error(f"{self.name}.{key} = {value} is out of range {lo}–{hi}")
            return default
        return float(value) if isinstance(default, float) else value

    def whole_ms(self, key: str, default: int, lo: int, hi: int) -> int:
        """A number of milliseconds: a whole number (``30.0`` is 30); ``30.7`` is refused,
        not silently cut to 30."""
        value = self.number(key, default, lo, hi)
        if isinstance(value, float) and not value.is_integer():
            self.error(f"{self.name}.{key} = {value} must be a whole number of milliseconds "
                       f"(e.g. {int(value)} or {int(value) + 1})")
            return default
        return int(value)


Uses = list[tuple[int, str]]


def _buttons(data: Any, errors: list[str]) -> tuple[ButtonsConfig, bool, Uses]:
    d = ButtonsConfig()
    known = {
        "enabled", "seats", "menu", "pull_up", "debounce_ms", "bounce_max_ms",
        "home_hold_s", "shutdown_hold_s",
    }
    s = _Section("hardware.buttons", data, errors, known)
    seats_raw = s.get("seats", list, list(d.seats))
    if not 1 <= len(seats_raw) <= 4:
        s.error(f"hardware.buttons.seats lists {len(seats_raw)} buttons; a table has 1 to 4 seats")
    uses: Uses = []
    for i, value in enumerate(seats_raw):
        if (gpio := s.gpio(f"seats[{i}]", value)) is not None:
            uses.append((gpio, f"hardware.buttons.seats[{i}]"))
    seats = tuple(gpio for gpio, _ in uses)
    menu_raw = s.get("menu", (int, bool), d.menu)
    menu = None if menu_raw is False else s.gpio("menu", menu_raw)
    if menu is not None:
        uses.append((menu, "hardware.buttons.menu"))
    home = s.number("home_hold_s", d.home_hold_s, 0.5, 60.0)
    shutdown = s.number("shutdown_hold_s", d.shutdown_hold_s, 0.5, 120.0)
    if shutdown <= home:
        s.error("hardware.buttons.shutdown_hold_s must be longer than home_hold_s")
    before = len(errors)
    debounce_ms = s.whole_ms("debounce_ms", d.debounce_ms, 0, 500)
    bounce_max_ms = s.whole_ms("bounce_max_ms", d.bounce_max_ms, 0, 2000)
    if len(errors) == before and bounce_max_ms < debounce_ms:  # both as written
        # The debouncer takes a contact still bouncing after bounce_max_ms as it is: shorter
        # than the quiet wait it would cut every wait short (it was raised to it silently).
        s.error(f"hardware.buttons.bounce_max_ms = {bounce_max_ms} is shorter than debounce_ms = {debounce_ms}: "
                "a contact still bouncing after bounce_max_ms is taken as it is, so it must be at least "
                "debounce_ms")
    config = ButtonsConfig(
        enabled=s.get("enabled", bool, True),
        seats=seats,
        menu=menu,
        pull_up=s.get("pull_up", bool, True),
        debounce_ms=debounce_ms,
        bounce_max_ms=bounce_max_ms,
        home_hold_s=home,
        shutdown_hold_s=shutdown,
    )
    return config, s.failed, uses if config.enabled else []


def _display(data: Any, errors: list[str]) -> tuple[DisplayConfig, bool, Uses]:
    d = DisplayConfig()
    s = _Section("hardware.display", data, errors, {"enabled", "clk", "dio", "brightness"})
    clk = s.gpio("clk", s.data.get("clk", d.clk))
    dio = s.gpio("dio", s.data.get("dio", d.dio))
    config = DisplayConfig(
        enabled=s.get("enabled", bool, True),
        clk=d.clk if clk is None else clk,
        dio=d.dio if dio is None else dio,
        brightness=int(s.number("brightness", d.brightness, 0, 7)),
    )
    uses = [(g, f"hardware.display.{k}") for g, k in ((clk, "clk"), (dio, "dio")) if g is not None]
    return config, s.failed, uses if config.enabled else []


def _reader(data: Any, errors: list[str]) -> tuple[ReaderConfig, bool]:
    d = ReaderConfig()
    known = {"enabled", "port", "protocol", "baud", "pattern", "repeat_window_ms"}
    s = _Section("hardware.reader", data, errors, known)
    protocol = s.get("protocol", str, d.protocol)
    if protocol not in PROTOCOLS:
        s.error(
            f"hardware.reader.protocol {protocol!r} is unknown (choose {' or '.join(PROTOCOLS)})"
        )
    port = s.get("port", str, d.port)
    if not port:
        s.error("hardware.reader.port is empty (e.g. /dev/serial/by-id/usb-…-port0)")
    pattern = s.get("pattern", str, d.pattern)
    if (problem := check_line_pattern(pattern)) is not None:
        s.error(f"hardware.reader.{problem}")
        pattern = d.pattern
    config = ReaderConfig(
        enabled=s.get("enabled", bool, d.enabled),
        port=port,
        protocol=protocol,
        baud=int(s.number("baud", d.baud, 300, 1_000_000)),
        pattern=pattern,
        repeat_window_ms=int(s.number("repeat_window_ms", d.repeat_window_ms, 0, 60_000)),
    )
    return config, s.failed


def load_hardware_config(data: Mapping[str, Any] | None) -> tuple[HardwareConfig, list[str]]:
    """Check a ``[hardware]`` table; return the config to run with and the errors.

    Never raises. A part with an error is disabled; a GPIO used twice disables
    every part that uses it. No section at all means the defaults.
    """
    errors: list[str] = []
    root = _Section("hardware", data, errors, {"buttons", "display", "reader"})
    buttons, bad_buttons, button_uses = _buttons(root.data.get("buttons"), errors)
    display, bad_display, display_uses = _display(root.data.get("display"), errors)
    reader, bad_reader = _reader(root.data.get("reader"), errors)
    config = HardwareConfig(
        replace(buttons, enabled=buttons.enabled and not bad_buttons),
        replace(display, enabled=display.enabled and not bad_display),
        replace(reader, enabled=reader.enabled and not bad_reader),
    )
    users: dict[int, list[str]] = {}
    for gpio, use in button_uses + display_uses:
        users.setdefault(gpio, []).append(use)
    clash = {gpio: uses for gpio, uses in users.items() if len(uses) > 1}
    for gpio, uses in sorted(clash.items()):
        errors.append(f"GPIO{gpio} is used twice: {' and '.join(uses)}")
    clashing = " ".join(u for uses in clash.values() for u in uses)
    if "hardware.buttons" in clashing:
        config = replace(config, buttons=replace(config.buttons, enabled=False))
    if "hardware.display" in clashing:
        config = replace(config, display=replace(config.display, enabled=False))
    if root.failed and not (bad_buttons or bad_display or bad_reader or clash):
        config = HardwareConfig.safe()
    return config, errors


def load_file(path: str | Path) -> tuple[HardwareConfig, list[str]]:
    """The ``[hardware]`` section of a TOML file; a broken file means the safe state.

    Read with the one settings loader (:mod:`hal.settingsfile`): a file that is
    not UTF-8, not TOML or nested too deeply is one readable error, never a
    traceback. Only ``[hardware]`` is checked here; the program's own tables
    are ``firmware.config``'s.
    """
    try:
        data = read_toml(path)
    except SettingsFileError as exc:
        return HardwareConfig.safe(), [str(exc)]
    return load_hardware_config(data.get("hardware"))


def default_toml() -> str:
    """The documented default section, ready to paste into the settings file."""
    return DEFAULT_TOML


DEFAULT_TOML = """\
# Hardware of the Tressette box. GPIO numbers are BCM numbers (GPIO17 is
# header pin 11), 2 to 27; each GPIO may be used once. A mistake here never
# stops the game: the part concerned is switched off and the error shown.

[hardware.buttons]
enabled = true
seats = [5, 6, 13, 19]     # the Accuso button of seat 0, 1, 2, 3 (1 to 4 seats)
menu = 26                  # menu button; false if the box has none
pull_up = true             # buttons close the contact to ground
debounce_ms = 30           # a press counts at its first edge; the next change only
                           # after the contact was quiet this long (bounce ignored)
bounce_max_ms = 250        # a contact still bouncing this long is taken as it is
home_hold_s = 3.0          # hold menu this long: back to the home screen
shutdown_hold_s = 10.0     # hold menu this long: safe shutdown

[hardware.display]         # TM1637 4-digit 7-segment score display
enabled = true
clk = 23                   # see docs/deploy.md for the wiring
dio = 24
brightness = 4             # 0 (dim) to 7 (bright)

[hardware.reader]          # optional serial card reader
enabled = false
port = "/dev/serial/by-id/usb-1a86_USB_Serial-if00-port0"   # stable name, survives replug
protocol = "rdm6300"       # "rdm6300" (125 kHz RFID tags) or "lines" (barcode scanner)
baud = 9600
pattern = "[0-9A-Za-z\\\\-]{1,64}"   # lines only: what a valid code looks like (regex;
                                 # a group named id, or the first group, is the tag id)
repeat_window_ms = 500     # the same tag read again within this is still lying there
"""
