"""The coach's core: hints and ratings from a seat's view, in every preset (docs/coach.md)."""

from __future__ import annotations

import pytest

from firmware.coach import KEYS, NOISE_Z, THRESHOLDS, Coach, accuracy, mark_of, play_score
from firmware.coach.core import RATE_WORLDS, loss_scale
from firmware.coach.reasons import CardRef, reason_for
from firmware.engine import PRESETS, HandState, Match, Play, make_variant, view_for
from firmware.engine.cards import card_list
from firmware.players import make_player
from firmware.players.hard import HardPlayer, exact_endgame
from firmware.players.solver import brute_force
from tests.players.conftest import play_hand
from ui.i18n import LANGUAGES, tr

WORLDS = 4  # small fixed budget: tests have no clock


def _decisions(name: str, seed: int, every: int = 1, options: dict[str, object] | None = None) -> list[HandState]:
    """Positions of a hand played by the normal level where the mover has a card choice."""
    match = Match(make_variant(name, options or {}))
    n = match.variant.n_seats
    out: list[HandState] = []
    count = [0]

    def grab(state: HandState, seat: int) -> None:
        if state.pending is None and state.legal_mask().bit_count() > 1:
            count[0] += 1
            if count[0] % every == 0:
                out.append(state.copy())

    play_hand(match, [make_player("normal", seed=s) for s in range(n)], seed=seed, on_decision=grab)
    return out


OTHER_SHAPES: list[tuple[str, dict[str, object]]] = [
    ("treseta4", {"signals": "alternative", "signal_by": "anyone"}),
    ("treseta_hr", {"signals": "alternative"}),
    ("tressette4", {"signals": "none"}),
    ("briscola", {"signal_by": "anyone"}),
    ("ciapano", {"players": 3}),
    ("ciapano", {"players": 2}),
    ("terziglio3", {"widow": "dealt"}),
    ("treschetten2", {"open_draws": "hidden"}),
    ("chiamata", {"call": "alone"}),
]


@pytest.mark.parametrize(("name", "options"), [(n, dict[str, object]()) for n in sorted(PRESETS)] + OTHER_SHAPES)
def test_hint_and_rating_in_every_preset(name: str, options: dict[str, object]) -> None:
    coach = Coach(seed=1, worlds=WORLDS)
    positions = _decisions(name, seed=5, every=3, options=options)
    assert positions
    for state in positions:
        seat = state.to_move
        view = view_for(state, seat)
        ev = coach.evaluate(view)
        legal = {a.card for a in view.legal if isinstance(a, Play)}
        assert set(ev.cards) == legal
        assert ev.best in legal and ev.loss_of(ev.best) == 0.0
        assert all(x >= 0.0 for x in ev.losses)
        hint = coach.hint(view)
        assert isinstance(hint.action, Play) and hint.action.card == ev.best
        offered = dict(view.signal_options).get(ev.best, ())
        assert set(hint.action.signals) <= set(offered)
        assert hint.reason.key in KEYS
        for card in legal:
            rated = coach.rated(view, ev, card)
            assert rated.loss == ev.loss_of(card)
            scale = loss_scale(view.variant)  # Briscola's 120 points against tressette's 11
            assert rated.mark == mark_of(rated.loss, rated.noise, hint=card == ev.best, scale=scale)
            assert rated.best == ev.best == hint.action.card
            if rated.mark != "best":
                assert rated.best != card
            else:  # best: the hint's card, or worth the same within the rating's noise
                assert card == ev.best or rated.loss <= NOISE_Z * rated.noise
            assert rated.reason.key in KEYS


def test_hint_is_the_hard_players_card() -> None:
    """While cards are hidden, the hint is exactly what the hard player plays (same seed,
    worlds) when it searches every card in every world, as the coach must to rate each
    card: the hard level without racing (docs/players.md)."""
    coach = Coach(seed=3, worlds=WORLDS)
    checked = 0
    for name in ("tressette2", "treseta4", "terziglio3"):
        for state in _decisions(name, seed=8, every=2):
            view = view_for(state, state.to_move)
            if exact_endgame(view):
                continue
            hint = coach.hint(view)
            hard = HardPlayer(seed=coach._salt(view), worlds=WORLDS)
            hard.racing = False
            assert hard.choose(view) == hint.action
            checked += 1
    assert checked > 10


@pytest.mark.parametrize("worlds", [1, WORLDS])
def test_in_two_handed_ciapano_the_hint_is_the_hard_players_deeper_search(worlds: int) -> None:
    """Every card placed (seeds 001, 003: all forty dealt): the coach rates with the hard
    player's search of the one world, the same leaves for the same worlds, so the hint is
    the card hard plays (its racing plays no part there), at the smallest budget too."""
    coach = Coach(seed=3, worlds=worlds)
    positions = _decisions("ciapano", seed=8, every=2, options={"players": 2})
    assert len(positions) > 10
    for state in positions:
        view = view_for(state, state.to_move)
        ev = coach.evaluate(view)
        assert ev.method == "searched"
        hard = HardPlayer(seed=coach._salt(view), worlds=worlds)
        assert hard.choose(view) == coach.hint(view).action == Play(state.to_move, ev.best)


