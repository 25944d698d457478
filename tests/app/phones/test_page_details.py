"""Small things a newcomer noticed, without a browser: the page's icon is a file of the
allow-list (nothing else is served), and a phone is not told about its own phone."""

from __future__ import annotations

import pytest

from firmware.app.messages import msg
from firmware.app.phones.pages import WEB_DIR, load_assets
from firmware.app.phones.seatview import Notice, notice_json
from firmware.engine import make_variant
from firmware.engine.match import Match
from firmware.engine.variants import PRESETS


def test_the_icon_is_served_from_the_allow_list_and_the_page_names_it() -> None:
    assets = load_assets(WEB_DIR)
    body, ctype = assets["favicon.svg"]
    assert ctype == "image/svg+xml" and body.startswith(b"<svg") and len(body) < 2048
    index = assets["index.html"][0].decode()
    assert 'rel="icon" href="/static/favicon.svg"' in index
    assert "favicon.ico" not in assets  # only what is in the directory: no route invented for it


@pytest.mark.parametrize("variant", sorted(PRESETS))
@pytest.mark.parametrize("key", ["ph_joined", "ph_away"])
def test_a_phone_hears_about_the_other_phones_only(variant: str, key: str) -> None:
    v = make_variant(variant)
    m = Match(v)
    m.start_hand(seed=1)
    for about in range(v.n_seats):
        note = Notice(msg(key, n=about + 1), "info", 3)
        for seat in range(v.n_seats):
            sent = notice_json(note, m.view_for(seat), "en")
            if seat == about:
                assert sent is None
            else:
                assert sent is not None and sent["key"] == key and str(about + 1) in sent["text"]
