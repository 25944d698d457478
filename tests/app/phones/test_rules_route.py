"""The phone page's rules (``/rules/LANG.json``): the touchscreen's rules pages with
pictures for the game on the table, with its options, in the page's language; public
facts only, nothing for a language the box does not speak."""

from __future__ import annotations

from typing import Any

import aiohttp

from firmware.engine import make_variant
from firmware.engine.cards import DECKS
from firmware.engine.rulebook import rule_sheet
from tests.app.phones.conftest import MakeLive


def test_the_rules_of_the_game_on_the_table(make_live: MakeLive) -> None:
    live = make_live(variant="tressette4", seats=["phone", "cpu:easy", "phone", "cpu:easy"],
                     options={"sudden_wins": False})

    async def scenario(live: Any, s: aiohttp.ClientSession) -> None:
        await live.code(0)  # the feed is published
        async with s.get(live.base + "/rules/de.json") as r:
            assert r.status == 200 and r.content_type == "application/json"
            rules = await r.json()
        assert rules["variant"] == "tressette4" and rules["deck"] == "italian" and rules["label"] == "Regeln"
        kinds = [p["kind"] for p in rules["pages"]]
        assert kinds == ["values", "declarations", "signals", "sudden", "text"]
        sudden = " ".join(rules["pages"][3]["text"])
        assert "Decima" in sudden and "Cappotto" not in sudden  # the table's option: no sudden wins but the decima
        sheet = rule_sheet(make_variant("tressette4"))
        values = rules["pages"][0]
        assert [c["id"] for c in values["cards"]] == list(sheet.order)
        assert [c["label"] for c in values["cards"]][:3] == ["⅓", "⅓", "1"]
        # every picture by the name the page loads it by (/cards/italian/CODE.png, ui/webart.py)
        assert all(c["code"] == DECKS["italian"].code(c["id"]) for c in values["cards"])
        decl = rules["pages"][1]["items"]
        assert [len(d["cards"]) for d in decl] == [len(d.cards) for d in sheet.declarations]
        for bad in ("/rules/fr.json", "/rules/../x.json", "/rules/de"):
            async with s.get(live.base + bad) as r:
                assert r.status == 404, bad

    live.run(scenario)
