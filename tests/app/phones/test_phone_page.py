"""The phone page in a real browser: people playing whole hands from their phones.

Each phone is a headless Chromium context of its own (tests/app/phones/browser.py)
on the box program's own server; every move is a tap on what the page shows.
One hand runs in the fast suite (marker ``browser``): two phones and two
computers at treseta4, a phone reloaded mid-hand, the box killed with SIGKILL
mid-hand and started again, the pages going on by themselves. The other games
and whole matches are behind ``phone_match`` (``pytest -m phone_match``).
Screenshots go to test-artifacts/phones/.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from firmware.engine.variants import PRESETS
from tests.app.phones.browser import (
    PHONE,
    TABLET,
    Box,
    Phone,
    Policy,
    browser,
    hand_over,
    phase_of,
    play,
    xvfb,
)

ARTIFACTS = Path(__file__).resolve().parents[3] / "test-artifacts" / "phones"

pytestmark = [pytest.mark.browser, pytest.mark.timeout(600)]


@pytest.fixture
def artifacts() -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS


def no_missing_words(phone: Phone) -> None:
    """A word the catalogue lacks shows itself as ?key: none on the page, and no script error."""
    text = phone.page.inner_text("body")
    assert not re.search(r"\?[a-z]+_[a-z_]+", text), text
    assert not phone.errors, phone.errors


# Every image loaded, and the broken ones among them, in one look: the computers keep playing
# while the page is read, and a card just put on the trick is a new image still loading (not
# complete, no size yet), which a second look would take for a broken one.
SETTLED_IMAGES = """() => {
  const images = [...document.images];
  if (!images.every((i) => i.complete)) return false;
  return images.filter((i) => !i.naturalWidth).map((i) => i.src);
}"""


def shot(phone: Phone, path: Path) -> None:
    # every card shown is a picture the box served (the touchscreen's art), none broken
    broken = phone.page.wait_for_function(SETTLED_IMAGES).json_value()
    assert not broken, broken
    phone.page.screenshot(path=str(path))
    no_missing_words(phone)


def joined(b: Any, box: Box, langs: dict[int, str]) -> dict[int, Phone]:
    """A phone per open seat, joined by the code the touchscreen shows for it."""
    codes = box.codes()
    assert set(codes) == set(langs), codes
    phones = {}
    for seat, code in sorted(codes.items()):
        ph = Phone(b, box, lang=langs[seat])
        ph.join(code)
        assert ph.seat() == seat
        phones[seat] = ph
    return phones


def same_hand(before: dict[str, Any]) -> Any:
    return lambda s: s is not None and s.get("hand") == before["hand"] and s.get("trick") == before["trick"]


def test_a_hand_from_two_phones_goes_on_after_a_reload_and_a_power_cut(tmp_path: Path, artifacts: Path) -> None:
    box = Box(tmp_path, "phone,cpu:normal,phone,cpu:normal", "treseta4", seed=3)
    box.start()
    try:
        with browser() as b:
            # the address typed by hand: the page asks for the code; a wrong one is refused
            # in words, and the page stays on its form
            typed = Phone(b, box, lang="en")
            typed.page.goto(box.url + "/")
            typed.page.wait_for_selector("#join:not([hidden])")
            shot(typed, artifacts / "join-en-360x640.png")
            wrong = next(f"{n:06d}" for n in range(1000) if f"{n:06d}" not in box.codes().values())
            typed.page.fill("#join-code", wrong)
            typed.tap("#join-go")
            typed.page.wait_for_function("() => document.getElementById('join-error').textContent.length > 0")
            shot(typed, artifacts / "join-wrong-code-en-360x640.png")
            assert typed.state() is None
            typed.context.close()

            phones = joined(b, box, {0: "it", 2: "de"})
            a, c = phones[0], phones[2]
            box.wait_for(lambda p: p["screen"] == "table", 20, "the shared table once both phones are here")
            # the partner, whose turn, the hand in large cards: as a person first sees it
            assert a.state()["sides"] == [0, 1, 0, 1]  # type: ignore[index]
            shot(a, artifacts / "treseta4-it-360x640-start.png")
            # signals chosen on the page before the card (treseta4: the leader signals)
            policy = Policy(signal=True)
            play([a, c], lambda: len((a.state() or {}).get("hand", [])) <= 7, timeout=120, policy=policy)
            said = (a.state() or {}).get("said") or []
            assert policy.signalled and any(x["seat"] in (0, 2) for x in said), (policy.signalled, said)
            shot(c, artifacts / "treseta4-de-360x640-mid.png")

            # the last trick, on a tap
            a.tap('#actions [data-name="last"]')
            assert a.page.locator("#overlay:not([hidden]) img").count() == 4
            shot(a, artifacts / "treseta4-it-360x640-last-trick.png")
            a.tap('#overlay [data-name="close"]')

            # the language of one phone changes by a tap; the hand stays
            c.tap("#lang")  # de -> en
            c.page.wait_for_function("() => document.documentElement.lang === 'en'")
            shot(c, artifacts / "treseta4-en-360x640-mid.png")

            # a tablet, portrait and landscape; a phone on its side
            for name, size in (("800x1280", TABLET), ("1280x800", {"width": 1280, "height": 800}),
                               ("640x360", {"width": 640, "height": 360})):
                a.page.set_viewport_size(size)
                shot(a, artifacts / f"treseta4-it-{name}-mid.png")
            a.page.set_viewport_size(PHONE)

            # reloaded mid-hand: the same seat and hand from the secret kept in localStorage
            before = a.state()
            assert before is not None
            a.page.reload()
            a.back_online(0, 20)
            assert same_hand(before)(a.state()) and a.seat() == 0

            # a power cut: SIGKILL, the box starts again, the pages come back by themselves
            before_a, before_c = a.state(), c.state()
            assert before_a is not None and before_c is not None
            seen_a, seen_c = a.received(), c.received()
            box.kill()
            a.wait(lambda s: a.page.locator("#status:not([hidden])").count() > 0, 20, "the page saying it lost the box")
            shot(a, artifacts / "treseta4-it-360x640-box-away.png")
            box.start()
            a.back_online(seen_a)
            c.back_online(seen_c)
            # the hand exactly where it was: the same cards in hand and on the table
            assert same_hand(before_a)(a.state()) and same_hand(before_c)(c.state())
            assert a.seat() == 0 and c.seat() == 2

            play([a, c], hand_over([a, c]), timeout=180)
            shot(a, artifacts / "treseta4-it-360x640-hand-end.png")
            end = a.state()
            assert end is not None and end["result"] is not None
            assert sum(end["result"]["card_points"]) in (10, 11)  # 11 points a hand, the Pezz lost
    finally:
        box.stop()


# ------------------------------------------------------------------ the other games, whole


@pytest.mark.phone_match
def test_tressette4_onori_declared_from_a_phone(tmp_path: Path, artifacts: Path) -> None:
    """tressette4 with onori: in the onori window a phone's page offers its declaration (the
    engine's legal.declare); the one made by a tap is on every page and on the table. Seeds
    are tried until a phone seat is dealt one before the second trick."""
    assert any(onori_from_a_phone(tmp_path / str(seed), seed, artifacts) for seed in range(1, 30)), \
        "no seed of 1..29 dealt a phone seat a declaration"


def onori_from_a_phone(tmp: Path, seed: int, artifacts: Path) -> bool:
    box = Box(tmp, "phone,cpu:normal,phone,cpu:normal", "tressette4", seed=seed)
    box.start()
    try:
        with browser() as b:
            pages = list(joined(b, box, {0: "it", 2: "en"}).values())

            def offered() -> Phone | None:
                return next((p for p in pages if (p.state() or {}).get("legal", {}).get("declare")), None)

            def past_window() -> bool:
                return any((p.state() or {}).get("tricks", 0) >= 2 or phase_of(p) != "play" for p in pages)

            play(pages, lambda: offered() is not None or past_window(), timeout=120, policy=Policy(declare=False))
            who = offered()
            if who is None:
                return False
            shot(who, artifacts / "tressette4-onori-offer-360x640.png")
            policy = Policy(declare=True)

            def declared() -> bool:
                return bool(policy.declared) and not who.page.locator('#actions [data-name^="declare:"]').count()

            play(pages, declared, timeout=120, policy=policy)
            for p in pages:
                p.wait(lambda s: any(d["seat"] in policy.declared for d in (s or {}).get("declarations") or []),
                       10, "the declaration on every page")
            shot(pages[0], artifacts / "tressette4-declared-it-360x640.png")
            shot(pages[1], artifacts / "tressette4-declared-en-360x640.png")
            box.wait_for(lambda p: p["model"]["declarations"] >= 1, 10, "the declaration on the table")
            play(pages, hand_over(pages), timeout=240, policy=Policy(declare=False))
            return True
    finally:
        box.stop()


def next_hand(phones: list[Phone]) -> None:
    phones[0].tap('#actions [data-name="next"]')
    phones[0].wait(lambda s: s is not None and s.get("phase") == "play", 30, "the next hand")


@pytest.mark.phone_match
def test_chiamata_called_from_a_phone(tmp_path: Path, artifacts: Path) -> None:
    """chiamata: the caller's page offers the call; the card called by a tap is on every page
    and the partner stays unknown until it is played. Seeds are tried until a phone calls."""
    assert any(call_from_a_phone(tmp_path / str(seed), seed, artifacts) for seed in range(1, 20)), \
        "no seed of 1..19 gave a phone seat the call"


def call_from_a_phone(tmp: Path, seed: int, artifacts: Path) -> bool:
    box = Box(tmp, "phone,cpu:normal,phone,cpu:normal", "chiamata", seed=seed)
    box.start()
    try:
        with browser() as b:
            pages = list(joined(b, box, {0: "it", 2: "de"}).values())
            caller = next((p for p in pages if (p.state() or {}).get("legal", {}).get("call")), None)
            if caller is None:
                return False
            shot(caller, artifacts / "chiamata-call-offered-360x640.png")
            caller.tap('#actions [data-name="call"]')
            caller.page.wait_for_selector("#overlay:not([hidden]) .pick img")
            shot(caller, artifacts / "chiamata-call-pick-360x640.png")
            called = int(caller.page.locator("#overlay .pick img").first.get_attribute("data-card") or -1)
            caller.tap("#overlay .pick img")
            for p in pages:
                p.wait(lambda s: s is not None and s.get("called") == called, 15, "the called card on every page")
            shot(pages[0], artifacts / "chiamata-called-it-360x640.png")
            play(pages, hand_over(pages), timeout=240)
            for i, p in enumerate(pages):
                shot(p, artifacts / f"chiamata-hand-end-{i}-360x640.png")
            return True
    finally:
        box.stop()


@pytest.mark.phone_match
def test_tressette2_two_phones_a_whole_match(tmp_path: Path, artifacts: Path) -> None:
    box = Box(tmp_path, "phone,phone", "tressette2", seed=2)
    box.start()
    try:
        with browser() as b:
            phones = list(joined(b, box, {0: "en", 1: "it"}).values())
            play(phones, lambda: len((phones[0].state() or {}).get("draws", [])) >= 4, timeout=120)
            shot(phones[0], artifacts / "tressette2-en-360x640-talon.png")
            whole_match(phones, timeout=900)
            shot(phones[0], artifacts / "tressette2-en-360x640-match-end.png")
    finally:
        box.stop()


def whole_match(phones: list[Phone], timeout: float) -> None:
    """Hands until the match is over: the count read, *Next hand* tapped by one phone."""
    import time

    end = time.monotonic() + timeout
    while phase_of(phones[0]) != "match_over":
        assert time.monotonic() < end, "the match did not end"
        play(phones, hand_over(phones), timeout=max(10, end - time.monotonic()))
        if phase_of(phones[0]) == "hand_over":
            next_hand(phones)


@pytest.mark.phone_match
@pytest.mark.xvfb
@pytest.mark.timeout(1800)
def test_treseta4_a_whole_match_two_phones_two_computers_the_table_under_xvfb(tmp_path: Path,
                                                                              artifacts: Path) -> None:
    """The issue's match: two people on phones, partners, against two computers; the
    touchscreen (a real window under Xvfb) is the shared table. Screenshots of both pages
    and the table at the join, mid-hand and every hand's end."""
    with xvfb() as display:
        box = Box(tmp_path, "phone,cpu:normal,phone,cpu:normal", "treseta4", seed=11, display=display)
        box.start()
        try:
            box.screenshot(artifacts / "match-table-join-800x480.png")
            with browser() as b:
                phones = joined(b, box, {0: "it", 2: "en"})
                pages = [phones[0], phones[2]]
                box.wait_for(lambda p: p["screen"] == "table", 20, "the shared table")
                hand = 0
                while phase_of(pages[0]) != "match_over":
                    hand += 1
                    assert hand <= 20, "the match did not end"
                    play(pages, lambda: len((pages[0].state() or {}).get("trick", [])) >= 2
                         or hand_over(pages)(), timeout=120)
                    if hand <= 2:
                        box.screenshot(artifacts / f"match-table-hand{hand}-trick-800x480.png")
                        for seat, p in phones.items():
                            shot(p, artifacts / f"match-hand{hand}-seat{seat}-mid-360x640.png")
                    play(pages, hand_over(pages), timeout=300, policy=Policy(signal=hand % 2 == 1))
                    pages[0].page.wait_for_timeout(1500)  # the last trick shown on the table
                    box.screenshot(artifacts / f"match-table-hand{hand}-end-800x480.png")
                    for seat, p in phones.items():
                        shot(p, artifacts / f"match-hand{hand}-seat{seat}-end-360x640.png")
                    if phase_of(pages[0]) == "hand_over":
                        next_hand(pages)
                end = pages[0].state()
                assert end is not None and end["winner"] in (0, 1)
                assert max(end["score"]["totals"]) >= end["score"]["target"]
        finally:
            box.stop()


