"""The guided first hand ("Learn to play", firmware/app/guide.py), the controller driven
synchronously: a hand of tressette2 against the easy computer from the guide's seed
shows every lesson once, in the order a newcomer meets them; a lesson goes on a tap
or when play goes on; "Skip the lessons" leaves a plain hand; the match is journalled
as a lesson and never counted in the statistics; a power cut in it resumes the hand
with its lessons."""

from __future__ import annotations

from pathlib import Path

from firmware.app.guide import GUIDE_SEED, GUIDE_VARIANT
from firmware.engine import SUIT, Declare, Play, legal_actions
from firmware.engine.cards import thirds_of
from firmware.engine.lessons import lessons_for
from firmware.engine.seating import SeatSpec
from tests.app.conftest import Table
from tests.uishare import shared
from ui import intents as ui
from ui.i18n import Amount, render


def _play_guided(table: Table, *, declare: bool = True, dismiss: bool = True, limit: int = 400) -> list[str]:
    """The person answers each lesson (the accuso declared, the lesson dismissed) and plays
    its first legal card; the kinds of the lessons shown, in order."""
    ctl = table.ctl
    shown: list[str] = []
    for _ in range(limit):
        m = ctl.model()
        if m.lesson is not None and (not shown or shown[-1] != m.lesson.kind):
            shown.append(m.lesson.kind)
            _check_lesson_true(table)
            if m.lesson.kind == "accuso" and declare:
                table.put(ui.Declare(m.declarable[0]))
                continue
            if dismiss:
                table.put(ui.Guide("dismiss"))
                continue
        if ctl.phase != "play":
            break
        if not table.human_plays():
            if m.declare_prompt:
                table.put(ui.NothingToDeclare())
            else:
                break
    return shown


def _check_lesson_true(table: Table) -> None:
    """What the lesson on screen says holds in the position (the engine's state)."""
    ctl = table.ctl
    m = ctl.model()
    assert m.lesson is not None and ctl.match is not None and ctl.match.state is not None
    state = ctl.match.state
    said = {x.kind: x for x in lessons_for(ctl.match.view_for(0))}
    assert m.lesson.kind in said  # never a lesson of another position
    lesson = said[m.lesson.kind]
    if m.lesson.kind == "follow":
        led = SUIT[state.trick[0]]
        legal = {a.card for a in legal_actions(state, 0) if isinstance(a, Play)}
        assert m.lesson.marked == legal == frozenset(m.playable) == {c for c in state.hand_of(0) if SUIT[c] == led}
    if m.lesson.kind == "void":
        assert not any(SUIT[c] == SUIT[state.trick[0]] for c in state.hand_of(0)) and not m.lesson.marked
    if m.lesson.kind == "trick":
        worth = dict(m.lesson.text.args)["worth"]
        assert isinstance(worth, Amount) and round(worth.value * 3) == lesson.thirds > 0
        t = state.tricks[-1]
        assert lesson.thirds == sum(thirds_of(c) for c in t.cards) + (3 if state.over else 0)
    if m.lesson.kind == "accuso":
        assert lesson.declaration is not None
        assert ("worth", Amount(lesson.declaration.points)) in m.lesson.text.args
        assert any(isinstance(a, Declare) for a in ctl.match.view_for(0).legal)
    for lang in ("it", "de", "en"):
        text = render(m.lesson.text, lang)
        assert text and "{" not in text  # every argument given


def test_the_guided_hand_shows_every_lesson_once_in_order(tmp_path: Path) -> None:
    table = Table(tmp_path / "s")
    table.put(ui.Guide("start"))
    ctl = table.ctl
    assert ctl.table.match_mode == "lesson" and ctl.variant is not None and ctl.variant.name == GUIDE_VARIANT
    assert [str(s) for s in ctl.seats] == ["human", "cpu:easy"]
    assert ctl.match_id is not None
    assert ctl.journal.record(ctl.match_id)["hands"][0]["deal"]["seed"] == GUIDE_SEED
    shown = _play_guided(table)
    assert shown[0] == "accuso" and shown[-1] == "count"
    assert sorted(shown) == sorted({"accuso", "follow", "void", "trick", "count"})  # each one, once
    assert ctl.phase == "hand_over"
    table.put(ui.Guide("dismiss"))
    assert ctl.model().lesson is None
    table.put(ui.NextHand())  # the next hand is a plain one: the lessons are over
    assert ctl.phase == "play" and ctl.model().lesson is None
    table.close()


