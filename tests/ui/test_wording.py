"""The words a person reads: grammar that fits who is meant (issue 13.9)."""

from __future__ import annotations

import dataclasses
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.ui.conftest import MakeUI
from tools import demo
from ui.handend import HandEndScreen
from ui.i18n import CATALOGUE, LANGUAGES, tr
from ui.model import Banner
from ui.navigation import ScreenName


@pytest.mark.parametrize("lang", ["it", "de", "en"])
def test_a_claim_is_told_in_the_grammar_of_who_claimed(lang: str, make_ui: MakeUI) -> None:
    model = demo.finished_model("tressette4", 1)
    res = model.result
    assert res is not None
    ui = make_ui((800, 480), language=lang)
    screen = HandEndScreen(ui.ctx, ui.emit, ui.show)
    for seat, key in ((0, "claim_wrong_us"), (1, "claim_wrong_them")):
        screen.set_model(dataclasses.replace(model, result=dataclasses.replace(res, claim_seat=seat, claim_ok=False)))
        assert tr(key, lang) in screen.headline()
    bad = {"it": ("Noi si", "Tu si", "Tu accusa", "Lato"), "de": ("Du meldet", "Wir hat"),
           "en": ("You declares", "Us claimed")}[lang]
    assert not any(b in screen.headline() for b in bad)


@pytest.mark.parametrize("lang", ["it", "de", "en"])
def test_a_seat_speaks_in_its_bubble_in_the_first_person(lang: str, make_ui: MakeUI) -> None:
    model = dataclasses.replace(demo.busiest("tressette4"), banners=(Banner("claim", 0, key="b_claim"),))
    ui = make_ui((800, 480), model, language=lang)
    assert ui.table.said()[0] == tr("b_claim_said", lang)


def test_italian_screens_speak_italian() -> None:
    """No German or English left on the Italian screens (the options once said "Ansagen")."""
    foreign = ("Ansagen", "Sofort", "Seite")
    for key, row in CATALOGUE.items():
        assert not any(w in row[0] for w in foreign), (key, row[0])
    assert CATALOGUE["o_sudden_wins"][0] != "Vittorie subito"  # "at once" is no name for an option


def test_a_long_refusal_on_the_home_screen_is_shown_whole(make_ui: MakeUI) -> None:
    from ui.i18n import msg
    from ui.model import TableModel
    from ui.textcheck import RecordingSurface

    why = "a game with real cards needs every seat to play real cards, and this one mixes them with computers"
    ui = make_ui((800, 480), TableModel(message=msg("r_bad_game", why=why)), language="en")
    ui.home.select_variant("treseta4")  # the most options: the least room under them
    rec = RecordingSurface((800, 480), ui.ctx.fonts.meta)
    ui.draw(rec)
    shown = " ".join(t.text for t in rec.texts)
    assert "computers" in shown and "…" not in shown


@pytest.mark.parametrize("lang", ["it", "de", "en"])
def test_the_rules_cover_every_game_family_and_the_signals(lang: str) -> None:
    """Issue 13.10: six generic pages, nothing on terziglio, chiamata, ciapanò, briscola, signals."""
    from ui.i18n import rules_pages

    text = " ".join(t + " " + b for t, b in rules_pages(lang)).lower()
    for word in ("terziglio", "ciapanò", "busso", "volo", "striscio", "onori"):
        assert word in text, word
    assert len(rules_pages(lang)) == len(rules_pages("it"))


def test_chiamata_count_says_who_partnered_whom_and_keeps_seat_and_pair_apart(make_ui: MakeUI) -> None:
    """Issue 13.7: the end of a chiamata hand never said who partnered whom, and
    "1⅓ → 2" mixed a seat's thirds with its pair's points."""
    model = demo.sample_model("chiamata", 1, 400)
    res = model.result
    assert res is not None and len(set(res.sides)) == 2
    ui = make_ui((800, 480), model, language="it")
    screen = HandEndScreen(ui.ctx, ui.emit, ui.show)
    screen.set_model(model)
    rows = dict(screen.rows())
    partners = rows[tr("partner_row", "it")]
    for seat in range(4):
        mate = next(q for q in range(4) if q != seat and res.sides[q] == res.sides[seat])
        assert partners[seat] == screen.side_name(mate)
    assert not any("→" in cell for cells in rows.values() for cell in cells)
    pair = rows[tr("pair_card_points", "it")]
    for seat in range(4):
        assert pair[seat] == str(res.card_points[res.sides[seat]])