@pytest.mark.phone_match
def test_the_claim_the_call_and_zu_tun_as_the_page_offers_them(tmp_path: Path, artifacts: Path) -> None:
    """The buttons the engine offers rarely in a seeded hand, drawn from a state whose
    ``legal`` offers them: the claim asks the touchscreen's question first (Yes / No), the
    call and zu tun let the card be chosen; what the box does not allow comes back as a
    refusal on that phone and nothing changes. In it, de and en (the language button)."""
    box = Box(tmp_path, "phone,phone", "tressette2", seed=2)
    box.start()
    try:
        with browser() as b:
            ph = Phone(b, box, lang="it")
            codes = box.codes()
            ph.join(codes[min(codes)])
            for lang in ("it", "de", "en"):
                while ph.page.evaluate("() => document.documentElement.lang") != lang:
                    ph.tap("#lang")
                    ph.page.wait_for_timeout(300)
                s = ph.state()
                assert s is not None
                hand = s["hand"]
                offer = {**s, "legal": {**s["legal"], "claim": True, "claim_stands": True, "call": hand[:4],
                                        "zutun": hand[:1]}}  # fmt: skip
                ph.page.evaluate("(st) => { window.tressette.state = st; window.tressette.render(); }", offer)
                for name in ("call", "zutun"):
                    assert ph.page.locator(f'#actions [data-name="{name}"]').count() == 1
                assert ph.page.locator('#claim-row [data-name="claim"]').count() == 1  # apart from the others
                ph.tap('#claim-row [data-name="claim"]')
                question = ph.page.inner_text("#overlay .question")
                assert str(s["score"]["target"]) in question
                shot(ph, artifacts / f"claim-question-{lang}-360x640.png")
                ph.tap('#overlay [data-name="no"]')
                assert ph.page.locator("#overlay:not([hidden])").count() == 0
                ph.tap('#actions [data-name="call"]')
                assert ph.page.locator("#overlay .pick img").count() == 4
                shot(ph, artifacts / f"call-pick-{lang}-360x640.png")
                ph.tap('#overlay [data-name="close"]')
                ph.tap('#claim-row [data-name="claim"]')
                ph.tap('#overlay [data-name="yes"]')  # tressette2 has no claim: the box says so
                ph.page.wait_for_selector("#notice.refusal", timeout=10_000)
                assert ph.page.inner_text("#notice")
                shot(ph, artifacts / f"claim-refused-{lang}-360x640.png")
                after = ph.state()
                assert after is not None and after["hand"] == hand  # the refusal changed nothing
    finally:
        box.stop()


