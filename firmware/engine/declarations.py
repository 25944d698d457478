"""Accusi: which combinations a hand holds and what each is worth (RULES.md §2)."""

from __future__ import annotations

from dataclasses import dataclass

from firmware.engine.actions import Declare, DeclKind
from firmware.engine.cards import SUIT, Card, CardMask, Deck, Rank, Seat, Suit, card_list
from firmware.engine.errors import IllegalAction
from firmware.engine.refusals import Refusal

DECLARABLE_RANKS: tuple[Rank, ...] = (0, 1, 2)
"""3, 2 and A (Bavarian 10, 9 and A): the ranks of buon gioco and of the napoletana."""


@dataclass(frozen=True, slots=True)
class Declaration:
    """A declaration that was accepted; everything in it is public."""

    seat: Seat
    kind: DeclKind
    suit: Suit | None
    rank: Rank | None
    cards: tuple[Card, ...]
    points: int
    missing: Suit | None = None  # three of a kind: the suit it lacks ("Welcher fehlt?")

    @property
    def key(self) -> tuple[str, int | None]:
        return (self.kind, self.suit if self.kind == "napoletana" else self.rank)


def napoletana_cards(deck: Deck, suit: Suit, held: CardMask, extends: bool) -> list[Card]:
    """3-2-A of ``suit`` plus, if ``extends``, the 4, 5, … that follow in natural order."""
    run = [deck.card(suit, r) for r in DECLARABLE_RANKS]
    if any(not held >> c & 1 for c in run):
        return []
    if extends:
        for rank in deck.extension:
            card = deck.card(suit, rank)
            if not held >> card & 1:
                break
            run.append(card)
    return run


def rank_cards(deck: Deck, rank: Rank, held: CardMask) -> list[Card]:
    return [deck.card(s, rank) for s in range(len(deck.suits)) if held >> deck.card(s, rank) & 1]


def evaluate(
    deck: Deck,
    action: Declare,
    held: CardMask,
    extends: bool,
    earlier: tuple[Declaration, ...],
    decima: bool = False,
) -> Declaration:
    """The declaration ``action`` makes from the cards ``held``; raises if it is not true.

    ``earlier`` are the seat's declarations already made this hand: nothing is
    declared twice, and a three may not follow the four of the same rank
    (seed 000); a four may follow its three.
    """
    seat, kind = action.seat, action.kind
    if kind == "napoletana":
        if action.suit is None or not 0 <= action.suit < len(deck.suits):
            raise IllegalAction(Refusal.NAPOLETANA_SUIT, deck=deck.name, kind=kind)
        cards = napoletana_cards(deck, action.suit, held, extends)
        if not cards:
            raise IllegalAction(
                Refusal.NAPOLETANA_MISSING, deck=deck.name, kind=kind, suit=action.suit, ranks=DECLARABLE_RANKS
            )
        if action.extra is not None and action.extra != len(cards) - 3:
            raise IllegalAction(
                Refusal.DECL_EXTENSION, deck=deck.name, suit=action.suit, points=len(cards), announced=3 + action.extra
            )
        decl = Declaration(seat, kind, action.suit, None, tuple(cards), len(cards))
    elif kind in ("three", "four"):
        if action.rank not in DECLARABLE_RANKS:
            raise IllegalAction(Refusal.DECL_RANK, deck=deck.name, ranks=DECLARABLE_RANKS)
        cards = rank_cards(deck, action.rank, held)
        need = 3 if kind == "three" else 4
        if len(cards) != need:
            raise IllegalAction(
                Refusal.DECL_COUNT, deck=deck.name, kind=kind, rank=action.rank, held=len(cards), need=need
            )
        missing = None
        if kind == "three":
            held_suits = {SUIT[c] for c in cards}
            missing = next(s for s in range(len(deck.suits)) if s not in held_suits)
            if action.missing is not None and action.missing != missing:
                raise IllegalAction(
                    Refusal.DECL_MISSING_SUIT, deck=deck.name, kind=kind, rank=action.rank,
                    suit=missing, given=action.missing,
                )  # fmt: skip
        decl = Declaration(seat, kind, None, action.rank, tuple(cards), need, missing)
    elif kind == "decima" and decima:
        if action.suit is None or not 0 <= action.suit < len(deck.suits):
            raise IllegalAction(Refusal.NAPOLETANA_SUIT, deck=deck.name, kind=kind)
        suit_cards = deck.suit_mask(action.suit)
        if held & suit_cards != suit_cards:
            raise IllegalAction(Refusal.DECIMA_MISSING, deck=deck.name, kind=kind, suit=action.suit)
        # Worth no points: it wins the game at 16 times its value (seed 003).
        decl = Declaration(seat, kind, action.suit, None, tuple(card_list(suit_cards)), 0)
    else:
        raise IllegalAction(Refusal.DECL_UNKNOWN, kind=repr(kind))
    check_earlier(decl, earlier)
    return decl


