"""Score sheet corrections (firmware/engine/match.py ``Match.correct``): the last entry taken
back, a finished hand's count amended. Each is an entry of its own, kept where it was entered;
the match is counted again with it: totals, games, the winner, a match ended or going on
again. A record with corrections replays to exactly the state the live match reached."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from firmware.engine import IllegalAction, Match, make_variant
from firmware.engine.actions import Declare, Undo
from firmware.engine.errors import RecordError
from firmware.engine.records import entry_from_json, entry_to_json, loads, match_to_json, replay
from firmware.engine.scoresheet import Amend, Tally


def sheet_match(name: str = "tressette4", **options: object) -> Match:
    m = Match(make_variant(name, dict(options)))
    m.begin_hand({"sheet": True})
    return m


def state_of(m: Match) -> dict[str, Any]:
    """Everything a correction recomputes."""
    return {"totals": m.totals, "games": m.games_won, "ledger": m.ledger, "stakes": m.stakes,
            "winner": m.winner, "winners": m.winners, "finished": m.finished, "over": m.hand_over,
            "results": [(r.points, r.score, r.declared, r.ended_by, r.sudden, r.claim_ok) for r in m.results],
            "next_dealer": m.next_dealer, "counted": m.counted_totals, "level": m.level_at_target,
            "decided": m.hand_decided, "declarations": m.sheet.declarations if m.sheet else None}


def test_a_decima_tapped_by_mistake_is_taken_back_entry_by_entry() -> None:
    m = sheet_match()
    m.keep(Declare(0, "decima", suit=0))
    m.keep(Tally(0, (0, 0), end="decima", by=0))
    assert m.finished and m.winner == 0 and m.ledger[-1].reason == "decima"
    m.correct_sheet(Undo(0, 1))  # the count: the match goes on, the decima still said
    assert not m.finished and m.winner is None and not m.hand_over and m.ledger == []
    assert m.sheet is not None and m.sheet.decima is not None
    m.correct_sheet(Undo(0, 1))  # the decima itself
    assert m.sheet is not None and m.sheet.decima is None and m.sheet.declarations == []
    with pytest.raises(IllegalAction) as exc:
        m.correct_sheet(Undo(0, 1))
    assert exc.value.code == "sheet_undo_nothing"
    m.keep(Tally(0, (20, 15)))
    assert m.totals == [6, 5] and [type(a).__name__ for a in m.hands[0].actions] == [
        "Declare", "Tally", "Undo", "Undo", "Tally"]  # nothing rewritten
    assert state_of(replay(match_to_json(m))) == state_of(m)


def test_an_amended_count_moves_the_totals_and_can_end_or_un_end_the_match() -> None:
    m = sheet_match("tressette2")  # to 21
    m.keep(Tally(0, (33, 2)))  # 11 - 0
    m.begin_hand({"sheet": True})
    m.keep(Tally(0, (30, 5)))  # 10 - 1: 21 - 1, side 0 wins
    assert m.finished and m.winner == 0 and m.totals == [21, 1]
    m.correct_sheet(Amend(1, Tally(0, (6, 29))))  # hand 2 was 2 - 9: 13 - 9, the match goes on
    assert not m.finished and m.winner is None and m.hand_over and m.totals == [13, 9] and m.ledger == []
    m.correct_sheet(Amend(0, Tally(0, (2, 33))))  # hand 1 was 0 - 11: 2 - 20
    assert m.totals == [2, 20] and not m.finished
    assert state_of(loads(json.dumps(match_to_json(m)))) == state_of(m)
    m.correct_sheet(Amend(1, Tally(0, (5, 30))))  # hand 2: 1 - 10: 1 - 21, side 1 wins
    assert m.finished and m.winner == 1 and m.totals == [1, 21]
    assert state_of(loads(json.dumps(match_to_json(m)))) == state_of(m)


def test_an_amendment_is_checked_like_any_count() -> None:
    m = sheet_match("tressette2")
    m.keep(Tally(0, (20, 15)))
    with pytest.raises(IllegalAction) as exc:
        m.correct_sheet(Amend(0, Tally(0, (20, 20))))
    assert exc.value.code == "sheet_total"
    with pytest.raises(IllegalAction) as exc:
        m.correct_sheet(Amend(1, Tally(0, (20, 15))))  # no such hand
    assert exc.value.code == "sheet_amend_hand"
    m.begin_hand({"sheet": True})
    with pytest.raises(IllegalAction) as exc:
        m.correct_sheet(Amend(1, Tally(0, (20, 15))))  # hand 2 is not counted yet
    assert exc.value.code == "sheet_amend_hand"
    assert m.totals == [6, 5] and len(m.hands[-1].actions) == 0  # a refusal keeps nothing


def test_an_amendment_that_ends_the_match_before_a_hand_with_entries_is_refused() -> None:
    m = sheet_match("tressette4")
    m.keep(Tally(0, (20, 15)))  # 6 - 5
    m.begin_hand({"sheet": True})
    m.keep(Declare(1, "napoletana", suit=0))
    with pytest.raises(IllegalAction) as exc:
        m.correct_sheet(Amend(0, Tally(0, (35, 0), sudden="cappotto", sudden_side=0)))  # the match ends at hand 1
    assert exc.value.code == "sheet_amend_ends" and exc.value.params["hand"] == 1
    m.correct_sheet(Undo(0, 1))  # the accuso taken back: hand 2 is empty
    m.correct_sheet(Amend(0, Tally(0, (35, 0), sudden="cappotto", sudden_side=0)))
    assert m.finished and m.winner == 0 and m.ledger[-1].reason == "cappotto"
    with pytest.raises(IllegalAction):
        m.keep(Tally(0, (20, 15)))  # the hand begun after what is now the end holds nothing
    assert state_of(replay(match_to_json(m))) == state_of(m)
    m.correct_sheet(Amend(0, Tally(0, (20, 15))))  # not the end any more: hand 2 goes on
    assert not m.finished and not m.hand_over and m.sheet is not None and m.sheet.prior == (6, 5)
    assert state_of(replay(match_to_json(m))) == state_of(m)


def test_an_amendment_a_later_count_no_longer_fits_is_refused() -> None:
    m = sheet_match("treschetten2")  # to 31, zu tun
    m.keep(Tally(0, (33, 2)))  # 11 - 0
    m.begin_hand({"sheet": True})
    m.keep(Tally(0, (33, 2)))  # 22 - 0
    m.begin_hand({"sheet": True})
    m.keep(Tally(0, (27, 5), end="zu_tun", by=0))  # 31 - 1: zu tun with the target
    assert m.finished and m.ledger[-1].reason == "zu_tun"
    with pytest.raises(IllegalAction) as exc:
        m.correct_sheet(Amend(0, Tally(0, (2, 33))))  # 0 - 11 first: 20 at the zu tun
    assert exc.value.code == "sheet_amend_later" and exc.value.params["hand"] == 3
    assert m.finished and m.totals == [31, 1]


def test_corrections_read_and_write_as_records() -> None:
    deck = make_variant("tressette4").deck
    amend = Amend(2, Tally(1, (0, 0), end="decima", by=3))
    assert entry_to_json(deck, amend) == {"seat": 1, "amend": 2, "tally": {"thirds": [0, 0], "end": "decima", "by": 3}}
    assert entry_from_json(deck, entry_to_json(deck, amend)) == amend
    for bad in ({"seat": 0, "amend": -1, "tally": {"thirds": [1]}}, {"seat": 0, "amend": True, "tally": {"thirds": [1]}},
                {"seat": 0, "amend": 0}, {"seat": 0, "amend": 0, "tally": {"thirds": [1]}, "x": 1}):
        with pytest.raises(RecordError):
            entry_from_json(deck, bad)


def test_a_record_without_corrections_still_reads_and_an_undo_of_cards_is_unchanged() -> None:
    m = sheet_match("tressette2")
    m.keep(Tally(0, (20, 15)))
    doc = match_to_json(m)
    assert "amend" not in json.dumps(doc) and state_of(replay(doc)) == state_of(m)
    played = Match(make_variant("tressette2"))
    played.start_hand({"seed": 3})
    with pytest.raises(IllegalAction) as exc:
        played.correct_sheet(Undo(0, 1))  # a hand of cards is not a score sheet
    assert exc.value.code == "sheet_not_sheet"


# ---------------------------------------------------------------- the property

STEPS = st.lists(
    st.one_of(
        st.tuples(st.just("tally"), st.integers(0, 35), st.sampled_from(["play", "claim", "sudden"])),
        st.tuples(st.just("declare"), st.integers(0, 3), st.sampled_from(["napoletana", "decima", "three"])),
        st.tuples(st.just("undo"), st.integers(1, 2), st.just("")),
        st.tuples(st.just("amend"), st.integers(0, 8), st.integers(0, 35).map(str)),
        st.tuples(st.just("next"), st.just(0), st.just("")),
    ),
    max_size=40,
)


def step(m: Match, kind: str, a: int, b: str) -> None:
    """One entry as the screen sends it; refused ones change nothing."""
    try:
        if kind == "tally":
            if m.sheet is not None and m.sheet.decima is not None:
                m.keep(Tally(0, (min(a, 11), 0), end="decima", by=m.sheet.decima.seat))
            elif b == "sudden":
                m.keep(Tally(0, (35, 0), sudden="cappotto", sudden_side=0))
            elif b == "claim":
                m.keep(Tally(0, (min(a, 32), 32 - min(a, 32)), end="claim", by=a % 4))
            else:
                m.keep(Tally(0, (a, 35 - a)))
        elif kind == "declare":
            m.keep(Declare(a, b, suit=a % 4) if b != "three" else Declare(a, "three", rank=a % 3))  # type: ignore[arg-type]
        elif kind == "undo":
            m.correct_sheet(Undo(0, a))
        elif kind == "amend":
            m.correct_sheet(Amend(a % max(1, len(m.hands)), Tally(0, (int(b), 35 - int(b)))))
        elif m.hand_over and not m.finished:
            m.begin_hand({"sheet": True})
    except IllegalAction:
        pass


GAMES = [("tressette4", {"target": 21}), ("tressette4", {"target": 31}),
         ("treschetten2", {"match_format": "best_of_two"}), ("treseta4", {"cappotto": "double", "target": 21})]


@settings(max_examples=150, deadline=None)
@given(steps=STEPS, game=st.sampled_from(GAMES))
def test_replaying_the_journal_is_the_live_match_and_totals_are_the_standing_counts(
    steps: list[tuple[str, int, str]], game: tuple[str, dict[str, Any]],
) -> None:
    m = Match(make_variant(*game))
    m.begin_hand({"sheet": True})
    for kind, a, b in steps:
        step(m, kind, a, b)
        back = loads(json.dumps(match_to_json(m)))
        assert state_of(back) == state_of(m)
    # the totals are the sum of the counts that stand, game by game (a decided game starts again)
    totals = [0, 0]
    for r, game_over in zip(m.results, _decided_flags(m), strict=True):
        totals = [t + p for t, p in zip(totals, r.score or r.points, strict=True)]
        if game_over and not (m.finished and r is m.results[-1]):
            totals = [0, 0]
    assert totals == m.totals
    standing = [h for h in m.sheet_entries() if h and isinstance(h[-1], Tally)]
    assert len(standing) == len(m.results)


def _decided_flags(m: Match) -> list[bool]:
    """Per hand counted: did it decide a game (counted again from the entries that stand)."""
    fresh = Match(m.variant, first_dealer=m.hands[0].dealer)
    out = []
    for hand in m.sheet_entries():
        if not hand or fresh.finished:
            break
        fresh.begin_hand({"sheet": True})
        games = len(fresh.ledger)
        for e in hand:
            fresh.keep(e)
        if fresh.hand_over:
            out.append(len(fresh.ledger) > games)
    return out
