"""Real cards through the engine: the table deal, what the box can refuse, claims proved by
play, and the differential test (dealt vs scanned) over every preset and option value."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from firmware.engine import (
    PRESETS,
    Call,
    Claim,
    Declare,
    IllegalAction,
    Match,
    Play,
    Variant,
    legal_actions,
    make_variant,
)
from firmware.engine.actions import Action, Discard
from firmware.engine.cards import card_list, mask_of
from firmware.engine.deal import deal_seeded
from firmware.engine.moves import check
from firmware.engine.picker import picker_marks
from firmware.engine.records import match_to_json, replay
from firmware.engine.state import HandState
from firmware.engine.table import RevokeSeen, TableInfo, revokes_seen, said_aloud, scanned_at_deal


def every_option_value() -> Iterator[tuple[str, dict[str, Any]]]:
    """Each preset with its defaults, then with each other value of each option."""
    for name, preset in PRESETS.items():
        yield name, {}
        for spec in preset.options:
            for value in spec.choices:
                if value != spec.default:
                    yield name, {spec.key: value}


CASES = list(every_option_value())


def pick(match: Match, rng: random.Random) -> Action:
    """A seeded, rules-blind policy: declare whenever it can, now and then claim."""
    st = match.state
    assert st is not None
    decls = [a for s in range(st.n) for a in legal_actions(st, s) if isinstance(a, Declare)]
    if decls and rng.random() < 0.9:
        return rng.choice(decls)
    acts = [a for a in legal_actions(st) if not isinstance(a, (Claim, Declare))]
    if st.variant.claims and rng.random() < 0.03:
        return Claim(st.to_move)
    return rng.choice(acts)


def known_seats(variant: Variant) -> tuple[int, ...]:
    """Computer seats at the real-card table: one, where the game has no talon."""
    return () if variant.talon_size else (1,)


def short_form(action: Declare) -> Declare:
    """What a person may say without details: a three without its missing suit, a
    napoletana without its extension (the box learns them from the cards he plays)."""
    return Declare(action.seat, action.kind, suit=action.suit, rank=action.rank)


def play_both(
    variant: Variant, seed: int, max_hands: int = 4, short: bool = False, picker: bool = False
) -> tuple[Match, Match]:
    """(a) dealt cards through the engine, (b) the same cards scanned one by one, or
    (``picker``) tapped on the touchscreen's card picker: each card a person lays must be
    offered there, not dimmed, and nothing secret dimmed (:func:`check_picker`)."""
    rng = random.Random(seed)
    dealt, table = Match(variant), Match(variant)
    for hand in range(max_hands):
        if dealt.finished:
            break
        deal_seed = seed * 100 + hand
        st = dealt.start_hand({"seed": deal_seed})
        deal = deal_seeded(variant, deal_seed, st.dealer)
        known = known_seats(variant)
        tb = table.start_hand(scanned_at_deal(variant, deal, st.dealer, known))
        while not st.over:
            action = pick(dealt, rng)
            before = len(st.declarations)
            dealt.apply(action)
            if isinstance(action, Declare) and tb.is_hidden(action.seat):
                # A person says what the box cannot see: the missing suit, the extension.
                action = said_aloud(st.declarations[before])
                if short:
                    action = short_form(action)
            if isinstance(action, Play) and tb.is_hidden(action.seat):
                assert action.card in {a.card for a in legal_actions(tb) if isinstance(a, Play)}
            if picker and isinstance(action, (Play, Discard)) and tb.is_hidden(action.seat):
                check_picker(tb, action.seat, action.card)
            table.apply(action)
        assert tb.over
    return dealt, table


def check_picker(state: HandState, seat: int, card: int) -> None:
    """The picker offers ``card`` (the one the person laid) and dims only what the whole
    table may know: never a computer's card, never a card aside face down."""
    marks = dict(picker_marks(state, seat))
    assert list(marks) == list(state.variant.deck.cards)  # the whole deck, one tap per card
    assert marks[card] is None
    secret = 0
    for s in range(state.n):
        if not state.is_hidden(s):
            secret |= state.hands[s] & ~state.known[s]
    secret |= mask_of(state.widow)  # a widow face down, terziglio's card laid away
    if not (state.variant.aside_shown or state.variant.widow_dealt):
        secret |= mask_of(state.aside)  # dealt face down to nobody
    for c, why in marks.items():
        if why is not None:
            assert not secret >> c & 1, (c, why.code)
            try:  # a dimmed card is one the engine refuses (pytest.raises cost a sixth of this file's CPU)
                check(state, Play(seat, c) if state.pending is None else Discard(seat, c))
            except IllegalAction:
                continue
            raise AssertionError(f"card {c} dimmed ({why.code}) but the engine takes it")


