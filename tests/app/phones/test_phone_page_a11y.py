"""The phone page as a screen reader meets it, and the coach on a phone (issue 38), in Chromium.

Read through the accessibility tree (Playwright's role locators and ARIA snapshots), never
by pixels: every card a button named by the card and saying whether it can be played (and
why not), the hand in suit order and walked with the arrows, the table's events (cards
played, who takes the trick, whose turn, the hint) said in one polite live region. Also the
page's manners: *Claim the win* only once a claim stands, apart and asked first; greyed
buttons saying *not connected* while the box is away; the trick just taken kept in sight
whatever the computers' speed.

The box here is the controller in this process (a practice match: hints are a casual
match's) with the real phone server and the touchscreen's card art, pumped on a thread of
its own at the computers' fastest (no thinking time). Screenshots: test-artifacts/phones/.
"""

from __future__ import annotations

import os
import re
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from firmware.app.phones.limits import Limits
from firmware.app.phones.link import PhoneLink
from firmware.app.phones.server import PhoneServer
from tests.app.phones.browser import Phone, browser
from tests.app.phones.conftest import MakePhoneTable, PhoneTable
from ui.i18n import tr

ARTIFACTS = Path(__file__).resolve().parents[3] / "test-artifacts" / "phones"

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]

_CARDS: dict[str, dict[str, bytes]] = {}


def card_art() -> dict[str, dict[str, bytes]]:
    """The touchscreen's cards as the box serves them (rendered once per test process)."""
    if not _CARDS:
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        from ui.webart import deck_pictures

        _CARDS.update(deck_pictures("napoletane", "salzburger"))
    return _CARDS


class Box:
    """What tests/app/phones/browser.Phone needs of a box: its address and its log."""

    def __init__(self, table: PhoneTable, server: PhoneServer) -> None:
        self.table = table
        self.server = server
        self.stop_pump = threading.Event()
        self.pumper = threading.Thread(target=self._pump, daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server.port}"

    def log_tail(self) -> str:
        return f"table phase {self.table.ctl.phase}, message {self.table.ctl.message.text!r}"

    def _pump(self) -> None:
        while not self.stop_pump.is_set():
            self.table.pump()
            time.sleep(0.005)

    def code(self, seat: int) -> str:
        end = time.monotonic() + 10
        while time.monotonic() < end:
            for x in self.table.ctl.phones.status.seats:
                if x.seat == seat and x.code is not None:
                    return x.code
            time.sleep(0.05)
        raise AssertionError("no join code")


@contextmanager
def practice_box(make: MakePhoneTable, variant: str = "treseta4", seats: list[str] | None = None,
                 casual: bool = True) -> Iterator[Box]:
    table = make(variant=variant, seats=seats or ["phone", "cpu:easy", "cpu:easy", "cpu:easy"], seed=5)
    table.ctl.new_match(casual=casual)
    server = PhoneServer(table.events.put, host="127.0.0.1", port=0, address="127.0.0.1", state_dir=table.state_dir,
                         limits=Limits(hint_s=0.5), cards=card_art())  # fmt: skip
    table.loop.phones = PhoneLink(lambda: server)
    table.pump()  # the server started, the table published
    assert server.port != 0, server.error
    box = Box(table, server)
    box.pumper.start()
    try:
        yield box
    finally:
        box.stop_pump.set()
        box.pumper.join(5)
        server.stop()


