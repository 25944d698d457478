"""A match from start to end: new, resume, next hand, every action's one path, the end.

Write-before-apply (DESIGN.md): an action is checked by the engine
(``check``), written to the journal, and only then applied. A hand's deal
seed is written before the hand is dealt. So after a power cut the journal
holds everything that happened, and at most one action that was written but
not yet shown, which replay simply applies.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

from firmware.app.core import HAND_OVER, HOME, MATCH_OVER, PLAY, Outcome, TableCore
from firmware.app.messages import Message, Term, engine_refusal, has, msg
from firmware.app.referee import RefereeMatch
from firmware.config import TABLE, SeatSpec, check_seats
from firmware.engine import (
    Action,
    IllegalAction,
    Match,
    RecordError,
    TressetteError,
    check,
    make_variant,
)
from firmware.engine.records import action_to_json, replay
from firmware.store import StoreError

log = logging.getLogger("firmware.app.controller")


class MatchLifecycle(TableCore):
    """Starting, resuming, dealing, applying and closing a match."""

    def boot(self) -> bool:
        """Resume the unfinished match from the journal, if any; True if resumed."""
        row = self.journal.unfinished()
        if row is None:
            self.phase = HOME
            self.version += 1
            return False
        return self.resume(row.id)

    def resume(self, match_id: int) -> bool:
        row = self.journal.match(match_id)
        if row is None:
            return False
        doc = self.journal.record(match_id)
        match: Match | None = None
        referee: RefereeMatch | None = None
        try:
            seats = check_seats(list(row.seats))
            if row.mode == "referee":
                referee = RefereeMatch.from_record(doc)
            else:
                match = replay(doc)
        except (RecordError, TressetteError, ValueError) as exc:
            log.error("match %s cannot be replayed: %s", match_id, exc)
            self.journal.abandon_match(match_id)
            self.say(msg("m_resume_failed", match=match_id, why=str(exc)), "error")
            self.phase = HOME
            return False
        self._install(match_id, seats, match, referee)
        n_actions = sum(len(h["actions"]) for h in doc["hands"])
        if self._finished():
            self._close_match()
        elif not self._hands() or self._hand_over():
            self.phase = HAND_OVER
            if self.opts.auto_next or not self._hands():
                self.next_hand()
        else:
            self.phase = PLAY
        self.say(msg("m_resumed", match=match_id, hand=max(1, len(self._hands())), n=n_actions))
        if self.phase == PLAY:
            self.declarations_prompt()  # resumed inside an onori round: whose turn it is
        log.info("resumed match %s (%d actions)", match_id, n_actions)
        return True

    def _install(
        self, match_id: int, seats: list[SeatSpec], match: Match | None, referee: RefereeMatch | None
    ) -> None:
        self.match_id = match_id
        self.seats = seats
        self.match = match
        self.referee = referee
        self._reset_declarations()
        self.banners = []
        self._changed()

    def new_match(
        self,
        variant: str | None = None,
        options: dict[str, Any] | None = None,
        seats: Sequence[SeatSpec] | None = None,
    ) -> Outcome:
        name = variant or self.settings.variant
        if options is None:  # the settings' options belong to the settings' variant
            options = self.settings.options if name == self.settings.variant else {}
        opts = dict(options)
        try:
            v = make_variant(name, opts)
            seat_list = check_seats(list(seats or self.settings.seats), v.n_seats)
        except (TressetteError, ValueError) as exc:
            return self.refuse(msg("r_bad_game", why=str(exc)))
        mode = "referee" if TABLE in seat_list else "engine"
        if mode == "referee" and self.cards is not None and not self.cards.enrolled(v.deck.name):
            # Real cards need the deck's tags first: enrol, then this game starts.
            self._after_enrol = (name, opts, seat_list)
            return self.start_enrolment(v.deck.name)
        if self.match_id is not None and not self._finished():
            self.journal.abandon_match(self.match_id)
        match_id = self.journal.new_match(v.name, v.to_json(), [str(s) for s in seat_list], mode=mode)
        dealer = self.opts.first_dealer
        if dealer is None:
            dealer = self.rng.randrange(v.n_seats)
        if mode == "referee":
            self._install(match_id, seat_list, None, RefereeMatch(v, first_dealer=dealer))
        else:
            self._install(match_id, seat_list, Match(v, first_dealer=dealer), None)
        self.phase = HAND_OVER
        self.next_hand()
        self.say(msg("m_new_game", variant=Term("v_" + v.name) if has("v_" + v.name) else v.preset.title))
        return Outcome(True)

    def next_hand(self) -> Outcome:
        if self.phase == MATCH_OVER:
            self.phase = HOME
            self.version += 1
            return Outcome(True)
        if self.phase != HAND_OVER or self.match_id is None:
            return Outcome(False, "no hand to deal now")  # a stray tap: nothing to show
        hand = len(self._hands())
        spec: dict[str, Any]
        if self.referee is not None:
            dealer = self.referee.next_dealer
            spec = {"table": True}
            self.journal.add_hand(self.match_id, hand, dealer, spec)
            self.referee.start_hand(spec)
        else:
            assert self.match is not None
            dealer = self.match.next_dealer
            spec = {"seed": self.rng.randrange(1 << 31)}
            self.journal.add_hand(self.match_id, hand, dealer, spec)
            self.match.start_hand(spec)
        self._reset_declarations()
        self.phase = PLAY
        self._changed()
        return Outcome(True)

    def _close_match(self) -> None:
        assert self.match_id is not None
        row = self.journal.match(self.match_id)
        if row is not None and row.finished is None:
            self.journal.finish_match(self.match_id, self.winner, self.totals)
            self.finished_here += 1
        self.phase = MATCH_OVER
        self.blink_seq += 1
        self.say(self._win_message())
        if self.opts.matches is not None and self.finished_here >= self.opts.matches:
            self.stop(f"{self.finished_here} match(es) played")
        elif self.opts.auto_next and self.variant is not None:
            self.new_match(self.variant.name, dict(self.variant.options), self.seats)

    def _win_message(self) -> Message:
        score = "-".join(map(str, self.totals))
        v, winner = self.variant, self.winner
        if winner is not None and v is not None and any(v.side_of(s) == winner for s in self.humans()):
            return msg("m_you_win", score=score)
        seats = [x for x in range(v.n_seats) if v.side_of(x) == winner] if v is not None else []
        if len(seats) == 1:  # each for himself: the winner is a seat, named as one
            return msg("m_match_won", side=msg("seat_n", n=seats[0] + 1), score=score)
        return msg("m_match_won", side=msg("side_n", n=(winner or 0) + 1), score=score)

    def stop(self, reason: str) -> None:
        self.stopping = reason
        if self.on_shutdown is not None:
            self.on_shutdown(reason)

    # ------------------------------------------------------------ actions

    def submit(self, action: Action) -> Outcome:
        """Check, journal, apply: the one path every action takes."""
        if self.phase != PLAY or self.match_id is None:
            return self.refuse(msg("r_no_hand"))
        if self.referee is not None:
            return self._submit_referee(action)
        match = self.match
        assert match is not None and match.state is not None
        try:
            check(match.state, action)
        except IllegalAction as exc:
            return self.refuse(engine_refusal(match.state, action, str(exc)))
        hand = len(match.hands) - 1
        idx = len(match.hands[-1].actions)
        try:
            self.journal.add_action(self.match_id, hand, idx, action_to_json(match.variant.deck, action))
        except StoreError as exc:  # never apply what is not on disk
            log.error("journal refused action: %s", exc)
            return self.refuse(msg("r_not_recorded", why=str(exc)))
        match.apply(action)
        self._age_message()
        self._after(action)
        return Outcome(True)

    def _submit_referee(self, action: Action) -> Outcome:
        ref = self.referee
        assert ref is not None and self.match_id is not None
        reason = ref.check(action)
        if reason is not None:
            return self.refuse(reason)
        hand = len(ref.hands) - 1
        idx = len(ref.hands[-1].actions)
        try:
            self.journal.add_action(self.match_id, hand, idx, ref.action_json(action))
        except StoreError as exc:
            return self.refuse(msg("r_not_recorded", why=str(exc)))
        notes = ref.apply(action)
        self._age_message()  # before this action's own notes, which must be seen
        for note in notes:
            self.say(note, "refusal")
            self.blink_seq += 1
        self._after(action)
        return Outcome(True)

    def _after(self, action: Action) -> None:
        self._declarations_after(action)
        self._changed()
        if self._hand_over():
            self.phase = HAND_OVER
            if self._finished():
                self._close_match()
            else:
                self.say(msg("m_hand_over", score="-".join(map(str, self.totals))))
                if self.opts.auto_next:
                    self.next_hand()