@pytest.mark.parametrize("name", ["tressette2", "ciapano"])
def test_another_hand_is_said_only_when_the_engine_says_level_at_target(name: str, make_ui: MakeUI) -> None:
    """The screen does not compare totals itself: in Ciapano equal *highest* totals at the
    target are no tie (the lowest wins), so only the engine's flag may say "another hand"."""
    model = demo.finished_model(name, 1)
    level = dataclasses.replace(model, match_over=False, winner=None, totals=(41, 41), target=41)
    ui = make_ui((800, 480), language="en")
    screen = HandEndScreen(ui.ctx, ui.emit, ui.show)
    screen.set_model(level)
    assert tr("tie_play_on", "en") not in screen.headline()
    screen.set_model(dataclasses.replace(level, level_at_target=True))
    assert tr("tie_play_on", "en") in screen.headline()


def test_numbers_and_suits_read_as_the_language_writes_them() -> None:
    """Tried as a player: "perdi 0,8" (a loss is said in thirds, the game's unit, with the word
    for points in its number) and "Napoli in Stäbe" (the dative is Stäben)."""
    from firmware.engine import ITALIAN
    from ui.i18n import Amount, describe_declare, msg, render

    assert render(msg("loss_n", points=Amount(0.84)), "it") == "perdi 1 punto"
    assert render(msg("loss_n", points=Amount(1.4)), "it") == "perdi 1 punto e ⅓"
    assert render(msg("loss_n", points=Amount(1.4)), "de") == "kostet 1⅓ Punkte"
    assert render(msg("loss_n", points=Amount(2.7)), "en") == "loses 2⅔ points"
    assert render(msg("loss_n", points=Amount(0.3)), "it") == "perdi ⅓ di punto"
    assert render(msg("loss_n", points=Amount(0.3)), "de") == "kostet ⅓ Punkt"
    assert render(msg("loss_n", points=Amount(0.1)), "en") == "loses under ⅓ of a point"
    assert render(msg("loss_n", points=Amount(2.0)), "de") == "kostet 2 Punkte"
    batons = ITALIAN.suits.index("b")
    assert describe_declare("italian", "napoletana", batons, None, None, "de") == "Napoli in Stäben"
    assert tr("called_by", "it", name="CPU 4") == "CPU 4 chiama"


def _strings(lang: str) -> dict[str, str]:
    from ui.i18n import LANGUAGES, RULES_PAGES

    i = LANGUAGES.index(lang)
    out = {k: v[i] for k, v in CATALOGUE.items() if not k.startswith("rules_p")}  # the pages: below
    for n, (title, body) in enumerate(RULES_PAGES[lang]):
        out[f"rules:{n}"] = f"{title}\n{body}"
    return out


