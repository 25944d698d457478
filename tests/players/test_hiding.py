"""A player reads nothing but its view (RULES.md §4).

For positions from seeded games, the hidden cards of the other seats and the
talon are dealt again in many ways consistent with the view (the seat's own
``determinize``): the world must show the very same view, and a player with
the same seed must choose the same action in every such world.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from firmware.engine import HandState, Match, View, make_variant, view_for
from firmware.players import LEVELS, Player, make_player
from firmware.players.determinize import Sampler, determinize, hidden_constraints
from firmware.players.reference import ReferencePlayer
from tests.players.conftest import REFERENCE_PLIES, play_hand

CASES = [
    ("tressette2", {}),
    ("treschetten2", {}),
    ("treschetten2", {"open_draws": "hidden"}),
    ("treseta4", {}),
    ("tressette4", {}),
    ("briscola", {}),
    ("chiamata", {}),
    ("terziglio3", {}),
    ("briskula2", {}),
    ("briskula4", {}),
]


def _positions(name: str, options: dict[str, object], seed: int, every: int) -> list[HandState]:
    match = Match(make_variant(name, options))
    n = match.variant.n_seats
    players = [make_player("normal", seed=s) for s in range(n)]
    out: list[HandState] = []
    count = [0]

    def grab(state: HandState, seat: int) -> None:
        count[0] += 1
        if count[0] % every == 0:
            out.append(state.copy())

    play_hand(match, players, seed=seed, on_decision=grab)
    return out


def _telling_positions(name: str) -> Iterator[tuple[View, HandState, int, int]]:
    """(view, true state, the opponent, its cards face down) at the positions of 12 seeded
    normal hands where the talon's inference is judged (``inferencebench.telling``)."""
    from tools.bench.inference import telling

    for seed in range(31, 43):
        for state in _positions(name, {}, seed=seed, every=3):
            view = view_for(state, state.to_move)
            if telling(view, state):
                opp = 1 - view.seat
                yield view, state, opp, state.hands[opp] & ~state.known[opp]


@pytest.mark.parametrize(("name", "options"), CASES)
def test_worlds_show_the_same_view_and_respect_voids(name: str, options: dict[str, object]) -> None:
    rng = random.Random(3)
    for state in _positions(name, options, seed=11, every=3):
        seat = state.to_move
        view = view_for(state, seat)
        allowed = hidden_constraints(view)
        for _ in range(8):
            world = determinize(view, rng)
            assert view_for(world, seat) == view
            for other in range(state.n):
                if other != seat:
                    hidden = world.hands[other] & ~world.known[other]
                    assert hidden & ~allowed[other] == 0


@pytest.mark.parametrize(("name", "options"), CASES)
def test_a_sampler_deals_what_determinize_deals_world_after_world(
    name: str, options: dict[str, object]
) -> None:
    """The per-decision sampler (its view's part worked out once) draws the same
    worlds as ``determinize``, also after earlier worlds were played on."""
    for state in _positions(name, options, seed=13, every=3):
        seat = state.to_move
        view = view_for(state, seat)
        sampler = Sampler(view)
        fresh, reused = random.Random(4), random.Random(4)
        for _ in range(4):
            world = sampler(reused)
            expected = determinize(view, fresh)
            assert view_for(world, seat) == view
            assert (world.hands, world.talon, world.aside, world.hand_sides) == (
                expected.hands, expected.talon, expected.aside, expected.hand_sides
            )
            while not world.over and world.pending is None:  # play the world out
                legal = world.legal_mask()
                world.play_fast((legal & -legal).bit_length() - 1)


def _player(spec: str) -> Player:
    """The level ``spec``; the reference at the legality test's depth (its search reads the
    worlds it samples from the view, never the table, at any depth)."""
    player = make_player(spec, seed=9, worlds=3)
    if isinstance(player, ReferencePlayer):
        player.plies = REFERENCE_PLIES
    return player


