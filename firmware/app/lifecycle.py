"""A match from start to end: new, resume, next hand, every action's one path, the end.

Write-before-apply (DESIGN.md): an action is checked by the engine
(``check``), written to the journal, and only then applied. A hand's deal
seed is written before the hand is dealt. So after a power cut the journal
holds everything that happened, and at most one action that was written but
not yet shown, which replay simply applies.
"""

from __future__ import annotations

import hashlib
import logging
import random
import secrets
from collections.abc import Sequence
from typing import Any

from firmware.app.core import HAND_OVER, HOME, MATCH_OVER, PLAY, LastGame, Outcome, Table
from firmware.app.dealing import DealScanning, TableDeal
from firmware.app.declaring import DeclarationWindows
from firmware.app.enrolment import EnrolmentFlow
from firmware.app.journal_guard import JournalGuard
from firmware.app.messages import DeclName, Message, SuitName, Term, has, msg, refusal
from firmware.app.scoresheet import ScoreSheetKeeping
from firmware.app.unknown_deck import cards_by_touch
from firmware.config import check_seats, fit_seats
from firmware.engine import (
    PRESETS,
    Action,
    IllegalAction,
    Match,
    RecordError,
    TressetteError,
    Variant,
    check,
    fresh_seed,
    make_variant,
)
from firmware.engine.cards import CODE, SUIT
from firmware.engine.holdings import FalseDeclaration
from firmware.engine.names import BadName, PersonName, check_name
from firmware.engine.records import replay
from firmware.engine.seating import TABLE, SeatSpec, check_seat, seating_refusal
from firmware.store import JournalFailure

log = logging.getLogger("firmware.app.controller")


def derive_seed(seed: int, what: str, n: int) -> int:
    """A 31-bit seed from ``seed`` and a number: the same on every machine and run."""
    digest = hashlib.blake2b(f"{seed}/{what}/{n}".encode(), digest_size=8).digest()
    return int.from_bytes(digest) & 0x7FFF_FFFF


def match_mode(seats: Sequence[SeatSpec], *, casual: bool, scoresheet: bool, lesson: bool) -> str:
    """How the box keeps a new match: ``scoresheet``, ``referee`` (a table seat: real cards),
    ``casual``, ``lesson`` (the guided hand, firmware.app.guide: its own deal, kept out of
    the statistics) or ``engine``."""
    mode = "scoresheet" if scoresheet else "referee" if TABLE in seats else "casual" if casual else "engine"
    if lesson and mode == "engine":
        mode = "lesson"
    return mode


