"""What a person chose on the home screen and has not played yet survives a power cut:
the game, its options, who sits where (a person at the screen, a phone, real cards, the
computer at each level, the score sheet), casual or rated, and who plays (issue: after
a cut the home screen came back to the last match played, or to the settings' game)."""

from __future__ import annotations

import json
import logging
import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from firmware.engine import PRESETS
from firmware.engine.seating import HUMAN, PHONE, TABLE, SeatSpec, check_seat
from tests.app.conftest import MakeTable, Table, ui_on

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

SEAT_KINDS = ("human", "phone", "table", "cpu:easy", "cpu:normal", "cpu:hard", "scoresheet")
"""Every kind of seat the home screen offers, and the score sheet (every seat its own cards)."""


def _app(t: Table) -> object:
    from ui.app import UIApp

    app = ui_on(t)
    assert isinstance(app, UIApp)
    return app


def _tap(app: object, name: str) -> None:
    """A finger on the home screen's button ``name``."""
    from ui.app import UIApp

    assert isinstance(app, UIApp) and app.screen == "home"
    rect = next(b.rect for b in app.home.buttons(app.surface.get_size()) if b.name == name)
    assert app.tap(rect.center)


def _target(kind: str, n: int) -> list[SeatSpec]:
    """The seats chosen for ``kind``: never the home screen's first offer (you and the computer)."""
    if kind == "human":
        return [SeatSpec.cpu("normal")] * (n - 1) + [HUMAN]
    if kind == "phone":
        return [HUMAN, PHONE] + [SeatSpec.cpu("normal")] * (n - 2)
    if kind == "table":
        return [TABLE] * n
    if kind == "scoresheet":
        return [HUMAN] + [SeatSpec.cpu("hard")] * (n - 1)
    return [HUMAN] + [check_seat(kind)] * (n - 1)


def _shown(app: object) -> tuple[object, ...]:
    """Everything the home screen shows chosen (what *Play* would start, and more)."""
    from ui.app import UIApp

    assert isinstance(app, UIApp)
    h = app.home
    return (h.variants[h.vi], dict(h.options), list(h.seats), h.casual, h.scoresheet, list(h.players))


def _choose(t: Table, app: object, name: str, kind: str) -> None:
    """On the home screen, by taps: the game, every option one step on, the seats of
    ``kind``, casual, the score sheet for ``scoresheet``, and a name for the first person."""
    from ui.app import UIApp

    assert isinstance(app, UIApp)
    home = app.home
    for _ in range(len(home.variants)):
        if home.variants[home.vi] == name:
            break
        _tap(app, "variant:next")
    assert home.variants[home.vi] == name
    cycled: set[str] = set()

    def options() -> None:
        for b in home.buttons(app.surface.get_size()):
            if b.name.startswith("option:") and b.name not in cycled and len(
                    next(o for o in home.preset.options if o.key == b.name[7:]).choices) > 1:
                cycled.add(b.name)
                _tap(app, b.name)

    options()
    target = _target(kind, len(home.seats))
    for i, want in enumerate(target):
        for _ in range(7):
            if home.seats[i] == want:
                break
            _tap(app, f"seat:{i}")
    assert home.seats == target, f"{name}: {target} cannot be chosen"
    options()  # what a revoke costs is offered once real cards are at the table
    _tap(app, "casual")
    if kind == "scoresheet":
        _tap(app, "scoresheet")
    t.pump()
    person = next(i for i in range(len(home.seats)) if home.is_person(i))
    _tap(app, "players")
    assert app.screen == "players"
    app.players.press(f"type:{person}")
    app.players.type("Anna")
    app.players.press("ok")
    app.players.press("back")
    t.pump()
    assert home.players[person] == "Anna"


def _again(make_table: MakeTable, d: Path, name: str) -> Table:
    """The box after the cut: settings of another game than the one chosen."""
    other = "briscola" if name != "briscola" else "tressette2"
    n = PRESETS[other].n_seats
    t = make_table(variant=other, seats=["human"] + ["cpu:normal"] * (n - 1), state_dir=d)
    assert not t.ctl.boot()
    return t


@pytest.mark.parametrize("kind", SEAT_KINDS)
@pytest.mark.parametrize("name", list(PRESETS))
def test_a_choice_not_yet_played_survives_a_power_cut(
    make_table: MakeTable, tmp_path: Path, name: str, kind: str
) -> None:
    d = tmp_path / "box"
    t = make_table(state_dir=d)
    assert not t.ctl.boot()
    app = _app(t)
    _choose(t, app, name, kind)
    chosen = _shown(app)
    t.close()  # the power goes
    again = _again(make_table, d, name)
    assert _shown(_app(again)) == chosen


def test_a_match_played_after_the_choice_is_offered_instead(make_table: MakeTable, tmp_path: Path) -> None:
    """The newer of the two wins: a match played since the choice was made."""
    d = tmp_path / "box"
    t = make_table(state_dir=d)
    assert not t.ctl.boot()
    _choose(t, _app(t), "treseta4", "cpu:hard")
    t.ctl.new_match("terziglio3", {}, [HUMAN, SeatSpec.cpu("easy"), SeatSpec.cpu("easy")], casual=True)
    t.journal.finish_match(t.match_id, 0, [31, 0])
    t.close()
    shown = _shown(_app(_again(make_table, d, "terziglio3")))
    assert shown[0] == "terziglio3" and shown[2] == [HUMAN, SeatSpec.cpu("easy"), SeatSpec.cpu("easy")]


