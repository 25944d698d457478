"""Sample models from seeded engine hands: for tests, screenshots, the benchmark and
a quick look without the controller (``python -m tools.demo`` opens a window and
plays the human's legal cards against a first-legal-card opponent).
"""

from __future__ import annotations

import dataclasses
import functools
import os
import random
from collections.abc import Callable, Iterator, Sequence
from typing import TypedDict, Unpack

from firmware.engine import (
    CODE,
    ITALIAN,
    SUIT,
    Match,
    Play,
    fresh_seed,
    legal_actions,
    make_variant,
    playable,
)
from firmware.engine.actions import Declare as DeclareAction
from firmware.engine.scoresheet import SUDDEN_NAMES, SheetHand, Tally, deck_thirds, thirds_out
from firmware.engine.seating import SeatSpec
from firmware.engine.variants import PRESETS, Variant
from ui.i18n import Amount, Arg, CardName, Message, SuitName, Term, msg
from ui.intents import NewGame, NextHand, PlayCard, Quit
from ui.model import (
    AccuracySeries,
    Banner,
    HandReplay,
    HistoryPage,
    HistoryRow,
    MatchReviewView,
    PickerModel,
    PlayedCard,
    RatedCard,
    ReviewHandView,
    ReviewRow,
    RevokeModel,
    ScoreSheet,
    SeatModel,
    SheetEntryModel,
    SheetRow,
    StatLine,
    Stats,
    TableModel,
    model_from_view,
)

SAMPLE_ACCURACY = (
    AccuracySeries("tressette2", "easy", (71.0, 74.5, 80.2, 78.8, 84.0, 86.5)),
    AccuracySeries("tressette2", "normal", (62.0, 66.4, 65.1, 70.9, 73.3, 72.0, 77.8)),
    AccuracySeries("tressette2", "hard", (55.5, 58.0, 61.2, 60.4, 66.9)),
    AccuracySeries("tressette2", "hard:help", (79.0, 83.5)),
    AccuracySeries("treseta4", "hard", (58.0, 63.0, 61.5)),
)


def _mean_accuracy(variant: str, level: str) -> float | None:
    """The table's "Acc." of a game and level: the mean of its chart's points (the sample
    keeps the table and the chart telling the same story)."""
    pts = next((a.points for a in SAMPLE_ACCURACY if (a.variant, a.level) == (variant, level)), ())
    return round(sum(pts) / len(pts), 1) if pts else None


SAMPLE_STATS = Stats(
    lines=tuple(
        StatLine(v, lv, games, wins, gave_up, accuracy=_mean_accuracy(v, lv))
        for v, lv, games, wins, gave_up in (
            ("tressette2", "easy", 12, 10, 0),
            ("tressette2", "normal", 20, 11, 0),
            ("tressette2", "hard", 9, 3, 0),
            ("treschetten2", "normal", 4, 2, 1),
            ("treseta4", "hard", 5, 2, 2),
        )
    ),
    history=((21, 14), (18, 23), (25, 19), (22, 21), (13, 21), (31, 20), (21, 9), (16, 21)),
    accuracy=SAMPLE_ACCURACY,
)


def play_match(variant: str = "tressette2", seed: int = 1, actions: int = 6,
               options: dict[str, bool | int | str] | None = None, declare: bool = True) -> Match:
    """A match after ``actions`` actions of its first hand: declarations first, then plays."""
    last = None
    for done, match in enumerate(playing(variant, seed, options, declare)):
        last = match
        if done == actions:
            break
    assert last is not None
    return last


def playing(variant: str = "tressette2", seed: int = 1, options: dict[str, bool | int | str] | None = None,
            declare: bool = True) -> Iterator[Match]:
    """The first hand of a seeded match, yielded (the same match, changed in place) before its
    first action and after each action until the hand is over: declarations first, then plays.

    ``play_match(..., actions=k)`` is the match at the k-th yield; a search over k plays the
    hand once instead of replaying it from the deal for every k."""
    match = Match(make_variant(variant, options or {}))
    match.start_hand(seed=seed)
    rng = random.Random(seed)
    yield match
    while not match.hand_over:
        state = match.state
        assert state is not None
        acted = False
        if declare:
            for seat in range(state.n):  # what the seat's view would list as legal, without the view
                decl = [a for a in legal_actions(state, seat) if isinstance(a, DeclareAction)]
                if decl:
                    match.apply(decl[0])
                    acted = True
                    break
        if not acted:
            everything = legal_actions(state, state.to_move)
            legal = [a for a in everything if isinstance(a, Play)]
            # a call (chiamata) or a discard (terziglio) comes before the first card
            other = [a for a in everything if type(a).__name__ in ("Call", "Discard")]
            match.apply(rng.choice(legal) if legal else other[0])
        yield match


