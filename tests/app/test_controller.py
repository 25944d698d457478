"""The table controller through its one queue, with the HAL's simulated hardware."""

from __future__ import annotations

import random
from collections.abc import Mapping
from pathlib import Path
from typing import Any, NoReturn

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from firmware.app.controller import HAND_OVER, MATCH_OVER, PLAY
from firmware.app.events import PlayerMoved
from firmware.engine import PRESETS, Action, Declare, Play, View, make_variant
from firmware.engine.records import replay
from firmware.engine.seating import SeatSpec
from firmware.players import Player
from firmware.store import StoreError
from hal.events import ButtonPressed
from tests.app.conftest import MakeTable, Table
from tests.uishare import shared
from ui.i18n import CardName, msg
from ui.intents import Declare as DeclareIntent
from ui.intents import NewGame, NextHand, PlayCard, SeatSetup


def journal_ok(table: Table) -> None:
    """The journal's record replays to the controller's totals; indices are contiguous."""
    ctl = table.ctl
    rows = list(table.journal.iter_actions(table.match_id))
    per_hand: dict[int, list[int]] = {}
    for hand, idx, _ in rows:
        per_hand.setdefault(hand, []).append(idx)
    for idxs in per_hand.values():
        assert idxs == list(range(len(idxs)))
    if ctl.match is not None:
        rebuilt = replay(table.journal.record(table.match_id))
        assert rebuilt.totals == table.match.totals
        assert [len(h.actions) for h in rebuilt.hands] == [len(h.actions) for h in table.match.hands]


def play_out(table: Table, *, max_steps: int = 5000) -> None:
    """Play the match to its end: the human plays its first legal card, opens its
    accusi with its Accuso button and declares the first offer, and presses the
    menu button to deal the next hand."""
    ctl = table.ctl
    for _ in range(max_steps):
        if ctl.phase == MATCH_OVER:
            return
        if ctl.phase == HAND_OVER:
            table.buttons.click("menu")  # the first press says "again to deal"
            table.pump()
            assert ctl.phase == HAND_OVER and table.hw.display.text == "dEAL"
            table.buttons.click("menu")
            table.pump()
            continue
        humans = [s for s, spec in enumerate(ctl.seats) if spec.kind == "human"]
        pending = ctl.pending_accusi() & set(humans)
        if pending:
            seat = min(pending)
            can_declare = bool(ctl.declarations.possible(seat))
            if ctl.declaring != seat:  # the onori round opens the choice by itself
                table.buttons.click(seat)
                table.pump()
            if not can_declare:  # the button says "nothing to declare" and the window passes
                assert seat not in ctl.pending_accusi()
                continue
            assert ctl.declaring == seat
            offer = ctl.model().declarable
            assert offer, "the screen offers the combinations in the hand"
            table.put(DeclareIntent(offer[0]))
            if ctl.declaring == seat:  # more to declare: close with the button
                table.buttons.click(seat)
                table.pump()
            continue
        if table.human_plays():
            continue
        table.pump()
        if ctl.cpu_request() is None and not table.human_plays() and ctl.phase == PLAY:
            raise AssertionError(f"stuck: {ctl.message.text}")
    raise AssertionError("the match did not end")


@pytest.mark.parametrize("variant", sorted(PRESETS))
def test_full_match_per_variant(make_table: MakeTable, variant: str) -> None:
    n = make_variant(variant).n_seats
    seats = ["human"] + ["cpu:easy"] * (n - 1)
    table = make_table(variant=variant, seats=seats, seed=7)
    table.ctl.new_match()
    table.pump()
    play_out(table)
    ctl = table.ctl
    row = table.row()
    assert row.finished is not None and row.winner == ctl.winner
    assert row.totals == ctl.totals
    journal_ok(table)
    assert ctl.display().win
    assert table.hw.display.blinking or ctl.blink_seq > 0


def count(table: Table) -> int:
    return len(list(table.journal.iter_actions(table.match_id)))