def summary(match: Match) -> dict[str, Any]:
    return {
        "hands": [
            (r.thirds, r.card_points, r.declared, r.points, r.score, r.sides, r.sudden,
             r.multiplier, r.ended_by, r.claim_ok, r.last_trick, r.cappotto_side)
            for r in match.results
        ],  # fmt: skip
        "totals": match.totals,
        "ledger": match.ledger,
        "stakes": match.stakes,
        "winner": match.winner,
        "winners": match.winners,
        "finished": match.finished,
    }


@pytest.mark.parametrize("entry", ["scanned", "picker"])
@pytest.mark.parametrize(("name", "options"), CASES, ids=[f"{n}-{o}" for n, o in CASES])
def test_scanned_cards_score_like_dealt_cards(name: str, options: dict[str, Any], entry: str) -> None:
    """Every preset x every option value: dealt, scanned, entered by the picker: the
    same hands, ledger and winner."""
    variant = make_variant(name, options)
    # the picker's own check at every play of seed 1 (its hands score as scanned ones: the
    # same play; seed 2's picker checks cost 6 s of CPU for the same code paths)
    for seed in (1, 2) if entry == "scanned" else (1,):
        dealt, table = play_both(variant, seed, picker=entry == "picker")
        assert summary(table) == summary(dealt)
        assert all(not r.false_declarations for r in table.results)
        # and the table record replays to the same count (tressette replay)
        again = replay(match_to_json(table))
        assert summary(again) == summary(table)


NO_TALON = [n for n in sorted(PRESETS) if not make_variant(n).talon_size]


@pytest.mark.parametrize("name", NO_TALON)
def test_declarations_without_details_are_proved_by_the_cards_played(name: str) -> None:
    """A three declared without its missing suit, a napoletana without its extension:
    with every card dealt, the cards the declarer plays give the same count."""
    variant = make_variant(name, {"accusi": True} if name != "ciapano" else {})
    for seed in (5, 6):
        dealt, table = play_both(variant, seed, short=True)
        assert summary(table) == summary(dealt)
        assert [r.declarations for r in table.results] == [r.declarations for r in dealt.results]


def test_the_cases_cover_every_option_value() -> None:
    for name, preset in PRESETS.items():
        for spec in preset.options:
            seen = {o.get(spec.key, spec.default) for n, o in CASES if n == name}
            assert seen == set(spec.choices)


# ------------------------------------------------------------ what can be known


def table_hand(name: str, options: dict[str, Any] | None = None, seed: int = 3,
               known: tuple[int, ...] = ()) -> tuple[Match, Any]:  # fmt: skip
    v = make_variant(name, options)
    m = Match(v)
    st = m.start_hand({"seed": seed})
    deal = deal_seeded(v, seed, st.dealer)
    t = Match(v)
    t.start_hand(scanned_at_deal(v, deal, st.dealer, known))
    return t, deal


def code(match: Match, c: str) -> int:
    return match.variant.deck.parse(c)


def test_a_card_played_twice_is_refused_with_its_trick() -> None:
    m, _ = table_hand("treseta4")
    st = m.state
    assert st is not None
    m.apply(Play(1, code(m, "4c")))
    with pytest.raises(IllegalAction) as exc:
        m.apply(Play(2, code(m, "4c")))
    assert exc.value.code == "already_played"
    assert exc.value.params == {"card": code(m, "4c"), "trick": 1}
    assert str(exc.value) == "4c was already played (trick 1)"


def test_a_computer_card_cannot_come_from_a_person() -> None:
    m, deal = table_hand("treseta4", known=(2,))
    cpu_card = deal.hands[2][0]
    with pytest.raises(IllegalAction) as exc:
        m.apply(Play(1, cpu_card))
    assert (exc.value.code, exc.value.params["seat"]) == ("card_held_by", 2)