class MatchLifecycle:
    """Starting, resuming, dealing, applying and closing a match.

    Deal seeds. Unseeded (the box, ``sim`` without ``--seed``): every hand its own
    :func:`~firmware.engine.fresh_seed`, 128 bits from the operating system, journalled
    before the hand is dealt; no hand is derivable from another's cards, and no
    match seed exists. Seeded (``--seed``, the guided hand): hand 0 is dealt from
    the match seed (derived from ``--seed`` and the match id, or the lesson's), hand
    N from the match seed and N; a resume reads the match seed back from the
    journalled first deal, so a seeded run restarted mid-match goes on with its
    deals instead of repeating them.
    """

    def __init__(
        self,
        table: Table,
        guard: JournalGuard,
        declarations: DeclarationWindows,
        dealing: DealScanning,
        enrolment: EnrolmentFlow,
        scoresheet: ScoreSheetKeeping | None = None,
    ) -> None:
        self.table = table
        self.guard = guard
        self.declarations = declarations
        self.dealing = dealing
        self.enrolment = enrolment
        self.scoresheet = scoresheet
        self.match_seed: int | None = None  # None: an unseeded match, every hand fresh
        self.finished_here = 0  # matches finished in this run
        self._boot_pending = False  # the journal could not be read at start: boot when it can
        # A new match asked for while the journal could not be written (variant, options,
        # seats, casual): started when it can be, unless the boot resumed an unfinished one.
        self._start_pending: tuple[str, dict[str, Any], list[SeatSpec], bool, list[PersonName | None]] | None = None

    def boot(self) -> bool:
        """Resume the unfinished match from the journal, if any; True if resumed.

        A journal that cannot be read now is the paused state
        (:mod:`firmware.app.journal_guard`); the boot is done when it can be.
        """
        try:
            return self._boot()
        except JournalFailure as exc:
            self._boot_pending = True
            self.table.phase = HOME
            self.guard.failed(exc)
            return False

    def _boot(self) -> bool:
        row = self.table.journal.unfinished()
        self.table.last_game = self._last_game()  # (a guided hand resumed gives it back after)
        if row is None:
            self.table.phase = HOME
            self.table.version += 1
            return False
        return self.resume(row.id)

    def _last_game(self) -> LastGame | None:
        """The newest match of the journal that a table would play again (a lesson is the
        guide's, not the table's game; a record the box no longer reads is passed over)."""
        for row in self.table.journal.matches(limit=5):
            if row.mode == "lesson" or row.variant not in PRESETS:
                continue
            try:
                seats = tuple(check_seats(list(row.seats)))
            except (TressetteError, ValueError):
                continue
            return LastGame(row.variant, dict(row.options), seats, row.mode, row.id)
        return None

    def resume(self, match_id: int) -> bool:
        row = self.table.journal.match(match_id)
        if row is None:
            return False
        doc = self.table.journal.record(match_id)
        try:
            seats = check_seats(list(row.seats))
            match = replay(doc)  # real cards too: table deals replay through the engine
        except (RecordError, TressetteError, ValueError) as exc:
            log.error("match %s cannot be replayed: %s", match_id, exc)
            self.table.journal.abandon_match(match_id)
            self.table.say(msg("m_resume_failed", match=match_id, why=str(exc)), "error")
            self.table.phase = HOME
            return False
        self._install(match_id, seats, match, row.players)
        self.table.match_mode = row.mode
        self.match_seed = self._resumed_match_seed(doc, match_id, row.mode)
        n_actions = sum(len(h["actions"]) for h in doc["hands"])
        if self.table.finished():
            self._close_match()
        elif not self.table.hands() or self.table.hand_over():
            self.table.phase = HAND_OVER
            if self.table.opts.auto_next or not self.table.hands() or self._abandoned():
                self.next_hand()  # an abandoned hand is dealt again at once, as before the cut
        else:
            self.table.phase = PLAY
        self.table.say(msg("m_resumed", match=match_id, hand=max(1, len(self.table.hands()))))
        if self.table.phase == PLAY:
            self.declarations.prompt()  # resumed inside an onori round: whose turn it is
        log.info("resumed match %s (%d actions)", match_id, n_actions)
        return True

    def _install(self, match_id: int, seats: list[SeatSpec], match: Match,
                 players: Sequence[str | None] = ()) -> None:
        self.dealing.cancel()
        self.table.match_id = match_id
        self.table.seats = seats
        self.table.players = [PersonName(p) if p else None for p in players] or [None] * len(seats)
        self.table.match = match
        self.declarations.reset()
        self.table.banners = []
        self.table.changed()

    def new_match(
        self,
        variant: str | None = None,
        options: dict[str, Any] | None = None,
        seats: Sequence[SeatSpec] | None = None,
        *,
        casual: bool = False,
        scoresheet: bool = False,
        lesson_seed: int | None = None,
        players: Sequence[str | None] | None = None,
    ) -> Outcome:
        """A new match; ``players``: who plays each seat (a name or None, a computer's
        dropped); None: the match before's, where its seats are the same kinds."""
        name = variant or self.table.settings.variant
        if options is None:  # the settings' options belong to the settings' variant
            options = self.table.settings.options if name == self.table.settings.variant else {}
        opts = dict(options)
        try:
            v = make_variant(name, opts)
        except TressetteError as exc:
            return self.table.refuse(msg("r_bad_game", why=str(exc)))
        seat_list = self._seats_for(v, seats, scoresheet)
        if isinstance(seat_list, Outcome):
            return seat_list
        mode = match_mode(seat_list, casual=casual, scoresheet=scoresheet, lesson=lesson_seed is not None)
        named = self._players_for(seat_list, players)
        if isinstance(named, Outcome):
            return named
        computers = [s for s, spec in enumerate(seat_list) if spec.computer]
        refused = seating_refusal(v, mode == "referee", computers)
        if refused is not None:
            # The talon's draws are face down to the box: a computer could not be followed.
            return self.table.refuse(refusal(refused))
        try:
            if self.table.match_id is not None and not self.table.finished():
                self.table.journal.abandon_match(self.table.match_id)
            match_id = self.table.journal.new_match(v.name, v.to_json(), [str(s) for s in seat_list], mode=mode,
                                                    players=named)
        except JournalFailure:
            self._start_pending = (name, opts, seat_list, casual, named)  # the caller shows the failure
            raise
        self._start_pending = None
        if mode != "lesson":  # the game the home screen offers again after the guided hand
            self.table.last_game = LastGame(v.name, dict(v.options), tuple(seat_list), mode, match_id)
        self._open_table(v, match_id, seat_list, mode, lesson_seed, named)
        return Outcome(True)

    def _seats_for(self, v: Variant, seats: Sequence[SeatSpec] | None, scoresheet: bool) -> list[SeatSpec] | Outcome:
        """The seats of a new match of ``v``: those asked (else the settings', as many as the
        game has), checked; a score sheet's are all the table. A refusal if they cannot be."""
        asked = list(seats or self.table.settings.seats)
        if seats is None or scoresheet:  # the settings' seats (or a score sheet's): as many as this game has
            asked = fit_seats([check_seat(s) for s in asked], v.n_seats)
        if len(asked) != v.n_seats:
            return self.table.refuse(msg("r_seats_count", n=v.n_seats, k=len(asked)))
        try:
            seat_list = check_seats(asked, v.n_seats)
        except ValueError as exc:
            if any(check_seat(s) == TABLE for s in asked):
                return self.table.refuse(msg("r_table_and_human"))
            return self.table.refuse(msg("r_bad_game", why=str(exc)))
        if scoresheet:
            # Score sheet only: everybody plays his own cards; the box keeps the match.
            seat_list = [TABLE] * v.n_seats
        return seat_list

    def _players_for(self, seats: Sequence[SeatSpec], players: Sequence[str | None] | None,
                     ) -> list[PersonName | None] | Outcome:
        """Who plays each seat of a new match: the names asked, checked (a computer has none),
        else the last match's where the same seats are people; a refusal for a bad name."""
        if players is None:
            same = [s.person for s in seats] == [s.person for s in self.table.seats]
            players = self.table.players if same else ()
        asked = list(players)[: len(seats)] + [None] * (len(seats) - len(players))
        out: list[PersonName | None] = []
        for spec, p in zip(seats, asked, strict=True):
            try:
                out.append(check_name(p) if p and spec.person else None)
            except BadName as exc:
                log.info("a name for a new match refused: %s", exc)  # the reason, never the text
                return self.table.refuse(msg("r_bad_name", why=Term("name_" + exc.why)))
        return out

    def _open_table(self, v: Variant, match_id: int, seats: list[SeatSpec], mode: str, lesson_seed: int | None,
                    players: Sequence[str | None] = ()) -> None:
        """The new match journalled as ``match_id`` on the table: its seed, first dealer,
        greeting and first hand (a lesson's seed is its own, its dealer the seed's)."""
        self.match_seed = self._new_match_seed(match_id) if lesson_seed is None else lesson_seed
        dealer = self.table.opts.first_dealer if lesson_seed is None else None
        if dealer is None:
            seed = self.match_seed
            dealer = secrets.randbelow(v.n_seats) if seed is None else random.Random(seed).randrange(v.n_seats)
        self._install(match_id, seats, Match(v, first_dealer=dealer), players)
        self.table.match_mode = mode
        self.table.phase = HAND_OVER
        title = Term("v_" + v.name) if has("v_" + v.name) else v.preset.title
        self.table.say(msg("m_new_lesson" if mode == "lesson" else "m_new_game", variant=title))
        self.next_hand()  # after the greeting: a real-card deal's first prompt must show

    def _new_match_seed(self, match_id: int) -> int | None:
        """From --seed and the match id (no two matches of a seeded run share
        deals, even across restarts); None unseeded: its hands are dealt fresh."""
        if self.table.opts.seed is None:
            return None
        return derive_seed(self.table.opts.seed, "match", match_id)

    def _resumed_match_seed(self, doc: dict[str, Any], match_id: int, mode: str) -> int | None:
        """A resumed match's seed: a seeded run's (or a lesson's) read back from its first
        deal, an integer; else as a new match's. An unseeded run goes on with fresh
        deals whatever the match began with (a record from before fresh seeds too)."""
        if self.table.opts.seed is None and mode != "lesson":
            return None
        first = doc["hands"][0]["deal"] if doc["hands"] else {}
        seed = first.get("seed") if isinstance(first, dict) else None
        if isinstance(seed, int) and not isinstance(seed, bool):
            return seed
        return self._new_match_seed(match_id)

    def _hand_seed(self, hand: int) -> int | str:
        """Unseeded: a fresh seed. Seeded: hand 0 from the match seed itself (journalled
        with the first hand), hand N derived from it."""
        if self.match_seed is None:
            return fresh_seed()
        return self.match_seed if hand == 0 else derive_seed(self.match_seed, "hand", hand)

    def next_hand(self) -> Outcome:
        if self.table.phase == MATCH_OVER:
            self.table.phase = HOME
            self.table.version += 1
            return Outcome(True)
        if self.table.phase != HAND_OVER or self.table.match_id is None:
            return Outcome(False, "no hand to deal now")  # a stray tap: nothing to show
        hand = len(self.table.hands())
        assert self.table.match is not None
        dealer = self.table.match.next_dealer
        if self.table.match_mode == "scoresheet" and self.scoresheet is not None:
            return self.scoresheet.begin(hand, dealer)  # firmware.app.scoresheet: no cards
        if self.table.real_cards:
            # The people deal; the box learns the cards as scanned (firmware.app.dealing).
            if self.dealing.scan is not None:
                self.table.say(self.dealing.scan.prompt(cards_by_touch(self.table)))
                return Outcome(True)
            deal = self.dealing.begin(dealer)
            return Outcome(True) if deal is None else self._start_table_hand(deal)
        spec: dict[str, Any] = {"seed": self._hand_seed(hand)}
        self.table.journal.add_hand(self.table.match_id, hand, dealer, spec)
        self.table.match.start_hand(spec)
        self.declarations.reset()
        self.table.phase = PLAY
        if hand > 0 and self.table.message.level == "info":
            self.table.say(Message())  # "end of the hand: 4-7" is the last hand's news, not this one's
        self.table.changed()
        return Outcome(True)

    def _close_match(self) -> None:
        assert self.table.match_id is not None
        row = self.table.journal.match(self.table.match_id)
        if row is not None and row.finished is None:
            self.table.journal.finish_match(self.table.match_id, self.table.winner, self.table.totals)
            self.finished_here += 1
        self.table.phase = MATCH_OVER
        self.table.blink_seq += 1
        self.table.say(self._win_message())
        if self.table.opts.matches is not None and self.finished_here >= self.table.opts.matches:
            self.table.stop(f"{self.finished_here} match(es) played")
        elif self.table.opts.auto_next and self.table.variant is not None:
            casual = self.table.match_mode in ("casual", "assisted")
            self.new_match(self.table.variant.name, dict(self.table.variant.options), self.table.seats, casual=casual,
                           scoresheet=self.table.match_mode == "scoresheet")

    def journal_resumed(self) -> None:
        """The journal works again: redo what its failure left waiting."""
        pending, self._start_pending = self._start_pending, None
        if self._boot_pending:
            self._boot_pending = False
            if self._boot() or pending is None:
                return  # a resumed unfinished match is never thrown away unasked
        if pending is not None and self.table.stopping is None:
            name, opts, seat_list, casual, named = pending
            self.new_match(name, opts, seat_list, casual=casual, players=named)
            return
        if self.table.match_id is None or self.table.stopping is not None:
            return
        if self.table.phase == HAND_OVER:
            if self.table.finished():
                self._close_match()
            elif self.table.opts.auto_next or not self.table.hands():
                self.next_hand()
        elif self.table.phase == MATCH_OVER and self.table.opts.auto_next and self.table.variant is not None:
            self.new_match(self.table.variant.name, dict(self.table.variant.options), self.table.seats)

    def _win_message(self) -> Message:
        score = "-".join(map(str, self.table.totals))
        v, winner = self.table.variant, self.table.winner
        if winner is not None and v is not None and any(v.side_of(s) == winner for s in self.table.humans()):
            return msg("m_you_win", score=score)
        seats = [x for x in range(v.n_seats) if v.side_of(x) == winner] if v is not None else []
        side = msg("seat_n", n=seats[0] + 1) if len(seats) == 1 else msg("side_n", n=(winner or 0) + 1)
        match = self.table.match
        stake = match.ledger[-1] if match is not None and match.ledger else None
        if stake is not None and stake.multiplier > 1:
            # a sudden win (decima ×16, cappotto ×2, ...): its stake, not points it never counted ("0-0")
            return msg("m_match_won_x", side=side, x=stake.multiplier)
        return msg("m_match_won", side=side, score=score)  # each for himself: the winner is a seat, named as one

    # ------------------------------------------------------------ actions

    def submit(self, action: Action) -> Outcome:
        """Check, journal, apply: the one path every action takes."""
        if self.table.phase != PLAY or self.table.match_id is None:
            return self.table.refuse(msg("r_no_hand"))
        match = self.table.match
        assert match is not None and match.state is not None
        try:
            check(match.state, action)
        except IllegalAction as exc:
            return self.table.refuse(refusal(exc))
        refused = self.guard.write_entry(action)  # never apply what is not on disk
        if refused is not None:
            return refused
        false_before = len(match.state.holdings.false_declarations())
        state = match.state
        match.apply(action)
        self.table.age_message()
        self._false_declarations(state.holdings.false_declarations()[false_before:])
        self._after(action)
        return Outcome(True)

    def _false_declarations(self, found: Sequence[FalseDeclaration]) -> None:
        """Real cards: a declaration the cards played disproved is shown; it scores nothing."""
        assert self.table.variant is not None
        deck = self.table.variant.deck
        for f in found:
            d = f.decl
            cards = ", ".join(CODE[c] for c in f.cards)
            if f.why == "played_elsewhere":
                why = msg("n_why_played_elsewhere", cards=cards)
            elif f.why == "revoked":
                why = msg("n_why_revoked", suit=SuitName(deck.name, SUIT[f.cards[0]]), code=cards)
            elif f.why == "had_four":
                why = msg("n_why_had_four", cards=cards)
            else:
                why = msg("n_why_never_played")
            what = DeclName(deck.name, d.kind, d.suit, d.rank, d.missing)
            self.table.say(msg("n_false_decl", n=d.seat + 1, what=what, why=why), "refusal")
            self.table.blink_seq += 1

    def _after(self, action: Action) -> None:
        self.declarations.after(action)
        self.table.changed()
        self.hand_closed()

    def hand_closed(self) -> None:
        """After an action (or a score sheet's entry): the hand's end, the match's end."""
        if self.table.hand_over():
            self.table.phase = HAND_OVER
            if self.table.finished():
                self._close_match()
            else:
                self.table.say(msg("m_hand_over", score="-".join(map(str, self.table.totals))))
                if self.table.opts.auto_next:
                    self.next_hand()

    def corrected(self, was_finished: bool) -> None:
        """After a score sheet's correction (firmware.app.scoresheet): the table follows the
        match as counted again: ended now (journalled as it ends now), ended still (its
        winner and totals journalled again), or going on (the journal reopened it with the
        correction's own entry) at the hand's end or inside the hand."""
        t = self.table
        if t.finished():
            if was_finished and t.match_id is not None:
                t.journal.finish_match(t.match_id, t.winner, t.totals)  # counted once, as it ends now
                t.phase = MATCH_OVER
                t.say(self._win_message())
            else:
                t.phase = PLAY
                self.hand_closed()
        elif t.hand_over():
            t.phase = HAND_OVER
        else:
            t.phase = PLAY
        t.changed()

    # ------------------------------------------------------------ real cards

    def _abandoned(self) -> bool:
        """The last hand is dealt again by its dealer: abandoned, or replayed for a revoke."""
        match = self.table.match
        if match is None or not match.results:
            return False
        last = match.results[-1]
        return last.ended_by == "abandoned" or last.revoke_penalty == "replay"

    def after_abandon(self, said: Message | None = None) -> None:
        """A real-card hand abandoned (firmware.app.corrections) or replayed for a revoke
        (firmware.app.revokes): no points, and the same dealer deals again at once: the
        deal's first prompt, or the hand itself."""
        t = self.table
        assert t.match is not None
        t.phase = HAND_OVER
        t.say(said if said is not None else msg("m_abandoned", n=t.match.next_dealer + 1))
        self.next_hand()

    def deal_card(self, card: int) -> Outcome:
        """A card scanned while the deal asks for cards (firmware.app.dealing)."""
        got = self.dealing.card(card)
        return got if isinstance(got, Outcome) else self._start_table_hand(got)

    def _start_table_hand(self, deal: TableDeal) -> Outcome:
        t = self.table
        assert t.match is not None and t.match_id is not None
        try:
            t.match.check_deal(deal.spec)  # checked whole before anything is written
        except IllegalAction as exc:
            t.phase = HAND_OVER
            self.next_hand()  # ask again from the first scan
            return t.refuse(refusal(exc))
        t.journal.add_hand(t.match_id, len(t.match.hands), deal.dealer, deal.spec)
        t.match.start_hand(deal.spec)
        self.declarations.reset()
        t.phase = PLAY
        if deal.scanned:
            t.say(msg("m_deal_scanned"))
        t.changed()
        return Outcome(True)

