"""The card art for the phone page: the touchscreen's own drawing code, saved as PNG.

A phone shows the same cards as the box's screen, so the page's images are
:class:`ui.cards.CardArt` surfaces encoded as PNG, never a second set of
pictures. :class:`WebArt` renders one card (or the back) on first request and
keeps the bytes (ui/png.py): both decks and their backs at the page's size are 784 KiB,
0.35 s of CPU on the development machine with the art's start-up (:func:`deck_pictures`;
0.53 s with pygame's own PNG writer).

Names are the page's URLs: ``3d.png`` (a card by its code, case-sensitive as
the engine writes it), ``back.png``. :meth:`WebArt.png` takes a name and
returns the bytes or None: the name is looked up in the deck's own codes,
never joined to a path, so nothing a request says reaches the file system.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable
from pathlib import Path

from firmware.engine.cards import CODE, DECKS
from ui.cards import STYLES, style_for

# The page shows cards at most about 170 CSS px wide (a tablet's hand); drawn at
# 2x for a phone's dense screen. The browser scales them down.
CARD_W = 240
CARD_H = 384  # the touchscreen's 5:8 card


def _pygame_ready() -> None:
    # Card art is drawn on plain surfaces: no window, no video driver is needed
    # (and none is chosen here: the box's screen may not be opened yet).
    # start-up: pygame only when the phones' card pictures are first drawn
    import pygame

    if not pygame.font.get_init():
        pygame.font.init()


def card_names(deck: str) -> tuple[str, ...]:
    """The image names of ``deck``: one per card code, then the back."""
    d = DECKS[deck]
    return tuple(f"{CODE[c]}.png" for c in d.cards) + ("back.png",)


class WebArt:
    """PNG bytes of one deck's cards in one style, rendered once each.

    Thread-safe: the web server may ask from its own thread while the screen draws.
    """

    def __init__(self, deck: str, style: str, *, width: int = CARD_W, height: int = CARD_H) -> None:
        if deck not in DECKS:
            raise ValueError(f"unknown deck {deck!r}")
        if style not in STYLES:
            raise ValueError(f"unknown card style {style!r}")
        self.deck = deck
        self.style = style
        self.size = (width, height)
        self._codes = {CODE[c]: c for c in DECKS[deck].cards}
        self._png: dict[str, bytes] = {}
        self._lock = threading.Lock()
        self._art: object | None = None

    @classmethod
    def for_settings(cls, deck: str, deck_style: str, german_style: str) -> WebArt:
        """The style the touchscreen uses for ``deck`` (settings' deck_style / german_style)."""
        return cls(deck, style_for(deck, deck_style, german_style))

    def png(self, name: str) -> bytes | None:
        """``"3d.png"`` → its PNG bytes; None for any name that is not one of the deck's."""
        if not isinstance(name, str) or not name.endswith(".png"):
            return None
        code = name[:-4]
        if code != "back" and code not in self._codes:
            return None
        with self._lock:
            data = self._png.get(code)
            if data is None:
                data = self._render(code)
                self._png[code] = data
            return data

    def _render(self, code: str) -> bytes:
        # start-up: pygame and the card art only when a picture is first asked for
        from ui.cards import CardArt
        from ui.fonts import Fonts
        from ui.png import png_bytes

        _pygame_ready()
        if self._art is None:
            self._art = CardArt(Fonts())
        art = self._art
        assert isinstance(art, CardArt)
        w, h = self.size
        surf = art.back(w, h, self.style) if code == "back" else art.face(self._codes[code], w, h, self.style)
        return png_bytes(surf)

    def write(self, folder: Path, names: Iterable[str] | None = None) -> list[Path]:
        """Every card of the deck (or ``names``) as files in ``folder``: a static copy."""
        folder.mkdir(parents=True, exist_ok=True)
        out: list[Path] = []
        for name in names if names is not None else card_names(self.deck):
            data = self.png(name)
            if data is None:
                raise ValueError(f"no card {name!r} in the {self.deck} deck")
            path = folder / name
            path.write_bytes(data)
            out.append(path)
        return out


def deck_pictures(deck_style: str, german_style: str) -> dict[str, dict[str, bytes]]:
    """Every deck's pictures in the touchscreen's styles, ``{deck: {name: PNG}}``: what
    the phones' server serves as ``/cards/DECK/NAME``. Rendered here, at once, on the
    caller's thread (pygame is never used from the server's thread); 0.35 s of CPU for
    both decks on the development machine. The program draws them one per loop
    iteration instead (firmware/app/runtime.py), so the watchdog is fed between cards."""
    out: dict[str, dict[str, bytes]] = {}
    for deck in DECKS:
        art = WebArt.for_settings(deck, deck_style, german_style)
        out[deck] = {name: art.png(name) or b"" for name in card_names(deck)}
    return out


__all__ = ["CARD_H", "CARD_W", "WebArt", "card_names", "deck_pictures"]
