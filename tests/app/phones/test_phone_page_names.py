"""The join page's name field in a real browser: a name with markup is shown as text on
the other phone's page, runs no script, and the box's table and journal carry it."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.app.phones.browser import Box, Phone, browser

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]

HOSTILE = "<svg onload=p=1>"


def test_a_name_with_markup_is_text_on_every_page(tmp_path: Path) -> None:
    box = Box(tmp_path, "phone,cpu:normal,phone,cpu:normal", "treseta4", seed=3)
    box.start()
    try:
        with browser() as b:
            codes = box.codes()
            a = Phone(b, box, lang="en")
            a.page.goto(box.url + "/")
            a.page.wait_for_selector("#join-name")
            assert a.page.get_attribute("#join-name", "maxlength") == "40"
            placeholder = a.page.get_attribute("#join-name", "placeholder") or ""
            assert placeholder and not placeholder.startswith("?"), placeholder  # the page's own words
            a.page.fill("#join-name", HOSTILE)
            a.page.fill("#join-code", codes[0])
            a.page.click("#join-go")
            a.wait(lambda s: s is not None, 20, "the first state")
            other = Phone(b, box, lang="de")
            other.join(codes[2])
            other.wait(lambda s: s is not None and s["seats"][0].get("name") == HOSTILE, 20, "the name on seat 1")
            for ph in (a, other):
                assert ph.page.evaluate("() => window.p === undefined")  # the handler never ran
                assert ph.page.evaluate("() => document.querySelectorAll('[onload], [onerror]').length") == 0
                assert not ph.errors, ph.errors
            other.page.wait_for_function(f"() => document.body.innerText.includes({HOSTILE!r})", timeout=20_000)
            # the page keeps the name for the next visit (resume sends it again)
            assert a.page.evaluate("() => localStorage.getItem('tressette.name')") == HOSTILE
    finally:
        box.stop()
