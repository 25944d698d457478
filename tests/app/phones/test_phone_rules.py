"""The phone page's rules view in Chromium (marker ``browser``): the *Rules* button in the
bar opens the game's rules pages with the card pictures the page draws, ◀ ▶ page through
them, *Back* closes; the touchscreen's words in the page's language, every picture loaded.
Screenshots in test-artifacts/phones/ (``rules-*.png``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from firmware.engine import make_variant
from firmware.engine.rulebook import rule_sheet
from tests.app.phones.browser import Box, Phone, browser

ARTIFACTS = Path(__file__).resolve().parents[3] / "test-artifacts" / "phones"

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]


def test_the_rules_with_pictures_on_a_phone(tmp_path: Path) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    box = Box(tmp_path, "phone,cpu:easy,cpu:easy,cpu:easy", "tressette4", seed=3)
    box.start()
    try:
        with browser() as b:
            (seat, code), = box.codes().items()
            phone = Phone(b, box, lang="de")
            phone.join(code)
            page = phone.page
            button = page.get_by_role("button", name="Regeln: Tressette mit Onori")
            button.wait_for(timeout=10_000)
            button.click()
            sheet = page.locator("#rules-sheet")
            sheet.wait_for(state="visible", timeout=5_000)
            page.wait_for_function("() => [...document.querySelectorAll('#rules-sheet img')].every((i) => i.complete)")
            sheet_v = rule_sheet(make_variant("tressette4"))
            cards = page.locator("#rules-sheet .rules-card")
            assert cards.count() == len(sheet_v.order)
            assert page.locator("#rules-sheet figcaption").all_inner_texts()[:3] == ["⅓", "⅓", "1"]
            broken = page.evaluate("() => [...document.querySelectorAll('#rules-sheet img')]"
                                   ".filter((i) => !i.naturalWidth).map((i) => i.src)")
            assert not broken, broken
            assert "Was zählt" in sheet.inner_text()
            page.screenshot(path=str(ARTIFACTS / "rules-values-de-360x640.png"))
            page.locator("#rules-next").click()
            assert "Ansagen" in sheet.inner_text() and "Punkte" in sheet.inner_text()
            page.wait_for_function("() => [...document.querySelectorAll('#rules-sheet img')].every((i) => i.complete)")
            page.screenshot(path=str(ARTIFACTS / "rules-declarations-de-360x640.png"))
            page.locator("#rules-next").click()
            assert "Busso" in sheet.inner_text()
            page.locator("#rules-back").click()
            sheet.wait_for(state="hidden", timeout=5_000)
            assert not phone.errors, phone.errors
    finally:
        box.stop()
