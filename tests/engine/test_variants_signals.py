"""Signals attached to a play (RULES.md §3.3 classic, §3.5 alternative; seeds 001, 003)."""

from __future__ import annotations

import pytest

from firmware.engine import IllegalAction, Match, Play, make_variant, view_for
from firmware.engine.records import dumps, loads
from tests.engine.test_variants_support import fill_deal


def table(options: dict[str, object] | None = None, name: str = "treseta4", seat1: str = "3c Ac 7c 4d") -> Match:
    # Dealer 0, seat 1 leads. Seat 0 then holds 2c Rc Cc Fc 6c 5c 4c 3d 2d Ad.
    v = make_variant(name, options)
    match = Match(v)
    match.start_hand(fill_deal(v, {1: seat1}))
    return match


def card(match: Match, code: str) -> int:
    return match.variant.deck.parse(code)


def test_classic_signals_with_the_lead() -> None:
    match = table()
    match.apply(Play(1, card(match, "3c"), ("busso", "striscio")))
    state = match.state
    assert state is not None
    assert state.signals[0].names == ("busso", "striscio") and state.signals[0].seat == 1


def test_a_false_volo_is_refused() -> None:
    # seed 001/003: volo means "my last card of this suit"; seat 1 still holds Ac and 7c.
    match = table()
    with pytest.raises(IllegalAction, match="volo must be true: you still hold 2 more"):
        match.apply(Play(1, card(match, "3c"), ("volo",)))
    assert match.state is not None and not match.state.trick  # nothing happened


def test_a_true_volo_is_accepted() -> None:
    match = table(seat1="3c Rd Cd Fd 7d 6d 5d 4d 3s 2s")  # 3c is his only coppe
    state = match.state
    assert state is not None
    assert "volo" in state.legal_signals(card(match, "3c"))
    assert "volo" not in state.legal_signals(card(match, "Rd"))
    match.apply(Play(1, card(match, "3c"), ("volo",)))


def test_leader_only_by_default_anyone_as_an_option() -> None:
    match = table()
    match.apply(Play(1, card(match, "3c")))
    with pytest.raises(IllegalAction, match="only the player who leads"):
        match.apply(Play(2, card(match, "3s"), ("busso",)))
    anyone = table({"signal_by": "anyone"})
    anyone.apply(Play(1, card(anyone, "3c")))
    anyone.apply(Play(2, card(anyone, "3s"), ("striscio",)))
    assert anyone.state is not None and anyone.state.signals[0].seat == 2


def test_signals_of_the_other_system_or_of_none_are_refused() -> None:
    match = table()
    with pytest.raises(IllegalAction, match="not a signal of the classic system"):
        match.apply(Play(1, card(match, "3c"), ("ribusso",)))
    with pytest.raises(IllegalAction, match="once per card"):
        match.apply(Play(1, card(match, "3c"), ("busso", "busso")))
    off = table({"signals": "none"})
    with pytest.raises(IllegalAction, match="no signals"):
        off.apply(Play(1, card(off, "3c"), ("busso",)))
    # seed 000: no signals in Treschetten.
    v = make_variant("treschetten4")
    t4 = Match(v)
    state = t4.start_hand(seed=1)
    first = next(iter(sorted(state.hand_of(state.to_move))))
    with pytest.raises(IllegalAction, match="no signals"):
        t4.apply(Play(state.to_move, first, ("busso",)))


def test_alternative_busso_and_ribusso_must_be_true() -> None:
    # seed 003: busso "I hold the highest unplayed card", ribusso "the second-highest".
    match = table({"signals": "alternative"})
    state = match.state
    assert state is not None
    # Seat 1 holds 3c (highest coppe) but not 2c (seat 0 has it).
    assert state.legal_signals(card(match, "7c")) == ("busso", "cerco_la_meglio", "tutto_fuori")
    with pytest.raises(IllegalAction, match="ribusso must be true"):
        match.apply(Play(1, card(match, "7c"), ("ribusso",)))
    with pytest.raises(IllegalAction, match="busso must be true"):
        match.apply(Play(1, card(match, "4d"), ("busso",)))  # seat 0 holds 3d
    with pytest.raises(IllegalAction, match="not a signal of the alternative system"):
        match.apply(Play(1, card(match, "4d"), ("volo",)))
    # "Busso e cerco la meglio" with a low card: he holds the 3 and seeks the 2.
    match.apply(Play(1, card(match, "7c"), ("busso", "cerco_la_meglio")))


def test_alternative_ribusso_after_the_three_is_gone() -> None:
    match = table({"signals": "alternative"}, seat1="2c Ac 7c 4d")  # seat 0 holds 3c
    state = match.state
    assert state is not None
    assert state.legal_signals(card(match, "7c"))[:1] == ("ribusso",)
    match.apply(Play(1, card(match, "7c"), ("ribusso",)))


def test_tutto_fuori_may_bluff_and_only_the_leader_signals() -> None:
    match = table({"signals": "alternative", "signal_by": "anyone"})
    match.apply(Play(1, card(match, "3c"), ("tutto_fuori",)))  # he holds the 3: a bluff
    with pytest.raises(IllegalAction, match="only the player who leads"):
        match.apply(Play(2, card(match, "3s"), ("tutto_fuori",)))


def test_signals_are_public_in_every_view_and_replay() -> None:
    match = table({"signals": "alternative"})
    match.apply(Play(1, card(match, "7c"), ("busso",)))
    state = match.state
    assert state is not None
    for seat in range(4):
        view = view_for(state, seat)
        assert [(s.seat, s.card, s.names) for s in view.signals] == [(1, card(match, "7c"), ("busso",))]
    text = dumps(match)
    assert '"signal": [' in text
    again = loads(text)
    assert again.state is not None and again.state.signals == state.signals


def test_view_lists_the_signals_each_card_may_carry() -> None:
    match = table()
    state = match.state
    assert state is not None
    options = dict(view_for(state, 1).signal_options)
    assert options[card(match, "3c")] == ("busso", "striscio")
    assert view_for(state, 2).signal_options == ()  # not his turn
