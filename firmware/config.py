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
``hal.config`` and kept here as a plain table.

One loader and schema for every file (``hal/settingsfile.py``): this file,
the ``[hardware]`` section and the overlay are all read with
:func:`~hal.settingsfile.read_toml` (encoding, size and nesting problems are
one readable line) and checked with :class:`~hal.settingsfile.Section`
(unknown keys and tables are reported with the nearest valid name). The
loader lives in ``hal`` because the hardware layer must not import the
program; the program may import the hardware layer.
"""

from __future__ import annotations

import contextlib
import fcntl
import logging
import os
import re
import stat
import tempfile
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar, cast

from firmware.engine import TressetteError, make_variant
from firmware.engine.seating import HUMAN, TABLE, SeatSpec, check_seat, mix_problem
from firmware.engine.seating import LEVELS as LEVELS  # the settings' names, read from here too
from firmware.engine.seating import PHONE as PHONE
from firmware.hostcheck import is_host
from hal.config import load_hardware_config
from hal.settingsfile import Section, SettingsFileError, read_toml

log = logging.getLogger("firmware.config")

BOX_CONFIG = Path("/etc/tressette/tressette.toml")
BOX_STATE_DIR = "/var/lib/tressette"
LANGUAGES = ("it", "en", "de", "hr", "nl")  # ui.i18n.LANGUAGES (tests/ui/test_catalogue.py)
SPEED_NAMES = ("slow", "normal", "fast")  # ui.speed.SPEEDS
DECK_STYLES: dict[str, tuple[str, ...]] = {
    "napoletane": ("neapolitaner", "napuljske"),
    "piacentine": ("piacentiner",),
    "triestine": ("triestiner", "tršćanske"),
}
"""``[ui] deck_style``: the Italian deck's pictures, each with the other names the
settings screen shows it by (ui/i18n.py, in every language; tests/app/test_settings_inputs.py
holds the two together). Read without regard to case: ``Napoletane`` is ``napoletane``."""
GERMAN_STYLES: dict[str, tuple[str, ...]] = {
    "salzburger": ("salisburghesi", "salzburške"),
    "bavarian": ("bavaresi", "bayerische", "bavarske", "beierse"),
}
"""``[ui] german_style``: the German deck's pictures, with the names the screen shows."""


def sim_state_dir() -> Path:
    """Where ``tressette sim`` keeps its journal: ``$XDG_STATE_HOME/tressette``."""
    base = os.environ.get("XDG_STATE_HOME") or str(Path.home() / ".local" / "state")
    return Path(base) / "tressette"


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
#   "table"        a person playing real cards: the card reader, or the card picker on the screen
#   "phone"        a person holding the hand on a phone (docs/phones.md)
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
deck_style = "napoletane"    # napoletane | piacentine | triestine
german_style = "salzburger"  # salzburger | bavarian (the Bavarian deck's pictures)
brightness = 5           # LED score display, 0..7
sounds = true
speed = "normal"         # slow | normal | fast: the computers' pause and a trick's display time
safe_play = false        # true: the first tap on a card lifts it, a second tap plays it

[paths]
# Where the journal (SQLite), the card maps of the decks and the health file
# of the deploy check live. The simulator overrides this with --state-dir.
state_dir = "/var/lib/tressette"

[phones]
# Phone seats: each person's hand on their own phone (docs/phones.md). The web
# server starts for a game with a "phone" seat, or always when enabled = true.
enabled = false
host = "0.0.0.0"           # listen on the LAN
port = 8337
address = "tressette.local"  # the box's name the join screen shows

[network]
# The box's Wi-Fi (docs/deploy.md, "The network"): networks are joined on the
# touchscreen (Settings → Network) and NetworkManager joins the known ones at
# power-on. When none is joined within join_wait_s seconds, the box opens its
# own hotspot (WPA2; its name and passphrase are on the phone join screen).
hotspot_when_alone = true
join_wait_s = 45

