"""deploy/provision over a real sshd into a fresh temporary root, with recorded shims."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.deploy.conftest import REPO, BoxUnderTest

pytestmark = pytest.mark.sshd
DEVICE_GROUPS = ("video", "render", "input", "gpio", "dialout")


def _members(root: Path) -> dict[str, list[str]]:
    rows = [line.split(":") for line in (root / "etc/group").read_text().splitlines()]
    return {row[0]: row[3].split(",") for row in rows}


def test_provision_turns_a_fresh_os_into_a_box(fresh_box: BoxUnderTest) -> None:
    result = fresh_box.provision()

    assert result.returncode == 0, result.stdout + result.stderr
    root, base = fresh_box.root, fresh_box.base
    installs = [line for line in fresh_box.shim_log() if line.startswith("apt-get install")]
    assert len(installs) == 1 and "python3-nacl" in installs[0] and "python3-venv" in installs[0]
    assert "tressette:" in (root / "etc/passwd").read_text()
    members = _members(root)
    assert all("tressette" in members[g] for g in DEVICE_GROUPS)
    for rel in ("releases", "incoming"):
        assert (base / rel).is_dir()
    assert os.access(base / "bin/device_install.py", os.X_OK)
    assert (base / "bin/device_install.py").read_bytes() == (REPO / "deploy/device_install.py").read_bytes()
    assert (root / "etc/tressette/deploy.pub").read_text() == fresh_box.keys.public.read_text()
    unit = root / "etc/systemd/system/tressette.service"
    assert unit.read_bytes() == (REPO / "systemd/tressette.service").read_bytes()
    rule = root / "etc/polkit-1/rules.d/50-tressette-power.rules"
    assert rule.read_bytes() == (REPO / "systemd/50-tressette-power.rules").read_bytes()
    assert (root / "etc/systemd/system/multi-user.target.wants/tressette.service").is_symlink()
    assert os.readlink(root / "etc/systemd/system/getty@tty1.service") == "/dev/null"
    cmdline = (root / "boot/firmware/cmdline.txt").read_text().split()
    assert "vt.global_cursor_default=0" in cmdline
    assert "console=tty1" in cmdline and not any(t.startswith("console=serial0") for t in cmdline)
    assert "enable_uart=1" in (root / "boot/firmware/config.txt").read_text().splitlines()
    state = (root / "var/lib/tressette").stat()
    assert (state.st_mode & 0o777, state.st_uid) == (0o750, 990)  # the shim's uid for tressette
    assert not (base / "current").exists()  # no release until the first deploy


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


def test_provision_adds_a_missing_group_membership(fresh_box: BoxUnderTest) -> None:
    assert fresh_box.provision().returncode == 0
    group = fresh_box.root / "etc/group"
    group.write_text(group.read_text().replace("gpio:x:997:pi,tressette", "gpio:x:997:pi"))

    again = fresh_box.provision()

    assert again.returncode == 0
    assert "changed user tressette" in again.stdout
    assert "tressette" in _members(fresh_box.root)["gpio"]
