"""Deploy end to end over a real sshd on 127.0.0.1 into a temporary box root.

Each test starts from ``box``: provisioned by deploy/provision and running
release 1.0.0 (one restart recorded by the systemctl shim). "Still current and
running" below means: ``current`` still points at 1.0.0, the shim saw no other
restart, the service is active and its health file names 1.0.0.
"""

from __future__ import annotations

import fcntl
import hashlib
import json
import os
import signal
import subprocess
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.deploy.conftest import BoxUnderTest, MakeBundle, make_wheel

pytestmark = pytest.mark.sshd


def assert_old_release_untouched(box: BoxUnderTest) -> None:
    assert box.current() == "releases/1.0.0"
    assert box.releases() == ["1.0.0"]
    assert box.restarts() == 1
    assert box.service_state() == "active"
    assert box.health()["version"] == "1.0.0"
    assert list((box.base / "incoming").iterdir()) == []


def the_wheel(bundle: Path) -> Path:
    return next((bundle / "wheels").glob("*.whl"))


def test_good_deploy_switches_and_reports_the_new_version(box: BoxUnderTest, tmp_path: Path) -> None:
    result = box.build_and_deploy(make_wheel(tmp_path / "wheels", "1.1.0").parent, tmp_path / "out")

    assert result.returncode == 0, result.stdout + result.stderr
    assert "box reports version 1.1.0" in result.stdout
    for n in range(1, 6):
        assert f"[{n}/5]" in result.stdout
    assert box.current() == "releases/1.1.0"
    assert box.health()["version"] == "1.1.0"
    assert box.service_state() == "active"
    assert box.releases() == ["1.0.0", "1.1.0"]
    assert list((box.base / "incoming").iterdir()) == []
    manifest = json.loads((box.base / "releases/1.1.0/manifest.json").read_text())
    assert manifest["version"] == "1.1.0" and manifest == json.loads((tmp_path / "out/1.1.0/manifest.json").read_text())