# [hardware] is read by the hardware layer (hal/config.py): pins of the
# Accuso buttons and the menu button, the TM1637 display, the card reader's
# serial port. Without it the box runs with the hardware layer's defaults.
# [hardware]
"""


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
    speed: str = "normal"  # game speed: slow / normal / fast (ui.speed)
    safe_play: bool = False  # a card tapped is lifted, played by a second tap (ui.table)


@dataclass(slots=True)
class PhoneSettings:
    """``[phones]``: the web server of phone seats (docs/phones.md)."""

    enabled: bool = False  # start it even when the game has no phone seat
    host: str = "0.0.0.0"  # listen on the LAN
    port: int = 8337
    address: str = "tressette.local"  # the name the join screen shows (avahi)


@dataclass(slots=True)
class NetworkSettings:
    """``[network]``: what the box does at power-on when no known Wi-Fi is joined."""

    hotspot_when_alone: bool = True  # open the box's own hotspot then
    join_wait_s: int = 45  # how long NetworkManager is given to join a known network first


@dataclass(slots=True)
class Settings:
    game: GameSettings = field(default_factory=GameSettings)
    ui: UISettings = field(default_factory=UISettings)
    state_dir: str = BOX_STATE_DIR
    phones: PhoneSettings = field(default_factory=PhoneSettings)
    network: NetworkSettings = field(default_factory=NetworkSettings)
    hardware: dict[str, Any] = field(default_factory=dict)
    hardware_config: Any = None  # hal.config's parsed object, when hal.config exists
    path: Path | None = None
    overlay: Path | None = None  # <state_dir>/settings.toml: what the screen changed
    overlay_moved: Path | None = None  # where an unreadable overlay was moved aside


def fit_seats(seats: list[SeatSpec], n_seats: int) -> list[SeatSpec]:
    """``seats`` for a game of ``n_seats``: the first ones kept, more taken like the last
    computer named (a real-card game: more table seats; none named: the normal level).
    ``tressette sim --variant tressette4`` with the settings' two seats plays four."""
    out = list(seats[:n_seats])
    if TABLE in seats:
        extra = TABLE
    else:
        extra = next((s for s in reversed(seats) if s.computer), SeatSpec.cpu("normal"))
    out += [extra] * (n_seats - len(out))
    return out


def check_seats(seats: object, n_seats: int | None = None) -> list[SeatSpec]:
    if isinstance(seats, str):
        seats = [s.strip() for s in seats.split(",") if s.strip()]
    if not isinstance(seats, list) or not seats:
        raise ValueError("seats must be a list like [\"human\", \"cpu:normal\"]")
    out = [check_seat(s) for s in seats]
    if n_seats is not None and len(out) != n_seats:
        raise ValueError(f"this variant has {n_seats} seats, the settings name {len(out)}")
    mix = mix_problem([s.kind for s in out])  # the engine's rule (firmware/engine/seating.py)
    if mix is not None:
        raise ValueError(mix)
    return out


def default_path() -> Path:
    base = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base) / "tressette" / "tressette.toml"


def check_output(path: Path) -> None:
    """Raise ValueError unless ``path`` is a regular file or a new name in a directory.

    A symlink, a FIFO, a device node or a directory at the target is never
    replaced (as root, an export to /dev/sda would otherwise replace the node).
    """
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        parent = path.absolute().parent
        if not parent.is_dir():
            raise ValueError(f"{path}: directory {parent} does not exist") from None
        return
    except OSError as exc:
        raise ValueError(f"{path}: {exc.strerror or exc}") from None
    if stat.S_ISLNK(st.st_mode):
        raise ValueError(f"{path} is a symbolic link; name a regular file or a new one")
    if stat.S_ISDIR(st.st_mode):
        raise ValueError(f"{path} is a directory; name a file")
    if not stat.S_ISREG(st.st_mode):
        raise ValueError(f"{path} is not a regular file (a device, FIFO or socket)")


_LEFTOVER = re.compile(r"[A-Za-z0-9_]{8}\.tmp\Z")  # mkstemp's eight random characters


