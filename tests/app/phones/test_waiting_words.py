"""Whom the match waits for, in words: one phone in the singular, several in the plural
with the language's "and" ("Si aspettano i telefoni dei posti 1 e 3"), the same words on
the touchscreen (ui/i18n.py tr) and on the page (its catalogue holds both forms)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from firmware.app.phoneseats import waiting_args
from tests.app.phones.conftest import MakePhoneTable
from ui.i18n import LANGUAGES, tr
from ui.webtext import page_catalogue_json

WANT = {
    ((0, 2), "it"): "Si aspettano i telefoni dei posti 1 e 3",
    ((0, 2), "de"): "Warten auf die Telefone der Plätze 1 und 3",
    ((0, 2), "en"): "Waiting for the phones of seats 1 and 3",
    ((0, 1, 3), "it"): "Si aspettano i telefoni dei posti 1, 2 e 4",
    ((1,), "it"): "Si aspetta il telefono del posto 2",
    ((1,), "de"): "Warten auf das Telefon von Platz 2",
    ((1,), "en"): "Waiting for the phone of seat 2",
}


@pytest.mark.parametrize(("waiting", "lang"), list(WANT))
def test_one_phone_in_the_singular_several_in_the_plural(waiting: tuple[int, ...], lang: str) -> None:
    assert tr("ph_waiting_for", lang, **dict(waiting_args(waiting))) == WANT[waiting, lang]


@given(st.lists(st.integers(0, 5), min_size=1, max_size=6, unique=True), st.sampled_from(LANGUAGES))
def test_every_awaited_seat_is_named_once(waiting: list[int], lang: str) -> None:
    text = tr("ph_waiting_for", lang, **dict(waiting_args(waiting)))
    assert "{" not in text and "?" not in text
    for s in waiting:
        assert str(s + 1) in text


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_page_gets_both_forms(lang: str) -> None:
    words = json.loads(page_catalogue_json(lang))["t"]
    assert words["ph_waiting_for_one"] == tr("ph_waiting_for_one", lang)
    assert "{last}" in words["ph_waiting_for"]


def test_the_table_says_it_for_two_empty_phone_seats(make_phone_table: MakePhoneTable) -> None:
    t = make_phone_table(variant="treseta4", seats=["phone", "cpu:easy", "phone", "cpu:easy"], seed=3)
    t.ctl.new_match()
    t.pump()
    t.connect()
    banner = next(b for b in t.ctl.model().banners if b.key == "ph_waiting_for")
    assert tr(banner.key, "it", **dict(banner.args)) == "Si aspettano i telefoni dei posti 1 e 3"
    refusal = t.ctl.phones.wait_refusal()
    assert refusal is not None
    assert tr(refusal.key, "it", **dict(refusal.args)) == "Si aspettano i telefoni dei posti 1 e 3"
