"""The rules engine: pure, stdlib only, no I/O, no clock, no global random.

Public surface::

    variant = make_variant("tressette2", {"target": 31})
    match = Match(variant)
    state = match.start_hand(seed=7)
    view = match.view_for(0)          # what seat 0 may know
    match.apply(view.legal[0])        # checked; IllegalAction on a wrong move
"""

from firmware.engine.actions import (
    SIGNALS_ALTERNATIVE,
    SIGNALS_CLASSIC,
    Abandon,
    Action,
    Call,
    Claim,
    Correct,
    Declare,
    DeclKind,
    Discard,
    NothingToDeclare,
    Play,
    RecordEntry,
    Revoke,
    Undo,
    ZuTun,
)
from firmware.engine.cards import (
    BAVARIAN,
    BRISCOLA_VALUES,
    CODE,
    ITALIAN,
    RANK,
    SUIT,
    THIRDS,
    TRESSETTE_VALUES,
    Card,
    CardMask,
    CardValues,
    Deck,
    Rank,
    Seat,
    Suit,
    card_list,
    cards_of,
    mask_of,
    playable,
)
from firmware.engine.deal import DEAL_BITS, Deal, deal_explicit, deal_seeded, fresh_seed, seed_value
from firmware.engine.declarations import Declaration
from firmware.engine.errors import IllegalAction, OptionError, RecordError, TressetteError
from firmware.engine.match import Match, Stake
from firmware.engine.moves import apply, apply_unchecked, check, legal_actions
from firmware.engine.played import Draw, Signal, Trick
from firmware.engine.result import HandResult
from firmware.engine.state import HandState
from firmware.engine.variants import PRESETS, Variant, make_variant
from firmware.engine.view import PublicDraw, SeatView, View, view_for

__all__ = [
    "Action",
    "Declare",
    "DeclKind",
    "Play",
    "ZuTun",
    "Revoke",
    "Undo",
    "Abandon",
    "Correct",
    "NothingToDeclare",
    "RecordEntry",
    "Claim",
    "Call",
    "Discard",
    "SIGNALS_CLASSIC",
    "SIGNALS_ALTERNATIVE",
    "Stake",
    "Signal",
    "BAVARIAN",
    "BRISCOLA_VALUES",
    "CODE",
    "ITALIAN",
    "RANK",
    "SUIT",
    "THIRDS",
    "TRESSETTE_VALUES",
    "Card",
    "CardValues",
    "CardMask",
    "Deck",
    "Rank",
    "Seat",
    "Suit",
    "card_list",
    "cards_of",
    "mask_of",
    "playable",
    "DEAL_BITS",
    "Deal",
    "deal_explicit",
    "deal_seeded",
    "fresh_seed",
    "seed_value",
    "Declaration",
    "IllegalAction",
    "OptionError",
    "RecordError",
    "TressetteError",
    "Match",
    "Draw",
    "HandResult",
    "HandState",
    "Trick",
    "apply",
    "apply_unchecked",
    "check",
    "legal_actions",
    "PRESETS",
    "Variant",
    "make_variant",
    "PublicDraw",
    "SeatView",
    "View",
    "view_for",
]
