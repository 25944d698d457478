from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest

from hal.config import (
    HardwareConfig,
    HardwareConfigError,
    default_toml,
    load_file,
    load_hardware_config,
)


def section(**parts: Any) -> dict[str, Any]:
    return {k: v for k, v in parts.items()}


def test_the_documented_default_is_the_default() -> None:
    data = tomllib.loads(default_toml())["hardware"]
    config, errors = load_hardware_config(data)
    assert errors == []
    assert config == HardwareConfig()
    assert config.buttons.pins() == {
        "seat0": 5, "seat1": 6, "seat2": 13, "seat3": 19, "menu": 26,
    }  # fmt: skip


def test_no_section_means_defaults() -> None:
    assert load_hardware_config(None) == (HardwareConfig(), [])


def test_a_pin_used_twice_names_both_uses_and_disables_both_parts() -> None:
    config, errors = load_hardware_config(
        section(buttons={"seats": [17, 27], "menu": 5}, display={"clk": 5, "dio": 6})
    )
    assert errors == ["GPIO5 is used twice: hardware.buttons.menu and hardware.display.clk"]
    assert not config.buttons.enabled and not config.display.enabled


def test_a_pin_that_does_not_exist() -> None:
    config, errors = load_hardware_config(section(display={"clk": 40}))
    assert errors == [
        "hardware.display.clk = 40: there is no GPIO40 on the Pi header "
        "(use BCM numbers 2–27, e.g. 17 for header pin 11)"
    ]
    assert not config.display.enabled and config.buttons.enabled


def test_the_eeprom_pins_are_refused() -> None:
    _, errors = load_hardware_config(section(buttons={"seats": [0, 17]}))
    assert errors == ["hardware.buttons.seats[0] = 0: GPIO0 is reserved for the HAT ID EEPROM"]


def test_an_unknown_protocol() -> None:
    config, errors = load_hardware_config(section(reader={"enabled": True, "protocol": "wiegand"}))
    assert errors == ["hardware.reader.protocol 'wiegand' is unknown (choose rdm6300 or lines)"]
    assert not config.reader.enabled
    assert config.buttons.enabled and config.display.enabled


def test_all_errors_are_collected_at_once() -> None:
    with pytest.raises(HardwareConfigError) as caught:
        HardwareConfig.from_dict(
            section(
                buttons={"seats": [17, 17, 99, "x", 4, 23], "sets": 1, "debounce_ms": True},
                display={"brightness": 9},
                reader={"pattern": "([", "baud": "fast"},
            )
        )
    text = str(caught.value)
    for fragment in (
        "unknown setting 'sets'",
        "lists 6 buttons",
        "no GPIO99",
        "seats[3] must be a GPIO number, not 'x'",
        "debounce_ms must be int or float, not True",
        "brightness = 9 is out of range 0–7",
        "pattern '([' is not a regular expression",
        "baud must be int or float, not 'fast'",
        "GPIO17 is used twice: hardware.buttons.seats[0] and hardware.buttons.seats[1]",
        "GPIO23 is used twice: hardware.buttons.seats[5] and hardware.display.clk",
    ):
        assert fragment in text, fragment
    assert len(caught.value.errors) == 10


def test_menu_can_be_absent_and_seats_fewer() -> None:
    config = HardwareConfig.from_dict(section(buttons={"seats": [17, 27], "menu": False}))
    assert config.buttons.pins() == {"seat0": 17, "seat1": 27}


def test_hold_times_must_be_ordered() -> None:
    _, errors = load_hardware_config(section(buttons={"home_hold_s": 5, "shutdown_hold_s": 4}))
    assert errors == ["hardware.buttons.shutdown_hold_s must be longer than home_hold_s"]


def test_a_section_that_is_not_a_table_means_the_safe_state() -> None:
    config, errors = load_hardware_config(section(buttons=3))
    assert errors == ["hardware.buttons must be a table, not 3"]
    assert not config.buttons.enabled
    config, errors = load_hardware_config("nonsense")  # type: ignore[arg-type]
    assert config == HardwareConfig.safe() and errors


def test_load_file(tmp_path: Path) -> None:
    good = tmp_path / "box.toml"
    good.write_text('[hardware.reader]\nenabled = true\nprotocol = "lines"\n')
    config, errors = load_file(good)
    assert errors == [] and config.reader.enabled and config.reader.protocol == "lines"
    broken = tmp_path / "broken.toml"
    broken.write_text("[hardware\n")
    config, errors = load_file(broken)
    assert config == HardwareConfig.safe() and "not valid TOML" in errors[0]
    config, errors = load_file(tmp_path / "missing.toml")
    assert config == HardwareConfig.safe() and "does not exist" in errors[0]
