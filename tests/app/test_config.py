"""The settings file: documented default written on first start, bad files never crash."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import TYPE_CHECKING

from firmware import config
from firmware.engine.seating import TABLE, SeatSpec

if TYPE_CHECKING:
    from firmware.app.runtime import Runtime


def test_first_start_writes_the_documented_default(tmp_path: Path) -> None:
    path = tmp_path / "etc" / "tressette.toml"
    settings, problems = config.load(path)
    assert problems == []
    text = path.read_text()
    assert "# Seats in turn order" in text and "[game]" in text and "[paths]" in text
    doc = tomllib.loads(text)
    assert doc["game"]["variant"] == "tressette2"
    assert [str(x) for x in settings.game.seats] == ["human", "cpu:normal"]
    assert settings.state_dir == "/var/lib/tressette"
    assert settings.hardware_config is not None  # hal/config.py checked its section


def test_values_are_read(tmp_path: Path) -> None:
    path = tmp_path / "s.toml"
    path.write_text(
        '[game]\nvariant = "treschetten2"\nseats = ["cpu:hard", "human"]\nthink_ms = 0\n'
        "[game.options]\ntarget = 41\n"
        '[ui]\nlanguage = "de"\nbrightness = 7\nsounds = false\nspeed = "fast"\n'
        '[paths]\nstate_dir = "/tmp/x"\n'
        "[hardware.display]\nenabled = false\n"
    )
    s, problems = config.load(path)
    assert problems == []
    assert (s.game.variant, [str(x) for x in s.game.seats], s.game.options) == ("treschetten2", ["cpu:hard", "human"], {"target": 41})
    assert (s.ui.language, s.ui.brightness, s.ui.sounds, s.state_dir) == ("de", 7, False, "/tmp/x")
    assert s.ui.speed == "fast"  # docs/box.md: [ui] speed, read without an "unknown setting"
    assert s.hardware_config.display.enabled is False


def test_unreadable_file_means_defaults_and_a_message(tmp_path: Path) -> None:
    path = tmp_path / "s.toml"
    path.write_text("[game\nvariant = ")
    s, problems = config.load(path)
    assert s.game.variant == "tressette2" and len(problems) == 1
    assert "unreadable" in problems[0]
    assert path.read_text() == "[game\nvariant = "  # the person's file is not overwritten


def test_bad_values_fall_back_one_by_one(tmp_path: Path) -> None:
    path = tmp_path / "s.toml"
    path.write_text(
        '[game]\nvariant = "poker"\nseats = ["human", "robot"]\nthink_ms = -1\n'
        '[ui]\nlanguage = "fr"\nbrightness = 9\nsounds = "yes"\n'
        "[hardware.buttons]\nseats = [17, 17]\n"
    )
    s, problems = config.load(path)
    text = "\n".join(problems)
    for needle in ("poker", "robot", "think_ms", "language", "brightness", "sounds", "[hardware]"):
        assert needle in text
    assert s.game.variant == "tressette2" and [str(x) for x in s.game.seats] == ["human", "cpu:normal"]
    assert (s.ui.language, s.ui.brightness) == ("it", 5)


def test_seats_rules() -> None:
    assert config.check_seats("cpu:hard, cpu:normal", 2) == [SeatSpec.cpu("hard"), SeatSpec("computer", "normal")]
    # real cards take computers (their cards scanned at the deal), never a touchscreen seat
    assert config.check_seats(["table", "cpu:easy"], 2) == [TABLE, SeatSpec.cpu("easy")]
    for bad, n in ((["human"], 2), (["table", "human"], 2), (["cpu:genius", "human"], 2)):
        try:
            config.check_seats(bad, n)
        except ValueError:
            continue
        raise AssertionError(bad)


def test_a_bad_settings_file_is_shown_on_screen(tmp_path: Path) -> None:
    from firmware.app.controller import ControllerOptions
    from firmware.app.runtime import Runtime

    path = tmp_path / "s.toml"
    path.write_text('[ui]\nlanguage = "fr"\n')
    settings, problems = config.load(path)
    rt = Runtime(settings=settings, state_dir=tmp_path / "state", options=ControllerOptions(),
                 think_ms=0, seed=1, problems=problems)  # fmt: skip
    with rt:
        assert "language" in rt.ctl.message.text and rt.ctl.message.level == "error"


def _runtime(base: Path, state: Path) -> Runtime:
    from firmware.app.controller import ControllerOptions
    from firmware.app.runtime import Runtime

    settings, problems = config.load(base)
    return Runtime(settings=settings, state_dir=state, options=ControllerOptions(), think_ms=0, seed=1,
                   problems=problems)  # fmt: skip


def test_a_setting_changed_on_screen_survives_a_restart_with_etc_read_only(tmp_path: Path) -> None:
    """The box: /etc is read-only under the unit; the screen's changes live in the state dir."""
    from ui.intents import SetSetting

    base, state = tmp_path / "etc" / "tressette.toml", tmp_path / "state"
    config.load(base)  # the installer's file, with its comments
    before = base.read_text()
    base.chmod(0o444)
    base.parent.chmod(0o555)
    try:
        with _runtime(base, state) as rt:
            assert rt.settings.ui.language == "it" and not rt.ctl.message.message
            rt.ctl.handle(SetSetting("language", "de"))
            rt.ctl.handle(SetSetting("sounds", False))
            rt.ctl.handle(SetSetting("brightness", 100))
            assert rt.ctl.brightness == 7 and rt.ctl.message.level == "info"
            rt.ctl.handle(SetSetting("language", "fr"))  # refused, nothing written
            assert rt.ctl.message.level == "refusal" and rt.ctl.message.message.key == "r_bad_setting"
        # restart: the file, then the screen's settings over it
        with _runtime(base, state) as rt:
            ui = rt.settings.ui
            assert (ui.language, ui.sounds, ui.brightness) == ("de", False, 7)
            assert not rt.ctl.message.message  # nothing to report
    finally:
        base.parent.chmod(0o755)
    assert base.read_text() == before  # the technician's file untouched
    overlay = tomllib.loads((state / "settings.toml").read_text())
    assert overlay == {"ui": {"language": "de", "brightness": 7, "sounds": False}}
    assert not list(state.glob(".settings.toml.tmp"))  # written through a temp file, renamed


