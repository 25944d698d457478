"""What the phone server puts in the one queue (docs/phones.md, "The data path")."""

from __future__ import annotations

from dataclasses import dataclass

from ui.intents import Intent


@dataclass(frozen=True, slots=True)
class PhoneIntent:
    """A tap on the phone holding ``seat``, as the touchscreen's intent.

    ``v`` is the table version the tap was made on (a tap on an older state is
    refused: the wire's double-tap guard); ``ref`` numbers the phone's taps so
    its refusal finds its way back to it.
    """

    seat: int
    intent: Intent
    v: int
    ref: int = 0


@dataclass(frozen=True, slots=True)
class PhoneSeatState:
    """One phone seat as the server sees it: held by a phone (a secret given), that
    phone connected now, and the short code (typed) and join token (the QR code's) that
    claim it while nobody holds it."""

    seat: int
    held: bool
    connected: bool
    code: str | None = None
    token: str | None = None
    name: str | None = None  # who plays there, as the phone said (checked by the protocol)


@dataclass(frozen=True, slots=True)
class PhoneStatus:
    """The phone seats' state, whole, each time it changes; ``error`` when the
    server could not start (the port taken): the touchscreen says so."""

    seats: tuple[PhoneSeatState, ...] = ()
    url: str = ""  # the address the QR code carries
    error: str = ""
    also: tuple[str, ...] = ()  # other addresses of the box the join screen shows (its mDNS name)
