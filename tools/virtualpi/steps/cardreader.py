"""The card reader's steps: a deck enrolled by RDM6300 frames, another by barcode lines.

Each step is a function of the run (``self``: these were methods of TestRun, moved with their
bodies as they were; a call of a sibling step became a call of its function)."""

from __future__ import annotations

import json
import time

from tools.virtualpi.guest import (
    DECK_CARDS,
    SETTINGS_FILE,
    STATE_DIR,
    enrol_tags,
)
from tools.virtualpi.inputs import barcode_line, rdm6300_frame
from tools.virtualpi.testrun import StepFailed, TestRun


def reader(self: TestRun, deck: str, protocol: str, first_shot: int) -> None:
    """Settings -> Real cards -> enrol ``deck``, every card a tag through the serial port:
    RDM6300 frames or barcode lines (the settings' reader protocol); the box saves the
    deck's tags when the last card is read, and they must be the ones sent."""
    n = DECK_CARDS[deck]
    self.wait("the home screen", lambda: self.screen().get("screen") == "home", 120)
    self.tap_button("nav:settings", then="settings")
    self.tap_button("real_cards", then="real_cards")
    self.shot(f"{first_shot:02d}-real-cards")
    self.tap_button(f"enrol:{deck}")
    self.wait_health("the box enrolling (phase enrol)", 60, phase="enrol")
    plug = self.plug
    assert plug is not None

    self.wait("the program holding /dev/ttyUSB0 open", self.reader_open, 120, every=2.0)
    tags = enrol_tags(n) if protocol == "rdm6300" else [f"CARD-{deck.upper()}-{i:02d}" for i in range(n)]
    self.say(f"      /dev/ttyUSB0 opened by the program; sending {n} {protocol} tags, "
             f"e.g. {(rdm6300_frame(tags[0]) if protocol == 'rdm6300' else barcode_line(tags[0]))!r}")
    for i, tag in enumerate(tags):
        plug.send(rdm6300_frame(tag) if protocol == "rdm6300" else barcode_line(tag))
        time.sleep(0.7)
        if i == 2:
            time.sleep(2)
            self.shot(f"{first_shot + 1:02d}-enrol-{deck}-3-scanned")
    mapping_file = f"{STATE_DIR}/cards-{deck}.json"

    def saved() -> dict[str, str] | None:
        text = self.files.read(mapping_file)[mapping_file] or ""
        data: dict[str, str] = json.loads(text) if text.strip() else {}
        return data if len(data) == n else None

    mapping = self.wait(f"{mapping_file} with {n} tags", saved, 120)
    assert isinstance(mapping, dict)
    if sorted(mapping) != sorted(tags):
        raise StepFailed(f"the saved tags are not the ones sent: {sorted(mapping)[:3]}...")
    self.say(f"      {mapping_file}: {n} tags, the ones sent ({tags[0]} = {mapping[tags[0]]}, "
             f"{tags[-1]} = {mapping[tags[-1]]})")
    time.sleep(2)
    self.shot(f"{first_shot + 2:02d}-enrolled-{deck}")
    self.tap_button("back", then="settings")
    self.tap_button("back", then="home")


def barcode_deck(self: TestRun) -> None:
    reader_protocol(self, "lines")
    reader(self, "bavarian", "lines", 5)


def reader_protocol(self: TestRun, protocol: str) -> None:
    """The settings' reader protocol changed (a barcode scanner in place of the RDM6300)."""
    self.ssh(f"sudo sed -i 's/^protocol = \"[a-z0-9]*\"/protocol = \"{protocol}\"/' {SETTINGS_FILE} && "
             f"sudo grep -q '^protocol = \"{protocol}\"' {SETTINGS_FILE} && sudo systemctl restart tressette",
             timeout=300)
    self.wait_health(f"healthy with the reader on {protocol}", 300, phase="home", screen="ok")