# the glossary (docs/box.md, "The words on the screen"): one word for one thing
AVOID = {
    "de": {
        r"(?<!im )\bSpiels?\b": "a match is a Partie (seed 002), a game chosen is a Spiel ('im Spiel': in play)",
        " meldet:": "declaring is ansagen (RULES.md: Ansagen), not melden",
        "Gemeldete": "declaring is ansagen",
        "Seite ": "a partnership is a Partei (seed 003)",
        "Stufe": "the computer's strength is its Level (seed 002)",
        "Spielzettel": "a score sheet is a Punkteliste",
        "kein Münzen": "no verb or article that cannot agree with a suit's name",
        "fehlt Münzen": "no verb or article that cannot agree with a suit's name",
        "Tisch": "the rules of the match are an option, not 'the table'",
        "Punkteblock": "a score sheet is a Punkteliste, in every mode",
        "Hinausrufen": "chiamarsi fuori is 'sich fertig melden' (button: Fertig melden)",
        "Chiamarsi fuori": "a German button or option says Fertig melden / Fertigmelden",
        r"\bAccusi\b": "declarations are Ansagen on a German screen",
        r"\bPaar(e|s)?\b": "a partnership is a Partei (seed 003), never a Paar",
        r"^Sie (gewinnen|haben)": "a sentence opening with Sie reads as the polite 'you': the other side is 'die Gegner'",
        "gestochen hat": "a trick is made ('den Stich gemacht', seed 000): 'stechen' is also trumping (Mit Trumpf)",
        "in Vorhand": "Vorhand is the first seat of a deal (seed 003); leading a trick is 'ausspielen'",
        "Nochmal": "'noch einmal', in one register",
        r"höchste \{suit\} |nach \{suit\}|(?<!Napoli)(?<!Decima) in \{suit\}": "a suit's name cannot be declined in a template ('nach Stäbe'):"
        " put it where no case shows",
    },
    "it": {
        "la tavola": "the rules of the match are an option, not 'the table'",
        "prende la presa": "a card makes the trick: 'fa la presa'",
        "preso l'ultima presa": "'fatto l'ultima presa'",
        "vanno in giro": "onori are said 'a giro'",
        "Seme di": "'seme' is a suit: a shuffle's number is not a seme",
        "Squadra": "four players sit in pairs: 'coppia'",
        "scatola": "the device is not a box of cardboard",
        "dichiara": "declaring is 'accusare' (docs/box.md glossary)",
        "mapp[ae]": "a deck's tags are 'etichette': 'mappa' is the English 'map'",
        "il gioco aspetta": "'il gioco' is the game chosen: what waits is 'la partita'",
        "durante la prima presa": "the first trick, each at their turn, is 'al primo giro'",
        "a pari si": "'se sono pari' (or 'in parità')",
        "ritornamelo": "busso asks the partner to 'tornare a questo seme'",
        r"\bNapoli\b": "the Italian table says 'napoletana' (Napoli is the German tables' word)",
        r"^Accusi: \{": "'Accusi:' reads as the plural noun: the person's own declaring is 'Tu accusi:'",
        r"\bhai \{card\}": "the engine's card names have no article: 'non hai tre di coppe' reads as a count",
        r"\{(held|left|count|k)\} carte": "a count other than {n} has no singular form: say the noun before it",
        r"[Èè] già fatto": "'è già stato fatto'",
        r"\{left\} \{suit\}": "'hai ancora 1 coppe': a count of a suit is said 'a coppe ne hai ancora 1'",
    },
}
ALLOWED = {  # a game (the variant) is a Spiel; the table the people sit at is a Tisch
    "de": {"variant", "v_", "e_no_call", "r_no_declarations", "e_no_declarations", "e_signals_none",
           "table", "play_real_card", "o_", "rules:12", "r_seats_count", "r_table_and_human", "e_revoke_no_suit"},  # the Keys page names the Tisch screen (its button)
}


@pytest.mark.parametrize("lang", ["it", "de"])
def test_the_glossary_words_are_the_only_ones_used(lang: str) -> None:
    allowed = ALLOWED.get(lang, set())
    found = []
    for key, text in _strings(lang).items():
        for word, why in AVOID[lang].items():
            base = key.removesuffix("_one")  # a count's singular is its message's
            if re.search(word, text) and not any(base == a or (a.endswith(("_", ":")) and key.startswith(a)) for a in allowed):
                found.append(f"{key}: {text!r} has {word!r} ({why})")
    assert not found, "\n".join(found)


@pytest.mark.parametrize(("lang", "three", "four", "napoli"), [
    ("it", "tre assi (manca denari)", "quattro dieci", "napoletana di coppe"),
    ("de", "Drei Asse (ohne Münzen)", "Vier Zehner", "Napoli in Kelchen"),
    ("en", "three aces (no coins)", "four 10s", "napoletana of cups"),
])
def test_a_declaration_is_named_as_said_at_the_table(lang: str, three: str, four: str, napoli: str) -> None:
    """seed 000: „Drei Zehner“, „Vier Assen“; seed 002: die Dreien; RULES.md §2."""
    from ui.i18n import describe_declare

    assert describe_declare("italian", "three", None, 2, 1, lang) == three
    assert describe_declare("bavarian", "four", None, 0, None, lang) == four
    assert describe_declare("italian", "napoletana", 0, None, None, lang) == napoli