class SampleOptions(TypedDict, total=False):
    """The keywords of :func:`sample_model` after its position (how the game is set up)."""

    options: dict[str, bool | int | str] | None
    declare: bool
    me: int
    message: str
    resumable: bool


def sample_model(variant: str = "tressette2", seed: int = 1, actions: int = 6, *,
                 options: dict[str, bool | int | str] | None = None, declare: bool = True, me: int = 0,
                 message: str = "", resumable: bool = False) -> TableModel:
    return _model_of(play_match(variant, seed, actions, options, declare), me, message, resumable)


def sample_models(variant: str = "tressette2", seed: int = 1, start: int = 0, count: int = 40, *,
                  options: dict[str, bool | int | str] | None = None, declare: bool = True, me: int = 0,
                  message: str = "", resumable: bool = False) -> Iterator[TableModel]:
    """``sample_model(variant, seed, n, ...)`` for n in ``start .. start + count - 1``, from one
    hand played once; the last model stands for the n after the hand is over (they are all it)."""
    done = -1
    for done, match in enumerate(playing(variant, seed, options, declare)):
        if done >= start + count:
            return
        if done >= start:
            yield _model_of(match, me, message, resumable)
    if done < start:  # the hand ended before ``start``: every n is the finished hand
        yield sample_model(variant, seed, start, options=options, declare=declare, me=me, message=message,
                           resumable=resumable)


def _model_of(match: Match, me: int, message: str, resumable: bool) -> TableModel:
    view = match.view_for(me)
    seats = [SeatSpec.cpu("normal")] * view.variant.n_seats
    seats[me] = SeatSpec("human")
    return model_from_view(
        view,
        seats=tuple(seats),
        totals=tuple(match.totals),
        match_over=match.finished,
        winner=match.winner,
        stats=SAMPLE_STATS,
        message=message,
        resumable=resumable,
        hand_no=len(match.hands),
    )


def my_turn_model(variant: str = "tressette2", seed: int = 1, min_actions: int = 4,
                  **kw: Unpack[SampleOptions]) -> TableModel:
    """The first model at or after ``min_actions`` where it is the human's turn with a trick led."""
    for m in sample_models(variant, seed, min_actions, 40, **kw):
        if m.my_turn and m.trick:
            return m
    return sample_model(variant, seed, min_actions, **kw)


def find_model(variant: str, pred: Callable[[TableModel], bool], seed: int = 1, start: int = 0,
               **kw: Unpack[SampleOptions]) -> TableModel:
    """The first sample model of ``variant`` (after 0, 1, 2, … actions) for which ``pred`` holds."""
    for m in sample_models(variant, seed, start, 60, **kw):
        if pred(m):
            return m
    raise LookupError(f"no {variant} model after {start}..{start + 59} actions fits")


@functools.lru_cache(maxsize=1)
def showcase() -> dict[str, TableModel]:
    """One model per table shape and feature, for the layout tests and the screenshots."""

    def lead_with_signals(m: TableModel) -> bool:
        return m.my_turn and bool(m.signal_choices)

    return {
        "table2": my_turn_model("tressette2", 1, 4),
        "table2_start": sample_model("tressette2", 5, 0, declare=False),
        "table2_declare": _declaring_model(),
        "table2_late": my_turn_model("tressette2", 2, 14),
        "table2_treschetten": my_turn_model("treschetten2", 3, 6),
        "table3_terziglio": find_model("terziglio3", lambda m: m.my_turn and bool(m.trick), 1),
        "table3_discard": sample_model("terziglio3", 1, 0, options={"widow": "dealt"}),
        "table3_treschetten": find_model("treschetten3", lambda m: m.my_turn and bool(m.trick), 1),
        "table4_signals": find_model("treseta4", lead_with_signals, 1),
        "table4_follow": find_model("treseta4", lambda m: m.my_turn and len(m.trick) == 3, 2),
        "table4_claim": find_model("tressette4", lambda m: m.my_turn and m.can_claim and bool(m.trick), 1, 6),
        "table4_briscola": find_model("briscola", lambda m: m.my_turn and bool(m.trick), 1),
        "table4_chiamata": sample_model("chiamata", 1, 0, me=1),
        "table4_ciapano": find_model("ciapano", lambda m: m.my_turn and bool(m.trick), 1),
        "table4_synthetic": synthetic_model(4),
        "table2_ciapano20": find_model("ciapano", lambda m: m.my_turn and bool(m.trick), 1, options={"players": 2}),
        "table3_ciapano13": find_model("ciapano", lambda m: m.my_turn and bool(m.trick), 1, options={"players": 3}),
    }


