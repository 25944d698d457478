"""Layout checks on what is really drawn: every screen and every game's table at its
busiest, at every supported size and language. No two text boxes overlap, none leaves
its panel or the screen, none is cut short or smaller than the screen's minimum
(12 px at 800x480, 11 px at 480x320: ui.fonts.min_text_px; issue 24.5), no button label under
14 / 12 px (ui.textcheck.min_button_px), and no text covers a card of the trick."""

from __future__ import annotations

import pytest

from tests.ui.conftest import MakeUI
from tools import coach_samples
from tools.gallery import scenes
from ui.fonts import min_text_px
from ui.i18n import LANGUAGES
from ui.navigation import ScreenName
from ui.rules import RulesScreen
from ui.textcheck import RecordingSurface, min_button_px, problems, small_buttons

SIZES = [(800, 480), (480, 320), (1280, 800)]
SCENES = scenes(coach_samples.scenes())  # the gallery's scenes, the coach's real ones included


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("scene", list(SCENES))
def test_text_is_readable_and_clear(scene: str, size: tuple[int, int], lang: str, make_ui: MakeUI) -> None:
    ui = make_ui(size, language=lang)
    SCENES[scene](ui)
    rec = RecordingSurface(size, ui.ctx.fonts.meta)
    ui.draw(rec)
    trick = []
    if ui.screen == "table" and ui.table.layout is not None:
        trick = [ui.table.layout.trick_slots[pc.seat] for pc in ui.table._trick_shown()]
    found = problems(rec, min_px=min_text_px(size[1]), trick=trick)
    found += small_buttons(rec, min_px=min_button_px(size[1]))
    assert not found, "\n".join(found)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_no_button_label_shrinks_below_the_button_minimum(size: tuple[int, int], lang: str, make_ui: MakeUI) -> None:
    """Every table shape and feature of the showcase (declare, call, claim, signals,
    zu tun, discard, onori): a label on a button stays at min_button_px or larger."""
    from tools import demo

    for name, model in demo.showcase().items():
        ui = make_ui(size, model, language=lang)
        ui.update(5.0)
        rec = RecordingSurface(size, ui.ctx.fonts.meta)
        ui.draw(rec)
        found = small_buttons(rec, min_px=min_button_px(size[1]))
        assert not found, (name, found)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_seat_speaking_at_once_covers_no_card(size: tuple[int, int], make_ui: MakeUI) -> None:
    """Four seats each with a long declaration: bubbles beside the seats, none on the trick."""
    from firmware.engine.variants import PRESETS
    from tools import demo

    for variant in PRESETS:
        ui = make_ui(size, demo.busiest(variant), language="de")
        ui.update(5.0)
        for seat in range(ui.model.n_seats):
            ui.table._banner("Meldung: Napoli in Schellen = 3", "declaration", seat)
        rec = RecordingSurface(size, ui.ctx.fonts.meta)
        ui.draw(rec)
        lay = ui.table.layout
        assert lay is not None
        trick = [lay.trick_slots[pc.seat] for pc in ui.table._trick_shown()]
        found = problems(rec, min_px=min_text_px(size[1]), trick=trick, allow_cut=True)
        assert not found, (variant, found)
        for seat, r in lay.bubbles.items():
            for card in lay.trick_slots.values():
                assert not r.colliderect(card), (variant, seat)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_rules_page_fits(size: tuple[int, int], lang: str, make_ui: MakeUI) -> None:
    ui = make_ui(size, language=lang)
    ui.show("rules")
    rules = ui.screens[ScreenName.RULES]
    assert isinstance(rules, RulesScreen)
    for page in range(len(rules.pages())):
        rules.page = page
        rec = RecordingSurface(size, ui.ctx.fonts.meta)
        ui.draw(rec)
        found = problems(rec, min_px=min_text_px(size[1]))
        assert not found, (page, found)
        box_bottom = size[1] - ui.ctx.fonts.min_size
        assert all(t.rect.bottom <= box_bottom + 40 for t in rec.texts)