def test_refusals_are_shown_and_nothing_is_recorded(make_table: MakeTable) -> None:
    table = make_table(seed=3)
    ctl = table.ctl
    ctl.new_match()
    ctl.accusi_done.add(0)  # the human has nothing more to declare
    table.pump()
    if table.hand_state.to_move != 0:  # pragma: no branch - depends on the seed
        n, blinks = count(table), ctl.blink_seq
        table.put(PlayCard(table.hand_state.hand_of(0)[0]))
        assert ctl.message.level == "refusal" and "turn" in ctl.message.text
        assert count(table) == n and ctl.blink_seq == blinks + 1
        table.pump()
    assert table.hand_state.to_move == 0
    theirs = table.hand_state.hand_of(1)[0]
    n, blinks = count(table), ctl.blink_seq
    table.put(PlayCard(theirs))
    assert ctl.message.message == msg("e_not_held", card=CardName("italian", theirs))  # the screen words it
    assert ctl.message.text == f"You do not hold {make_variant('tressette2').deck.name_of(theirs, 'en')}"
    assert ctl.blink_seq == blinks + 1 and count(table) == n
    assert table.hw.display.blinking


def test_follow_suit_refusal_reads_well(follow_suit_table: tuple[Table, int, list[int]]) -> None:
    table, wrong, _ = follow_suit_table
    ctl = table.ctl
    n = count(table)
    table.put(PlayCard(wrong))
    assert ctl.message.message.key == "e_follow_suit"
    assert ctl.message.text.startswith("You must follow suit: you hold")
    assert table.hand_state.to_move == 0 and count(table) == n


def test_write_before_apply(make_table: MakeTable, monkeypatch: pytest.MonkeyPatch) -> None:
    table = make_table(seed=5)
    ctl = table.ctl
    ctl.new_match()
    ctl.accusi_done.add(0)
    table.pump()
    seen: list[bool] = []
    real = table.journal.add_action

    def spy(match: int, hand: int, idx: int, action: Mapping[str, Any]) -> None:
        # the engine has not applied the action yet when it is written
        seen.append(len(table.match.hands[hand].actions) == idx)
        real(match, hand, idx, action)

    monkeypatch.setattr(table.journal, "add_action", spy)
    while ctl.phase == PLAY and len(seen) < 6:
        if not table.human_plays():
            table.pump()
    assert seen and all(seen)

    def broken(*a: object, **k: object) -> NoReturn:
        raise StoreError("disk full")

    monkeypatch.setattr(table.journal, "add_action", broken)
    state = table.hand_state
    mover = ctl.table.mover()
    assert mover is not None
    n_before = len(table.match.hands[-1].actions)
    legal = next(a for a in table.match.view_for(mover).legal if isinstance(a, Play))
    out = ctl.submit(legal)
    assert not out.accepted and "could not record" in out.reason.lower()
    assert len(table.match.hands[-1].actions) == n_before and table.hand_state is state


def test_accuso_button_opens_declaration_and_cpu_waits(make_table: MakeTable) -> None:
    for seed in range(200):
        table = make_table(seed=seed)
        ctl = table.ctl
        ctl.new_match()
        table.pump()
        if 0 in ctl.pending_accusi():
            break
        table.close()
    else:  # pragma: no cover
        pytest.skip("no deal with accusi for the human")
    assert ctl.display().text == "AccU"
    assert table.hw.display.text == "AccU"
    # the computer does not play while the human may still declare
    if table.hand_state.to_move == 1:
        request = ctl.cpu_request()
        assert request is None or request.kind == "declare"
    table.put(ButtonPressed("seat0"))
    assert ctl.declaring == 0
    model = ctl.model()
    assert model.declarable and all(isinstance(d, Declare) and d.seat == 0 for d in model.declarable)
    table.put(DeclareIntent(model.declarable[0]))
    kinds = [a for _, _, a in table.journal.iter_actions(table.match_id) if "declare" in a and a["seat"] == 0]
    assert kinds
    # close (press again) if something is left, then the display shows scores again
    if ctl.declaring == 0:
        table.put(ButtonPressed("seat0"))
    assert not ctl.accusi_open()
    assert ctl.display().scores is not None


