"""What a game may ever offer a seat besides its cards: the screen's fixed action slots.

A screen that showed only the actions legal *now* moved its buttons whenever one came or
went (a lead brings *busso/striscio/volo*, and *Chiamarsi fuori* jumped under the finger).
The kinds a game can offer at all are a property of the variant, so a screen can keep one
place for each for the whole match and dim the ones not legal now::

    >>> from firmware.engine.variants import make_variant
    >>> action_kinds(make_variant("tressette4"))
    ('declare', 'signal:busso', 'signal:volo', 'signal:striscio', 'claim')
    >>> action_kinds(make_variant("ciapano"))
    ()

``declare``, ``zu_tun`` and ``call`` come and go with the hand (accusi at its start, chiamata's
call before the first card, zu tun on a lead that wins the game): their number varies, so
they are *transient*; the signals and the claim are offered trick after trick: *permanent*.
"""

from __future__ import annotations

from firmware.engine.actions import SIGNALS_ALTERNATIVE, SIGNALS_CLASSIC
from firmware.engine.variants import Variant

TRANSIENT = ("declare", "zu_tun", "call")


def signal_names(variant: Variant) -> tuple[str, ...]:
    """The signals this game's cards may carry (RULES.md §3.3, §3.5), in the order said."""
    system = variant.signals
    if system == "classic":
        return SIGNALS_CLASSIC
    if system == "alternative":
        return SIGNALS_ALTERNATIVE
    return ()


def action_kinds(variant: Variant) -> tuple[str, ...]:
    """Every kind of action other than a card that this game may offer some seat: the
    transient ones (``declare``, ``zu_tun``, ``call``) first, then one ``signal:NAME`` per
    signal and ``claim`` (chiamarsi fuori)."""
    out: list[str] = []
    if variant.accusi:
        out.append("declare")
    if variant.options.get("zu_tun", False):
        out.append("zu_tun")
    if variant.preset.call_partner:
        out.append("call")
    out += [f"signal:{x}" for x in signal_names(variant)]
    if variant.claims:
        out.append("claim")
    return tuple(out)
