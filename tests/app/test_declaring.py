"""Declaration windows for people: every game, a person in every seat (RULES.md §2-§3).

The computers answer at once; these tests check they never take a person's
window away. For each game the person sits in each seat in turn; the deal is
searched (seeded) until the person has something to declare in the game's
window, then he declares it, or says *Nothing to declare* on the screen or with
his *Accuso* button. In the onori games (tressette4, chiamata with accusi;
seed 003: "nach dem ersten Stich ... reihum vom Gewinner") both cases are
covered: the person won trick 1 or did not.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from firmware.app.controller import HAND_OVER, PLAY, TableController
from firmware.app.declaring import Window
from firmware.engine import PRESETS, make_variant
from tests.app.conftest import REPO, MakeTable, Table
from tests.app.test_controller import journal_ok
from tests.pictures import save_png
from tests.uishare import shared
from ui.intents import Declare as DeclareIntent
from ui.intents import NextHand, NothingToDeclare, PlayCard
from ui.layout import table_layout
from ui.model import TableModel

ONORI_GAMES: list[tuple[str, dict[str, object]]] = [("tressette4", {}), ("chiamata", {"accusi": True})]
TURN_GAMES = sorted(
    name for name, p in PRESETS.items()
    if make_variant(name).accusi and p.declare_window not in ("after_first_trick", "start")
)
ANSWERS = ("declare", "nothing_screen", "nothing_button")
ATTEMPTS = 300


def person_at(make_table: MakeTable, variant: str, seat: int, options: dict[str, object] | None = None,
              seed: int = 11) -> Table:
    n = make_variant(variant, options or {}).n_seats
    seats = ["cpu:easy"] * n
    seats[seat] = "human"
    return make_table(variant=variant, seats=seats, options=options or {}, seed=seed)


def play_until(table: Table, done: Callable[[], bool]) -> None:
    """Let the table play (the person plays his first legal card) until ``done()`` or the hand ends."""
    ctl = table.ctl
    for _ in range(500):
        table.pump()
        if ctl.phase != PLAY or done():
            return
        if not table.human_plays() and ctl.cpu_request() is None:
            table.pump()
            if ctl.phase == PLAY and not done():
                raise AssertionError(f"stuck: {ctl.message.text}")
    raise AssertionError("the hand did not move")


def trick_one_played(table: Table) -> Callable[[], bool]:
    return lambda: len(table.hand_state.tricks) >= 1


def offered_at_his_turn(ctl: TableController, seat: int) -> Callable[[], bool]:
    return lambda: ctl.table.mover() == seat and bool(ctl.model().declarable)


def answer(table: Table, seat: int, how: str) -> None:
    ctl = table.ctl
    if how == "declare":
        offer = ctl.model().declarable
        table.put(DeclareIntent(offer[0]))
        assert any(d.seat == seat for d in table.hand_state.declarations)
        if ctl.declaring == seat:  # more possible: done with the screen's button
            table.put(NothingToDeclare())
    elif how == "nothing_screen":
        table.put(NothingToDeclare())
    else:
        table.buttons.click(seat)
        table.pump()


def finish_hand(table: Table) -> None:
    play_until(table, lambda: False)
    assert table.ctl.phase != PLAY
    journal_ok(table)


def prompt_shown(ctl: TableController, seat: int) -> None:
    """The person sees it is his turn to declare, with a way to say nothing."""
    model = ctl.model()
    assert model.me == seat and model.declare_prompt and model.declarable
    names = {b.name for b in table_layout(model, (800, 480)).buttons}
    assert "declare_none" in names and any(n.startswith("declare:") for n in names)
    assert {b.name for b in table_layout(model, (480, 320)).buttons} >= {"declare_none"}
    assert ctl.display().text == "AccU"
    status_says_declare(model)


def status_says_declare(model: TableModel) -> None:
    """The touchscreen's status row says the table waits for the person's accusi, in
    every language and size: not that a computer is thinking (it waits for him too),
    nor that it is his turn to play (no card goes before his answer). A passing message
    (the new match's name) and the table's banner (accusi open) take the row while they
    last; this is the row after them."""
    from dataclasses import replace

    import pygame

    from ui.app import UIApp
    from ui.i18n import LANGUAGES, tr

    pygame.display.init()
    pygame.font.init()
    model = replace(model, message="")
    for lang in LANGUAGES:
        for size in ((800, 480), (480, 320)):
            ui = shared(UIApp(pygame.Surface(size), settings={"language": lang}, sounds=False))
            ui.set_model(model)
            ui.update(60.0)  # the banners have passed
            text, _ = ui.table.status_text(model)
            assert text == tr("declare_turn", lang), (lang, size, text)
            ui.draw()
            out = REPO / "test-artifacts" / "app"
            out.mkdir(parents=True, exist_ok=True)
            save_png(ui.surface, out / f"declare_turn_{model.me}_{lang}_{size[0]}x{size[1]}.png")


@pytest.mark.parametrize("won", [True, False], ids=["won_trick_1", "lost_trick_1"])
@pytest.mark.parametrize("seat", range(4))
@pytest.mark.parametrize(("variant", "options"), ONORI_GAMES, ids=[g for g, _ in ONORI_GAMES])
def test_a_person_declares_onori_in_turn_from_every_seat(
    make_table: MakeTable, variant: str, options: dict[str, object], seat: int, won: bool
) -> None:
    table = person_at(make_table, variant, seat, options, seed=100 + seat)
    ctl = table.ctl
    for _ in range(ATTEMPTS):
        ctl.new_match()
        play_until(table, trick_one_played(table))
        state = table.hand_state
        round_open = ctl.phase == PLAY and len(state.tricks) == 1 and not state.trick
        if round_open and (state.tricks[0].winner == seat) == won and seat in ctl.pending_accusi():
            break
    else:
        pytest.fail("no deal gave the person onori")
    assert ctl.window() is Window.ONORI and ctl.onori_turn() == seat
    order = ctl.onori_order()
    before = order[: order.index(seat)]
    assert all(ctl.declarations.turn_over(s) for s in before), "the seats before him have had their turn"
    # the table waits: no computer thinks about a card, no card may be played
    assert ctl.cpu_request() is None and ctl.cards_wait()
    prompt_shown(ctl, seat)
    assert ctl.message.message.key == "m_onori_turn"
    if won:  # he leads trick 2, but not before the round is over
        n = len(table.match.hands[-1].actions)
        table.put(PlayCard(state.hand_of(seat)[0]))
        assert ctl.message.message.key == "r_onori_first"
        assert len(table.match.hands[-1].actions) == n
    answer(table, seat, ANSWERS[seat % 3] if won else ANSWERS[(seat + 1) % 3])
    table.pump()
    # the round went on in order after him, then trick 2 began
    turn = ctl.onori_turn()
    assert turn is None or ctl.seats[turn].kind == "human"
    if ctl.onori_turn() is None:  # no prompt left behind to send him looking
        assert ctl.message.message.key != "m_onori_turn"
    positions = [order.index(d.seat) for d in table.hand_state.declarations]
    assert positions == sorted(positions), "onori were made in turn from trick 1's winner"
    finish_hand(table)


def test_onori_out_of_turn_are_refused(make_table: MakeTable) -> None:
    """Two people at the table: the later one in the round cannot declare first."""
    table = make_table(variant="tressette4", seats=["human", "human", "cpu:easy", "cpu:easy"], seed=5)
    ctl = table.ctl
    for _ in range(ATTEMPTS):
        ctl.new_match()
        play_until(table, trick_one_played(table))
        st = table.hand_state
        if ctl.phase == PLAY and len(st.tricks) == 1 and not st.trick:
            turn = ctl.onori_turn()
            later = [s for s in (0, 1) if s != turn and st.possible_declarations(s)]
            if turn in (0, 1) and later:
                break
    else:
        pytest.fail("no deal gave both people onori")
    early, late = turn, later[0]
    offer = table.hand_state.possible_declarations(late)[0]
    table.put(DeclareIntent(offer))
    assert ctl.message.message.key == "r_onori_in_turn"
    assert not table.hand_state.declarations_of(late)
    table.buttons.click(late)  # his Accuso button: not yet either
    table.pump()
    assert ctl.message.message.key == "r_onori_in_turn" and ctl.declaring == early
    table.put(NothingToDeclare())  # the early one passes
    assert ctl.onori_turn() in (late, None)


@pytest.mark.parametrize("seat", range(2))
def test_before_the_first_card_a_computer_waits_for_the_person(make_table: MakeTable, seat: int) -> None:
    """tressette2 (seed 002): both declare before the first card; the computer leader waits."""
    table = person_at(make_table, "tressette2", seat, seed=20 + seat)
    ctl = table.ctl
    for _ in range(ATTEMPTS):
        ctl.new_match()
        table.pump()
        if seat in ctl.pending_accusi():
            break
    else:
        pytest.fail("no deal gave the person an accuso")
    assert ctl.window() is Window.START
    state = table.hand_state
    assert not state.trick, "nobody played a card while the person may declare"
    if state.to_move != seat:
        assert ctl.cpu_request() is None  # the computer leader waits
    prompt_shown(ctl, seat)
    if state.to_move != seat:
        # A card tapped now is refused with what the table waits for: his answer,
        # not "wait, seat N plays" (seat N waits for him).
        table.put(PlayCard(ctl.model().hand[0]))
        assert ctl.message.message.key == "r_declare_or_nothing"
        assert not state.trick
    answer(table, seat, ANSWERS[seat])
    assert seat not in ctl.pending_accusi()
    finish_hand(table)


@pytest.mark.parametrize("variant", TURN_GAMES)
def test_at_his_turn_a_person_may_declare_in_every_seat(make_table: MakeTable, variant: str) -> None:
    """Declarations at the seat's own turn: the person gets the offer at his turn, from every seat."""
    v = make_variant(variant)
    for seat in range(v.n_seats):
        table = person_at(make_table, variant, seat, seed=40 + seat)
        ctl = table.ctl
        for _ in range(ATTEMPTS):
            ctl.new_match()
            play_until(table, offered_at_his_turn(ctl, seat))
            if ctl.phase == PLAY and ctl.table.mover() == seat and ctl.model().declarable:
                break
            if ctl.phase == HAND_OVER:
                continue
        else:
            pytest.fail(f"{variant}: no deal gave seat {seat} a declaration")
        model = ctl.model()
        if ctl.window() is Window.START:
            prompt_shown(ctl, seat)
        table.put(DeclareIntent(model.declarable[0]))
        assert table.hand_state.declarations_of(seat), ctl.message.text
        finish_hand(table)


def test_real_cards_onori_round_waits_for_each_table_seat(make_table: MakeTable) -> None:
    """Real cards (every seat ``table``): the box cannot know who holds onori, so each
    seat in turn from trick 1's winner says it with the screen or its Accuso button."""
    from firmware.engine import Match, Play
    from tests.app.test_real_cards import enrol, scan

    table = make_table(variant="tressette4", seats=["table"] * 4, seed=3)
    enrol(table)
    ctl = table.ctl
    ctl.new_match()
    real = Match(make_variant("tressette4"), first_dealer=table.hand_state.dealer)
    real.start_hand({"seed": 12})
    assert real.state is not None
    for _ in range(4):  # trick 1, each seat's first legal card, scanned
        play = next(a for a in real.view_for(real.state.to_move).legal if isinstance(a, Play))
        real.apply(play)
        scan(table, play.card)
    winner = real.state.tricks[0].winner
    assert ctl.window() is Window.ONORI and ctl.onori_turn() == winner == ctl.declaring
    assert ctl.display().text == "AccU"
    lead = next(a.card for a in real.view_for(winner).legal if isinstance(a, Play))
    scan(table, lead)
    assert ctl.message.message.key == "r_onori_first"  # the lead of trick 2 waits
    for i, seat in enumerate(ctl.onori_order()):
        assert ctl.onori_turn() == seat and ctl.model().declare_prompt
        if i % 2:
            table.put(NothingToDeclare())
        else:
            table.buttons.click(seat)
            table.pump()
    assert ctl.onori_turn() is None and not ctl.pending_accusi() and not ctl.cards_wait()
    table.clock.advance(2.0)
    scan(table, lead)
    assert table.hand_state.trick, ctl.message.text


@pytest.mark.parametrize(("variant", "options"), ONORI_GAMES, ids=[g for g, _ in ONORI_GAMES])
def test_nobody_waits_for_a_decima_before_the_first_card(make_table: MakeTable, variant: str, options: dict[str, object]) -> None:
    """RULES.md §3.4: the decima may be declared right after the deal or with the onori;
    the computers do not stop every hand for it (real cards: any table seat might hold one)."""
    table = make_table(variant=variant, seats=["human"] + ["cpu:easy"] * 3, options=options, seed=2)
    ctl = table.ctl
    ctl.new_match()
    assert ctl.window() is Window.NONE and not ctl.pending_accusi() and not ctl.computers_wait()
    table.pump()
    state = table.hand_state
    assert state.trick or state.pending is not None or ctl.table.mover() == 0, "the computers went on"


@settings(max_examples=15, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.function_scoped_fixture])  # fmt: skip
@given(
    seed=st.integers(0, 10_000),
    seat=st.integers(0, 3),
    game=st.sampled_from(ONORI_GAMES),
    inputs=st.lists(st.tuples(st.sampled_from(["card", "none", "button", "declare"]), st.integers(0, 39)),
                    min_size=5, max_size=60),  # fmt: skip
)
def test_any_inputs_keep_the_onori_round_in_order_and_the_table_moving(
    make_table: MakeTable, seed: int, seat: int, game: tuple[str, dict[str, object]], inputs: list[tuple[str, int]]
) -> None:
    """Cards, *Nothing to declare*, any Accuso button, any offered declaration, in any order:
    the table never stalls (a computer acts, or the person is asked), onori stay in
    turn from trick 1's winner, and the journal replays to the same state."""
    variant, options = game
    table = person_at(make_table, variant, seat, options, seed=seed)
    ctl = table.ctl
    ctl.new_match()
    table.pump()
    for kind, x in inputs:
        if kind == "card":
            table.put(PlayCard(x))
        elif kind == "none":
            table.put(NothingToDeclare())
        elif kind == "button":
            table.buttons.click(x % 4)
            table.pump()
        elif offer := ctl.model().declarable:
            table.put(DeclareIntent(offer[x % len(offer)]))
        if ctl.phase == HAND_OVER:
            table.put(NextHand())
        if ctl.phase == PLAY:
            assert ctl.cpu_request() is None, "the queue was drained: nothing left for a computer"
            state = table.hand_state
            asked = seat in ctl.pending_accusi() or ctl.table.mover() == seat
            assert asked, f"stalled: {ctl.message.text}"
            if state.tricks:
                order = [(state.tricks[0].winner + i) % 4 for i in range(4)]
                positions = [order.index(d.seat) for d in state.declarations]
                assert positions == sorted(positions)
    journal_ok(table)


