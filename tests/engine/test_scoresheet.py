"""Score sheet only: the table plays its own cards, the box keeps the match from what is
entered (firmware/engine/scoresheet.py). A played hand entered by hand counts as played:
same totals, ledger and winner for every preset and option value; impossible counts are
refused with the reason; any entry is a refusal or a count, never a crash."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from firmware.engine import IllegalAction, Match, make_variant
from firmware.engine.actions import Declare
from firmware.engine.records import match_to_json, replay
from firmware.engine.scoresheet import Tally, deck_thirds, tally_of
from firmware.engine.table import said_aloud
from tests.engine.test_table import CASES, pick


def keep_as_sheet(sheet: Match, played: Match) -> None:
    """The last hand of ``played``, entered on the score sheet as the table says it."""
    result = played.results[-1]
    sheet.begin_hand({"sheet": True})
    for decl in result.declarations:
        sheet.keep(said_aloud(decl))
    state = played.state
    assert state is not None
    partner = None
    if played.variant.preset.call_partner:
        caller = (state.dealer + 1) % state.n
        partner = next((s for s in range(state.n) if s != caller and result.sides[s] == result.sides[caller]), caller)
    sheet.keep(tally_of(result, played.variant, seat=state.dealer, partner=partner))


def play_and_keep(name: str, options: dict[str, Any], seed: int, hands: int = 6) -> tuple[Match, Match]:
    v = make_variant(name, options)
    rng = random.Random(seed)
    played, sheet = Match(v), Match(v)
    for hand in range(hands):
        if played.finished:
            break
        st_ = played.start_hand({"seed": seed * 100 + hand})
        while not st_.over:
            played.apply(pick(played, rng))
        keep_as_sheet(sheet, played)
    return played, sheet


def summary(m: Match) -> dict[str, Any]:
    return {"ledger": m.ledger, "stakes": m.stakes, "winner": m.winner, "winners": m.winners,
            "finished": m.finished, "games": m.games_won, "totals": m.totals,
            "hands": [(r.points, r.score, r.declared, r.ended_by, r.claim_ok, r.sudden, r.multiplier)
                      for r in m.results]}


@pytest.mark.parametrize(("name", "options"), CASES, ids=[f"{n}-{o}" for n, o in CASES])
def test_a_played_hand_entered_by_hand_counts_as_played(name: str, options: dict[str, Any]) -> None:
    for seed in (1, 2, 3):
        played, sheet = play_and_keep(name, options, seed)
        assert summary(sheet) == summary(played)
        # journalled as a record: replays (resume, tressette replay) to the same match
        again = replay(match_to_json(sheet))
        assert summary(again) == summary(sheet)


def test_a_count_that_does_not_add_up_is_refused_with_the_reason() -> None:
    m = Match(make_variant("tressette2"))
    m.begin_hand({"sheet": True})
    with pytest.raises(IllegalAction) as exc:
        m.keep(Tally(0, (18, 16)))  # 34 thirds: the cards give 32, the last trick 3
    assert exc.value.code == "sheet_total" and "35" in str(exc.value)
    with pytest.raises(IllegalAction) as exc:
        m.keep(Tally(0, (35,)))
    assert exc.value.code == "sheet_sides"
    m.keep(Tally(0, (20, 15)))  # 6 2/3 and 5: six and five points
    assert m.totals == [6, 5] and m.hands[-1].deal_spec == {"sheet": True}


def test_bavarian_deck_thirds_and_cards_aside() -> None:
    assert deck_thirds(make_variant("treschetten2")) == 4 * 3 + 20 + 3  # aces 1 point, 10 U O K 2 a third, the last trick
    m = Match(make_variant("treschetten3"))
    m.begin_hand({"sheet": True})
    with pytest.raises(IllegalAction):
        m.keep(Tally(0, (10, 10, 8)))  # 28 of 35: the two cards aside hold at most 6 thirds
    m.keep(Tally(0, (10, 10, 12)))
    assert m.totals == [3, 3, 4]


def test_a_claim_is_right_only_at_the_target_and_a_sudden_win_only_as_its_rule_says() -> None:
    v = make_variant("tressette4")  # chiamarsi fuori, sudden wins (seed 003)
    m = Match(v)
    m.begin_hand({"sheet": True})
    m.keep(Tally(0, (12, 6), end="claim", by=1))  # side 1: 2 points, far from 31
    assert m.hand_decided is not None and m.hand_decided.reason == "claim_wrong"
    assert m.hand_decided.winners == (0,) and m.finished  # one game: the match is over
    m = Match(v)
    m.begin_hand({"sheet": True})
    with pytest.raises(IllegalAction) as exc:
        m.keep(Tally(0, (30, 5), sudden="cappotto", sudden_side=0))
    assert exc.value.code == "sheet_sudden_false"
    m.keep(Tally(0, (35, 0), sudden="cappotto", sudden_side=0))
    assert m.ledger[-1].multiplier == 2 and m.ledger[-1].reason == "cappotto"


def test_a_decima_ends_the_hand_at_once() -> None:
    m = Match(make_variant("tressette4"))
    m.begin_hand({"sheet": True})
    m.keep(Declare(2, "decima", suit=1))
    m.keep(Tally(0, (0, 0), end="decima", by=2))  # said right after the deal: nothing taken
    assert m.hand_over and m.ledger[-1].reason == "decima" and m.ledger[-1].multiplier == 16


def test_accusi_are_kept_as_said_and_count() -> None:
    m = Match(make_variant("tressette4"))
    m.begin_hand({"sheet": True})
    m.keep(Declare(1, "napoletana", suit=0))
    with pytest.raises(IllegalAction):
        m.keep(Declare(3, "napoletana", suit=0))  # those cards are in seat 2's hand
    m.keep(Tally(0, (18, 17)))
    assert m.totals == [6, 5 + 3]


@settings(max_examples=200, deadline=None)
@given(name=st.sampled_from(sorted({n for n, _ in CASES})),
       thirds=st.lists(st.integers(-3, 40), min_size=1, max_size=5),
       end=st.sampled_from(["play", "claim", "zu_tun", "nonsense"]),
       by=st.none() | st.integers(-1, 4), sudden=st.none() | st.sampled_from(["cappotto", "stramazzo", "decima", "x"]),
       side=st.none() | st.integers(-1, 4), partner=st.none() | st.integers(-1, 4))
def test_any_count_entered_is_refused_or_kept(
    name: str, thirds: list[int], end: str, by: int | None, sudden: str | None, side: int | None,
    partner: int | None,
) -> None:
    """Whatever is entered: a refusal with a code and nothing changed, or a count that
    the record keeps and replays to the same totals."""
    m = Match(make_variant(name))
    m.begin_hand({"sheet": True})
    t = Tally(0, tuple(thirds), end, by, sudden, side, partner)  # type: ignore[arg-type]
    try:
        m.keep(t)
    except IllegalAction as exc:
        assert exc.code and str(exc)
        assert not m.hand_over and m.totals == [0] * m.variant.n_sides and m.hands[-1].actions == []
        return
    assert m.hand_over
    if end == "play":
        assert sum(thirds) <= deck_thirds(m.variant)
    again = replay(match_to_json(m))
    assert again.totals == m.totals and again.ledger == m.ledger


json_values = st.recursive(st.none() | st.booleans() | st.integers(-5, 50) | st.text(max_size=6),
                           lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner,
                                                                                       max_size=5), max_leaves=12)


@settings(max_examples=300, deadline=None)
@given(body=st.dictionaries(st.sampled_from(["thirds", "end", "by", "sudden", "side", "partner", "x"]), json_values,
                            max_size=6),
       seat=json_values)
def test_any_count_in_a_record_is_read_or_refused_in_one_line(body: dict[str, object], seat: object) -> None:
    """A record's count (docs/records.md) from outside: a Tally or a RecordError saying why."""
    from firmware.engine import RecordError
    from firmware.engine.records import entry_from_json

    deck = make_variant("tressette2").deck
    try:
        entry = entry_from_json(deck, {"seat": seat, "tally": body})
    except RecordError as exc:
        assert str(exc) and "\n" not in str(exc)
        return
    assert isinstance(entry, Tally) and all(isinstance(x, int) for x in entry.thirds)


