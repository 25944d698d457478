"""scripts/touch-play: a person plays by real X clicks in the simulator window under Xvfb.

The decider (:class:`Player`) on examples and on any probe a screen could write; the
settings file it gives the simulator; then, under Xvfb, one full hand of every preset
by touch (CI), and full matches (``-m touch_match``, minutes each: not in CI).
"""

from __future__ import annotations

import json
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from firmware.config import from_doc
from firmware.engine import PRESETS
from hal.settingsfile import read_toml
from tools.simsession import RunSpec, Session, config_text, missing_tools
from tools.touchplay import (
    Decision,
    Done,
    Player,
    RunResult,
    Tap,
    Wait,
    play,
    progress_key,
)

from .conftest import REPO

LANGS = ("it", "de", "en")


def box(name: str, x: int = 10, y: int = 10, w: int = 100, h: int = 40, enabled: bool = True) -> dict[str, Any]:
    return {"name": name, "rect": [x, y, w, h], "enabled": enabled, "label": name}


def table(**model: object) -> dict[str, Any]:
    base: dict[str, object] = {"my_turn": False, "playable": [], "discardable": [], "signal_options": {}, "in_game": True,
            "hand_over": False, "match_over": False, "declare_prompt": False}
    return {"screen": "table", "question": None, "buttons": [], "cards": [], "busy": False, "flying": False,
            "tap_ready": True, "signals_on": [], "show_last": False, "model": base | model}


def card(c: int, x: int, playable: bool = True, flying: bool = False) -> dict[str, Any]:
    return {"card": c, "code": str(c), "rect": [x, 300, 80, 120], "playable": playable, "flying": flying}


def tapped(decision: Decision) -> str:
    """The name of the box a decision taps (it must be a tap)."""
    assert isinstance(decision, Tap), decision
    return decision.name


# ------------------------------------------------------------------ deciding


def test_home_starts_the_game_once_and_is_done_after_the_match() -> None:
    player = Player(speed=None)
    home = {"screen": "home", "buttons": [box("start", 10, 300)], "model": {"in_game": False}}
    assert player.decide(home) == Tap("start", (60, 320))
    assert isinstance(player.decide(home), Wait)  # the game is starting: not a second match
    player.decide({"screen": "hand_end", "buttons": [box("home")], "model": {"match_over": True}})
    assert isinstance(player.decide(home), Done)


def test_at_the_match_end_the_review_is_opened_a_hand_stepped_into_and_home_reached() -> None:
    """Issue 13: touch-play never tapped the match end's Review. The coach works in the
    background: the run waits for its rows (its progress is progress, not a stall)."""
    player = Player(speed=None)
    end = {"screen": "hand_end", "buttons": [box("review", 200), box("home")], "model": {"match_over": True}}
    assert player.decide(end) == Tap("review", (250, 30))
    working = {"screen": "review", "buttons": [box("back")],
               "model": {"review": {"done": 3, "total": 40, "ready": False, "problem": ""}}}
    assert isinstance(player.decide(working), Wait)
    assert progress_key(working) != progress_key(working | {"model": {"review": {"done": 9, "total": 40}}})
    ready = {"screen": "review", "buttons": [box("back"), box("hand:2", 10, 200), box("hand:1", 10, 100)],
             "model": {"review": {"done": 40, "total": 40, "ready": True, "problem": ""}}}
    assert player.decide(ready) == Tap("hand:1", (60, 120))
    hand = {"screen": "review_hand", "buttons": [box("next", 300), box("back", 500)], "model": {"review_hand": True}}
    assert isinstance(player.decide({**hand, "model": {"review_hand": False}}), Wait)  # still coming
    assert player.decide(hand) == Tap("next", (350, 30))
    assert player.decide(hand) == Tap("back", (550, 30))
    assert player.decide(ready) == Tap("back", (60, 30))  # the review seen: back to the end
    assert player.decide(end) == Tap("home", (60, 30))
    assert isinstance(player.decide({"screen": "home", "buttons": [], "model": {}}), Done)


