"""What a command tells the person: a usage error (one line, exit 2) and its log lines."""

from __future__ import annotations


class UsageError(Exception):
    """A wrong command line or a machine in the wrong state: one line, exit 2."""


def log(msg: str) -> None:
    print(f"virtual-pi: {msg}", flush=True)