def check_earlier(decl: Declaration, earlier: tuple[Declaration, ...]) -> None:
    """Nothing is declared twice; a three may not follow the four of its rank (seed 000)."""
    for old in earlier:
        if old.key == decl.key:
            raise IllegalAction(Refusal.DECL_TWICE)
        if decl.kind == "three" and old.kind == "four" and old.rank == decl.rank:
            raise IllegalAction(Refusal.DECL_THREE_AFTER_FOUR)


def possible(
    deck: Deck,
    seat: Seat,
    held: CardMask,
    extends: bool,
    earlier: tuple[Declaration, ...],
    decima: bool = False,
) -> list[Declare]:
    """Every declaration ``seat`` could make now from ``held``, in a stable order."""
    out: list[Declare] = []
    # Only the candidates whose cards are there go to evaluate, which still judges each (and
    # refuses a repeat): a hand without accusi is asked for every legal list and every view,
    # and a refusal raised and caught for each of the ten candidates was most of that cost.
    suits = range(len(deck.suits))
    candidates: list[Declare] = []
    if decima:
        candidates.extend(
            Declare(seat, "decima", suit=s) for s in suits if held & deck.suit_mask(s) == deck.suit_mask(s)
        )
    candidates.extend(
        Declare(seat, "napoletana", suit=s) for s in suits
        if all(held >> deck.card(s, r) & 1 for r in DECLARABLE_RANKS)
    )  # fmt: skip
    for rank in DECLARABLE_RANKS:
        count = sum(held >> deck.card(s, rank) & 1 for s in suits)
        if count == 4:
            candidates.append(Declare(seat, "four", rank=rank))
        elif count == 3:
            candidates.append(Declare(seat, "three", rank=rank))
    for cand in candidates:
        try:
            decl = evaluate(deck, cand, held, extends, earlier, decima)
        except IllegalAction:
            continue
        out.append(as_said(cand, decl, extends))
    return out


def as_said(cand: Declare, decl: Declaration, extends: bool) -> Declare:
    """``cand`` offered as a person says it: the suit a three lacks, a napoletana's extension."""
    if decl.kind == "three":
        return Declare(cand.seat, "three", rank=decl.rank, missing=decl.missing)
    if decl.kind == "napoletana" and extends:
        return Declare(cand.seat, "napoletana", suit=decl.suit, extra=decl.points - 3)
    return cand


def describe(deck: Deck, decl: Declaration) -> str:
    """A declaration as its table says it: "napoletana di coppe +1 = 4", "tre 2 (manca
    denari) = 3"; at a Bavarian table "Napoli Herz = 3", "Dreier 10 (ohne Laub) = 3",
    "Vierer Ass = 4" (seed 000; RULES.md §3.2)."""
    german = deck.name == "bavarian"
    suit = deck.suit_name(decl.suit) if decl.suit is not None else ""
    if decl.kind == "decima":
        return f"Decima {suit}" if german else f"napoletana decima di {suit}"
    if decl.kind == "napoletana":
        extra = f" +{decl.points - 3}" if decl.points > 3 else ""
        name = f"Napoli {suit}" if german else f"napoletana di {suit}"
        return f"{name}{extra} = {decl.points}"
    assert decl.rank is not None
    rank = deck.ranks[decl.rank]
    if german and rank == "A":
        rank = "Ass"
    if decl.kind == "four":
        return f"Vierer {rank} = 4" if german else f"quattro {rank} = 4"
    if decl.missing is None:  # said without the suit it lacks (real cards, score sheet)
        return f"Dreier {rank} = 3" if german else f"tre {rank} = 3"
    missing = deck.suit_name(decl.missing)
    return f"Dreier {rank} (ohne {missing}) = 3" if german else f"tre {rank} (manca {missing}) = 3"


__all__ = ["Declaration", "evaluate", "possible", "describe", "card_list"]
