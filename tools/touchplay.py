"""A person plays the simulator by touch: real X pointer clicks on a real window.

``scripts/touch-play --game G [--size WxH] [--lang L] [--target N] [--hands N]``
starts an Xvfb display, the simulator in it (``tressette sim``, one person and
computer seats at the easy level) and then taps, with ``xdotool``, everything a
person taps in a match: the fastest game speed in Settings, *Gioca* on the home screen,
the cards, the declaration buttons or *Nothing to declare*, chiamata's call,
the signals a card may carry, the Yes of a question, *Next hand* at the end of
a hand and *Home* when the match is over.

Where to tap comes from the simulator itself: with ``TRESSETTE_SIM_PROBE`` set
it writes, after each changed frame, the hit-boxes its screens test a tap
against (``ui.probe``). The harness picks one (:class:`Player`: the first
declaration, a random legal card, sometimes a signal) and clicks its centre on
the X display, so the tap travels the normal input path: X → SDL → pygame →
``UIApp.handle`` → intent → controller. Nothing is sent to the program any
other way.

Screenshots (``import -window root``) at the end of each hand, at the end of the
match and at the first moments a seat speaks (a declaration, a signal) go to
``--out`` (default ``test-artifacts/touch/<game>-<lang>-<size>/``), with a
``result.json``. No progress for ``--stall`` seconds fails the run with the
path of the last screenshot; so does the simulator exiting or writing a
traceback.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import tempfile
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from firmware import cliargs as A
from firmware.config import DECK_STYLES
from firmware.engine import PRESETS
from tools.simsession import REPO, RunSpec, Session, TouchPlayError, missing_tools, xvfb
from ui.i18n import LANGUAGES

# ------------------------------------------------------------------ deciding


@dataclass(frozen=True, slots=True)
class Tap:
    """Tap the centre of the box named ``name`` (a button, or ``card:<id>``)."""

    name: str
    point: tuple[int, int]


@dataclass(frozen=True, slots=True)
class Wait:
    why: str


@dataclass(frozen=True, slots=True)
class Done:
    why: str


Decision = Tap | Wait | Done


def _centre(rect: Sequence[int]) -> tuple[int, int]:
    x, y, w, h = rect
    return (x + w // 2, y + h // 2)


@dataclass(frozen=True, slots=True)
class Look:
    """One probe of the screen as the player reads it: its live buttons and its model."""

    probe: Mapping[str, Any]
    buttons: Mapping[str, Mapping[str, Any]]
    model: Mapping[str, Any]

    @classmethod
    def of(cls, p: Mapping[str, Any]) -> Look:
        buttons = {b["name"]: b for b in p.get("buttons", ()) if b.get("enabled", True)}
        return cls(p, buttons, p.get("model", {}))

    def tap(self, name: str) -> Tap:
        return Tap(name, _centre(self.buttons[name]["rect"]))

    def named(self, prefix: str) -> list[str]:
        return sorted(n for n in self.buttons if n.startswith(prefix))


@dataclass(slots=True)
class Player:
    """What a person taps next, from the probe of the screen (``ui.probe``).

    The policy is simple on purpose: declare whatever is offered, call a random
    card, say zu tun when offered (only when it wins), play a random legal card
    (the engine's ``playable``, as the screen marks it), give a signal the card
    may carry half of the time. It only ever
    names a box the probe lists, so every tap lands where the screen has a target.
    """

    seed: int = 0
    signals: bool = True
    speed: str | None = "fast"  # chosen on the Settings screen before the first game (None: leave it)
    rng: random.Random = field(init=False)
    card: int | None = None  # the card chosen this turn (a signal is tapped first)
    signalled: bool = False
    asked: bool = False  # a tap of ours put a question on the screen
    match_over_seen: bool = False
    started: bool = False
    # a person also looks around: the last trick now and then, once the home screen
    # mid-match (and back by Continue), once a claim he then cancels
    excursions: bool = True
    trips: set[str] = field(default_factory=set)
    # at the match's end: the coach's review opened, one hand stepped into, then home
    # ("" not yet, "open", "hand": in a hand, "done": seen, on to Home)
    review: str = ""

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)

    def decide(self, p: Mapping[str, Any], still_s: float = 0.0) -> Decision:
        """The next tap for probe ``p``; ``still_s``: how long the screen has not changed."""
        look = Look.of(p)
        if p.get("question") is not None:
            # ours (the claim we tapped): yes; one we did not ask for: no (keep the match)
            answer = "yes" if self.asked else "no"
            self.asked = False
            return look.tap(answer) if answer in look.buttons else Wait("a question without its buttons")
        screen = p.get("screen")
        speed_set = self.speed is None or p.get("speed") == self.speed
        if screen == "settings" and not speed_set:
            choice = f"set:speed:{self.speed}"
            if choice in look.buttons:
                return look.tap(choice)
            return look.tap("page") if "page" in look.buttons else Wait("no game speed on the settings screen")
        if screen == "home":
            return self._home(look, speed_set)
        if screen == "hand_end":
            return self._hand_end(look)
        reviewed = self._review(look, screen)
        if reviewed is not None:
            return reviewed
        if screen != "table":
            return look.tap("back") if "back" in look.buttons else Wait(f"{screen}: no way back listed")
        return self._table(look, still_s)

    def _home(self, look: Look, speed_set: bool) -> Decision:
        model, buttons = look.model, look.buttons
        if self.match_over_seen:
            return Done("home after the match")
        if not speed_set and not self.started and "nav:settings" in buttons:
            return look.tap("nav:settings")
        if (model.get("resumable") or (model.get("in_game") and not model.get("match_over"))) \
                and "continue" in buttons:
            return look.tap("continue")  # the match on the table, or one resumed after a restart
        if "start" in buttons and not self.started:
            self.started = True
            return look.tap("start")
        return Wait("home: the game is starting")

    def _hand_end(self, look: Look) -> Decision:
        buttons = look.buttons
        if look.model.get("match_over"):
            if not self.review and "review" in buttons:
                self.review = "open"
                return look.tap("review")  # the coach's review of the match, before home
            self.match_over_seen = True
            return look.tap("home") if "home" in buttons else Wait("match over without Home")
        return look.tap("next_hand") if "next_hand" in buttons else Wait("hand over without Next hand")

    def _review(self, look: Look, screen: object) -> Decision | None:
        """The match's review at its end: open, one hand stepped into, then back (None: on to back)."""
        model, buttons = look.model, look.buttons
        if screen == "review" and self.review == "open":
            rv = model.get("review") or {}
            hands = sorted((n for n in buttons if n.startswith("hand:")), key=lambda n: int(n.split(":")[1]))
            if hands:
                self.review = "hand"
                return look.tap(hands[0])  # into the first hand, trick by trick
            if rv.get("problem"):
                self.review = "done"  # nothing to review (no card of ours rated): back
            elif not rv.get("ready"):
                return Wait("the coach reviews the match")  # the progress moves: no stall
        if screen == "review_hand" and self.review == "hand":
            if not model.get("review_hand"):
                return Wait("the hand's review comes")
            if "next" in buttons:
                self.review = "stepped"
                return look.tap("next")  # one step into the hand
            self.review = "done"
        if screen == "review_hand" and self.review == "stepped":
            self.review = "done"
        return None

    def _table(self, look: Look, still_s: float) -> Decision:
        p, model = look.probe, look.model
        if p.get("show_last"):
            middle = p.get("middle")
            return Tap("middle", _centre(middle)) if middle else Wait("last trick shown")
        if model.get("hand_over"):
            return self._hand_over(look, still_s)
        if not p.get("tap_ready", True):
            return Wait("a card just played")  # the screen takes a second tap as a double tap
        if p.get("busy") and not model.get("my_turn"):
            # the last trick still shown, draws in flight: a person taps when it is his turn
            return Wait("cards in flight")
        return self._choice(look) or self._excursion(look) or self._play(look)

    def _hand_over(self, look: Look, still_s: float) -> Decision:
        if still_s < 3.0:
            return Wait("the hand is over: the count comes")
        # the count did not come by itself: the table's own way on
        for name in ("next_hand", "home", "count"):
            if name in look.buttons:
                if name == "home":
                    self.match_over_seen = True
                return look.tap(name)
        return Wait("hand over, no way on listed")

    def _choice(self, look: Look) -> Decision | None:
        """A declaration, *Nothing to declare*, a call, zu tun or a claim the screen offers."""
        model, buttons = look.model, look.buttons
        declares = look.named("declare:")
        if declares:
            return look.tap(declares[0])
        if model.get("declare_prompt") and "declare_none" in buttons:
            return look.tap("declare_none")
        calls = look.named("call:")
        if calls:
            return look.tap(self.rng.choice(calls))
        zu = look.named("zu_tun:")
        if zu:
            self.asked = True  # it ends the game: yes to the question that follows
            return look.tap(zu[0])  # offered only when it wins the game (RULES.md, zu tun)
        if "claim" in buttons:
            if int(model.get("claim_points", 0)) >= int(model.get("target", 10_000)):
                self.asked = True  # chiamarsi fuori, rightly: yes to "are you sure"
                return look.tap("claim")
            if self.excursions and "claim" not in self.trips:
                self.trips.add("claim")  # once: the question comes, and No keeps the match
                return look.tap("claim")
        return None

    def _excursion(self, look: Look) -> Decision | None:
        """A look around now and then: the last trick, once home mid-match."""
        model, buttons = look.model, look.buttons
        if not (self.excursions and model.get("my_turn") and self.card is None):
            return None
        hand = int(model.get("hand_no", 0))
        if f"last{hand}" not in self.trips and "last_trick" in buttons:  # listed once there is one
            self.trips.add(f"last{hand}")
            if self.rng.random() < 0.4:
                return look.tap("last_trick")
        if hand >= 2 and "menu" not in self.trips and "menu" in buttons:
            self.trips.add("menu")
            return look.tap("menu")  # home mid-match; Continue brings the table back
        return None

    def _play(self, look: Look) -> Decision:
        """A legal card (a discard first), a signal it may carry half of the time first."""
        p, model = look.probe, look.model
        cards = {c["card"]: c for c in p.get("cards", ())}
        discard = [c for c in model.get("discardable", ()) if c in cards]
        if discard:
            c = self.rng.choice(sorted(discard))
            return Tap(f"card:{c}", _centre(cards[c]["rect"]))
        playable = [c for c in model.get("playable", ())
                    if c in cards and cards[c]["playable"] and not cards[c].get("flying")]  # fmt: skip
        if not (model.get("my_turn") and playable):
            self.card, self.signalled = None, False
            return Wait("not my turn")
        if self.card not in playable:
            self.card = self.rng.choice(sorted(playable))
            self.signalled = not self.signals or self.rng.random() < 0.5
        if not self.signalled:
            self.signalled = True
            on = set(p.get("signals_on", ()))
            offered = model.get("signal_options", {}).get(str(self.card), ())
            for s in offered:
                if s not in on and f"signal:{s}" in look.buttons:
                    return look.tap(f"signal:{s}")
        c, self.card = self.card, None
        return Tap(f"card:{c}", _centre(cards[c]["rect"]))


def progress_key(p: Mapping[str, Any]) -> tuple[Any, ...]:
    """What moves when the game moves: a stall is this standing still."""
    m: Mapping[str, Any] = p.get("model", {})
    keys = ("in_game", "hand_no", "tricks_played", "trick", "hand", "declarations", "signals",
            "hand_over", "match_over", "totals", "to_move", "review", "review_hand")  # fmt: skip
    return (p.get("screen"), p.get("question"), *(json.dumps(m.get(k)) for k in keys))


# ------------------------------------------------------------------ the run

@dataclass(slots=True)
class RunResult:
    spec: RunSpec
    hands: int = 0
    totals: list[int] = field(default_factory=list)
    winner: int | None = None
    my_side: int | None = None
    match_over: bool = False
    taps: int = 0
    restarts: int = 0
    duds: list[str] = field(default_factory=list)
    tapped: dict[str, int] = field(default_factory=dict)  # taps per kind: card, declare, signal, next_hand, …
    seconds: float = 0.0
    shots: list[str] = field(default_factory=list)
    said: list[str] = field(default_factory=list)  # the bubbles photographed

    def as_json(self) -> dict[str, Any]:
        return {
            "game": self.spec.game, "lang": self.spec.lang, "size": f"{self.spec.size[0]}x{self.spec.size[1]}",
            "target": self.spec.target, "hands": self.hands, "totals": self.totals, "winner_side": self.winner,
            "match_over": self.match_over, "taps": self.taps, "tapped": self.tapped, "duds": self.duds,
            "restarts": self.restarts,
            "options": dict(self.spec.options), "seconds": round(self.seconds, 1),
            "shots": self.shots, "said": self.said,
        }  # fmt: skip


def play(spec: RunSpec, work: Path) -> RunResult:
    """Play ``spec`` by touch in a fresh simulator; raises :class:`TouchPlayError` on a stall."""
    missing = missing_tools()
    if missing:
        raise TouchPlayError(f"needs {', '.join(missing)} (scripts/setup installs them)")
    out = spec.out or REPO / "test-artifacts" / "touch" / spec.name
    out.mkdir(parents=True, exist_ok=True)
    for old in out.glob("*.png"):
        old.unlink()
    work.mkdir(parents=True, exist_ok=True)
    result = RunResult(spec)
    t0 = time.monotonic()
    with xvfb(spec.size) as display:
        s = Session(spec, display, work, out)
        s.start()
        try:
            _drive(s, spec, result, t0)
        finally:
            code = s.stop()
        result.seconds = time.monotonic() - t0
        if code != 0 or "Traceback" in s.stderr():
            raise TouchPlayError(f"the simulator ended badly ({code}): {s.stderr()[-3000:]}", s.last_shot)
    (out / "result.json").write_text(json.dumps(result.as_json(), indent=2) + "\n", encoding="utf-8")
    return result


@dataclass(slots=True)
class _Progress:
    """What moves on the screen: the probe's text (anything drawn) and its progress key
    (the game going on), with the time each last changed."""

    moved: float
    changed: float
    key: tuple[Any, ...] | None = None
    text: str = ""

    def see(self, s: Session, spec: RunSpec, p: Mapping[str, Any], now: float) -> str:
        """Note probe ``p``, its JSON text returned; a stall if the game did not go on for ``spec.stall_s``."""
        text = json.dumps(p, sort_keys=True)
        if text != self.text:
            self.text, self.changed = text, now
        key = progress_key(p)
        if key != self.key:
            self.key, self.moved = key, now
        elif now - self.moved > spec.stall_s:
            shot = s.shot("stall")
            raise TouchPlayError(f"no progress for {spec.stall_s:.0f} s on {p.get('screen')}: "
                                 f"{json.dumps(p.get('model'))[:600]}; the simulator's threads: {s.threads()}",
                                 shot)  # fmt: skip
        return text

    def restarted(self, now: float) -> None:
        """A new simulator: its first probe counts as a change and as progress."""
        self.text, self.moved = "", now


@dataclass(slots=True)
class _Pictures:
    """The screenshots of a run: every hand's end, the match's end, the table's first
    moments, the coach's review and the first times a seat speaks."""

    hands: set[int] = field(default_factory=set)
    moments: set[str] = field(default_factory=set)
    said: set[str] = field(default_factory=set)
    bubbles: int = 0

    def hand_end(self, s: Session, result: RunResult, p: Mapping[str, Any], m: Mapping[str, Any]) -> int | None:
        """The end of a hand not yet photographed: its picture taken, its number returned."""
        if p.get("screen") != "hand_end" or p.get("question") is not None or m.get("hand_no") in self.hands:
            return None
        hand = int(m.get("hand_no", 0))
        self.hands.add(hand)
        time.sleep(0.15)  # the frame listed is flipped; let the X server have it
        result.hands = max(result.hands, hand)
        name = "match-end" if m.get("match_over") else f"hand{hand:02d}-end"
        result.shots.append(str(s.shot(name)))
        return hand

    def table(self, s: Session, result: RunResult, p: Mapping[str, Any], m: Mapping[str, Any]) -> None:
        """The table itself: the first time the person is to play after a trick of hand 1,
        and chiamata's called card once it is called."""
        if p.get("screen") != "table" or p.get("busy") or not m.get("in_game") or m.get("hand_over"):
            return
        if "table" not in self.moments and m.get("my_turn") and m.get("tricks_played", 0) >= 1:
            self.moments.add("table")
            result.shots.append(str(s.shot("table-hand01")))
        if "called" not in self.moments and m.get("called"):
            self.moments.add("called")
            result.shots.append(str(s.shot(f"called-hand{int(m.get('hand_no', 0)):02d}")))

    def review(self, s: Session, result: RunResult, p: Mapping[str, Any], m: Mapping[str, Any]) -> None:
        """The coach's review at the match's end: its rows once ready, a hand stepped into."""
        screen = p.get("screen")
        if screen not in ("review", "review_hand") or screen in self.moments:
            return
        rv = m.get("review") or {}
        if (screen == "review" and (rv.get("ready") or rv.get("problem"))) or m.get("review_hand"):
            self.moments.add(screen)
            time.sleep(0.15)
            result.shots.append(str(s.shot(screen.replace("_", "-"))))

    def bubble(self, s: Session, spec: RunSpec, result: RunResult, p: Mapping[str, Any], m: Mapping[str, Any]) -> None:
        """A seat says something new (a declaration, a signal, a call): once the cards lie still."""
        said = {f"seat {k}: {v}" for k, v in (p.get("said") or {}).items()}
        if not (said - self.said) or p.get("screen") != "table" or self.bubbles >= spec.bubble_shots or p.get("busy"):
            return
        self.bubbles += 1
        self.said |= said
        hand_no = int(m.get("hand_no", 0))
        result.shots.append(str(s.shot(f"bubble{self.bubbles}-hand{hand_no:02d}")))
        result.said.append("; ".join(sorted(said)))


def _drive(s: Session, spec: RunSpec, result: RunResult, t0: float) -> None:
    s.window()
    player = Player(seed=spec.seed, signals=spec.signals, excursions=spec.excursions,
                    speed="fast" if spec.speed_by_touch else None)
    now = time.monotonic()
    progress = _Progress(moved=now, changed=now)
    pictures = _Pictures()
    dud_taps = 0
    while True:
        now = time.monotonic()
        if now - t0 > spec.timeout_s:
            raise TouchPlayError(f"no end after {spec.timeout_s:.0f} s", s.shot("timeout"))
        s.alive()
        p = s.probe()
        if p is None:
            if now - progress.moved > spec.stall_s:
                raise TouchPlayError("the simulator never described its screen", s.shot("stall"))
            time.sleep(0.1)
            continue
        text = progress.see(s, spec, p, now)
        m = p.get("model", {})
        _note_score(result, m)
        hand = pictures.hand_end(s, result, p, m)
        if hand is not None and not m.get("match_over"):
            if spec.hands is not None and hand >= spec.hands:
                return
            if spec.restart_after == hand:
                _restart(s, result)
                progress.restarted(time.monotonic())
                continue
        pictures.table(s, result, p, m)
        pictures.review(s, result, p, m)
        pictures.bubble(s, spec, result, p, m)
        d = player.decide(p, now - progress.changed)
        if isinstance(d, Done):
            return
        if isinstance(d, Wait):
            time.sleep(0.05)
            continue
        dud_taps = _tap(s, spec, result, d, text, dud_taps)


def _note_score(result: RunResult, m: Mapping[str, Any]) -> None:
    """The match's totals and winner as the screen shows them, while a game is on."""
    if m.get("in_game"):
        result.totals = list(m.get("totals", ()))
        result.winner = m.get("winner")
        result.match_over = bool(m.get("match_over"))


def _restart(s: Session, result: RunResult) -> None:
    """A power cut of sorts: a clean stop, a new process on the same journal."""
    if s.stop() != 0 or "Traceback" in s.stderr():
        raise TouchPlayError(f"the simulator did not stop cleanly: {s.stderr()[-2000:]}", s.last_shot)
    s.probe_path.unlink(missing_ok=True)
    s.start()
    s.window()
    result.restarts += 1


def _tap(s: Session, spec: RunSpec, result: RunResult, d: Tap, before: str, duds: int) -> int:
    """Tap ``d`` and wait for the screen to answer; the taps in a row it did not answer
    (``duds`` before this one), four of which fail the run."""
    s.click(d.point)
    result.taps += 1
    kind = d.name.split(":")[0]
    result.tapped[kind] = result.tapped.get(kind, 0) + 1
    if _wait_change(s, before, spec.tap_wait_s):
        return 0
    duds += 1
    result.duds.append(d.name)  # a tap the screen did not answer in time
    if duds >= 4:
        raise TouchPlayError(f"{duds} taps on {d.name} changed nothing", s.shot("dud-tap"))
    return duds


def _wait_change(s: Session, before: str, timeout: float) -> bool:
    """Bounded wait for the screen to show something else after a tap."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        s.alive()
        p = s.probe()
        if p is not None and json.dumps(p, sort_keys=True) != before:
            return True
        time.sleep(0.03)
    return False


# ------------------------------------------------------------------ command


def parse(argv: Sequence[str] | None = None) -> argparse.Namespace:

    ap = argparse.ArgumentParser(prog="touch-play", description=__doc__.split("\n\n")[0] if __doc__ else None)
    ap.add_argument("--game", required=True, choices=sorted(PRESETS))
    ap.add_argument("--size", type=A.screen_size, default=(800, 480))
    ap.add_argument("--lang", choices=LANGUAGES, default="it")
    ap.add_argument("--deck-style", choices=sorted(DECK_STYLES), default=None,
                    help="the Italian deck's pictures (default: the settings' default)")
    ap.add_argument("--target", type=A.int_range(1, 1000), default=None, help="the match's target (an option value)")
    ap.add_argument("--hands", type=A.int_range(1, 1000), default=None, help="stop after N hands (default: the match)")
    ap.add_argument("--seed", type=A.int_range(0), default=1)
    ap.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                    help="a variant option over the preset's, e.g. widow=dealt (repeatable)")
    ap.add_argument("--restart-after", type=A.int_range(1, 1000), default=None, metavar="HAND",
                    help="stop the simulator after this hand and start it again (resume by Continue)")
    ap.add_argument("--no-excursions", action="store_true",
                    help="never look at the last trick, the home screen or a claim one cancels")
    ap.add_argument("--think-ms", type=A.int_range(0, 60_000), default=None,
                    help="the computers' pause (default: the fast game speed's)")
    ap.add_argument("--stall", type=float, default=30.0, help="seconds without progress that fail the run")
    ap.add_argument("--out", type=Path, default=None, help="screenshots (default test-artifacts/touch/<run>/)")
    return ap.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    args = parse(argv)
    options = []
    for item in args.option:
        key, eq, value = item.partition("=")
        if not eq or not key:
            print(f"touch-play: --option {item!r}: KEY=VALUE", file=sys.stderr)
            return 2
        options.append((key.strip(), value.strip()))
    spec = RunSpec(game=args.game, size=args.size, lang=args.lang, target=args.target, hands=args.hands,
                   seed=args.seed, out=args.out, stall_s=args.stall, think_ms=args.think_ms,
                   options=tuple(options), restart_after=args.restart_after,
                   excursions=not args.no_excursions, deck_style=args.deck_style)  # fmt: skip
    with tempfile.TemporaryDirectory(prefix="touch-play-") as tmp:
        try:
            result = play(spec, Path(tmp))
        except TouchPlayError as exc:
            print(f"touch-play: {spec.name}: FAILED: {exc}", file=sys.stderr)
            return 1
    print(json.dumps(result.as_json(), indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
