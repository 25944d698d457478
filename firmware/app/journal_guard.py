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
* retries by itself: :meth:`JournalGuard.retry` (the controller's
  ``retry_journal``), called by the main loop every iteration, probes the journal with a real write
  (:meth:`~firmware.store.Journal.probe`) every ``retry_s`` seconds, backing
  off to ``retry_max_s``;
* resumes when the probe succeeds: the computers are asked again, a hand or
  a match that was waiting to be dealt or closed is;
* reports it: :meth:`JournalGuard.state` (the controller's ``journal_state``) is part of the health file
  (``"journal": "ok"`` or ``"journal": "failing: <reason>"``) and of
  systemd's STATUS line.

The main loop stays alive throughout (it is retrying, not stuck), so the
watchdog is fed honestly.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable

from firmware.app.core import Outcome, Table
from firmware.app.messages import Message, msg
from firmware.engine import RecordEntry
from firmware.engine.records import entry_to_json
from firmware.engine.scoresheet import Amend, Tally
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


class JournalGuard:
    """A part of the table controller: the journal-failure state and its retry.

    What the failure left waiting is redone by the match's lifecycle once
    :meth:`retry` says the journal works again (the controller joins the two).
    """

    retry_s = 1.0
    retry_max_s = 10.0

    def __init__(self, table: Table, clock: Callable[[], float] = time.monotonic) -> None:
        self.table = table
        self.clock = clock
        self.error: str | None = None  # why the journal cannot be written, while it cannot
        self.failures = 0
        self._retry_at = 0.0
        self._retry_delay = 1.0
        report = table.journal.report
        if report.moved_aside is not None:
            table.say(msg("m_journal_moved", why=report.reason, file=report.moved_aside.name), "error")

    def failed(self, exc: JournalFailure) -> Outcome:
        """Enter (or stay in) the failing state; the refusal of what was tried."""
        t = self.table
        first = self.error is None
        self.error = exc.reason
        self.failures += 1
        if first:
            log.error("journal %s cannot be written: %s; the match is paused, retried until it can be",
                      t.journal.path, exc.reason)
            self._retry_delay = self.retry_s
            self._retry_at = self.clock() + self._retry_delay
        t.blink_seq += 1
        t.say(failure_message(exc.reason), "error")
        t.version += 1
        return Outcome(False, f"journal write failed: {exc.reason}")

    def write_entry(self, entry: RecordEntry | Tally | Amend, *, reopen: bool = False) -> Outcome | None:
        """Journal ``entry`` of the hand being played, before it is applied: None once
        it is on disk, else the refusal (nothing is applied that is not on disk).
        ``reopen``: a score sheet's correction that un-ends the match (one transaction)."""
        t = self.table
        assert t.match is not None and t.match_id is not None
        if self.error is not None:
            return self.refusal()
        hand = len(t.match.hands) - 1
        idx = len(t.match.hands[-1].actions)
        try:
            obj = entry_to_json(t.match.variant.deck, entry)
            if reopen:  # a correction that un-ends the match: one transaction with it
                t.journal.add_action(t.match_id, hand, idx, obj, reopen=True)
            else:
                t.journal.add_action(t.match_id, hand, idx, obj)
        except JournalFailure as exc:
            return self.failed(exc)
        except StoreError as exc:
            log.error("journal refused %s: %s", entry, exc)
            return t.refuse(msg("r_not_recorded", why=str(exc)))
        return None

    def refusal(self) -> Outcome:
        """While failing: refuse without trying to write, and say why again."""
        self.table.blink_seq += 1
        self.table.say(failure_message(self.error or ""), "error")
        return Outcome(False, f"journal not writable: {self.error}")

    def retry(self, now: float | None = None) -> bool:
        """Probe the journal when due; True when it was failing and works again (the
        caller then redoes what the failure left waiting)."""
        if self.error is None:
            return False
        t = self.table
        now = self.clock() if now is None else now
        if now < self._retry_at:
            return False
        try:
            t.journal.probe()
        except JournalFailure as exc:
            if exc.reason != self.error:
                self.error = exc.reason
                t.say(failure_message(exc.reason), "error")
            self._retry_delay = min(self._retry_delay * 2, self.retry_max_s)
            self._retry_at = now + self._retry_delay
            return False
        log.warning("journal writable again after %d failed writes", self.failures)
        self.error = None
        t.generation += 1  # the computers are asked again
        t.say(msg("m_journal_back"), "info")
        t.version += 1
        return True

    def state(self) -> str:
        """For the health file: ``ok`` or ``failing: <reason>``."""
        return "ok" if self.error is None else f"failing: {self.error}"
