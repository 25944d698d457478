"""The screens by name, and what the app asks of every one of them (the table's too).

:class:`ScreenName` is a ``StrEnum``: a member is the word the probe, the
``ShowScreen`` intent and touch-play use (``ScreenName.REVIEW_HAND ==
"review_hand"``). :class:`ShownScreen` is the one protocol
:class:`ui.app.UIApp` drives: :class:`ui.screen.Screen` and its subclasses
and :class:`ui.table.TableScreen` implement it.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Protocol

import pygame

from ui.layout import ButtonSpec
from ui.model import TableModel


class ScreenName(StrEnum):
    HOME = "home"
    TABLE = "table"
    HAND_END = "hand_end"
    STATS = "stats"
    SETTINGS = "settings"
    REAL_CARDS = "real_cards"
    RULES = "rules"
    HISTORY = "history"
    SHEET = "sheet"
    REPLAY = "replay"
    REVIEW = "review"
    REVIEW_HAND = "review_hand"
    JOIN = "join"  # the phone seats: codes, free a seat (ui/joinscreen.py)
    NETWORK = "network"  # Settings → Network: Wi-Fi, the box's hotspot (ui/network.py)
    WIFI_PASSWORD = "wifi_password"  # a network's password on the on-screen keyboard
    PLAYERS = "players"  # Home → Who plays: a person for each people seat (ui/players.py)
    PEOPLE = "people"  # Statistics → People: each person's figures (ui/people.py)


class ShownScreen(Protocol):
    """A screen of the touchscreen: the model in, taps and keys in, a picture out."""

    def set_model(self, model: TableModel) -> None: ...

    def buttons(self, size: tuple[int, int]) -> list[ButtonSpec]: ...

    def tap(self, pos: tuple[int, int], size: tuple[int, int]) -> bool: ...

    def key(self, key: int) -> bool: ...

    def update(self, dt: float) -> None: ...

    def draw(self, s: pygame.Surface) -> None: ...
