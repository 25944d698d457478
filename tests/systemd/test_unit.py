"""systemd/tressette.service: verified offline by systemd-analyze, warnings are failures.

A temporary root stands in for the box: the host's stock units (verify needs
sysinit.target and friends), the unit where provisioning puts it, and an
executable at ExecStart= behind the same ``current`` symlink as on the box.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
UNIT = REPO / "systemd/tressette.service"
DOCS = REPO / "docs/deploy.md"
ANALYZE = shutil.which("systemd-analyze") or "/usr/bin/systemd-analyze"
MAX_EXPOSURE = 1.5

pytestmark = pytest.mark.skipif(not Path(ANALYZE).exists(), reason="needs systemd-analyze (systemd)")


@pytest.fixture
def root(tmp_path: Path) -> Path:
    stock = next(p for p in (Path("/usr/lib/systemd/system"), Path("/lib/systemd/system")) if p.is_dir())
    shutil.copytree(stock, tmp_path / "usr/lib/systemd/system", symlinks=True)
    (tmp_path / "etc/systemd/system").mkdir(parents=True)
    shutil.copy(UNIT, tmp_path / "etc/systemd/system/tressette.service")
    exe = tmp_path / "opt/tressette/releases/1.0.0/venv/bin/tressette"
    exe.parent.mkdir(parents=True)
    exe.write_text("#!/bin/sh\nexit 0\n")
    exe.chmod(0o755)
    (tmp_path / "opt/tressette/current").symlink_to("releases/1.0.0")
    return tmp_path


def analyze(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([ANALYZE, *args], capture_output=True, text=True, timeout=60, check=False)


def test_unit_verifies_without_any_warning(root: Path) -> None:
    result = analyze("verify", f"--root={root}", "tressette.service")
    assert result.returncode == 0, result.stderr
    assert result.stdout + result.stderr == ""


def test_verify_would_catch_a_missing_exec_start(root: Path) -> None:
    (root / "opt/tressette/current").unlink()
    result = analyze("verify", f"--root={root}", "tressette.service")
    assert result.returncode != 0
    assert "is not executable" in result.stderr


def test_security_exposure_is_low_and_recorded_in_the_docs(root: Path) -> None:
    result = analyze("security", "--offline=true", f"--root={root}", "tressette.service")
    match = re.search(r"Overall exposure level for tressette\.service: (\d+\.\d)", result.stdout + result.stderr)
    assert match, result.stdout + result.stderr
    score = match.group(1)
    assert float(score) <= MAX_EXPOSURE
    assert f"exposure level **{score}**" in DOCS.read_text()


def _settings() -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for line in UNIT.read_text().splitlines():
        if "=" in line and not line.startswith(("#", "[")):
            key, value = line.split("=", 1)
            found.setdefault(key, []).append(value)
    return found


def test_unit_honours_the_deploy_contract() -> None:
    s = _settings()
    assert s["Type"] == ["notify"]
    assert s["ExecStart"] == ["/opt/tressette/current/venv/bin/tressette run"]
    assert s["Restart"] == ["on-failure"]
    assert "WatchdogSec" in s and "StartLimitBurst" in s and "StartLimitIntervalSec" in s
    # descriptors enough that the phone server's cap is far under them (docs/reliability.md)
    from firmware.app.phones.limits import Limits

    assert int(s["LimitNOFILE"][0]) >= 16 * Limits().max_connections
    assert s["User"] == ["tressette"]
    assert set(s["SupplementaryGroups"][0].split()) >= {"video", "render", "input", "gpio", "dialout"}
    assert "SDL_VIDEODRIVER=kmsdrm" in s["Environment"]
    # GLES 2: desktop GL left the virtual Pi's KMSDRM screen black (docs/virtual-pi.md).
    assert "SDL_FRAMEBUFFER_ACCELERATION=opengles2" in s["Environment"]
    assert s["StateDirectory"] == ["tressette"] and s["RuntimeDirectory"] == ["tressette"]
    # The devices the box needs stay reachable.
    assert "PrivateDevices" not in s and "PrivateUsers" not in s
    allowed = " ".join(s["DeviceAllow"])
    for device in ("char-drm", "char-input", "char-gpiochip", "char-ttyAMA"):
        assert device in allowed


def test_unit_reaches_networkmanager_over_the_system_bus_and_gains_nothing_for_it() -> None:
    """Settings → Network runs ``nmcli`` as the service user: it talks to NetworkManager over
    the system D-Bus socket (AF_UNIX, /run/dbus), and polkit decides (systemd/50-tressette-
    network.rules). The unit gives it no capability, no privilege, no path of its own."""
    s = _settings()
    assert "AF_UNIX" in s["RestrictAddressFamilies"][0].split()
    assert "PrivateNetwork" not in s and "PrivateIPC" not in s
    assert not any("/run/dbus" in v for k in ("InaccessiblePaths", "TemporaryFileSystem") for v in s.get(k, []))
    assert s["CapabilityBoundingSet"] == [""] and s["AmbientCapabilities"] == [""]
    assert s["NoNewPrivileges"] == ["yes"] and "ReadWritePaths" not in s


def test_the_images_first_boot_unit_verifies_and_runs_before_the_game(root: Path) -> None:
    """deploy/image/tressette-firstboot.service (the flashed image's first boot): verified like
    the game's unit, run once (a marker), before the game, ssh and NetworkManager."""
    image = REPO / "deploy/image"
    shutil.copy(image / "tressette-firstboot.service", root / "etc/systemd/system/tressette-firstboot.service")
    exe = root / "usr/local/sbin/tressette-firstboot"
    exe.parent.mkdir(parents=True)
    shutil.copy(image / "tressette-firstboot", exe)
    result = analyze("verify", f"--root={root}", "tressette-firstboot.service")
    assert result.returncode == 0, result.stderr
    assert result.stdout + result.stderr == ""
    text = (image / "tressette-firstboot.service").read_text()
    assert "ConditionPathExists=!/var/lib/tressette-firstboot.done" in text
    assert re.search(r"^Before=.*\btressette\.service\b.*\bssh\.service\b", text, re.M)
    assert 'marker=/var/lib/tressette-firstboot.done' in (image / "tressette-firstboot").read_text()