@functools.lru_cache(maxsize=32)
def busiest(variant: str, seed: int = 1) -> TableModel:
    """The table of ``variant`` at its busiest: every other seat has played to the trick,
    the human is to play, with declarations, signals and banners spoken so far
    (the layout checks and the gallery use it)."""

    n = PRESETS[variant].n_seats
    best: TableModel | None = None
    score = -1
    for s in range(seed, seed + 6):
        for done, match in enumerate(playing(variant, s)):
            if done >= 40 or match.hand_over:
                break
            state = match.state
            if state is None or len(state.trick) != n - 1:
                continue  # (only the last card of a trick is a candidate: no model built)
            m = _model_of(match, 0, "", False)
            if not m.my_turn:
                continue
            sc = len(m.trick) * 10 + len(m.declarations) * 3 + len(m.signals) * 3 + len(m.banners) + \
                (5 if m.declarable else 0) + (3 if m.signal_choices else 0) + (3 if m.can_claim else 0)
            if len(m.trick) == n - 1 and sc > score:
                best, score = m, sc
    if best is None:
        best = my_turn_model(variant, seed, 4)
    return best


def _declaring_model() -> TableModel:
    """A tressette2 deal where the human has an accuso to declare (buttons on the table)."""
    for seed in range(200):
        m = sample_model("tressette2", seed, 0, declare=False)
        if m.declarable:
            return m
    raise LookupError("no deal with an accuso")


def named(model: TableModel, names: Sequence[str]) -> TableModel:
    """``model`` with a person's name on each seat (the computers' too: a sample)."""
    seats = tuple(dataclasses.replace(s, name=names[s.seat] if s.seat < len(names) else s.name) for s in model.seats)
    return dataclasses.replace(model, seats=seats)


def finished_model(variant: str = "tressette2", seed: int = 1) -> TableModel:
    return sample_model(variant, seed, 200)


def finished_match_model(variant: str = "tressette2", seed: int = 1) -> TableModel:
    """A match played to its end (first legal card everywhere, seeded)."""
    match = play_match(variant, seed, 0)
    rng = random.Random(seed)
    hands = 0
    while not match.finished and hands < 40:
        if match.hand_over:
            match.start_hand(seed=seed + hands)
        hands += 1
        while not match.hand_over:
            st = match.state
            assert st is not None
            legal = [a for a in match.view_for(st.to_move).legal if isinstance(a, Play)]
            match.apply(rng.choice(legal))
    view = match.view_for(0)
    seats = (SeatSpec("human"), SeatSpec.cpu("hard"))
    model = model_from_view(view, seats=seats, totals=tuple(match.totals), match_over=match.finished,
                            winner=match.winner, stats=SAMPLE_STATS, hand_no=len(match.hands))
    # the match hand by hand, as the end of a match shows it (Score sheet, Review)


    totals = [0] * len(match.totals)
    rows = []
    for i, (rec, res) in enumerate(zip(match.hands, match.results, strict=False)):
        points = tuple(res.score or res.points)
        totals = [a + b for a, b in zip(totals, points, strict=False)]
        rows.append(SheetRow(i + 1, rec.dealer, points, tuple(totals), tuple(res.declared)))
    sides = tuple(match.variant.side_of(x) for x in range(match.variant.n_seats))
    sheet = ScoreSheet(7, variant, seats, sides, 0, tuple(rows), match.winner)
    return dataclasses.replace(model, final_sheet=sheet)