@pytest.mark.parametrize("lang", ["it", "de", "en"])
@pytest.mark.parametrize("size", [(800, 480), (480, 320)])
def test_the_called_card_says_you_call_when_the_caller_is_the_person(lang: str, size: tuple[int, int], make_ui: MakeUI) -> None:
    """Played by touch: the label over chiamata's called card said "You calls" ("Tu chiama")."""
    from ui.textcheck import RecordingSurface

    probe = demo.sample_model("chiamata", 1, 1)
    assert probe.caller is not None and probe.called is not None
    model = demo.sample_model("chiamata", 1, 1, me=probe.caller)
    assert model.caller == model.me
    ui = make_ui(size, model, language=lang)
    rec = RecordingSurface(size, ui.ctx.fonts.meta)
    ui.draw(rec)
    shown = [t.text for t in rec.texts]
    assert tr("called_by_you", lang) in shown
    assert not any(bad in x for x in shown for bad in ("Tu chiama", "Du ruft", "You calls"))
    other = demo.sample_model("chiamata", 1, 1, me=(probe.caller + 1) % 4)
    ui.set_model(other)
    rec = RecordingSurface(size, ui.ctx.fonts.meta)
    ui.draw(rec)
    cpu = tr("cpu_n", lang, n=probe.caller + 1)
    assert tr("called_by", lang, name=cpu) in [t.text for t in rec.texts], [t.text for t in rec.texts]


@pytest.mark.parametrize("lang", ["it", "de", "en"])
def test_every_sentence_with_a_seat_as_subject_has_a_form_for_the_person(lang: str) -> None:
    """"Tu chiama", "Du ruft", "You calls", "Vince Tu": a template whose {name} is the verb's
    subject needs its own words when the seat is the person's own."""
    from ui.i18n import SUBJECT_KEYS, said_by

    you = tr("you", lang)
    for key in SUBJECT_KEYS:
        assert "{name}" in CATALOGUE[key][0], key
        assert key + "_you" in CATALOGUE, key
    bad = ("Tu chiama", "Tu accusa", "Tu si ", "Vince Tu", "Vince Noi", "Du ruft", "Du sagt", "Du meldet",
           "Wir gewinnt", "Sie gewinnt", "You calls", "You declares", "You claims", "You wins", "Us wins", "Them wins")
    for key in SUBJECT_KEYS:
        for who, name in (("you", you), ("us", tr("us", lang)), ("them", tr("them", lang))):
            text = said_by(key, lang, name, who, what="x")
            assert not any(b in text for b in bad), (key, who, text)


def test_the_score_sheet_names_the_winner_in_the_persons_grammar() -> None:
    from ui.history import sheet_side_who
    from ui.i18n import said_by
    from ui.intents import SeatSetup
    from ui.model import ScoreSheet

    human, cpu = SeatSetup("human", None), SeatSetup("computer", "normal")
    pair = ScoreSheet(1, "treseta4", seats=(human, cpu, cpu, cpu), sides=(0, 1, 0, 1), me=0)
    assert sheet_side_who(pair, 0) == "us" and sheet_side_who(pair, 1) == "them"
    duo = ScoreSheet(2, "tressette2", seats=(human, cpu), sides=(0, 1), me=0)
    assert sheet_side_who(duo, 0) == "you" and sheet_side_who(duo, 1) == ""
    assert said_by("side_wins", "it", "Noi", "us") == "Vinciamo noi"
    assert said_by("side_wins", "de", "CPU", "") == "CPU gewinnt"


@pytest.mark.parametrize("lang", ["it", "de", "en"])
@pytest.mark.parametrize("size", [(800, 480), (480, 320)])
def test_the_hand_that_wins_a_game_of_a_best_of_two_match_says_so(lang: str, size: tuple[int, int], make_ui: MakeUI) -> None:
    """Played by touch: after the hand that won game 1 of a best-of-two Treschetten match
    (RULES.md §3.2) the screen said only "End of hand 7"."""
    from ui.textcheck import RecordingSurface

    model = demo.game_won_model()
    assert sum(model.games_won) == 1 and len(model.game_won_by) == 1
    ui = make_ui(size, model, language=lang)
    ui.show("hand_end")
    screen = ui.screens[ScreenName.HAND_END]
    assert isinstance(screen, HandEndScreen)
    mine = model.game_won_by[0] == model.side_of(model.me)
    want = tr("game_won_you" if mine else "game_won", lang, name=tr("cpu", lang))
    score = "1–0" if mine else "0–1"
    assert screen.headline() == f"{want} · {tr('games_score', lang, score=score)}"
    rows = dict(screen.rows())
    assert rows[tr("games_won_row", lang)] == [str(x) for x in model.games_won]
    rec = RecordingSurface(size, ui.ctx.fonts.meta)
    ui.draw(rec)
    assert screen.headline() in [t.text for t in rec.texts]  # whole, not cut