def clean_leftovers(path: Path) -> list[Path]:
    """Remove the temporary files a killed :func:`atomic_write` of ``path`` left beside it
    (``.<name>.XXXXXXXX.tmp``); the ones removed.

    Only regular files of this user that no writer holds: a writer keeps an exclusive
    flock on its temporary file until the rename, so a write going on now is never
    disturbed, and a killed one's lock went with it. Links and anything else are left."""
    prefix = f".{path.name}."
    removed: list[Path] = []
    try:
        entries = list(os.scandir(path.parent))
    except OSError:
        return removed
    for entry in entries:
        if not (entry.name.startswith(prefix) and _LEFTOVER.match(entry.name, len(prefix))):
            continue
        try:
            fd = os.open(entry.path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC)
        except OSError:
            continue  # a link, or gone
        try:
            st = os.fstat(fd)
            if not stat.S_ISREG(st.st_mode) or st.st_uid != os.geteuid():
                continue
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:
                continue  # being written now
            if os.lstat(entry.path).st_ino == st.st_ino:  # still the file that was checked
                os.unlink(entry.path)
                removed.append(Path(entry.path))
                log.info("removed %s, left by an interrupted write of %s", entry.name, path.name)
        except OSError:
            continue
        finally:
            os.close(fd)
    return removed


def atomic_write(path: Path, text: str) -> None:
    """Temp file, fsync, rename, fsync of the directory: after a power cut the
    file is the old one or the new one, never half of each.

    The temporary file is made with O_EXCL (``mkstemp``), so a link planted at
    its name is never followed; the target must pass :func:`check_output`
    (checked again just before the rename). A new file gets mode 0644, a
    replaced one keeps its mode.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    check_output(path)
    try:
        mode = stat.S_IMODE(os.lstat(path).st_mode)
    except FileNotFoundError:
        mode = 0o644
    clean_leftovers(path)
    fd, tmp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    tmp = Path(tmp_name)
    try:
        # Locked while it is written and until it is renamed: clean_leftovers (another
        # writer's next run) takes only a temporary file nobody holds.
        fcntl.flock(fd, fcntl.LOCK_EX)
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fchmod(f.fileno(), mode)
            os.fsync(f.fileno())
            check_output(path)
            os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise
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
    if not _exists(path) and create:
        try:
            write_default(path)
            log.info("wrote default settings to %s", path)
        except OSError as exc:  # a read-only /etc: run with the defaults, say so in the log
            log.warning("cannot write default settings to %s: %s", path, exc)
    doc: dict[str, Any] = {}
    if _exists(path):
        try:
            doc = read_toml(path)
        except SettingsFileError as exc:
            problems.append(f"settings file unreadable: {exc}; using defaults")
    settings = from_doc(doc, problems)
    settings.path = path
    for p in problems:
        log.warning("%s", p)
    return settings, problems


def _exists(path: Path) -> bool:
    try:
        return path.exists()
    except OSError:  # a directory on the way we may not search: read_toml says why
        return True


SCHEMA: dict[str, tuple[str, ...]] = {
    "": ("game", "ui", "paths", "hardware", "phones", "network"),
    "game": ("variant", "seats", "think_ms", "options"),
    "ui": ("language", "deck_style", "german_style", "brightness", "sounds", "speed", "safe_play"),
    "paths": ("state_dir",),
    "phones": ("enabled", "host", "port", "address"),
    "network": ("hotspot_when_alone", "join_wait_s"),
}
"""The program's tables and their keys; ``[hardware]`` is hal.config's,
``[game.options]`` the variant's (checked by the engine)."""


def from_doc(doc: Mapping[str, Any], problems: list[str]) -> Settings:
    s = Settings()
    root = Section("settings", doc, problems, SCHEMA[""])
    game = Section("[game]", root.table("game"), problems, SCHEMA["game"])
    _game(s.game, game.data, problems)
    ui = Section("[ui]", root.table("ui"), problems, SCHEMA["ui"])
    _ui(s.ui, ui.data, problems)
    paths = Section("[paths]", root.table("paths"), problems, SCHEMA["paths"])
    s.state_dir = _checked("[paths]", paths.data, "state_dir", s.state_dir, _path, "a path", problems)
    phones = Section("[phones]", root.table("phones"), problems, SCHEMA["phones"])
    _phones(s.phones, phones.data, problems)
    network = Section("[network]", root.table("network"), problems, SCHEMA["network"])
    _network(s.network, network.data, problems)
    s.hardware = dict(root.table("hardware"))
    s.hardware_config = _hardware(s.hardware, problems)
    return s


