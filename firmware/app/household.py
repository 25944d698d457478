"""The household's list of people: the names the home screen offers for a seat.

A name is typed once (the on-screen keyboard, ``ui.AddPerson``) and offered again
from then on, newest first. The list is a small JSON file beside the journal
(``<state_dir>/people.json``, ``{"people": ["Anna", "Marco"]}``), written atomically
(:func:`firmware.config.atomic_write`: after a power cut the old list or the new,
never half of each), at most :data:`MAX_PEOPLE` names, each one checked by
:func:`firmware.engine.names.check_name` on the way in *and* when the file is read
(a file someone edited loses its bad names, said once in the log without them).
"""

from __future__ import annotations

import json
import logging
from pathlib import Path

from firmware.config import atomic_write
from firmware.engine.names import BadName, PersonName, check_name

log = logging.getLogger("firmware.app.household")

FILE_NAME = "people.json"
MAX_PEOPLE = 24
"""What the screen's list shows in two pages at 480x320; the oldest name goes first."""
MAX_FILE_BYTES = 64 * 1024


def read_people(path: Path) -> list[PersonName]:
    """The names in ``path`` (none when it is missing or unreadable), at most MAX_PEOPLE."""
    try:
        with path.open("rb") as f:
            data = f.read(MAX_FILE_BYTES + 1)
    except FileNotFoundError:
        return []
    except OSError as exc:
        log.warning("%s cannot be read: %s", path, exc.strerror or type(exc).__name__)
        return []
    try:
        if len(data) > MAX_FILE_BYTES:
            raise ValueError("too long")
        doc = json.loads(data.decode("utf-8"))
        raw = doc.get("people") if isinstance(doc, dict) else None
        if not isinstance(raw, list):
            raise ValueError("no list of people")
    except (ValueError, UnicodeDecodeError, RecursionError) as exc:
        log.warning("%s is not a list of people (%s): starting an empty one", path, type(exc).__name__)
        return []
    out: list[PersonName] = []
    dropped = 0
    for item in raw:
        try:
            name = check_name(item)
        except BadName:
            dropped += 1
            continue
        if name not in out:
            out.append(name)
    if dropped:
        log.warning("%s: %d entries are not names; left out", path, dropped)
    return out[:MAX_PEOPLE]


class Household:
    """The list, kept in memory and written whenever it changes."""

    def __init__(self, state_dir: Path) -> None:
        self.path = Path(state_dir) / FILE_NAME
        self.people: list[PersonName] = read_people(self.path)

    def add(self, text: object) -> PersonName:
        """``text`` checked and put first (a name already there moves up); raises BadName."""
        name = check_name(text)
        self.people = [name, *(p for p in self.people if p != name)][:MAX_PEOPLE]
        self._save()
        return name

    def forget(self, text: object) -> None:
        try:
            name = check_name(text)
        except BadName:
            return
        if name in self.people:
            self.people.remove(name)
            self._save()

    def _save(self) -> None:
        try:
            atomic_write(self.path, json.dumps({"people": self.people}, ensure_ascii=False, indent=1) + "\n")
        except (OSError, ValueError) as exc:
            # kept for this run: the list is a convenience, the match never waits for it
            log.warning("%s cannot be written: %s", self.path, getattr(exc, "strerror", None) or exc)