@pytest.mark.parametrize(("name", "options"), CASES[:4])
@pytest.mark.parametrize("spec", (*LEVELS, "reference", "hard-plain"))
def test_choice_does_not_depend_on_hidden_cards(
    name: str, options: dict[str, object], spec: str
) -> None:
    rng = random.Random(5)
    for state in _positions(name, options, seed=21, every=4):
        seat = state.to_move
        view = view_for(state, seat)
        expected = _player(spec).choose(view)
        for _ in range(3):
            world = determinize(view, rng)  # the hidden cards swapped consistently
            got = _player(spec).choose(view_for(world, seat))
            assert got == expected


def test_world_weights_favour_the_deal_that_explains_past_plays() -> None:
    """Weighting by the other seats' past cards: the real deal, where the seats played
    the normal rules (close to the counting policy the weights replay), fits better on
    average than the deals sampled from the view; weights stay in (0, 1]."""
    from firmware.players.determinize import past_plays, world_weight

    rng = random.Random(8)
    true_sum = sampled_sum = 0.0
    positions = 0
    for seed in (11, 12, 13):
        for state in _positions("treseta4", {"signals": "none"}, seed=seed, every=5):
            seat = state.to_move
            view = view_for(state, seat)
            plays = past_plays(view)
            true_w = world_weight(view, state.copy(), plays)
            ws = [world_weight(view, determinize(view, rng), plays) for _ in range(30)]
            assert all(0.0 < w <= 1.0 for w in [true_w, *ws])
            if not view.tricks and not view.trick:
                assert true_w == 1.0
            true_sum += true_w
            sampled_sum += sum(ws) / len(ws)
            positions += 1
    assert positions >= 15
    assert true_sum > 1.3 * sampled_sum


def test_world_weight_counts_misses_at_the_given_rate() -> None:
    """A world's weight is the rate per miss to the power of its misses, whatever the rate
    (``"hard-inferred"`` weighs 0.3 a miss, ``"hard-weighted"`` 0.6): the same misses at
    both rates, and some worlds miss at least once (briscola, where the policy trumps)."""
    import math

    from firmware.players.determinize import past_plays, world_weight

    rng = random.Random(5)
    missed = 0
    for state in _positions("briscola", {"signals": "none"}, seed=21, every=4):
        view = view_for(state, state.to_move)
        plays = past_plays(view)
        for _ in range(6):
            world = determinize(view, rng)
            w6 = world_weight(view, world.copy(), plays)
            w3 = world_weight(view, world.copy(), plays, 0.3)
            k = round(math.log(w6) / math.log(0.6))
            assert w6 == pytest.approx(0.6**k)
            assert w3 == pytest.approx(0.3**k)
            missed += k > 0
    assert missed >= 10


@pytest.mark.parametrize("name", ["briscola", "treseta4"])
def test_signal_lengths_hold_in_the_real_deal_and_in_the_worlds(name: str) -> None:
    """The classic signals as our levels send them (a striscio: three more of the suit,
    a busso: one more): every bound they give holds in the real deal, and the worlds
    sampled with ``lengths`` meet them all and still show the view; without ``lengths``
    some world breaks one (so the bounds say something the voids did not)."""
    from firmware.players.signals import signal_lengths

    rng = random.Random(6)
    bounded = broken_plain = 0
    for seed in (31, 32, 33):
        for state in _positions(name, {"signals": "classic"}, seed=seed, every=3):
            seat = state.to_move
            view = view_for(state, seat)
            bounds = [(s, state.variant.deck.suit_mask(suit), k) for s, suit, k in signal_lengths(view) if s != seat]
            if not bounds:
                continue
            bounded += 1
            for s, suit, k in bounds:
                assert (state.hands[s] & suit).bit_count() >= k
            with_lengths = Sampler(view, lengths=True)
            plain = Sampler(view)
            for _ in range(4):
                world = with_lengths(rng)
                assert view_for(world, seat) == view
                assert all((world.hands[s] & suit).bit_count() >= k for s, suit, k in bounds)
                other = plain(rng)
                broken_plain += any((other.hands[s] & suit).bit_count() < k for s, suit, k in bounds)
    assert bounded >= 10
    assert broken_plain > 0


