"""The rarer moves, tapped on a real page (headless Chromium, the box program's server):
terziglio's discard (the fast suite), chiamarsi fuori right and wrong, zu tun's ten
(behind ``phone_match``; test_phone_moves.py plays the same path without a browser).
Screenshots go to test-artifacts/phones/.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.app.phones.browser import Box, Phone, Policy, browser, phase_of
from tests.app.phones.test_phone_page import joined, shot
from ui.i18n import tr

ARTIFACTS = Path(__file__).resolve().parents[3] / "test-artifacts" / "phones"

pytestmark = [pytest.mark.browser, pytest.mark.timeout(600)]


@pytest.fixture
def artifacts() -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS


def drive(phones: list[Phone], until: Callable[[], bool], timeout: float = 300) -> None:
    """Phones tap what their pages offer (never a claim or zu tun), hand after hand."""
    import time

    policy = Policy()
    end = time.monotonic() + timeout
    while not until():
        assert time.monotonic() < end, [p.state() for p in phones]
        moved = False
        for p in phones:
            assert phase_of(p) != "match_over", "the match ended first"
            if phase_of(p) == "hand_over":
                moved = p.tap('#actions [data-name="next"]') or moved
            else:
                moved = p.move(policy) or moved
        if not moved:
            phones[0].page.wait_for_timeout(80)


def test_terziglio_the_dealer_discards_from_the_phone_page(tmp_path: Path, artifacts: Path) -> None:
    """terziglio3 with the widow dealt (RULES.md, terziglio): the dealer's page says
    *Discard a card* in its own language (the catalogue's word) and the tapped card is
    laid away."""
    box = Box(tmp_path, "phone,phone,phone", "terziglio3", seed=1, options={"widow": "dealt"})
    box.start()
    try:
        with browser() as b:
            langs = {0: "it", 1: "de", 2: "en"}
            phones = joined(b, box, langs)
            dealer = phones[0].wait(lambda s: s is not None and s.get("dealer") is not None, 20, "the deal")
            assert dealer is not None
            seat = int(dealer["dealer"])
            ph = phones[seat]
            s = ph.wait(lambda s: bool(s and s["legal"].get("discard")), 20, "the dealer's discard")
            assert s is not None
            turn = ph.page.inner_text("#turn")
            assert turn == tr("discard", langs[seat]), turn
            assert ph.page.locator("#hand img.playable").count() == len(s["hand"])
            for other, page in phones.items():
                if other != seat:
                    assert page.page.inner_text("#turn") != tr("discard", langs[other])
            shot(ph, artifacts / f"terziglio3-discard-{langs[seat]}-360x640.png")
            card = int(ph.page.locator("#hand img.playable").first.get_attribute("data-card") or "-1")
            assert ph.tap("#hand img.playable")
            after = ph.wait(lambda x: bool(x and card not in x["hand"]), 20, "the card laid away")
            assert after is not None and not after["legal"].get("discard")
            assert len(after["hand"]) == len(s["hand"]) - 1
            assert ph.page.inner_text("#turn") != tr("discard", langs[seat])
            shot(ph, artifacts / f"terziglio3-after-discard-{langs[seat]}-360x640.png")
    finally:
        box.stop()


def side_points(s: dict[str, Any]) -> int:
    """What the page's claim question counts: the match so far, this hand's declarations
    and card points (RULES.md, chiamarsi fuori)."""
    sc = s["score"]
    side = s["sides"][s["seat"]]
    return int(sc["totals"][side] + sc["declared"][side] + sc["counts"][side]["thirds"] // 3)


@pytest.mark.phone_match
@pytest.mark.parametrize("right", [True, False])
def test_chiamarsi_fuori_claimed_from_the_phone_page(tmp_path: Path, artifacts: Path, right: bool) -> None:
    """tressette4 with four phones: a seat's claim button, the question, *Yes*; the engine's
    verdict on the partners' pages: right (the side has reached the target) wins the game.
    A claim that would be wrong is not offered at all (it could only lose the match: the
    state's ``claim_stands``); the wire still takes one (tests/app/phones/test_phone_moves.py)."""
    box = Box(tmp_path, "phone,phone,phone,phone", "tressette4", seed=4, options={"target": 21})
    box.start()
    try:
        with browser() as b:
            phones = joined(b, box, {0: "en", 1: "it", 2: "de", 3: "en"})

            def claimant() -> Phone | None:
                for p in phones.values():
                    s = p.state()
                    if (s and s["phase"] == "play" and s["legal"].get("claim")
                            and (side_points(s) >= s["score"]["target"]) == right):
                        return p
                return None

            drive(list(phones.values()), lambda: claimant() is not None)
            a = claimant()
            assert a is not None
            seat = a.seat()
            if not right:
                assert a.page.locator('[data-name="claim"]').count() == 0  # out of reach
                shot(a, artifacts / "tressette4-claim-not-offered-360x640.png")
                return
            assert a.tap('#claim-row [data-name="claim"]')
            question = a.page.inner_text("#overlay .question")
            assert str(side_points(a.state() or {})) in question
            name = f"tressette4-claim-{'right' if right else 'wrong'}"
            shot(a, artifacts / f"{name}-question-360x640.png")
            assert a.tap('#overlay [data-name="yes"]')
            s = a.wait(lambda s: bool(s and s.get("result")), 20, "the hand ended by the claim")
            assert s is not None
            result = s["result"]
            assert result["ended_by"] == "claim" and result["claim_seat"] == seat and result["claim_ok"] is right
            partner = phones[(seat + 2) % 4].wait(lambda x: bool(x and x.get("result")), 20, "the partner's page")
            assert partner is not None and partner["result"]["claim_ok"] is right
            shot(a, artifacts / f"{name}-360x640.png")
    finally:
        box.stop()


@pytest.mark.phone_match
def test_zu_tun_the_ten_picked_on_the_phone_page(tmp_path: Path, artifacts: Path) -> None:
    """treschetten2 with two phones (RULES.md, zu tun): the button appears only when the
    engine allows it, the page lets the ten be chosen, the hand ends by zu tun for that seat."""
    box = Box(tmp_path, "phone,phone", "treschetten2", seed=1)
    box.start()
    try:
        with browser() as b:
            phones = joined(b, box, {0: "de", 1: "en"})

            def offered() -> Phone | None:
                return next((p for p in phones.values() if (p.state() or {}).get("legal", {}).get("zutun")), None)

            drive(list(phones.values()), lambda: offered() is not None, timeout=500)
            ph = offered()
            assert ph is not None
            s = ph.state()
            assert s is not None
            assert ph.tap('#actions [data-name="zutun"]')
            picks = ph.page.locator("#overlay .pick img")
            assert picks.count() == len(s["legal"]["zutun"])
            shot(ph, artifacts / "treschetten2-zu-tun-pick-360x640.png")
            ten = int(picks.first.get_attribute("data-card") or "-1")
            assert ten in s["legal"]["zutun"]
            assert ph.tap("#overlay .pick img")
            after = ph.wait(lambda x: bool(x and x.get("result")), 20, "the hand ended by zu tun")
            assert after is not None
            assert after["result"]["ended_by"] == "zu_tun" and after["result"]["zu_tun_seat"] == s["seat"]
            assert ten not in after["hand"]
            shot(ph, artifacts / "treschetten2-zu-tun-360x640.png")
    finally:
        box.stop()