def test_playing_on_answers_a_lesson(tmp_path: Path) -> None:
    table = Table(tmp_path / "s")
    table.put(ui.Guide("start"))
    # never dismissed: each lesson goes when the position it spoke of is gone
    shown = _play_guided(table, declare=False, dismiss=False)
    assert "follow" in shown and "void" in shown and "trick" in shown
    table.close()


def test_skip_leaves_a_plain_hand(tmp_path: Path) -> None:
    table = Table(tmp_path / "s")
    table.put(ui.Guide("start"))
    ctl = table.ctl
    assert ctl.model().lesson is not None
    table.put(ui.Guide("skip"))
    assert ctl.model().lesson is None and ctl.phase == "play"
    assert _play_guided(table) == [] and ctl.phase == "hand_over"
    table.close()


def test_a_lesson_match_is_never_in_the_statistics(tmp_path: Path) -> None:
    table = Table(tmp_path / "s")
    table.put(ui.Guide("start"))
    ctl = table.ctl
    for _ in range(40):
        _play_guided(table)
        if ctl.phase == "match_over":
            break
        table.put(ui.NextHand())
    assert ctl.phase == "match_over"
    assert ctl.match_id is not None
    row = ctl.journal.match(ctl.match_id)
    assert row is not None and row.finished is not None and row.mode == "lesson"
    assert ctl.journal.statistics() == [] == ctl.journal.statistics_recounted()
    assert ctl.journal.accuracy_history() == []  # nor in the accuracy over time
    stats = ctl.model().stats
    assert stats.lines == () and stats.history == () and stats.accuracy == ()
    table.close()


def test_a_power_cut_resumes_the_guided_hand_with_its_lessons(tmp_path: Path) -> None:
    first = Table(tmp_path / "s")
    first.put(ui.Guide("start"))
    first.put(ui.Declare(first.ctl.model().declarable[0]))
    for _ in range(3):
        first.human_plays()
    assert first.ctl.match_id is not None
    actions = len(first.ctl.journal.record(first.ctl.match_id)["hands"][0]["actions"])
    first.close()  # the power goes
    second = Table(tmp_path / "s")
    assert second.ctl.boot()
    ctl = second.ctl
    assert ctl.table.match_mode == "lesson" and ctl.phase == "play"
    assert ctl.match_id is not None
    assert len(ctl.journal.record(ctl.match_id)["hands"][0]["actions"]) == actions
    shown = _play_guided(second)
    assert "count" in shown and "accuso" not in shown  # declared before the cut: nothing to say of it
    second.close()


def test_the_guide_plays_easy_and_gives_the_chosen_level_back(tmp_path: Path) -> None:
    """The guided hand is against the easy computer; during it and after it the home
    screen offers the level the person chose, not the guide's (issue 38)."""
    from firmware.app.present import home_preset

    table = Table(tmp_path / "s", seats=["human", "cpu:hard"])
    ctl = table.ctl
    assert ctl.new_match().accepted  # a match at the level chosen
    table.put(ui.Guide("start"))
    assert [str(s) for s in ctl.seats] == ["human", "cpu:easy"]
    for _ in range(2):
        p = home_preset(ctl.variant, ctl.seats, ctl.settings, ctl.match_mode, ctl.table.last_game)
        assert [str(s) for s in p.seats] == ["human", "cpu:hard"], p
        table.put(ui.Guide("skip"))
        _play_guided(table)
    table.close()


def test_learn_to_play_says_the_computer_plays_easy() -> None:
    """*Learn to play* with another level chosen asks first, saying the guide's is easy and
    the chosen one comes back (it was set silently)."""
    import os

    import pygame

    from ui.app import UIApp
    from ui.i18n import tr

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    pygame.display.init()
    pygame.font.init()
    app = shared(UIApp(pygame.Surface((480, 320)), settings={"language": "de"}, sounds=False))
    app.preset_home("tressette2", seats=[SeatSpec("human"), SeatSpec.cpu("hard")])
    app.show("home")
    app.home.press("learn")
    assert not [x for x in app.intents() if isinstance(x, ui.Guide)]
    assert app.question is not None
    question, intent = app.question
    assert intent == ui.Guide("start")
    assert question == f'{tr("learn_easy_note", "de", level=tr("hard", "de"))} {tr("learn_start_q", "de")}'
    assert "leicht" in question and "schwer" in question