@pytest.mark.parametrize("how", ANSWERS)
def test_the_onori_prompt_goes_when_his_turn_is_over(make_table: MakeTable, how: str) -> None:
    """Tried as a player: after declaring, "Onori, seat 1: declare or Nothing" stayed on."""
    table = person_at(make_table, "tressette4", 0, {}, seed=100)
    ctl = table.ctl
    for _ in range(ATTEMPTS):
        ctl.new_match()
        play_until(table, trick_one_played(table))
        state = table.hand_state
        if ctl.phase == PLAY and len(state.tricks) == 1 and not state.trick and 0 in ctl.pending_accusi():
            break
    else:
        pytest.fail("no deal gave the person onori")
    assert ctl.message.message.key == "m_onori_turn"
    answer(table, 0, how)
    table.pump()
    assert ctl.onori_turn() is None
    assert ctl.message.message.key != "m_onori_turn"


def _two_people(variant: str, options: dict[str, object], seats: tuple[int, int]) -> list[str]:
    n = make_variant(variant, options).n_seats
    kinds = ["cpu:easy"] * n
    for s in seats:
        kinds[s] = "human"
    return kinds


@pytest.mark.parametrize(("variant", "options"), [("tressette2", {}), *ONORI_GAMES],
                         ids=["tressette2", *(g for g, _ in ONORI_GAMES)])  # fmt: skip
