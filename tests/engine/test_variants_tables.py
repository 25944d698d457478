"""The other presets of RULES.md §3: treseta4 (+ treseta_hr), briscola, chiamata,
ciapano, terziglio3, treschetten3, treschetten4 — each option exercised."""

from __future__ import annotations

import pytest

from firmware.engine import (
    Call,
    Declare,
    Discard,
    IllegalAction,
    Match,
    OptionError,
    Play,
    apply,
    deal_seeded,
    legal_actions,
    make_variant,
    view_for,
)
from firmware.engine.records import dumps, loads
from tests.engine.test_variants_support import fill_deal, play, play_out_lowest

COPPE = 0

# ------------------------------------------------------------------- treseta4


def test_treseta4_accuse_before_your_first_card_at_your_turn() -> None:
    # seed 001/004: "Bevor ein Spieler eine Karte zum ersten Stich ausspielt".
    v = make_variant("treseta4")
    match = Match(v)
    state = match.start_hand(fill_deal(v, {1: "3c 2c Ac 4c", 2: "3d 2d Ad"}))
    with pytest.raises(IllegalAction, match="at your turn"):
        match.apply(Declare(2, "napoletana", suit=1))  # seat 1 has not played yet
    match.apply(Declare(1, "napoletana", suit=COPPE))
    assert state.declarations[-1].points == 3  # no extension by the 4 in treseta4
    play(match, "4c")
    with pytest.raises(IllegalAction, match="before your first card"):
        match.apply(Declare(1, "three", rank=0))
    match.apply(Declare(2, "napoletana", suit=1))  # seat 2's turn, before his card
    assert [d.seat for d in state.declarations] == [1, 2]


@pytest.mark.parametrize(("option", "points"), [("none", 11), ("double", 22), ("eleven_plus_one", 12)])
def test_treseta4_cappotto_options(option: str, points: int) -> None:
    # seed 001: a side that takes no trick: double the hand or 11+1 to the other side.
    v = make_variant("treseta4", {"cappotto": option, "accusi": False})
    match = Match(v)
    match.start_hand(fill_deal(v, {1: "3c 2c Ac Rc Cc Fc 7c 6c 5c 4c"}))
    play_out_lowest(match)
    result = match.results[-1]
    assert result.points == (0, points)
    assert result.cappotto_side == (None if option == "none" else 1)
    assert match.totals == [0, points]


def test_treseta_hr_goes_to_41() -> None:
    assert make_variant("treseta_hr").target == 41
    assert make_variant("treseta4").target == 31
    with pytest.raises(OptionError):
        make_variant("treseta4", {"target": 51})


def test_four_player_deal_five_at_a_time_from_the_dealers_right() -> None:
    # seed 001: "je fünf auf einmal, gegen den Uhrzeigersinn"; seats are in turn order.
    from firmware.engine.deal import deal_from_order

    v = make_variant("treseta4")
    deal = deal_from_order(v, list(range(40)), dealer=2)
    assert deal.hands[3] == (0, 1, 2, 3, 4, 20, 21, 22, 23, 24)
    assert deal.hands[2] == (15, 16, 17, 18, 19, 35, 36, 37, 38, 39)


def test_dealer_rotates_and_the_next_seat_leads() -> None:
    match = Match(make_variant("treseta4", {"accusi": False}), first_dealer=3)
    for expected_dealer in (3, 0, 1):
        state = match.start_hand(seed=expected_dealer)
        assert state.dealer == expected_dealer and state.to_move == (expected_dealer + 1) % 4
        play_out_lowest(match)


# -------------------------------------------------------------------- briscola


def briscola() -> Match:
    v = make_variant("briscola", {"accusi": False})
    match = Match(v)
    # Dealer 0's last dealt card, 4b, is shown and makes bastoni trump.
    match.start_hand(fill_deal(v, {1: "3c Ac 7c 4d", 0: "2c Rc Cc Fc 6c 5c 4c 3s 2s 4b"}))
    return match