def test_tampered_file_is_refused(box: BoxUnderTest, make_bundle: MakeBundle) -> None:
    bundle = make_bundle("1.1.0")
    wheel = the_wheel(bundle)
    data = bytearray(wheel.read_bytes())
    data[len(data) // 2] ^= 0xFF  # same size, different bytes
    wheel.write_bytes(bytes(data))

    result = box.deploy(bundle)

    assert result.returncode == 3, result.stdout
    assert "SHA-256 mismatch" in result.stdout
    assert_old_release_untouched(box)


def test_wrong_signature_is_refused(box: BoxUnderTest, make_bundle: MakeBundle) -> None:
    result = box.deploy(make_bundle("1.1.0", key=box.keys.rogue))

    assert result.returncode == 3, result.stdout
    assert "bad signature" in result.stdout
    assert_old_release_untouched(box)


def test_truncated_transfer_is_refused(box: BoxUnderTest, make_bundle: MakeBundle) -> None:
    bundle = make_bundle("1.1.0")
    wheel = the_wheel(bundle)
    wheel.write_bytes(wheel.read_bytes()[: wheel.stat().st_size // 2])

    result = box.deploy(bundle)

    assert result.returncode == 3, result.stdout
    assert "truncated" in result.stdout
    assert_old_release_untouched(box)


def test_failing_self_test_is_discarded_before_switching(box: BoxUnderTest, make_bundle: MakeBundle) -> None:
    result = box.deploy(make_bundle("1.1.0", self_test_ok=False))

    assert result.returncode == 1, result.stdout
    assert "broken on purpose" in result.stdout
    assert "self-test failed" in result.stdout
    assert "box reports version 1.0.0" in result.stdout
    assert_old_release_untouched(box)


def test_failing_health_check_rolls_back_by_itself(box: BoxUnderTest, make_bundle: MakeBundle) -> None:
    result = box.deploy(make_bundle("1.1.0", healthy=False))

    assert result.returncode == 1, result.stdout
    assert "no healthy report" in result.stdout
    assert "rolled back to 1.0.0" in result.stdout
    assert box.current() == "releases/1.0.0"
    assert box.releases() == ["1.0.0"]
    assert box.restarts() == 3  # 1.0.0, the bad 1.1.0, 1.0.0 again
    assert box.service_state() == "active"
    assert box.health()["version"] == "1.0.0"
    assert not (box.base / "pending.json").exists()


def test_a_release_that_crashes_on_start_is_rolled_back(box: BoxUnderTest, make_bundle: MakeBundle) -> None:
    result = box.deploy(make_bundle("1.1.0", crash=True))

    assert result.returncode == 1, result.stdout
    assert "FAIL  systemctl restart" in result.stdout
    assert "rolled back to 1.0.0" in result.stdout
    assert box.current() == "releases/1.0.0"
    assert box.releases() == ["1.0.0"]
    assert box.service_state() == "active"
    assert box.health()["version"] == "1.0.0"


def _wait_for(condition: Callable[[], bool], what: str, timeout: float = 20.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.05)


def _lock_free(box: BoxUnderTest) -> bool:
    with (box.base / "deploy.lock").open("a") as f:
        try:
            fcntl.flock(f, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        return True


def test_transfer_killed_halfway_leaves_nothing_half_installed(box: BoxUnderTest, make_bundle: MakeBundle) -> None:
    bundle = make_bundle("1.1.0", pad=3_000_000)
    size = the_wheel(bundle).stat().st_size
    sha = hashlib.sha256((bundle / "manifest.json").read_bytes()).hexdigest()
    partial = box.base / f"incoming/{sha}.partial"  # the directory the box chooses

    def some_bytes_arrived() -> bool:
        files = [p for p in partial.rglob("*") if p.is_file() and "whl" in p.name]
        return any(100_000 < p.stat().st_size < size for p in files)

    proc = subprocess.Popen(box.deploy_argv(bundle, "--bwlimit", "300"), start_new_session=True,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        _wait_for(some_bytes_arrived, "the transfer to start")
    finally:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
    _wait_for(lambda: _lock_free(box), "the box's rsync to notice the hang-up")

    assert box.current() == "releases/1.0.0"
    assert box.releases() == ["1.0.0"]
    assert box.restarts() == 1
    assert box.health()["version"] == "1.0.0"
    assert "1.1.0" not in (box.base / "deploy.log").read_text()

    # Deploying again resumes the copy and completes.
    result = box.deploy(bundle)
    assert result.returncode == 0, result.stdout + result.stderr
    assert box.current() == "releases/1.1.0"


def _tree(root: Path) -> dict[str, float]:
    return {str(p.relative_to(root)): p.lstat().st_mtime for p in root.rglob("*")}


def test_same_version_twice_is_a_no_op(box: BoxUnderTest, make_bundle: MakeBundle) -> None:
    assert box.deploy(make_bundle("1.1.0")).returncode == 0
    before, restarts = _tree(box.root), box.restarts()

    again = box.deploy(make_bundle("1.1.0"))  # rebuilt: new timestamps, same version

    assert again.returncode == 0, again.stdout + again.stderr
    assert "nothing to do" in again.stdout
    assert box.restarts() == restarts
    assert _tree(box.root) == before


def test_downgrade_is_refused_unless_forced(box: BoxUnderTest, make_bundle: MakeBundle) -> None:
    refused = box.deploy(make_bundle("0.9.0"))

    assert refused.returncode == 4, refused.stdout
    assert "refused downgrade 1.0.0 -> 0.9.0" in refused.stdout
    assert_old_release_untouched(box)

    forced = box.deploy(make_bundle("0.9.0"), "--force")
    assert forced.returncode == 0, forced.stdout
    assert box.current() == "releases/0.9.0"
    assert box.health()["version"] == "0.9.0"


def test_a_second_concurrent_deploy_is_refused(box: BoxUnderTest, make_bundle: MakeBundle) -> None:
    with (box.base / "deploy.lock").open("a") as held:
        fcntl.flock(held, fcntl.LOCK_EX | fcntl.LOCK_NB)  # a deploy in progress
        result = box.deploy(make_bundle("1.1.0"))

    assert result.returncode == 75, result.stdout
    assert "another deploy is in progress" in result.stdout
    assert_old_release_untouched(box)


def test_keeps_three_releases_and_rolls_back_on_request(box: BoxUnderTest, make_bundle: MakeBundle) -> None:
    for version in ("1.1.0", "1.2.0", "1.3.0"):
        result = box.deploy(make_bundle(version))
        assert result.returncode == 0, result.stdout + result.stderr
    assert box.releases() == ["1.1.0", "1.2.0", "1.3.0"]

    back = box.rollback()
    assert back.returncode == 0, back.stdout
    assert box.current() == "releases/1.2.0"
    assert box.health()["version"] == "1.2.0"

    assert box.rollback().returncode == 0
    assert box.current() == "releases/1.1.0"

    nothing_older = box.rollback()
    assert nothing_older.returncode == 1
    assert "no release older than 1.1.0" in nothing_older.stdout
    assert box.current() == "releases/1.1.0"


# --------------------------------------------------------------------------- the screen (issue 17)


def test_a_box_without_a_screen_keeps_a_good_release(box: BoxUnderTest, make_bundle: MakeBundle) -> None:
    result = box.deploy(make_bundle("1.1.0", screen="absent"))

    assert result.returncode == 0, result.stdout
    assert "WARN  this box has no screen (simulated: absent)" in result.stdout
    assert box.current() == "releases/1.1.0"
    assert box.health()["screen"] == "absent"


def test_a_release_that_cannot_open_a_connected_screen_is_rolled_back(box: BoxUnderTest,
                                                                      make_bundle: MakeBundle) -> None:
    result = box.deploy(make_bundle("1.1.0", screen="failed"))

    assert result.returncode == 1, result.stdout
    assert "a display is connected but this release cannot open it (simulated: failed)" in result.stdout
    assert "rolled back to 1.0.0" in result.stdout
    assert box.current() == "releases/1.0.0"
    assert box.health()["version"] == "1.0.0"
