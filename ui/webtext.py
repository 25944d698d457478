"""The phone page's words, taken from the one catalogue (:mod:`ui.i18n`).

The page is plain JavaScript with no catalogue of its own: the box serves
:func:`page_catalogue` as ``/i18n/LANG.json`` and the page looks words up in
it by the same keys the touchscreen uses. Only the keys the page needs are
sent (:data:`PAGE_KEYS`, checked against ``phone.js`` by the tests), plus the
cards' names in that language (for the images' alt text), by card id.
"""

from __future__ import annotations

import json
from typing import Any

from firmware.engine.cards import DECKS
from firmware.engine.declarations import DECLARABLE_RANKS
from ui.i18n import CATALOGUE, LANGUAGES, describe_declare, text_of

# Every key phone.js asks for, by name or by prefix (a signal's word is
# "sig_" + its name, a declaration's kind "k_" + kind).
PAGE_KEYS: tuple[str, ...] = (
    "ask_claim", "b_called", "back", "call", "claim", "count", "dealer", "declare", "declare_none", "discard",
    "hand_end", "hand_points", "hand_short", "last_trick", "last_trick_short", "match_end", "match_total",
    "next_hand", "no", "partner", "partner_row", "seat_n", "talon", "them", "to_target", "tricks_n",
    "trump", "us", "waits", "yes", "you", "your_turn", "zu_tun_btn",
    "card_points", "declarations", "hand_won_row", "hands_won_row", "we_win", "they_win", "you_win", "side_wins",
    "p_code_six", "p_join", "p_join_text", "p_name", "p_no_match", "p_offline", "p_reconnecting",
    "ph_waiting_for", "ph_waiting_for_one",
    "hint", "hint_wait", "p_not_connected", "p_card_offline", "p_card_no_turn", "p_card_not_legal", "p_card_hint",
    "p_played", "p_takes", "p_takes_you", "p_hand_label", "p_trick_label", "p_rating",
    "cpu", "cpu_n",
)
# a signal's word is "sig_" + its name, a declaration's kind "k_" + kind, the wire's
# error and bye codes "w_" + code (ui/messages.py)
PAGE_PREFIXES: tuple[str, ...] = ("sig_", "k_", "w_")


def page_keys() -> list[str]:
    """The catalogue keys the page gets: the named ones and every key of the prefixes."""
    keys = set(PAGE_KEYS)
    keys.update(k for k in CATALOGUE if k.startswith(PAGE_PREFIXES))
    return sorted(keys)


def declaration_names(lang: str) -> dict[str, str]:
    """Every declaration's name as the touchscreen writes it (:func:`describe_declare`),
    keyed ``"deck|kind|suit|rank|missing"`` (an absent field empty): the page looks a
    declaration up here and never puts a name together itself."""
    out: dict[str, str] = {}
    for deck in DECKS.values():
        suits = range(len(deck.suits))
        for kind in ("napoletana", "decima"):
            for suit in suits:
                out[f"{deck.name}|{kind}|{suit}||"] = describe_declare(deck.name, kind, suit, None, None, lang)
        for rank in DECLARABLE_RANKS:
            out[f"{deck.name}|four||{rank}|"] = describe_declare(deck.name, "four", None, rank, None, lang)
            for missing in (None, *suits):
                key = f"{deck.name}|three||{rank}|{'' if missing is None else missing}"
                out[key] = describe_declare(deck.name, "three", None, rank, missing, lang)
    return out


def page_catalogue(lang: str) -> dict[str, Any]:
    """``{"lang": "de", "t": {key: text}, "cards": {card id: name}, "declarations": {...}}``.

    Cards are named by the engine's card id (as on the wire): a code alone is
    ambiguous across the decks ("As" is an Italian ace and a Bavarian one)."""
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}")
    # the templates as they are ({n} unfilled): a message with a count as its form for 2, and
    # its singular as key + "_one" (the page picks it for n=1, as phone.js t() says)
    words = {k: text_of(k, lang, 2) or "?" + k for k in page_keys()}
    cards = {str(c): deck.name_of(c, lang) for deck in DECKS.values() for c in deck.cards}
    return {"lang": lang, "t": words, "cards": cards, "declarations": declaration_names(lang)}


def page_catalogue_json(lang: str) -> bytes:
    """:func:`page_catalogue` as the bytes served (UTF-8 JSON)."""
    return json.dumps(page_catalogue(lang), ensure_ascii=False, separators=(",", ":")).encode("utf-8")


__all__ = ["PAGE_KEYS", "PAGE_PREFIXES", "declaration_names", "page_catalogue", "page_catalogue_json", "page_keys"]
