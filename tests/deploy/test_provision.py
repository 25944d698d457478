"""deploy/provision over a real sshd into a fresh temporary root, with recorded shims."""

from __future__ import annotations

import builtins
import io
import os
from pathlib import Path
from typing import Any

import pytest

from deploy.device_provision import Provisioner
from firmware.config import DEFAULT_TOML
from hal.screen import KMSDRM_PACKAGES, ProbeResult
from tests.deploy.conftest import REPO, BoxUnderTest, new_root
from tests.hal.conftest import fake_box

DEVICE_GROUPS = ("video", "render", "input", "gpio", "dialout")


def _members(root: Path) -> dict[str, list[str]]:
    rows = [line.split(":") for line in (root / "etc/group").read_text().splitlines()]
    return {row[0]: row[3].split(",") for row in rows}


@pytest.mark.sshd
def test_provision_turns_a_fresh_os_into_a_box(fresh_box: BoxUnderTest) -> None:
    result = fresh_box.provision()

    assert result.returncode == 0, result.stdout + result.stderr
    root, base = fresh_box.root, fresh_box.base
    installs = [line for line in fresh_box.shim_log() if line.startswith("apt-get install")]
    assert len(installs) == 1
    for package in ("python3-nacl", "python3-venv", "python3-packaging", *KMSDRM_PACKAGES):
        assert package in installs[0].split()
    assert "note    video (kmsdrm): no DRM device" in result.stdout  # this "box" has no screen
    assert "tressette:" in (root / "etc/passwd").read_text()
    members = _members(root)
    assert all("tressette" in members[g] for g in DEVICE_GROUPS)
    for rel in ("releases", "incoming"):
        assert (base / rel).is_dir()
    assert os.access(base / "bin/device_install.py", os.X_OK)
    assert (base / "bin/device_install.py").read_bytes() == (REPO / "deploy/device_install.py").read_bytes()
    for module in ("device_box.py", "device_bundle.py"):  # the installer's parts, imported from beside it
        assert (base / "bin" / module).read_bytes() == (REPO / "deploy" / module).read_bytes()
    assert (root / "etc/tressette/deploy.pub").read_text() == fresh_box.keys.public.read_text()
    settings = root / "etc/tressette/tressette.toml"  # the program cannot write it under the unit
    assert settings.read_text() == DEFAULT_TOML and settings.stat().st_mode & 0o777 == 0o644
    unit = root / "etc/systemd/system/tressette.service"
    assert unit.read_bytes() == (REPO / "systemd/tressette.service").read_bytes()
    for name in ("50-tressette-power.rules", "50-tressette-network.rules"):
        rule = root / "etc/polkit-1/rules.d" / name
        assert rule.read_bytes() == (REPO / "systemd" / name).read_bytes()
    # the USB serial cores load before the unit starts, or DevicePolicy=closed refuses a USB reader
    conf = (root / "etc/modules-load.d/tressette.conf").read_text().splitlines()
    assert [line for line in conf if line and not line.startswith("#")] == ["usbserial", "cdc_acm"]
    assert (root / "etc/systemd/system/multi-user.target.wants/tressette.service").is_symlink()
    assert os.readlink(root / "etc/systemd/system/getty@tty1.service") == "/dev/null"
    cmdline = (root / "boot/firmware/cmdline.txt").read_text().split()
    assert "vt.global_cursor_default=0" in cmdline
    assert "console=tty1" in cmdline and not any(t.startswith("console=serial0") for t in cmdline)
    assert "enable_uart=1" in (root / "boot/firmware/config.txt").read_text().splitlines()
    state = (root / "var/lib/tressette").stat()
    assert (state.st_mode & 0o777, state.st_uid) == (0o750, 990)  # the shim's uid for tressette
    assert not (base / "current").exists()  # no release until the first deploy


@pytest.mark.sshd
def test_provision_twice_changes_nothing_the_second_time(fresh_box: BoxUnderTest) -> None:
    assert fresh_box.provision().returncode == 0
    calls_before = len(fresh_box.shim_log())
    boot = [(fresh_box.root / "boot/firmware" / f).read_text() for f in ("cmdline.txt", "config.txt")]

    again = fresh_box.provision()

    assert again.returncode == 0, again.stdout + again.stderr
    assert again.stdout.rstrip().endswith("provision: no changes")
    assert "changed" not in again.stdout
    # Only look-ups the second time: no apt-get, useradd, usermod or systemctl.
    assert all(line.startswith("dpkg-query") for line in fresh_box.shim_log()[calls_before:])
    assert [(fresh_box.root / "boot/firmware" / f).read_text() for f in ("cmdline.txt", "config.txt")] == boot


