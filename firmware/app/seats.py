"""Who sits where: the seats' side of the table controller, and the computers' worker.

Seats are :class:`~firmware.engine.seating.SeatSpec` values, in turn order: ``human``
(the touchscreen), ``computer`` with a level (a computer player), ``table`` (a
person with real cards, read by the card reader). The strings ``human``,
``cpu:LEVEL``, ``table`` exist only at the edges (settings, ``--seats``, journal).

:class:`SeatActions` turns what a seat does into engine actions: the person at
the screen (a card, a claim, a call, zu tun, a declaration), a card scanned
for a table seat, a computer's answer. It also says what a computer should
think about now (:meth:`SeatActions.cpu_request`).

Computer players think on a worker (:class:`concurrent.futures.Executor`) so
the screen never freezes; the answer comes back through the one queue as a
:class:`~firmware.app.events.PlayerMoved` carrying the controller's
*generation* at the time of asking, so an answer to a state that no longer
exists (a human declared meanwhile, a new game started) is ignored. Tests use
:class:`SyncExecutor`: the answer is queued before ``submit`` returns.
"""

from __future__ import annotations

import logging
import random
import threading
import time
from collections.abc import Callable
from concurrent.futures import Executor, Future, ThreadPoolExecutor
from typing import Any, Protocol

from firmware.app.coaching import CoachActions, CoachWorker
from firmware.app.core import PLAY, AskKind, CpuRequest, Outcome, Table
from firmware.app.declaring import DeclarationWindows
from firmware.app.events import PlayerFailed, PlayerMoved
from firmware.app.journal_guard import JournalGuard
from firmware.app.lifecycle import MatchLifecycle
from firmware.app.messages import Message, Term, msg
from firmware.app.picker import after_table_card
from firmware.app.reviewing import MatchReviewing, ReviewWorker
from firmware.engine import Action, Call, Claim, Declare, Discard, Match, Play, View, ZuTun
from firmware.engine.seating import Level, SeatSpec, check_seat
from firmware.players import make_player as players_make

log = logging.getLogger("firmware.app.seats")