def test_the_simulator_keeps_screen_settings_the_same_way(tmp_path: Path) -> None:
    from ui.intents import SetSetting

    base, state = tmp_path / "home" / "tressette.toml", tmp_path / "state"
    with _runtime(base, state) as rt:
        rt.ctl.handle(SetSetting("german_style", "bavarian"))
    with _runtime(base, state) as rt:
        assert rt.settings.ui.german_style == "bavarian"
    assert tomllib.loads(base.read_text())["ui"]["german_style"] == "salzburger"  # the file is left alone


def test_safe_play_set_on_screen_survives_a_restart(tmp_path: Path) -> None:
    """Settings → Play with two taps is kept like the other screen settings."""
    from ui.intents import SetSetting

    base, state = tmp_path / "home" / "tressette.toml", tmp_path / "state"
    with _runtime(base, state) as rt:
        assert rt.settings.ui.safe_play is False  # one tap by default
        rt.ctl.handle(SetSetting("safe_play", True))
    with _runtime(base, state) as rt:
        assert rt.settings.ui.safe_play is True
    assert tomllib.loads((state / "settings.toml").read_text())["ui"]["safe_play"] is True


def test_a_corrupt_overlay_is_moved_aside_and_reported(tmp_path: Path) -> None:
    from ui.i18n import render
    from ui.intents import SetSetting

    base, state = tmp_path / "tressette.toml", tmp_path / "state"
    config.load(base)
    state.mkdir()
    (state / "settings.toml").write_bytes(b'[ui]\nlanguage = "de\n\x00\xff')  # cut mid-write by hand
    with _runtime(base, state) as rt:
        assert rt.settings.ui.language == "it"  # the file's value, i.e. the default
        said = rt.ctl.message
        assert said.level == "error" and said.message.key == "m_settings_moved"
        moved = list(state.glob("settings.toml.corrupt-*"))
        assert len(moved) == 1 and not (state / "settings.toml").exists()
        assert moved[0].name in render(said.message, "it") and "Impostazioni" in render(said.message, "it")
        rt.ctl.handle(SetSetting("language", "en"))  # a fresh overlay replaces it
    with _runtime(base, state) as rt:
        assert rt.settings.ui.language == "en" and not rt.ctl.message.message


def test_a_bad_value_in_the_overlay_keeps_the_files_value(tmp_path: Path) -> None:
    base, state = tmp_path / "tressette.toml", tmp_path / "state"
    base.write_text('[ui]\nlanguage = "de"\n')
    state.mkdir()
    (state / "settings.toml").write_text('[ui]\nlanguage = "fr"\nsounds = false\n')
    with _runtime(base, state) as rt:
        assert (rt.settings.ui.language, rt.settings.ui.sounds) == ("de", False)
        assert rt.ctl.message.level == "error" and "language" in rt.ctl.message.text