def test_hard_searches_worlds_that_meet_the_signals_suit_lengths(monkeypatch: pytest.MonkeyPatch) -> None:
    """The hard level's worlds meet the classic signals' suit lengths (briscola, where
    they were measured); ``"hard-no-lengths"``'s worlds, the level before, break some."""
    import firmware.players.hard as hard_module
    from firmware.players.signals import signal_lengths

    seen: list[tuple[list[tuple[int, int, int]], HandState]] = []

    class Recording(Sampler):
        def __call__(self, rng: random.Random) -> HandState:
            world = super().__call__(rng)
            bounds = [(s, self.view.variant.deck.suit_mask(suit), k) for s, suit, k in signal_lengths(self.view)]
            seen.append(([b for b in bounds if b[0] != self.view.seat], world))
            return world

    monkeypatch.setattr(hard_module, "Sampler", Recording)

    def broken(spec: str) -> tuple[int, int]:
        seen.clear()
        for state in _positions("briscola", {"signals": "classic"}, seed=34, every=2):
            make_player(spec, seed=2, worlds=6).choose(view_for(state, state.to_move))
        checked = [(b, w) for b, w in seen if b]
        bad = sum(any((w.hands[s] & suit).bit_count() < k for s, suit, k in b) for b, w in checked)
        return bad, len(checked)

    bad, checked = broken("hard")
    assert checked >= 30
    assert bad == 0
    bad_before, _ = broken("hard-no-lengths")
    assert bad_before > 0


@pytest.mark.parametrize("name", ["tressette2", "treschetten2"])
def test_talon_inference_favours_the_real_deal(name: str) -> None:
    """Two players with the talon (every draw shown): the world fixes the opponent's past
    hands, and the real deal, where it played the normal rules, fits the card counter's
    rule better on average than deals sampled from the view; weights stay in (0, 1]."""
    from firmware.players import inference

    rng = random.Random(9)
    true_sum = sampled_sum = 0.0
    positions = 0
    for seed in (21, 22, 23, 24):
        for state in _positions(name, {}, seed=seed, every=3):
            view = view_for(state, state.to_move)
            if not inference.applies(view):
                continue
            true_w = inference.weight(view, state.copy())
            worlds = [determinize(view, rng) for _ in range(30)]
            ws = [inference.weight(view, w) for w in worlds]
            # The misses worked out once per view count what replaying each world counts.
            for w in [state, *worlds]:
                assert inference.misses(view, w) == inference.replayed_misses(view, w)
            assert all(0.0 < w <= 1.0 for w in [true_w, *ws])
            if not view.tricks and not view.trick:
                assert true_w == 1.0
            true_sum += true_w
            sampled_sum += sum(ws) / len(ws)
            positions += 1
    assert positions >= 20
    assert true_sum > 1.1 * sampled_sum


@pytest.mark.parametrize("name", ["tressette2", "treschetten2"])
def test_resampled_worlds_place_the_opponents_cards_better(name: str) -> None:
    """The likeliest of 8 sampled worlds (:func:`inference.likeliest`, hard's resampling)
    gives the opponent more of the cards it really holds face down than a plain sample
    does, and it is always a world consistent with the view."""
    from firmware.players import inference
    from firmware.players.determinize import Sampler

    rng = random.Random(5)
    plain = picked = 0.0
    positions = 0
    for view, _, opp, truth in _telling_positions(name):
        sample = Sampler(view)
        for _ in range(12):
            plain += (sample(rng).hands[opp] & truth).bit_count() / truth.bit_count()
            world = inference.likeliest(view, sample, rng, 8, 0.1)
            assert view_for(world, view.seat) == view
            picked += (world.hands[opp] & truth).bit_count() / truth.bit_count()
        positions += 1
    assert positions >= 15
    assert picked > 1.08 * plain


# the coach in every preset and shape of table: 2, 3 and 4 seats, both signal systems,
# signals from anyone, Ciapanò with 4, 3 and 2 players, Briscola for two and four
COACH_CASES = [
    *CASES,
    ("treseta_hr", {}),
    ("treseta4", {"signals": "alternative", "signal_by": "anyone"}),
    ("tressette4", {"signals": "none"}),
    ("ciapano", {}),
    ("ciapano", {"players": 3}),
    ("ciapano", {"players": 2}),
    ("treschetten3", {}),
    ("treschetten4", {}),
    ("terziglio3", {"widow": "dealt"}),
    ("briskula4", {"show_partner": True}),
]


