"""Real cards: enrolment, refereed play by scans, bad scans, the reader unplugged."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import TypeVar

import pytest

from firmware.app.cards_map import CardsMap
from firmware.app.controller import HAND_OVER, PLAY
from firmware.app.messages import english, refusal
from firmware.engine import (
    ITALIAN,
    Action,
    Declare,
    IllegalAction,
    Match,
    Play,
    check,
    legal_actions,
    make_variant,
)
from firmware.engine.records import replay
from firmware.engine.table import revokes_seen, said_aloud
from hal.events import ButtonPressed, ReaderOffline, ReaderOnline, TagSeen
from hal.sim import PtyReader
from tests.app.conftest import MakeTable, Table
from ui.i18n import render
from ui.intents import Declare as DeclareIntent
from ui.intents import PlayCard

E = TypeVar("E")


def tag(card: int) -> str:
    return f"0A{card:08X}"


def enrol(table: Table) -> None:
    """Scan the whole Italian deck in the order the screen asks, through the parser."""
    ctl = table.ctl
    assert ctl.start_enrolment("italian").accepted
    assert render(ctl.message.message, "it") == "Passa tre di coppe (3c), carta 1 di 40"
    assert ctl.message.text == "Scan three of cups (3c), card 1 of 40"
    for i, card in enumerate(ITALIAN.cards):
        if i == 5:  # the same tag again (after it left the antenna): refused, not counted
            table.clock.advance(1.0)
            assert table.hw.sim_reader is not None
            table.hw.sim_reader.scan(tag(ITALIAN.cards[0]))
            table.pump()
            assert ctl.message.level == "refusal" and "already 3c" in ctl.message.text
        table.clock.advance(1.0)
        assert table.hw.sim_reader is not None
        table.hw.sim_reader.tick()
        table.hw.sim_reader.scan(tag(card))
        table.pump()
    assert ctl.enrol is None and "enrolled: 40 cards" in ctl.message.text


def test_enrolment_saves_the_map_atomically_and_can_be_redone(make_table: MakeTable, tmp_path: Path) -> None:
    table = make_table(state_dir=tmp_path / "s", seats=["table", "table"])
    enrol(table)
    saved = json.loads((tmp_path / "s" / "cards-italian.json").read_text())
    assert len(saved) == 40 and saved[tag(ITALIAN.cards[0])] == "3c"
    assert CardsMap(tmp_path / "s").card_of(tag(5), "italian") == 5
    # redo with other tags: replaced only when complete
    ctl = table.ctl
    ctl.start_enrolment("italian")
    table.clock.advance(1.0)
    table.put(TagSeen("FFFFFFFFFF"))
    assert json.loads((tmp_path / "s" / "cards-italian.json").read_text()) == saved
    assert ctl.phase == "enrol" and ctl.display().text.strip() == "1"


def honest_table(seed: int, dealer: int) -> Match:
    """The people at the table: they hold real cards dealt from a real shuffle."""
    m = Match(make_variant("tressette2"), first_dealer=dealer)
    m.start_hand({"seed": seed})
    return m


def scan(table: Table, card: int) -> None:
    table.clock.advance(1.0)
    assert table.hw.sim_reader is not None
    table.hw.sim_reader.tick()
    table.hw.sim_reader.scan(tag(card))
    table.pump()


def test_a_refereed_hand_scores_like_the_engine(make_table: MakeTable) -> None:
    table = make_table(seats=["table", "table"], seed=1)
    enrol(table)
    ctl = table.ctl
    ctl.new_match()
    assert ctl.match is not None and ctl.match.state is not None
    assert ctl.real_cards and ctl.match.state.holdings.real_cards and ctl.phase == PLAY
    real = honest_table(seed=77, dealer=ctl.match.state.dealer)
    state = real.state
    # seat 0 declares what it really holds (saying the missing suit / the extension
    # aloud), seat 1 claims a napoletana it lacks
    true_decl = next((a for a in real.view_for(0).legal if isinstance(a, Declare)), None)
    if true_decl is not None:
        real.apply(true_decl)
        # on the screen: the short form; the cards seat 0 plays tell the rest
        assert state is not None
        said = said_aloud(state.declarations[-1])
        short = Declare(0, said.kind, suit=said.suit, rank=said.rank)
        table.put(ButtonPressed("seat0"))
        assert ctl.declaring == 0 and short in ctl.model().declarable
        table.put(DeclareIntent(short))
    assert state is not None
    lacking = next(
        s for s in range(4)
        if not all(ITALIAN.card(s, r) in state.hand_of(1) for r in (0, 1, 2))
    )  # fmt: skip
    table.put(ButtonPressed("seat1"))
    table.put(DeclareIntent(Declare(1, "napoletana", suit=lacking)))
    assert ctl.match_id is not None
    assert any("declare" in a and a["seat"] == 1 for _, _, a in table.journal.iter_actions(ctl.match_id))
    notes = []
    while not real.hand_over:
        seat = state.to_move
        card = next(a.card for a in real.view_for(seat).legal if isinstance(a, Play))
        real.apply(Play(seat, card))
        scan(table, card)
        assert ctl.message.level != "refusal" or "False declaration" in ctl.message.text, ctl.message.text
        if "False declaration" in ctl.message.text:
            notes.append(ctl.message.text)
    assert ctl.phase in (HAND_OVER, "match_over")
    assert any("seat 2" in n for n in notes), "the false napoletana is flagged"
    ref = ctl.match.results[-1]
    eng = real.results[-1]
    assert ref.card_points == eng.card_points and ref.thirds == eng.thirds
    assert ref.last_trick == eng.last_trick
    assert ref.declared == eng.declared  # the true one counts, the false one does not
    assert [f.decl.seat for f in ref.false_declarations] == [1]
    # the journal rebuilds the same state through the engine (resume, tressette replay)
    again = replay(table.journal.record(ctl.match_id))
    assert again.totals == ctl.match.totals and again.results == ctl.match.results


def test_bad_scans_are_refused_and_nothing_is_recorded(make_table: MakeTable) -> None:
    table = make_table(seats=["table", "table"], seed=2, options={"accusi": False})
    enrol(table)
    ctl = table.ctl
    ctl.new_match()
    assert ctl.match is not None and ctl.match.state is not None
    real = honest_table(seed=5, dealer=ctl.match.state.dealer)
    n = 0

    def recorded() -> int:
        assert ctl.match_id is not None
        return len(list(table.journal.iter_actions(ctl.match_id)))

    # unknown tag
    blinks = ctl.blink_seq
    table.clock.advance(1.0)
    assert table.hw.sim_reader is not None
    table.hw.sim_reader.scan("DEADBEEF00")
    table.pump()
    assert "Unknown card tag DEADBEEF00" in ctl.message.text and ctl.blink_seq == blinks + 1
    assert recorded() == n and table.hw.display.blinking
    # a real first card, then the same card twice
    assert real.state is not None
    seat = real.state.to_move
    card = next(a.card for a in real.view_for(seat).legal if isinstance(a, Play))
    real.apply(Play(seat, card))
    scan(table, card)
    n += 1
    assert recorded() == n
    scan(table, card)
    assert f"{ITALIAN.name_of(card, 'en')} was already played" in ctl.message.text and recorded() == n
    # a card of the other deck's family is unknown too
    scan(table, 50)
    assert "unknown card tag" in ctl.message.text.lower() and recorded() == n
    # what else the box can know is the engine's (tests/engine/test_table.py);
    # here: a tap on the screen stands in for a scan
    seat = real.state.to_move
    card = next(a.card for a in real.view_for(seat).legal if isinstance(a, Play))
    table.put(PlayCard(card))
    assert recorded() == n + 1


def test_scans_in_a_screen_game_are_refused(make_table: MakeTable) -> None:
    table = make_table(seats=["human", "cpu:easy"])
    enrol(table)
    table.ctl.new_match()
    table.pump()  # the computer plays until it is the person's turn
    assert table.ctl.match_id is not None
    before = len(list(table.journal.iter_actions(table.ctl.match_id)))
    scan(table, 3)
    assert "played on the screen" in table.ctl.message.text
    assert len(list(table.journal.iter_actions(table.ctl.match_id))) == before


def wait_for(table: Table, kind: type[E], timeout: float = 5.0) -> E:
    """Bounded wait for the reader thread (real pty I/O) to report ``kind``."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        event = table.events.get_nowait()
        if event is None:
            time.sleep(0.01)
            continue
        table.ctl.handle(event)
        if isinstance(event, kind):
            return event
    raise AssertionError(f"no {kind.__name__} within {timeout} s")


