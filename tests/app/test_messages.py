"""Everything the table program says reaches the screen in the screen's language.

The app speaks in catalogue keys (``ui.i18n``); these tests scan firmware/app
for every key it uses, check each is in all three languages with the same
placeholders, and render real refusals in Italian and German.
"""

from __future__ import annotations

import ast
import string
from pathlib import Path

import pytest

from firmware.app.messages import refusal
from firmware.engine import SUIT, Action, Declare, IllegalAction, Play, check, make_variant
from firmware.engine.cards import DECKS
from firmware.engine.refusals import ENGLISH
from tests.app.conftest import REPO, Table
from tests.pictures import save_png
from tests.sources import tree
from tests.uishare import shared
from ui.i18n import CATALOGUE, LANGUAGES, CardName, Message, msg, render
from ui.intents import LEVELS, PlayCard

APP = REPO / "firmware" / "app"
KEY_CALLS = {"msg": 0, "Term": 0}  # function name -> index of the key argument


def _keys_used() -> dict[str, list[str]]:
    """Catalogue keys written literally in firmware/app: msg("k", ...), Term("k"), Banner(key="k")."""
    used: dict[str, list[str]] = {}
    for path in sorted(APP.glob("*.py")):
        for node in ast.walk(tree(path)):
            if not isinstance(node, ast.Call):
                continue
            name = getattr(node.func, "id", getattr(node.func, "attr", ""))
            args: list[ast.expr] = []
            if name in KEY_CALLS and node.args:
                args.append(node.args[KEY_CALLS[name]])
            args += [kw.value for kw in node.keywords if kw.arg == "key" and name in ("Banner", "Message")]
            for a in args:
                if isinstance(a, ast.Constant) and isinstance(a.value, str):
                    used.setdefault(a.value, []).append(f"{path.name}:{node.lineno}")
    return used


def _fields(text: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(text) if f}


def test_every_key_the_app_uses_is_in_all_three_languages() -> None:
    used = _keys_used()
    assert len(used) > 50  # the scan found the app's messages
    # keys the app builds from data: decks, variants (guarded by has()), levels, the
    # engine's refusal codes (e_<code>, messages.refusal)
    dynamic = [f"deck_{d}" for d in DECKS] + list(LEVELS) + ["side_n"] + ["e_" + c for c in ENGLISH]
    missing = {k: where for k, where in used.items() if k not in CATALOGUE}
    missing.update({k: ["built from data"] for k in dynamic if k not in CATALOGUE})
    assert missing == {}
    for key in list(used) + dynamic:
        row = CATALOGUE[key]
        assert len(row) == len(LANGUAGES) and all(x.strip() for x in row), key
        assert all(_fields(x) == _fields(row[0]) for x in row), key  # same placeholders in every language


def test_the_app_never_passes_english_text_to_the_screen() -> None:
    """say()/refuse() take catalogue messages: a literal or f-string there is English on screen."""
    for path in sorted(APP.glob("*.py")):
        for node in ast.walk(tree(path)):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                    and node.func.attr in ("say", "refuse") and node.args):
                first = node.args[0]
                bad = isinstance(first, ast.JoinedStr) or (
                    isinstance(first, ast.Constant) and isinstance(first.value, str)
                )
                assert not bad, f"{path.name}:{node.lineno}: English text passed to {node.func.attr}()"


def test_messages_render_in_every_language_and_plain_text_passes_through() -> None:
    m = msg("r_not_held", card=CardName("italian", DECKS["italian"].parse("3c")))
    assert render(m, "it") == "Non hai questa carta: tre di coppe"
    assert render(m, "de") == "Du hast Kelch Drei nicht"
    assert render(m, "en") == "You do not hold three of cups"
    assert render(Message(text="an engine's rare words"), "de") == "an engine's rare words"
    assert render("already localised", "it") == "already localised" and not Message()
    nested = msg("m_match_won", side=msg("side_n", n=2), score="21-15")
    assert render(nested, "de") == "Partei 2 gewinnt die Partie 21-15"


def test_a_refusal_reads_in_italian_and_german_on_the_table_screen(follow_suit_table: tuple[Table, int, list[int]], tmp_path: Path) -> None:
    import pygame

    from ui.app import UIApp

    table, wrong, right = follow_suit_table
    ctl = table.ctl
    table.put(PlayCard(wrong))
    assert ctl.match is not None
    deck = ctl.match.variant.deck
    suit = SUIT[right[0]]
    codes = ", ".join(deck.code(c) for c in sorted(right))
    model = ctl.model()
    assert render(model.message, "it") == f"Devi rispondere a {deck.suit_name(suit, 'it')}: ne hai {len(right)} ({codes})"
    assert render(model.message, "de") == f"Du musst {deck.suit_name(suit, 'de')} bedienen: du hast {len(right)} ({codes})"
    # the seats carry no English names: the screen names them
    assert all(s.name == "" for s in model.seats)
    pygame.display.init()
    pygame.font.init()
    out = REPO / "test-artifacts" / "app"
    out.mkdir(parents=True, exist_ok=True)
    for lang, size in (("it", (480, 320)), ("de", (800, 480)), ("de", (480, 320)), ("it", (800, 480))):
        ui = shared(UIApp(pygame.Surface(size), settings={"language": lang}, sounds=False))
        ui.set_model(model)
        ui.update(5.0)
        ui.draw()
        assert ui.ctx.say(model.message) == render(model.message, lang)
        save_png(ui.surface, out / f"refusal_{lang}_{size[0]}x{size[1]}.png")


def test_common_engine_refusals_have_catalogue_words() -> None:
    """The engine's refusal codes become catalogue keys: turn, card not held, window closed."""
    from firmware.engine import Match

    match = Match(make_variant("tressette2"), first_dealer=1)
    match.start_hand({"seed": 7})
    st = match.state
    assert st is not None
    mover, other = st.to_move, 1 - st.to_move

    def refused(action: Action) -> Message:
        assert st is not None
        with pytest.raises(IllegalAction) as exc:
            check(st, action)
        return refusal(exc.value)

    assert refused(Play(other, st.hand_of(other)[0])).key == "e_turn_of"
    assert refused(Play(mover, st.hand_of(other)[0])).key == "e_not_held"
    match.apply(Play(mover, st.hand_of(mover)[0]))
    st = match.state
    assert st is not None
    assert refused(Declare(st.to_move, "four", rank=0)).key == "e_accusi_before_first"
    assert refused(Play(st.to_move, st.hand_of(st.to_move)[0], ("volo",))).key in ("e_signals_none", "e_follow_suit")
