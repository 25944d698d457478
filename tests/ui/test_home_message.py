"""The home screen's message has its own place: never over a button (a newcomer saw
"Hand 2: seat 2 deals… · For the next match: …" cover *Learn to play* at 480x320)."""

from __future__ import annotations

import pytest
from pygame import Rect

from firmware.engine import PRESETS
from tests.ui.conftest import SIZES, MakeUI
from ui.home import HomeScreen

LONG = {
    "it": "Mano 2: distribuisce il posto 2 · Vale per la prossima partita: quella in corso resta com'è",
    "de": "Runde 2: Platz 2 gibt · Gilt für die nächste Partie: die laufende bleibt, wie sie ist",
    "en": "Hand 2: seat 2 deals · For the next match: the one in progress stays as it is",
}


@pytest.mark.parametrize("lang", ["it", "de", "en"])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_home_message_never_covers_a_button(make_ui: MakeUI, size: tuple[int, int], lang: str) -> None:
    ui = make_ui(size, language=lang)
    home: HomeScreen = ui.home
    W, H = size
    for preset in PRESETS:
        home.select_variant(preset)
        for said in (LONG[lang], LONG[lang] + " · " + LONG[lang], ui.ctx.t("home_next_match")):
            placed = home.message_place(size, said)
            assert placed is not None, (preset, said)  # always somewhere
            box, lines, _ = placed
            assert Rect(0, 0, W, H).contains(box), (preset, box)
            for b in home.buttons(size):
                assert not box.colliderect(b.rect), (preset, lang, b.name, box, b.rect)
