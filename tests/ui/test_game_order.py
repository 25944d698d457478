"""Issue 39: a Croatian player finds the coast's games first on the home screen, named as the
tables there say them; every other language keeps the engine's order."""

from __future__ import annotations

from firmware.engine.variants import PRESETS
from tests.ui.conftest import MakeUI
from ui.home import HomeScreen, game_order
from ui.i18n import LANGUAGES, variant_label
from ui.navigation import ScreenName


def test_croatian_offers_trešeta_and_briškula_first_and_every_game_once() -> None:
    order = game_order("hr")
    assert order[:4] == ["treseta_hr", "tressette2", "briskula2", "briskula4"]
    assert sorted(order) == sorted(PRESETS)
    assert [variant_label(v, "hr") for v in order[:3]] == [
        "Trešeta s akužama do 41", "Trešeta u dvoje", variant_label("briskula2", "hr")]
    assert "Briškula" in variant_label("briskula2", "hr")
    for lang in LANGUAGES:
        if lang != "hr":
            assert game_order(lang) == list(PRESETS), lang


def test_the_home_screen_opens_on_the_croatian_tables_game(make_ui: MakeUI) -> None:
    ui = make_ui((480, 320), language="hr")
    home = ui.screens[ScreenName.HOME]
    assert isinstance(home, HomeScreen)
    assert home.variants[home.vi] == "treseta_hr"
    assert home.preset.name == "treseta_hr"
