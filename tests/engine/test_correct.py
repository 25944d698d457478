"""Real cards: a card entered by mistake taken back, a hand abandoned (issue 36).

A correction (``{"seat": 1, "correct": "3c"}``) takes back the last card a person
entered and every entry since; the hand is rebuilt without them, so what the box had
inferred from the card (a void, the card's place, a claim disproved) goes with it.
It reaches back through the trick on the table and the last trick taken, no further.
An abandon (``{"seat": D, "abandon": true}``) ends the hand with no points, and its
dealer deals again. Both are record entries of their own: replay passes through them.
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from firmware.engine import (
    PRESETS,
    Abandon,
    Claim,
    Correct,
    Declare,
    IllegalAction,
    Match,
    Play,
    legal_actions,
    make_variant,
)
from firmware.engine.actions import Action, Discard
from firmware.engine.cards import SUIT
from firmware.engine.deal import deal_seeded
from firmware.engine.errors import RecordError
from firmware.engine.moves import check
from firmware.engine.records import (
    dumps,
    entry_from_json,
    entry_to_json,
    loads,
    match_to_json,
    replay,
)
from firmware.engine.state import HandState
from firmware.engine.table import said_aloud, scanned_at_deal
from tests.engine.builders import snapshot
from tests.engine.test_table import known_seats, summary


def table_hand(name: str = "treseta4", seed: int = 3, known: tuple[int, ...] = ()) -> tuple[Match, Match]:
    """(the truth: the same cards dealt, the table: a real-card hand of them)."""
    v = make_variant(name)
    truth = Match(v)
    st_ = truth.start_hand({"seed": seed})
    deal = deal_seeded(v, seed, st_.dealer)
    table = Match(v)
    table.start_hand(scanned_at_deal(v, deal, st_.dealer, known))
    return truth, table


def state_of(m: Match) -> HandState:
    assert m.state is not None
    return m.state


def true_play(truth: Match, table: Match) -> Play:
    """The card the seat to move really lays (the lowest legal one), done in both."""
    seat = state_of(truth).to_move
    play = next(a for a in legal_actions(state_of(truth)) if isinstance(a, Play))
    truth.apply(play)
    table.apply(play)
    assert play.seat == seat
    return play


def test_a_mis_tapped_card_of_another_seat_is_taken_back_with_what_it_told() -> None:
    truth, table = table_hand()
    lead = true_play(truth, table)
    nxt = state_of(truth).to_move
    real = state_of(truth)
    led = SUIT[lead.card]
    # the next seat really follows suit; a mis-tap names a card of another suit, which the
    # seat after him really holds
    follows = [c for c in real.hand_of(nxt) if SUIT[c] == led]
    assert follows, "seed 3: the second seat holds the suit led"
    after = (nxt + 1) % real.n
    wrong = next(c for c in real.hand_of(after) if SUIT[c] != led)
    before = snapshot(state_of(table))
    table.apply(Play(nxt, wrong))
    tb = state_of(table)
    # what the box inferred from the mistake: the seat showed a void, the card is played
    with pytest.raises(IllegalAction) as exc:
        check(tb, Play(after, wrong))
    assert exc.value.code == "already_played"
    assert tb.holdings.void_block(tb, nxt) & tb.suit_masks[led]  # type: ignore[attr-defined]
    assert table.last_entered() == Play(nxt, wrong)
    table.correct(Correct(nxt, wrong))
    assert snapshot(state_of(table)) == before  # as if it had never been entered
    assert table.hands[-1].actions[-1] == Correct(nxt, wrong)
    check(state_of(table), Play(nxt, follows[0]))  # the true card is enterable again
    # and the hand goes on truthfully to its end, scoring as the cards dealt
    table.apply(Play(nxt, follows[0]))
    truth.apply(Play(nxt, follows[0]))
    while not state_of(truth).over:
        true_play(truth, table)
    assert summary(table) == summary(truth)
    assert summary(replay(match_to_json(table))) == summary(table)


def test_a_closed_trick_is_reopened_its_points_and_turn_go_back() -> None:
    truth, table = table_hand()
    n = state_of(table).n
    for _ in range(n):
        true_play(truth, table)
    tb = state_of(table)
    assert len(tb.tricks) == 1 and not tb.trick
    mid = [snapshot(tb)]
    last = table.last_entered()
    assert isinstance(last, Play) and last.card == tb.tricks[0].cards[-1]
    table.correct(Correct(last.seat, last.card))
    assert not tb.tricks and len(tb.trick) == n - 1 and sum(tb.thirds) == 0
    assert tb.to_move == last.seat  # the turn goes back to the seat whose card it was
    table.apply(last)
    assert snapshot(tb) == mid[0]


def test_corrections_reach_the_last_trick_taken_and_no_further() -> None:
    truth, table = table_hand()
    n = state_of(table).n
    for _ in range(2 * n + 1):  # two tricks taken, one card on the table
        true_play(truth, table)
    tb = state_of(table)
    taken = 0
    while table.last_entered() is not None:
        last = table.last_entered()
        assert last is not None
        table.correct(Correct(last.seat, last.card))
        taken += 1
    assert taken == 1 + n  # the card on the table, then the whole of trick 2
    assert len(tb.tricks) == 1 and not tb.trick
    first = tb.tricks[0]
    with pytest.raises(IllegalAction) as exc:
        table.correct(Correct(first.seat_of(n - 1, n), first.cards[-1]))
    assert exc.value.code == "correct_too_far"


def test_only_the_last_card_entered_is_taken_back() -> None:
    truth, table = table_hand()
    a = true_play(truth, table)
    true_play(truth, table)
    with pytest.raises(IllegalAction) as exc:
        table.correct(Correct(a.seat, a.card))
    assert exc.value.code == "correct_not_last"


def test_a_computer_card_after_the_mistake_goes_back_with_it() -> None:
    # seat 1 is a computer: its cards are known; the person before it mis-taps
    truth, table = table_hand(known=(1,))
    tb = state_of(table)
    while not (tb.to_move == 0 and len(tb.trick) < tb.n - 1):
        true_play(truth, table)
    p0 = true_play(truth, table)
    cpu = true_play(truth, table)  # the computer answers
    assert not tb.is_hidden(cpu.seat)
    assert table.last_entered() == p0  # a person's card, not the computer's
    table.correct(Correct(p0.seat, p0.card))
    assert tb.to_move == 0 and p0.card not in tb.trick and cpu.card not in tb.trick


def test_nothing_to_correct_in_a_dealt_hand_or_before_a_card() -> None:
    m = Match(make_variant("tressette2"))
    m.start_hand({"seed": 1})
    m.apply(next(a for a in legal_actions(state_of(m)) if isinstance(a, Play)))
    assert m.last_entered() is None
    with pytest.raises(IllegalAction) as exc:
        m.correct(Correct(0, 0))
    assert exc.value.code == "correct_nothing"
    _, table = table_hand()
    assert table.last_entered() is None


def test_an_abandoned_hand_counts_nothing_and_its_dealer_deals_again() -> None:
    truth, table = table_hand()
    for _ in range(5):
        true_play(truth, table)
    dealer = state_of(table).dealer
    before = list(table.totals)
    with pytest.raises(IllegalAction) as exc:
        table.abandon(Abandon((dealer + 1) % 4))
    assert exc.value.code == "abandon_dealer"
    table.abandon(Abandon(dealer))
    assert table.hand_over and table.totals == before and table.next_dealer == dealer
    res = table.results[-1]
    assert res.ended_by == "abandoned" and not any(res.points) and not any(res.score)
    assert table.hand_decided is None and not table.finished
    doc = match_to_json(table)
    assert doc["hands"][0]["actions"][-1] == {"seat": dealer, "abandon": True}
    v = table.variant
    again = Match(v, first_dealer=dealer)
    again.start_hand({"table": True})
    assert state_of(again).dealer == dealer
    # the record goes on with the next hand dealt by the same dealer, and replays
    table.start_hand({"table": True})
    assert state_of(table).dealer == dealer
    rebuilt = replay(match_to_json(table))
    assert rebuilt.totals == table.totals and len(rebuilt.hands) == 2
    assert snapshot(state_of(rebuilt)) == snapshot(state_of(table))


def test_a_dealt_hand_cannot_be_abandoned() -> None:
    m = Match(make_variant("tressette2"))
    m.start_hand({"seed": 1})
    with pytest.raises(IllegalAction) as exc:
        m.abandon(Abandon(state_of(m).dealer))
    assert exc.value.code == "abandon_not_table"


def test_corrections_and_abandons_in_the_record_format() -> None:
    from firmware.engine.cards import ITALIAN

    assert entry_to_json(ITALIAN, Correct(1, ITALIAN.parse("3c"))) == {"seat": 1, "correct": "3c"}
    assert entry_from_json(ITALIAN, {"seat": 1, "correct": "3c"}) == Correct(1, ITALIAN.parse("3c"))
    assert entry_from_json(ITALIAN, {"seat": 2, "abandon": True}) == Abandon(2)
    for bad in ({"seat": 1, "correct": "9x"}, {"seat": 1, "correct": "3c", "x": 1}, {"seat": "1", "correct": "3c"},
                {"seat": 0, "abandon": 1}, {"seat": 0, "abandon": True, "correct": "3c"}):  # fmt: skip
        with pytest.raises(RecordError):
            entry_from_json(ITALIAN, bad)
    truth, table = table_hand()
    true_play(truth, table)
    wrong = table.last_entered()
    assert wrong is not None
    table.correct(Correct(wrong.seat, wrong.card))
    text = dumps(table)
    assert '"correct"' in text
    assert snapshot(state_of(loads(text))) == snapshot(state_of(table))
    # a correction that does not name the last card is refused where it stands
    doc = json.loads(text)
    doc["hands"][0]["actions"].append({"seat": 0, "correct": "3c"})
    with pytest.raises(RecordError, match="hand 1, action 2"):
        replay(doc)


# ------------------------------------------------------------ property


def _truthful_step(truth: Match, rng: random.Random) -> Action:
    """A random true action of the dealt hand (never a claim; a declaration now and then)."""
    acts = [a for a in legal_actions(state_of(truth)) if not isinstance(a, Claim)]
    plays = [a for a in acts if not isinstance(a, Declare)]
    return rng.choice(acts if rng.random() < 0.2 or not plays else plays)


def _mis_tap(table: Match, rng: random.Random) -> bool:
    """A person enters a wrong card the box cannot refuse, now and then followed by a few
    more entries of the next seats (still within the next trick); True if it did."""
    tb = state_of(table)
    seat = tb.to_move if tb.pending is None else int(tb.pending[1])
    if tb.pending is not None and tb.pending[0] != "discard":
        return False
    if not tb.is_hidden(seat) or len(tb.tricks) >= tb.n_tricks - 2:
        return False  # the hand must not end on the mistake
    kind = Discard if tb.pending is not None else Play
    wrong = [a for a in legal_actions(tb) if isinstance(a, kind) and a.seat == seat]
    if not wrong:
        return False
    table.apply(rng.choice(wrong))
    for _ in range(rng.randrange(tb.n)):
        more = [a for a in legal_actions(tb) if isinstance(a, Play)]
        if not more or tb.pending is not None:
            break
        table.apply(rng.choice(more))
    return True


@settings(max_examples=60, deadline=None, derandomize=True)
@given(name=st.sampled_from(sorted(PRESETS)), seed=st.integers(0, 100_000), cpu=st.booleans())
def test_random_mistakes_taken_back_leave_the_hand_as_true_play(name: str, seed: int, cpu: bool) -> None:
    """Every preset, real cards on the picker: people mis-tap cards (any card the box
    cannot refuse), more cards may follow, then they correct until the mistake is gone:
    the hand stands exactly as before the mistake, the true cards are always accepted
    (a card refused after a mis-tap is enterable again), the hand ends scoring as the
    cards dealt, and the record replays to the live state at every correction."""
    v = make_variant(name)
    rng = random.Random(seed)
    truth = Match(v)
    real = truth.start_hand({"seed": seed})
    deal = deal_seeded(v, seed, real.dealer)
    table = Match(v)
    tb = table.start_hand(scanned_at_deal(v, deal, real.dealer, known_seats(v) if cpu else ()))
    corrections = 0
    while not real.over:
        action = _truthful_step(truth, rng)
        if isinstance(action, (Play, Discard)) and rng.random() < 0.3:
            before = snapshot(tb)
            entries = len(table.hands[-1].effective())
            if _mis_tap(table, rng):
                while len(table.hands[-1].effective()) > entries:
                    last = table.last_entered()
                    assert last is not None, "a mistake within the last trick can always be taken back"
                    table.correct(Correct(last.seat, last.card))
                    corrections += 1
                    assert snapshot(state_of(replay(match_to_json(table)))) == snapshot(tb)
                assert snapshot(tb) == before
        before_decl = len(real.declarations)
        truth.apply(action)
        if isinstance(action, Declare) and tb.is_hidden(action.seat):
            action = said_aloud(real.declarations[before_decl])  # a person says what the box cannot see
        table.apply(action)  # the truth is never refused
    assert tb.over
    assert summary(table) == summary(truth)
    assert summary(replay(match_to_json(table))) == summary(table)


def test_replay_tells_a_correction_and_an_abandon() -> None:
    import io

    from firmware.replay import print_match

    truth, table = table_hand()
    true_play(truth, table)
    wrong = table.last_entered()
    assert wrong is not None
    table.correct(Correct(wrong.seat, wrong.card))
    table.abandon(Abandon(state_of(table).dealer))
    out = io.StringIO()
    print_match(match_to_json(table), out)
    text = out.getvalue()
    name = table.variant.deck.name_of(wrong.card)
    assert f"seat {wrong.seat}'s {name} is taken back: corrected" in text
    assert f"the hand is abandoned: no points, seat {state_of(table).dealer} deals again" in text


@pytest.mark.parametrize("real", [False, True])
def test_a_hand_rebuilt_keeps_the_decider_s_target(real: bool) -> None:
    """Treschetten's decider goes to 41: a hand rebuilt by an undo or a correction keeps it
    (it was dealt again at the variant's 31 before)."""
    from firmware.engine import Undo

    v = make_variant("treschetten2", {"match_format": "best_of_two"})
    m = Match(v)
    m.game_winners = [0, 1]  # a game each: the decider
    st = m.start_hand({"table": True} if real else {"seed": 4})
    assert st.target == 41
    play = next(a for a in legal_actions(st) if isinstance(a, Play))
    m.apply(play)
    if real:
        m.correct(Correct(play.seat, play.card))
    else:
        m.undo(Undo(play.seat, 1))
    assert st.target == 41 and not st.trick