def test_a_card_of_a_shown_void_is_the_proof_of_a_revoke() -> None:
    # RULES.md §3.7: seat 2 did not follow coppe in trick 1; its coppe later is what truly
    # happened (a revoke), taken as played, never refused (issue 36: refusing it left only
    # false entries)
    m, _ = table_hand("treseta4")
    m.apply(Play(1, code(m, "4c")))
    m.apply(Play(2, code(m, "4d")))  # seat 2 shows it has no coppe
    m.apply(Play(3, code(m, "5c")))
    m.apply(Play(0, code(m, "6c")))
    st = m.state
    assert st is not None and isinstance(st.holdings, TableInfo)
    assert st.holdings.fresh_voids[2] == 1 << 0 and st.voids[2] == 1 << 0
    m.apply(Play(0, code(m, "7c")))
    m.apply(Play(1, code(m, "Fc")))
    m.apply(Play(2, code(m, "Cc")))
    assert revokes_seen(st.holdings) == (RevokeSeen(2, 1, 0, code(m, "Cc")),)
    assert st.holdings.fresh_voids[2] == 0 and st.voids[2] == 0


def test_a_draw_clears_a_shown_void() -> None:
    m, _ = table_hand("tressette2")
    st = m.state
    assert st is not None
    leader = st.to_move
    m.apply(Play(leader, code(m, "4c")))
    m.apply(Play(1 - leader, code(m, "4d")))  # void in coppe ... then both draw
    assert isinstance(st.holdings, TableInfo) and st.holdings.fresh_voids == [0, 0]
    assert st.holdings.counts == [10, 10]


def test_briscola_trump_decides_at_a_real_card_table() -> None:
    # seed 001: a player who cannot follow may trump; the highest trump wins.
    m, deal = table_hand("briscola", seed=5)
    st = m.state
    assert st is not None and st.trump is not None
    deck = m.variant.deck
    trump = st.trump
    lead_suit = (trump + 1) % 4
    lead = deck.card(lead_suit, 9)  # a 4, not the trump suit
    low_trump = deck.card(trump, 9)
    if st.trump_card == low_trump:
        low_trump = deck.card(trump, 8)
    seat = st.to_move
    m.apply(Play(seat, lead))
    m.apply(Play((seat + 1) % 4, low_trump))
    m.apply(Play((seat + 2) % 4, deck.card(lead_suit, 0)))  # the 3 of the suit led
    m.apply(Play((seat + 3) % 4, deck.card(lead_suit, 8)))
    assert st.tricks[0].winner == (seat + 1) % 4


