"""The touchscreen interface (pygame-ce): view-model → layout → render; input → intents.

- :mod:`ui.model`   — ``TableModel`` (what to show) and ``model_from_view``
- :mod:`ui.intents` — what the person wants (``PlayCard``, ``NewGame``, …)
- :mod:`ui.app`     — ``UIApp``: ``set_model``, ``handle``, ``intents``, ``update``, ``draw``
- :mod:`ui.simpanel` — the simulator's table panel (buttons, LED display, card reader)

The UI imports ``firmware.engine`` only (cards, views, variants, results), never
the table controller, the store, the players or the HAL.
"""
