"""Score sheet mistakes taken back by a person, with real X clicks on the simulator's window
under Xvfb (the tap travels X → SDL → pygame → the screen → the controller): in tressette4
(Italian) a napoletana decima tapped by mistake asks first, *Back* writes nothing, confirmed it
ends the match and *Undo last entry* takes the count and the decima back; in treseta4 (German,
cappotto doubling) a cappotto entered by mistake asks first and is dropped, a count is taken back
and entered again. In both, a finished hand tapped on the score sheet is corrected on the count
screen. The journal replays to what the screen shows. Screenshots in
``test-artifacts/sheet-corrections/``."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

from firmware.engine.records import replay

from .conftest import REPO
from .test_xvfb_real_cards import Sim, game_toml, wait, xdisplay  # noqa: F401  (xdisplay: the fixture)

pytestmark = pytest.mark.xvfb

ARTIFACTS = REPO / "test-artifacts" / "sheet-corrections"


class SheetSim(Sim):
    def shot(self, name: str) -> Path:
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        self.shots += 1
        path = ARTIFACTS / f"{self.prefix}-{self.shots:02d}-{name}.png"
        from .test_xvfb_real_cards import x

        x(self.display, "import", "-window", "root", str(path))
        return path

    prefix = ""

    def entry(self) -> dict[str, Any]:
        got: dict[str, Any] = self.probe().get("sheet_entry") or {}
        return got

    def tap(self, name: str, done: Any, what: str) -> None:
        self.tap_until(self.button(name), done, what)

    def screen(self, name: str) -> Any:
        return lambda: self.probe().get("screen") == name

    def kinds(self) -> list[str]:
        """The journal's entries, by their key (declare, tally, undo, amend)."""
        out = []
        for h in self.journal()["hands"]:
            for a in h["actions"]:
                out.append(next(k for k in ("amend", "declare", "tally", "undo") if k in a))  # an amendment holds a tally
        return out


def language(toml: str, lang: str) -> str:
    return toml.replace('language = "it"', f'language = "{lang}"')


def start(sim: SheetSim) -> None:
    sim.click(sim.button("scoresheet"))
    time.sleep(0.5)
    sim.click(sim.button("start"))
    wait(lambda: sim.probe().get("sheet_entry"), 30, "the count screen")