def test_briscola_the_dealers_last_card_is_shown_and_trump() -> None:
    match = briscola()
    state = match.state
    assert state is not None
    four_b = match.variant.deck.parse("4b")
    assert state.trump == 3 and state.trump_card == four_b
    for seat in range(4):
        view = view_for(state, seat)
        assert view.trump == 3 and view.trump_card == four_b
        assert four_b in view.seats[0].shown


def test_briscola_you_must_still_follow_suit_and_a_trump_wins() -> None:
    # seed 001: "wer nicht bedienen kann, darf trumpfen; der höchste Trumpf gewinnt".
    match = briscola()
    state = match.state
    assert state is not None
    deck = match.variant.deck
    play(match, "4d")
    with pytest.raises(IllegalAction, match="follow suit"):
        match.apply(Play(2, deck.parse("As")))  # seat 2 holds denari
    play(match, "7d")
    low_trump = apply(apply(state, Play(3, deck.parse("4s"))), Play(0, deck.parse("4b")))
    assert low_trump.tricks[0].winner == 0  # the 4 of trumps beats the 7 of the suit led
    two_trumps = apply(apply(state, Play(3, deck.parse("5b"))), Play(0, deck.parse("4b")))
    assert two_trumps.tricks[0].winner == 3  # the higher trump wins
    no_trump = apply(apply(state, Play(3, deck.parse("4s"))), Play(0, deck.parse("2c")))
    assert no_trump.tricks[0].winner == 2


# -------------------------------------------------------------------- chiamata


def chiamata(seat1: str, options: dict[str, object] | None = None) -> Match:
    v = make_variant("chiamata", options)
    match = Match(v)
    match.start_hand(fill_deal(v, {1: seat1}))
    return match


def test_chiamata_the_first_player_calls_a_three_he_does_not_hold() -> None:
    # seed 003: "der Spieler rechts vom Geber ruft eine 3".
    match = chiamata("3c Ac 7c 4d")  # seat 0 holds 3d
    state = match.state
    assert state is not None
    deck = match.variant.deck
    assert state.to_move == 1
    assert legal_actions(state) == [Call(1, deck.parse(c)) for c in ("3d", "3s", "3b")]
    assert legal_actions(state, 0) == []
    with pytest.raises(IllegalAction, match="must first call"):
        match.apply(Play(1, deck.parse("3c")))
    with pytest.raises(IllegalAction, match="may not call 3c"):
        match.apply(Call(1, deck.parse("3c")))
    match.apply(Call(1, deck.parse("3d")))
    assert state.hand_sides == (0, 1, 0, 1) or state.hand_sides[1] == state.hand_sides[0] == 0
    assert state.side_of(0) == state.side_of(1) == 0 and state.side_of(2) == 1


def test_chiamata_sides_are_secret_until_the_called_card_is_played() -> None:
    match = chiamata("3c Ac 7c 4d")
    state = match.state
    assert state is not None
    deck = match.variant.deck
    match.apply(Call(1, deck.parse("3d")))  # seat 0 holds it
    assert view_for(state, 0).sides == (0, 0, 1, 1)  # the holder knows
    assert view_for(state, 1).sides == (None, 0, None, None)
    assert view_for(state, 2).sides == (None, 0, 1, None)
    assert not view_for(state, 2).partner_known
    play(match, "4d", "4s", "4b")  # seats 1, 2, 3
    assert view_for(state, 2).sides == (None, 0, 1, None)
    play(match, "3d")  # seat 0 plays the called card: revealed to all
    for seat in range(4):
        assert view_for(state, seat).sides == (0, 0, 1, 1)


def test_chiamata_holding_all_threes_calls_a_two_or_plays_alone() -> None:
    deck = make_variant("chiamata").deck
    lower = chiamata("3c 3d 3s 3b 2c")
    assert lower.state is not None
    assert legal_actions(lower.state) == [Call(1, deck.parse(c)) for c in ("2d", "2s", "2b")]
    aces = chiamata("3c 3d 3s 3b 2c 2d 2s 2b Ac")
    assert aces.state is not None
    assert legal_actions(aces.state) == [Call(1, deck.parse(c)) for c in ("Ad", "As", "Ab")]
    alone = chiamata("3c 3d 3s 3b 2c", {"call": "alone"})
    state = alone.state
    assert state is not None
    assert legal_actions(state) == [Call(1, deck.parse(c)) for c in ("3c", "3d", "3s", "3b")]
    alone.apply(Call(1, deck.parse("3s")))
    assert state.hand_sides == (1, 0, 1, 1)  # a secret solo
    assert view_for(state, 1).sides == (1, 0, 1, 1)
    assert view_for(state, 0).sides == (None, 0, None, None) or view_for(state, 0).sides[0] == 1