def test_reader_unplugged_and_replugged_mid_game(make_table: MakeTable, tmp_path: Path) -> None:
    table = make_table(seats=["table", "table"], seed=3, options={"accusi": False}, pty_reader=True)
    ctl = table.ctl
    assert ctl.cards is not None
    ctl.cards.save("italian", {tag(c): c for c in ITALIAN.cards})
    wait_for(table, ReaderOnline)
    ctl.new_match()
    assert ctl.match is not None and ctl.match.state is not None
    real = honest_table(seed=9, dealer=ctl.match.state.dealer)

    def play_one() -> None:
        assert real.state is not None
        seat = real.state.to_move
        card = next(a.card for a in real.view_for(seat).legal if isinstance(a, Play))
        real.apply(Play(seat, card))
        assert table.hw.sim_reader is not None
        table.hw.sim_reader.scan(tag(card))
        seen = wait_for(table, TagSeen)
        assert seen.tag_id == tag(card)

    play_one()
    play_one()
    assert ctl.match_id is not None
    moves = len(list(table.journal.iter_actions(ctl.match_id)))
    assert moves == 2
    assert isinstance(table.hw.sim_reader, PtyReader)
    table.hw.sim_reader.unplug()
    wait_for(table, ReaderOffline)
    assert ctl.message.level == "error" and "unplugged" in ctl.message.text
    assert ctl.phase == PLAY and len(list(table.journal.iter_actions(ctl.match_id))) == moves
    table.hw.sim_reader.replug()
    wait_for(table, ReaderOnline)
    assert "connected again" in ctl.message.text
    play_one()
    assert len(list(table.journal.iter_actions(ctl.match_id))) == moves + 1


