"""The phone seats as the touchscreen shows them (the join screen, the shared table's
*Phones* button): the server's last status, cut to what the screen may show.

A short code is shown only for a seat nobody holds while a match is on the table
(the controller's ``join_open``), which is also the only time the server takes it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ui.phonemodel import PhoneSeatModel, PhonesModel

if TYPE_CHECKING:
    from firmware.app.phoneseats import PhoneSeats


def phones_model(phones: PhoneSeats) -> PhonesModel | None:
    """None for a game without phone seats."""
    seats = phones.phone_seats()
    if not seats:
        return None
    status = phones.status
    open_now = phones.join_open()
    out = []
    for seat in seats:
        state = phones.seat_state(seat)
        held = state is not None and state.held
        code = state.code if state is not None and seat in open_now and not held else None
        out.append(PhoneSeatModel(seat, held=held, connected=state is not None and state.connected, code=code))
    return PhonesModel(tuple(out), url=status.url, error=status.error)


__all__ = ["phones_model"]