def test_accuso_button_of_a_computer_seat_is_refused(make_table: MakeTable) -> None:
    table = make_table()
    table.ctl.new_match()
    table.pump()  # the computer plays until it is the person's turn
    table.put(ButtonPressed("seat1"))
    assert "computer" in table.ctl.message.text


def test_stale_computer_answer_is_ignored(make_table: MakeTable) -> None:
    table = make_table(seats=["cpu:easy", "cpu:easy"], seed=2)
    ctl = table.ctl
    ctl.new_match()
    # no pump: nobody thought yet; an answer for an old generation arrives
    mover = table.hand_state.to_move
    card = table.hand_state.hand_of(mover)[0]
    ctl.handle(PlayerMoved(mover, (Play(mover, card),), ctl.generation - 1))
    assert list(table.journal.iter_actions(table.match_id)) == []


def test_illegal_computer_answer_falls_back_to_a_legal_card(make_table: MakeTable) -> None:
    table = make_table(seats=["cpu:easy", "cpu:easy"], options={"accusi": False}, seed=2)
    ctl = table.ctl
    ctl.new_match()
    mover = table.hand_state.to_move
    other = table.hand_state.hand_of(1 - mover)[0]
    ctl.handle(PlayerMoved(mover, (Play(mover, other),), ctl.generation))
    assert len(list(table.journal.iter_actions(table.match_id))) == 1


def test_new_game_keeps_the_old_one_as_history(make_table: MakeTable) -> None:
    table = make_table(seed=4)
    ctl = table.ctl
    ctl.new_match()
    first = table.match_id
    table.put(NewGame("tressette2", {"target": 31}, (SeatSetup("human", None), SeatSetup("computer", "hard"))))
    assert ctl.match_id != first
    assert [str(x) for x in ctl.seats] == ["human", "cpu:hard"]
    assert table.match.variant.target == 31
    old = table.row(first)
    assert old.finished is not None and old.winner is None
    unfinished = table.journal.unfinished()
    assert unfinished is not None and unfinished.id == ctl.match_id


def test_bad_new_game_is_refused(make_table: MakeTable) -> None:
    table = make_table()
    table.put(NewGame("tressette2", {"target": 22}))
    assert table.ctl.message.level == "refusal" and "target" in table.ctl.message.text
    assert table.ctl.match_id is None


def test_resume_continues_exactly_where_it_stopped(make_table: MakeTable, tmp_path: Path) -> None:
    state_dir = tmp_path / "resume"
    t1 = make_table(state_dir=state_dir, seed=11)
    t1.ctl.new_match()
    t1.pump()
    for _ in range(15):
        if 0 in t1.ctl.pending_accusi():
            t1.ctl.accusi_done.add(0)
        if not t1.human_plays():
            t1.pump()
    mid = t1.match_id
    view1 = t1.match.view_for(0)
    n1 = len(list(t1.journal.iter_actions(mid)))
    t1.close()

    t2 = make_table(state_dir=state_dir, seed=99)
    assert t2.ctl.boot()
    ctl2 = t2.ctl
    assert ctl2.match_id == mid
    assert ctl2.message.message.key == "m_resumed"
    view2 = t2.match.view_for(0)
    assert (view2.hand, view2.trick, view2.tricks, view2.to_move) == (
        view1.hand, view1.trick, view1.tricks, view1.to_move)  # fmt: skip
    assert len(list(t2.journal.iter_actions(mid))) == n1
    ctl2.accusi_done.add(0)
    play_out(t2)
    journal_ok(t2)


