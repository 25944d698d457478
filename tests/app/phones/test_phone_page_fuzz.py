"""The phone page never breaks on what it is sent: messages of every shape (hypothesis),
fed to a real page as if the box had sent them (``window.tressette.receive``). No script
error escapes, a state the page cannot draw leaves the last one drawn, and a good state
afterwards is drawn as always. The box validates what it sends (docs/phones.md); this is
the page's own guard, for a newer box or a bug."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.app.phones.browser import Box, Phone, browser

pytestmark = [pytest.mark.browser, pytest.mark.timeout(600)]

JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 50) | st.text(max_size=6),
    lambda kids: st.lists(kids, max_size=4) | st.dictionaries(st.text(max_size=8), kids, max_size=4),
    max_leaves=12,
)


@pytest.fixture(scope="module")
def page(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Phone, dict[str, Any]]]:
    box = Box(tmp_path_factory.mktemp("fuzz"), "phone,cpu:normal", "tressette2", seed=5)
    box.start()
    try:
        with browser() as b:
            ph = Phone(b, box, lang="de")
            ph.join(next(iter(box.codes().values())))
            good = ph.state()
            assert good is not None
            yield ph, good
    finally:
        box.stop()


def mutated(good: dict[str, Any]) -> st.SearchStrategy[dict[str, Any]]:
    """A real state with fields dropped or replaced by anything."""
    keys = st.sampled_from(sorted(good))
    return st.tuples(st.lists(keys, max_size=4), st.dictionaries(keys, JSON, max_size=4)).map(
        lambda dr: {**{k: v for k, v in good.items() if k not in dr[0]}, **dr[1]})


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_no_message_breaks_the_page(page: tuple[Phone, dict[str, Any]], data: st.DataObject) -> None:
    ph, good = page
    msg = data.draw(st.one_of(
        mutated(good),
        st.dictionaries(st.sampled_from(["type", "code", "text", "seat", "v", "secret"]), JSON, max_size=4),
        JSON,
    ))
    if isinstance(msg, dict) and msg.get("type") == "bye":
        msg["type"] = "state"  # a bye's effect (the join form) is its own test's
    if isinstance(msg, dict) and msg.get("type") == "welcome":
        msg.pop("secret", None)  # keep the seat's secret for the next examples
    ph.page.evaluate("(m) => window.tressette.receive(m)", json.loads(json.dumps(msg)))
    ph.page.evaluate("(m) => window.tressette.receive(m)", good)
    assert not ph.errors, ph.errors
    assert ph.page.locator("#hand img").count() == len(good["hand"])
    assert ph.page.locator("#join:not([hidden])").count() == 0 or msg.get("type") == "error"
    ph.page.evaluate("() => { document.getElementById('join').hidden = true; }")


def test_the_page_draws_a_good_state_after_a_bad_one(page: tuple[Phone, dict[str, Any]], tmp_path: Path) -> None:
    ph, good = page
    bad = {**good, "score": {"totals": 7}, "seats": [{"seat": 0, "shown": 3}]}
    ph.page.evaluate("(m) => window.tressette.receive(m)", bad)
    assert not ph.errors, ph.errors
    assert ph.page.locator("#hand img").count() == len(good["hand"])