def test_the_coach_cases_cover_every_preset() -> None:
    from firmware.engine import PRESETS

    assert {name for name, _ in COACH_CASES} == set(PRESETS)


@pytest.mark.parametrize(("name", "options"), COACH_CASES)
def test_coach_hint_and_rating_do_not_depend_on_hidden_cards(
    name: str, options: dict[str, object]
) -> None:
    """The coach (docs/coach.md) reads the seat's view only: worlds consistent with it
    give the same hint, the same reason and the same rating of every legal card."""
    from firmware.coach import Coach
    from firmware.engine import Play

    rng = random.Random(7)
    checked = 0
    for state in _positions(name, options, seed=31, every=3):
        seat = state.to_move
        view = view_for(state, seat)
        if not any(isinstance(a, Play) for a in view.legal):
            continue
        coach = Coach(seed=2, worlds=3)
        hint = coach.hint(view)
        ev = coach.evaluate(view)
        ratings = [coach.rated(view, ev, c) for c in ev.cards]
        for _ in range(2):
            world = determinize(view, rng)  # the hidden cards swapped consistently
            other = view_for(world, seat)
            fresh = Coach(seed=2, worlds=3)
            assert fresh.hint(other) == hint
            ev2 = fresh.evaluate(other)
            assert [fresh.rated(other, ev2, c) for c in ev2.cards] == ratings
        checked += 1
    assert checked > 0


@pytest.mark.parametrize(("name", "options"), COACH_CASES)
@pytest.mark.parametrize("spec", ["hard", "hard-weighted", "hard-sir", "hard-no-lengths"])
def test_hard_in_every_preset_reads_only_its_view(name: str, options: dict[str, object], spec: str) -> None:
    """Every preset and shape of table (chiamata's secret partner, Ciapanò at 2-4, briscola's
    trump, the widow, the cards aside): the worlds sampled from a view show that view
    again, and hard (with or without inference) plays the same in every world consistent
    with it."""
    rng = random.Random(13)
    checked = 0
    for state in _positions(name, options, seed=41, every=5):
        seat = state.to_move
        view = view_for(state, seat)
        expected = make_player(spec, seed=4, worlds=3).choose(view)
        for _ in range(2):
            world = determinize(view, rng)
            assert view_for(world, seat) == view
            assert make_player(spec, seed=4, worlds=3).choose(view_for(world, seat)) == expected
        checked += 1
    assert checked >= 2


@pytest.mark.parametrize("name", ["treseta4", "briscola"])
def test_a_partners_silent_lead_holds_in_the_real_deal_and_in_the_worlds(name: str) -> None:
    """A partner's lead with neither *volo* nor *striscio*, as our levels signal, says one
    or two more of the suit: the range holds in the real deal (normal at every seat),
    the worlds sampled with ``silence`` show the view and nearly all keep it, and plain
    worlds break it (so it says something the voids and the lengths did not)."""
    from firmware.players.signals import silence_ranges

    rng = random.Random(7)
    ranged = kept = met = broken_plain = 0
    for seed in (31, 32, 33):
        for state in _positions(name, {"signals": "classic"}, seed=seed, every=3):
            seat = state.to_move
            view = view_for(state, seat)
            ranges = [(s, state.variant.deck.suit_mask(suit), lo, hi) for s, suit, lo, hi in silence_ranges(view)]
            if not ranges:
                continue
            ranged += 1
            for s, suit, lo, hi in ranges:
                assert view.sides[s] == view.sides[seat] and s != seat  # partners only
                assert lo <= (state.hands[s] & suit).bit_count() <= hi
            silent = Sampler(view, lengths=True, silence=True)
            plain = Sampler(view, lengths=True)
            for _ in range(4):
                world = silent(rng)
                assert view_for(world, seat) == view
                kept += 1
                met += all(lo <= (world.hands[s] & suit).bit_count() <= hi for s, suit, lo, hi in ranges)
                other = plain(rng)
                broken_plain += any(not lo <= (other.hands[s] & suit).bit_count() <= hi for s, suit, lo, hi in ranges)
    assert ranged >= 10
    assert met >= 0.95 * kept
    assert broken_plain > 0