def test_resume_after_a_hand_ended_waits_for_next_hand(make_table: MakeTable, tmp_path: Path) -> None:
    state_dir = tmp_path / "resume2"
    t1 = make_table(state_dir=state_dir, seed=12, seats=["human", "cpu:easy"])
    t1.ctl.new_match()
    while t1.ctl.phase != HAND_OVER:
        if 0 in t1.ctl.pending_accusi():
            t1.ctl.accusi_done.add(0)
        if not t1.human_plays():
            t1.pump()
    mid = t1.ctl.match_id
    totals = t1.ctl.totals
    t1.close()
    t2 = make_table(state_dir=state_dir)
    assert t2.ctl.boot()
    assert t2.ctl.phase == HAND_OVER and t2.ctl.totals == totals and t2.ctl.match_id == mid
    t2.put(NextHand())
    assert t2.ctl.phase == PLAY and len(t2.match.hands) == 2


def test_the_last_hand_s_news_does_not_follow_into_the_next(make_table: MakeTable) -> None:
    """Tried as a player: "Tocca a te · Fine della mano: 4-7" stood on into the next hand."""
    table = make_table(seed=12, seats=["human", "cpu:easy"])
    table.ctl.new_match()
    while table.ctl.phase != HAND_OVER:
        if 0 in table.ctl.pending_accusi():
            table.ctl.accusi_done.add(0)
        if not table.human_plays():
            table.pump()
    assert table.ctl.message.message.key == "m_hand_over"
    table.put(NextHand())
    assert table.ctl.phase == PLAY
    assert table.ctl.message.message.key != "m_hand_over"


def test_menu_long_hold_requests_power_off(make_table: MakeTable) -> None:
    table = make_table()
    table.ctl.new_match()
    table.buttons.hold("menu", 10.5)
    table.pump()
    assert table.ctl.power_off_requested
    assert table.ctl.stopping == "power-off"


def test_display_shows_scores_and_seat_to_play(make_table: MakeTable) -> None:
    table = make_table(seats=["cpu:easy", "cpu:easy"], options={"accusi": False})
    table.ctl.new_match()
    table.pump()
    assert table.hw.display.text.count(":") == 1 or table.ctl.phase != PLAY
    t4 = make_table(variant="ciapano", seats=["human"] + ["cpu:easy"] * 3)
    t4.ctl.new_match()
    t4.pump()
    ds = t4.ctl.display()
    mover = t4.ctl.table.mover()
    assert mover is not None
    assert ds.text == f"{mover + 1}-{t4.ctl.totals[mover]:02d}"


def test_bounce_storms_make_one_accuso_per_press(make_table: MakeTable) -> None:
    """Contacts bouncing for up to 25 ms: each physical press opens/closes once."""
    table = make_table(seed=1)
    ctl = table.ctl
    for seed in range(200):
        ctl.opts.seed = seed
        ctl.new_match()
        table.pump()
        if 0 in ctl.pending_accusi():
            break
    buttons = table.buttons
    rng = random.Random(1234)
    toggles: list[int | None] = []
    refusals: list[int] = []
    blinks = ctl.blink_seq
    for press in range(9):
        t = table.clock() + 1.0
        table.clock.set(t)
        level = True
        buttons.edge("seat0", True, t)
        for _ in range(rng.randrange(3, 30)):  # the storm
            t += rng.uniform(0.0001, 0.0009)
            level = not level
            buttons.edge("seat0", level, t)
        buttons.edge("seat0", True, t + 0.0005)
        table.clock.set(t + 0.2)
        buttons.tick()
        buttons.edge("seat0", False, t + 0.3)  # released, and it bounces on release too
        buttons.edge("seat0", True, t + 0.3002)
        buttons.edge("seat0", False, t + 0.3004)
        table.clock.set(t + 0.5)
        buttons.tick()
        table.pump()
        toggles.append(ctl.declaring)
        refusals.append(ctl.blink_seq - blinks)
        blinks = ctl.blink_seq
        if press == 0:
            assert ctl.declaring == 0
    # each storm is one press: open, close (the computer then leads, the window
    # shuts), then one clear refusal per press -- never a double toggle or refusal
    assert toggles == [0] + [None] * 8
    assert refusals == [0, 0] + [1] * 7
    assert ctl.message.message.key == "e_accusi_before_first"


