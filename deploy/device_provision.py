#!/usr/bin/python3
"""Box side of ``deploy/provision``: turn a fresh Raspberry Pi OS Lite into a Tressette box.

Sent over SSH together with device_install.py, the unit file and the public
update key, and run as root with the system python3 (standard library only:
PyNaCl arrives with the apt step). Every step first looks, then acts only if
something is missing or different, and says ``ok`` or ``changed``: a second
run reports ``provision: no changes``.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path

try:  # in the repository (the laptop, the tests)
    from deploy.device_box import fsync_dir
    from hal import screen
except ImportError:  # on the box: shipped beside this file by deploy/provision
    import screen  # type: ignore[no-redef,import-not-found]
    from device_box import fsync_dir  # type: ignore[no-redef,import-not-found]

INSTALLER_MODULES = ("device_box.py", "device_bundle.py")  # what device_install.py imports
SETTINGS = "tressette.toml"  # /etc/tressette/tressette.toml, where `tressette run` reads its settings

APT_PACKAGES = (
    "python3-venv",  # release venvs
    "python3-pip",  # offline installs into them (pip --python)
    "python3-nacl",  # the installer's signature check
    "python3-packaging",  # the installer's version comparison
    "rsync",  # the transfer
    "polkitd",  # lets the service user power off and ask NetworkManager for Wi-Fi (systemd/50-tressette-*.rules)
    "avahi-daemon",  # the box by name on the LAN (tressette.local): phones join by it (docs/phones.md)
)  # + what the unit's SDL_VIDEODRIVER needs: hal/screen.py VIDEO_PACKAGES
USER = "tressette"
# DRM/KMS, render nodes, /dev/input, /dev/gpiochip* (Pi OS udev rule), serial ports.
DEVICE_GROUPS = ("video", "render", "input", "gpio", "dialout")
UNIT = "tressette.service"
# Lets the service user power the box off (menu button held 10 s); see the file.
POWER_RULE = "50-tressette-power.rules"
# Lets the service user ask NetworkManager for Wi-Fi (Settings → Network); see the file.
NETWORK_RULE = "50-tressette-network.rules"
# USB serial drivers loaded at boot, before the unit starts (see the file).
MODULES = "tressette-modules.conf"
CURSOR_OFF = "vt.global_cursor_default=0"
SERIAL_CONSOLES = ("console=serial0", "console=ttyAMA0", "console=ttyS0")
UART_ON = "enable_uart=1"


TMP_SUFFIX = ".tressette-tmp"


def _write_new(path: Path, data: bytes, mode: int | None) -> Path:
    """``data`` in a new temporary file beside ``path``, on disk (fsync) before it is named."""
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=TMP_SUFFIX)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        if mode is not None:
            os.chmod(tmp, mode)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    return Path(tmp)


def replace_file(path: Path, data: bytes, *, mode: int | None = None, backup: bool = False) -> None:
    """Replace ``path`` whole: a power cut at any point leaves the old file or the new one.

    With ``backup``, what was there is first kept as ``<name>.bak`` the same
    way. On the FAT boot partition a rename is not journalled, but it is one
    directory-entry update: the old or the new name, never a half-written file.
    """
    if backup and path.is_file():
        os.replace(_write_new(path, path.read_bytes(), None), path.with_name(path.name + ".bak"))
    tmp = _write_new(path, data, mode)
    try:
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    fsync_dir(path.parent)


def remove_stale_temporaries(directory: Path) -> None:
    """Temporary files of a run the power cut short (never the files themselves)."""
    for tmp in directory.glob(f".*{TMP_SUFFIX}"):
        with contextlib.suppress(OSError):
            tmp.unlink()


Probe = Callable[[Path], "screen.ProbeResult"]


class Provisioner:
    def __init__(self, root: Path, src: Path, *, probe: Probe | None = None) -> None:
        self.root = root
        self.src = src
        self.changes = 0
        self.failures: list[str] = []
        self.probe = probe or self._probe_in_child

    def video_driver(self) -> str:
        """SDL_VIDEODRIVER of the unit being installed: what the box's screen will use."""
        unit = self.src / UNIT
        text = unit.read_text() if unit.is_file() else ""
        return screen.unit_video_driver(text) or screen.DEFAULT_DRIVER

    def wanted_packages(self) -> list[str]:
        return [*APT_PACKAGES, *screen.VIDEO_PACKAGES.get(self.video_driver(), {})]

    def say(self, changed: bool, what: str) -> None:
        self.changes += changed
        print(f"{'changed' if changed else 'ok     '} {what}", flush=True)

    def run(self, *cmd: str) -> None:
        print(f"        $ {' '.join(cmd)}", flush=True)
        subprocess.run(list(cmd), check=True, stdin=subprocess.DEVNULL)

    # ------------------------------------------------------------------ packages
    def packages(self) -> None:
        missing = [p for p in self.wanted_packages() if not self._installed(p)]
        if missing:
            env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
            subprocess.run(["apt-get", "update", "-qq"], check=True, env=env)
            subprocess.run(["apt-get", "install", "-y", "-qq", "--no-install-recommends", *missing],
                           check=True, env=env, stdin=subprocess.DEVNULL)
        self.say(bool(missing), "apt packages: " + (" ".join(missing) if missing else "all present"))

    @staticmethod
    def _installed(package: str) -> bool:
        proc = subprocess.run(["dpkg-query", "-W", "-f=${Status}", package],
                              capture_output=True, text=True, check=False)
        return proc.returncode == 0 and "install ok installed" in proc.stdout

    # ------------------------------------------------------------------ user and groups
    def _table(self, name: str) -> dict[str, list[str]]:
        path = self.root / "etc" / name
        rows = [line.split(":") for line in path.read_text().splitlines() if line and line[0] != "#"]
        return {row[0]: row for row in rows}

    def user(self) -> None:
        groups = self._table("group")
        wanted = [g for g in DEVICE_GROUPS if g in groups]
        for absent in sorted(set(DEVICE_GROUPS) - set(wanted)):
            print(f"note    group {absent} does not exist on this system: skipped")
        if USER not in self._table("passwd"):
            self.run("useradd", "--system", "--user-group", "--home-dir", "/var/lib/tressette",
                     "--no-create-home", "--shell", "/usr/sbin/nologin", "--groups", ",".join(wanted), USER)
            self.say(True, f"user {USER} in groups {','.join(wanted)}")
            return
        groups = self._table("group")
        member_of = {g for g, row in groups.items() if USER in row[3].split(",")}
        missing = [g for g in wanted if g not in member_of]
        if missing:
            self.run("usermod", "--append", "--groups", ",".join(missing), USER)
        self.say(bool(missing), f"user {USER} in groups {','.join(wanted)}")

    def _ids(self) -> tuple[int, int]:
        row = self._table("passwd")[USER]
        return int(row[2]), int(row[3])

    # ------------------------------------------------------------------ directories
    def directory(self, rel: str, mode: int, owned: bool = False) -> None:
        path = self.root / rel
        uid, gid = self._ids() if owned else (0, 0)
        changed = not path.is_dir()
        path.mkdir(parents=True, exist_ok=True)
        st = path.stat()
        if (st.st_mode & 0o7777) != mode:
            path.chmod(mode)
            changed = True
        if (st.st_uid, st.st_gid) != (uid, gid) and os.geteuid() == 0:
            os.chown(path, uid, gid)
            changed = True
        self.say(changed, f"directory /{rel} ({oct(mode)[2:]}{', ' + USER if owned else ''})")

    def layout(self) -> None:
        for rel in ("opt/tressette", "opt/tressette/bin", "opt/tressette/releases"):
            self.directory(rel, 0o755)
        self.directory("opt/tressette/incoming", 0o700)
        self.directory("etc/tressette", 0o755)
        # State lives outside every release, so a rollback never loses a game in progress.
        self.directory("var/lib/tressette", 0o750, owned=True)

    # ------------------------------------------------------------------ files
    def file(self, source: str, rel: str, mode: int) -> bool:
        data = (self.src / source).read_bytes()
        path = self.root / rel
        same = path.is_file() and path.read_bytes() == data and (path.stat().st_mode & 0o7777) == mode
        if not same:
            path.parent.mkdir(parents=True, exist_ok=True)
            replace_file(path, data, mode=mode)
        self.say(not same, f"file /{rel}")
        return not same

    # ------------------------------------------------------------------ console
    def console(self) -> None:
        for boot in ("boot/firmware", "boot"):  # Bookworm, then older images
            cmdline = self.root / boot / "cmdline.txt"
            if cmdline.is_file():
                self._boot_files(boot, cmdline)
                break
        else:
            print("note    no cmdline.txt found: console cursor and serial console left as they are")

    def getty(self) -> None:
        getty = self.root / "etc/systemd/system/getty@tty1.service"
        masked = getty.is_symlink() and os.readlink(getty) == "/dev/null"
        if not masked:
            self.run("systemctl", "mask", "--now", "getty@tty1.service")
        self.say(not masked, "getty on tty1 masked (the screen belongs to the box)")

    def _boot_files(self, boot: str, cmdline: Path) -> None:
        """Both files are read by the firmware at power-on: each is replaced whole
        (temporary file, fsync, rename) after a copy of it went to ``<name>.bak``,
        so a power cut leaves the old file or the new one, never a torn one."""
        remove_stale_temporaries(cmdline.parent)
        tokens = cmdline.read_text().split()
        # The card reader owns serial0: no login console on it. No blinking cursor on tty1.
        wanted = [t for t in tokens if not t.startswith(SERIAL_CONSOLES)]
        if CURSOR_OFF not in wanted:
            wanted.append(CURSOR_OFF)
        changed = wanted != tokens
        if changed:
            replace_file(cmdline, (" ".join(wanted) + "\n").encode(), backup=True)
        self.say(changed, f"/{boot}/cmdline.txt: {CURSOR_OFF}, no serial console (reboot to apply)")
        config = self.root / boot / "config.txt"
        lines = config.read_text().splitlines() if config.is_file() else []
        absent = UART_ON not in (line.strip() for line in lines)
        if absent:
            # Under [all]: appended after a [pi4]/[cm4] section it would apply to that board only.
            data = "".join(line + "\n" for line in [*lines, "[all]", UART_ON]).encode()
            replace_file(config, data, backup=True)
        self.say(absent, f"/{boot}/config.txt: {UART_ON} for the card reader (reboot to apply)")

    # ------------------------------------------------------------------ the screen
    def video(self) -> None:
        """Open the unit's video driver once, for real, and name what is missing by package."""
        driver = self.video_driver()
        what = f"video ({driver})"
        if driver not in screen.VIDEO_PACKAGES:
            self.fail(f"{what}: unknown SDL_VIDEODRIVER in {UNIT} (known: "
                      f"{', '.join(sorted(screen.VIDEO_PACKAGES))})")
            return
        missing = screen.missing_packages(driver, self._installed)
        if missing:
            self.fail(f"{what}: missing {' '.join(missing)}: apt-get install {' '.join(missing)}")
            return
        if driver != "kmsdrm":
            print(f"ok      {what}: nothing to open")
            return
        seen = screen.presence(self.root)
        if not seen.cards:
            print(f"note    {what}: {seen.describe()}; the packages are in place and "
                  "`tressette self-test` opens the driver at each deploy")
            return
        card = self.root / "dev/dri" / (seen.connected[0].split("-")[0] if seen.connected else seen.cards[0])
        result = self.probe(card)
        if not result.ok:
            hint = f": missing {' '.join(result.missing)}" if result.missing else ""
            self.fail(f"{what}: {result.detail}{hint}")
            return
        print(f"ok      {what}: {result.detail}; {seen.describe()}")

    def _probe_in_child(self, card: Path) -> screen.ProbeResult:
        """The probe in a child process: a driver that crashes or hangs takes only it down."""
        try:
            proc = subprocess.run([sys.executable, str(self.src / "screen.py"), "--probe", str(card)],
                                  capture_output=True, text=True, timeout=60, check=False,
                                  stdin=subprocess.DEVNULL)
        except subprocess.TimeoutExpired:
            return screen.ProbeResult(False, f"opening {card} hung for 60 s")
        try:
            return screen.ProbeResult.from_json(proc.stdout.strip().splitlines()[-1])
        except (IndexError, ValueError, KeyError):
            last = (proc.stderr.strip().splitlines() or ["no output"])[-1]
            return screen.ProbeResult(False, f"the probe died (exit {proc.returncode}): {last}")

    def fail(self, what: str) -> None:
        self.failures.append(what)
        print(f"FAIL    {what}", flush=True)

    def unit(self, changed: bool) -> None:
        if changed:
            self.run("systemctl", "daemon-reload")
        wants = self.root / "etc/systemd/system/multi-user.target.wants" / UNIT
        enabled = wants.is_symlink() or wants.exists()
        if not enabled:
            self.run("systemctl", "enable", UNIT)
        self.say(not enabled, f"{UNIT} enabled")

    def settings(self) -> None:
        """The documented default settings, once: the owner's file is never replaced."""
        path = self.root / "etc/tressette" / SETTINGS
        source = self.src / SETTINGS
        if path.exists() or not source.is_file():
            self.say(False, f"file /etc/tressette/{SETTINGS} (kept)")
            return
        replace_file(path, source.read_bytes(), mode=0o644)
        self.say(True, f"file /etc/tressette/{SETTINGS} (the documented defaults)")

    def all(self) -> int:
        self.packages()
        self.user()
        self.layout()
        for module in INSTALLER_MODULES:  # the installer's parts, beside it before it
            self.file(module, f"opt/tressette/bin/{module}", 0o644)
        self.file("device_install.py", "opt/tressette/bin/device_install.py", 0o755)
        self.file("deploy.pub", "etc/tressette/deploy.pub", 0o644)
        self.settings()
        unit_changed = self.file(UNIT, f"etc/systemd/system/{UNIT}", 0o644)
        self.file(POWER_RULE, f"etc/polkit-1/rules.d/{POWER_RULE}", 0o644)
        self.file(NETWORK_RULE, f"etc/polkit-1/rules.d/{NETWORK_RULE}", 0o644)
        self.file(MODULES, "etc/modules-load.d/tressette.conf", 0o644)
        self.console()
        self.getty()
        self.unit(unit_changed)
        self.video()
        print(f"provision: {self.changes} change(s)" if self.changes else "provision: no changes")
        if self.failures:
            print(f"provision: FAILED: {'; '.join(self.failures)}", file=sys.stderr)
            return 1
        return 0


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--root", default="/", help="the box's filesystem root (tests: a temp dir)")
    p.add_argument("--src", required=True, help="directory holding the files to install")
    args = p.parse_args(argv)
    if shutil.which("systemctl") is None:
        print("provision: systemctl not found: is this a systemd system?", file=sys.stderr)
        return 1
    try:
        return Provisioner(Path(args.root), Path(args.src)).all()
    except subprocess.CalledProcessError as exc:
        print(f"provision: FAILED: {exc}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