def _game(g: GameSettings, t: Mapping[str, Any], problems: list[str]) -> None:
    variant = t.get("variant", g.variant)
    options = t.get("options", {})
    if not isinstance(options, Mapping):
        problems.append(f"[game.options] must be a table, not {options!r}")
        options = {}
    if not isinstance(variant, str):
        problems.append(f"[game] variant must be a name, not {variant!r}")
        variant = g.variant
    try:
        v = make_variant(str(variant), options)
        g.variant, g.options = v.name, dict(options)
    except (TressetteError, TypeError, ValueError) as exc:
        problems.append(f"[game] {exc}; playing {g.variant} with its defaults")
        v = make_variant(g.variant)
    try:
        g.seats = check_seats(t.get("seats", g.seats), v.n_seats)
    except ValueError as exc:
        problems.append(f"[game] {exc}")
        g.seats = [HUMAN] + [SeatSpec.cpu("normal")] * (v.n_seats - 1)
    g.think_ms = _checked("[game]", t, "think_ms", g.think_ms, _whole(0, 10_000), "0..10000 ms", problems)


def _ui(u: UISettings, t: Mapping[str, Any], problems: list[str]) -> None:
    u.language = _checked("[ui]", t, "language", u.language, lambda v: v in LANGUAGES,
                          f"one of {', '.join(LANGUAGES)}", problems)  # fmt: skip
    u.deck_style = _style("deck_style", t, u.deck_style, DECK_STYLES, problems)
    u.german_style = _style("german_style", t, u.german_style, GERMAN_STYLES, problems)
    u.brightness = _checked("[ui]", t, "brightness", u.brightness, _whole(0, 7), "0..7", problems)
    u.sounds = _checked("[ui]", t, "sounds", u.sounds, _bool, "true or false", problems)
    u.speed = _checked("[ui]", t, "speed", u.speed, lambda v: v in SPEED_NAMES,
                       f"one of {', '.join(SPEED_NAMES)}", problems)  # fmt: skip
    u.safe_play = _checked("[ui]", t, "safe_play", u.safe_play, _bool, "true or false", problems)


def _phones(p: PhoneSettings, t: Mapping[str, Any], problems: list[str]) -> None:
    p.enabled = _checked("[phones]", t, "enabled", p.enabled, _bool, "true or false", problems)
    p.port = _checked("[phones]", t, "port", p.port, _whole(1024, 65535), "1024..65535", problems)
    p.host = _checked("[phones]", t, "host", p.host, is_host, "an IP address or a host name", problems)
    p.address = _checked("[phones]", t, "address", p.address, is_host, "an IP address or a host name", problems)


def _style(key: str, t: Mapping[str, Any], current: str, styles: Mapping[str, tuple[str, ...]],
           problems: list[str]) -> str:  # fmt: skip
    """A deck's pictures by its key or by any name the screen shows it by, in any case
    (``Napoletane``, ``Bayerische``); the key. Anything else: ``current`` and one problem
    (a bogus style never reaches the card art of the screen or of the phones)."""
    value = t.get(key, current)
    if isinstance(value, str):
        wanted = value.strip().casefold()
        for style, names in styles.items():
            if wanted == style or wanted in names:
                return style
    problems.append(f"[ui] {key} must be one of {', '.join(styles)}, not {value!r}")
    return current


def _network(n: NetworkSettings, t: Mapping[str, Any], problems: list[str]) -> None:
    n.hotspot_when_alone = _checked("[network]", t, "hotspot_when_alone", n.hotspot_when_alone, _bool,
                                    "true or false", problems)  # fmt: skip
    n.join_wait_s = _checked("[network]", t, "join_wait_s", n.join_wait_s, _whole(5, 600), "5..600 s", problems)