@pytest.mark.sshd
def test_provision_adds_a_missing_group_membership(fresh_box: BoxUnderTest) -> None:
    assert fresh_box.provision().returncode == 0
    group = fresh_box.root / "etc/group"
    group.write_text(group.read_text().replace("gpio:x:997:pi,tressette", "gpio:x:997:pi"))

    again = fresh_box.provision()

    assert again.returncode == 0
    assert "changed user tressette" in again.stdout
    assert "tressette" in _members(fresh_box.root)["gpio"]


# --------------------------------------------------------------------------- boot files


class PowerCut(BaseException):
    """The power goes out: nothing after this point happens."""


BOOT_FILES = ("cmdline.txt", "config.txt")


def _cut_at(monkeypatch: pytest.MonkeyPatch, boot: Path, k: int) -> list[str]:
    """Cut the power at the k-th write-side file operation under ``boot``; return what ran."""
    ran: list[str] = []
    real_open, real_os_open = builtins.open, os.open

    def step(what: str, path: object) -> None:
        if str(path).startswith(str(boot)):
            if len(ran) == k:
                raise PowerCut(what)
            ran.append(what)

    def fake_open(file: Any, mode: str = "r", *args: Any, **kwargs: Any) -> Any:
        if any(c in mode for c in "wax+") and str(file).startswith(str(boot)):
            if len(ran) == k and "w" in mode and Path(file).exists():
                real_open(file, "wb").close()  # open(..., "w") truncates before the cut
            step(f"open {mode}", file)
        return real_open(file, mode, *args, **kwargs)

    def fake_os_open(path: Any, flags: int, *args: Any, **kwargs: Any) -> int:
        if flags & (os.O_WRONLY | os.O_RDWR | os.O_CREAT):
            step("os.open", path)
        return real_os_open(path, flags, *args, **kwargs)

    def wrap(name: str) -> None:
        real = getattr(os, name)

        def fake(src: Any, *args: Any, **kwargs: Any) -> Any:
            step(name, src)
            return real(src, *args, **kwargs)

        monkeypatch.setattr(os, name, fake)

    monkeypatch.setattr(builtins, "open", fake_open)
    monkeypatch.setattr(io, "open", fake_open)  # pathlib opens through io.open
    monkeypatch.setattr(os, "open", fake_os_open)
    for name in ("replace", "rename", "link", "unlink"):
        wrap(name)
    return ran


