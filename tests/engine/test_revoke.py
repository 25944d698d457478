"""A revoke at a table of real cards (issue 36; RULES.md §3.7 "Mistakes at a table of people").

Every preset can be played with real cards, so every preset is here: a seeded hand in
which a person does not follow suit while holding it (the box believes him void), then
plays that suit later. The card is taken as what truly happened (never refused, never a
false entry), the hand finishes truthfully, and the revoke called scores exactly the
penalty RULES.md §3.7 documents for each value of the ``revoke`` option:

- ``cappotto`` (default): the other side scores the hand as a cappotto (the whole count,
  11 with either deck; treseta's ``cappotto`` option scores it as it scores a cappotto),
  the offenders no card points, declarations already scored stand; where the count goes
  against you (Ciapanò, seeds 001/003) the offender takes the whole count;
- ``replay``: the hand scores nothing and the same dealer deals again;
- ``as_played``: the cards are counted as they lie.

The truth of each hand is the seeded deal (``deal_seeded``), played on an open state
beside the box's: the box only ever sees the cards laid.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from firmware.engine import PRESETS, Call, Declare, IllegalAction, Match, Play, Revoke, make_variant
from firmware.engine.actions import Action, Discard
from firmware.engine.cards import SUIT, card_list
from firmware.engine.deal import deal_seeded
from firmware.engine.moves import apply_unchecked, check, legal_actions
from firmware.engine.records import dumps, loads, match_to_json, replay
from firmware.engine.state import HandState
from firmware.engine.table import RevokeSeen, revokes_seen, scanned_at_deal
from firmware.engine.variants import REVOKE_PENALTIES, Variant

# every preset may be played with real cards (table seats); a revoke is one where suit
# must be followed (not Briscola: test_briscola_has_no_revoke)
NAMES = sorted(name for name, p in PRESETS.items() if p.follow_suit)


def options(name: str, penalty: str, **more: Any) -> dict[str, Any]:
    """No accusi (the penalty's card points alone), the revoke option under test."""
    base: dict[str, Any] = {"revoke": penalty}
    if name != "ciapano":
        base["accusi"] = False
    return {**base, **more}


@dataclass
class Hand:
    """The box's match (real cards) and the truth beside it (the same deal, open)."""

    match: Match
    truth: HandState
    variant: Variant

    @property
    def state(self) -> HandState:
        st = self.match.state
        assert st is not None
        return st

    def act(self, action: Action) -> None:
        """One action laid at the table: the box checks and applies it; the truth follows."""
        self.match.apply(action)
        apply_unchecked(self.truth, action)


def deal(variant: Variant, seed: int, match: Match | None = None, known: tuple[int, ...] = ()) -> Hand:
    m = match if match is not None else Match(variant)
    dealt = Match(variant, first_dealer=m.next_dealer)
    truth = dealt.start_hand({"seed": seed})
    m.start_hand(scanned_at_deal(variant, deal_seeded(variant, seed, truth.dealer), truth.dealer, known))
    return Hand(m, truth, variant)


def before_first_card(h: Hand, rng: random.Random) -> None:
    """Chiamata's call (a 3 the caller does not hold), terziglio's card laid away."""
    while h.state.pending is not None:
        kind, seat = h.state.pending
        if kind == "call":
            held = h.truth.hands[seat]
            calls = [a for a in legal_actions(h.state) if isinstance(a, Call) and not held >> a.card & 1]
            h.act(rng.choice(calls))
        else:
            h.act(Discard(seat, rng.choice(card_list(h.truth.hands[seat]))))


def truthful(h: Hand, rng: random.Random) -> int:
    """A card the seat to move truly holds and may lay: the suit led if it has one."""
    return rng.choice(card_list(h.truth.legal_mask()))


def a_revoke_chance(h: Hand) -> tuple[int, int] | None:
    """(card, suit led) if the seat to move may revoke now and the box could notice it
    later: a person holding the suit led and another, no talon left to draw the suit from,
    at least one more trick for him to lay the suit in."""
    st, truth = h.state, h.truth
    seat = st.to_move
    if not st.trick or not st.is_hidden(seat) or truth.talon_left or len(st.tricks) > st.n_tricks - 2:
        return None
    suit = SUIT[st.trick[0]]
    hand = truth.hands[seat]
    if not hand & st.suit_masks[suit]:
        return None
    other = hand & ~st.suit_masks[suit]
    if not other:
        return None
    return card_list(other)[0], suit


def revoke_and_prove(variant: Variant, seed: int, *, call_at: str | None = None) -> tuple[Hand, RevokeSeen] | None:
    """A seeded hand: the first person who can revoke does; at his next turn he lays a card
    of that suit (the box takes it: the proof). The revoke is called right then
    (``call_at="seen"``), at the end of the hand (``"end"``) or never (None). None: this
    seed gave nobody the chance."""
    rng = random.Random(seed)
    h = deal(variant, seed)
    before_first_card(h, rng)
    revoker: tuple[int, int] | None = None
    seen: RevokeSeen | None = None
    while not h.state.over:
        st = h.state
        seat = st.to_move
        if revoker is None and (chance := a_revoke_chance(h)) is not None:
            card, suit = chance
            revoker = (seat, suit)
        elif revoker is not None and seen is None and seat == revoker[0]:
            card = card_list(h.truth.hands[seat] & st.suit_masks[revoker[1]])[0]
            check(st, Play(seat, card))  # the proof of the revoke is taken, never refused
            h.act(Play(seat, card))
            found = revokes_seen(st.holdings)
            assert len(found) == 1
            seen = found[0]
            assert (seen.seat, seen.suit, seen.card) == (seat, revoker[1], card)
            if call_at == "seen":
                h.match.record(Revoke(seat))
            continue
        else:
            card = truthful(h, rng)
        h.act(Play(seat, card))
    if seen is None:
        return None
    if call_at == "end":
        h.match.record(Revoke(seen.seat))
    return h, seen


def first_revoke(variant: Variant, call_at: str | None) -> tuple[Hand, RevokeSeen]:
    for seed in range(1, 60):
        got = revoke_and_prove(variant, seed, call_at=call_at)
        if got is not None:
            return got
    raise AssertionError(f"{variant.name}: no seed gave a revoke")


def cappotto_totals(h: Hand, offender: int) -> list[int]:
    """RULES.md §3.7's default, per scoring unit: the whole count (11: RULES.md §1, the
    cards and the last trick) to every seat not on the offender's side of the hand, nothing
    to the offenders; Ciapanò (seeds 001, 003: points count against you) the other way round."""
    v, st = h.variant, h.state
    off = st.hand_sides[offender]
    full = 11  # 40 Italian or 32 Bavarian cards: 32 thirds + 3 for the last trick
    totals = [0] * v.n_sides
    for seat in range(v.n_seats):
        lost = st.hand_sides[seat] == off
        totals[v.side_of(seat)] = (full if lost else 0) if v.inverted else (0 if lost else full)
    return totals


def summary(m: Match) -> tuple[Any, ...]:
    return (
        [(r.thirds, r.card_points, r.points, r.score, r.ended_by, r.revoke_seat, r.revoke_penalty) for r in m.results],
        m.totals, m.next_dealer, m.finished, m.winners, m.ledger,
    )  # fmt: skip


# ------------------------------------------------------------ every preset, every option


@pytest.mark.parametrize("name", NAMES)
def test_a_revoke_proved_is_taken_and_the_hand_finishes_truthfully(name: str) -> None:
    """Not called: the card that contradicts the void is taken, the hand is played to its
    end with the true cards, and counted as it lies (the same as the open deal)."""
    h, seen = first_revoke(make_variant(name, options(name, "cappotto")), call_at=None)
    assert h.state.over and h.match.results[-1].revoke_seat is None
    assert seen.trick >= 1
    res, true = h.match.results[-1], h.truth.result()
    assert (res.thirds, res.points, res.score) == (true.thirds, true.points, true.score)


@pytest.mark.parametrize("call_at", ["seen", "end"])
@pytest.mark.parametrize("name", NAMES)
def test_cappotto_the_other_side_scores_the_hand(name: str, call_at: str) -> None:
    """RULES.md §3.7, the default: called when the box notices it or at the hand's end."""
    h, seen = first_revoke(make_variant(name, options(name, "cappotto")), call_at=call_at)
    m = h.match
    assert h.state.over and m.hand_over
    res = m.results[-1]
    assert (res.revoke_seat, res.revoke_penalty) == (seen.seat, "cappotto")
    assert res.sudden is None and res.multiplier == 1
    assert m.totals == cappotto_totals(h, seen.seat)
    assert m.next_dealer == (h.state.dealer + 1) % h.variant.n_seats
    assert len(m.results) == 1
    if call_at == "seen":
        assert res.ended_by == "revoke"  # the hand stops at the call


@pytest.mark.parametrize("call_at", ["seen", "end"])
@pytest.mark.parametrize("name", NAMES)
def test_replay_scores_nothing_and_the_same_dealer_deals(name: str, call_at: str) -> None:
    h, seen = first_revoke(make_variant(name, options(name, "replay")), call_at=call_at)
    m = h.match
    assert m.totals == [0] * h.variant.n_sides
    assert set(m.results[-1].points) == {0} and m.results[-1].revoke_penalty == "replay"
    assert m.next_dealer == h.state.dealer
    again = deal(h.variant, 99, match=m)  # the next hand: dealt by the same dealer
    assert again.state.dealer == h.state.dealer


@pytest.mark.parametrize("call_at", ["seen", "end"])
@pytest.mark.parametrize("name", NAMES)
def test_as_played_counts_the_cards_as_they_lie(name: str, call_at: str) -> None:
    """Called when noticed, the hand goes on to its end; the revoker's later cards of any
    suit he had shown he lacks are taken (the beliefs dropped)."""
    variant = make_variant(name, options(name, "as_played"))
    for seed in range(1, 60):
        got = revoke_and_prove(variant, seed, call_at=None if call_at == "seen" else call_at)
        if got is None:
            continue
        h, seen = got
        break
    else:
        raise AssertionError("no revoke")
    if call_at == "seen":
        # the same hand again, called when noticed: the void beliefs of the revoker go
        got = revoke_and_prove(variant, seed, call_at="seen")
        assert got is not None
        h, seen = got
    m = h.match
    res, true = m.results[-1], h.truth.result()
    assert (res.revoke_seat, res.revoke_penalty) == (seen.seat, "as_played")
    assert (res.thirds, res.points, res.score) == (true.thirds, true.points, true.score)
    assert m.totals == [p for p in (true.score or true.points)]
    assert m.next_dealer == (h.state.dealer + 1) % variant.n_seats


@pytest.mark.parametrize("penalty", REVOKE_PENALTIES)
@pytest.mark.parametrize("name", NAMES)
def test_the_journal_replays_to_the_live_state(name: str, penalty: str) -> None:
    """The revoke is an entry of its own, ``{"seat": N, "revoke": true}``; reading the
    record back passes through it to the same count, the same dealer, the same option."""
    for call_at in ("seen", "end"):
        h, seen = first_revoke(make_variant(name, options(name, penalty)), call_at=call_at)
        doc = match_to_json(h.match)
        assert {"seat": seen.seat, "revoke": True} in doc["hands"][-1]["actions"]
        again = loads(dumps(h.match))
        assert summary(again) == summary(h.match)
        assert again.variant.revoke_penalty == penalty


# ------------------------------------------------------------ when a revoke is refused


def test_a_revoke_is_refused_where_it_cannot_be_one() -> None:
    v = make_variant("treseta4", {"accusi": False})
    h = deal(v, 3, known=(1,))
    m = h.match
    with pytest.raises(IllegalAction) as exc:
        m.record(Revoke(2))  # no card yet: nobody failed to follow
    assert exc.value.code == "revoke_followed"
    with pytest.raises(IllegalAction) as exc:
        m.record(Revoke(1))  # a computer's cards are seen: it never revokes
    assert exc.value.code == "revoke_computer"
    dealt = Match(v)
    dealt.start_hand({"seed": 3})
    with pytest.raises(IllegalAction) as exc:
        dealt.record(Revoke(0))  # the box dealt the cards: nobody can revoke
    assert exc.value.code == "revoke_not_table"


def test_a_revoke_ended_hand_takes_no_second_call_and_the_next_hand_none() -> None:
    v = make_variant("treseta4", options("treseta4", "cappotto"))
    h, seen = first_revoke(v, call_at="seen")
    with pytest.raises(IllegalAction) as exc:
        h.match.record(Revoke(seen.seat))
    assert exc.value.code == "revoke_called"
    deal(v, 5, match=h.match)  # the next hand dealt: the last one cannot be called any more
    with pytest.raises(IllegalAction) as exc:
        h.match.record(Revoke(seen.seat))
    assert exc.value.code == "revoke_followed"


def test_a_revoke_that_reaches_the_target_ends_the_match() -> None:
    """Two hands lost per cappotto by side 1 at treseta to 21: 22 points to side 0, the
    match is over."""
    v = make_variant("treseta4", options("treseta4", "cappotto", target=21))
    m = Match(v)
    for _ in range(2):
        for seed in range(1, 60):
            before = match_to_json(m)
            h = deal(v, seed, match=m)
            got = _revoke_in(h, random.Random(seed))
            if got is not None:
                break
            m = replay(before)  # no revoke in this deal: try the next seed from the same match
        else:
            raise AssertionError("no revoke")
    assert m.finished and m.winner == 0 and m.totals == [22, 0]
    assert [r.score for r in m.results] == [(11, 0), (11, 0)]


def _revoke_in(h: Hand, rng: random.Random) -> int | None:
    """Play the hand; the first person of side 1 who can, revokes and is called at once (a
    revoke called before the box could notice it: the table saw it)."""
    while not h.state.over:
        chance = a_revoke_chance(h)
        seat = h.state.to_move
        if chance is not None and h.variant.side_of(seat) == 1:
            h.act(Play(seat, chance[0]))
            h.match.record(Revoke(seat))
            return seat
        h.act(Play(seat, truthful(h, rng)))
    return None


def test_cappotto_under_treseta_cappotto_options_scores_like_a_cappotto() -> None:
    """treseta4's ``cappotto`` option says what a cappotto scores (seed 001: a side that takes
    every trick doubles its hand, or takes 11+1): doubled (22), 11+1 (12); RULES.md §3.7's
    "scores the hand as a cappotto" is that score."""
    for option, won in (("double", 22), ("eleven_plus_one", 12), ("none", 11)):
        v = make_variant("treseta4", options("treseta4", "cappotto", cappotto=option))
        h, seen = first_revoke(v, call_at="end")
        side = v.side_of(seen.seat)
        assert h.match.totals[side] == 0 and h.match.totals[1 - side] == won


def test_old_records_read_and_the_default_is_not_written() -> None:
    """A record without the option reads as the default (cappotto); only a house rule is written."""
    v = make_variant("briscola")
    assert v.revoke_penalty == "cappotto" and "revoke" not in v.to_json()
    assert make_variant("briscola", {"revoke": "replay"}).to_json()["revoke"] == "replay"


# ------------------------------------------------------------ never stuck (property)


@settings(max_examples=60, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])  # fmt: skip
@given(name=st.sampled_from(NAMES), seed=st.integers(0, 10_000), p_revoke=st.floats(0, 0.6),
       p_call=st.floats(0, 0.3), penalty=st.sampled_from(REVOKE_PENALTIES), computer=st.booleans())  # fmt: skip
