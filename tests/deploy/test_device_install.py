"""The device-side installer's own guarantees: crash recovery, locking, versions."""

from __future__ import annotations

import fcntl
import hashlib
import json
import shutil
from pathlib import Path

import pytest

from deploy import device_box, device_install
from deploy.device_box import parse_version
from tests.deploy.conftest import BoxUnderTest, MakeBundle


@pytest.mark.parametrize(
    ("older", "newer"),
    [("1.0", "1.0.1"), ("1.9.0", "1.10.0"), ("1.0rc1", "1.0"), ("1.0.dev1", "1.0a1"),
     ("1.0", "1.0.post1"), ("0.9.9", "1.0.0")],
)
def test_versions_order_as_pep440(older: str, newer: str) -> None:
    assert parse_version(older) < parse_version(newer)
    assert parse_version("1.0") == parse_version("1.0.0")


@pytest.mark.sshd
def test_an_install_killed_midway_is_cleaned_up_next_time(box: BoxUnderTest, make_bundle: MakeBundle) -> None:
    half = box.base / "releases/1.1.0/venv/lib"  # killed during pip: no .complete marker
    half.mkdir(parents=True)

    result = box.deploy(make_bundle("1.2.0"))

    assert result.returncode == 0, result.stdout
    assert "removing half-installed release 1.1.0" in result.stdout
    assert box.releases() == ["1.0.0", "1.2.0"]


@pytest.mark.sshd
def test_an_activation_cut_short_is_undone_next_time(box: BoxUnderTest, make_bundle: MakeBundle) -> None:
    assert box.deploy(make_bundle("1.1.0")).returncode == 0
    # As if the power went out after the switch to 1.1.0, before its health check.
    (box.base / "pending.json").write_text(json.dumps({"new": "1.1.0", "previous": "1.0.0"}))

    result = box.rollback()

    assert "did not finish; going back to 1.0.0" in result.stdout
    assert box.current() == "releases/1.0.0"
    assert box.releases() == ["1.0.0"]
    assert not (box.base / "pending.json").exists()


@pytest.mark.sshd
def test_the_installer_itself_refuses_while_locked(box: BoxUnderTest, make_bundle: MakeBundle,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    made = make_bundle("1.1.0")
    sha = hashlib.sha256((made / "manifest.json").read_bytes()).hexdigest()
    bundle = box.base / f"incoming/{sha}.partial"
    shutil.copytree(made, bundle)
    monkeypatch.setenv("SHIM_ROOT", str(box.root))
    argv = ["--root", str(box.root), "--systemctl", f"{box.shims}/systemctl", "install", str(bundle)]

    with (box.base / "deploy.lock").open("a") as held:
        fcntl.flock(held, fcntl.LOCK_EX | fcntl.LOCK_NB)
        assert device_install.main(argv) == device_box.EXIT_BUSY
    assert bundle.is_dir()  # it may belong to the deploy holding the lock

    assert device_install.main(argv) == device_box.EXIT_OK
    assert box.current() == "releases/1.1.0"
    assert not bundle.exists()


@pytest.mark.sshd
def test_a_bundle_outside_incoming_is_refused(box: BoxUnderTest, make_bundle: MakeBundle, tmp_path: Path) -> None:
    code = device_install.main(["--root", str(box.root), "install", str(make_bundle("1.1.0"))])
    assert code == device_box.EXIT_USAGE
    assert box.current() == "releases/1.0.0"


@pytest.mark.sshd
def test_an_image_being_built_gets_its_release_without_a_start(box: BoxUnderTest, make_bundle: MakeBundle,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """deploy/build-image installs the release into the image's root with --no-start: there is
    no systemd to restart in a chroot; the release is verified, installed, self-tested and made
    current, and the unit starts it at the box's first boot."""
    made = make_bundle("1.1.0")
    sha = hashlib.sha256((made / "manifest.json").read_bytes()).hexdigest()
    bundle = box.base / f"incoming/{sha}.partial"
    shutil.copytree(made, bundle)
    monkeypatch.setenv("SHIM_ROOT", str(box.root))
    restarts = box.restarts()
    argv = ["--root", str(box.root), "--systemctl", f"{box.shims}/systemctl", "--no-start", "install", str(bundle)]

    assert device_install.main(argv) == device_box.EXIT_OK

    assert box.current() == "releases/1.1.0"
    assert (box.base / "releases/1.1.0/.complete").is_file()
    assert box.restarts() == restarts
    assert not (box.base / "pending.json").exists()
    assert not bundle.exists()


@pytest.mark.sshd
def test_without_a_start_a_failing_self_test_still_keeps_the_old_release(
        box: BoxUnderTest, make_bundle: MakeBundle, monkeypatch: pytest.MonkeyPatch) -> None:
    made = make_bundle("1.1.0", self_test_ok=False)
    sha = hashlib.sha256((made / "manifest.json").read_bytes()).hexdigest()
    bundle = box.base / f"incoming/{sha}.partial"
    shutil.copytree(made, bundle)
    monkeypatch.setenv("SHIM_ROOT", str(box.root))
    argv = ["--root", str(box.root), "--systemctl", f"{box.shims}/systemctl", "--no-start", "install", str(bundle)]

    assert device_install.main(argv) == device_box.EXIT_FAILED
    assert box.current() == "releases/1.0.0"