def shot(phone: Phone, name: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    phone.page.wait_for_function("() => [...document.images].every((i) => i.complete)")
    phone.page.screenshot(path=str(ARTIFACTS / name))
    assert not phone.errors, phone.errors
    assert not re.search(r"\?[a-z]+_[a-z_]+", phone.page.inner_text("body"))


def said(phone: Phone) -> str:
    """What the live region has said (its last lines)."""
    return str(phone.page.inner_text("#say"))


def until_my_card(phone: Phone, lang: str = "en") -> dict[str, Any]:
    """*Nothing to declare* when the table asks, until this phone is to play a card."""
    end = time.monotonic() + 30
    while time.monotonic() < end:
        s = phone.state()
        if s and s["legal"]["play"] and s["phase"] == "play":
            # the trick just taken is on show a moment; a lead on the table waits it out
            phone.page.wait_for_selector("#trick .taken", state="detached", timeout=5000)
            return phone.state() or s
        if s and s["legal"]["nothing"]:
            phone.page.get_by_role("button", name=tr("declare_none", lang)).click()
        phone.page.wait_for_timeout(100)
    raise AssertionError(f"never this phone's turn: {phone.state()}")


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_screen_reader_plays_a_practice_hand_with_the_coach(make_phone_table: MakePhoneTable, lang: str) -> None:
    def after(key: str) -> str:
        """What a card's name says after the card ("…: the hint")."""
        return tr(key, lang, card="\0").split("\0", 1)[1]

    with practice_box(make_phone_table) as box, browser() as b:
        ph = Phone(b, box, lang=lang)  # type: ignore[arg-type]
        ph.join(box.code(0))
        s = until_my_card(ph, lang)
        page = ph.page
        hand = page.get_by_role("group", name=tr("p_hand_label", lang))
        cards = hand.get_by_role("button")
        assert cards.count() == len(s["hand"])
        # every card by its name, suit by suit (the deck's order), playable or saying why not
        names = [cards.nth(i).get_attribute("aria-label") for i in range(cards.count())]
        ids = [int(cards.nth(i).get_attribute("data-card") or -1) for i in range(cards.count())]
        assert ids == sorted(s["hand"])
        for card, name, i in zip(ids, names, range(len(ids)), strict=True):
            disabled = cards.nth(i).get_attribute("aria-disabled") == "true"
            assert disabled == (card not in s["legal"]["play"])
            assert name is not None and (name.endswith(after("p_card_not_legal")) == disabled
                                         or name.endswith(after("p_card_hint")))
        snapshot = hand.aria_snapshot()
        assert "button" in snapshot and str(names[0]) in snapshot
        # the arrows walk the hand
        cards.nth(0).focus()
        page.keyboard.press("ArrowRight")
        assert page.evaluate("() => document.activeElement.dataset.card") == str(ids[1])
        page.keyboard.press("End")
        assert page.evaluate("() => document.activeElement.dataset.card") == str(ids[-1])
        # the coach, asked by its button's name: said in the live region, the card named
        page.get_by_role("button", name=tr("hint", lang), exact=True).click()
        s2 = ph.wait(lambda x: bool(x and (x.get("coach") or {}).get("hint")), 30, "the hint")
        assert s2 is not None
        hint = s2["coach"]["hint"]
        assert hint["card"] in s2["legal"]["play"]
        page.wait_for_function("(t) => document.getElementById('say').innerText.includes(t)", arg=hint["text"])
        hinted = hand.get_by_role("button", name=re.compile(re.escape(after("p_card_hint")) + "$"))
        assert hinted.count() == 1 and hinted.get_attribute("data-card") == str(hint["card"])
        assert page.locator("#coach").is_visible() and page.locator("#coach").inner_text() == hint["text"]
        shot(ph, f"a11y-hint-{lang}-360x640.png")
        # a signal is a switch (aria-pressed) that keeps the focus when pressed from the keyboard
        switch = page.locator("#actions [data-name^='signal:']").first
        if switch.count():
            name = switch.get_attribute("data-name")
            switch.focus()
            page.keyboard.press("Enter")
            assert page.evaluate("() => document.activeElement.dataset.name") == name
            assert page.locator(f"#actions [data-name='{name}']").get_attribute("aria-pressed") == "true"
            page.keyboard.press("Enter")  # and off again
            assert page.locator(f"#actions [data-name='{name}']").get_attribute("aria-pressed") == "false"
        # played from the keyboard: Enter on the hinted card
        hinted.focus()
        page.keyboard.press("Enter")
        me = tr("p_played", lang, name=tr("you", lang), card="")
        page.wait_for_function("(t) => document.getElementById('say').innerText.includes(t)", arg=me.strip())
        # the trick goes round at the computers' fastest: each card is said, who takes it too,
        # and the trick stays in sight a moment, its taker written over it
        # (watched for in the browser, the banner and the page's state together: the taker's
        # banner is up 1.5 s, a busy machine's round trips could miss it between two looks, and
        # the banner of the trick before may still be up when this trick begins)
        t0 = s2["tricks"]
        page.wait_for_function("(t0) => !!document.querySelector('#trick .taken') && page.state"
                               " && page.state.tricks > t0", arg=t0, timeout=30_000)
        assert page.locator("#trick img").count() == 4
        shot(ph, f"a11y-trick-taken-{lang}-360x640.png")
        text = said(ph)
        takes = [tr("p_takes", lang, name=""), tr("p_takes_you", lang)]
        assert any(x.strip() in text for x in takes), text
        assert text.count(": ") >= 3, text  # the cards played, each with its player
        page.wait_for_selector("#trick .taken", state="detached", timeout=4000)
        # while it is on show and a lead is already on the table (unseen), the cards wait it out
        s3 = ph.state()
        assert s3 is not None
        lead = {**s3, "phase": "play", "to_move": s3["seat"], "trick": [[(s3["seat"] + 3) % 4, 0]],
                "legal": {**s3["legal"], "play": s3["hand"]}}  # fmt: skip
        waits = page.evaluate("""(st) => {
            const p = window.tressette;
            p.held = { cards: [], winner: 0, until: performance.now() + 60000 };
            p.state = st; p.render();
            const held = [...document.querySelectorAll('#hand button.card-btn')].map((b) => b.getAttribute('aria-disabled'));
            p.held = null; p.render();
            const after = [...document.querySelectorAll('#hand button.card-btn')].map((b) => b.getAttribute('aria-disabled'));
            return [held, after];
        }""", lead)  # fmt: skip
        assert waits[0] and all(x == "true" for x in waits[0]) and all(x is None for x in waits[1]), waits
        page.evaluate("(st) => { window.tressette.state = st; window.tressette.render(); }", s3)
        # the whole hand from the keyboard (the first card that can be played), then the rating
        for _ in range(40):
            s = ph.state() or {}
            if s.get("phase") != "play":
                break
            if s["legal"]["nothing"]:
                page.get_by_role("button", name=tr("declare_none", lang)).click()
            elif s["legal"]["play"] and s["to_move"] == s["seat"]:
                button = hand.locator("button:not([aria-disabled])").first
                if button.count():
                    page.wait_for_timeout(400)  # a person's pace: the page's double-tap guard is 350 ms
                    button.focus()
                    page.keyboard.press("Enter")
                    v = s["v"]
                    ph.wait(lambda x: bool(x and x["v"] != v), 10, "the card played")  # noqa: B023
            page.wait_for_timeout(150)
        end = ph.wait(lambda x: bool(x and (x.get("coach") or {}).get("rating")), 60, "the hand's rating")
        assert end is not None and end["phase"] in ("hand_over", "match_over")
        rating = page.get_by_role("region", name=tr("p_rating", lang))
        assert rating.is_visible() and end["coach"]["rating"][0] in rating.inner_text()
        page.wait_for_function("(t) => document.getElementById('say').innerText.includes(t)",
                               arg=end["coach"]["rating"][0])
        shot(ph, f"a11y-rating-{lang}-360x640.png")
        # the box goes away: what needs it is greyed and says so, the count stays readable
        box.server.stop()
        page.wait_for_selector("#status:not([hidden])", timeout=10_000)
        nxt = page.get_by_role("button", name=f"{tr('next_hand', lang)}: {tr('p_not_connected', lang)}")
        assert nxt.is_disabled()
        shot(ph, f"a11y-offline-hand-end-{lang}-360x640.png")


def test_claim_apart_and_asked_and_offline_greying_through_the_tree(make_phone_table: MakePhoneTable) -> None:
    """tressette4 (claims played): no claim button while a claim would lose; once the state
    says it would stand, *Claim the win* stands alone above the table (not among the signals),
    and asks first, *No* focused. While the box is away every card and button that needs it
    is greyed with *not connected* in its name; *Last trick* still opens."""
    seats = ["phone", "cpu:easy", "cpu:easy", "cpu:easy"]
    with practice_box(make_phone_table, "tressette4", seats, casual=False) as box, browser() as b:
        ph = Phone(b, box, lang="en")  # type: ignore[arg-type]
        ph.join(box.code(0))
        s = until_my_card(ph)
        page = ph.page
        claim = tr("claim", "en")
        assert s["legal"]["claim"] is True and s["legal"]["claim_stands"] is False
        assert page.get_by_role("button", name=claim).count() == 0
        assert page.get_by_role("button", name=tr("hint", "en"), exact=True).count() == 0  # a rated match
        stands = {**s, "legal": {**s["legal"], "claim_stands": True}}
        page.evaluate("(st) => { window.tressette.state = st; window.tressette.render(); }", stands)
        button = page.get_by_role("button", name=claim)
        assert button.count() == 1
        assert page.locator("#claim-row").get_by_role("button", name=claim).count() == 1
        assert page.locator("#actions").get_by_role("button", name=claim).count() == 0
        shot(ph, "claim-apart-en-360x640.png")
        box_ = button.bounding_box()
        signals = page.locator("#actions button")
        for i in range(signals.count()):
            other = signals.nth(i).bounding_box()
            assert box_ is not None and other is not None
            assert other["y"] - (box_["y"] + box_["height"]) > 100, (box_, other)  # far from the buttons below
        button.click()
        dialog = page.get_by_role("dialog", name=claim)
        assert dialog.is_visible() and str(s["score"]["target"]) in dialog.inner_text()
        assert page.evaluate("() => document.activeElement.dataset.name") == "no"
        shot(ph, "claim-asked-en-360x640.png")
        page.keyboard.press("Enter")  # No
        assert not dialog.is_visible()
        page.evaluate("(st) => { window.tressette.state = st; window.tressette.render(); }", s)
        # play on until a last trick exists, then the box goes away
        for _ in range(20):
            cur = ph.state() or {}
            if cur.get("last_trick"):
                break
            if cur.get("legal", {}).get("play") and cur["to_move"] == cur["seat"]:
                page.get_by_role("group", name=tr("p_hand_label", "en")).locator(
                    "button:not([aria-disabled])").first.click()
            page.wait_for_timeout(200)
        assert (ph.state() or {}).get("last_trick")
        box.server.stop()
        page.wait_for_selector("#status:not([hidden])", timeout=10_000)
        hand = page.get_by_role("group", name=tr("p_hand_label", "en")).get_by_role("button")
        assert hand.count() > 0
        for i in range(hand.count()):
            assert hand.nth(i).get_attribute("aria-disabled") == "true"
            assert (hand.nth(i).get_attribute("aria-label") or "").endswith(": not connected")
        for i in range(page.locator("#actions button").count()):
            act = page.locator("#actions button").nth(i)
            if act.get_attribute("data-name") != "last":
                assert act.is_disabled() and "not connected" in (act.get_attribute("aria-label") or "")
        last = page.get_by_role("button", name=tr("last_trick_short", "en"))
        assert last.is_enabled()
        shot(ph, "offline-greyed-en-360x640.png")
        last.click()
        assert page.get_by_role("dialog", name=tr("last_trick", "en")).is_visible()
