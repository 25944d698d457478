"""The engine's refusals reach the screen by code: every code in it/de/en, rendered from
its arguments (never from the English), for dealt and real-card tables alike."""

from __future__ import annotations

import random
import string

from hypothesis import given, settings
from hypothesis import strategies as st

from firmware.app.messages import refusal
from firmware.engine import (
    PRESETS,
    Action,
    Declare,
    IllegalAction,
    Match,
    Play,
    check,
    legal_actions,
    make_variant,
)
from firmware.engine.refusals import ENGLISH, Refusal
from ui.i18n import CATALOGUE, LANGUAGES, render


def _fields(text: str) -> set[str]:
    return {f.split("!")[0] for _, f, _, _ in string.Formatter().parse(text) if f}


def test_every_engine_code_is_in_the_catalogue_in_three_languages() -> None:
    for code in ENGLISH:
        row = CATALOGUE["e_" + code]
        assert len(row) == len(LANGUAGES) and all(x.strip() for x in row), code
        assert all(_fields(x) == _fields(row[0]) for x in row), code


def test_a_follow_suit_refusal_in_each_language() -> None:
    exc = IllegalAction(Refusal.FOLLOW_SUIT, deck="italian", suit=2, cards=(20, 25))
    m = refusal(exc)
    assert render(m, "it") == "Devi rispondere a spade: ne hai 2 (3s, Fs)"
    assert render(m, "de") == "Du musst Schwerter bedienen: du hast 2 (3s, Fs)"
    assert render(m, "en") == "You must follow suit: you hold 2 swords (3s, Fs)"


def test_seats_are_counted_from_one_on_the_screen() -> None:
    m = refusal(IllegalAction(Refusal.SHOWED_VOID, deck="bavarian", seat=2, suit=2))
    assert render(m, "de") == "Platz 3 hat schon gezeigt, dass er Herz nicht bedienen kann"


@settings(max_examples=60, deadline=None)
@given(
    name=st.sampled_from(sorted(PRESETS)),
    seed=st.integers(0, 10_000),
    table=st.booleans(),
    moves=st.integers(0, 30),
)
def test_any_refusal_renders_in_every_language(name: str, seed: int, table: bool, moves: int) -> None:
    """Random positions, dealt or of real cards; random wrong actions: each refusal has
    catalogue words in it/de/en and its arguments fill every placeholder."""
    v = make_variant(name)
    m = Match(v)
    spec: dict[str, object] = {"seed": seed}
    if table:
        spec = {"table": True}
        if v.trump_shown or v.trump_under_talon:  # the card shown by the dealer, or under the talon
            spec["trump"] = "Ac"
        if v.preset.aside_role == "widow" and v.aside_size:
            spec["aside"] = ["4b", "5b", "6b", "7b"][: v.aside_size]
    state = m.start_hand(spec)
    rng = random.Random(seed)
    for _ in range(moves):
        if state.over:
            break
        m.apply(rng.choice(legal_actions(state)))
    if state.over:
        return
    wrong: list[Action] = [
        Play(rng.randrange(v.n_seats), rng.choice(v.deck.cards)),
        Declare(rng.randrange(v.n_seats), "three", rank=rng.randrange(4)),
        Declare(rng.randrange(v.n_seats), "napoletana", suit=rng.randrange(4), extra=rng.randrange(3)),
    ]
    for action in wrong:
        try:
            check(state, action)
        except IllegalAction as exc:
            message = refusal(exc)
            assert message.key == "e_" + exc.code
            for lang in LANGUAGES:
                text = render(message, lang)
                assert text and "?" + message.key not in text
