"""The phone page as a newcomer sees it at 360x640 (Debian's chromium, the box program's
own server): this hand's points beside the match total, as the touchscreen's score shows
them; each other seat's box on one line of facts; no note about its own phone; a clean
console (the page's icon is served from the allow-list). Screenshots go to
test-artifacts/phones/."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.app.phones.browser import Box, Phone, browser, play
from ui.i18n import tr
from ui.widgets import thirds_text

ARTIFACTS = Path(__file__).resolve().parents[3] / "test-artifacts" / "phones"

pytestmark = [pytest.mark.browser, pytest.mark.timeout(600)]


def watched(phone: Phone) -> tuple[list[str], list[str]]:
    """The console's errors and every answer of 400 or more the page got."""
    errors: list[str] = []
    failed: list[str] = []
    phone.page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    phone.page.on("response", lambda r: failed.append(f"{r.status} {r.url}") if r.status >= 400 else None)
    return errors, failed


@pytest.mark.parametrize("lang", ["it", "en"])
def test_the_page_shows_the_hand_points_on_one_line_and_a_clean_console(tmp_path: Path, lang: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    box = Box(tmp_path, "phone,cpu:normal,cpu:normal,cpu:normal", "treseta4", seed=3)
    box.start()
    try:
        with browser() as b:
            phone = Phone(b, box, lang=lang)
            errors, failed = watched(phone)
            phone.join(box.codes()[0])
            play([phone], lambda: ((phone.state() or {}).get("tricks") or 0) >= 3, timeout=180)
            s: Any = phone.wait(lambda s: s is not None and not s["trick"], 60, "an empty table")
            phone.page.wait_for_timeout(300)
            phone.page.wait_for_function("() => [...document.images].every((i) => i.complete)")
            phone.page.screenshot(path=str(ARTIFACTS / f"newcomer-treseta4-{lang}-360x640.png"))
            # this hand's points, from the seat's view (the tricks taken are public), as the touchscreen
            # (the page draws the newest state the box sent: compare with that one, once it is drawn)
            for _ in range(50):
                counts = (phone.state() or s)["score"]["counts"]
                score = phone.page.inner_text("#score")
                if all(thirds_text(c["thirds"]) in score for c in counts):
                    break
                phone.page.wait_for_timeout(100)
            assert sum(c["thirds"] for c in counts) > 0, counts
            for c in counts:
                assert thirds_text(c["thirds"]) in score, (score, counts)
            assert tr("hand_short", lang) in score.lower(), score
            # every other seat's box: its facts on one line at 360 px
            heights = phone.page.evaluate("""() => [...document.querySelectorAll('#seats .seat .facts, #seats .seat .who')]
                .map((e) => [e.textContent, e.getBoundingClientRect().height,
                             parseFloat(getComputedStyle(e).fontSize)])""")
            for text, h, px in heights:
                assert h < 2 * px, (text, h, px)
            # nothing about its own phone on its own phone
            body = phone.page.inner_text("body")
            assert tr("ph_joined", lang, n=1) not in body and tr("ph_away", lang, n=1) not in body
            assert not errors and not failed and not phone.errors, (errors, failed, phone.errors)
    finally:
        box.stop()