def _presets() -> list[str]:
    from firmware.engine.variants import PRESETS

    return list(PRESETS)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("size", [(800, 480), (480, 320)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("variant", _presets())
def test_the_count_of_every_game_is_readable(variant: str, size: tuple[int, int], lang: str, make_ui: MakeUI) -> None:
    from tools import demo

    ui = make_ui(size, demo.sample_model(variant, 1, 400), language=lang)
    ui.update(5.0)
    ui.show("hand_end")
    rec = RecordingSurface(size, ui.ctx.fonts.meta)
    ui.draw(rec)
    found = problems(rec, min_px=min_text_px(size[1]))
    assert not found, "\n".join(found)


@pytest.mark.parametrize("lang", ["it", "de"])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_showcase_table_is_readable(size: tuple[int, int], lang: str, make_ui: MakeUI) -> None:
    """The other table shapes (chiamata's call buttons, terziglio's discard, the claim,
    signals to choose, 12 cards in two rows) keep the same promises."""
    from tools import demo

    for name, model in demo.showcase().items():
        ui = make_ui(size, model, language=lang)
        ui.update(5.0)
        rec = RecordingSurface(size, ui.ctx.fonts.meta)
        ui.draw(rec)
        assert ui.table.layout is not None
        trick = [ui.table.layout.trick_slots[pc.seat] for pc in ui.table._trick_shown()]
        found = problems(rec, min_px=min_text_px(size[1]), trick=trick)
        assert not found, (name, found)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_home_screen_s_message_covers_no_option(size: tuple[int, int], lang: str, make_ui: MakeUI) -> None:
    """Tried as a player: "Ripresa la partita 3" lay over *Allenamento*, and a tap through
    it toggled practice unseen. With every game's options shown, the message lies in free
    room: no text over another, no button under it."""
    from firmware.engine.variants import PRESETS
    from ui.i18n import msg
    from ui.model import TableModel

    quiet = TableModel(resumable=True)
    loud = TableModel(resumable=True, message=msg("m_resumed", match=3, hand=2))
    ui = make_ui(size, quiet, language=lang)
    for variant in PRESETS:
        ui.home.select_variant(variant)
        frames = []
        for model in (quiet, loud):
            ui.set_model(model)
            rec = RecordingSurface(size, ui.ctx.fonts.meta)
            ui.draw(rec)
            frames.append(rec)
        found = problems(frames[1], min_px=min_text_px(size[1]), allow_cut=True)
        assert not found, (variant, found)
        before = {(t.text, tuple(t.rect)) for t in frames[0].texts}
        shown = [t for t in frames[1].texts if (t.text, tuple(t.rect)) not in before]
        assert shown, (variant, "the message is not on the screen")
        for b in ui.home.buttons(size):
            for t in shown:
                assert not t.rect.colliderect(b.rect), (variant, b.name)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_no_option_of_the_home_screen_is_cut_or_squeezed(
    size: tuple[int, int], lang: str, make_ui: MakeUI
) -> None:
    """Tried as a player at 480x320: "Wer signalisiert: wer ausspielt" was squeezed far below
    every other option, and "Quando si accusa" was cut ("Quando si accu…"). Every game's
    options read whole, none more than a quarter smaller than the largest of them."""
    from firmware.engine.variants import PRESETS
    from ui.model import TableModel

    ui = make_ui(size, TableModel(resumable=True), language=lang)
    for variant in PRESETS:
        ui.home.select_variant(variant)
        rec = RecordingSurface(size, ui.ctx.fonts.meta)
        ui.draw(rec)
        labels = {
            b.name: [t for t in rec.texts if b.rect.contains(t.rect)]
            for b in ui.home.buttons(size)
            if b.name.startswith("option:") or b.name in ("casual", "scoresheet")
        }
        assert not [(name, t.text) for name, ts in labels.items() for t in ts if t.cut], variant
        sizes = {name: min(t.size for t in ts) for name, ts in labels.items()}
        largest = max(sizes.values())
        assert all(s >= 0.75 * largest for s in sizes.values()), (variant, sizes)