def game_won_model(seed: int = 1) -> TableModel:
    """The end of the hand that won the first game of a best-of-two Treschetten match
    (seed 000): the engine says whose game it was and the games score."""

    match = play_match("treschetten2", seed, 0, {"match_format": "best_of_two", "zu_tun": False}, False)
    rng = random.Random(seed)
    for hand in range(60):
        while not match.hand_over:
            st = match.state
            assert st is not None
            legal = [a for a in match.view_for(st.to_move).legal if isinstance(a, Play)]
            match.apply(rng.choice(legal))
        if match.hand_decided is not None:
            break
        match.start_hand(seed=seed + hand + 1)
    decided = match.hand_decided
    assert decided is not None, "no game decided in 60 hands"
    seats = (SeatSpec("human"), SeatSpec.cpu("hard"))
    model = model_from_view(match.view_for(0), seats=seats, totals=match.counted_totals, stats=SAMPLE_STATS,
                            hand_no=len(match.hands))
    return dataclasses.replace(model, games_won=tuple(match.games_won), game_won_by=decided.winners)


def synthetic_model(n_seats: int, *, seed: int = 3, played: int = 2, variant: str = "treseta4") -> TableModel:
    """A 3- or 4-seat table without the engine's 3/4-seat presets (layout tests, screenshots).

    Deals the Italian deck round the table, puts ``played`` cards into the
    trick and attaches a signal, a declaration banner and a claim button, the
    things the four-player engine will bring.
    """
    rng = random.Random(seed)
    cards = list(ITALIAN.cards)
    rng.shuffle(cards)
    per = 40 // n_seats if n_seats != 3 else 12
    hands = [sorted(cards[i * per:(i + 1) * per]) for i in range(n_seats)]
    me = 0
    leader = 1
    trick = []
    for i in range(played):
        seat = (leader + i) % n_seats
        c = hands[seat].pop()
        trick.append(PlayedCard(seat, c, ("busso",) if i == 0 else ()))
    to_move = (leader + played) % n_seats
    sides = [s % 2 for s in range(n_seats)] if n_seats == 4 else list(range(n_seats))
    seats = tuple(
        SeatModel(s, "", "human" if s == me else "computer", None if s == me else "normal", sides[s],
                  len(hands[s]), tricks_won=s % 2)
        for s in range(n_seats)
    )
    mine = hands[me]
    may_play = frozenset(playable(mine, trick[0].card if trick else None)) if to_move == me else frozenset()
    n_sides = max(sides) + 1
    return TableModel(
        variant=variant,
        options=(("target", 31),),
        deck="italian",
        n_seats=n_seats,
        me=me,
        seats=seats,
        hand=tuple(mine),
        playable=may_play,
        can_claim=n_seats == 4,
        signal_choices=("busso", "volo", "striscio") if n_seats == 4 else (),
        to_move=to_move,
        dealer=0,
        trick=tuple(trick),
        talon_left=0,
        side_thirds=tuple(3 * i + 1 for i in range(n_sides)),
        declared=(0,) * n_sides,
        totals=tuple(10 + i for i in range(n_sides)),
        target=31,
        banners=(Banner("signal", trick[0].seat, key="b_signal", args=(("what", "busso"),)),) if trick else (),
        stats=SAMPLE_STATS,
    )


def main() -> int:  # pragma: no cover - a manual demo

    # start-up: pygame only when a window or screen is opened (tressette replay, history and run without a screen never load it)
    import pygame

    # start-up: pygame only when a window or screen is opened (tressette replay, history and run without a screen never load it)
    from ui.app import UIApp

    size = tuple(int(x) for x in os.environ.get("UI_SIZE", "800x480").split("x"))
    pygame.init()
    screen = pygame.display.set_mode(size)
    pygame.display.set_caption("Tressette UI demo")
    ui = UIApp(screen)
    match = play_match("tressette2", 7, 0)
    seats = (SeatSpec("human"), SeatSpec.cpu("normal"))

    def push() -> None:
        v = match.view_for(0)
        ui.set_model(model_from_view(v, seats=seats, totals=tuple(match.totals), match_over=match.finished,
                                     winner=match.winner, stats=SAMPLE_STATS, hand_no=len(match.hands)))

    push()
    clock = pygame.time.Clock()
    cpu_wait = 0.0
    running = True
    announced = False
    print("ready", flush=True)
    while running:
        dt = clock.tick(60) / 1000
        for e in pygame.event.get():
            ui.handle(e)
        for intent in ui.intents():
            if isinstance(intent, Quit):
                running = False
            elif isinstance(intent, PlayCard):
                print(f"played {CODE[intent.card]}", flush=True)  # the Xvfb test reads this
                match.apply(Play(0, intent.card))
                push()
            elif isinstance(intent, NewGame | NextHand):
                if isinstance(intent, NewGame):
                    match = Match(make_variant(intent.variant, intent.options))
                if not match.finished:
                    match.start_hand({"seed": fresh_seed()})
                push()
        st = match.state
        mine = st is not None and not st.over and st.to_move == 0 and not ui.busy
        if mine and not announced:
            print("your turn", flush=True)  # the Xvfb test clicks only then
        announced = mine
        if st is not None and not st.over and st.to_move == 1 and not ui.busy:
            cpu_wait += dt
            if cpu_wait > 0.6:
                cpu_wait = 0
                match.apply(next(a for a in match.view_for(1).legal if isinstance(a, Play)))
                push()
        ui.update(dt)
        ui.draw()
        pygame.display.flip()
    pygame.quit()
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())


