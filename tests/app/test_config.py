"""The settings file: documented default written on first start, bad files never crash."""

from __future__ import annotations

import tomllib
from pathlib import Path

from firmware import config


def test_first_start_writes_the_documented_default(tmp_path: Path) -> None:
    path = tmp_path / "etc" / "tressette.toml"
    settings, problems = config.load(path)
    assert problems == []
    text = path.read_text()
    assert "# Seats in turn order" in text and "[game]" in text and "[paths]" in text
    doc = tomllib.loads(text)
    assert doc["game"]["variant"] == "tressette2"
    assert settings.game.seats == ["human", "cpu:normal"]
    assert settings.state_dir == "/var/lib/tressette"
    assert settings.hardware_config is not None  # hal/config.py checked its section


def test_values_are_read(tmp_path: Path) -> None:
    path = tmp_path / "s.toml"
    path.write_text(
        '[game]\nvariant = "treschetten2"\nseats = ["cpu:hard", "human"]\nthink_ms = 0\n'
        "[game.options]\ntarget = 41\n"
        '[ui]\nlanguage = "de"\nbrightness = 7\nsounds = false\n'
        '[paths]\nstate_dir = "/tmp/x"\n'
        "[hardware.display]\nenabled = false\n"
    )
    s, problems = config.load(path)
    assert problems == []
    assert (s.game.variant, s.game.seats, s.game.options) == ("treschetten2", ["cpu:hard", "human"], {"target": 41})
    assert (s.ui.language, s.ui.brightness, s.ui.sounds, s.state_dir) == ("de", 7, False, "/tmp/x")
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
    assert s.game.variant == "tressette2" and s.game.seats == ["human", "cpu:normal"]
    assert (s.ui.language, s.ui.brightness) == ("it", 5)


def test_seats_rules() -> None:
    assert config.check_seats("cpu:hard, cpu:normal", 2) == ["cpu:hard", "cpu:normal"]
    for bad, n in ((["human"], 2), (["table", "cpu:easy"], 2), (["cpu:genius", "human"], 2)):
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


def test_a_setting_changed_on_screen_is_kept_with_the_comments(tmp_path: Path) -> None:
    from firmware.app.controller import ControllerOptions, TableController
    from firmware.store import Journal
    from ui.intents import SetSetting

    path = tmp_path / "s.toml"
    config.load(path)
    with Journal.open(tmp_path / "state") as j:
        ctl = TableController(j, options=ControllerOptions(settings_file=path))
        ctl.handle(SetSetting("language", "de"))
        ctl.handle(SetSetting("sounds", False))
        ctl.handle(SetSetting("brightness", 100))
        assert ctl.brightness == 7
        ctl.handle(SetSetting("language", "fr"))
        assert ctl.message.level == "refusal"
    s, problems = config.load(path)
    assert problems == [] and (s.ui.language, s.ui.sounds, s.ui.brightness) == ("de", False, 7)
    assert "# it | en | de" in path.read_text()
