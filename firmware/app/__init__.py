"""The table application: one event queue, the controller, seats, journal glue.

- :mod:`firmware.app.events`     — the queue's own event types (PlayerMoved, Tick, …)
- :mod:`firmware.app.controller` — events → engine actions or refusals; no threads, no pygame
- :mod:`firmware.app.seats`      — what each seat does, turned into engine actions
- :mod:`firmware.app.computers`  — computer players on a worker thread
- :mod:`firmware.app.cards_map`  — tag → card maps of the decks (enrolment)
- :mod:`firmware.app.dealing`    — real cards: the scans a table deal needs before the first card
- :mod:`firmware.app.notify`     — sd_notify (READY, WATCHDOG) and the health file
- :mod:`firmware.app.loop`       — the main loop shared by the device and the simulator
- :mod:`firmware.app.sim`, :mod:`firmware.app.device` — ``tressette sim`` / ``tressette run``
"""