def test_the_engine_refuses_what_can_be_known_in_catalogue_words() -> None:
    m = Match(make_variant("tressette2"), first_dealer=1)
    m.start_hand({"table": True})
    c = ITALIAN.parse

    def refused(action: Action) -> str:
        assert m.state is not None
        with pytest.raises(IllegalAction) as exc:
            check(m.state, action)
        return english(refusal(exc.value))

    # seat 0 (shown as "seat 1") declares the napoletana of coppe: 3c 2c Ac are announced
    m.apply(Declare(0, "napoletana", suit=0, extra=0))
    assert "impossible" in refused(Declare(1, "four", rank=0))  # 3c is announced by seat 0
    assert m.state is not None
    assert Declare(1, "three", rank=0) in legal_actions(m.state, 1)
    assert "already declared" in refused(Declare(0, "napoletana", suit=0, extra=0))
    m.apply(Play(0, c("4b")))
    assert "four of clubs was already played" in refused(Play(1, c("4b")))
    assert "turn" in refused(Play(0, c("5b")))
    m.apply(Play(1, c("5b")))  # seat 1 wins with the 5 over the 4
    assert m.state.to_move == 1
    m.apply(Play(1, c("Rc")))
    # seat 0 does not follow coppe although it declared 3c 2c Ac: accepted, but flagged
    check(m.state, Play(0, c("7d")))
    m.apply(Play(0, c("7d")))
    false = m.state.holdings.false_declarations()
    assert [(f.decl.seat, f.why, f.cards) for f in false] == [(0, "revoked", (c("3c"), c("2c"), c("Ac")))]
    assert m.state.declarations == []
    # it showed no coppe, but tressette2 draws after every trick: coppe are possible again
    check(m.state, Play(1, c("Cc")))


