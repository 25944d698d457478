"""Refusals as data: every :class:`~firmware.engine.errors.IllegalAction` has a code.

The engine refuses with a code and its arguments (``IllegalAction("not_held",
card=5)``); the English sentence here is one rendering of it, for logs,
``tressette replay`` and tests. The table's screen translates the same code
with its own catalogue (``ui/i18n.py``, keys ``e_<code>``), never by reading
the English.

Arguments are plain values: ``card`` (a card id), ``cards`` (a tuple of card
ids), ``suit`` / ``missing`` (a suit index, named in ``deck``), ``rank`` (a
rank index of ``deck``), ``seat`` and the other seat arguments (0-based seat
numbers), numbers and short words. Suit and card names in English sentences
are the deck's own (Italian for the Italian deck, German for the Bavarian one,
RULES.md §3.2), as the people at that table say them.

>>> from firmware.engine.errors import IllegalAction
>>> str(IllegalAction("follow_suit", deck="italian", suit=0, cards=(0, 5)))
'you must follow suit: you hold 2 coppe (3c, Fc)'
>>> str(IllegalAction("decl_count", deck="bavarian", kind="three", rank=0, held=2, need=3))
'you hold 2 cards of rank 10; a Dreier needs exactly 3'
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum

from firmware.engine.decktables import CODE, TABLES, DeckTable


class Refusal(StrEnum):
    """Every refusal the engine makes: the code of an :class:`~firmware.engine.errors.IllegalAction`.

    A ``StrEnum``: a member is its code (``Refusal.NOT_HELD == "not_held"``), the key
    of its English sentence here and, as ``e_<code>``, of the screen's catalogue.
    """

    NOT_CARD_CODE = "not_card_code"
    NOT_OF_DECK = "not_of_deck"
    DEAL_NO_HAND = "deal_no_hand"
    DEAL_CARD_TWICE = "deal_card_twice"
    DEAL_WHOLE_DECK = "deal_whole_deck"
    DEAL_HAND_SIZE = "deal_hand_size"
    DEAL_ASIDE_SIZE = "deal_aside_size"
    DEAL_TALON_SIZE = "deal_talon_size"
    DEAL_SEED = "deal_seed"
    DEAL_TABLE_NEEDS = "deal_table_needs"
    DEAL_TABLE_CARD = "deal_table_card"
    DEAL_TABLE_TRUMP = "deal_table_trump"
    DEAL_TABLE_TRUMP_TALON = "deal_table_trump_talon"
    DEAL_TABLE_ASIDE = "deal_table_aside"
    DEAL_TABLE_TALON = "deal_table_talon"
    MATCH_OVER = "match_over"
    HAND_NOT_FINISHED = "hand_not_finished"
    NO_HAND = "no_hand"
    NO_HAND_DEALT = "no_hand_dealt"
    HAND_OVER = "hand_over"
    NO_SEAT = "no_seat"
    TURN_OF = "turn_of"
    WRONG_DECK = "wrong_deck"
    NOT_HELD = "not_held"
    FOLLOW_SUIT = "follow_suit"
    ALREADY_PLAYED = "already_played"
    CARD_HELD_BY = "card_held_by"
    CARD_ASIDE = "card_aside"
    SHOWED_VOID = "showed_void"
    NO_UNKNOWN_CARDS = "no_unknown_cards"
    UNKNOWN_ACTION = "unknown_action"
    FIRST_CALL = "first_call"
    FIRST_DISCARD = "first_discard"
    DISCARD_NOT_NOW = "discard_not_now"
    NO_CALL = "no_call"
    CALL_NOT_NOW = "call_not_now"
    CALL_NOT_ALLOWED = "call_not_allowed"
    ACCUSI_OFF = "accusi_off"
    ACCUSI_BEFORE_FIRST = "accusi_before_first"
    ACCUSI_YOUR_TURN = "accusi_your_turn"
    ACCUSI_ON_LEAD = "accusi_on_lead"
    ACCUSI_BEFORE_YOURS = "accusi_before_yours"
    ACCUSI_FIRST_CARD_TURN = "accusi_first_card_turn"
    ONORI_WINDOW = "onori_window"
    DECIMA_WINDOW = "decima_window"
    ONORI_ORDER = "onori_order"
    FIRST_TRICK_ONLY = "first_trick_only"
    FIRST_TRICK_TURN = "first_trick_turn"
    NO_DECLARATIONS = "no_declarations"
    NAPOLETANA_SUIT = "napoletana_suit"
    NAPOLETANA_MISSING = "napoletana_missing"
    DECIMA_MISSING = "decima_missing"
    DECL_RANK = "decl_rank"
    DECL_COUNT = "decl_count"
    DECL_MISSING_SUIT = "decl_missing_suit"
    DECL_EXTENSION = "decl_extension"
    DECL_UNKNOWN = "decl_unknown"
    DECL_NAMES_MISSING = "decl_names_missing"
    DECL_TWICE = "decl_twice"
    DECL_THREE_AFTER_FOUR = "decl_three_after_four"
    DECL_IMPOSSIBLE = "decl_impossible"
    ZU_TUN_OFF = "zu_tun_off"
    ZU_TUN_NOT_ON_LEAD = "zu_tun_not_on_lead"
    ZU_TUN_AFTER_WIN = "zu_tun_after_win"
    ZU_TUN_TALON_EMPTY = "zu_tun_talon_empty"
    ZU_TUN_TEN = "zu_tun_ten"
    ZU_TUN_SHORT = "zu_tun_short"
    ZU_TUN_BEHIND = "zu_tun_behind"
    CLAIMS_OFF = "claims_off"
    CLAIM_NOT_STARTED = "claim_not_started"
    SIGNALS_NONE = "signals_none"
    SIGNAL_UNKNOWN = "signal_unknown"
    SIGNAL_TWICE = "signal_twice"
    SIGNAL_LEADER_ONLY = "signal_leader_only"
    VOLO_FALSE = "volo_false"
    BUSSO_FALSE = "busso_false"
    RIBUSSO_FALSE = "ribusso_false"
    UNDO_NO_HAND = "undo_no_hand"
    UNDO_COUNT = "undo_count"
    UNDO_NOT_CARD = "undo_not_card"
    REVOKE_NOT_TABLE = "revoke_not_table"
    REVOKE_COMPUTER = "revoke_computer"
    REVOKE_CALLED = "revoke_called"
    REVOKE_FOLLOWED = "revoke_followed"
    REVOKE_NO_SUIT = "revoke_no_suit"
    CORRECT_NOTHING = "correct_nothing"
    CORRECT_NOT_LAST = "correct_not_last"
    CORRECT_TOO_FAR = "correct_too_far"
    ABANDON_NOT_TABLE = "abandon_not_table"
    ABANDON_DEALER = "abandon_dealer"
    DEAL_SHEET = "deal_sheet"
    SHEET_NOT_SHEET = "sheet_not_sheet"
    SHEET_SIDES = "sheet_sides"
    SHEET_TOTAL = "sheet_total"
    SHEET_EARLY_TOTAL = "sheet_early_total"
    SHEET_DECIMA_TOTAL = "sheet_decima_total"
    SHEET_END = "sheet_end"
    SHEET_PARTNER = "sheet_partner"
    SHEET_NO_PARTNER = "sheet_no_partner"
    SHEET_SUDDEN_OFF = "sheet_sudden_off"
    SHEET_SUDDEN_SIDE = "sheet_sudden_side"
    SHEET_SUDDEN_FALSE = "sheet_sudden_false"
    SHEET_UNDO_NOTHING = "sheet_undo_nothing"
    SHEET_AMEND_HAND = "sheet_amend_hand"
    SHEET_AMEND_LATER = "sheet_amend_later"
    SHEET_AMEND_ENDS = "sheet_amend_ends"


ARGUMENTS: Mapping[Refusal, frozenset[str]] = {
    # what each refusal is raised with and its sentences name, in it/de/en and here
    # (tests/engine/test_refusal_codes.py holds the two to it)
    Refusal.NOT_CARD_CODE: frozenset({'code'}),
    Refusal.NOT_OF_DECK: frozenset({'code', 'deck', 'ranks', 'suits'}),
    Refusal.DEAL_NO_HAND: frozenset({'seat'}),
    Refusal.DEAL_CARD_TWICE: frozenset(),
    Refusal.DEAL_WHOLE_DECK: frozenset({'deck'}),
    Refusal.DEAL_HAND_SIZE: frozenset({'n', 'need', 'seat', 'variant'}),
    Refusal.DEAL_ASIDE_SIZE: frozenset({'n', 'need', 'variant'}),
    Refusal.DEAL_TALON_SIZE: frozenset({'n', 'need', 'variant'}),
    Refusal.DEAL_SEED: frozenset({'value'}),
    Refusal.DEAL_TABLE_NEEDS: frozenset({'variant', 'what'}),
    Refusal.DEAL_TABLE_CARD: frozenset({'card'}),
    Refusal.DEAL_TABLE_TRUMP: frozenset({'variant'}),
    Refusal.DEAL_TABLE_TRUMP_TALON: frozenset({'variant'}),
    Refusal.DEAL_TABLE_ASIDE: frozenset({'need', 'variant'}),
    Refusal.DEAL_TABLE_TALON: frozenset({'seat', 'variant'}),
    Refusal.MATCH_OVER: frozenset(),
    Refusal.HAND_NOT_FINISHED: frozenset(),
    Refusal.NO_HAND: frozenset(),
    Refusal.NO_HAND_DEALT: frozenset(),
    Refusal.HAND_OVER: frozenset(),
    Refusal.NO_SEAT: frozenset({'seat'}),
    Refusal.TURN_OF: frozenset({'actor', 'seat'}),
    Refusal.WRONG_DECK: frozenset({'deck'}),
    Refusal.NOT_HELD: frozenset({'card'}),
    Refusal.FOLLOW_SUIT: frozenset({'cards', 'count', 'suit'}),
    Refusal.ALREADY_PLAYED: frozenset({'card', 'trick'}),
    Refusal.CARD_HELD_BY: frozenset({'card', 'seat'}),
    Refusal.CARD_ASIDE: frozenset({'card'}),
    Refusal.SHOWED_VOID: frozenset({'seat', 'suit'}),
    Refusal.NO_UNKNOWN_CARDS: frozenset({'cards', 'seat'}),
    Refusal.UNKNOWN_ACTION: frozenset({'action'}),
    Refusal.FIRST_CALL: frozenset({'seat'}),
    Refusal.FIRST_DISCARD: frozenset({'seat'}),
    Refusal.DISCARD_NOT_NOW: frozenset(),
    Refusal.NO_CALL: frozenset(),
    Refusal.CALL_NOT_NOW: frozenset(),
    Refusal.CALL_NOT_ALLOWED: frozenset({'card', 'cards'}),
    Refusal.ACCUSI_OFF: frozenset(),
    Refusal.ACCUSI_BEFORE_FIRST: frozenset(),
    Refusal.ACCUSI_YOUR_TURN: frozenset(),
    Refusal.ACCUSI_ON_LEAD: frozenset(),
    Refusal.ACCUSI_BEFORE_YOURS: frozenset(),
    Refusal.ACCUSI_FIRST_CARD_TURN: frozenset(),
    Refusal.ONORI_WINDOW: frozenset(),
    Refusal.DECIMA_WINDOW: frozenset(),
    Refusal.ONORI_ORDER: frozenset({'later', 'winner'}),
    Refusal.FIRST_TRICK_ONLY: frozenset(),
    Refusal.FIRST_TRICK_TURN: frozenset(),
    Refusal.NO_DECLARATIONS: frozenset(),
    Refusal.NAPOLETANA_SUIT: frozenset({'kind'}),
    Refusal.NAPOLETANA_MISSING: frozenset({'kind', 'ranks', 'suit'}),
    Refusal.DECIMA_MISSING: frozenset({'kind', 'suit'}),
    Refusal.DECL_RANK: frozenset({'ranks'}),
    Refusal.DECL_COUNT: frozenset({'held', 'kind', 'need', 'rank'}),
    Refusal.DECL_MISSING_SUIT: frozenset({'given', 'kind', 'rank', 'suit'}),
    Refusal.DECL_EXTENSION: frozenset({'announced', 'points', 'suit'}),
    Refusal.DECL_UNKNOWN: frozenset({'kind'}),
    Refusal.DECL_NAMES_MISSING: frozenset({'kind', 'rank'}),
    Refusal.DECL_TWICE: frozenset(),
    Refusal.DECL_THREE_AFTER_FOUR: frozenset(),
    Refusal.DECL_IMPOSSIBLE: frozenset({'cards', 'kind'}),
    Refusal.ZU_TUN_OFF: frozenset(),
    Refusal.ZU_TUN_NOT_ON_LEAD: frozenset(),
    Refusal.ZU_TUN_AFTER_WIN: frozenset(),
    Refusal.ZU_TUN_TALON_EMPTY: frozenset(),
    Refusal.ZU_TUN_TEN: frozenset(),
    Refusal.ZU_TUN_SHORT: frozenset({'target', 'total'}),
    Refusal.ZU_TUN_BEHIND: frozenset({'other', 'total'}),
    Refusal.CLAIMS_OFF: frozenset(),
    Refusal.CLAIM_NOT_STARTED: frozenset(),
    Refusal.SIGNALS_NONE: frozenset(),
    Refusal.SIGNAL_UNKNOWN: frozenset({'name', 'names', 'system'}),
    Refusal.SIGNAL_TWICE: frozenset(),
    Refusal.SIGNAL_LEADER_ONLY: frozenset(),
    Refusal.VOLO_FALSE: frozenset({'left', 'suit'}),
    Refusal.BUSSO_FALSE: frozenset({'suit'}),
    Refusal.RIBUSSO_FALSE: frozenset({'suit'}),
    Refusal.UNDO_NO_HAND: frozenset(),
    Refusal.UNDO_COUNT: frozenset({'count', 'done'}),
    Refusal.UNDO_NOT_CARD: frozenset({'seat'}),
    Refusal.REVOKE_NOT_TABLE: frozenset(),
    Refusal.REVOKE_COMPUTER: frozenset({'seat'}),
    Refusal.REVOKE_CALLED: frozenset({'seat'}),
    Refusal.REVOKE_FOLLOWED: frozenset({'seat'}),
    Refusal.REVOKE_NO_SUIT: frozenset(),
    Refusal.CORRECT_NOTHING: frozenset(),
    Refusal.CORRECT_NOT_LAST: frozenset({'card', 'seat'}),
    Refusal.CORRECT_TOO_FAR: frozenset({'card', 'seat'}),
    Refusal.ABANDON_NOT_TABLE: frozenset(),
    Refusal.ABANDON_DEALER: frozenset({'seat'}),
    Refusal.DEAL_SHEET: frozenset(),
    Refusal.SHEET_NOT_SHEET: frozenset(),
    Refusal.SHEET_SIDES: frozenset({'n'}),
    Refusal.SHEET_TOTAL: frozenset({'got', 'want'}),
    Refusal.SHEET_EARLY_TOTAL: frozenset({'got', 'most'}),
    Refusal.SHEET_DECIMA_TOTAL: frozenset({'got', 'most'}),
    Refusal.SHEET_END: frozenset({'end'}),
    Refusal.SHEET_PARTNER: frozenset(),
    Refusal.SHEET_NO_PARTNER: frozenset(),
    Refusal.SHEET_SUDDEN_OFF: frozenset({'sudden'}),
    Refusal.SHEET_SUDDEN_SIDE: frozenset(),
    Refusal.SHEET_SUDDEN_FALSE: frozenset({'got', 'sudden', 'want'}),
    Refusal.SHEET_UNDO_NOTHING: frozenset(),
    Refusal.SHEET_AMEND_HAND: frozenset({'hand'}),
    Refusal.SHEET_AMEND_LATER: frozenset({'hand'}),
    Refusal.SHEET_AMEND_ENDS: frozenset({'hand'}),
}


ENGLISH: dict[str, str] = {
    # cards, deals, matches
    "not_card_code": "not a card code: {code!r}",
    "not_of_deck": "not a card of the {deck} deck: {code!r} (ranks {ranks}, suits {suits})",
    "deal_no_hand": "the deal has no hand for seat {seat}",
    "deal_card_twice": "the deal holds a card twice",
    "deal_whole_deck": "the deal must hold the whole {deck} deck once",
    "deal_hand_size": "seat {seat} is dealt {n} cards; {variant} deals {need}",
    "deal_aside_size": "{n} cards are aside; {variant} lays {need} aside",
    "deal_talon_size": "the talon holds {n} cards; {variant} needs {need}",
    "deal_seed": "a deal seed must be an integer or up to 64 hex digits, not {value}",
    "deal_table_needs": "a table deal of {variant}: {what} must be a list of cards",
    "deal_table_card": "the table deal gives {card} twice",
    "deal_table_trump": "a table deal of {variant} names the shown trump card, in the dealer's hand",
    "deal_table_trump_talon": "a table deal of {variant} names the card face up under the talon (the trump), in no hand",
    "deal_table_aside": "a table deal of {variant} gives the {need} cards aside",
    "deal_table_talon": "{variant} draws from a talon, so every seat plays real cards (seat {seat} is given)",
    "match_over": "the match is over",
    "hand_not_finished": "the current hand is not finished",
    "no_hand": "no hand is being played",
    "no_hand_dealt": "no hand has been dealt",
    # the turn and the cards
    "hand_over": "the hand is over",
    "no_seat": "there is no seat {seat}",
    "turn_of": "it is seat {seat}'s turn, not seat {actor}'s",
    "wrong_deck": "that card is not of the {deck} deck",
    "not_held": "you do not hold {card}",
    "follow_suit": "you must follow suit: you hold {count} {suit} ({cards})",
    "already_played": "{card} was already played (trick {trick})",
    "card_held_by": "{card} is in the hand of seat {seat}",
    "card_aside": "{card} lies aside",
    "showed_void": "seat {seat} showed it holds no {suit}",
    "no_unknown_cards": "every card of seat {seat} is known: {cards}",
    "unknown_action": "unknown action {action}",
    # call and discard
    "first_call": "seat {seat} must first call a card",
    "first_discard": "seat {seat} must first lay a card away",
    "discard_not_now": "only the dealer lays a card away, before the first trick",
    "no_call": "there is no call in this game",
    "call_not_now": "the player after the dealer calls, before the first card",
    "call_not_allowed": "you may not call {card}; you may call {cards}",
    # declarations
    "accusi_off": "accusi are off in this game",
    "accusi_before_first": "accusi are made before the first card",
    "accusi_your_turn": "you announce at your turn to play",
    "accusi_on_lead": "you announce only on lead, after winning a trick",
    "accusi_before_yours": "accusi are made before your first card",
    "accusi_first_card_turn": "you declare at your turn, before your first card",
    "onori_window": "onori are declared after the first trick, before the second",
    "decima_window": "a napoletana decima is declared right after the deal or with the onori",
    "onori_order": "onori go in turn from seat {winner}; seat {later} has declared after you",
    "first_trick_only": "announcements only during the first trick",
    "first_trick_turn": "you announce at your turn",
    "no_declarations": "this game has no declarations",
    "napoletana_suit": "a {kind} names its suit",
    "napoletana_missing": "no {kind} of {suit}: you need its {ranks}",
    "decima_missing": "no {kind} of {suit}: you need all ten of the suit",
    "decl_rank": "three or four of a kind must be of {ranks}",
    "decl_count": "you hold {held} cards of rank {rank}; {kind} needs exactly {need}",
    "decl_missing_suit": "{kind} of {rank} lacks {suit}, not {given}",
    "decl_extension": "the napoletana of {suit} is worth {points}, not {announced}",
    "decl_unknown": "unknown declaration {kind}",
    "decl_names_missing": "{kind} of {rank}: say which suit it lacks",
    "decl_twice": "that combination is already declared this hand",
    "decl_three_after_four": "a three cannot follow the four of the same rank",
    "decl_impossible": "{kind} is impossible: {cards} cannot be in that hand",
    # zu tun, claims
    "zu_tun_off": "zu tun is not played in this game",
    "zu_tun_not_on_lead": "zu tun: only on lead, after winning the previous trick",
    "zu_tun_after_win": "zu tun: only after winning the previous trick",
    "zu_tun_talon_empty": "zu tun: the talon is empty",
    "zu_tun_ten": "zu tun: lay a 10 from your hand on the talon",
    "zu_tun_short": "zu tun: you have {total}, the target is {target}",
    "zu_tun_behind": "zu tun: you have {total}, your opponent {other}; you need more",
    "claims_off": "chiamarsi fuori is not played in this game",
    "claim_not_started": "the hand has not started",
    # signals
    "signals_none": "this game has no signals",
    "signal_unknown": "{name!r} is not a signal of the {system} system ({names})",
    "signal_twice": "a signal is given once per card",
    "signal_leader_only": "only the player who leads the trick may signal",
    "volo_false": "volo must be true: you still hold {left} more {suit}",
    "busso_false": "busso must be true: you do not hold the highest unplayed {suit}",
    "ribusso_false": "ribusso must be true: you do not hold the second-highest unplayed {suit}",
    # undo (casual matches)
    "undo_no_hand": "no hand is being played: nothing to take back",
    "undo_count": "cannot take back {count} of {done} actions",
    "undo_not_card": "an undo starts at a card seat {seat} played",
    "revoke_not_table": "a revoke is called at a table of real cards",
    "revoke_computer": "seat {seat} is a computer: its cards are seen, it never revokes",
    "revoke_called": "a revoke of seat {seat} was called already in this hand",
    "revoke_followed": "seat {seat} followed suit every time in this hand",
    "revoke_no_suit": "no suit need be followed in this game: there is no revoke",
    # corrections and abandoned hands (real cards)
    "correct_nothing": "no card entered by a person can be taken back now",
    "correct_not_last": "the last card a person entered is {card} of seat {seat}",
    "correct_too_far": "{card} of seat {seat} lies in an earlier trick: only the trick being played and the last one taken can be corrected",
    "abandon_not_table": "only a hand of real cards can be abandoned",
    "abandon_dealer": "the dealer of this hand, seat {seat}, deals again",
    # score sheet only (firmware/engine/scoresheet.py): a hand's count as entered
    "deal_sheet": "a score-sheet hand is {{\"sheet\": true}} and nothing else",
    "sheet_not_sheet": "a hand's count is entered only in a score-sheet match",
    "sheet_sides": "enter the points of each of the {n} sides",
    "sheet_total": "the points entered make {got} thirds; a hand played out gives {want} (the cards and the last trick)",
    "sheet_early_total": "the points entered make {got} thirds; before the last trick there are at most {most}",
    "sheet_decima_total": "before a decima at most the first trick is taken, by one side: {most} thirds at most, not {got}",
    "sheet_end": "a hand ends played out, by a claim, by zu tun or by a decima (and after a decima by it), not {end!r}",
    "sheet_partner": "say who held the called card (the caller himself if he played alone)",
    "sheet_no_partner": "this game has no called partner",
    "sheet_sudden_off": "{sudden} is not a sudden win of this game (or the hand was not played out)",
    "sheet_sudden_side": "say which side won suddenly",
    "sheet_sudden_false": "{sudden} does not fit the points entered: {got} thirds of {want}",
    # score sheet corrections: an entry taken back, a finished hand's count amended
    "sheet_undo_nothing": "nothing has been entered in this hand: nothing to take back",
    "sheet_amend_hand": "hand {hand} has no count to correct",
    "sheet_amend_later": "with this count a later entry no longer fits (hand {hand})",
    "sheet_amend_ends": "with this count the match ends at hand {hand}, but later hands have entries",
}
"""Every refusal code and its English sentence; the screen's catalogue has the others."""