class SeatActions:
    """What each seat does, turned into engine actions; what the computers are asked."""

    def __init__(
        self, table: Table, guard: JournalGuard, declarations: DeclarationWindows, lifecycle: MatchLifecycle
    ) -> None:
        self.table = table
        self.guard = guard
        self.declarations = declarations
        self.lifecycle = lifecycle
        # Why the match waits for a phone seat, or None: the phone seats' part says
        # (firmware/app/phoneseats.py; the controller joins the two).
        self.phones_wait: Callable[[], Message | None] = lambda: None

    # ------------------------------------------------------------ computers

    def cpu_request(self) -> CpuRequest | None:
        """What a computer should think about now, or None."""
        if self.table.phase != PLAY or self.table.match is None or self.table.match.state is None:
            return None
        if self.guard.error is not None:
            return None  # paused: asked again when the journal is writable
        found = self.declarations.declare_request()
        if found is not None:
            seat, key = found
            return CpuRequest(seat, AskKind.DECLARE, self.table.generation, key)
        mover = self.table.mover()
        if mover is not None and self.table.seats[mover].computer and not self.declarations.computers_wait():
            if self.phones_wait() is not None:
                return None  # the match waits for a phone
            return CpuRequest(mover, AskKind.PLAY, self.table.generation)
        return None

    def on_player_moved(self, ev: PlayerMoved) -> None:
        if ev.generation != self.table.generation or self.guard.error is not None:
            log.debug("stale answer from seat %d ignored", ev.seat)
            return
        if ev.asked:
            self.declarations.asked.add(ev.asked)
        for action in ev.actions:
            if action.seat != ev.seat:
                log.error("player of seat %d answered for seat %d", ev.seat, action.seat)
                break
            if self.lifecycle.submit(action).accepted:
                continue
            if self.guard.error is not None:
                break  # not the computer's fault: it is asked again after the retry
            if isinstance(action, Declare):
                continue  # e.g. a three after its four: skip it, nothing else changes
            log.error("computer seat %d made an illegal move %r", ev.seat, action)
            self._fallback(ev.seat)
            break
        self.declarations.prompt()  # the onori round may have come to a person
        self.table.version += 1

    def on_player_failed(self, ev: PlayerFailed) -> None:
        if ev.generation == self.table.generation:
            log.error("computer seat %d failed: %s", ev.seat, ev.error)
            if ev.asked:
                self.declarations.asked.add(ev.asked)
            self._fallback(ev.seat)
            self.declarations.prompt()
            self.table.version += 1

    def _fallback(self, seat: int) -> None:
        """A broken computer answer must not stall the table: play a legal card."""
        if self.table.match is None or self.table.match.state is None or self.table.phase != PLAY:
            return
        if self.table.mover() != seat or self.declarations.cards_wait():
            return
        legal = [a for a in self.table.match.view_for(seat).legal if not isinstance(a, (Declare, Claim))]
        plays = [a for a in legal if isinstance(a, Play)]
        if plays or legal:
            self.lifecycle.submit((plays or legal)[0])

    def set_level(self, seat: int, level: Level) -> None:
        """Change a computer seat's level during the match (key L)."""
        if not (0 <= seat < len(self.table.seats) and self.table.seats[seat].computer):
            return
        try:
            spec = check_seat(SeatSpec.cpu(level))
        except ValueError:
            self.table.refuse(msg("r_bad_level", level=str(level)))
            return
        self.table.seats[seat] = spec
        if self.table.match_id is not None:
            self.table.journal.set_seats(self.table.match_id, [str(s) for s in self.table.seats])
        self.table.say(msg("m_level_now", n=seat + 1, level=Term(level)))
        self.table.changed()

    # ------------------------------------------------------------ the person at the screen

    def _screen_seat(self) -> int | None:
        if self.table.real_cards:
            # Real cards: the screen's buttons (call, zu tun, claim) act for the table
            # seat that must act now.
            mover = self.table.mover()
            if mover is not None and self.table.seats[mover].kind == "table":
                return mover
            self.table.refuse(msg("r_table_turn", n=(mover or 0) + 1))
            return None
        seat = self.table.human_seat()
        if seat is None:
            self.table.refuse(msg("r_no_screen_seat"))
        return seat

    def play_card(self, card: int, signals: tuple[str, ...] = ()) -> None:
        """A card tapped on the screen: the human's play (or discard)."""
        if self.table.real_cards:
            # A table game: a tap on a card stands in for a scan (reader-less play),
            # with the signals chosen on the screen.
            self.play_table_card(card, signals, tapped=True)
            return
        seat = self._screen_seat()
        if seat is None:
            return
        self.play_for(seat, card, signals)

    def play_for(self, seat: int, card: int, signals: tuple[str, ...] = ()) -> None:
        """``seat``'s card (or discard): tapped on the screen or on its phone."""
        if self.table.match is None or self.table.match.state is None or self.table.phase != PLAY:
            self.table.refuse(msg("r_no_hand"))
            return
        waiting = self.phones_wait()
        if waiting is not None:
            self.table.refuse(waiting)
            return
        mover = self.table.mover()
        if mover != seat and seat in self.declarations.pending_accusi() and self.declarations.computers_wait():
            # The table waits for *him*: "wait, seat 2 plays" would send him waiting too.
            self.table.refuse(msg("r_declare_or_nothing"))
            return
        if mover != seat:
            self.table.refuse(msg("r_turn_of", n=(mover or 0) + 1))
            return
        wait = self.declarations.play_refusal(seat)
        if wait is not None:
            self.table.refuse(wait)
            return
        pending = self.table.match.state.pending
        if pending is not None and pending[0] == "discard":
            self.lifecycle.submit(Discard(seat, card))
            return
        self.lifecycle.submit(Play(seat, card, signals))

    def claim(self) -> None:
        seat = self._screen_seat()
        if seat is not None:
            self.claim_for(seat)

    def call(self, card: int) -> None:
        seat = self._screen_seat()
        if seat is not None:
            self.call_for(seat, card)

    def zu_tun(self, card: int) -> None:
        seat = self._screen_seat()
        if seat is not None:
            self.zu_tun_for(seat, card)

    # a seat's own claim, call and zu tun: from the screen above, or from its phone
    def claim_for(self, seat: int) -> None:
        self.lifecycle.submit(Claim(seat))

    def call_for(self, seat: int, card: int) -> None:
        self.lifecycle.submit(Call(seat, card))

    def zu_tun_for(self, seat: int, card: int) -> None:
        self.lifecycle.submit(ZuTun(seat, card))

    def declare(self, action: Declare) -> None:
        """A declaration chosen on the screen, for a person's seat."""
        if not 0 <= action.seat < len(self.table.seats):
            self.table.refuse(msg("r_no_seat", n=action.seat + 1))
            return
        if self.table.seats[action.seat].computer:
            self.table.refuse(msg("r_cpu_seat"))
            return
        refusal = self.declarations.declaration_refusal(action.seat)
        if refusal is not None:
            self.table.refuse(refusal)
            return
        self.lifecycle.submit(action)

    def screen_nothing_to_declare(self) -> None:
        """*Nothing to declare* tapped: for the seat choosing now, else the seat at the screen."""
        seat = self.declarations.declaring if self.declarations.declaring is not None else self._screen_seat()
        if seat is not None:
            self.declarations.nothing_to_declare(seat)

    # ------------------------------------------------------------ real cards

    def play_table_card(self, card: int, signals: tuple[str, ...] = (), *, tapped: bool = False) -> Outcome:
        """A scanned card (``tapped``: named on the picker): the play of the seat to move,
        if legal as far as we can know."""
        if self.lifecycle.dealing.scan is not None:
            return self.lifecycle.deal_card(card)  # a card the deal shows the box
        if self.table.match_mode == "scoresheet":
            return self.table.refuse(msg("r_sheet_no_cards"))  # the box keeps the score only
        if self.table.phase != PLAY:
            return self.table.refuse(msg("r_scan_ignored"))
        if not self.table.real_cards or self.table.match is None or self.table.match.state is None:
            return self.table.refuse(msg("r_screen_game"))
        state = self.table.match.state
        seat = state.to_move
        if self.table.seats[seat].kind != "table":
            return self.table.refuse(msg("r_table_turn", n=seat + 1))
        wait = self.declarations.play_refusal(seat)
        if wait is not None:
            return self.table.refuse(wait)
        seq, tricks = self.table.message.seq, len(state.tricks)
        if state.pending is not None and state.pending[0] == "discard":
            out = self.lifecycle.submit(Discard(seat, card))  # terziglio: the dealer's card laid away
        else:
            out = self.lifecycle.submit(Play(seat, card, signals))
        after_table_card(self.table, out, seq, tricks, tapped)
        return out


