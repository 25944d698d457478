"""The phone seats as the touchscreen shows them: plain data, no pygame.

The app fills :class:`PhonesModel` from its phone server's status (who holds
which seat, the short codes, the address) and puts it in
:attr:`ui.model.TableModel.phones`; the join screen (:mod:`ui.joinscreen`)
and the shared table read it. A short code is on the screen only while its
seat waits for a phone, which is also the only time it works.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class PhoneSeatModel:
    """One phone seat: held by a phone (it joined), that phone here now, the code
    that claims it while nobody holds it (None once held)."""

    seat: int
    held: bool = False
    connected: bool = False
    code: str | None = None

    @property
    def waiting(self) -> bool:
        """The match waits for this seat: nobody holds it, or its phone is away."""
        return not (self.held and self.connected)


@dataclass(frozen=True, slots=True)
class PhonesModel:
    """Every phone seat of the game, the address phones open, and why the server is
    not running when it is not (the port taken, no network)."""

    seats: tuple[PhoneSeatModel, ...] = ()
    url: str = ""  # "http://tressette.local:8337"
    error: str = ""

    def join_url(self, seat: PhoneSeatModel) -> str:
        """What the QR code holds: the page with the code in the fragment (never sent
        in a request, never in a log)."""
        return f"{self.url.rstrip('/')}/#join={seat.code}" if seat.code else self.url

    @property
    def open(self) -> tuple[PhoneSeatModel, ...]:
        """The seats a phone can join now (a code on the screen)."""
        return tuple(s for s in self.seats if not s.held and s.code)

    @property
    def waiting(self) -> tuple[PhoneSeatModel, ...]:
        return tuple(s for s in self.seats if s.waiting)


def spaced_code(code: str) -> str:
    """``"123456"`` → ``"123 456"``: read aloud and typed in two halves."""
    return f"{code[:3]} {code[3:]}" if len(code) == 6 else code


__all__ = ["PhoneSeatModel", "PhonesModel", "spaced_code"]