def test_random_revokes_never_leave_a_hand_without_a_truthful_card(
    name: str, seed: int, p_revoke: float, p_call: float, penalty: str, computer: bool
) -> None:
    """Random real-card hands where people revoke at random and the table calls revokes at
    random: at every turn one of the cards the person truly holds is taken, and the hand
    ends (played out, or by the penalty)."""
    variant = make_variant(name, options(name, penalty))
    known = (1,) if computer and not variant.talon_size else ()
    rng = random.Random(seed)
    h = deal(variant, seed, known=known)
    before_first_card(h, rng)
    steps = 0
    while not h.state.over:
        steps += 1
        assert steps < 200
        st = h.state
        seat = st.to_move
        if st.is_hidden(seat) and rng.random() < p_call:
            callable_ = [s for s in range(st.n) if h.match.revoke_refusal(s) is None]
            if callable_:
                h.match.record(Revoke(rng.choice(callable_)))
                continue
        held = card_list(h.truth.hands[seat])
        accepted = []
        for c in held:
            try:
                check(st, Play(seat, c))
            except IllegalAction:
                continue
            accepted.append(c)
        assert accepted, (name, seed, seat, held)  # a truthful card can always be entered
        want = rng.choice(held) if st.is_hidden(seat) and rng.random() < p_revoke else truthful(h, rng)
        h.act(Play(seat, want if want in accepted else rng.choice(accepted)))
    assert h.match.hand_over


