"""The main loop's side of the phone seats: start the server when needed, publish each change.

:meth:`PhoneLink.refresh` runs on the main loop after the events of an
iteration: when the table changed (the controller's ``version``) it builds one
:class:`~firmware.app.phones.seatview.TableFeed` (the engine's view of each phone
seat, the public facts) and hands it to the server thread, which never blocks
it. The server is started only for a game with a phone seat, or when the
settings say so (``[phones] enabled``).

What the server needs before it starts (its modules, aiohttp's among them; the
cards drawn as PNG) is made by ``prepare``, a generator the link advances one
step per iteration: the loop, which feeds the watchdog, is never held for all
of it at once (on a slow board, or the emulated Pi, the whole is a minute). A
step that yields True says the server may start now (the game's own deck is
drawn); the steps after it go on one per iteration, the server running.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Protocol

from firmware.app.phones.seatview import TableFeed, table_info

if TYPE_CHECKING:
    from firmware.app.controller import TableController

log = logging.getLogger("firmware.app.phones")


class Server(Protocol):
    @property
    def error(self) -> str: ...

    def start(self, timeout: float = 10.0) -> bool: ...

    def publish(self, feed: TableFeed) -> None: ...

    def free(self, seat: int) -> None: ...

    def stop(self, timeout: float = 5.0) -> None: ...


def build_feed(ctl: TableController) -> TableFeed:
    """The table for the phones now: built from ``view_for`` of each phone seat only."""
    phones = ctl.phones.phone_seats()
    match = ctl.match
    views = {}
    info: dict[str, object] = {}
    if match is not None and match.state is not None:
        views = {s: match.view_for(s) for s in phones}
        info = table_info(match.variant)
    return TableFeed(
        version=ctl.version,
        phone_seats=frozenset(phones) if ctl.match_id is not None else None,
        join_open=ctl.phones.join_open(),
        views=views,
        facts=ctl.phones.facts(),
        info=info,
        codes_drawn=ctl.phones.codes_drawn,
    )


class PhoneLink:
    """Owns the server's life; the loop calls :meth:`refresh` every iteration."""

    def __init__(self, make_server: Callable[[], Server], *, always: bool = False,
                 prepare: Callable[[], Iterator[bool | None]] | None = None) -> None:
        self.make_server = make_server
        self.prepare = prepare  # steps before make_server (until one yields True), one per refresh
        self.always = always
        self.server: Server | None = None
        self._steps: Iterator[bool | None] | None = None
        self.ready = prepare is None  # the server may start (prepare said so, or ended)
        self.prepared = prepare is None
        self.failed = False
        self._published = -1

    def wanted(self, ctl: TableController) -> bool:
        return self.always or bool(ctl.phones.phone_seats())

    def refresh(self, ctl: TableController) -> None:
        if self.server is None:
            if self.failed or not self.wanted(ctl):
                return
            if not self._prepare_step():
                return  # the next iteration goes on: the loop (and the watchdog) are not held
            self.server = self.make_server()
            if not self.server.start():
                log.error("phone server not started: %s", self.server.error)
                self.failed = True  # the touchscreen says why (PhoneStatus.error)
        elif not self.prepared:
            self._prepare_step()  # what the game on the table does not need, a step at a time
        for seat in ctl.phones.take_frees():
            self.server.free(seat)
        if ctl.version != self._published:
            self._published = ctl.version
            self.server.publish(build_feed(ctl))

    def _prepare_step(self) -> bool:
        """One step of ``prepare``; True once the server may start: the step said so, or
        the steps are done (a step that fails: done, and the server's making says what is
        missing)."""
        if self.prepared:
            return True
        if self._steps is None:
            assert self.prepare is not None
            self._steps = self.prepare()
        try:
            if next(self._steps):
                self.ready = True
        except StopIteration:
            self.prepared = self.ready = True
        except Exception:
            log.exception("phone seats: preparing the server failed")
            self.prepared = self.ready = True
        return self.ready

    def close(self) -> None:
        if self.server is not None:
            self.server.stop()
