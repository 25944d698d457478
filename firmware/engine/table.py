"""Real cards: hands the box never saw dealt, refereed by the same state machine.

At a table of real cards people shuffle and deal; the box learns a card when
it is scanned. A *table deal* (``{"table": true, ...}`` in a record) makes the
chance explicit, OpenSpiel style: a :class:`~firmware.engine.state.HandState`
whose ``holdings`` (:mod:`firmware.engine.holdings`) is a :class:`TableInfo`
knows, for each seat, whether its hand is *hidden* (a person's real cards) and how many cards it holds; the cards
whose place is unknown form the ``pool``. Everything else — trick winners,
trump, draws, points, sides, onori, claims, calls, signals, widow, aside,
sudden wins, the end of the match — is the engine's one rule set.

What the box knows at the deal (docs/box.md, "Real cards"):

- a computer seat's whole hand, scanned to the box face down at the deal
  (``"2": ["3c", ...]``); not in games with a talon, whose face-down draws
  the box could not follow (refused up front);
- briscola's shown card (``"trump": "Ac"``), which lies in the dealer's hand;
- the cards aside where they score or lie face up (``"aside": [...]``):
  terziglio3's widow, three-handed Ciapanò's odd card, treschetten3's cards
  face up. Face-down cards aside that count for nobody stay unknown.

A scanned card is the play of the seat to move when it is legal *as far as the
box can know*: not played before, not known to be elsewhere (a computer's
card, a card aside), following suit when the seat's known cards say it can. A card
of a suit the seat showed it lacks since its last draw is taken: it proves a revoke
(:class:`RevokeSeen`; RULES.md §3.7), which the table may call
(:meth:`~firmware.engine.match.Match.revoke`). Declarations of a
hidden seat are claims: refused when the cards seen make them impossible, and
proved by the cards the declarer plays — a declared card played by another
seat, a suit of a declared card not followed, the missing card of a three
played by the declarer (no talon), or a declared card never played by the end
of the hand makes it *false*: it scores nothing and is listed in
``HandResult.false_declarations``. A hand that ends early (zu tun, chiamarsi
fuori, decima) counts the claims not disproved by then, as the people saw
them. A napoletana decima is laid down on the table: the box takes its ten
cards as seen.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from firmware.engine.actions import Declare
from firmware.engine.cards import CODE, SUIT, Card, CardMask, Seat, card_list, mask_of
from firmware.engine.deal import Deal
from firmware.engine.declarations import DECLARABLE_RANKS, Declaration, check_earlier
from firmware.engine.errors import IllegalAction
from firmware.engine.holdings import OPEN_HANDS, FalseDeclaration, Hand
from firmware.engine.refusals import Refusal
from firmware.engine.variants import Variant


@dataclass(slots=True)
class Claim:
    """A declaration of a hidden seat, to be proved by the cards its declarer plays.

    ``need`` of ``decl.cards`` must come from him: all of them, but three of the four
    when a three was declared without naming the suit it lacks (the box learns it from
    the cards played). ``out`` are claimed cards he showed he cannot hold (he failed
    to follow their suit). ``open_extension``: a napoletana declared without saying
    how far it extends; the 4, 5, ... he plays count at the end of the hand.
    """

    decl: Declaration
    need: int
    out: CardMask = 0
    open_extension: bool = False


@dataclass(frozen=True, slots=True)
class RevokeSeen:
    """A revoke the cards proved: ``seat`` did not follow ``suit`` in trick ``trick``
    (counted from 1) and has now played a card of it, ``card`` (RULES.md §3.7). The card
    is what truly happened, so it is taken; the table may call the revoke."""

    seat: Seat
    trick: int
    suit: int
    card: Card


@dataclass(slots=True)
class TableInfo:
    """What the box knows of a hand of real cards beyond the engine's plain state: the
    :class:`~firmware.engine.holdings.Holdings` of a real-card hand."""

    hidden: tuple[bool, ...]  # per seat: its hand is a person's real cards
    counts: list[int]  # per seat: cards held now
    pool: CardMask  # cards whose place is unknown (hidden hands, talon, aside face down)
    fresh_voids: list[int]  # per seat: suits it showed it lacks since its last draw
    claims: list[Claim] = field(default_factory=list)  # hidden seats', not yet disproved
    false: list[FalseDeclaration] = field(default_factory=list)
    # Revokes the cards proved: a seat played a suit it had shown it lacked (RULES.md §3.7).
    revokes: list[RevokeSeen] = field(default_factory=list)

    real_cards = True

    @classmethod
    def at_deal(cls, variant: Variant, deal: Deal, hands: Sequence[CardMask]) -> TableInfo:
        """What the box knows at a table deal: ``hands`` (computers' cards scanned), the
        trump shown and the cards aside; the rest of the deck is in the pool."""
        known = mask_of(deal.aside)
        for h in hands:
            known |= h
        if deal.trump is not None:
            known |= 1 << deal.trump
        return cls(
            hidden=deal.hidden,
            counts=[variant.hand_size] * variant.n_seats,
            pool=variant.deck.mask & ~known,
            fresh_voids=[0] * variant.n_seats,
        )

    def copy(self) -> TableInfo:
        return TableInfo(
            self.hidden,
            self.counts[:],
            self.pool,
            self.fresh_voids[:],
            [Claim(c.decl, c.need, c.out, c.open_extension) for c in self.claims],
            self.false[:],
            self.revokes[:],
        )

    # -------------------------------------------------------------- questions

    def is_hidden(self, seat: Seat) -> bool:
        return self.hidden[seat]

    def held(self, state: Hand, seat: Seat) -> int:
        return self.counts[seat]

    def unknown_room(self, state: Hand, seat: Seat) -> int:
        """How many of the seat's cards the box has not seen."""
        return self.counts[seat] - state.hands[seat].bit_count()

    def may_hold(self, state: Hand, seat: Seat) -> CardMask:
        """Cards ``seat`` may hold now: its known cards, and unknown ones if it has room."""
        known = state.hands[seat]
        if self.hidden[seat] and self.unknown_room(state, seat) > 0:
            return known | self.pool
        return known

    def announced(self, state: Hand, seat: Seat) -> CardMask:
        """A person's declared cards not played yet (announced, so public)."""
        mask = 0
        if self.hidden[seat]:
            for claim in self.claims:
                if claim.decl.seat == seat and claim.need == len(claim.decl.cards):
                    mask |= mask_of(claim.decl.cards) & ~state.played
        return mask

    def hand_done(self, state: Hand) -> bool:
        """Hidden hands are not in ``hands``, so the count of tricks decides."""
        return len(state.tricks) == state.n_tricks

    def false_declarations(self) -> tuple[FalseDeclaration, ...]:
        return tuple(self.false)

    # ------------------------------------------------------------------ plays

    def void_block(self, state: Hand, seat: Seat) -> CardMask:
        """Unknown cards ``seat`` should not hold: the suits it showed it lacks since its
        last draw. Only a belief: a person may have revoked (RULES.md §3.7), so a card of
        such a suit is taken when it comes, as the proof of a revoke (:meth:`before_play`)."""
        block = 0
        for suit in range(len(state.suit_masks)):
            if self.fresh_voids[seat] >> suit & 1:
                block |= state.suit_masks[suit]
        return block

    def drop_voids(self, state: Hand, seat: Seat) -> None:
        """A revoke of ``seat`` called and counted as played: nothing it failed to follow
        says what it lacks any more (its later cards of those suits are taken as they come)."""
        self.fresh_voids[seat] = 0
        state.voids[seat] = 0

    def play_mask(self, state: Hand, seat: Seat) -> CardMask:
        """The cards the seat to move may play; a hidden one's from what the box knows."""
        if not self.hidden[seat]:
            return OPEN_HANDS.play_mask(state, seat)
        known = state.hands[seat]
        # a suit it showed it lacks stays possible: a person may have revoked (RULES.md §3.7)
        possible = self.may_hold(state, seat) & ~state.played
        if state.trick and state.follows:
            lead = state.suit_masks[SUIT[state.trick[0]]]
            if known & lead:
                return possible & lead  # he holds a card of the suit led: he must follow
        return possible

    def play_refusal(self, state: Hand, seat: Seat, card: Card) -> None:
        """Raise the reason ``seat`` may not lay ``card`` now (the turn is checked)."""
        if not self.hidden[seat]:
            OPEN_HANDS.play_refusal(state, seat, card)  # a computer's cards: seen
            return
        bit = 1 << card
        deck = state.variant.deck
        if state.played & bit:
            trick = next((i + 1 for i, t in enumerate(state.tricks) if card in t.cards), len(state.tricks) + 1)
            raise IllegalAction(Refusal.ALREADY_PLAYED, card=card, trick=trick)
        known = state.hands[seat]
        if not known & bit:
            if not self.pool & bit:
                holder = next((s for s in range(state.n) if state.hands[s] & bit), None)
                if holder is not None:
                    raise IllegalAction(Refusal.CARD_HELD_BY, card=card, seat=holder)
                raise IllegalAction(Refusal.CARD_ASIDE, card=card)
            if self.unknown_room(state, seat) <= 0:
                raise IllegalAction(Refusal.NO_UNKNOWN_CARDS, seat=seat, cards=tuple(card_list(known)))
            # A card of a suit it showed it lacks is not refused: it is what happened, the
            # proof of a revoke (before_play); refusing it left only false entries.
        if state.trick and SUIT[card] != SUIT[state.trick[0]] and state.follows:
            lead = SUIT[state.trick[0]]
            follow = known & state.suit_masks[lead]
            if follow:
                raise IllegalAction(Refusal.FOLLOW_SUIT, deck=deck.name, suit=lead, cards=tuple(card_list(follow)))

    def take(self, state: Hand, seat: Seat, card: Card) -> None:
        """A card of ``seat`` leaves its hand (played, laid away, on the talon): the box now
        knows where it was; a card from the unknown pool is placed in the hand first."""
        bit = 1 << card
        if self.pool & bit:
            self.pool &= ~bit
            state.hands[seat] |= bit
        self.counts[seat] -= 1

    def before_play(self, state: Hand, seat: Seat, card: Card) -> None:
        """Book-keeping of a play at a real-card table, before the engine plays it."""
        if self.fresh_voids[seat] >> SUIT[card] & 1:
            self._revoke_seen(state, seat, card)
        if state.trick and SUIT[card] != SUIT[state.trick[0]] and state.follows:
            self.fresh_voids[seat] |= 1 << SUIT[state.trick[0]]
        self._check_claims(state, seat, card)
        self.take(state, seat, card)
        called = state.called
        if called == card and state.variant.preset.call_partner:
            caller = state.caller
            state.hand_sides = tuple(0 if s in (caller, seat) else 1 for s in range(state.n))

    def _revoke_seen(self, state: Hand, seat: Seat, card: Card) -> None:
        """``seat`` plays a suit it had shown it lacks: it revoked in the last trick where it
        did not follow that suit. Kept (the table is told), and the belief dropped."""
        suit = SUIT[card]
        n = state.n
        trick = 0
        for i, t in enumerate(state.tricks):
            if SUIT[t.cards[0]] == suit and SUIT[t.cards[(seat - t.leader) % n]] != suit:
                trick = i + 1
        self.revokes.append(RevokeSeen(seat, trick, suit, card))
        self.fresh_voids[seat] &= ~(1 << suit)
        state.voids[seat] &= ~(1 << suit)
        # What his failure to follow seemed to disprove was the revoke: his claimed cards of
        # the suit are his again, and a declaration it made false stands again.
        for claim in self.claims:
            if claim.decl.seat == seat:
                claim.out &= ~state.suit_masks[suit]
        for false in self.false[:]:
            if false.decl.seat == seat and false.why == "revoked" and all(SUIT[c] == suit for c in false.cards):
                self.false.remove(false)
                need = 3 if false.decl.kind == "three" else len(false.decl.cards)
                self.claims.append(Claim(false.decl, need))
                state.declarations.append(false.decl)

    def given(self, seat: Seat) -> None:
        self.counts[seat] += 1

    def drew(self, state: Hand, seat: Seat) -> bool:
        """Real cards: drawn face down, unseen by the box."""
        self.counts[seat] += 1
        self.fresh_voids[seat] = 0  # a drawn card may be of any suit
        return False

    # ----------------------------------------------------------- declarations

    def declaration(self, state: Hand, action: Declare) -> Declaration:
        if not self.hidden[action.seat]:
            return OPEN_HANDS.declaration(state, action)
        decl = self.claim_of(state, action)
        check_earlier(decl, state.declarations_of(action.seat))
        return decl

    def possible_declarations(self, state: Hand, seat: Seat) -> list[Declare]:
        if not self.hidden[seat]:
            return OPEN_HANDS.possible_declarations(state, seat)
        return self.possible_claims(state, seat)

    def claim_of(self, state: Hand, action: Declare) -> Declaration:
        """The declaration a hidden seat announces: its cards as he names them, checked
        only against what the box knows (raises when the cards seen make it impossible).

        A three without its missing suit claims three of the four cards of the rank; a
        napoletana without its extension claims 3-2-A (the extension counts at the end).
        """
        kind = action.kind
        if kind in ("napoletana", "decima"):
            cards, points = _suit_claim(state.variant, action)
            missing = None
        elif kind in ("three", "four"):
            cards, points, missing = _rank_claim(state, action)
        else:
            raise IllegalAction(Refusal.DECL_UNKNOWN, kind=repr(kind))
        held = self._claimable(state, action.seat)
        absent = tuple(c for c in cards if not held >> c & 1)
        need = 3 if kind == "three" else len(cards)
        if len(cards) - len(absent) < need:
            raise IllegalAction(Refusal.DECL_IMPOSSIBLE, deck=state.variant.deck.name, kind=kind, cards=absent)
        by_rank = kind in ("three", "four")
        return Declaration(action.seat, kind, None if by_rank else action.suit,
                           action.rank if by_rank else None,
                           tuple(cards), points, missing)  # fmt: skip

    def _claimable(self, state: Hand, seat: Seat) -> CardMask:
        """The cards a hidden seat may declare: unplayed and not known elsewhere, nor
        announced whole by another seat (one of the two would be false)."""
        held = (state.hands[seat] | self.pool) & ~state.played
        for other in self.claims:
            if other.decl.seat != seat and other.need == len(other.decl.cards):
                for c in other.decl.cards:
                    held &= ~(1 << c)
        if state.variant.preset.declare_window == "after_first_trick" and state.tricks:
            t = state.tricks[0]
            held |= 1 << t.cards[(seat - t.leader) % state.n]  # trick 1's card still counts (seed 003)
        return held

    def declared(self, state: Hand, decl: Declaration, action: Declare) -> None:
        if not self.hidden[decl.seat]:
            OPEN_HANDS.declared(state, decl, action)
        elif decl.kind == "decima":
            # Laid down on the table for everyone to see: the box takes the ten as seen.
            mask = mask_of(decl.cards) & ~state.played
            self.pool &= ~mask
            state.hands[decl.seat] |= mask
        else:
            need = 3 if decl.kind == "three" else len(decl.cards)
            open_extension = (
                decl.kind == "napoletana" and action.extra is None and state.variant.preset.napoletana_extends
            )
            self.claims.append(Claim(decl, need, 0, open_extension))

    def _disprove(self, state: Hand, claim: Claim, why: str, cards: tuple[Card, ...]) -> None:
        self.claims.remove(claim)
        state.declarations.remove(claim.decl)
        self.false.append(FalseDeclaration(claim.decl, why, cards))

    def _check_claims(self, state: Hand, seat: Seat, card: Card) -> None:
        """Before ``seat`` plays ``card``: does it disprove a claim?"""
        lead = SUIT[state.trick[0]] if state.trick else None
        played_by = _played_by(state)
        played_by[card] = seat
        for claim in self.claims[:]:
            decl = claim.decl
            mine = decl.seat
            if seat == mine and lead is not None and SUIT[card] != lead:
                # he shows he has no card of the suit led: claimed cards of it are not his
                for c in decl.cards:
                    if SUIT[c] == lead and c not in played_by:
                        claim.out |= 1 << c
            elsewhere = tuple(c for c in decl.cards if played_by.get(c, mine) != mine)
            out = tuple(c for c in decl.cards if claim.out >> c & 1 and c not in elsewhere)
            if len(decl.cards) - len(elsewhere) - len(out) < claim.need:
                if card in elsewhere and seat != mine:
                    self._disprove(state, claim, "played_elsewhere", elsewhere)
                else:
                    self._disprove(state, claim, "revoked", out)
                continue
            dealt_all = not state.variant.preset.draw_from_talon
            if seat == mine and decl.kind == "three" and dealt_all and _had_four(state, decl, played_by):
                self._disprove(state, claim, "had_four", (card,))  # a three needs exactly three

    def close(self, state: Hand) -> None:
        """At the end of a hand played out: a claimed card never played by its declarer, and
        what the cards played tell of an open claim (the missing suit, the extension)."""
        if state.ended_by != "play":
            return
        played_by = _played_by(state)
        deck = state.variant.deck
        for claim in self.claims[:]:
            decl = claim.decl
            mine = [c for c in decl.cards if played_by.get(c) == decl.seat]
            if len(mine) < claim.need:
                unplayed = tuple(c for c in decl.cards if played_by.get(c) != decl.seat)
                self._disprove(state, claim, "never_played", unplayed)
                continue
            better = decl
            absent = [SUIT[c] for c in decl.cards if c not in mine]
            if decl.kind == "three" and decl.missing is None and absent:
                better = replace(decl, cards=tuple(mine), missing=absent[0])
            # (a three whose declarer laid all four, the fourth taken as a revoke's proof, was
            # true as said: it stands open, with no suit of its own to lack)
            elif claim.open_extension and decl.suit is not None:
                run = list(decl.cards)
                for rank in deck.extension:
                    c = deck.card(decl.suit, rank)
                    if played_by.get(c) != decl.seat:
                        break
                    run.append(c)
                better = replace(decl, cards=tuple(run), points=len(run))
            if better is not decl:
                i = state.declarations.index(decl)
                state.declarations[i] = better
                claim.decl = better

    def possible_claims(self, state: Hand, seat: Seat) -> list[Declare]:
        """The declarations a hidden seat could announce now, as far as the box can know.

        Offered short, as the screen lists them: a three without the suit it lacks and a
        napoletana without its extension; the cards the declarer plays tell both by the
        end of the hand (:meth:`close`). A person may still say them (``missing``,
        ``extra``): then they are checked against the cards played.
        """
        v = state.variant
        suits = range(len(v.deck.suits))
        candidates: list[Declare] = []
        if v.preset.decima:
            candidates.extend(Declare(seat, "decima", suit=x) for x in suits)
        candidates.extend(Declare(seat, "napoletana", suit=x) for x in suits)
        for rank in DECLARABLE_RANKS:
            candidates.append(Declare(seat, "four", rank=rank))
            candidates.append(Declare(seat, "three", rank=rank))
        earlier = tuple(d for d in state.declarations if d.seat == seat)
        out = []
        for cand in candidates:
            try:
                check_earlier(self.claim_of(state, cand), earlier)
            except IllegalAction:
                continue
            out.append(cand)
        return out


def _suit_claim(v: Variant, action: Declare) -> tuple[list[Card], int]:
    """A napoletana's or a decima's cards as named, and its points."""
    deck = v.deck
    kind = action.kind
    if action.suit is None or not 0 <= action.suit < len(deck.suits):
        raise IllegalAction(Refusal.NAPOLETANA_SUIT, deck=deck.name, kind=kind)
    if kind == "decima":
        if not v.preset.decima:
            raise IllegalAction(Refusal.DECL_UNKNOWN, kind=repr(kind))
        return card_list(deck.suit_mask(action.suit)), 0
    extra = action.extra or 0  # None: counted from the cards he plays
    if extra < 0 or extra > len(deck.extension) or (extra and not v.preset.napoletana_extends):
        raise IllegalAction(
            Refusal.DECL_EXTENSION, deck=deck.name, suit=action.suit, points=3, announced=3 + extra
        )
    ranks = DECLARABLE_RANKS + deck.extension[:extra]
    cards = [deck.card(action.suit, r) for r in ranks]
    return cards, len(cards)


def _rank_claim(state: Hand, action: Declare) -> tuple[list[Card], int, int | None]:
    """A three's or a four's cards as named (a three naming its missing suit: the other
    three), its points and the suit it lacks when named."""
    deck = state.variant.deck
    kind, rank = action.kind, action.rank
    if rank not in DECLARABLE_RANKS:
        raise IllegalAction(Refusal.DECL_RANK, deck=deck.name, ranks=DECLARABLE_RANKS)
    cards = [deck.card(s, rank) for s in range(len(deck.suits))]
    if kind == "four":
        return cards, 4, None
    missing = action.missing
    if missing is None:
        return cards, 3, None
    if not 0 <= missing < len(deck.suits):
        raise IllegalAction(Refusal.DECL_NAMES_MISSING, deck=deck.name, kind=kind, rank=rank)
    if state.hands[action.seat] >> deck.card(missing, rank) & 1:
        raise IllegalAction(Refusal.DECL_COUNT, deck=deck.name, kind=kind, rank=rank, held=4, need=3)
    return [c for c in cards if SUIT[c] != missing], 3, missing


def _played_by(state: Hand) -> dict[Card, Seat]:
    out: dict[Card, Seat] = {}
    for t in state.tricks:
        for i, c in enumerate(t.cards):
            out[c] = t.seat_of(i, state.n)
    for i, c in enumerate(state.trick):
        out[c] = (state.leader + i) % state.n
    return out


def _had_four(state: Hand, decl: Declaration, played_by: dict[Card, Seat]) -> bool:
    """All cards dealt: the declarer of a three played the fourth card of its rank."""
    assert decl.rank is not None
    deck = state.variant.deck
    if decl.missing is not None:
        return played_by.get(deck.card(decl.missing, decl.rank)) == decl.seat
    four = [deck.card(x, decl.rank) for x in range(len(deck.suits))]
    return all(played_by.get(c) == decl.seat for c in four)


def scanned_at_deal(
    variant: Variant, deal: Deal, dealer: Seat, known: tuple[Seat, ...] = ()
) -> dict[str, object]:
    """The table deal of ``deal`` as a real-card table records it: the hands of the
    ``known`` seats (computers, scanned at the deal), briscola's shown card, the cards
    aside where they score or lie face up. The simulator and the tests use it."""
    spec: dict[str, object] = {"table": True}
    for seat in known:
        spec[str(seat)] = [CODE[c] for c in deal.hands[seat]]
    if variant.trump_shown:
        spec["trump"] = CODE[deal.hands[dealer][-1]]
    elif variant.trump_under_talon and deal.talon:
        spec["trump"] = CODE[deal.talon[-1]]  # Briscola: the card turned up under the talon
    if (variant.preset.aside_role == "widow" or variant.aside_shown) and deal.aside:
        spec["aside"] = [CODE[c] for c in deal.aside]
    return spec


def said_aloud(decl: Declaration) -> Declare:
    """What a person says for a declaration (the suit a three lacks, a napoletana's
    extension), so the box can check it against the cards he plays."""
    if decl.kind == "three":
        return Declare(decl.seat, "three", rank=decl.rank, missing=decl.missing)
    if decl.kind == "four":
        return Declare(decl.seat, "four", rank=decl.rank)
    if decl.kind == "napoletana":
        return Declare(decl.seat, "napoletana", suit=decl.suit, extra=decl.points - 3)
    return Declare(decl.seat, "decima", suit=decl.suit)


def revokes_seen(holdings: object) -> tuple[RevokeSeen, ...]:
    """The revokes the cards of a hand proved so far (a real-card hand's holdings), in order."""
    return tuple(holdings.revokes) if isinstance(holdings, TableInfo) else ()