def test_a_power_cut_while_writing_the_boot_files_leaves_a_bootable_card(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    finished = new_root(tmp_path / "reference")
    Provisioner(finished, tmp_path).console()
    boot_of = {name: (finished / "boot/firmware" / name).read_bytes() for name in BOOT_FILES}

    for k in range(100):
        root = new_root(tmp_path / f"cut{k}")
        boot = root / "boot/firmware"
        before = {name: (boot / name).read_bytes() for name in BOOT_FILES}
        with monkeypatch.context() as m:
            ran = _cut_at(m, boot, k)
            try:
                Provisioner(root, tmp_path).console()
            except PowerCut:
                pass
            else:
                assert k > 0 and len(ran) == k
                break
        for name in BOOT_FILES:  # after the cut: each file whole, old or new
            assert (boot / name).read_bytes() in (before[name], boot_of[name]), (k, ran, name)
        Provisioner(root, tmp_path).console()  # power back: provisioning runs again
        for name in BOOT_FILES:
            assert (boot / name).read_bytes() == boot_of[name]
            backup = boot / f"{name}.bak"
            assert backup.read_bytes() == before[name], (k, name)
        assert len(list(boot.iterdir())) == 2 * len(BOOT_FILES)  # no temporary left behind
    else:
        raise AssertionError("provisioning never finished")


def test_the_boot_files_get_a_backup_of_what_was_there(tmp_path: Path) -> None:
    root = new_root(tmp_path / "box")
    boot = root / "boot/firmware"
    before = {name: (boot / name).read_text() for name in BOOT_FILES}

    Provisioner(root, tmp_path).console()

    for name in BOOT_FILES:
        assert (boot / f"{name}.bak").read_text() == before[name]
        assert (boot / name).read_text() != before[name]
    assert sorted(p.name for p in boot.iterdir()) == sorted([*BOOT_FILES, *(f"{n}.bak" for n in BOOT_FILES)])


# --------------------------------------------------------------------------- the video driver (issue 17)


def _payload(tmp_path: Path, driver: str = "kmsdrm") -> Path:
    src = tmp_path / "src"
    src.mkdir(parents=True)
    unit = (REPO / "systemd/tressette.service").read_text()
    (src / "tressette.service").write_text(unit.replace("SDL_VIDEODRIVER=kmsdrm", f"SDL_VIDEODRIVER={driver}"))
    (src / "screen.py").write_bytes((REPO / "hal/screen.py").read_bytes())
    return src


def _with_screen(root: Path, connected: bool = True) -> Path:
    return fake_box(root, ("card0",), {"card0-HDMI-A-1": "connected" if connected else "disconnected"})


def _installed_except(monkeypatch: pytest.MonkeyPatch, *absent: str) -> None:
    monkeypatch.setattr(Provisioner, "_installed", staticmethod(lambda p: p not in absent))


def test_the_video_check_names_a_missing_package(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    _installed_except(monkeypatch, "libgl1-mesa-dri")
    p = Provisioner(_with_screen(new_root(tmp_path / "box")), _payload(tmp_path))

    p.video()

    out = capsys.readouterr().out
    assert "FAIL    video (kmsdrm): missing libgl1-mesa-dri: apt-get install libgl1-mesa-dri" in out
    assert p.failures


def test_the_video_check_opens_the_driver_and_reports_what_it_lacks(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    _installed_except(monkeypatch)
    opened: list[Path] = []

    def egl_fails(card: Path) -> ProbeResult:
        opened.append(card)
        return ProbeResult(False, f"{card}: EGL does not initialise (EGL_NOT_INITIALIZED)", ("libgl1-mesa-dri",))

    root = _with_screen(new_root(tmp_path / "box"))
    p = Provisioner(root, _payload(tmp_path), probe=egl_fails)

    p.video()

    assert opened == [root / "dev/dri/card0"]
    assert "EGL_NOT_INITIALIZED): missing libgl1-mesa-dri" in capsys.readouterr().out
    assert p.failures


def test_the_video_check_passes_when_the_driver_opens(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    _installed_except(monkeypatch)
    root = _with_screen(new_root(tmp_path / "box"), connected=False)
    p = Provisioner(root, _payload(tmp_path), probe=lambda card: ProbeResult(True, f"{card}: GBM and EGL 1.4"))

    p.video()

    out = capsys.readouterr().out
    assert "ok      video (kmsdrm): " in out and "no display connected to card0" in out
    assert not p.failures


def test_no_drm_device_is_a_note_not_a_failure(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    _installed_except(monkeypatch)
    p = Provisioner(new_root(tmp_path / "box"), _payload(tmp_path),
                    probe=lambda card: pytest.fail("nothing to open"))

    p.video()

    assert "note    video (kmsdrm): no DRM device" in capsys.readouterr().out
    assert not p.failures


def test_a_dummy_driver_needs_no_packages(tmp_path: Path) -> None:
    p = Provisioner(new_root(tmp_path / "box"), _payload(tmp_path, "dummy"))
    assert "libgl1-mesa-dri" not in p.wanted_packages()
    assert "libgl1-mesa-dri" in Provisioner(new_root(tmp_path / "b2"), _payload(tmp_path / "k")).wanted_packages()


def test_a_probe_that_crashes_fails_the_check_but_not_provisioning(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    _installed_except(monkeypatch)
    src = _payload(tmp_path)
    (src / "screen.py").write_text("import ctypes\nctypes.string_at(0)\n")  # a driver that segfaults
    p = Provisioner(_with_screen(new_root(tmp_path / "box")), src)

    p.video()

    assert "the probe died (exit -11)" in capsys.readouterr().out
    assert p.failures


def test_provision_never_replaces_the_owner_s_settings(tmp_path: Path) -> None:
    root = new_root(tmp_path / "box")
    src = _payload(tmp_path)
    (src / "tressette.toml").write_text(DEFAULT_TOML)
    (root / "etc/tressette").mkdir()
    p = Provisioner(root, src)
    p.settings()
    mine = root / "etc/tressette/tressette.toml"
    assert mine.read_text() == DEFAULT_TOML and p.changes > 0
    mine.write_text('[ui]\nlanguage = "de"\n')
    again = Provisioner(root, src)
    again.settings()
    assert mine.read_text() == '[ui]\nlanguage = "de"\n' and again.changes == 0