def test_a_review_with_nothing_to_show_is_left_by_back() -> None:
    player = Player(speed=None)
    player.decide({"screen": "hand_end", "buttons": [box("review"), box("home", 200)], "model": {"match_over": True}})
    none = {"screen": "review", "buttons": [box("back")],
            "model": {"review": {"done": 0, "total": 0, "ready": False, "problem": "review_none"}}}
    assert player.decide(none) == Tap("back", (60, 30))


def test_the_game_speed_is_set_on_the_settings_screen_first() -> None:
    player = Player(speed="fast")
    home = {"screen": "home", "speed": "normal", "buttons": [box("nav:settings"), box("start", 10, 300)],
            "model": {"in_game": False}}
    assert tapped(player.decide(home)) == "nav:settings"
    small = {"screen": "settings", "speed": "normal", "buttons": [box("back"), box("page", 10, 300)], "model": {}}
    assert tapped(player.decide(small)) == "page"  # 480x320: the speed row is on another page
    page = {"screen": "settings", "speed": "normal", "buttons": [box("back"), box("set:speed:fast", 10, 300)],
            "model": {}}
    assert tapped(player.decide(page)) == "set:speed:fast"
    assert tapped(player.decide(page | {"speed": "fast"})) == "back"
    assert tapped(player.decide(home | {"speed": "fast"})) == "start"


def test_a_claim_is_made_when_the_points_are_there_and_tried_and_cancelled_once_otherwise() -> None:
    """tressette4's chiamarsi fuori asks first (issue 13.2): yes when right, and once a no."""
    # the engine's count (View.claim_points): 18 before the hand + 3 declared + 2 thirds
    p = table(my_turn=True, playable=[5], my_side=1, claim_points=21, target=21)
    p["cards"] = [card(5, 0)]
    p["buttons"] = [box("claim", 300)]
    player = Player(excursions=False)
    assert tapped(player.decide(p)) == "claim"
    q = {"screen": "table", "question": "sure?", "buttons": [box("no"), box("yes", 300)], "model": {}}
    assert tapped(player.decide(q)) == "yes"
    p["model"]["claim_points"] = 18  # 18 + 0 declared: not yet
    player = Player(seed=1)
    assert tapped(player.decide(p)) == "claim"
    assert tapped(player.decide(q)) == "no"
    assert tapped(player.decide(p)) != "claim"  # once is enough


def test_once_a_match_the_person_goes_home_and_continues() -> None:
    p = table(my_turn=True, playable=[5], hand_no=2)
    p["cards"] = [card(5, 0)]
    p["buttons"] = [box("menu", 700)]
    player = Player(seed=2)
    assert tapped(player.decide(p)) == "menu"
    home = {"screen": "home", "speed": "fast", "buttons": [box("start"), box("continue", 10, 300)],
            "model": {"in_game": True, "match_over": False}}
    assert tapped(player.decide(home)) == "continue"
    assert tapped(player.decide(p)) == "card:5"


def test_a_match_resumed_after_a_restart_is_continued() -> None:
    player = Player(speed=None)
    player.started = True
    home = {"screen": "home", "buttons": [box("start"), box("continue", 10, 300)],
            "model": {"in_game": False, "resumable": True}}
    assert tapped(player.decide(home)) == "continue"


def test_the_end_of_a_hand_goes_on_to_the_next() -> None:
    p = {"screen": "hand_end", "buttons": [box("table"), box("next_hand", 300)], "model": {"match_over": False}}
    assert Player().decide(p) == Tap("next_hand", (350, 30))


def test_a_question_is_answered_no_unless_we_asked_it() -> None:
    q = {"screen": "table", "question": "sure?", "buttons": [box("no"), box("yes", 300)], "model": {}}
    assert tapped(Player().decide(q)) == "no"
    player = Player()
    player.asked = True
    assert tapped(player.decide(q)) == "yes"


def test_declarations_come_before_the_card_and_nothing_to_declare_when_prompted() -> None:
    p = table(my_turn=True, playable=[5])
    p["cards"] = [card(5, 0)]
    p["buttons"] = [box("declare:1", 200), box("declare:0", 300), box("declare_none", 400)]
    assert tapped(Player().decide(p)) == "declare:0"
    p["buttons"] = [box("declare_none", 400)]
    p["model"]["declare_prompt"] = True
    assert tapped(Player().decide(p)) == "declare_none"


