"""Theme as data: colours and proportions, no code paths depend on a theme's values.

A theme is a frozen dataclass so a test or a brighter "daylight" theme is a
``dataclasses.replace(DEFAULT, felt=(…))`` away.
"""

from __future__ import annotations

from dataclasses import dataclass

RGB = tuple[int, int, int]


@dataclass(frozen=True, slots=True)
class Theme:
    felt: RGB = (22, 94, 58)
    felt_dark: RGB = (14, 66, 40)
    felt_light: RGB = (34, 116, 74)
    text: RGB = (244, 240, 226)
    text_dim: RGB = (180, 200, 184)
    accent: RGB = (250, 204, 72)  # whose turn, selection
    panel: RGB = (10, 44, 28)
    panel_edge: RGB = (70, 140, 100)
    button: RGB = (40, 70, 120)
    button_text: RGB = (250, 250, 250)
    button_edge: RGB = (120, 160, 220)
    button_off: RGB = (60, 70, 80)
    danger: RGB = (180, 50, 40)
    good: RGB = (60, 160, 80)
    banner: RGB = (250, 236, 190)
    banner_text: RGB = (40, 30, 10)
    dim_alpha: int = 90  # how much a card that may not be played is darkened (0-255)
    card_ratio: float = 1.62  # height / width (Italian cards ~ 1.6)
    min_touch: int = 40  # px: nothing tappable is smaller than this
    font_file: str = "DejaVuSans.ttf"
    font_bold_file: str = "DejaVuSans-Bold.ttf"


DEFAULT = Theme()
