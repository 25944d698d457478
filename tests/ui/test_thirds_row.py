"""The count's thirds row names what counts in the deck dealt (issue 38: German
Treschetten's 32 cards said "Drittel (3, 2, Bilder)", where the 10 and the 9 count)."""

from __future__ import annotations

import pytest

from firmware.engine.cards import DECKS
from tests.ui.conftest import MakeUI
from tools import demo


@pytest.mark.parametrize(("variant", "numbers"), [("tressette2", "3, 2"), ("treschetten2", "10, 9"),
                                                  ("treschetten4", "10, 9")])
@pytest.mark.parametrize("lang", ["it", "de", "en"])
def test_the_thirds_row_names_the_deck_s_counting_ranks(variant: str, numbers: str, lang: str,
                                                        make_ui: MakeUI) -> None:
    from ui.handend import HandEndScreen

    model = demo.finished_model(variant)
    ui = make_ui((480, 320), model, language=lang)
    screen = HandEndScreen(ui.ctx, ui.emit, ui.show)
    screen.set_model(model)
    head = next(r[0] for r in screen.rows() if r[0].split(" (")[0] in ("Terzi", "Drittel", "Thirds"))
    assert f"({numbers}, " in head, head


def test_the_deck_names_its_counting_ranks() -> None:
    assert DECKS["italian"].counting_numbers() == ("3", "2")
    assert DECKS["bavarian"].counting_numbers() == ("10", "9")