# ------------------------------------------------------------ history samples


@functools.lru_cache(maxsize=4)
def sample_history_model(seed: int = 1) -> TableModel:
    """The history, a score sheet and a replayed hand of seeded sample matches
    (the gallery and the tests; on the box the controller fills these from the journal).
    Kept once made (frozen): the gallery and the layout tests ask for it some 200 times."""


    variants = ("tressette2", "treseta4", "treschetten2", "chiamata", "terziglio3", "ciapano")
    outcomes = ("won", "lost", "won", "abandoned", "lost", "playing")
    start = 1_764_590_400.0  # 2025-12-01 12:00 UTC: a fixed day, the same pictures every time
    rows = tuple(
        HistoryRow(1234 - i, v, start - i * 5400, o, (21 + i, 14 - i) if o != "abandoned" else (6, 9),
                   9 + i, ("hard", "normal", "easy")[i % 3])
        for i, (v, o) in enumerate(zip(variants, outcomes, strict=True))
    )
    page = HistoryPage(rows, 0, 1234, 6)
    # a sheet from a match played out
    match = play_match("tressette2", seed, 0)
    rng = random.Random(seed)
    sheet_rows: list[SheetRow] = []
    while not match.finished and len(sheet_rows) < 40:
        if match.hand_over:
            match.start_hand(seed=seed + len(sheet_rows))
        dealer = match.hands[-1].dealer
        while not match.hand_over:
            st = match.state
            assert st is not None
            legal = [a for a in match.view_for(st.to_move).legal if isinstance(a, Play)]
            match.apply(rng.choice(legal))
        res = match.results[-1]
        sheet_rows.append(SheetRow(len(sheet_rows) + 1, dealer, tuple(res.score or res.points), tuple(match.totals),
                                   tuple(res.declared), "sheet_game" if match.finished else ""))
    seats = (SeatSpec("human"), SeatSpec.cpu("hard"))
    sheet = ScoreSheet(1234, "tressette2", seats, (0, 1), 0, tuple(sheet_rows), match.winner)
    # one hand of it, trick by trick
    replay_match = play_match("tressette2", seed, 0, declare=False)
    frames = [dataclasses.replace(model_from_view(replay_match.view_for(0), seats=seats), to_move=None)]
    while not replay_match.hand_over:
        st = replay_match.state
        assert st is not None
        before = len(st.tricks)
        legal = [a for a in replay_match.view_for(st.to_move).legal if isinstance(a, Play)]
        replay_match.apply(rng.choice(legal))
        if len(st.tricks) > before:
            f = model_from_view(replay_match.view_for(0), seats=seats)
            frames.append(dataclasses.replace(f, trick=f.last_trick, playable=frozenset(), to_move=None))
    replay = HandReplay(1234, 1, tuple(frames))
    return TableModel(resumable=True, stats=SAMPLE_STATS, history=page, sheet=sheet, replay=replay)


# ------------------------------------------------------------ the coach's review samples