def test_a_known_card_of_the_suit_led_must_follow() -> None:
    # briscola: the dealer's shown card is known to be in his hand.
    m, deal = table_hand("briscola", seed=11)
    st = m.state
    assert st is not None and st.trump_card is not None
    deck = m.variant.deck
    dealer = st.dealer
    seat = st.to_move
    trump_suit = st.trump
    assert trump_suit is not None
    others = [c for c in deck.cards if deck.contains(c) and c != st.trump_card]
    led = next(c for c in others if c // 10 == trump_suit)
    while st.to_move != dealer:
        if st.to_move == seat:
            m.apply(Play(seat, led))
        else:
            card = next(c for c in others if c // 10 == (trump_suit + 1) % 4 and not st.played >> c & 1)
            m.apply(Play(st.to_move, card))
    off = next(c for c in others if c // 10 != trump_suit and not st.played >> c & 1)
    with pytest.raises(IllegalAction) as exc:
        m.apply(Play(dealer, off))
    assert exc.value.code == "follow_suit"
    assert exc.value.params["cards"] == (st.trump_card,)


def test_a_false_declaration_scores_nothing() -> None:
    # seed 001 (accuse at your turn before your first card): the napoletana of a seat
    # whose 3 is played by somebody else is false.
    m, _ = table_hand("treseta4", {"signals": "none"}, seed=7)
    st = m.state
    assert st is not None
    first = st.to_move
    m.apply(Declare(first, "napoletana", suit=0))
    m.apply(Play(first, code(m, "4d")))
    m.apply(Play((first + 1) % 4, code(m, "3d")))
    m.apply(Play((first + 2) % 4, code(m, "3c")))  # the declared 3 of coppe elsewhere
    assert [(f.decl.seat, f.why) for f in st.holdings.false_declarations()] == [(first, "played_elsewhere")]
    assert st.declarations == []


def test_the_napoletana_extension_is_proved_by_the_cards_played() -> None:
    # seed 002: a napoletana with the 4 is worth 4; announced, then played by its owner.
    v = make_variant("tressette2")
    m = Match(v)
    m.start_hand({"table": True})
    st = m.state
    assert st is not None
    leader = st.to_move
    m.apply(Declare(leader, "napoletana", suit=0, extra=1))
    assert [d.points for d in st.declarations] == [4]
    with pytest.raises(IllegalAction) as exc:
        m.apply(Declare(leader, "napoletana", suit=1, extra=8))
    assert exc.value.code == "decl_extension"


def test_an_open_napoletana_counts_the_extension_its_declarer_plays() -> None:
    # seed 002: napoletana lunga, +1 for each 4, 5, ... in natural order.
    v = make_variant("tressette2")
    m = Match(v, first_dealer=1)
    m.start_hand({"table": True})
    st = m.state
    assert st is not None and st.to_move == 0
    c = v.deck.parse
    m.apply(Declare(0, "napoletana", suit=0))  # coppe, extension not said
    for mine, theirs in [("3c", "7d"), ("2c", "6d"), ("Ac", "5d"), ("4c", "Rd"), ("5c", "Cd")]:
        m.apply(Play(0, c(mine)))
        m.apply(Play(1, c(theirs)))
    rest0 = ["Rs", "Cs", "Fs", "7s", "6s", "5s", "4s", "3b", "2b", "Ab", "Rb", "Cb", "Fb", "7b", "6b"]
    rest1 = ["Fd", "4d", "3d", "2d", "Ad", "3s", "2s", "As", "Rc", "Cc", "Fc", "7c", "6c", "5b", "4b"]
    for mine, theirs in zip(rest0, rest1, strict=True):
        leader = st.to_move
        first, second = (mine, theirs) if leader == 0 else (theirs, mine)
        m.apply(Play(leader, c(first)))
        m.apply(Play(1 - leader, c(second)))
    assert st.over
    (decl,) = m.results[-1].declarations
    assert decl.points == 5 and [v.deck.code(x) for x in decl.cards] == ["3c", "2c", "Ac", "4c", "5c"]


def test_chiamata_partner_is_who_plays_the_called_card() -> None:
    m, _ = table_hand("chiamata", seed=4)
    st = m.state
    assert st is not None
    caller = st.to_move
    m.apply(Call(caller, code(m, "3c")))
    assert st.hand_sides.count(0) == 1
    m.apply(Play(caller, code(m, "4c")))
    m.apply(Play((caller + 1) % 4, code(m, "5c")))
    m.apply(Play((caller + 2) % 4, code(m, "3c")))
    assert st.hand_sides[(caller + 2) % 4] == 0 and st.hand_sides[caller] == 0


def test_a_talon_game_refuses_a_computer_seat_up_front() -> None:
    v = make_variant("treschetten2")
    with pytest.raises(IllegalAction) as exc:
        Match(v).start_hand({"table": True, "1": ["10e", "9e", "Ae", "Ke", "Oe", "Ue", "8e", "7e"]})
    assert exc.value.code == "deal_table_talon"


@pytest.mark.parametrize(
    ("name", "spec", "code_"),
    [
        ("briscola", {"table": True}, "deal_table_trump"),
        ("terziglio3", {"table": True}, "deal_table_aside"),
        ("treseta4", {"table": True, "aside": ["3c"]}, "deal_table_aside"),
        ("treseta4", {"table": True, "1": ["3c"]}, "deal_hand_size"),
    ],
)
def test_a_table_deal_says_what_it_lacks(name: str, spec: dict[str, Any], code_: str) -> None:
    with pytest.raises(IllegalAction) as exc:
        Match(make_variant(name)).start_hand(spec)
    assert exc.value.code == code_


# ------------------------------------------------------------ tressette replay


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_replay_tells_a_refereed_record_with_the_box_s_scores(
    name: str, tmp_path: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    import json

    from firmware.cli import main as cli
    from firmware.engine.records import dumps

    dealt, table = play_both(make_variant(name), seed=3)
    path = tmp_path / "table.json"
    path.write_text(dumps(table))
    assert json.loads(path.read_text())["hands"][0]["deal"]["table"] is True
    assert cli(["replay", str(path), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["totals"] == dealt.totals and out["winner"] == dealt.winner
    assert [h["points"] for h in out["hands"]] == [list(r.points) for r in dealt.results]
    assert cli(["replay", str(path)]) == 0
    text = capsys.readouterr().out
    assert "(real cards, refereed)" in text and "Totals: " in text


def test_replay_refuses_a_table_record_in_one_english_line(
    tmp_path: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    import json

    from firmware.cli import main as cli

    doc = {
        "format": "tressette-record/1",
        "variant": "treseta4",
        "options": {},
        "hands": [{"dealer": 0, "deal": {"table": True}, "actions": [
            {"seat": 1, "play": "4c"}, {"seat": 2, "play": "5c"}, {"seat": 3, "play": "4c"},
        ]}],
    }  # fmt: skip
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(doc))
    assert cli(["replay", str(path)]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert err == [f"tressette replay: {path}: hand 1, action 2: 4c was already played (trick 1)"]


# ------------------------------------------------------------ properties


@settings(max_examples=40, deadline=None)
@given(name=st.sampled_from(sorted(PRESETS)), seed=st.integers(0, 100_000), cpu=st.booleans())
def test_any_scanned_play_keeps_the_table_consistent(name: str, seed: int, cpu: bool) -> None:
    """Random legal actions of a real-card hand (any unseen card a person might scan):
    the table never stalls, every card is played once, and the count holds (RULES.md §1:
    the deck's 32 thirds + 3 for the last trick, less cards laid out of play; Briscola's
    120 points, §3.8)."""
    variant = make_variant(name)
    m = Match(variant)
    st_ = m.start_hand({"seed": seed})
    deal = deal_seeded(variant, seed, st_.dealer)
    t = Match(variant)
    state = t.start_hand(scanned_at_deal(variant, deal, st_.dealer, known_seats(variant) if cpu else ()))
    rng = random.Random(seed)
    while not state.over:
        acts = [a for a in legal_actions(state) if not isinstance(a, Claim)]
        assert acts, "a real-card table must never stall"
        plays = [a for a in acts if not isinstance(a, Declare)]
        t.apply(rng.choice(acts if rng.random() < 0.1 else plays))
    if state.ended_by == "play":
        assert isinstance(state.holdings, TableInfo) and sum(state.holdings.counts) == 0
        # out of play: the cards aside, scanned (face up) or never seen (still unknown)
        unseen = card_list(state.holdings.pool)
        if variant.preset.aside_role == "out":
            assert len(unseen) + len(state.aside) == variant.aside_size
            out = sum(variant.values.thirds[c] for c in [*unseen, *state.aside])
        else:
            assert unseen == []  # a widow is scanned at the deal and scores with the last trick
            out = 0
        assert sum(state.thirds) == variant.values.deck_thirds(variant.deck) - out
        if variant.values.name == "tressette":
            assert variant.values.deck_thirds(variant.deck) == 32 + 3


def test_a_person_s_signal_is_refused_only_when_the_box_sees_it_false() -> None:
    # RULES.md §3.3: volo "my last card of this suit" must be true (seed 001).
    m, _ = table_hand("briscola", seed=5)
    st = m.state
    assert st is not None and st.trump is not None and st.trump_card is not None
    deck = m.variant.deck
    other = (st.trump + 1) % 4
    lead = st.to_move
    for i, rank in enumerate((9, 8, 7, 0)):  # the dealer (last) takes trick 1 with the 3
        m.apply(Play((lead + i) % 4, deck.card(other, rank)))
    assert st.to_move == st.dealer
    trumps = [deck.card(st.trump, r) for r in range(10) if deck.card(st.trump, r) != st.trump_card]
    card = next(c for c in trumps if not st.played >> c & 1)
    with pytest.raises(IllegalAction) as exc:
        m.apply(Play(st.dealer, card, ("volo",)))  # he still holds the shown trump card
    assert exc.value.code == "volo_false"
    m.apply(Play(st.dealer, card, ("striscio",)))
    assert st.signals[-1].names == ("striscio",)


def test_a_three_whose_declarer_lays_all_four_stands_as_said() -> None:
    """Found by the property above (treschetten2, seed 4852): a person declared three of a
    rank and, the box taking a card that contradicts its inference as a revoke's proof, laid
    all four by the hand's end; settling the open three then found no suit it lacked and
    raised. The three was true as said and stands."""
    test_any_scanned_play_keeps_the_table_consistent.hypothesis.inner_test(  # type: ignore[attr-defined]
        name="treschetten2", seed=4852, cpu=False
    )
