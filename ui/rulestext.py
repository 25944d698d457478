"""The words and facts of a game's rules pages, without pygame: the touchscreen's rules
screen (ui/rules.py) draws them, the phone page gets them as JSON (:func:`rules_json`,
served as ``/rules/LANG.json`` for the game on the table). Every fact is the engine's
(``firmware/engine/rulebook.py``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from firmware.engine import TressetteError, make_variant
from firmware.engine.cards import DECKS
from firmware.engine.rulebook import RuleSheet, rule_sheet
from firmware.engine.variants import PRESETS, Variant
from ui.i18n import RULES_PAGE_OF, describe_declare, rules_page, tr, variant_label

PICTURE_PAGES = ("values", "declarations", "signals", "sudden")
Page = tuple[str, int]  # a picture page (name, 0) or ("text", index of RULES_PAGES)


def sheet_for(variant: str, options: Mapping[str, Any] | None = None) -> RuleSheet:
    """The rules of ``variant`` with ``options`` (its defaults where they do not fit)."""
    try:
        return rule_sheet(make_variant(variant, dict(options or {})))
    except TressetteError:
        return rule_sheet(make_variant(variant))


def game_pages(sheet: RuleSheet) -> list[str]:
    """The picture pages ``sheet``'s game has, in order."""
    has = {"values": True, "declarations": bool(sheet.declarations), "signals": bool(sheet.signals),
           "sudden": bool(sheet.sudden)}
    return [p for p in PICTURE_PAGES if has[p]]


def value_of(sheet: RuleSheet, rank: int) -> int:
    return next(row.thirds for row in sheet.values if rank in row.ranks)


def points_text(thirds: int) -> str:
    """A card's worth in points: "1", "⅓", "2⅔", "0" (as ui.widgets.thirds_text)."""
    whole, rest = divmod(thirds, 3)
    frac = ("", "⅓", "⅔")[rest]
    return (str(whole) if whole or not frac else "") + frac


def page_lines(sheet: RuleSheet, page: str, lang: str) -> list[str]:
    """The words of a picture page (headings aside) in ``lang``: also the phone page's."""
    deck = sheet.deck
    if page == "values":
        out = [tr("rb_order", lang), tr("rb_last", lang, last=points_text(sheet.last_trick_thirds), n=sheet.hand_points)]
        if sheet.inverted:
            out.append(tr("rb_inverted", lang))
        if sheet.trump_shown:
            out.append(tr("rb_trump", lang))
        return out
    if page == "declarations":
        return [tr("rb_decl_line", lang, decl=describe_declare(deck, d.kind, d.suit, d.rank, d.missing, lang), n=d.points)
                for d in sheet.declarations] + [tr("rb_decl_note", lang)]
    if page == "signals":
        return [f"{tr('sig_' + s, lang)}: {tr('rb_sig_' + s, lang)}" for s in sheet.signals] + [tr("rb_sig_how", lang)]
    if page == "sudden":
        return [tr("rb_sudden_line", lang, what=tr("rb_sw_" + name, lang), n=mult, why=tr("rb_su_" + name, lang))
                for name, mult in sheet.sudden] + [tr("rb_sudden_note", lang)]
    return []



def rules_json(variant: Variant, lang: str) -> dict[str, Any]:
    """The game's rules pages for the phone page: the picture pages (cards by id and by
    code, the page's image names) and then the game's page of text, in ``lang``."""
    sheet = rule_sheet(variant)
    deck = DECKS[sheet.deck]
    pages: list[dict[str, Any]] = []
    for kind in game_pages(sheet):
        lines = page_lines(sheet, kind, lang)
        page: dict[str, Any] = {"kind": kind, "heading": tr("rb_" + kind, lang)}
        if kind == "values":
            page["text"] = lines[:1]
            page["cards"] = [{"id": c, "code": deck.code(c), "label": points_text(value_of(sheet, i))}
                             for i, c in enumerate(sheet.order)]
            page["after"] = lines[1:]
        elif kind == "declarations":
            page["items"] = [{"text": text, "cards": [{"id": c, "code": deck.code(c)} for c in ex.cards]}
                             for ex, text in zip(sheet.declarations, lines, strict=False)]
            page["after"] = lines[-1:]
        else:
            page["text"] = lines
        pages.append(page)
    title, body = rules_page(lang, RULES_PAGE_OF.get(variant.name, 0))
    pages.append({"kind": "text", "heading": title, "text": body.split("\n")})
    return {"variant": variant.name, "deck": sheet.deck,
            "title": variant_label(variant.name, lang, PRESETS[variant.name].title),
            "label": tr("rb_rules", lang), "back": tr("back", lang), "pages": pages}
