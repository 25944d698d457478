"""The settings file: TOML, validated, written with comments on first start.

``/etc/tressette/tressette.toml`` on the box; ``~/.config/tressette/tressette.toml``
(or ``--config FILE``) in the simulator. A missing file is written from
:data:`DEFAULT_TOML`. A file that does not parse or holds a bad value never
stops the program: :func:`load` returns the defaults for what is wrong plus a
list of problems, which the program logs and shows on screen.

The ``[hardware]`` section belongs to the hardware layer: it is checked by
``hal.config`` (when that module is present) and kept here as a plain table.
"""

from __future__ import annotations

import logging
import os
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

log = logging.getLogger("firmware.config")

BOX_CONFIG = Path("/etc/tressette/tressette.toml")
BOX_STATE_DIR = "/var/lib/tressette"
LEVELS = ("easy", "normal", "hard")
LANGUAGES = ("it", "en", "de")

DEFAULT_TOML = """\
# Settings of the Tressette box. Written with defaults on first start;
# edit and restart. A bad value is reported on screen and its default used.

[game]
# Variant played by "New game": tressette2, treschetten2, treseta4,
# tressette4, terziglio3, ciapano, chiamata, briscola, ... (as this release
# supports; see docs/box.md).
variant = "tressette2"
# Seats in turn order, one per player of the variant:
#   "human"        the touchscreen
#   "cpu:easy" | "cpu:normal" | "cpu:hard"   a computer player
#   "table"        a person playing real cards through the card reader
# A game with any "table" seat is refereed: every seat must then be "table".
seats = ["human", "cpu:normal"]
# How long a computer player at least "thinks" before playing, in ms
# (so its card can be seen arriving); 0 = as fast as it can.
think_ms = 600

# Variant options over the preset's defaults, e.g. target = 31, accusi = false.
[game.options]

[ui]
language = "it"          # it | en | de
deck_style = "napoletane"    # napoletane | piacentine
german_style = "salzburger"  # salzburger | bavarian (the Bavarian deck's pictures)
brightness = 5           # LED score display, 0..7
sounds = true

[paths]
# Where the journal (SQLite), the card maps of the decks and the health file
# of the deploy check live. The simulator overrides this with --state-dir.
state_dir = "/var/lib/tressette"

# [hardware] is read by the hardware layer (hal/config.py): pins of the
# Accuso buttons and the menu button, the TM1637 display, the card reader's
# serial port. Without it the box runs with the hardware layer's defaults.
# [hardware]
"""


@dataclass(slots=True)
class GameSettings:
    variant: str = "tressette2"
    seats: list[str] = field(default_factory=lambda: ["human", "cpu:normal"])
    think_ms: int = 600
    options: dict[str, Any] = field(default_factory=dict)


@dataclass(slots=True)
class UISettings:
    language: str = "it"
    deck_style: str = "napoletane"
    german_style: str = "salzburger"
    brightness: int = 5
    sounds: bool = True


@dataclass(slots=True)
class Settings:
    game: GameSettings = field(default_factory=GameSettings)
    ui: UISettings = field(default_factory=UISettings)
    state_dir: str = BOX_STATE_DIR
    hardware: dict[str, Any] = field(default_factory=dict)
    hardware_config: Any = None  # hal.config's parsed object, when hal.config exists
    path: Path | None = None


def check_seat(spec: object) -> str:
    """``human``, ``table`` or ``cpu:LEVEL``; raises ValueError otherwise."""
    if spec in ("human", "table"):
        return str(spec)
    if isinstance(spec, str) and spec.startswith("cpu:") and spec[4:] in LEVELS:
        return spec
    raise ValueError(f"seat {spec!r} is not human, table or cpu:{'|'.join(LEVELS)}")


def check_seats(seats: object, n_seats: int | None = None) -> list[str]:
    if isinstance(seats, str):
        seats = [s.strip() for s in seats.split(",") if s.strip()]
    if not isinstance(seats, list) or not seats:
        raise ValueError("seats must be a list like [\"human\", \"cpu:normal\"]")
    out = [check_seat(s) for s in seats]
    if n_seats is not None and len(out) != n_seats:
        raise ValueError(f"this variant has {n_seats} seats, the settings name {len(out)}")
    if "table" in out and any(s != "table" for s in out):
        raise ValueError("a game with real cards is refereed: every seat must be \"table\"")
    return out


def default_path() -> Path:
    base = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base) / "tressette" / "tressette.toml"