T = TypeVar("T")


def _checked(
    label: str,
    t: Mapping[str, Any],
    key: str,
    current: T,
    ok: Callable[[object], bool],
    must: str,
    problems: list[str],
) -> T:
    """``t[key]`` when ``ok`` takes it; else ``current`` and the problem, said as
    ``[ui] brightness must be 0..7, not 9``."""
    value = t.get(key, current)
    if ok(value):
        return cast(T, value)
    problems.append(f"{label} {key} must be {must}, not {value!r}")
    return current


def _whole(lo: int, hi: int) -> Callable[[object], bool]:
    """A whole number from ``lo`` to ``hi`` (TOML's ``true`` is not the number 1)."""
    return lambda v: isinstance(v, int) and not isinstance(v, bool) and lo <= v <= hi


def _bool(value: object) -> bool:
    return isinstance(value, bool)


def _path(value: object) -> bool:
    return isinstance(value, str) and bool(value) and "\x00" not in value


def phone_arguments(settings: Settings, port: int | None, host: str | None) -> None:
    """``--phones-port`` / ``--phones-host`` over ``[phones]`` (``tressette sim`` and ``run``)."""
    if port is not None:
        settings.phones.port = port
    if host:
        settings.phones.host = host


def _hardware(table: Mapping[str, Any], problems: list[str]) -> Any:
    """Let the hardware layer check its own section (hal/config.py)."""

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
SCREEN_KEYS = ("language", "deck_style", "german_style", "brightness", "sounds", "speed", "safe_play")
"""The ``[ui]`` settings the touchscreen changes (``SetSetting``)."""

OVERLAY_HEAD = """\
# Settings changed on the touchscreen, layered over the settings file
# (/etc/tressette/tressette.toml on the box). Written by the program;
# delete this file to go back to the settings file's values.
"""


def overlay_path(state_dir: Path | str) -> Path:
    return Path(state_dir) / OVERLAY_NAME


def _read_overlay(path: Path, problems: list[str] | None = None) -> dict[str, Any]:
    """The overlay's ``[ui]`` values; SettingsFileError when it cannot be used at all."""
    doc = read_toml(path)
    problems = [] if problems is None else problems
    Section(path.name, doc, problems, ("ui",))
    ui = doc.get("ui", {})
    if not isinstance(ui, Mapping):
        raise SettingsFileError(f"{path.name}: [ui] is not a table")
    Section(f"{path.name} [ui]", ui, problems, SCREEN_KEYS)
    return {k: v for k, v in ui.items() if k in SCREEN_KEYS}


def apply_overlay(settings: Settings, state_dir: Path | str) -> list[str]:
    """Layer ``<state_dir>/settings.toml`` over ``settings``; the problems found.

    A bad value is reported and the settings file's value kept; a file that
    does not parse is moved aside (``settings.overlay_moved``), never fatal.
    """
    path = overlay_path(state_dir)
    settings.overlay = path
    if not _exists(path):
        return []
    problems: list[str] = []
    try:
        values = _read_overlay(path, problems)
    except SettingsFileError as exc:
        moved = path.with_name(f"{path.name}.corrupt-{time.strftime('%Y%m%d-%H%M%S')}")
        try:
            os.replace(path, moved)
            settings.overlay_moved = moved
        except OSError as err:
            log.error("cannot move %s aside: %s", path, err)
        problem = f"screen settings {path} unreadable ({exc}); moved aside to {moved.name}"
        log.error("%s", problem)
        return [problem]
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
    checked = UISettings()
    _ui(checked, {key: value}, problems)
    if problems:
        raise ValueError("; ".join(problems))
    value = getattr(checked, key)  # a deck style by its key, however it was named
    try:
        values = _read_overlay(path) if _exists(path) else {}
    except SettingsFileError:
        values = {}  # unreadable: it was reported at start; the new file replaces it
    values[key] = value
    lines = [OVERLAY_HEAD, "[ui]"] + [f"{k} = {_toml_value(values[k])}" for k in SCREEN_KEYS if k in values]
    atomic_write(path, "\n".join(lines) + "\n")
