"""The box as the test sees it: its files and drop-ins, the settings the test adds, the
tags it enrols, the broken release the rollback step installs."""

from __future__ import annotations

import re

DEVICE_MAIN = re.compile(r"^def main\(.*\) -> int:\n", re.M)


def broken_device(text: str) -> str:
    """firmware/app/device.py with ``tressette run`` exiting at once (its self-test still
    passes): the release the rollback step installs. ValueError if its main is not found."""
    m = DEVICE_MAIN.search(text)
    if m is None:
        raise ValueError("no 'def main(...) -> int:' at the start of a line")
    return text[: m.end()] + "    raise SystemExit('broken on purpose by scripts/virtual-pi test')\n" + text[m.end():]


MOCK_PINS_DROPIN = "/etc/systemd/system/tressette.service.d/virtual-pi.conf"


def test_dropin() -> str:
    """The test's drop-in: mock pins, and the screen's boxes written for the test to tap."""
    return mock_pins_dropin() + f"Environment=TRESSETTE_SIM_PROBE={PROBE_FILE}\n"


def mock_pins_dropin() -> str:
    """A drop-in for the box's unit: gpiozero on mock pins, as nothing here has GPIO lines."""
    return ("# Written by scripts/virtual-pi mock-pins: the virtual Pi has no GPIO lines for the\n"
            "# table buttons and the TM1637, so gpiozero runs on its mock pins.\n"
            "[Service]\nEnvironment=GPIOZERO_PIN_FACTORY=mock\n")


# The device's screen writes where its boxes are (ui/probe.py) when this is set (the drop-in).
PROBE_FILE = "/run/tressette/probe.json"


SETTINGS_FILE = "/etc/tressette/tressette.toml"


HEALTH_FILE = "/run/tressette/health"


STATE_DIR = "/var/lib/tressette"


# The reader as the box's settings name it: the USB serial device QEMU plugs in.
READER_SETTINGS = ('\n# scripts/virtual-pi test: the card reader is QEMU\'s usb-serial on <run>/reader.sock\n'
                   '[hardware.reader]\nenabled = true\nport = "/dev/ttyUSB0"\nprotocol = "rdm6300"\n')


DECK_CARDS = {"italian": 40, "bavarian": 32}  # firmware.engine.cards.DECKS


CUT_AFTER_TRICKS = 4  # the power cut comes once this many tricks of the hand are played


# What must be the same after the power cut (ui.probe's model) besides the hand's cards.
RESUMED_FIELDS = ("in_game", "variant", "hand_no", "tricks_played", "trick", "to_move", "my_turn", "totals",
                  "playable", "declared")


def enrol_tags(n: int) -> list[str]:
    """Distinct RDM6300 tag ids for a deck of n cards (as if each card had its own tag)."""
    return [f"0F00A1{i:04X}" for i in range(n)]