SEAT_ARGS: frozenset[str] = frozenset({"seat", "actor", "winner", "later"})
"""Arguments that are seat numbers (0-based in the engine; the screen counts from 1)."""

DECL_NAMES: dict[str, dict[str, str]] = {
    "italian": {"napoletana": "napoletana", "three": "three", "four": "four", "decima": "napoletana decima"},
    "bavarian": {"napoletana": "Napoli", "three": "a Dreier", "four": "a Vierer", "decima": "decima"},
}
"""Declarations by their table names: Treschetten says Napoli, Dreier, Vierer (seed 000)."""


def rank_word(deck: DeckTable, rank: int) -> str:
    """A rank as the table says it: ``A`` is "Ass" at a Bavarian table (RULES.md §3.2)."""
    code = deck.ranks[rank]
    return "Ass" if deck.name == "bavarian" and code == "A" else code


def english(code: str, args: Mapping[str, object]) -> str:
    """The English sentence of a refusal; unknown codes say themselves."""
    template = ENGLISH.get(code)
    if template is None:
        return code + (f" {dict(args)!r}" if args else "")
    return template.format(**_words(args))


def _words(args: Mapping[str, object]) -> dict[str, object]:
    deck = TABLES.get(str(args.get("deck", "italian")), TABLES["italian"])
    out: dict[str, object] = dict(args)
    for key, value in args.items():
        if key == "card" and isinstance(value, int):
            out[key] = CODE[value]
        elif key == "cards" and isinstance(value, tuple):
            out[key] = ", ".join(CODE[c] for c in value)
        elif key in ("suit", "missing", "given") and isinstance(value, int):
            out[key] = deck.suit_name(value)
        elif key == "rank" and isinstance(value, int):
            out[key] = rank_word(deck, value)
        elif key == "kind" and isinstance(value, str):
            out[key] = DECL_NAMES[deck.name].get(value, value)
        elif key == "ranks" and isinstance(value, tuple):
            out[key] = ", ".join(rank_word(deck, r) for r in value[:-1]) + " and " + rank_word(
                deck, value[-1]
            )
    if "cards" in args and "count" not in args and isinstance(args["cards"], tuple):
        out["count"] = len(args["cards"])
    return out