def test_a_card_of_a_suit_shown_void_is_taken_as_a_revoke() -> None:
    # issue 36: refusing it left the table only false entries; it is what truly happened
    m = Match(make_variant("treseta4", {"accusi": False}), first_dealer=3)
    m.start_hand({"table": True})
    c = ITALIAN.parse
    for seat, code in enumerate(["4b", "6b", "7d", "5b"]):  # seat 2 shows it has no bastoni
        m.apply(Play(seat, c(code)))
    # seat 1 (6b) won; lead bastoni again: seat 2 lays a bastoni after all: a revoke in trick 1
    m.apply(Play(1, c("Fb")))
    assert m.state is not None
    check(m.state, Play(2, c("Cb")))
    m.apply(Play(2, c("Cb")))
    assert [(r.seat, r.trick, r.suit) for r in revokes_seen(m.state.holdings)] == [(2, 1, 3)]


def test_a_table_game_without_an_enrolled_deck_starts_and_enrols_from_the_settings(make_table: MakeTable) -> None:
    # docs/box.md §4: the reader and the picker both present; the deck not enrolled yet:
    # the game starts (cards by the picker), and enrolling it mid-match lets the cards be scanned.
    from ui.intents import EnrolDeck

    table = make_table(seats=["table", "table"])
    ctl = table.ctl
    ctl.new_match()
    assert ctl.phase == PLAY and ctl.match_id is not None and ctl.real_cards
    assert ctl.model().picker is not None
    table.put(EnrolDeck("italian"))  # Settings → Real cards, in the middle of the match
    assert ctl.phase == "enrol"
    for card in ITALIAN.cards:
        scan(table, card)
    assert ctl.phase == PLAY and ctl.enrol is None  # back to the match
    assert ctl.match is not None
    st = ctl.match.state
    assert st is not None
    card = next(a.card for a in legal_actions(st) if isinstance(a, Play))
    scan(table, card)  # now the reader knows the deck: a scan is the card
    assert st is not None
    assert st.trick == [card]
    table.put(EnrolDeck("bavarian"))  # redo / another deck from the screen
    assert ctl.phase == "enrol" and render(ctl.message.message, "de").startswith("Scanne Eichel Zehn (10e)")


def test_enrolment_from_the_settings_screen_is_followed_on_the_model(make_table: MakeTable) -> None:
    """Settings → Real cards: the tap's intent starts it, the model shows it, Stop keeps the old map."""
    from ui.intents import EnrolDeck
    from ui.model import EnrolStatus

    table = make_table()
    ctl = table.ctl
    assert ctl.model().enrolled == () and ctl.model().enrolling is None
    table.put(EnrolDeck("italian"))
    assert ctl.phase == "enrol"
    assert ctl.model().enrolling == EnrolStatus("italian", 0, 40, ITALIAN.cards[0])
    for card in ITALIAN.cards[:3]:
        scan(table, card)
    assert ctl.model().enrolling == EnrolStatus("italian", 3, 40, ITALIAN.cards[3])
    assert render(ctl.model().message, "de") == f"Scanne {ITALIAN.name_of(ITALIAN.cards[3], 'de')} (" + (
        f"{ITALIAN.code(ITALIAN.cards[3])}), Karte 4 von 40"
    )
    table.put(EnrolDeck(None))  # Stop
    assert ctl.phase == "home" and ctl.enrol is None and ctl.message.message.key == "m_enrol_stopped"
    assert ctl.cards is not None
    assert not ctl.cards.path("italian").exists() and ctl.model().enrolled == ()
    table.put(EnrolDeck("italian"))
    for card in ITALIAN.cards:
        scan(table, card)
    model = ctl.model()
    assert model.enrolling is None and model.enrolled == ("italian",)
    assert render(model.message, "it") == "Mazzo italiano (40) registrato: 40 carte"
    assert ctl.cards.saved("italian") and not ctl.cards.saved("bavarian")
