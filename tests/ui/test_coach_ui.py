"""The coach on the touchscreen: Hint and Undo in casual matches, the hinted card, the review.

Screens are drawn at 800x480 and 480x320 in it/de/en; the layout keeps every
button on the screen and at finger size (the boundary tests cover the rest).
"""

from __future__ import annotations

from dataclasses import replace

import pygame
import pytest

from firmware.engine import PRESETS
from tests.ui.conftest import MakeUI
from tools import demo
from ui import intents as it
from ui.home import HomeScreen
from ui.i18n import LANGUAGES, msg, tr
from ui.layout import table_layout
from ui.model import RatedCard, TableModel
from ui.navigation import ScreenName
from ui.review import ReviewHandScreen, ReviewScreen
from ui.screen import Screen

SIZES = [(800, 480), (480, 320)]


def key(k: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="")


def click(pos: tuple[int, int]) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, touch=False)


def _casual(variant: str = "tressette2") -> TableModel:
    m = demo.my_turn_model(variant, 1, 4)
    return replace(m, casual=True, can_hint=True, can_undo=True)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("variant", sorted(PRESETS))
def test_hint_and_undo_buttons_fit_on_the_table(size: tuple[int, int], variant: str) -> None:
    model = _casual(variant)
    lay = table_layout(model, size)
    names = {b.name: b.rect for b in lay.buttons}
    assert "hint" in names and "undo" in names
    screen = pygame.Rect(0, 0, *size)
    for name in ("hint", "undo"):
        r = names[name]
        assert screen.contains(r)
        others = [b.rect for b in lay.buttons if b.name != name]
        assert not any(r.colliderect(o) for o in others)


def test_rated_matches_show_neither_button() -> None:
    model = demo.my_turn_model("tressette2", 1, 4)
    names = {b.name for b in table_layout(model, (800, 480)).buttons}
    assert "hint" not in names and "undo" not in names


def test_hint_button_key_h_and_undo_key_u(make_ui: MakeUI) -> None:
    ui = make_ui((800, 480), _casual())
    lay = table_layout(ui.model, (800, 480))
    hint = next(b for b in lay.buttons if b.name == "hint")
    ui.handle(click(hint.rect.center))
    ui.handle(key(pygame.K_h))
    ui.handle(key(pygame.K_u))
    assert ui.intents() == [it.Hint(), it.Hint(), it.Undo()]


def test_keys_do_nothing_in_a_rated_match(make_ui: MakeUI) -> None:
    ui = make_ui((800, 480), demo.my_turn_model("tressette2", 1, 4))
    ui.handle(key(pygame.K_h))
    ui.handle(key(pygame.K_u))
    assert not [x for x in ui.intents() if isinstance(x, (it.Hint, it.Undo))]


def test_the_hinted_card_is_raised(make_ui: MakeUI) -> None:
    model = _casual()
    ui = make_ui((800, 480), model)
    card = next(c for c in model.hand if c in model.playable)
    ui.set_model(replace(model, hint_card=card, can_hint=False))
    ui.handle(key(pygame.K_RETURN))  # the raised card is the cursor's: Enter plays it
    assert ui.intents() == [it.PlayCard(card)]


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("size", SIZES)
def test_the_hand_end_review_is_drawn(make_ui: MakeUI, lang: str, size: tuple[int, int]) -> None:
    model = demo.sample_model("tressette2", 1, 200)
    assert model.hand_over
    review = (msg("review_acc", n="83", points="1.2"), msg("no_mistakes"))
    ui = make_ui(size, replace(model, review=review), language=lang)
    ui.show("hand_end")
    ui.draw()  # must not raise, whatever the size and language


def test_home_offers_a_casual_match(make_ui: MakeUI) -> None:
    ui = make_ui((800, 480))
    home = ui.screens[ScreenName.HOME]
    assert isinstance(home, HomeScreen)
    assert home.new_game_intent().casual is False
    home.press("casual")
    assert home.new_game_intent().casual is True


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("variant", sorted(PRESETS))
def test_a_hints_reason_is_shown_whole(make_ui: MakeUI, variant: str, size: tuple[int, int], lang: str) -> None:
    """Every word of the hint's reason is on the screen, in every game, size and language
    (the status line dropped a third line: 'die noch' and no 'aussteht')."""
    from ui.textcheck import RecordingSurface

    model = demo.hint_model(variant)
    ui = make_ui(size, model, language=lang)
    ui.update(5.0)
    ui.show("table")
    rec = RecordingSurface(size, ui.ctx.fonts.meta)
    ui.draw(rec)
    shown = " ".join(t.text for t in rec.texts).split()
    said = ui.ctx.say(model.message).split()
    assert said and all(w in shown for w in said), (said, shown)
    assert not [t for t in rec.texts if t.cut]