def write_default(path: Path) -> None:
    """Write the documented default file atomically (temp + fsync + rename)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(DEFAULT_TOML)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)


def load(path: Path | None, *, create: bool = True) -> tuple[Settings, list[str]]:
    """Read the settings; problems are returned, never raised."""
    path = default_path() if path is None else Path(path)
    problems: list[str] = []
    if not path.exists() and create:
        try:
            write_default(path)
            log.info("wrote default settings to %s", path)
        except OSError as exc:  # a read-only /etc: run with the defaults, say so in the log
            log.warning("cannot write default settings to %s: %s", path, exc)
    doc: dict[str, Any] = {}
    if path.exists():
        try:
            doc = tomllib.loads(path.read_text(encoding="utf-8"))
        except (tomllib.TOMLDecodeError, OSError, UnicodeDecodeError) as exc:
            problems.append(f"settings file {path} unreadable ({exc}); using defaults")
    settings = from_doc(doc, problems)
    settings.path = path
    for p in problems:
        log.warning("%s", p)
    return settings, problems


def _table(doc: Mapping[str, Any], key: str, problems: list[str]) -> Mapping[str, Any]:
    value = doc.get(key, {})
    if not isinstance(value, Mapping):
        problems.append(f"[{key}] must be a table; using defaults")
        return {}
    return value


def from_doc(doc: Mapping[str, Any], problems: list[str]) -> Settings:
    s = Settings()
    game = _table(doc, "game", problems)
    _game(s.game, game, problems)
    ui = _table(doc, "ui", problems)
    _ui(s.ui, ui, problems)
    paths = _table(doc, "paths", problems)
    state_dir = paths.get("state_dir", s.state_dir)
    if isinstance(state_dir, str) and state_dir:
        s.state_dir = state_dir
    else:
        problems.append(f"[paths] state_dir must be a path, not {state_dir!r}")
    s.hardware = dict(_table(doc, "hardware", problems))
    s.hardware_config = _hardware(s.hardware, problems)
    return s


def _game(g: GameSettings, t: Mapping[str, Any], problems: list[str]) -> None:
    from firmware.engine import TressetteError, make_variant

    variant = t.get("variant", g.variant)
    options = t.get("options", {})
    if not isinstance(options, Mapping):
        problems.append("[game.options] must be a table")
        options = {}
    try:
        v = make_variant(str(variant), options)
        g.variant, g.options = v.name, dict(options)
    except TressetteError as exc:
        problems.append(f"[game] {exc}; playing {g.variant} with its defaults")
        v = make_variant(g.variant)
    try:
        g.seats = check_seats(t.get("seats", g.seats), v.n_seats)
    except ValueError as exc:
        problems.append(f"[game] {exc}")
        g.seats = ["human"] + ["cpu:normal"] * (v.n_seats - 1)
    think = t.get("think_ms", g.think_ms)
    if isinstance(think, int) and not isinstance(think, bool) and 0 <= think <= 10_000:
        g.think_ms = think
    else:
        problems.append(f"[game] think_ms must be 0..10000 ms, not {think!r}")


def _ui(u: UISettings, t: Mapping[str, Any], problems: list[str]) -> None:
    lang = t.get("language", u.language)
    if lang in LANGUAGES:
        u.language = lang
    else:
        problems.append(f"[ui] language must be one of {', '.join(LANGUAGES)}, not {lang!r}")
    for key in ("deck_style", "german_style"):
        style = t.get(key, getattr(u, key))
        if isinstance(style, str) and style:
            setattr(u, key, style)
        else:
            problems.append(f"[ui] {key} must be a name, not {style!r}")
    bright = t.get("brightness", u.brightness)
    if isinstance(bright, int) and not isinstance(bright, bool) and 0 <= bright <= 7:
        u.brightness = bright
    else:
        problems.append(f"[ui] brightness must be 0..7, not {bright!r}")
    sounds = t.get("sounds", u.sounds)
    if isinstance(sounds, bool):
        u.sounds = sounds
    else:
        problems.append(f"[ui] sounds must be true or false, not {sounds!r}")


def _hardware(table: Mapping[str, Any], problems: list[str]) -> Any:
    """Let the hardware layer check its own section (hal/config.py)."""
    try:
        from hal.config import load_hardware_config
    except ImportError:
        return None
    config, errors = load_hardware_config(dict(table) if table else None)
    problems.extend(f"[hardware] {e}" for e in errors)
    return config


def _toml_value(value: bool | int | str) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    return '"' + str(value).replace("\\", "\\\\").replace('"', '\\"') + '"'


def save_setting(path: Path, section: str, key: str, value: bool | int | str) -> None:
    """Change one ``key = value`` of ``[section]`` in place, keeping every comment.

    Raises OSError when the file cannot be written (the box's /etc is
    read-only) and ValueError if the result would not be valid settings.
    """
    text = path.read_text(encoding="utf-8") if path.exists() else DEFAULT_TOML
    lines = text.splitlines()
    current = None
    start = end = None
    for i, line in enumerate(lines):
        stripped = line.strip()
        if stripped.startswith("[") and not stripped.startswith("[["):
            if current == section and end is None:
                end = i
            current = stripped.strip("[]").strip()
            if current == section:
                start = i
            continue
        if current == section and stripped.split("=", 1)[0].strip() == key and "=" in stripped:
            comment = ""
            if "#" in line.split("=", 1)[1]:
                comment = "  #" + line.split("=", 1)[1].split("#", 1)[1]
            lines[i] = f"{key} = {_toml_value(value)}{comment}"
            break
    else:
        if start is None:
            lines += ["", f"[{section}]", f"{key} = {_toml_value(value)}"]
        else:
            lines.insert(end if end is not None else len(lines), f"{key} = {_toml_value(value)}")
    new = "\n".join(lines) + "\n"
    problems: list[str] = []
    from_doc(tomllib.loads(new), problems)
    if any(f"[{section}]" in p and key in p for p in problems):
        raise ValueError("; ".join(problems))
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(new)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)