def test_a_searched_loss_to_the_last_card_is_the_points_plain_minimax_finds() -> None:
    """Two-handed Ciapanò near the end: the search reaches the last card, and a card's loss
    is the points (thirds / 3, unfloored: the margin the search compares) it takes more
    than the best card, as plain minimax counts them."""
    coach = Coach(seed=0, worlds=64)
    seen_loss = checked = 0
    for seed in range(10):
        for state in _decisions("ciapano", seed=seed, options={"players": 2}):
            if max(h.bit_count() for h in state.hands) > 3:
                continue
            side = state.hand_sides[state.to_move]
            ev = coach.evaluate(view_for(state, state.to_move))
            assert ev.method == "searched"
            taken = {}
            for c in card_list(state.legal_mask()):
                child = state.copy()
                child.play_fast(c)
                taken[c] = brute_force(child, side, avoid=True)
            least = min(taken.values())
            for c, thirds in taken.items():
                assert ev.loss_of(c) == pytest.approx((thirds - least) / 3), (state.hands, c)
                seen_loss += thirds > least
            checked += 1
    assert checked > 10 and seen_loss


def _exact_positions(max_cards: int) -> list[HandState]:
    out = []
    for seed in range(12):
        for state in _decisions("tressette2", seed=seed):
            if state.talon_left == 0 and state.hands[state.to_move].bit_count() <= max_cards:
                out.append(state)
    return out


def test_exact_loss_is_the_floored_points_brute_force_finds() -> None:
    """Talon empty, two seats: the loss is whole points, as plain minimax counts them."""
    coach = Coach(seed=0, worlds=WORLDS)
    positions = _exact_positions(4)
    assert len(positions) > 10
    seen_loss = False
    for state in positions:
        seat = state.to_move
        ev = coach.evaluate(view_for(state, seat))
        assert ev.method == "exact"
        side = state.hand_sides[seat]
        floored = {}
        for c in card_list(state.legal_mask()):
            child = state.copy()
            child.play_fast(c)
            floored[c] = brute_force(child, side) // 3
        top = max(floored.values())
        for c, pts in floored.items():
            assert ev.loss_of(c) == float(top - pts), (state.hands, c)
            seen_loss |= top > pts
    assert seen_loss


def test_marks_follow_the_documented_thresholds() -> None:
    assert mark_of(0.0) == "best"
    assert mark_of(THRESHOLDS[0] - 0.01) == "good"  # measurably worse than the hint: not best
    assert mark_of(THRESHOLDS[0] - 0.01, hint=True) == "best"
    assert mark_of(0.2, 0.2) == "best"  # within one standard error: the same worth
    assert mark_of(0.2, 0.19) == "good"
    assert mark_of(THRESHOLDS[0], 1.0) == "inaccuracy"  # noise never hides a quarter point
    assert mark_of(THRESHOLDS[0]) == "inaccuracy"
    assert mark_of(THRESHOLDS[1]) == "mistake"
    assert mark_of(THRESHOLDS[2]) == "blunder"
    assert mark_of(11.0) == "blunder"
    assert play_score(0.0) == 1.0 and play_score(THRESHOLDS[2]) == 0.0
    assert accuracy([]) is None
    assert accuracy([0.0, 0.0]) == 100.0
    assert accuracy([0.0, 5.0]) == 50.0


def test_the_same_view_is_rated_the_same() -> None:
    """Deterministic at a fixed budget: the seed comes from the coach and the position."""
    for state in _decisions("tressette2", seed=2, every=4):
        view = view_for(state, state.to_move)
        a = Coach(seed=4, worlds=RATE_WORLDS).evaluate(view)
        b = Coach(seed=4, worlds=RATE_WORLDS).evaluate(view)
        assert a == b


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_reason_key_is_in_the_catalogue(lang: str) -> None:
    for key in KEYS:
        text = tr(key, lang, card="X", keep="Y", suit="S", signal="busso", worth="⅓", points="1", n=3)
        assert not text.startswith("?")
    for mark in ("forced", "best", "good", "inaccuracy", "mistake", "blunder"):
        assert not tr("m_" + mark, lang).startswith("?")


def test_reasons_state_facts_of_the_view() -> None:
    """A top-card reason is only given when no card still out beats it; a load only for a partner."""
    from firmware.players.knowledge import count, is_top

    for name in ("tressette2", "treseta4"):
        for state in _decisions(name, seed=9):
            view = view_for(state, state.to_move)
            for card in {a.card for a in view.legal if isinstance(a, Play)}:
                r = reason_for(view, card, "sampled")
                assert r.arg("card") == CardRef(card)
                if r.key == "c_top":
                    assert not view.trick and is_top(card, count(view))
                if r.key in ("c_load", "c_partner_holds"):
                    assert view.variant.n_seats == 4


def test_a_waiting_seat_gets_no_card_hint() -> None:
    """Not the seat's turn (it may only declare): no card to hint or rate."""
    match = Match(make_variant("tressette2"))
    state = match.start_hand(seed=1)
    view = view_for(state, 1 - state.to_move)
    assert not view.my_turn
    with pytest.raises(ValueError):
        Coach(worlds=WORLDS).hint(view)
    with pytest.raises(ValueError):
        Coach(worlds=WORLDS).evaluate(view)


def test_a_partners_signal_is_a_reason_in_treseta4() -> None:
    """Signals included: leading the suit the partner asked for with busso names the signal."""
    from firmware.coach.reasons import SignalRef, SuitRef
    from firmware.engine import SUIT
    from firmware.players.signals import partner_request

    found = 0
    for seed in range(3):
        for state in _decisions("treseta4", seed=seed):
            view = view_for(state, state.to_move)
            for card in {a.card for a in view.legal if isinstance(a, Play)}:
                r = reason_for(view, card, "sampled")
                if r.key == "c_partner_asked":
                    asked = partner_request(view)
                    assert r.arg("suit") == SuitRef(SUIT[card]) and asked == SUIT[card]
                    assert r.arg("signal") in (SignalRef("busso"), SignalRef("striscio"))
                    found += 1
    assert found > 0