@pytest.mark.parametrize("call_at", ["seen", "end"])
def test_the_preview_is_the_call_and_leaves_the_match_as_it_was(call_at: str) -> None:
    """The screen's question names what a call would do: worked out on a copy."""
    v = make_variant("treseta4", options("treseta4", "cappotto"))
    h, seen = first_revoke(v, call_at=None)
    m = h.match
    if call_at == "seen":  # the same hand again, stopped at the proof
        for seed in range(1, 60):
            rng = random.Random(seed)
            h = deal(v, seed)
            before_first_card(h, rng)
            while not revokes_seen(h.state.holdings):
                chance = a_revoke_chance(h)
                h.act(Play(h.state.to_move, chance[0] if chance else truthful(h, rng)))
                if h.state.over:
                    break
            if revokes_seen(h.state.holdings) and not h.state.over:
                break
        m = h.match
        seen = revokes_seen(h.state.holdings)[0]
    before = summary(m), dumps(m)
    after = m.preview_revoke(seen.seat)
    assert (summary(m), dumps(m)) == before
    m.record(Revoke(seen.seat))
    assert summary(after) == summary(m)


def test_a_declaration_a_revoke_made_look_false_stands_again() -> None:
    """Seat 1 declares a napoletana of coppe (3c 2c Ac), does not follow coppe (the box
    disproves the napoletana: "revoked"), then lays the 3c: it revoked, and its napoletana
    was true after all: it stands again, and stands in the penalty (RULES.md §3.7)."""
    v = make_variant("treseta4", {"accusi": True})
    c = v.deck.parse
    m = Match(v, first_dealer=3)
    m.start_hand({"table": True})
    st = m.state
    assert st is not None
    m.apply(Play(0, c("4c")))  # seat 0 leads coppe
    m.apply(Declare(1, "napoletana", suit=0))  # seat 1, before its first card
    assert [d.seat for d in st.declarations] == [1]
    m.apply(Play(1, c("4d")))  # it does not follow coppe: the napoletana looks false
    assert st.declarations == [] and [f.why for f in st.holdings.false_declarations()] == ["revoked"]
    m.apply(Play(2, c("5c")))
    m.apply(Play(3, c("6c")))  # seat 3 takes; leads again
    m.apply(Play(3, c("7c")))
    m.apply(Play(0, c("Fc")))
    m.apply(Play(1, c("3c")))  # ...and it lays the 3c: a revoke, and a true napoletana
    assert [(r.seat, r.trick) for r in revokes_seen(st.holdings)] == [(1, 1)]
    assert [d.seat for d in st.declarations] == [1] and st.holdings.false_declarations() == ()
    m.record(Revoke(1))
    res = m.results[-1]
    assert res.declared == (0, 3) and res.points == (11, 3)  # its declaration stands in the penalty