def sample_review_model(seed: int = 1, *, ready: bool = True) -> TableModel:
    """A match's review (rows per hand) and one of its hands trick by trick, with made-up
    marks over a seeded hand: a fixture for the layout tests, which need every mark on
    screen. The gallery shows the real coach on a real hand instead
    (tools/coach_samples.py). ``ready=False``: the coach still at work, 37 of 80 cards."""


    base = sample_history_model(seed)
    rows = (
        ReviewRow(1, 86.4, 1.7, (13, 2, 2, 1, 0)),
        ReviewRow(2, 71.2, 4.3, (10, 2, 3, 2, 1)),
        ReviewRow(3, 100.0, 0.0, (18, 0, 0, 0, 0)),
        ReviewRow(4, 55.0, 7.7, (8, 1, 4, 3, 2), undos=1),
        ReviewRow(5, None, 0.0, (0, 0, 0, 0, 0)),
    )
    if not ready:
        review = MatchReviewView(1234, "tressette2", 37, 80)
    else:
        review = MatchReviewView(1234, "tressette2", 80, 80, True, rows, 78.3)
    assert base.replay is not None
    frames = base.replay.frames
    marks = ("best", "inaccuracy", "best", "mistake", "best", "blunder", "forced")
    losses = {"best": 0.0, "inaccuracy": 0.4, "mistake": 1.0, "blunder": 2.3, "forced": 0.0}
    reasons = ("c_top", "c_duck", "c_take", "c_keep", "c_lead_low", "c_search", "c_only")
    plays: list[tuple[RatedCard, ...]] = [()]
    for k, f in enumerate(frames[1:]):
        mine = next((pc.card for pc in f.trick if pc.seat == 0), None)
        if mine is None:
            plays.append(())
            continue
        mark = marks[k % len(marks)]
        other = next((pc.card for pc in f.trick if pc.seat != 0), mine)
        best = mine if mark in ("best", "forced") else other
        key = reasons[k % len(reasons)]
        args: dict[str, Arg] = {"card": CardName("italian", best)}
        if key in ("c_duck", "c_keep"):
            args["worth"] = "⅓"
        if key == "c_keep":
            args["keep"] = CardName("italian", next((c for c in f.hand if c != best), best))
        if key == "c_take":
            args["points"] = "1⅓"
        plays.append((RatedCard(0, mine, mark, losses[mark], best, msg(key, **args)),))
    hand = ReviewHandView(1234, 2, frames, tuple(plays), 71.2)
    return dataclasses.replace(base, match_review=review, review_hand=hand)


def hint_model(variant: str = "tressette2", seed: int = 1) -> TableModel:
    """A practice match at the person's turn with a hint on screen: the card raised and a
    reason said (a layout fixture; the gallery asks the real coach,
    tools/coach_samples.py)."""


    m = my_turn_model(variant, seed, 4)
    card = min(m.playable) if m.playable else (m.hand[0] if m.hand else 0)
    name = CardName(m.deck, card)
    if m.n_seats == 4:
        reason = msg("c_partner_asked", card=name, suit=SuitName(m.deck, SUIT[card]), signal=Term("sig_busso"))
    else:
        reason = msg("c_top", card=name)
    return dataclasses.replace(m, casual=True, can_hint=False, can_undo=True, hint_card=card,
                               message=msg("hint_says", hint=reason))


def hand_review_model(variant: str = "tressette2", seed: int = 1) -> TableModel:
    """The end of a hand with a rating of the person's cards (a layout fixture; the gallery
    asks the real coach, tools/coach_samples.py)."""


    m = finished_model(variant, seed)
    worst, better = (m.hand or (5,))[0], 0
    review = (msg("review_acc", n="74", points=Amount(3.4)),
              msg("costliest", card=CardName(m.deck, worst), mark=msg("m_mistake"), points=Amount(1.2),
                  better=CardName(m.deck, better)),
              msg("c_keep", card=CardName(m.deck, 3), worth="⅓", keep=CardName(m.deck, 2)))
    return dataclasses.replace(m, review=review)


# ------------------------------------------------------------ real cards without a reader, the score sheet


def _at_a_real_table(m: TableModel, cpu: int | None = None) -> TableModel:
    """``m`` as a table of people laying their own cards sees it: no hand on the screen,
    every seat a ``table`` seat (``cpu``: that one a computer whose cards were entered)."""
    seats = tuple(dataclasses.replace(s, kind="computer" if s.seat == cpu else "table",
                                      level="normal" if s.seat == cpu else None) for s in m.seats)  # fmt: skip
    return dataclasses.replace(m, seats=seats, show_hand=False, hand=(), playable=frozenset(), declarable=(),
                               signal_choices=(), signal_options=())  # fmt: skip