def test_chiamata_scores_per_seat_each_partner_gets_the_side_points() -> None:
    match = chiamata("3c Ac 7c 4d")
    assert match.state is not None
    match.apply(Call(1, match.variant.deck.parse("3d")))
    play_out_lowest(match)
    result = match.results[-1]
    assert sum(result.card_points) == 11
    assert result.score == (result.points[0], result.points[0], result.points[1], result.points[1])
    assert match.totals == list(result.score)
    again = loads(dumps(match))
    assert again.totals == match.totals and '"call": "3d"' in dumps(match)


def test_chiamata_target_21_without_onori() -> None:
    assert make_variant("chiamata").target == 21
    assert make_variant("chiamata", {"accusi": True}).target == 31


# --------------------------------------------------------------------- ciapano


def test_ciapano_points_count_against_and_lowest_wins_when_someone_reaches_target() -> None:
    # seeds 001, 003: Ciapanò, each for himself, no accusi.
    v = make_variant("ciapano", {"target": 21})
    match = Match(v)
    while not match.finished:
        state = match.start_hand(seed=len(match.hands))
        assert not any(isinstance(a, Declare) for s in range(4) for a in legal_actions(state, s))
        play_out_lowest(match)
        if not match.finished:
            assert max(match.totals) < 21 or match.totals.count(min(match.totals)) > 1
    assert max(match.totals) >= 21
    assert match.winner == match.totals.index(min(match.totals))
    assert match.totals.count(min(match.totals)) == 1


def test_ciapano_has_no_accusi_and_two_to_four_players() -> None:
    with pytest.raises(OptionError):
        make_variant("ciapano", {"accusi": True})
    two = make_variant("ciapano", {"players": 2})
    assert (two.n_seats, two.hand_size, two.aside_size) == (2, 20, 0)
    three = make_variant("ciapano", {"players": 3})
    assert (three.n_seats, three.hand_size, three.aside_size) == (3, 13, 1)
    match = Match(three)
    match.start_hand(seed=5)
    play_out_lowest(match)
    result = match.results[-1]
    assert sum(result.thirds) == 35  # the odd card goes with the last trick


# ------------------------------------------------------------------ terziglio3


def test_terziglio_widow_to_the_winner_of_the_last_trick() -> None:
    # seed 001: three players, 12 each, four cards left.
    v = make_variant("terziglio3")
    match = Match(v)
    state = match.start_hand(fill_deal(v, {}, aside="Ac Ad As Ab"))
    assert [len(state.hand_of(s)) for s in range(3)] == [12, 12, 12]
    assert view_for(state, 0).aside == ()  # face down
    play_out_lowest(match)
    result = match.results[-1]
    assert sum(result.thirds) == 35
    last = result.last_trick
    assert last is not None and result.thirds[last] >= 3 + 12  # last trick + four aces
    assert set(view_for(state, 1).aside) == {v.deck.parse(c) for c in ("Ac", "Ad", "As", "Ab")}