def test_the_last_trick_is_looked_at_now_and_then_and_closed_by_a_tap() -> None:
    p = table(my_turn=True, playable=[5], hand_no=1)
    p["cards"] = [card(5, 0)]
    p["buttons"] = [box("last_trick", 300)]
    looked = 0
    for seed in range(20):
        player = Player(seed=seed)
        first = player.decide(p)
        if isinstance(first, Tap) and first.name == "last_trick":
            looked += 1
            shown = p | {"show_last": True, "middle": [200, 100, 400, 200]}
            assert player.decide(shown) == Tap("middle", (400, 200))
        assert tapped(player.decide(p)) == "card:5"  # once a hand
    assert 0 < looked < 20


def test_zu_tun_is_said_when_offered() -> None:
    p = table(my_turn=True, playable=[5])
    p["cards"] = [card(5, 0)]
    p["buttons"] = [box("zu_tun:33", 300)]
    player = Player()
    assert tapped(player.decide(p)) == "zu_tun:33"
    q = {"screen": "table", "question": "sure?", "buttons": [box("no"), box("yes", 300)], "model": {}}
    assert tapped(player.decide(q)) == "yes"  # zu tun ends the game: it asks first, and it was meant


def test_a_signal_the_card_may_carry_is_tapped_before_that_card() -> None:
    p = table(my_turn=True, playable=[7], signal_options={"7": ["busso"]})
    p["cards"] = [card(7, 0)]
    p["buttons"] = [box("signal:busso", 300), box("signal:volo", 420)]
    for seed in range(40):  # half of the time a signal, always one the card may carry
        player = Player(seed=seed)
        first = player.decide(p)
        if isinstance(first, Tap) and first.name == "signal:busso":
            p2 = json.loads(json.dumps(p))
            p2["signals_on"] = ["busso"]
            assert player.decide(p2) == Tap("card:7", (40, 360))
        else:
            assert first == Tap("card:7", (40, 360))


def test_only_a_legal_card_not_in_flight_is_played_and_only_at_my_turn() -> None:
    p = table(my_turn=True, playable=[1, 2])
    p["cards"] = [card(1, 0, flying=True), card(2, 100), card(3, 200)]
    assert Player(signals=False).decide(p) == Tap("card:2", (140, 360))
    p["model"]["my_turn"] = False
    assert isinstance(Player().decide(p), Wait)


def test_a_hand_over_waits_for_the_count_then_takes_the_tables_way_on() -> None:
    p = table(hand_over=True)
    p["buttons"] = [box("count"), box("next_hand", 300)]
    assert isinstance(Player().decide(p, still_s=0.5), Wait)
    assert tapped(Player().decide(p, still_s=5.0)) == "next_hand"


rects = st.lists(st.integers(0, 900), min_size=4, max_size=4)
probes = st.fixed_dictionaries({
    "screen": st.sampled_from(["home", "table", "hand_end", "stats", "settings", "rules", "history"]),
    "question": st.none() | st.text(max_size=5),
    "speed": st.sampled_from(["normal", "fast"]),
    "buttons": st.lists(st.fixed_dictionaries({
        "name": st.sampled_from(["start", "continue", "home", "next_hand", "back", "yes", "no", "declare:0",
                                 "declare_none", "call:3", "signal:busso", "count", "menu", "nav:settings",
                                 "set:speed:fast", "page", "claim", "last_trick", "zu_tun:33"]),
        "rect": rects, "enabled": st.booleans()}), max_size=8),
    "cards": st.lists(st.fixed_dictionaries({
        "card": st.integers(0, 39), "rect": rects, "playable": st.booleans(), "flying": st.booleans()}), max_size=10),
    "busy": st.booleans(), "tap_ready": st.booleans(), "show_last": st.booleans(),
    "signals_on": st.lists(st.sampled_from(["busso", "volo"]), max_size=2),
    "middle": rects,
    "model": st.fixed_dictionaries({
        "in_game": st.booleans(), "my_turn": st.booleans(), "hand_over": st.booleans(),
        "match_over": st.booleans(), "declare_prompt": st.booleans(), "resumable": st.booleans(),
        "hand_no": st.integers(1, 5), "my_side": st.integers(0, 3), "target": st.integers(0, 41),
        "totals": st.lists(st.integers(0, 40), max_size=4), "declared": st.lists(st.integers(0, 9), max_size=4),
        "side_thirds": st.lists(st.integers(0, 40), max_size=4),
        "claim_points": st.integers(0, 60),
        "playable": st.lists(st.integers(0, 39), max_size=10),
        "discardable": st.lists(st.integers(0, 39), max_size=3),
        "signal_options": st.dictionaries(st.integers(0, 39).map(str), st.lists(st.sampled_from(["busso", "volo"]))),
    }),
})  # fmt: skip


