"""Briscola / Briškula (RULES.md §3.8): the seeds only name it ("a trump suit decides", "no
obligation to follow suit", seed 002); the rules are the standard ones of Italian and
Croatian clubs, with the decisions written in RULES.md."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from firmware.engine import (
    BRISCOLA_VALUES,
    CODE,
    ITALIAN,
    PRESETS,
    SUIT,
    TRESSETTE_VALUES,
    IllegalAction,
    Match,
    Play,
    Revoke,
    legal_actions,
    make_variant,
    view_for,
)
from firmware.engine.cards import card_list
from firmware.engine.deal import deal_seeded
from firmware.engine.records import dumps, loads
from firmware.engine.refusals import Refusal
from firmware.engine.state import HandState
from firmware.engine.table import scanned_at_deal
from firmware.players.determinize import determinize
from tests.engine.test_variants_support import fill_deal, random_action

P = ITALIAN.parse
NAMES = ("briskula2", "briskula4")
ROOT = Path(__file__).resolve().parents[2]


def test_the_order_and_the_count_are_briscola_s() -> None:
    """A 3 R C F 7 6 5 4 2; A 11, 3 10, R 4, C 3, F 2, the rest nothing: 120 in the deck,
    nothing for the last trick; kept in thirds, three to a point, like every count."""
    order = "A 3 R C F 7 6 5 4 2".split()
    for suit in "cdsb":
        strengths = [BRISCOLA_VALUES.strength[P(r + suit)] for r in order]
        assert strengths == list(range(10))
    worth = {"A": 11, "3": 10, "R": 4, "C": 3, "F": 2}
    for c in ITALIAN.cards:
        assert BRISCOLA_VALUES.thirds[c] == 3 * worth.get(CODE[c][:-1], 0)
    assert BRISCOLA_VALUES.deck_thirds(ITALIAN) == 360 and BRISCOLA_VALUES.last_trick == 0
    assert TRESSETTE_VALUES.deck_thirds(ITALIAN) == 35  # tressette's 11⅔ unchanged
    for name in NAMES:
        v = make_variant(name)
        assert v.values is BRISCOLA_VALUES and not v.follows_suit and not v.accusi
        assert v.hand_size == 3 and v.talon_size == 40 - 3 * v.n_seats
    assert make_variant("briscola").values is TRESSETTE_VALUES  # tressette con la briscola stays


@pytest.mark.parametrize("name", NAMES)
def test_the_card_under_the_talon_is_trump_and_is_drawn_last(name: str) -> None:
    v = make_variant(name)
    for seed in range(5):
        m = Match(v)
        s = m.start_hand(seed=seed)
        deal = deal_seeded(v, seed, 0)
        # the deck dealt one at a time, then the next card turned up and laid under the talon
        assert s.trump_card == deal.talon[-1] and s.trump == SUIT[s.trump_card]
        for seat in range(v.n_seats):
            view = view_for(s, seat)
            assert view.trump_card == s.trump_card and view.trump_under_talon == s.trump_card
            assert s.trump_card not in view.unseen  # public: face up under the talon
        rng = random.Random(seed)
        while s.talon_left:
            m.apply(random_action(s, rng))
        last = s.draws[-1]
        assert last.card == s.trump_card and last.shown
        # drawn by the last seat of the round: the trick's winner drew first
        assert last.seat == (s.tricks[-1].winner + v.n_seats - 1) % v.n_seats
        for seat in range(v.n_seats):
            assert s.trump_card in view_for(s, seat).seats[last.seat].shown
            assert view_for(s, seat).trump_under_talon is None


def test_no_suit_need_be_followed_and_the_trick_goes_to_the_highest_trump_else_the_suit_led() -> None:
    v = make_variant("briskula2")
    # seat 1 leads; the talon as fill_deal leaves it ends with 4b: bastoni are trump
    spec = fill_deal(v, {1: "3c 2c Rs", 0: "Ac 4c Fb"})
    assert spec["talon"][-1] == "4b"
    m = Match(v, first_dealer=0)
    s = m.start_hand(spec)
    assert s.trump == SUIT[P("4b")]
    m.apply(Play(1, P("3c")))
    assert {CODE[a.card] for a in legal_actions(s) if isinstance(a, Play)} == {"Ac", "4c", "Fb"}

    def winner(*codes: str) -> int:
        return s.trick_winner_index([P(c) for c in codes])

    assert winner("3c", "Ac") == 1  # the ace over the three
    assert winner("Ac", "3c") == 0
    assert winner("2c", "4c") == 1  # the two is the lowest card of a suit
    assert winner("Rc", "Fb") == 1  # any trump over another suit
    assert winner("Fb", "Ab") == 1  # the highest trump
    assert winner("Rc", "As") == 0  # another suit, no trump: the suit led
    assert winner("4c", "3s", "Ac", "2b") == 3  # four in a trick: the one trump


def test_a_played_hand_with_its_count() -> None:
    """Three tricks of a written deal, told card by card (the worked example of §3.8)."""
    v = make_variant("briskula2")
    spec = fill_deal(v, {1: "3c 2c Rs", 0: "Ac 4c Fb"})
    m = Match(v, first_dealer=0)
    s = m.start_hand(spec)
    m.apply(Play(1, P("3c")))
    m.apply(Play(0, P("Ac")))  # 11 + 10: seat 0 takes 21 and draws first
    assert s.tricks[-1].winner == 0 and s.thirds == [63, 0]
    assert [(d.seat, CODE[d.card]) for d in s.draws] == [(0, spec["talon"][0]), (1, spec["talon"][1])]
    m.apply(Play(0, P("4c")))
    m.apply(Play(1, P("Rs")))  # no obligation to follow, and no trump: the 4 holds
    assert s.tricks[-1].winner == 0 and s.thirds == [75, 0]


@settings(max_examples=30, deadline=None)
@given(name=st.sampled_from(NAMES), seed=st.integers(0, 1 << 30))
def test_every_hand_counts_120_and_is_won_with_61(name: str, seed: int) -> None:
    v = make_variant(name)
    rng = random.Random(seed)
    m = Match(v, first_dealer=rng.randrange(v.n_seats))
    m.start_hand(seed=rng.randrange(1 << 30))
    s = m.state
    assert s is not None
    while not s.over:
        seat = s.to_move
        hand = card_list(s.hands[seat])
        assert {a.card for a in legal_actions(s) if isinstance(a, Play)} == set(hand)  # never bound to follow
        m.apply(random_action(s, rng))
    r = m.results[-1]
    assert len(s.tricks) == 40 // v.n_seats and not any(s.hands)
    assert sum(r.card_points) == 120 and sum(r.thirds) == 360
    assert r.score == tuple(int(p >= 61) for p in r.points)
    assert sum(r.score) <= 1 and (sum(r.score) == 1) == (r.points != (60, 60))
    assert not any(view_for(s, seat).seats[x].voids for seat in range(v.n_seats) for x in range(v.n_seats))


def test_a_draw_scores_for_nobody_and_the_match_is_four_hands_won() -> None:
    v = make_variant("briskula2")
    assert v.target == 4 and [o.choices for o in v.preset.options if o.key == "target"] == [(4, 3, 2, 1)]
    m = Match(v)
    rng = random.Random(3)
    while not m.finished:
        m.start_hand(seed=rng.randrange(1 << 30))
        assert m.state is not None
        while not m.hand_over:
            m.apply(random_action(m.state, rng))
    won = [r.score.index(1) for r in m.results if 1 in r.score]
    assert m.winner is not None and max(m.totals) == 4 and won.count(m.winner) == 4 and m.totals == [won.count(0), won.count(1)]
    # 60-60: nobody wins the hand
    s = HandState.start(v, deal_seeded(v, 1, 0), 0)
    s.thirds = [180, 180]
    s.over = True
    assert s.result().score == (0, 0)


def test_briscola_has_no_revoke() -> None:
    """No suit need be followed: a revoke cannot be called, and no game of it offers the option."""
    for name in NAMES:
        assert "revoke" not in {o.key for o in PRESETS[name].options}
    v = make_variant("briskula4")
    deal = deal_seeded(v, 4, 0)
    m = Match(v)
    s = m.start_hand(scanned_at_deal(v, deal, 0))
    assert s.trump_card == deal.talon[-1] and s.talon[-1] == s.trump_card
    rng = random.Random(4)
    for _ in range(8):
        m.apply(random_action(s, rng))
    with pytest.raises(IllegalAction) as exc:
        m.revoke(Revoke(1))
    assert exc.value.code == Refusal.REVOKE_NO_SUIT


@pytest.mark.parametrize("name", NAMES)
def test_the_hard_level_s_worlds_keep_the_trump_under_the_talon(name: str) -> None:
    v = make_variant(name)
    m = Match(v)
    s = m.start_hand(seed=11)
    rng = random.Random(11)
    for _ in range(v.n_seats * 3):
        m.apply(random_action(s, rng))
    view = view_for(s, s.to_move)
    for i in range(20):
        world = determinize(view, random.Random(i))
        assert world.talon[-1] == s.trump_card and world.talon_left == s.talon_left
        assert not any(h >> s.trump_card & 1 for h in world.hands)
        assert world.hands[view.seat] == s.hands[view.seat]


def test_the_reference_record_replays_to_its_count() -> None:
    """examples/briskula2-match.json: two normal-level computers, five hands to 4-1; each
    hand's 120 points as they were counted when it was played."""
    path = ROOT / "examples" / "briskula2-match.json"
    match = loads(path.read_text())
    assert match.finished and match.winner == 0 and match.totals == [4, 1]
    assert [r.card_points for r in match.results] == [(76, 44), (89, 31), (63, 57), (26, 94), (75, 45)]
    assert [r.score for r in match.results] == [(1, 0), (1, 0), (1, 0), (0, 1), (1, 0)]
    assert json.loads(dumps(match)) == json.loads(path.read_text())