def picker_model(variant: str = "treseta4", seed: int = 1, tricks: int = 2) -> TableModel:
    """The card picker (firmware/app/picker.py) of a seated table: ``tricks`` tricks played,
    the next seat to lead taps its card; the cards played are dimmed with the engine's
    reason, each card offers the signals the game has on a lead (treseta: busso, volo,
    striscio). The engine's own hand, seen as the table sees it."""
    v = make_variant(variant)
    match = play_match(variant, seed, tricks * v.n_seats, declare=False)
    state = match.state
    assert state is not None
    m = _at_a_real_table(sample_model(variant, seed, tricks * v.n_seats, declare=False))
    dimmed = tuple((c, msg("e_already_played", card=CardName(v.deck.name, c), trick=k + 1))
                   for k, t in enumerate(state.tricks) for c in t.cards)  # fmt: skip
    signals = tuple(match.view_for(state.to_move).signal_options)  # per card, as the app asks it
    last = state.tricks[-1] if state.tricks else None  # *Take back*: the last card laid
    take_back = (last.seat_of(v.n_seats - 1, v.n_seats), last.cards[-1]) if last is not None else None
    picker = PickerModel(state.to_move, v.deck.name, v.deck.cards, dimmed,
                         msg("pick_play", n=state.to_move + 1), False, signals, take_back, state.dealer, False,
                         len(match.hands))  # fmt: skip
    return dataclasses.replace(m, picker=picker, message=picker.prompt)


def revoke_model(variant: str = "treseta4", seed: int = 1, seat: int = 2) -> TableModel:
    """The card picker with *Revoke!* (firmware/app/revokes.py): ``seat`` laid a suit it had
    shown it lacks; every person's seat may be named, the question says the default penalty."""
    m = picker_model(variant, seed)
    assert m.picker is not None
    n = m.n_seats
    said = msg("m_revoke_seen", n=seat + 1, trick=1, suit=SuitName(m.deck, 0))
    seats = tuple((s, msg("ask_revoke", n=s + 1, ends="",
                          what=msg("revoke_cappotto", score="0 – 11" if s % 2 == 0 else "11 – 0", n=1)))
                  for s in range(n))  # fmt: skip
    revoke = RevokeModel(m.hand_no, seats, "cappotto")
    return dataclasses.replace(m, picker=dataclasses.replace(m.picker, revoke=True), revoke=revoke, message=said)


def deal_picker_model(variant: str = "briscola", seed: int = 1, cpu: int = 1) -> TableModel:
    """At the deal of a seated table with a computer: its cards entered face down by the
    same picker, three entered already (dimmed: entered)."""
    v = make_variant(variant)
    m = _at_a_real_table(sample_model(variant, seed, 0, declare=False), cpu=cpu)
    entered = v.deck.cards[2:5]
    dimmed = tuple((c, msg("e_deal_table_card", card=CardName(v.deck.name, c))) for c in entered)
    prompt = msg("m_pick_cpu_hand", seat=cpu + 1, n=len(entered) + 1, m=v.hand_size)
    picker = PickerModel(None, v.deck.name, v.deck.cards, dimmed, prompt, False, (), (cpu, entered[-1]))
    return dataclasses.replace(m, trick=(), picker=picker, message=prompt)


def _sheet_choices(v: Variant, sheet: SheetHand, choosing: int) -> tuple[DeclareAction, ...]:
    """The accusi seat ``choosing`` may say on the score sheet (the controller's choices)."""
    suits = range(len(v.deck.suits))
    cands = [DeclareAction(choosing, "decima", suit=x) for x in suits] if v.preset.decima else []
    cands += [DeclareAction(choosing, "napoletana", suit=x, extra=0) for x in suits]
    cands += [DeclareAction(choosing, k, rank=r) for r in (0, 1, 2) for k in ("four", "three")]
    ok = []
    for cand in cands:
        try:
            sheet.check_declare(cand)
        except Exception:  # refused as said: not offered
            continue
        ok.append(cand)
    return tuple(ok)