def test_nothing_to_declare_survives_a_power_cut(
    make_table: MakeTable, tmp_path: Path, variant: str, options: dict[str, object]
) -> None:
    """Two people with something to declare; the first says nothing, the power goes:
    the resumed table asks the second, not the first again (the pass is journalled)."""
    people = (0, 1) if variant == "tressette2" else (0, 2)
    for attempt in range(ATTEMPTS):
        state_dir = tmp_path / f"cut{attempt}"
        table = make_table(variant=variant, options=options, seats=_two_people(variant, options, people),
                           seed=attempt, state_dir=state_dir)  # fmt: skip
        ctl = table.ctl
        ctl.new_match()
        table.pump()
        if variant != "tressette2":
            play_until(table, trick_one_played(table))
        first = ctl.onori_turn() if ctl.window() is Window.ONORI else people[0]
        if ctl.phase != PLAY or first not in people or first not in ctl.pending_accusi():
            table.close()
            continue
        second = people[1] if first == people[0] else people[0]
        if not ctl.declarations.possible(second):
            table.close()
            continue
        break
    else:
        pytest.fail("no deal gave both people something to declare")
    assert ctl.nothing_to_declare(first).accepted
    table.pump()
    assert first in ctl.accusi_done
    assert table.match.passed() == {first}
    n_actions = len(list(table.journal.iter_actions(table.match_id)))
    table.close()  # the power goes

    again = make_table(variant=variant, options=options, seats=_two_people(variant, options, people),
                       seed=attempt, state_dir=state_dir)  # fmt: skip
    assert again.ctl.boot()
    ctl2 = again.ctl
    assert ctl2.message.message.key in ("m_resumed", "m_onori_turn")  # then whose turn it is
    assert len(list(again.journal.iter_actions(again.match_id))) == n_actions
    assert first not in ctl2.pending_accusi(), "the first person is not asked again"
    assert ctl2.pending_accusi() == {second}
    if ctl2.window() is Window.ONORI:
        assert ctl2.onori_turn() == second
    again.ctl.nothing_to_declare(second)
    again.pump()
    while ctl2.phase == PLAY:
        if not again.human_plays():
            again.pump()
            if ctl2.phase == PLAY and ctl2.cpu_request() is None and not again.human_plays():
                ctl2.nothing_to_declare(ctl2.onori_turn() or 0)
    journal_ok(again)
