"""The settings file: TOML, validated, written with comments on first start.

``/etc/tressette/tressette.toml`` on the box; ``~/.config/tressette/tressette.toml``
(or ``--config FILE``) in the simulator. A missing file is written from
:data:`DEFAULT_TOML`. A file that does not parse or holds a bad value never
stops the program: :func:`load` returns the defaults for what is wrong plus a
list of problems, which the program logs and shows on screen.

That file is the installer's and the technician's: the program never writes
into it after creating it (under the systemd unit /etc is read-only anyway).
Settings changed on the touchscreen (language, deck styles, sounds,
brightness) go to ``<state_dir>/settings.toml`` instead, written atomically
(:func:`save_screen_setting`), and are layered over the file at start
(:func:`apply_overlay`). An overlay that does not parse is moved aside as
``settings.toml.corrupt-YYYYmmdd-HHMMSS`` and reported, and the file's values
apply.

The ``[hardware]`` section belongs to the hardware layer: it is checked by
``hal.config`` (when that module is present) and kept here as a plain table.
"""

from __future__ import annotations

import logging
import os
import time
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

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
# A game with any "table" seat is refereed: its other seats may be computers
# (their cards are scanned to the box at the deal), never "human"; games with
# a talon (tressette2, treschetten2) take "table" seats only.
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


SeatKind = Literal["human", "computer", "table"]
"""human: plays at the touchscreen; computer: a computer player; table: a person
with real cards, read by the card reader."""

Level = Literal["easy", "normal", "hard"]


@dataclass(frozen=True, slots=True)
class SeatSpec:
    """Who sits in a seat: parsed once from ``human``, ``table`` or ``cpu:LEVEL``.

    The string form (:meth:`__str__`) is what the settings file, ``--seats`` and
    the journal hold; everything inside the program uses the value.
    """

    kind: SeatKind
    level: Level | None = None

    @property
    def computer(self) -> bool:
        return self.kind == "computer"

    @property
    def person(self) -> bool:
        """A person: at the touchscreen or with real cards."""
        return self.kind != "computer"

    def __str__(self) -> str:
        return f"cpu:{self.level}" if self.kind == "computer" else self.kind

    @classmethod
    def cpu(cls, level: Level = "normal") -> SeatSpec:
        return cls("computer", level)


_LEVEL_OF: dict[str, Level] = {"easy": "easy", "normal": "normal", "hard": "hard"}

HUMAN = SeatSpec("human")
TABLE = SeatSpec("table")


def _default_seats() -> list[SeatSpec]:
    return [HUMAN, SeatSpec.cpu("normal")]


@dataclass(slots=True)
class GameSettings:
    variant: str = "tressette2"
    seats: list[SeatSpec] = field(default_factory=_default_seats)
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
    overlay: Path | None = None  # <state_dir>/settings.toml: what the screen changed
    overlay_moved: Path | None = None  # where an unreadable overlay was moved aside


def check_seat(spec: object) -> SeatSpec:
    """``human``, ``table`` or ``cpu:LEVEL`` as a :class:`SeatSpec`; raises ValueError otherwise."""
    if isinstance(spec, SeatSpec):
        return spec
    if spec == "human":
        return HUMAN
    if spec == "table":
        return TABLE
    if isinstance(spec, str) and spec.startswith("cpu:") and spec[4:] in _LEVEL_OF:
        return SeatSpec.cpu(_LEVEL_OF[spec[4:]])
    raise ValueError(f"seat {spec!r} is not human, table or cpu:{'|'.join(LEVELS)}")


def check_seats(seats: object, n_seats: int | None = None) -> list[SeatSpec]:
    if isinstance(seats, str):
        seats = [s.strip() for s in seats.split(",") if s.strip()]
    if not isinstance(seats, list) or not seats:
        raise ValueError("seats must be a list like [\"human\", \"cpu:normal\"]")
    out = [check_seat(s) for s in seats]
    if n_seats is not None and len(out) != n_seats:
        raise ValueError(f"this variant has {n_seats} seats, the settings name {len(out)}")
    if TABLE in out and any(s.kind == "human" for s in out):
        # Real cards are refereed: people at the table, computers whose cards are scanned
        # at the deal (docs/box.md §4); nobody plays dealt cards on the screen.
        raise ValueError("a game with real cards has table and computer seats, no \"human\" seat")
    return out