def test_menu_hold_3s_goes_home_and_continue_resumes(make_table: MakeTable) -> None:
    from ui.intents import Continue

    table = make_table(seed=8)
    ctl = table.ctl
    ctl.new_match()
    ctl.accusi_done.add(0)
    table.pump()
    if not table.human_plays():
            table.pump()
    before = table.match.view_for(0)
    table.buttons.hold("menu", 3.2)
    table.pump()
    assert ctl.phase == "home" and ctl.model().resumable and not ctl.model().in_game
    table.put(Continue())
    after = table.match.view_for(0)
    assert ctl.phase == PLAY and (after.hand, after.trick) == (before.hand, before.trick)


def test_set_level_changes_the_computer_and_is_kept_for_resume(make_table: MakeTable, tmp_path: Path) -> None:
    from ui.intents import SetLevel

    table = make_table(state_dir=tmp_path / "lv", seed=2)
    table.ctl.new_match()
    table.put(SetLevel(1, "hard"))
    assert [str(x) for x in table.ctl.seats] == ["human", "cpu:hard"]
    assert table.row().seats == ["human", "cpu:hard"]
    table.put(SetLevel(1, "genius"))  # type: ignore[arg-type]  # a level there is not: refused
    assert table.ctl.message.level == "refusal" and str(table.ctl.seats[1]) == "cpu:hard"


def test_a_computer_that_raises_does_not_stall_the_table(make_table: MakeTable) -> None:
    class Broken:
        name = "broken"

        def choose(self, view: View) -> Action:
            raise RuntimeError("bug in the player")

        def declarations(self, view: View) -> list[Declare]:
            raise RuntimeError("bug in the player")

    def broken_players(spec: SeatSpec, *, seed: int, think_ms: int | None = None) -> Player:
        return Broken()

    table = make_table(seats=["cpu:easy", "cpu:easy"], seed=6)
    table.seats.player_factory = broken_players
    table.ctl.new_match()
    table.pump()
    for _ in range(10):
        table.pump()
    assert len(list(table.journal.iter_actions(table.match_id))) >= 10  # fallback cards


@settings(max_examples=12, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.function_scoped_fixture])  # fmt: skip
@given(seed=st.integers(0, 10_000), taps=st.lists(st.integers(0, 39), min_size=5, max_size=40))
def test_random_taps_never_corrupt_the_journal(make_table: MakeTable, seed: int, taps: list[int]) -> None:
    """Whatever the person taps (mostly illegal cards), the journal replays to the same state."""
    table = make_table(seed=seed, seats=["human", "cpu:easy"])
    ctl = table.ctl
    ctl.new_match()
    for card in taps:
        if 0 in ctl.pending_accusi():
            table.put(ButtonPressed("seat0"))
            table.put(ButtonPressed("seat0"))
        table.put(PlayCard(card))
        if ctl.phase == HAND_OVER:
            table.put(NextHand())
    journal_ok(table)
    rebuilt = replay(table.journal.record(table.match_id))
    assert rebuilt.view_for(0) == table.match.view_for(0)


def test_a_refusal_goes_stale_with_the_next_accepted_action(make_table: MakeTable) -> None:
    # "Wait, seat 2 plays" must not stay on screen once it is the person's turn.
    table = make_table(seed=3)
    ctl = table.ctl
    ctl.new_match()
    ctl.accusi_done.add(0)
    table.pump()
    assert table.hand_state.to_move == 0
    table.put(PlayCard(table.hand_state.hand_of(1)[0]))  # not held: refused
    assert ctl.message.level == "refusal"
    assert table.human_plays()
    assert ctl.message.level != "refusal"