@pytest.mark.parametrize("show", [False, True])
def test_partners_see_each_other_s_cards_once_the_talon_is_empty_as_an_option(show: bool) -> None:
    """RULES.md §3.8, *pokazivanje karata* (option ``show_partner``, off by default, four
    players only): with the talon empty each partner's view holds the other's hand; the
    opponents' views do not, and before that nobody's does."""
    assert "show_partner" not in {o.key for o in PRESETS["briskula2"].options}
    assert make_variant("briskula4").show_partner is False
    v = make_variant("briskula4", {"show_partner": show})
    m = Match(v)
    s = m.start_hand(seed=8)
    rng = random.Random(8)
    seen_empty = False
    while not s.over:
        for viewer in range(4):
            view = view_for(s, viewer)
            partner, opponents = (viewer + 2) % 4, ((viewer + 1) % 4, (viewer + 3) % 4)
            hand = set(card_list(s.hands[partner]))
            shows = show and not s.talon_left
            if not shows:
                assert set(view.seats[partner].shown) <= {s.trump_card}  # only the trump, once drawn
            else:
                assert set(view.seats[partner].shown) == hand
                seen_empty = True
                assert not hand & set(view.unseen)
                world = determinize(view, random.Random(viewer))
                assert world.hands[partner] == s.hands[partner]
            for o in opponents:
                assert set(view.seats[o].shown) <= {s.trump_card}  # only the trump, once drawn
        m.apply(random_action(s, rng))
    assert seen_empty == show


def test_the_replay_tells_the_trump_and_whole_points(capsys: pytest.CaptureFixture[str]) -> None:
    from firmware.cli import main as cli

    assert cli(["replay", str(ROOT / "examples" / "briskula2-match.json")]) == 0
    text = capsys.readouterr().out
    assert "cavallo di coppe is shown: trump is coppe" in text
    assert "seat 0: 76 card points, the hand won (61)" in text and "seat 1: 44 card points\n" in text
    assert "with the last trick" not in text and "accusi" not in text


def test_a_table_deal_asks_for_the_card_under_the_talon_not_the_dealers() -> None:
    """At real cards the box asks for the card face up under the talon: a deal without it is
    refused with the talon's words, never "the dealer's hand"; with it, the hand starts."""
    from firmware.engine import Match, make_variant
    from firmware.engine.errors import IllegalAction

    try:
        Match(make_variant("briskula2")).start_hand({"table": True})
    except IllegalAction as exc:
        assert exc.code == "deal_table_trump_talon", exc.code
        assert "under the talon" in str(exc) and "dealer" not in str(exc)
    else:
        raise AssertionError("a table deal without its trump was taken")
    state = Match(make_variant("briskula2")).start_hand({"table": True, "trump": "Ac"})
    assert not state.over