@settings(max_examples=120, deadline=None)
@given(probes, st.floats(0, 10), st.integers(0, 3))
def test_any_probe_gives_a_tap_inside_a_listed_box_or_a_wait(p: dict[str, Any], still: float, seed: int) -> None:
    """Whatever the screen lists, the person taps only where the screen has a live target."""
    player = Player(seed=seed)
    for _ in range(3):
        d = player.decide(p, still)
        assert isinstance(d, (Tap, Wait, Done))
        if isinstance(d, Tap):
            boxes = [b["rect"] for b in p["buttons"] if b["enabled"]] + [c["rect"] for c in p["cards"]]
            boxes.append(p["middle"])
            assert any(x <= d.point[0] <= x + w and y <= d.point[1] <= y + h for x, y, w, h in boxes)
    progress_key(p)


# ------------------------------------------------------------------ stalls


class FrozenSim(Session):
    """A simulator whose screen never changes: what a stall looks like to the harness.
    Nothing is started: the session's window, probe, clicks and screenshots are faked."""

    def __init__(self, spec: RunSpec, probe: dict[str, Any], tmp_path: Path) -> None:
        super().__init__(spec, display=":0", work=tmp_path, out=tmp_path)
        self._probe = probe
        self.tmp = tmp_path
        self.clicks: list[tuple[int, int]] = []
        self.shots: list[str] = []

    def window(self, timeout: float = 60.0) -> tuple[int, int]:
        return (0, 0)

    def alive(self) -> None:
        pass

    def probe(self) -> dict[str, Any]:
        return self._probe

    def click(self, point: tuple[int, int]) -> None:
        self.clicks.append(point)

    def shot(self, name: str) -> Path:
        self.shots.append(name)
        return self.tmp / f"{name}.png"

    def threads(self) -> str:
        return "Thread 0x1 (most recent call first): ..."


def test_a_screen_that_stands_still_fails_the_run_with_its_screenshot(tmp_path: Path) -> None:
    from tools.simsession import TouchPlayError
    from tools.touchplay import RunResult, _drive

    waiting = table(my_turn=False)  # the computers' turn, and they never play
    spec = RunSpec("treseta4", stall_s=0.3, bubble_shots=0)
    with pytest.raises(TouchPlayError, match="no progress") as err:
        _drive(FrozenSim(spec, waiting, tmp_path), spec, RunResult(spec), t0=time.monotonic())
    assert err.value.shot == tmp_path / "stall.png"
    assert "stall.png" in str(err.value) and "Thread" in str(err.value)


def test_taps_the_screen_never_answers_fail_the_run(tmp_path: Path) -> None:
    from tools.simsession import TouchPlayError
    from tools.touchplay import RunResult, _drive

    mine = table(my_turn=True, playable=[5])
    mine["cards"] = [card(5, 0)]
    spec = RunSpec("treseta4", stall_s=60, tap_wait_s=0.05, bubble_shots=0, excursions=False)
    sim = FrozenSim(spec, mine, tmp_path)
    result = RunResult(spec)
    with pytest.raises(TouchPlayError, match="changed nothing"):
        _drive(sim, spec, result, t0=time.monotonic())
    assert len(sim.clicks) == 4 and result.duds == ["card:5"] * 4
    assert sim.shots[-1] == "dud-tap"