def _sample_sheet(v: Variant, match: Match) -> ScoreSheet:
    """The sample match's score sheet: hand 1 counted, then corrected; hand 2 being kept."""
    return ScoreSheet(1, v.name, tuple(SeatSpec("table") for _ in range(v.n_seats)),
                      tuple(v.side_of(s) for s in range(v.n_seats)),
                      rows=(SheetRow(1, 0, tuple(match.totals), tuple(match.totals), corrected=True),
                            SheetRow(2, 1, (), tuple(match.totals), note="sheet_open")))


def _sheet_message(sheet: SheetHand, choosing: int | None, amend: bool) -> Message:
    """What the table says over the sample score sheet: the hand to correct, a decima laid,
    a seat choosing its accuso, or the hand being kept."""
    if amend:
        return msg("m_sheet_amend", n=1)
    if sheet.decima is not None:
        return msg("m_sheet_decima", n=sheet.decima.seat + 1)
    if choosing is not None:
        return msg("m_choose_accuso", n=choosing + 1)
    return msg("m_sheet_hand", n=2, seat=sheet.dealer + 1)


def sheet_entry_model(variant: str = "tressette4", *, choosing: int | None = None,
                      decima: bool = False, question: bool = False, amend: bool = False) -> TableModel:
    """Score sheet only (firmware/app/scoresheet.py): a hand of a kept match, an accuso
    said (seat 2's napoletana), and the count to enter; ``choosing``: that seat's accuso
    choice open instead; ``decima``: seat 3 laid a decima, the points before it asked."""
    v = make_variant(variant)
    match = Match(v, first_dealer=0)
    match.begin_hand({"sheet": True})
    n_sides = 2 if v.preset.call_partner else v.n_sides
    first = (20, 15) if n_sides == 2 else (14, 12, 9)[:n_sides]
    match.keep(Tally(0, first, partner=1 if v.preset.call_partner else None))  # a first hand counted
    match.begin_hand({"sheet": True})
    sheet = match.sheet
    assert sheet is not None
    if v.accusi:
        match.keep(DeclareAction(1, "napoletana", suit=0, extra=0))
    if decima and v.preset.decima:
        match.keep(DeclareAction(2, "decima", suit=3))
    sides = sheet.hand_sides()
    units = tuple(tuple(s for s in range(v.n_seats) if sides[s] == side) for side in range(max(sides) + 1))
    ends = ["play"] + (["claim"] if v.claims else []) + (["zu_tun"] if v.options.get("zu_tun", False) else [])
    sudden: tuple[str, ...] = SUDDEN_NAMES if v.sudden_wins else ()
    if sheet.decima is not None:
        ends, sudden = ["decima"], ()
    choices = _sheet_choices(v, sheet, choosing) if choosing is not None else ()
    entry = SheetEntryModel(
        n_seats=v.n_seats, units=units, full=deck_thirds(v), out=thirds_out(v), ends=tuple(ends), sudden=sudden,
        caller=sheet.caller if v.preset.call_partner else None, choosing=choosing, choices=choices,
        decima=sheet.decima.seat if sheet.decima is not None else None,
        accusi=v.accusi and sheet.decima is None and not amend, undo="napoletana" if v.accusi and not amend else "",
    )  # fmt: skip
    if question:  # the first accuso button tapped: a decima, asked before anything is written
        entry = dataclasses.replace(entry, question=msg("q_sheet_decima", n=1, side=msg("side_n", n=1),
                                                        what=Term("q_the_match")))
    if amend:  # hand 1 opened from the score sheet to correct its points
        entry = dataclasses.replace(entry, amend=0, amend_thirds=first if len(first) == len(units) else ())
    seats = tuple(SeatModel(s, "", "table", None, v.side_of(s), 0) for s in range(v.n_seats))  # "Seat 1", ...
    message = _sheet_message(sheet, choosing, amend)
    final = None if question else _sample_sheet(v, match)  # the score sheet so far: its button beside Undo
    return TableModel(
        variant=v.name, options=tuple(sorted(v.options.items())), deck=v.deck.name, n_seats=v.n_seats,
        seats=seats, show_hand=False, totals=tuple(match.totals), target=match.game_target, message=message,
        stats=SAMPLE_STATS, hand_no=2, dealer=sheet.dealer,
        declarations=() if amend else tuple(sheet.declarations),  # hand 1 (corrected) had no accusi
        sheet_entry=entry, score_sheet=True, final_sheet=final,
    )  # fmt: skip