def phone_mix(n: int) -> str:
    """Phones at the even seats, computers between them: partners in the 4-seat games."""
    return ",".join("phone" if s % 2 == 0 else "cpu:normal" for s in range(n))


@pytest.mark.phone_match
@pytest.mark.parametrize("variant", sorted(PRESETS))
def test_one_hand_of_every_game_from_phones(tmp_path: Path, artifacts: Path, variant: str) -> None:
    """Every preset: a whole hand played by taps on the phones' pages (declarations, the
    call, a discard where the game has them), the count on every page at its end."""
    n = PRESETS[variant].n_seats
    box = Box(tmp_path, phone_mix(n), variant, seed=3)
    box.start()
    try:
        with browser() as b:
            langs = {s: ("it", "de", "en")[s // 2 % 3] for s in range(0, n, 2)}
            pages = list(joined(b, box, langs).values())
            play(pages, lambda: len((pages[0].state() or {}).get("trick", [])) >= 1 or hand_over(pages)(),
                 timeout=120)
            shot(pages[0], artifacts / f"every-{variant}-mid-360x640.png")
            play(pages, hand_over(pages), timeout=300)
            for seat, p in zip(langs, pages, strict=True):
                s = p.state()
                assert s is not None and s["result"] is not None
                assert p.page.locator("#hand table.count").count() == 1
                shot(p, artifacts / f"every-{variant}-seat{seat}-end-360x640.png")
    finally:
        box.stop()


@pytest.mark.phone_match
@pytest.mark.xvfb
def test_the_touchscreen_frees_a_seat_and_another_phone_takes_it(tmp_path: Path, artifacts: Path) -> None:
    """A flat battery: on the touchscreen *Phones*, *Free seat 3*, *Yes*; the old phone is
    told and shows the join form; a new code is on the screen and another phone takes the
    seat with the same hand; the match goes on."""
    with xvfb() as display:
        box = Box(tmp_path, "phone,cpu:normal,phone,cpu:normal", "treseta4", seed=7, display=display)
        box.start()
        try:
            with browser() as b:
                phones = joined(b, box, {0: "it", 2: "de"})
                old = phones[2]
                hand = (old.state() or {})["hand"]
                box.wait_for(lambda p: p["screen"] == "table", 20, "the shared table")
                box.tap("phones")
                box.wait_for(lambda p: p["screen"] == "join", 10, "the join screen")
                box.tap("free:2")
                box.wait_for(lambda p: p["question"] is not None, 10, "the question")
                box.screenshot(artifacts / "free-seat-question-800x480.png")
                box.tap("yes")
                old.page.wait_for_selector("#join:not([hidden])", timeout=15_000)
                shot(old, artifacts / "free-seat-old-phone-de-360x640.png")
                assert old.page.locator("#hand img").count() == 0  # the seat's hand left the old phone
                codes = box.codes()
                assert set(codes) == {2}
                box.screenshot(artifacts / "free-seat-new-code-800x480.png")
                new = Phone(b, box, lang="en")
                new.join(codes[2])
                assert new.seat() == 2 and (new.state() or {})["hand"] == hand
                box.wait_for(lambda p: p["screen"] == "table", 20, "the table again")
                play([phones[0], new], hand_over([phones[0], new]), timeout=240)
                shot(new, artifacts / "free-seat-new-phone-en-360x640.png")
        finally:
            box.stop()