def test_a_decima_after_a_trick_keeps_that_tricks_points_as_the_played_hand_does() -> None:
    # seed 003 / RULES.md §3.4: the decima may be declared with the onori, after trick 1; the
    # played hand then counts the trick already taken. Entered on the sheet: the same totals.
    from firmware.engine import legal_actions
    from firmware.engine.actions import Play
    from tests.engine.test_rule_decisions import decima_deal

    v = make_variant("tressette4")
    played, sheet = Match(v), Match(v)
    st_ = played.start_hand(decima_deal())
    for _ in range(4):  # the first trick: every seat its highest card (the 3 of its own suit)
        seat = st_.to_move
        plays = [a for a in legal_actions(st_, seat) if isinstance(a, Play)]
        played.apply(min(plays, key=lambda a: a.card % 10))
    played.apply(Declare(2, "decima", suit=0))
    result = played.results[-1]
    assert result.ended_by == "decima" and sum(result.thirds) == 4 and sum(result.card_points) == 1  # four threes
    keep_as_sheet(sheet, played)
    assert summary(sheet) == summary(played) and sheet.totals == played.totals
    again = replay(match_to_json(sheet))
    assert summary(again) == summary(sheet)


def test_the_points_before_a_decima_are_at_most_one_trick_taken_by_one_side() -> None:
    m = Match(make_variant("tressette4"))
    m.begin_hand({"sheet": True})
    m.keep(Declare(2, "decima", suit=1))
    assert not m.hand_over  # the points taken before it are still to be entered (none: 0, 0)
    with pytest.raises(IllegalAction) as exc:
        m.keep(Tally(0, (3, 3), end="decima", by=2))  # one trick goes to one side
    assert exc.value.code == "sheet_decima_total"
    with pytest.raises(IllegalAction) as exc:
        m.keep(Tally(0, (15, 0), end="decima", by=2))  # four cards hold at most 4 points
    assert exc.value.code == "sheet_decima_total"
    with pytest.raises(IllegalAction) as exc:
        m.keep(Tally(0, (12, 0)))  # after a decima the count is the decima's
    assert exc.value.code == "sheet_end"
    m.keep(Tally(0, (0, 12), end="decima", by=2))
    assert m.hand_over and m.ledger[-1].reason == "decima" and m.ledger[-1].multiplier == 16
