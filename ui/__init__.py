"""The touchscreen interface (pygame-ce): view-model → layout → render; input → intents.

- :mod:`ui.model`   — ``TableModel`` (what to show) and ``model_from_view``
- :mod:`ui.intents` — what the person wants (``PlayCard``, ``NewGame``, …)
- :mod:`ui.app`     — ``UIApp``: ``set_model``, ``handle``, ``intents``, ``update``, ``draw``
- :mod:`ui.simpanel` — the simulator's table panel (buttons, LED display, card reader)

The UI imports ``firmware.engine`` only (cards, views, variants, results), never
the table controller, the store, the players or the HAL.
"""

import os as _os

# pygame prints a banner on import; the box's journal and the tests don't want it.
_os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