def default_path() -> Path:
    base = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base) / "tressette" / "tressette.toml"


def atomic_write(path: Path, text: str) -> None:
    """Temp file, fsync, rename, fsync of the directory: after a power cut the
    file is the old one or the new one, never half of each."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.tmp")
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(text)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)
    dfd = os.open(path.parent, os.O_RDONLY)
    try:
        os.fsync(dfd)
    finally:
        os.close(dfd)


def write_default(path: Path) -> None:
    """Write the documented default file atomically (temp + fsync + rename)."""
    atomic_write(path, DEFAULT_TOML)


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
        g.seats = [HUMAN] + [SeatSpec.cpu("normal")] * (v.n_seats - 1)
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


# ------------------------------------------------------------ the screen's settings

OVERLAY_NAME = "settings.toml"
SCREEN_KEYS = ("language", "deck_style", "german_style", "brightness", "sounds")
"""The ``[ui]`` settings the touchscreen changes (``SetSetting``)."""

OVERLAY_HEAD = """\
# Settings changed on the touchscreen, layered over the settings file
# (/etc/tressette/tressette.toml on the box). Written by the program;
# delete this file to go back to the settings file's values.
"""


def overlay_path(state_dir: Path | str) -> Path:
    return Path(state_dir) / OVERLAY_NAME


def _read_overlay(path: Path) -> dict[str, Any]:
    doc = tomllib.loads(path.read_text(encoding="utf-8"))
    ui = doc.get("ui", {})
    if not isinstance(ui, Mapping):
        raise ValueError("[ui] is not a table")
    return {k: v for k, v in ui.items() if k in SCREEN_KEYS}


def apply_overlay(settings: Settings, state_dir: Path | str) -> list[str]:
    """Layer ``<state_dir>/settings.toml`` over ``settings``; the problems found.

    A bad value is reported and the settings file's value kept; a file that
    does not parse is moved aside (``settings.overlay_moved``), never fatal.
    """
    path = overlay_path(state_dir)
    settings.overlay = path
    if not path.exists():
        return []
    try:
        values = _read_overlay(path)
    except (tomllib.TOMLDecodeError, UnicodeDecodeError, ValueError) as exc:
        moved = path.with_name(f"{path.name}.corrupt-{time.strftime('%Y%m%d-%H%M%S')}")
        try:
            os.replace(path, moved)
            settings.overlay_moved = moved
        except OSError as err:
            log.error("cannot move %s aside: %s", path, err)
        problem = f"screen settings {path} unreadable ({exc}); moved aside to {moved.name}"
        log.error("%s", problem)
        return [problem]
    except OSError as exc:
        problem = f"screen settings {path} unreadable ({exc})"
        log.error("%s", problem)
        return [problem]
    problems: list[str] = []
    _ui(settings.ui, values, problems)
    problems = [f"{p} (in {path})" for p in problems]
    for p in problems:
        log.warning("%s", p)
    return problems


def save_screen_setting(path: Path, key: str, value: bool | int | str) -> None:
    """Keep one setting changed on the screen in the overlay ``path``, atomically.

    Raises ValueError for a key the screen does not set or a bad value (nothing
    written), OSError when the state directory cannot be written.
    """
    problems: list[str] = []
    if key not in SCREEN_KEYS:
        raise ValueError(f"{key} is not a setting of the screen")
    _ui(UISettings(), {key: value}, problems)
    if problems:
        raise ValueError("; ".join(problems))
    try:
        values = _read_overlay(path) if path.exists() else {}
    except (tomllib.TOMLDecodeError, UnicodeDecodeError, ValueError):
        values = {}  # unreadable: it was reported at start; the new file replaces it
    values[key] = value
    lines = [OVERLAY_HEAD, "[ui]"] + [f"{k} = {_toml_value(values[k])}" for k in SCREEN_KEYS if k in values]
    atomic_write(path, "\n".join(lines) + "\n")