class Player(Protocol):
    def choose(self, view: View) -> Action: ...

    def declarations(self, view: View) -> list[Declare]: ...


class FallbackPlayer:
    """Used only if firmware.players has no player for a seat: random legal card, every accuso."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: View) -> Action:
        plays = [a for a in view.legal if isinstance(a, Play)]
        return self.rng.choice(plays or list(view.legal))

    def declarations(self, view: View) -> list[Declare]:
        decls = [a for a in view.legal if isinstance(a, Declare)]
        fours = {d.rank for d in decls if d.kind == "four"}
        return [d for d in decls if not (d.kind == "three" and d.rank in fours)]


def make_player(spec: SeatSpec, *, seed: int, think_ms: int | None = None) -> Player:
    """The computer player for a computer seat (firmware.players), or a fallback."""
    try:
        return players_make(spec.level or "normal", seed=seed, think_ms=think_ms)
    except (ValueError, KeyError, TypeError):
        log.warning("no player for %s: using a random player", spec)
        return FallbackPlayer(seed)


class PlayerFactory(Protocol):
    def __call__(self, spec: SeatSpec, *, seed: int, think_ms: int | None = None) -> Player: ...


class Asked(Protocol):
    """What the computers' worker asks the table (the controller answers)."""

    @property
    def match(self) -> Match | None: ...

    @property
    def match_id(self) -> int | None: ...

    @property
    def seats(self) -> list[SeatSpec]: ...

    @property
    def coaching(self) -> CoachActions: ...

    @property
    def reviewing(self) -> MatchReviewing: ...

    def cpu_request(self) -> CpuRequest | None: ...