def test_terziglio_widow_dealt_face_up_the_last_to_the_dealer_who_lays_one_away() -> None:
    v = make_variant("terziglio3", {"widow": "dealt"})
    match = Match(v)
    state = match.start_hand(fill_deal(v, {}, aside="Ac Ad As Ab"))  # dealer 0
    deck = v.deck
    assert [len(state.hand_of(s)) for s in range(3)] == [14, 13, 13]
    assert deck.parse("Ac") in view_for(state, 2).seats[1].shown  # face up
    assert deck.parse("Ab") in view_for(state, 2).seats[0].shown
    assert state.to_move == 0
    assert {type(a) for a in legal_actions(state)} == {Discard}
    with pytest.raises(IllegalAction, match="must first lay a card away"):
        match.apply(Play(1, state.hand_of(1)[0]))
    hidden = deck.parse("7c") if state.hands[0] >> deck.parse("7c") & 1 else state.hand_of(0)[-1]
    match.apply(Discard(0, hidden))
    assert view_for(state, 0).aside == (hidden,) and view_for(state, 1).aside == ()
    assert hidden not in state.aside  # a card of his own: the others did not see it
    assert state.to_move == 1
    play_out_lowest(match)
    assert sum(match.results[-1].thirds) == 35
    assert '"discard"' in dumps(match) and loads(dumps(match)).totals == match.totals


def test_terziglio_a_face_up_widow_card_laid_away_stays_public() -> None:
    v = make_variant("terziglio3", {"widow": "dealt"})
    match = Match(v)
    state = match.start_hand(fill_deal(v, {}, aside="Ac Ad As Ab"))
    match.apply(Discard(0, v.deck.parse("Ab")))  # the dealer got Ab face up
    for seat in range(3):
        assert view_for(state, seat).aside == (v.deck.parse("Ab"),)


# ---------------------------------------------------------------- treschetten


@pytest.mark.parametrize("face", ["face_down", "face_up"])
def test_treschetten3_two_cards_aside(face: str) -> None:
    # seed 000: "die verbleibenden 2 entweder verdeckt oder offen abgelegt".
    v = make_variant("treschetten3", {"aside": face})
    match = Match(v)
    state = match.start_hand(seed=2)
    assert [len(state.hand_of(s)) for s in range(3)] == [10, 10, 10] and len(state.aside) == 2
    for seat in range(3):
        assert view_for(state, seat).aside == (state.aside if face == "face_up" else ())
    play_out_lowest(match)
    aside_thirds = sum(v.deck.rank_thirds[v.deck.ranks.index(v.deck.code(c)[:-1])] for c in state.aside)
    assert sum(match.results[-1].thirds) == 35 - aside_thirds  # the cards aside count for nobody
    assert len(match.totals) == 3


def test_treschetten4_announcements_only_in_the_first_trick_at_your_turn() -> None:
    # seed 000: "Ansagen sind nur während des ersten Stiches erlaubt ... wenn der Spieler an der Reihe ist".
    v = make_variant("treschetten4")
    match = Match(v)
    state = match.start_hand(fill_deal(v, {1: "10e 9e Ae", 2: "10l 9l Al"}))
    with pytest.raises(IllegalAction, match="at your turn"):
        match.apply(Declare(2, "napoletana", suit=1))
    match.apply(Declare(1, "napoletana", suit=0))
    play(match, "10e")
    match.apply(Declare(2, "napoletana", suit=1))
    play(match, "10l")
    while state.trick:
        match.apply([a for a in legal_actions(state) if isinstance(a, Play)][0])
    assert len(state.tricks) == 1
    assert not any(isinstance(a, Declare) for s in range(4) for a in legal_actions(state, s))
    assert [d.seat for d in state.declarations] == [1, 2]


def test_seeded_deals_of_every_variant_hold_the_deck_once() -> None:
    for name in ("treschetten3", "treschetten4", "treseta4", "treseta_hr", "tressette4",
                 "terziglio3", "chiamata", "ciapano", "briscola"):
        v = make_variant(name)
        deal = deal_seeded(v, 9, 1)
        every = [c for h in deal.hands for c in h] + list(deal.aside) + list(deal.talon)
        assert sorted(every) == list(v.deck.cards), name
        assert all(len(h) == v.hand_size for h in deal.hands)


