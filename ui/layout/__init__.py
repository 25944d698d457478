"""Pure layout: where everything of the table goes, from the model and the screen size.

No drawing and no display here (``pygame.Rect`` is plain arithmetic), so the
tests check every resolution and table shape without a screen: nothing
outside the screen, nothing tappable smaller than ``theme.min_touch``, no
two tappable things overlapping.

The screen is a 3×3 grid: a top band (the seat across, or the score), the
hand at the bottom, and between them the trick in the middle flanked by two
columns (talon and score / side seats, actions)::

    +---------+---------------------+---------+
    | score   |   seat across       |  menu   |
    +---------+---------------------+---------+
    | talon / |                     | actions |
    | left    |       trick         | / right |
    | seat    |                     | seat    |
    +---------+---------------------+---------+
    |              the hand                   |
    +-----------------------------------------+

The parts:

- :mod:`ui.layout.places`  — what it hands out: ``ButtonSpec``, ``SeatArea``, ``TableLayout``,
  a seat's position on the screen
- :mod:`ui.layout.table`   — ``table_layout``: the grid, the seats, the hand, the talon, the trick
- :mod:`ui.layout.actions` — the action buttons: which there are and where they go
- :mod:`ui.layout.bubbles` — where the seats' speech bubbles go, and their tails
"""

from ui.layout.actions import action_slots, my_declarations
from ui.layout.bubbles import bubble_tail, reach, speaker_areas
from ui.layout.places import POSITIONS, ButtonSpec, SeatArea, TableLayout, position_of, shared_table
from ui.layout.table import seeded_place, table_layout

__all__ = [
    "POSITIONS",
    "ButtonSpec",
    "SeatArea",
    "TableLayout",
    "action_slots",
    "bubble_tail",
    "my_declarations",
    "position_of",
    "reach",
    "seeded_place",
    "shared_table",
    "speaker_areas",
    "table_layout",
]