@pytest.mark.parametrize("size", SIZES)
def test_the_review_opens_from_the_history_sheet_and_from_the_end_of_a_match(make_ui: MakeUI, size: tuple[int, int]) -> None:
    ui = make_ui(size, demo.sample_review_model())
    ui.show("history")
    ui.show("sheet")
    ui.intents()
    sheet = ui.screens[ScreenName.SHEET]
    review = next(b for b in sheet.buttons(size) if b.name == "review")
    ui.tap(review.rect.center)
    assert ui.intents()[-2:] == [it.OpenReview(1234), it.ShowScreen("review")]
    assert ui.screen == "review"
    hand = next(b for b in ui.current.buttons(size) if b.name == "hand:2")
    ui.tap(hand.rect.center)
    assert it.OpenReviewHand(1234, 2) in ui.intents() and ui.screen == "review_hand"
    for name in ("back", "back", "back"):
        scr = ui.current
        assert isinstance(scr, Screen)
        scr.press(name)
    assert ui.screen == "history"

    end = demo.finished_match_model()
    assert end.final_sheet is not None
    ui = make_ui(size, end)
    ui.update(5.0)
    ui.show("hand_end")
    ui.intents()
    button = next(b for b in ui.current.buttons(size) if b.name == "review")
    ui.tap(button.rect.center)
    assert it.OpenReview(end.final_sheet.match_id) in ui.intents() and ui.screen == "review"
    scr = ui.current
    assert isinstance(scr, ReviewScreen)
    scr.press("back")
    assert ui.screen == "hand_end"


def test_the_review_steps_trick_by_trick_with_my_card_and_the_hint(make_ui: MakeUI) -> None:
    model = demo.sample_review_model()
    ui = make_ui((800, 480), model, language="en")
    ui.show("review")
    ui.show("review_hand")
    scr = ui.current
    assert isinstance(scr, ReviewHandScreen)
    rh = model.review_hand
    assert rh is not None
    assert scr.lines()[0][0] == "Accuracy 71%"  # the deal: the hand's accuracy
    for step in range(1, len(rh.frames)):
        scr.press("next")
        assert scr.step == step
        words = " ".join(text for text, _ in scr.lines())
        plays = rh.plays[step]
        if not plays:
            assert words == "No card of yours in this trick"
            continue
        assert words.startswith("You played") and "Hint:" in words
        assert (plays[0].mark in ("best", "forced")) == ("loses" not in words)
    scr.press("next")
    assert scr.step == len(rh.frames) - 1  # the last trick stays


@pytest.mark.parametrize(("lang", "said"), [("en", "as good as the"), ("it", "alla pari con"), ("de", "so gut wie")])
def test_a_card_tied_with_the_hint_is_as_good_as_it_never_best(make_ui: MakeUI, lang: str, said: str) -> None:
    """One verdict (issue 38): a card marked best that is not the hint's card (it loses at
    most the tie margin) is said to be as good as the hint's card, not "best" beside a hint
    of another card ("fante di bastoni: la migliore · Consiglio: sei di bastoni")."""
    model = demo.sample_review_model()
    rh = model.review_hand
    assert rh is not None
    step = next(k for k, p in enumerate(rh.plays) if p and p[0].mark == "best")
    p = rh.plays[step][0]
    other = next(pc.card for pc in rh.frames[step].trick if pc.card != p.card)
    tied = RatedCard(p.seat, p.card, "best", 0.08, other, p.reason)
    plays = rh.plays[:step] + ((tied,),) + rh.plays[step + 1:]
    model = replace(model, review_hand=replace(rh, plays=plays))
    ui = make_ui((800, 480), model, language=lang)
    ui.show("review")
    ui.show("review_hand")
    scr = ui.current
    assert isinstance(scr, ReviewHandScreen)
    for _ in range(step):
        scr.press("next")
    first = scr.lines()[0][0]
    assert said in first, first
    assert tr("m_best", lang) not in first