def points(sim: SheetSim, thirds: int) -> None:
    """Enter ``thirds`` for the first side with − / + / ⅓ (from what is shown)."""
    def shown() -> int:
        value: int = sim.entry()["thirds"][0]
        return value

    def changed(before: int) -> Any:
        return lambda: (t := shown()) != before and [t]

    now = shown()
    while now // 3 != thirds // 3:
        sim.click(sim.button("sh_plus:0" if now // 3 < thirds // 3 else "sh_minus:0"))
        time.sleep(0.12)
        now = wait(changed(now), 10, "a point")[0]
    while now % 3 != thirds % 3:
        sim.click(sim.button("sh_third:0"))
        time.sleep(0.12)
        now = wait(changed(now), 10, "a third")[0]


def correct_hand_1(sim: SheetSim, thirds: int) -> None:
    """The score sheet from the count screen, hand 1 tapped, its points changed, counted."""
    sim.tap("sh_sheet", sim.screen("sheet"), "the score sheet")
    sim.shot("score-sheet")
    sim.tap("hand:1", lambda: sim.entry().get("amend") == 0, "hand 1 open to correct it")
    sim.shot("correct-hand-1")
    points(sim, thirds)
    n = len(sim.kinds())
    sim.tap("sh_enter", lambda: len(sim.kinds()) > n, "the correction in the journal")
    wait(lambda: sim.entry().get("amend") is None, 10, "back to the hand being kept")
    sim.shot("corrected")


def test_a_decima_tapped_by_mistake_is_taken_back_in_tressette4_italian(xdisplay: str, tmp_path: Path) -> None:  # noqa: F811
    sim = SheetSim(xdisplay, tmp_path, language(game_toml("tressette4", ["table"] * 4), "it"))
    sim.prefix = "tressette4-it"
    try:
        start(sim)
        sim.tap("sh_accusi", lambda: sim.entry().get("choosing") == 0, "seat 1's accusi")
        assert sim.entry()["choices"][0][0] == "decima"  # the first accuso button
        sim.tap("sh_decl:0", lambda: bool(sim.entry().get("question")), "the question")
        q = sim.entry()["question"]
        assert "Decima" in q and "Confermi?" in q and "×16" in q, q
        sim.shot("decima-asks")
        assert sim.record() is None or sim.kinds() == []  # nothing journalled yet
        sim.tap("sh_q_back", lambda: sim.entry().get("question") is None, "Back")
        assert sim.kinds() == []
        sim.tap("sh_decl:0", lambda: bool(sim.entry().get("question")), "the question again")
        sim.tap("sh_q_confirm", lambda: sim.kinds() == ["declare"], "the decima journalled")
        sim.tap("sh_enter", lambda: bool(sim.entry().get("question")), "the count's question")
        q = sim.entry()["question"]
        assert "0-0" not in q and "×16" in q and "partita" in q, q
        sim.shot("decima-count-asks")
        sim.tap("sh_q_confirm", sim.screen("hand_end"), "the match over")
        assert sim.probe()["model"]["match_over"]
        sim.shot("match-over")
        sim.tap("sh_undo", lambda: sim.kinds()[-1] == "undo", "the count taken back")
        wait(lambda: sim.entry().get("undo") == "decima", 20, "the decima still said")
        sim.shot("count-undone")
        sim.tap("sh_undo", lambda: sim.kinds().count("undo") == 2, "the decima taken back")
        wait(lambda: sim.entry().get("undo") == "", 20, "nothing left to take back")
        points(sim, 20)  # 6⅔ - 5
        sim.tap("sh_enter", lambda: sim.kinds()[-1] == "tally", "hand 1 counted")
        wait(sim.screen("hand_end"), 20, "hand 1's end")
        sim.tap("next_hand", lambda: bool(sim.probe().get("sheet_entry")), "hand 2")
        correct_hand_1(sim, 23)  # 7⅔ - 4
        box = replay(sim.journal())
        assert sim.kinds() == ["declare", "tally", "undo", "undo", "tally", "amend"]
        assert box.totals == [7, 4] and not box.finished
        assert sim.probe()["model"]["totals"] == box.totals
    finally:
        err = sim.stop()
    assert "Traceback" not in err, err[-3000:]


def test_a_cappotto_and_a_count_taken_back_in_treseta4_german(xdisplay: str, tmp_path: Path) -> None:  # noqa: F811
    sim = SheetSim(xdisplay, tmp_path, language(game_toml("treseta4", ["table"] * 4, 'cappotto = "double"'), "de"))
    sim.prefix = "treseta4-de"
    try:
        start(sim)
        points(sim, 35)  # every third to side 1 ...
        sim.tap("sh_sudden", lambda: True, "cappotto")  # ... and a cappotto tapped by mistake
        time.sleep(0.5)
        sim.tap("sh_enter", lambda: bool(sim.entry().get("question")), "the cappotto's question")
        q = sim.entry()["question"]
        assert "Cappotto" in q and "Bestätigen?" in q, q
        sim.shot("cappotto-asks")
        sim.tap("sh_q_back", lambda: sim.entry().get("question") is None, "Back")
        assert sim.record() is None or sim.kinds() == []  # nothing journalled
        for _ in range(2):  # the sudden win cycled back to none
            sim.click(sim.button("sh_sudden"))
            time.sleep(0.5)
        points(sim, 20)
        sim.tap("sh_enter", lambda: sim.kinds() == ["tally"], "hand 1 counted")
        wait(sim.screen("hand_end"), 20, "hand 1's end")
        sim.shot("hand-1-counted")
        sim.tap("sh_undo", lambda: sim.kinds()[-1] == "undo", "the count taken back")
        wait(lambda: bool(sim.probe().get("sheet_entry")), 20, "the count screen again")
        sim.shot("count-undone")
        points(sim, 18)
        sim.tap("sh_enter", lambda: sim.kinds()[-1] == "tally", "hand 1 counted again")
        wait(sim.screen("hand_end"), 20, "hand 1's end")
        sim.tap("next_hand", lambda: bool(sim.probe().get("sheet_entry")), "hand 2")
        correct_hand_1(sim, 21)  # 7 - 4⅔
        box = replay(sim.journal())
        assert sim.kinds() == ["tally", "undo", "tally", "amend"]
        assert box.totals == [7, 4]
        assert sim.probe()["model"]["totals"] == box.totals
    finally:
        err = sim.stop()
    assert "Traceback" not in err, err[-3000:]
