"""The touchscreen interface (pygame-ce): view-model → layout → render; input → intents.

Modules
-------
- :mod:`ui.model`    — ``TableModel`` (everything a screen shows) and ``model_from_view``
- :mod:`ui.intents`  — what the person wants (``PlayCard``, ``Declare``, ``NewGame``, …)
- :mod:`ui.app`      — ``UIApp``: ``set_model``, ``handle``, ``intents``, ``update``, ``draw``
- :mod:`ui.layout`   — pure table layout (tested without a display): ``places`` (button, seat
  area, the layout), ``table`` (``table_layout``), ``actions`` (the action buttons), ``bubbles``
  (the speech bubbles' places)
- :mod:`ui.table` — the table; the menu screens one to a module, on :mod:`ui.screen`'s base:
  :mod:`ui.home`, :mod:`ui.handend` (end of hand and match), :mod:`ui.stats`, :mod:`ui.settings`,
  :mod:`ui.realcards`, :mod:`ui.rules`, :mod:`ui.history`, :mod:`ui.review`, :mod:`ui.network`, …
- the table screen's parts, each drawn by a module of its own: :mod:`ui.hand_view` (my hand,
  its keys, the card under the finger), :mod:`ui.seat_plates` (the other seats, the dealer's
  mark, the talon), :mod:`ui.trick_view` (the trick, the last trick's review),
  :mod:`ui.score_box`, :mod:`ui.action_bar` (the buttons), :mod:`ui.status_row`,
  :mod:`ui.bubbles` (what the seats say), :mod:`ui.taken_tricks` (the peek at the tricks
  taken), :mod:`ui.flights` (the cards drawn, in flight)
- :mod:`ui.cards`    — card art drawn by code, both decks, cached at any size
- :mod:`ui.i18n`     — ``tr()`` over the gettext catalogue (:mod:`ui.messages`, ``ui/locale``: it/de/en/hr/nl), the Rules pages
- :mod:`ui.simpanel` — the simulator's table panel (Accuso buttons, LED display, card reader)

Its benchmark, sample models and gallery are tools (:mod:`tools.bench.ui`, :mod:`tools.demo`,
:mod:`tools.gallery`).

Wiring (the controller)
-----------------------
::

    ui = UIApp(surface, settings={"language": "it", "deck_style": "napoletane"})
    ui.preset_home("tressette2", {"target": 21})            # optional
    ui.set_model(TableModel(resumable=True, stats=stats))     # boot: home screen
    # each loop turn:
    for e in pygame.event.get(): ui.handle(e)
    for intent in ui.intents(): ...                           # -> engine action / menu step
    ui.set_model(model_from_view(view, seats=..., totals=...))  # after every change
    ui.update(dt); ui.draw(); pygame.display.flip()

``ui.busy`` is True while draws fly / a finished trick is still shown (the
controller may hold the computer's next card until then; optional).

The UI imports ``firmware.engine`` only (cards, views, variants, results), never
the table controller, the store, the players or the HAL.
"""

import os as _os

# pygame prints a banner on import; the box's journal and the tests don't want it.
_os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