def test_a_choice_made_after_a_match_is_offered_instead_of_it(make_table: MakeTable, tmp_path: Path) -> None:
    d = tmp_path / "box"
    t = make_table(state_dir=d)
    t.ctl.new_match("terziglio3", {}, [HUMAN, SeatSpec.cpu("easy"), SeatSpec.cpu("easy")], casual=True)
    t.journal.finish_match(t.match_id, 0, [31, 0])
    t.close()
    t = make_table(state_dir=d)
    assert not t.ctl.boot()
    app = _app(t)
    _choose(t, app, "ciapano", "phone")
    chosen = _shown(app)
    t.close()
    assert _shown(_app(_again(make_table, d, "ciapano"))) == chosen


def test_the_choice_is_written_once_per_change_not_per_frame(
    make_table: MakeTable, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import firmware.app.homechoice as homechoice
    from firmware.config import atomic_write

    writes: list[str] = []

    def counting(path: Path, text: str) -> None:
        writes.append(text)
        atomic_write(path, text)

    monkeypatch.setattr(homechoice, "atomic_write", counting)
    t = make_table(state_dir=tmp_path / "box")
    assert not t.ctl.boot()
    app = _app(t)
    _tap(app, "casual")
    for _ in range(50):  # frames with nothing changed
        t.loop.step(timeout=0)
        t.loop.refresh(force=True)
    assert len(writes) == 1
    _tap(app, "casual")
    _tap(app, "casual")  # two taps between two frames: the screen as it is then
    t.pump()
    assert len(writes) == 1  # back to what was written: nothing new to write
    _tap(app, "seat:1")
    t.pump()
    assert len(writes) == 2


def test_a_cut_in_the_middle_of_a_write_leaves_the_choice_before(
    make_table: MakeTable, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The record is replaced whole or not at all: the power going between the temporary
    file's write and its rename (here the rename fails) leaves the last choice written, and
    a half-written temporary file is never read."""
    d = tmp_path / "box"
    t = make_table(state_dir=d)
    assert not t.ctl.boot()
    app = _app(t)
    _choose(t, app, "treseta_hr", "cpu:easy")
    before = _shown(app)

    def cut(src: object, dst: object) -> None:
        raise OSError(5, "Input/output error")

    monkeypatch.setattr(os, "replace", cut)  # the rename firmware.config.atomic_write ends with
    _tap(app, "seat:1")
    _tap(app, "scoresheet")
    t.pump()
    monkeypatch.undo()
    assert _shown(app) != before
    (d / ".home.json.k3x9.tmp").write_text('{"kind": "tressette-home-choice", "vers')  # as a cut leaves one
    t.close()
    assert _shown(_app(_again(make_table, d, "treseta_hr"))) == before


GARBLED = st.one_of(
    st.binary(max_size=300),
    st.text(max_size=200).map(str.encode),
    st.recursive(
        st.none() | st.booleans() | st.integers() | st.text(max_size=12),
        lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=5),
        max_leaves=20,
    ).map(lambda doc: json.dumps(doc).encode()),
    st.fixed_dictionaries({
        "kind": st.sampled_from(["tressette-home-choice", "people"]),
        "version": st.sampled_from([1, 2, "1"]),
        "after_match": st.one_of(st.integers(-3, 10**20), st.text(max_size=3)),
        "variant": st.sampled_from([*PRESETS, "poker", ""]),
        "options": st.dictionaries(st.sampled_from(["target", "accusi", "players", "nope"]),
                                   st.one_of(st.integers(-1, 60), st.booleans(), st.text(max_size=4)), max_size=3),
        "seats": st.lists(st.sampled_from(["human", "phone", "table", "cpu:easy", "cpu:hard", "cpu:wild", "", 3]),
                          max_size=5),
        "casual": st.one_of(st.booleans(), st.integers(0, 2)),
        "scoresheet": st.one_of(st.booleans(), st.none()),
        "players": st.lists(st.one_of(st.none(), st.text(max_size=30), st.integers()), max_size=5),
    }).map(lambda doc: json.dumps(doc).encode()),
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=GARBLED)
def test_a_garbled_record_never_breaks_the_start(tmp_path: Path, caplog: pytest.LogCaptureFixture, data: bytes) -> None:
    """Whatever the file holds: the start goes on, the home screen offers the old choice
    (the settings' game here), and a record that is not taken is said in one log line."""
    from firmware.app.controller import TableController
    from firmware.app.homechoice import FILE_NAME
    from firmware.app.present import home_preset
    from firmware.config import GameSettings, check_seats
    from firmware.store import Journal

    d = tmp_path / "garbled"
    d.mkdir(exist_ok=True)
    (d / FILE_NAME).write_bytes(data)
    chosen = GameSettings(variant="treseta4", seats=check_seats(["human", "cpu:easy", "cpu:easy", "cpu:easy"]))
    caplog.clear()
    with Journal.open(d) as journal, caplog.at_level(logging.INFO, logger="firmware.app.homechoice"):
        ctl = TableController(journal, chosen)
        assert not ctl.boot()
    kept = ctl.table.home_choice
    p = home_preset(ctl.variant, ctl.seats, ctl.settings, ctl.match_mode, ctl.table.last_game, kept)
    said = [r for r in caplog.records if r.name == "firmware.app.homechoice"]
    if kept is None:
        assert (p.variant, p.seats, p.choice) == ("treseta4", tuple(chosen.seats), None)
        assert len(said) == 1 and "\n" not in said[0].getMessage(), said
    else:  # a record that happens to be a good one: offered, as it reads
        assert p.choice == kept.choice and not said
