"""Phone seats: each person's hand on their own phone, the box as the shared table.

An app-side adapter at the edge (docs/phones.md): a web server on its own thread
and asyncio loop (:mod:`.server`; its bounds :mod:`.limits`, codes and seat
claims :mod:`.joining`, a phone's socket :mod:`.connection`, the pages
:mod:`.pages`), the wire messages both ways as typed, checked
values (:mod:`.protocol`), what a seat is sent built from the engine's per-seat
view and nothing else (:mod:`.seatview`), the static page and its assets
(``web/``, served from a fixed allow-list). The server talks to the main loop
only through the one event queue (a phone's tap becomes a ``PhoneIntent``) and
the per-seat snapshots the loop publishes after each change.
"""