def test_new_game_offers_the_table_that_was_played(make_table: MakeTable) -> None:
    import pygame

    from ui.app import UIApp

    pygame.display.init()
    table = make_table(seats=["human", "cpu:hard"], variant="treschetten2", options={"target": 41})
    ui = shared(UIApp(pygame.Surface((800, 480)), sounds=False))
    table.loop.ui = ui
    table.loop.refresh(force=True)  # before any match: the settings' game
    first = ui.home.new_game_intent()
    assert (first.variant, first.options["target"]) == ("treschetten2", 41)
    assert first.seats == (SeatSetup("human", None), SeatSetup("computer", "hard"))
    table.put(NewGame("tressette2", {}, (SeatSetup("computer", "easy"), SeatSetup("human", None))))
    table.loop.refresh(force=True)
    intent = ui.home.new_game_intent()
    assert intent.variant == "tressette2"
    assert intent.seats == (SeatSetup("computer", "easy"), SeatSetup("human", None))


def test_the_hand_that_wins_a_best_of_two_game_shows_its_totals_on_screen_and_display(make_table: MakeTable) -> None:
    """Found playing treschetten2 best of two by touch: after the hand that won game 1 the
    count said "Total 0 0" and the LED 00:00 (the match counts from 0 for game 2)."""
    import ui.intents as ui
    from firmware.app.controller import HAND_OVER

    table = make_table(variant="treschetten2", seats=["cpu:easy", "cpu:easy"],
                       options={"match_format": "best_of_two", "zu_tun": False}, seed=3)
    ctl = table.ctl
    ctl.new_match()
    table.pump()
    for _ in range(40):
        assert ctl.phase == HAND_OVER
        games = len(table.match.game_winners)
        if games == 1 and table.match.totals == [0, 0]:
            break
        table.put(ui.NextHand())
    else:
        raise AssertionError("no game decided in 40 hands")
    counted = list(table.match.counted_totals)
    assert max(counted) >= 31
    assert list(ctl.model().totals) == counted
    assert ctl.display().scores == (counted[0], counted[1])
    table.put(ui.NextHand())  # game 2 counts from 0 (the computers play the hand out)
    assert table.hand_state.prior == (0, 0)
    assert list(ctl.model().totals) == list(table.match.totals)


def test_the_hand_that_wins_a_best_of_two_game_says_who_won_it_and_the_games(make_table: MakeTable) -> None:
    """Played by touch (RULES.md §3.2, seed 000's best of two): the end of the hand that won a
    game never said whose game it was nor the games score. The engine says both
    (Match.hand_decided, Match.games_won); the screen only words them."""
    import ui.intents as ui
    from firmware.app.controller import HAND_OVER
    from ui.i18n import tr

    table = make_table(variant="treschetten2", seats=["cpu:easy", "cpu:easy"],
                       options={"match_format": "best_of_two", "zu_tun": False}, seed=3)
    ctl = table.ctl
    ctl.new_match()
    table.pump()
    for _ in range(40):
        assert ctl.phase == HAND_OVER
        model = ctl.model()
        if table.match.hand_decided is not None:
            break
        assert model.game_won_by == () and model.games_won == (0, 0)
        table.put(ui.NextHand())
    else:
        raise AssertionError("no game decided in 40 hands")
    winner = table.match.hand_decided.winners
    assert model.game_won_by == winner
    assert sum(model.games_won) == 1 and model.games_won[winner[0]] == 1
    table.put(ui.NextHand())
    assert table.match.hand_decided is None and ctl.model().game_won_by == ()
    assert tr("games_won_row", "it")  # the row's name exists in the catalogue


def test_a_single_game_match_has_no_games_score(make_table: MakeTable) -> None:
    table = make_table(variant="treschetten2", seats=["cpu:easy", "cpu:easy"], seed=3)
    table.ctl.new_match()
    table.pump()
    assert table.ctl.model().games_won == ()