def test_a_single_game_hand_end_says_nothing_of_games(make_ui: MakeUI) -> None:
    ui = make_ui((800, 480), demo.finished_model(), language="en")
    ui.show("hand_end")
    screen = ui.screens[ScreenName.HAND_END]
    assert isinstance(screen, HandEndScreen)
    assert screen.headline() == tr("hand_end_n", "en", n=screen.model.hand_no)
    assert tr("games_won_row", "en") not in dict(screen.rows())


@given(st.floats(min_value=0.0, max_value=40.0, allow_nan=False))
def test_a_loss_is_said_in_thirds_with_its_word_for_points(points: float) -> None:
    """Every loss the coach can show reads as a number of thirds (never a decimal), with the
    unit in the right number ("1 punto", "2 punti"; "1 Punkt", "2 Punkte")."""
    from ui.i18n import amount_text

    thirds = round(points * 3)
    for lang in ("it", "de", "en"):
        text = amount_text(points, lang)
        assert not any(ch in text for ch in ".,"), text
        if thirds == 0:
            continue
        whole, rest = divmod(thirds, 3)
        assert (("⅓" in text) or ("⅔" in text)) == (rest != 0), text
        if whole:
            assert text.startswith(str(whole)), text
        unit = {"it": "punt", "de": "Punkt", "en": "point"}[lang]
        assert unit in text
        if lang == "it" and whole:
            assert ("punti" in text) == (whole > 1), text
        if lang != "it":
            assert (text.endswith(("Punkte", "points"))) == (whole >= 2 or (whole == 1 and rest > 0)), text


# nouns that follow a count in the catalogue and change with it (it, de, en)
PLURAL_NOUNS = ("punti", "mani", "mosse", "carte", "prese", "partite", "Punkte", "Runden", "Züge", "Karten",
                "Stiche", "Partien", "points", "hands", "moves", "cards", "tricks", "matches")


def test_a_count_of_one_is_said_in_the_singular() -> None:
    """ "con circa 1 punti", "1 mani": every template whose {n} is followed by a plural noun
    is a message with a count (``P`` in ui/messages.py, ngettext), and ``tr`` takes the
    singular for n=1 (and only then)."""
    import string

    from ui.i18n import LANGUAGES, SOURCES

    never_one = {"c_claim"}  # n is the side's points, at least the target
    need = []
    for key, src in SOURCES.items():
        if src.plural or key in never_one:
            continue
        for text in CATALOGUE[key]:
            if re.search(r"\{n\} (" + "|".join(PLURAL_NOUNS) + r")\b", text):
                need.append(f"{key}: {text!r}")
    assert not need, "\n".join(need)
    for key, src in SOURCES.items():
        if not src.plural:
            continue
        fields = {f for _, f, _, _ in string.Formatter().parse(src.plural) if f} - {"n"}
        args = {f: "X" for f in fields}
        for lang in LANGUAGES:
            one = tr(key, lang, n=1, **args)
            assert one == tr(key + "_one", lang, **args)  # the singular by its old name
            assert not re.search(r"\b1 (" + "|".join(PLURAL_NOUNS) + r")\b", one), one
            assert tr(key, lang, n=2, **args) != one or key == "pts_n_frac", (key, lang)


def test_an_italian_line_about_a_named_seat_or_side_declines_no_participle_by_its_gender() -> None:
    """``{name}`` is "Posto 2" (masculine), "Coppia 2" (feminine) or, with names, a person of
    either: a past participle agreeing with it ("Coppia 2 si è chiamato fuori") is wrong for
    some of them, so such lines are worded without one."""
    participle = re.compile(r"\{name\}\s+(?:si\s+)?(?:è|sono|ha|hanno)\s+(?:stat[oaie]\s+)?\w+[aeio]t[oaie]\b")
    bad = [key for key, words in CATALOGUE.items() if participle.search(words[LANGUAGES.index("it")])]
    assert bad == []