class SyncExecutor(Executor):
    """Runs the job inside ``submit``: deterministic tests, no threads."""

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        fut: Future[Any] = Future()
        try:
            fut.set_result(fn(*args, **kwargs))
        except BaseException as exc:
            fut.set_exception(exc)
        return fut


class ComputerSeats:
    """Asks the controller what to think about and posts the answers to the queue."""

    def __init__(
        self,
        post: Callable[[PlayerMoved | PlayerFailed], None],
        *,
        seed: int = 0,
        think_ms: int = 0,
        executor: Executor | None = None,
        player_factory: PlayerFactory = make_player,
        rate_worlds: int | None = None,
    ) -> None:
        self.post = post
        self.seed = seed
        self.think_ms = think_ms
        # The coach's ratings (a hand's end, a match's review) at the rating's own budget
        # (None: RATE_WORLDS), whatever the computers' pause: a quick table (think_ms 0,
        # ``sim --think-ms 0``) once rated on one world and showed its noise as losses
        # ("perdi 5 punti e ⅔" for one card of an 11-point hand). Tests ask for less.
        self.rate_worlds = rate_worlds
        self.executor = executor or ThreadPoolExecutor(max_workers=1, thread_name_prefix="cpu")
        # a match's review (seconds of work) on a thread of its own: the table never waits for it
        self.review_executor = executor or ThreadPoolExecutor(max_workers=1, thread_name_prefix="review")
        self.player_factory = player_factory
        self._players: dict[tuple[int, int, SeatSpec], Player] = {}
        self._inflight: tuple[int, str, int, tuple[int, ...]] | None = None
        self._lock = threading.Lock()
        self._coach: CoachWorker | None = None  # the coach's worker, made when first needed
        self._reviewer: ReviewWorker | None = None  # the match reviews' worker

    def player(self, match_id: int, seat: int, spec: SeatSpec) -> Player:
        key = (match_id, seat, spec)
        if key not in self._players:
            seed = hash((self.seed, match_id, seat)) & 0x7FFFFFFF
            self._players[key] = self.player_factory(spec, seed=seed, think_ms=self.think_ms)
        return self._players[key]

    def poll(self, ctl: Asked) -> bool:
        """Start thinking if the controller wants a move and nobody is on it; True if started.

        A hint the person asked for (casual matches) is computed on the same worker."""
        if self._reviewer is None:
            self._reviewer = ReviewWorker(self.post, self.review_executor, seed=self.seed,
                                          worlds=self.rate_worlds)
        self._reviewer.poll(ctl.reviewing)
        if self._coach is None:
            self._coach = CoachWorker(self.post, self.executor, seed=self.seed, think_ms=self.think_ms,
                                      rate_worlds=self.rate_worlds)
        if self._coach.poll(ctl.coaching):
            return True
        req = ctl.cpu_request()
        if req is None or req.key == self._inflight or ctl.match is None:
            return False
        assert ctl.match_id is not None
        self._inflight = req.key
        player = self.player(ctl.match_id, req.seat, ctl.seats[req.seat])
        view = ctl.match.view_for(req.seat)
        self.executor.submit(self._think, player, view, req)
        return True

    def _think(self, player: Player, view: View, req: CpuRequest) -> None:
        start = time.monotonic()
        try:
            if req.kind == AskKind.DECLARE:
                actions: tuple[Action, ...] = tuple(player.declarations(view))
            else:
                actions = (player.choose(view),)
        except Exception as exc:  # a player bug must not stop the table
            log.exception("computer seat %d failed", req.seat)
            self.post(PlayerFailed(req.seat, req.generation, repr(exc), req.asked))
            return
        spent = time.monotonic() - start
        if req.kind == AskKind.PLAY and self.think_ms and spent * 1000 < self.think_ms:
            # Let people see it coming: a computer plays no faster than think_ms.
            time.sleep(self.think_ms / 1000 - spent)
        self.post(
            PlayerMoved(req.seat, actions, req.generation, int(spent * 1000), req.asked)
        )

    def close(self) -> None:
        if self._reviewer is not None:
            self._reviewer.wanted = None  # a review under way stops at its next card
        self.executor.shutdown(wait=False, cancel_futures=True)
        if self.review_executor is not self.executor:
            self.review_executor.shutdown(wait=False, cancel_futures=True)
