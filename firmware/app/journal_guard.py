"""A journal that cannot be written is a visible, recoverable state.

The journal is written *before* anything is applied (docs/box.md). When a
write fails for a reason of the machine (disk full, I/O error, a read-only
database or file system: :class:`~firmware.store.JournalFailure`), the table
controller:

* refuses the action: nothing is applied that is not on disk;
* shows the error on the touchscreen (an error message that stays) and
  ``Err1`` on the LED display;
* keeps the match paused: no computer is asked, every tap and card is
  refused with the same message (no write is tried meanwhile);
* retries by itself: :meth:`JournalGuard.retry_journal`, called by the main
  loop every iteration, probes the journal with a real write
  (:meth:`~firmware.store.Journal.probe`) every ``retry_s`` seconds, backing
  off to ``retry_max_s``;
* resumes when the probe succeeds: the computers are asked again, a hand or
  a match that was waiting to be dealt or closed is;
* reports it: :meth:`journal_state` is part of the health file
  (``"journal": "ok"`` or ``"journal": "failing: <reason>"``) and of
  systemd's STATUS line.

The main loop stays alive throughout (it is retrying, not stuck), so the
watchdog is fed honestly.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable

from firmware.app.core import Outcome, TableCore
from firmware.app.messages import Message, msg
from firmware.engine import RecordEntry
from firmware.engine.records import entry_to_json
from firmware.store import JournalFailure, StoreError

log = logging.getLogger("firmware.app.journal_guard")

JOURNAL_ERROR_CODE = "Err1"
"""What the LED display shows while the journal cannot be written."""


def failure_message(reason: str) -> Message:
    """What the screen says: the usual causes in its own words, else SQLite's."""
    low = reason.lower()
    if "full" in low or "no space" in low:
        why: Message | str = msg("j_full")
    elif "readonly" in low or "read-only" in low:
        why = msg("j_readonly")
    elif "i/o" in low or "input/output" in low:
        why = msg("j_io")
    else:
        why = reason
    return msg("m_journal_failed", why=why)


class JournalGuard(TableCore):
    """A part of the table controller: the journal-failure state and its retry.

    What the failure left waiting is redone by :meth:`_journal_resumed`
    (firmware.app.lifecycle's).
    """

    journal_failures = 0
    journal_clock: Callable[[], float] = staticmethod(time.monotonic)
    retry_s = 1.0
    retry_max_s = 10.0
    _retry_at = 0.0
    _retry_delay = 1.0

    def journal_failed(self, exc: JournalFailure) -> Outcome:
        """Enter (or stay in) the failing state; the refusal of what was tried."""
        first = self.journal_error is None
        self.journal_error = exc.reason
        self.journal_failures += 1
        if first:
            log.error("journal %s cannot be written: %s; the match is paused, retried until it can be",
                      getattr(self.journal, "path", "?"), exc.reason)
            self._retry_delay = self.retry_s
            self._retry_at = self.journal_clock() + self._retry_delay
        self.blink_seq += 1
        self.say(failure_message(exc.reason), "error")
        self.version += 1
        return Outcome(False, f"journal write failed: {exc.reason}")

    def write_entry(self, entry: RecordEntry) -> Outcome | None:
        """Journal ``entry`` of the hand being played, before it is applied: None once
        it is on disk, else the refusal (nothing is applied that is not on disk)."""
        assert self.match is not None and self.match_id is not None
        if self.journal_error is not None:
            return self.journal_refusal()
        hand = len(self.match.hands) - 1
        idx = len(self.match.hands[-1].actions)
        try:
            self.journal.add_action(self.match_id, hand, idx, entry_to_json(self.match.variant.deck, entry))
        except JournalFailure as exc:
            return self.journal_failed(exc)
        except StoreError as exc:
            log.error("journal refused %s: %s", entry, exc)
            return self.refuse(msg("r_not_recorded", why=str(exc)))
        return None

    def journal_refusal(self) -> Outcome:
        """While failing: refuse without trying to write, and say why again."""
        self.blink_seq += 1
        self.say(failure_message(self.journal_error or ""), "error")
        return Outcome(False, f"journal not writable: {self.journal_error}")

    def retry_journal(self, now: float | None = None) -> bool:
        """Probe the journal when due; True when it was failing and works again."""
        if self.journal_error is None:
            return False
        now = self.journal_clock() if now is None else now
        if now < self._retry_at:
            return False
        try:
            self.journal.probe()
        except JournalFailure as exc:
            if exc.reason != self.journal_error:
                self.journal_error = exc.reason
                self.say(failure_message(exc.reason), "error")
            self._retry_delay = min(self._retry_delay * 2, self.retry_max_s)
            self._retry_at = now + self._retry_delay
            return False
        log.warning("journal writable again after %d failed writes", self.journal_failures)
        self.journal_error = None
        self.generation += 1  # the computers are asked again
        self.say(msg("m_journal_back"), "info")
        self.version += 1
        try:
            self._journal_resumed()
        except JournalFailure as exc:
            self.journal_failed(exc)
        return self.journal_error is None

    def journal_state(self) -> str:
        """For the health file: ``ok`` or ``failing: <reason>``."""
        return "ok" if self.journal_error is None else f"failing: {self.journal_error}"

    def _journal_resumed(self) -> None:
        raise NotImplementedError  # firmware.app.lifecycle
