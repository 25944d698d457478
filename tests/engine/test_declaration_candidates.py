"""``declarations.possible`` lists exactly what ``evaluate`` accepts (RULES.md §2).

``possible`` puts to ``evaluate`` only the candidates whose cards are in the hand; this
holds it to the plain definition: every one of the candidates a seat could name, each put
to ``evaluate``, in the same order, each offered as a person says it (``as_said``).
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from firmware.engine.actions import Declare
from firmware.engine.cards import BAVARIAN, ITALIAN, Deck
from firmware.engine.declarations import DECLARABLE_RANKS, Declaration, as_said, evaluate, possible
from firmware.engine.errors import IllegalAction

Case = tuple[Deck, int, bool, tuple[Declaration, ...], bool]


def every_candidate(
    deck: Deck, held: int, extends: bool, earlier: tuple[Declaration, ...], decima: bool
) -> list[Declare]:
    suits = range(len(deck.suits))
    named = [Declare(0, "decima", suit=s) for s in suits] if decima else []
    named += [Declare(0, "napoletana", suit=s) for s in suits]
    for rank in DECLARABLE_RANKS:
        named += [Declare(0, "four", rank=rank), Declare(0, "three", rank=rank)]
    out = []
    for cand in named:
        try:
            out.append(as_said(cand, evaluate(deck, cand, held, extends, earlier, decima), extends))
        except IllegalAction:
            continue
    return out


@st.composite
def hands(draw: st.DrawFn) -> Case:
    deck = draw(st.sampled_from([ITALIAN, BAVARIAN]))
    # dense hands: most of the declarable cards, so that accusi are common
    declarable = [deck.card(s, r) for s in range(len(deck.suits)) for r in DECLARABLE_RANKS]
    cards = draw(st.sets(st.sampled_from(declarable))) | draw(st.sets(st.sampled_from(deck.cards), max_size=12))
    held = sum(1 << c for c in cards)
    extends, decima = draw(st.booleans()), draw(st.booleans())
    # declarations already made: some of what the hand holds now (a repeat must be refused)
    made = every_candidate(deck, held, extends, (), decima)
    chosen = draw(st.lists(st.sampled_from(made), unique=True)) if made else []
    earlier = tuple(evaluate(deck, d, held, extends, (), decima) for d in chosen)
    return deck, held, extends, earlier, decima


@settings(max_examples=400, deadline=None, derandomize=True)
@given(hands())
def test_possible_is_every_candidate_evaluate_accepts(case: Case) -> None:
    deck, held, extends, earlier, decima = case
    assert possible(deck, 0, held, extends, earlier, decima) == every_candidate(deck, held, extends, earlier, decima)


def test_the_check_sees_accusi_at_all() -> None:
    """The property above is not empty: a hand with every 3, 2 and A holds them all."""
    held = sum(1 << ITALIAN.card(s, r) for s in range(4) for r in DECLARABLE_RANKS)
    kinds = [d.kind for d in possible(ITALIAN, 0, held, True, (), False)]
    assert kinds.count("napoletana") == 4 and kinds.count("four") == 3
