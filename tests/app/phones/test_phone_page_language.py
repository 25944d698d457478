"""The phone page speaks the phone's language where the box has it, else the box's own
(docs/translating.md, "The phone page"): Debian's chromium with a Croatian, a Dutch and a
French phone, the box set to Dutch. Screenshots go to test-artifacts/phones/."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.app.phones.browser import Box, Phone, browser
from ui.i18n import tr

ARTIFACTS = Path(__file__).resolve().parents[3] / "test-artifacts" / "phones"

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]


def test_each_phone_reads_its_own_language_or_the_box_s(tmp_path: Path) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    box = Box(tmp_path, "phone,cpu:easy", "tressette2", seed=2, language="nl")
    box.start()
    try:
        with browser() as b:
            for phone_lang, shown in (("hr", "hr"), ("de", "de"), ("fr", "nl")):
                phone = Phone(b, box, lang=phone_lang)
                phone.page.goto(box.url)
                phone.page.wait_for_function("() => document.getElementById('join-text').textContent.length > 0")
                assert phone.page.evaluate("() => document.documentElement.lang") == shown, phone_lang
                assert phone.page.inner_text("#join-text") == tr("p_join_text", shown)
                assert phone.page.inner_text("#lang").lower() == shown  # the button shows it in capitals
                phone.page.screenshot(path=str(ARTIFACTS / f"language-{phone_lang}-phone.png"))
                assert not phone.errors, phone.errors
                phone.context.close()
    finally:
        box.stop()