# ------------------------------------------------------------------ settings


@pytest.mark.parametrize("game", list(PRESETS))
def test_the_settings_file_names_one_person_and_easy_computers(game: str, tmp_path: Path) -> None:
    target = min(next(o.choices for o in PRESETS[game].options if o.key == "target"))
    assert isinstance(target, int)
    path = tmp_path / "s.toml"
    path.write_text(config_text(RunSpec(game, lang="de", target=target)), encoding="utf-8")
    problems: list[str] = []
    s = from_doc(read_toml(path), problems)
    assert problems == []
    assert s.game.variant == game and s.game.options == {"target": target}
    assert [str(x) for x in s.game.seats] == ["human"] + ["cpu:easy"] * (PRESETS[game].n_seats - 1)
    assert (s.ui.language, s.ui.speed) == ("de", "normal")  # the speed is tapped in Settings
    path.write_text(config_text(RunSpec(game, speed_by_touch=False)), encoding="utf-8")
    assert from_doc(read_toml(path), problems).ui.speed == "fast" and problems == []


# ------------------------------------------------------------------ Xvfb

needs_x = pytest.mark.skipif(bool(missing_tools()), reason="needs Xvfb, xdotool, ImageMagick (scripts/setup)")
ARTIFACTS = REPO / "test-artifacts" / "touch"


# The hands are played a few at a time, each in its own simulator on its own Xvfb display: a
# hand is mostly waiting on the screen's animations (about 3 s of CPU in 20 s), so the waits
# overlap. The simulators are started one after another (each once the previous one has
# described its screen): a start is the CPU-heavy part, and four at once on 2 busy cores
# would keep a window from appearing in time.
HAND_GROUPS = [list(PRESETS)[i : i + 4] for i in range(0, len(PRESETS), 4)]


def hand_spec(game: str) -> RunSpec:
    """One hand of ``game``: the languages rotate, and every third game is played on the small screen."""
    i = list(PRESETS).index(game)
    lang = LANGS[i % 3]
    size = (480, 320) if i % 3 == 1 else (800, 480)
    return RunSpec(game, size=size, lang=lang, hands=1, think_ms=0, stall_s=25, timeout_s=150, bubble_shots=1,
                   seed=3, speed_by_touch=False, out=ARTIFACTS / f"{game}-{lang}-{size[0]}x{size[1]}")  # fmt: skip


def play_hand(game: str, work: Path) -> RunResult:
    """:func:`play` one hand of ``game``. (A window that did not appear in 60 s, twice in a
    round on 2 busy cores, was the Xvfb resetting as its last client left and refusing the
    simulator in that moment, which then played on in no window: the test X servers run with
    -noreset now, and a simulator without its window says so and stops; no second start.)"""
    return play(hand_spec(game), work)


def check_hand(game: str, result: RunResult) -> None:
    assert result.hands == 1
    assert result.taps >= 1 + 40 // PRESETS[game].n_seats // 2  # Gioca and the person's cards
    assert result.tapped["card"] >= 40 // PRESETS[game].n_seats // 2
    end = Path(result.shots[-1])
    assert end.name == "hand01-end.png" and end.stat().st_size > 10_000
    assert sum(result.totals) > 0  # the hand was counted


def hands_side_by_side(games: list[str], tmp_path: Path) -> dict[str, RunResult | BaseException]:
    """Every game's hand played at once, the simulators started one after another; each
    game's result, or what it raised."""
    outcomes: dict[str, RunResult | BaseException] = {}

    def run(game: str) -> None:
        try:
            outcomes[game] = play_hand(game, tmp_path / game)
        except BaseException as exc:  # reported per game by the test
            outcomes[game] = exc

    threads: list[threading.Thread] = []
    for game in games:
        thread = threading.Thread(target=run, args=(game,), name=f"touch-{game}", daemon=True)
        thread.start()
        threads.append(thread)
        described = [tmp_path / game / "probe.json", tmp_path / game / "again" / "probe.json"]
        while thread.is_alive() and not any(p.exists() for p in described):
            time.sleep(0.1)  # the next simulator starts once this one is up (or gone)
    for thread in threads:
        thread.join()
    return outcomes