def test_treschetten3_announce_only_on_lead_as_an_option() -> None:
    v = make_variant("treschetten3", {"announce_when": "after_trick"})
    match = Match(v)
    state = match.start_hand(fill_deal(v, {2: "10e 9e Ae"}))  # dealer 0: seat 1 leads
    play(match, state.variant.deck.code(state.hand_of(1)[-1]))
    assert state.to_move == 2
    with pytest.raises(IllegalAction, match="only on lead"):
        match.apply(Declare(2, "napoletana", suit=0))
    anytime = Match(make_variant("treschetten3"))
    state = anytime.start_hand(fill_deal(anytime.variant, {2: "10e 9e Ae"}))
    play(anytime, anytime.variant.deck.code(state.hand_of(1)[-1]))
    anytime.apply(Declare(2, "napoletana", suit=0))


def test_treschetten4_best_of_two_goes_on_to_a_decider_at_41() -> None:
    # seed 000: "2 Partien zu 31 Punkten ... eine dritte Partie zu 41 Punkten".
    v = make_variant("treschetten4", {"match_format": "best_of_two", "accusi": False})
    match = Match(v)
    seed = 400  # seeded hands, strongest cards played: the two games split
    while len(match.game_winners) < 2:
        match.start_hand(seed=seed)
        seed += 1
        play_out_lowest(match)
    assert match.game_winners == [1, 0] and not match.finished
    assert match.game_target == 41 and match.totals == [0, 0]
    while not match.finished:
        match.start_hand(seed=seed)
        seed += 1
        play_out_lowest(match)
    assert max(match.results[-1].points) > 0 and max(match.games_won) == 2
    assert match.totals[match.winners[0]] >= 41 and len(match.ledger) == 3


def test_striscio_meaning_changes_no_rule_of_play() -> None:
    # seed 001 vs seed 003 disagree on what striscio tells; both may be spoken freely.
    for meaning in ("many", "few"):
        v = make_variant("treseta4", {"striscio_meaning": meaning})
        match = Match(v)
        state = match.start_hand(fill_deal(v, {1: "3c Ac 7c 4d"}))
        assert "striscio" in state.legal_signals(v.deck.parse("7c"))
        match.apply(Play(1, v.deck.parse("7c"), ("striscio",)))


def test_seed_000_count_example_in_a_four_player_side() -> None:
    # seed 000: König, Unter (Eichel), Herz 10, Herz Ass, Laub 9, Laub Ober, Herz 9,
    # Herz König, Schell 7, Schell Ober = 3⅔ ("3 und 2 Pezz") → 3, here taken by two partners.
    from firmware.engine import HandState, Trick, deal_explicit

    v = make_variant("treschetten4")
    state = HandState.start(v, deal_explicit(v, fill_deal(v, {})), 0)
    deck = v.deck
    first = [deck.parse(c) for c in ("Ke", "Ue", "10h", "Ah", "9l")]
    second = [deck.parse(c) for c in ("Ol", "9h", "Kh", "7s", "Os")]
    state.thirds = [sum(deck.rank_thirds[deck.ranks.index(deck.code(c)[:-1])] for c in cs) for cs in (first, [], second, [])]
    state.tricks = [Trick(0, (), 0), Trick(0, (), 2), Trick(0, (), 1)]
    assert state.result().card_points[0] == 3 and state.thirds[0] + state.thirds[2] == 11


def test_chiamata_with_onori_has_the_decima_for_caller_and_partner() -> None:
    # seed 003: with onori there is the napoletana decima (16 times the game's value).
    v = make_variant("chiamata", {"accusi": True})
    match = Match(v)
    state = match.start_hand(fill_deal(v, {3: "3c 2c Ac Rc Cc Fc 7c 6c 5c 4c"}))
    deck = v.deck
    match.apply(Call(1, deck.parse("3d")))
    play(match, state.variant.deck.code(state.hand_of(1)[-1]))
    while state.trick:
        match.apply([a for a in legal_actions(state) if isinstance(a, Play)][-1])
    assert len(state.tricks) == 1
    decima = Declare(3, "decima", suit=COPPE)
    assert decima in legal_actions(state, 3)
    match.apply(decima)
    assert state.hand_sides == (0, 0, 1, 1)  # seat 0 held the called 3d
    assert match.finished and match.ledger[-1].multiplier == 16
    assert match.winners == (2, 3) and match.stakes == [0, 0, 16, 16]
