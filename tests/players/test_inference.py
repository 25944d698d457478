"""The inference of two-player games with a talon (``players/inference.py``): the
textbook model of the opponent is the normal level's rule, and ``tressette bench
inference`` measures how well each model places the opponent's face-down cards.
(The card counter's rule and the resampling are tested with the hidden information,
``test_hiding.py``.)"""

from __future__ import annotations

import random

import pytest

from firmware.engine import HandState, Match, make_variant, view_for
from firmware.players import make_player
from tests.players.conftest import play_hand
from tests.players.test_hiding import _telling_positions


@pytest.mark.parametrize("name", ["tressette2", "treschetten2"])
def test_the_textbook_model_is_the_normal_levels_card(name: str) -> None:
    """:func:`inference.textbook_card` is the normal level's card at every decision of
    normal play (on lead and following, with the talon and after it), and the true
    deal, where the opponent played the normal rules, misses it nowhere: the
    textbook model's misses are 0 at every position where the inference applies."""
    from firmware.players import inference
    from firmware.players.heuristic import normal_card
    from firmware.players.knowledge import count

    decisions = applied = leads_after_talon = 0
    for seed in range(40):
        match = Match(make_variant(name, {}))
        players = [make_player("normal", seed=s) for s in range(2)]

        def check(state: HandState, seat: int) -> None:
            nonlocal decisions, applied, leads_after_talon
            view = view_for(state, state.to_move)
            c = count(view)
            lead = view.trick[0][1] if view.trick else None
            card = inference.textbook_card(c.hand, lead, c.outside, view.talon_left, c.suit_masks)
            assert card == normal_card(view)
            decisions += 1
            leads_after_talon += lead is None and view.talon_left == 0 and len(view.hand) <= 3
            if inference.applies(view):
                fit = inference.Fit(view, textbook=True)
                assert fit.misses(state.hands[1 - view.seat]) == 0
                applied += bool(fit.positions)

        play_hand(match, players, seed=seed, on_decision=check)
    assert decisions >= 500
    assert applied >= 300
    assert leads_after_talon >= 20  # the ending's rule (keep the last sure winner) is met


@pytest.mark.parametrize("name", ["tressette2", "treschetten2"])
def test_the_textbook_model_places_a_textbook_opponents_cards_better(name: str) -> None:
    """Against an opponent who plays the textbook (the normal level), worlds resampled
    with the textbook's rules give it more of the cards it really holds face down than
    worlds resampled with the card counter's rule (which reads nothing from the suit a
    lead comes from), on the same positions and draws."""
    from firmware.players import inference
    from firmware.players.determinize import Sampler

    placed = {False: 0.0, True: 0.0}
    positions = 0
    for view, _, opp, truth in _telling_positions(name):
        sample = Sampler(view)
        for textbook in (False, True):
            rng = random.Random(positions)
            fit = inference.Fit(view, textbook)
            for _ in range(12):
                world = inference.likeliest(view, sample, rng, 8, 0.1, fit)
                placed[textbook] += (world.hands[opp] & truth).bit_count() / truth.bit_count()
        positions += 1
    assert positions >= 15
    assert placed[True] > 1.03 * placed[False]


@pytest.mark.parametrize("name", ["tressette2", "treschetten2"])
def test_bench_inference_reports_every_model_against_both_players(
    capsys: pytest.CaptureFixture[str], name: str
) -> None:
    """``tressette bench inference``: a row per way of imagining the worlds, against a
    textbook (normal) and a hard opponent; against the textbook, the near-exact posterior
    places more of its face-down cards than plain samples."""
    from firmware.cli import main as cli
    from tools.bench.inference import WAYS

    assert cli(["bench", "inference", "--variant", name, "--hands", "2"]) == 0
    out = capsys.readouterr().out
    blocks = out.split(f"{name}, both seats ")[1:]
    assert [b.split(":")[0] for b in blocks] == ["normal", "hard"]
    for block in blocks:
        rows = [line for line in block.splitlines() if "µs a world" in line]
        assert [r.split("a world")[1].strip() for r in rows] == [w[0] for w in WAYS]
    shares = [float(r.split("%")[0]) for r in blocks[0].splitlines() if "µs a world" in r]
    assert shares[-1] > shares[0]




def test_every_spec_is_told_in_the_docs_and_the_module() -> None:
    """Each spec ``make_player`` builds is named in docs/players.md and in the players
    package's docstring (what it is, that a measurement level is measurement only), and
    the textbook levels resample with the textbook's model."""
    from pathlib import Path

    import firmware.players as players
    from firmware.players import MEASURED, SPECS
    from firmware.players.hard import HardPlayer

    docs = (Path(__file__).resolve().parents[2] / "docs" / "players.md").read_text(encoding="utf-8")
    for spec in SPECS:
        assert f'"{spec}"' in (players.__doc__ or ""), spec
        assert f'`"{spec}"`' in docs or f"`{spec}`" in docs, spec
    for spec in MEASURED:
        p = make_player(spec, seed=1, worlds=4)
        assert isinstance(p, HardPlayer) and p.name == spec
    textbook = make_player("hard-textbook32", seed=1)
    assert isinstance(textbook, HardPlayer)
    assert (textbook.textbook, textbook.resample, textbook.miss) == (True, 32, 0.02)