@pytest.mark.xvfb
@pytest.mark.timeout(600)  # four hands' worth: each run's own stall and time limits speak first
@needs_x
@pytest.mark.parametrize("games", HAND_GROUPS, ids=["+".join(g) for g in HAND_GROUPS])
def test_a_whole_hand_of_every_game_by_touch(games: list[str], tmp_path: Path) -> None:
    """Gioca, every card, declaration, call and signal of one hand tapped through X; the
    end-of-hand screen shown and photographed. No computer pause (``--think-ms 0``), the
    fast trick display from the settings file (the full matches tap it in Settings). The
    languages rotate, and every third game is played on the small screen."""
    assert sorted(g for group in HAND_GROUPS for g in group) == sorted(PRESETS)  # every game, once
    outcomes = hands_side_by_side(games, tmp_path)
    failed: list[str] = []
    first: BaseException | None = None
    for game in games:
        outcome = outcomes[game]
        try:
            if isinstance(outcome, BaseException):
                raise outcome
            check_hand(game, outcome)
        except Exception as exc:  # every game's failure named, the first one raised
            failed.append(f"{game}: {type(exc).__name__}: {str(exc)[:1500]}")
            first = first or exc
    if failed:
        raise AssertionError("\n".join(failed)) from first


MATCHES: list[tuple[str, str, int]] = [  # (game, language, target): a low target where the preset allows one
    ("tressette2", "en", 21), ("treschetten2", "it", 31), ("treseta4", "de", 21), ("treseta_hr", "en", 21),
    ("tressette4", "it", 21), ("briscola", "de", 21), ("chiamata", "en", 21), ("terziglio3", "it", 21),
    ("ciapano", "de", 21), ("treschetten3", "en", 31), ("treschetten4", "it", 31),
    ("briskula4", "it", 2),
]  # fmt: skip


@pytest.mark.touch_match
@pytest.mark.xvfb
@needs_x
@pytest.mark.parametrize(("game", "lang", "target"), MATCHES, ids=[m[0] for m in MATCHES])
def test_a_whole_match_by_touch(game: str, lang: str, target: int, tmp_path: Path) -> None:
    """Minutes each at the fast game speed: ``pytest -m touch_match`` (not in CI)."""
    spec = RunSpec(game, lang=lang, target=target, seed=11, out=ARTIFACTS / f"match-{game}-{lang}-800x480")
    result = play(spec, tmp_path)
    assert result.match_over and result.winner is not None
    names = [Path(x).name for x in result.shots]
    assert "match-end.png" in names
    assert {"review.png", "review-hand.png"} <= set(names), names  # the coach's review, a hand of it
    assert result.tapped.get("review") == 1 and result.tapped.get("home") == 1


CROATIAN = [("treseta_hr", 41), ("briskula2", 4)]  # the coast's games to their clubs' targets


@pytest.mark.touch_match
@pytest.mark.xvfb
@needs_x
@pytest.mark.parametrize(("game", "target"), CROATIAN, ids=[g for g, _ in CROATIAN])
def test_a_croatian_table_plays_its_games_with_the_triestine_deck(game: str, target: int, tmp_path: Path) -> None:
    """Issue 39: Trešeta to 41 with akuže and a Briškula match, by touch, in Croatian, with the
    Triestine deck; the screenshots stay in test-artifacts/touch/croatian-<game>/."""
    spec = RunSpec(game, lang="hr", target=target, seed=41, deck_style="triestine",
                   out=ARTIFACTS / f"croatian-{game}")
    result = play(spec, tmp_path)
    assert result.match_over and result.winner is not None
    names = {Path(x).name for x in result.shots}
    assert {"match-end.png", "review.png"} <= names, names
    assert 'deck_style = "triestine"' in config_text(spec) and 'language = "hr"' in config_text(spec)
